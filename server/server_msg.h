/* Memory5D match server: the message reader (one JSON line in, a validated message out)
 * and the names the protocol uses (docs/server.md). Pure: no sockets, no clock. */
#ifndef SERVER_SERVER_MSG_H
#define SERVER_SERVER_MSG_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "memory5d/memory5d.h"
#include "memory5d/memory5d_records.h"

enum {
    SERVER_LINE_MAX = 64 * 1024, /* bytes of one line, without its newline */
    SERVER_TOKEN_MAX = 96,       /* bytes of a token */
};

typedef enum {
    SERVER_MSG_HELLO,
    SERVER_MSG_QUEUE,
    SERVER_MSG_LINK,
    SERVER_MSG_ARM,
    SERVER_MSG_DISARM,
    SERVER_MSG_PICK,
    SERVER_MSG_BUY,
    SERVER_MSG_RESIGN,
    SERVER_MSG_PROFILE,
    SERVER_MSG_PING,
    SERVER_MSG_SELECT,
    SERVER_MSG_UNQUEUE,
    SERVER_MSG_KINDS
} server_msg_kind;
extern const char *const server_msg_names[SERVER_MSG_KINDS];

typedef struct {
    int type;
    /* hello: exactly one of name and token */
    char name[MEMORY5D_RECORDS_NAME_MAX + 1];
    char token[SERVER_TOKEN_MAX + 1];
    /* queue */
    int mode, difficulty, draft;
    int loadout[MEMORY5D_POWERS]; /* arcade without a draft: charges from the inventory */
    /* link, select, arm, disarm, pick, resign */
    int64_t match;
    int a, b;  /* link: cell indexes 0 .. MEMORY5D_MAX_CELLS - 1; select: a is the cell */
    int power; /* arm, disarm, pick (card), buy */
} server_msg;

/* Parses and validates one line (without its newline): valid JSON, an object, a known type,
 * only that type's fields, each of its type and range. 0, or -1 with a message naming the
 * field and value in err. */
int server_msg_parse(const char *line, size_t len, server_msg *out, char *err, size_t errlen);

/* The message as one JSON object (what a client sends; the parser's inverse), or NULL. */
cJSON *server_msg_to_json(const server_msg *m);

#endif
