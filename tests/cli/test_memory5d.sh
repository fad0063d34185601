# gen memory5d and solver memory5d: boards, the self-play report, bad input.
expect "gen board default" 0 "" -- "$BIN/gen" memory5d
check "gen board matches schema" json_schema_ok memory5d-board.schema.json "$T/out"
expect "gen board expert" 0 "" -- "$BIN/gen" memory5d --seed 7 --difficulty expert
check "expert board is 9x9 with a link" python3 -c "import json,sys; d=json.load(open('$T/out')); sys.exit(not (d['size']==9 and len(d['cells'])==81 and d['links']>0 and d['seed']==7))"
cp "$T/out" "$T/first.json"
expect "gen board again" 0 "" -- "$BIN/gen" memory5d --seed 7 --difficulty expert
check "a seed names a board" cmp "$T/out" "$T/first.json"
expect "gen seed reduces mod 2^32" 0 "" -- "$BIN/gen" memory5d --seed 4294967303 --difficulty expert
check "seed 2^32+7 is seed 7" cmp "$T/out" "$T/first.json"
expect "gen bad difficulty" 2 "difficulty.*impossible" -- "$BIN/gen" memory5d --difficulty impossible
expect "gen bad seed" 2 "seed" -- "$BIN/gen" memory5d --seed 12x
expect "gen missing config" 2 "no/such.json" -- "$BIN/gen" memory5d --config /no/such.json
expect "gen unknown option" 2 "unknown option" -- "$BIN/gen" memory5d --frobnicate
expect "gen help" 0 "" -- "$BIN/gen" memory5d --help

expect "solver selfplay" 0 "" -- "$BIN/solver" memory5d --matches 2 --ladder 4 --report "$T/sp.json"
check "selfplay matches schema" json_schema_ok memory5d-selfplay.schema.json "$T/sp.json"
check "selfplay passes" python3 -c "import json,sys; d=json.load(open('$T/sp.json')); sys.exit(not (d['pass'] and [x['difficulty'] for x in d['difficulties']]==['easy','normal','hard','expert']))"
check "the ladder pairs every two difficulties, 4 matches each" python3 -c "import json,sys; d=json.load(open('$T/sp.json')); L=d['ladder']; sys.exit(not ([(x['a'],x['b']) for x in L]==[('expert','easy'),('expert','normal'),('expert','hard'),('hard','easy'),('hard','normal'),('normal','easy')] and all(x['aWins']+x['bWins']+x['draws']==4 and x['eloLow']<=x['elo']<=x['eloHigh'] for x in L) and d['matchesPerPairing']==4))"
cat > "$T/elo.py" <<'PY'
import json, math, sys
for x in json.load(open(sys.argv[1]))["ladder"]:
    w, l, d = x["aWins"], x["bWins"], x["draws"]; n = w + l + d; s = (w + d / 2) / n
    half = 1.96 * math.sqrt((w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s * s) / n / n)
    elo = lambda p: round(4000 * math.log10(min(max(p, .5 / n), 1 - .5 / n) / (1 - min(max(p, .5 / n), 1 - .5 / n)))) / 10
    if abs(elo(s) - x["elo"]) > 0.11 or abs(elo(s - half) - x["eloLow"]) > 0.11 or abs(elo(s + half) - x["eloHigh"]) > 0.11:
        sys.exit("%s-%s: %s" % (x["a"], x["b"], x))
PY
check "the committed ladder's Elo and interval follow from its counts" python3 "$T/elo.py" "$ROOT/reports/memory5d/selfplay.json"
expect "solver selfplay again" 0 "" -- env OMP_NUM_THREADS=1 "$BIN/solver" memory5d --matches 2 --ladder 4 --report "$T/sp1.json"
check "selfplay is byte-identical for any thread count" cmp "$T/sp.json" "$T/sp1.json"
python3 - "$ROOT/levels/memory5d/rules.json" "$T/bad.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); d["difficulties"]["hard"]["aiDepth"] = 0
json.dump(d, open(sys.argv[2], "w"))
PY
expect "solver bad config names the field" 2 "difficulties.hard.aiDepth" -- "$BIN/solver" memory5d --config "$T/bad.json" --report "$T/x.json"
check "no report after a bad config" test ! -e "$T/x.json"
printf '{"format": ' > "$T/broken.json"
expect "solver broken json" 2 "invalid JSON" -- "$BIN/solver" memory5d --config "$T/broken.json" --report "$T/x.json"
expect "solver bad matches" 2 "matches" -- "$BIN/solver" memory5d --matches 0
expect "solver odd ladder" 2 "--ladder: expected an even number.*got 3" -- "$BIN/solver" memory5d --ladder 3
expect "solver bench" 0 "" -- "$BIN/solver" memory5d --bench --matches 1
check "bench prints nodes per second per difficulty" test "$(grep -c 'nodes/s' "$T/out")" -eq 4
expect "solver help" 0 "" -- "$BIN/solver" memory5d --help
python3 - "$ROOT/levels/memory5d/rules.json" "$T/drift.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); d["mastery"]["createFork"] = 80; d["difficulties"]["normal"]["rotation"] = True
json.dump(d, open(sys.argv[2], "w"))
PY
expect "a config drifting from the spec fails its checks" 1 "^solver: memory5d: [^ ]*drift.json: FAIL config-keeps-spec-literals: .*createFork" -- "$BIN/solver" memory5d --config "$T/drift.json" --matches 1 --ladder 2 --report "$T/drift-report.json"
check "the failing report still names every failed check" python3 -c "import json,sys; d=json.load(open('$T/drift-report.json')); f=[c['name'] for c in d['checks'] if not c['pass']]; sys.exit(not (d['pass'] is False and f==['config-keeps-spec-literals','only-expert-rotates']))"

