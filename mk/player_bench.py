#!/usr/bin/env python3
"""The player's cost at rest and while animating (make bench; printed, never pass/fail).
For each game, a live window under Xvfb (SDL's software renderer, the dummy audio driver):
the CPU seconds the player takes over MEASURE_S seconds on its first screen untouched, and
over MEASURE_S seconds of a scripted animation, and its peak resident memory.
  player_bench.py PLAYER"""
import os, shutil, subprocess, sys, tempfile, time

player = os.path.abspath(sys.argv[1])
WARM_S, MEASURE_S = 2.0, 10.0
TICK = os.sysconf("SC_CLK_TCK")

def key(t, k):
    return '{"t":%d,"type":"key","key":"%s"}' % (t, k)

def click(t, x, y):
    return '{"t":%d,"type":"click","x":%d,"y":%d}' % (t, x, y)

END_MS = int((WARM_S + MEASURE_S) * 1000) + 500
# (game, what, script lines, target CPU seconds per MEASURE_S)
CASES = [
    ("compass", "first screen (the FTUE card), still", [], 0.1),
    # skip the FTUE, then release level 1's arrow a1 (row 2, column 1: its box in the
    # level-start event) and undo it, once a second
    ("compass", "compass turn loop (release, undo)",
     [key(300, "escape")] + [l for t in range(1000, END_MS, 1000)
                             for l in (click(t, 163, 482), key(t + 700, "u"))], 2.0),
    ("memory5d", "first screen (the lobby), still", [], 0.1),
    # the lobby's Play row (down seven rows from Mode, then Enter: the lobby's layout moves
    # with the window size, its rows do not)
    ("memory5d", "a match with its decision clock running",
     [key(300 + 50 * i, "down") for i in range(7)] + [key(700, "enter")], 2.0),
    ("oddshape", "first screen (the title, patches bob)", [], 2.0),
    ("oddshape", "a session (Get Ready, a round's timer)", [key(300, "enter")], 2.0),
]

def cpu_s(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK  # utime + stime

def peak_mib(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return 0.0

def free_display():
    for n in range(90, 140):
        if not os.path.exists("/tmp/.X11-unix/X%d" % n) and not os.path.exists("/tmp/.X%d-lock" % n):
            return n
    sys.exit("bench player: no free X display number")

if not shutil.which("Xvfb"):
    sys.exit("bench player: Xvfb is missing (mk/deps.sh --bench installs it)")
disp = free_display()
xvfb = subprocess.Popen(["Xvfb", ":%d" % disp, "-screen", "0", "1280x900x24", "-nolisten", "tcp"],
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    for _ in range(100):
        if os.path.exists("/tmp/.X11-unix/X%d" % disp):
            break
        time.sleep(0.05)
    env = dict(os.environ, DISPLAY=":%d" % disp, SDL_AUDIODRIVER="dummy")
    print("bench player: CPU seconds over %.0f s and peak resident memory, Xvfb, software renderer"
          % MEASURE_S)
    with tempfile.TemporaryDirectory() as tmp:
        for i, (game, what, lines, target) in enumerate(CASES):
            cmd = [player, game, "--settings", os.path.join(tmp, "settings%d.json" % i)]
            if lines:
                cmd += ["--script", os.path.join(tmp, "s%d.jsonl" % i)]
                with open(cmd[-1], "w") as f:
                    f.write("\n".join(lines) + "\n")
            p = subprocess.Popen(cmd, env=env,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(WARM_S)
            c0 = cpu_s(p.pid)
            time.sleep(MEASURE_S)
            c1, mem = cpu_s(p.pid), peak_mib(p.pid)
            p.kill()
            p.wait()
            print("bench player: %-8s %-42s %5.2f s CPU (target < %.1f), peak %5.1f MiB (target < 80)"
                  % (game, what, c1 - c0, target, mem))
finally:
    xvfb.kill()
    xvfb.wait()
