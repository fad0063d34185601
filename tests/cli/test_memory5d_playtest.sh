# bin/player memory5d: what a playtest found (issue 27), item by item, each through the
# events log (captions included: the text the player saw) or the screenshots.
P="$BIN/player"
PICK="python3 $ROOT/tests/cli/m5d_pick.py"

source "$ROOT/tests/cli/memory5d_lib.sh"
# pev NAME FILE EXPR: EXPR over E (the events), K(kind) and C (the caption texts, in order).
pev() {
  check "$1" python3 -c "
import json, sys
E = [json.loads(l) for l in open('$2')]
K = lambda k: [e for e in E if e['event'] == k]
C = [e['text'] for e in K('caption')]
sys.exit(0 if ($3) else 1)"
}
pschema_ok() {
  python3 -c "import json,sys; print(json.dumps([json.loads(l) for l in open(sys.argv[1])]))" "$1" >"$1.array.json" &&
    json_schema_ok memory5d-events.schema.json "$1.array.json"
}

# ---- 4: the breakdown names Double Points' x 2 (the issue's seed 777, Normal) ----
A777="$P memory5d --headless --records $T/d4.db --seed 777 --difficulty normal --mode arcade"
"$P" memory5d --headless --seed 777 --difficulty normal --mode arcade --events-out "$T/s777.jsonl" --until 10
read -r la lb lx1 ly1 lx2 ly2 < <($PICK "$T/s777.jsonl" link)
"$P" memory5d --records "$T/d4.db" --import "$ROOT/tests/fixtures/memory5d-records.json"
# the sample's 55 Star Points buy one Double Points in the lobby's shop (Mode -> Arcade, the Shop row)
steps "$T/buy.jsonl" right down down down down down down down down right enter
"$P" memory5d --headless --records "$T/d4.db" --script "$T/buy.jsonl" --until 1500
steps "$T/dp.jsonl" 2 click:$lx1,$ly1 click:$lx2,$ly2
expect "4: a Double Points link" 0 "" -- $A777 --loadout doublePoints --script "$T/dp.jsonl" --events-out "$T/dp-ev.jsonl" --until 600
pev "4: the breakdown multiplies by 2 for Double Points and says so" "$T/dp-ev.jsonl" "
(lambda b, m: b['doubled'] and b['text'].endswith(' x 2 Double Points = %d' % m) and b['text'].startswith('100 base'))(K('link')[0]['breakdown'], K('link')[0]['mastery'])"
check "4: the events (captions too) match their schema" pschema_ok "$T/dp-ev.jsonl"

# nav N FROM TO: the arrow keys that move the roving focus from cell FROM to cell TO on an N board.
nav() {
  python3 -c "
n, a, b = $1, $2, $3
dr, dc = b // n - a // n, b % n - a % n
print(' '.join(['down'] * dr + ['up'] * -dr + ['right'] * dc + ['left'] * -dc))"
}

# ---- 8: an anchor with no legal partner says so, not "pick a marked partner" ----
"$P" memory5d --headless --seed 21 --difficulty normal --opponent human --events-out "$T/s21.jsonl" --until 10
read -r za zx zy < <($PICK "$T/s21.jsonl" lonely)
steps "$T/lonely.jsonl" click:$zx,$zy
expect "8: anchoring a cell without partners" 0 "" -- "$P" memory5d --headless --seed 21 --difficulty normal --opponent human \
  --script "$T/lonely.jsonl" --events-out "$T/lonely-ev.jsonl" --until 300
pev "8: the caption says the anchor has no legal partner now (none is marked)" "$T/lonely-ev.jsonl" \
  "K('anchor')[0]['cell'] == $za and 'no legal partner now' in C[-1] and 'marked' not in C[-1]"

# ---- 9: Arcade without Reveal tells nothing of the anchor's partners; Classic and a Reveal do ----
read -r la lb lx1 ly1 lx2 ly2 < <($PICK "$T/s777.jsonl" link)
steps "$T/peek.jsonl" $(nav 7 0 $la) enter $(nav 7 $la $lb)
steps "$T/peek-rv.jsonl" 1 $(nav 7 0 $la) enter wait:200 $(nav 7 $la $lb)
"$P" memory5d --records "$T/d4.db" --import "$ROOT/tests/fixtures/memory5d-records.json"
steps "$T/buy-rv.jsonl" right down down down down down down down down enter
"$P" memory5d --headless --records "$T/d4.db" --script "$T/buy-rv.jsonl" --until 1500
for m in classic arcade reveal; do
  s="$T/peek.jsonl"; o="--mode arcade"
  [ $m = classic ] && o="--mode classic"
  [ $m = reveal ] && { s="$T/peek-rv.jsonl"; o="--mode arcade --loadout reveal"; }
  expect "9: $m: the focus on the anchor's partner" 0 "" -- "$P" memory5d --headless --records "$T/d4.db" --seed 777 --difficulty normal \
    $o --script "$s" --events-out "$T/peek-$m.jsonl" --until 2000
done
pev "9: Classic: the partner's caption says it links with the anchor" "$T/peek-classic.jsonl" "'links with the anchor' in C[-1]"
pev "9: Arcade: neither the anchor's caption nor the partner's tells (family and hue stay)" "$T/peek-arcade.jsonl" "
not any('links with' in c or 'cannot link' in c or 'marked' in c for c in C) and 'hexagon' in C[-1] and 'in reach of the anchor' in C[-1]"
pev "9: Arcade with a Reveal projecting: the partner's caption tells" "$T/peek-reveal.jsonl" "len(K('reveal')) == 1 and 'links with the anchor' in C[-1]"

# ---- 1: what just happened stays: the recent events, the AI's wait, the rewoven board ----
"$P" memory5d --headless --seed 11 --difficulty normal --events-out "$T/s11.jsonl" --until 10
read -r ha hb hx1 hy1 hx2 hy2 < <($PICK "$T/s11.jsonl" hue)
steps "$T/miss.jsonl" click:$hx1,$hy1 click:$hx2,$hy2
expect "1: a miss against the AI, paced as live" 0 "" -- "$P" memory5d --headless --live-pace --seed 11 --difficulty normal \
  --script "$T/miss.jsonl" --events-out "$T/miss-ev.jsonl" --until 4000
