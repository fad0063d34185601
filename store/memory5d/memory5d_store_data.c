/* Memory5D records store: the whole content at once (load, replace), SQLite's own checks,
 * and the three deletions with the descriptions their confirmations show. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memory5d/memory5d_records_json.h"
#include "memory5d_store_db.h"

static char *dup_column(sqlite3_stmt *st, int col)
{
    const char *t = (const char *)sqlite3_column_text(st, col);
    return strdup(t ? t : "");
}

/* Runs sql and calls row(d, st, i) for each of at most count rows. */
static int load_rows(memory5d_store *s, const char *sql, size_t count,
                     int (*row)(memory5d_records_data *d, sqlite3_stmt *st, size_t i),
                     memory5d_records_data *d, size_t *got, char *err, size_t errlen)
{
    sqlite3_stmt *st = memory5d_store_prepare(s, sql, err, errlen);
    if (!st)
        return -1;
    size_t i = 0;
    int rc = 0, step;
    while (rc == 0 && i < count && (step = sqlite3_step(st)) == SQLITE_ROW)
        rc = row(d, st, i++);
    sqlite3_finalize(st);
    *got = i;
    if (rc != 0)
        snprintf(err, errlen, "%s: out of memory", s->path);
    return rc;
}

static int profile_row(memory5d_records_data *d, sqlite3_stmt *st, size_t i)
{
    memory5d_records_profile *p = &d->profiles[i];
    p->id = sqlite3_column_int64(st, 0);
    snprintf(p->name, sizeof p->name, "%s", (const char *)sqlite3_column_text(st, 1));
    p->tutorial = sqlite3_column_int(st, 2);
    return 0;
}

static int rules_row(memory5d_records_data *d, sqlite3_stmt *st, size_t i)
{
    memory5d_records_rules *r = &d->rules[i];
    snprintf(r->hash, sizeof r->hash, "%s", (const char *)sqlite3_column_text(st, 0));
    return (r->text = dup_column(st, 1)) ? 0 : -1;
}

static int match_row(memory5d_records_data *d, sqlite3_stmt *st, size_t i)
{
    memory5d_records_snapshot *m = &d->matches[i];
    m->id = sqlite3_column_int64(st, 0);
    m->profile = sqlite3_column_int64(st, 1);
    snprintf(m->rules, sizeof m->rules, "%s", (const char *)sqlite3_column_text(st, 2));
    m->play.seat = sqlite3_column_int(st, 3);
    if (!(m->log = dup_column(st, 4)))
        return -1;
    if (sqlite3_column_count(st) < 7) /* before version 3: against the AI, not drafted */
        return 0;
    const char *opp = (const char *)sqlite3_column_text(st, 5);
    m->play.opponent = opp && strcmp(opp, memory5d_opponent_names[MEMORY5D_OPPONENT_HUMAN]) == 0;
    const char *draft = (const char *)sqlite3_column_text(st, 6);
    if (!draft)
        return 0;
    /* the column holds what memory5d_records_draft_to_json printed; anything else is a
     * damaged row, which the replay then refuses as a draft of the wrong length */
    char inner[160];
    cJSON *doc = cJSON_Parse(draft);
    if (!doc || memory5d_records_draft_from_json(doc, "draft", &m->play, inner, sizeof inner))
        m->play.draft_picks = -1;
    cJSON_Delete(doc);
    return 0;
}

static int event_row(memory5d_records_data *d, sqlite3_stmt *st, size_t i)
{
    memory5d_records_event *e = &d->events[i];
    const char *kind = (const char *)sqlite3_column_text(st, 2);
    e->id = sqlite3_column_int64(st, 0);
    e->profile = sqlite3_column_int64(st, 1);
    e->kind = 0;
    while (e->kind < MEMORY5D_RECORD_KINDS - 1 && strcmp(memory5d_record_kind_names[e->kind], kind))
        e->kind++;
    e->match = sqlite3_column_int64(st, 3);
    e->power =
        sqlite3_column_type(st, 4) == SQLITE_NULL ? MEMORY5D_NO_POWER : sqlite3_column_int(st, 4);
    e->price = sqlite3_column_int(st, 5);
    return 0;
}

