/* Memory5D records store: opening, schema migrations, profiles and accepted events in
 * SQLite, each change one transaction that also updates the cached projection (the helpers
 * and the event step they share with memory5d_store_data.c: memory5d_store_db.c). */
#include "memory5d_store.h"

#include <errno.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jsonio.h"
#include "memory5d_store_db.h"

/* "M5DR": marks the file as ours, so another program's database is refused, not migrated. */
#define APPLICATION_ID 0x4d354452

/* ---- migrations: append only; a released step is never edited ---- */

static const char v1_sql[] =
    "CREATE TABLE profiles(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE,"
    " tutorial INTEGER NOT NULL DEFAULT 0 CHECK(tutorial IN (0, 1)));"
    "CREATE TABLE chosen(one INTEGER PRIMARY KEY CHECK(one = 1),"
    " profile INTEGER NOT NULL REFERENCES profiles(id));"
    "CREATE TABLE rules(hash TEXT PRIMARY KEY, text TEXT NOT NULL);"
    "CREATE TABLE matches(id INTEGER PRIMARY KEY AUTOINCREMENT,"
    " profile INTEGER NOT NULL REFERENCES profiles(id), rules TEXT NOT NULL REFERENCES rules(hash),"
    " seat INTEGER NOT NULL CHECK(seat IN (0, 1)), log TEXT NOT NULL);"
    "CREATE TABLE events(id INTEGER PRIMARY KEY AUTOINCREMENT,"
    " profile INTEGER NOT NULL REFERENCES profiles(id),"
    " kind TEXT NOT NULL CHECK(kind IN ('match', 'purchase', 'stats-reset')),"
    " match INTEGER REFERENCES matches(id), power INTEGER, price INTEGER NOT NULL DEFAULT 0);"
    "INSERT INTO profiles(id, name, tutorial) VALUES(1, 'Tutorial', 1);";

/* v2: the projections become a cached table kept in step with every event, and the history
 * tables refuse updates. */
static const char v2_sql[] =
    "CREATE TABLE projections(profile INTEGER PRIMARY KEY REFERENCES profiles(id),"
    " data TEXT NOT NULL);"
    "CREATE TRIGGER matches_immutable BEFORE UPDATE ON matches"
    " BEGIN SELECT RAISE(ABORT, 'match snapshots are immutable'); END;"
    "CREATE TRIGGER events_append_only BEFORE UPDATE ON events"
    " BEGIN SELECT RAISE(ABORT, 'the event history is append-only'); END;"
    "CREATE TRIGGER rules_immutable BEFORE UPDATE ON rules"
    " BEGIN SELECT RAISE(ABORT, 'rules are immutable'); END;";

/* v3: a snapshot says who played the other seat (hot-seat matches are recorded) and, for a
 * Power Draft, the draft's picks (a JSON array of power names, null for a pass; NULL when
 * not drafted). Every earlier match was against the AI and not drafted: the defaults, so
 * no projection changes. */
static const char v3_sql[] =
    "ALTER TABLE matches ADD COLUMN opponent TEXT NOT NULL DEFAULT 'ai'"
    " CHECK(opponent IN ('ai', 'human'));"
    "ALTER TABLE matches ADD COLUMN draft TEXT;";

static int rebuild_projections(memory5d_store *s, char *err, size_t errlen);

static const struct {
    const char *sql;
    int (*after)(memory5d_store *s, char *err, size_t errlen);
} migrations[] = {
    {v1_sql, NULL},
    {v2_sql, rebuild_projections},
    {v3_sql, NULL},
};
_Static_assert(sizeof migrations / sizeof migrations[0] == MEMORY5D_RECORDS_SCHEMA_VERSION,
               "one migration per schema version");

const char *memory5d_store_migration_sql(int version)
{
    return version >= 1 && version <= MEMORY5D_RECORDS_SCHEMA_VERSION ? migrations[version - 1].sql
                                                                       : NULL;
}

/* Applies the missing migrations up to target, each in its own transaction with its version
 * bump. The version is read again inside each transaction, so two processes opening one new
 * file cannot both apply a step. */
