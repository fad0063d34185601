#!/usr/bin/env python3
"""Memory5D match server tests (run by tests/cli/test_server.sh): each scenario starts its
own server on 127.0.0.1 (a free port), talks to it only through the protocol, with loops
bounded in count and time, and stops it.

  test_server.py --bin BIN --root ROOT --work DIR SCENARIO

Prints one line per failed assertion and exits 1 when any failed. Every message sent and
received is checked against schemas/server/<type>.schema.json."""
import argparse
import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bot  # noqa: E402

FAILS = []


def check(name, cond, detail=""):
    if not cond:
        FAILS.append(name)
        print("FAIL %s%s" % (name, ": " + str(detail) if detail else ""), file=sys.stderr)


class Server:
    def __init__(self, args, db, rules=None, extra=()):
        self.args, self.db = args, db
        self.rules = rules or os.path.join(args.root, "levels/memory5d/rules.json")
        self.extra = list(extra)
        self.start()

    def start(self):
        SERVERS.append(self)
        self.err = open(self.db + ".err", "a")
        self.proc = subprocess.Popen(
            [os.path.join(self.args.bin, "server"), "memory5d", "--listen", "127.0.0.1:0",
             "--db", self.db, "--rules", self.rules] + self.extra,
            stdout=subprocess.PIPE, stderr=self.err, text=True)
        line = self.proc.stdout.readline()
        if not line.startswith("listening "):
            raise RuntimeError("server did not start: %r" % line)
        self.port = int(line.rsplit(":", 1)[1])

    def client(self, capture=True):
        return bot.Client("127.0.0.1", self.port, capture=CAPTURE if capture else None)

    def kill9(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                rc = self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                rc = "hung"
            check("server-stops-on-sigterm", rc == 0, rc)
        self.err.close()
        # the only line a server may print is the count of matches it ended at its start
        bad = [l for l in open(self.db + ".err") if "abandoned-by-server" not in l]
        check("server-stderr-clean", not bad, bad[:3])


def hello(srv, name):
    c = srv.client()
    c.send({"type": "hello", "name": name})
    w = c.expect("welcome")
    return c, w


def pair(srv, mode="classic", difficulty="normal", names=("a", "b"), **q):
    """Two players queued together: their clients and match-start messages (seat 0 first)."""
    ca, _ = hello(srv, names[0])
    cb, _ = hello(srv, names[1])
    ca.send(dict({"type": "queue", "mode": mode, "difficulty": difficulty}, **q))
    ca.expect("queued")
    cb.send(dict({"type": "queue", "mode": mode, "difficulty": difficulty}, **q))
    sa = ca.expect("match-start")
    sb = cb.expect("match-start")
    return ca, cb, sa, sb


def run_bots(srv, work, tag, *extra):
    res = os.path.join(work, tag + ".results.jsonl")
    rc = subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "bot.py"),
                         "--connect", "127.0.0.1:%d" % srv.port, "play", "--results", res,
                         "--capture", CAPTURE_PATH] + list(extra), timeout=300).returncode
    check("bots-%s-finish" % tag, rc == 0, "bot exit %d" % rc)
    return [json.loads(l) for l in open(res)] if os.path.exists(res) else []


def replay(args, work, db, rules=None):
    """Every finished match of db replays with solver memory5d --replay to its stored result."""
    con = sqlite3.connect(db)
    rows = con.execute("SELECT id, result, winner, log FROM matches WHERE status = 'finished'").fetchall()
    con.close()
    for mid, result, winner, log in rows:
        path = os.path.join(work, "match-%d.json" % mid)
        with open(path, "w") as f:
            f.write(log)
        cmd = [os.path.join(args.bin, "solver"), "memory5d", "--replay", path]
        if rules:
            cmd += ["--config", rules]
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        status = {"win": "won", "draw": "draw", "abandoned": "abandoned"}[result]
        want = "%s%s" % (status, ", winner %s" % "AB"[winner] if winner is not None and winner >= 0 else "")
        check("match-%d-replays" % mid, p.returncode == 0 and (": " + want + " (") in p.stdout,
              p.stdout + p.stderr)
    return len(rows)


# ---- scenarios ----

