# bin/player compass: what a designer's playtest found (issue 24): the focus after Undo and
# after a release, a focus event, spatial arrow keys, Escape that never quits, one rule for
# mouse and touch, player text without designer ids, the evidence path, --watch that reloads
# only changed content, the completion card's counts, contrast, safe areas, banners.
source "$ROOT/tests/cli/compass_lib.sh"
expect "harbor probe" 0 "" -- "$P" compass --headless --level $CFX/harbor.json --until 0 --events-out "$T/h0.jsonl"
python3 - tests/fixtures/compass/harbor.evidence.json "$T/h0.jsonl" >"$T/done.jsonl" <<'PY'
import json, sys
sol = json.load(open(sys.argv[1]))["solution"]
start = next(json.loads(l) for l in open(sys.argv[2]) if '"level-start"' in l)
boxes = {a["id"]: a["box"] for a in start["layout"]["arrows"]}
print('{"t":100,"type":"key","key":"escape"}')
for i, a in enumerate(sol):
    b = boxes[a]
    print('{"t":%d,"type":"click","x":%d,"y":%d}' % (600 * (i + 1), b[0] + b[2] / 2, b[1] + b[3] / 2))
PY

# ---- 1-4: focus, quitting, mouse vs touch ----
key() { printf '{"t":%d,"type":"key","key":"%s"}\n' "$1" "$2"; }
HB="$P compass --headless --level $CFX/harbor.json"
# 1. After Undo the focus stays on Undo: a second Enter undoes again, never plays a move.
{ key 100 escape; tap 500 "$T/h0.jsonl" a1; tap 1200 "$T/h0.jsonl" a4
  key 2000 tab; for i in 1 2 3; do key $((2000 + 10 * i)) tab; done; key 2100 enter; key 2200 enter; } >"$T/i1.jsonl"
expect "focus after undo" 0 "" -- $HB --script "$T/i1.jsonl" --events-out "$T/i1-ev.jsonl"
cevents "24.1: Tab to Undo, Enter, Enter: two undos and no release" "$T/i1-ev.jsonl" "
[e['event'] for e in E if e['event'] in ('undo', 'release', 'blocked') and e['t'] >= 2000] == ['undo', 'undo']
and [e['target'] for e in K('focus')][-1] == 'undo'"
# 1. After a release the focus goes to the nearest remaining arrow: a1 (row 3, col 3) leaves,
# a5 right above it takes the focus (the list's next would be Undo).
{ key 100 escape; for i in 0 1 2 3 4; do key $((200 + 10 * i)) tab; done; key 300 enter; key 1000 enter; } >"$T/i1b.jsonl"
expect "focus after a release" 0 "" -- $HB --script "$T/i1b.jsonl" --events-out "$T/i1b-ev.jsonl"
cevents "24.1: a focus event follows every move of the focus, the release moves it to the nearest arrow" "$T/i1b-ev.jsonl" "
[(e['t'], e['target'], e['device']) for e in K('focus')] == [(100, 'a2', 'keyboard'), (210, 'a4', 'keyboard'), (220, 'a5', 'keyboard'),
 (230, 'a3', 'keyboard'), (240, 'a1', 'keyboard'), (300, 'a5', 'keyboard')]
