# bin/player memory5d --rules: a match under rules other than the shipped rules is a custom
# match (spec "Star Points": custom matches earn zero). The rules are compared by the hash
# the records store (of the unformatted JSON), so a reformatted copy is still the game's own.
P="$BIN/player"
SCRIPT="python3 $ROOT/tests/cli/m5d_script.py"
"$BIN/gen" memory5d --selfplay --seed 5 --difficulty easy --out "$T/sp5.json"
"$P" memory5d --headless --seed 5 --difficulty easy --events-out "$T/s5.jsonl" --until 10
$SCRIPT "$T/sp5.json" "$T/s5.jsonl" keys A >"$T/a5.jsonl"
python3 - "$ROOT/levels/memory5d/rules.json" "$T" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
json.dump(r, open(sys.argv[2] + "/same.json", "w"), indent=4)  # the same rules, laid out anew
r["difficulties"]["easy"]["decisionMs"] = 90000                 # a longer decision time
json.dump(r, open(sys.argv[2] + "/custom.json", "w"))
PY
PLAY5="$P memory5d --headless --seed 5 --difficulty easy --script $T/a5.jsonl --until 30000"
# c_events NAME FILE EXPR: EXPR over C (the captions' texts) and R (the results event)
c_events() {
  check "$1" python3 -c "
import json, sys
E = [json.loads(l) for l in open('$2')]
C = [e['text'] for e in E if e['event'] == 'caption']; R = next(e for e in E if e['event'] == 'results')
sys.exit(0 if ($3) else 1)"
}
# cproj NAME DB EXPR: EXPR over J (the first profile's cached projection) and X (the export)
cproj() {
  "$P" memory5d --records "$2" --export "$T/q.json" 2>/dev/null
  check "$1" python3 -c "
import json, sqlite3, sys
c = sqlite3.connect('file:$2?mode=ro', uri=True)
J = [json.loads(d) for (d,) in c.execute('SELECT data FROM projections ORDER BY profile')][-1]
X = json.load(open('$T/q.json'))['content']
sys.exit(0 if ($3) else 1)"
}

expect "a match under the shipped rules, reformatted" 0 "" -- $PLAY5 --rules "$T/same.json" --records "$T/same.db" --events-out "$T/same.jsonl"
c_events "the shipped rules, reformatted, are still standard: Star Points earned, no custom caption" "$T/same.jsonl" \
  "R['starPoints'][0] > 0 and not any('Custom rules' in c for c in C)"
cproj "the shipped rules earn Star Points and Elo in the records" "$T/same.db" \
  "J['starPoints']['earned'] > 0 and J['elo']['easy']['matches'] == 1"

expect "a match under custom rules (a longer decision time)" 0 "" -- $PLAY5 --rules "$T/custom.json" --records "$T/custom.db" --events-out "$T/custom.jsonl"
c_events "custom rules: the match earns no Star Points and a caption says why in words" "$T/custom.jsonl" \
  "R['starPoints'] == [0, 0] and any('Custom rules' in c and 'no Star Points' in c and 'rules file' in c for c in C) and not any(len(w) == 16 and all(ch in '0123456789abcdef' for ch in w) for c in C for w in c.split())"
cproj "custom rules: the match is recorded as custom, with no Star Points and no Elo" "$T/custom.db" \
  "len(X['matches']) == 1 and X['matches'][0]['log']['setup']['kind'] == 'custom' and not X['matches'][0]['log']['setup']['ranked'] and J['starPoints']['earned'] == 0 and J['elo']['easy']['matches'] == 0 and J['lifetime']['matches'] == 1"
expect "the custom match's records pass the store's checks" 0 "" -- "$BIN/solver" memory5d --records "$T/custom.db"
