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
expect "import's limit is the README's" 1 "larger than the $LIMIT-byte limit" -- "$BIN/solver" memory5d --records "$R/p.db" --import "$R/padded.json"
check "the README states that limit" grep -q "export is limited to 4 MiB" "$ROOT/README.md"

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
