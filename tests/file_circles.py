#!/usr/bin/env python3
"""File circles among object files: file A depends on file B when A leaves undefined a
symbol B defines (nm -u against nm --defined-only). Prints each strongly connected
component of two or more files (a circle: each calls, directly or through the others, a
function defined in the next) and exits 1 if there is any; 0 and nothing printed if none;
2 with one line on stderr for no argument or a file nm cannot read.
Usage: tests/file_circles.py FILE.o..."""
import subprocess
import sys


def symbols(path, flag):
    run = subprocess.run(["nm", flag, path], capture_output=True, text=True)
    if run.returncode != 0:
        print("file_circles.py: %s" % (run.stderr.strip() or "nm failed on " + path), file=sys.stderr)
        sys.exit(2)
    return {line.split()[-1] for line in run.stdout.splitlines() if line.strip()}


def circles(files):
    defined = {f: symbols(f, "--defined-only") for f in files}
    owner = {}
    for f, syms in defined.items():
        for s in syms:
            owner.setdefault(s, f)
    edges = {f: sorted({owner[s] for s in symbols(f, "-u") if s in owner and owner[s] != f})
             for f in files}
    # Tarjan's strongly connected components
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
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
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for f in files:
        if f not in index:
            visit(f)
    return sorted(out)


def main(argv):
    if len(argv) < 2:
        print("usage: file_circles.py FILE.o...", file=sys.stderr)
        return 2
    found = circles(argv[1:])
    for comp in found:
        print("circle: " + " ".join(comp))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
