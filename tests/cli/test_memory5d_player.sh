# bin/player memory5d headless: whole matches (hot-seat by mouse, keyboard-only against the AI
# at every difficulty) checked link by link against the core's own self-play, refusals in
# words, Easy vs Normal forgiveness, the Expert rotation with the focus on its cell, the clock
# pausing and not pausing, the tutorial end to end, the narrow viewport, settings, bad options.
P="$BIN/player"
PROBE="python3 $ROOT/tests/cli/png_probe.py"
SCRIPT="python3 $ROOT/tests/cli/m5d_script.py"
PICK="python3 $ROOT/tests/cli/m5d_pick.py"

# m5d_events NAME FILE EXPR: EXPR over E (the event dicts) and K(kind) (the events of a kind).
m5d_events() {
  check "$1" python3 -c "
import json, sys
E = [json.loads(l) for l in open('$2')]
K = lambda k: [e for e in E if e['event'] == k]
sys.exit(0 if ($3) else 1)"
}
m5d_schema_ok() {
  python3 -c "import json,sys; print(json.dumps([json.loads(l) for l in open(sys.argv[1])]))" "$1" >"$1.array.json" &&
    json_schema_ok memory5d-events.schema.json "$1.array.json"
}
# links_match NAME LOG EVENTS: the player's links (and results) are the match log's.
links_match() {
  check "$1" python3 - "$2" "$3" <<'PY'
import json, sys
log = json.load(open(sys.argv[1])); E = [json.loads(l) for l in open(sys.argv[2])]
want = [(v["player"], sorted([v["a"], v["b"]]), v["value"]) for e in log["entries"] for v in e["events"] if v["kind"] == "link"]
got = [(e["player"], sorted(e["cells"]), e["mastery"]) for e in E if e["event"] == "link"]
res = [e for e in E if e["event"] == "results"]
f = log["final"]
ok = want == got and len(res) == 1 and res[0]["mastery"] == f["mastery"] and res[0]["status"] == f["status"] and res[0]["winner"] == f["winner"]
sys.exit(0 if ok else 1)
PY
}

# ---- --seed N --difficulty D plays exactly the board gen prints ----
expect "straight into an Expert match" 0 "" -- "$P" memory5d --headless --seed 7 --difficulty expert --events-out "$T/e7.jsonl" --until 10
"$BIN/gen" memory5d --seed 7 --difficulty expert >"$T/g7.json"
check "the match's board is gen's board for that seed" python3 -c "
import json, sys
g = json.load(open('$T/g7.json')); s = json.loads(open('$T/e7.jsonl').readline())
sys.exit(not ([(c['family'], c['variant'], c['hue']) for c in g['cells']] == [(c['family'], c['variant'], c['hue']) for c in s['cells']] and s['seed'] == 7 and s['size'] == 9 and s['opponent'] == 'ai'))"

# ---- a hot-seat match by mouse, link for link the core's self-play ----
"$BIN/gen" memory5d --selfplay --seed 3 --difficulty normal --out "$T/sp3.json"
"$P" memory5d --headless --seed 3 --difficulty normal --opponent human --events-out "$T/s3.jsonl" --until 10
$SCRIPT "$T/sp3.json" "$T/s3.jsonl" mouse both >"$T/hs.jsonl"
# the last link's time: the win is drawn 300 ms after it, Results come 1.8 s after it
end=$(python3 -c "import json; print(json.load(open('$T/sp3.json'))['entries'][-1]['command']['nowMs'] + 100)")
expect "hot-seat match by mouse" 0 "" -- "$P" memory5d --headless --seed 3 --difficulty normal --opponent human \
  --script "$T/hs.jsonl" --events-out "$T/hs-ev.jsonl" --screenshot $((end + 300)):"$T/win.png" \
  --screenshot $((end + 2400)):"$T/results.png" --until $((end + 2500))
links_match "hot-seat: every link, Mastery and the result are the core's" "$T/sp3.json" "$T/hs-ev.jsonl"
m5d_events "hot-seat: the win names four cells of the winner's" "$T/hs-ev.jsonl" \
  "len(K('win')) == 1 and len(K('win')[0]['cells']) == 4 and all(c in sum([l['cells'] for l in K('link') if l['player'] == K('win')[0]['player']], []) for c in K('win')[0]['cells'])"
