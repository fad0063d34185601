"""Checks every relative link of README.md and docs/**/*.md: the file exists and, for
FILE#anchor, the page has a heading with that GitHub anchor. One line per broken link; exit 1."""
import os, re, sys


def anchors(path):
    out = set()
    for line in open(path):
        m = re.match(r"#+\s+(.*)", line)
        if m:
            a = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-")
            out.add(a)
    return out


def main(files):
    bad = 0
    for f in files:
        text = re.sub(r"```.*?```", "", open(f).read(), flags=re.S)
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target):
                continue
            path, _, anchor = target.partition("#")
            full = os.path.normpath(os.path.join(os.path.dirname(f), path)) if path else f
            if not os.path.exists(full):
                print(f"{f}: {target}: no such file", file=sys.stderr); bad += 1
            elif anchor and (not full.endswith(".md") or anchor not in anchors(full)):
                print(f"{f}: {target}: no such heading", file=sys.stderr); bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
