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
