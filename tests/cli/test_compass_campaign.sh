# gen compass and solver compass --campaign: the campaign files, determinism over seeds and
# thread counts, the acceptance report, broken campaigns and malformed input (issue 4).
py() { python3 -c "$@"; }

expect "gen compass help" 0 "" -- "$BIN/gen" compass --help
check "help documents the default seed" grep -q "20260810" "$T/out"
check "help documents the rule above 50" grep -q "mod 50" "$T/out"

expect "campaign, 1 thread" 0 "wrote 50 levels" -- env OMP_NUM_THREADS=1 "$BIN/gen" compass --out "$T/c1"
expect "campaign, 2 threads" 0 "" -- env OMP_NUM_THREADS=2 "$BIN/gen" compass --out "$T/c2"
check "1 and 2 threads give byte-identical levels" diff -r "$T/c1" "$T/c2"
check "51 files: 50 levels and the index" test "$(ls "$T/c1" | wc -l)" -eq 51
check "campaign.json follows its schema" json_schema_ok compass-campaign.schema.json "$T/c1/campaign.json"
check "a level follows the level schema" json_schema_ok compass-level.schema.json "$T/c1/cs-10-harbor-code.json"
check "campaign.json lists cs-01-four-winds first and cs-50-harbor-code last" py "
import json,sys; d=json.load(open('$T/c1/campaign.json'))
ids=[l['id'] for l in d['levels']]
sys.exit(not (d['format']=='compass-shift-campaign/1' and d['seed']==20260810 and len(ids)==50
  and ids[0]=='cs-01-four-winds' and ids[49]=='cs-50-harbor-code'
  and all(l['file']==l['id']+'.json' for l in d['levels'])))"
check "the default campaign is the committed one" diff -r "$T/c1" "$ROOT/levels/compass"

expect "seed 7" 0 "" -- "$BIN/gen" compass --seed 7 --out "$T/s7"
check "another seed gives another campaign" py "
import filecmp,sys; sys.exit(filecmp.cmp('$T/s7/cs-20-harbor-code.json','$T/c1/cs-20-harbor-code.json',shallow=False))"
expect "seed -1 reduces" 0 "" -- "$BIN/gen" compass --seed -1 --count 3 --out "$T/sm1"
check "seed -1 is 4294967295" grep -q '"seed":.4294967295' "$T/sm1/campaign.json"

expect "solver accepts the campaign" 0 "21/21 checks passed" -- env OMP_NUM_THREADS=2 \
  "$BIN/solver" compass --campaign "$T/c1/campaign.json" --report "$T/r1"
check "the report follows its schema" json_schema_ok compass-campaign-report.schema.json "$T/r1/campaign.json"
check "an evidence record follows its schema" json_schema_ok compass-evidence.schema.json "$T/r1/cs-01-four-winds.json"
check "every check passes in the report" py "
import json,sys; d=json.load(open('$T/r1/campaign.json'))
sys.exit(not (d['pass'] and len(d['checks'])==21 and all(c['pass'] for c in d['checks'])))"
expect "solver again, 1 thread" 0 "" -- env OMP_NUM_THREADS=1 \
  "$BIN/solver" compass --campaign "$T/c2/campaign.json" --report "$T/r2"
check "reports are byte-identical" diff -r "$T/r1" "$T/r2"
check "the default reports are the committed ones" diff -r "$T/r1" "$ROOT/reports/compass"

# Broken campaigns: exit 1 and the failed check named on stderr.
cp -r "$T/c1" "$T/dup"
py "
import json
a=json.load(open('$T/dup/cs-01-four-winds.json')); b=json.load(open('$T/dup/cs-11-four-winds.json'))
for k in ('walls','apertures','arrows','construction'): b[k]=a[k]
json.dump(b,open('$T/dup/cs-11-four-winds.json','w'))"
expect "a duplicate board fails" 1 "campaign check failed: distinct-canonical-hashes: .*cs-11-four-winds repeats cs-01-four-winds" -- \
  "$BIN/solver" compass --campaign "$T/dup/campaign.json" --report "$T/rdup"
check "the report records the failure" py "
import json,sys; d=json.load(open('$T/rdup/campaign.json'))
bad=[c['name'] for c in d['checks'] if not c['pass']]
sys.exit(not (d['pass'] is False and bad==['distinct-canonical-hashes']))"

cp -r "$T/c1" "$T/unsolv"
py "
import json
a=json.load(open('$T/unsolv/cs-02-counter-current.json')); a['apertures']=[]
json.dump(a,open('$T/unsolv/cs-02-counter-current.json','w'))"
expect "an unsolvable level fails" 1 "campaign check failed: all-levels-solvable: 49/50" -- \
  "$BIN/solver" compass --campaign "$T/unsolv/campaign.json" --report "$T/runsolv"

