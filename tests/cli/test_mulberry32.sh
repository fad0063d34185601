# solver mulberry32: the stream, the reduction rule and bad seeds.
expect "mulberry32 default count" 0 "" -- "$BIN/solver" mulberry32 --seed 12345
check "16 outputs by default" python3 -c "import json,sys; d=json.load(open('$T/out')); sys.exit(not (len(d['uint32'])==16 and d['uint32'][0]==4207900869 and d['seed']==12345))"
expect "seed -1 reduces" 0 "" -- "$BIN/solver" mulberry32 --seed -1 --count 1
check "-1 is 4294967295" grep -q '"seed":.4294967295' "$T/out"
expect "seed 2^32 reduces" 0 "" -- "$BIN/solver" mulberry32 --seed 4294967296 --count 1
check "2^32 is 0" grep -q '"seed":.0,' "$T/out"
for bad in 12a 1.5 "" 0x10; do
  expect "seed '$bad' rejected" 2 "seed" -- "$BIN/solver" mulberry32 --seed "$bad"
done
expect "count 0 rejected" 2 "count" -- "$BIN/solver" mulberry32 --seed 1 --count 0
expect "missing seed" 2 "seed" -- "$BIN/solver" mulberry32
expect "unknown option" 2 "unknown option" -- "$BIN/solver" mulberry32 --bogus
expect "help" 0 "" -- "$BIN/solver" mulberry32 --help
expect "unknown command" 2 "unknown command" -- "$BIN/solver" frobnicate
expect "report to unwritable path" 2 "cannot" -- "$BIN/solver" mulberry32 --report /proc/no/such/dir/x.json
# The committed report: every check passes, it is byte-identical run to run and valid.
expect "report written" 0 "" -- "$BIN/solver" mulberry32 --report "$T/m1.json"
expect "report again" 0 "" -- "$BIN/solver" mulberry32 --report "$T/m2.json"
check "report is byte-identical run to run" cmp "$T/m1.json" "$T/m2.json"
check "report matches its schema" json_schema_ok mulberry32-report.schema.json "$T/m1.json"
check "report checks known answers, floats, picks and seed text" python3 -c "
import json,sys; d=json.load(open('$T/m1.json')); names={c['name'] for c in d['checks']}
sys.exit(not (d['pass'] and names=={'seed-reduction-mod-2^32','seed-refuses-non-integers','known-answer','float-is-uint32-over-2^32','pick-is-floor-of-next-times-n'} and sum(c['name']=='known-answer' for c in d['checks'])==5))"