m5d_events "hot-seat: Star Points per the core formula (Normal x1: 20 + objectives, the winner + 5)" "$T/hs-ev.jsonl" \
  "(lambda r: r['starPoints'] == [20 + r['objectiveBonus'][p] + 5 * (r['winner'] == 'AB'[p]) for p in (0, 1)])(K('results')[0])"
m5d_events "hot-seat: a link's breakdown adds up to its Mastery" "$T/hs-ev.jsonl" \
  "all(e['mastery'] == (lambda b: ((b['base'] + b['block'] + b['fork'] + b['line']) * (100 + b['streakPercent']) * b['difficultyPermille'] + 50000) // 100000)(e['breakdown']) for e in K('link'))"
m5d_events "hot-seat: each select is logged before what it caused" "$T/hs-ev.jsonl" \
  "all(E[i + 1]['event'] in ('anchor', 'link') for i, e in enumerate(E) if e['event'] == 'select')"
check "hot-seat: the events log matches its schema" m5d_schema_ok "$T/hs-ev.jsonl"
# The same match with a gamepad (two players on a couch): the D-pad walks the roving focus, A
# selects, through the keyboard path.
$SCRIPT "$T/sp3.json" "$T/s3.jsonl" pad both >"$T/hs-pad.jsonl"
expect "hot-seat match by gamepad" 0 "" -- "$P" memory5d --headless --seed 3 --difficulty normal --opponent human \
  --script "$T/hs-pad.jsonl" --events-out "$T/hs-pad-ev.jsonl" --until $((end + 2500))
check "gamepad: the script presses only pad buttons" python3 -c "
import json, sys; sys.exit(not all(json.loads(l)['type'] == 'pad' for l in open('$T/hs-pad.jsonl')))"
links_match "gamepad: every link, Mastery and the result are the core's" "$T/sp3.json" "$T/hs-pad-ev.jsonl"
check "win screenshot is 1920x1080" test "$($PROBE "$T/win.png" size)" = "1920 1080"

# ---- keyboard only against the AI, every difficulty (the AI answers instantly headless) ----
for d in easy normal hard expert; do
  "$BIN/gen" memory5d --selfplay --seed 5 --difficulty $d --out "$T/sp-$d.json"
  "$P" memory5d --headless --seed 5 --difficulty $d --events-out "$T/s-$d.jsonl" --until 10
  $SCRIPT "$T/sp-$d.json" "$T/s-$d.jsonl" keys A >"$T/ai-$d.jsonl"
  expect "$d: a keyboard-only match against the AI" 0 "" -- "$P" memory5d --headless --seed 5 --difficulty $d \
    --script "$T/ai-$d.jsonl" --events-out "$T/ai-$d-ev.jsonl" --screenshot 2500:"$T/mid-$d.png" --until 30000
  links_match "$d: the AI's and the keyboard's links are the core self-play's" "$T/sp-$d.json" "$T/ai-$d-ev.jsonl"
  m5d_events "$d: every B link is an ai-move first" "$T/ai-$d-ev.jsonl" \
    "[sorted(e['cells']) for e in K('ai-move')] == [sorted(e['cells']) for e in K('link') if e['player'] == 'B']"
done
# Expert: (r, c) -> (c, n-1-r) after both players' base turns; the focus follows its cell.
m5d_events "expert: the board turned twice, the focus on the cell it was on" "$T/ai-expert-ev.jsonl" \
  "[(e['north'], e['quarterTurns']) for e in K('rotation')] == [('E', 1), ('S', 2)] and all(e['focus'] == (lambda f: (f % 9) * 9 + 8 - f // 9)([x for x in E if x['event'] == 'select' and x['t'] <= e['t']][-1]['cell']) for e in K('rotation'))"
