"""Independent reference for the Compass Shift solver, written from the spec's wording alone
(compass-shift.md "Release transaction", "Aperture and obstacle grammar"): a plain set-based
BFS over (remaining ids, phase) and a memoised search for the lexicographically first winning
order. Never used by the tools; it cross-checks them. For N seeded random boards it compares
`solver compass` output with its own: solution, the wall/window/port witnesses (the first in
search order: layers by release count, then remaining set as a bit mask, then arrow index),
idle apertures, stateCount, deadEndStates and issue 18's metrics (winningOrders,
terminalOrders, randomWinShare as an exact fraction, decisionSteps, wrongMoves) and issue 31's
(lookahead, lastTrapStep, greedyWins, randomScanWinShare exact up to 6 arrows, apertureReach).

  compass_reference.py SOLVER SEED N      2x2 to 5x5 boards, 1 to 8 arrows
  compass_reference.py SOLVER SEED N MAX_SIDE MAX_ARROWS CAP
      up to MAX_SIDE square, 1 to MAX_ARROWS arrows (denser walls and fewer exits as arrows
      grow, so large boards stay searchable); a board whose reference search passes CAP
      states is skipped and counted
exit 1 and one line per mismatch.
"""
import itertools, json, math, os, random, subprocess, sys, tempfile
from fractions import Fraction
from functools import lru_cache
STEP = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
D = "NESW"
class TooBig(Exception):
    pass
def make_ray(lv):
    """The release rule alone: ray(rem, ph, i, relax) -> (status, aperture index or None),
    status "ok", "wall", "arrow", "closed" or "phase"; relax holds "w" (walls ignored) and/or
    aperture kinds whose schedule is taken as open in every phase."""
    R, C = lv["rows"], lv["cols"]; walls = {tuple(w) for w in lv["walls"]}
    aps = lv["apertures"]
    apidx = {(a["side"], a["lane"]): i for i, a in enumerate(aps)}
    mask = [15 if a["kind"] == "plain" else sum(1 << p for p in a["phases"]) for a in aps]
    arr = lv["arrows"]
    def ray(rem, ph, i, relax):
        a = arr[i]; d = D[(D.index(a["dir"]) + ph) % 4]; dr, dc = STEP[d]
        occ = {(arr[j]["row"], arr[j]["col"]) for j in rem if j != i}
        r, c = a["row"] + dr, a["col"] + dc
        while 0 <= r < R and 0 <= c < C:
            if (r, c) in walls and "w" not in relax: return ("wall", None)
            if (r, c) in occ: return ("arrow", None)
            r += dr; c += dc
        lane = a["col"] if d in "NS" else a["row"]
        k = apidx.get((d, lane))
        if k is None: return ("closed", None)
        m = mask[k]
        if aps[k]["kind"] in relax: m = 15
        return ("ok" if (m >> ph) & 1 else "phase", k)
    return ray
