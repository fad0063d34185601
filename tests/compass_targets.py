"""Issue 31's campaign design targets, measured on the committed levels alone, independently of
the generator's grading and of the solver's evidence: its own state graph over the release
rule of tests/compass_reference.py (make_ray, written from the spec's wording), never a figure
the tools computed.

  compass_targets.py LEVELS_DIR            check every target, exit 1 naming each miss
  compass_targets.py LEVELS_DIR --table    also print one line per level

Definitions (issue 31, "What to build"):
- lookahead: "over the states from which it can still be won and that offer both a winning
  and a losing release, the most releases a player must look ahead to see every losing
  release lose (1 + the least depth d such that all continuations of that release are stuck
  within d releases)"; 0 when no such state exists.
- greedy: "always releasing the first free arrow in reading order (row, then column)".
- random scan: the greedy rule with a scan order drawn uniformly among all orders of the
  arrows, fixed for the game; its win share is exact over every order.
- an aperture (window or port) tells two reaching arrows apart when, of the arrows whose ray
  reaches it in some reachable state, one faces it in an open phase and one in a closed one.
  (An arrow faces a side in exactly one phase mod 4: its base direction turned by the phase.)
"""
import itertools, json, os, statistics, sys
from functools import lru_cache

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compass_reference import make_ray  # noqa: E402

D = "NESW"


def graph(lv, relax=""):
    """Reachable states (frozenset of arrow indices, phase) and each one's legal releases."""
    ray = make_ray(lv)
    start = (frozenset(range(len(lv["arrows"]))), lv["initialPhase"])
    legal, todo = {}, [start]
    while todo:
        s = todo.pop()
        if s in legal:
            continue
        rem, ph = s
        legal[s] = [i for i in sorted(rem) if ray(rem, ph, i, relax)[0] == "ok"]
        todo += [(rem - {i}, (ph + 1) % 4) for i in legal[s]]
    return start, legal


def measure(lv, relax=""):
    start, legal = graph(lv, relax)
    nxt = lambda s, i: (s[0] - {i}, (s[1] + 1) % 4)

    @lru_cache(None)
    def winnable(s):
        return not s[0] or any(winnable(nxt(s, i)) for i in legal[s])

    @lru_cache(None)
    def height(s):  # the most releases still possible from s
        return max((1 + height(nxt(s, i)) for i in legal[s]), default=0)

    look, wrong = 0, 0
    for s in legal:
        if not winnable(s):
            continue
        losing = [i for i in legal[s] if not winnable(nxt(s, i))]
        wrong += len(losing)
        if losing and len(losing) < len(legal[s]):
            look = max(look, max(1 + height(nxt(s, i)) for i in losing))
    arrows = lv["arrows"]

    def scan(order):
        s = start
        while s[0]:
            free = set(legal[s])
            pick = next((i for i in order if i in free), None)
            if pick is None:
                return False
            s = nxt(s, pick)
        return True

    reading = sorted(range(len(arrows)), key=lambda i: (arrows[i]["row"], arrows[i]["col"]))
    perms = list(itertools.permutations(range(len(arrows))))
    scan_share = sum(scan(p) for p in perms) / len(perms)

    def first(s):  # the lexicographically first winning order (the solver's solution)
        if not s[0]:
            return []
        for i in legal[s]:
            if winnable(nxt(s, i)):
                return [i] + first(nxt(s, i))

    sol = first(start) if winnable(start) else None
    late_choice = False
    if sol:
        s = start
        for k, i in enumerate(sol):
            if k >= len(sol) - 3 and any(not winnable(nxt(s, j)) for j in legal[s]):
                late_choice = True
            s = nxt(s, i)
    return {"lookahead": look, "greedy": scan(reading), "scan": scan_share, "wrong": wrong,
            "winnable": winnable(start), "lateChoice": late_choice, "legal": legal}


def apertures(lv, legal):
    """Per window/port: {arrow index: passes} over the arrows reaching it."""
    ray = make_ray(lv)
    out = {}
    for (rem, ph) in legal:
        for i in rem:
            st, k = ray(rem, ph, i, "")
            if k is not None and lv["apertures"][k]["kind"] != "plain":
                out.setdefault(k, {})[i] = st == "ok"
    return out


def spearman(xs, ys):
    def ranks(v):
        order = sorted(range(len(v)), key=lambda i: v[i])
        r = [0.0] * len(v)
        i = 0
        while i < len(v):
            j = i
            while j + 1 < len(v) and v[order[j + 1]] == v[order[i]]:
                j += 1
            for k in range(i, j + 1):
                r[order[k]] = (i + j) / 2
            i = j + 1
        return r
    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.mean(rx), statistics.mean(ry)
    num = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    den = (sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry)) ** 0.5
    return num / den if den else 0.0


def harmless(lv, element):
    """The level with that element made harmless: walls removed, or windows/ports plain."""
    c = json.loads(json.dumps(lv))
    if element == "walls":
        c["walls"] = []
    else:
        for a in c["apertures"]:
            if a["kind"] == element:
                a["kind"] = "plain"
                a.pop("phases", None)
    return c