m5d_events "expert: the turn pauses the clock for its animation (resolution) and resumes" "$T/ai-expert-ev.jsonl" \
  "[(e['event'], e['reason']) for e in E if e['event'] in ('pause', 'resume')][:2] == [('pause', 'resolution'), ('resume', 'resolution')] and K('resume')[0]['t'] - K('pause')[0]['t'] >= 700"
expect "expert rotation screenshots" 0 "" -- "$P" memory5d --headless --seed 5 --difficulty expert \
  --script "$T/ai-expert.jsonl" --screenshot 1300:"$T/turning.png" --screenshot 2000:"$T/turned.png" --until 2000
check "the turning board differs from the turned one" python3 -c "import sys; sys.exit(float('$($PROBE "$T/turning.png" rowdiff "$T/turned.png")') < 0.05)"
printf '{"format":"player-settings/2","master":80,"music":70,"sfx":90,"colorblind":false,"randomize":false,"seed":12345,"memory5d":{"reducedMotion":true,"reducedSensory":false,"highContrast":false}}\n' >"$T/rm.json"
expect "reduced motion: the same match" 0 "" -- "$P" memory5d --headless --settings "$T/rm.json" --seed 5 --difficulty expert \
  --script "$T/ai-expert.jsonl" --events-out "$T/rm-ev.jsonl" --screenshot 1300:"$T/turning-rm.png" --until 30000
links_match "reduced motion changes no link" "$T/sp-expert.json" "$T/rm-ev.jsonl"
m5d_events "reduced motion: the turn is instant (no resolution pause)" "$T/rm-ev.jsonl" "K('pause') == [] and len(K('rotation')) == 2"
check "reduced motion: at 1300 ms the board has already turned" python3 -c "
import sys; sys.exit(not (float('$($PROBE "$T/turning-rm.png" rowdiff "$T/turned.png")') < 0.15 < float('$($PROBE "$T/turning-rm.png" rowdiff "$T/turning.png")')))"

# ---- refusals in words; Easy keeps the anchor, Normal misses ----
for d in easy normal; do
  "$P" memory5d --headless --seed 11 --difficulty $d --opponent human --events-out "$T/r-$d.jsonl" --until 10
  read -r a b x1 y1 x2 y2 < <($PICK "$T/r-$d.jsonl" hue)
  read -r fa fb fx1 fy1 fx2 fy2 < <($PICK "$T/r-$d.jsonl" family)
  printf '%s\n' "{\"t\":100,\"type\":\"click\",\"x\":$x1,\"y\":$y1}" "{\"t\":200,\"type\":\"click\",\"x\":$x2,\"y\":$y2}" >"$T/r-$d-script.jsonl"
  expect "$d: an incompatible pick" 0 "" -- "$P" memory5d --headless --seed 11 --difficulty $d --opponent human \
    --script "$T/r-$d-script.jsonl" --events-out "$T/r-$d-ev.jsonl" --screenshot 300:"$T/refusal-$d.png" --until 400
done
m5d_events "Easy: the hue refusal is explained and the anchor stays" "$T/r-easy-ev.jsonl" \
  "K('refused')[0]['reason'] == 'hues-not-equal-or-linked' and 'linked pair' in K('refused')[0]['text'] and K('miss') == [] and K('turn') == [] and len(K('anchor')) == 1"
m5d_events "Normal: the same pick is a miss, the turn passes to B" "$T/r-normal-ev.jsonl" \
  "K('miss')[0]['reason'] == 'hues-not-equal-or-linked' and K('refused') == [] and K('turn') == [{'t': 200, 'event': 'turn', 'player': 'B'}]"
