# solver compass: evidence records, the report directory, failed checks, the search bound and
# every malformed-input case (issue 3 "Solver", "Level format").
FX="$ROOT/tests/fixtures/compass"

expect "compass help" 0 "" -- "$BIN/solver" compass --help
check "help names --max-states" grep -q -- "--max-states" "$T/out"

expect "harbor solves" 0 "" -- "$BIN/solver" compass "$FX/harbor.json"
check "harbor evidence matches the golden record" cmp -s "$T/out" "$FX/harbor.evidence.json"
cp "$T/out" "$T/harbor.out"
check "harbor evidence follows its schema" json_schema_ok compass-evidence.schema.json "$T/harbor.out"
expect "harbor again" 0 "" -- env OMP_NUM_THREADS=1 "$BIN/solver" compass "$FX/harbor.json"
check "the same level gives byte-identical evidence" cmp -s "$T/out" "$T/harbor.out"
expect "--stats measures on stderr" 0 "harbor.json: 14 states .* states/s, peak memory" -- \
  "$BIN/solver" compass --stats "$FX/harbor.json"
check "--stats leaves the record unchanged" cmp -s "$T/out" "$T/harbor.out"

# Identity: a quarter-turned copy (made independently, ids renamed) is the same board; the
# mirror image is a different puzzle (it turns the compass the other way) with its own hash.
hash_of() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(d['canonicalHash'], d['boardEncoding'], d['stateCount'])" "$1"; }
expect "turned harbor" 0 "" -- "$BIN/solver" compass "$FX/harbor-turned.json"
cp "$T/out" "$T/turned.out"
check "a quarter-turn keeps hash, encoding and state count" test "$(hash_of "$T/turned.out")" = "$(hash_of "$T/harbor.out")"
expect "mirrored harbor" 0 "" -- "$BIN/solver" compass "$FX/harbor-mirrored.json"
check "the mirror image hashes differently" test "$(hash_of "$T/out" | cut -d' ' -f1)" != "$(hash_of "$T/harbor.out" | cut -d' ' -f1)"

for f in "$FX"/harbor.json "$FX"/pair-window.json "$FX"/open-sea-16.json "$FX"/example.json; do
  check "fixture $(basename "$f") follows the level schema" json_schema_ok compass-level.schema.json "$f"
done

# Exit 1: well-formed levels whose checks fail, each named on stderr.
expect "unsolvable example" 1 "^solver: compass: [^ ]*example.json: FAIL solvable: no winning release order is reachable$" -- "$BIN/solver" compass "$FX/example.json"
check "an unsolvable record still says so" grep -q '"solvable":.false' "$T/out"
expect "stranded pair" 1 "pair-stranded.json: FAIL solvable: " -- "$BIN/solver" compass "$FX/pair-stranded.json"
check "stranded pair has two dead ends" grep -q '"deadEndStates":.2,' "$T/out"
expect "reverse solution that does not win" 1 "pair-bad-reverse.json: FAIL reverseConstructionVerified: construction.reverseSolution does not replay to a win$" -- \
  "$BIN/solver" compass "$FX/pair-bad-reverse.json"
check "its BFS solution still verifies" grep -q '"solverVerified":.true' "$T/out"

# The bound: a clean stop with the state count, never a crash.
expect "search limit" 1 "open-sea-16.json: search limit reached after 1000 states" -- \
  "$BIN/solver" compass --max-states 1000 "$FX/open-sea-16.json"
check "no record at the limit" test ! -s "$T/out"
expect "open sea within bound" 0 "" -- "$BIN/solver" compass "$FX/open-sea-16.json"
check "open sea counts 55265 states" grep -q '"stateCount":.55265,' "$T/out"

# --report DIR FILE...: one DIR/<id>.json per level, the same bytes as stdout.
expect "report two levels" 0 "" -- "$BIN/solver" compass --report "$T/rep" "$FX/harbor.json" "$FX/pair-window.json"
check "report wrote harbor.json" cmp -s "$T/rep/harbor.json" "$FX/harbor.evidence.json"
check "report wrote pair-window.json" json_schema_ok compass-evidence.schema.json "$T/rep/pair-window.json"
check "report prints nothing" test ! -s "$T/out"
expect "report with a failing level" 1 "pair-stranded.json: FAIL solvable: " -- \
  "$BIN/solver" compass --report "$T/rep2" "$FX/pair-window.json" "$FX/pair-stranded.json"
check "the failing level's record is still written" test -s "$T/rep2/pair-stranded.json"

