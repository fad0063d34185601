# The metric pass past the old 262,144-state cap (issue 25): the solver's evidence carries the
# metrics of a 949 260-state board, bounded by --max-memory like the search; --stats names the
# pass's own line (what make bench-compass-metrics reads).
mb="$T/mb"
python3 "$ROOT/mk/compass_bench_boards.py" "$mb" 10 20 >/dev/null
expect "the 20-arrow bench board" 0 "metric pass over 949260 states: .* metric tables [0-9.]+ MiB \(dense layers\), process peak" -- \
  "$BIN/solver" compass --stats "$mb/bench-10x10-20.json"
cp "$T/out" "$mb/20.json"
check "its record carries every graph metric" python3 -c "
import json,sys; d=json.load(open('$mb/20.json'))
sys.exit(not (d['stateCount']==949260 and isinstance(d['winningOrders'],(int,str)) and d['winningOrders']!='0'
  and 0 < d['randomWinShare'] < 1 and d['wrongMoves'] > 0 and d['lookahead'] >= 1 and d['terminalOrders'] is not None))"
check "the record follows its schema" json_schema_ok compass-evidence.schema.json "$mb/20.json"
# 4 MiB holds the search (a 128 KiB bitmap) but not the dense layers (about 6 MiB).
expect "the same board under --max-memory 4M" 0 "metric pass stopped \(--max-memory\)" -- \
  "$BIN/solver" compass --stats --max-memory 4M "$mb/bench-10x10-20.json"
cp "$T/out" "$mb/20-small.json"
check "then the graph metrics are null and the search's figures stay" python3 -c "
import json,sys; d=json.load(open('$mb/20-small.json')); e=json.load(open('$mb/20.json'))
sys.exit(not (d['winningOrders'] is None and d['randomWinShare'] is None and d['lookahead'] is None
  and d['stateCount']==e['stateCount'] and d['solution']==e['solution'] and d['decisionSteps']==e['decisionSteps']))"
check "the bounded record follows its schema" json_schema_ok compass-evidence.schema.json "$mb/20-small.json"
