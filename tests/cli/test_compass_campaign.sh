# gen compass and solver compass --campaign: the campaign files, determinism over seeds and
# thread counts, the acceptance report, broken campaigns and malformed input (issue 4).
py() { python3 -c "$@"; }
# edit FILE STATEMENT: loads FILE's JSON as d, runs the Python STATEMENT on it, writes it back.
edit() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); $2; json.dump(d,open(sys.argv[1],'w'))" "$1"; }

expect "gen compass help" 0 "" -- "$BIN/gen" compass --help
check "help documents the default seed" grep -q "20260810" "$T/out"
check "help documents the rule above 50" grep -q "mod 50" "$T/out"
check "help documents which stale files --out removes" grep -q "cs-<number>-<pattern>.json" "$T/out"

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
# Issue 31's design targets, measured by tests/compass_targets.py from the level files alone
# (its own state graph over compass_reference.py's release rule, no figure of the tools).
check "the committed campaign meets every issue 31 target" python3 "$ROOT/tests/compass_targets.py" "$ROOT/levels/compass"
# The checker can fail: a greedy-won level after the fourth (cs-01's board in place of cs-05's).
mkdir -p "$T/bad31" && cp "$ROOT"/levels/compass/*.json "$T/bad31/"
edit "$T/bad31/cs-05-tide-clock.json" "s=json.load(open('$ROOT/levels/compass/cs-01-four-winds.json')); d.update({k: s[k] for k in ('walls','apertures','arrows')})"
expect "the checker names a greedy-won level after the fourth" 1 "cs-05-tide-clock: greedy" -- python3 "$ROOT/tests/compass_targets.py" "$T/bad31"

expect "seed 7" 0 "" -- "$BIN/gen" compass --seed 7 --out "$T/s7"
check "another seed gives another campaign" py "
import filecmp,sys; sys.exit(filecmp.cmp('$T/s7/cs-20-harbor-code.json','$T/c1/cs-20-harbor-code.json',shallow=False))"
expect "seed -1 reduces" 0 "" -- "$BIN/gen" compass --seed -1 --count 3 --out "$T/sm1"
check "seed -1 is 4294967295" grep -q '"seed":.4294967295' "$T/sm1/campaign.json"

expect "solver accepts the campaign" 0 "24/24 checks passed" -- env OMP_NUM_THREADS=2 \
  "$BIN/solver" compass --campaign "$T/c1/campaign.json" --report "$T/r1"
check "the report follows its schema" json_schema_ok compass-campaign-report.schema.json "$T/r1/campaign.json"
check "an evidence record follows its schema" json_schema_ok compass-evidence.schema.json "$T/r1/cs-01-four-winds.json"
check "every check passes in the report" py "
import json,sys; d=json.load(open('$T/r1/campaign.json'))
sys.exit(not (d['pass'] and len(d['checks'])==24 and all(c['pass'] for c in d['checks'])))"
check "the report carries each level's lookahead and the tier medians (issue 31)" py "
import json,os,statistics,sys; d=json.load(open('$T/r1/campaign.json'))
look={l['id']: json.load(open(os.path.join('$T/r1', l['evidence'])))['lookahead'] for l in d['levels']}
ok=all(l['lookahead']==look[l['id']] for l in d['levels'])
for t in d['tiers']:
    ok &= t['medianLookahead']==statistics.median(look[l['id']] for l in d['levels'] if l['tier']==t['tier'])
sys.exit(not ok)"
check "the summary names the tier's median lookahead" grep -q "tier 4: 11 levels, .*, lookahead 5" "$T/err"
expect "solver again, 1 thread" 0 "" -- env OMP_NUM_THREADS=1 \
  "$BIN/solver" compass --campaign "$T/c2/campaign.json" --report "$T/r2"
check "reports are byte-identical" diff -r "$T/r1" "$T/r2"
# (campaign.html, written by make campaign with --html, is checked in test_html_evidence.sh)
check "the default reports are the committed ones" diff -r -x campaign.html "$T/r1" "$ROOT/reports/compass"

# Broken campaigns: exit 1 and the failed check named on stderr.
cp -r "$T/c1" "$T/dup"
edit "$T/dup/cs-11-four-winds.json" "a=json.load(open('$T/dup/cs-01-four-winds.json'));
d.update({k: a[k] for k in ('walls','apertures','arrows','construction')})"
expect "a duplicate board fails" 1 "^solver: compass: [^ ]*/dup/campaign.json: FAIL distinct-canonical-hashes: .*cs-11-four-winds repeats cs-01-four-winds" -- \
  "$BIN/solver" compass --campaign "$T/dup/campaign.json" --report "$T/rdup"