# Exit 2: one line naming the file and the field.
bad() { # bad NAME REGEX JSON: writes $T/NAME.json and expects exit 2 matching REGEX
  printf '%s' "$3" >"$T/$1.json"
  expect "malformed: $1" 2 "$2" -- "$BIN/solver" compass "$T/$1.json"
}
H='"format":"compass-shift-level/1","id":"m","rows":4,"cols":4,"initialPhase":0'
A='"arrows":[{"id":"a","row":0,"col":0,"dir":"N"}]'
bad not-json 'not-json.json: invalid JSON near line 1' '{"format":'
bad trailing 'trailing.json: invalid JSON' "{$H,\"walls\":[],\"apertures\":[],$A} x"
bad wrong-format 'wrong-format.json: format: expected "compass-shift-level/1"' '{"format":"compass-shift-level/9"}'
bad root-array 'root-array.json: \(root\): expected an object' '[]'
bad bad-dir 'bad-dir.json: arrows\[0\].dir: expected N/E/S/W, got "Q"' \
  "{$H,\"walls\":[],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"Q\"}]}"
bad row-range 'row-range.json: arrows\[0\].row: expected an integer from 0 to 3, got 9' \
  "{$H,\"walls\":[],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":9,\"col\":0,\"dir\":\"N\"}]}"