static int migrate(memory5d_store *s, int target, char *err, size_t errlen)
{
    for (;;) {
        if (memory5d_store_begin(s, err, errlen) != 0)
            return -1;
        int v = (int)memory5d_store_query_int(s, "SELECT user_version FROM pragma_user_version",
                                              0, -1);
        if (v < 0 || v >= target) {
            int rc = memory5d_store_end(s, v < 0 ? -1 : 0, err, errlen);
            if (v < 0)
                return memory5d_store_fail(s, err, errlen, "read the schema version");
            s->version = v;
            return rc;
        }
        char sql[96];
        snprintf(sql, sizeof sql, "PRAGMA application_id = %d; PRAGMA user_version = %d",
                 APPLICATION_ID, v + 1);
        int rc = memory5d_store_exec(s, migrations[v].sql, err, errlen);
        if (rc == 0 && migrations[v].after)
            rc = migrations[v].after(s, err, errlen);
        if (rc == 0)
            rc = memory5d_store_exec(s, sql, err, errlen);
        if (memory5d_store_end(s, rc, err, errlen) != 0)
            return -1;
        s->version = v + 1;
    }
}

/* "file:PATH?mode=ro" (or immutable=1), PATH percent-encoded, for a read-only open. */
static char *read_uri(const char *path, int immutable)
{
    char *uri = malloc(strlen(path) * 3 + 32);
    if (!uri)
        return NULL;
    char *o = uri + sprintf(uri, "file:");
    for (const unsigned char *c = (const unsigned char *)path; *c; c++)
        if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
            strchr("-._~/", *c))
            *o++ = (char)*c;
        else
            o += sprintf(o, "%%%02X", *c);
    strcpy(o, immutable ? "?immutable=1" : "?mode=ro");
    return uri;
}

/* 1 when this process may create files beside path (SQLite's -wal and -shm) and write it. */
static int writable_here(const char *path)
{
    char dir[4096];
    const char *slash = strrchr(path, '/');
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
    if (!dir[0])
        snprintf(dir, sizeof dir, "/");
    return access(path, W_OK) == 0 && access(dir, W_OK) == 0;
}

int memory5d_store_writable(const char *path)
{
    return writable_here(path);
}

