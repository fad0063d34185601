/* The match server's bench client (make bench-server): PAIRS bot pairs on one libuv loop
 * play Ranked Classic Normal matches through the protocol with random legal links (the
 * core's memory5d_links on the cells the server sent), each about THINK_MS after its turn
 * begins, and time each link to its linked broadcast with uv_hrtime. In C so that the
 * figures are the server's, not a slow client's.
 *   server_bench_client HOST PORT PAIRS THINK_MS OUT.json */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uv.h>

#include <cjson/cJSON.h>

#include "memory5d/memory5d.h"
#include "jsonio.h"
#include "memory5d/memory5d_board.h"
#include "memory5d/memory5d_config.h"

typedef struct {
    uv_tcp_t tcp;
    uv_connect_t req;
    uv_timer_t think;
    int index, seat, size, live, done;
    double match;
    memory5d_cell cells[MEMORY5D_MAX_CELLS];
    char *buf;
    size_t len, cap;
    uint64_t sent_ns;
    uint32_t rng;
} bot;

static uv_loop_t *loop;
static bot *bots;
static int nbots, started, finished, live, peak, think_ms, failed;
static double *lat, *at; /* each timed link: its latency and when it was sent (s from start) */
static uint64_t t_start;
static size_t nlat, caplat;
static struct sockaddr_in addr;
static uv_timer_t ramp;

static uint32_t next_rand(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

static void write_cb(uv_write_t *w, int status)
{
    (void)status;
    free(w);
}

static void send_json(bot *b, cJSON *msg)
{
    size_t n;
    char *text = jsonio_print_compact(msg, &n);
    cJSON_Delete(msg);
    if (!text) {
        fprintf(stderr, "server_bench_client: out of memory\n");
        exit(2);
    }
    uv_write_t *w = malloc(sizeof *w + n + 1);
    char *data = (char *)(w + 1);
    memcpy(data, text, n);
    data[n] = '\n';
    free(text);
    uv_buf_t buf = uv_buf_init(data, (unsigned)n + 1);
    if (uv_write(w, (uv_stream_t *)&b->tcp, &buf, 1, write_cb) != 0)
        free(w);
}

static void move(uv_timer_t *t)
{
    bot *b = t->data;
    static memory5d_pair pairs[MEMORY5D_MAX_CELLS * 8];
    int n = memory5d_links(b->cells, b->size, pairs, (int)(sizeof pairs / sizeof pairs[0]));
    if (n <= 0)
        return; /* the server reweaves or draws */
    memory5d_pair p = pairs[next_rand(&b->rng) % (uint32_t)n];
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "type", "link");
    cJSON_AddNumberToObject(m, "match", b->match);
    cJSON_AddNumberToObject(m, "a", p.a);
    cJSON_AddNumberToObject(m, "b", p.b);
    b->sent_ns = uv_hrtime();
    send_json(b, m);
}

static void schedule(bot *b)
{
    uint64_t ms = think_ms ? think_ms / 2 + next_rand(&b->rng) % (uint32_t)think_ms : 0;
    uv_timer_start(&b->think, move, ms, 0);
}

static void read_cells(bot *b, const cJSON *cells)
{
    const cJSON *c;
    cJSON_ArrayForEach(c, cells)
    {
        int i = cJSON_GetObjectItem(c, "cell")->valueint;
        const cJSON *owner = cJSON_GetObjectItem(c, "owner");
        if (i < 0 || i >= MEMORY5D_MAX_CELLS)
            continue;
        b->cells[i].family = (int8_t)memory5d_name_index(memory5d_family_names, MEMORY5D_FAMILIES,
                                                         cJSON_GetObjectItem(c, "family")->valuestring);
        b->cells[i].hue = (int8_t)memory5d_name_index(memory5d_hue_names, MEMORY5D_HUES,
                                                      cJSON_GetObjectItem(c, "hue")->valuestring);
        b->cells[i].variant = 0;
        b->cells[i].owner = (int8_t)(cJSON_IsNumber(owner) ? owner->valueint : MEMORY5D_UNCLAIMED);
    }
}

static void close_cb(uv_handle_t *h) { (void)h; }

static void finish(bot *b)
{
    if (b->done)
        return;
    b->done = 1;
    uv_close((uv_handle_t *)&b->think, close_cb);
    uv_close((uv_handle_t *)&b->tcp, close_cb);
    if (++finished == nbots)
        uv_stop(loop);
}

