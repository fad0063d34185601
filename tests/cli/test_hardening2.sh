# Issue 30, the smaller classes: report names in solver compass's multi-file form (item 11),
# --report refused where nothing would be written (item 13), user paths never taken as glob
# patterns (item 9), cost-bearing rules fields bounded (item 14).
LEVEL=$(ls "$ROOT"/levels/compass/cs-*.json | head -1)
mkdir -p "$T/ids"
# relabel SRC ID DEST: the level with another id
relabel() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); d['id']=sys.argv[2]; json.dump(d,open(sys.argv[3],'w'),indent=2)" "$1" "$2" "$3"; }
relabel "$LEVEL" harbor "$T/ids/a.json"
for other in Harbor HARBOR hArBoR; do
  relabel "$LEVEL" "$other" "$T/ids/b.json"
  expect "compass --report: ids harbor and $other (one file on a case-blind file system)" 2 "is also the id of" -- \
    "$BIN/solver" compass --report "$T/ids/rep" "$T/ids/a.json" "$T/ids/b.json"
done
check "no report written for the case twins" test ! -e "$T/ids/rep"
for reserved in campaign Campaign CAMPAIGN; do
  relabel "$LEVEL" "$reserved" "$T/ids/c.json"
  expect "compass --report: the id $reserved is the campaign report's name" 2 "reserved for the campaign report" -- \
    "$BIN/solver" compass --report "$T/ids/rep" "$T/ids/a.json" "$T/ids/c.json"
  expect "compass --report: the id $reserved alone" 2 "reserved" -- "$BIN/solver" compass --report "$T/ids/rep" "$T/ids/c.json"
done
check "no report written for the reserved id" test ! -e "$T/ids/rep"
expect "one FILE without --report may be called campaign (it prints its record)" 0 "" -- "$BIN/solver" compass "$T/ids/c.json"

# --report with a job that writes no report: refused (exit 2, one line), nothing written
"$BIN/gen" memory5d --selfplay --seed 3 --difficulty easy --out "$T/log.json" >/dev/null 2>&1
for job in "--tutorial" "--replay $T/log.json" "--bench --matches 1"; do
  for rep in "$T/rep.json" -; do
    expect "memory5d $job --report $rep is refused" 2 "writes no report" -- "$BIN/solver" memory5d $job --report "$rep"
  done
done
check "no report file appeared" test ! -e "$T/rep.json"
