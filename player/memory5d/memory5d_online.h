/* Memory5D online: the player as the match server's client (docs/server.md). The session
 * (account, lobby choices, queue, the match as the server says it) over memory5d_net.c, each
 * server line read by memory5d_net_msg.c before it is used. Clients send intentions only:
 * the board, the turns, the clock (the server's deadlineMs) and the end are what the server
 * reports; sc->def and sc->st hold a mirror of them so the local match and draft screens
 * draw them unchanged. */
#ifndef PLAYER_MEMORY5D_ONLINE_H
#define PLAYER_MEMORY5D_ONLINE_H

#include "memory5d_net.h"
#include "memory5d_ui.h"

/* Where the session is (the lobby shows the first two). */
enum { M5O_LOBBY, M5O_QUEUED, M5O_DRAFT, M5O_MATCH, M5O_STOPPED };
/* The lobby's mode choice. */
enum { M5O_RANKED, M5O_ARCADE, M5O_POWER_DRAFT, M5O_MODES };
enum { M5O_POLL_MS = 50,     /* a frame at least this often while online: messages show */
       M5O_PING_MS = 30000,  /* a ping after this long without sending (the server's idle) */
       M5O_RESIGN_MS = 3000, /* a second Escape within this resigns */
       M5O_END_MS = 5000,    /* the finished board stays this long before the lobby */
       M5O_STOP_WAIT_MS = 1000, /* Find a match reads Stop waiting this long after queued */
       M5O_BUSY_RETRY_MS = 5000 }; /* a new account refused as busy: the hello again after */

typedef struct memory5d_online {
    memory5d_net *net;
    char name[40];
    int welcomed, phase;
    int64_t player;
    int resume_pending; /* signed in again mid-match: waiting to hear the match goes on */
    int queue_sent;     /* a queue was sent on this connection: the next match-start is new */
    int queue_pending;  /* a queue was sent and not yet answered: Find a match waits for it */
    int64_t queued_at;  /* when the server said queued */
    int unqueue_sent;   /* Stop waiting was sent, the answer not yet here: not sent twice */
    int64_t hello_at;   /* the server was busy making accounts: hello again then (0: not) */
    int64_t match;
    int seat;
    char opponent[64]; /* the other seat's name */
    int have_profile;
    int elo[MEMORY5D_DIFFICULTIES];
    int64_t star_points;
    int inventory[MEMORY5D_POWERS];
    /* lobby */
    int mode, difficulty, row, loadout[MEMORY5D_POWERS], power_focus;
    char result[240];   /* the last match's outcome, shown in the lobby */
    char problem[300];  /* the last malformed message or refused connection, shown */
    int64_t last_sent, escape_t, wall0, virt0;
} memory5d_online;

/* Opens the session for --connect ADDRESS [--name N] and shows the online lobby; -1 with
 * one line in err when ADDRESS is not HOST:PORT. */
int memory5d_online_start(memory5d_scene_state *sc, const char *address, const char *name,
                          int64_t now, char *err, size_t errlen);
void memory5d_online_free(memory5d_scene_state *sc);
/* Every online screen's update: the connection, the server's messages, the Reveal's clock. */
void memory5d_online_update(memory5d_scene_state *sc, int64_t now);
/* The online screens' next_change: at most M5O_POLL_MS away, so messages show promptly. */
int64_t memory5d_online_next_change(const memory5d_scene_state *sc, int64_t drawn);
/* The connection's state in words ("Connected to ... as N", "Connection lost: ...; retrying
 * in 2 s"), and whether it is up. */
int memory5d_online_status(const memory5d_scene_state *sc, int64_t now, char *buf, size_t n);

/* Intentions, sent as protocol messages (a caption says so when there is no connection). */
void memory5d_online_queue(memory5d_scene_state *sc, int64_t now);
void memory5d_online_unqueue(memory5d_scene_state *sc, int64_t now); /* stop waiting */
/* Whether Find a match is Stop waiting now: waiting, and for M5O_STOP_WAIT_MS already, so a
 * double click (or Enter twice) on Find a match does not leave the queue it just joined. */
int memory5d_online_can_stop_waiting(const memory5d_scene_state *sc, int64_t now);
void memory5d_online_select(memory5d_scene_state *sc, int cell, int64_t now);
void memory5d_online_power(memory5d_scene_state *sc, int power, int64_t now);
void memory5d_online_pick(memory5d_scene_state *sc, int power, int64_t now);
void memory5d_online_buy(memory5d_scene_state *sc, int power, int64_t now);
void memory5d_online_resign(memory5d_scene_state *sc, int64_t now);
/* The next cell after from (row-major, wrapping) that can link now: with an anchor, its next
 * legal partner; without, the next cell that has one. Classic only (Arcade hides partners:
 * that is what a Reveal sells); -1 when none. */
int memory5d_online_next_linkable(const memory5d_scene_state *sc, int from);

/* Between the online files (layered: memory5d_online_send.c, then memory5d_online_apply.c,
 * then memory5d_online.c): */
struct cJSON;
struct memory5d_net_msg;
/* One "online" line in the events log (what, match and seat or 0 / -1, a text), flushed. */
void memory5d_online_ev(memory5d_scene_state *sc, int64_t t, const char *what, int64_t match,
                        int seat, const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* A seat in a sentence: "You" for this window's own, the other player's name. */
const char *memory5d_online_seat_name(const memory5d_scene_state *sc, int seat);
/* Sends msg (deleted) as one line: 0, or -1 and a caption when there is no connection. */
int memory5d_online_send(memory5d_scene_state *sc, struct cJSON *msg, int64_t now);
struct cJSON *memory5d_online_msg(const char *type);
struct cJSON *memory5d_online_match_msg(const memory5d_scene_state *sc, const char *type);
/* hello: the saved token for this server, else the name (a new account). */
void memory5d_online_hello(memory5d_scene_state *sc, int64_t now);
/* Applies one checked server message; -1 with err when it does not fit the match (a cell off
 * the board, a claimed cell linked again): the caller drops the connection. */
int memory5d_online_apply(memory5d_scene_state *sc, const struct memory5d_net_msg *m,
                          int64_t now, char *err, size_t n);

/* memory5d_online_screens.c: the online lobby, match and draft screens */
void memory5d_online_lobby_input(memory5d_scene_state *sc, const player_input *in, int64_t now);
void memory5d_online_lobby_draw(memory5d_scene_state *sc, gfx *g, int64_t now);
void memory5d_online_match_input(memory5d_scene_state *sc, const player_input *in, int64_t now);
void memory5d_online_match_update(memory5d_scene_state *sc, int64_t now);
int64_t memory5d_online_match_next_change(const memory5d_scene_state *sc, int64_t drawn);
void memory5d_online_match_draw(memory5d_scene_state *sc, gfx *g, int64_t now);
void memory5d_online_draft_input(memory5d_scene_state *sc, const player_input *in, int64_t now);
void memory5d_online_draft_draw(memory5d_scene_state *sc, gfx *g, int64_t now);

#endif
