# bin/player headless: replayed sessions asserted through --events-out, screenshots,
# settings fallback, launcher, and one-line usage errors.
P="$BIN/player"
FX=tests/fixtures/player
PROBE="python3 $ROOT/tests/cli/png_probe.py"

# events NAME FILE EXPR: EXPR is a Python boolean over E (the event dicts, in order),
# R (the "resolved" events), S (the "source" events) and ST (the "state" events as (t, state)).
events() {
  local name=$1 file=$2 expr=$3
  check "$name" python3 -c "
import json, sys
E = [json.loads(l) for l in open('$file')]
R = [e for e in E if e['event'] == 'resolved']
S = [e for e in E if e['event'] == 'source']
ST = [(e['t'], e['state']) for e in E if e['event'] == 'state']
sys.exit(0 if ($expr) else 1)"
}
# The whole log validates against the events schema (read as an array of its lines).
events_schema_ok() {
  python3 -c "import json,sys; print(json.dumps([json.loads(l) for l in open(sys.argv[1])]))" "$1" >"$1.array.json" &&
    json_schema_ok player-events.schema.json "$1.array.json"
}

# ---- a perfect session at known times (DBT-22, DBT-23, Session & Scoring) ----
expect "perfect session replays" 0 "" -- "$P" oddshape --headless --script $FX/perfect.jsonl \
  --events-out "$T/perfect.jsonl" --screenshot 1300:"$T/round.png" --screenshot 23000:"$T/results.png" \
  --screenshot 1750:"$T/hint-r1-transition.png" --screenshot 2800:"$T/hint-r2-transition.png"
events "perfect: 15 correct with selection times 350..1050 ms" "$T/perfect.jsonl" \
  "[(e['round'], e['outcome'], e['timeMs']) for e in R] == [(r, 'correct', 300 + 50 * r) for r in range(1, 16)]"
events "perfect: avgTime 700 ms, accuracy 100, fastest 350" "$T/perfect.jsonl" \
  "E[-1] == {'t': 21150, 'event': 'results', 'correct': 15, 'errors': 0, 'avgTime': 700.0, 'accuracy': 100, 'fastest': 350, 'pausedRounds': 0}"
events "perfect: round 1 follows the DBT timings" "$T/perfect.jsonl" \
  "ST[:7] == [(0,'Title'),(100,'Ready'),(900,'RoundReveal'),(1050,'RoundInteractive'),(1400,'RoundFeedback'),(1700,'RoundTransition'),(1900,'RoundReveal')]"
events "perfect: Table L1 locked (Randomize OFF)" "$T/perfect.jsonl" \
  "S == [{'t': 100, 'event': 'source', 'randomize': False, 'seed': 12345, 'oddSlots': [1,0,2,0,1,2,2,1,0,1,2,0,0,2,1]}]"
check "perfect: event log matches its schema" events_schema_ok "$T/perfect.jsonl"
# HUD: the round-1 hint fades out during RoundFeedback and does not flash back in
# RoundTransition: the hint's spot is bare felt there, as in round 2's RoundTransition.
check "the round-1 hint stays gone through RoundTransition" test \
  "$($PROBE "$T/hint-r1-transition.png" pixel 960 964)" = "$($PROBE "$T/hint-r2-transition.png" pixel 960 964)"
check "perfect: the stats line, keys in their fixed order" grep -qx \
  '{"t":21150,"event":"results","correct":15,"errors":0,"avgTime":700.00,"accuracy":100,"fastest":350,"pausedRounds":0}' "$T/perfect.jsonl"
printf '{"format":"oddshape-settings/1","master":80,"music":70,"sfx":90,"colorblind":true,"randomize":false,"seed":12345}\n' >"$T/cb.json"
expect "the perfect session with Colorblind Assist on" 0 "" -- "$P" oddshape --headless --settings "$T/cb.json" \
  --script $FX/perfect.jsonl --events-out "$T/perfect-cb.jsonl" --until 23000 --screenshot 1300:"$T/round-cb.png"
check "LED-2: colorblind patterns change no rule or timing" cmp "$T/perfect.jsonl" "$T/perfect-cb.jsonl"
check "LED-2: but they change the patches' look" python3 -c "import sys; sys.exit(float('$($PROBE "$T/round.png" rowdiff "$T/round-cb.png")') < 0.1)"
expect "the same replay twice" 0 "" -- "$P" oddshape --headless --script $FX/perfect.jsonl --events-out "$T/perfect2.jsonl" --until 23000
check "replays are deterministic" cmp "$T/perfect.jsonl" "$T/perfect2.jsonl"

# ---- timeout, clicks outside every box and during locked states (RT-CLICK R3, R4, R5) ----
expect "timeout session replays" 0 "" -- "$P" oddshape --headless --script $FX/timeout.jsonl \
  --events-out "$T/timeout.jsonl" --until 12500 --screenshot 11150:"$T/timeout.png"
