# bin/player memory5d Arcade (spec "Arcade powers"): buying each power in the lobby's shop
# through the records store, the loadout editor's caps, and in a match arming, consuming and
# refunding each power through the core, with what a recorded Arcade match does to the
# inventory (and never to Elo).
P="$BIN/player"
SCRIPT="python3 $ROOT/tests/cli/m5d_script.py"
PICK="python3 $ROOT/tests/cli/m5d_pick.py"

source "$ROOT/tests/cli/memory5d_lib.sh"
# ev NAME FILE EXPR: EXPR over E, K(kind) and W (the power events as (action, power, reason)).
ev() {
  check "$1" python3 -c "
import json, sys
E = [json.loads(l) for l in open('$2')]
K = lambda k: [e for e in E if e['event'] == k]
W = [(e['action'], e['power'], e['reason']) for e in K('power')]
sys.exit(0 if ($3) else 1)"
}
schema_ok() {
  python3 -c "import json,sys; print(json.dumps([json.loads(l) for l in open(sys.argv[1])]))" "$1" >"$1.array.json" &&
    json_schema_ok memory5d-events.schema.json "$1.array.json"
}
# pj DB EXPR: EXPR over J, the chosen profile's cached projection
pj() {
  python3 -c "
import json, sqlite3, sys
c = sqlite3.connect('file:$1?mode=ro', uri=True)
p = c.execute('SELECT profile FROM chosen').fetchone()[0]
J = json.loads(c.execute('SELECT data FROM projections WHERE profile = ?', (p,)).fetchone()[0])
sys.exit(0 if ($2) else 1)"
}

# Star Points: the sample records (Ada, 55) and five Easy wins (22 each) make 165
"$P" memory5d --records "$T/a.db" --import "$ROOT/tests/fixtures/memory5d-records.json"
"$BIN/gen" memory5d --selfplay --seed 5 --difficulty easy --out "$T/sp5.json"
"$P" memory5d --headless --seed 5 --difficulty easy --events-out "$T/s5.jsonl" --until 10
$SCRIPT "$T/sp5.json" "$T/s5.jsonl" keys A >"$T/a5.jsonl"
for i in 1 2 3 4 5; do
  "$P" memory5d --headless --records "$T/a.db" --seed 5 --difficulty easy --script "$T/a5.jsonl" --until 30000
done
check "five wins: 165 Star Points to spend (the sample had spent 30 of 85)" pj "$T/a.db" "J['starPoints'] == {'balance': 165, 'earned': 195, 'spent': 30}"

# ---- the shop: each power once (140), then one the balance cannot pay ----
# lobby: Mode -> Arcade, down to the Shop row, buy each power, then Extra Turn again
steps "$T/shop.jsonl" right down down down down down down down down enter right enter right enter right enter enter
expect "the shop buys every power" 0 "" -- "$P" memory5d --headless --records "$T/a.db" --script "$T/shop.jsonl" \
  --events-out "$T/shop-ev.jsonl" --screenshot 1750:"$T/shop.png" --until 1800
ev "shop: four purchases, then a refused one" "$T/shop-ev.jsonl" \
  "[(e['ok'], e.get('detail', '')[:12]) for e in K('records')] == [(True, 'reveal'), (True, 'doublePoints'), (True, 'wildcard'), (True, 'extraTurn'), (False, 'refused: eve')]"
check "shop: one charge of each in the inventory, 165 - 140 = 25 left (the refusal changed nothing)" pj "$T/a.db" \
  "J['inventory'] == {'reveal': 1, 'doublePoints': 1, 'wildcard': 1, 'extraTurn': 1} and J['starPoints'] == {'balance': 25, 'earned': 195, 'spent': 170}"
check "the shop's events match the schema" schema_ok "$T/shop-ev.jsonl"

# ---- the loadout editor: at most three charges ----
steps "$T/load.jsonl" right down down down down down down down down down right right right enter left enter left enter left enter up up enter
expect "the loadout editor" 0 "" -- "$P" memory5d --headless --records "$T/a.db" --script "$T/load.jsonl" \
  --events-out "$T/load-ev.jsonl" --screenshot 1950:"$T/loadout.png" --until 2500
ev "loadout: Extra Turn, Wildcard, Double Points; a fourth (Reveal) is refused; the match brings them" "$T/load-ev.jsonl" \
  "[e['loadout'] for e in K('arcade')] == [{'A': [0, 1, 1, 1], 'B': [0, 0, 0, 0]}] and K('match-start')"