expect "a search limit leaves levels unverified" 1 "all-levels-solvable: 0/50 solvable" -- \
  "$BIN/solver" compass --max-states 3 --campaign "$T/c1/campaign.json" --report "$T/rlimit"
check "the limited report is still written" json_schema_ok compass-campaign-report.schema.json "$T/rlimit/campaign.json"

cp -r "$T/c1" "$T/short"
py "
import json
d=json.load(open('$T/short/campaign.json')); d['levels']=d['levels'][:49]
json.dump(d,open('$T/short/campaign.json','w'))"
expect "49 levels fail the count" 1 "campaign-has-50-levels" -- \
  "$BIN/solver" compass --campaign "$T/short/campaign.json" --report "$T/rshort"

# Larger pools: the plan repeats and ids widen.
expect "a pool of 120" 0 "" -- "$BIN/gen" compass --count 120 --out "$T/pool"
check "pool ids widen to three digits" test -f "$T/pool/cs-120-harbor-code.json"
check "pool level 51 repeats slot 1's plan" grep -q '"pattern":.*"four-winds"' "$T/pool/cs-051-four-winds.json"

# Malformed input: one line, exit 2, nothing half-written.
expect "bad seed" 2 "seed" -- "$BIN/gen" compass --seed 12a --out "$T/bad"
expect "count 0" 2 "count" -- "$BIN/gen" compass --count 0 --out "$T/bad"
expect "count too large" 2 "count" -- "$BIN/gen" compass --count 10001 --out "$T/bad"
expect "unknown gen option" 2 "unknown option" -- "$BIN/gen" compass --bogus
expect "stray argument" 2 "unexpected argument" -- "$BIN/gen" compass extra
check "nothing was written for bad options" test ! -e "$T/bad"
expect "unwritable out" 2 "cannot" -- "$BIN/gen" compass --out /proc/no/such/dir
expect "campaign without report" 2 "needs --report" -- "$BIN/solver" compass --campaign "$T/c1/campaign.json"
expect "campaign with a FILE" 2 "takes no FILE" -- "$BIN/solver" compass --campaign "$T/c1/campaign.json" --report "$T/rx" "$T/c1/cs-01-four-winds.json"
expect "missing campaign" 2 "no/such" -- "$BIN/solver" compass --campaign "$T/no/such/campaign.json" --report "$T/rx"
printf '{"format":"compass-shift-campaign/1","seed":1,"levels":[' >"$T/trunc.json"
expect "truncated campaign" 2 "trunc.json" -- "$BIN/solver" compass --campaign "$T/trunc.json" --report "$T/rx"
echo '{"format":"compass-shift-campaign/2","seed":1,"levels":[]}' >"$T/fmt.json"
expect "wrong format" 2 "format" -- "$BIN/solver" compass --campaign "$T/fmt.json" --report "$T/rx"
echo '{"format":"compass-shift-campaign/1","seed":1,"levels":[{"id":"cs-01-four-winds","file":"../x.json"}]}' >"$T/esc.json"
expect "file outside the folder" 2 "levels\[0\].file" -- "$BIN/solver" compass --campaign "$T/esc.json" --report "$T/rx"
echo '{"format":"compass-shift-campaign/1","seed":-3,"levels":[]}' >"$T/seed.json"
expect "negative seed" 2 "seed" -- "$BIN/solver" compass --campaign "$T/seed.json" --report "$T/rx"
cp -r "$T/c1" "$T/wrongid"
py "
import json
d=json.load(open('$T/wrongid/campaign.json')); d['levels'][3]['id']='cs-04-other'
json.dump(d,open('$T/wrongid/campaign.json','w'))"
expect "listed id differs from the file" 2 "levels\[3\].id" -- \
  "$BIN/solver" compass --campaign "$T/wrongid/campaign.json" --report "$T/rx"
cp -r "$T/c1" "$T/badlevel"
py "
import json
a=json.load(open('$T/badlevel/cs-07-signal-shapes.json')); a['arrows'][0]['dir']='Q'
json.dump(a,open('$T/badlevel/cs-07-signal-shapes.json','w'))"
expect "invalid level in the campaign" 2 "cs-07-signal-shapes.json: arrows\[0\].dir" -- \
  "$BIN/solver" compass --campaign "$T/badlevel/campaign.json" --report "$T/rx"
check "nothing was written for invalid campaigns" test ! -e "$T/rx"
