#!/usr/bin/env python3
"""File circles from object files: A -> B when A.o leaves undefined a symbol that B.o defines;
a circle is a strongly connected component of two or more files (each calls, directly or
through the others, a function defined in the next).

    tests/file_circles.py FILE.o...

Prints one line per circle ("circle: a.o b.o ...", then each edge inside it with the symbols
that make it) and exits 1 if there is any, 0 if none, 2 on a usage or nm error."""
import subprocess
import sys


def symbols(path):
    """(defined global symbols, undefined symbols) of one object file, by nm."""
    out = subprocess.run(["nm", "-P", "-g", path], capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"{path}: nm failed: {out.stderr.strip() or 'exit %d' % out.returncode}")
    defined, undefined = set(), set()
    for line in out.stdout.splitlines():
        parts = line.split()
        if len(parts) < 2:
            continue
        name, kind = parts[0], parts[1]
        if kind in ("U", "w", "v"):
            undefined.add(name)
        else:
            defined.add(name)
    return defined, undefined


def strongly_connected(nodes, edges):
    """Tarjan's algorithm, iterative; components in a fixed order (by first node)."""
    index, low, on_stack, stack, comps = {}, {}, set(), [], []
    counter = 0
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, it = work[-1]
            advanced = False
            for nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(edges[nxt]))))
                    advanced = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    comp.append(top)
                    if top == node:
                        break
                comps.append(sorted(comp))
    return sorted(comps)


def main(argv):
    if len(argv) < 2 or any(a.startswith("-") for a in argv[1:]):
        print("usage: file_circles.py FILE.o...", file=sys.stderr)
        return 2
    files = sorted(set(argv[1:]))
    try:
        table = {f: symbols(f) for f in files}
    except (OSError, RuntimeError) as e:
        print(f"file_circles: {e}", file=sys.stderr)
        return 2
    owner = {}
    for f in files:
        for s in table[f][0]:
            owner.setdefault(s, f)
    edges = {f: set() for f in files}
    why = {}
    for f in files:
        for s in table[f][1]:
            g = owner.get(s)
            if g is not None and g != f:
                edges[f].add(g)
                why.setdefault((f, g), []).append(s)
    circles = [c for c in strongly_connected(files, edges) if len(c) > 1]
    for c in circles:
        print("circle: " + " ".join(c))
        inside = set(c)
        for f in c:
            for g in sorted(edges[f] & inside):
                print(f"  {f} -> {g}: {', '.join(sorted(why[(f, g)]))}")
    if circles:
        print(f"file_circles: {len(circles)} circle(s) in {len(files)} files", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
