"""records_grow.py DB N [PROFILES [RESETS]]: adds to the records database DB, as the store
would have recorded them, N copies of match 1 (a Classic match of profile 2), each with its
own match event; then PROFILES new profiles ("P1", "P2", ...) and, with RESETS 1, a
stats-reset event for each. The projections are not touched (export and import never read
them; import rebuilds them). For tests/cli/test_records_hardening.sh and make bench-records."""
import sqlite3
import sys

db, n = sys.argv[1], int(sys.argv[2])
profiles = int(sys.argv[3]) if len(sys.argv) > 3 else 0
resets = len(sys.argv) > 4 and sys.argv[4] == "1"
c = sqlite3.connect(db)
profile, rules, seat, log, opponent = c.execute(
    "SELECT profile, rules, seat, log, opponent FROM matches WHERE id = 1").fetchone()
for _ in range(n):
    cur = c.execute("INSERT INTO matches(profile, rules, seat, log, opponent) VALUES(?, ?, ?, ?, ?)",
                    (profile, rules, seat, log, opponent))
    c.execute("INSERT INTO events(profile, kind, match, price) VALUES(?, 'match', ?, 0)",
              (profile, cur.lastrowid))
for i in range(profiles):
    cur = c.execute("INSERT INTO profiles(name) VALUES(?)", ("P%d" % (i + 1),))
    if resets:
        c.execute("INSERT INTO events(profile, kind, price) VALUES(?, 'stats-reset', 0)", (cur.lastrowid,))
c.commit()
