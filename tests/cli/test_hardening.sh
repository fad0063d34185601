# Hardening (issue 9): every reader against FIFOs, repeated keys, NULs in keys and oversized
# input. Each check here failed before its fix.
P="$BIN/player"
L1="$ROOT/levels/oddshape/l1.json"
RULES="$ROOT/levels/memory5d/rules.json"
LEVEL="$ROOT/tests/fixtures/compass/harbor.json"

# ---- fault 1: a FIFO as any input file is refused at once (exit 2), never waited on ----
mkfifo "$T/fifo.json"
expect "FIFO: solver compass" 2 "fifo.json: not a regular file" -- "$BIN/solver" compass "$T/fifo.json"
expect "FIFO: solver compass --campaign" 2 "fifo.json: not a regular file" -- \
  "$BIN/solver" compass --campaign "$T/fifo.json" --report "$T/fifo-rep"
expect "FIFO: solver oddshape" 2 "fifo.json: not a regular file" -- "$BIN/solver" oddshape "$T/fifo.json"
expect "FIFO: solver memory5d --replay" 2 "fifo.json: not a regular file" -- "$BIN/solver" memory5d --replay "$T/fifo.json"
expect "FIFO: solver memory5d --config" 2 "fifo.json: not a regular file" -- \
  "$BIN/solver" memory5d --config "$T/fifo.json" --report "$T/fifo-sp.json"
expect "FIFO: gen memory5d --config" 2 "fifo.json: not a regular file" -- "$BIN/gen" memory5d --config "$T/fifo.json"
expect "FIFO: player --script" 2 "fifo.json: not a regular file" -- "$P" oddshape --headless --script "$T/fifo.json"
expect "FIFO: player --levels" 2 "fifo.json: not a regular file" -- "$P" oddshape --headless --levels "$T/fifo.json" --until 100
expect "FIFO: player --settings is refused at once" 2 "fifo.json: not a regular file" -- \
  "$P" oddshape --headless --settings "$T/fifo.json" --until 100
mkdir -p "$T/fifocamp" && cp "$LEVEL" "$T/fifocamp/harbor.json" && rm "$T/fifocamp/harbor.json" && mkfifo "$T/fifocamp/harbor.json"
printf '{"format": "compass-shift-campaign/1", "seed": 1, "levels": [{"id": "harbor", "file": "harbor.json"}]}\n' >"$T/fifocamp/campaign.json"
expect "FIFO: a level listed by a campaign" 2 "harbor.json: not a regular file" -- \
  "$BIN/solver" compass --campaign "$T/fifocamp/campaign.json" --report "$T/fifo-rep"
rm -f "$T/fifo.json"; rm -rf "$T/fifocamp"

# ---- fault 2: a screenshot on a full disk (a 64 KiB file-size limit) exits 2 and leaves no file ----
expect "screenshot on a full disk" 2 "full.png: cannot write" -- \
  bash -c 'trap "" XFSZ; ulimit -f 64; exec "$@"' full "$P" oddshape --headless --screenshot 500:"$T/full.png"
check "and leaves no screenshot or temp file" test -z "$(ls "$T" | grep full.png)"

# ---- fault 6: repeated keys and keys with a NUL are refused by the shared reader ----
# with_text FILE PYTHON-EXPR: FILE gets the text EXPR computes from s, the source text.
with_text() { python3 -c "import sys; s=open(sys.argv[1]).read(); open(sys.argv[2],'w').write($3)" "$1" "$2"; }
with_text "$LEVEL" "$T/dup-level.json" "s.replace('\"initialPhase\": 0', '\"initialPhase\": 0, \"initialPhase\": 1', 1)"
check "the repeated-key level really repeats a key" grep -q '"initialPhase": 0, "initialPhase": 1' "$T/dup-level.json"
expect "repeated key: compass level" 2 "dup-level.json: initialPhase: repeated field" -- "$BIN/solver" compass "$T/dup-level.json"
with_text "$LEVEL" "$T/nul-level.json" "s.replace('\"rows\"', '\"rows\\\\u0000x\"', 1)"
check "the NUL level has the escape" grep -q 'rows\\u0000x' "$T/nul-level.json"
expect "NUL key: compass level" 2 'nul-level.json: key "rows\\u0000x" contains a NUL' -- "$BIN/solver" compass "$T/nul-level.json"
with_text "$LEVEL" "$T/nul-id.json" "s.replace('\"id\": \"harbor\"', '\"id\": \"harbor\\\\u0000x\"', 1)"
expect "NUL in a string value" 2 'nul-id.json: string "harbor\\u0000x" contains a NUL' -- "$BIN/solver" compass "$T/nul-id.json"
printf '{"format":"compass-shift-level/1","id":"z","rows":1,"cols":1,"initialPhase":0,"walls":[],"apertures":[],"arrows":[{"id":"a\0b","row":0,"col":0,"dir":"N"}]}' >"$T/zero.json"
expect "a raw zero byte in a string" 2 'zero.json: string "a" contains a NUL' -- "$BIN/solver" compass "$T/zero.json"
printf '{"format":"compass-shift-level/1",\n\0}' >"$T/zero.json"
expect "a raw zero byte between values" 2 "zero.json: a zero byte near line 2" -- "$BIN/solver" compass "$T/zero.json"
with_text "$RULES" "$T/dup-rules.json" "s.replace('{', '{\"format\": \"x\", ', 1)"
expect "repeated key: memory5d rules" 2 "dup-rules.json: format: repeated field" -- \
  "$BIN/solver" memory5d --config "$T/dup-rules.json" --report "$T/x.json"
