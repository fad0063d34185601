# Helpers of the Compass Shift player tests (sourced by test_player_compass*.sh after lib.sh).
P="$BIN/player"
CFX=tests/fixtures/compass
PROBE="python3 $ROOT/tests/cli/png_probe.py"

# cevents NAME FILE EXPR: EXPR is a Python boolean over E (the events, in order) and K(kind)
# (the events of one kind).
cevents() {
  local name=$1 file=$2 expr=$3
  check "$name" python3 -c "
import json, re, sys
E = [json.loads(l) for l in open('$file')]
K = lambda k: [e for e in E if e['event'] == k]
sys.exit(0 if ($expr) else 1)"
}
compass_schema_ok() {
  python3 -c "import json,sys; print(json.dumps([json.loads(l) for l in open(sys.argv[1])]))" "$1" >"$1.array.json" &&
    json_schema_ok player-events.schema.json "$1.array.json"
}
# cell_xy EVENTS ID: the centre of arrow ID's hit box from the log's first level-start.
cell_xy() {
  python3 -c "
import json, re, sys
s = next(json.loads(l) for l in open(sys.argv[1]) if '\"level-start\"' in l)
b = next(a['box'] for a in s['layout']['arrows'] if a['id'] == sys.argv[2])
print(int(b[0] + b[2] / 2), int(b[1] + b[3] / 2))" "$1" "$2"
}
tap() { printf '{"t":%d,"type":"touch","x":%d,"y":%d}\n' "$1" $(cell_xy "$2" "$3"); }
tools_xy() {  # tools_xy EVENTS NAME [ARG]: centre of a control from the log's tools events
  python3 -c "
import json, re, sys
c = [x for l in open(sys.argv[1]) for e in [json.loads(l)] if 'controls' in e for x in e['controls']]
b = next(x['box'] for x in reversed(c) if x['name'] == sys.argv[2] and x['arg'] == int(sys.argv[3]))
print(int(b[0] + b[2] / 2), int(b[1] + b[3] / 2))" "$@"
}