static int open_store(const char *path, int mode, int target, memory5d_store **out, char *err,
                      size_t errlen)
{
    *out = NULL;
    struct stat sb;
    if (stat(path, &sb) != 0) {
        if (mode != MEMORY5D_STORE_CREATE || errno != ENOENT) {
            snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
            return -1;
        }
    } else if (!S_ISREG(sb.st_mode)) {
        snprintf(err, errlen, "%s: not a regular file", path);
        return -1;
    }
    memory5d_store *s = calloc(1, sizeof *s + strlen(path) + 1);
    if (!s) {
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    s->path = (char *)(s + 1);
    strcpy(s->path, path);
    if (mode == MEMORY5D_STORE_READ && access(path, R_OK) != 0) {
        snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
        memory5d_store_close(s);
        return -1;
    }
    int flags = mode == MEMORY5D_STORE_READ   ? SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
                : mode == MEMORY5D_STORE_OPEN ? SQLITE_OPEN_READWRITE
                                              : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    /* Reading commands open read-only (mode=ro). On a read-only mount or folder SQLite cannot
     * make the -shm file a WAL database needs; there nothing can write either, so the file is
     * opened as immutable=1. */
    int immutable = mode == MEMORY5D_STORE_READ && !writable_here(path);
    char *uri = mode == MEMORY5D_STORE_READ ? read_uri(path, immutable) : NULL;
    int rc = mode == MEMORY5D_STORE_READ && !uri ? SQLITE_NOMEM
                                                  : sqlite3_open_v2(uri ? uri : path, &s->db, flags, NULL);
    free(uri);
    sqlite3_stmt *st = NULL;
    if (rc != SQLITE_OK) {
        snprintf(err, errlen, "%s: cannot open: %s", path,
                 s->db ? sqlite3_errmsg(s->db) : "out of memory");
        memory5d_store_close(s);
        return -1;
    }
    sqlite3_busy_timeout(s->db, 5000);
    rc = sqlite3_prepare_v2(s->db,
                            "SELECT (SELECT application_id FROM pragma_application_id),"
                            " (SELECT user_version FROM pragma_user_version),"
                            " (SELECT count(*) FROM sqlite_master)",
                            -1, &st, NULL);
    if (rc == SQLITE_OK && sqlite3_step(st) != SQLITE_ROW)
        rc = SQLITE_ERROR;
    if (rc != SQLITE_OK) {
        snprintf(err, errlen, "%s: not a SQLite database (%s)", path, sqlite3_errmsg(s->db));
        sqlite3_finalize(st);
        memory5d_store_close(s);
        return -1;
    }
    int app = sqlite3_column_int(st, 0), objects = sqlite3_column_int(st, 2);
    s->version = sqlite3_column_int(st, 1);
    sqlite3_finalize(st);
    const char *why = NULL;
    char buf[160];
    if (app == 0 && s->version == 0 && objects == 0) {
        if (mode == MEMORY5D_STORE_READ)
            why = "an empty database, not Memory5D records";
    } else if (app != APPLICATION_ID) {
        snprintf(buf, sizeof buf, "not a Memory5D records database (application_id %d)", app);
        why = buf;
    } else if (s->version > MEMORY5D_RECORDS_SCHEMA_VERSION || s->version < 1) {
        snprintf(buf, sizeof buf, "schema version %d: this build knows 1 to %d", s->version,
                 MEMORY5D_RECORDS_SCHEMA_VERSION);
        why = buf;
    }
    if (why) {
        snprintf(err, errlen, "%s: %s", path, why);
        memory5d_store_close(s);
        return -1;
    }
    /* WAL: readers never block the writer and a killed writer loses only what it had not
     * committed; synchronous FULL makes each commit durable before it returns. */
    rc = memory5d_store_exec(s, "PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL", err, errlen);
    if (rc == 0 && mode != MEMORY5D_STORE_READ) {
        rc = -1;
        if (sqlite3_prepare_v2(s->db, "PRAGMA journal_mode = WAL", -1, &st, NULL) == SQLITE_OK &&
            sqlite3_step(st) == SQLITE_ROW &&
            strcmp((const char *)sqlite3_column_text(st, 0), "wal") == 0)
            rc = 0;
        else
            snprintf(err, errlen, "%s: cannot switch to WAL mode: %s", path, sqlite3_errmsg(s->db));
        sqlite3_finalize(st);
        if (rc == 0)
            rc = migrate(s, target, err, errlen);
    }
    if (rc != 0) {
        memory5d_store_close(s);
        return -1;
    }
    *out = s;
    return 0;
}

int memory5d_store_open(const char *path, int mode, memory5d_store **out, char *err, size_t errlen)
{
    if (errlen)
        err[0] = 0;
    return open_store(path, mode, MEMORY5D_RECORDS_SCHEMA_VERSION, out, err, errlen);
}

int memory5d_store_open_version(const char *path, int version, memory5d_store **out, char *err,
                                size_t errlen)
{
    if (errlen)
        err[0] = 0;
    if (version < 1 || version > MEMORY5D_RECORDS_SCHEMA_VERSION) {
        snprintf(err, errlen, "schema version %d: this build knows 1 to %d", version,
                 MEMORY5D_RECORDS_SCHEMA_VERSION);
        return -1;
    }
    return open_store(path, MEMORY5D_STORE_CREATE, version, out, err, errlen);
}

void memory5d_store_close(memory5d_store *s)
{
    if (!s)
        return;
    sqlite3_close(s->db);
    free(s);
}

int memory5d_store_version(const memory5d_store *s)
{
    return s->version;
}

/* ---- projections ---- */

static int rebuild_projections(memory5d_store *s, char *err, size_t errlen)
{
    memory5d_records_data d;
    memory5d_records_projection *proj = NULL;
    size_t n = 0;
    char inner[480];
    if (memory5d_store_load(s, &d, err, errlen) != 0)
        return -1;
    int rc = memory5d_records_rebuild(&d, &proj, &n, inner, sizeof inner);
    memory5d_records_data_free(&d);
    if (rc != 0) {
        snprintf(err, errlen, "%s: rebuilding the projections: %s", s->path, inner);
        return -1;
    }
    for (size_t i = 0; rc == 0 && i < n; i++)
        rc = memory5d_store_save_projection(s, &proj[i], err, errlen);
    free(proj);
    return rc;
}

int memory5d_store_projection(memory5d_store *s, int64_t profile, memory5d_records_projection *out,
                              char *err, size_t errlen)
{
    return memory5d_store_load_projection(s, profile, out, err, errlen);
}

int memory5d_store_projections(memory5d_store *s, memory5d_records_projection **list, size_t *count,
                               char *err, size_t errlen)
{
    *list = NULL;
    *count = 0;
    int64_t n = memory5d_store_query_int(s, "SELECT count(*) FROM projections", 0, -1);
    sqlite3_stmt *st = n >= 0 ? memory5d_store_prepare(s,
                                                       "SELECT profile FROM projections ORDER BY"
                                                       " profile",
                                                       err, errlen)
                              : NULL;
    memory5d_records_projection *p = st ? calloc((size_t)n + 1, sizeof *p) : NULL;
    if (!p) {
        sqlite3_finalize(st);
        if (n < 0 || st)
            snprintf(err, errlen, "%s: cannot read the projections", s->path);
        return -1;
    }
    size_t i = 0;
    int rc = 0;
    while (rc == 0 && i < (size_t)n && sqlite3_step(st) == SQLITE_ROW)
        rc = memory5d_store_load_projection(s, sqlite3_column_int64(st, 0), &p[i++], err, errlen);
    sqlite3_finalize(st);
    if (rc != 0) {
        free(p);
        return -1;
    }
    *list = p;
    *count = i;
    return 0;
}

/* ---- profiles ---- */

int64_t memory5d_store_profile_create(memory5d_store *s, const char *name, char *err, size_t errlen)
{
    if (memory5d_records_name_check(name, err, errlen) != 0 ||
        memory5d_store_begin(s, err, errlen) != 0)
        return -1;
    sqlite3_stmt *st =
        memory5d_store_prepare(s, "INSERT INTO profiles(name) VALUES(?)", err, errlen);
    int rc = st ? 0 : -1;
    int64_t id = -1;
    if (st) {
        sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
        if (sqlite3_step(st) != SQLITE_DONE)
            rc = sqlite3_extended_errcode(s->db) == SQLITE_CONSTRAINT_UNIQUE
                     ? (snprintf(err, errlen, "profile name \"%s\" is taken", name), -1)
                     : memory5d_store_fail(s, err, errlen, "create profile");
        else
            id = sqlite3_last_insert_rowid(s->db);
        sqlite3_finalize(st);
    }
    if (rc == 0) {
        memory5d_records_projection p;
        memory5d_records_projection_init(&p, id);
        rc = memory5d_store_save_projection(s, &p, err, errlen);
    }
    return memory5d_store_end(s, rc, err, errlen) == 0 ? id : -1;
}

int memory5d_store_profile_rename(memory5d_store *s, int64_t profile, const char *name, char *err,
                                  size_t errlen)
{
    if (memory5d_records_name_check(name, err, errlen) != 0 ||
        memory5d_store_begin(s, err, errlen) != 0)
        return -1;
    int rc = memory5d_store_profile_kind(s, profile, err, errlen);
    if (rc == 1)
        rc = -1, snprintf(err, errlen, "the tutorial profile cannot be renamed");
    sqlite3_stmt *st =
        rc == 0
            ? memory5d_store_prepare(s, "UPDATE profiles SET name = ? WHERE id = ?", err, errlen)
            : NULL;
    if (rc == 0 && !st)
        rc = -1;
    if (st) {
        sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 2, profile);
        if (sqlite3_step(st) != SQLITE_DONE)
            rc = sqlite3_extended_errcode(s->db) == SQLITE_CONSTRAINT_UNIQUE
                     ? (snprintf(err, errlen, "profile name \"%s\" is taken", name), -1)
                     : memory5d_store_fail(s, err, errlen, "rename profile");
        sqlite3_finalize(st);
    }
    return memory5d_store_end(s, rc, err, errlen);
}

