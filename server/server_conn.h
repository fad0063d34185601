/* Memory5D match server: a client connection (server_conn.c): its state, writing a line to
 * it and closing it. */
#ifndef SERVER_SERVER_CONN_H
#define SERVER_SERVER_CONN_H

#include "server.h"

struct server_conn {
    uv_tcp_t tcp;
    uv_timer_t idle;
    server *srv;
    server_player *player;
    char *line; /* the line being received (no newline yet) */
    size_t len, cap;
    double tokens;
    uint64_t refill_ms;
    uint64_t limited_ms; /* when the last rate-limited error was sent */
    int open_handles;
    int closing;
};

/* Writes text and a newline (queued when the socket does not take it at once). */
void server_conn_send(server_conn *c, const char *text, size_t len);
void server_conn_send_json(server_conn *c, cJSON *msg); /* deletes msg */
void server_conn_error(server_conn *c, const char *code, const char *message);
/* Closes both handles (freed when both are closed); the player, if any, is told through
 * srv->disconnected. Idempotent. */
void server_conn_close(server_conn *c);

#endif
