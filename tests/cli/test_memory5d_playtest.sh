# bin/player memory5d: what a playtest found (issue 27), item by item, each through the
# events log (captions included: the text the player saw) or the screenshots.
P="$BIN/player"
PICK="python3 $ROOT/tests/cli/m5d_pick.py"

# steps FILE STEP...: a script, one step each 100 ms from t=100: a key name, "click:X,Y",
# "wait:MS" (moves the next step's time on by MS).
steps() {
  python3 - "$@" <<'PY'
import json, sys
out, t = [], 100
for s in sys.argv[2:]:
    if s.startswith("wait:"):
        t += int(s[5:]); continue
    if s.startswith("click:"):
        x, y = s[6:].split(",")
        out.append({"t": t, "type": "click", "x": int(x), "y": int(y)})
    else:
        out.append({"t": t, "type": "key", "key": s})
    t += 100
open(sys.argv[1], "w").write("".join(json.dumps(o) + "\n" for o in out))
PY
}
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
