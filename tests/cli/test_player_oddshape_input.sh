# bin/player oddshape, issue 32: one input model (what is highlighted is what Enter takes),
# no press falling through a surface it opened or closed, the Pause that hides the board,
# Options under --levels, and the Results celebration. Replays asserted through
# --events-out and screenshot pixels.
P="$BIN/player"
FX=tests/fixtures/player

# events NAME FILE EXPR: EXPR is a Python boolean over E (the event dicts), R (the
# "resolved" events), RS (the "results" events) and ST (the "state" events as (t, state)).
events() {
  local name=$1 file=$2 expr=$3
  check "$name" python3 -c "
import json, sys
E = [json.loads(l) for l in open('$file')]
R = [e for e in E if e['event'] == 'resolved']
RS = [e for e in E if e['event'] == 'results']
ST = [(e['t'], e['state']) for e in E if e['event'] == 'state']
sys.exit(0 if ($expr) else 1)"
}
art() {
  local name=$1 expr=$2; shift 2
  check "$name" python3 "$ROOT/tests/cli/art_probe.py" "$expr" "$@"
}
play() { # play NAME SCRIPT-LINES...: writes $T/NAME.jsonl and replays it into $T/NAME-ev.jsonl
  local name=$1; shift
  printf '%s\n' "$@" >"$T/$name.jsonl"
  expect "replay $name" 0 "" -- "$P" oddshape --headless --script "$T/$name.jsonl" --events-out "$T/$name-ev.jsonl"
}
ENTER='{"t":100,"type":"key","key":"enter"}' # Title > Play: round 1 is interactive at 1050

# ---- item 1: the pointer's patch is the focus Enter / Space / A confirm ----
play hover-enter "$ENTER" '{"t":1100,"type":"move","x":480,"y":540}' '{"t":1200,"type":"key","key":"enter"}'
events "Enter with the pointer on the Left patch confirms the Left patch" "$T/hover-enter-ev.jsonl" \
  "[(e['round'], e['slot']) for e in R] == [(1, 0)]"
play hover-space "$ENTER" '{"t":1100,"type":"move","x":1440,"y":540}' '{"t":1200,"type":"key","key":"space"}'
events "Space with the pointer on the Right patch confirms the Right patch" "$T/hover-space-ev.jsonl" \
  "[(e['round'], e['slot']) for e in R] == [(1, 2)]"
play hover-pad "$ENTER" '{"t":1100,"type":"move","x":480,"y":540}' '{"t":1150,"type":"move","x":700,"y":900}' \
  '{"t":1200,"type":"pad","button":"a"}'
events "A after the pointer left the Left patch still confirms it (the focus stays where it was moved)" \
  "$T/hover-pad-ev.jsonl" "[(e['round'], e['slot']) for e in R] == [(1, 0)]"
play hover-key "$ENTER" '{"t":1100,"type":"move","x":480,"y":540}' '{"t":1150,"type":"key","key":"right"}' \
  '{"t":1200,"type":"key","key":"enter"}'
events "a key moves the focus from the hovered patch: Left, Right, Enter is the Centre" "$T/hover-key-ev.jsonl" \
  "[(e['round'], e['slot']) for e in R] == [(1, 1)]"

# ---- item 2: the first Left / Right / D-pad press moves the focus ----
# Table L1 round 2 has its odd patch on the Left; "2" resolves round 1 at 1100, round 2 is
# interactive at 1750.
play first-left "$ENTER" '{"t":1100,"type":"key","key":"2"}' '{"t":1800,"type":"key","key":"left"}' \
  '{"t":1850,"type":"key","key":"enter"}'
events "the first Left of a session moves the focus: Left, Enter picks the Left patch" "$T/first-left-ev.jsonl" \
  "[(e['round'], e['slot'], e['outcome']) for e in R] == [(1, 1, 'correct'), (2, 0, 'correct')]"
play first-dpad "$ENTER" '{"t":1100,"type":"pad","button":"right"}' '{"t":1150,"type":"pad","button":"a"}'
events "the first D-pad Right moves the focus: Right, A picks the Right patch" "$T/first-dpad-ev.jsonl" \
  "[(e['round'], e['slot']) for e in R] == [(1, 2)]"