int memory5d_store_load(memory5d_store *s, memory5d_records_data *d, char *err, size_t errlen)
{
    static const struct {
        const char *count, *select;
        size_t size, list, n;
        int (*row)(memory5d_records_data *, sqlite3_stmt *, size_t);
    } tables[] = {
#define T(name, cols, field, count, fn)                                                            \
    {"SELECT count(*) FROM " name,                                                                 \
     "SELECT " cols " FROM " name " ORDER BY 1",                                                   \
     sizeof *((memory5d_records_data *)0)->field,                                                  \
     offsetof(memory5d_records_data, field),                                                       \
     offsetof(memory5d_records_data, count),                                                       \
     fn}
        T("profiles", "id, name, tutorial", profiles, profile_count, profile_row),
        T("rules", "hash, text", rules, rules_count, rules_row),
        T("matches", "id, profile, rules, seat, log", matches, match_count, match_row),
        /* from version 3 (the loader picks this row instead of the one above) */
        T("matches", "id, profile, rules, seat, log, opponent, draft", matches, match_count,
          match_row),
        T("events", "id, profile, kind, match, power, price", events, event_count, event_row),
#undef T
    };
    memset(d, 0, sizeof *d);
    d->schema_version = s->version;
    /* One read transaction (unless the caller's is open), so the tables are one snapshot. */
    int own = sqlite3_get_autocommit(s->db);
    int rc = own ? memory5d_store_exec(s, "BEGIN", err, errlen) : 0;
    d->chosen = memory5d_store_profile_chosen(s);
    for (size_t t = 0; rc == 0 && t < sizeof tables / sizeof tables[0]; t++) {
        /* tables[2] reads matches before version 3, tables[3] from it: skip the other one */
        if (t == 2 + (s->version < 3))
            continue;
        int64_t n = memory5d_store_query_int(s, tables[t].count, 0, -1);
        void *buf = n >= 0 ? calloc((size_t)n + 1, tables[t].size) : NULL;
        if (!buf) {
            rc = memory5d_store_fail(s, err, errlen, "load");
            break;
        }
        memcpy((char *)d + tables[t].list, &buf, sizeof buf);
        rc = load_rows(s, tables[t].select, (size_t)n, tables[t].row, d,
                       (size_t *)((char *)d + tables[t].n), err, errlen);
    }
    if (own)
        sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL);
    if (rc != 0)
        memory5d_records_data_free(d);
    return rc;
}

static int bind_step(memory5d_store *s, sqlite3_stmt *st, char *err, size_t errlen)
{
    int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : memory5d_store_fail(s, err, errlen, "write");
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return rc;
}

static int insert_all(memory5d_store *s, const memory5d_records_data *d, char *err, size_t errlen)
{
    sqlite3_stmt *p = memory5d_store_prepare(
        s, "INSERT INTO profiles(id, name, tutorial) VALUES(?, ?, ?)", err, errlen);
    sqlite3_stmt *r =
        memory5d_store_prepare(s, "INSERT INTO rules(hash, text) VALUES(?, ?)", err, errlen);
    sqlite3_stmt *m = memory5d_store_prepare(
        s,
        "INSERT INTO matches(id, profile, rules, seat, log, opponent, draft)"
        " VALUES(?, ?, ?, ?, ?, ?, ?)",
        err, errlen);
    sqlite3_stmt *e = memory5d_store_prepare(
        s, "INSERT INTO events(id, profile, kind, match, power, price) VALUES(?, ?, ?, ?, ?, ?)",
        err, errlen);
    int rc = p && r && m && e ? 0 : -1;
    for (size_t i = 0; rc == 0 && i < d->profile_count; i++) {
        sqlite3_bind_int64(p, 1, d->profiles[i].id);
        sqlite3_bind_text(p, 2, d->profiles[i].name, -1, SQLITE_STATIC);
        sqlite3_bind_int(p, 3, d->profiles[i].tutorial);
        rc = bind_step(s, p, err, errlen);
    }
    for (size_t i = 0; rc == 0 && i < d->rules_count; i++) {
        sqlite3_bind_text(r, 1, d->rules[i].hash, -1, SQLITE_STATIC);
        sqlite3_bind_text(r, 2, d->rules[i].text, -1, SQLITE_STATIC);
        rc = bind_step(s, r, err, errlen);
    }
    for (size_t i = 0; rc == 0 && i < d->match_count; i++) {
        const memory5d_records_snapshot *x = &d->matches[i];
        sqlite3_bind_int64(m, 1, x->id);
        sqlite3_bind_int64(m, 2, x->profile);
        sqlite3_bind_text(m, 3, x->rules, -1, SQLITE_STATIC);
        sqlite3_bind_int(m, 4, x->play.seat);
        sqlite3_bind_text(m, 5, x->log, -1, SQLITE_STATIC);
        sqlite3_bind_text(m, 6, memory5d_opponent_names[x->play.opponent], -1, SQLITE_STATIC);
        int oom;
        char *text = memory5d_store_draft_text(&x->play, &oom);
        if (text)
            sqlite3_bind_text(m, 7, text, -1, SQLITE_TRANSIENT);
        rc = oom ? (snprintf(err, errlen, "%s: out of memory", s->path), -1)
                 : bind_step(s, m, err, errlen);
        free(text);
    }
    for (size_t i = 0; rc == 0 && i < d->event_count; i++) {
        const memory5d_records_event *x = &d->events[i];
        sqlite3_bind_int64(e, 1, x->id);
        memory5d_store_bind_event(e, 2, x);
        rc = bind_step(s, e, err, errlen);
    }
    sqlite3_finalize(p);
    sqlite3_finalize(r);
    sqlite3_finalize(m);
    sqlite3_finalize(e);
    return rc;
}

