"""Prints every file circle among the given object files and exits 1 if there is one.

A file circle is two or more files each of which calls (directly or through the others) a
function or reads an object defined in the next: found from each .o's undefined symbols
(nm -u) against the others' defined ones, as the strongly connected components of that
graph. Usage: file_circles.py FILE.o...
"""
import os
import subprocess
import sys


def symbols(obj, *flags):
    out = subprocess.run(["nm", *flags, obj], capture_output=True, text=True, check=True).stdout
    return [line.split() for line in out.splitlines() if line.strip()]


def main(objs):
    if not objs:
        print("file_circles.py: no object files given", file=sys.stderr)
        return 2
    defined = {}
    for o in objs:
        for parts in symbols(o, "--defined-only"):
            if len(parts) == 3 and parts[1] in "TDRBCG":
                defined[parts[2]] = o
    edges = {o: sorted({defined[p[-1]] for p in symbols(o, "-u") if defined.get(p[-1], o) != o})
             for o in objs}
    index, low, stack, on, circles = {}, {}, [], set(), []

    def visit(v):  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                circles.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in objs:
        if v not in index:
            visit(v)
    for c in circles:
        print("circle: " + " ".join(os.path.relpath(x) for x in c))
    return 1 if circles else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