and [e['arrow'] for e in E if e['event'] in ('release', 'blocked')] == ['a1', 'a5'] and not K('undo')"
check "the focus log matches the events schema" compass_schema_ok "$T/i1b-ev.jsonl"
# 4. Arrow keys move to the nearest arrow in the pressed direction; the first Tab shows the
# focus on the first arrow in reading order (a2, row 1 col 1) and Enter releases it.
{ key 100 escape; key 200 tab; key 210 right; key 220 down; key 230 up; } >"$T/i4.jsonl"
expect "spatial arrow keys" 0 "" -- $HB --script "$T/i4.jsonl" --events-out "$T/i4-ev.jsonl"
cevents "24.4: right, down, up from a2 go a4 (1,1), a1 (2,2), a5 (1,2), not the list order" "$T/i4-ev.jsonl" "
[e['target'] for e in K('focus')] == ['a2', 'a4', 'a1', 'a5']"
{ key 100 escape; key 200 tab; key 300 enter; } >"$T/i4b.jsonl"
expect "first Tab" 0 "" -- $HB --script "$T/i4b.jsonl" --events-out "$T/i4b-ev.jsonl"
cevents "24.4: the first Tab after the FTUE lands on the first arrow" "$T/i4b-ev.jsonl" "[r['arrow'] for r in K('release')] == ['a2']"
# 2. Escape and B on the board do nothing; on the completion dialog they close it.
{ key 100 escape; key 200 escape; printf '{"t":250,"type":"pad","button":"b"}\n'; tap 500 "$T/h0.jsonl" a1; } >"$T/i2.jsonl"
expect "Escape on the board" 0 "" -- $HB --script "$T/i2.jsonl" --events-out "$T/i2-ev.jsonl" --until 1500
cevents "24.2: after Escape and B on the board the session goes on" "$T/i2-ev.jsonl" "[r['arrow'] for r in K('release')] == ['a1']"
{ cat "$T/done.jsonl"; key 3700 escape; key 3800 u; } >"$T/i2b.jsonl"
expect "Escape on the completion dialog" 0 "" -- $HB --script "$T/i2b.jsonl" --events-out "$T/i2b-ev.jsonl"
cevents "24.2: Escape closes the dialog onto the cleared board, where Undo works" "$T/i2b-ev.jsonl" "
len(K('level-complete')) == 1 and [e['t'] for e in K('undo')] == [3800]"
# 3. Mouse and touch: one rule, act on lift inside the same target; a drag off cancels.
read -r AX AY <<<"$(cell_xy "$T/h0.jsonl" a1)"
for dev in mouse touch; do
  if [ $dev = mouse ]; then down=press move=move up=release; else down=touch-down move=touch-move up=touch-up; fi
  { key 100 escape
    printf '{"t":300,"type":"%s","x":%d,"y":%d}\n' $down $AX $AY
    printf '{"t":320,"type":"%s","x":%d,"y":%d}\n' $move $((AX + 80)) $((AY + 80))
    printf '{"t":340,"type":"%s","x":%d,"y":%d}\n' $up $((AX + 80)) $((AY + 80))
    printf '{"t":600,"type":"%s","x":%d,"y":%d}\n' $down $AX $AY
    printf '{"t":650,"type":"%s","x":%d,"y":%d}\n' $up $((AX + 3)) $((AY + 3)); } >"$T/i3-$dev.jsonl"
  expect "press, drag off, lift by $dev" 0 "" -- $HB --script "$T/i3-$dev.jsonl" --events-out "$T/i3-$dev-ev.jsonl"
  cevents "24.3: $dev: a drag off the arrow cancels; a lift on it releases it, at the lift" "$T/i3-$dev-ev.jsonl" "
[(e['t'], e['event'], e['arrow']) for e in E if e['event'] in ('release', 'blocked')] == [(650, 'release', 'a1')]"
done

# 24.10: a save that changes nothing (a space appended) restarts nothing; the content edit
# after it, to show the watcher was looking, does.
cp $CFX/harbor.json "$T/watched2.json"
shots=(); for i in $(seq 1 50); do shots+=(--screenshot $((i * 100)):"$T/w2-$i.png"); done
( for n in 1 20; do
    for _ in $(seq 3000); do [ -e "$T/w2-$n.png" ] && break; sleep 0.02; done
    if [ $n = 1 ]; then printf ' \n' >>"$T/watched2.json"; else sed -i 's/"initialPhase": 0/"initialPhase": 1/' "$T/watched2.json"; fi
  done ) &
expect "--watch: a save without a change" 0 "" -- "$P" compass --headless --watch --level "$T/watched2.json" \
  --script "$T/i2.jsonl" --events-out "$T/w2-ev.jsonl" "${shots[@]}"