def sc_play(args, work):
    srv = Server(args, os.path.join(work, "play.db"))
    results = run_bots(srv, work, "classic", "--pairs", "3", "--difficulty", "normal", "--miss-every", "3")
    results += run_bots(srv, work, "easy", "--pairs", "1", "--difficulty", "easy", "--seed", "2",
                        "--miss-every", "2")
    results += run_bots(srv, work, "expert", "--pairs", "1", "--difficulty", "expert", "--seed", "3")
    results += run_bots(srv, work, "draft", "--pairs", "2", "--mode", "arcade", "--draft", "--seed", "4")
    check("every-bot-saw-its-end", len(results) == 14, len(results))
    seen = {json.loads(l)["type"] for l in open(CAPTURE_PATH)}
    for t in ("linked", "missed", "refused", "rotation", "draft", "turn", "end"):
        check("bots-saw-%s" % t, t in seen, sorted(seen))
    n = replay(args, work, srv.db)
    check("seven-matches-finished", n == 7, n)
    con = sqlite3.connect(srv.db)
    for mid, ranked, a0, b0, a1, b1 in con.execute(
            "SELECT id, ranked, elo_a_before, elo_b_before, elo_a_after, elo_b_after FROM matches"):
        check("match-%d-elo-zero-sum" % mid, a0 + b0 == a1 + b1, (a0, b0, a1, b1))
        check("match-%d-elo-only-ranked" % mid, ranked or (a0, b0) == (a1, b1))
    ranked = con.execute("SELECT count(*) FROM matches WHERE ranked = 1").fetchone()[0]
    rows = con.execute("SELECT count(*) FROM elo").fetchone()[0]
    check("elo-rows-for-ranked-players-only", rows == 2 * ranked, (rows, ranked))
    con.close()
    # a bot's token resumes its player with the Elo and Star Points the end gave it
    r = results[0]
    c = srv.client()
    c.send({"type": "hello", "token": r["token"]})
    c.expect("welcome")
    c.send({"type": "profile"})
    p = c.expect("profile")
    check("profile-keeps-elo", p["elo"]["normal"] == r["elo"][r["seat"]], (p, r))
    check("profile-keeps-star-points", p["starPoints"] == r["starPoints"][r["seat"]], (p, r))
    c.close()
    srv.stop()


def sc_shop(args, work):
    srv = Server(args, os.path.join(work, "shop.db"))
    fresh, _ = hello(srv, "poor")
    fresh.send({"type": "buy", "power": "reveal"})
    e = fresh.expect("error")
    check("buy-without-points-refused", e["code"] == "cannot-afford", e)
    results = run_bots(srv, work, "shop", "--pairs", "1", "--difficulty", "normal")
    r = results[0]
    c = srv.client()
    c.send({"type": "hello", "token": r["token"]})
    c.expect("welcome")
    c.send({"type": "buy", "power": "reveal"})
    p = c.expect("profile")
    stars = r["starPoints"][r["seat"]]
    check("buy-costs-the-rules-price", p["starPoints"] == stars - 20 and p["inventory"]["reveal"] == 1, p)
    c.send({"type": "queue", "mode": "arcade", "difficulty": "normal", "loadout": {"reveal": 2}})
    e = c.expect("error")
    check("loadout-must-be-owned", e["code"] == "not-owned", e)
    c.send({"type": "queue", "mode": "arcade", "difficulty": "normal", "loadout": {"extraTurn": 2}})
    e = c.expect("error")
    check("loadout-caps-checked", e["code"] == "bad-loadout", e)
    # first match: the charge is reserved while it plays and comes back unused
    c.send({"type": "queue", "mode": "arcade", "difficulty": "normal", "loadout": {"reveal": 1}})
    c.expect("queued")
    o, _ = hello(srv, "other")
    o.send({"type": "queue", "mode": "arcade", "difficulty": "normal"})
    s = c.expect("match-start")
    check("loadout-from-inventory", s["loadouts"]["AB"[s["seat"]]]["reveal"] == 1, s)
    c.send({"type": "profile"})
    check("charge-reserved-in-play", c.expect("profile")["inventory"]["reveal"] == 0)
    c.send({"type": "arm", "match": s["match"], "power": "wildcard"})
    r = c.expect("refused")
    check("arm-needs-a-charge", r["reason"] == "no-charge", r)
    c.send({"type": "arm", "match": s["match"], "power": "reveal"})
    pw = c.expect("power")
    check("arm-reserves", pw["event"] == "arm" and pw["power"] == "reveal" and pw["seat"] == 0, pw)
    pw = o.expect("power", skip=("match-start",))
    check("arm-is-public", pw["event"] == "arm", pw)
    c.send({"type": "disarm", "match": s["match"], "power": "reveal"})
    pw = c.expect("power")
    check("disarm-refunds", pw["event"] == "refund" and pw["power"] == "reveal", pw)
    c.send({"type": "resign", "match": s["match"]})
    end = c.expect("end", skip=("power",))
    p = c.expect("profile")
    check("unused-charge-returns", p["inventory"]["reveal"] == 1 and end["result"] == "abandoned", p)
    # second match: Reveal is consumed when its projection begins (a select anchors)
    c.send({"type": "queue", "mode": "arcade", "difficulty": "normal", "loadout": {"reveal": 1}})
    c.expect("queued")
    o.send({"type": "queue", "mode": "arcade", "difficulty": "normal"})
    s = c.expect("match-start")
    a, b = bot.legal_links(s["cells"], s["size"])[0]
    c.send({"type": "arm", "match": s["match"], "power": "reveal"})
    c.expect("power")
    c.send({"type": "select", "match": s["match"], "cell": a})
    an = c.expect("anchor")
    check("select-anchors", an["cell"] == a and an["seat"] == 0, an)
    pw = c.expect("power")
    rv = c.expect("reveal")
    check("reveal-consumed-on-projection", pw["event"] == "consume" and pw["power"] == "reveal", pw)
    check("reveal-shows-the-partners", rv["cell"] == a and b in rv["partners"], rv)
    c.send({"type": "select", "match": s["match"], "cell": a})
    check("select-again-cancels", c.expect("cancel")["cell"] == a)
    c.send({"type": "resign", "match": s["match"]})
    c.expect("end", skip=("power",))
    p = c.expect("profile")
    check("consumed-charge-leaves-the-inventory", p["inventory"]["reveal"] == 0, p)
    seen, ends = set(), 0
    for _ in range(60):  # the opponent's view of both matches, to the second end
        m = o.recv()
        if m is None:
            break
        seen.add(m["type"])
        ends += m["type"] == "end"
        if ends == 2:
            break
    check("opponent-sees-anchor-and-reveal", {"anchor", "reveal", "cancel", "end"} <= seen, seen)
    c.close()
    o.close()
    srv.stop()
    con = sqlite3.connect(srv.db)
    bought = con.execute("SELECT power, price FROM purchases").fetchall()
    check("purchase-stored", bought == [("reveal", 20)], bought)
    con.close()


