/* Memory5D records store internals shared by the store's own files (memory5d_store*.c):
 * the handle and the SQLite helpers (defined in memory5d_store_db.c, which calls no other store
 * file) and the migrations' SQL (memory5d_store.c, for the audit). Nothing outside the store
 * includes it. */
#ifndef STORE_MEMORY5D_STORE_DB_H
#define STORE_MEMORY5D_STORE_DB_H

#include <sqlite3.h>

#include "memory5d_store.h"

/* The SQL of the migration to schema version (1 ..), or NULL: defined in memory5d_store.c
 * for the audit's expected schema. */
const char *memory5d_store_migration_sql(int version);

struct memory5d_store {
    sqlite3 *db;
    char *path;  /* for messages */
    int version; /* PRAGMA user_version */
};

/* "PATH: what: sqlite's message" into err; returns -1. */
int memory5d_store_fail(memory5d_store *s, char *err, size_t errlen, const char *what);
int memory5d_store_exec(memory5d_store *s, const char *sql, char *err, size_t errlen);
int memory5d_store_begin(memory5d_store *s, char *err, size_t errlen);
/* Commits when rc is 0, else rolls back; 0 only when committed. */
int memory5d_store_end(memory5d_store *s, int rc, char *err, size_t errlen);
sqlite3_stmt *memory5d_store_prepare(memory5d_store *s, const char *sql, char *err, size_t errlen);
/* The first column of the first row (one optional integer parameter), or missing. */
int64_t memory5d_store_query_int(memory5d_store *s, const char *sql, int64_t arg, int64_t missing);
int memory5d_store_load_projection(memory5d_store *s, int64_t profile,
                                   memory5d_records_projection *p, char *err, size_t errlen);
int memory5d_store_save_projection(memory5d_store *s, const memory5d_records_projection *p,
                                   char *err, size_t errlen);
/* Binds ev's profile, kind, match, power and price to parameters first .. first + 4 (match
 * and power stay NULL when they do not apply). */
void memory5d_store_bind_event(sqlite3_stmt *st, int first, const memory5d_records_event *ev);
/* The play's draft as matches.draft stores it (malloc'd); NULL when not drafted, or out of
 * memory (*oom says which). */
char *memory5d_store_draft_text(const memory5d_records_play *play, int *oom);
/* 1 tutorial, 0 an ordinary profile, -1 no such profile (err says so). */
int memory5d_store_profile_kind(memory5d_store *s, int64_t profile, char *err, size_t errlen);
/* Inserts ev, folds it into its profile's projection and saves that, inside the caller's
 * transaction. The new event id, or -1. */
int64_t memory5d_store_append_event(memory5d_store *s, memory5d_records_event *ev,
                                    const memory5d_records_match *match, char *err, size_t errlen);

#endif
