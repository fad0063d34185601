# Outputs never replace inputs (core/outpath.h, issue 30 item 1), in every tool and every flag
# pair, by any spelling: the same path, ./ and .. detours, a symlink, a hard link, a file not
# yet there. Each refusal is exit 2 with one line, and the input is left byte for byte. Also:
# a symlinked output is written through its link, and every output is fsynced before rename.
FIX="$ROOT/tests/fixtures/memory5d-records.json"
RULES="$ROOT/levels/memory5d/rules.json"
L1="$ROOT/levels/oddshape/table-l1.json"
[ -f "$L1" ] || L1=$(ls "$ROOT"/levels/oddshape/*.json | head -1)
LEVEL=$(ls "$ROOT"/levels/compass/cs-*.json | head -1)
P="$BIN/player"
mkdir -p "$T/o" && cd "$T/o" || exit 1
"$BIN/solver" memory5d --records db.sqlite --import "$FIX" >/dev/null 2>&1
cp db.sqlite db.keep
printf '{"t":0,"key":"escape"}\n' >script.jsonl
cp "$RULES" rules.json && cp "$L1" rounds.json && cp "$LEVEL" level.json
ln -sf db.sqlite db.link && ln -f db.sqlite db.hard && mkdir -p sub && ln -sf ../db.sqlite sub/up.link

# same_db NAME: the records database is the one imported (it was not replaced)
same_db() { check "$1: the database is untouched" cmp db.sqlite db.keep; }

# every spelling of the records database, as the target of every player output flag
for spell in db.sqlite ./db.sqlite sub/../db.sqlite "$T/o/db.sqlite" db.link db.hard sub/up.link; do
  expect "player --events-out onto --records as $spell" 2 "refusing to replace an input" -- \
    "$P" memory5d --headless --records db.sqlite --until 10 --events-out "$spell"
  expect "player --screenshot onto --records as $spell" 2 "refusing to replace an input" -- \
    "$P" memory5d --headless --records db.sqlite --until 10 --screenshot "5:$spell"
  expect "player --export onto --records as $spell" 2 "refusing to replace an input" -- \
    "$P" memory5d --records db.sqlite --export "$spell"
  expect "solver --report onto --records as $spell" 2 "refusing to replace an input" -- \
    "$BIN/solver" memory5d --records db.sqlite --report "$spell"
  expect "solver --export onto --records as $spell" 2 "refusing to replace an input" -- \
    "$BIN/solver" memory5d --records db.sqlite --export "$spell"
done
same_db "after every spelling"

# every player input against every player output
for pair in "--script script.jsonl" "--settings rules.json"; do
  set -- $pair
  for out in "--events-out $2" "--screenshot 5:$2"; do
    expect "player $out onto $1" 2 "refusing to replace an input" -- "$P" memory5d --headless --until 10 $pair $out
  done
done
expect "player --events-out onto --rules" 2 "refusing to replace an input" -- "$P" memory5d --headless --until 10 --rules rules.json --events-out ./rules.json
expect "player --screenshot onto --levels" 2 "refusing to replace an input" -- "$P" oddshape --headless --until 10 --levels rounds.json --screenshot 5:rounds.json
expect "player --events-out onto --level" 2 "refusing to replace an input" -- "$P" compass --headless --until 10 --level level.json --events-out level.json
expect "player --export onto --rules" 2 "refusing to replace an input" -- "$P" memory5d --records db.sqlite --rules rules.json --export rules.json
expect "player --records onto --import" 2 "refusing to replace an input" -- "$P" memory5d --records db.sqlite --import db.link
expect "player --settings onto --records (settings are saved)" 2 "refusing to replace an input" -- "$P" memory5d --headless --until 10 --records db.sqlite --settings db.link
expect "player --settings onto --script" 2 "refusing to replace an input" -- "$P" oddshape --headless --until 10 --script script.jsonl --settings ./script.jsonl
check "player inputs untouched" bash -c "cmp rules.json '$RULES' && cmp rounds.json '$L1' && cmp level.json '$LEVEL' && test \"\$(cat script.jsonl)\" = '{\"t\":0,\"key\":\"escape\"}'"
same_db "after the player pairs"

# a database not yet there, named twice: refused before either is created
expect "player --events-out onto a --records not yet there" 2 "refusing to replace an input" -- \
  "$P" memory5d --headless --records new.db --until 10 --events-out ./new.db
check "nothing created" test ! -e new.db
ln -sf later.db dangling.link
expect "player --events-out onto a dangling link to --records not yet there" 2 "refusing to replace an input" -- \
  "$P" memory5d --headless --records later.db --until 10 --events-out dangling.link
check "nothing created behind the link" test ! -e later.db

# solver and gen: every pair
expect "solver memory5d --report onto --import" 2 "refusing to replace an input" -- "$BIN/solver" memory5d --records fresh.db --import "$FIX" --report "$FIX"
expect "solver memory5d --import onto --records (hard link)" 2 "refusing to replace an input" -- "$BIN/solver" memory5d --records db.sqlite --import db.hard
expect "solver memory5d --report onto --config (symlink)" 2 "refusing to replace an input" -- \
  bash -c "ln -sf rules.json rules.link && exec '$BIN/solver' memory5d --config rules.json --report rules.link --matches 2"
expect "gen memory5d --out onto --config (hard link)" 2 "refusing to replace an input" -- \
  bash -c "ln -f rules.json rules.hard && exec '$BIN/gen' memory5d --config rules.json --out rules.hard"
"$BIN/solver" compass --report rep "$LEVEL" >/dev/null 2>&1
cp rep/*.json old.json 2>/dev/null; cp old.json new.json
for spell in old.json ./old.json old.link old.hard; do
  ln -sf old.json old.link; ln -f old.json old.hard
  expect "solver diff --out onto OLD as $spell" 2 "refusing to replace an input" -- "$BIN/solver" diff old.json new.json --out "$spell"
  expect "solver diff --out onto NEW as $spell" 2 "refusing to replace an input" -- "$BIN/solver" diff new.json "$spell" --out new.json
done
check "diff inputs untouched" cmp old.json new.json
mkdir -p tree/reports && cp old.json tree/reports/x.json
expect "solver diff --out into an input folder" 2 "refusing to replace an input" -- "$BIN/solver" diff tree tree --out tree/reports/x.json
expect "solver diff --out to a new file in an input folder" 2 "refusing to replace an input" -- "$BIN/solver" diff tree tree --out tree/new.txt
check "no file written in the input folder" test ! -e tree/new.txt
expect "solver diff --out elsewhere is fine" 0 "" -- "$BIN/solver" diff old.json new.json --out diff.txt
mkdir -p rep2 && ln -sf ../level.json "rep2/$(python3 -c "import json,sys; print(json.load(open('level.json'))['id'])").json"
expect "solver compass --report: a record's name links to the input" 2 "refusing to replace an input" -- "$BIN/solver" compass --report rep2 level.json
check "compass input untouched" cmp level.json "$LEVEL"

# a symlinked output is written through: the link stays a link, its target gets the content
printf 'old\n' >target.txt && ln -sf target.txt out.link
expect "diff --out through a symlink" 0 "" -- "$BIN/solver" diff old.json new.json --out out.link
check "the link is still a link" test -L out.link
check "its target got the report" grep -q 'no changes' target.txt
ln -sf target.png shot.link
expect "screenshot through a symlink to a new file" 0 "" -- "$P" oddshape --headless --levels "$L1" --until 10 --screenshot 5:shot.link
check "screenshot: the link is still a link" test -L shot.link
check "screenshot: its target is a PNG" bash -c "head -c 4 target.png | grep -q PNG"
ln -sf events.jsonl ev.link
expect "events log through a symlink" 0 "" -- "$P" oddshape --headless --levels "$L1" --until 10 --events-out ev.link
check "events: the link is still a link, the log behind it" bash -c "test -L ev.link && test -s events.jsonl"
ln -sf nowhere/x.json broken.link
expect "a link into a missing folder is refused" 2 "folder does not exist" -- "$BIN/solver" diff old.json new.json --out broken.link
check "the broken link is left" test -L broken.link

# fsync before rename: every file a tool renames into place was fsynced first
cc -shared -fPIC -O1 -o "$T/fsync_probe.so" "$ROOT/tests/cli/fsync_probe.c" -ldl
probe() { LD_PRELOAD="$T/fsync_probe.so" ASAN_OPTIONS=verify_asan_link_order=0 FSYNC_LOG="$T/fsync.log" "$@"; }
rm -f "$T/fsync.log"
probe "$BIN/solver" diff old.json new.json --out synced.txt >/dev/null 2>&1
probe "$BIN/solver" oddshape rounds.json --report synced.json >/dev/null 2>&1
probe "$BIN/gen" oddshape --seed 4 --out synced-gen.json >/dev/null 2>&1
probe "$P" oddshape --headless --levels "$L1" --until 10 --events-out synced.jsonl --screenshot 5:synced.png >/dev/null 2>&1
check "the fsync probe saw the renames" test "$(grep -c '^rename' "$T/fsync.log" 2>/dev/null)" -ge 5
check "every renamed file was fsynced first" bash -c "! grep '^rename unsynced' '$T/fsync.log'"
cd "$ROOT"
