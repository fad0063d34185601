# make install into a temporary DESTDIR, the installed programs run from another folder (they
# find their data under PREFIX/share/<data name> from their own folder), make uninstall
# leaves nothing. The programs are the ones under test ($BIN): -o keeps make from rebuilding.
D="$T/dest" P="$T/dest/usr/local"
MK=(make -C "$ROOT" --no-print-directory -s BIN="$BIN" -o "$BIN/gen" -o "$BIN/solver" -o "$BIN/player" -o "$BIN/server")
data=$(sed -n 's/^#define TOOLCHAIN_DATA_NAME "\(.*\)"/\1/p' "$ROOT/core/version.h")
expect "make install DESTDIR" 0 "" -- "${MK[@]}" install DESTDIR="$D" PREFIX=/usr/local
for f in bin/gen bin/solver bin/player bin/server share/man/man1/gen.1 share/man/man1/solver.1 \
         share/man/man1/server.1 share/man/man6/player.6 \
         "share/$data/levels/memory5d/rules.json" "share/$data/levels/memory5d/tutorial/01-goal.json" \
         "share/$data/levels/compass/campaign.json" "share/$data/reports/compass/campaign.json" \
         "share/$data/levels/oddshape/l1.json" "share/$data/schemas/compass-level.schema.json"; do
  check "installed $f" test -f "$P/$f"
done
check "the programs are executable" test -x "$P/bin/player"
check "nothing but the programs, pages and data" sh -c "cd '$P' && [ -z \"\$(find . -type f ! -path './bin/*' ! -path './share/man/*' ! -path './share/$data/*')\" ]"
check "no test or build files installed" sh -c "! find '$D' -name '*.o' -o -name tests -o -name '*.sh' | grep -q ."
check "installed man page renders" sh -c "LC_ALL=C man -l '$P/share/man/man1/solver.1' | grep -q '^NAME'"

# From a folder with no levels/ of its own.
mkdir -p "$T/elsewhere"; cd "$T/elsewhere"
expect "installed gen compass" 0 "" -- "$P/bin/gen" compass --seed 7 --out camp
expect "installed solver verifies it" 0 "" -- "$P/bin/solver" compass --campaign camp/campaign.json --report rep
check "the evidence is written" test -f rep/campaign.json
expect "installed player plays one level headless" 0 "" -- "$P/bin/player" compass --headless --level camp/cs-01-four-winds.json --until 600 --events-out lvl.jsonl
check "the level started" grep -q '"event":"level-start"' lvl.jsonl
expect "installed player plays the installed campaign" 0 "" -- "$P/bin/player" compass --headless --until 600 --events-out camp.jsonl
check "the installed campaign's first level" grep -q '"level":"cs-01-four-winds".*"levels":50' camp.jsonl
expect "installed player opens the Memory5D lobby headless" 0 "" -- "$P/bin/player" memory5d --headless --until 600 --events-out lobby.jsonl
check "the lobby is on screen" grep -q '"screen":"lobby"' lobby.jsonl
expect "installed player plays Odd Shape's Table L1 headless" 0 "" -- "$P/bin/player" oddshape --headless --until 2000 --events-out odd.jsonl
check "Table L1 loaded: the Title is on screen" grep -q '"state":"Title"' odd.jsonl
expect "installed solver replays the installed tutorial" 0 "" -- "$P/bin/solver" memory5d --tutorial
check "every lesson passes" grep -q 'tutorial: 10 of 10 lessons pass' "$T/out"
expect "installed gen reads the installed rules" 0 "" -- "$P/bin/gen" memory5d --seed 7 --difficulty expert
expect "installed solver --version" 0 "" -- "$P/bin/solver" --version
# the installed server finds the installed rules from another folder, serves, and stops on SIGTERM
srv_run() {
  "$P/bin/server" memory5d --listen 127.0.0.1:0 --db srv.db >srv.out 2>srv.err &
  local pid=$! i
  for i in $(seq 50); do grep -q '^listening ' srv.out && break; sleep 0.1; done
  grep -q '^listening 127.0.0.1:' srv.out || { kill -9 $pid; return 1; }
  kill -TERM $pid; wait $pid
}
check "installed server starts with the installed rules and stops on SIGTERM" srv_run
check "its stop line" grep -q '^stopped: ' srv.out
check "an input not found names the path as given" sh -c "'$P/bin/solver' memory5d --config nope.json 2>&1 | grep -q 'nope.json'"
if [ "$BIN" = "$ROOT/bin" ]; then
  expect "the source tree's solver from another folder finds the tree's data" 0 "" -- "$BIN/solver" memory5d --tutorial
fi
cd "$ROOT"

expect "make uninstall DESTDIR" 0 "" -- "${MK[@]}" uninstall DESTDIR="$D" PREFIX=/usr/local
check "uninstall leaves no file or link" sh -c "[ -z \"\$(find '$D' ! -type d)\" ]"
check "uninstall removes the data folder" test ! -e "$P/share/$data"
# A file install did not write stays, and is named.
expect "reinstall" 0 "" -- "${MK[@]}" install DESTDIR="$D" PREFIX=/usr/local
echo mine >"$P/share/$data/levels/mine.json"
expect "uninstall beside a foreign file" 0 "still holds files" -- "${MK[@]}" uninstall DESTDIR="$D" PREFIX=/usr/local
check "the foreign file stays" test -f "$P/share/$data/levels/mine.json"
check "everything else went" sh -c "[ \"\$(find '$D' ! -type d)\" = '$P/share/$data/levels/mine.json' ]"