"$P" memory5d --headless --seed 11 --difficulty easy --opponent human --events-out "$T/f.jsonl" --until 10
read -r fa fb fx1 fy1 fx2 fy2 < <($PICK "$T/f.jsonl" family)
read -r la lb lx1 ly1 lx2 ly2 < <($PICK "$T/f.jsonl" link)
read -r na nb nx1 ny1 nx2 ny2 < <($PICK "$T/f.jsonl" far $la $lb)
printf '%s\n' "{\"t\":100,\"type\":\"click\",\"x\":$fx1,\"y\":$fy1}" "{\"t\":200,\"type\":\"click\",\"x\":$fx2,\"y\":$fy2}" \
  "{\"t\":300,\"type\":\"key\",\"key\":\"escape\"}" "{\"t\":400,\"type\":\"click\",\"x\":$lx1,\"y\":$ly1}" \
  "{\"t\":500,\"type\":\"click\",\"x\":$lx2,\"y\":$ly2}" "{\"t\":600,\"type\":\"click\",\"x\":$lx1,\"y\":$ly1}" \
  "{\"t\":700,\"type\":\"click\",\"x\":$nx1,\"y\":$ny1}" "{\"t\":800,\"type\":\"click\",\"x\":$nx2,\"y\":$ny2}" \
  "{\"t\":900,\"type\":\"click\",\"x\":$nx2,\"y\":$ny2}" >"$T/f-script.jsonl"
expect "family refusal, Escape, a link, a claimed cell, a re-anchor and a cancel" 0 "" -- "$P" memory5d --headless --seed 11 \
  --difficulty easy --opponent human --script "$T/f-script.jsonl" --events-out "$T/f-ev.jsonl" --until 1000
m5d_events "refusals say why: family, then claimed" "$T/f-ev.jsonl" \
  "[e['reason'] for e in K('refused')] == ['family-differs', 'claimed'] and K('refused')[1]['text'] == 'That cell is already claimed.'"
m5d_events "Escape cancels the anchor; a far pick re-anchors without a miss; picking the anchor again cancels" "$T/f-ev.jsonl" \
  "len(K('cancel')) == 2 and len(K('reanchor')) == 1 and K('miss') == [] and len(K('link')) == 1"
check "refusal events match the schema" m5d_schema_ok "$T/f-ev.jsonl"

# ---- the clock: paused by the leave dialog (help), not paused otherwise ----
printf '%s\n' '{"t":1000,"type":"key","key":"escape"}' '{"t":20000,"type":"key","key":"escape"}' >"$T/pause.jsonl"
expect "leave dialog open for 19 s" 0 "" -- "$P" memory5d --headless --seed 1 --difficulty expert --opponent human \
  --script "$T/pause.jsonl" --events-out "$T/pause-ev.jsonl" --screenshot 5000:"$T/dialog.png" --until 40000
m5d_events "paused: the 15 s Expert clock times out 19 s late" "$T/pause-ev.jsonl" \
  "34000 <= K('timeout')[0]['t'] < 34016 and [(e['event'], e['reason'], e['t']) for e in E if e['event'] in ('pause', 'resume')] == [('pause', 'help', 1000), ('resume', 'help', 20000)]"
expect "no pause" 0 "" -- "$P" memory5d --headless --seed 1 --difficulty expert --opponent human --events-out "$T/nopause-ev.jsonl" --until 16000
m5d_events "not paused: the timeout comes at 15 s" "$T/nopause-ev.jsonl" "15000 <= K('timeout')[0]['t'] < 15016 and K('pause') == []"
printf '%s\n' '{"t":1000,"type":"key","key":"escape"}' '{"t":1100,"type":"key","key":"enter"}' >"$T/leave.jsonl"
expect "leaving abandons" 0 "" -- "$P" memory5d --headless --seed 1 --difficulty normal --script "$T/leave.jsonl" --events-out "$T/leave-ev.jsonl" --until 1500
m5d_events "leaving: abandoned, B wins, no Star Points" "$T/leave-ev.jsonl" \
  "K('abandon')[0]['player'] == 'A' and K('results')[0]['status'] == 'abandoned' and K('results')[0]['starPoints'] == [0, 0]"

# ---- the tutorial, every lesson through the core ----
# Classic lessons by Enter on the focused (marked) cell; the Arcade lesson arms by key, mouse
# and touch on the power buttons, as an Arcade match does. tut-marks.json: screenshot times.
python3 - "$T/tut-marks.json" >"$T/tut.jsonl" <<'PY'
import json, sys
out, marks, t = [], {}, 100
def key(k):
    global t; out.append({"t": t, "type": "key", "key": k}); t += 200