int memory5d_store_profile_choose(memory5d_store *s, int64_t profile, char *err, size_t errlen)
{
    if (memory5d_store_begin(s, err, errlen) != 0)
        return -1;
    int kind = memory5d_store_profile_kind(s, profile, err, errlen), rc = kind == 0 ? 0 : -1;
    if (kind == 1) /* it earns nothing: import and the records check refuse it too */
        snprintf(err, errlen, "the tutorial profile cannot be chosen");
    sqlite3_stmt *st = rc == 0
                           ? memory5d_store_prepare(s,
                                                    "INSERT OR REPLACE INTO chosen(one, profile)"
                                                    " VALUES(1, ?)",
                                                    err, errlen)
                           : NULL;
    if (rc == 0 && !st)
        rc = -1;
    if (st) {
        sqlite3_bind_int64(st, 1, profile);
        if (sqlite3_step(st) != SQLITE_DONE)
            rc = memory5d_store_fail(s, err, errlen, "choose profile");
        sqlite3_finalize(st);
    }
    return memory5d_store_end(s, rc, err, errlen);
}

int64_t memory5d_store_tutorial_profile(memory5d_store *s)
{
    return memory5d_store_query_int(s, "SELECT id FROM profiles WHERE tutorial = 1", 0, -1);
}

