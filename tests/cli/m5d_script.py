#!/usr/bin/env python3
"""Turns a Memory5D match log (gen memory5d --selfplay) into a bin/player script that plays
the same links through the Memory5D scene: m5d_script.py LOG EVENTS MODE WHO > script.jsonl
EVENTS is an --events-out file whose match-start gives the cell boxes; MODE is mouse (click
both cells), keys (arrows, Home/End and Enter from the roving focus, which follows its cell
across Expert rotations) or pad (the gamepad's D-pad and A, the same walk without Home); WHO is both (hot-seat) or A (against the AI, which plays B)."""
import json, sys

log = json.load(open(sys.argv[1]))
start = next(json.loads(l) for l in open(sys.argv[2]) if '"match-start"' in l)
mode, who = sys.argv[3], sys.argv[4]
n = start["size"]
box = {c["cell"]: c for c in start["cells"]}
focus = 0
out = []

def centre(cell):
    b = box[cell]
    return b["x"] + b["w"] // 2, b["y"] + b["h"] // 2

def keys_to(t, target):
    """Arrow presses from the focus to target: Home first when it is nearer."""
    global focus
    r, c = divmod(focus, n)
    tr, tc = divmod(target, n)
    steps = []
    if tc < c and tc < c - tc and mode != "pad":
        steps.append("home"); c = 0
    steps += ["down" if tr > r else "up"] * abs(tr - r)
    steps += ["right" if tc > c else "left"] * abs(tc - c)
    for k in steps + ["enter"]:
        if mode == "pad":
            out.append({"t": t, "type": "pad", "button": "a" if k == "enter" else k})
        else:
            out.append({"t": t, "type": "key", "key": k})
        t += 5
    focus = target
    return t

for e in log["entries"]:
    cmd = e["command"]
    if cmd["kind"] != "link":
        continue
    t = cmd["nowMs"]
    if who == "both" or cmd["player"] == "A":
        for cell in (cmd["cell"], cmd["cell2"]):
            if mode == "mouse":
                x, y = centre(cell)
                out.append({"t": t, "type": "click", "x": x, "y": y}); t += 100
            else:
                t = keys_to(t, cell)
    for ev in e["events"]:
        if ev["kind"] == "rotate":  # (r, c) -> (c, n-1-r): the focus follows its cell
            r, c = divmod(focus, n)
            focus = c * n + (n - 1 - r)
for o in out:
    print(json.dumps(o, separators=(",", ":")))