wait
cevents "24.10: only the content change reloads; the level in progress was not restarted before it" "$T/w2-ev.jsonl" "
[s['phase'] for s in K('level-start')] == [0, 1] and len(K('reload')) == 1 and K('reload')[0]['ok']
and K('release')[0]['t'] < K('level-start')[1]['t']"


# ---- 8, 11, 12: the words the player reads ----
PX="python3 $ROOT/tests/cli/compass_pixels.py"
mkdir -p "$T/rep"
expect "solver report for harbor" 0 "" -- "$BIN/solver" compass --report "$T/rep" $CFX/harbor.json
printf '%s\n' '{"t":100,"type":"key","key":"escape"}' '{"t":200,"type":"click","x":241,"y":800}' >"$T/t1.jsonl"
expect "Tools open" 0 "" -- $HB --script "$T/t1.jsonl" --events-out "$T/t1-ev.jsonl"
{ cat "$T/t1.jsonl"; printf '{"t":300,"type":"click","x":%d,"y":%d}\n' $(tools_xy "$T/t1-ev.jsonl" tab-evidence 0); } >"$T/t2.jsonl"
expect "the Evidence tab from --reports" 0 "" -- $HB --reports "$T/rep" --script "$T/t2.jsonl" --events-out "$T/t2-ev.jsonl" \
  --screenshot 400:"$T/evidence.png"
cevents "24.8: the source line names the real --reports path" "$T/t2-ev.jsonl" "
[e['sourceText'] for e in K('evidence')] == ['from $T/rep/harbor.json']"
# 12: the two toggles' labels are drawn at one size: their ink starts on the same row.
read -r RX RY RW RH <<<"$(python3 -c "
import json
c = [x for l in open('$T/t2-ev.jsonl') for e in [json.loads(l)] if 'controls' in e for x in e['controls']]
print(*[int(v) for v in next(x['box'] for x in reversed(c) if x['name'] == 'reduced-motion')])")"
read -r CX CY CW CH <<<"$(python3 -c "
import json
c = [x for l in open('$T/t2-ev.jsonl') for e in [json.loads(l)] if 'controls' in e for x in e['controls']]
print(*[int(v) for v in next(x['box'] for x in reversed(c) if x['name'] == 'captions')])")"
check "24.12: 'Reduced motion: off' and 'Captions: off' are one size" test \
  "$($PX "$T/evidence.png" inktop $((RX + 6)) $((RY + 4)) $((RW - 12)) $((RH - 8)))" = \
  "$($PX "$T/evidence.png" inktop $((CX + 6)) $((CY + 4)) $((CW - 12)) $((CH - 8)))"
# 12: the completion card says what its release count counts.
{ key 100 escape; tap 500 "$T/h0.jsonl" a1; key 1100 u
  t=1700; for a in a1 a4 a3 a5 a2; do tap $t "$T/h0.jsonl" $a; t=$((t + 600)); done; } >"$T/undone.jsonl"
expect "a level cleared after an undo" 0 "" -- $HB --script "$T/undone.jsonl" --events-out "$T/undone-ev.jsonl" \
  --screenshot 5000:"$T/undone.png"
cevents "24.12: the card counts every release and says how many were undone" "$T/undone-ev.jsonl" "
[(e['releases'], e['text'][0]) for e in K('level-complete')] == [(6, '6 releases in all: 5 cleared the board, 1 was undone')]"
# 12: the aid at the start of a level without a solution says so (undo and restart cannot help).
printf '%s\n' '{"t":100,"type":"key","key":"escape"}' '{"t":200,"type":"click","x":241,"y":800}' >"$T/ps.jsonl"
printf '{"t":300,"type":"click","x":%d,"y":%d}\n' $(tools_xy "$T/t1-ev.jsonl" tab-evidence 0) >>"$T/ps.jsonl"
printf '{"t":400,"type":"click","x":%d,"y":%d}\n' $(tools_xy "$T/t2-ev.jsonl" designer-aid 0) >>"$T/ps.jsonl"
expect "the aid on an unsolvable level" 0 "" -- "$P" compass --headless --level $CFX/pair-stranded.json --script "$T/ps.jsonl" \
  --events-out "$T/ps-ev.jsonl"