def at(kind, x, y):
    global t; out.append({"t": t, "type": kind, "x": x, "y": y}); t += 200
for learner_steps in [2, 2, 3, 3, 2, 4, 2, 4, 2]:
    for k in range(learner_steps + 2):
        key("enter")
    t += 300
key("enter")                   # lesson 10's card
marks["arm"] = t - 100
key("2"); key("enter")         # neither is the step (arm Reveal): nothing reaches the core
key("1")                       # arm Reveal by key
key("enter"); marks["reveal"] = t - 100
key("enter")                   # B2 (Reveal projects its partners), then E5
t += 300                       # the coach arms Double Points and links
marks["armed"] = t + 100
at("click", 410, 972)          # arm Extra Turn by mouse (button 4)
at("touch", 410, 972)          # cancel it by touch: refunded
key("3")                       # arm Wildcard
key("enter"); key("enter")     # A6, B6: Wildcard links them
t += 300
key("4")                       # Extra Turn again, kept
for _ in range(4):
    key("enter")               # D1, D2 (bonus turn), F3, F4
key("enter")                   # Finish
json.dump(marks, open(sys.argv[1], "w"))
for o in out:
    print(json.dumps(o))
PY
mark() { python3 -c "import json; print(json.load(open('$T/tut-marks.json'))['$1'])"; }
expect "tutorial end to end by keyboard, mouse and touch" 0 "" -- "$P" memory5d --headless --tutorial --script "$T/tut.jsonl" \
  --events-out "$T/tut-ev.jsonl" --screenshot 1350:"$T/tutorial.png" --screenshot "$(mark arm)":"$T/tutorial-arm.png" \
  --screenshot "$(mark reveal)":"$T/tutorial-reveal.png" --screenshot "$(mark armed)":"$T/tutorial-armed.png" --until 18000
m5d_events "tutorial: each of the 10 lessons reaches its goal, then the lobby" "$T/tut-ev.jsonl" \
  "[e['lesson'] for e in K('tutorial') if e['phase'] == 'goal'] == ['goal', 'variants', 'hues', 'adjacency', 'reflection', 'failures', 'block', 'fork', 'victory', 'arcade'] and K('screen')[-1]['screen'] == 'lobby'"
m5d_events "tutorial: the fork lesson's link is a fork (+75), B blocks one threat and A wins with the other" "$T/tut-ev.jsonl" \
  "(lambda L: [(l['player'], l['coords'], l['breakdown']['fork'], l['breakdown']['block']) for l in L] == [('A', ['D5', 'E4'], 75, 0), ('B', ['A5', 'A6'], 0, 50), ('A', ['E1', 'F1'], 0, 0)])((lambda i: [e for e in E[i:] if e['event'] == 'link'][:3])(next(i for i, e in enumerate(E) if e['event'] == 'tutorial' and e['lesson'] == 'fork'))) and [e['player'] for e in K('win')][:2] == ['A', 'A']"
m5d_events "tutorial: the block lesson's link is a block, the failures lesson a miss" "$T/tut-ev.jsonl" \
  "any(e['breakdown']['block'] == 50 for e in K('link')) and K('miss')[0]['reason'] == 'family-differs'"
m5d_events "tutorial: lessons earn nothing (no results screen)" "$T/tut-ev.jsonl" "K('results') == []"
# the Arcade lesson's own events (A = you, B = the coach), from its intro on
ARC="(lambda i: E[i:])(next(i for i, e in enumerate(E) if e['event'] == 'tutorial' and e['lesson'] == 'arcade'))"
m5d_events "tutorial arcade: an Arcade tutorial match with the lesson's loadouts" "$T/tut-ev.jsonl" \
  "K('arcade') == [{'t': K('arcade')[0]['t'], 'event': 'arcade', 'loadout': {'A': [1, 0, 1, 1], 'B': [0, 1, 0, 0]}}]"
