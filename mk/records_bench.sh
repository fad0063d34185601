#!/usr/bin/env bash
# mk/records_bench.sh BIN DIR N...: for each N, a healthy records database with N more
# profiles and one stats-reset event each (the sample's content plus
# tests/cli/records_grow.py's, projections filled as the store keeps them); then the wall time
# of solver memory5d --records on it, and of --export and --import into a new database. An
# export is limited to 4 MiB (about 25,000 such events): above that export refuses (as
# import would) and the line says so. Issue 30: 70,000 profiles once took 25 s to import
# and as long to check; both are linear-log now.
set -eu
bin=$1 dir=$2; shift 2
fix=tests/fixtures/memory5d-records.json
mkdir -p "$dir"
now() { date +%s.%N; }
for n in "$@"; do
  src=$dir/src-$n.db dst=$dir/dst-$n.db out=$dir/$n.json
  rm -f "$src"* "$dst"* "$out"
  "$bin/solver" memory5d --records "$src" --import "$fix"
  python3 tests/cli/records_grow.py "$src" 0 "$n" 1
  # each new profile's projection: a fresh one with one reset, as the store saves it
  python3 - "$src" <<'PY'
import json, sqlite3, sys
c = sqlite3.connect(sys.argv[1])
t = json.loads(c.execute("SELECT data FROM projections WHERE profile = 3").fetchone()[0])
def zero(x):
    return {k: zero(v) for k, v in x.items()} if isinstance(x, dict) else (None if x is None else 0)
fresh = zero(t)
for pid, eid in c.execute("SELECT profile, id FROM events WHERE kind = 'stats-reset' AND profile > 3").fetchall():
    p = dict(fresh, profile=pid, throughEvent=eid, resets=1)
    p["achievements"] = {k: None for k in t["achievements"]}
    c.execute("INSERT OR REPLACE INTO projections(profile, data) VALUES(?, ?)", (pid, json.dumps(p, separators=(",", ":"))))
c.commit()
PY
  events=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT count(*) FROM events').fetchone()[0])" "$src")
  t0=$(now); "$bin/solver" memory5d --records "$src" >/dev/null; t1=$(now)
  line=$(awk -v n="$events" -v a="$t0" -v b="$t1" 'BEGIN { printf "bench records: %d events: records check %.2f s", n, b - a }')
  if "$bin/solver" memory5d --records "$src" --export "$out" 2>"$dir/export.err"; then
    t2=$(now); "$bin/solver" memory5d --records "$dst" --import "$out"; t3=$(now)
    line+=$(awk -v b=$(stat -c %s "$out") -v a="$t2" -v c="$t3" 'BEGIN { printf "; import of its %.1f MiB export %.2f s", b / 1048576, c - a }')
  else
    line+="; no export (over the 4 MiB an import reads: $(sed 's/.*(//; s/)$//' "$dir/export.err"))"
  fi
  echo "$line"
done
