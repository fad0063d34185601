#!/bin/sh
# Renders the screenshots of the manual (docs/screenshots/*.png: Odd Shape and the Memory5D hot-seat
# board at 960x540, Memory5D Arcade, tutorial and records at its 1920x1080 field, Compass Shift
# at its 390x844 field) with the headless player, so that a change to the art can be checked
# against them or refresh them; every run gives the same bytes.
# Usage: docs/screenshots.sh [OUT_DIR]   (default docs/screenshots; needs $BIN/player and $BIN/gen,
# BIN=bin unless set; tests/cli/test_screenshots.sh checks the committed files are its output)
set -eu
cd "$(dirname "$0")/.."
out=${1:-docs/screenshots}
B=${BIN:-bin}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
P="$B/player oddshape --headless --size 960x540"
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
$B/player memory5d --headless --size 960x540 --seed 3 --difficulty normal --opponent human \
  --script "$tmp/m5d.jsonl" --screenshot 200:"$out/memory5d.png"
# Memory5D Arcade, tutorial and records at the 1920x1080 field, from one records database: the
# sample export (tests/fixtures/memory5d-records.json) plus an Easy win whose Results screen
# buys a Reveal, so every screen has Star Points, purchases and history to show.
M="$B/player memory5d --headless"
db="$tmp/m5d.db"
keys() { # keys FILE T0 KEY...: a script pressing each key ("click:X,Y" clicks) 100 ms apart
  f=$1 t=$2; shift 2; : >"$f"
  for k in "$@"; do
    case $k in
      click:*) xy=${k#click:}; printf '{"t":%d,"type":"click","x":%d,"y":%d}\n' "$t" "${xy%,*}" "${xy#*,}" ;;
      *) printf '{"t":%d,"type":"key","key":"%s"}\n' "$t" "$k" ;;
    esac >>"$f"; t=$((t + 100))
  done
}
$B/player memory5d --records "$db" --import tests/fixtures/memory5d-records.json
$B/gen memory5d --selfplay --seed 5 --difficulty easy --out "$tmp/sp5.json" >/dev/null
$M --seed 5 --difficulty easy --events-out "$tmp/s5.jsonl" --until 10
python3 tests/cli/m5d_script.py "$tmp/sp5.json" "$tmp/s5.jsonl" keys A >"$tmp/a5.jsonl"
keys "$tmp/buy.jsonl" 9000 up enter                                      # Results: Shop row, buy Reveal
cat "$tmp/a5.jsonl" "$tmp/buy.jsonl" >"$tmp/results.jsonl"
$M --records "$db" --seed 5 --difficulty easy --script "$tmp/results.jsonl" --screenshot 9300:"$out/memory5d-results.png"
# the lobby in Arcade: Wildcard bought in the shop, then Reveal and Wildcard in the loadout
keys "$tmp/lobby.jsonl" 100 right down down down down down down down down right right enter down left left enter right right enter
$M --records "$db" --script "$tmp/lobby.jsonl" --screenshot 2300:"$out/memory5d-shop.png" --until 2300
# Reveal armed by its button on an anchor with a legal partner (seed 3, Normal)
$M --seed 3 --difficulty normal --mode arcade --events-out "$tmp/m0.jsonl" --until 10
set -- $(python3 tests/cli/m5d_pick.py "$tmp/m0.jsonl" link)
keys "$tmp/reveal.jsonl" 100 click:160,922 click:"$3","$4"
$M --seed 3 --difficulty normal --mode arcade --loadout reveal --records "$db" --script "$tmp/reveal.jsonl" \
  --screenshot 1000:"$out/memory5d-reveal.png" --until 1000
# the Power Draft: A takes Extra Turn; at 5 s B is on the clock
keys "$tmp/draft.jsonl" 100 right right down down down down down down down enter 4
$M --records "$db" --script "$tmp/draft.jsonl" --screenshot 5000:"$out/memory5d-draft.png" --until 5000
# the records screen: Ada's statistics, Elo, achievements, balance and history
keys "$tmp/records.jsonl" 100 down down down down down down down down down down down enter
$M --records "$db" --script "$tmp/records.jsonl" --screenshot 1400:"$out/memory5d-records.png" --until 1400
# the tutorial's Arcade lesson: its first prompt frames the Reveal button. Enter plays each
# Classic lesson's marked cells (learner steps per lesson as tests/cli/test_memory5d_player.sh).
t=100; : >"$tmp/tutorial.jsonl"
for steps in 2 2 3 3 2 4 2 4 2; do
  for _ in $(seq $((steps + 2))); do printf '{"t":%d,"type":"key","key":"enter"}\n' $t >>"$tmp/tutorial.jsonl"; t=$((t + 200)); done
  t=$((t + 300))
done
printf '{"t":%d,"type":"key","key":"enter"}\n' $t >>"$tmp/tutorial.jsonl"            # the lesson's card
$M --tutorial --script "$tmp/tutorial.jsonl" --screenshot $((t + 100)):"$out/memory5d-tutorial-arcade.png" --until $((t + 100))
# Compass Shift (390x844 field): a board mid-turn, blocked feedback, the Tools evidence tab
# (tests/fixtures/compass/harbor.json: walls, a window and a port).
C="$B/player compass --headless --level tests/fixtures/compass/harbor.json"
printf '{"t":100,"type":"key","key":"escape"}\n{"t":500,"type":"touch","x":227,"y":482}\n' >"$tmp/turn.jsonl"
printf '{"t":100,"type":"key","key":"escape"}\n{"t":500,"type":"click","x":131,"y":418}\n' >"$tmp/blocked.jsonl"
printf '{"t":100,"type":"key","key":"escape"}\n{"t":300,"type":"click","x":241,"y":800}\n{"t":500,"type":"click","x":164,"y":82}\n{"t":700,"type":"click","x":195,"y":348}\n' >"$tmp/tools.jsonl"
$C --script "$tmp/turn.jsonl" --screenshot 800:"$out/compass-board.png"      # the compass mid-turn
$C --script "$tmp/blocked.jsonl" --screenshot 560:"$out/compass-blocked.png" # a4 held by the port
$C --script "$tmp/tools.jsonl" --screenshot 800:"$out/compass-tools.png"     # evidence and designer aid
# The level editor on a copy of the same board: the arrows free now ringed and one winning order
# numbered, at the 390x844 field and in a 1280x800 desktop window (letterboxed).
cp tests/fixtures/compass/harbor.json "$tmp/harbor.json"
printf '{"t":100,"type":"key","key":"f"}\n{"t":200,"type":"key","key":"o"}\n{"t":300,"type":"key","key":"w"}\n' >"$tmp/edit.jsonl"
E="$B/player compass --headless --edit $tmp/harbor.json --script $tmp/edit.jsonl"
$E --screenshot 400:"$out/compass-editor.png"
$E --size 1280x800 --screenshot 400:"$out/compass-editor-wide.png"
