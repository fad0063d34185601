/* Memory5D match server: accepting connections on the libuv loop and reading them: lines
 * of at most 64 KiB, a token bucket per connection, an idle timeout, a connection cap;
 * hello (a new player or a token), then each message to its handler. */
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "server.h"
#include "server_conn.h"
#include "server_net.h"

static char read_buf[64 * 1024];

/* ---- accounts ---- */

static void hex(const unsigned char *b, size_t n, char *out)
{
    for (size_t i = 0; i < n; i++)
        snprintf(out + 2 * i, 3, "%02x", b[i]);
}

/* SHA-256 of the salt and the secret, in hex: a token is a long random secret, so one salted
 * hash suffices (no password stretching needed), and the database never holds the secret. */
static int token_hash(const char *salt, const char *secret, char out[SERVER_HASH_HEX + 1])
{
    char joined[SERVER_SALT_HEX + SERVER_TOKEN_MAX + 1];
    int n = snprintf(joined, sizeof joined, "%s%s", salt, secret);
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int mdlen = 0;
    if (n < 0 || EVP_Digest(joined, (size_t)n, md, &mdlen, EVP_sha256(), NULL) != 1 || mdlen != 32)
        return -1;
    hex(md, 32, out);
    return 0;
}

static server_player *player_slot(server *srv, int64_t id, int create)
{
    if (id <= 0)
        return NULL;
    if ((size_t)id >= srv->player_cap) {
        if (!create)
            return NULL;
        size_t cap = srv->player_cap ? srv->player_cap : 256;
        while (cap <= (size_t)id)
            cap *= 2;
        server_player **grown = realloc(srv->players, cap * sizeof *grown);
        if (!grown)
            return NULL;
        memset(grown + srv->player_cap, 0, (cap - srv->player_cap) * sizeof *grown);
        srv->players = grown;
        srv->player_cap = cap;
    }
    if (!srv->players[id] && create)
        srv->players[id] = calloc(1, sizeof(server_player));
    return srv->players[id];
}

static void welcome(server_conn *c, server_player *p, const char *token)
{
    if (p->conn && p->conn != c) {
        /* the newer connection with the same token wins */
        server_conn *old = p->conn;
        server_conn_error(old, "replaced", "another connection signed in with this token");
        old->player = NULL;
        p->conn = NULL;
        server_conn_close(old);
    }
    p->conn = c;
    c->player = p;
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "type", "welcome");
    cJSON_AddNumberToObject(m, "player", (double)p->id);
    cJSON_AddStringToObject(m, "token", token);
    cJSON_AddStringToObject(m, "name", p->name);
    server_conn_send_json(c, m);
    server_match_resume(c->srv, p);
}

/* The new accounts' bucket: lim.new_players a minute server-wide, so connecting again and
 * again cannot fill the database with players. 0 when one more may be made. */
static int accounts_limited(server *srv)
{
    uint64_t now = uv_now(srv->loop);
    srv->account_tokens += (double)(now - srv->account_refill_ms) * srv->lim.new_players / 60000.0;
    if (srv->account_tokens > srv->lim.new_players)
        srv->account_tokens = srv->lim.new_players;
    srv->account_refill_ms = now;
    if (srv->account_tokens < 1)
        return 1;
    srv->account_tokens -= 1;
    return 0;
}

