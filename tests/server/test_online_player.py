#!/usr/bin/env python3
"""The player as the match server's client (run by tests/cli/test_memory5d_online.sh):
headless players (bin/player memory5d --connect, scripted keys, --events-out) against a
server on 127.0.0.1 (a free port), or against a fake server that misbehaves. Waits are for
events in the players' logs, each with a bounded deadline (the server's clock is real; the
headless players pace their virtual clock to it), never for exact times.

  test_online_player.py --bin BIN --root ROOT --work DIR SCENARIO

Scenarios: play (a Ranked Classic match to the end: Elo zero-sum, replays), resume (a
player killed on its turn times out on the server's clock, its restart resumes the match
with the saved token), lost (the server goes away: the players say so, retry and sign in
again), malformed (a server that sends bad lines: the player drops and reconnects, never
crashes), shop (the server's shop and inventory through the player's lobby), draft (the
online Power Draft to its match), takeover (a second window with the same account wins, the
first stops), drop (the network drops mid-match: the player reconnects and resumes), unqueue
(Escape leaves the queue, Find a match joins it again), busy (no new accounts for a
moment: the player says so and signs in again), fit (the
lobby's labels fit at every window size), layout (the lobby's targets and texts at 1280x720
and 640x360). Prints one line per failed assertion, exits 1 when any failed."""
import argparse
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time

FAILS = []
PROCS = []


def check(name, cond, detail=""):
    if not cond:
        FAILS.append(name)
        print("FAIL %s%s" % (name, ": " + str(detail)[:600] if detail else ""), file=sys.stderr)


def steps(path, keys, start=100, every=100):
    """A headless script: one key each `every` ms ("click:X,Y" clicks there); "wait:MS" moves
    the next one on."""
    t, out = start, []
    for k in keys:
        if k.startswith("wait:"):
            t += int(k[5:])
            continue
        if k.startswith("click:"):
            x, y = k[6:].split(",")
            out.append({"t": t, "type": "click", "x": int(x), "y": int(y)})
        else:
            out.append({"t": t, "type": "key", "key": k})
        t += every
    with open(path, "w") as f:
        f.write("".join(json.dumps(o) + "\n" for o in out))


class Server:
    def __init__(self, args, db, rules=None, extra=(), port=0):
        cmd = [os.path.join(args.bin, "server"), "memory5d", "--listen", "127.0.0.1:%d" % port,
               "--db", db] + (["--rules", rules] if rules else []) + list(extra)
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=open(db + ".err", "a"),
                                     text=True)
        PROCS.append(self.proc)
        line = self.proc.stdout.readline()
        if not line.startswith("listening "):
            raise RuntimeError("server did not start: %r" % line)
        self.port = int(line.rsplit(":", 1)[1])

    def kill9(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)


