// The spec's Trio Generator ("Seeded generation algorithm") written directly in JavaScript,
// independent of core/: prints the oddshape-rounds/1 document for argv[2] (already reduced).
// The CLI tests compare `gen oddshape` with it when node is installed.
"use strict";
const colors = ["Red", "Blue", "Green", "Yellow", "Purple", "Orange"];
const shapes = ["Circle", "Square", "Triangle", "Star", "Heart", "Hexagon"];
const M = 0xFFFFFFFFn;
let state = BigInt(process.argv[2]) & M;
function next() { // the spec's pseudo-code, exact in BigInt
  state = (state + 0x6D2B79F5n) & M;
  let t = state;
  t = ((t ^ (t >> 15n)) * (t | 1n)) & M;
  t = (t ^ (t + (((t ^ (t >> 7n)) * (t | 61n)) & M))) & M;
  return Number((t ^ (t >> 14n)) & M) / 4294967296;
}
const pick = (n) => Math.floor(next() * n);
const rounds = [];
let prevSlot = -1;
for (let r = 1; r <= 15; r++) {
  const baseColor = colors[pick(6)];
  const baseShape = shapes[pick(6)];
  const oddTrait = pick(2) === 0 ? "color" : "shape";
  const oddValue = oddTrait === "color" ? colors.filter((c) => c !== baseColor)[pick(5)]
                                        : shapes.filter((s) => s !== baseShape)[pick(5)];
  let oddSlot = pick(3);
  if (r > 1 && oddSlot === prevSlot) oddSlot = (oddSlot + 1) % 3;
  prevSlot = oddSlot;
  const twin = { color: baseColor, shape: baseShape };
  const odd = oddTrait === "color" ? { color: oddValue, shape: baseShape }
                                   : { color: baseColor, shape: oddValue };
  const slots = [0, 1, 2].map((s) => (s === oddSlot ? odd : twin));
  rounds.push({ round: r, baseColor, baseShape, oddTrait, oddValue, oddSlot, slots });
}
console.log(JSON.stringify({ format: "oddshape-rounds/1", source: "mulberry32",
                             seed: Number(BigInt(process.argv[2]) & M), rounds }));
