# bin/player compass headless: the campaign played from its evidence by touch, click and
# keyboard; blocked reasons; exact undo/restart; FTUE; designer aid; payload; screenshots;
# one-line refusals of bad files (issue 11, compass-shift.md).
source "$ROOT/tests/cli/compass_lib.sh"

# ---- the whole campaign from its evidence, by each device (Player promise, Core loop) ----
for d in touch mouse keyboard; do
  expect "campaign played by $d" 0 "" -- python3 tests/cli/compass_play.py "$P" "$d" "$T/campaign-$d.jsonl"
done
cevents "touch: all 50 levels completed, none blocked" "$T/campaign-touch.jsonl" \
  "len(K('level-complete')) == 50 and not K('blocked') and len(K('level-start')) == 50"
cevents "touch: each level released exactly its evidence solution, one quarter-turn each" "$T/campaign-touch.jsonl" "
all([r['arrow'] for r in E[i + 1:j] if r['event'] == 'release'] ==
    json.load(open('reports/compass/%s.json' % E[i]['level']))['solution']
    for i, j in zip([k for k, e in enumerate(E) if e['event'] == 'level-start'],
                    [k for k, e in enumerate(E) if e['event'] == 'level-complete']))
and all(r['phaseAfter'] == (r['phaseBefore'] + 1) % 4 for r in K('release'))"
cevents "the last release still turns the compass before the dialog" "$T/campaign-touch.jsonl" "
all(r['remaining'] == 0 and E[k]['t'] == r['t'] + 190 + 220 + 80 and
    [p['state'] for p in E[E.index(r):k] if p['event'] == 'presentation'][-3:] == ['compass-turning', 'settling', 'idle']
    for k, e in enumerate(E) if e['event'] == 'level-complete'
    for r in [[x for x in E[:k] if x['event'] == 'release'][-1]])"
for d in mouse keyboard; do
  check "touch and $d give identical event sequences apart from the device and the focus" python3 -c "
import json, sys
strip = lambda f: [{k: v for k, v in e.items() if k != 'device'} for l in open(f) for e in [json.loads(l)] if e['event'] != 'focus']
sys.exit(0 if strip('$T/campaign-touch.jsonl') == strip('$T/campaign-$d.jsonl') else 1)"
done
cevents "each log names its own device" "$T/campaign-keyboard.jsonl" "{r['device'] for r in K('release')} == {'keyboard'}"
check "the campaign log matches the events schema" compass_schema_ok "$T/campaign-touch.jsonl"

# ---- blocked taps of each reason, against the core (Release transaction 2-4) ----
expect "blocked-kinds probe" 0 "" -- "$P" compass --headless --level $CFX/blocked-kinds.json --until 0 --events-out "$T/bk0.jsonl"
{ echo '{"t":100,"type":"key","key":"escape"}'
  tap 200 "$T/bk0.jsonl" a; tap 400 "$T/bk0.jsonl" w; tap 600 "$T/bk0.jsonl" c; tap 800 "$T/bk0.jsonl" d
  tap 1000 "$T/bk0.jsonl" b; } >"$T/bk.jsonl"
expect "blocked taps replay" 0 "" -- "$P" compass --headless --level $CFX/blocked-kinds.json --script "$T/bk.jsonl" \
  --events-out "$T/bk-ev.jsonl" --screenshot 250:"$T/blocked.png" --size 390x844
cevents "each blocked reason names the first blocker" "$T/bk-ev.jsonl" \
  "[(b['arrow'], b['reason'], b['blocker']) for b in K('blocked')] == [('a', 'arrow', {'arrow': 'b'}), ('w', 'wall', {'wall': [1, 1]}), ('c', 'aperture-phase', {'aperture': 'E+0#window'}), ('d', 'closed-edge', {'edge': 'S+3'})]"
cevents "blocked taps neither remove nor rotate" "$T/bk-ev.jsonl" \
  "all(b['phase'] == 0 for b in K('blocked')) and K('release') == [{'t': 1000, 'event': 'release', 'arrow': 'b', 'device': 'touch', 'dir': 'N', 'aperture': 'N+0#plain', 'phaseBefore': 0, 'phaseAfter': 1, 'remaining': 4}]"
cevents "blocked feedback says the compass did not turn" "$T/bk-ev.jsonl" \
  "all('the compass did not turn' in c['feedback'] for c in K('caption')[1:5])"