m5d_events "tutorial arcade: arm, consume and refund of each power, nothing else reached the core" "$T/tut-ev.jsonl" \
  "[(e['action'], e['player'], e['power']) for e in $ARC if e['event'] == 'power'] == [('arm', 'A', 'reveal'), ('consume', 'A', 'reveal'), ('arm', 'B', 'doublePoints'), ('consume', 'B', 'doublePoints'), ('arm', 'A', 'extraTurn'), ('refund', 'A', 'extraTurn'), ('arm', 'A', 'wildcard'), ('consume', 'A', 'wildcard'), ('arm', 'A', 'extraTurn'), ('consume', 'A', 'extraTurn')] and not [e for e in $ARC if e['event'] == 'refused']"
m5d_events "tutorial arcade: the cancellation refunds the charge (Extra Turn x1 again)" "$T/tut-ev.jsonl" \
  "[(e['reason'], e['loadout']) for e in K('power') if e['action'] == 'refund'] == [('ok', 1)]"
m5d_events "tutorial arcade: Reveal projects B2's partners C2 and E5 (its reflection) for 3 s" "$T/tut-ev.jsonl" \
  "[(e['player'], e['cell'], e['partners'], e['ms']) for e in K('reveal')] == [('A', 7, [8, 28], 3000)]"
m5d_events "tutorial arcade: the coach's Double Points link doubles, Wildcard links a square and a triangle, Extra Turn's bonus turn" "$T/tut-ev.jsonl" \
  "[(l['player'], l['coords'], l['breakdown']['doubled'], l['mastery']) for l in $ARC if l['event'] == 'link'][1:3] == [('B', ['E1', 'F1'], True, 160), ('A', ['A6', 'B6'], False, 100)] and [e['player'] for e in K('bonus-turn')] == ['A']"
m5d_events "tutorial arcade: each arm prompt points at its power's button, where the mouse and touch pressed" "$T/tut-ev.jsonl" \
  "[(e['step'], e['target']) for e in $ARC if e['event'] == 'tutorial' and e['phase'] == 'prompt' and 'power' in e.get('target', {})] == [(0, {'power': 'reveal', 'key': '1', 'x': 40, 'y': 900, 'w': 240, 'h': 44}), (5, {'power': 'extraTurn', 'key': '4', 'x': 290, 'y': 950, 'w': 240, 'h': 44}), (6, {'power': 'extraTurn', 'key': '4', 'x': 290, 'y': 950, 'w': 240, 'h': 44}), (7, {'power': 'wildcard', 'key': '3', 'x': 40, 'y': 950, 'w': 240, 'h': 44}), (11, {'power': 'extraTurn', 'key': '4', 'x': 290, 'y': 950, 'w': 240, 'h': 44})] and all('target' not in e for e in $ARC if e['event'] == 'tutorial' and e['phase'] == 'prompt' and e['step'] in (3, 4, 10))"
check "tutorial arcade: the arm prompt frames the Reveal button in the lesson's pink" test "$($PROBE "$T/tutorial-arm.png" pixel 43 920)" = "d6338a"
check "tutorial arcade: Reveal's button shows while it projects" test "$($PROBE "$T/tutorial-reveal.png" pixel 43 920)" = "b7791f"
check "tutorial arcade: the armed Extra Turn's button is lit and framed for its cancel" test "$($PROBE "$T/tutorial-armed.png" pixel 293 970) $($PROBE "$T/tutorial-armed.png" pixel 300 970)" = "d6338a b7791f"
check "tutorial events match the schema" m5d_schema_ok "$T/tut-ev.jsonl"
printf '%s\n' '{"t":100,"type":"key","key":"enter"}' '{"t":200,"type":"key","key":"right"}' '{"t":300,"type":"key","key":"enter"}' >"$T/tut-wrong.jsonl"
expect "tutorial: a cell the lesson did not ask for" 0 "" -- "$P" memory5d --headless --tutorial --script "$T/tut-wrong.jsonl" --events-out "$T/tw-ev.jsonl" --until 400
m5d_events "tutorial: the wrong cell goes nowhere near the core" "$T/tw-ev.jsonl" "K('select') == [] and K('anchor') == []"

