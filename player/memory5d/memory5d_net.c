/* Memory5D online: the client's connection to the match server (see memory5d_net.h). One
 * non-blocking socket, polled: connect(2) in progress is finished by poll(2) with no wait,
 * reads and writes stop at EAGAIN, so a frame never blocks on the network (a host name is
 * resolved by getaddrinfo, which may wait; a numeric address never does). */
#define _POSIX_C_SOURCE 200809L
#include "memory5d_net.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

enum { CONNECT_TIMEOUT_MS = 5000, OUT_MAX = 256 * 1024 };

struct memory5d_net {
    char host[256], port[8], address[300];
    int fd;
    memory5d_net_state state;
    int64_t retry_at, connect_started, now; /* now: the last poll's */
    int attempts;
    char why[200];
    char in[MEMORY5D_NET_LINE_MAX + 2];
    size_t in_len, in_pos; /* bytes held; start of the first unread line */
    char out[OUT_MAX];
    size_t out_len;
    char line[MEMORY5D_NET_LINE_MAX + 1];
};

memory5d_net *memory5d_net_new(const char *hostport, char *err, size_t errlen)
{
    const char *s = hostport ? hostport : "";
    const char *colon = strrchr(s, ':');
    char host[256];
    size_t hl = colon ? (size_t)(colon - s) : 0;
    if (colon && s[0] == '[' && hl >= 2 && s[hl - 1] == ']') { /* [::1]:7500 */
        s++;
        hl -= 2;
    }
    char *end = NULL;
    long port = colon ? strtol(colon + 1, &end, 10) : -1;
    if (!colon || hl == 0 || hl >= sizeof host || !colon[1] || *end || port < 1 || port > 65535) {
        snprintf(err, errlen, "--connect: expected HOST:PORT (e.g. 127.0.0.1:7500), got \"%.80s\"",
                 hostport ? hostport : "");
        return NULL;
    }
    memory5d_net *n = calloc(1, sizeof *n);
    if (!n) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    memcpy(host, s, hl);
    host[hl] = '\0';
    snprintf(n->host, sizeof n->host, "%s", host);
    snprintf(n->port, sizeof n->port, "%ld", port);
    snprintf(n->address, sizeof n->address, "%.*s", (int)strlen(hostport), hostport);
    n->fd = -1;
    n->state = MEMORY5D_NET_WAITING;
    n->retry_at = 0;
    return n;
}

void memory5d_net_free(memory5d_net *n)
{
    if (!n)
        return;
    if (n->fd >= 0)
        close(n->fd);
    free(n);
}

memory5d_net_state memory5d_net_status(const memory5d_net *n) { return n->state; }
const char *memory5d_net_why(const memory5d_net *n) { return n->why; }
int64_t memory5d_net_retry_at(const memory5d_net *n) { return n->retry_at; }
int memory5d_net_attempts(const memory5d_net *n) { return n->attempts; }
const char *memory5d_net_address(const memory5d_net *n) { return n->address; }

void memory5d_net_drop(memory5d_net *n, int64_t now, const char *why)
{
    if (n->fd >= 0)
        close(n->fd);
    n->fd = -1;
    n->state = MEMORY5D_NET_WAITING;
    n->in_len = n->in_pos = n->out_len = 0;
    snprintf(n->why, sizeof n->why, "%s", why);
    /* 250 ms, 500 ms, 1 s ... at most 5 s between attempts */
    int64_t wait = MEMORY5D_NET_BACKOFF_MIN_MS;
    for (int i = 0; i < n->attempts && wait < MEMORY5D_NET_BACKOFF_MAX_MS; i++)
        wait *= 2;
    if (wait > MEMORY5D_NET_BACKOFF_MAX_MS)
        wait = MEMORY5D_NET_BACKOFF_MAX_MS;
    n->attempts++;
    n->retry_at = now + wait;
}

static void start_connect(memory5d_net *n, int64_t now)
{
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM,
                             .ai_flags = AI_NUMERICSERV}, *res = NULL;
    int rc = getaddrinfo(n->host, n->port, &hints, &res);
    if (rc != 0 || !res) {
        char why[200];
        snprintf(why, sizeof why, "cannot resolve %.100s: %.80s", n->host, gai_strerror(rc));
        memory5d_net_drop(n, now, why);
        return;
    }
    int fd = socket(res->ai_family, res->ai_socktype | SOCK_CLOEXEC, res->ai_protocol);
    if (fd < 0 || fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) != 0) {
        char why[200];
        snprintf(why, sizeof why, "socket: %.100s", strerror(errno));
        if (fd >= 0)
            close(fd);
        freeaddrinfo(res);
        memory5d_net_drop(n, now, why);
        return;
    }
    rc = connect(fd, res->ai_addr, res->ai_addrlen);
    freeaddrinfo(res);
    n->fd = fd;
    n->connect_started = now;
    if (rc == 0) {
        n->state = MEMORY5D_NET_CONNECTED;
        n->attempts = 0;
        n->why[0] = '\0';
    } else if (errno == EINPROGRESS) {
        n->state = MEMORY5D_NET_CONNECTING;
    } else {
        char why[200];
        snprintf(why, sizeof why, "cannot connect to %.90s: %.80s", n->address, strerror(errno));
        memory5d_net_drop(n, now, why);
    }
}

