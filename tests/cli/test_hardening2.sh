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

# solver diff pairs checks by name and place (item 2): flip each check of every report whose
# names repeat, one at a time; each must be reported as exactly that one flip, exit 1
for rep in reports/memory5d/selfplay.json reports/mulberry32.json; do
  n=$(python3 -c "import json; print(len(json.load(open('$ROOT/$rep'))['checks']))")
  bad=0
  for ((i = 0; i < n; i++)); do
    python3 - "$ROOT/$rep" "$T/flip.json" "$i" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); c = d['checks'][int(sys.argv[3])]
c['pass'] = not c['pass']
json.dump(d, open(sys.argv[2], 'w'), indent=2)
PY
    "$BIN/solver" diff "$ROOT/$rep" "$T/flip.json" >"$T/out" 2>"$T/err"; rc=$?
    [ "$rc" -eq 1 ] && grep -Eq "(^|, )1 check flipped$" "$T/out" && [ "$(grep -c '^check ' "$T/out")" -eq 1 ] || { bad=$((bad + 1)); echo "  $rep check $i: exit $rc: $(tail -1 "$T/out")" >&2; }
  done
  check "diff: each of the $n checks of $rep flipped alone is one flip" test "$bad" -eq 0
done
# a flip of the second of two same-named checks names it as the second
python3 - "$ROOT/reports/mulberry32.json" "$T/flip2.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); c = d['checks']
k = [i for i, x in enumerate(c) if x['name'] == c[0]['name']][1]
c[k]['pass'] = not c[k]['pass']
json.dump(d, open(sys.argv[2], 'w'), indent=2)
PY
expect "diff: the second same-named check flipped" 1 "" -- "$BIN/solver" diff "$ROOT/reports/mulberry32.json" "$T/flip2.json"
check "diff: it is named as the second of its name" grep -q "^check seed-reduction-mod-2^32 #2 in " "$T/out"
# two checks of one name swapped in pass (one pass -> fail, the other fail -> pass): two flips
python3 - "$ROOT/reports/memory5d/selfplay.json" "$T/swap.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); c = d['checks']
name = next(x['name'] for x in c if sum(y['name'] == x['name'] for y in c) > 1)
k = [i for i, x in enumerate(c) if x['name'] == name]
c[k[-1]]['pass'] = False
json.dump(d, open(sys.argv[2], 'w'), indent=2)
PY
expect "diff: the last of a repeated check fails" 1 "" -- "$BIN/solver" diff "$ROOT/reports/memory5d/selfplay.json" "$T/swap.json"
check "diff: reported as one flip" grep -Eq "(^|, )1 check flipped$" "$T/out"

# a file diffed with itself is no changes (item 3), with optional fields absent anywhere
mkdir -p "$T/self"
python3 - "$ROOT" "$T/self" <<'PY'
import json, sys, glob, os
root, out = sys.argv[1], sys.argv[2]
srcs = sorted(glob.glob(root + '/levels/compass/cs-0[1-3]*.json') + glob.glob(root + '/reports/compass/cs-0[1-3]*.json')
              + glob.glob(root + '/reports/*.json') + glob.glob(root + '/reports/*/*.json')[:6])
n = 0
for s in srcs:
    d = json.load(open(s))
    keys = [k for k in d if k not in ('format',)]
    for k in keys:  # drop one field at a time
        e = dict(d); del e[k]
        json.dump(e, open('%s/%03d.json' % (out, n), 'w')); n += 1
