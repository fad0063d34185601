/* Memory5D match server: the SQLite database (server_db.h). */
#include "server_db.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdarg.h>
#include <string.h>
#include <time.h>

#include "memory5d/memory5d_config.h"

enum { STMT_CACHE = 32 };

struct server_db {
    sqlite3 *db;
    struct {
        const char *sql; /* a literal: the cache keys on its address */
        sqlite3_stmt *st;
    } stmts[STMT_CACHE];
    int nstmts;
    sqlite3 *ckpt; /* the checkpoints' own connection (server_db_checkpoint's thread) */
    int wal_pages; /* the write-ahead log's length after the last commit */
    uint64_t began_us; /* when the transaction in progress began */
    server_db_stats stats;
};

static const char schema[] =
    "CREATE TABLE IF NOT EXISTS players(id INTEGER PRIMARY KEY, name TEXT NOT NULL,"
    " salt TEXT NOT NULL, token_hash TEXT NOT NULL,"
    " star_points INTEGER NOT NULL DEFAULT 0 CHECK(star_points >= 0));"
    "CREATE TABLE IF NOT EXISTS elo(player INTEGER NOT NULL REFERENCES players(id),"
    " difficulty TEXT NOT NULL, rating INTEGER NOT NULL, matches INTEGER NOT NULL,"
    " PRIMARY KEY(player, difficulty));"
    "CREATE TABLE IF NOT EXISTS inventory(player INTEGER NOT NULL REFERENCES players(id),"
    " power TEXT NOT NULL, count INTEGER NOT NULL CHECK(count >= 0), PRIMARY KEY(player, power));"
    "CREATE TABLE IF NOT EXISTS purchases(id INTEGER PRIMARY KEY,"
    " player INTEGER NOT NULL REFERENCES players(id), power TEXT NOT NULL,"
    " price INTEGER NOT NULL);"
    "CREATE TABLE IF NOT EXISTS matches(id INTEGER PRIMARY KEY, mode TEXT NOT NULL,"
    " difficulty TEXT NOT NULL, ranked INTEGER NOT NULL, drafted INTEGER NOT NULL,"
    " seed INTEGER NOT NULL, player_a INTEGER NOT NULL REFERENCES players(id),"
    " player_b INTEGER NOT NULL REFERENCES players(id),"
    " status TEXT NOT NULL CHECK(status IN ('playing', 'finished', 'abandoned-by-server')),"
    " reserved TEXT NOT NULL, result TEXT, winner INTEGER, log TEXT, draft TEXT,"
    " elo_a_before INTEGER, elo_b_before INTEGER, elo_a_after INTEGER, elo_b_after INTEGER,"
    " stars_a INTEGER, stars_b INTEGER);";

static int wal_hook(void *arg, sqlite3 *db, const char *name, int pages)
{
    (void)db;
    (void)name;
    ((server_db *)arg)->wal_pages = pages;
    return SQLITE_OK;
}

static int fail(server_db *d, char *err, size_t errlen, const char *what)
{
    snprintf(err, errlen, "database: %s: %s", what, sqlite3_errmsg(d->db));
    return -1;
}

static int exec(server_db *d, const char *sql, char *err, size_t errlen)
{
    char *msg = NULL;
    if (sqlite3_exec(d->db, sql, NULL, NULL, &msg) == SQLITE_OK)
        return 0;
    snprintf(err, errlen, "database: %s", msg ? msg : sqlite3_errmsg(d->db));
    sqlite3_free(msg);
    return -1;
}

static int run(server_db *d, const char *sql, const char *fmt, char *err, size_t errlen, ...);

static uint64_t now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/* One change's transaction: begin ... finish. */
static int begin(server_db *d, char *err, size_t errlen)
{
    d->began_us = now_us();
    return run(d, "BEGIN IMMEDIATE", "", err, errlen);
}

/* Commits when rc is 0, else (or when the commit fails: a full disk) rolls back, so no
 * transaction is left open for the next change; 0 only when committed. Counts how long the
 * transaction took (server_db_stats). */