cevents "blocked taps never enter the undo history (Undo stays disabled)" "$T/bk-ev.jsonl" "not K('undo')"
check "blocked-kinds log matches the events schema" compass_schema_ok "$T/bk-ev.jsonl"

# ---- undo and restart are exact after random sequences (Undo, restart, and hint boundary) ----
expect "harbor probe" 0 "" -- "$P" compass --headless --level $CFX/harbor.json --until 0 --events-out "$T/h0.jsonl"
python3 - "$T/h0.jsonl" >"$T/rand.jsonl" <<'EOF'
import json, random, sys
s = next(json.loads(l) for l in open(sys.argv[1]) if '"level-start"' in l)
boxes = [a["box"] for a in s["layout"]["arrows"]]
rnd = random.Random(7)
print('{"t":100,"type":"key","key":"escape"}')
for i in range(120):
    t = 700 + 600 * i
    k = rnd.random()
    if k < 0.25:
        print('{"t":%d,"type":"key","key":"u"}' % t)
    elif k < 0.32:
        print('{"t":%d,"type":"key","key":"r"}' % t)
    else:
        b = rnd.choice(boxes)
        print('{"t":%d,"type":"touch","x":%d,"y":%d}' % (t, b[0] + b[2] / 2, b[1] + b[3] / 2))
EOF
expect "random taps, undos and restarts replay" 0 "" -- "$P" compass --headless --level $CFX/harbor.json \
  --script "$T/rand.jsonl" --events-out "$T/rand-ev.jsonl"
check "undo restores the exact prior board; restart the authored one" python3 -c "
import json, sys
E = [json.loads(l) for l in open('$T/rand-ev.jsonl')]
caps = [e for e in E if e['event'] == 'caption']
start, stack, board, ok, undos, restarts = caps[0]['board'], [], caps[0]['board'], True, 0, 0
for i, e in enumerate(E):
    if e['event'] not in ('release', 'undo', 'restart', 'blocked', 'level-complete'):
        continue
    if e['event'] == 'level-complete':
        break
    after = next(x for x in E[i + 1:] if x['event'] == 'caption')['board']
    if e['event'] == 'release':
        stack.append(board)
    elif e['event'] == 'undo':
        ok &= after == stack.pop(); undos += 1
    elif e['event'] == 'restart':
        ok &= after == start; stack = []; restarts += 1
    else:
        ok &= after == board
    board = after
sys.exit(0 if ok and undos >= 5 and restarts >= 2 else 1)"

# ---- gamepad (Input: A activates, B backs out, the D-pad moves the focus spatially) ----
# The script walks to each arrow of the evidence order with the D-pad, following the focus
# events of the player itself (tests/cli/compass_pad.py).
expect "a gamepad script that reaches every arrow" 0 "" -- python3 tests/cli/compass_pad.py "$P" $CFX/harbor.json $CFX/harbor.evidence.json
cp "$T/out" "$T/pad.jsonl"
expect "harbor played with a gamepad" 0 "" -- "$P" compass --headless --level $CFX/harbor.json --script "$T/pad.jsonl" \
  --events-out "$T/pad-ev.jsonl" --until 5000
cevents "gamepad: the evidence order released with device gamepad, no blocked tap, the level completes" "$T/pad-ev.jsonl" "
[r['arrow'] for r in K('release')] == json.load(open('$CFX/harbor.evidence.json'))['solution'] and
{r['device'] for r in K('release')} == {'gamepad'} and not K('blocked') and len(K('level-complete')) == 1
and [(e['step'], e['action']) for e in K('ftue')] == [('goal', 'show'), ('goal', 'skip')]"

# ---- FTUE: fresh, inert shell, completes only after a real release (Prototype quality contract) ----
{ echo '{"t":100,"type":"key","key":"u"}'; echo '{"t":150,"type":"key","key":"r"}'
  echo '{"t":200,"type":"key","key":"end"}'; echo '{"t":210,"type":"key","key":"enter"}'
  echo '{"t":300,"type":"click","x":280,"y":796}'  # Next, disabled until a real release
  tap 500 "$T/h0.jsonl" a4; tap 700 "$T/h0.jsonl" a1
  echo '{"t":1300,"type":"key","key":"end"}'; echo '{"t":1310,"type":"key","key":"enter"}'
  echo '{"t":1320,"type":"key","key":"enter"}'; } >"$T/ftue.jsonl"