expect "a loadout the profile does not own" 2 "owns 1 reveal" -- "$P" memory5d --headless --records "$T/a.db" --mode arcade --loadout reveal,reveal
expect "a loadout over the caps" 2 "maxCharges" -- "$P" memory5d --headless --records "$T/a.db" --mode arcade --loadout reveal,doublePoints,wildcard,extraTurn
expect "--loadout without Arcade" 2 "expected --mode arcade" -- "$P" memory5d --headless --records "$T/a.db" --loadout reveal
expect "bad mode" 2 "mode: expected classic or arcade" -- "$P" memory5d --headless --mode ranked

# ---- in a match (seed 3, Normal: a mismatch is a miss) ----
M="$P memory5d --headless --records $T/a.db --seed 3 --difficulty normal --mode arcade"
$M --loadout reveal --events-out "$T/m0.jsonl" --until 10
read -r la lb lx1 ly1 lx2 ly2 < <($PICK "$T/m0.jsonl" link)
read -r fa fb fx1 fy1 fx2 fy2 < <($PICK "$T/m0.jsonl" family)
read -r ha hb hx1 hy1 hx2 hy2 < <($PICK "$T/m0.jsonl" hue)

# Reveal (by its button): consumed when the projection of the anchor's partners begins
steps "$T/reveal.jsonl" click:160,922 click:$lx1,$ly1
expect "Reveal" 0 "" -- $M --loadout reveal --script "$T/reveal.jsonl" --events-out "$T/reveal-ev.jsonl" \
  --screenshot 1000:"$T/reveal.png" --until 4000
ev "reveal: armed, then consumed as it projects the anchor's partners for 3 s" "$T/reveal-ev.jsonl" \
  "W == [('arm', 'reveal', 'ok'), ('consume', 'reveal', 'ok')] and K('reveal')[0]['cell'] == $la and $lb in K('reveal')[0]['partners'] and K('reveal')[0]['ms'] == 3000 and K('reveal-end')[0]['t'] - K('reveal')[0]['t'] >= 3000"
check "the power events match the schema" schema_ok "$T/reveal-ev.jsonl"
# Reveal on an anchor with no legal partner (found playing Arcade live at 640x360: the caption
# said its partners were marked over a board with no mark): it says there is none
read -r na nx ny < <($PICK "$T/m0.jsonl" lonely)
steps "$T/reveal0.jsonl" click:160,922 click:$nx,$ny
expect "Reveal on a lone cell" 0 "" -- $M --loadout reveal --script "$T/reveal0.jsonl" --events-out "$T/reveal0-ev.jsonl" --until 1000
ev "reveal on an anchor with no partner: the caption says it has none" "$T/reveal0-ev.jsonl" \
  "K('reveal')[0]['partners'] == [] and [c['text'] for c in K('caption') if c['text'].startswith('Reveal: ')][0].split(' (')[0].endswith('has no legal partner now')"

# Double Points: consumed on the valid link, which scores double the same link in Classic
steps "$T/link.jsonl" 2 click:$lx1,$ly1 click:$lx2,$ly2
expect "Double Points" 0 "" -- $M --loadout doublePoints --script "$T/link.jsonl" --events-out "$T/double-ev.jsonl" --until 600
"$P" memory5d --headless --seed 3 --difficulty normal --script "$T/link.jsonl" --events-out "$T/classic-ev.jsonl" --until 600
ev "double points: consumed on the link, Mastery doubled" "$T/double-ev.jsonl" \
  "W == [('arm', 'doublePoints', 'ok'), ('consume', 'doublePoints', 'ok')] and K('link')[0]['breakdown']['doubled'] and K('link')[0]['mastery'] == 2 * [e for e in map(json.loads, open('$T/classic-ev.jsonl')) if e['event'] == 'link'][0]['mastery']"

# Wildcard: a pair of different families links (Classic: a miss)
steps "$T/wild.jsonl" 3 click:$fx1,$fy1 click:$fx2,$fy2
expect "Wildcard" 0 "" -- $M --loadout wildcard --script "$T/wild.jsonl" --events-out "$T/wild-ev.jsonl" --until 600
ev "wildcard: the families differ, yet it links and is consumed" "$T/wild-ev.jsonl" \
  "W == [('arm', 'wildcard', 'ok'), ('consume', 'wildcard', 'ok')] and [sorted(e['cells']) for e in K('link')][0] == sorted([$fa, $fb]) and K('miss') == []"
