/* Memory5D online: the client's reader of server messages (docs/server.md). One line in, one
 * validated message out, or a message naming the field and the value: nothing the server
 * sends is used before it is checked (types, ranges, cells against the rules' names and the
 * board size). Unknown fields are ignored and an unknown type is reported as such, so a
 * newer server stays readable. SDL-free (tests/test_memory5d_net_msg.c). */
#ifndef PLAYER_MEMORY5D_NET_MSG_H
#define PLAYER_MEMORY5D_NET_MSG_H

#include <stddef.h>
#include <stdint.h>

#include "memory5d/memory5d.h"

typedef enum {
    M5N_UNKNOWN, /* a type this client does not know: ignored */
    M5N_WELCOME, M5N_QUEUED, M5N_DRAFT, M5N_MATCH_START, M5N_TURN, M5N_LINKED, M5N_REFUSED,
    M5N_MISSED, M5N_TIMEOUT, M5N_ROTATION, M5N_REWEAVE, M5N_POWER, M5N_ANCHOR, M5N_CANCEL,
    M5N_REVEAL, M5N_END, M5N_PROFILE, M5N_ERROR, M5N_PONG, M5N_UNQUEUED, M5N_TYPES
} memory5d_net_type;
extern const char *const memory5d_net_type_names[M5N_TYPES];

enum { M5N_TEXT = 240 };

typedef struct memory5d_net_msg {
    int type;
    char type_name[32];
    int64_t match;          /* 0 when the message has none */
    int seat;               /* -1 when none */
    /* welcome, profile */
    int64_t player;
    char token[160], name[64];
    /* match-start */
    int mode, difficulty, ranked, drafted;
    int loadouts[MEMORY5D_PLAYERS][MEMORY5D_POWERS];
    char players[MEMORY5D_PLAYERS][64];
    /* match-start, rotation, reweave: the whole board as it now is */
    int size, north, reweaves;
    memory5d_cell cells[MEMORY5D_MAX_CELLS];
    int turn, bonus;        /* match-start, turn (draft: the seat to pick, -1 when done) */
    int64_t deadline_ms;    /* match-start, turn, draft: time left when sent */
    /* linked, anchor, cancel, reveal, missed, refused */
    int a, b, cell;
    int64_t mastery;
    char reason[40], message[M5N_TEXT];
    int partners[MEMORY5D_MAX_CELLS], partner_count;
    /* power */
    int power, event;       /* event 0 arm, 1 consume, 2 refund */
    /* end */
    int result, winner;     /* result 0 win, 1 draw, 2 abandoned; winner -1 when none */
    int line[MEMORY5D_MAX_LINE], line_count;
    int elo_after[MEMORY5D_PLAYERS];
    int64_t stars[MEMORY5D_PLAYERS], mastery_end[MEMORY5D_PLAYERS]; /* also match-start's */
    int saved;
    /* profile */
    int elo[MEMORY5D_DIFFICULTIES];
    int64_t star_points;
    int inventory[MEMORY5D_POWERS];
    /* draft */
    int pool[MEMORY5D_POWERS], picked[MEMORY5D_PLAYERS][MEMORY5D_POWERS], pick;
    /* queued: mode, difficulty, drafted; error: code in reason, message */
} memory5d_net_msg;

/* Reads one line against cfg (variant names, the draft's pick count). 0 and *m filled, or
 * -1 with one line in err ("match-start.cells[3].hue: expected one of ..., got \"teal\""). */
int memory5d_net_msg_read(const memory5d_config *cfg, const char *line, size_t len,
                          memory5d_net_msg *m, char *err, size_t errlen);

#endif