events "R4: round 1 times out at exactly 10.00 s" "$T/timeout.jsonl" \
  "R[0] == {'t': 11050, 'event': 'resolved', 'round': 1, 'outcome': 'timeout', 'slot': -1, 'timeMs': 10000, 'pauses': 0}"
events "R3/R5: nothing else resolved; round 2 is an error on a twin at 300 ms" "$T/timeout.jsonl" \
  "len(R) == 2 and R[1] == {'t': 12000, 'event': 'resolved', 'round': 2, 'outcome': 'error', 'slot': 1, 'timeMs': 300, 'pauses': 0}"
events "R5: locked clicks leave the timings alone" "$T/timeout.jsonl" \
  "ST[:5] == [(0,'Title'),(100,'Ready'),(900,'RoundReveal'),(1050,'RoundInteractive'),(11050,'RoundFeedback')]"

# ---- pause freezes the timer (RT-TIMER T2, RT-CLICK R6) ----
expect "pause session replays" 0 "" -- "$P" oddshape --headless --script $FX/pause.jsonl \
  --events-out "$T/pause.jsonl" --until 13000 --screenshot 6000:"$T/pause.png"
events "T2: 11 s paused, no timeout; resolved at 500 + 300 = 800 ms" "$T/pause.jsonl" \
  "[(e['t'], e['outcome'], e['timeMs']) for e in R] == [(12850, 'correct', 800)]"
events "Paused and back" "$T/pause.jsonl" "(1550, 'Paused') in ST and (12550, 'RoundInteractive') in ST"

# ---- focus starts on the Center patch each round (Input Map); Restart resets (Paused) ----
printf '%s\n' '{"t":100,"type":"key","key":"enter"}' '{"t":1100,"type":"key","key":"right"}' \
  '{"t":1120,"type":"key","key":"right"}' '{"t":1200,"type":"key","key":"enter"}' \
  '{"t":1900,"type":"key","key":"enter"}' '{"t":2600,"type":"key","key":"escape"}' \
  '{"t":2700,"type":"click","x":960,"y":602}' '{"t":3700,"type":"pad","button":"a"}' >"$T/focus.jsonl"
expect "focus and restart replay" 0 "" -- "$P" oddshape --headless --script "$T/focus.jsonl" --events-out "$T/focus-ev.jsonl"
events "focus moved right to Slot 2, then starts again on Center in round 2" "$T/focus-ev.jsonl" \
  "[(e['round'], e['slot']) for e in R[:2]] == [(1, 2), (2, 1)]"
events "Restart goes to Ready with a fresh session" "$T/focus-ev.jsonl" \
  "(2700, 'Ready') in ST and [(e['t'], e['round'], e['slot']) for e in R[2:]] == [(3700, 1, 1)] and len(S) == 2"

# ---- Options, the seed field and Play Again re-locking the source (LED-1) ----
expect "play-again session replays" 0 "" -- "$P" oddshape --headless --script $FX/playagain.jsonl \
  --events-out "$T/again.jsonl" --until 16500
"$BIN/gen" oddshape --seed 777 --out "$T/seed777.json"
events "seed 777 typed; the rejected 'x' reverted to the last valid seed" "$T/again.jsonl" \
  "[(e['randomize'], e['seed']) for e in E if e['event'] == 'options'] == [(True, 777), (False, 777)]"
events "Randomize ON locks the generator's rounds for seed 777" "$T/again.jsonl" \
  "S[0]['randomize'] and S[0]['seed'] == 777 and S[0]['oddSlots'] == [r['oddSlot'] for r in json.load(open('$T/seed777.json'))['rounds']]"
events "Randomize OFF then Play Again both lock Table L1" "$T/again.jsonl" \
  "[(s['t'], s['randomize'], s['oddSlots'][:3]) for s in S[1:]] == [(2900, False, [1,0,2]), (16450, False, [1,0,2])]"
events "answering 1 every round: 5 correct, 10 errors, accuracy 33" "$T/again.jsonl" \
  "[e for e in E if e['event'] == 'results'] == [{'t': 14950, 'event': 'results', 'correct': 5, 'errors': 10, 'avgTime': 100.0, 'accuracy': 33, 'fastest': 100, 'pausedRounds': 0}]"
check "play-again log matches its schema" events_schema_ok "$T/again.jsonl"

# ---- --levels FILE: exactly that file's rounds, whatever Randomize says, named in the log
# and on screen (LED-1 chooses only between Table L1 and the generator) ----
printf '{"format":"oddshape-settings/1","master":80,"music":70,"sfx":90,"colorblind":false,"randomize":true,"seed":12345}\n' >"$T/random-on.json"
printf '%s\n' '{"t":100,"type":"click","x":960,"y":812}' '{"t":300,"type":"click","x":990,"y":630}' \
  '{"t":400,"type":"key","key":"escape"}' '{"t":500,"type":"key","key":"enter"}' >"$T/levels.jsonl"
