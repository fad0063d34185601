#!/usr/bin/env bash
# Merges the JUnit files solver wrote into DIR (SOLVER_JUNIT_DIR, one per run, named so that
# name order is run order) into one OUT: one <testsuites> holding every run's testsuites,
# with the totals added up. Usage: mk/junit-merge.sh DIR OUT NAME
set -eu
dir=$1 out=$2 name=$3
tmp="$out.tmp.$$"
trap 'rm -f "$tmp"' EXIT
tests=0 failures=0 errors=0
shopt -s nullglob
files=("$dir"/solver-*.xml)
for f in "${files[@]}"; do
  # solver's second line: <testsuites name=".." tests="N" failures="N" errors="N">
  read -r t fl e < <(sed -n '2s/.* tests="\([0-9]*\)" failures="\([0-9]*\)" errors="\([0-9]*\)".*/\1 \2 \3/p' "$f")
  tests=$((tests + t)) failures=$((failures + fl)) errors=$((errors + e))
done
{
  echo '<?xml version="1.0" encoding="UTF-8"?>'
  echo "<testsuites name=\"$name\" tests=\"$tests\" failures=\"$failures\" errors=\"$errors\">"
  for f in "${files[@]}"; do sed '1,2d;$d' "$f"; done
  echo '</testsuites>'
} >"$tmp"
mv "$tmp" "$out"
trap - EXIT