/* Children first, so the foreign keys hold at every statement. */
static const char clear_sql[] = "DELETE FROM projections; DELETE FROM chosen; DELETE FROM events;"
                                " DELETE FROM matches; DELETE FROM rules;";

int memory5d_store_replace(memory5d_store *s, const memory5d_records_data *d,
                           const memory5d_records_projection *proj, size_t count, char *err,
                           size_t errlen)
{
    if (memory5d_store_begin(s, err, errlen) != 0)
        return -1;
    int rc = memory5d_store_exec(s, clear_sql, err, errlen);
    if (rc == 0)
        rc = memory5d_store_exec(s, "DELETE FROM profiles", err, errlen);
    if (rc == 0)
        rc = insert_all(s, d, err, errlen);
    for (size_t i = 0; rc == 0 && i < count; i++)
        rc = memory5d_store_save_projection(s, &proj[i], err, errlen);
    if (rc == 0 && d->chosen) {
        char sql[96];
        snprintf(sql, sizeof sql, "INSERT INTO chosen(one, profile) VALUES(1, %lld)",
                 (long long)d->chosen);
        rc = memory5d_store_exec(s, sql, err, errlen);
    }
    return memory5d_store_end(s, rc, err, errlen);
}

int memory5d_store_read_begin(memory5d_store *s, char *err, size_t errlen)
{
    /* BEGIN is deferred: the snapshot is taken at the first read, here, not at the first
     * read of whatever the caller does next */
    if (memory5d_store_exec(s, "BEGIN", err, errlen) != 0)
        return -1;
    if (memory5d_store_query_int(s, "SELECT count(*) FROM sqlite_master", 0, -1) < 0) {
        sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
        return memory5d_store_fail(s, err, errlen, "read");
    }
    return 0;
}

void memory5d_store_read_end(memory5d_store *s)
{
    if (!sqlite3_get_autocommit(s->db))
        sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL);
}

/* ---- the three deletions ---- */

static int64_t count_of(memory5d_store *s, const char *table, int64_t profile)
{
    char sql[128];
    snprintf(sql, sizeof sql, "SELECT count(*) FROM %s%s", table,
             profile ? " WHERE profile = ?" : "");
    return memory5d_store_query_int(s, sql, profile, 0);
}

static int64_t unlocked(const memory5d_records_projection *p)
{
    int64_t n = 0;
    for (int a = 0; a < MEMORY5D_ACHIEVEMENTS; a++)
        n += p->achievements[a] != 0;
    return n;
}

/* "1 match record", "5 match records" into buf. */
static const char *counted(char *buf, size_t len, int64_t n, const char *one, const char *many)
{
    snprintf(buf, len, "%lld %s", (long long)n, n == 1 ? one : many);
    return buf;
}