pev "1: the AI answers the miss only after it has been readable (2.5 s)" "$T/miss-ev.jsonl" \
  "len(K('miss')) == 1 and K('ai-move')[0]['t'] - K('miss')[0]['t'] >= 2500"
pev "1: after the AI's link the miss and its cause are still listed, newest first" "$T/miss-ev.jsonl" "
(lambda r: r[0].startswith('B linked') and r[1].startswith('A missed') and 'hues not equal or linked' in r[1])(K('caption')[-1]['recent'])"
expect "1: the same miss headless without --live-pace" 0 "" -- "$P" memory5d --headless --seed 11 --difficulty normal \
  --script "$T/miss.jsonl" --events-out "$T/miss-fast.jsonl" --until 4000
pev "1: headless replays keep the instant AI" "$T/miss-fast.jsonl" "K('ai-move')[0]['t'] == K('miss')[0]['t']"
# Easy seed 4 played as gen's self-play (hot-seat) reweaves after its third link at 3100 ms
"$BIN/gen" memory5d --selfplay --seed 4 --difficulty easy --out "$T/sp4.json"
"$P" memory5d --headless --seed 4 --difficulty easy --opponent human --events-out "$T/s4.jsonl" --until 10
python3 "$ROOT/tests/cli/m5d_script.py" "$T/sp4.json" "$T/s4.jsonl" mouse both >"$T/hs4.jsonl"
expect "1: a reweave" 0 "" -- "$P" memory5d --headless --seed 4 --difficulty easy --opponent human --script "$T/hs4.jsonl" \
  --events-out "$T/rw-ev.jsonl" --screenshot 3000:"$T/rw0.png" --screenshot 3400:"$T/rw1.png" --screenshot 5400:"$T/rw2.png" --until 5400
pev "1: the reweave is listed with its cause" "$T/rw-ev.jsonl" \
  "K('reweave')[0]['t'] == 3100 and 'No legal link: board rewoven (1 of 2)' in K('caption')[-1]['recent']"
check "1: the rewoven board is framed board-wide, and only for a while" test \
  "$(python3 "$ROOT/tests/cli/png_probe.py" "$T/rw0.png" pixel 580 550) $(python3 "$ROOT/tests/cli/png_probe.py" "$T/rw1.png" pixel 580 550) $(python3 "$ROOT/tests/cli/png_probe.py" "$T/rw2.png" pixel 580 550)" = "e9e4da b7791f e9e4da"
# the counter beside the status line: "Reweaves 0 of 2" before, "Reweaves 1 of 2" after (darker ink)
read -r r0 d0 < <(python3 "$ROOT/tests/cli/png_probe.py" "$T/rw0.png" region 340 720 180 32)
read -r r2 d2 < <(python3 "$ROOT/tests/cli/png_probe.py" "$T/rw2.png" region 340 720 180 32)
check "1: a persistent reweave counter, changed by the reweave" test "$r0" != "$r2" -a "$d0" -gt 100 -a "$d2" -gt "$d0"

# ---- 5: Lobby -> Play deals a new board each time; the same seed typed again is a restart ----
# keys: down to Play, Play, leave (abandon) at once, Results -> Lobby; Play again; then the
# first board's seed typed into the seed row and played: a restart
steps "$T/seed0.jsonl" down down down down down down down enter escape enter wait:300 escape
"$P" memory5d --headless --script "$T/seed0.jsonl" --events-out "$T/seed1.jsonl" --until 1500
s1=$(python3 -c "import json; print(next(json.loads(l)['seed'] for l in open('$T/seed1.jsonl') if '\"match-start\"' in l))")
steps "$T/seed.jsonl" down down down down down down down enter escape enter wait:300 escape \
  enter escape enter wait:300 escape \
  up up up up enter $(echo $s1 | sed 's/./& /g') enter down down down down enter escape enter wait:300 escape
expect "5: three matches from the lobby" 0 "" -- "$P" memory5d --headless --records "$T/seed.db" --script "$T/seed.jsonl" --events-out "$T/seed-ev.jsonl" --until 9000
pev "5: Play deals a new seed; the typed seed of the last board replays it" "$T/seed-ev.jsonl" "
(lambda s: len(s) == 3 and s[0] == $s1 and s[1] != s[0] and s[2] == s[0])([e['seed'] for e in K('match-start')])"
pev "5: the replay is announced as a restart" "$T/seed-ev.jsonl" "sum('a restart of the last board' in c for c in C) == 1"
check "5: the store records the replay as a restart, the others not" python3 -c "
import json, sqlite3, sys
c = sqlite3.connect('file:$T/seed.db?mode=ro', uri=True)
r = [json.loads(l)['setup']['restarted'] for (l,) in c.execute('SELECT log FROM matches ORDER BY id')]
sys.exit(r != [False, False, True])"

# ---- 13: the smaller ones ----
# Blue and purple shapes on the owners' dark fills: the shape's edge is at least 3:1 against
# the fill (D5, B's purple hexagon, and C1, A's blue one, after seed 4's first links).
expect "13: owned cells" 0 "" -- "$P" memory5d --headless --seed 4 --difficulty easy --opponent human --script "$T/hs4.jsonl" \
  --screenshot 5400:"$T/own.png" --until 5400
