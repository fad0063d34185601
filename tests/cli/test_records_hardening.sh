# Memory5D records, issue 30's store classes: backups that restore (item 5), a check that
# races a writer (item 4), forged and tampered content (items 6, 7), read-only storage (8).
FIX="$ROOT/tests/fixtures/memory5d-records.json"
LIMIT=$((4 << 20))
R="$T/rh" && mkdir -p "$R"
"$BIN/solver" memory5d --records "$R/base.db" --import "$FIX" >/dev/null 2>&1

# ---- item 5: export never writes what import refuses, tested at the limit ----
grow() { rm -f "$R/g.db"*; cp "$R/base.db" "$R/g.db"; python3 "$ROOT/tests/cli/records_grow.py" "$R/g.db" "$1"; }
size_at() { grow "$1"; rm -f "$R/g.json"; "$BIN/solver" memory5d --records "$R/g.db" --export "$R/g.json" >/dev/null 2>&1; stat -c %s "$R/g.json" 2>/dev/null || echo 0; }
s1=$(size_at 100) s2=$(size_at 101)
n=$(( 100 + (LIMIT - s1) / (s2 - s1) ))
while [ "$(size_at $((n + 1)))" -gt 0 ]; do n=$((n + 1)); done   # the last size export writes
while [ "$(size_at "$n")" -eq 0 ]; do n=$((n - 1)); done
size=$(size_at "$n")
check "export at the limit: $n added matches give $size bytes, within $LIMIT" test "$size" -le "$LIMIT" -a "$size" -gt $((LIMIT - (s2 - s1)))
expect "the largest export imports" 0 "" -- "$BIN/solver" memory5d --records "$R/restored.db" --import "$R/g.json"
expect "and the restored database passes the check" 0 "" -- "$BIN/solver" memory5d --records "$R/restored.db"
grow $((n + 1)); rm -f "$R/g.json"
expect "one match more: export refuses (import would)" 2 "not written: import would refuse it .*larger than the $LIMIT-byte limit" -- \
  "$BIN/solver" memory5d --records "$R/g.db" --export "$R/g.json"
check "no file written" test ! -e "$R/g.json"
expect "the player's export refuses it too" 2 "import would refuse it" -- "$BIN/player" memory5d --records "$R/g.db" --export "$R/g.json"
check "no file from the player either" test ! -e "$R/g.json"
python3 -c "import sys; t=open(sys.argv[1]).read(); open(sys.argv[2],'w').write(t[:-1] + ' ' * ($LIMIT + 1 - len(t)) + t[-1])" "$FIX" "$R/padded.json"
expect "import's limit is the one docs/records.md states" 1 "larger than the $LIMIT-byte limit" -- "$BIN/solver" memory5d --records "$R/p.db" --import "$R/padded.json"
check "the records documentation states that limit" grep -q "export is limited to 4 MiB" "$ROOT/docs/records.md"

# ---- item 4: the records check under a concurrent writer: zero false failures ----
# Two healthy states with 1,500 profiles each (their cached projections read one by one),
# differing in every profile (B adds a stats-reset to each); a writer flips the database
# between them as fast as it can while the check runs 20 times.
state() {  # NAME RESETS: a healthy database with 1,500 more profiles, through export + import
  rm -f "$R/g.db"* "$R/$1.json" "$R/$1.db"*; cp "$R/base.db" "$R/g.db"
  python3 "$ROOT/tests/cli/records_grow.py" "$R/g.db" 0 1500 "$2"
  "$BIN/solver" memory5d --records "$R/g.db" --export "$R/$1.json" >/dev/null 2>&1
  "$BIN/solver" memory5d --records "$R/$1.db" --import "$R/$1.json" >/dev/null 2>&1
}
state a 0 && state b 1 && cp "$R/a.db" "$R/live.db"
expect "both states pass the check alone" 0 "" -- bash -c "'$BIN/solver' memory5d --records '$R/a.db' && '$BIN/solver' memory5d --records '$R/b.db'"
python3 "$ROOT/tests/cli/records_flip_writer.py" "$R/live.db" "$R/a.db" "$R/b.db" 60 >"$R/flips" &
writer=$!
sleep 0.5
bad=0 runs=0
for i in $(seq 1 20); do
  "$BIN/solver" memory5d --records "$R/live.db" >/dev/null 2>"$R/race.err" || { bad=$((bad + 1)); [ "$bad" -le 2 ] && head -2 "$R/race.err" >&2; }
  runs=$((runs + 1))