int memory5d_store_describe(memory5d_store *s, int deletion, int64_t profile, char *buf, size_t len,
                            char *err, size_t errlen)
{
    memory5d_records_projection p;
    char name[MEMORY5D_RECORDS_NAME_MAX + 1] = "", a[48], b[48], c[48], d[48];
    if (deletion == MEMORY5D_STORE_DELETE_EVERYTHING) {
        snprintf(buf, len,
                 "Delete Everything permanently removes %s (all but the tutorial profile), %s "
                 "with their replays and %s, and with them all statistics, Classic Elo ratings, "
                 "achievements, Star Points and power inventories. Only the tutorial profile "
                 "stays, with no matches.",
                 counted(a, sizeof a, count_of(s, "profiles", 0) - 1, "profile", "profiles"),
                 counted(b, sizeof b, count_of(s, "matches", 0), "match record", "match records"),
                 counted(c, sizeof c, count_of(s, "events", 0), "history event", "history events"));
        return 0;
    }
    if (deletion != MEMORY5D_STORE_RESET_STATISTICS && deletion != MEMORY5D_STORE_DELETE_PROFILE) {
        snprintf(err, errlen, "deletion: unknown kind %d", deletion);
        return -1;
    }
    int kind = memory5d_store_profile_kind(s, profile, err, errlen);
    if (kind == 1)
        snprintf(err, errlen, "the tutorial profile has no statistics and cannot be deleted");
    if (kind != 0 || memory5d_store_load_projection(s, profile, &p, err, errlen) != 0)
        return -1;
    sqlite3_stmt *st =
        memory5d_store_prepare(s, "SELECT name FROM profiles WHERE id = ?", err, errlen);
    if (!st)
        return -1;
    sqlite3_bind_int64(st, 1, profile);
    if (sqlite3_step(st) == SQLITE_ROW)
        snprintf(name, sizeof name, "%s", (const char *)sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
    int64_t matches = 0, rated = 0;
    for (int m = 0; m < 2; m++)
        for (int k = 0; k < MEMORY5D_DIFFICULTIES; k++)
            matches += p.stats[m][k].matches;
    for (int k = 0; k < MEMORY5D_DIFFICULTIES; k++)
        rated += p.elo[k].matches != 0;
    counted(c, sizeof c, count_of(s, "matches", profile), "match record", "match records");
    counted(d, sizeof d, unlocked(&p), "achievement", "achievements");
    if (deletion == MEMORY5D_STORE_RESET_STATISTICS)
        snprintf(buf, len,
                 "Reset Statistics for \"%s\": its statistics (now counting %s) start again "
                 "from zero and its Classic Elo ratings (at %s) go back to the starting rating. "
                 "Kept: its %s with their replays, its %s, its %lld Star Points and its power "
                 "inventory. Other profiles are not changed.",
                 name, counted(a, sizeof a, matches, "match", "matches"),
                 counted(b, sizeof b, rated, "difficulty", "difficulties"), c, d,
                 (long long)p.balance);
    else
        snprintf(buf, len,
                 "Delete Profile \"%s\" permanently removes the profile, its %s with their "
                 "replays, its %s, its statistics and Classic Elo ratings, its %s, its %lld Star "
                 "Points and its power inventory (%lld Reveal, %lld Double Points, %lld Wildcard, "
                 "%lld Extra Turn). Other profiles are not changed.",
                 name, c,
                 counted(a, sizeof a, count_of(s, "events", profile), "history event",
                         "history events"),
                 d, (long long)p.balance, (long long)p.inventory[0], (long long)p.inventory[1],
                 (long long)p.inventory[2], (long long)p.inventory[3]);
    return 0;
}

int memory5d_store_reset_statistics(memory5d_store *s, int64_t profile, char *err, size_t errlen)
{
    if (memory5d_store_begin(s, err, errlen) != 0)
        return -1;
    int kind = memory5d_store_profile_kind(s, profile, err, errlen);
    if (kind == 1)
        snprintf(err, errlen, "the tutorial profile has no statistics to reset");
    memory5d_records_event ev = {
        .profile = profile, .kind = MEMORY5D_RECORD_STATS_RESET, .power = MEMORY5D_NO_POWER};
    int rc = kind == 0 && memory5d_store_append_event(s, &ev, NULL, err, errlen) > 0 ? 0 : -1;
    return memory5d_store_end(s, rc, err, errlen);
}

/* Rules no match refers to any more go with their last match. */
static const char gc_rules_sql[] =
    "DELETE FROM rules WHERE hash NOT IN (SELECT rules FROM matches)";

int memory5d_store_delete_profile(memory5d_store *s, int64_t profile, char *err, size_t errlen)
{
    static const char *const sql[] = {
        "DELETE FROM projections WHERE profile = ?", "DELETE FROM chosen WHERE profile = ?",
        "DELETE FROM events WHERE profile = ?", "DELETE FROM matches WHERE profile = ?",
        "DELETE FROM profiles WHERE id = ?"};
    if (memory5d_store_begin(s, err, errlen) != 0)
        return -1;
    int kind = memory5d_store_profile_kind(s, profile, err, errlen);
    if (kind == 1)
        snprintf(err, errlen, "the tutorial profile cannot be deleted");
    int rc = kind == 0 ? 0 : -1;
    for (size_t i = 0; rc == 0 && i < sizeof sql / sizeof sql[0]; i++) {
        sqlite3_stmt *st = memory5d_store_prepare(s, sql[i], err, errlen);
        if (!st) {
            rc = -1;
            break;
        }
        sqlite3_bind_int64(st, 1, profile);
        rc = bind_step(s, st, err, errlen);
        sqlite3_finalize(st);
    }
    if (rc == 0)
        rc = memory5d_store_exec(s, gc_rules_sql, err, errlen);
    return memory5d_store_end(s, rc, err, errlen);
}

int memory5d_store_delete_everything(memory5d_store *s, char *err, size_t errlen)
{
    if (memory5d_store_begin(s, err, errlen) != 0)
        return -1;
    int rc = memory5d_store_exec(s, clear_sql, err, errlen);
    if (rc == 0)
        rc = memory5d_store_exec(s, "DELETE FROM profiles WHERE tutorial = 0", err, errlen);
    return memory5d_store_end(s, rc, err, errlen);
}
