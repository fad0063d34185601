#!/usr/bin/env bash
# mk/fuzz.sh SECONDS TARGET...: runs each libFuzzer target of mk/fuzz.mk in turn for SECONDS,
# at nice 10 (FUZZ_NICE), first replaying tests/fixtures/fuzz/TARGET/* (crashes once found),
# then fuzzing from build/fuzz/corpus/TARGET and the seeds. One line per target with its
# executions; exit 1 on the first crash, naming the saved input.
set -u
secs=$1; shift
dir=${FUZZ_DIR:-build/fuzz}
nice=${FUZZ_NICE:-10}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
status=0 total=0
for t in "$@"; do
  bin=$dir/bin/fuzz_$t corpus=$dir/corpus/$t log=$dir/logs/$t.log
  export TMPDIR="$dir/tmp/$t.$$"  # scratch files of the target (fuzz_compass_campaign's folder)
  mkdir -p "$corpus" "$dir/crashes" "$dir/logs" "$TMPDIR"
  fixtures=$(ls -d tests/fixtures/fuzz/"$t"/* 2>/dev/null)
  if [ -n "$fixtures" ] && ! nice -n "$nice" "$bin" -close_fd_mask=2 $fixtures >"$log" 2>&1; then
    echo "fuzz $t: a committed fixture under tests/fixtures/fuzz/$t/ fails again (log: $log)" >&2
    tail -30 "$log" >&2; status=1; break
  fi
  start=$(date +%s)
  nice -n "$nice" "$bin" -max_total_time="$secs" -max_len=65536 -timeout=20 -rss_limit_mb=2048 \
    -close_fd_mask=2 -print_final_stats=1 -artifact_prefix="$dir/crashes/$t-" \
    "$corpus" "$dir/seeds/$t" >"$log" 2>&1
  rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  if [ "$rc" != 0 ]; then
    art=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
    echo "fuzz $t: CRASH after $(( $(date +%s) - start )) s; input saved as ${art:-?} (log: $log)" >&2
    grep -m5 -E 'ERROR|runtime error|fuzz: ' "$log" >&2
    echo "  keep it as a regression fixture: cp ${art:-INPUT} tests/fixtures/fuzz/$t/ and fix the bug" >&2
    status=1; break
  fi
  total=$((total + ${execs:-0}))
  printf 'fuzz %-17s %10s executions in %4d s, corpus %5d inputs, no crash\n' "$t:" "${execs:-?}" \
    "$(( $(date +%s) - start ))" "$(ls "$corpus" | wc -l)"
  rm -rf "$TMPDIR"
done
rm -rf "${TMPDIR:-}"
[ "$status" = 0 ] && echo "fuzz: $# targets, $total executions, no crash"
exit "$status"