"$BIN/gen" memory5d --selfplay --seed 3 --difficulty expert --out "$T/log.json" 2>/dev/null
with_text "$T/log.json" "$T/dup-log.json" "s.replace('\"player\":\t\"A\",', '\"player\": \"A\", \"kind\": \"link\",', 1)"
expect "repeated key: memory5d log (nested path named)" 2 "dup-log.json: entries\[0\]\.command\.kind: repeated field" -- \
  "$BIN/solver" memory5d --replay "$T/dup-log.json"
with_text "$L1" "$T/nul-l1.json" "s.replace('\"source\"', '\"source\\\\u0000\"', 1)"
expect "NUL key: oddshape rounds" 2 'key "source\\u0000" contains a NUL' -- "$BIN/solver" oddshape "$T/nul-l1.json"
printf '{"format":"oddshape-settings/1","master":80,"master":10,"music":70,"sfx":90,"colorblind":false,"randomize":false,"seed":1}\n' >"$T/dup-settings.json"
expect "repeated key: player settings" 0 "master: repeated field; using default settings" -- \
  "$P" oddshape --headless --settings "$T/dup-settings.json" --until 100
printf '{"t": 100, "t": 200, "key": "Return"}\n' >"$T/dup.jsonl"
expect "repeated key: player script" 2 "dup.jsonl:1: t: repeated field" -- "$P" oddshape --headless --script "$T/dup.jsonl"

