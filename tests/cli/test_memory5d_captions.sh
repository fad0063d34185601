# bin/player memory5d: the captions name the players as the HUD does ("You" for the local
# player against the AI, "Player A"/"Player B" in hot-seat), and the reweave's banner hides
# no cell of the board (checked through the layout event's boxes).
P="$BIN/player"
SCRIPT="python3 $ROOT/tests/cli/m5d_script.py"
# capev NAME FILE EXPR: EXPR over E (the events), K(kind) and C (the caption texts, in order).
capev() {
  check "$1" python3 -c "
import json, sys
E = [json.loads(l) for l in open('$2')]
K = lambda k: [e for e in E if e['event'] == k]
C = [e['text'] for e in K('caption')]
sys.exit(0 if ($3) else 1)"
}

# ---- against the AI: A's win is "You complete four in a row" ----
"$BIN/gen" memory5d --selfplay --seed 5 --difficulty easy --out "$T/sp5.json"
"$P" memory5d --headless --seed 5 --difficulty easy --events-out "$T/s5.jsonl" --until 10
$SCRIPT "$T/sp5.json" "$T/s5.jsonl" keys A >"$T/a5.jsonl"
expect "a win against the AI" 0 "" -- "$P" memory5d --headless --seed 5 --difficulty easy --script "$T/a5.jsonl" \
  --events-out "$T/ai.jsonl" --until 30000
capev "against the AI the win caption says You, not A" "$T/ai.jsonl" \
  "K('win') and K('win')[0]['player'] == 'A' and any(c.startswith('You complete four in a row and win the board!') for c in C) and not any(c.startswith('A completes') for c in C)"

# ---- hot-seat: the winner by the HUD's name; the reweave's banner beside the board ----
# Easy seed 4 played as gen's self-play (hot-seat) reweaves after its third link at 3100 ms;
# a headless run draws (and logs its layout) at its screenshots: one while the banner shows
"$BIN/gen" memory5d --selfplay --seed 4 --difficulty easy --out "$T/sp4.json"
"$P" memory5d --headless --seed 4 --difficulty easy --opponent human --events-out "$T/s4.jsonl" --until 10
$SCRIPT "$T/sp4.json" "$T/s4.jsonl" mouse both >"$T/hs4.jsonl"
expect "a hot-seat match with a reweave" 0 "" -- "$P" memory5d --headless --seed 4 --difficulty easy --opponent human \
  --script "$T/hs4.jsonl" --events-out "$T/hs.jsonl" --screenshot 3400:"$T/rw.png" --until 30000
capev "hot-seat: the win caption names Player A or Player B" "$T/hs.jsonl" \
  "K('win') and any(c.startswith('Player %s completes four in a row and wins the board!' % K('win')[0]['player']) for c in C)"
capev "the rewoven banner is shown after the reweave, and hides no cell" "$T/hs.jsonl" "
(lambda L: L and all(not (b['x'] < c['x'] + c['w'] and c['x'] < b['x'] + b['w'] and b['y'] < c['y'] + c['h'] and c['y'] < b['y'] + b['h'])
                     for l in L for b in l['targets'] if b['name'] == 'rewoven-banner' for c in l['targets'] if c['name'] == 'cell')
 and all(len([c for c in l['targets'] if c['name'] == 'cell']) == 36 for l in L))(
 [l for l in K('layout') if l['t'] >= K('reweave')[0]['t'] and any(b['name'] == 'rewoven-banner' for b in l['targets'])])"
