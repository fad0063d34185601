# One form for a failed check in every solver subcommand (solver/report.c): each is one line
# "solver: CMD: SUBJECT: FAIL name: detail" on stderr with exit 1; none of the older forms
# (FAILED, "check failed:", "FAIL lesson") is left. Out of memory is exit 2 everywhere.
FX="$ROOT/tests/fixtures/compass"
: >"$T/all-err"
fails() { # fails NAME -- CMD...: exit 1, and its stderr kept for the form checks below
  local name=$1; shift 2
  expect "$name fails" 1 "FAIL" -- "$@"
  cat "$T/err" >>"$T/all-err"
}
fails "compass per level" -- "$BIN/solver" compass "$FX/pair-stranded.json"
fails "compass --first" -- "$BIN/solver" compass --first "$FX/pair-stranded.json"
python3 -c "import json; d=json.load(open('$ROOT/levels/oddshape/l1.json')); d['rounds'][3]['round'],d['rounds'][4]['round']=5,4; json.dump(d, open('$T/odd.json','w'))"
fails "oddshape" -- "$BIN/solver" oddshape "$T/odd.json" --report "$T/odd-report.json"
python3 -c "import json; d=json.load(open('$ROOT/levels/memory5d/rules.json')); d['reweaveLimit']=3; json.dump(d, open('$T/drift.json','w'))"
fails "memory5d self-play" -- "$BIN/solver" memory5d --config "$T/drift.json" --matches 1 --ladder 2 --report "$T/drift-report.json"
"$BIN/gen" memory5d --selfplay --seed 3 --difficulty easy --out "$T/log.json"
python3 -c "import json; d=json.load(open('$T/log.json')); d['entries'][1]['events'][0]['value'] += 50; json.dump(d, open('$T/bad-log.json','w'))"
fails "memory5d --replay" -- "$BIN/solver" memory5d --replay "$T/bad-log.json"
mkdir -p "$T/lessons"
python3 -c "import json; d=json.load(open('$ROOT/levels/memory5d/tutorial/01-goal.json')); d['steps'][0]['expect']='refused:not-your-turn'; json.dump(d, open('$T/lessons/01-goal.json','w'))"
fails "memory5d --tutorial" -- "$BIN/solver" memory5d --tutorial --lessons "$T/lessons"
"$BIN/solver" memory5d --records "$T/r.db" --import "$ROOT/tests/fixtures/memory5d-records.json"
python3 -c "import sqlite3; c=sqlite3.connect('$T/r.db'); c.execute('PRAGMA user_version = 2'); c.commit()"
fails "memory5d --records" -- "$BIN/solver" memory5d --records "$T/r.db"

check "every subcommand printed its failed check" test "$(grep -c FAIL "$T/all-err")" -ge 7
check "every FAIL line is 'solver: CMD: SUBJECT: FAIL name: detail'" bash -c \
  "! grep FAIL '$T/all-err' | grep -Ev '^solver: (compass|oddshape|memory5d): [^ ]+: FAIL [A-Za-z0-9^-]+: .+$'"
check "no older form is left" bash -c "! grep -Eq 'FAILED|check failed|FAIL lesson' '$T/all-err'"
check "the subject names the file checked" bash -c \
  "grep -q '^solver: memory5d: $T/lessons/01-goal.json: FAIL goal: steps\[0\]' '$T/all-err' &&
   grep -q '^solver: memory5d: $T/r.db: FAIL migrations-current: ' '$T/all-err'"