cevents "24.12: at the start the aid says the level has no solution" "$T/ps-ev.jsonl" "
[(e['result'], e['text']) for e in K('tools') if e['action'] == 'designer-aid'] ==
[('no-winning-path', 'This level has no solution: no order of releases clears it.')]"
# 11: player text (feedback, captions, the card) names arrows by row and column, never by id
# or lane label.
cevents "24.11: no designer id or lane label in the player's words" "$T/undone-ev.jsonl" "
not any(re.search(r'\\b(a[0-9]+|plain|[NESW]\\+[0-9]+)\\b', c['board'] + ' ' + c['feedback']) for c in K('caption'))
and K('caption')[1]['feedback'].startswith('The arrow at row 3, column 3 left South')
and not any(re.search(r'\\bharbor\\b', t) for e in K('level-complete') for t in e['text'])" 

# ---- 5: every meaningful mark at 3:1 or more against what it sits on (WCAG 1.4.11) ----
{ key 100 escape; key 200 tab; key 210 tab; } >"$T/c.jsonl"
expect "contrast screenshot" 0 "" -- $HB --script "$T/c.jsonl" --screenshot 300:"$T/contrast.png" --events-out "$T/c-ev.jsonl"
python3 - "$T/c-ev.jsonl" >"$T/marks.txt" <<'PY'
import json, sys
s = next(json.loads(l) for l in open(sys.argv[1]) if '"level-start"' in l)["layout"]
vx, vy, vw, vh = s["board"]
c = int(s["cell"])
box = {a["id"]: [int(v) for v in a["box"]] for a in s["arrows"]}
x2, y2 = box["a2"][:2]   # a2: the brass plate
x4, y4 = box["a4"][:2]   # a4: focused, with the empty cell (row 2, column 1) to its west
mid = c // 2
print("silhouette-on-brass-plate contrast", x2 + c // 4, y2 + c // 4, c // 2, c // 2)
print("exit-chevron-N1 contrast", int(vx) + mid - 10, int(vy) - 16, 20, 12)
print("open-window-S3 contrast", int(vx) + 2 * c + mid - 10, int(vy + vh) + 5, 20, 12)
print("shut-port-W2 contrast", int(vx) - 17, int(vy) + c + mid - 12, 12, 24)
print("focus-ring-on-board contrast", x4 - 4, y4 + 20, 3, 24, x4 - 40, y4 + 20, 10, 20)
PY
while read -r name cmd args; do
  set -- $args
  if [ $# -eq 8 ]; then r=$($PX "$T/contrast.png" pair "$@"); else r=$($PX "$T/contrast.png" contrast "$@"); fi
  check "24.5: $name at least 3:1 (measured $r)" python3 -c "import sys; sys.exit(float('$r') < 3)"
done <"$T/marks.txt"

# ---- 7: safe areas (a notched 390x844 phone: 47 px top, 34 px bottom) ----
{ key 100 escape; key 200 tab; } >"$T/sa.jsonl"
expect "--safe-area 47,0,34,0" 0 "" -- $HB --safe-area 47,0,34,0 --script "$T/sa.jsonl" --events-out "$T/sa-ev.jsonl" \
  --screenshot 50:"$T/sa-ftue.png" --screenshot 300:"$T/sa-board.png"
for shot in sa-ftue sa-board; do
  check "24.7: $shot: nothing drawn in the top inset" test "$($PX "$T/$shot.png" plain 0 0 390 47 12304a)" = 1
  check "24.7: $shot: nothing drawn in the bottom inset" test "$($PX "$T/$shot.png" plain 0 810 390 34 12304a)" = 1
done
check "24.7: without insets the same rows are drawn in" test "$($PX "$T/contrast.png" plain 0 0 390 47 12304a)" = 0
cevents "24.7: every box of level-start and of the FTUE inside the safe area" "$T/sa-ev.jsonl" "
all(47 <= b[1] and b[1] + b[3] <= 810 for b in
    [K('level-start')[0]['layout']['board']] + [a['box'] for a in K('level-start')[0]['layout']['arrows']] +
    [c['box'] for c in K('level-start')[0]['layout']['controls']] + [c['box'] for c in K('ftue')[0]['controls']])"
expect "a bad --safe-area" 2 'compass: --safe-area: expected T,R,B,L in field pixels.*got "47,0"' -- $HB --safe-area 47,0

# ---- 6: windows and ports explained where they first appear, and in a legend ----
# Tools' map opens level 5 (the first windows), 6 (windows again) and 7 (the first ports).
{ key 100 escape; printf '{"t":200,"type":"click","x":241,"y":800}\n'; } >"$T/n1.jsonl"
expect "Tools on the campaign" 0 "" -- "$P" compass --headless --script "$T/n1.jsonl" --events-out "$T/n1-ev.jsonl"
{ cat "$T/n1.jsonl"; printf '{"t":300,"type":"click","x":%d,"y":%d}\n' $(tools_xy "$T/n1-ev.jsonl" map-level 4)
  printf '{"t":400,"type":"click","x":241,"y":800}\n'; printf '{"t":500,"type":"click","x":%d,"y":%d}\n' $(tools_xy "$T/n1-ev.jsonl" map-level 5)
  printf '{"t":600,"type":"click","x":241,"y":800}\n'; printf '{"t":700,"type":"click","x":%d,"y":%d}\n' $(tools_xy "$T/n1-ev.jsonl" map-level 6); } >"$T/n2.jsonl"
expect "levels 5, 6 and 7 opened" 0 "" -- "$P" compass --headless --script "$T/n2.jsonl" --events-out "$T/n2-ev.jsonl" \
  --screenshot 350:"$T/note-window.png" --screenshot 750:"$T/note-port.png"
cevents "24.6: the first windows and the first ports each get one note, with a Got it control; level 6 none" "$T/n2-ev.jsonl" "
[(e['t'], e['action'], e['kinds']) for e in K('note')] == [(300, 'show', ['window']), (700, 'show', ['port'])]
and all('tick' in e['text'] or 'dashes' in e['text'] for e in K('note'))
and all([c['name'] for c in e['controls']] == ['note-dismiss'] for e in K('note'))"
NOTE=$(python3 -c "
import json
e = [json.loads(l) for l in open('$T/n2-ev.jsonl') if '\"note\"' in l][-1]['controls'][0]['box']
print(int(e[0] + e[2] / 2), int(e[1] + e[3] / 2))")
{ cat "$T/n2.jsonl"; printf '{"t":800,"type":"touch","x":%d,"y":%d}\n' $NOTE; } >"$T/n3.jsonl"
expect "the note dismissed" 0 "" -- "$P" compass --headless --script "$T/n3.jsonl" --events-out "$T/n3-ev.jsonl" \
  --screenshot 900:"$T/note-gone.png"
cevents "24.6: Got it dismisses the note" "$T/n3-ev.jsonl" "[(e['action'], e.get('device')) for e in K('note')][-1] == ('dismiss', 'touch')"
check "24.6: the note was drawn, and is gone after Got it" test "$($PX "$T/note-port.png" same 0 $((${NOTE#* } - 30)) 390 60 "$T/note-gone.png")" = 0
check "the note logs match the events schema" compass_schema_ok "$T/n3-ev.jsonl"
# How to play on a level with windows and ports ends with the edges card (the legend).
{ key 100 enter; tap 500 "$T/h0.jsonl" a1; key 1300 enter; key 1400 enter; } >"$T/edges.jsonl"
expect "How to play with the edges card" 0 "" -- $HB --script "$T/edges.jsonl" --events-out "$T/edges-ev.jsonl" \
  --screenshot 1350:"$T/edges.png"
cevents "24.6: the FTUE on harbor teaches the edges after the turn" "$T/edges-ev.jsonl" "
[(e['step'], e['action']) for e in K('ftue')][-2:] == [('edges', 'show'), ('edges', 'complete')]"
