#!/usr/bin/env python3
"""Memory5D match server test client (docs/server.md): bots that play whole matches through
the protocol, and a blocking Client for the fault and bad-input tests.

  bot.py --connect HOST:PORT play --pairs N [--difficulty D] [--mode classic|arcade]
         [--draft] [--seed S] [--capture FILE] [--results FILE] [--limit-s T]
         [--latency FILE] [--miss-every K]

Each pair of bots queues together, plays one match to its end with random legal links and
writes one JSON line per player to --results (its end message, seat and player id). Every
message received is appended to --capture (one JSON object a line) for schema checks. Exits
1 when a match did not end within --limit-s seconds, 2 on a protocol error."""
import argparse
import asyncio
import json
import random
import socket
import sys
import time

HUES = ["red", "green", "blue", "orange", "yellow", "purple"]


def legal_links(cells, size):
    """Every legal link among the unclaimed cells (the core's rule, for choosing only)."""
    free = [c for c in cells if c["owner"] is None]
    out = []
    for i, x in enumerate(free):
        for y in free[i + 1:]:
            a, b = x["cell"], y["cell"]
            ra, ca, rb, cb = a // size, a % size, b // size, b % size
            route = max(abs(ra - rb), abs(ca - cb)) == 1 or b == size * size - 1 - a
            hx, hy = HUES.index(x["hue"]), HUES.index(y["hue"])
            if route and x["family"] == y["family"] and hx >> 1 == hy >> 1:
                out.append((a, b))
    return out


def illegal_link(cells, size):
    """Two unclaimed adjacent cells that do not match (a miss on Normal and up), or None."""
    by = {c["cell"]: c for c in cells}
    for c in cells:
        if c["owner"] is not None:
            continue
        a = c["cell"]
        if a % size + 1 < size:
            d = by[a + 1]
            if d["owner"] is None and (d["family"] != c["family"]):
                return (a, a + 1)
    return None


class Client:
    """A blocking client: send a dict or raw bytes, read the next message (with a deadline)."""

    def __init__(self, host, port, capture=None, timeout=10.0):
        self.sock = socket.create_connection((host, port), timeout=timeout)
        self.buf = b""
        self.capture = capture
        self.timeout = timeout

    def send(self, msg):
        data = msg if isinstance(msg, bytes) else (json.dumps(msg) + "\n").encode()
        if self.capture and not isinstance(msg, bytes):
            self.capture.write(json.dumps(msg) + "\n")
        self.sock.sendall(data)

    def recv(self, timeout=None):
        """The next message, or None when the server closed the connection."""
        end = time.monotonic() + (timeout or self.timeout)
        while b"\n" not in self.buf:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError("no message in time")
            self.sock.settimeout(left)
            try:
                chunk = self.sock.recv(65536)
            except (ConnectionResetError, BrokenPipeError):
                chunk = b""
            if not chunk:
                return None
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        msg = json.loads(line)
        if self.capture:
            self.capture.write(json.dumps(msg) + "\n")
        return msg

    def expect(self, type_, timeout=None, skip=()):
        """Reads until a message of type_ (skipping the types in skip); fails on others."""
        while True:
            m = self.recv(timeout)
            if m is None:
                raise AssertionError("closed while waiting for %s" % type_)
            if m["type"] == type_:
                return m
            if m["type"] not in skip:
                raise AssertionError("expected %s, got %s" % (type_, m))

    def closed(self, timeout=None):
        """True when the server closes the connection (messages before it are read)."""
        try:
            while self.recv(timeout) is not None:
                pass
            return True
        except TimeoutError:
            return False

    def close(self):
        self.sock.close()


