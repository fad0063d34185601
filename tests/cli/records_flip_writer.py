"""records_flip_writer.py DB A B SECONDS: a busy writer for the records check's race test. For
SECONDS it replaces DB's whole content with A's, then B's, and again, each replacement one
transaction (as import does, without the replays), so any reader that takes the history
and the cached projections in two transactions sees a mix of both."""
import sqlite3
import sys
import time

db, a, b, secs = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
c = sqlite3.connect(db, isolation_level=None, timeout=10)
c.execute("ATTACH ? AS a", (a,))
c.execute("ATTACH ? AS b", (b,))
tables = ["profiles", "rules", "matches", "events", "projections", "chosen"]
end, n = time.time() + secs, 0
while time.time() < end:
    src = "ab"[n % 2]
    c.execute("BEGIN IMMEDIATE")
    for t in reversed(tables):
        c.execute("DELETE FROM main.%s" % t)
    for t in tables:
        c.execute("INSERT INTO main.%s SELECT * FROM %s.%s" % (t, src, t))
    c.execute("COMMIT")
    n += 1
print(n)
