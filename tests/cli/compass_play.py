#!/usr/bin/env python3
"""Plays the Compass Shift campaign in the headless player from each level's evidence solution
(reports/compass/<id>.json), by one input device, and writes the run's events log.

  compass_play.py PLAYER DEVICE OUT_EVENTS [LEVELS]
    DEVICE: touch, mouse or keyboard; LEVELS: how many campaign levels (default all)

Aiming comes from the player itself: the arrow boxes of each level from a --level run's
level-start event, the FTUE and completion-dialog buttons from their events. Every action of
every device happens at the same virtual time; keyboard navigation (Home, Tab) happens just
before it and logs only "focus" events, so apart from those the three logs differ only in their
"device" fields."""
import json, os, subprocess, sys, tempfile

STEP = 600  # ms between actions: longer than the 190 + 220 + 80 ms success animation


def run(player, args, script_lines, tmp):
    script = os.path.join(tmp, "script.jsonl")
    events = os.path.join(tmp, "probe.jsonl")
    with open(script, "w") as f:
        f.write("\n".join(script_lines) + "\n")
    subprocess.run([player, "compass", "--headless", "--script", script, "--events-out", events] + args,
                   check=True, stdout=subprocess.DEVNULL)
    return [json.loads(l) for l in open(events)]


def center(box):
    return box[0] + box[2] / 2, box[1] + box[3] / 2


def control(controls, name):
    return next(center(c["box"]) for c in controls if c["name"] == name)


def main():
    player, device, out = sys.argv[1:4]
    camp = json.load(open("levels/compass/campaign.json"))["levels"]
    if len(sys.argv) > 4:
        camp = camp[: int(sys.argv[4])]
    tmp = tempfile.mkdtemp(prefix="compass-play-")
    levels = [json.load(open("levels/compass/" + e["file"])) for e in camp]
    solutions = [json.load(open("reports/compass/%s.json" % e["id"]))["solution"] for e in camp]
    # Probe: the FTUE buttons at t=0, each level's arrow boxes, the completion dialog's buttons.
    first = run(player, ["--until", "0"], [], tmp)
    skip = control(next(e for e in first if e["event"] == "ftue")["controls"], "ftue-skip")
    boxes = []
    for e in camp:
        ev = run(player, ["--level", "levels/compass/" + e["file"], "--until", "0"], [], tmp)
        start = next(x for x in ev if x["event"] == "level-start")
        boxes.append({a["id"]: center(a["box"]) for a in start["layout"]["arrows"]})

    def act(t, xy, focus_rank=None):
        """One activation at time t: a tap, a click, or Home + Tab x rank + Enter."""
        if device == "touch":
            return ['{"t":%d,"type":"touch","x":%d,"y":%d}' % (t, int(xy[0]), int(xy[1]))]
        if device == "mouse":
            return ['{"t":%d,"type":"click","x":%d,"y":%d}' % (t, int(xy[0]), int(xy[1]))]
        lines = ['{"t":%d,"type":"key","key":"home"}' % (t - 40)]
        lines += ['{"t":%d,"type":"key","key":"tab"}' % (t - 39 + i) for i in range(focus_rank)]
        return lines + ['{"t":%d,"type":"key","key":"enter"}' % t]

    lines = ['{"t":100,"type":"key","key":"escape"}'] if device == "keyboard" else act(100, skip)
    t = 100
    cont = None
    for i, (level, sol) in enumerate(zip(levels, solutions)):
        remaining = {a["id"]: (a["row"], a["col"]) for a in level["arrows"]}
        for arrow in sol:
            t += STEP
            order = sorted(remaining, key=lambda k: remaining[k])  # row-major: the Tab order
            lines += act(t, boxes[i][arrow], order.index(arrow))
            del remaining[arrow]
        if i + 1 < len(levels):
            t += STEP
            if cont is None and device != "keyboard":
                ev = run(player, ["--until", str(t)], lines, tmp)
                cont = control(next(e for e in ev if e["event"] == "level-complete")["controls"], "continue")
            lines += act(t, cont, 0)  # Continue is the dialog's first Tab stop
    lines.append('{"t":%d,"type":"key","key":"shift+tab"}' % (t + STEP))  # runs past the last turn
    with open(os.path.join(tmp, "script.jsonl"), "w") as f:
        f.write("\n".join(lines) + "\n")
    subprocess.run([player, "compass", "--headless", "--script", os.path.join(tmp, "script.jsonl"),
                    "--events-out", out], check=True, stdout=subprocess.DEVNULL)


if __name__ == "__main__":
    main()