class Bot:
    """One player of the async bots: plays its match through to end."""

    def __init__(self, args, name, rng, stats):
        self.args, self.name, self.rng, self.stats = args, name, rng, stats
        self.cells, self.size, self.seat, self.match = None, 0, None, None
        self.sent_at = None
        self.links = 0

    async def run(self, host, port):
        reader, writer = await asyncio.open_connection(host, port, limit=1 << 17)
        self.writer = writer

        def send(msg):
            writer.write((json.dumps(msg) + "\n").encode())

        send({"type": "hello", "name": self.name})
        queued = {"type": "queue", "mode": self.args.mode, "difficulty": self.args.difficulty}
        if self.args.draft:
            queued["draft"] = True
        while True:
            line = await reader.readline()
            if not line:
                raise RuntimeError("%s: the server closed the connection" % self.name)
            m = json.loads(line)
            if self.stats.get("capture"):
                self.stats["capture"].write(json.dumps(m) + "\n")
            t = m["type"]
            if t == "welcome":
                self.player, self.token = m["player"], m["token"]
                send(queued)
            elif t == "error":
                raise RuntimeError("%s: error %s" % (self.name, m))
            elif t == "draft":
                if "seat" in m:
                    self.seat = m["seat"]
                self.match = m["match"]
                if m["turn"] == self.seat:
                    cards = [p for p, n in m["pool"].items() if n > 0]
                    if cards:
                        send({"type": "pick", "match": self.match, "card": self.rng.choice(cards)})
            elif t == "match-start":
                if self.cells is None:  # players in a match; two a match
                    self.stats["live"] += 1
                    self.stats["peak"] = max(self.stats["peak"], self.stats["live"])
                self.seat, self.match = m["seat"], m["match"]
                self.cells, self.size = m["cells"], m["size"]
                if m["turn"] == self.seat:
                    self.move(send)
            elif t == "linked":
                if self.sent_at is not None and m["seat"] == self.seat:
                    self.stats["latency"].append(time.perf_counter() - self.sent_at)
                    self.sent_at = None
                for c in (m["a"], m["b"]):
                    self.cells[c]["owner"] = m["seat"]
            elif t in ("rotation", "reweave"):
                self.cells = m["cells"]
            elif t == "turn":
                if m["seat"] == self.seat:
                    if self.args.think_ms:
                        await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.args.think_ms / 1000)
                    self.move(send)
            elif t == "refused":
                self.move(send, legal_only=True)
            elif t == "end":
                self.stats["live"] -= 1
                self.stats["results"].append({"player": self.player, "name": self.name, "token": self.token,
                                              "seat": self.seat, **m})
                writer.close()
                return

    def move(self, send, legal_only=False):
        self.links += 1
        k = self.args.miss_every
        pair = None
        if k and not legal_only and self.links % k == 0:
            pair = illegal_link(self.cells, self.size)
        if pair is None:
            links = legal_links(self.cells, self.size)
            if not links:
                return  # the server reweaves or draws; its next message says which
            pair = self.rng.choice(links)
        self.sent_at = time.perf_counter()
        send({"type": "link", "match": self.match, "a": pair[0], "b": pair[1]})


async def play(args, host, port):
    stats = {"latency": [], "results": [], "live": 0, "peak": 0}
    capture = open(args.capture, "a") if args.capture else None
    stats["capture"] = capture
    bots = [Bot(args, "bot%d" % i, random.Random(args.seed * 100003 + i), stats)
            for i in range(2 * args.pairs)]
    tasks = []
    for i, b in enumerate(bots):
        tasks.append(asyncio.ensure_future(b.run(host, port)))
        if i % 2 == 1:
            await asyncio.sleep(0.001 if args.pairs > 50 else 0.02)
    try:
        await asyncio.wait_for(asyncio.gather(*tasks), args.limit_s)
    except asyncio.TimeoutError:
        print("bot: %d of %d players did not finish within %s s" %
              (sum(not t.done() for t in tasks), len(tasks), args.limit_s), file=sys.stderr)
        return 1
    finally:
        if capture:
            capture.close()
    if args.results:
        with open(args.results, "w") as f:
            for r in stats["results"]:
                f.write(json.dumps(r) + "\n")
    if args.latency:
        with open(args.latency, "w") as f:
            json.dump({"latency": stats["latency"], "peakMatches": stats["peak"] // 2}, f)
    return 0


def main():
    ap = argparse.ArgumentParser(description="Memory5D match server bots")
    ap.add_argument("--connect", required=True)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("--pairs", type=int, default=1)
    p.add_argument("--difficulty", default="normal")
    p.add_argument("--mode", default="classic", choices=["classic", "arcade"])
    p.add_argument("--draft", action="store_true")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--capture")
    p.add_argument("--results")
    p.add_argument("--latency")
    p.add_argument("--limit-s", type=float, default=60)
    p.add_argument("--miss-every", type=int, default=0)
    p.add_argument("--think-ms", type=float, default=0,
                   help="wait about this long before each link after the first (keeps matches overlapping)")
    args = ap.parse_args()
    host, _, port = args.connect.rpartition(":")
    try:  # two sockets a match: take the hard limit of descriptors
        import resource
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    except (ImportError, ValueError, OSError):
        pass
    try:
        return asyncio.run(play(args, host, int(port)))
    except (RuntimeError, ConnectionError, OSError) as e:
        print("bot: %s" % e, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
