// Benchmark baseline only (make bench): the obvious web-prototype Compass Shift solver, a plain
// breadth-first search with each state's remaining arrows as a bit mask in a Set and one ray
// walk per arrow per state, written from compass-shift.md "Release transaction". Boards of up
// to 30 arrows (masks stay small integers). Never used by the tools.
//   node bench/compass_bfs.js LEVEL.json     prints "<states> states in <seconds> s"
'use strict';
const fs = require('fs');

const lv = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const R = lv.rows, C = lv.cols, arrows = lv.arrows, n = arrows.length;
if (n > 30) throw new Error('compass_bfs.js: at most 30 arrows, got ' + n);
const D = 'NESW', DR = [-1, 0, 1, 0], DC = [0, 1, 0, -1];
const wall = new Uint8Array(R * C);
for (const [r, c] of lv.walls) wall[r * C + c] = 1;
const open = {}; // "side+lane" -> phase mask
for (const a of lv.apertures) {
  open[a.side + a.lane] = a.kind === 'plain' ? 15 : a.phases.reduce((m, p) => m | (1 << p), 0);
}

function legal(rem, phase, i, occ) {
  const a = arrows[i], d = (D.indexOf(a.dir) + phase) % 4;
  let r = a.row + DR[d], c = a.col + DC[d];
  while (r >= 0 && r < R && c >= 0 && c < C) {
    if (wall[r * C + c] || occ[r * C + c]) return false;
    r += DR[d]; c += DC[d];
  }
  const mask = open[D[d] + (d === 0 || d === 2 ? a.col : a.row)];
  return mask !== undefined && ((mask >> phase) & 1) === 1;
}

const t0 = process.hrtime.bigint();
const start = n === 30 ? 0x3fffffff : (1 << n) - 1;
const seen = new Set([start]);
let layer = [start], phase = lv.initialPhase;
const occ = new Uint8Array(R * C);
while (layer.length) {
  const next = [];
  for (const rem of layer) {
    occ.fill(0);
    for (let i = 0; i < n; i++) if ((rem >> i) & 1) occ[arrows[i].row * C + arrows[i].col] = 1;
    for (let i = 0; i < n; i++) {
      if (!((rem >> i) & 1) || !legal(rem, phase, i, occ)) continue;
      const s = rem & ~(1 << i);
      if (!seen.has(s)) { seen.add(s); next.push(s); }
    }
  }
  layer = next;
  phase = (phase + 1) % 4;
}
const secs = Number(process.hrtime.bigint() - t0) / 1e9;
console.log(seen.size + ' states in ' + secs.toFixed(3) + ' s');