printf '%s\n' "$ENTER" '{"t":1100,"type":"key","key":"right"}' >"$T/first-ring.jsonl"
expect "the first Right shows the ring" 0 "" -- "$P" oddshape --headless --script "$T/first-ring.jsonl" \
  --screenshot 1090:"$T/ring-before.png" --screenshot 1200:"$T/ring-after.png"
art "and draws it round the Right patch, not the Centre" \
  "sum(dist(I[1](1440 + 117 * math.cos(a / 30 * math.pi), 532 + 117 * math.sin(a / 30 * math.pi)), GOLD) < 60 for a in range(60)) > sum(dist(I[0](1440 + 117 * math.cos(a / 30 * math.pi), 532 + 117 * math.sin(a / 30 * math.pi)), GOLD) < 60 for a in range(60)) + 10" \
  "$T/ring-before.png" "$T/ring-after.png"

# ---- item 3: a press that opened or closed a surface is consumed by it ----
# The Pause card's Resume (780..1140 x 450..534) sits over the Centre patch's box, Main
# Menu (y 670..754) over Title > Play, Title > Options (y 770..854) over Options > Back.
play dbl-resume "$ENTER" '{"t":1200,"type":"key","key":"escape"}' \
  '{"t":2000,"type":"click","x":960,"y":500}' '{"t":2000,"type":"release","x":960,"y":500}' \
  '{"t":2150,"type":"click","x":960,"y":500}' '{"t":2160,"type":"release","x":960,"y":500}' \
  '{"t":2700,"type":"key","key":"3"}'
events "a double-click on Pause > Resume resumes, and its second click does not pick the Centre patch" \
  "$T/dbl-resume-ev.jsonl" "(2000, 'RoundInteractive') in ST and [(e['t'], e['slot'], e['timeMs']) for e in R] == [(2700, 2, 850)]"
play dbl-menu "$ENTER" '{"t":1200,"type":"key","key":"escape"}' \
  '{"t":2000,"type":"click","x":960,"y":712}' '{"t":2150,"type":"click","x":960,"y":712}'
events "a double-click on Pause > Main Menu lands on Title and does not press Play" "$T/dbl-menu-ev.jsonl" \
  "ST[-1] == (2000, 'Title')"
play dbl-options '{"t":100,"type":"click","x":960,"y":812}' '{"t":250,"type":"click","x":960,"y":812}' \
  '{"t":900,"type":"click","x":960,"y":812}'
events "a double-click on Title > Options opens Options and leaves it open; a later click on Back closes it" \
  "$T/dbl-options-ev.jsonl" "[s for s in ST if s[0] > 0] == [(100, 'Options'), (900, 'Title')]"

# ---- item 4: menus follow the same model ----
play title-quit '{"t":100,"type":"move","x":960,"y":926}' '{"t":200,"type":"key","key":"enter"}'
events "Title: Enter with the pointer on Quit quits" "$T/title-quit-ev.jsonl" "ST[-1] == (200, 'Quit')"
play title-options-down '{"t":100,"type":"move","x":960,"y":812}' '{"t":200,"type":"key","key":"up"}' \
  '{"t":300,"type":"key","key":"enter"}'
events "Title: Up from the hovered Options, Enter plays" "$T/title-options-down-ev.jsonl" "ST[-1] == (300, 'Ready')"
{ cat $FX/perfect.jsonl; printf '%s\n' '{"t":22000,"type":"move","x":1175,"y":797}' \
  '{"t":22100,"type":"key","key":"enter"}'; } >"$T/results-menu.jsonl"
expect "replay results-menu" 0 "" -- "$P" oddshape --headless --script "$T/results-menu.jsonl" --events-out "$T/results-menu-ev.jsonl"
events "Results: Enter with the pointer on Main Menu goes to the Title" "$T/results-menu-ev.jsonl" "ST[-1] == (22100, 'Title')"
play pause-restart "$ENTER" '{"t":1200,"type":"key","key":"escape"}' '{"t":1300,"type":"move","x":960,"y":602}' \
  '{"t":1400,"type":"pad","button":"a"}'
events "Pause: A with the pointer on Restart restarts" "$T/pause-restart-ev.jsonl" "ST[-1] == (1400, 'Ready')"