static void finish_connect(memory5d_net *n, int64_t now)
{
    struct pollfd p = {.fd = n->fd, .events = POLLOUT};
    if (poll(&p, 1, 0) == 0) {
        if (now - n->connect_started > CONNECT_TIMEOUT_MS)
            memory5d_net_drop(n, now, "the server did not answer the connection");
        return;
    }
    int e = 0;
    socklen_t len = sizeof e;
    if (getsockopt(n->fd, SOL_SOCKET, SO_ERROR, &e, &len) != 0)
        e = errno;
    if (e) {
        char why[200];
        snprintf(why, sizeof why, "cannot connect to %.90s: %.80s", n->address, strerror(e));
        memory5d_net_drop(n, now, why);
        return;
    }
    n->state = MEMORY5D_NET_CONNECTED;
    n->attempts = 0;
    n->why[0] = '\0';
}

/* After a send or recv that failed: nothing for now (it would block, or a signal came), or
 * the connection is dropped with errno's words. */
static void broke(memory5d_net *n, int64_t now)
{
    if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
        return;
    char why[200];
    snprintf(why, sizeof why, "the connection broke: %.100s", strerror(errno));
    memory5d_net_drop(n, now, why);
}

static void do_write(memory5d_net *n, int64_t now)
{
    while (n->out_len) {
        ssize_t k = send(n->fd, n->out, n->out_len, MSG_NOSIGNAL);
        if (k < 0) {
            broke(n, now);
            return;
        }
        memmove(n->out, n->out + k, n->out_len - (size_t)k);
        n->out_len -= (size_t)k;
    }
}

static void do_read(memory5d_net *n, int64_t now)
{
    for (;;) {
        if (n->in_pos) { /* the lines already taken leave the buffer */
            memmove(n->in, n->in + n->in_pos, n->in_len - n->in_pos);
            n->in_len -= n->in_pos;
            n->in_pos = 0;
        }
        if (n->in_len >= sizeof n->in) {
            /* no newline in 64 KiB + 2: a line over the protocol's limit */
            if (!memchr(n->in, '\n', n->in_len))
                memory5d_net_drop(n, now, "the server sent a line longer than 64 KiB");
            return;
        }
        ssize_t k = recv(n->fd, n->in + n->in_len, sizeof n->in - n->in_len, 0);
        if (k == 0) {
            memory5d_net_drop(n, now, "the server closed the connection");
            return;
        }
        if (k < 0) {
            broke(n, now);
            return;
        }
        n->in_len += (size_t)k;
        if (memchr(n->in + n->in_len - (size_t)k, '\n', (size_t)k))
            return; /* a whole line to hand out first */
    }
}

int memory5d_net_poll(memory5d_net *n, int64_t now)
{
    memory5d_net_state before = n->state;
    n->now = now;
    if (n->state == MEMORY5D_NET_WAITING && now >= n->retry_at)
        start_connect(n, now);
    if (n->state == MEMORY5D_NET_CONNECTING)
        finish_connect(n, now);
    if (n->state == MEMORY5D_NET_CONNECTED)
        do_write(n, now);
    if (n->state == MEMORY5D_NET_CONNECTED && !memchr(n->in + n->in_pos, '\n', n->in_len - n->in_pos))
        do_read(n, now);
    return n->state != before;
}

int memory5d_net_line(memory5d_net *n, const char **line, size_t *len)
{
    for (;;) {
        char *start = n->in + n->in_pos;
        char *nl = memchr(start, '\n', n->in_len - n->in_pos);
        if (!nl)
            return 0;
        size_t k = (size_t)(nl - start);
        n->in_pos += k + 1;
        if (k && start[k - 1] == '\r')
            k--;
        if (k > MEMORY5D_NET_LINE_MAX) {
            memory5d_net_drop(n, n->now, "the server sent a line longer than 64 KiB");
            return 0;
        }
        if (k == 0)
            continue; /* empty lines are ignored, as the server does */
        memcpy(n->line, start, k);
        n->line[k] = '\0';
        *line = n->line;
        *len = k;
        return 1;
    }
}

int memory5d_net_send(memory5d_net *n, const char *text)
{
    size_t k = strlen(text);
    if (n->state != MEMORY5D_NET_CONNECTED || k + 1 > sizeof n->out - n->out_len)
        return -1;
    memcpy(n->out + n->out_len, text, k);
    n->out[n->out_len + k] = '\n';
    n->out_len += k + 1;
    return 0;
}
