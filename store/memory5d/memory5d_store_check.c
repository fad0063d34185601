/* Memory5D records store: the database check behind solver memory5d --records' sqlite-integrity
 * (SQLite's own integrity and foreign-key checks, then an audit of every stored value, the
 * schema objects against the migrations and every rules hash against its text). */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memory5d/memory5d_records_json.h"
#include "memory5d_store.h"
#include "memory5d_store_db.h"

int memory5d_store_integrity(memory5d_store *s, char *err, size_t errlen)
{
    sqlite3_stmt *st = memory5d_store_prepare(s, "PRAGMA integrity_check", err, errlen);
    if (!st)
        return -1;
    int rc = 0;
    if (sqlite3_step(st) != SQLITE_ROW ||
        strcmp((const char *)sqlite3_column_text(st, 0), "ok") != 0)
        rc = -1,
        snprintf(err, errlen, "integrity_check: %.300s", (const char *)sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
    if (rc == 0 && (st = memory5d_store_prepare(s, "PRAGMA foreign_key_check", err, errlen))) {
        if (sqlite3_step(st) == SQLITE_ROW)
            rc = -1, snprintf(err, errlen,
                              "foreign_key_check: table %s row %lld refers to a "
                              "missing %s",
                              (const char *)sqlite3_column_text(st, 0),
                              (long long)sqlite3_column_int64(st, 1),
                              (const char *)sqlite3_column_text(st, 2));
        sqlite3_finalize(st);
    } else if (rc == 0) {
        rc = -1;
    }
    if (rc == 0)
        rc = memory5d_store_audit(s, err, errlen);
    return rc;
}

/* ---- the audit: every stored value exactly as the store writes it ---- */

/* One rule per column or event kind: the rows of table for which ok is false are damaged;
 * shown (an SQL expression) is the value the message quotes, want says what was expected.
 * from_version: the rule applies from that schema version. */
static const struct {
    int from_version;
    const char *table, *shown, *ok, *want;
} audit_rules[] = {
    {1, "profiles", "id", "typeof(id) = 'integer' AND id > 0", "id: a positive integer"},
    {1, "profiles", "name",
     "typeof(name) = 'text' AND length(CAST(name AS BLOB)) BETWEEN 1 AND 32",
     "name: a text of 1 to 32 bytes"},
    {1, "profiles", "tutorial", "typeof(tutorial) = 'integer' AND tutorial IN (0, 1)",
     "tutorial: the integer 0 or 1"},
    {1, "chosen", "profile", "typeof(profile) = 'integer'", "profile: an integer profile id"},
    {1, "rules", "hash",
     "typeof(hash) = 'text' AND length(hash) = 16 AND hash NOT GLOB '*[^0-9a-f]*'",
     "hash: 16 lowercase hex digits"},
    {1, "rules", "typeof(text)", "typeof(text) = 'text'", "text: a text"},
    {1, "matches", "profile", "typeof(profile) = 'integer'", "profile: an integer profile id"},
    {1, "matches", "rules", "typeof(rules) = 'text'", "rules: a rules hash (text)"},
    {1, "matches", "seat", "typeof(seat) = 'integer' AND seat IN (0, 1)",
     "seat: the integer 0 or 1"},
    {1, "matches", "typeof(log)", "typeof(log) = 'text'", "log: a text"},
    {3, "matches", "opponent", "typeof(opponent) = 'text' AND opponent IN ('ai', 'human')",
     "opponent: 'ai' or 'human'"},
    {3, "matches", "typeof(draft)", "draft IS NULL OR typeof(draft) = 'text'",
     "draft: NULL or a text"},
    {1, "events", "profile", "typeof(profile) = 'integer'", "profile: an integer profile id"},
    {1, "events", "kind", "typeof(kind) = 'text' AND kind IN ('match', 'purchase', 'stats-reset')",
     "kind: match, purchase or stats-reset"},
    {1, "events", "price", "typeof(price) = 'integer' AND price BETWEEN 0 AND 2147483647",
     "price: an integer from 0 to 2147483647"},
    {1, "events", "kind || ' ' || quote(match)",
     "(kind = 'match') = (match IS NOT NULL) AND (match IS NULL OR typeof(match) = 'integer')",
     "match: an integer snapshot id on a match event, NULL on every other kind"},
    {1, "events", "kind || ' ' || quote(power)",
     "CASE kind WHEN 'purchase' THEN typeof(power) = 'integer' AND power BETWEEN 0 AND 3"
     " ELSE power IS NULL END",
     "power: an integer 0 to 3 on a purchase, NULL on every other kind"},
    {1, "events", "kind || ' ' || quote(price)", "kind = 'purchase' OR price = 0",
     "price: 0 on every kind but a purchase"},
    {2, "projections", "profile", "typeof(profile) = 'integer'", "profile: an integer profile id"},
    {2, "projections", "typeof(data)", "typeof(data) = 'text'", "data: a text"},
};
_Static_assert(MEMORY5D_POWERS == 4, "the audit's power range is 0 to 3");

/* The schema objects (tables, indexes, triggers) the migrations up to version create, as
 * "type name: sql" lines in name order, from a scratch in-memory database. NULL on failure. */
static char *expected_schema(int version)
{
    sqlite3 *db = NULL;
    char *out = NULL;
    if (sqlite3_open(":memory:", &db) == SQLITE_OK) {
        int ok = 1;
        for (int v = 0; ok && v < version; v++)
            ok = sqlite3_exec(db, memory5d_store_migration_sql(v + 1), NULL, NULL, NULL) == SQLITE_OK;
        sqlite3_stmt *st = NULL;
        if (ok && sqlite3_prepare_v2(db,
                                     "SELECT group_concat(line, char(10)) FROM (SELECT type || ' '"
                                     " || name || ': ' || coalesce(sql, '') AS line FROM"
                                     " sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY"
                                     " name, type)",
                                     -1, &st, NULL) == SQLITE_OK &&
            sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
            out = strdup((const char *)sqlite3_column_text(st, 0));
        sqlite3_finalize(st);
    }
    sqlite3_close(db);
    return out;
}

int memory5d_store_audit(memory5d_store *s, char *err, size_t errlen)
{
    /* the schema objects: exactly what the migrations made (a dropped trigger, a table or
     * index added or changed by hand) */
    char *want = expected_schema(s->version);
    sqlite3_stmt *st = want ? memory5d_store_prepare(s,
                                                     "SELECT type || ' ' || name || ': ' ||"
                                                     " coalesce(sql, '') FROM sqlite_master"
                                                     " WHERE name NOT LIKE 'sqlite_%' ORDER BY"
                                                     " name, type",
                                                     err, errlen)
                        : NULL;
    if (!st) {
        free(want);
        if (!*err)
            snprintf(err, errlen, "%s: out of memory", s->path);
        return -1;
    }
    int rc = 0;
    const char *w = want;
    char got[2048] = "";
    int have = 0; /* got holds a row not yet matched */
    for (;;) {
        if (!have && sqlite3_step(st) == SQLITE_ROW)
            snprintf(got, sizeof got, "%s", (const char *)sqlite3_column_text(st, 0)), have = 1;
        if (!have && !*w)
            break;
        size_t n = strcspn(w, "\n");
        /* lines are "type name: sql" in name order: compare the names first */
        const char *gn = have ? strchr(got, ' ') : NULL, *wn = *w ? memchr(w, ' ', n) : NULL;
        size_t gl = gn ? strcspn(gn, ":") : 0, wl = wn ? strcspn(wn, ":") : 0;
        int order = !have ? 1 : !*w ? -1 : strncmp(gn, wn, gl < wl ? gl : wl);
        if (order == 0 && gl != wl)
            order = gl < wl ? -1 : 1;
        if (order < 0)
            snprintf(err, errlen, "schema: %.*s is not made by the migrations to version %d",
                     (int)strcspn(got, ":"), got, s->version);
        else if (order > 0)
            snprintf(err, errlen, "schema: %.*s is missing (the migrations to version %d make it)",
                     (int)strcspn(w, ":"), w, s->version);
        else if (strlen(got) != n || strncmp(got, w, n) != 0)
            snprintf(err, errlen, "schema: %.160s is not what the migrations to version %d make "
                     "(%.*s)", got, s->version, (int)(n > 160 ? 160 : n), w);
        else {
            have = 0;
            w += n + (w[n] == '\n');
            continue;
        }
        rc = -1;
        break;
    }
    sqlite3_finalize(st);
    free(want);
    /* every column's exact type and range, every event kind's exact fields */
    for (size_t i = 0; rc == 0 && i < sizeof audit_rules / sizeof *audit_rules; i++) {
        if (s->version < audit_rules[i].from_version)
            continue;
        char sql[600];
        snprintf(sql, sizeof sql, "SELECT rowid, quote(%s) FROM %s WHERE NOT coalesce(%s, 0)"
                 " ORDER BY rowid LIMIT 1", audit_rules[i].shown, audit_rules[i].table,
                 audit_rules[i].ok);
        if (!(st = memory5d_store_prepare(s, sql, err, errlen)))
            return -1;
        if (sqlite3_step(st) == SQLITE_ROW)
            rc = -1, snprintf(err, errlen, "%s row %lld: %s, got %.60s", audit_rules[i].table,
                              (long long)sqlite3_column_int64(st, 0), audit_rules[i].want,
                              (const char *)sqlite3_column_text(st, 1));
        sqlite3_finalize(st);
    }
    /* every stored rules hash against its text */
    if (rc == 0 && (st = memory5d_store_prepare(s, "SELECT rowid, hash, text FROM rules ORDER BY"
                                                   " rowid", err, errlen))) {
        while (rc == 0 && sqlite3_step(st) == SQLITE_ROW) {
            const char *hash = (const char *)sqlite3_column_text(st, 1);
            const char *text = (const char *)sqlite3_column_text(st, 2);
            char h[MEMORY5D_RECORDS_HASH_LEN + 1];
            memory5d_records_hash(text ? text : "", text ? (size_t)sqlite3_column_bytes(st, 2) : 0, h);
            if (!hash || strcmp(h, hash) != 0)
                rc = -1, snprintf(err, errlen, "rules row %lld: hash %.20s, its text hashes to %s",
                                  (long long)sqlite3_column_int64(st, 0), hash ? hash : "NULL", h);
        }
        sqlite3_finalize(st);
    } else if (rc == 0) {
        rc = -1;
    }
    return rc;
}