def sc_disconnect(args, work):
    rules = os.path.join(work, "short.json")
    cfg = json.load(open(os.path.join(args.root, "levels/memory5d/rules.json")))
    for d in cfg["difficulties"].values():
        d["decisionMs"] = 2000
    json.dump(cfg, open(rules, "w"))
    srv = Server(args, os.path.join(work, "disconnect.db"), rules)
    ca, cb, sa, sb = pair(srv)
    mid = sa["match"]
    t0 = time.monotonic()
    ca.close()  # A leaves during its own turn
    t = cb.expect("timeout", timeout=15)
    waited = time.monotonic() - t0
    check("absent-player-times-out", t["seat"] == 0, t)
    check("timeout-on-the-server-clock", waited >= 1.5, waited)
    turn = cb.expect("turn")
    check("turn-passes-to-b", turn["seat"] == 1, turn)
    # A comes back: its match as it is now, on a clock that did not wait for it
    ra = srv.client()
    ra.send({"type": "hello", "token": ca_token[0]})
    ra.expect("welcome")
    s = ra.expect("match-start")
    check("resume-sends-match-start", s["match"] == mid and s["turn"] == 1 and s["seat"] == 0, s)
    links = bot.legal_links(s["cells"], s["size"])
    time.sleep(0.5)
    cb.send({"type": "link", "match": mid, "a": links[0][0], "b": links[0][1]})
    cb.expect("linked")
    turn = ra.expect("turn", skip=("linked",))
    ra.close()  # A gone again: its timeouts in a row abandon the match
    ends = cb.expect("end", timeout=20, skip=("linked", "turn", "timeout", "missed"))
    check("absent-player-abandons", ends["result"] == "abandoned" and ends["winner"] == 1, ends)
    cb.close()
    srv.stop()
    n = replay(args, work, srv.db, rules)
    check("abandoned-match-replays", n == 1, n)
    # resume keeps the clock running: deadlineMs shrinks while the player is away
    srv = Server(args, os.path.join(work, "resume.db"), rules)
    ca, cb, sa, sb = pair(srv)
    ca.close()
    time.sleep(0.8)
    ra = srv.client()
    ra.send({"type": "hello", "token": ca_token[0]})
    ra.expect("welcome")
    s = ra.expect("match-start")
    check("clock-runs-while-away", s["turn"] == 0 and s["deadlineMs"] <= 2000 - 700, s)
    ra.close()
    cb.close()
    srv.stop()