# ---- the lobby by keyboard; settings persist ----
printf '%s\n' '{"t":100,"type":"key","key":"down"}' '{"t":110,"type":"key","key":"right"}' '{"t":120,"type":"key","key":"down"}' \
  '{"t":130,"type":"key","key":"right"}' '{"t":140,"type":"key","key":"right"}' '{"t":150,"type":"key","key":"down"}' \
  '{"t":160,"type":"key","key":"enter"}' '{"t":170,"type":"key","key":"4"}' '{"t":180,"type":"key","key":"2"}' \
  '{"t":190,"type":"key","key":"enter"}' '{"t":200,"type":"key","key":"down"}' '{"t":210,"type":"key","key":"down"}' \
  '{"t":220,"type":"key","key":"down"}' '{"t":230,"type":"key","key":"enter"}' '{"t":240,"type":"key","key":"down"}' \
  '{"t":250,"type":"key","key":"enter"}' >"$T/lobby.jsonl"
cp "$T/rm.json" "$T/hc.json"
expect "lobby: hot-seat, Expert, seed 42, high contrast, Play" 0 "" -- "$P" memory5d --headless --settings "$T/hc.json" \
  --script "$T/lobby.jsonl" --events-out "$T/lobby-ev.jsonl" --screenshot 50:"$T/lobby.png" --screenshot 400:"$T/contrast.png" --until 400
m5d_events "lobby: the chosen match starts" "$T/lobby-ev.jsonl" \
  "[(e['opponent'], e['difficulty'], e['seed']) for e in K('match-start')] == [('human', 'expert', 42)]"
check "lobby: high contrast is saved in the settings file" python3 -c "
import json, sys; d = json.load(open('$T/hc.json')); sys.exit(not (d['format'] == 'player-settings/3' and d['memory5d'] == {'reducedMotion': True, 'reducedSensory': False, 'highContrast': True}))"
check "the saved settings match their schema" json_schema_ok player-settings.schema.json "$T/hc.json"

# ---- a narrow window: cells stay 44 px and the board scrolls inside its viewport ----
printf '%s\n' '{"t":20,"type":"key","key":"ctrl+end"}' '{"t":40,"type":"key","key":"enter"}' >"$T/narrow.jsonl"
expect "a 640x360 window" 0 "" -- "$P" memory5d --headless --size 640x360 --seed 7 --difficulty expert --opponent human \
  --script "$T/narrow.jsonl" --events-out "$T/narrow-ev.jsonl" --screenshot 10:"$T/narrow0.png" --screenshot 30:"$T/narrow.png" --until 50
# (640x360 shows the compact 960x540 field at 2/3: six 66 px cells of Expert's nine)
m5d_events "narrow: 44 px cells, the window follows Ctrl+End to I9" "$T/narrow-ev.jsonl" \
  "[(v['scrolled'], v['firstRow'], v['firstCol'], v['rows']) for v in K('viewport')] == [(True, 0, 0, 6), (True, 3, 3, 6)] and K('viewport')[0]['cell'] * 640 / 960 >= 44 and K('select')[0]['cell'] == 80"

# ---- the launcher lists Memory5D and opens its lobby ----
printf '{"t":100,"type":"click","x":960,"y":545}\n' >"$T/launch.jsonl"
expect "launcher opens Memory5D" 0 "" -- "$P" --headless --script "$T/launch.jsonl" --events-out "$T/launch-ev.jsonl" --screenshot 50:"$T/launcher.png"
m5d_events "launcher: Memory5D's lobby" "$T/launch-ev.jsonl" "E[0] == {'t': 100, 'event': 'screen', 'screen': 'lobby'} and [e['event'] for e in E[1:]] == ['caption'] and E[1]['text'].startswith('Choose a match')"

# ---- bad options: one line, exit 2 ----
expect "bad seed" 2 "seed: expected an integer" -- "$P" memory5d --headless --seed 12x
expect "bad difficulty" 2 "difficulty: expected easy" -- "$P" memory5d --headless --difficulty impossible
expect "bad opponent" 2 "opponent: expected ai or human" -- "$P" memory5d --headless --opponent robot
expect "memory5d options belong to memory5d" 2 "" -- "$P" oddshape --headless --seed 3
