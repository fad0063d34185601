# Memory5D local records: the store is SQLite (core/memory5d/memory5d_store*.c), linked into
# every binary with the rest of core/, so sqlite3 joins the core packages.
PKGS_CORE += sqlite3