done
kill "$writer" 2>/dev/null; wait "$writer" 2>/dev/null
check "the records check passes $runs of $runs runs while a writer replaces the content" test "$bad" -eq 0

# ---- item 7 (and issue 27 item 3): a forged export with a recomputed checksum is refused
# for its meaning: prices against the rules that applied, the chosen profile a real one ----
# forge NAME PYTHON: FIX's content edited by PYTHON (d is the content), its checksum set to
# what the content hashes to (the reader names that hash when it refuses the old one)
forge() {
  python3 -c "import json,sys; doc=json.load(open(sys.argv[1])); d=doc['content']; $2; json.dump(doc,open(sys.argv[2],'w'),indent='\t')" "$FIX" "$R/$1.json"
  local h
  h=$("$BIN/solver" memory5d --records "$R/forge-probe.db" --import "$R/$1.json" 2>&1 | sed -n 's/.*its content hashes to \([0-9a-f]*\).*/\1/p')
  [ -n "$h" ] && python3 -c "import json,sys; doc=json.load(open(sys.argv[1])); doc['checksum']=sys.argv[2]; json.dump(doc,open(sys.argv[1],'w'),indent='\t')" "$R/$1.json" "$h"
}
P4="e=[x for x in d['events'] if x['kind']=='purchase'][0]"
for price in 0 1 29 31 1000; do
  forge "price-$price" "$P4; e['price']=$price"
  expect "a purchase at price $price (the rules charge 30) is refused" 1 "refused: .*costs 30 Star Points under the rules" -- \
    "$BIN/solver" memory5d --records "$R/forged.db" --import "$R/price-$price.json"
done
forge "early" "$P4; e['profile']=3"
expect "a purchase before the profile's first match is refused" 1 "refused: .*before any match of profile 3" -- "$BIN/solver" memory5d --records "$R/forged.db" --import "$R/early.json"
forge "tutorial-buys" "$P4; e['profile']=1"
expect "a purchase by the tutorial profile is refused" 1 "refused: .*tutorial profile neither buys" -- "$BIN/solver" memory5d --records "$R/forged.db" --import "$R/tutorial-buys.json"
forge "no-purchase" "d['events']=[x for x in d['events'] if x['kind']!='purchase']"
expect "a deleted purchase (a charge used that was never bought) is refused" 1 "refused" -- "$BIN/solver" memory5d --records "$R/forged.db" --import "$R/no-purchase.json"
forge "chosen-tutorial" "d['chosenProfile']=1"
expect "the tutorial profile as the chosen one is refused" 1 "refused: .*chosenProfile: 1 is the tutorial profile" -- "$BIN/solver" memory5d --records "$R/forged.db" --import "$R/chosen-tutorial.json"
expect "and by the player's import" 1 "tutorial profile" -- "$BIN/player" memory5d --records "$R/forged.db" --import "$R/chosen-tutorial.json"
check "no forged import created a database" test ! -e "$R/forged.db"
forge "honest" "pass"
expect "the same tool on an unchanged file: it imports" 0 "" -- "$BIN/solver" memory5d --records "$R/honest.db" --import "$R/honest.json"
# --records checks the same on a database
cp "$R/base.db" "$R/t-price.db"
python3 -c "import sqlite3; c=sqlite3.connect('$R/t-price.db'); c.execute(\"DELETE FROM events WHERE kind='purchase'\"); c.execute(\"INSERT INTO events(id, profile, kind, power, price) VALUES(4, 2, 'purchase', 1, 0)\"); c.commit()"
expect "--records: a purchase stored at price 0 fails the check" 1 "FAIL history-replays: event 4: a doublePoints charge costs 30" -- "$BIN/solver" memory5d --records "$R/t-price.db"
cp "$R/base.db" "$R/t-chosen.db"
python3 -c "import sqlite3; c=sqlite3.connect('$R/t-chosen.db'); c.execute('UPDATE chosen SET profile = 1'); c.commit()"
expect "--records: the tutorial profile chosen fails the check" 1 "FAIL history-replays: chosenProfile: 1 is the tutorial profile" -- "$BIN/solver" memory5d --records "$R/t-chosen.db"

