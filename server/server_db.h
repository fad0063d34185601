/* Memory5D match server: its own SQLite database (players with hashed tokens, Classic Elo
 * per difficulty, server-owned inventory, purchases, match snapshots). WAL, and one
 * transaction per change, so a kill -9 loses nothing that was committed. */
#ifndef SERVER_SERVER_DB_H
#define SERVER_SERVER_DB_H

#include <stddef.h>
#include <stdint.h>

#include "memory5d/memory5d.h"
#include "memory5d/memory5d_records.h"

typedef struct server_db server_db;

enum { SERVER_SALT_HEX = 32, SERVER_HASH_HEX = 64 };

/* Opens or creates the database. Matches a killed server left in progress end as
 * abandoned-by-server (no Elo, no Star Points) and their reserved charges go back to the
 * inventory, in one transaction; *abandoned receives how many. NULL with a message. */
server_db *server_db_open(const char *path, int *abandoned, char *err, size_t errlen);
void server_db_close(server_db *db);

/* Checkpoints (copying the write-ahead log back into the database, with its syncs: tens of
 * milliseconds under load) never run on the thread that commits, where they would stall
 * every match: server_db_checkpoint_due says when the log has grown past
 * SERVER_DB_CHECKPOINT_PAGES pages since the last one; server_db_checkpoint runs one on a
 * connection of its own, on another thread while the commits go on (one at a time; 0 or -1
 * with a message); server_db_checkpoint_done, back on the committing thread, starts the
 * count again. */
enum { SERVER_DB_CHECKPOINT_PAGES = 1000 };
int server_db_checkpoint_due(const server_db *db);
int server_db_checkpoint(server_db *db, char *err, size_t errlen);
void server_db_checkpoint_done(server_db *db);

/* How long the changes' transactions took, from BEGIN to the end of COMMIT, on the thread
 * that serves every match (the loop): bucket k counts those under 2^(k+1) microseconds. */
enum { SERVER_DB_BUCKETS = 24 };
typedef struct {
    uint64_t commits, longest_us;
    uint64_t bucket[SERVER_DB_BUCKETS];
} server_db_stats;
server_db_stats server_db_get_stats(const server_db *db);
/* The time within which that share (0..1) of the commits ended: its bucket's bound, or the
 * longest when that is less. */
uint64_t server_db_stats_within_us(const server_db_stats *s, double share);

/* A new player; *id receives its id. 0, or -1. */
int server_db_player_new(server_db *db, const char *name, const char *salt,
                         const char *token_hash, int64_t *id, char *err, size_t errlen);
typedef struct {
    char name[MEMORY5D_RECORDS_NAME_MAX + 1];
    char salt[SERVER_SALT_HEX + 1], token_hash[SERVER_HASH_HEX + 1];
    int64_t star_points;
    int elo[MEMORY5D_DIFFICULTIES], elo_matches[MEMORY5D_DIFFICULTIES]; /* initial if none */
    int inventory[MEMORY5D_POWERS];
} server_db_player;
/* 1 found, 0 no such player, -1 error. */
int server_db_player_load(server_db *db, int64_t id, int initial_elo, server_db_player *out,
                          char *err, size_t errlen);

/* A match begins: its row (status playing) and the loadout charges taken from both
 * inventories. *id receives the match id. */
typedef struct {
    int mode, difficulty, ranked, drafted;
    uint32_t seed;
    int64_t player[MEMORY5D_PLAYERS];
    int reserved[MEMORY5D_PLAYERS][MEMORY5D_POWERS];
} server_db_match;
int server_db_match_begin(server_db *db, const server_db_match *m, int64_t *id, char *err,
                          size_t errlen);

/* A match ends: the snapshot (result, winner, the memory5d-log/1 text, draft picks), both
 * players' Star Points, their new Elo when it changed and the unused charges back. */
typedef struct {
    int64_t id;
    const char *result; /* win, draw, abandoned */
    int winner;         /* seat or -1 */
    const char *log, *draft; /* draft may be NULL */
    int difficulty;
    int elo_changed;
    int64_t player[MEMORY5D_PLAYERS];
    int elo_before[MEMORY5D_PLAYERS], elo_after[MEMORY5D_PLAYERS];
    int stars[MEMORY5D_PLAYERS];
    int returned[MEMORY5D_PLAYERS][MEMORY5D_POWERS];
} server_db_end;
int server_db_match_end(server_db *db, const server_db_end *e, char *err, size_t errlen);

/* A purchase: its row, the price off the Star Points, one charge into the inventory. */
int server_db_buy(server_db *db, int64_t player, int power, int price, char *err, size_t errlen);

#endif
