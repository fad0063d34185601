/* Memory5D records store: the SQLite helpers and the record-level steps that both halves of
 * the store build on (memory5d_store.c: opening, profiles, events; memory5d_store_data.c:
 * the whole content, deletions). It calls neither of them, so they never call each other. */
#include "memory5d_store_db.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonio.h"
#include "memory5d/memory5d_records_json.h"

/* ---- SQLite helpers ---- */

int memory5d_store_fail(memory5d_store *s, char *err, size_t errlen, const char *what)
{
    snprintf(err, errlen, "%s: %s: %s", s->path, what, sqlite3_errmsg(s->db));
    return -1;
}

int memory5d_store_exec(memory5d_store *s, const char *sql, char *err, size_t errlen)
{
    char *msg = NULL;
    if (sqlite3_exec(s->db, sql, NULL, NULL, &msg) == SQLITE_OK)
        return 0;
    snprintf(err, errlen, "%s: %s", s->path, msg ? msg : sqlite3_errmsg(s->db));
    sqlite3_free(msg);
    return -1;
}

int memory5d_store_begin(memory5d_store *s, char *err, size_t errlen)
{
    return memory5d_store_exec(s, "BEGIN IMMEDIATE", err, errlen);
}

/* Commits when rc is 0, else rolls back; returns rc (or -1 if the commit failed). */
int memory5d_store_end(memory5d_store *s, int rc, char *err, size_t errlen)
{
    if (rc == 0 && memory5d_store_exec(s, "COMMIT", err, errlen) == 0)
        return 0;
    sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    return -1;
}

sqlite3_stmt *memory5d_store_prepare(memory5d_store *s, const char *sql, char *err, size_t errlen)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) {
        memory5d_store_fail(s, err, errlen, "prepare");
        return NULL;
    }
    return st;
}

int64_t memory5d_store_query_int(memory5d_store *s, const char *sql, int64_t arg, int64_t missing)
{
    sqlite3_stmt *st = NULL;
    int64_t v = missing;
    if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK)
        return missing;
    if (sqlite3_bind_parameter_count(st) > 0)
        sqlite3_bind_int64(st, 1, arg);
    if (sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return v;
}

/* ---- projections ---- */

int memory5d_store_load_projection(memory5d_store *s, int64_t profile,
                                   memory5d_records_projection *p, char *err, size_t errlen)
{
    sqlite3_stmt *st =
        memory5d_store_prepare(s, "SELECT data FROM projections WHERE profile = ?", err, errlen);
    if (!st)
        return -1;
    sqlite3_bind_int64(st, 1, profile);
    int rc = -1;
    if (sqlite3_step(st) == SQLITE_ROW) {
        const char *text = (const char *)sqlite3_column_text(st, 0);
        char inner[300];
        cJSON *doc = jsonio_parse(text, strlen(text), "projection", inner, sizeof inner);
        rc = doc ? memory5d_records_projection_from_json(doc, p, inner, sizeof inner) : -1;
        cJSON_Delete(doc);
        if (rc != 0)
            snprintf(err, errlen, "%s: profile %lld: %s", s->path, (long long)profile, inner);
    } else {
        snprintf(err, errlen,
                 "%s: no projection for profile %lld (no such profile, or the "
                 "tutorial profile)",
                 s->path, (long long)profile);
    }
    sqlite3_finalize(st);
    return rc;
}

int memory5d_store_save_projection(memory5d_store *s, const memory5d_records_projection *p,
                                   char *err, size_t errlen)
{
    cJSON *doc = memory5d_records_projection_to_json(p);
    char *text = doc ? cJSON_PrintUnformatted(doc) : NULL;
    cJSON_Delete(doc);
    sqlite3_stmt *st =
        text ? memory5d_store_prepare(s,
                                      "INSERT OR REPLACE INTO projections(profile, data)"
                                      " VALUES(?, ?)",
                                      err, errlen)
             : NULL;
    int rc = -1;
    if (st) {
        sqlite3_bind_int64(st, 1, p->profile);
        sqlite3_bind_text(st, 2, text, -1, SQLITE_STATIC);
        rc = sqlite3_step(st) == SQLITE_DONE
                 ? 0
                 : memory5d_store_fail(s, err, errlen, "save projection");
    } else if (!text) {
        snprintf(err, errlen, "%s: out of memory", s->path);
    }
    sqlite3_finalize(st);
    free(text);
    return rc;
}

/* ---- profiles ---- */

/* 1 tutorial, 0 an ordinary profile, -1 no such profile (err says so). */
int memory5d_store_profile_kind(memory5d_store *s, int64_t profile, char *err, size_t errlen)
{
    int64_t t =
        memory5d_store_query_int(s, "SELECT tutorial FROM profiles WHERE id = ?", profile, -1);
    if (t < 0)
        snprintf(err, errlen, "%s: no profile %lld", s->path, (long long)profile);
    return (int)t;
}

int64_t memory5d_store_profile_chosen(memory5d_store *s)
{
    return memory5d_store_query_int(s, "SELECT profile FROM chosen", 0, 0);
}

/* ---- accepted events ---- */

void memory5d_store_bind_event(sqlite3_stmt *st, int first, const memory5d_records_event *ev)
{
    sqlite3_bind_int64(st, first, ev->profile);
    sqlite3_bind_text(st, first + 1, memory5d_record_kind_names[ev->kind], -1, SQLITE_STATIC);
    if (ev->match)
        sqlite3_bind_int64(st, first + 2, ev->match);
    if (ev->power >= 0)
        sqlite3_bind_int(st, first + 3, ev->power);
    sqlite3_bind_int(st, first + 4, ev->price);
}

/* Inserts the event, folds it into the profile's projection (match: its replay) and saves
 * that, inside the caller's transaction. The new event id, or -1. */
int64_t memory5d_store_append_event(memory5d_store *s, memory5d_records_event *ev,
                                    const memory5d_records_match *match, char *err, size_t errlen)
{
    int kind = memory5d_store_profile_kind(s, ev->profile, err, errlen);
    if (kind < 0)
        return -1;
    sqlite3_stmt *st =
        memory5d_store_prepare(s,
                               "INSERT INTO events(profile, kind, match, power, price)"
                               " VALUES(?, ?, ?, ?, ?)",
                               err, errlen);
    if (!st)
        return -1;
    memory5d_store_bind_event(st, 1, ev);
    int ok = sqlite3_step(st) == SQLITE_DONE;
    sqlite3_finalize(st);
    if (!ok)
        return memory5d_store_fail(s, err, errlen, "append event");
    ev->id = sqlite3_last_insert_rowid(s->db);
    if (kind == 1) /* the tutorial profile: recorded, projected by nobody */
        return ev->id;
    memory5d_records_projection p;
    char inner[400];
    if (memory5d_store_load_projection(s, ev->profile, &p, err, errlen) != 0)
        return -1;
    if (memory5d_records_fold(&p, ev, match, inner, sizeof inner) != 0) {
        snprintf(err, errlen, "refused: %s", inner);
        return -1;
    }
    return memory5d_store_save_projection(s, &p, err, errlen) == 0 ? ev->id : -1;
}

char *memory5d_store_draft_text(const memory5d_records_play *play, int *oom)
{
    *oom = 0;
    if (!play->draft_picks)
        return NULL;
    cJSON *arr = memory5d_records_draft_to_json(play);
    char *text = arr ? cJSON_PrintUnformatted(arr) : NULL;
    cJSON_Delete(arr);
    *oom = !text;
    return text;
}
