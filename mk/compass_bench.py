#!/usr/bin/env python3
"""The Compass Shift solver benchmark (make bench; printed, never pass/fail). For each board:
the whole `solver compass` process on 1 and 2 threads (best of RUNS runs, alternating), the
search's own states per second and peak memory from --stats, the share of the machine other
processes took meanwhile (when it can skew the ratio), and, when node is on PATH and PEER
lists the board, the JavaScript peer (bench/compass_bfs.js) on the same file in the same run.
  compass_bench.py SOLVER BOARD_DIR RUNS PEER_ARROWS ARROWS..."""
import os, re, resource, shutil, subprocess, sys, time

solver, folder, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
peer = {int(a) for a in sys.argv[4].split(",") if a}
node = shutil.which("node")
here = os.path.dirname(os.path.abspath(__file__))
STATS = re.compile(r": (\d+) states .* in ([0-9.]+) s, (\d+) states/s, peak memory ([0-9.]+) MiB")

def run_solver(path, env):
    """(exit code, stderr). Through a shell that forks the solver (not exec): a process keeps
    the peak memory of what it was before exec, here this Python, in its ru_maxrss."""
    p = subprocess.run(["/bin/sh", "-c", '"$@"; exit $?', "sh", solver, "compass", "--stats",
                        path], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       text=True)
    return p.returncode, p.stderr

def solve(path, threads):
    """One run: (whole-process seconds, search states/s, states, peak MiB)"""
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))
    t0 = time.perf_counter()
    rc, err = run_solver(path, env)
    wall = time.perf_counter() - t0
    m = STATS.search(err)
    if rc > 1 or not m:
        sys.exit("bench compass-solver: %s failed: %s" % (path, err.strip()))
    return (wall, int(m.group(3)), int(m.group(1)), float(m.group(4)))

def best(a, b):
    return b if a is None else (min(a[0], b[0]), max(a[1], b[1]), b[2], max(a[3], b[3]))

def machine_busy():
    """(busy, all) jiffies of the whole machine so far (/proc/stat; (0, 0) elsewhere)."""
    try:
        with open("/proc/stat") as f:
            v = [int(x) for x in f.readline().split()[1:]]
        return sum(v) - v[3] - v[4], sum(v)
    except (OSError, ValueError, IndexError):
        return 0, 0

def own_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime

for n in map(int, sys.argv[5:]):
    path = os.path.join(folder, "bench-10x10-%d.json" % n)
    # 1- and 2-thread runs alternate, so that a passing load weighs on both alike; the share
    # of the machine other processes took meanwhile is printed when it can skew the ratio.
    one = two = None
    (b0, a0), c0 = machine_busy(), own_cpu()
    for _ in range(runs):
        one, two = best(one, solve(path, 1)), best(two, solve(path, 2))
    (b1, a1), c1 = machine_busy(), own_cpu()
    hz = os.sysconf("SC_CLK_TCK")
    other = (b1 - b0 - (c1 - c0) * hz) / (a1 - a0) if a1 > a0 else 0.0
    line = ("bench compass-solver: 10x10 open, %d arrows, %d states: whole run %.3f s on 1 "
            "thread, %.3f s on 2; search %.1f M states/s on 1, %.1f M on 2 (x%.2f); peak "
            "memory %.1f MiB" % (n, one[2], one[0], two[0], one[1] / 1e6, two[1] / 1e6,
                                 two[1] / one[1], max(one[3], two[3])))
    if n in peer and node:
        t0 = time.perf_counter()
        p = subprocess.run([node, os.path.join(here, "..", "bench", "compass_bfs.js"), path],
                           capture_output=True, text=True)
        wall = time.perf_counter() - t0
        states = int(p.stdout.split()[0]) if p.returncode == 0 else -1
        line += "; JS peer %.2f s, solver %.0fx faster%s" % (
            wall, wall / min(one[0], two[0]),
            "" if states == one[2] else " (JS counted %d states: not comparable)" % states)
    elif n in peer:
        line += "; JS peer skipped (no node on PATH)"
    if other > 0.05:
        line += ("; other processes took %.0f%% of the machine during these runs, so the "
                 "thread ratio understates" % (100 * other))
    print(line, flush=True)