# ---- fault 7: per-kind size limits; no refused input costs more than 64 MiB ----
# peak_kb CMD...: the peak resident memory of CMD in KiB.
peak_kb() { python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$@"; }
# fill FILE BYTES UNIT [CAP]: FILE is "[" UNIT UNIT ... "0]", at most BYTES bytes and, with
# CAP, at most CAP values (the reader's value cap): the most a file under both limits costs.
fill() { python3 -c 'import sys; n, u = int(sys.argv[2]), sys.argv[3]; k = (n - 2) // len(u)
if len(sys.argv) > 4: k = min(k, (int(sys.argv[4]) - 2) // sum(map(u.count, "[{,")))
open(sys.argv[1], "w").write("[" + u * k + "0]")' "$@"; }
under_64m() {  # NAME LIMIT CMD... (the file is $T/big.json)
  local name=$1 limit=$2 unit kb; shift 2
  for unit in '0,' '{"":0},' '"",'; do
    fill "$T/big.json" "$limit" "$unit" 300000
    kb=$(peak_kb "$@")
    check "$name: a refused file of $unit under its limits costs under 64 MiB (${kb} KiB)" test "$kb" -lt 65536
  done
  fill "$T/big.json" $((limit + 1)) '0,'
  expect "$name: over its limit" 2 "big.json: file is $((limit + 1)) bytes, larger than the $limit-byte limit" -- "$@"
}
under_64m "compass level" $((256 << 10)) "$BIN/solver" compass "$T/big.json"
under_64m "compass campaign" $((1 << 20)) "$BIN/solver" compass --campaign "$T/big.json" --report "$T/big-rep"
under_64m "oddshape rounds" $((256 << 10)) "$BIN/solver" oddshape "$T/big.json"
under_64m "memory5d config" $((256 << 10)) "$BIN/solver" memory5d --config "$T/big.json" --report "$T/x.json"
under_64m "memory5d log" $((4 << 20)) "$BIN/solver" memory5d --replay "$T/big.json"
fill "$T/many.json" 700000 '0,'
expect "more values than the cap" 2 "many.json: more than 300000 values" -- "$BIN/solver" memory5d --replay "$T/many.json"
rm -f "$T/big.json" "$T/many.json"

# ---- fault 3: no output replaces an input ----
cp -r "$ROOT/levels/compass" "$T/camp" && (cd "$T/camp" && sha256sum * >"$T/camp.sums")
expect "campaign: the input folder as report folder" 2 "is the folder of the input .*campaign.json: refusing to replace inputs" -- \
  "$BIN/solver" compass --campaign "$T/camp/campaign.json" --report "$T/camp"
expect "campaign: the input folder spelled another way" 2 "refusing to replace inputs" -- \
  "$BIN/solver" compass --campaign "$T/camp/campaign.json" --report "$T/camp/../camp/."
check "campaign: every input is untouched" bash -c "cd '$T/camp' && sha256sum -c --quiet '$T/camp.sums' && test \$(ls | wc -l) -eq \$(wc -l <'$T/camp.sums')"
mkdir -p "$T/one" && cp "$LEVEL" "$T/one/harbor.json"
expect "one-file form: a level whose name is its id" 2 "harbor.json is the input .*harbor.json: refusing to replace an input" -- \
  "$BIN/solver" compass --report "$T/one" "$T/one/harbor.json"
check "one-file form: the level is untouched" cmp "$LEVEL" "$T/one/harbor.json"
cp "$LEVEL" "$T/one/mine.json" && rm "$T/one/harbor.json"
expect "one-file form: another name in the same folder is fine" 0 "" -- "$BIN/solver" compass --report "$T/one" "$T/one/mine.json"
check "one-file form: the record is written beside it" test -s "$T/one/harbor.json"
cp "$L1" "$T/l1.json"
expect "oddshape: report over its input" 2 "refusing to replace an input" -- "$BIN/solver" oddshape "$T/l1.json" --report "$T/./l1.json"
check "oddshape: input untouched" cmp "$L1" "$T/l1.json"
cp "$RULES" "$T/rules.json"
expect "memory5d: report over its config" 2 "refusing to replace an input" -- \
  "$BIN/solver" memory5d --config "$T/rules.json" --report "$T/rules.json"
expect "gen memory5d: out over its config" 2 "refusing to replace an input" -- \
  "$BIN/gen" memory5d --config "$T/rules.json" --out "$T/rules.json"
check "memory5d: config untouched" cmp "$RULES" "$T/rules.json"
rm -rf "$T/camp" "$T/one"

# ---- fault 4: SIGINT/SIGTERM while a file is written leaves no temp file; stale ones go ----
cc -shared -fPIC -O1 -o "$T/hold_rename.so" "$ROOT/tests/cli/hold_rename.c" -ldl
# interrupted SIG HOLD OUTDIR CMD...: CMD (its writes held at the rename onto a path
# containing HOLD) gets SIG while a temp file exists; prints CMD's exit status.
interrupted() {
  local sig=$1 hold=$2 dir=$3 pid i; shift 3
  rm -f "$T/ready"
  # A background job starts with SIGINT ignored; the tool gets it as a terminal's Ctrl-C would.
  LD_PRELOAD="$T/hold_rename.so" ASAN_OPTIONS=verify_asan_link_order=0 HOLD_RENAME="$hold" HOLD_READY="$T/ready" \
    python3 -c 'import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])' \
    "$@" >/dev/null 2>&1 &
  pid=$!
  for i in $(seq 300); do [ -e "$T/ready" ] && break; sleep 0.1; done
  [ -e "$T/ready" ] && ls "$dir" | grep -q '\.tmp\.' && kill -"$sig" "$pid"
  wait "$pid"; echo $?
}
rc=$(interrupted INT cs-07 "$T/g" "$BIN/gen" compass --out "$T/g")
check "gen compass: SIGINT mid-write ends it by SIGINT (status $rc)" test "$rc" -eq 130
check "gen compass: SIGINT mid-write leaves no temp file" bash -c "! ls '$T/g' | grep -q '\\.tmp\\.'"
"$BIN/gen" compass --out "$T/g" 2>/dev/null
rc=$(interrupted TERM cs-03 "$T/r" "$BIN/solver" compass --campaign "$T/g/campaign.json" --report "$T/r")
check "solver --campaign: SIGTERM mid-write ends it by SIGTERM (status $rc)" test "$rc" -eq 143
check "solver --campaign: SIGTERM mid-write leaves no temp file" bash -c "! ls '$T/r' | grep -q '\\.tmp\\.'"
# A stale temp file of a dead process goes on the next run; a live process's and others stay.
dead=99999999; while kill -0 "$dead" 2>/dev/null; do dead=$((dead - 1)); done
: >"$T/g/cs-01-four-winds.json.tmp.$dead"; : >"$T/g/cs-99-old.json.tmp.$dead"
: >"$T/g/cs-02-x.json.tmp.$$"; : >"$T/g/notes.tmp.txt"
expect "gen compass after an interrupted run" 0 "" -- "$BIN/gen" compass --out "$T/g"
check "stale temp files of a dead run are swept" bash -c "! ls '$T/g' | grep -q '\\.tmp\\.$dead'"
check "a live process's temp file and other files stay" test -e "$T/g/cs-02-x.json.tmp.$$" -a -e "$T/g/notes.tmp.txt"
mkdir -p "$T/r" && : >"$T/r/campaign.json.tmp.$dead"
expect "solver --campaign after an interrupted run" 0 "" -- "$BIN/solver" compass --campaign "$T/g/campaign.json" --report "$T/r"
check "solver --campaign sweeps the report folder's stale temp files" test ! -e "$T/r/campaign.json.tmp.$dead"
rm -rf "$T/g" "$T/r"