class Player:
    """One headless player process; its events log read as it grows."""

    def __init__(self, args, work, tag, port, keys, name=None, settings=None, until=180000,
                 extra=()):
        self.args, self.tag = args, tag
        self.events = os.path.join(work, "%s.events" % tag)
        self.settings = settings or os.path.join(work, "%s.settings.json" % tag)
        script = os.path.join(work, "%s.jsonl" % tag)
        steps(script, keys)
        cmd = [os.path.join(args.bin, "player"), "memory5d", "--headless", "--connect",
               "127.0.0.1:%d" % port, "--settings", self.settings, "--script", script,
               "--until", str(until), "--events-out", self.events]
        if name:
            cmd += ["--name", name]
        cmd += list(extra)
        self.err = os.path.join(work, "%s.err" % tag)
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=open(self.err, "w"),
                                     cwd=args.root)
        PROCS.append(self.proc)

    def path(self):
        """The events log: written as EVENTS.tmp.PID while the player runs (renamed at its
        end), so a running or killed player's log is that file."""
        tmp = "%s.tmp.%d" % (self.events, self.proc.pid)
        return self.events if os.path.exists(self.events) else tmp

    def lines(self):
        try:
            with open(self.path()) as f:
                out = []
                for l in f:
                    if l.endswith("\n"):
                        out.append(json.loads(l))
                return out
        except FileNotFoundError:
            return []

    def online(self, what=None):
        return [e for e in self.lines() if e.get("event") == "online" and
                (what is None or e["what"] == what)]

    def wait(self, pred, seconds, what):
        """The first online event matching pred within seconds, or None (and a failure)."""
        end = time.time() + seconds
        while time.time() < end:
            for e in self.online():
                if pred(e):
                    return e
            if self.proc.poll() is not None:
                break
            time.sleep(0.1)
        check("%s-%s" % (self.tag, what), False, "not seen in %d s (exit %s); last: %s; stderr: %s"
              % (seconds, self.proc.poll(), [e["what"] for e in self.online()][-8:],
                 open(self.err).read()[-300:]))
        return None

    def kill9(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def still_running(self):
        return self.proc.poll() is None


def schema_ok(args, schema, path):
    p = subprocess.run([os.path.join(args.root, "tests/validate_schemas.sh"), "--schema",
                        os.path.join(args.root, "schemas", schema), path],
                       capture_output=True, text=True, timeout=120)
    return p.returncode == 0, p.stdout + p.stderr


def as_array(path, out):
    """An events log as one JSON array (the events schema takes a whole file that way)."""
    with open(path) as f, open(out, "w") as g:
        g.write("[" + ",".join(l.strip() for l in f if l.strip()) + "]")
    return out


# A lobby script: Difficulty Easy, then Find a match; then "l" (the next linkable cell: an
# anchor's partner, or a cell that has one) and Enter, over and over. After a match, a key
# leaves its board and Enter on Find a match queues again.
LOBBY_EASY = ["down", "left", "down", "down", "down", "enter"]


def sc_play(args, work):
    srv = Server(args, os.path.join(work, "play.db"))
    play = ["l", "enter"] * 400
    a = Player(args, work, "ann", srv.port, LOBBY_EASY + play, name="Ann")
    b = Player(args, work, "bob", srv.port, ["wait:400"] + LOBBY_EASY + play, name="Bob")
    # both play until a match is decided by a line (a draw moves equal ratings by nothing)
    won = a.wait(lambda e: e["what"] == "end" and "result win" in e["text"], 150, "decisive-end")
    if won:
        b.wait(lambda e: e["what"] == "end" and e["match"] == won["match"], 20, "same-end")
    a.kill9()
    b.kill9()
    srv.stop()
    if not won:
        return
    mid = won["match"]
    starts = [e for e in a.online("match-start") if e["match"] == mid]
    check("ann-saw-match-start", len(starts) == 1, starts)
    check("both-played-links", any(e["seat"] == 0 for e in a.online("linked") if e["match"] == mid)
          and any(e["seat"] == 1 for e in a.online("linked") if e["match"] == mid))
    # the board is the server's: the match-start event lists its cells
    ms = [e for e in a.lines() if e.get("event") == "match-start"]
    check("match-start-board-logged", ms and ms[0]["size"] == 6 and len(ms[0]["cells"]) == 36, ms[:1])
    con = sqlite3.connect(os.path.join(work, "play.db"))
    row = con.execute("SELECT status, result, ranked, elo_a_before, elo_a_after, elo_b_before, "
                      "elo_b_after FROM matches WHERE id = ?", (mid,)).fetchone()
    names = dict(con.execute("SELECT id, name FROM players").fetchall())
    elo = {names[p]: r for p, r in con.execute("SELECT player, rating FROM elo WHERE difficulty = 'easy'")}
    check("two-accounts", sorted(names.values()) == ["Ann", "Bob"], names)
    check("elo-changed", elo.get("Ann") not in (None, 1200) and elo.get("Bob") not in (None, 1200), elo)
    check("elo-zero-sum", sum(elo.values()) == 2400, elo)
    check("match-finished-ranked", row and row[0] == "finished" and row[2] == 1, row)
    check("match-elo-zero-sum-and-moved", row and (row[4] - row[3]) + (row[6] - row[5]) == 0
          and row[4] != row[3], row)
    # every finished match replays with the solver to its stored result
    rows = con.execute("SELECT id, result, winner, log FROM matches WHERE status = 'finished'").fetchall()
    con.close()
    check("matches-finished", len(rows) >= 1, rows)
    for m, result, winner, log in rows:
        path = os.path.join(work, "match-%d.json" % m)
        with open(path, "w") as f:
            f.write(log)
        p = subprocess.run([os.path.join(args.bin, "solver"), "memory5d", "--replay", path],
                           capture_output=True, text=True, timeout=60, cwd=args.root)
        want = {"win": "won", "draw": "draw", "abandoned": "abandoned"}[result]
        if winner is not None and winner >= 0:
            want += ", winner " + "AB"[winner]
        check("match-%d-replays" % m, p.returncode == 0 and (": " + want + " (") in p.stdout,
              p.stdout + p.stderr)
    # the token is kept in the settings; the events logs are schema-valid
    for pl in (a, b):
        s = json.load(open(pl.settings))
        check("%s-token-saved" % pl.tag, s["memory5d"]["online"]["token"].count(".") == 1, s)
        ok, why = schema_ok(args, "player-settings.schema.json", pl.settings)
        check("%s-settings-schema" % pl.tag, ok, why)
        # the log of a killed player may end in half a line: only whole lines
        ok, why = schema_ok(args, "memory5d-events.schema.json",
                            as_array(pl.path(), pl.events + ".array.json"))
        check("%s-events-schema" % pl.tag, ok, why)


def short_rules(args, work, ms):
    rules = json.load(open(os.path.join(args.root, "levels/memory5d/rules.json")))
    rules["difficulties"]["easy"]["decisionMs"] = ms
    path = os.path.join(work, "rules-%d.json" % ms)
    json.dump(rules, open(path, "w"))
    return path


def sc_resume(args, work):
    # Easy with a 4 s decision clock; an absent player is not abandoned before it returns
    srv = Server(args, os.path.join(work, "resume.db"), short_rules(args, work, 4000),
                 ["--abandon-timeouts", "20"])
    # Ann queues first (seat A), links once; Bob links once; then it is Ann's turn again
    link = ["l", "enter", "l", "enter"]
    a = Player(args, work, "ann", srv.port, LOBBY_EASY + ["wait:2000"] + link, name="Ann")
    b = Player(args, work, "bob", srv.port, ["wait:1500"] + LOBBY_EASY + ["wait:1500"] + link,
               name="Bob")
    start = a.wait(lambda e: e["what"] == "match-start", 30, "match-start")
    if not start:
        a.kill9(); b.kill9(); srv.stop()
        return
    check("ann-is-seat-a-on-turn", start["seat"] == 0 and "your turn" in start["text"], start)
    b.wait(lambda e: e["what"] == "match-start", 10, "match-start")
    bob_link = a.wait(lambda e: e["what"] == "linked" and e["seat"] == 1, 30, "sees-both-link")
    a.wait(lambda e: e["what"] == "turn" and e["seat"] == 0 and bob_link and e["t"] >= bob_link["t"],
           10, "turn-back")
    links = a.online("linked")
    mastery = [sum(int(e["text"].split("+")[1]) for e in links if e["seat"] == s) for s in (0, 1)]
    a.kill9()  # on its own turn
    # the other player sees the absent one time out on the server's clock, the turn passes
    t = b.wait(lambda e: e["what"] == "timeout" and e["seat"] == 0, 30, "sees-timeout")
    b.wait(lambda e: e["what"] == "turn" and e["seat"] == 1 and (not t or e["t"] >= t["t"]), 10,
           "gets-the-turn")
    # a restart with the saved token (no --name) resumes the same player and match
    a2 = Player(args, work, "ann2", srv.port, [], settings=a.settings)
    w1 = a.online("welcome")
    w2 = a2.wait(lambda e: e["what"] == "welcome", 20, "signs-in-again")
    r = a2.wait(lambda e: e["what"] == "match-start", 20, "resumes")
    if w1 and w2:
        check("same-player", w1[0]["text"] == w2["text"], (w1[0], w2))
    if r:
        check("same-match", r["match"] == start["match"] and r["seat"] == 0, r)
        check("says-resumed", r["text"].startswith("resumed match"), r)
        # the score so far comes back with it
        check("resumed-mastery", r["text"].endswith("mastery %d to %d" % tuple(mastery))
              and mastery[0] > 0 and mastery[1] > 0, (r, mastery))
        # the resumed board is the server's as it is now: the match-start event carries it
        ms = [e for e in a2.lines() if e.get("event") == "match-start"]
        check("resumed-board-logged", ms and len(ms[-1]["cells"]) == 36, ms[-1:])
    for p in (a2, b):
        check("%s-alive" % p.tag, p.still_running(), open(p.err).read()[-300:])
        p.kill9()
    srv.stop()


def sc_lost(args, work):
    db = os.path.join(work, "lost.db")
    srv = Server(args, db)
    port = srv.port
    a = Player(args, work, "ann", port, [], name="Ann")
    a.wait(lambda e: e["what"] == "welcome", 20, "welcome")
    srv.kill9()
    lost = a.wait(lambda e: e["what"] == "lost", 20, "says-lost")
    time.sleep(1.5)  # a few attempts fail while the server is away
    srv2 = Server(args, db, port=port)
    if lost:
        again = a.wait(lambda e: e["what"] == "welcome" and e["t"] > lost["t"], 30, "signs-in-again")
        if again:
            check("same-account", again["text"] == a.online("welcome")[0]["text"], again)
            connects = [e for e in a.online("connected") if e["t"] > lost["t"]]
            check("reconnected-once", len(connects) >= 1, connects)
        # and it said so on screen: the caption line
        caps = [e["text"] for e in a.lines() if e.get("event") == "caption"]
        check("caption-says-lost", any(t.startswith("Connection lost") for t in caps), caps[-5:])
    check("alive", a.still_running())
    a.kill9()
    srv2.stop()


class Proxy:
    """A TCP relay on a free port to the server; cut() breaks every connection through it (a
    network that drops), new ones go through again."""

    def __init__(self, port):
        self.port_to, self.pairs, self.stop = port, [], threading.Event()
        self.ls = socket.socket()
        self.ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.ls.bind(("127.0.0.1", 0))
        self.ls.listen(8)
        self.ls.settimeout(0.2)
        self.port = self.ls.getsockname()[1]
        self.accepted = 0
        threading.Thread(target=self.loop, daemon=True).start()

    def pump(self, a, b):
        try:
            while True:
                d = a.recv(65536)
                if not d:
                    break
                b.sendall(d)
        except OSError:
            pass
        for s in (a, b):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def loop(self):
        while not self.stop.is_set():
            try:
                c, _ = self.ls.accept()
            except socket.timeout:
                continue
            s = socket.create_connection(("127.0.0.1", self.port_to))
            self.accepted += 1
            self.pairs.append((c, s))
            threading.Thread(target=self.pump, args=(c, s), daemon=True).start()
            threading.Thread(target=self.pump, args=(s, c), daemon=True).start()
        self.ls.close()

    def cut(self):
        for c, s in self.pairs:
            for x in (c, s):
                try:
                    x.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
        self.pairs = []


def sc_drop(args, work):
    """The network drops in the middle of a match while the player runs: it says so, retries,
    signs in again through the same address and is back in the same match, as the server
    says it now."""
    srv = Server(args, os.path.join(work, "drop.db"), short_rules(args, work, 60000))
    proxy = Proxy(srv.port)
    a = Player(args, work, "ann", proxy.port, LOBBY_EASY + ["wait:2500", "l", "enter", "l", "enter"],
               name="Ann")
    b = Player(args, work, "bob", srv.port, ["wait:1000"] + LOBBY_EASY, name="Bob")
    link = a.wait(lambda e: e["what"] == "linked" and e["seat"] == 0, 30, "links")
    if link:
        proxy.cut()
        lost = a.wait(lambda e: e["what"] == "lost" and e["t"] > link["t"], 20, "says-lost")
        back = a.wait(lambda e: e["what"] == "match-start" and lost and e["t"] > lost["t"], 30,
                      "resumes")
        if back:
            check("same-match-resumed", back["match"] == link["match"] and
                  back["text"].startswith("resumed match"), back)
            mastery = int(link["text"].split("+")[1])
            check("the-link-is-still-there", back["text"].endswith("mastery %d to 0" % mastery),
                  back)
            check("a-new-connection", proxy.accepted >= 2, proxy.accepted)
    for p in (a, b):
        check("%s-alive" % p.tag, p.still_running())
        p.kill9()
    proxy.stop.set()
    srv.stop()


def sc_leave(args, work):
    """The match's Leave button, clicked twice within 3 s, resigns (it did nothing online):
    the other player wins, as with Escape twice."""
    srv = Server(args, os.path.join(work, "leave.db"))
    leave = "click:1790,50"  # the Leave button's centre in the 1920x1080 field
    a = Player(args, work, "ann", srv.port, LOBBY_EASY + ["wait:2500", leave, leave], name="Ann")
    b = Player(args, work, "bob", srv.port, ["wait:400"] + LOBBY_EASY, name="Bob")
    end = b.wait(lambda e: e["what"] == "end", 30, "end")
    a.kill9()
    b.kill9()
    srv.stop()
    if end:
        check("leave-abandoned-bob-wins", "result abandoned, winner 1" in end["text"], end)
        caps = [e["text"] for e in a.lines() if e.get("event") == "caption"]
        check("leave-first-click-asks", any(c.startswith("Click Leave again within 3 s") for c in caps), caps[-6:])


def sc_unqueue(args, work):
    """Waiting with nobody to play: Escape (or Stop waiting) leaves the queue without leaving
    the lobby, and Find a match joins it again. Bob queues while Ann is out of it and waits;
    the match starts only when Ann queues again."""
    srv = Server(args, os.path.join(work, "unqueue.db"))
    # Ann leaves at 2.1 s and queues again at 6.2 s; Bob queues at 4 s: two seconds either
    # way for one player process to start later than the other
    a = Player(args, work, "ann", srv.port, LOBBY_EASY + ["wait:300", "enter", "wait:1200", "escape",
                                                         "wait:4000", "enter"], name="Ann")
    b = Player(args, work, "bob", srv.port, ["wait:3400"] + LOBBY_EASY, name="Bob")
    start = a.wait(lambda e: e["what"] == "match-start", 30, "match-start")
    a.kill9()
    b.kill9()
    srv.stop()
    if not start:
        return
    left = a.online("unqueued")
    check("ann-left-the-queue", len(left) == 1, [e["what"] for e in a.online()])
    queues = [e for e in a.online("sent") if '"type":"queue"' in e["text"]]
    check("ann-queued-twice", len(queues) == 2, queues)  # the second one found Bob waiting
    bq = b.online("queued")
    check("bob-waited-for-ann", len(bq) == 1 and left and left[0]["t"] < start["t"], (bq, left, start))
    check("one-match-for-ann", len(a.online("match-start")) == 1, a.online("match-start"))
    caps = [e["text"] for e in a.lines() if e.get("event") == "caption"]
    # the scripted Enter after Find a match (within M5O_STOP_WAIT_MS) did not leave the queue
    check("a-second-enter-is-no-stop", sum(c.startswith("Already waiting for an opponent:") for c in caps) == 1,
          caps[:12])
    check("ann-told-she-left", any(c.startswith("You left the queue") for c in caps), caps[-6:])


def sc_busy(args, work):
    """A server that makes no more accounts this minute (--new-players, all taken): the new
    player says so and signs in again on the same connection a few seconds later."""
    srv = Server(args, os.path.join(work, "busy.db"), extra=["--new-players", "10"])
    for i in range(10):  # the bucket's 10 (it refills one every 6 s)
        s = socket.create_connection(("127.0.0.1", srv.port), timeout=10)
        s.sendall(b'{"type":"hello","name":"filler%d"}\n' % i)
        s.makefile().readline()
        s.close()
    a = Player(args, work, "ann", srv.port, [], name="Ann")
    busy = a.wait(lambda e: e["what"] == "error" and e["text"].startswith("busy"), 20, "busy")
    w = a.wait(lambda e: e["what"] == "welcome", 20, "welcome-after-busy")
    a.kill9()
    srv.stop()
    if busy and w:
        check("signed-in-some-seconds-later", w["t"] - busy["t"] >= 4000, (busy, w))
        check("on-the-same-connection", len(a.online("connected")) == 1, a.online("connected"))
        caps = [e["text"] for e in a.lines() if e.get("event") == "caption"]
        check("says-why-it-waits", any("no new accounts for a moment" in c for c in caps), caps[-6:])


def sc_takeover(args, work):
    """Two windows with the same saved account: the newer one plays it, the older one says
    so and stops (it does not reconnect and take it back)."""
    srv = Server(args, os.path.join(work, "takeover.db"))
    a = Player(args, work, "ann", srv.port, [], name="Ann")
    w = a.wait(lambda e: e["what"] == "welcome", 20, "welcome")
    a2 = Player(args, work, "ann2", srv.port, [], settings=a.settings)
    w2 = a2.wait(lambda e: e["what"] == "welcome", 20, "welcome")
    if w and w2:
        check("same-account", w["text"] == w2["text"], (w, w2))
    a.wait(lambda e: e["what"] == "error" and e["text"].startswith("replaced"), 20, "replaced")
    time.sleep(2)  # longer than the first backoffs: an older window that retried would show
    connects = a.online("connected")
    check("older-window-stays-stopped", len(connects) == 1, [e["t"] for e in connects])
    check("newer-window-signed-in-once", len(a2.online("welcome")) == 1, a2.online("welcome"))
    a.kill9()
    a2.kill9()
    srv.stop()


def sc_shop(args, work):
    """Arcade online: the server's shop and inventory. An account with 100 Star Points (set
    in the database while the server is stopped) buys a Reveal through the player's shop row,
    puts it in the loadout and queues Arcade with it."""
    srv, settings, db, w = signed_in_account(args, work, "shop", 100, 0)
    # Mode: Arcade; down to the shop (Reveal), Enter buys; down to the loadout, Enter adds
    # the Reveal; down to Find a match, Enter queues
    a = Player(args, work, "ann", srv.port, ["wait:1000", "right", "down", "down", "enter",
                                             "wait:500", "down", "enter", "down", "enter"],
               settings=settings)
    a.wait(lambda e: e["what"] == "profile" and "80 Star Points" in e["text"], 20, "bought")
    q = a.wait(lambda e: e["what"] == "queued" and e["text"] == "arcade normal", 20, "queued")
    sent = [json.loads(e["text"]) for e in a.online("sent")]
    buys = [m for m in sent if m["type"] == "buy"]
    queues = [m for m in sent if m["type"] == "queue"]
    check("one-buy-of-reveal", buys == [{"type": "buy", "power": "reveal"}], buys)
    check("queued-with-the-bought-reveal", queues and queues[-1].get("loadout", {}).get("reveal") == 1
          and queues[-1]["mode"] == "arcade", queues)
    if q:
        con = sqlite3.connect(db)
        inv = con.execute("SELECT power, count FROM inventory WHERE player = ?",
                          (w["player"],)).fetchall()
        sp = con.execute("SELECT star_points FROM players WHERE id = ?", (w["player"],)).fetchone()
        con.close()
        check("server-kept-the-purchase", sp == (80,) and ("reveal", 1) in inv, (sp, inv))
    a.kill9()
    srv.stop()


def signed_in_account(args, work, name, star_points, charges):
    """A server database NAME.db with one account (Ann) holding star_points Star Points and
    `charges` of every power (set while the server is stopped), the server started again on it
    and a settings file signed in to it; returns the server, settings, database, welcome."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import bot
    db = os.path.join(work, name + ".db")
    srv = Server(args, db)
    c = bot.Client("127.0.0.1", srv.port)
    c.send({"type": "hello", "name": "Ann"})
    w = c.expect("welcome")
    c.close()
    srv.stop()
    con = sqlite3.connect(db)
    con.execute("UPDATE players SET star_points = ? WHERE id = ?", (star_points, w["player"]))
    for power in ("reveal", "doublePoints", "wildcard", "extraTurn") if charges else ():
        con.execute("INSERT OR REPLACE INTO inventory(player, power, count) VALUES (?, ?, ?)",
                    (w["player"], power, charges))
    con.commit()
    con.close()
    srv = Server(args, db)
    settings = os.path.join(work, "ann.settings.json")
    with open(settings, "w") as f:
        json.dump({"format": "player-settings/3", "master": 80, "music": 70, "sfx": 90,
                   "oddshape": {"colorblind": False, "randomize": False, "seed": 12345},
                   "memory5d": {"reducedMotion": False, "reducedSensory": False,
                                "highContrast": False,
                                "online": {"server": "127.0.0.1:%d" % srv.port, "name": "Ann",
                                           "token": w["token"]}}}, f)
    return srv, settings, db, w


def rich_account(args, work, name):
    """signed_in_account with 1000 Star Points and 12 of every power: the server, settings."""
    return signed_in_account(args, work, name, 1000, 12)[:2]


def sc_fit(args, work):
    """The online lobby's labels fit their buttons at every window size: an account with
    two-digit inventories ("Double Pts 0/12") drawn at full HD, 1280x720 and three windows
    under it (the compact field) down to the smallest, 640x360; the layout event lists every
    text the kit could not fit."""
    srv, settings = rich_account(args, work, "fit")
    for size in ("1920x1080", "1280x720", "1000x700", "800x450", "640x360"):
        shot = os.path.join(work, "lobby-%s.png" % size)
        # Mode: Arcade, so the loadout row is live; a frame drawn once the profile is in
        a = Player(args, work, "fit-" + size, srv.port, ["wait:400", "right"], settings=settings,
                   until=3000, extra=["--size", size, "--screenshot", "2500:" + shot])
        a.wait(lambda e: e["what"] == "profile", 20, "profile")
        a.proc.wait(60)
        lay = [e for e in a.lines() if e.get("event") == "layout" and e["screen"] == "online-lobby"]
        names = [t["name"] for t in lay[-1]["targets"]] if lay else []
        check("%s-drew-the-counts" % size, any("12/12" in n or "0/12" in n for n in names), names)
        check("%s-every-label-fits" % size, lay and all(e.get("overflow") == [] for e in lay),
              [e.get("overflow") for e in lay][:6])
    srv.stop()


def layout_faults(lay):
    """What the playtest's layout check (tests/cli/test_memory5d_playtest.sh, issue 27 item 6)
    finds in these layout events: targets under 44 output px or outside the field they were
    laid out in, text under 12 output px, texts cut off."""
    out = []
    for e in lay:
        k = e["scale"]
        out += [("small", e["t"], t["name"]) for t in e["targets"] if min(t["w"], t["h"]) * k < 44 - 0.01]
        out += [("outside", e["t"], t["name"]) for t in e["targets"] if t["x"] < 0 or t["y"] < 0 or
                t["x"] + t["w"] > e["fieldW"] or t["y"] + t["h"] > e["fieldH"]]
        out += [("text", e["t"], round(e["minText"] * k, 1))] if e["minText"] * k < 12 - 0.01 else []
        out += [("cut", e["t"], o["text"]) for o in e["overflow"]]
    return out


def sc_layout(args, work):
    """The online lobby laid out for 1280x720 (the wide field at 2/3) and for the smallest
    window, 640x360 (the compact 960x540 field at 2/3): every target at least 44 output px
    and inside the field, every text at least 12 and none cut off; signed in (Arcade, the
    focus walked down the rows) and before any server answers (the connection's state)."""
    srv, settings = rich_account(args, work, "layout")
    free = socket.socket()
    free.bind(("127.0.0.1", 0))
    nobody = free.getsockname()[1]  # a port nobody listens on (closed before the player runs)
    free.close()
    for size in ("1280x720", "640x360"):
        keys = ["wait:400", "right", "down", "down", "down", "right", "down", "down", "up"]
        a = Player(args, work, "lay-" + size, srv.port, keys, settings=settings, until=3000,
                   extra=["--size", size, "--screenshot", "2500:" + os.path.join(work, "lay-%s.png" % size)])
        a.wait(lambda e: e["what"] == "profile", 20, "profile")
        a.proc.wait(60)
        b = Player(args, work, "down-" + size, nobody, [], until=1500,
                   extra=["--size", size, "--screenshot", "1400:" + os.path.join(work, "down-%s.png" % size)])
        b.proc.wait(60)
        for p in (a, b):
            lay = [e for e in p.lines() if e.get("event") == "layout" and e["screen"] == "online-lobby"]
            check("%s-laid-out" % p.tag, len(lay) >= 1, lay)
            check("%s-targets-44-text-12-inside-none-cut" % p.tag, lay and not layout_faults(lay),
                  layout_faults(lay)[:8])
            field = (960, 540) if size == "640x360" else (1920, 1080)
            check("%s-field" % p.tag, all((e["fieldW"], e["fieldH"]) == field and
                                          abs(e["scale"] - 2 / 3) < 1e-3 for e in lay),
                  [(e["fieldW"], e["scale"]) for e in lay][:4])
    srv.stop()


def sc_draft(args, work):
    """The online Power Draft: two players pick on the server's deadlines (any key 1-4, over
    and over: refused picks cost nothing), then the drafted Arcade match starts."""
    srv = Server(args, os.path.join(work, "draft.db"))
    lobby = ["right", "right", "down", "left", "down", "down", "down", "enter"]
    picks = ["1", "2", "3", "4"] * 40
    a = Player(args, work, "ann", srv.port, lobby + picks, name="Ann")
    b = Player(args, work, "bob", srv.port, ["wait:400"] + lobby + picks, name="Bob")
    ms = [p.wait(lambda e: e["what"] == "match-start", 60, "drafted-match-starts") for p in (a, b)]
    for p in (a, b):
        drafts = p.online("draft")
        check("%s-saw-the-six-picks" % p.tag, len(drafts) >= 7 and drafts[-1]["seat"] is None,
              [(e["seat"], e["text"]) for e in drafts])
        screens = [e["screen"] for e in p.lines() if e.get("event") == "screen"]
        check("%s-draft-then-match-screens" % p.tag, "online-draft" in screens and
              screens.index("online-draft") < len(screens) - 1 and screens[-1] == "online-match",
              screens)
    if all(ms):
        con = sqlite3.connect(os.path.join(work, "draft.db"))
        row = con.execute("SELECT mode, ranked, drafted FROM matches WHERE id = ?",
                          (ms[0]["match"],)).fetchone()
        con.close()
        check("an-unranked-drafted-arcade-match", row == ("arcade", 0, 1), row)
    a.kill9()
    b.kill9()
    srv.stop()


def fake_server(behaviour, conns, stop):
    """A misbehaving server on a free port: each connection gets behaviour(conn, index)."""
    ls = socket.socket()
    ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    ls.bind(("127.0.0.1", 0))
    ls.listen(8)
    ls.settimeout(0.2)

    def loop():
        while not stop.is_set() and len(conns) < 6:
            try:
                c, _ = ls.accept()
            except socket.timeout:
                continue
            conns.append(c)
            c.settimeout(5)
            try:
                c.recv(65536)  # the hello
                behaviour(c, len(conns) - 1)
            except OSError:
                pass
        ls.close()

    th = threading.Thread(target=loop, daemon=True)
    th.start()
    return ls.getsockname()[1], th


def sc_malformed(args, work):
    bad = [b'{"type":"welcome","player":"seven","token":"1.a","name":"Ann"}\n',  # mistyped
           b'this is not json\n',
           b'{"type":"match-start","match":1}\n',                                # half a message
           b'x' * (70 * 1024) + b'\n']                                          # over 64 KiB

    def behaviour(c, i):
        if i < len(bad):
            c.sendall(bad[i])
            time.sleep(0.5)
        else:
            c.sendall(b'{"type":"welcome","player":1,"token":"1.00","name":"Ann"}\n')
            time.sleep(2)
        c.close()

    conns, stop = [], threading.Event()
    port, th = fake_server(behaviour, conns, stop)
    a = Player(args, work, "ann", port, [], name="Ann")
    seen = []
    end = time.time() + 40
    while time.time() < end and len(seen) < len(bad) - 1:
        seen = a.online("malformed")
        time.sleep(0.1)
    # the first three are read and refused; the fourth never ends within the line limit
    check("says-malformed-each-time", len(seen) >= len(bad) - 1, [e["text"] for e in seen])
    check("names-the-field", any("welcome.player" in e["text"] for e in seen), [e["text"] for e in seen])
    a.wait(lambda e: e["what"] == "welcome", 30, "welcome-after-bad-lines")
    check("names-the-length", any("64 KiB" in e["text"] for e in a.online("lost")),
          [e["text"] for e in a.online("lost")])
    check("reconnected-each-time", len(conns) >= len(bad) + 1, len(conns))
    check("alive", a.still_running(), open(a.err).read()[-300:])
    a.kill9()
    stop.set()
    th.join(5)
    err = open(a.err).read()
    check("stderr-says-server", "memory5d: server: " in err, err[-300:])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("scenario", choices=["play", "resume", "lost", "malformed", "shop", "draft", "takeover", "drop",
                                         "fit", "layout", "leave", "unqueue", "busy"])
    args = ap.parse_args()
    work = os.path.join(args.work, "online-" + args.scenario)
    shutil.rmtree(work, ignore_errors=True)  # a fresh database and settings every run
    os.makedirs(work)
    try:
        globals()["sc_" + args.scenario](args, work)
    finally:
        for p in PROCS:
            if p.poll() is None:
                p.kill()
                p.wait(10)
    sys.exit(1 if FAILS else 0)


if __name__ == "__main__":
    main()
