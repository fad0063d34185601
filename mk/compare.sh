#!/usr/bin/env bash
# Compares committed trees with a regeneration: mk/compare.sh COMMITTED FRESH [COMMITTED FRESH ...]
# With DIFF_TOOL set (make verify sets "bin/solver diff"), a drift is also explained in words.
set -u
status=0
while [ $# -ge 2 ]; do
  committed=$1 fresh=$2; shift 2
  [ -d "$committed" ] || committed=/dev/null/missing-$committed
  drift=0
  while IFS= read -r line; do
    echo "verify: $line" >&2; status=1; drift=1
  done < <(diff -rq "$committed" "$fresh" 2>&1 | sed "s#$fresh#(regenerated) $committed#g")
  if [ $drift -eq 1 ] && [ -n "${DIFF_TOOL:-}" ] && [ -d "$committed" ]; then
    echo "verify: what changed in $committed (committed -> regenerated):" >&2
    $DIFF_TOOL "$committed" "$fresh" 2>&1 | sed 's/^/verify:   /' >&2
    [ "${PIPESTATUS[0]}" -eq 0 ] && echo "verify:   (the same content: the files differ in bytes only)" >&2
  fi
done
[ $status -eq 0 ] && echo "verify: committed levels/ and reports/ match a fresh regeneration"
exit $status