assert n > 100, n
PY
bad=0
for f in "$T"/self/*.json; do
  "$BIN/solver" diff "$f" "$f" >"$T/out" 2>&1; rc=$?
  [ "$rc" -eq 0 ] && grep -qx "no changes" "$T/out" || { bad=$((bad + 1)); [ $bad -le 3 ] && echo "  $f: exit $rc: $(head -3 "$T/out")" >&2; }
done
check "diff X X: no changes for every file with a field removed" test "$bad" -eq 0
cp -r "$T/self" "$T/self2"
expect "diff of a folder with its copy (fields missing)" 0 "" -- "$BIN/solver" diff "$T/self" "$T/self2"
check "the folder diff says no changes" grep -qx "no changes" "$T/out"

# paths are paths (item 9): folders whose names look like glob patterns are listed as they are
for name in "les[1]" "Games [2025]" "a*b" "q?" "{x,y}"; do
  mkdir -p "$T/gl/$name" && cp "$ROOT"/levels/memory5d/tutorial/*.json "$T/gl/$name/"
  expect "solver --tutorial --lessons '$name'" 0 "" -- "$BIN/solver" memory5d --tutorial --lessons "$T/gl/$name"
done
mkdir -p "$T/gl/x/one" "$T/gl/x/two" && cp "$ROOT"/levels/memory5d/tutorial/0[12]*.json "$T/gl/x/one/"
expect "--lessons 'x/*' is no folder, not the lessons of x's subfolders" 2 "no lesson files" -- \
  "$BIN/solver" memory5d --tutorial --lessons "$T/gl/x/*"
mkdir -p "$T/gl/les1" && cp "$ROOT"/levels/memory5d/tutorial/01*.json "$T/gl/les1/"
rm -rf "$T/gl/les[1]"
expect "--lessons 'les[1]' names that folder only (not les1)" 2 "no lesson files" -- "$BIN/solver" memory5d --tutorial --lessons "$T/gl/les[1]"
# the player started from a folder named like a pattern finds its lessons (data beside bin/)
G="$T/gl/Games [2025]/game"
mkdir -p "$G/bin" && cp "$BIN/player" "$G/bin/" && cp -r "$ROOT/levels" "$G/" && mkdir -p "$T/gl/elsewhere"
expect "the player in 'Games [2025]' starts its tutorial" 0 "" -- \
  bash -c "cd '$T/gl/elsewhere' && exec '$G/bin/player' memory5d --headless --tutorial --until 50"
expect "and from inside that folder" 0 "" -- bash -c "cd '$G' && exec ./bin/player memory5d --headless --tutorial --until 50"

# --watch sees a replaced file of the same size and mtime (item 12): a new inode (an editor's
# atomic save, cp -p, rsync -t) and an in-place rewrite with the mtime put back
CFX="$ROOT/tests/fixtures/compass"
for how in rename cp-p inplace; do
  W="$T/watch-$how" && mkdir -p "$W" && cp "$CFX/harbor.json" "$W/level.json"
  sed 's/"initialPhase": 0/"initialPhase": 2/' "$W/level.json" >"$W/edited.json"
  touch -r "$W/level.json" "$W/edited.json"
  shots=(); for i in $(seq 1 40); do shots+=(--screenshot $((i * 100)):"$W/s-$i.png"); done
  ( while [ ! -e "$W/s-1.png" ]; do sleep 0.02; done
    case $how in
      rename) mv "$W/edited.json" "$W/level.json" ;;
      cp-p) cp -p "$W/edited.json" "$W/new.json" && mv -f "$W/new.json" "$W/level.json" ;;
      inplace) python3 -c "import os,sys; st=os.stat(sys.argv[1]); open(sys.argv[1],'r+').write(open(sys.argv[2]).read()); os.utime(sys.argv[1], ns=(st.st_atime_ns, st.st_mtime_ns))" "$W/level.json" "$W/edited.json" ;;
    esac ) &
  expect "--watch ($how, same size and mtime)" 0 "" -- "$BIN/player" compass --headless --watch --level "$W/level.json" --events-out "$W/ev.jsonl" "${shots[@]}"
  wait
  check "--watch ($how): the replaced level restarts at its new phase" python3 -c "
import json, sys
E = [json.loads(l) for l in open('$W/ev.jsonl')]
sys.exit(not ([e['phase'] for e in E if e['event'] == 'level-start'] == [0, 2] and [e['ok'] for e in E if e['event'] == 'reload'] == [True]))"
done

# cost-bearing rules fields are bounded (item 14), and the schema says the same bound
RULES="$ROOT/levels/memory5d/rules.json"
max=$(python3 -c "import json; print(json.load(open('$ROOT/schemas/memory5d-rules.schema.json'))['properties']['aiWorkBudget']['maximum'])")
check "the schema bounds aiWorkBudget to what a move affords (at most 10^7)" test "$max" -le 10000000
for budget in $((max + 1)) 1000000000 2147483647; do
  python3 -c "import json,sys; d=json.load(open('$RULES')); d['aiWorkBudget']=int(sys.argv[1]); d['difficulties']['expert']['aiDepth']=8; json.dump(d,open('$T/costly.json','w'))" "$budget"
  expect "aiWorkBudget $budget refused by the solver" 2 "aiWorkBudget: expected an integer from 10000 to $max" -- "$BIN/solver" memory5d --config "$T/costly.json" --matches 2
  expect "aiWorkBudget $budget refused by gen" 2 "aiWorkBudget" -- "$BIN/gen" memory5d --config "$T/costly.json" --selfplay --seed 1
  expect "aiWorkBudget $budget refused by the player" 2 "aiWorkBudget" -- "$BIN/player" memory5d --headless --rules "$T/costly.json" --until 10
  check "aiWorkBudget $budget fails the schema too" bash -c "! '$ROOT/tests/validate_schemas.sh' --schema '$ROOT/schemas/memory5d-rules.schema.json' '$T/costly.json' >/dev/null 2>&1"
done
python3 -c "import json; d=json.load(open('$RULES')); d['aiWorkBudget']=$max; json.dump(d,open('$T/atmax.json','w'))"
expect "aiWorkBudget at the bound is accepted" 0 "" -- "$BIN/player" memory5d --headless --rules "$T/atmax.json" --until 10
check "and valid by the schema" json_schema_ok memory5d-rules.schema.json "$T/atmax.json"