bad no-arrows 'no-arrows.json: arrows: expected 1 to 64 items, got 0' "{$H,\"walls\":[],\"apertures\":[],\"arrows\":[]}"
bad missing-walls 'missing-walls.json: walls: missing' "{$H,\"apertures\":[],$A}"
bad dup-id 'dup-id.json: arrows\[1\].id: "a" is already used' \
  "{$H,\"walls\":[],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"},{\"id\":\"a\",\"row\":1,\"col\":0,\"dir\":\"N\"}]}"
bad arrow-on-wall 'arrow-on-wall.json: arrows\[0\]: cell \[0, 0\] is a wall' "{$H,\"walls\":[[0,0]],\"apertures\":[],$A}"
bad window-two 'window-two.json: apertures\[0\].phases: expected 1 to 1 items' \
  "{$H,\"walls\":[],\"apertures\":[{\"side\":\"N\",\"lane\":0,\"kind\":\"window\",\"phases\":[0,1]}],$A}"
bad port-same 'port-same.json: apertures\[0\].phases\[1\]: phase 2 is listed twice' \
  "{$H,\"walls\":[],\"apertures\":[{\"side\":\"N\",\"lane\":0,\"kind\":\"port\",\"phases\":[2,2]}],$A}"
bad two-per-lane 'two-per-lane.json: apertures\[1\]: lane E2 already has apertures\[0\]' \
  "{$H,\"walls\":[],\"apertures\":[{\"side\":\"E\",\"lane\":2,\"kind\":\"plain\"},{\"side\":\"E\",\"lane\":2,\"kind\":\"port\",\"phases\":[0,2]}],$A}"
bad too-big 'too-big.json: rows: expected an integer from 1 to 16, got 17' \
  '{"format":"compass-shift-level/1","id":"m","rows":17,"cols":4,"initialPhase":0}'
bad unknown-key 'unknown-key.json: colour: unknown field' "{$H,\"walls\":[],\"apertures\":[],$A,\"colour\":1}"
bad bad-reverse 'bad-reverse.json: construction.reverseSolution\[0\]: expected an arrow id, got "zz"' \
  "{$H,\"walls\":[],\"apertures\":[],$A,\"construction\":{\"seed\":1,\"attempt\":0,\"reverseSolution\":[\"zz\"]}}"
bad path-id 'path-id.json: id: expected letters' \
  '{"format":"compass-shift-level/1","id":"../etc","rows":4,"cols":4,"initialPhase":0,"walls":[],"apertures":[],"arrows":[{"id":"a","row":0,"col":0,"dir":"N"}]}'
: >"$T/empty.json"
expect "malformed: empty file" 2 "empty.json: empty file" -- "$BIN/solver" compass "$T/empty.json"
truncate -s 17M "$T/huge.json"
expect "malformed: huge file" 2 "huge.json: file is .* larger than" -- "$BIN/solver" compass "$T/huge.json"
rm -f "$T/huge.json"
expect "missing file" 2 "no-such.json: cannot open" -- "$BIN/solver" compass "$T/no-such.json"
expect "a directory" 2 "not a regular file" -- "$BIN/solver" compass "$T"
expect "a bad file stops a report before anything is written" 2 "bad-dir.json" -- \
  "$BIN/solver" compass --report "$T/rep3" "$FX/harbor.json" "$T/bad-dir.json"
check "nothing written" test ! -e "$T/rep3"

# Usage errors.
expect "no file" 2 "FILE is required" -- "$BIN/solver" compass
expect "two files without --report" 2 "use --report" -- "$BIN/solver" compass "$FX/harbor.json" "$FX/pair-window.json"
expect "bad --max-states" 2 "max-states" -- "$BIN/solver" compass --max-states 0 "$FX/harbor.json"
expect "unknown option" 2 "unknown option" -- "$BIN/solver" compass --bogus "$FX/harbor.json"
expect "duplicate ids in a report" 2 'id: "harbor" is also the id of' -- \
  "$BIN/solver" compass --report "$T/rep4" "$FX/harbor.json" "$FX/harbor.json"
expect "unwritable report dir" 2 "cannot" -- "$BIN/solver" compass --report /proc/no/such "$FX/harbor.json"
expect "empty report dir" 2 "--report: expected a folder path" -- "$BIN/solver" compass --report "" "$FX/harbor.json"

# An independent set-based reference (tests/compass_reference.py, from the spec's wording)
# agrees on solution, counts, witnesses, idle apertures, the difficulty metrics (issue 18) and
# issue 31's lookahead, lastTrapStep, greedyWins, randomScanWinShare and apertureReach
# for seeded random boards.
check "solver agrees with the reference on 200 random boards" \
  python3 "$ROOT/tests/compass_reference.py" "$BIN/solver" 20261129 200

# Wider random boards (issue 14 "Tests"): up to 8x8 with 1 to 28 arrows (the bitmap search),
# and up to 40 arrows (the hash search past 30), windows, ports, walls, any initial phase.
check "solver agrees with the reference on 100 boards of 1 to 28 arrows" \
  python3 "$ROOT/tests/compass_reference.py" "$BIN/solver" 20261201 100 8 28 20000
check "solver agrees with the reference on 40 boards of 1 to 40 arrows" \
  python3 "$ROOT/tests/compass_reference.py" "$BIN/solver" 20261202 40 8 40 20000

# Threads (issue 14): the bitmap search splits each layer over OpenMP threads; the record is
# byte-identical for any count. A 10x10 open board with 20 arrows has 949260 states.
python3 "$ROOT/mk/compass_bench_boards.py" "$T/bench" 10 20
for t in 1 2 3; do
  expect "open 10x10 board on $t threads" 0 "" -- env OMP_NUM_THREADS=$t "$BIN/solver" compass "$T/bench/bench-10x10-20.json"
  cp "$T/out" "$T/threads$t.out"
done
check "the open board counts 949260 states" grep -q '"stateCount":.949260,' "$T/threads1.out"
check "2 threads give the 1-thread record" cmp -s "$T/threads1.out" "$T/threads2.out"
check "3 threads give the 1-thread record" cmp -s "$T/threads1.out" "$T/threads3.out"

# Memory (issue 9 fault 8): a 16x16 board with 64 arrows and every lane open stops cleanly at
# --max-memory with exit 1, the figures reached, and the way on; progress on stderr.
python3 "$ROOT/mk/compass_bench_boards.py" "$T/bench" 16 64
expect "a huge board stops at the memory bound" 1 \
  "memory limit reached after [0-9]+ states \(--max-memory\): [0-9]+ of 64 releases searched, [0-9.]+ MiB of tables; --first" -- \
  "$BIN/solver" compass --max-memory 128M "$T/bench/bench-16x16-64.json"
check "no record at the memory bound" test ! -s "$T/out"
check "progress was printed" grep -q "releases searched, [0-9]* states$" "$T/err"
expect "bad --max-memory" 2 "--max-memory: expected bytes with an optional K, M or G suffix, 1M to 1024G, got \"12Q\"" -- \
  "$BIN/solver" compass --max-memory 12Q "$FX/harbor.json"
expect "too small --max-memory" 2 "got \"1000\"" -- "$BIN/solver" compass --max-memory 1000 "$FX/harbor.json"
check "help names --max-memory" sh -c '"$0" compass --help | grep -q -- --max-memory' "$BIN/solver"

# --first (issue 14 "First solution on huge boards"): one replayed solution without
# enumerating, the same one the full search gives; a proof when there is none.
expect "--first on the huge board" 0 "" -- "$BIN/solver" compass --first "$T/bench/bench-16x16-64.json"
check "its record follows its schema" json_schema_ok compass-first.schema.json "$T/out"
check "it says stateCount was not enumerated" grep -q '"stateCountEnumerated":.false' "$T/out"
check "it replayed the solution" grep -q '"solverVerified":.true' "$T/out"
expect "--first on harbor" 0 "" -- "$BIN/solver" compass --first "$FX/harbor.json"
sol() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['solution'])" "$1"; }
check "--first gives the full search's solution" test "$(sol "$T/out")" = "$(sol "$FX/harbor.evidence.json")"
expect "--first proves the stranded pair unsolvable" 1 "^solver: compass: [^ ]*pair-stranded.json: FAIL solvable: no winning release order exists$" -- \
  "$BIN/solver" compass --first "$FX/pair-stranded.json"
check "the unsolvable record says so" grep -q '"solvable":.false' "$T/out"
expect "--first at its state bound" 1 "search limit reached after 3 states expanded \(--max-states\)" -- \
  "$BIN/solver" compass --first --max-states 3 "$FX/harbor.json"
expect "--first with --report" 2 "--first takes one FILE" -- "$BIN/solver" compass --first --report "$T/rf" "$FX/harbor.json"