static void hello(server_conn *c, const server_msg *m)
{
    server *srv = c->srv;
    char err[256], hash[SERVER_HASH_HEX + 1];
    if (m->name[0]) {
        if (accounts_limited(srv)) {
            /* the connection stays: a hello with a token still works, a name again later */
            server_conn_error(c, "busy", "too many new players this minute: try again shortly");
            return;
        }
        unsigned char raw[32];
        char salt[SERVER_SALT_HEX + 1], secret[33], token[SERVER_TOKEN_MAX + 1];
        int64_t id;
        if (uv_random(NULL, NULL, raw, sizeof raw, 0, NULL) != 0) {
            server_conn_error(c, "server-error", "no random bytes");
            return;
        }
        hex(raw, 16, salt);
        hex(raw + 16, 16, secret);
        if (token_hash(salt, secret, hash) != 0 ||
            server_db_player_new(srv->db, m->name, salt, hash, &id, err, sizeof err) != 0) {
            server_conn_error(c, "server-error", "cannot create the player");
            return;
        }
        server_player *p = player_slot(srv, id, 1);
        if (!p) {
            server_conn_error(c, "server-error", "out of memory");
            return;
        }
        p->id = id;
        snprintf(p->name, sizeof p->name, "%s", m->name);
        for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++)
            p->elo[d] = srv->cfg.elo.initial;
        snprintf(token, sizeof token, "%lld.%s", (long long)id, secret);
        welcome(c, p, token);
        return;
    }
    long long id = 0;
    char secret[SERVER_TOKEN_MAX + 1];
    server_db_player row;
    int n = 0;
    if (sscanf(m->token, "%lld.%64[0-9a-f]%n", &id, secret, &n) != 2 || m->token[n] != '\0' ||
        id <= 0 || server_db_player_load(srv->db, id, srv->cfg.elo.initial, &row, err, sizeof err) != 1 ||
        token_hash(row.salt, secret, hash) != 0 ||
        CRYPTO_memcmp(hash, row.token_hash, SERVER_HASH_HEX) != 0) {
        server_conn_error(c, "bad-token", "no player has that token");
        return;
    }
    server_player *p = player_slot(srv, id, 0);
    if (!p) {
        p = player_slot(srv, id, 1);
        if (!p) {
            server_conn_error(c, "server-error", "out of memory");
            return;
        }
        p->id = id;
        snprintf(p->name, sizeof p->name, "%s", row.name);
        p->star_points = row.star_points;
        memcpy(p->elo, row.elo, sizeof p->elo);
        memcpy(p->elo_matches, row.elo_matches, sizeof p->elo_matches);
        memcpy(p->inventory, row.inventory, sizeof p->inventory);
    }
    welcome(c, p, m->token);
}

/* ---- lines ---- */

/* The token bucket: rate messages a second, burst at once. 0 when the line may pass. */
static int rate_limited(server_conn *c)
{
    uint64_t now = uv_now(c->srv->loop);
    c->tokens += (double)(now - c->refill_ms) * c->srv->lim.rate / 1000.0;
    if (c->tokens > c->srv->lim.burst)
        c->tokens = c->srv->lim.burst;
    c->refill_ms = now;
    if (c->tokens >= 1) {
        c->tokens -= 1;
        return 0;
    }
    /* one error a second at most, so a flood cannot make the server write a flood back */
    if (c->limited_ms == 0 || now - c->limited_ms >= 1000) {
        c->limited_ms = now;
        server_conn_error(c, "rate-limited", "too many messages: this one was dropped");
    }
    return 1;
}

static void handle_line(server_conn *c, const char *line, size_t len)
{
    uv_timer_again(&c->idle);
    if (rate_limited(c))
        return;
    server_msg m;
    char err[300];
    if (server_msg_parse(line, len, &m, err, sizeof err) != 0) {
        server_conn_error(c, "bad-message", err);
        server_conn_close(c);
        return;
    }
    if (m.type == SERVER_MSG_PING) {
        cJSON *pong = cJSON_CreateObject();
        cJSON_AddStringToObject(pong, "type", "pong");
        server_conn_send_json(c, pong);
        return;
    }
    if (m.type == SERVER_MSG_HELLO) {
        if (c->player)
            server_conn_error(c, "already-welcome", "this connection has a player already");
        else
            hello(c, &m);
        return;
    }
    if (!c->player) {
        server_conn_error(c, "not-welcome", "say hello first");
        return;
    }
    switch (m.type) {
    case SERVER_MSG_PROFILE: server_send_json(c->player, server_profile_json(c->srv, c->player)); break;
    case SERVER_MSG_QUEUE: server_match_queue(c->srv, c->player, &m); break;
    case SERVER_MSG_UNQUEUE: server_match_unqueue(c->srv, c->player); break;
    default: server_match_command(c->srv, c->player, &m); break;
    }
}

static void alloc_cb(uv_handle_t *h, size_t suggested, uv_buf_t *buf)
{
    (void)h;
    (void)suggested;
    *buf = uv_buf_init(read_buf, sizeof read_buf);
}

