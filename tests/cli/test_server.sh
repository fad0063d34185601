# The Memory5D match server (bin/server memory5d, docs/server.md). Each scenario of
# tests/server/test_server.py starts its own server on 127.0.0.1 with a free port, drives it
# only through the protocol (bots from tests/server/bot.py play whole matches), checks every
# message against schemas/server/ and stops it; loops are bounded in count and time.
expect "server: no --db" 2 "--db FILE are required" -- "$BIN/server" memory5d --listen 127.0.0.1:0
expect "server: bad --listen" 2 "HOST:PORT" -- "$BIN/server" memory5d --listen nowhere --db "$T/x.db"
expect "server: bad host" 2 "not an IP address" -- "$BIN/server" memory5d --listen name.invalid:0 --db "$T/x.db"
expect "server: bad rules" 2 "--rules" -- "$BIN/server" memory5d --listen 127.0.0.1:0 --db "$T/x.db" --rules /nonexistent.json
expect "server: bad --rate" 2 "rate" -- "$BIN/server" memory5d --listen 127.0.0.1:0 --db "$T/x.db" --rate 0
expect "server: bad --new-players" 2 "new-players" -- "$BIN/server" memory5d --listen 127.0.0.1:0 --db "$T/x.db" --new-players 0
for s in play unqueue newplayers fulldisk shop disconnect kill9 takeover idle bad flood autopick; do
  if timeout 300 python3 "$ROOT/tests/server/test_server.py" --bin "$BIN" --root "$ROOT" --work "$T" "$s" 2>"$T/$s.log"; then
    PASS=$((PASS + 1))
  else
    FAIL=$((FAIL + 1)); echo "FAIL server scenario $s" >&2; head -20 "$T/$s.log" | sed 's/^/  /' >&2
  fi
done
# the server links libuv and its own database, not the records store
check "bin/server links libuv" bash -c "ldd '$BIN/server' | grep -q libuv"
check "bin/server carries no records-store function" bash -c "! nm '$BIN/server' | grep -q memory5d_store_"
# the bench's C client plays whole matches too (a smoke run of make bench-server's script:
# three matches, no think time; its figures are not checked, timing is the bench's)
expect "bench-server script plays 3 matches" 0 "" -- env SERVER_BENCH_MATCHES=3 SERVER_BENCH_THINK_MS=0 python3 "$ROOT/mk/server_bench.py" "$BIN"
check "bench-server prints latency, CPU and memory" grep -Eq '^server: 3 matches \(at most [0-9]+ at once\), [0-9]+ links .* median .* p99 .* CPU .* peak memory' "$T/out"
check "bench-server prints the commits' times and the CPU steal" \
  bash -c "grep -q '^server: stopped: 13 database commits' '$T/out' && grep -q '^server: CPU steal' '$T/out'"
# The database's checkpoints run on a thread of their own, not between the matches' messages
# (issue 28: p99 link->linked under 10 ms; a checkpoint's syncs took tens of ms on the loop;
# that part is make bench-server's). Here: they still run at all now that the committing
# connection does none (a first version's checkpoint connection never saw the log): 150
# matches write past SERVER_DB_CHECKPOINT_PAGES (1000 pages) and, while the server still
# runs, the database file itself has grown and the write-ahead log stays near that threshold
# instead of holding every page since the start.
ck_run() {
  "$BIN/server" memory5d --listen 127.0.0.1:0 --db "$T/ck.db" --max-conns 400 >"$T/ck.out" 2>"$T/ck.err" &
  local pid=$! port="" i
  for i in $(seq 50); do port=$(sed -n 's/^listening .*:\([0-9]*\)$/\1/p' "$T/ck.out"); [ -n "$port" ] && break; sleep 0.1; done
  timeout 120 "$BIN/server_bench_client" 127.0.0.1 "$port" 150 0 "$T/ck.json" &&
    stat -c %s "$T/ck.db" "$T/ck.db-wal" >"$T/ck.sizes"
  local rc=$?
  kill -TERM $pid; wait $pid
  return $rc
}
check "150 bot matches on a fresh database" ck_run
check "checkpoints ran while it served: the database file grew, the log stayed under 2,000 pages" \
  python3 -c "import sys; d, w = map(int, open(sys.argv[1]).read().split()); sys.exit(0 if d > 400 * 1024 and w < 2000 * 4096 else 1)" "$T/ck.sizes"
check "no checkpoint failed" test ! -s "$T/ck.err"
# At its stop the server says how long its commits held the loop up (docs/server.md): one
# commit per change, so 150 matches of new players are 601 (300 players, 150 begins, 150
# ends, and the start's check for matches a killed server left), and the bench prints it.
# It also says how many players it still held: the bots' matches are over and their
# connections closed, and a player with no connection, match or queue leaves memory (the
# server holds the players it serves, not all it has seen), so none.
check "the stop counts every commit: 601 for 150 matches of new players" \
  grep -Eq '^stopped: 601 database commits, 99% within [0-9.]+ ms, 99.9% within [0-9.]+ ms, the longest [0-9.]+ ms; ' "$T/ck.out"
check "no player of the 300 is held in memory once they have gone" grep -q '; 0 players in memory$' "$T/ck.out"