int memory5d_store_profiles(memory5d_store *s, memory5d_records_profile **list, size_t *count,
                            char *err, size_t errlen)
{
    memory5d_records_data d;
    if (memory5d_store_load(s, &d, err, errlen) != 0)
        return -1;
    *list = d.profiles;
    *count = d.profile_count;
    d.profiles = NULL;
    d.profile_count = 0;
    memory5d_records_data_free(&d);
    return 0;
}

/* ---- accepted events ---- */

/* text parsed and printed unformatted (the stored, canonical form); NULL with a message. */
static char *canonical_text(const char *text, const char *what, char *err, size_t errlen)
{
    char inner[300];
    cJSON *doc = jsonio_parse(text, strlen(text), what, inner, sizeof inner);
    char *out = doc ? cJSON_PrintUnformatted(doc) : NULL;
    cJSON_Delete(doc);
    if (!out)
        snprintf(err, errlen, "%s", doc ? "out of memory" : inner);
    return out;
}

/* Inserts the snapshot row (version 3's columns only where the file has them: tests write
 * older databases through memory5d_store_open_version). */
static int insert_match(memory5d_store *s, int64_t profile, const char *hash, const char *log,
                        const memory5d_records_play *play, char *err, size_t errlen)
{
    int v3 = s->version >= 3, oom;
    if (!v3 && (play->opponent != MEMORY5D_OPPONENT_AI || play->draft_picks)) {
        snprintf(err, errlen, "%s: schema version %d cannot record a hot-seat or drafted match",
                 s->path, s->version);
        return -1;
    }
    char *draft = memory5d_store_draft_text(play, &oom);
    sqlite3_stmt *st =
        oom ? NULL
            : memory5d_store_prepare(s,
                                     v3 ? "INSERT INTO matches(profile, rules, seat, log, opponent,"
                                          " draft) VALUES(?, ?, ?, ?, ?, ?)"
                                        : "INSERT INTO matches(profile, rules, seat, log)"
                                          " VALUES(?, ?, ?, ?)",
                                     err, errlen);
    int rc = -1;
    if (oom)
        snprintf(err, errlen, "out of memory");
    if (st) {
        sqlite3_bind_int64(st, 1, profile);
        sqlite3_bind_text(st, 2, hash, -1, SQLITE_STATIC);
        sqlite3_bind_int(st, 3, play->seat);
        sqlite3_bind_text(st, 4, log, -1, SQLITE_STATIC);
        if (v3) {
            sqlite3_bind_text(st, 5, memory5d_opponent_names[play->opponent], -1, SQLITE_STATIC);
            if (draft)
                sqlite3_bind_text(st, 6, draft, -1, SQLITE_STATIC);
        }
        rc = sqlite3_step(st) == SQLITE_DONE ? 0
                                             : memory5d_store_fail(s, err, errlen, "record match");
    }
    sqlite3_finalize(st);
    free(draft);
    return rc;
}