expect "FTUE session replays" 0 "" -- "$P" compass --headless --level $CFX/harbor.json --script "$T/ftue.jsonl" \
  --events-out "$T/ftue-ev.jsonl" --screenshot 50:"$T/ftue.png" --screenshot 1250:"$T/ftue-turn.png"
cevents "FTUE: goal, try (Next inert until a release), turn after the real release, the edges (harbor has windows and ports), then complete" "$T/ftue-ev.jsonl" \
  "[(e['t'], e['step'], e['action']) for e in K('ftue')] == [(0, 'goal', 'show'), (210, 'try', 'show'), (1190, 'turn', 'show'), (1310, 'edges', 'show'), (1320, 'edges', 'complete')]"
cevents "FTUE: a blocked practice tap does not complete it; the real release does" "$T/ftue-ev.jsonl" \
  "[e['event'] for e in E if e['event'] in ('blocked', 'release')] == ['blocked', 'release'] and K('release')[0]['t'] == 700"
cevents "FTUE: the shell is inert (no undo/restart under the card)" "$T/ftue-ev.jsonl" "not K('undo') and not K('restart')"
# Enter alone goes on with the lesson: focus starts on each card's Next, never on Skip.
{ echo '{"t":100,"type":"key","key":"enter"}'; tap 500 "$T/h0.jsonl" a1
  echo '{"t":1300,"type":"key","key":"enter"}'; echo '{"t":1400,"type":"key","key":"enter"}'; } >"$T/ftue-enter.jsonl"
expect "FTUE by Enter alone" 0 "" -- "$P" compass --headless --level $CFX/harbor.json --script "$T/ftue-enter.jsonl" \
  --events-out "$T/ftue-enter-ev.jsonl"
cevents "FTUE: Enter on the goal card shows the try step, Enter on the turn card completes it" "$T/ftue-enter-ev.jsonl" \
  "[(e['step'], e['action']) for e in K('ftue')] == [('goal', 'show'), ('try', 'show'), ('turn', 'show'), ('edges', 'show'), ('edges', 'complete')]"
printf '{"t":100,"type":"key","key":"escape"}\n' >"$T/skip.jsonl"
expect "FTUE skipped with Escape" 0 "" -- "$P" compass --headless --script "$T/skip.jsonl" --events-out "$T/skip-ev.jsonl"
cevents "Escape skips the FTUE; it never completes without a release" "$T/skip-ev.jsonl" \
  "[(e['step'], e['action']) for e in K('ftue')] == [('goal', 'show'), ('goal', 'skip')]"

# ---- Tools: designer aid, payload, level map (Tuning and technical outcome payload) ----
# Each step's script extends the last; the controls to aim at come from the previous log.
printf '%s\n' '{"t":100,"type":"key","key":"escape"}' '{"t":200,"type":"click","x":241,"y":800}' >"$T/t1.jsonl"
expect "Tools open" 0 "" -- "$P" compass --headless --level $CFX/harbor.json --script "$T/t1.jsonl" --events-out "$T/t1-ev.jsonl"
cevents "Tools opens on the level map" "$T/t1-ev.jsonl" "K('tools')[0]['action'] == 'open' and K('tools')[0]['tab'] == 'map'"
{ cat "$T/t1.jsonl"; printf '{"t":300,"type":"click","x":%d,"y":%d}\n' $(tools_xy "$T/t1-ev.jsonl" tab-evidence 0); } >"$T/t2.jsonl"
expect "Evidence tab" 0 "" -- "$P" compass --headless --level $CFX/harbor.json --script "$T/t2.jsonl" --events-out "$T/t2-ev.jsonl"
{ cat "$T/t2.jsonl"
  printf '{"t":400,"type":"click","x":%d,"y":%d}\n' $(tools_xy "$T/t2-ev.jsonl" designer-aid 0)
  printf '{"t":500,"type":"click","x":%d,"y":%d}\n' $(tools_xy "$T/t2-ev.jsonl" tab-payload 0); } >"$T/t3.jsonl"
expect "designer aid and payload tab" 0 "" -- "$P" compass --headless --level $CFX/harbor.json --script "$T/t3.jsonl" \
  --events-out "$T/t3-ev.jsonl" --screenshot 450:"$T/tools-evidence.png"