# ---- item 5: Pause hides the trio; paused rounds are counted and logged ----
expect "pause replay" 0 "" -- "$P" oddshape --headless --script $FX/pause.jsonl --events-out "$T/pause-ev.jsonl" \
  --screenshot 6000:"$T/paused.png"
# Round 1: Blue Circle, Orange Circle, Blue Circle. Under the 50% scrim each slot's centre
# is the felt a patch-free spot below shows (the shadows and the card aside).
art "Paused: no patch shows at any slot" \
  "all(dist(I[0](x, 600), (lambda c: c[0] << 16 | c[1] << 8 | c[2])(I[0](x, 860))) < 12 for x in (420, 1380)) and sat(I[0](480, 540)) < 0.2 and sat(I[0](1440, 540)) < 0.2" \
  "$T/paused.png"
events "the events log marks the paused round (pauses: 1)" "$T/pause-ev.jsonl" "[e['pauses'] for e in R] == [1]"
events_schema_ok() {
  python3 -c "import json,sys; print(json.dumps([json.loads(l) for l in open(sys.argv[1])]))" "$1" >"$1.array.json" &&
    json_schema_ok player-events.schema.json "$1.array.json"
}
# a whole session with two pauses in round 1 and one in round 3: the results count 2 rounds
{ cat $FX/perfect.jsonl | grep -v '"t":1400,'; printf '%s\n' '{"t":1200,"type":"key","key":"escape"}' \
  '{"t":1250,"type":"key","key":"escape"}' '{"t":1300,"type":"key","key":"escape"}' '{"t":1350,"type":"key","key":"escape"}' \
  '{"t":1400,"type":"key","key":"2"}'; } | python3 -c "
import json, sys
L = [l for l in sys.stdin if l.strip() and not l.startswith('#')]
L.sort(key=lambda l: json.loads(l)['t'])
sys.stdout.write(''.join(L))" >"$T/paused-session.jsonl"
expect "a session paused in round 1" 0 "" -- "$P" oddshape --headless --script "$T/paused-session.jsonl" \
  --events-out "$T/paused-session-ev.jsonl" --screenshot 23000:"$T/paused-results.png"
events "Results count the paused round (pausedRounds: 1), each round says its pauses" "$T/paused-session-ev.jsonl" \
  "RS and RS[0]['pausedRounds'] == 1 and [e['pauses'] for e in R] == [2] + [0] * 14"
check "the log validates against its schema" events_schema_ok "$T/paused-session-ev.jsonl"
expect "the perfect session" 0 "" -- "$P" oddshape --headless --script $FX/perfect.jsonl \
  --events-out "$T/perfect-ev.jsonl" --screenshot 23000:"$T/perfect-results.png" \
  --screenshot 22500:"$T/confetti.png" --screenshot 26000:"$T/calm.png"
events "an unpaused session has pausedRounds 0" "$T/perfect-ev.jsonl" "RS[0]['pausedRounds'] == 0"
art "the Results card says how many rounds were paused" \
  "any(lum(I[0](x, 706)) < 150 for x in range(800, 1120, 2)) and not any(lum(I[1](x, 706)) < 150 for x in range(800, 1120, 2))" \
  "$T/paused-results.png" "$T/perfect-results.png"

# ---- item 6: --levels: Options shows the file's Randomize and seed, set by --levels ----
"$BIN/gen" oddshape --seed 777 --out "$T/seed777.json"
"$BIN/gen" oddshape --seed 4242 --out "$T/seed4242.json"
printf '%s\n' '{"t":100,"type":"click","x":960,"y":812}' >"$T/options.jsonl"
printf '{"format":"oddshape-settings/1","master":80,"music":70,"sfx":90,"colorblind":false,"randomize":false,"seed":12345}\n' >"$T/off.json"
for f in seed777 seed4242; do
  expect "Options with --levels $f" 0 "" -- "$P" oddshape --headless --settings "$T/off.json" --levels "$T/$f.json" \
    --script "$T/options.jsonl" --screenshot 800:"$T/opt-$f.png"
done
expect "Options with --levels l1.json" 0 "" -- "$P" oddshape --headless --settings "$T/off.json" --levels levels/oddshape/l1.json \
  --script "$T/options.jsonl" --screenshot 800:"$T/opt-l1.png"
