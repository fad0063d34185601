#!/usr/bin/env python3
"""Touch taps for the Compass Shift level editor, aimed from an events log's boxes.

compass_edit_taps.py EVENTS T0 ACTION...  prints one {"type":"touch"} script line per ACTION,
100 ms apart from T0, at the centre of its box in the log's latest editor-open/editor-layout:
  cell:R:C        a board cell          lane:SIDE:K   an edge lane's target (N/E/S/W)
  ctl:NAME[:ARG]  a control by its events name (tool-arrow:0 .. save, confirm-save)
  drag:R:C:R2:C2  touch-down on one cell, touch-move and touch-up on another (an arrow's move)
Only touch: the done-criteria test builds its level with nothing else."""
import json
import sys

events, t = sys.argv[1], int(sys.argv[2])
lay = None
for line in open(events):
    e = json.loads(line)
    if e["event"] in ("editor-open", "editor-layout"):
        lay = e["layout"]
if lay is None:
    sys.exit("no editor-open or editor-layout in " + events)


def centre(b):
    return int(b[0] + b[2] / 2), int(b[1] + b[3] / 2)


def cell(r, c):
    return centre(next(x["box"] for x in lay["cells"] if x["row"] == int(r) and x["col"] == int(c)))


for act in sys.argv[3:]:
    p = act.split(":")
    if p[0] == "drag":
        (x0, y0), (x1, y1) = cell(p[1], p[2]), cell(p[3], p[4])
        for kind, x, y in (("touch-down", x0, y0), ("touch-move", (x0 + x1) // 2, (y0 + y1) // 2),
                           ("touch-move", x1, y1), ("touch-up", x1, y1)):
            print(json.dumps({"t": t, "type": kind, "x": x, "y": y}))
            t += 10
        t += 60
        continue
    if p[0] == "cell":
        x, y = cell(p[1], p[2])
    elif p[0] == "lane":
        x, y = centre(next(x["box"] for x in lay["lanes"] if x["side"] == p[1] and x["lane"] == int(p[2])))
    elif p[0] == "ctl":
        arg = int(p[2]) if len(p) > 2 else 0
        x, y = centre(next(c["box"] for c in lay["controls"] if c["name"] == p[1] and c["arg"] == arg))
    else:
        sys.exit("unknown action " + act)
    print(json.dumps({"t": t, "type": "touch", "x": x, "y": y}))
    t += 100