# Match logs: gen writes an AI-vs-AI log, solver replays it from the seed.
expect "gen selfplay log" 0 "" -- "$BIN/gen" memory5d --selfplay --seed 3 --difficulty expert --out "$T/log.json"
check "log matches schema" json_schema_ok memory5d-log.schema.json "$T/log.json"
expect "solver replays the log" 0 "" -- "$BIN/solver" memory5d --replay "$T/log.json"
check "replay names the result" grep -q "entries reproduce the match from seed 3" "$T/out"
python3 - "$T/log.json" "$T/tampered.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["entries"][1]["events"][0]["value"] += 50   # a Mastery the rules never gave
json.dump(d, open(sys.argv[2], "w"))
PY
expect "a tampered log diverges" 1 "^solver: memory5d: [^ ]*tampered.json: FAIL replay-reproduces-match: replay diverges at entries\[1\]" -- "$BIN/solver" memory5d --replay "$T/tampered.json"
python3 - "$T/log.json" "$T/badlog.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["entries"][0]["command"]["kind"] = "teleport"
json.dump(d, open(sys.argv[2], "w"))
PY
expect "a malformed log names the field" 2 "entries\[0\]\.command\.kind" -- "$BIN/solver" memory5d --replay "$T/badlog.json"
expect "a missing log" 2 "nolog.json" -- "$BIN/solver" memory5d --replay "$T/nolog.json"

# Malformed input of every kind: one stderr line, exit 2, nothing written.
expect "gen huge seed text" 2 "seed" -- "$BIN/gen" memory5d --seed 1e9
expect "gen difficulty is case-sensitive" 2 "difficulty.*EXPERT" -- "$BIN/gen" memory5d --difficulty EXPERT
expect "gen broken config" 2 "invalid JSON" -- "$BIN/gen" memory5d --config "$T/broken.json"
python3 - "$ROOT/levels/memory5d/rules.json" "$T" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["lineLength"] = "4"; json.dump(d, open(sys.argv[2] + "/string.json", "w"))
d["lineLength"] = 4; d["aiWorkBudget"] = 10**30; json.dump(d, open(sys.argv[2] + "/huge.json", "w"))
PY
expect "gen config with a wrong type" 2 "lineLength: expected an integer" -- "$BIN/gen" memory5d --config "$T/string.json"
expect "solver config with an out-of-range number" 2 "aiWorkBudget: expected an integer from" -- "$BIN/solver" memory5d --config "$T/huge.json" --report "$T/x.json"
check "no report after an out-of-range config" test ! -e "$T/x.json"
expect "solver config is a directory" 2 "not a regular file" -- "$BIN/solver" memory5d --config "$T"
expect "solver too many matches" 2 "matches.*10000" -- "$BIN/solver" memory5d --matches 10001
expect "solver negative matches" 2 "matches" -- "$BIN/solver" memory5d --matches -3
expect "solver unknown option" 2 "unknown option" -- "$BIN/solver" memory5d --frobnicate
: > "$T/afile"
expect "gen unwritable out" 2 "afile" -- "$BIN/gen" memory5d --out "$T/afile/board.json"
expect "solver unwritable report fails before the matches" 2 "report.*afile" -- "$BIN/solver" memory5d --matches 1 --report "$T/afile/r.json"
expect "solver report that is a directory" 2 "report.*is a directory" -- "$BIN/solver" memory5d --matches 1 --report "$T"

# solver memory5d --tutorial: every lesson replays through the core to its goal.
expect "solver tutorial" 0 "" -- "$BIN/solver" memory5d --tutorial
check "tutorial checks ten lessons" grep -q "tutorial: 10 of 10 lessons pass" "$T/out"
check "tutorial: the tenth is the Arcade lesson" grep -q "^ok lesson arcade (Arcade powers): 16 steps" "$T/out"
mkdir -p "$T/lessons"
python3 - "$ROOT/levels/memory5d/tutorial/03-hues.json" "$T/lessons" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); d["steps"][1]["expect"] = "link"
json.dump(d, open(sys.argv[2] + "/03-hues.json", "w"))
PY
expect "solver tutorial with a wrong expectation" 1 "^solver: memory5d: [^ ]*/lessons/[^ ]*\.json: FAIL hues: steps\[1\]" -- "$BIN/solver" memory5d --tutorial --lessons "$T/lessons"
printf '{"format": "memory5d-lesson/1", "id": 3}' > "$T/lessons/03-hues.json"
expect "solver tutorial with a malformed lesson" 2 "03-hues.json: id: expected a string" -- "$BIN/solver" memory5d --tutorial --lessons "$T/lessons"
expect "solver tutorial without lessons" 2 "no lesson files" -- "$BIN/solver" memory5d --tutorial --lessons "$T/nothing"
# the Arcade lesson: a cancellation that does not refund, and a loadout over the core's caps
mkdir -p "$T/arcade" "$T/over"
python3 - "$ROOT/levels/memory5d/tutorial/10-arcade.json" "$T" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); d["steps"][6]["expect"] = "consume"
json.dump(d, open(sys.argv[2] + "/arcade/10-arcade.json", "w"))
d["steps"][6]["expect"] = "refund"; d["loadout"]["A"]["doublePoints"] = 1
json.dump(d, open(sys.argv[2] + "/over/10-arcade.json", "w"))
PY
expect "solver tutorial: a disarm expected to consume" 1 "FAIL arcade: steps\[6\] \(A disarm\) expected consume, got refund" -- "$BIN/solver" memory5d --tutorial --lessons "$T/arcade"
expect "solver tutorial: a loadout over the core's caps" 2 "10-arcade.json: loadout.A: 4 charges, more than loadout.maxCharges 3" -- "$BIN/solver" memory5d --tutorial --lessons "$T/over"
