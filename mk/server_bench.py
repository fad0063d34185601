#!/usr/bin/env python3
"""make bench-server: N concurrent bot matches (default 1000) against a fresh bin/server on
127.0.0.1; prints the median and p99 time from a bot's link to its linked broadcast, the
server's CPU time and peak memory (VmHWM) per match. The bots are C on libuv
(bin/server_bench_client, tests/server/bench_client.c), all on one loop of their own."""
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
bindir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "bin")
pairs = int(os.environ.get("SERVER_BENCH_MATCHES", "1000"))
think = os.environ.get("SERVER_BENCH_THINK_MS", "400")
tick = os.sysconf("SC_CLK_TCK")


def cpu_s(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / tick


def hwm_kib(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def cpu_times():
    """The machine's CPU time so far, all CPUs: (total, steal) in clock ticks. Steal is time
    the hypervisor ran another machine while this one had work: a run with much of it measures
    the neighbours, not the server."""
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:9]]
    return sum(v), v[7]


class StealWatch(threading.Thread):
    """Samples the steal share every half second until stopped: over the run and the worst
    half second."""

    def __init__(self):
        super().__init__(daemon=True)
        self.done = threading.Event()
        self.first = self.last = cpu_times()
        self.worst = 0.0

    def run(self):
        while not self.done.wait(0.5):
            now = cpu_times()
            if now[0] > self.last[0]:
                self.worst = max(self.worst, (now[1] - self.last[1]) / (now[0] - self.last[0]))
            self.last = now

    def stop(self):
        self.done.set()
        self.join()
        total = self.last[0] - self.first[0]
        return (self.last[1] - self.first[1]) / total if total else 0.0, self.worst


with tempfile.TemporaryDirectory() as work:
    srv = subprocess.Popen([os.path.join(bindir, "server"), "memory5d", "--listen", "127.0.0.1:0",
                            "--db", os.path.join(work, "bench.db"), "--max-conns", str(2 * pairs + 64),
                            "--new-players", str(2 * pairs + 64)],
                           stdout=subprocess.PIPE, text=True)
    port = int(srv.stdout.readline().rsplit(":", 1)[1])
    idle_kib, cpu0 = hwm_kib(srv.pid), cpu_s(srv.pid)
    lat = os.path.join(work, "latency.json")
    t0 = time.monotonic()
    steal = StealWatch()
    steal.start()
    try:
        rc = subprocess.run([os.path.join(bindir, "server_bench_client"), "127.0.0.1", str(port),
                             str(pairs), think, lat], timeout=900).returncode
    except subprocess.TimeoutExpired:
        rc = "a timeout (900 s)"
    wall = time.monotonic() - t0
    steal_run, steal_worst = steal.stop()
    cpu, peak = cpu_s(srv.pid) - cpu0, hwm_kib(srv.pid)
    srv.terminate()
    stopped = srv.communicate(timeout=30)[0].strip()  # its commits' times, printed as it stops
    if rc != 0:
        print("bench-server: the bots failed (exit %s)" % rc, file=sys.stderr)
        sys.exit(1)
    data = json.load(open(lat))
    xs = sorted(data["latency"])
    if not xs:
        print("bench-server: no link was timed", file=sys.stderr)
        sys.exit(1)
    med = xs[len(xs) // 2] * 1000
    p99 = xs[min(len(xs) - 1, int(len(xs) * 0.99))] * 1000
    print("server: %d matches (at most %d at once), %d links in %.1f s: link->linked median %.2f ms,"
          " p99 %.2f ms; server CPU %.2f ms per match; peak memory %d KiB (%.1f KiB per match"
          " above the idle %d KiB)" % (pairs, data["peakMatches"], len(xs), wall, med, p99,
                                       1000 * cpu / pairs, peak, (peak - idle_kib) / pairs, idle_kib))
    # where the slowest 1% were sent, by second of the run (the ramp of connections, the
    # matches' ends...): what to look at when the p99 moves
    slow = {}
    for t, x in zip(data.get("sentAt", []), data["latency"]):
        if x * 1000 >= p99:
            slow[int(t)] = slow.get(int(t), 0) + 1
    print("server: the slowest 1%% by second sent: %s" % ", ".join("%d s: %d" % kv for kv in sorted(slow.items())))
    print("server: %s" % stopped)
    print("server: CPU steal (the hypervisor running other machines) %.1f%% of the run, at most"
          " %.0f%% in half a second%s" % (100 * steal_run, 100 * steal_worst,
                                          ": a noisy run, run it again" if steal_worst >= 0.10 else ""))