# ---- item 10: repeats found by sorting: the first repeated name and rules hash, named ----
forge "names" "d['profiles'] += [{'id': 10 + i, 'name': 'P%d' % i, 'tutorial': False} for i in range(2000)] + [{'id': 5000, 'name': 'P7', 'tutorial': False}, {'id': 5001, 'name': 'Ada', 'tutorial': False}]"
expect "of 2,005 profiles, the first name used twice is named" 1 "refused: .*profiles\[2003\]\.name: \"P7\" is used twice" -- "$BIN/solver" memory5d --records "$R/forged.db" --import "$R/names.json"
forge "rules2" "d['rules'].append(dict(d['rules'][0]))"
expect "a rules hash used twice is named" 1 "refused: .*rules\[1\]\.hash: .* is used twice" -- "$BIN/solver" memory5d --records "$R/forged.db" --import "$R/rules2.json"

# ---- item 8: read-only storage: the check and both exports read a read-only database ----
# "${RO[@]}" CMD...: runs CMD with $R/ro/ holding base.db (in WAL mode, no -shm) on read-only storage:
# a read-only tmpfs mount in a private mount namespace as root, else a folder without write
# permission
mkdir -p "$R/ro" "$R/roout"
if [ "$(id -u)" = 0 ] && unshare -m true 2>/dev/null; then
  RO=(unshare -m bash -c 'mount -t tmpfs -o size=8m tmpfs "$1/ro" && cp "$1/base.db" "$1/ro/" && mount -o remount,ro "$1/ro" && shift && exec "$@"' ro "$R")
  how="a read-only mount"
else
  cp "$R/base.db" "$R/ro/" && chmod 555 "$R/ro" && chmod 444 "$R/ro/base.db"
  RO=(env)
  how="a read-only folder"
fi
expect "records check on $how" 0 "" -- "${RO[@]}" "$BIN/solver" memory5d --records "$R/ro/base.db" --report "$R/roout/check.json"
check "its report passes" python3 -c "import json,sys; sys.exit(not json.load(open('$R/roout/check.json'))['pass'])"
expect "solver export on $how" 0 "" -- "${RO[@]}" "$BIN/solver" memory5d --records "$R/ro/base.db" --export "$R/roout/s.json"
check "the export is the database's" cmp "$R/roout/s.json" "$FIX"
expect "player export on $how" 0 "" -- "${RO[@]}" "$BIN/player" memory5d --records "$R/ro/base.db" --export "$R/roout/p.json"
check "the player's export too" cmp "$R/roout/p.json" "$FIX"
expect "import onto $how fails with one clear line" 2 "base.db" -- "${RO[@]}" "$BIN/solver" memory5d --records "$R/ro/base.db" --import "$FIX"
cp "$R/base.db" "$R/unreadable.db" && chmod 000 "$R/unreadable.db"
if [ "$(id -u)" != 0 ]; then
  expect "an unreadable file says so" 2 "unreadable.db: cannot read: Permission denied" -- "$BIN/solver" memory5d --records "$R/unreadable.db"
fi
chmod 755 "$R/ro" 2>/dev/null; chmod 644 "$R/unreadable.db" "$R/ro/base.db" 2>/dev/null

# ---- item 6: tampered databases fail the check, naming the row ----
# tamper NAME EXPECT SQL...: base.db with the SQL run (foreign keys and CHECKs off, as a
# hand with the sqlite3 shell has them), then the check must fail sqlite-integrity naming it
tamper() {
  local name=$1 want=$2; shift 2
  cp "$R/base.db" "$R/t.db"
  python3 - "$R/t.db" "$@" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1]); c.execute("PRAGMA ignore_check_constraints = 1")