static void on_message(bot *b, const cJSON *m)
{
    const char *type = cJSON_GetStringValue(cJSON_GetObjectItem(m, "type"));
    if (!type)
        return;
    int seat = cJSON_IsNumber(cJSON_GetObjectItem(m, "seat"))
                   ? cJSON_GetObjectItem(m, "seat")->valueint : -1;
    if (!strcmp(type, "welcome")) {
        cJSON *q = cJSON_CreateObject();
        cJSON_AddStringToObject(q, "type", "queue");
        cJSON_AddStringToObject(q, "mode", "classic");
        cJSON_AddStringToObject(q, "difficulty", "normal");
        send_json(b, q);
    } else if (!strcmp(type, "match-start")) {
        b->seat = seat;
        b->match = cJSON_GetObjectItem(m, "match")->valuedouble;
        b->size = cJSON_GetObjectItem(m, "size")->valueint;
        read_cells(b, cJSON_GetObjectItem(m, "cells"));
        if (!b->live) {
            b->live = 1;
            if (++live / 2 > peak)
                peak = live / 2;
        }
        if (cJSON_GetObjectItem(m, "turn")->valueint == b->seat)
            schedule(b);
    } else if (!strcmp(type, "linked")) {
        if (seat == b->seat && b->sent_ns) {
            if (nlat == caplat) {
                caplat = caplat ? 2 * caplat : 4096;
                lat = realloc(lat, caplat * sizeof *lat);
                at = realloc(at, caplat * sizeof *at);
            }
            at[nlat] = (double)(b->sent_ns - t_start) / 1e9;
            lat[nlat++] = (double)(uv_hrtime() - b->sent_ns) / 1e9;
            b->sent_ns = 0;
        }
        int cells[2] = {cJSON_GetObjectItem(m, "a")->valueint, cJSON_GetObjectItem(m, "b")->valueint};
        for (int i = 0; i < 2; i++)
            b->cells[cells[i]].owner = (int8_t)seat;
    } else if (!strcmp(type, "rotation") || !strcmp(type, "reweave")) {
        read_cells(b, cJSON_GetObjectItem(m, "cells"));
    } else if (!strcmp(type, "turn")) {
        if (seat == b->seat)
            schedule(b);
    } else if (!strcmp(type, "refused") || !strcmp(type, "missed")) {
        b->sent_ns = 0;
    } else if (!strcmp(type, "end")) {
        live--;
        finish(b);
    } else if (!strcmp(type, "error")) {
        fprintf(stderr, "server_bench_client: bot %d: error %s\n", b->index,
                cJSON_GetStringValue(cJSON_GetObjectItem(m, "code")));
        failed = 1;
        finish(b);
    }
}

static void alloc_cb(uv_handle_t *h, size_t suggested, uv_buf_t *buf)
{
    bot *b = h->data;
    if (b->cap - b->len < 65536) {
        b->cap = b->len + 65536 + suggested;
        b->buf = realloc(b->buf, b->cap);
    }
    *buf = uv_buf_init(b->buf + b->len, (unsigned)(b->cap - b->len));
}

static void read_cb(uv_stream_t *s, ssize_t n, const uv_buf_t *buf)
{
    bot *b = s->data;
    (void)buf;
    if (n < 0) {
        if (!b->done) {
            fprintf(stderr, "server_bench_client: bot %d: connection lost\n", b->index);
            failed = 1;
        }
        finish(b);
        return;
    }
    b->len += (size_t)n;
    char *start = b->buf, *nl;
    while (!b->done && (nl = memchr(start, '\n', (size_t)(b->buf + b->len - start)))) {
        cJSON *m = cJSON_ParseWithLength(start, (size_t)(nl - start));
        if (m)
            on_message(b, m);
        cJSON_Delete(m);
        start = nl + 1;
    }
    if (!b->done) {
        b->len = (size_t)(b->buf + b->len - start);
        memmove(b->buf, start, b->len);
    }
}

static void connect_cb(uv_connect_t *req, int status)
{
    bot *b = req->data;
    if (status < 0) {
        fprintf(stderr, "server_bench_client: bot %d: %s\n", b->index, uv_strerror(status));
        failed = 1;
        finish(b);
        return;
    }
    uv_read_start((uv_stream_t *)&b->tcp, alloc_cb, read_cb);
    cJSON *h = cJSON_CreateObject();
    char name[32];
    snprintf(name, sizeof name, "bench%d", b->index);
    cJSON_AddStringToObject(h, "type", "hello");
    cJSON_AddStringToObject(h, "name", name);
    send_json(b, h);
}

/* Ten connections a millisecond, so the listen backlog never overflows. */
static void ramp_cb(uv_timer_t *t)
{
    for (int k = 0; k < 10 && started < nbots; k++, started++) {
        bot *b = &bots[started];
        b->index = started;
        b->rng = 2463534242u ^ (uint32_t)(started * 2654435761u);
        uv_tcp_init(loop, &b->tcp);
        uv_timer_init(loop, &b->think);
        b->tcp.data = b->think.data = b->req.data = b;
        uv_tcp_nodelay(&b->tcp, 1);
        uv_tcp_connect(&b->req, &b->tcp, (const struct sockaddr *)&addr, connect_cb);
    }
    if (started == nbots)
        uv_timer_stop(t);
}

int main(int argc, char **argv)
{
    if (argc != 6) {
        fprintf(stderr, "usage: server_bench_client HOST PORT PAIRS THINK_MS OUT.json\n");
        return 2;
    }
    int pairs = atoi(argv[3]);
    think_ms = atoi(argv[4]);
    if (uv_ip4_addr(argv[1], atoi(argv[2]), &addr) != 0 || pairs < 1 || pairs > 100000 ||
        think_ms < 0) {
        fprintf(stderr, "server_bench_client: bad HOST, PORT, PAIRS or THINK_MS\n");
        return 2;
    }
    nbots = 2 * pairs;
    bots = calloc((size_t)nbots, sizeof *bots);
    loop = uv_default_loop();
    t_start = uv_hrtime();
    uv_timer_init(loop, &ramp);
    uv_timer_start(&ramp, ramp_cb, 0, 1);
    uv_run(loop, UV_RUN_DEFAULT);
    FILE *f = fopen(argv[5], "w");
    if (!f) {
        fprintf(stderr, "server_bench_client: cannot write %s\n", argv[5]);
        return 2;
    }
    fprintf(f, "{\"peakMatches\": %d, \"latency\": [", peak);
    for (size_t i = 0; i < nlat; i++)
        fprintf(f, "%s%.9f", i ? "," : "", lat[i]);
    fprintf(f, "], \"sentAt\": [");
    for (size_t i = 0; i < nlat; i++)
        fprintf(f, "%s%.6f", i ? "," : "", at[i]);
    fprintf(f, "]}\n");
    fclose(f);
    return failed ? 1 : 0;
}