expect "a rounds file with Randomize On" 0 "" -- "$P" oddshape --headless --levels "$T/seed777.json" \
  --settings "$T/random-on.json" --script "$T/levels.jsonl" --events-out "$T/levels-ev.jsonl" \
  --screenshot 50:"$T/title-levels.png" --screenshot 900:"$T/ready-levels.png" --until 1000
events "--levels: the file's rounds are played, the log names the file and its seed" "$T/levels-ev.jsonl" \
  "S == [{'t': 500, 'event': 'source', 'randomize': False, 'seed': 777, 'file': '$T/seed777.json', 'oddSlots': [r['oddSlot'] for r in json.load(open('$T/seed777.json'))['rounds']]}]"
events "--levels: the Randomize toggle cannot be changed (the click on it did nothing)" "$T/levels-ev.jsonl" \
  "[e['randomize'] for e in E if e['event'] == 'options'] == [True]"
check "--levels log matches its schema" events_schema_ok "$T/levels-ev.jsonl"
expect "a Table L1 rounds file" 0 "" -- "$P" oddshape --headless --levels levels/oddshape/l1.json \
  --script $FX/perfect.jsonl --until 200 --events-out "$T/levels-l1.jsonl"
events "--levels with a file without a seed: seed null" "$T/levels-l1.jsonl" \
  "S[0]['seed'] is None and S[0]['file'] == 'levels/oddshape/l1.json' and S[0]['oddSlots'][:3] == [1, 0, 2]"
check "--levels l1 log matches its schema" events_schema_ok "$T/levels-l1.jsonl"

# ---- screenshots: Title, Options, a round, Results ----
expect "title screenshot" 0 "" -- "$P" oddshape --headless --screenshot 500:"$T/title.png"
printf '{"t":100,"type":"click","x":960,"y":812}\n' >"$T/options.jsonl"
expect "options screenshot" 0 "" -- "$P" oddshape --headless --script "$T/options.jsonl" --screenshot 500:"$T/options.png"
for f in title options round results timeout pause; do
  check "$f.png is 1920x1080" test "$($PROBE "$T/$f.png" size)" = "1920 1080"
done
check "Options differs from Title" python3 -c "import sys; sys.exit(float('$($PROBE "$T/title.png" rowdiff "$T/options.png")') < 0.5)"
check "a round differs from Results" python3 -c "import sys; sys.exit(float('$($PROBE "$T/round.png" rowdiff "$T/results.png")') < 0.5)"
expect "same screenshot twice" 0 "" -- "$P" oddshape --headless --screenshot 500:"$T/title2.png"
check "screenshots are deterministic" cmp "$T/title.png" "$T/title2.png"
expect "small letterboxed screenshot" 0 "" -- "$P" oddshape --headless --size 160x128 --screenshot 0:"$T/box.png"
check "letterbox bars above the 16:9 field (DBT-8) are dark wood" python3 "$ROOT/tests/cli/art_probe.py" \
  "dist(I[0].raw(80, 2), 0x3B342D) < 30" "$T/box.png"
check "felt board inside the field (DBT-25)" python3 -c "
import sys; c = bytes.fromhex('$($PROBE "$T/box.png" pixel 4 64)')
sys.exit(not all(abs(a - b) <= 26 for a, b in zip(c, bytes.fromhex('d9d2c5'))))"

# ---- Odd Shape art: what a playtest found (issue 16) ----
# art NAME EXPR FILE...: a pixel assertion over screenshots (tests/cli/art_probe.py).
art() {
  local name=$1 expr=$2; shift 2
  check "$name" python3 "$ROOT/tests/cli/art_probe.py" "$expr" "$@"
}
# A wrong twin in each of rounds 1-6, whose base colours are the six of DBT-4 (Blue, Red,
# Green, Yellow, Purple, Orange), shot 50 ms into RoundFeedback: the DBT-20 shake is at 0.
printf '%s\n' '{"t":100,"type":"key","key":"enter"}' '{"t":1150,"type":"key","key":"1"}' \
  '{"t":1900,"type":"key","key":"2"}' '{"t":2650,"type":"key","key":"1"}' '{"t":3400,"type":"key","key":"2"}' \
  '{"t":4150,"type":"key","key":"1"}' '{"t":4900,"type":"key","key":"1"}' >"$T/twins.jsonl"
expect "a wrong twin of each colour" 0 "" -- "$P" oddshape --headless --size 960x540 --script "$T/twins.jsonl" \
  --screenshot 1200:"$T/err1.png" --screenshot 1950:"$T/err2.png" --screenshot 2700:"$T/err3.png" \
  --screenshot 3450:"$T/err4.png" --screenshot 4200:"$T/err5.png" --screenshot 4950:"$T/err6.png"