def analyse(lv, cap=None):
    aps = lv["apertures"]; arr = lv["arrows"]; n = len(arr); walls = lv["walls"]
    ray = make_ray(lv)
    start = (frozenset(range(n)), lv["initialPhase"]); seen = {start}; q = [start]
    reached = set(); reach = {}; wit = {"wall": None, "window": None, "port": None}; dead = 0; layer = 0
    def key(rem): return sum(1 << i for i in rem)
    while q:
        nq = []
        for rem, ph in q:
            if rem and not any(ray(rem, ph, i, "")[0] == "ok" for i in rem): dead += 1
            for i in sorted(rem):
                st, k = ray(rem, ph, i, "")
                found = None
                if k is not None: reached.add(k); reach.setdefault(k, set()).add(i)
                if st == "wall" and ray(rem, ph, i, "w")[0] == "ok": found = "wall"
                if st == "phase":
                    kind = aps[k]["kind"]
                    if ray(rem, ph, i, kind)[0] == "ok": found = kind
                if found:
                    c = (layer, key(rem), i, sorted(rem), ph)
                    if wit[found] is None or c < wit[found]: wit[found] = c
                if st == "ok":
                    s = (rem - {i}, (ph + 1) % 4)
                    if s not in seen:
                        seen.add(s); nq.append(s)
                        if cap and len(seen) > cap: raise TooBig()
        q = nq; layer += 1
    wit = {k: None if v is None else ([arr[j]["id"] for j in v[3]], v[4], arr[v[2]]["id"]) for k, v in wit.items()}
    @lru_cache(None)
    def first(rem, ph):
        if not rem: return ()
        for i in sorted(rem):
            if ray(rem, ph, i, "")[0] == "ok":
                r = first(rem - {i}, (ph + 1) % 4)
                if r is not None: return (i,) + r
        return None
    sol = first(frozenset(range(n)), lv["initialPhase"])
    idle = ["%s+%d#%s" % (a["side"], a["lane"], a["kind"]) for k, a in enumerate(aps) if a["kind"] != "plain" and k not in reached]
    # Issue 18's metrics, exactly: order counts, the random-tap win chance as a Fraction,
    # wrong moves (winnable state -> lost state) and the solution's steps with a choice.
    legal = lambda rem, ph: [i for i in sorted(rem) if ray(rem, ph, i, "")[0] == "ok"]
    @lru_cache(None)
    def orders(rem, ph):  # (winning, terminal, share)
        if not rem: return 1, 1, Fraction(1)
        L = legal(rem, ph)
        if not L: return 0, 1, Fraction(0)
        subs = [orders(rem - {i}, (ph + 1) % 4) for i in L]
        return sum(w for w, _, _ in subs), sum(t for _, t, _ in subs), sum(p for _, _, p in subs) / len(L)
    wrong = sum(1 for rem, ph in seen if orders(rem, ph)[0] for i in legal(rem, ph) if not orders(rem - {i}, (ph + 1) % 4)[0])
    win, term, share = orders(*start)
    rem, ph, steps = start[0], start[1], 0
    for i in sol or ():
        steps += len(legal(rem, ph)) > 1; rem, ph = rem - {i}, (ph + 1) % 4
    # Issue 31's figures: lookahead (1 + the most releases still possible after a losing
    # release, over winnable states offering both kinds), the latest solution step with a
    # losing alternative, greedy reading-order play, the random-scan share over every order
    # (up to 6 arrows here, to stay quick) and per window/port the reaching arrows, the one
    # phase each faces it ((side - base) mod 4) and whether it passes.
    nxt = lambda rem, ph, i: (rem - {i}, (ph + 1) % 4)
    @lru_cache(None)
    def height(rem, ph):
        return max((1 + height(*nxt(rem, ph, i)) for i in legal(rem, ph)), default=0)
    look = 0
    for rem, ph in seen:
        if not rem or not orders(rem, ph)[0]: continue
        L = legal(rem, ph); lose = [i for i in L if not orders(*nxt(rem, ph, i))[0]]
        if lose and len(lose) < len(L): look = max(look, max(1 + height(*nxt(rem, ph, i)) for i in lose))
    trap, (rem, ph) = None, start
    for k, i in enumerate(sol or ()):
        if any(not orders(*nxt(rem, ph, j))[0] for j in legal(rem, ph)): trap = k
        rem, ph = nxt(rem, ph, i)
    def scan(order):
        rem, ph = start
        while rem:
            L = set(legal(rem, ph)); pick = next((i for i in order if i in L), None)
            if pick is None: return False
            rem, ph = nxt(rem, ph, pick)
        return True
    greedy = scan(sorted(range(n), key=lambda i: (arr[i]["row"], arr[i]["col"])))
    scan_share = Fraction(sum(map(scan, itertools.permutations(range(n)))), math.factorial(n)) if n <= 6 else None
    apreach = []
    for k, a in enumerate(aps):
        if a["kind"] == "plain": continue
        rows = []
        for i in sorted(reach.get(k, ())):
            p = (D.index(a["side"]) - D.index(arr[i]["dir"])) % 4
            rows.append((arr[i]["id"], p, p in a["phases"]))
        apreach.append(("%s+%d#%s" % (a["side"], a["lane"], a["kind"]), rows, len({r[2] for r in rows}) == 2))
    metrics = (win, term, share, steps, wrong, look, trap, greedy, scan_share, apreach)
    return [arr[i]["id"] for i in sol] if sol is not None else [], wit, idle, len(seen), dead, metrics