check "the report records the failure" py "
import json,sys; d=json.load(open('$T/rdup/campaign.json'))
bad=[c['name'] for c in d['checks'] if not c['pass']]
sys.exit(not (d['pass'] is False and bad==['distinct-canonical-hashes']))"

cp -r "$T/c1" "$T/unsolv"
edit "$T/unsolv/cs-02-counter-current.json" "d['apertures']=[]"
expect "an unsolvable level fails" 1 "^solver: compass: [^ ]*/unsolv/campaign.json: FAIL all-levels-solvable: 49/50" -- \
  "$BIN/solver" compass --campaign "$T/unsolv/campaign.json" --report "$T/runsolv"

expect "a search limit leaves levels unverified" 1 "all-levels-solvable: 0/50 solvable" -- \
  "$BIN/solver" compass --max-states 3 --campaign "$T/c1/campaign.json" --report "$T/rlimit"
check "the limited report is still written" json_schema_ok compass-campaign-report.schema.json "$T/rlimit/campaign.json"

cp -r "$T/c1" "$T/short"
edit "$T/short/campaign.json" "d['levels']=d['levels'][:49]"
expect "49 levels fail the count" 1 "campaign-has-50-levels" -- \
  "$BIN/solver" compass --campaign "$T/short/campaign.json" --report "$T/rshort"

# Larger pools: the plan repeats and ids widen.
expect "a pool of 120" 0 "" -- env OMP_NUM_THREADS=2 "$BIN/gen" compass --count 120 --out "$T/pool"
expect "a pool of 120, 1 thread" 0 "" -- env OMP_NUM_THREADS=1 "$BIN/gen" compass --count 120 --out "$T/pool1"
check "the pool's files are byte-identical for 1 and 2 threads (written by the workers)" diff -r "$T/pool" "$T/pool1"
check "pool ids widen to three digits" test -f "$T/pool/cs-120-harbor-code.json"
check "pool level 51 repeats slot 1's plan" grep -q '"pattern":.*"four-winds"' "$T/pool/cs-051-four-winds.json"

# --out over an earlier, larger run: this tool's stale level files go, nothing else does.
mkdir "$T/pool/cs-121-four-winds.json"               # a folder named like a level file
echo keep >"$T/pool/notes.txt"
echo keep >"$T/pool/cs-05-four-winds.json"           # not a name this tool writes (05 is tide-clock)
ln -s notes.txt "$T/pool/cs-122-counter-current.json" # a link named like a level file
expect "the campaign over the pool of 120" 0 "wrote 50 levels" -- "$BIN/gen" compass --out "$T/pool"
check "only the listed levels and the foreign entries remain" py "
import json,os,sys
d='$T/pool'; names=set(os.listdir(d))
listed={l['file'] for l in json.load(open(d+'/campaign.json'))['levels']}
foreign={'campaign.json','notes.txt','cs-05-four-winds.json','cs-121-four-winds.json','cs-122-counter-current.json'}
sys.exit(not (len(listed)==50 and names==listed|foreign))"
check "the levels are the default campaign's" diff -r -x notes.txt -x cs-05-four-winds.json \
  -x cs-121-four-winds.json -x cs-122-counter-current.json "$T/pool" "$T/c1"
check "foreign files keep their content" test "$(cat "$T/pool/cs-05-four-winds.json")" = keep
check "the link is still a link" test -L "$T/pool/cs-122-counter-current.json"

# --report over an earlier, larger campaign's records: stale records go, nothing else does.
"$BIN/gen" compass --count 120 --out "$T/pool120" 2>/dev/null
"$BIN/solver" compass --campaign "$T/pool120/campaign.json" --report "$T/rstale" 2>/dev/null
echo keep >"$T/rstale/notes.json"
expect "the 50-level campaign over a 120-level report folder" 0 "" -- \
  "$BIN/solver" compass --campaign "$T/c1/campaign.json" --report "$T/rstale"
check "only this campaign's records remain beside foreign files" py "
import json,os,sys
d='$T/rstale'; names=set(os.listdir(d))
ids={l['id']+'.json' for l in json.load(open('$T/c1/campaign.json'))['levels']}
sys.exit(not (len(ids)==50 and names==ids|{'campaign.json','notes.json'}))"

# A run that fails while writing leaves no index that names a mix of two runs.
cp -r "$T/c1" "$T/half"
rm "$T/half/cs-03-reef-slalom.json" && mkdir "$T/half/cs-03-reef-slalom.json"
expect "a level path that is a folder stops the run" 2 "cs-03-reef-slalom.json: cannot write" -- \
  "$BIN/gen" compass --seed 7 --out "$T/half"