int64_t memory5d_store_record_match(memory5d_store *s, int64_t profile, const char *rules_text,
                                    const char *log_text, const memory5d_records_play *play,
                                    char *err, size_t errlen)
{
    char *rules = canonical_text(rules_text, "rules", err, errlen);
    char *log = rules ? canonical_text(log_text, "log", err, errlen) : NULL;
    memory5d_records_match *m = log ? malloc(sizeof *m) : NULL;
    int64_t id = -1;
    char inner[480];
    if (log && !m)
        snprintf(err, errlen, "out of memory");
    else if (m && memory5d_records_replay(rules, log, play, m, inner, sizeof inner) != 0)
        snprintf(err, errlen, "refused: %s", inner);
    else if (m && memory5d_store_begin(s, err, errlen) == 0) {
        char hash[MEMORY5D_RECORDS_HASH_LEN + 1];
        memory5d_records_hash(rules, strlen(rules), hash);
        sqlite3_stmt *r = memory5d_store_prepare(
            s, "INSERT OR IGNORE INTO rules(hash, text) VALUES(?, ?)", err, errlen);
        int rc = r ? 0 : -1;
        if (rc == 0) {
            sqlite3_bind_text(r, 1, hash, -1, SQLITE_STATIC);
            sqlite3_bind_text(r, 2, rules, -1, SQLITE_STATIC);
            if (memory5d_store_profile_kind(s, profile, err, errlen) < 0)
                rc = -1;
            else if (sqlite3_step(r) != SQLITE_DONE)
                rc = memory5d_store_fail(s, err, errlen, "record match");
            else
                rc = insert_match(s, profile, hash, log, play, err, errlen);
        }
        sqlite3_finalize(r);
        memory5d_records_event ev = {.profile = profile,
                                     .kind = MEMORY5D_RECORD_MATCH,
                                     .match = sqlite3_last_insert_rowid(s->db),
                                     .power = MEMORY5D_NO_POWER};
        if (rc == 0)
            id = memory5d_store_append_event(s, &ev, m, err, errlen);
        if (memory5d_store_end(s, id > 0 ? 0 : -1, err, errlen) != 0)
            id = -1;
    }
    free(m);
    free(log);
    free(rules);
    return id;
}

int64_t memory5d_store_buy(memory5d_store *s, int64_t profile, const memory5d_config *cfg,
                           int power, char *err, size_t errlen)
{
    if (power < 0 || power >= MEMORY5D_POWERS) {
        snprintf(err, errlen, "power: expected 0 to %d, got %d", MEMORY5D_POWERS - 1, power);
        return -1;
    }
    if (memory5d_store_begin(s, err, errlen) != 0)
        return -1;
    int64_t id = -1;
    int kind = memory5d_store_profile_kind(s, profile, err, errlen);
    if (kind == 1)
        snprintf(err, errlen, "the tutorial profile has no Star Points to spend");
    memory5d_records_event ev = {.profile = profile,
                                 .kind = MEMORY5D_RECORD_PURCHASE,
                                 .power = power,
                                 .price = cfg->power_price[power]};
    if (kind == 0)
        id = memory5d_store_append_event(s, &ev, NULL, err, errlen);
    return memory5d_store_end(s, id > 0 ? 0 : -1, err, errlen) == 0 ? id : -1;
}
