# solver memory5d --records: the database check, export and import (the code path the player
# calls), on the committed sample export tests/fixtures/memory5d-records.json.
FIX="$ROOT/tests/fixtures/memory5d-records.json"
check "the sample export matches its schema" json_schema_ok memory5d-records.schema.json "$FIX"
expect "import into a new database" 0 "" -- "$BIN/solver" memory5d --records "$T/r.db" --import "$FIX"
expect "check the imported database" 0 "" -- "$BIN/solver" memory5d --records "$T/r.db" --report "$T/check.json"
check "check report matches its schema" json_schema_ok memory5d-records-check.schema.json "$T/check.json"
check "check report passes six checks" python3 -c "import json,sys; d=json.load(open('$T/check.json')); sys.exit(not (d['pass'] and len(d['checks'])==6 and d['profiles']==3 and d['matches']==7 and d['events']==9))"
expect "export it again" 0 "" -- "$BIN/solver" memory5d --records "$T/r.db" --export "$T/again.json"
check "export -> import -> export is byte-identical" cmp "$T/again.json" "$FIX"
expect "check report to stdout" 0 "" -- "$BIN/solver" memory5d --records "$T/r.db" --report -
check "stdout report is the file report" cmp "$T/out" "$T/check.json"

# a cached statistic or balance that no longer equals its rebuild from the events
cp "$T/r.db" "$T/stats.db"
python3 -c "import sqlite3; c=sqlite3.connect('$T/stats.db'); c.execute('''UPDATE projections SET data = replace(data, '\"links\":', '\"links\":1') WHERE profile = 3'''); c.commit()"
expect "tampered statistics fail the check" 1 "^solver: memory5d: [^ ]*stats.db: FAIL statistics-equal-rebuild: profile 3: statistics" -- "$BIN/solver" memory5d --records "$T/stats.db" --report "$T/bad-check.json"
check "a failed check still writes its report" python3 -c "import json,sys; d=json.load(open('$T/bad-check.json')); sys.exit(d['pass'])"
cp "$T/r.db" "$T/balance.db"
python3 -c "import sqlite3; c=sqlite3.connect('$T/balance.db'); c.execute('''UPDATE projections SET data = replace(data, '\"balance\":', '\"balance\":9') WHERE profile = 2'''); c.commit()"
expect "a tampered balance fails the check" 1 "balance.db: FAIL balances-consistent: profile 2: starPoints.balance" -- "$BIN/solver" memory5d --records "$T/balance.db"
cp "$T/r.db" "$T/old.db"
python3 -c "import sqlite3; c=sqlite3.connect('$T/old.db'); c.execute('PRAGMA user_version = 1'); c.commit()"
expect "an unmigrated database fails the check" 1 "old.db: FAIL migrations-current: schema version 1" -- "$BIN/solver" memory5d --records "$T/old.db"
check "the check never migrates" python3 -c "import sqlite3,sys; sys.exit(sqlite3.connect('$T/old.db').execute('PRAGMA user_version').fetchone()[0] != 1)"

# refused imports change nothing: corrupted (checksum kept), truncated, foreign
python3 - "$FIX" "$T/corrupt.json" <<'PY'
import sys
t = open(sys.argv[1]).read()
open(sys.argv[2], "w").write(t.replace('"Bob"', '"Rob"', 1))
PY
expect "a corrupted file is refused" 1 "refused: .*checksum" -- "$BIN/solver" memory5d --records "$T/r.db" --import "$T/corrupt.json"
check "refusal is one line" test "$(wc -l <"$T/err")" -eq 1
head -c 20000 "$FIX" >"$T/truncated.json"
expect "a truncated file is refused" 1 "refused: .*invalid JSON" -- "$BIN/solver" memory5d --records "$T/r.db" --import "$T/truncated.json"
expect "a foreign file is refused" 1 "refused: .*format" -- "$BIN/solver" memory5d --records "$T/r.db" --import "$ROOT/levels/memory5d/rules.json"
expect "export after the refusals" 0 "" -- "$BIN/solver" memory5d --records "$T/r.db" --export "$T/after.json"
check "refused imports changed nothing" cmp "$T/after.json" "$FIX"
expect "a refused import creates no database" 1 "refused" -- "$BIN/solver" memory5d --records "$T/never.db" --import "$T/corrupt.json"
check "no database file after a refused import" test ! -e "$T/never.db"

# usage and unreadable input: exit 2, one line
expect "export without --records" 2 "need --records" -- "$BIN/solver" memory5d --export "$T/x.json"
expect "export and import at once" 2 "one at a time" -- "$BIN/solver" memory5d --records "$T/r.db" --export "$T/x.json" --import "$FIX"
expect "a missing import file" 2 "no/such.json: cannot open" -- "$BIN/solver" memory5d --records "$T/r.db" --import /no/such.json
expect "check a missing database" 2 "cannot open" -- "$BIN/solver" memory5d --records "$T/missing.db"
check "checking never creates a database" test ! -e "$T/missing.db"
expect "check a text file" 2 "not a SQLite database" -- "$BIN/solver" memory5d --records "$ROOT/README.md"
expect "export a missing database" 2 "cannot open" -- "$BIN/solver" memory5d --records "$T/missing.db" --export "$T/x.json"
check "no export file after a failed export" test ! -e "$T/x.json"

# an export written by schema version 2 (no opponent, no draft: every match against the AI)
V2="$ROOT/tests/fixtures/memory5d-records-v2.json"
check "the version 2 export matches the schema" json_schema_ok memory5d-records.schema.json "$V2"
expect "a version 2 export imports" 0 "" -- "$BIN/solver" memory5d --records "$T/v2.db" --import "$V2"
expect "and passes the check" 0 "" -- "$BIN/solver" memory5d --records "$T/v2.db"
expect "export it as version 3" 0 "" -- "$BIN/solver" memory5d --records "$T/v2.db" --export "$T/v3.json"
check "version 2 -> import -> export is the version 3 fixture" cmp "$T/v3.json" "$FIX"
python3 - "$V2" "$T/v2-opponent.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["content"]["matches"][0]["opponent"] = "human"
json.dump(d, open(sys.argv[2], "w"))
PY
expect "a version 2 file naming an opponent is refused" 1 "content.matches\[0\].opponent: unknown field" -- "$BIN/solver" memory5d --records "$T/v2.db" --import "$T/v2-opponent.json"