expect "Options without --levels" 0 "" -- "$P" oddshape --headless --settings "$T/off.json" \
  --script "$T/options.jsonl" --screenshot 800:"$T/opt-plain.png"
region() { echo "[I[$1](x, y) for x in range($2, $3, 3) for y in range($4, $5, 3)]"; }
art "a seeded file shows Randomize On where the settings say Off (the toggle differs from a fixed file's)" \
  "$(region 0 890 1090 600 660) != $(region 1 890 1090 600 660)" "$T/opt-seed777.png" "$T/opt-l1.png"
art "the seed field shows the file's seed (777 and 4242 differ)" \
  "$(region 0 900 1180 680 740) != $(region 1 900 1180 680 740)" "$T/opt-seed777.png" "$T/opt-seed4242.png"
art "the seed row says set by --levels" \
  "any(lum(I[0](x, 710)) < 150 for x in range(1215, 1420, 2)) and not any(lum(I[1](x, 710)) < 150 for x in range(1215, 1420, 2))" \
  "$T/opt-seed777.png" "$T/opt-plain.png"

# ---- item 7: the celebration: a threshold, and never over the Results text ----
# Card: 460..1460 x 160..920. Perfect session: Results at 21150, confetti from 22150.
art "confetti flies in a perfect session (beside the card)" \
  "$(region 0 0 460 0 1080) != $(region 1 0 460 0 1080) or $(region 0 1460 1920 0 1080) != $(region 1 1460 1920 0 1080)" \
  "$T/confetti.png" "$T/calm.png"
art "but never over the card: the card is the same as when the confetti is gone" \
  "$(region 0 470 1450 170 910) == $(region 1 470 1450 170 910)" "$T/confetti.png" "$T/calm.png"
# 0 / 15: the wrong twin of every Table L1 round (odd slots 1 0 2 0 1 2 2 1 0 1 2 0 0 2 1)
python3 -c "
odd = [1, 0, 2, 0, 1, 2, 2, 1, 0, 1, 2, 0, 0, 2, 1]
print('{\"t\":100,\"type\":\"key\",\"key\":\"enter\"}')
t = 1100
for o in odd:
    print('{\"t\":%d,\"type\":\"key\",\"key\":\"%d\"}' % (t, (o + 1) % 3 + 1)); t += 650" >"$T/zero.jsonl"
expect "a 0 / 15 session" 0 "" -- "$P" oddshape --headless --script "$T/zero.jsonl" --events-out "$T/zero-ev.jsonl" \
  --screenshot 12000:"$T/zero-confetti.png" --screenshot 16000:"$T/zero-calm.png"
events "the session scored 0 / 15" "$T/zero-ev.jsonl" "RS[0]['correct'] == 0 and ST[-1][1] == 'Results'"
art "below ODDSHAPE_CONFETTI_MIN_CORRECT: no confetti" "$(region 0 0 1920 0 1080) == $(region 1 0 1920 0 1080)" \
  "$T/zero-confetti.png" "$T/zero-calm.png"
# The round timer: natural digit widths, no uneven gaps ("1.1 1 s"), the point kept still.
printf '%s\n' "$ENTER" >"$T/timer.jsonl"
expect "the timer at 0.40 s and 1.11 s" 0 "" -- "$P" oddshape --headless --script "$T/timer.jsonl" --until 2200 \
  --screenshot 1450:"$T/timer040.png" --screenshot 2160:"$T/timer111.png"
glyphs() { echo "runs(any(lum(I[$1](x, y)) < 110 for y in range(46, 88)) for x in range(1680, 1900))"; }
art "1.11 s: the gaps between its digits and point differ by 3 px at most" \
  "(lambda r: (lambda g: max(g) - min(g) <= 3)([b[0] - a[1] for a, b in zip(r[:4], r[1:4])]))($(glyphs 0))" "$T/timer111.png"
art "0.40 s: so do those of 0.40, and the point stays where it was" \
  "(lambda r, q: max(b[0] - a[1] for a, b in zip(r[:4], r[1:4])) - min(b[0] - a[1] for a, b in zip(r[:4], r[1:4])) <= 3 and r[1] == q[1])($(glyphs 0), $(glyphs 1))" \
  "$T/timer040.png" "$T/timer111.png"