def main():
    solver, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    wide = len(sys.argv) > 4
    max_side, max_arrows, cap = (int(a) for a in sys.argv[4:7]) if wide else (5, 8, None)
    rnd = random.Random(seed); bad = 0; solv = 0; skipped = 0; most = 0
    path = os.path.join(tempfile.mkdtemp(), "board.json")
    def witness(w):
        return None if not w else (w["remaining"], w["phase"], w["arrow"])
    for t in range(count):
        R, C = rnd.randint(2, max_side), rnd.randint(2, max_side)
        cells = [(r, c) for r in range(R) for c in range(C)]; rnd.shuffle(cells)
        na = rnd.randint(1, min(max_arrows, R * C - 1))
        nw = rnd.randint(0, (len(cells) - na) // 3 if wide else len(cells) // 5)
        walls = cells[:nw]; free = cells[nw:]
        na = min(na, len(free))
        # Wide mode: the more arrows, the fewer open lanes, so the reachable graph stays small.
        shut = 5 + (na // 8 if wide else 0)
        aps = []
        for s in D:
            for l in range(C if s in "NS" else R):
                k = rnd.randrange(shut)
                if k <= 1: aps.append({"side": s, "lane": l, "kind": "plain"})
                elif k == 2: aps.append({"side": s, "lane": l, "kind": "window", "phases": [rnd.randrange(4)]})
                elif k == 3: aps.append({"side": s, "lane": l, "kind": "port", "phases": sorted(rnd.sample(range(4), 2))})
        lv = {"format": "compass-shift-level/1", "id": "r", "rows": R, "cols": C, "initialPhase": rnd.randrange(4), "walls": [list(w) for w in walls],
              "apertures": aps, "arrows": [{"id": "a%d" % i, "row": r, "col": c, "dir": rnd.choice(D)} for i, (r, c) in enumerate(free[:na])]}
        with open(path, "w") as f:
            json.dump(lv, f)
        try:
            sol, wit, idle, states, dead, (win, term, share, steps, wrong, look, trap, greedy, scan_share, apreach) = analyse(lv, cap)
        except TooBig:
            skipped += 1
            continue
        most = max(most, states)
        e = json.loads(subprocess.run([solver, "compass", path], capture_output=True, text=True).stdout)
        solv += bool(sol)
        got_w = {"wall": witness(e["wallImpact"]), "window": witness(e["scheduleImpact"].get("window")), "port": witness(e["scheduleImpact"].get("port"))}
        if not walls: wit["wall"] = None
        # The written share: 12 decimals, and never 0 or 1 unless exactly so.
        got_share = e["randomWinShare"]
        share_ok = abs(Fraction(got_share) - share) <= Fraction(1, 10**12) and (got_share == 1) == (share == 1) and (got_share == 0) == (share == 0)
        got_scan = e["randomScanWinShare"]
        scan_ok = scan_share is None or abs(Fraction(got_scan) - scan_share) <= Fraction(1, 10**12)
        got_reach = [(x["aperture"], [(y["arrow"], y["phase"], y["passes"]) for y in x["arrows"]], x["tellsApart"]) for x in e["apertureReach"]]
        want = (sol, wit, idle, states, dead, win, term, True, steps, wrong, look, trap, greedy, True, apreach)
        got = (e["solution"], got_w, e["idleApertures"], e["stateCount"], e["deadEndStates"], int(e["winningOrders"]), int(e["terminalOrders"]), share_ok, e["decisionSteps"], e["wrongMoves"],
               e["lookahead"], e["lastTrapStep"], e["greedyWins"], scan_ok, got_reach)
        if want != got:
            bad += 1
            print("board %d: reference %s, solver %s: %s" % (t, want, got, json.dumps(lv)))
    print("compass reference: %d boards (%d skipped over the cap), %d solvable, up to %d states, "
          "%d mismatches" % (count, skipped, solv, most, bad))
    sys.exit(1 if bad else 0)
if __name__ == "__main__":
    main()