ca_token = [None]


def _pair_with_token(srv, **kw):
    ca, wa = hello(srv, "a")
    ca_token[0] = wa["token"]
    cb, _ = hello(srv, "b")
    ca.send({"type": "queue", "mode": "classic", "difficulty": "normal"})
    ca.expect("queued")
    cb.send({"type": "queue", "mode": "classic", "difficulty": "normal"})
    return ca, cb, ca.expect("match-start"), cb.expect("match-start")


def sc_kill9(args, work):
    db = os.path.join(work, "kill.db")
    srv = Server(args, db)
    keeper, kw = hello(srv, "keeper")
    res = os.path.join(work, "kill.results.jsonl")
    bots = subprocess.Popen([sys.executable, os.path.join(os.path.dirname(__file__), "bot.py"),
                             "--connect", "127.0.0.1:%d" % srv.port, "play", "--pairs", "100",
                             "--results", res, "--limit-s", "120"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    before = set()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        con = sqlite3.connect(db)
        done = con.execute("SELECT count(*) FROM matches WHERE status = 'finished'").fetchone()[0]
        playing = con.execute("SELECT count(*) FROM matches WHERE status = 'playing'").fetchone()[0]
        if done >= 10 and playing >= 1:
            before = {r[0]: r[1:] for r in con.execute(
                "SELECT id, result, winner, log, elo_a_after, elo_b_after FROM matches"
                " WHERE status = 'finished'")}
            con.close()
            break
        con.close()
        time.sleep(0.05)
    srv.kill9()
    bots.kill()
    bots.wait(10)
    check("kill-during-matches", len(before) >= 10, len(before))
    srv.start()
    back = srv.client()
    back.send({"type": "hello", "token": kw["token"]})
    check("token-survives-kill", back.expect("welcome")["player"] == kw["player"])
    back.close()
    con = sqlite3.connect(db)
    after = {r[0]: r[1:] for r in con.execute(
        "SELECT id, result, winner, log, elo_a_after, elo_b_after FROM matches WHERE status = 'finished'")}
    check("finished-matches-kept", all(after.get(k) == v for k, v in before.items()),
          set(before) - set(after))
    statuses = {r[0] for r in con.execute("SELECT DISTINCT status FROM matches")}
    check("in-progress-ends-abandoned-by-server", "playing" not in statuses and
          "abandoned-by-server" in statuses, statuses)
    # every rating is the initial one plus its finished matches' changes, no more
    for player, diff, rating, matches in con.execute("SELECT player, difficulty, rating, matches FROM elo"):
        delta = 0
        n = 0
        for side in ("a", "b"):
            for b4, af in con.execute("SELECT elo_%s_before, elo_%s_after FROM matches WHERE status ="
                                      " 'finished' AND player_%s = ? AND difficulty = ?" % (side, side, side),
                                      (player, diff)):
                delta += af - b4
                n += 1
        check("elo-of-%d-is-its-finished-matches" % player, rating == 1200 + delta and matches == n,
              (rating, delta, matches, n))
    abandoned_players = [r[0] for r in con.execute(
        "SELECT player_a FROM matches WHERE status = 'abandoned-by-server'")]
    con.close()
    if abandoned_players:
        pl = abandoned_players[0]
        con = sqlite3.connect(db)
        n = con.execute("SELECT count(*) FROM matches WHERE status = 'finished' AND (player_a = ?1 OR"
                        " player_b = ?1)", (pl,)).fetchone()[0]
        e = con.execute("SELECT rating FROM elo WHERE player = ?", (pl,)).fetchone()
        con.close()
        check("abandoned-by-server-moves-no-elo", n > 0 or e is None, (pl, n, e))
    srv.stop()
    n = replay(args, work, db)
    check("finished-matches-replay-after-restart", n >= len(before), n)


def sc_takeover(args, work):
    srv = Server(args, os.path.join(work, "takeover.db"))
    c1, w = hello(srv, "twice")
    c2 = srv.client()
    c2.send({"type": "hello", "token": w["token"]})
    w2 = c2.expect("welcome")
    check("same-token-same-player", w2["player"] == w["player"], w2)
    e = c1.expect("error")
    check("older-connection-told", e["code"] == "replaced", e)
    check("older-connection-closed", c1.closed(5))
    c2.send({"type": "profile"})
    check("newer-connection-serves", c2.expect("profile")["player"] == w["player"])
    c3 = srv.client()
    c3.send({"type": "hello", "token": w["token"][:-1] + ("0" if w["token"][-1] != "0" else "1")})
    check("wrong-token-refused", c3.expect("error")["code"] == "bad-token")
    srv.stop()


def sc_idle(args, work):
    srv = Server(args, os.path.join(work, "idle.db"), extra=["--idle-ms", "600", "--max-conns", "3"])
    quiet = srv.client()
    half = srv.client()
    half.send(b'{"type": "pi')
    alive = srv.client()
    alive.send({"type": "ping"})
    alive.expect("pong")
    extra = srv.client()
    e = extra.expect("error")
    check("past-max-conns-refused", e["code"] == "server-full" and extra.closed(5), e)
    t0 = time.monotonic()
    for _ in range(8):
        alive.send({"type": "ping"})
        alive.expect("pong")
        time.sleep(0.2)
    e = quiet.expect("error", timeout=5)
    check("idle-client-told", e["code"] == "idle", e)
    check("idle-client-closed", quiet.closed(5))
    e = half.expect("error", timeout=5)
    check("half-line-client-closed", e["code"] == "idle" and half.closed(5), e)
    alive.send({"type": "ping"})
    check("active-client-kept", alive.expect("pong")["type"] == "pong" and time.monotonic() - t0 > 1.2)
    srv.stop()


def sc_bad(args, work):
    srv = Server(args, os.path.join(work, "bad.db"))
    early = srv.client()
    early.send({"type": "profile"})
    check("before-hello", early.expect("error")["code"] == "not-welcome")
    ca, cb, sa, sb = pair(srv)
    cc, cd, sc, sd = pair(srv, names=("c", "d"))
    mid, other = sa["match"], sc["match"]
    links = bot.legal_links(sa["cells"], sa["size"])
    a, b = links[0]
    cb.send({"type": "link", "match": mid, "a": a, "b": b})
    check("link-for-the-other-seat", cb.expect("error")["code"] == "not-your-turn")
    ca.send({"type": "link", "match": other, "a": a, "b": b})
    check("link-in-another-match", ca.expect("error")["code"] == "not-your-match")
    ca.send({"type": "link", "match": mid, "a": 100, "b": 101})
    r = ca.expect("refused")
    check("out-of-range-cell-refused", r["reason"] == "out-of-range", r)
    ca.send({"type": "link", "match": mid, "a": a, "b": b})
    ca.expect("linked")
    ca.expect("turn")
    cb.expect("linked")
    cb.expect("turn")
    cb.send({"type": "link", "match": mid, "a": a, "b": b})
    r = cb.expect("refused")
    check("claimed-cells-refused", r["reason"] == "claimed" and r["seat"] == 1, r)
    cb.send({"type": "resign", "match": mid})
    end = cb.expect("end")
    check("resign-abandons", end["result"] == "abandoned" and end["winner"] == 0, end)
    cb.expect("profile")
    cb.send({"type": "link", "match": mid, "a": a, "b": b})
    check("link-after-the-end", cb.expect("error")["code"] == "not-your-match")
    # before the start: queued alone, and during a draft
    lone, _ = hello(srv, "lone")
    lone.send({"type": "queue", "mode": "classic", "difficulty": "hard"})
    lone.expect("queued")
    lone.send({"type": "link", "match": mid, "a": 0, "b": 1})
    check("link-before-a-match", lone.expect("error")["code"] == "not-your-match")
    da, _ = hello(srv, "da")
    db_, _ = hello(srv, "db")
    da.send({"type": "queue", "mode": "arcade", "difficulty": "normal", "draft": True})
    da.expect("queued")
    db_.send({"type": "queue", "mode": "arcade", "difficulty": "normal", "draft": True})
    d = da.expect("draft")
    da.send({"type": "link", "match": d["match"], "a": 0, "b": 1})
    check("link-during-the-draft", da.expect("error")["code"] == "not-started")
    db_.send({"type": "pick", "match": d["match"], "card": "reveal"})
    check("pick-out-of-turn", db_.expect("error", skip=("draft",))["code"] == "not-your-turn")
    # malformed lines: an error, then the connection closes; others go on
    for name, line, code in [
            ("bad-json", b"{not json\n", "bad-message"),
            ("not-an-object", b"[1, 2]\n", "bad-message"),
            ("unknown-type", b'{"type": "teleport"}\n', "bad-message"),
            ("unknown-field", b'{"type": "ping", "seat": 1}\n', "bad-message"),
            ("cell-past-capacity", b'{"type": "link", "match": 1, "a": 144, "b": 0}\n', "bad-message"),
            ("negative-cell", b'{"type": "link", "match": 1, "a": -1, "b": 0}\n', "bad-message"),
            ("fraction", b'{"type": "link", "match": 1, "a": 1.5, "b": 0}\n', "bad-message"),
            ("bad-name", b'{"type": "hello", "name": ""}\n', "bad-message"),
            ("too-long", b'{"type": "ping", "pad": "' + b"x" * 70000 + b'"}\n', "too-long")]:
        c = srv.client()
        c.send(line)
        e = c.expect("error")
        check("malformed-%s" % name, e["code"] == code, e)
        check("malformed-%s-closed" % name, c.closed(5))
    cc.send({"type": "profile"})
    check("others-unaffected", cc.expect("profile", skip=("linked", "turn"))["name"] == "c")
    srv.stop()


def sc_flood(args, work):
    srv = Server(args, os.path.join(work, "flood.db"), extra=["--rate", "20", "--burst", "40"])
    f, _ = hello(srv, "flood")
    result = {}

    def play():
        result["results"] = run_bots(srv, work, "flood", "--pairs", "2", "--limit-s", "60")

    t = threading.Thread(target=play)
    t.start()
    ping = b'{"type":"ping"}\n'
    t0 = time.monotonic()
    sent = 0
    for _ in range(10):  # 10^5 lines a second, for one second
        f.sock.sendall(ping * 10000)
        sent += 10000
    elapsed = time.monotonic() - t0
    t.join(120)
    check("flood-sent", sent == 100000, sent)
    pongs = errors = 0
    while True:
        try:
            m = f.recv(2)
        except TimeoutError:
            break
        if m is None:
            break
        pongs += m["type"] == "pong"
        errors += m["type"] == "error" and m["code"] == "rate-limited"
        if pongs + errors > 200000:
            break
    allowed = 40 + 20 * (time.monotonic() - t0) + 5
    check("flood-rate-limited", errors >= 1 and pongs <= allowed, (pongs, errors, allowed, elapsed))
    f.send({"type": "ping"})
    check("flooder-stays-connected", f.recv(5) is not None)
    check("others-play-through-the-flood", len(result.get("results", [])) == 4, result)
    srv.stop()


def sc_autopick(args, work):
    rules = os.path.join(work, "fast-draft.json")
    cfg = json.load(open(os.path.join(args.root, "levels/memory5d/rules.json")))
    cfg["draft"]["pickDeadlineMs"] = 1000
    json.dump(cfg, open(rules, "w"))
    srv = Server(args, os.path.join(work, "autopick.db"), rules)
    ca, _ = hello(srv, "x")
    cb, _ = hello(srv, "y")
    ca.send({"type": "queue", "mode": "arcade", "difficulty": "normal", "draft": True})
    ca.expect("queued")  # before B queues, so that A is seat 0
    cb.send({"type": "queue", "mode": "arcade", "difficulty": "normal", "draft": True})
    t0 = time.monotonic()
    s = ca.expect("match-start", timeout=20, skip=("draft",))
    waited = time.monotonic() - t0
    lo = s["loadouts"]
    check("draft-auto-picks-all-six", sum(lo["A"].values()) + sum(lo["B"].values()) == 6, lo)
    check("draft-deadlines-on-the-server", waited >= 5.0, waited)
    check("cheapest-card-auto-pick", lo["A"]["reveal"] >= 1 and lo["B"]["reveal"] >= 1, lo)
    ca.send({"type": "resign", "match": s["match"]})
    ca.expect("end", skip=("power",))
    srv.stop()
    con = sqlite3.connect(srv.db)
    row = con.execute("SELECT drafted, draft, elo_a_before, elo_a_after FROM matches").fetchone()
    con.close()
    check("draft-stored-and-no-elo", row[0] == 1 and row[1].count(",") == 5 and row[2] == row[3], row)


def sc_unqueue(args, work):
    """unqueue leaves the queue: no match starts from it, a second one is refused, and the
    player may queue again."""
    srv = Server(args, os.path.join(work, "unqueue.db"))
    a, _ = hello(srv, "leaver")
    a.send({"type": "queue", "mode": "classic", "difficulty": "normal"})
    a.expect("queued")
    a.send({"type": "unqueue"})
    a.expect("unqueued")
    a.send({"type": "unqueue"})
    e = a.expect("error")
    check("unqueue-twice-is-not-queued", e["code"] == "not-queued", e)
    b, _ = hello(srv, "b")
    b.send({"type": "queue", "mode": "classic", "difficulty": "normal"})
    b.expect("queued")  # not matched with the player who left
    c, _ = hello(srv, "c")
    c.send({"type": "queue", "mode": "classic", "difficulty": "normal"})
    sb, sc = b.expect("match-start"), c.expect("match-start")
    check("the-two-still-queued-play", sb["match"] == sc["match"], (sb, sc))
    a.send({"type": "ping"})
    a.expect("pong")  # nothing started for the one who left
    a.send({"type": "queue", "mode": "classic", "difficulty": "normal"})
    a.expect("queued")
    # once matched, unqueue is refused and the match goes on
    d, _ = hello(srv, "d")
    d.send({"type": "queue", "mode": "classic", "difficulty": "normal"})
    sa = a.expect("match-start")
    d.expect("match-start")
    a.send({"type": "unqueue"})
    e = a.expect("error")
    check("unqueue-in-a-match-is-refused", e["code"] == "not-queued" and "begun" in e["message"], e)
    a.send({"type": "resign", "match": sa["match"]})
    end = a.expect("end", skip=("turn",))
    check("the-match-went-on-until-resigned", end["result"] == "abandoned", end)
    for x in (a, b, c, d):
        x.close()
    srv.stop()


def sc_newplayers(args, work):
    """--new-players: at most that many accounts a minute. The bucket holds 10 here and
    refills one every 6 s (ten hellos take far less, even on a loaded machine): the 11th hello
    with a name gets error busy and keeps its connection; a token still signs in; 6.5 s later
    a name makes an account again."""
    srv = Server(args, os.path.join(work, "newplayers.db"), extra=["--new-players", "10"])
    made = [hello(srv, "p%d" % i) for i in range(10)]
    for c, _ in made:
        c.close()
    c = srv.client()
    c.send({"type": "hello", "name": "one-too-many"})
    e = c.expect("error")
    check("11th-account-is-busy", e["code"] == "busy", e)
    c.send({"type": "ping"})
    c.expect("pong")  # not closed
    t = srv.client()
    t.send({"type": "hello", "token": made[0][1]["token"]})
    check("a-token-is-not-limited", t.expect("welcome")["player"] == made[0][1]["player"])
    time.sleep(6.5)
    c.send({"type": "hello", "name": "one-too-many"})
    w = c.expect("welcome")
    check("a-name-again-after-a-refill", w["name"] == "one-too-many", w)
    c.close()
    t.close()
    srv.stop()
    con = sqlite3.connect(srv.db)
    n = con.execute("SELECT count(*) FROM players").fetchone()[0]
    con.close()
    check("11-accounts-made", n == 11, n)


def sc_fulldisk(args, work):
    """A full disk under a running server, made with its file size limit (RLIMIT_FSIZE: past
    it a write fails, as on a full disk; the server ignores SIGXFSZ): every change that cannot
    be committed is answered with server-error and changes nothing, the server goes on, and
    once there is room again it commits again. Nothing half-written: the database stays
    intact, and the match whose end could not be saved ends as abandoned-by-server at the
    next start."""
    import resource
    db = os.path.join(work, "fulldisk.db")
    srv = Server(args, db)

    def disk_full(full):
        files = [db + s for s in ("", "-wal", "-shm") if os.path.exists(db + s)]
        soft = max(os.path.getsize(f) for f in files) if full else resource.RLIM_INFINITY
        resource.prlimit(srv.proc.pid, resource.RLIMIT_FSIZE, (soft, resource.RLIM_INFINITY))

    a, wa = hello(srv, "a")
    b, wb = hello(srv, "b")
    disk_full(True)
    c = srv.client()
    c.send({"type": "hello", "name": "c"})
    e = c.expect("error")
    check("full-no-new-player", e["code"] == "server-error", e)
    a.send({"type": "queue", "mode": "classic", "difficulty": "normal"})
    a.expect("queued")
    b.send({"type": "queue", "mode": "classic", "difficulty": "normal"})
    eb = b.expect("error")
    a.expect("unqueued")  # out of the queue it was taken from
    ea = a.expect("error")
    check("full-no-match", eb["code"] == ea["code"] == "server-error" and "could not start" in ea["message"],
          (ea, eb))
    a.send({"type": "ping"})
    a.expect("pong")
    disk_full(False)
    a.send({"type": "queue", "mode": "classic", "difficulty": "normal"})
    a.expect("queued")
    b.send({"type": "queue", "mode": "classic", "difficulty": "normal"})
    m = b.expect("match-start")
    a.expect("match-start")
    disk_full(True)
    b.send({"type": "resign", "match": m["match"]})
    end = b.expect("end", skip=("turn",))
    check("full-end-not-saved", end["saved"] is False and end["elo"] == [1200, 1200]
          and end["starPoints"] == [0, 0], end)
    p = b.expect("profile")
    check("full-profile-unchanged", p["elo"]["normal"] == 1200 and p["starPoints"] == 0, p)
    b.send({"type": "ping"})
    b.expect("pong")
    srv.kill9()
    for x in (a, b, c):
        x.close()
    err = open(db + ".err").read()
    check("full-said-on-stderr", "cannot start a match" in err and "not saved" in err, err)
    open(db + ".err", "w").close()
    con = sqlite3.connect(db)
    check("full-database-intact", con.execute("PRAGMA integrity_check").fetchone()[0] == "ok")
    rows = con.execute("SELECT status FROM matches").fetchall()
    players = con.execute("SELECT count(*) FROM players").fetchone()[0]
    con.close()
    check("full-only-what-was-committed", rows == [("playing",)] and players == 2, (rows, players))
    srv = Server(args, db)
    t = srv.client()
    t.send({"type": "hello", "token": wb["token"]})
    t.expect("welcome")
    t.send({"type": "profile"})
    check("full-restart-elo-unchanged", t.expect("profile")["elo"]["normal"] == 1200)
    t.close()
    srv.stop()
    con = sqlite3.connect(db)
    rows = con.execute("SELECT status FROM matches").fetchall()
    con.close()
    check("full-unsaved-end-abandoned-by-server", rows == [("abandoned-by-server",)], rows)


SCENARIOS = {"play": sc_play, "unqueue": sc_unqueue, "newplayers": sc_newplayers,
             "fulldisk": sc_fulldisk, "shop": sc_shop, "disconnect": sc_disconnect, "kill9": sc_kill9,
             "takeover": sc_takeover, "idle": sc_idle, "bad": sc_bad, "flood": sc_flood,
             "autopick": sc_autopick}


def validate_capture(args, path):
    """Every captured message against its schema (schemas/server/<type>.schema.json)."""
    import warnings
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    from jsonschema import Draft202012Validator, RefResolver
    folder = os.path.join(args.root, "schemas", "server")
    base = "file://" + os.path.abspath(folder) + "/"
    store = {}
    for name in os.listdir(folder):
        schema = json.load(open(os.path.join(folder, name)))
        Draft202012Validator.check_schema(schema)
        store[base + schema["$id"]] = schema
    schemas = {}
    n = 0
    for line in open(path):
        m = json.loads(line)
        t = m.get("type")
        if t not in schemas:
            schema = store.get(base + "%s.schema.json" % t)
            check("schema-for-%s" % t, schema is not None)
            schemas[t] = schema and Draft202012Validator(
                schema, resolver=RefResolver(base_uri=base + schema["$id"], referrer=schema, store=store))
        if schemas[t]:
            errs = list(schemas[t].iter_errors(m))
            check("message-%s-matches-its-schema" % t, not errs, errs[:1] and (errs[0].message, m))
        n += 1
    return n


def main():
    global CAPTURE, CAPTURE_PATH
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("scenario", choices=sorted(SCENARIOS))
    args = ap.parse_args()
    work = os.path.join(args.work, args.scenario)
    os.makedirs(work, exist_ok=True)
    CAPTURE_PATH = os.path.join(work, "capture.jsonl")
    CAPTURE = open(CAPTURE_PATH, "a", buffering=1)
    if args.scenario == "disconnect":
        global pair
        pair = _pair_with_token
    try:
        SCENARIOS[args.scenario](args, work)
    except Exception as e:  # an unexpected message or a timeout is a failure, not a crash
        check("scenario-%s" % args.scenario, False, "%s: %s" % (type(e).__name__, e))
    finally:  # a failed scenario leaves no server behind
        for srv in SERVERS:
            if srv.proc.poll() is None:
                srv.proc.kill()
                srv.proc.wait(10)
    CAPTURE.close()
    n = validate_capture(args, CAPTURE_PATH)
    check("captured-messages", n > 0, n)
    return 1 if FAILS else 0


CAPTURE = None
CAPTURE_PATH = None
SERVERS = []

if __name__ == "__main__":
    sys.exit(main())