"$P" memory5d --headless --seed 3 --difficulty normal --script "$T/wild.jsonl" --events-out "$T/wild-classic.jsonl" --until 600
ev "the same pair without Wildcard is a miss" "$T/wild-classic.jsonl" "K('miss') and K('miss')[0]['player'] == 'A'"

# Extra Turn: consumed after the base-turn link; one bonus turn, in which nothing can be armed
steps "$T/extra.jsonl" 4 click:$lx1,$ly1 click:$lx2,$ly2 1
expect "Extra Turn" 0 "" -- $M --loadout extraTurn,reveal --script "$T/extra.jsonl" --events-out "$T/extra-ev.jsonl" --until 600
ev "extra turn: consumed, A plays a bonus turn, arming in it is refused" "$T/extra-ev.jsonl" \
  "W == [('arm', 'extraTurn', 'ok'), ('consume', 'extraTurn', 'ok')] and [e['player'] for e in K('bonus-turn')] == ['A'] and K('refused')[-1]['reason'] == 'bonus-turn' and [e for e in E if e['event'] in ('turn', 'bonus-turn')][0]['event'] == 'bonus-turn'"

# Cancelling refunds (the same key again); so does an unconsumed failure (a miss)
steps "$T/cancel.jsonl" 2 2 2
expect "arm, cancel, arm again" 0 "" -- $M --loadout doublePoints --script "$T/cancel.jsonl" --events-out "$T/cancel-ev.jsonl" --until 400
ev "cancel: refunded (back in the loadout), and the turn may arm again" "$T/cancel-ev.jsonl" \
  "W == [('arm', 'doublePoints', 'ok'), ('refund', 'doublePoints', 'ok'), ('arm', 'doublePoints', 'ok')] and [e['loadout'] for e in K('power')] == [0, 1, 0]"
# The armed label fits its button at any output size ("2 Double Points x0 ARMED" ran into the
# button's edge in a 1280x720 window): the button's left margin stays its fill colour. There
# the button is 66 field px tall (44 output px, issue 27 item 6): 290,854 in the field.
expect "Double Points armed at 1280x720" 0 "" -- $M --loadout doublePoints --size 1280x720 --script "$T/cancel.jsonl" \
  --screenshot 150:"$T/armed-720.png" --until 150
check "the armed label keeps inside its button's margins" sh -c "
  for y in 574 580 586 592 598 604 608; do
    test \"\$(python3 '$ROOT/tests/cli/png_probe.py' '$T/armed-720.png' pixel 197 \$y)\" = 'b7791f' || exit 1
  done"
steps "$T/miss.jsonl" 2 click:$hx1,$hy1 click:$hx2,$hy2
expect "a miss with Double Points armed" 0 "" -- $M --loadout doublePoints --script "$T/miss.jsonl" --events-out "$T/miss-ev.jsonl" --until 600
ev "miss: the unconsumed Double Points is refunded with the failure's reason" "$T/miss-ev.jsonl" \
  "W[:2] == [('arm', 'doublePoints', 'ok'), ('refund', 'doublePoints', K('miss')[0]['reason'])] and K('power')[1]['loadout'] == 1"

# ---- a recorded Arcade match: consumed charges leave the inventory; no Elo ----
check "before: one Double Points owned" pj "$T/a.db" "J['inventory']['doublePoints'] == 1"
pj "$T/a.db" "print(json.dumps(J['elo'])) or True" >"$T/elo-before.json"
steps "$T/rec.jsonl" 2 click:$lx1,$ly1 click:$lx2,$ly2 escape enter
expect "an Arcade match, Double Points used, then left" 0 "" -- $M --loadout doublePoints --script "$T/rec.jsonl" --events-out "$T/rec-ev.jsonl" --until 900
ev "the abandoned Arcade match is recorded" "$T/rec-ev.jsonl" "[e['action'] for e in K('records')] == ['record-match'] and K('records')[0]['ok']"
check "after: the used charge is gone, the Arcade match counted, still no Elo" pj "$T/a.db" \
  "J['inventory']['doublePoints'] == 0 and J['inventory']['reveal'] == 1 and J['statistics']['arcade']['normal']['matches'] == 1 and J['elo'] == json.load(open('$T/elo-before.json'))"
expect "the records check passes" 0 "" -- "$BIN/solver" memory5d --records "$T/a.db"

# ---- the Power Draft (spec: "Power Draft is an Arcade setting"): a full draft, two auto-picks ----
# lobby: Mode -> Power Draft, Play; A takes Extra Turn, then lets both later picks time out
steps "$T/draft.jsonl" right right down down down down down down down enter 4
expect "a full Power Draft" 0 "" -- "$P" memory5d --headless --records "$T/a.db" --script "$T/draft.jsonl" \
  --events-out "$T/draft-ev.jsonl" --screenshot 5000:"$T/draft.png" --until 45000
