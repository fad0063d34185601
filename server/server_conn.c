/* Memory5D match server: one client connection's output (a line written at once or queued,
 * a slow reader closed at the write queue cap) and its close. Below the matches: it tells the
 * layer above about a disconnect through srv->disconnected, never by name. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "jsonio.h"
#include "server_conn.h"

static void free_cb(uv_handle_t *h)
{
    server_conn *c = h->data;
    if (--c->open_handles == 0) {
        free(c->line);
        free(c);
    }
}

void server_conn_close(server_conn *c)
{
    if (c->closing)
        return;
    c->closing = 1;
    c->srv->conns--;
    if (c->player && c->player->conn == c) {
        c->player->conn = NULL;
        c->srv->disconnected(c->srv, c->player);
    }
    uv_close((uv_handle_t *)&c->tcp, free_cb);
    uv_close((uv_handle_t *)&c->idle, free_cb);
}

typedef struct {
    uv_write_t req;
    char data[];
} write_req;

static void write_cb(uv_write_t *req, int status)
{
    (void)status;
    free(req);
}

/* Writes text and a newline; what the socket does not take at once is queued. A reader
 * whose queue passes the cap is closed rather than buffered without end. */
void server_conn_send(server_conn *c, const char *text, size_t len)
{
    if (c->closing)
        return;
    if (uv_stream_get_write_queue_size((uv_stream_t *)&c->tcp) > c->srv->lim.write_queue_max) {
        server_conn_close(c);
        return;
    }
    write_req *w = malloc(sizeof *w + len + 1);
    if (!w) {
        server_conn_close(c);
        return;
    }
    memcpy(w->data, text, len);
    w->data[len] = '\n';
    uv_buf_t buf = uv_buf_init(w->data, (unsigned)len + 1);
    int done = 0;
    if (uv_stream_get_write_queue_size((uv_stream_t *)&c->tcp) == 0) {
        done = uv_try_write((uv_stream_t *)&c->tcp, &buf, 1);
        if (done < 0 && done != UV_EAGAIN) {
            free(w);
            server_conn_close(c);
            return;
        }
        if (done < 0)
            done = 0;
    }
    if ((size_t)done == len + 1) {
        free(w);
        return;
    }
    buf = uv_buf_init(w->data + done, (unsigned)(len + 1 - (size_t)done));
    if (uv_write(&w->req, (uv_stream_t *)&c->tcp, &buf, 1, write_cb) != 0) {
        free(w);
        server_conn_close(c);
    }
}

void server_conn_send_json(server_conn *c, cJSON *msg)
{
    size_t len;
    char *text = jsonio_print_compact(msg, &len);
    cJSON_Delete(msg);
    if (text)
        server_conn_send(c, text, len);
    free(text);
}

static cJSON *error_json(const char *code, const char *message)
{
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "type", "error");
    cJSON_AddStringToObject(m, "code", code);
    cJSON_AddStringToObject(m, "message", message);
    return m;
}

void server_conn_error(server_conn *c, const char *code, const char *message)
{
    server_conn_send_json(c, error_json(code, message));
}

void server_send_player(server_player *p, const char *text, size_t len)
{
    if (p && p->conn)
        server_conn_send(p->conn, text, len);
}

void server_send_json(server_player *p, cJSON *msg)
{
    if (p && p->conn)
        server_conn_send_json(p->conn, msg);
    else
        cJSON_Delete(msg);
}

void server_send_error(server_player *p, const char *code, const char *message)
{
    server_send_json(p, error_json(code, message));
}

