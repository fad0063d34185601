/* Memory5D online: the client's connection to the match server (docs/server.md). A
 * non-blocking POSIX TCP socket polled from the scene's update (no thread, no callbacks):
 * connect, a reconnect with backoff after any loss, line framing with the protocol's 64 KiB
 * limit, and a bounded write queue. SDL-free; it never reads a clock (now comes in). */
#ifndef PLAYER_MEMORY5D_NET_H
#define PLAYER_MEMORY5D_NET_H

#include <stddef.h>
#include <stdint.h>

enum { MEMORY5D_NET_LINE_MAX = 64 * 1024 };
enum { MEMORY5D_NET_BACKOFF_MIN_MS = 250, MEMORY5D_NET_BACKOFF_MAX_MS = 5000 };

typedef enum {
    MEMORY5D_NET_WAITING,    /* not connected: the next attempt is due at retry_at */
    MEMORY5D_NET_CONNECTING, /* a connect is in progress */
    MEMORY5D_NET_CONNECTED,
} memory5d_net_state;

typedef struct memory5d_net memory5d_net;

/* Parses HOST:PORT ("127.0.0.1:7500", "[::1]:7500", "localhost:7500"); NULL with one line in
 * err when it is not one. Nothing is connected until the first memory5d_net_poll. */
memory5d_net *memory5d_net_new(const char *hostport, char *err, size_t errlen);
void memory5d_net_free(memory5d_net *n);
/* Advances the connection at now: starts a due attempt, finishes a connect, reads what
 * arrived and writes what is queued. Returns 1 when the state changed (see
 * memory5d_net_state, memory5d_net_why). */
int memory5d_net_poll(memory5d_net *n, int64_t now);
memory5d_net_state memory5d_net_status(const memory5d_net *n);
/* Why the last connection ended or the last attempt failed (empty when none did). */
const char *memory5d_net_why(const memory5d_net *n);
int64_t memory5d_net_retry_at(const memory5d_net *n);
int memory5d_net_attempts(const memory5d_net *n); /* failed attempts since the last success */
const char *memory5d_net_address(const memory5d_net *n);
/* The next complete line received (without its newline; a '\r' before it dropped), valid
 * until the next call; 0 when none. */
int memory5d_net_line(memory5d_net *n, const char **line, size_t *len);
/* Queues one message line (a newline is added); -1 when not connected or the queue is full. */
int memory5d_net_send(memory5d_net *n, const char *text);
/* Drops the connection (a malformed message, a server that closed us): the next attempt
 * follows the backoff. why is kept for memory5d_net_why. */
void memory5d_net_drop(memory5d_net *n, int64_t now, const char *why);

#endif