static int finish(server_db *d, int rc, char *err, size_t errlen)
{
    if (rc == 0 && run(d, "COMMIT", "", err, errlen) == 0) {
        uint64_t us = now_us() - d->began_us;
        int k = 0;
        while (k < SERVER_DB_BUCKETS - 1 && us >= (2u << k))
            k++;
        d->stats.bucket[k]++;
        d->stats.commits++;
        if (us > d->stats.longest_us)
            d->stats.longest_us = us;
        return 0;
    }
    if (!sqlite3_get_autocommit(d->db))
        sqlite3_exec(d->db, "ROLLBACK", NULL, NULL, NULL);
    return -1;
}

server_db_stats server_db_get_stats(const server_db *d) { return d->stats; }

uint64_t server_db_stats_within_us(const server_db_stats *s, double share)
{
    uint64_t need = (uint64_t)(share * (double)s->commits + 0.999999), seen = 0;
    for (int k = 0; k < SERVER_DB_BUCKETS; k++)
        if ((seen += s->bucket[k]) >= need && seen) {
            uint64_t bound = (uint64_t)2u << k;
            return k == SERVER_DB_BUCKETS - 1 || bound > s->longest_us ? s->longest_us : bound;
        }
    return 0;
}

/* The prepared statement for sql, prepared once per connection (each prepare parses and
 * plans it again: 8% of the server's CPU before); stmt_done readies it for the next use.
 * NULL with the error in the connection. */
static sqlite3_stmt *stmt(server_db *d, const char *sql)
{
    for (int i = 0; i < d->nstmts; i++)
        if (d->stmts[i].sql == sql)
            return d->stmts[i].st;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v3(d->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &st, NULL) != SQLITE_OK)
        return NULL;
    if (d->nstmts < STMT_CACHE) {
        d->stmts[d->nstmts].sql = sql;
        d->stmts[d->nstmts++].st = st;
    }
    return st;
}

static void stmt_done(server_db *d, sqlite3_stmt *st)
{
    for (int i = 0; i < d->nstmts; i++)
        if (d->stmts[i].st == st) {
            sqlite3_reset(st);
            sqlite3_clear_bindings(st);
            return;
        }
    sqlite3_finalize(st); /* past the cache's room: one use */
}

/* Runs one statement with integer/text parameters given as a format: 'i' int64, 't' text
 * (NULL binds NULL). 0 when it ran to the end. */
static int run(server_db *d, const char *sql, const char *fmt, char *err, size_t errlen, ...)
{
    sqlite3_stmt *st = stmt(d, sql);
    if (!st)
        return fail(d, err, errlen, "prepare");
    va_list ap;
    va_start(ap, errlen);
    for (int i = 0; fmt[i]; i++) {
        if (fmt[i] == 'i') {
            sqlite3_bind_int64(st, i + 1, va_arg(ap, int64_t));
        } else {
            const char *t = va_arg(ap, const char *);
            if (t)
                sqlite3_bind_text(st, i + 1, t, -1, SQLITE_TRANSIENT);
            else
                sqlite3_bind_null(st, i + 1);
        }
    }
    va_end(ap);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_DONE || rc == SQLITE_ROW) {
        stmt_done(d, st);
        return 0;
    }
    fail(d, err, errlen, "write");
    stmt_done(d, st);
    return -1;
}

static int add_inventory(server_db *d, int64_t player, const int counts[MEMORY5D_POWERS],
                         int sign, char *err, size_t errlen)
{
    for (int p = 0; p < MEMORY5D_POWERS; p++) {
        if (!counts[p])
            continue;
        if (run(d, "INSERT INTO inventory(player, power, count) VALUES(?1, ?2, 0)"
                   " ON CONFLICT(player, power) DO NOTHING", "it", err, errlen, player,
                memory5d_power_names[p]) != 0 ||
            run(d, "UPDATE inventory SET count = count + ?3 WHERE player = ?1 AND power = ?2",
                "iti", err, errlen, player, memory5d_power_names[p],
                (int64_t)(sign * counts[p])) != 0)
            return -1;
    }
    return 0;
}