static int line_append(server_conn *c, const char *p, size_t n)
{
    if (c->len + n > SERVER_LINE_MAX)
        return -1;
    if (c->len + n > c->cap) {
        size_t cap = c->cap ? c->cap : 256;
        while (cap < c->len + n)
            cap *= 2;
        char *grown = realloc(c->line, cap);
        if (!grown)
            return -1;
        c->line = grown;
        c->cap = cap;
    }
    memcpy(c->line + c->len, p, n);
    c->len += n;
    return 0;
}

static void read_cb(uv_stream_t *s, ssize_t nread, const uv_buf_t *buf)
{
    server_conn *c = s->data;
    if (nread < 0) {
        server_conn_close(c);
        return;
    }
    const char *p = buf->base, *end = buf->base + nread;
    while (p < end && !c->closing) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = (size_t)((nl ? nl : end) - p);
        if (line_append(c, p, n) != 0) {
            char why[80];
            snprintf(why, sizeof why, "a line is at most %d bytes", SERVER_LINE_MAX);
            server_conn_error(c, "too-long", why);
            server_conn_close(c);
            return;
        }
        if (!nl)
            break;
        size_t len = c->len;
        if (len && c->line[len - 1] == '\r')
            len--;
        c->len = 0;
        if (len)
            handle_line(c, c->line, len);
        p = nl + 1;
    }
}

static void idle_cb(uv_timer_t *t)
{
    server_conn *c = t->data;
    server_conn_error(c, "idle", "no message for too long");
    server_conn_close(c);
}

static void on_connection(uv_stream_t *listener, int status)
{
    server *srv = listener->data;
    if (status < 0)
        return;
    server_conn *c = calloc(1, sizeof *c);
    if (!c)
        return;
    c->srv = srv;
    uv_tcp_init(srv->loop, &c->tcp);
    uv_timer_init(srv->loop, &c->idle);
    c->tcp.data = c->idle.data = c;
    c->open_handles = 2;
    srv->conns++;
    if (uv_accept(listener, (uv_stream_t *)&c->tcp) != 0) {
        server_conn_close(c);
        return;
    }
    if (srv->conns > srv->lim.max_conns) {
        server_conn_error(c, "server-full", "too many connections");
        server_conn_close(c);
        return;
    }
    uv_tcp_nodelay(&c->tcp, 1);
    c->tokens = srv->lim.burst;
    c->refill_ms = uv_now(srv->loop);
    uv_timer_start(&c->idle, idle_cb, (uint64_t)srv->lim.idle_ms, (uint64_t)srv->lim.idle_ms);
    uv_read_start((uv_stream_t *)&c->tcp, alloc_cb, read_cb);
}

int server_net_listen(server *srv, const char *host, int port, char *err, size_t errlen)
{
    srv->disconnected = server_match_disconnected;
    struct sockaddr_storage addr;
    int rc = uv_ip4_addr(host, port, (struct sockaddr_in *)&addr);
    if (rc != 0)
        rc = uv_ip6_addr(host, port, (struct sockaddr_in6 *)&addr);
    if (rc != 0) {
        snprintf(err, errlen, "--listen: %s is not an IP address", host);
        return -1;
    }
    uv_tcp_init(srv->loop, &srv->listener);
    srv->listener.data = srv;
    if ((rc = uv_tcp_bind(&srv->listener, (const struct sockaddr *)&addr, 0)) != 0 ||
        (rc = uv_listen((uv_stream_t *)&srv->listener, 511, on_connection)) != 0) {
        snprintf(err, errlen, "--listen %s:%d: %s", host, port, uv_strerror(rc));
        return -1;
    }
    return 0;
}

static void close_any(uv_handle_t *h, void *arg)
{
    server *srv = arg;
    if (uv_is_closing(h) || h->type != UV_TCP || h == (uv_handle_t *)&srv->listener)
        return;
    server_conn_close(h->data);
}

void server_net_close_all(server *srv)
{
    if (!uv_is_closing((uv_handle_t *)&srv->listener))
        uv_close((uv_handle_t *)&srv->listener, NULL);
    uv_walk(srv->loop, close_any, srv);
}
