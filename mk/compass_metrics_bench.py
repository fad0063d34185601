#!/usr/bin/env python3
"""The Compass Shift metric pass's time and memory (issue 25) on the solver bench's open boards:
for each FILE, `solver compass --stats FILE` once, printing the metric pass's own line (its
seconds and the bytes its tables held, from the pass's memory budget) and the solver process's
peak resident memory after it (its own ru_maxrss; run through a shell that forks it, as
compass_bench.py does, so it does not inherit this Python's). Printed, never pass/fail.
  compass_metrics_bench.py SOLVER FILE..."""
import os, re, subprocess, sys

METRIC = re.compile(r"metric pass over (\d+) states: ([0-9.]+) s, metric tables ([0-9.]+) MiB "
                    r"\((\w+) layers\), process peak ([0-9.]+) MiB")


def run(solver, path):
    p = subprocess.run(["/bin/sh", "-c", '"$@"; exit $?', "sh", solver, "compass", "--stats",
                        path], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    return p.returncode, p.stderr


def main(solver, files):
    for path in files:
        rc, err = run(solver, path)
        m = METRIC.search(err)
        name = os.path.basename(path)
        if rc != 0 or not m:
            print("bench compass metrics: %s: no metric line (exit %d): %s" % (name, rc, err.strip()[-200:]))
            continue
        states, secs, tables, layout, peak = m.groups()
        arrows = re.search(r"-(\d+)\.json$", name)
        print("bench compass metrics: %s arrows, %s states: metric pass %.3f s, metric tables "
              "%.1f MiB (%s), solver process peak %.1f MiB (target: within 32 MiB at 20 and 22)"
              % (arrows.group(1) if arrows else "?", states, float(secs), float(tables), layout,
                 float(peak)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))