static int parse_reserved(const char *text, int r[MEMORY5D_PLAYERS][MEMORY5D_POWERS])
{
    return sscanf(text, "%d,%d,%d,%d,%d,%d,%d,%d", &r[0][0], &r[0][1], &r[0][2], &r[0][3],
                  &r[1][0], &r[1][1], &r[1][2], &r[1][3]) == 8 ? 0 : -1;
}

/* Every match left playing by a killed server: abandoned-by-server, charges back. */
static int abandon_left_over(server_db *d, int *count, char *err, size_t errlen)
{
    sqlite3_stmt *st;
    *count = 0;
    if (begin(d, err, errlen) != 0)
        return -1;
    if (sqlite3_prepare_v2(d->db, "SELECT id, player_a, player_b, reserved FROM matches"
                                  " WHERE status = 'playing'", -1, &st, NULL) != SQLITE_OK)
        return finish(d, fail(d, err, errlen, "prepare"), err, errlen);
    int rc = 0;
    while (rc == 0 && sqlite3_step(st) == SQLITE_ROW) {
        int r[MEMORY5D_PLAYERS][MEMORY5D_POWERS];
        const char *text = (const char *)sqlite3_column_text(st, 3);
        if (!text || parse_reserved(text, r) != 0) {
            snprintf(err, errlen, "database: match %lld: bad reserved charges",
                     (long long)sqlite3_column_int64(st, 0));
            rc = -1;
            break;
        }
        for (int s = 0; s < MEMORY5D_PLAYERS && rc == 0; s++)
            rc = add_inventory(d, sqlite3_column_int64(st, 1 + s), r[s], 1, err, errlen);
        ++*count;
    }
    sqlite3_finalize(st);
    if (rc == 0)
        rc = exec(d, "UPDATE matches SET status = 'abandoned-by-server', result = 'abandoned'"
                     " WHERE status = 'playing'", err, errlen);
    return finish(d, rc, err, errlen);
}

