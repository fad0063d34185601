/* Memory5D match server: the shared state of the event loop (connections, players,
 * matches, queues) and the functions the server's files call in one another. Layers:
 * main -> net (sockets, limits, dispatch) -> match (the core reducer, clocks, draft, end)
 * -> db (SQLite); the reader server_msg is below them all. */
#ifndef SERVER_SERVER_H
#define SERVER_SERVER_H

#include <stdint.h>
#include <uv.h>

#include "memory5d/memory5d.h"
#include "memory5d/memory5d_draft.h"
#include "memory5d/memory5d_rules.h"
#include "server_db.h"
#include "server_msg.h"

typedef struct server server;
typedef struct server_conn server_conn;
typedef struct server_match server_match;

typedef struct {
    int max_conns;        /* connections at once; more are told server-full and closed */
    int idle_ms;          /* a connection with no complete line for this long is closed */
    int rate;             /* messages per second a connection may send (token bucket) */
    int burst;            /* the bucket's size */
    int abandon_timeouts; /* timeouts in a row of an absent player that abandon its match */
    size_t write_queue_max; /* bytes waiting for a slow reader before it is closed */
    int new_players;      /* new accounts a minute, server-wide (a bucket that size) */
} server_limits;

typedef struct {
    int64_t id;
    char name[MEMORY5D_RECORDS_NAME_MAX + 1];
    int64_t star_points;
    int elo[MEMORY5D_DIFFICULTIES];
    int elo_matches[MEMORY5D_DIFFICULTIES];
    int inventory[MEMORY5D_POWERS];
    server_conn *conn;   /* NULL while disconnected */
    server_match *match; /* the match in progress (draft included), or NULL */
    int queued;          /* 1 while waiting in a queue */
    int want_loadout[MEMORY5D_POWERS]; /* the queued Arcade loadout */
    int forget;          /* 1 while in srv->idle */
} server_player;

struct server_match {
    int64_t id;
    server *srv;
    int drafting; /* 1 during the Power Draft, before the board */
    int drafted;
    memory5d_draft draft;
    memory5d_def def;
    memory5d_state st;
    memory5d_log log;
    server_player *seat[MEMORY5D_PLAYERS];
    int absent_timeouts[MEMORY5D_PLAYERS];
    int reserved[MEMORY5D_PLAYERS][MEMORY5D_POWERS]; /* inventory charges taken for the loadout */
    uv_timer_t timer; /* the decision deadline, or the draft pick's */
    int index;        /* in srv->matches */
};

struct server {
    uv_loop_t *loop;
    uv_tcp_t listener;
    uv_signal_t sigterm, sigint;
    memory5d_config cfg;
    server_limits lim;
    server_db *db;
    uv_check_t after_turn;       /* after each turn of the loop: idle players, a checkpoint */
    uv_work_t checkpoint_work;   /* the one checkpoint running on libuv's thread pool */
    int checkpointing, checkpoint_failed;
    char checkpoint_err[256];
    int conns;
    double account_tokens; /* the new accounts' bucket (lim.new_players a minute) */
    uint64_t account_refill_ms;
    server_player **players; /* by id (index id): those connected or in a match */
    size_t player_cap;
    server_player **idle; /* players to forget after this turn of the loop, if still idle */
    size_t idle_count, idle_cap;
    server_match **matches; /* in progress */
    size_t match_count, match_cap;
    server_player *waiting[2][MEMORY5D_DIFFICULTIES][2]; /* [mode][difficulty][draft] */
    /* a player's connection closed (set by the net layer: the matches hear of it) */
    void (*disconnected)(server *srv, server_player *p);
};

/* conn: sending to a player's connection (nothing when it is absent). text is one line. */
void server_send_player(server_player *p, const char *text, size_t len);
void server_send_json(server_player *p, cJSON *msg); /* deletes msg */
/* An error {code, message} to a player's connection. */
void server_send_error(server_player *p, const char *code, const char *message);

/* match: the queue, the commands of a seat, resuming and disconnects. */
void server_match_queue(server *srv, server_player *p, const server_msg *m);
void server_match_unqueue(server *srv, server_player *p); /* leaves the queue: unqueued */
void server_match_command(server *srv, server_player *p, const server_msg *m);
void server_match_resume(server *srv, server_player *p); /* after hello: match-start or draft */
void server_match_disconnected(server *srv, server_player *p);
void server_match_shutdown(server *srv); /* closes every match timer (the loop is ending) */
/* Frees the players left with no connection, match or queue (after each turn of the loop). */
void server_match_forget_idle(server *srv);
/* The profile message of p (server owned: Elo per difficulty, Star Points, inventory). */
cJSON *server_profile_json(const server *srv, const server_player *p);

#endif
