#!/bin/sh
# Renders the README's screenshots (docs/screenshots/*.png: Odd Shape and Memory5D at 960x540,
# Compass Shift at its 390x844 field) with the headless player, so that a change to the art can
# be checked against them or refresh them.
# Usage: docs/screenshots.sh [OUT_DIR]   (default docs/screenshots; needs bin/player built)
set -eu
cd "$(dirname "$0")/.."
out=${1:-docs/screenshots}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
P="bin/player oddshape --headless --size 960x540"
FX=tests/fixtures/player
settings() { # colorblind randomize
  printf '{"format":"oddshape-settings/1","master":80,"music":70,"sfx":90,"colorblind":%s,"randomize":%s,"seed":12345}\n' "$1" "$2"
}
settings true false >"$tmp/cb.json"
settings true true >"$tmp/cb-random.json"
printf '{"t":100,"type":"click","x":960,"y":812}\n{"t":200,"type":"move","x":1100,"y":380}\n' >"$tmp/options.jsonl"
printf '{"t":100,"type":"key","key":"enter"}\n{"t":1100,"type":"move","x":480,"y":560}\n{"t":1250,"type":"click","x":480,"y":560}\n' >"$tmp/error.jsonl"
mkdir -p "$out"
$P --screenshot 1800:"$out/title.png"                                    # the sample patches mid-bob
$P --settings "$tmp/cb-random.json" --script "$tmp/options.jsonl" --screenshot 1800:"$out/options.png"
$P --settings "$tmp/cb.json" --script $FX/perfect.jsonl --screenshot 4770:"$out/round.png" # round 4, C1 feedback
$P --script $FX/perfect.jsonl --screenshot 22700:"$out/results.png"      # confetti after the count-up
$P --script "$tmp/error.jsonl" --screenshot 1350:"$out/error.png"             # C2: a wrong twin, the answer outlined
# Memory5D: a Normal hot-seat board, C2 anchored by keyboard (its partners marked, focus on it)
printf '%s\n' '{"t":100,"type":"key","key":"right"}' '{"t":110,"type":"key","key":"right"}' \
  '{"t":120,"type":"key","key":"down"}' '{"t":130,"type":"key","key":"enter"}' >"$tmp/m5d.jsonl"
bin/player memory5d --headless --size 960x540 --seed 3 --difficulty normal --opponent human \
  --script "$tmp/m5d.jsonl" --screenshot 200:"$out/memory5d.png"
# Compass Shift (390x844 field): a board mid-turn, blocked feedback, the Tools evidence tab
# (tests/fixtures/compass/harbor.json: walls, a window and a port).
C="bin/player compass --headless --level tests/fixtures/compass/harbor.json"
printf '{"t":100,"type":"key","key":"escape"}\n{"t":500,"type":"touch","x":227,"y":482}\n' >"$tmp/turn.jsonl"
printf '{"t":100,"type":"key","key":"escape"}\n{"t":500,"type":"click","x":131,"y":418}\n' >"$tmp/blocked.jsonl"
printf '{"t":100,"type":"key","key":"escape"}\n{"t":300,"type":"click","x":241,"y":800}\n{"t":500,"type":"click","x":164,"y":82}\n{"t":700,"type":"click","x":195,"y":348}\n' >"$tmp/tools.jsonl"
$C --script "$tmp/turn.jsonl" --screenshot 800:"$out/compass-board.png"      # the compass mid-turn
$C --script "$tmp/blocked.jsonl" --screenshot 560:"$out/compass-blocked.png" # a4 held by the port
$C --script "$tmp/tools.jsonl" --screenshot 800:"$out/compass-tools.png"     # evidence and designer aid