check "13: blue and purple shapes stand out of the owners' fills (3:1)" python3 - "$T/own.png" "$T/s4.jsonl" <<'PY'
import json, sys
sys.path.insert(0, __import__('os').environ['ROOT'] + '/tests/cli')
from png_probe import read
w, h, bpp, rows = read(sys.argv[1], 1079)
px = lambda x, y: tuple(rows[y][x * bpp:x * bpp + 3])
def lum(c):
    f = lambda v: v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (f(v / 255) for v in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
ratio = lambda a, b: (max(lum(a), lum(b)) + 0.05) / (min(lum(a), lum(b)) + 0.05)
cells = next(json.loads(l) for l in open(sys.argv[2]) if '"match-start"' in l)["cells"]
ok = True
for coord in ("D5", "C1"):
    c = next(c for c in cells if c["coord"] == coord)
    s = c["w"] * 0.9
    y = int(c["y"] + c["h"] / 2 + s * 0.06)
    x0 = int(c["x"] + c["w"] * 0.05 + 4)
    fill = px(x0, y)
    # the edge: the first pixels that differ from the fill (past one antialiased pixel)
    e = next(x for x in range(x0, c["x"] + c["w"] // 2) if ratio(px(x, y), fill) > 1.3)
    ok &= max(ratio(px(x, y), fill) for x in range(e, e + 4)) >= 3
sys.exit(0 if ok else 1)
PY
# hot-seat names the player to move; against the AI it is "Your move."
"$P" memory5d --headless --seed 4 --difficulty easy --opponent human --screenshot 50:"$T/hs-status.png" --until 50
"$P" memory5d --headless --seed 4 --difficulty easy --screenshot 50:"$T/ai-status.png" --until 50
check "13: hot-seat's status line is not the AI match's 'Your move.'" test \
  "$(python3 "$ROOT/tests/cli/png_probe.py" "$T/hs-status.png" region 40 718 260 36)" != "$(python3 "$ROOT/tests/cli/png_probe.py" "$T/ai-status.png" region 40 718 260 36)"
# the lobby keeps its difficulty through the tutorial (lesson 1 is Easy): Tutorial, leave, Play
steps "$T/tut-lobby.jsonl" down down down down down down down down down down enter escape enter up up up enter
expect "13: tutorial, then Play" 0 "" -- "$P" memory5d --headless --script "$T/tut-lobby.jsonl" --events-out "$T/tut-lobby-ev.jsonl" --until 2000
pev "13: the match after the tutorial is the lobby's Normal" "$T/tut-lobby-ev.jsonl" \
  "[(e['kind'], e['difficulty']) for e in K('match-start')] == [('tutorial', 'easy'), ('standard', 'normal')]"
# Results count in words: "1 link", "1 fork", not "1 links", "1 forks"
steps "$T/one-link.jsonl" click:$hx1,$hy1 click:$hx2,$hy2
read -r la lb lx1 ly1 lx2 ly2 < <($PICK "$T/s11.jsonl" link)
steps "$T/one-link.jsonl" click:$lx1,$ly1 click:$lx2,$ly2 escape enter
expect "13: one link, then leave" 0 "" -- "$P" memory5d --headless --seed 11 --difficulty normal --opponent human --script "$T/one-link.jsonl" --events-out "$T/one-ev.jsonl" --until 1000
pev "13: Results say '1 link', singular" "$T/one-ev.jsonl" "len(K('results')) == 1 and any(c.startswith('Results. A: 1 link, best streak 1, 0 blocks, 0 forks, 0 misses, 0 timeouts.') for c in C)"
# the records' replay caption of a long match name stays inside the window
steps "$T/leave.jsonl" escape enter
"$P" memory5d --headless --records "$T/long.db" --seed 4294967295 --difficulty expert --opponent human --mode arcade \
  --script "$T/leave.jsonl" --until 3000
steps "$T/to-records.jsonl" down down down down down down down down down down down enter
expect "13: the records screen with the long match" 0 "" -- "$P" memory5d --headless --records "$T/long.db" --script "$T/to-records.jsonl" \
  --screenshot 1400:"$T/long.png" --until 1400
read -r _ edge < <(python3 "$ROOT/tests/cli/png_probe.py" "$T/long.png" region 1880 550 40 60)
read -r _ body < <(python3 "$ROOT/tests/cli/png_probe.py" "$T/long.png" region 1360 550 500 60)
check "13: the replay caption is drawn and ends before the right edge" test "$edge" -eq 0 -a "$body" -gt 500

# ---- 11: a first run with a new database shows its new profile, Star Points 0 ----
expect "11: the lobby on a new database" 0 "" -- "$P" memory5d --headless --records "$T/first.db" --events-out "$T/first-ev.jsonl" \
  --screenshot 100:"$T/first.png" --until 100
pev "11: the profile is created at once, before the lobby shows" "$T/first-ev.jsonl" \
  "[(e['event'], e.get('action')) for e in E if e['event'] != 'caption'][:2] == [('records', 'create-profile'), ('screen', None)]"
check "11: the new profile is chosen, with 0 Star Points" python3 -c "
import json, sqlite3, sys
c = sqlite3.connect('file:$T/first.db?mode=ro', uri=True)
p = c.execute('SELECT profile FROM chosen').fetchone()[0]
J = json.loads(c.execute('SELECT data FROM projections WHERE profile = ?', (p,)).fetchone()[0])
sys.exit(not (c.execute('SELECT name FROM profiles WHERE id = ?', (p,)).fetchone()[0] == 'Player 1' and J['starPoints']['balance'] == 0))"

# ---- 2: Import backup asks first, with what it replaces and what arrives ----
# the sample records (Ada: 3 matches...) are the backup; the database holds one new profile
"$P" memory5d --headless --records "$T/imp.db" --until 10
cp "$ROOT/tests/fixtures/memory5d-records.json" "$T/imp.db.backup.json"
steps "$T/imp-cancel.jsonl" down down down down down down down down down down down enter down down down down down down down enter enter
steps "$T/imp-yes.jsonl" down down down down down down down down down down down enter down down down down down down down enter left enter
expect "2: Import backup, then Cancel" 0 "" -- "$P" memory5d --headless --records "$T/imp.db" --script "$T/imp-cancel.jsonl" --events-out "$T/imp-cancel-ev.jsonl" --until 3000
arrive=$(python3 -c "
import json; c = json.load(open('$T/imp.db.backup.json'))['content']
print('%d profiles, %d matches, %d events' % (sum(not p['tutorial'] for p in c['profiles']), len(c['matches']), len(c['events'])))")
pev "2: the import asks, counting what is replaced and what arrives; Cancel keeps the records" "$T/imp-cancel-ev.jsonl" "
(lambda R: [(e['action'], e['ok']) for e in R] == [('ask-import', True), ('cancel', True)] and 'Replaced: 1 profile, 0 matches, 0 events.' in R[0]['detail'] and '$arrive.' in R[0]['detail'])(K('records'))"
check "2: cancelled: the database still holds only its own profile" python3 -c "
import sqlite3, sys
c = sqlite3.connect('file:$T/imp.db?mode=ro', uri=True)
sys.exit([n for (n,) in c.execute('SELECT name FROM profiles WHERE NOT tutorial')] != ['Player 1'])"
expect "2: Import backup, then Confirm" 0 "" -- "$P" memory5d --headless --records "$T/imp.db" --script "$T/imp-yes.jsonl" --events-out "$T/imp-yes-ev.jsonl" --until 3000
pev "2: confirmed, the backup's records replace them" "$T/imp-yes-ev.jsonl" "[(e['action'], e['ok']) for e in K('records')] == [('ask-import', True), ('import', True)]"

# ---- 10: player words on screen; the details go to the events log ----
steps "$T/poor.jsonl" right down down down down down down down down enter
expect "10: a purchase the balance cannot pay" 0 "" -- "$P" memory5d --headless --records "$T/poor.db" --script "$T/poor.jsonl" --events-out "$T/poor-ev.jsonl" --until 1500
pev "10: the shop says the price and the balance" "$T/poor-ev.jsonl" "
(lambda r: not r['ok'] and r['detail'] and C[-1] == 'Cannot buy Reveal: it costs %d Star Points and you have 0.' % json.load(open('$ROOT/levels/memory5d/rules.json'))['prices']['reveal'])(K('records')[-1])"
python3 -c "
import json; d = json.load(open('$ROOT/tests/fixtures/memory5d-records.json')); d['checksum'] = '0123456789abcdef'
json.dump(d, open('$T/imp.db.backup.json', 'w'))"
steps "$T/imp-bad.jsonl" down down down down down down down down down down down enter down down down down down down down enter
expect "10: a damaged backup" 0 "" -- "$P" memory5d --headless --records "$T/imp.db" --script "$T/imp-bad.jsonl" --events-out "$T/imp-bad-ev.jsonl" --until 3000
pev "10: the refusal is in words, its detail (the checksums) in the events log" "$T/imp-bad-ev.jsonl" "
(lambda r: not r['ok'] and '0123456789abcdef' in r['detail'] and not any('0123456789abcdef' in c or 'checksum' in c for c in C) and 'cannot be read as a Memory5D backup' in C[-1])(K('records')[-1])"
"$BIN/gen" memory5d --selfplay --seed 8 --difficulty easy --out "$T/sp8.json"
"$P" memory5d --headless --seed 8 --difficulty easy --opponent human --events-out "$T/s8.jsonl" --until 10
python3 "$ROOT/tests/cli/m5d_script.py" "$T/sp8.json" "$T/s8.jsonl" mouse both >"$T/hs8.jsonl"
expect "10: a drawn board" 0 "" -- "$P" memory5d --headless --seed 8 --difficulty easy --opponent human --script "$T/hs8.jsonl" \
  --events-out "$T/draw-ev.jsonl" --until 12000
pev "10: the draw is told in words, not the core's reason name" "$T/draw-ev.jsonl" "
K('results')[0]['reason'] == 'reweaves-exhausted' and any(c.startswith('A draw: no link after 2 reweaves. Results.') for c in C) and not any('reweaves-exhausted' in c for c in C)"

# ---- 12: the tutorial's Victory card leaves the winning row in view ----
t=100; : >"$T/tut8.jsonl"
# Enter through lessons 1-8 (learner steps + intro + done card each), then the victory lesson's
# intro and its two steps: its done card is up
for steps in 2 2 3 3 2 4 2 4 2; do
  for _ in $(seq $((steps + 2))); do printf '{"t":%d,"type":"key","key":"enter"}\n' $t >>"$T/tut8.jsonl"; t=$((t + 200)); done
  t=$((t + 300))
done
head -n 41 "$T/tut8.jsonl" >"$T/tut8-win.jsonl"
t35=$(tail -n 1 "$T/tut8-win.jsonl" | python3 -c "import json, sys; print(json.load(sys.stdin)['t'])")
expect "12: the victory lesson's card" 0 "" -- "$P" memory5d --headless --tutorial --script "$T/tut8-win.jsonl" \
  --events-out "$T/tut8-ev.jsonl" --screenshot $((t35 + 800)):"$T/victory.png" --until $((t35 + 800))
check "12: the winning row's gold marks are in full view beside the card" python3 - "$T/tut8-ev.jsonl" "$T/victory.png" <<'PY'
import json, subprocess, sys, os
E = [json.loads(l) for l in open(sys.argv[1])]
win = [e for e in E if e["event"] == "win"][-1]["cells"]
s = [e for e in E if e["event"] == "match-start"][-1]
done = [e for e in E if e["event"] == "tutorial" and e["phase"] == "done"][-1]["lesson"] == "victory"
px = lambda c: subprocess.run(["python3", os.environ["ROOT"] + "/tests/cli/png_probe.py", sys.argv[2], "pixel",
                               str(s["cells"][c]["x"] + 2), str(s["cells"][c]["y"] + s["cells"][c]["h"] // 2)],
                              capture_output=True, text=True).stdout.strip()
sys.exit(not (done and [px(c) for c in win[:3]] == ["f2b705"] * 3))
PY

# ---- 12: the decision clock waits while the coach's prompt is read (spec: clocks pause for
# help/tutorial), and the prompt's moves still go through: 70 s on lesson 1's first prompt,
# past Easy's 60 s, then its two steps ----
steps "$T/tut-wait.jsonl" enter wait:70000 enter enter enter
expect "12: a long read of the coach's prompt" 0 "" -- "$P" memory5d --headless --tutorial --script "$T/tut-wait.jsonl" \
  --events-out "$T/tut-wait-ev.jsonl" --screenshot 60000:"$T/tut-wait.png" --until 71000
pev "12: no timeout, no restart, the lesson reaches its goal; the help pause is never lifted in the lesson" "$T/tut-wait-ev.jsonl" "
K('timeout') == [] and [e['phase'] for e in K('tutorial')][:6] == ['intro', 'prompt', 'step', 'prompt', 'goal', 'done'] and
K('tutorial')[2]['t'] > 70000 and [(e['event'], e['reason'], e['t']) for e in E if e['event'] in ('pause', 'resume')][:1] == [('pause', 'help', 0)] and
not [e for e in K('resume') if e['reason'] == 'help' and e['t'] < K('tutorial')[4]['t']]"

# ---- 12: a lesson that names a cell's variant (the rules' name, as its label does) also says
# how it is drawn (the legend: 1st plain, 2nd a white ring, 3rd a white dot) ----
check "12: every variant a prompt names is described as drawn" python3 - "$ROOT/levels/memory5d" <<'PY'
import glob, json, sys
rules = json.load(open(sys.argv[1] + "/rules.json"))
fam = {"Q": "square", "C": "circle", "T": "triangle", "S": "star", "H": "hexagon", "D": "diamond"}
marks = ["plain", "ring", "dot"]
bad = []
for f in sorted(glob.glob(sys.argv[1] + "/tutorial/*.json")):
    d = json.load(open(f))
    grid = [row.split() for row in d["grid"]]
    for s in d["steps"]:
        for coord in ([s["select"]] if "select" in s else s.get("link", [])):
            c = grid[int(coord[1:]) - 1][ord(coord[0]) - 65]
            v = int(c[1]); name = rules["families"][fam[c[0]]][v]
            if name in s["prompt"] and marks[v] not in s["prompt"]:
                bad.append((f, coord, name))
sys.exit(1 if bad else 0)
PY

# ---- 7 (first part): the roving focus is visible from the start, before any key ----
"$P" memory5d --headless --seed 5 --difficulty expert --screenshot 50:"$T/focus0.png" --until 50
check "7: the focus frame is drawn on A1 at once" test "$(python3 "$ROOT/tests/cli/png_probe.py" "$T/focus0.png" pixel 598 203)" = "1d5fd0"

# ---- 7: Tab and Shift+Tab move between the grid (one roving stop; the arrows move inside
# it), each power button and Leave; every focus change is a focus event with its box ----
# Enter on the focused Extra Turn button arms it (A brings no charge here: refused no-charge)
steps "$T/tab.jsonl" tab tab tab tab tab tab shift+tab enter tab enter tab right shift+tab shift+tab enter
expect "7: Tab through an Arcade match" 0 "" -- "$P" memory5d --headless --seed 5 --difficulty normal --mode arcade \
  --script "$T/tab.jsonl" --events-out "$T/tab-ev.jsonl" --screenshot 250:"$T/tab-power.png" --screenshot 1650:"$T/tab-leave.png" --until 1700
pev "7: the focus starts on the grid, Tab goes grid, four powers, Leave, grid; Shift+Tab back; the dialog's Tab; arrows in the grid" "$T/tab-ev.jsonl" "
[(e['control'], e['index']) for e in K('focus')] == [('grid', 0), ('power', 0), ('power', 1), ('power', 2), ('power', 3), ('leave', 0), ('grid', 0), ('leave', 0), ('dialog', 0), ('dialog', 1), ('grid', 0), ('grid', 1), ('leave', 0), ('power', 3)] and
K('focus')[0]['coord'] == 'A1' and K('focus')[1]['w'] > 0 and K('abandon') == [] and
K('refused')[-1]['reason'] == 'no-charge' and K('refused')[-1]['t'] == K('focus')[-1]['t'] + 100"
check "7: the focused power button is outlined all round" python3 - "$T/tab-ev.jsonl" "$T/tab-power.png" <<'PY'
import json, subprocess, sys, os
E = [json.loads(l) for l in open(sys.argv[1])]
f = [e for e in E if e["event"] == "focus" and e["t"] <= 250][-1]
probe = lambda x, y: subprocess.run(["python3", os.environ["ROOT"] + "/tests/cli/png_probe.py", sys.argv[2], "pixel", str(x), str(y)],
                                    capture_output=True, text=True).stdout.strip()
x, y, w, h = f["x"], f["y"], f["w"], f["h"]
sides = [probe(x + w // 2, y - 5), probe(x + w // 2, y + h + 4), probe(x - 5, y + h // 2), probe(x + w + 4, y + h // 2)]
sys.exit(0 if sides == ["1d5fd0"] * 4 else 1)
PY
# the draft: the focused card is outlined all round (it was a 6 px bar over the card)
steps "$T/draft-focus.jsonl" right right down down down down down down down enter right
expect "7: the draft's focus" 0 "" -- "$P" memory5d --headless --script "$T/draft-focus.jsonl" --events-out "$T/draft-focus-ev.jsonl" \
  --screenshot 1500:"$T/draft-focus.png" --until 1500
check "7: the draft card in focus is outlined on all four sides, the others not" python3 - "$T/draft-focus-ev.jsonl" "$T/draft-focus.png" <<'PY'
import json, subprocess, sys, os
E = [json.loads(l) for l in open(sys.argv[1])]
f = [e for e in E if e["event"] == "focus" and e["screen"] == "draft"]
probe = lambda x, y: subprocess.run(["python3", os.environ["ROOT"] + "/tests/cli/png_probe.py", sys.argv[2], "pixel", str(x), str(y)],
                                    capture_output=True, text=True).stdout.strip()
def sides(x, y, w, h):
    return [probe(x + w // 2, y - 5), probe(x + w // 2, y + h + 4), probe(x - 5, y + h // 2), probe(x + w + 4, y + h // 2)]
ok = [(e["control"], e["index"]) for e in f] == [("card", 1)] and sides(f[0]["x"], f[0]["y"], f[0]["w"], f[0]["h"]) == ["1d5fd0"] * 4
ok = ok and "1d5fd0" not in sides(f[0]["x"] + 340, f[0]["y"], f[0]["w"], f[0]["h"])
sys.exit(0 if ok else 1)
PY
# the lobby: its focus is drawn from the start (the first row, Mode), before any key
"$P" memory5d --headless --screenshot 50:"$T/lobby0.png" --until 50
check "7: the lobby's first row is framed at once" test "$(python3 "$ROOT/tests/cli/png_probe.py" "$T/lobby0.png" pixel 1000 183)" = "1d5fd0"

# ---- 6: every target at least 44 output px, every text at least 12 and none cut off, at 1280x720
# (the wide 1920x1080 field at 2/3) and at 640x360 (the smallest window: the compact 960x540 field
# at 2/3), from the layout event: each drawn frame's scale, smallest text, target boxes and the
# texts that did not fit their room ----
# at each size: the lobby (Arcade: the shop and loadout rows), the draft, an Arcade match with
# the leave dialog open, a lesson's intro and goal cards, a Classic Expert match, Results, Records
layout_run() { # SIZE TAG
  steps "$T/lay-lobby.jsonl" right
  "$P" memory5d --headless --size "$1" --script "$T/lay-lobby.jsonl" --events-out "$T/lay-$2-lobby.jsonl" --screenshot 300:"$T/lay-$2-lobby.png" --until 300
  steps "$T/lay-draft.jsonl" right right down down down down down down down enter
  "$P" memory5d --headless --size "$1" --script "$T/lay-draft.jsonl" --events-out "$T/lay-$2-draft.jsonl" --screenshot 1200:"$T/lay-$2-draft.png" --until 1200
  steps "$T/lay-dialog.jsonl" escape
  "$P" memory5d --headless --size "$1" --seed 5 --difficulty normal --mode arcade --script "$T/lay-dialog.jsonl" --events-out "$T/lay-$2-arcade.jsonl" \
    --screenshot 50:"$T/lay-$2-arcade.png" --screenshot 300:"$T/lay-$2-dialog.png" --until 300
  steps "$T/lay-tut.jsonl" enter enter enter
  "$P" memory5d --headless --size "$1" --tutorial --script "$T/lay-tut.jsonl" --events-out "$T/lay-$2-tut.jsonl" \
    --screenshot 50:"$T/lay-$2-intro.png" --screenshot 200:"$T/lay-$2-prompt.png" --screenshot 500:"$T/lay-$2-done.png" --until 500
  steps "$T/lay-leave.jsonl" escape enter
  "$P" memory5d --headless --size "$1" --seed 5 --difficulty expert --script "$T/lay-leave.jsonl" --events-out "$T/lay-$2-expert.jsonl" \
    --screenshot 50:"$T/lay-$2-expert.png" --screenshot 900:"$T/lay-$2-results.png" --until 900
  steps "$T/lay-rec.jsonl" up up enter
  "$P" memory5d --headless --size "$1" --records "$T/lay.db" --script "$T/lay-rec.jsonl" --events-out "$T/lay-$2-records.jsonl" --screenshot 600:"$T/lay-$2-records.png" --until 600
}
"$P" memory5d --records "$T/lay.db" --import "$ROOT/tests/fixtures/memory5d-records.json"
for size in 1280x720 640x360; do layout_run "$size" "$size"; done
layout_check() { # NAME SIZE EXPR-over-L-(the-layout-events)
  check "$1" python3 - "$T" "$2" "$3" <<'PY'
import glob, json, sys
L = []
for f in sorted(glob.glob(sys.argv[1] + "/lay-" + sys.argv[2] + "-*.jsonl")):
    L += [e for e in map(json.loads, open(f)) if e["event"] == "layout"]
small = [(e["screen"], t["name"], round(min(t["w"], t["h"]) * e["scale"], 1)) for e in L for t in e["targets"] if min(t["w"], t["h"]) * e["scale"] < 44 - 0.01]
text = [(e["screen"], round(e["minText"] * e["scale"], 1)) for e in L if e["minText"] * e["scale"] < 12 - 0.01]
cells = [t for e in L for t in e["targets"] if t["name"] == "cell"]
over = [(e["screen"], o["text"]) for e in L for o in e["overflow"]]
# every target inside the field it was laid out in
out = [(e["screen"], t["name"]) for e in L for t in e["targets"] if
       (t["x"] < 0 or t["y"] < 0 or t["x"] + t["w"] > e["fieldW"] or t["y"] + t["h"] > e["fieldH"])]
screens = sorted({e["screen"] for e in L})
ok = eval(sys.argv[3])
if not ok:
    print(small[:10], text[:10], over[:10], out[:10], screens, file=sys.stderr)
sys.exit(0 if ok else 1)
PY
}
for size in 1280x720 640x360; do
  layout_check "6: $size: every screen's targets at least 44 px, its text at least 12 px, none cut off" $size \
    "screens == ['draft', 'lobby', 'match', 'records', 'results'] and not small and not text and not over and not out and len(L) >= 9"
done
layout_check "6: 640x360: the compact field, shown at 2/3" 640x360 "all(abs(e['scale'] - 2 / 3) < 1e-3 and (e['fieldW'], e['fieldH']) == (960, 540) for e in L)"
# the compact lobby's list box scrolls in whole rows: the keyboard's focus scrolls it into view
# (Loadout, the list's last row), a press-and-drag pans it without pressing what it started on
# (Hot-seat), and a tap presses the option now under it (Expert, two rows up the list once the
# drag moved it by two rows); Play stays in its column. A first frame is drawn at 50 ms so that
# the inputs meet the compact field.
steps "$T/lay-scroll.jsonl" right down down down down down down down down down
"$P" memory5d --headless --size 640x360 --script "$T/lay-scroll.jsonl" --events-out "$T/scroll.jsonl" \
  --screenshot 50:"$T/scroll-0.png" --screenshot 1200:"$T/scroll.png" --until 1200
pev "6: 640x360: the focus on the lobby's last row scrolls the list to show it" "$T/scroll.jsonl" "
(lambda f, l: f['index'] == 9 and f['w'] >= 66 and 16 <= f['x'] and f['y'] + f['h'] <= 454 and
  any((t['x'], t['y'], t['w'], t['h']) == (f['x'], f['y'], f['w'], f['h']) for t in l['targets']) and
  not any(t['name'] == 'Classic' for t in l['targets']))(K('focus')[-1], K('layout')[-1])"
printf '%s\n' '{"t":100,"type":"press","x":580,"y":180}' '{"t":150,"type":"move","x":580,"y":100}' \
  '{"t":200,"type":"move","x":580,"y":20}' '{"t":250,"type":"release","x":580,"y":20}' \
  '{"t":400,"type":"click","x":640,"y":105}' '{"t":600,"type":"click","x":838,"y":106}' >"$T/lay-drag.jsonl"
"$P" memory5d --headless --size 640x360 --script "$T/lay-drag.jsonl" --events-out "$T/drag.jsonl" \
  --screenshot 50:"$T/drag-0.png" --screenshot 300:"$T/drag.png" --until 700
pev "6: 640x360: a drag pans the lobby's list (pressing nothing), a tap presses, Play stays put" "$T/drag.jsonl" "
(lambda m, l: m['difficulty'] == 'expert' and m['opponent'] == 'ai' and m['kind'] == 'standard' and
  not any(t['name'] in ('Classic', 'AI') for t in l['targets']) and any(t['name'] == 'Expert' for t in l['targets']))(
  K('match-start')[0], [e for e in K('layout') if e['t'] == 300][0])"
# found playing Normal live at 640x360 (seed 11): the AI's winning line ran down to A7, out of
# the six rows shown, so the won board showed three of its four cells; a won board now scrolls
# to show its line
printf '%s\n' '{"t":100,"type":"click","x":697,"y":268}' '{"t":200,"type":"click","x":763,"y":268}' \
  '{"t":400,"type":"click","x":631,"y":202}' '{"t":500,"type":"click","x":697,"y":202}' >"$T/winline.jsonl"
"$P" memory5d --headless --size 640x360 --seed 11 --difficulty normal --script "$T/winline.jsonl" \
  --events-out "$T/winline-ev.jsonl" --screenshot 900:"$T/winline.png" --until 900
pev "6: a won board in a scrolled viewport shows its whole line (A4-A7: rows 2-7)" "$T/winline-ev.jsonl" "
[c // 7 for c in K('win')[0]['cells']] == [3, 4, 5, 6] and
 (lambda v: v['firstRow'] <= 3 and v['firstRow'] + v['rows'] > 6)([v for v in K('viewport') if v['t'] >= K('win')[0]['t']][-1])"
# the match-start event's cell boxes are the compact frame's from t = 0 (scene_env carries the
# first frame's field and scale), so a script can click where its log says a cell is
pev "6: at 640x360 the first match-start logs the compact boxes (66 px cells from x 534)" "$T/winline-ev.jsonl" \
  "(lambda c: (c['x'], c['y'], c['w']) == (534, 42, 66))(K('match-start')[0]['cells'][0])"
# a headless script's click before any frame is drawn is hit-tested in the compact field the
# frames use (scene_def.view), not in the wide one: the compact lobby's Play starts a match
printf '{"t":100,"type":"click","x":838,"y":106}\n' >"$T/preframe.jsonl"
"$P" memory5d --headless --size 640x360 --script "$T/preframe.jsonl" --events-out "$T/preframe-ev.jsonl" --until 400
pev "6: a click before the first frame lands in the compact field (Play starts a match)" "$T/preframe-ev.jsonl" \
  "len(K('match-start')) == 1"
expect "6: a window under 640x360 is refused, naming the smallest" 2 "at least 640x360" -- \
  "$P" memory5d --headless --size 390x844 --until 10
lay_schema_ok() { for f in "$T"/lay-1280x720-*.jsonl "$T"/lay-640x360-*.jsonl; do pschema_ok "$f" || return 1; done; }
check "6: the 1280x720 and 640x360 logs (layout and focus events) validate against the schema" lay_schema_ok

# ---- found playing Expert live: after a quarter turn the recent events named cells where they
# were before it (now elsewhere on the board): such lines say "(before the turn)"; and "The board
# is turning..." ran into the reweave counter ----
"$P" memory5d --headless --seed 1 --difficulty expert --events-out "$T/turn-s.jsonl" --until 10
read -r ta tb tx1 ty1 tx2 ty2 < <($PICK "$T/turn-s.jsonl" link)
steps "$T/turn.jsonl" click:$tx1,$ty1 click:$tx2,$ty2
expect "an Expert round, paced" 0 "" -- "$P" memory5d --headless --seed 1 --difficulty expert --live-pace --script "$T/turn.jsonl" \
  --events-out "$T/turn-ev.jsonl" --screenshot 1300:"$T/turning.png" --until 1300
pev "live: the links made before the quarter turn say so in the recent events, not before it" "$T/turn-ev.jsonl" "
(lambda r: [c['recent'] for c in K('caption') if c['t'] < r][-1] == ['A linked %s-%s: +125' % tuple(K('link')[0]['coords'])] and
 all(x.endswith(' (before the turn)') for c in K('caption') if c['t'] >= r for x in c['recent']) and len(K('caption')[-1]['recent']) == 2)(K('rotation')[0]['t'])"
check "live: the turning status ends before the reweave counter" test \
  "$(python3 "$ROOT/tests/cli/png_probe.py" "$T/turning.png" region 332 724 12 26 | cut -d' ' -f2)" = 0

# ---- found playing hot-seat live at 640x360: the board's scrolled-out cells could be reached
# by the keyboard only; a finger or the mouse now drags the board (whole cells, the focus along),
# and a press that does not drag still picks ----
# (in the compact field's viewport: 66 px cells from 534,42; 699,207 is the middle of C3)
cat >"$T/pan.jsonl" <<'JSONL'
{"t":100,"type":"touch-down","x":699,"y":207}
{"t":120,"type":"touch-move","x":634,"y":207}
{"t":140,"type":"touch-move","x":567,"y":207}
{"t":160,"type":"touch-up","x":567,"y":207}
{"t":300,"type":"press","x":699,"y":207}
{"t":320,"type":"move","x":699,"y":141}
{"t":340,"type":"release","x":699,"y":141}
{"t":500,"type":"click","x":699,"y":207}
JSONL
expect "dragging a 640x360 board" 0 "" -- "$P" memory5d --headless --size 640x360 --seed 7 --difficulty expert --opponent human \
  --script "$T/pan.jsonl" --events-out "$T/pan-ev.jsonl" --screenshot 10:"$T/pan0.png" --screenshot 200:"$T/pan1.png" --screenshot 400:"$T/pan2.png" --until 600
pev "live: a touch drag pans two columns, a mouse drag a row, neither picks; a plain click picks E4" "$T/pan-ev.jsonl" "
[(v['firstRow'], v['firstCol']) for v in K('viewport')] == [(0, 0), (0, 2), (1, 2)] and [(s['t'], s['coord']) for s in K('select')] == [(500, 'E4')]"

# ---- 6, the compact match: the legend does not fit beside the board, so it waits in a drawer
# behind a Legend button (Tab reaches it after the grid, Enter or a click opens it, Escape, Enter
# or the button closes it); the drawer covers the board, so a local clock waits (help) and a
# press on it picks nothing; the wide layout keeps its legend beside the board and no button ----
cat >"$T/legend.jsonl" <<'JSONL'
{"t":100,"type":"key","key":"tab"}
{"t":200,"type":"key","key":"enter"}
{"t":300,"type":"click","x":700,"y":200}
{"t":400,"type":"key","key":"escape"}
{"t":500,"type":"click","x":361,"y":37}
{"t":600,"type":"click","x":361,"y":37}
{"t":700,"type":"click","x":700,"y":200}
JSONL
expect "the legend drawer at 640x360" 0 "" -- "$P" memory5d --headless --size 640x360 --seed 6 --difficulty hard --opponent human \
  --script "$T/legend.jsonl" --events-out "$T/legend-ev.jsonl" --screenshot 10:"$T/leg0.png" --screenshot 250:"$T/leg1.png" \
  --screenshot 650:"$T/leg2.png" --until 800
pev "6: compact: Tab reaches Legend; it opens and closes by key and by click, the clock waiting meanwhile; the covered board picks nothing" "$T/legend-ev.jsonl" "
(lambda f, p, d: f['control'] == 'legend' and f['t'] == 100 and f['x'] + f['w'] <= 960 and min(f['w'], f['h']) * 2 / 3 >= 44 and
 p == [(200, 'pause'), (400, 'resume'), (500, 'pause'), (600, 'resume')] and [s['t'] for s in K('select')] == [700] and d == [False, True, False])(
 [e for e in K('focus') if e['t'] > 0][0], [(e['t'], e['event']) for e in E if e['event'] in ('pause', 'resume') and e['reason'] == 'help'],
 [any(t['name'] == 'legend-drawer' for t in e['targets']) for e in K('layout')])"
expect "Tab at 1280x720" 0 "" -- "$P" memory5d --headless --size 1280x720 --seed 6 --difficulty hard --opponent human \
  --script "$T/legend.jsonl" --events-out "$T/legend-wide.jsonl" --screenshot 10:"$T/legw.png" --until 150
pev "6: wide: no Legend button (the legend stands beside the board): Tab goes from the grid to Leave" "$T/legend-wide.jsonl" \
  "[e['control'] for e in K('focus') if e['t'] > 0] == ['leave'] and not any(t['name'] == 'Legend' for e in K('layout') for t in e['targets'])"
check "6: the legend drawer's events match their schema" pschema_ok "$T/legend-ev.jsonl"

# ---- found playing at 640x360: a scrolled board can leave the anchor's marked partners out of
# view (Normal seed 1: F1's only partner is G2, in the seventh column): the caption and the line
# under the board say how many, and that a drag shows them; a whole board says nothing of it ----
steps "$T/away.jsonl" right right right right right enter
for z in 640x360 1280x720; do
  expect "$z: F1 anchored" 0 "" -- "$P" memory5d --headless --size $z --seed 1 --difficulty normal --opponent human \
    --script "$T/away.jsonl" --events-out "$T/away-$z.jsonl" --screenshot 10:"$T/away-$z.png" --until 700
done
pev "a scrolled board names the marked partners out of view" "$T/away-640x360.jsonl" \
  "C[-1] == 'A anchored F1: pick a marked partner (1 out of view: drag the board), or F1 again to cancel.'"
pev "a whole board does not" "$T/away-1280x720.jsonl" "C[-1] == 'A anchored F1: pick a marked partner, or F1 again to cancel.'"

# ---- found playing Arcade live at 640x360: Tab onto the armed power's button said "no charge in
# this match's loadout" (its charge is reserved while armed): it says it is armed and how to cancel ----
"$P" memory5d --records "$T/tabarm.db" --import "$ROOT/tests/fixtures/memory5d-records.json"
steps "$T/tabarm-buy.jsonl" right down down down down down down down down enter
"$P" memory5d --headless --records "$T/tabarm.db" --script "$T/tabarm-buy.jsonl" --until 1500
steps "$T/tabarm.jsonl" 1 tab
expect "Tab onto the armed Reveal" 0 "" -- "$P" memory5d --headless --records "$T/tabarm.db" --seed 3 --difficulty normal --mode arcade \
  --loadout reveal --script "$T/tabarm.jsonl" --events-out "$T/tabarm-ev.jsonl" --until 300
pev "the armed power's button says it is armed and how to cancel it" "$T/tabarm-ev.jsonl" \
  "K('focus')[-1]['control'] == 'power' and C[-1] == 'Reveal is armed: Enter (or key 1) cancels it and refunds the charge.'"