def main():
    lvdir, table = sys.argv[1], "--table" in sys.argv
    camp = json.load(open(os.path.join(lvdir, "campaign.json")))
    names = [e if isinstance(e, str) else e.get("file") or e.get("path") for e in camp["levels"]]
    levels = [json.load(open(os.path.join(lvdir, n))) for n in names]
    misses, rows = [], []
    total_sched = telling = 0
    firsts = {}
    for lv in levels:
        m = measure(lv)
        ap = apertures(lv, m["legal"])
        sched = [k for k, a in enumerate(lv["apertures"]) if a["kind"] != "plain"]
        tell = [k for k in sched if len(set(ap.get(k, {}).values())) == 2]
        total_sched += len(sched)
        telling += len(tell)
        if sched and not tell:
            misses.append("%s: no window or port tells two reaching arrows apart" % lv["id"])
        for el, present in (("walls", bool(lv["walls"])),
                            ("window", any(lv["apertures"][k]["kind"] == "window" for k in sched)),
                            ("port", any(lv["apertures"][k]["kind"] == "port" for k in sched))):
            if present and el not in firsts:
                firsts[el] = lv
        rows.append((lv, m, len(sched), len(tell)))
        if table:
            print("%-24s tier %d  lookahead %d  greedy %-5s  scan %.3f  lateChoice %-5s  "
                  "apertures %d/%d" % (lv["id"], lv["tier"], m["lookahead"], m["greedy"],
                                       m["scan"], m["lateChoice"], len(tell), len(sched)))
    for lv, m, _, _ in rows:
        if lv["index"] > 4 and m["greedy"]:
            misses.append("%s: greedy reading-order play wins after the fourth level" % lv["id"])
        if lv["tier"] >= 3 and not m["lateChoice"]:
            misses.append("%s: none of the solution's last three releases has a losing "
                          "alternative" % lv["id"])
    print("apertures that tell arrows apart: %d of %d" % (telling, total_sched))
    if 2 * telling < total_sched:
        misses.append("only %d of %d windows and ports tell reaching arrows apart" %
                      (telling, total_sched))
    want_median = {1: 1, 2: 2, 3: 3, 4: 5}
    for t in range(1, 5):
        tier = [(lv["index"], m["lookahead"]) for lv, m, _, _ in rows if lv["tier"] == t]
        med = statistics.median(v for _, v in tier)
        rho = spearman([i for i, _ in tier], [v for _, v in tier])
        print("tier %d: lookahead median %g (target >= %d), Spearman %+.2f (target >= +0.50), "
              "values %s" % (t, med, want_median[t], rho, [v for _, v in tier]))
        if med < want_median[t]:
            misses.append("tier %d: lookahead median %g below %d" % (t, med, want_median[t]))
        if rho < 0.5:
            misses.append("tier %d: Spearman(index, lookahead) %+.2f below +0.5" % (t, rho))
    for k in range(1, len(rows)):
        (a, ma, _, _), (b, mb, _, _) = rows[k - 1], rows[k]
        if a["tier"] == b["tier"]:
            continue
        print("tier %d -> %d: scan win %.3f -> %.3f, lookahead %d -> %d" %
              (a["tier"], b["tier"], ma["scan"], mb["scan"], ma["lookahead"], mb["lookahead"]))
        if ma["scan"] - mb["scan"] > 0.25:
            misses.append("%s: the tier boundary drops the random-scan win rate %.0f points" %
                          (b["id"], 100 * (ma["scan"] - mb["scan"])))
        if mb["lookahead"] >= ma["lookahead"]:
            misses.append("%s: no breather at the tier's start (lookahead %d after %d)" %
                          (b["id"], mb["lookahead"], ma["lookahead"]))
    for el in ("walls", "window", "port"):
        lv = firsts.get(el)
        if lv is None:
            misses.append("no level has %s" % el)
            continue
        h = measure(harmless(lv, el))
        print("first %s level %s: losing releases %d, with the %s made harmless %d" %
              (el, lv["id"], measure(lv)["wrong"], el, h["wrong"]))
        if h["wrong"]:
            misses.append("%s (first with %s): %d losing releases remain with the %s made "
                          "harmless" % (lv["id"], el, h["wrong"], el))
    mixes = {"walls+ports": 0, "walls+windows+ports": 0}
    for lv in levels:
        kinds = {a["kind"] for a in lv["apertures"]}
        if lv["walls"] and "port" in kinds:
            mixes["walls+ports" if "window" not in kinds else "walls+windows+ports"] += 1
    schedules = {tuple(a["phases"]) for lv in levels for a in lv["apertures"] if a["kind"] == "port"}
    print("two-phase port schedules used: %d of 6" % len(schedules))
    if len(schedules) < 4:  # issue 31: "use more of the six" (the campaign before it used 2)
        misses.append("only %d of the six two-phase port schedules are used" % len(schedules))
    print("levels with walls+ports: %d, with all three: %d" %
          (mixes["walls+ports"], mixes["walls+windows+ports"]))
    for m in misses:
        print("MISS " + m, file=sys.stderr)
    print("compass targets: %d levels, %d misses" % (len(levels), len(misses)))
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