for s in sys.argv[2:]:
    c.execute(s)
c.commit()
PY
  expect "tampered: $name" 1 "FAIL sqlite-integrity: $want" -- "$BIN/solver" memory5d --records "$R/t.db"
}
ev4() { echo "DELETE FROM events WHERE id = 4"; echo "INSERT INTO events(id, profile, kind, match, power, price) VALUES(4, 2, 'purchase', $1, $2, $3)"; }
mapfile -t q < <(ev4 NULL 1 4294967326); tamper "a price of 2^32 + 30" "events row 4: price" "${q[@]}"
mapfile -t q < <(ev4 NULL 1 30.75); tamper "a price of 30.75" "events row 4: price: .*got 30.75" "${q[@]}"
mapfile -t q < <(ev4 NULL 1 "'30 Star Points'"); tamper "a price stored as text" "events row 4: price" "${q[@]}"
mapfile -t q < <(ev4 NULL 4294967297 30); tamper "a power id of 2^32 + 1" "events row 4: power" "${q[@]}"
mapfile -t q < <(ev4 NULL "'1'" 30); q[1]="${q[1]/\'1\'/CAST(\'1x\' AS TEXT)}"; tamper "a power stored as text" "events row 4: power" "${q[@]}"
mapfile -t q < <(ev4 1 1 30); tamper "a purchase naming a match" "events row 4: match" "${q[@]}"
tamper "a match event with a power" "events row 1: power" "DELETE FROM events WHERE id = 1" \
  "INSERT INTO events(id, profile, kind, match, power, price) VALUES(1, 2, 'match', 1, 2, 0)"
tamper "a match event with a price" "events row 1: price: 0" "DELETE FROM events WHERE id = 1" \
  "INSERT INTO events(id, profile, kind, match, power, price) VALUES(1, 2, 'match', 1, NULL, 5)"
tamper "a stats-reset naming a match" "events row 7: match" "DELETE FROM events WHERE id = 7" \
  "INSERT INTO events(id, profile, kind, match, power, price) VALUES(7, 2, 'stats-reset', 3, NULL, 0)"
tamper "a stats-reset with a power" "events row 7: power" "DELETE FROM events WHERE id = 7" \
  "INSERT INTO events(id, profile, kind, match, power, price) VALUES(7, 2, 'stats-reset', NULL, 0, 0)"
tamper "an over-long profile name" "profiles row 2: name: a text of 1 to 32 bytes" "UPDATE profiles SET name = 'Ada Lovelace, Countess of Lovelace' WHERE id = 2"
tamper "a seat of 1.5" "matches row 3: seat" "DROP TRIGGER matches_immutable" "UPDATE matches SET seat = 1.5 WHERE id = 3" \
  "CREATE TRIGGER matches_immutable BEFORE UPDATE ON matches BEGIN SELECT RAISE(ABORT, 'match snapshots are immutable'); END"
tamper "a rules text that no longer matches its hash" "rules row 1: hash .*its text hashes to" \
  "CREATE TEMP TABLE r AS SELECT * FROM rules" "DELETE FROM rules" \
  "INSERT INTO rules SELECT hash, replace(text, '\"lineLength\":4', '\"lineLength\":5') FROM r"
tamper "the append-only trigger dropped" "schema: .*events_append_only is missing" "DROP TRIGGER events_append_only"
tamper "the immutable-rules trigger dropped" "schema: .*rules_immutable is missing" "DROP TRIGGER rules_immutable"
tamper "a trigger added by hand" "schema: trigger sneaky" "CREATE TRIGGER sneaky AFTER INSERT ON events BEGIN SELECT 1; END"
tamper "an index added by hand" "schema: index" "CREATE INDEX by_price ON events(price)"
expect "the untampered database still passes" 0 "" -- "$BIN/solver" memory5d --records "$R/base.db"