AID=$(python3 -c "
import json
print(next(e['arrow'] for l in open('$T/t3-ev.jsonl') for e in [json.loads(l)] if e.get('action') == 'designer-aid'))")
{ cat "$T/t3.jsonl"
  for o in 0 1 2; do printf '{"t":%d,"type":"click","x":%d,"y":%d}\n' $((600 + 100 * o)) $(tools_xy "$T/t3-ev.jsonl" outcome $o); done
  echo '{"t":1000,"type":"key","key":"escape"}'
  tap 1100 "$T/h0.jsonl" "$AID"; } >"$T/t4.jsonl"
expect "payload outcomes and the aid's move played by hand" 0 "" -- "$P" compass --headless --level $CFX/harbor.json \
  --script "$T/t4.jsonl" --events-out "$T/t4-ev.jsonl" --screenshot 850:"$T/tools-payload.png"
cevents "the designer aid shows a move and never plays it" "$T/t4-ev.jsonl" \
  "[e for e in E if e['event'] == 'tools' and e['action'] == 'designer-aid'][0]['result'] == 'move' and [e['t'] for e in K('release')] == [1100]"
cevents "the aid's move is legal when played" "$T/t4-ev.jsonl" "K('release')[0]['arrow'] == '$AID' and not K('blocked')"
cevents "payload: one per outcome, decision and productDecision always null" "$T/t4-ev.jsonl" "
[p['payload']['technicalOutcome'] for p in K('payload')] == [None, 'technically-ready', 'needs-technical-revision', 'technically-blocked']
and all(p['payload']['decision'] is None and p['payload']['productDecision'] is None and p['payload']['tuningGraduated'] is False for p in K('payload'))
and all(p['payload']['campaign'] == {'levels': 1, 'currentLevelId': 'harbor', 'currentSolverVerified': True} for p in K('payload'))
and K('payload')[1]['payload']['status'] == 'technical-review-recorded' and K('payload')[0]['payload']['status'] == 'technical-review-pending'"
check "the Tools log matches the events schema" compass_schema_ok "$T/t4-ev.jsonl"

# Captions (UX, accessibility: "Screen-reader text exposes each remaining arrow's row/column and
# effective direction, the visible compass phase, each aperture schedule"; Visual direction: "A
# large compass bezel is the signature"): turned on, they take the band under the board, the
# board moves up and the captions event gives its new boxes; the level plays from them.
{ cat "$T/t2.jsonl"
  printf '{"t":400,"type":"click","x":%d,"y":%d}\n' $(tools_xy "$T/t2-ev.jsonl" captions 0)
  echo '{"t":500,"type":"key","key":"escape"}'; } >"$T/cap1.jsonl"
expect "captions on" 0 "" -- "$P" compass --headless --level $CFX/harbor.json --script "$T/cap1.jsonl" --events-out "$T/cap1-ev.jsonl"
cevents "the captions event moves the board up 84 px and keeps its cells" "$T/cap1-ev.jsonl" "
[e['on'] for e in K('tools') if e['action'] == 'captions'] == [True] and
[e for e in K('tools') if e['action'] == 'captions'][0]['layout']['board'][1] == K('level-start')[0]['layout']['board'][1] - 84 and
[e for e in K('tools') if e['action'] == 'captions'][0]['layout']['cell'] == K('level-start')[0]['layout']['cell']"
{ cat "$T/cap1.jsonl"; python3 -c "
import json, sys
c = next(e for l in open(sys.argv[1]) for e in [json.loads(l)] if e.get('action') == 'captions')
box = {a['id']: a['box'] for a in c['layout']['arrows']}
for i, a in enumerate(['a1', 'a4', 'a3', 'a5', 'a2']):
    b = box[a]
    print(json.dumps({'t': 1000 + 700 * i, 'type': 'touch', 'x': int(b[0] + b[2] / 2), 'y': int(b[1] + b[3] / 2)}))
" "$T/cap1-ev.jsonl"; } >"$T/cap2.jsonl"
expect "harbor played by touch with captions on" 0 "" -- "$P" compass --headless --level $CFX/harbor.json \
  --script "$T/cap2.jsonl" --events-out "$T/cap2-ev.jsonl" --screenshot 1500:"$T/captions.png" --until 4500
cevents "with captions on, the taps at the new boxes release the winning order" "$T/cap2-ev.jsonl" \
  "[r['arrow'] for r in K('release')] == ['a1', 'a4', 'a3', 'a5', 'a2'] and not K('blocked') and len(K('level-complete')) == 1"
check "the captions log matches the events schema" compass_schema_ok "$T/cap2-ev.jsonl"

# A dead end: the aid says there is no winning path (pair-stranded: either release strands the other).
expect "pair probe" 0 "" -- "$P" compass --headless --level $CFX/pair-stranded.json --until 0 --events-out "$T/p0.jsonl"
{ echo '{"t":100,"type":"key","key":"escape"}'; tap 200 "$T/p0.jsonl" a
  printf '{"t":800,"type":"click","x":%d,"y":%d}\n' 241 800
  printf '{"t":900,"type":"click","x":%d,"y":%d}\n' $(tools_xy "$T/t1-ev.jsonl" tab-evidence 0)
  printf '{"t":1000,"type":"click","x":%d,"y":%d}\n' $(tools_xy "$T/t2-ev.jsonl" designer-aid 0); } >"$T/p2.jsonl"
expect "dead end replays" 0 "" -- "$P" compass --headless --level $CFX/pair-stranded.json --script "$T/p2.jsonl" --events-out "$T/p2-ev.jsonl"
cevents "a dead end: no banner, no completion, and the aid finds no winning path" "$T/p2-ev.jsonl" \
  "not K('level-complete') and [(e['result'], e['arrow']) for e in K('tools') if e['action'] == 'designer-aid'] == [('no-winning-path', None)]"

# ---- reduced motion: a crossfade under 100 ms instead of the slide and turn ----
{ echo '{"t":100,"type":"key","key":"escape"}'; printf '{"t":200,"type":"click","x":241,"y":800}\n'
  printf '{"t":300,"type":"click","x":%d,"y":%d}\n' $(tools_xy "$T/t1-ev.jsonl" tab-evidence 0)
  printf '{"t":400,"type":"click","x":%d,"y":%d}\n' $(tools_xy "$T/t2-ev.jsonl" reduced-motion 0)
  echo '{"t":500,"type":"key","key":"escape"}'; tap 600 "$T/h0.jsonl" a1; tap 695 "$T/h0.jsonl" a4; } >"$T/rm.jsonl"
expect "reduced motion replays" 0 "" -- "$P" compass --headless --level $CFX/harbor.json --script "$T/rm.jsonl" --events-out "$T/rm-ev.jsonl"
cevents "reduced motion: input is back within 100 ms" "$T/rm-ev.jsonl" "[(r['t'], r['arrow']) for r in K('release')] == [(600, 'a1'), (695, 'a4')]"
sed 4d "$T/rm.jsonl" >"$T/norm.jsonl"  # the same session without the reduced-motion click
expect "full motion replays" 0 "" -- "$P" compass --headless --level $CFX/harbor.json --script "$T/norm.jsonl" --events-out "$T/norm-ev.jsonl"
cevents "full motion: input is locked through the success animation" "$T/norm-ev.jsonl" "[r['arrow'] for r in K('release')] == ['a1'] and not K('blocked')"

# ---- screenshots at 390x844 and 1280x800: FTUE, mid-turn, blocked, completion, Tools ----
mkdir -p "$T/rep"
expect "solver report for harbor" 0 "" -- "$BIN/solver" compass --report "$T/rep" $CFX/harbor.json
python3 - "$T/rep/harbor.json" "$T/h0.jsonl" >"$T/done.jsonl" <<'PY'
import json, sys
sol = json.load(open(sys.argv[1]))["solution"]
start = next(json.loads(l) for l in open(sys.argv[2]) if '"level-start"' in l)
boxes = {a["id"]: a["box"] for a in start["layout"]["arrows"]}
print('{"t":100,"type":"key","key":"escape"}')
for i, a in enumerate(sol):
    b = boxes[a]
    print('{"t":%d,"type":"click","x":%d,"y":%d}' % (600 * (i + 1), b[0] + b[2] / 2, b[1] + b[3] / 2))
PY
for size in 390x844 1280x800; do
  H="$P compass --headless --size $size --level $CFX/harbor.json"
  expect "screenshots at $size" 0 "" -- $H --script "$T/ftue.jsonl" \
    --screenshot 50:"$T/ftue-$size.png" --screenshot 800:"$T/turn-$size.png" --screenshot 1250:"$T/ftue-turn-$size.png"
  expect "blocked screenshot at $size" 0 "" -- $P compass --headless --size $size --level $CFX/blocked-kinds.json \
    --script "$T/bk.jsonl" --screenshot 250:"$T/blocked-$size.png"
  expect "completion screenshot at $size" 0 "" -- $H --script "$T/done.jsonl" --screenshot 3600:"$T/done-$size.png" \
    --events-out "$T/done-$size.jsonl"
  expect "Tools screenshots at $size" 0 "" -- $H --script "$T/t4.jsonl" \
    --screenshot 450:"$T/tools-evidence-$size.png" --screenshot 850:"$T/tools-payload-$size.png"
  check "screenshot is $size" test "$($PROBE "$T/ftue-$size.png" size)" = "${size/x/ }"
done
cevents "the completion screenshot shows the dialog (harbor cleared by its solution)" "$T/done-390x844.jsonl" \
  "len(K('level-complete')) == 1 and K('level-complete')[0]['t'] < 3600"
check "1280x800: chart-blue letterbox bars beside the field" test "$($PROBE "$T/ftue-1280x800.png" pixel 5 400)" = "0b1a2b"
check "390x844: the field fills the window (shell blue at the corner)" test "$($PROBE "$T/ftue-390x844.png" pixel 2 300)" = "12304a"
check "mid-turn differs from the settled board" python3 -c "import sys; sys.exit(float('$($PROBE "$T/turn-390x844.png" rowdiff "$T/ftue-turn-390x844.png")') < 0.05)"

# ---- bad files: the core reader's one line, exit 2 ----
expect "a missing level file" 2 "compass: .*nope.json" -- "$P" compass --headless --level "$T/nope.json"
printf '{"format":"compass-shift-level/1","id":"x","rows":4,"cols":4,"initialPhase":0,"walls":[],"apertures":[],"arrows":[{"id":"a","row":0,"col":0,"dir":"Q"}]}\n' >"$T/bad.json"
expect "a malformed level" 2 'arrows\[0\]\.dir: expected N/E/S/W, got "Q"' -- "$P" compass --headless --level "$T/bad.json"
printf '{"format":"compass-shift-campaign/1","seed":1,"levels":[{"id":"x","file":"../x.json"}]}\n' >"$T/camp.json"
expect "a campaign naming a file outside its folder" 2 "levels\[0\]\.file" -- "$P" compass --headless --campaign "$T/camp.json"
{ printf '{"format":"compass-shift-campaign/1","seed":1,"levels":[{"id":"harbor","file":"harbor.json"}]}'; head -c 1048576 /dev/zero | tr '\0' ' '; } >"$T/huge-camp.json"
expect "a campaign index over its 1 MiB limit" 2 "huge-camp.json: file is [0-9]+ bytes, larger than the 1048576-byte limit" -- "$P" compass --headless --campaign "$T/huge-camp.json"
mkdir -p "$T/twice" && cp $CFX/harbor.json "$T/twice/"
printf '{"format":"compass-shift-campaign/1","seed":1,"levels":[{"id":"harbor","file":"harbor.json"},{"id":"harbor","file":"harbor.json"}]}\n' >"$T/twice/campaign.json"
expect "a campaign listing one id twice" 2 'levels\[1\]\.id: "harbor" is also levels\[0\]\.id' -- "$P" compass --headless --campaign "$T/twice/campaign.json"
expect "--level and --campaign together" 2 "cannot be used together" -- "$P" compass --headless --level $CFX/harbor.json --campaign "$T/camp.json"
printf '{"solvable":3}\n' >"$T/reports-bad.json"
mkdir -p "$T/data/levels/compass" "$T/data/reports/compass"
cp levels/compass/campaign.json levels/compass/cs-*.json "$T/data/levels/compass/"
cp "$T/reports-bad.json" "$T/data/reports/compass/cs-01-four-winds.json"
expect "a malformed evidence report" 2 "cs-01-four-winds.json: solvable" -- bash -c "cd '$T/data' && '$P' compass --headless --until 0"

# ---- boards above 8x8 keep 44 px targets and pan (issue 11 "Layout and look") ----
expect "a 12x12 board" 0 "" -- "$P" compass --headless --level $CFX/wide-12.json --until 0 --events-out "$T/w0.jsonl"
cevents "12x12: 44 px cells; arrows outside the view have no box until panned" "$T/w0.jsonl" "
K('level-start')[0]['layout']['cell'] == 44 and any(a['box'] is None for a in K('level-start')[0]['layout']['arrows'])
and all(a['box'][2] >= 44 for a in K('level-start')[0]['layout']['arrows'] if a['box'])"
printf '%s\n' '{"t":100,"type":"key","key":"escape"}' '{"t":200,"type":"touch-down","x":300,"y":600}' \
  '{"t":220,"type":"touch-move","x":200,"y":500}' '{"t":240,"type":"touch-move","x":100,"y":400}' \
  '{"t":260,"type":"touch-up","x":100,"y":400}' >"$T/pan.jsonl"
expect "a drag on the well pans" 0 "" -- "$P" compass --headless --level $CFX/wide-12.json --script "$T/pan.jsonl" \
  --events-out "$T/pan-ev.jsonl" --screenshot 50:"$T/pan0.png" --screenshot 300:"$T/pan1.png"
cevents "a drag is never a tap" "$T/pan-ev.jsonl" "not K('release') and not K('blocked')"
check "the drag moved the board" python3 -c "import sys; sys.exit(float('$($PROBE "$T/pan0.png" rowdiff "$T/pan1.png")') < 0.2)"
cevents "the settled drag gives the new boxes once, at touch-up" "$T/pan-ev.jsonl" "
[(v['t'], v['pan']) for v in K('view')] == [(260, [176, 176])] and
[a['id'] for a in K('view')[0]['layout']['arrows'] if a['box']] != [a['id'] for a in K('level-start')[0]['layout']['arrows'] if a['box']]"
# An arrow that had no box at the start is tapped where the view event put it.
PANNED=$(python3 -c "
import json
E = [json.loads(l) for l in open('$T/pan-ev.jsonl')]
start = {a['id'] for e in E if e['event'] == 'level-start' for a in e['layout']['arrows'] if a['box']}
v = [e for e in E if e['event'] == 'view'][0]
a = next(a for a in v['layout']['arrows'] if a['box'] and a['id'] not in start)
print(a['id'], int(a['box'][0] + a['box'][2] / 2), int(a['box'][1] + a['box'][3] / 2))")
set -- $PANNED
{ cat "$T/pan.jsonl"; printf '{"t":400,"type":"touch","x":%d,"y":%d}\n' "$2" "$3"; } >"$T/pan-tap.jsonl"
expect "a tap after the pan" 0 "" -- "$P" compass --headless --level $CFX/wide-12.json --script "$T/pan-tap.jsonl" --events-out "$T/pan-tap-ev.jsonl"
cevents "the tap at the view event's box reaches arrow $1, hidden at the start" "$T/pan-tap-ev.jsonl" \
  "[e['arrow'] for e in E if e['event'] in ('release', 'blocked')] == ['$1']"
# The keyboard focus pulls the board along: End focuses the last arrow, off at the start.
printf '%s\n' '{"t":100,"type":"key","key":"escape"}' '{"t":200,"type":"key","key":"tab"}' >"$T/pan-key.jsonl"
for i in $(seq 1 14); do printf '{"t":%d,"type":"key","key":"tab"}\n' $((200 + 10 * i)); done >>"$T/pan-key.jsonl"
expect "focus across a 12x12 board" 0 "" -- "$P" compass --headless --level $CFX/wide-12.json --script "$T/pan-key.jsonl" --events-out "$T/pan-key-ev.jsonl"
cevents "a focus-follow pan gives a view event with the focused arrow in it" "$T/pan-key-ev.jsonl" "
K('view') and all(any(a['box'] for a in v['layout']['arrows']) for v in K('view'))"
check "the pan logs match the events schema" compass_schema_ok "$T/pan-key-ev.jsonl"

# ---- --watch: an edited level restarts; a broken one keeps the last good board ----
# The player renders 60 screenshots (real time passes, about 70 ms each); the level is edited
# after the first and broken after the twentieth exists: each change has 19 shots (4 polls,
# over a second here) to be seen, so a slow background writer on a loaded machine still makes it.
cp $CFX/harbor.json "$T/watched.json"
shots=(); for i in $(seq 1 60); do shots+=(--screenshot $((i * 100)):"$T/watch-$i.png"); done
( for n in 1 20; do
    while [ ! -e "$T/watch-$n.png" ]; do sleep 0.02; done
    if [ $n = 1 ]; then sed -i 's/"initialPhase": 0/"initialPhase": 2/' "$T/watched.json"; else echo '{"broken' >"$T/watched.json"; fi
  done ) &
expect "--watch session" 0 "" -- "$P" compass --headless --watch --level "$T/watched.json" --events-out "$T/watch-ev.jsonl" "${shots[@]}"
wait
cevents "--watch: the edited level restarts at its new initial state" "$T/watch-ev.jsonl" "
K('reload')[0]['ok'] and [s['phase'] for s in K('level-start')] == [0, 2]"
cevents "--watch: a broken file is reported with the reader's error and the board stays" "$T/watch-ev.jsonl" "
len(K('reload')) == 2 and not K('reload')[1]['ok'] and 'watched.json: invalid JSON' in K('reload')[1]['message'] and len(K('level-start')) == 2"

# ---- evidence: the solver's report when current, else solved in the player ----
cevents "harbor has no report: its evidence is computed in the player" "$T/t2-ev.jsonl" "
[(e['source'], e['solvable'], e['pathLength'], e['staleReport']) for e in K('evidence')] == [('computed', True, 5, False)]"
expect "the player reads --reports" 0 "" -- "$P" compass --headless --level $CFX/harbor.json --reports "$T/rep" \
  --script "$T/t2.jsonl" --events-out "$T/rep-ev.jsonl"
cevents "a current report is shown as the solver wrote it" "$T/rep-ev.jsonl" "
[(e['source'], e['stateCount'], e['canonicalHash']) for e in K('evidence')] ==
[('report', json.load(open('$T/rep/harbor.json'))['stateCount'], json.load(open('$T/rep/harbor.json'))['canonicalHash'])]"
cp "$T/rep/harbor.json" "$T/rep/blocked-kinds.json"
sed -i 's/"id": "harbor"/"id": "blocked-kinds"/' "$T/rep/blocked-kinds.json"
expect "a report of another board" 0 "" -- "$P" compass --headless --level $CFX/blocked-kinds.json --reports "$T/rep" \
  --script "$T/t2.jsonl" --events-out "$T/stale-ev.jsonl"
cevents "a stale report (another board's hash) is never shown; the level is solved instead" "$T/stale-ev.jsonl" "
[(e['source'], e['staleReport'], e['solvable']) for e in K('evidence')] == [('computed', True, False)]"

# ---- the launcher lists Compass Shift; Esc on the board stays, Tools' Quit returns ----
printf '%s\n' '{"t":100,"type":"click","x":960,"y":705}' '{"t":200,"type":"key","key":"escape"}' \
  '{"t":300,"type":"key","key":"escape"}' '{"t":400,"type":"click","x":241,"y":800}' \
  '{"t":500,"type":"click","x":287,"y":802}' >"$T/launch.jsonl"
expect "launcher opens Compass Shift" 0 "" -- "$P" --headless --script "$T/launch.jsonl" --events-out "$T/launch-ev.jsonl" \
  --screenshot 150:"$T/launch-compass.png" --screenshot 350:"$T/launch-esc.png" --screenshot 600:"$T/launch-back.png"
cevents "the launcher started the campaign at FTUE step one" "$T/launch-ev.jsonl" \
  "K('level-start')[0]['t'] == 100 and K('level-start')[0]['level'] == 'cs-01-four-winds' and K('ftue')[0]['step'] == 'goal'"
check "Esc on the board stays on the board (issue 24.2)" test "$($PROBE "$T/launch-esc.png" pixel 960 540)" = "$($PROBE "$T/launch-compass.png" pixel 960 540)"
cevents "Tools' Quit is the way out" "$T/launch-ev.jsonl" "[e['action'] for e in K('tools')] == ['open', 'quit']"
check "Quit went back to the launcher" test "$($PROBE "$T/launch-back.png" pixel 960 540)" != "$($PROBE "$T/launch-compass.png" pixel 960 540)"

# ---- presentation states at the tuning durations (Game and interaction states, Tuning) ----
{ echo '{"t":100,"type":"key","key":"escape"}'; tap 500 "$T/h0.jsonl" a3; tap 1000 "$T/h0.jsonl" a1; } >"$T/pres.jsonl"
expect "presentation session" 0 "" -- "$P" compass --headless --level $CFX/harbor.json --script "$T/pres.jsonl" \
  --events-out "$T/pres-ev.jsonl" --until 2000
cevents "blocked: 140 ms of feedback; success: 190 ms release, 220 ms turn, 80 ms settle" "$T/pres-ev.jsonl" "
[(e['t'], e['state']) for e in K('presentation')] == [(500, 'blocked-feedback'), (640, 'idle'), (1000, 'release-resolving'),
 (1000, 'arrow-releasing'), (1190, 'compass-turning'), (1410, 'settling'), (1490, 'idle')]"
