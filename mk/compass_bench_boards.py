#!/usr/bin/env python3
"""Writes the Compass Shift solver benchmark boards: 8x8, every lane a plain exit, N arrows on
seeded random cells (Python's random, seed = N, so the boards never change) for N in argv[2:].
  compass_bench_boards.py OUTDIR 16 20 24"""
import json, os, random, sys

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
for n in map(int, sys.argv[2:]):
    rnd = random.Random(n)
    cells = sorted(rnd.sample([(r, c) for r in range(8) for c in range(8)], n))
    level = {
        "format": "compass-shift-level/1", "id": "bench-8x8-%d" % n,
        "rows": 8, "cols": 8, "initialPhase": 0, "walls": [],
        "apertures": [{"side": s, "lane": l, "kind": "plain"} for s in "NESW" for l in range(8)],
        "arrows": [{"id": "a%d" % (i + 1), "row": r, "col": c, "dir": rnd.choice("NESW")}
                   for i, (r, c) in enumerate(cells)],
    }
    with open(os.path.join(out, "bench-8x8-%d.json" % n), "w") as f:
        json.dump(level, f, indent=1)
        f.write("\n")
