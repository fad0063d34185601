#!/usr/bin/env bash
# Compares committed trees with a regeneration: mk/compare.sh COMMITTED FRESH [COMMITTED FRESH ...]
set -u
status=0
while [ $# -ge 2 ]; do
  committed=$1 fresh=$2; shift 2
  [ -d "$committed" ] || committed=/dev/null/missing-$committed
  while IFS= read -r line; do
    echo "verify: $line" >&2; status=1
  done < <(diff -rq "$committed" "$fresh" 2>&1 | sed "s#$fresh#(regenerated) $committed#g")
done
[ $status -eq 0 ] && echo "verify: committed levels/ and reports/ match a fresh regeneration"
exit $status
