#!/usr/bin/env python3
"""Finds cells on the board of a Memory5D match-start event for scripted tests:
m5d_pick.py EVENTS KIND [EXCLUDED CELL...] prints "ANCHOR OTHER" for the first pair of unclaimed neighbours
whose KIND is: hue (same family, hues neither equal nor linked), family (different
families, compatible hues), link (a legal link), far (two cells that are neither
neighbours nor reflections), then the boxes' centres "X1 Y1 X2 Y2"; KIND lonely prints
"CELL X Y" for the first unclaimed cell with no legal partner at all."""
import json, sys

start = next(json.loads(l) for l in open(sys.argv[1]) if '"match-start"' in l)
kind = sys.argv[2]
excluded = {int(c) for c in sys.argv[3:]}
n = start["size"]
cells = start["cells"]
HUES = ["red", "green", "blue", "orange", "yellow", "purple"]

def pair_hue(a, b):  # equal, or a linked pair (red-green, blue-orange, yellow-purple)
    i, j = HUES.index(a), HUES.index(b)
    return i == j or i ^ 1 == j

def route(a, b):
    (ra, ca), (rb, cb) = divmod(a, n), divmod(b, n)
    return a != b and (max(abs(ra - rb), abs(ca - cb)) == 1 or a + b == n * n - 1)

def want(a, b):
    x, y = cells[a], cells[b]
    if x["owner"] or y["owner"] or a in excluded or b in excluded:
        return False
    same_f, ok_h = x["family"] == y["family"], pair_hue(x["hue"], y["hue"])
    if kind == "far":
        return a != b and not route(a, b)
    if not route(a, b):
        return False
    return {"hue": same_f and not ok_h, "family": not same_f and ok_h,
            "link": same_f and ok_h}[kind]

def centre(i):
    return cells[i]["x"] + cells[i]["w"] // 2, cells[i]["y"] + cells[i]["h"] // 2

if kind == "lonely":
    kind = "link"
    for a in range(n * n):
        if a not in excluded and not cells[a]["owner"] and not any(want(a, b) for b in range(n * n)):
            print(a, *centre(a))
            sys.exit(0)
    sys.exit(1)

for a in range(n * n):
    for b in range(n * n):
        if want(a, b):
            print(a, b, *centre(a), *centre(b))
            sys.exit(0)
sys.exit(1)