ev "draft: the order A,B,B,A,A,B from two copies of each power; A's late picks are the cheapest card at each 20 s deadline" "$T/draft-ev.jsonl" \
  "(lambda D: [d['player'] for d in D] == list('ABBAAB') and [d['auto'] for d in D] == [False, False, False, True, True, False] and D[0]['power'] == 'extraTurn' and [d['power'] for d in D[3:5]] == ['reveal', 'reveal'] and D[3]['t'] == D[2]['t'] + 20000 and D[4]['t'] == D[3]['t'] + 20000 and sum(D[-1]['pool']) == 2)(K('draft-pick'))"
ev "draft: the match starts with the drafted loadouts" "$T/draft-ev.jsonl" \
  "(lambda D, L: L['A'] == [[d['power'] for d in D if d['player'] == 'A'].count(p) for p in ('reveal', 'doublePoints', 'wildcard', 'extraTurn')] and L['B'] == [[d['power'] for d in D if d['player'] == 'B'].count(p) for p in ('reveal', 'doublePoints', 'wildcard', 'extraTurn')])(K('draft-pick'), K('arcade')[0]['loadout']) and K('match-start')"
check "the draft's events match the schema" schema_ok "$T/draft-ev.jsonl"
pj "$T/a.db" "print(json.dumps(J)) or True" >"$T/before-draft.json"
# the drafted match: A arms a drafted Reveal (1) and anchors (Enter), which uses it up, then
# leaves (Escape cancels the anchor, Escape opens the leave dialog, Enter leaves)
cp "$T/draft.jsonl" "$T/draft-leave.jsonl"
printf '%s\n' '{"t":42000,"type":"key","key":"1"}' '{"t":42100,"type":"key","key":"enter"}' \
  '{"t":46000,"type":"key","key":"escape"}' '{"t":46100,"type":"key","key":"escape"}' '{"t":46200,"type":"key","key":"enter"}' >>"$T/draft-leave.jsonl"
"$P" memory5d --headless --records "$T/a.db" --script "$T/draft-leave.jsonl" --events-out "$T/draft-leave-ev.jsonl" --until 47000
ev "the drafted match was played, a drafted Reveal used, then left and recorded" "$T/draft-leave-ev.jsonl" \
  "W[:2] == [('arm', 'reveal', 'ok'), ('consume', 'reveal', 'ok')] and K('abandon') and K('results') and [(e['action'], e['ok']) for e in K('records')] == [('record-match', True)]"
check "a drafted match: counted in the statistics, its used Reveal not taken from the inventory, no Elo (spec: 'Power Draft ... never writes Elo'), no Star Points for an abandoned match" pj "$T/a.db" \
  "(lambda b: J['inventory'] == b['inventory'] and J['elo'] == b['elo'] and J['starPoints'] == b['starPoints'] and J['statistics']['arcade']['normal']['matches'] == b['statistics']['arcade']['normal']['matches'] + 1 and J['lifetime']['powersUsed'] == b['lifetime']['powersUsed'] + 1)(json.load(open('$T/before-draft.json')))"
"$P" memory5d --records "$T/a.db" --export "$T/drafted.json"
check "the drafted snapshot holds the draft's six picks (the two auto-picks too) against the AI" python3 -c "
import json, sys
m = json.load(open('$T/drafted.json'))['content']['matches'][-1]
D = [e['power'] for e in map(json.loads, open('$T/draft-leave-ev.jsonl')) if e['event'] == 'draft-pick']
sys.exit(not (m['draft'] == D and len(D) == 6 and m['opponent'] == 'ai'))"
expect "the records check passes with the drafted match" 0 "" -- "$BIN/solver" memory5d --records "$T/a.db"
cp "$T/a.db" "$T/tampered-draft.db"
python3 -c "import sqlite3; c=sqlite3.connect('$T/tampered-draft.db'); c.execute('DROP TRIGGER matches_immutable'); c.execute('''UPDATE matches SET draft = replace(draft, '\"wildcard\"]', '\"doublePoints\"]') WHERE draft IS NOT NULL'''); c.commit()"
expect "a draft that no longer gives the logged loadouts fails the check" 1 "tampered-draft.db: FAIL history-replays: .*draft: the picks give B a loadout other than the log's" -- "$BIN/solver" memory5d --records "$T/tampered-draft.db"
