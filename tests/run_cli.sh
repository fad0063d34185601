#!/usr/bin/env bash
# Runs every tests/cli/test_*.sh against the built tools ($BIN) and prints one
# "N passed, M failed" line; exits 1 if any check failed.
set -u
here=$(cd "$(dirname "$0")" && pwd)
export BIN=${BIN:-$(cd "$here/.." && pwd)/bin}
export ROOT=$(cd "$here/.." && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
# Every "python3" in the tests is the tests' Python (Debian's, see mk/python.mk), not the
# first one on PATH.
export PYTHON=${PYTHON:-/usr/bin/python3}
mkdir -p "$work/.python" && ln -s "$PYTHON" "$work/.python/python3" && export PATH="$work/.python:$PATH"
total_pass=0 total_fail=0
for f in "$here"/cli/test_*.sh; do
  [ -e "$f" ] || continue
  ( export T="$work/$(basename "$f" .sh)"; mkdir -p "$T"; cd "$ROOT"
    source "$here/cli/lib.sh"; source "$f"; echo "$PASS $FAIL" >"$T.count" )
  read -r p fl < "$work/$(basename "$f" .sh).count" 2>/dev/null || { p=0; fl=1; echo "FAIL $(basename "$f"): aborted" >&2; }
  total_pass=$((total_pass + p)); total_fail=$((total_fail + fl))
done
echo "cli: $total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ] && [ "$total_pass" -gt 0 ]