server_db *server_db_open(const char *path, int *abandoned, char *err, size_t errlen)
{
    server_db *d = calloc(1, sizeof *d);
    if (!d) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (sqlite3_open_v2(path, &d->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
        SQLITE_OK) {
        snprintf(err, errlen, "%s: %s", path, d->db ? sqlite3_errmsg(d->db) : "cannot open");
        server_db_close(d);
        return NULL;
    }
    sqlite3_busy_timeout(d->db, 2000);
    /* WAL with synchronous NORMAL: a commit survives the process being killed (the WAL is
     * in the OS's hands); only a power loss can take the last commits back. */
    if (exec(d, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;"
                " PRAGMA foreign_keys = ON", err, errlen) != 0 ||
        exec(d, schema, err, errlen) != 0 || abandon_left_over(d, abandoned, err, errlen) != 0) {
        server_db_close(d);
        return NULL;
    }
    /* No checkpoint on the commits' thread: the hook (which replaces SQLite's automatic
     * checkpoint) only notes the log's length for server_db_checkpoint_due. */
    if (!sqlite3_threadsafe()) /* a single-threaded SQLite checkpoints as it commits */
        return d;
    sqlite3_wal_hook(d->db, wal_hook, d);
    if (sqlite3_open_v2(path, &d->ckpt, SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX, NULL) !=
        SQLITE_OK) {
        snprintf(err, errlen, "%s: %s", path, d->ckpt ? sqlite3_errmsg(d->ckpt) : "cannot open");
        server_db_close(d);
        return NULL;
    }
    /* a connection finds the database in WAL mode when it first reads it; until then its
     * checkpoints do nothing */
    if (sqlite3_exec(d->ckpt, "SELECT count(*) FROM sqlite_master", NULL, NULL, NULL) != SQLITE_OK) {
        snprintf(err, errlen, "%s: %s", path, sqlite3_errmsg(d->ckpt));
        server_db_close(d);
        return NULL;
    }
    return d;
}

int server_db_checkpoint_due(const server_db *d)
{
    return d->ckpt && d->wal_pages >= SERVER_DB_CHECKPOINT_PAGES;
}

int server_db_checkpoint(server_db *d, char *err, size_t errlen)
{
    /* PASSIVE: copies what no reader still needs and never waits for the writer, which goes
     * on committing meanwhile; the writer starts the log over once it has all been copied */
    int rc = sqlite3_wal_checkpoint_v2(d->ckpt, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
    if (rc == SQLITE_OK || rc == SQLITE_BUSY)
        return 0;
    snprintf(err, errlen, "database: checkpoint: %s", sqlite3_errmsg(d->ckpt));
    return -1;
}

void server_db_checkpoint_done(server_db *d) { d->wal_pages = 0; }

void server_db_close(server_db *d)
{
    if (!d)
        return;
    for (int i = 0; i < d->nstmts; i++)
        sqlite3_finalize(d->stmts[i].st);
    sqlite3_close(d->ckpt);
    sqlite3_close(d->db);
    free(d);
}

int server_db_player_new(server_db *d, const char *name, const char *salt,
                         const char *token_hash, int64_t *id, char *err, size_t errlen)
{
    if (begin(d, err, errlen) != 0)
        return -1;
    int rc = run(d, "INSERT INTO players(name, salt, token_hash) VALUES(?1, ?2, ?3)", "ttt", err,
                 errlen, name, salt, token_hash);
    *id = sqlite3_last_insert_rowid(d->db);
    return finish(d, rc, err, errlen);
}

int server_db_player_load(server_db *d, int64_t id, int initial_elo, server_db_player *out,
                          char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    for (int i = 0; i < MEMORY5D_DIFFICULTIES; i++)
        out->elo[i] = initial_elo;
    sqlite3_stmt *st = stmt(d, "SELECT name, salt, token_hash, star_points FROM players WHERE id = ?1");
    if (!st)
        return fail(d, err, errlen, "prepare");
    sqlite3_bind_int64(st, 1, id);
    int found = sqlite3_step(st) == SQLITE_ROW;
    if (found) {
        snprintf(out->name, sizeof out->name, "%s", (const char *)sqlite3_column_text(st, 0));
        snprintf(out->salt, sizeof out->salt, "%s", (const char *)sqlite3_column_text(st, 1));
        snprintf(out->token_hash, sizeof out->token_hash, "%s",
                 (const char *)sqlite3_column_text(st, 2));
        out->star_points = sqlite3_column_int64(st, 3);
    }
    stmt_done(d, st);
    if (!found)
        return 0;
    if (!(st = stmt(d, "SELECT difficulty, rating, matches FROM elo WHERE player = ?1")))
        return fail(d, err, errlen, "prepare");
    sqlite3_bind_int64(st, 1, id);
    while (sqlite3_step(st) == SQLITE_ROW) {
        int k = memory5d_name_index(memory5d_difficulty_names, MEMORY5D_DIFFICULTIES,
                                     (const char *)sqlite3_column_text(st, 0));
        if (k >= 0) {
            out->elo[k] = sqlite3_column_int(st, 1);
            out->elo_matches[k] = sqlite3_column_int(st, 2);
        }
    }
    stmt_done(d, st);
    if (!(st = stmt(d, "SELECT power, count FROM inventory WHERE player = ?1")))
        return fail(d, err, errlen, "prepare");
    sqlite3_bind_int64(st, 1, id);
    while (sqlite3_step(st) == SQLITE_ROW) {
        int k = memory5d_name_index(memory5d_power_names, MEMORY5D_POWERS,
                                     (const char *)sqlite3_column_text(st, 0));
        if (k >= 0)
            out->inventory[k] = sqlite3_column_int(st, 1);
    }
    stmt_done(d, st);
    return 1;
}

int server_db_match_begin(server_db *d, const server_db_match *m, int64_t *id, char *err,
                          size_t errlen)
{
    char reserved[128];
    const int(*r)[MEMORY5D_POWERS] = m->reserved;
    snprintf(reserved, sizeof reserved, "%d,%d,%d,%d,%d,%d,%d,%d", r[0][0], r[0][1], r[0][2],
             r[0][3], r[1][0], r[1][1], r[1][2], r[1][3]);
    if (begin(d, err, errlen) != 0)
        return -1;
    int rc = run(d, "INSERT INTO matches(mode, difficulty, ranked, drafted, seed, player_a,"
                    " player_b, status, reserved) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, 'playing', ?8)",
                 "ttiiiiit", err, errlen, m->mode == MEMORY5D_ARCADE ? "arcade" : "classic",
                 memory5d_difficulty_names[m->difficulty], (int64_t)m->ranked,
                 (int64_t)m->drafted, (int64_t)m->seed, m->player[0], m->player[1], reserved);
    *id = sqlite3_last_insert_rowid(d->db);
    for (int s = 0; s < MEMORY5D_PLAYERS && rc == 0; s++)
        rc = add_inventory(d, m->player[s], m->reserved[s], -1, err, errlen);
    return finish(d, rc, err, errlen);
}

int server_db_match_end(server_db *d, const server_db_end *e, char *err, size_t errlen)
{
    if (begin(d, err, errlen) != 0)
        return -1;
    int rc = run(d, "UPDATE matches SET status = 'finished', result = ?2, winner = ?3, log = ?4,"
                    " draft = ?5, elo_a_before = ?6, elo_b_before = ?7, elo_a_after = ?8,"
                    " elo_b_after = ?9, stars_a = ?10, stars_b = ?11 WHERE id = ?1",
                 "itittiiiiii", err, errlen, e->id, e->result, (int64_t)e->winner, e->log,
                 e->draft, (int64_t)e->elo_before[0], (int64_t)e->elo_before[1],
                 (int64_t)e->elo_after[0], (int64_t)e->elo_after[1], (int64_t)e->stars[0],
                 (int64_t)e->stars[1]);
    for (int s = 0; s < MEMORY5D_PLAYERS && rc == 0; s++) {
        rc = run(d, "UPDATE players SET star_points = star_points + ?2 WHERE id = ?1", "ii", err,
                 errlen, e->player[s], (int64_t)e->stars[s]);
        if (rc == 0 && e->elo_changed)
            rc = run(d, "INSERT INTO elo(player, difficulty, rating, matches) VALUES(?1, ?2, ?3, 1)"
                        " ON CONFLICT(player, difficulty) DO UPDATE SET rating = ?3,"
                        " matches = matches + 1", "iti", err, errlen, e->player[s],
                     memory5d_difficulty_names[e->difficulty], (int64_t)e->elo_after[s]);
        if (rc == 0)
            rc = add_inventory(d, e->player[s], e->returned[s], 1, err, errlen);
    }
    return finish(d, rc, err, errlen);
}

int server_db_buy(server_db *d, int64_t player, int power, int price, char *err, size_t errlen)
{
    int one[MEMORY5D_POWERS] = {0};
    one[power] = 1;
    if (begin(d, err, errlen) != 0)
        return -1;
    int rc = run(d, "INSERT INTO purchases(player, power, price) VALUES(?1, ?2, ?3)", "iti", err,
                 errlen, player, memory5d_power_names[power], (int64_t)price);
    if (rc == 0)
        rc = run(d, "UPDATE players SET star_points = star_points - ?2 WHERE id = ?1", "ii", err,
                 errlen, player, (int64_t)price);
    if (rc == 0)
        rc = add_inventory(d, player, one, 1, err, errlen);
    return finish(d, rc, err, errlen);
}