check "no campaign.json after the failed run" test ! -e "$T/half/campaign.json"
check "no temporary file left behind" test -z "$(find "$T/half" -name '*.tmp.*')"
check "a failed run removes no level file" test "$(ls "$T/half" | wc -l)" -eq 50

# Malformed input: one line, exit 2, nothing half-written.
expect "bad seed" 2 "seed" -- "$BIN/gen" compass --seed 12a --out "$T/bad"
expect "count 0" 2 "count" -- "$BIN/gen" compass --count 0 --out "$T/bad"
expect "count too large" 2 "count" -- "$BIN/gen" compass --count 10001 --out "$T/bad"
expect "count beyond a long" 2 "count" -- "$BIN/gen" compass --count 99999999999999999999999 --out "$T/bad"
expect "unknown gen option" 2 "unknown option" -- "$BIN/gen" compass --bogus
expect "stray argument" 2 "unexpected argument" -- "$BIN/gen" compass extra
expect "empty out" 2 "--out: expected a folder path" -- "$BIN/gen" compass --out ""
expect "out too long" 2 "--out: expected a folder path of 1 to 3000 bytes, got 3001" -- \
  "$BIN/gen" compass --out "$(printf '%03001d' 0)"
check "nothing was written for bad options" test ! -e "$T/bad"
expect "unwritable out" 2 "cannot" -- "$BIN/gen" compass --out /proc/no/such/dir
: >"$T/a-file"
expect "out is a file" 2 "not a folder" -- "$BIN/gen" compass --out "$T/a-file"
expect "out below a file" 2 "cannot create directory" -- "$BIN/gen" compass --out "$T/a-file/sub"
expect "campaign into an unwritable report folder" 2 "cannot" -- \
  "$BIN/solver" compass --campaign "$T/c1/campaign.json" --report /proc/no/such
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
edit "$T/wrongid/campaign.json" "d['levels'][3]['id']='cs-04-other'"
expect "listed id differs from the file" 2 "levels\[3\].id" -- \
  "$BIN/solver" compass --campaign "$T/wrongid/campaign.json" --report "$T/rx"
edit "$T/wrongid/campaign.json" "d['levels'][3]=dict(d['levels'][1])"
expect "an id listed twice" 2 'wrongid/campaign.json: levels\[3\]\.id: "cs-02-[a-z-]+" is also levels\[1\]\.id$' -- \
  "$BIN/solver" compass --campaign "$T/wrongid/campaign.json" --report "$T/rx"
edit "$T/wrongid/campaign.json" "d['levels'][3]['id']='campaign'"
expect "the report's own name as an id" 2 'levels\[3\]\.id: "campaign" is reserved for the report$' -- \
  "$BIN/solver" compass --campaign "$T/wrongid/campaign.json" --report "$T/rx"
cp -r "$T/c1" "$T/badlevel"
edit "$T/badlevel/cs-07-signal-shapes.json" "d['arrows'][0]['dir']='Q'"
expect "invalid level in the campaign" 2 "cs-07-signal-shapes.json: arrows\[0\].dir" -- \
  "$BIN/solver" compass --campaign "$T/badlevel/campaign.json" --report "$T/rx"
cp -r "$T/c1" "$T/missing" && rm "$T/missing/cs-05-tide-clock.json"
expect "a listed level file is missing" 2 "cs-05-tide-clock.json: cannot open" -- \
  "$BIN/solver" compass --campaign "$T/missing/campaign.json" --report "$T/rx"
rm "$T/missing/cs-06-quarter-gates.json" && mkdir "$T/missing/cs-06-quarter-gates.json"
cp "$T/c1/cs-05-tide-clock.json" "$T/missing/"
expect "a listed level file is a folder" 2 "cs-06-quarter-gates.json: not a regular file" -- \
  "$BIN/solver" compass --campaign "$T/missing/campaign.json" --report "$T/rx"
rm -r "$T/missing/cs-06-quarter-gates.json" && truncate -s 20M "$T/missing/cs-06-quarter-gates.json"
expect "a 20 MB level file" 2 "cs-06-quarter-gates.json: file is 20971520 bytes, larger than" -- \
  "$BIN/solver" compass --campaign "$T/missing/campaign.json" --report "$T/rx"
rm -rf "$T/missing" && mkdir "$T/huge" && truncate -s 20M "$T/huge/campaign.json"
expect "a 20 MB campaign.json" 2 "campaign.json: file is 20971520 bytes, larger than" -- \
  "$BIN/solver" compass --campaign "$T/huge/campaign.json" --report "$T/rx"
rm -rf "$T/huge"
expect "campaign.json is a folder" 2 "not a regular file" -- \
  "$BIN/solver" compass --campaign "$T/c1" --report "$T/rx"
check "nothing was written for invalid campaigns" test ! -e "$T/rx"
