#!/usr/bin/env python3
"""Measures Compass Shift screenshots (standard library only, through png_probe.read):

  compass_pixels.py FILE inktop X Y W H
      the first row (field y) inside the box with a pixel darker than half the box's
      brightest: where a label's ink starts
  compass_pixels.py FILE contrast X Y W H [X Y W H]
      WCAG contrast ratio of the two colours of a mark: the box's most frequent colour (what
      the mark sits on) against its colour farthest from that in luminance (the mark); with a
      second box, the first box's mark against the second box's most frequent colour
  compass_pixels.py FILE pair X Y W H X2 Y2 W2 H2
      WCAG contrast ratio of the two boxes' most frequent colours (a ring and what is beside it)
  compass_pixels.py FILE plain X Y W H RRGGBB
      1 when every pixel of the box is RRGGBB (nothing drawn there), else 0
  compass_pixels.py FILE same X Y W H OTHER
      1 when the box's pixels are identical in FILE and OTHER, else 0"""
import os
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from png_probe import read  # noqa: E402


def pixels(path, x, y, w, h):
    _, _, bpp, rows = read(path, y + h - 1)
    return [[tuple(rows[yy][xx * bpp:xx * bpp + 3]) for xx in range(x, x + w)] for yy in range(y, y + h)]


def lum(c):
    def ch(v):
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (ch(v) for v in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a, b):
    la, lb = sorted((lum(a), lum(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def main():
    path, cmd = sys.argv[1], sys.argv[2]
    box = [int(v) for v in sys.argv[3:7]]
    px = pixels(path, *box)
    flat = [c for row in px for c in row]
    if cmd == "inktop":
        top = max(lum(c) for c in flat)
        print(next(box[1] + i for i, row in enumerate(px) if any(lum(c) < top / 2 for c in row)))
    elif cmd == "contrast":
        ground = Counter(flat).most_common(1)[0][0]
        mark = max(flat, key=lambda c: abs(lum(c) - lum(ground)))
        if len(sys.argv) > 7:
            other = [c for row in pixels(path, *[int(v) for v in sys.argv[7:11]]) for c in row]
            ground = Counter(other).most_common(1)[0][0]
        print("%.2f" % ratio(mark, ground))
    elif cmd == "pair":
        other = [c for row in pixels(path, *[int(v) for v in sys.argv[7:11]]) for c in row]
        print("%.2f" % ratio(Counter(flat).most_common(1)[0][0], Counter(other).most_common(1)[0][0]))
    elif cmd == "plain":
        want = tuple(int(sys.argv[7][i:i + 2], 16) for i in (0, 2, 4))
        print(1 if all(c == want for c in flat) else 0)
    elif cmd == "same":
        print(1 if px == pixels(sys.argv[7], *box) else 0)


if __name__ == "__main__":
    main()
