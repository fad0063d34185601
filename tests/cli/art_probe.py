#!/usr/bin/env python3
"""Pixel assertions on player screenshots (standard library only). Usage:
  art_probe.py EXPR FILE...   exit 0 when the Python boolean EXPR holds, 1 when not (and
                              prints what it evaluated), 2 on a bad call.
In EXPR, I[k](x, y) is pixel (x, y) of the k-th FILE as (r, g, b), in 1920x1080 field
coordinates whatever the screenshot's size (I[k].raw(x, y) in its own pixels), and the helpers below (hue, lum, nearest, ...)
name colours the way the Odd Shape spec does (DBT-4, DBT-24, DBT-25)."""
import colorsys
import math
import sys

from png_probe import chunks

PATCH = {'Red': 0xD64545, 'Blue': 0x3F6FD6, 'Green': 0x47A84B, 'Yellow': 0xE8C43C,
         'Purple': 0x8A4FC4, 'Orange': 0xE07B39}                         # DBT-4
GOLD, GREEN, RED, FELT = 0xF2B705, 0x2FBF71, 0xFF4D4D, 0xD9D2C5          # DBT-24, DBT-25


def rgb(hex_):
    return (hex_ >> 16 & 255, hex_ >> 8 & 255, hex_ & 255)


def hue(c):
    """Hue in degrees 0..360."""
    return colorsys.rgb_to_hsv(*(v / 255 for v in c))[0] * 360


def sat(c):
    return colorsys.rgb_to_hsv(*(v / 255 for v in c))[1]


def lum(c):
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def dist(c, hex_):
    return sum((a - b) ** 2 for a, b in zip(c, rgb(hex_))) ** 0.5


def nearest(c):
    """The DBT-4 colour whose hue is nearest to c's."""
    def gap(name):
        d = abs(hue(c) - hue(rgb(PATCH[name])))
        return min(d, 360 - d)
    return min(PATCH, key=gap)


def runs(flags):
    """The (first, last) index of each run of true values."""
    out, start = [], None
    for i, f in enumerate(list(flags) + [False]):
        if f and start is None:
            start = i
        elif not f and start is not None:
            out.append((start, i - 1))
            start = None
    return out


def felt_letter(c):
    """A logo letter's felt or thread, not the board or its shadow."""
    return sat(c) > 0.3


def letters(img, y0, y1, x0=600, x1=1320):
    """The logo letters met along a band of rows: column runs with letter pixels."""
    return [(x0 + a, x0 + b) for a, b in runs(any(felt_letter(img(x, y)) for y in range(y0, y1))
                                               for x in range(x0, x1))]


def holes(img, x0, x1, y0, y1, ink=felt_letter):
    """Pixels of the box that are not ink and cannot reach its border without crossing ink."""
    w, h = x1 - x0, y1 - y0
    free = [[not ink(img(x0 + i, y0 + j)) for i in range(w)] for j in range(h)]
    stack = [(i, j) for j in range(h) for i in range(w) if free[j][i] and (i in (0, w - 1) or j in (0, h - 1))]
    for i, j in stack:
        free[j][i] = False
    while stack:
        i, j = stack.pop()
        for a, b in ((i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1)):
            if 0 <= a < w and 0 <= b < h and free[b][a]:
                free[b][a] = False
                stack.append((a, b))
    return sum(map(sum, free))


class Image:
    """Decodes rows lazily, top to bottom, as far as the pixels asked for."""

    def __init__(self, path):
        (self.w, self.h, depth, ctype, _, _, interlace), self.data = chunks(path)
        if depth != 8 or ctype not in (2, 6) or interlace:
            sys.exit('unsupported PNG layout')
        self.bpp = 3 if ctype == 2 else 4
        self.k = self.w / 1920
        self.rows = []

    def _row(self, y):
        bpp, stride = self.bpp, self.w * self.bpp
        while len(self.rows) <= y:
            j = len(self.rows)
            prev = self.rows[-1] if self.rows else bytearray(stride)
            f = self.data[j * (stride + 1)]
            line = bytearray(self.data[j * (stride + 1) + 1:(j + 1) * (stride + 1)])
            if f == 2:
                line = bytearray((a + b) & 255 for a, b in zip(line, prev))
            elif f:
                for i in range(stride):
                    a = line[i - bpp] if i >= bpp else 0
                    if f == 1:
                        line[i] = (line[i] + a) & 255
                    elif f == 3:
                        line[i] = (line[i] + ((a + prev[i]) >> 1)) & 255
                    else:
                        b, c = prev[i], prev[i - bpp] if i >= bpp else 0
                        p = a + b - c
                        pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                        line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            self.rows.append(line)
        return self.rows[y]

    def __call__(self, x, y):
        return self.raw(int(x * self.k), int(y * self.k))

    def raw(self, px, py):
        """Pixel (px, py) of the image itself (letterbox bars included)."""
        o = px * self.bpp
        return tuple(self._row(py)[o:o + 3])


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    I = [Image(p) for p in sys.argv[2:]]
    ok = eval(sys.argv[1], dict(globals(), I=I))
    if not ok:
        print('false:', sys.argv[1])
    sys.exit(0 if ok else 1)


if __name__ == '__main__':
    main()
