/* Memory5D records store: one SQLite database file (WAL) holding profiles, rules, immutable
 * match snapshots, the append-only event history and the cached projections; ordered schema
 * migrations; every change in one transaction. The rules-free logic is memory5d_records. */
#ifndef STORE_MEMORY5D_STORE_H
#define STORE_MEMORY5D_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "memory5d/memory5d.h"
#include "memory5d/memory5d_records.h"

typedef struct memory5d_store memory5d_store;

typedef enum {
    MEMORY5D_STORE_CREATE, /* create the file if missing, migrate to the current schema */
    MEMORY5D_STORE_OPEN,   /* the file must exist; migrate to the current schema */
    MEMORY5D_STORE_READ,   /* the file must exist; read only, never migrated */
} memory5d_store_mode;

/* Opens path. Refuses (one message naming the file) what is not a SQLite database, another
 * program's database and one made by a newer build. 0, or -1 with *out NULL. */
int memory5d_store_open(const char *path, int mode, memory5d_store **out, char *err, size_t errlen);
/* The same, applying migrations only up to version (tests build old databases with it). */
int memory5d_store_open_version(const char *path, int version, memory5d_store **out, char *err,
                                size_t errlen);
void memory5d_store_close(memory5d_store *s);
/* 1 when this process can write path and create files beside it; else a reading command
 * opens it read-only (export of a database on a read-only mount, for one). */
int memory5d_store_writable(const char *path);
/* The database's schema version (PRAGMA user_version). */
int memory5d_store_version(const memory5d_store *s);

/* ---- profiles ---- */
/* A new profile (names are unique); its id, or -1. */
int64_t memory5d_store_profile_create(memory5d_store *s, const char *name, char *err,
                                      size_t errlen);
int memory5d_store_profile_rename(memory5d_store *s, int64_t profile, const char *name, char *err,
                                  size_t errlen);
int memory5d_store_profile_choose(memory5d_store *s, int64_t profile, char *err, size_t errlen);
/* The chosen profile, or 0 when none is. */
int64_t memory5d_store_profile_chosen(memory5d_store *s);
/* The tutorial profile every database has (it cannot be renamed, deleted or spend). */
int64_t memory5d_store_tutorial_profile(memory5d_store *s);
/* All profiles in id order (*list: free()). 0, or -1. */
int memory5d_store_profiles(memory5d_store *s, memory5d_records_profile **list, size_t *count,
                            char *err, size_t errlen);

/* ---- accepted events (each in one transaction with its projection update) ---- */
/* A finished match: rules_text (a rules config) and log_text (memory5d_log_to_json, any
 * formatting) are replayed first with play (the profile's seat, the opponent, a Power
 * Draft's picks); a match that does not reproduce is refused. Its event id, or -1 with
 * nothing written. */
int64_t memory5d_store_record_match(memory5d_store *s, int64_t profile, const char *rules_text,
                                    const char *log_text, const memory5d_records_play *play,
                                    char *err, size_t errlen);
/* Buys one power charge at cfg's price from the profile's Star Points. Event id, or -1. */
int64_t memory5d_store_buy(memory5d_store *s, int64_t profile, const memory5d_config *cfg,
                           int power, char *err, size_t errlen);

/* The cached projection of a non-tutorial profile. 0, or -1. */
int memory5d_store_projection(memory5d_store *s, int64_t profile, memory5d_records_projection *out,
                              char *err, size_t errlen);
/* Every cached projection row in profile order (*list: free()). 0, or -1. */
int memory5d_store_projections(memory5d_store *s, memory5d_records_projection **list, size_t *count,
                               char *err, size_t errlen);

/* ---- the three deletions; describe first, then confirm ---- */
typedef enum {
    MEMORY5D_STORE_RESET_STATISTICS,
    MEMORY5D_STORE_DELETE_PROFILE,
    MEMORY5D_STORE_DELETE_EVERYTHING,
} memory5d_store_deletion;
/* One paragraph saying exactly what the deletion removes and keeps, with the counts as they
 * are now (profile is ignored by DELETE_EVERYTHING). 0, or -1. */
int memory5d_store_describe(memory5d_store *s, int deletion, int64_t profile, char *buf, size_t len,
                            char *err, size_t errlen);
/* Appends a stats-reset event: statistics and Classic Elo restart from zero; match history,
 * achievements, Star Points and inventory stay. */
int memory5d_store_reset_statistics(memory5d_store *s, int64_t profile, char *err, size_t errlen);
/* Removes the profile with its matches, events and projection; other profiles untouched. */
int memory5d_store_delete_profile(memory5d_store *s, int64_t profile, char *err, size_t errlen);
/* Removes every profile but the tutorial one, every match, event, rules and projection. */
int memory5d_store_delete_everything(memory5d_store *s, char *err, size_t errlen);

/* ---- whole-database access (export, import, the records check) ---- */
/* Everything in id order (free with memory5d_records_data_free). 0, or -1. */
int memory5d_store_load(memory5d_store *s, memory5d_records_data *d, char *err, size_t errlen);
/* Replaces the whole content with d and its projections (memory5d_records_rebuild's) in one
 * transaction. 0, or -1 with nothing changed. */
int memory5d_store_replace(memory5d_store *s, const memory5d_records_data *d,
                           const memory5d_records_projection *proj, size_t count, char *err,
                           size_t errlen);
/* One read transaction around several reads (the records check): every read between the two
 * sees one snapshot of the database, however many writers commit meanwhile (WAL). 0, or -1. */
int memory5d_store_read_begin(memory5d_store *s, char *err, size_t errlen);
void memory5d_store_read_end(memory5d_store *s);
/* SQLite's integrity and foreign-key checks: 0 when both are clean, else -1 with the first
 * problem. */
int memory5d_store_integrity(memory5d_store *s, char *err, size_t errlen);
/* Everything stored exactly as the store writes it: the schema objects (tables, triggers)
 * equal what the migrations to the database's version make; every column has its exact
 * type and range (no price of 2^32 + 30, 30.75 or '30' read back as 30, no 33-byte name cut
 * on reading); every event kind exactly its fields; every rules hash its text's. 0, or -1
 * naming the table and row. memory5d_store_integrity runs it after SQLite's checks. */
int memory5d_store_audit(memory5d_store *s, char *err, size_t errlen);

/* ---- export and import files (what the player's records screen and CLI call) ---- */
enum { MEMORY5D_RECORDS_OK = 0, MEMORY5D_RECORDS_REFUSED = 1, MEMORY5D_RECORDS_ERROR = 2 };
/* Writes the database at db_path to out_path (schemas/memory5d-records.schema.json),
 * atomically. OK, or ERROR with a message. */
int memory5d_records_export(const char *db_path, const char *out_path, char *err, size_t errlen);
/* Validates the whole file at in_path (format, checksum, schema version, fields, references,
 * every snapshot's replay, every event's projection) and only then replaces the database's
 * content with it in one transaction. OK; REFUSED when the file is refused (nothing
 * changed); ERROR when the file or the database cannot be opened or written. */
int memory5d_records_import(const char *db_path, const char *in_path, char *err, size_t errlen);

#endif