i=0
for c in Blue:0 Red:1 Green:0 Yellow:1 Purple:0 Orange:0; do
  i=$((i + 1)) name=${c%:*} x=$((480 + 480 * ${c#*:}))
  art "LED-3, RT-FEEDBACK C2: the wrong $name twin keeps its colour under the error flash" \
    "all(nearest(I[0]($x + dx, 540 + dy)) == '$name' and sat(I[0]($x + dx, 540 + dy)) > 0.4 for dx, dy in ((0, 0), (-40, 0), (40, 0), (0, -40), (0, 40)))" \
    "$T/err$i.png"
  art "RT-FEEDBACK C2: a red ring flashes round the wrong $name twin" \
    "any(dist(I[0]($x + dx, 540), RED) < 30 for dx in range(30, 140, 2))" "$T/err$i.png"
done
art "R4: the timeout flash leaves the Blue twins blue, and reddens the felt" \
  "nearest(I[0](480, 540)) == 'Blue' and nearest(I[0](1440, 540)) == 'Blue' and I[0](960, 800)[0] - I[0](960, 800)[1] > I[1](960, 800)[0] - I[1](960, 800)[1] + 15" \
  "$T/timeout.png" "$T/round.png"
# The gold ring (DBT-30) beside a Yellow patch has a dark edge on both sides; keyboard focus
# is a dashed ring, the C2 teaching outline a solid one (Table L1 round 4: Yellow Hexagons;
# round 1: the odd Orange Circle in the centre).
printf '%s\n' '{"t":100,"type":"key","key":"enter"}' '{"t":1100,"type":"key","key":"right"}' \
  '{"t":1110,"type":"key","key":"left"}' '{"t":1250,"type":"key","key":"2"}' '{"t":2000,"type":"key","key":"1"}' '{"t":2750,"type":"key","key":"3"}' \
  '{"t":3410,"type":"move","x":960,"y":540}' >"$T/rings.jsonl"
expect "focus and hover rings" 0 "" -- "$P" oddshape --headless --script "$T/rings.jsonl" \
  --screenshot 1240:"$T/focus.png" --screenshot 3550:"$T/hover-yellow.png"
art "DBT-30: the gold ring on a Yellow patch reads: dark, gold, dark going outward" \
  "(lambda s: any(lum(s[i]) < 80 and any(dist(s[j], GOLD) < 40 and any(lum(s[k]) < 80 for k in range(j, len(s))) for j in range(i, len(s))) for i in range(len(s))))([I[0](x, 532) for x in range(1060, 1095)])" \
  "$T/hover-yellow.png"
ring() { # the fraction of 180 directions round ($1, $2) with gold at $3 +- 3 px
  echo "(sum(any(dist(I[0]($1 + r * math.cos(a / 90 * math.pi), $2 + r * math.sin(a / 90 * math.pi)), GOLD) < 60 for r in range($3 - 3, $3 + 4)) for a in range(180)) / 180)"
}
art "keyboard focus is a dashed gold ring" "0.3 < $(ring 960 532 117) < 0.85" "$T/focus.png"
art "the teaching outline is a solid gold ring" "$(ring 960 540 114) > 0.95" "$T/err1.png"
# DBT-18 -> RT-FEEDBACK C1: the hovered odd patch pulses from its lifted pose, not from the
# rest pose (its top edge stays where the hover put it).
printf '%s\n' '{"t":100,"type":"key","key":"enter"}' '{"t":1100,"type":"move","x":960,"y":540}' \
  '{"t":1300,"type":"click","x":960,"y":540}' >"$T/lift.jsonl"
expect "a click on the hovered patch" 0 "" -- "$P" oddshape --headless --script "$T/lift.jsonl" \
  --screenshot 1290:"$T/lift-hover.png" --screenshot 1301:"$T/lift-click.png"
top() { echo "min(y for y in range(380, 470) if nearest(I[$1](960, y)) == 'Orange' and sat(I[$1](960, y)) > 0.45)"; }
art "the clicked patch keeps its 8 px lift as the pulse starts" \
  "$(top 0) < 426 and abs($(top 0) - $(top 1)) <= 2" "$T/lift-hover.png" "$T/lift-click.png"
# Ready (DBT-17): the Get Ready card is gone when round 1 reveals, so the revealing patches
# look as they do in round 2 (a spot between two patches, 10 ms into each RoundReveal).
expect "Ready and two reveals" 0 "" -- "$P" oddshape --headless --size 960x540 --script $FX/perfect.jsonl \
  --screenshot 500:"$T/ready.png" --screenshot 910:"$T/reveal1.png" --screenshot 1910:"$T/reveal2.png"
expect "Ready at full size" 0 "" -- "$P" oddshape --headless --script $FX/perfect.jsonl --until 500 \
  --screenshot 500:"$T/ready-full.png"
art "the Get Ready scrim is up during Ready" "lum(I[0](700, 440)) > lum(I[1](700, 440)) + 8" \
  "$T/ready.png" "$T/reveal2.png"
art "and gone before round 1 reveals" "I[0](700, 540) == I[1](700, 540)" "$T/reveal1.png" "$T/reveal2.png"
# DBT-6: the untouched Right patches of rounds 2 (a Red Square) and 4 (a Yellow Hexagon) are
# 216 px wide, as the circle is.
width="(lambda r: 2 * (r[1] - r[0] + 1))(max(runs(sat(I[0](x, 540)) > 0.4 for x in range(1300, 1580, 2)), key=lambda r: r[1] - r[0]))"
art "DBT-6: the square is 216 px wide" "abs($width - 216) <= 2" "$T/err2.png"
art "DBT-6: the hexagon is 216 px wide" "abs($width - 216) <= 2" "$T/err4.png"
# Craft: "Get Ready" and the Results stats are stitched (Screens: Ready, Results): along a
# line through the letters, dark felt is broken again and again by a thin light thread.
stitches() { echo "sum(1 for a, b in zip(runs(lum(I[0](x, $1)) < 90 for x in range(660, 1260)), runs(lum(I[0](x, $1)) < 90 for x in range(660, 1260))[1:]) if 1 <= b[0] - a[1] - 1 <= 4)"; }
art "Get Ready is stitched" "$(stitches 532) >= 4" "$T/ready-full.png"
art "the Results stats are stitched" "$(stitches 330) >= 4" "$T/results.png"
# Yellow's thread is amber, not the olive of a darker yellow (the darkest stitch pixel of
# round 4's untouched Right Yellow Hexagon, along its top edge)
art "the stitches on Yellow are amber" \
  "hue(min((I[0](x, y) for x in range(1400, 1480, 2) for y in range(446, 464, 2)), key=lum)) < 42" "$T/err4.png"
# Letterbox bars (DBT-8) in a 4:3 window: wood grain, darker where the board meets them.
expect "a 4:3 window" 0 "" -- "$P" oddshape --headless --size 1440x1080 --screenshot 100:"$T/box43.png"
art "the letterbox bars have a wood grain" \
  "(lambda c: max(map(lum, c)) - min(map(lum, c)) >= 6 and all(dist(p, 0x3B342D) < 40 for p in c))([I[0].raw(5, y) for y in range(0, 120, 3)] + [I[0].raw(x, 60) for x in range(0, 1440, 9)])" \
  "$T/box43.png"
art "and the board casts a shadow onto them" "lum(I[0].raw(700, 132)) < lum(I[0].raw(700, 60)) - 6" "$T/box43.png"
# A hovered button lifts and brightens 8% (Screens: Title) but stays cream.
printf '{"t":100,"type":"move","x":960,"y":690}\n' >"$T/hover-play.jsonl"
expect "hovering Play" 0 "" -- "$P" oddshape --headless --script "$T/hover-play.jsonl" --screenshot 400:"$T/hover-play.png"
art "a hovered button brightens and stays cream" \
  "lum(I[0](800, 700)) > lum(I[1](800, 700)) + 8 and I[0](800, 700)[0] - I[0](800, 700)[2] >= 15" \
  "$T/hover-play.png" "$T/title.png"
# Digits: "Round 1 / 15" has no tabular gap between the 1 and the 5.
art "no gap inside the 15 of Round 1 / 15" \
  "(lambda r: r[-1][0] - r[-2][1] - 1 <= 8)(runs(any(lum(I[0](x, y)) < 110 for y in range(50, 82)) for x in range(840, 1100)))" \
  "$T/round.png"
# Pause (RT-CLICK R6): the round-1 hint is not left showing under the scrim: the hint's spot
# is the bare felt of round 2's RoundTransition under 50% black.
expect "paused while the round-1 hint shows" 0 "" -- "$P" oddshape --headless --script $FX/pause.jsonl --until 1700 \
  --screenshot 1700:"$T/pause-hint.png"
art "the round-1 hint hides under the Pause scrim" \
  "all(abs(a - b * 127 / 255) <= 3 for a, b in zip(I[0](960, 964), I[1](960, 964)))" \
  "$T/pause-hint.png" "$T/hint-r2-transition.png"
# Results: with the mouse in use (no keyboard focus yet), the first arrow moves from Play
# Again, so Right then Enter is Main Menu.
{ cat $FX/perfect.jsonl; printf '%s\n' '{"t":21500,"type":"move","x":200,"y":200}' \
  '{"t":22000,"type":"key","key":"right"}' '{"t":22100,"type":"key","key":"enter"}'; } >"$T/results-right.jsonl"
expect "Results: Right, Enter" 0 "" -- "$P" oddshape --headless --script "$T/results-right.jsonl" --events-out "$T/results-right-ev.jsonl"
events "Results: Right then Enter chooses Main Menu" "$T/results-right-ev.jsonl" "ST[-2:] == [(21150, 'Results'), (22100, 'Title')]"
# --levels: Title and Ready say which rounds are played (bottom right; under Get Ready).
art "--levels: the Title names the rounds file" \
  "any(lum(I[0](x, 1044)) < 150 for x in range(1600, 1880, 2)) and not any(lum(I[1](x, 1044)) < 150 for x in range(1600, 1880, 2))" \
  "$T/title-levels.png" "$T/title.png"
art "--levels: and so does Ready" \
  "any(lum(I[0](x, 640)) < 150 for x in range(760, 1160, 2)) and not any(lum(I[1](x, 640)) < 150 for x in range(760, 1160, 2))" \
  "$T/ready-levels.png" "$T/ready-full.png"
# The Title logo (Screens: Title): letters set apart, counters open.
art "logo: no two letters touch (7 in FIND THE; 8 in ODD SHAPE, the patch O included)" \
  "len(letters(I[0], 130, 220)) == 7 and len(letters(I[0], 232, 322)) == 8" "$T/title.png"
art "logo: the A keeps an open counter" \
  "(lambda a: holes(I[0], a[0] - 4, a[1] + 5, 234, 322))(letters(I[0], 232, 322)[5]) > 120" "$T/title.png"

# ---- settings: a corrupt file falls back to DBT-27 with one line; Back saves atomically ----
printf '{"format":"oddshape-settings/1","master":' >"$T/settings.json"
printf '{"t":100,"type":"click","x":960,"y":812}\n{"t":200,"type":"key","key":"escape"}\n' >"$T/back.jsonl"
expect "corrupt settings fall back" 0 "using default settings" -- "$P" oddshape --headless \
  --settings "$T/settings.json" --script "$T/back.jsonl" --events-out "$T/settings-ev.jsonl"
check "corrupt settings: exactly one line" test "$(wc -l <"$T/err")" -eq 1
events "the defaults are DBT-27" "$T/settings-ev.jsonl" \
  "[e for e in E if e['event'] == 'options'][0] == {'t': 200, 'event': 'options', 'master': 80, 'music': 70, 'sfx': 90, 'colorblind': False, 'randomize': False, 'seed': 12345}"
check "Back rewrote a valid settings file" json_schema_ok player-settings.schema.json "$T/settings.json"
check "no temp file left behind" test -z "$(ls "$T" | grep -F settings.json.)"
printf '{"t":100,"type":"click","x":960,"y":812}\n{"t":200,"type":"key","key":"down"}\n{"t":210,"type":"key","key":"left"}\n{"t":300,"type":"key","key":"escape"}\n' >"$T/vol.jsonl"
expect "keyboard lowers Master volume" 0 "" -- "$P" oddshape --headless --settings "$T/settings.json" --script "$T/vol.jsonl"
check "the settings file remembers it" python3 -c "import json,sys; sys.exit(json.load(open('$T/settings.json'))['master'] != 75)"
# Issue 22: each scene keeps its own object; a file of the older formats loads into them, and
# Odd Shape's Back rewrites it in today's format with Memory5D's object kept as it was.
printf '{"format":"player-settings/2","master":60,"music":70,"sfx":90,"colorblind":true,"randomize":true,"seed":777,"memory5d":{"reducedMotion":false,"reducedSensory":true,"highContrast":true}}\n' >"$T/v2.json"
expect "a player-settings/2 file loads" 0 "" -- "$P" oddshape --headless --settings "$T/v2.json" \
  --script "$T/back.jsonl" --events-out "$T/v2-ev.jsonl"
events "its Odd Shape keys reach Odd Shape's Options" "$T/v2-ev.jsonl" \
  "[e for e in E if e['event'] == 'options'][0] == {'t': 200, 'event': 'options', 'master': 60, 'music': 70, 'sfx': 90, 'colorblind': True, 'randomize': True, 'seed': 777}"
check "Back rewrote it as one object per scene, Memory5D's untouched" python3 -c "
import json, sys; d = json.load(open('$T/v2.json'))
sys.exit(not (d == {'format': 'player-settings/3', 'master': 60, 'music': 70, 'sfx': 90,
  'oddshape': {'colorblind': True, 'randomize': True, 'seed': 777},
  'memory5d': {'reducedMotion': False, 'reducedSensory': True, 'highContrast': True}}))"
check "the rewritten file matches its schema" json_schema_ok player-settings.schema.json "$T/v2.json"

: >"$T/plain-file"
expect "an unwritable settings path is reported, the game goes on" 0 "settings not saved" -- "$P" oddshape \
  --headless --settings "$T/plain-file/settings.json" --script "$T/back.jsonl"
printf '{"t":100,"type":"click","x":960,"y":812}\n{"t":300,"type":"press","x":1000,"y":300}\n{"t":320,"type":"move","x":1234,"y":300}\n{"t":340,"type":"release","x":1234,"y":300}\n{"t":350,"type":"move","x":1400,"y":300}\n{"t":400,"type":"key","key":"escape"}\n' >"$T/drag.jsonl"
expect "dragging the Master slider" 0 "" -- "$P" oddshape --headless --script "$T/drag.jsonl" --events-out "$T/drag-ev.jsonl"
events "the slider follows the drag until release" "$T/drag-ev.jsonl" \
  "[e['master'] for e in E if e['event'] == 'options'] == [89]"

# ---- launcher ----
printf '{"t":100,"type":"click","x":960,"y":385}\n' >"$T/launch.jsonl"
expect "launcher opens Find the Odd Shape" 0 "" -- "$P" --headless --script "$T/launch.jsonl" \
  --events-out "$T/launch-ev.jsonl" --screenshot 50:"$T/launcher.png"
events "launcher click starts at Title" "$T/launch-ev.jsonl" "ST == [(100, 'Title')]"
printf '{"t":100,"type":"click","x":300,"y":545}\n{"t":200,"type":"click","x":960,"y":892}\n{"t":300,"type":"key","key":"enter"}\n' >"$T/quit.jsonl"
expect "launcher: a click beside the buttons is ignored, Quit quits" 0 "" -- "$P" --headless --script "$T/quit.jsonl" --events-out "$T/quit-ev.jsonl"
check "nothing was started" test ! -s "$T/quit-ev.jsonl"
expect "a screenshot due as the player quits names its time" 2 "screenshot at 200 ms not taken: the player quit at 200 ms" -- \
  "$P" --headless --script "$T/quit.jsonl" --screenshot 200:"$T/quit.png"
check "and is not written" test ! -e "$T/quit.png"

# ---- usage errors: one line, exit 2 ----
printf '{"t":5,"type":"key","key":"1"}\n{"t":4,"type":"key","key":"1"}\n' >"$T/bad.jsonl"
expect "script times must not go backwards" 2 "bad.jsonl:2.t" -- "$P" oddshape --headless --script "$T/bad.jsonl"
printf '{"t":5,"type":"pad","button":"z"}\n' >"$T/bad2.jsonl"
expect "unknown pad button" 2 "bad2.jsonl:1.button: expected" -- "$P" oddshape --headless --script "$T/bad2.jsonl"
expect "missing script" 2 "nope.jsonl" -- "$P" oddshape --headless --script "$T/nope.jsonl"
expect "bad --screenshot" 2 "screenshot: expected T:FILE.png" -- "$P" oddshape --headless --screenshot shot.png
expect "screenshot after --until" 2 "after --until" -- "$P" oddshape --headless --until 100 --screenshot 200:"$T/late.png"
expect "bad --size" 2 "size: expected WxH" -- "$P" oddshape --headless --size 10x10
expect "unknown option" 2 "unknown option" -- "$P" oddshape --fast
expect "a game that is not registered is refused" 2 'unknown game "chess"' -- "$P" chess --headless

# ---- the scene table: per-game options, touch, help ----
expect "a game's option without the game is refused" 2 "--levels is an option of a game: name the game first" -- \
  "$P" --headless --levels levels/oddshape/l1.json
printf '{"t":100,"type":"touch","x":960,"y":385}\n' >"$T/launch-touch.jsonl"
expect "a tap on the launcher's first button" 0 "" -- "$P" --headless --script "$T/launch-touch.jsonl" \
  --events-out "$T/launch-touch-ev.jsonl"
events "a tap starts the game like a click" "$T/launch-touch-ev.jsonl" "ST == [(100, 'Title')]"
expect "--levels is Odd Shape's option" 0 "" -- "$P" oddshape --headless --levels levels/oddshape/l1.json --until 10
expect "--help lists each game with its options" 0 "" -- "$P" --help
check "--help names Odd Shape's --levels and where such a file comes from" grep -q -- "--levels FILE.*gen oddshape" "$T/out"
# with no display SDL would fall back to its offscreen driver and run invisibly until killed
expect "no display: exit 2 pointing at --headless" 2 "no usable display" -- \
  env -u DISPLAY -u WAYLAND_DISPLAY timeout 20 "$P" oddshape
expect "unknown game" 2 "unknown game" -- "$P" tetris --headless
expect "missing levels file" 2 "missing.json" -- "$P" oddshape --headless --levels "$T/missing.json"
printf '{"format":"oddshape-rounds/1","source":"table-L1","rounds":[]}\n' >"$T/empty.json"
expect "levels with no rounds" 2 "not playable: round-count" -- "$P" oddshape --headless --levels "$T/empty.json"
sed '0,/"oddValue": "Orange"/s//"oddValue": "Blue"/' levels/oddshape/l1.json >"$T/g1.json"
expect "levels breaking RT-GEN-ODD G1" 2 "g1.json: not playable" -- "$P" oddshape --headless --levels "$T/g1.json"
expect "unwritable screenshot" 2 "cannot write" -- "$P" oddshape --headless --screenshot 0:"$T/no/such/dir/x.png"
mkdir -p "$T/shotdir"
expect "a screenshot path that is a directory" 2 "cannot write" -- "$P" oddshape --headless --screenshot 0:"$T/shotdir"
check "leaves no temp PNG behind" test ! -e "$T/shotdir.tmp"
printf '{"t":1,\n' >"$T/bad3.jsonl"
expect "a script line that is not JSON" 2 "bad3.jsonl:1: invalid JSON" -- "$P" oddshape --headless --script "$T/bad3.jsonl"
printf '{"t":1,"type":"key","key":"f13"}\n' >"$T/bad4.jsonl"
expect "an unknown key name" 2 "bad4.jsonl:1.key: expected" -- "$P" oddshape --headless --script "$T/bad4.jsonl"
expect "a directory as --script" 2 "not a regular file" -- "$P" oddshape --headless --script "$T"
head -c 1048577 /dev/zero | tr '\0' ' ' >"$T/huge.jsonl"
expect "a script over 1 MiB" 2 "huge.jsonl: file is [0-9]+ bytes, larger than the 1048576-byte limit" -- "$P" oddshape --headless --script "$T/huge.jsonl"
expect "trailing junk in --size" 2 "size: expected WxH" -- "$P" oddshape --headless --size 100x100x
expect "a --screenshot time that is not a number" 2 "screenshot: expected a time in ms" -- "$P" oddshape --headless --screenshot abc:x.png
expect "--events-out in a missing folder" 2 "no/such/ev.jsonl: No such file" -- "$P" oddshape --headless --events-out "$T/no/such/ev.jsonl"
expect "--events-out naming a directory" 2 "is a directory" -- "$P" oddshape --headless --events-out "$T"
echo "an older log" >"$T/kept-ev.jsonl"
expect "a run that fails late" 2 "cannot write" -- "$P" oddshape --headless --script $FX/perfect.jsonl \
  --events-out "$T/kept-ev.jsonl" --screenshot 5000:"$T/no/such/dir/late.png"
check "leaves the older event log untouched" test "$(cat "$T/kept-ev.jsonl")" = "an older log"
check "and no temp log behind" test -z "$(ls "$T" | grep -F kept-ev.jsonl.)"
printf '{"format": "oddshape-rounds/1", "rounds": [' >"$T/truncated.json"
expect "a truncated --levels file" 2 "truncated.json: invalid JSON" -- "$P" oddshape --headless --levels "$T/truncated.json"
expect "a directory as --levels" 2 "not a regular file" -- "$P" oddshape --headless --levels "$T"

# ---- the windowed loop on SDL's offscreen video driver (real clock): Quit closes it ----
# (Under make test-asan, leak detection is off for this run only: creating any window and
# renderer on SDL 2.26's offscreen driver leaks inside SDL/EGL, as a 10-line SDL program
# that only creates and destroys them shows; the headless runs above keep leak checks.)
printf '{"t":300,"type":"click","x":960,"y":926}\n' >"$T/live.jsonl"
expect "windowed player quits from Title" 0 "" -- env SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy \
  ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
  "$P" oddshape --script "$T/live.jsonl" --settings "$T/live-settings.json" --events-out "$T/live-ev.jsonl"
events "windowed run: Title then Quit" "$T/live-ev.jsonl" "[s for t, s in ST] == ['Title', 'Quit']"
expect "no audio device: silent, one line saying so" 0 "running silent" -- env SDL_VIDEODRIVER=offscreen \
  SDL_AUDIODRIVER=no-such-driver ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
  "$P" oddshape --script "$T/live.jsonl" --settings "$T/live-settings.json"
check "no audio device: exactly one stderr line" test "$(wc -l <"$T/err")" -eq 1
# issue 29 "while something moves, pace to the display ... never faster": SDL's software
# renderer reports the vsync it was asked for but does not wait for it (Odd Shape's round
# drew about 800 frames a second under Xvfb and the offscreen driver); the frame clock now
# paces it to the display's rate (60 when the driver names none). PLAYER_FRAME_STATS=1 prints
# the live loop's count at exit. An upper bound only: a loaded machine draws fewer.
printf '{"t":300,"type":"key","key":"enter"}\n{"t":2300,"type":"close"}\n' >"$T/pace.jsonl"
expect "a live Odd Shape round, 2 s" 0 "" -- env SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy PLAYER_FRAME_STATS=1 \
  ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
  "$P" oddshape --script "$T/pace.jsonl" --settings "$T/pace-settings.json"
check "the moving round is paced by a frame clock at 60 a second at most" python3 -c "
import re, sys
m = re.search(r'(\d+) frames drawn, \d+ presented in ([\d.]+) s: ([\d.]+) a second, paced by a frame clock', open(sys.argv[1]).read())
sys.exit(0 if m and int(m.group(1)) > 10 and float(m.group(3)) <= 65 else 1)" "$T/err"
expect "--help" 0 "" -- "$P" --help
check "--help names the replay options" grep -q -- "--screenshot T:FILE" "$T/out"
