#!/usr/bin/env python3
"""Writes the Compass Shift solver benchmark boards: SIZE x SIZE, every lane a plain exit, N
arrows on seeded random cells (Python's random, seed = N, so the boards never change) for N in
argv[3:], as OUTDIR/bench-SIZExSIZE-N.json.
  compass_bench_boards.py OUTDIR 10 20 22"""
import json, os, random, sys

out, size = sys.argv[1], int(sys.argv[2])
os.makedirs(out, exist_ok=True)
for n in map(int, sys.argv[3:]):
    rnd = random.Random(n)
    cells = sorted(rnd.sample([(r, c) for r in range(size) for c in range(size)], n))
    name = "bench-%dx%d-%d" % (size, size, n)
    level = {
        "format": "compass-shift-level/1", "id": name,
        "rows": size, "cols": size, "initialPhase": 0, "walls": [],
        "apertures": [{"side": s, "lane": l, "kind": "plain"} for s in "NESW" for l in range(size)],
        "arrows": [{"id": "a%d" % (i + 1), "row": r, "col": c, "dir": rnd.choice("NESW")}
                   for i, (r, c) in enumerate(cells)],
    }
    with open(os.path.join(out, name + ".json"), "w") as f:
        json.dump(level, f, indent=1)
        f.write("\n")
