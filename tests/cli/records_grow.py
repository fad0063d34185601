"""records_grow.py DB N: adds N copies of match 1 (a Classic match of profile 2) to the records
database DB, each with its own match event, as the store would have recorded them; the
projections are not touched (export and import never read them). For the export-size tests
of tests/cli/test_records_hardening.sh."""
import sqlite3
import sys

db, n = sys.argv[1], int(sys.argv[2])
c = sqlite3.connect(db)
profile, rules, seat, log, opponent = c.execute(
    "SELECT profile, rules, seat, log, opponent FROM matches WHERE id = 1").fetchone()
for _ in range(n):
    cur = c.execute("INSERT INTO matches(profile, rules, seat, log, opponent) VALUES(?, ?, ?, ?, ?)",
                    (profile, rules, seat, log, opponent))
    c.execute("INSERT INTO events(profile, kind, match, price) VALUES(?, 'match', ?, 0)",
              (profile, cur.lastrowid))
c.commit()
