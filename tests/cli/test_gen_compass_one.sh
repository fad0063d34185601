# gen compass --one (issue 25): one level of a pattern and tier, deterministic for a seed,
# written atomically, verified by solver compass; bad names and flags are one-line usage errors.
expect "gen compass --help names --one" 0 "" -- "$BIN/gen" compass --help
check "the help text shows the --one synopsis" grep -q -- "--one --pattern P --tier T" "$T/out"
one="$T/one"
expect "gen --one harbor-code tier 3" 0 "wrote harbor-code-t3-s7" -- "$BIN/gen" compass --one --pattern harbor-code --tier 3 --seed 7 --out "$one/a/h.json"
check "the file is written (its folder made)" test -s "$one/a/h.json"
check "no temporary file is left" sh -c "[ \$(ls '$one/a' | wc -l) -eq 1 ]"
check "the level validates against its schema" json_schema_ok compass-level.schema.json "$one/a/h.json"
check "the level has the tier, pattern, family and 5x5 board asked for" python3 -c "
import json,sys; l=json.load(open('$one/a/h.json'))
sys.exit(not (l['tier']==3 and l['pattern']=='harbor-code' and l['family']=='windows-ports' and l['rows']==5 and l['cols']==5 and len(l['arrows']) in (6,7) and l['id']=='harbor-code-t3-s7' and 'index' not in l))"
expect "solver compass verifies it" 0 "" -- "$BIN/solver" compass "$one/a/h.json"
expect "the same arguments again" 0 "" -- "$BIN/gen" compass --one --pattern harbor-code --tier 3 --family windows-ports --seed 7 --out "$one/b.json"
check "the same seed gives the same bytes" cmp "$one/a/h.json" "$one/b.json"
expect "another seed" 0 "" -- "$BIN/gen" compass --one --pattern harbor-code --tier 3 --seed 8 --out "$one/c.json"
check "another seed gives another board" sh -c "! cmp -s '$one/b.json' '$one/c.json'"
# The default seed's tier-1 four-winds board is the campaign's first level, id aside.
expect "gen --one four-winds tier 1, default seed" 0 "" -- "$BIN/gen" compass --one --pattern four-winds --tier 1 --out "$one/fw.json"
check "it is cs-01-four-winds's board" bash -c "diff <(grep -v '\"id\"\\|\"index\"' '$one/fw.json') <(grep -v '\"id\"\\|\"index\"' '$ROOT/levels/compass/cs-01-four-winds.json')"
for t in 1 2 3 4; do
  expect "semaphore tier $t" 0 "" -- "$BIN/gen" compass --one --pattern semaphore --tier $t --seed 3 --out "$one/s$t.json"
  expect "solver compass verifies semaphore tier $t" 0 "" -- "$BIN/solver" compass "$one/s$t.json"
done
expect "an unknown pattern" 2 'unknown pattern "nope" \(expected one of: four-winds, ' -- "$BIN/gen" compass --one --pattern nope --tier 1 --out "$one/x.json"
expect "a tier outside 1..4" 2 "--tier: expected a whole number from 1 to 4" -- "$BIN/gen" compass --one --pattern semaphore --tier 5 --out "$one/x.json"
expect "an unknown family" 2 'unknown family "reefy" \(expected one of: open-water, ' -- "$BIN/gen" compass --one --pattern reef-slalom --tier 2 --family reefy --out "$one/x.json"
expect "a family not the pattern's" 2 "pattern reef-slalom is of family reef, not open-water" -- "$BIN/gen" compass --one --pattern reef-slalom --tier 2 --family open-water --out "$one/x.json"
expect "--one without --tier" 2 "--one needs --pattern, --tier and --out FILE" -- "$BIN/gen" compass --one --pattern reef-slalom --out "$one/x.json"
expect "--one without --out" 2 "--one needs" -- "$BIN/gen" compass --one --pattern reef-slalom --tier 1
expect "--one with --count" 2 "--count does not apply" -- "$BIN/gen" compass --one --count 3 --pattern reef-slalom --tier 1 --out "$one/x.json"
expect "--pattern without --one" 2 "need --one" -- "$BIN/gen" compass --pattern reef-slalom --out "$one/x"
check "no refused run wrote a file" test ! -e "$one/x.json"
mkdir -p "$one/dir.json"
expect "an --out that is a folder" 2 "" -- "$BIN/gen" compass --one --pattern semaphore --tier 1 --out "$one/dir.json"
