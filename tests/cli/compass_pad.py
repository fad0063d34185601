#!/usr/bin/env python3
"""Plays one Compass Shift level with the gamepad alone, following the player's own "focus"
events: for each arrow of the winning order it presses the D-pad toward the arrow (the axis
with the larger distance first, the other when that press moves nothing) until the focus is
on it, then A. Prints the script; fails if an arrow cannot be reached in 12 presses.

  compass_pad.py PLAYER LEVEL EVIDENCE > script.jsonl"""
import json, os, subprocess, sys, tempfile


def focus_after(player, level, lines, t, tmp):
    script, events = os.path.join(tmp, "s.jsonl"), os.path.join(tmp, "e.jsonl")
    open(script, "w").write("\n".join(lines) + "\n")
    subprocess.run([player, "compass", "--headless", "--level", level, "--script", script,
                    "--events-out", events, "--until", str(t)], check=True, stdout=subprocess.DEVNULL)
    f = [e for l in open(events) for e in [json.loads(l)] if e["event"] == "focus"]
    return f[-1]["target"] if f else None


def main():
    player, level_path, evidence = sys.argv[1:4]
    level = json.load(open(level_path))
    pos = {a["id"]: (a["row"], a["col"]) for a in level["arrows"]}
    order = json.load(open(evidence))["solution"]
    tmp = tempfile.mkdtemp(prefix="compass-pad-")
    lines = [json.dumps({"t": 100, "type": "pad", "button": "b"})]  # B closes the FTUE
    t = 300
    for target in order:
        tried = set()
        for _ in range(12):
            at = focus_after(player, level_path, lines, t, tmp)
            if at == target:
                break
            if at not in pos:  # the first press only shows the focus
                press = "down"
            else:
                dr, dc = pos[target][0] - pos[at][0], pos[target][1] - pos[at][1]
                axes = [("down" if dr > 0 else "up") if dr else None, ("right" if dc > 0 else "left") if dc else None]
                if abs(dc) > abs(dr):
                    axes.reverse()
                press = next((p for p in axes if p and (at, p) not in tried), None)
                if press is None:
                    sys.exit("cannot reach %s from %s" % (target, at))
                tried.add((at, press))
            lines.append(json.dumps({"t": t, "type": "pad", "button": press}))
            t += 20
        else:
            sys.exit("cannot reach " + target)
        lines.append(json.dumps({"t": t, "type": "pad", "button": "a"}))
        t += 700
    print("\n".join(lines))


if __name__ == "__main__":
    main()
