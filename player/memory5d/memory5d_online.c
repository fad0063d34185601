/* Memory5D online: the session's loop (see memory5d_online.h): the connection polled every
 * frame, each server line read by memory5d_net_msg_read and applied (memory5d_online_apply.c),
 * anything malformed said on screen and the connection dropped and tried again (the server
 * resends the whole state on the new hello); headless pacing; the connection's state in
 * words; starting and ending the session. */
#define _POSIX_C_SOURCE 200809L
#include "memory5d_online.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "memory5d_net_msg.h"

#define ONLINE(sc) ((memory5d_online *)(sc)->online)

/* ---------------------------------------------------------------- the loop */

/* Headless: the virtual clock follows the wall clock (the server's clock is real), so a
 * script's waits are real waits. */
static void pace(memory5d_scene_state *sc, int64_t now)
{
    memory5d_online *o = ONLINE(sc);
    if (!sc->env.headless)
        return;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    int64_t wall = (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
    if (!o->wall0) {
        o->wall0 = wall;
        o->virt0 = now;
    }
    int64_t ahead = (now - o->virt0) - (wall - o->wall0);
    if (ahead > 0) {
        if (ahead > 1000)
            ahead = 1000;
        struct timespec d = {(time_t)(ahead / 1000), (long)(ahead % 1000) * 1000000L};
        nanosleep(&d, NULL);
    }
}

void memory5d_online_update(memory5d_scene_state *sc, int64_t now)
{
    memory5d_online *o = ONLINE(sc);
    if (!o)
        return;
    pace(sc, now);
    memory5d_state *st = &sc->st;
    if ((st->pause_mask & MEMORY5D_PAUSE_REVEAL)) {
        /* the server's clock does not wait for a Reveal: the mirror's pause is undone */
        st->paused_ms = -(now - st->pause_since_ms);
        if (now >= st->reveal_until_ms) {
            st->pause_mask &= ~MEMORY5D_PAUSE_REVEAL;
            st->paused_ms = 0;
            st->reveal_anchor = MEMORY5D_NO_CELL;
        }
    }
    if (o->phase == M5O_STOPPED)
        return;
    memory5d_net_state before = memory5d_net_status(o->net);
    for (int round = 0; round < 64; round++) {
        memory5d_net_poll(o->net, now);
        memory5d_net_state s = memory5d_net_status(o->net);
        if (s != before) {
            if (s == MEMORY5D_NET_CONNECTED) {
                memory5d_online_ev(sc, now, "connected", 0, -1, "%s", memory5d_net_address(o->net));
                o->problem[0] = '\0';
                o->hello_at = 0; /* this connection's hello now: no later one for the old */
                memory5d_online_hello(sc, now);
            } else if (s == MEMORY5D_NET_WAITING) {
                memory5d_online_ev(sc, now, "lost", 0, -1, "%s", memory5d_net_why(o->net));
                o->welcomed = 0;
                memory5d_caption(sc, now, "Connection lost (%s): retrying. The server's clock "
                                 "keeps running.", memory5d_net_why(o->net));
            }
            before = s;
        }
        const char *line;
        size_t len;
        if (!memory5d_net_line(o->net, &line, &len))
            break;
        memory5d_net_msg *m = malloc(sizeof *m);
        char err[400];
        if (!m)
            return;
        int ok = memory5d_net_msg_read(&sc->rules, line, len, m, err, sizeof err) == 0 &&
                 memory5d_online_apply(sc, m, now, err, sizeof err) == 0;
        free(m);
        if (!ok) {
            snprintf(o->problem, sizeof o->problem, "The server sent a malformed message "
                     "(%.200s); reconnecting.", err);
            memory5d_caption(sc, now, "%s", o->problem);
            memory5d_warn(sc, "memory5d: server: %.400s", err);
            memory5d_online_ev(sc, now, "malformed", 0, -1, "%s", err);
            memory5d_net_drop(o->net, now, "a malformed message");
            memory5d_online_ev(sc, now, "lost", 0, -1, "a malformed message");
            o->welcomed = 0;
            break;
        }
        if (o->phase == M5O_STOPPED)
            break;
    }
    if (o->phase == M5O_STOPPED) {
        memory5d_net_drop(o->net, now, "signed in elsewhere");
        return;
    }
    if (o->hello_at && now >= o->hello_at) {
        o->hello_at = 0;
        if (!o->welcomed && memory5d_net_status(o->net) == MEMORY5D_NET_CONNECTED)
            memory5d_online_hello(sc, now);
    }
    if (o->welcomed && now - o->last_sent >= M5O_PING_MS)
        memory5d_online_send(sc, memory5d_online_msg("ping"), now);
}

int64_t memory5d_online_next_change(const memory5d_scene_state *sc, int64_t drawn)
{
    (void)sc;
    return drawn + M5O_POLL_MS;
}

int memory5d_online_status(const memory5d_scene_state *sc, int64_t now, char *buf, size_t n)
{
    const memory5d_online *o = ONLINE(sc);
    memory5d_net_state s = memory5d_net_status(o->net);
    if (o->phase == M5O_STOPPED) {
        snprintf(buf, n, "Signed in from another window: this one stopped.");
        return 0;
    }
    if (s == MEMORY5D_NET_CONNECTED && o->welcomed) {
        snprintf(buf, n, "Connected to %s as %s (player %lld)%s", memory5d_net_address(o->net),
                 o->name, (long long)o->player,
                 o->phase == M5O_QUEUED ? ": waiting for an opponent..." : ".");
        return 1;
    }
    if (s == MEMORY5D_NET_CONNECTED && o->hello_at) {
        int64_t left = o->hello_at - now;
        snprintf(buf, n, "%s makes no new accounts for a moment: signing in again in %lld s.",
                 memory5d_net_address(o->net), (long long)(left > 0 ? (left + 999) / 1000 : 0));
        return 0;
    }
    if (s == MEMORY5D_NET_CONNECTED || s == MEMORY5D_NET_CONNECTING ||
        !memory5d_net_why(o->net)[0]) {
        snprintf(buf, n, "Connecting to %s...", memory5d_net_address(o->net));
        return 0;
    }
    int64_t left = memory5d_net_retry_at(o->net) - now;
    snprintf(buf, n, "Connection lost: %s. Retrying in %lld.%lld s (attempt %d).",
             memory5d_net_why(o->net), (long long)(left > 0 ? left / 1000 : 0),
             (long long)(left > 0 ? left % 1000 / 100 : 0), memory5d_net_attempts(o->net) + 1);
    return 0;
}

/* ---------------------------------------------------------------- start and end */

int memory5d_online_start(memory5d_scene_state *sc, const char *address, const char *name,
                          int64_t now, char *err, size_t errlen)
{
    memory5d_online *o = calloc(1, sizeof *o);
    if (!o) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    o->net = memory5d_net_new(address, err, errlen);
    if (!o->net) {
        free(o);
        return -1;
    }
    const char *nm = name && *name ? name : sc->cfg->online_name[0] ? sc->cfg->online_name
                                                                     : "Player";
    if (strlen(nm) > 32) {
        snprintf(err, errlen, "--name: at most 32 bytes, got %zu", strlen(nm));
        memory5d_net_free(o->net);
        free(o);
        return -1;
    }
    /* a different --name than the saved account's: a new account under that name */
    if (name && *name && strcmp(name, sc->cfg->online_name))
        sc->cfg->online_token[0] = '\0';
    snprintf(o->name, sizeof o->name, "%s", nm);
    o->seat = -1;
    o->difficulty = MEMORY5D_NORMAL;
    sc->online = o;
    memory5d_goto(sc, MEMORY5D_SCREEN_ONLINE_LOBBY, now);
    memory5d_online_ev(sc, now, "connecting", 0, -1, "%s", memory5d_net_address(o->net));
    return 0;
}

void memory5d_online_free(memory5d_scene_state *sc)
{
    memory5d_online *o = ONLINE(sc);
    if (!o)
        return;
    memory5d_net_free(o->net);
    free(o);
    sc->online = NULL;
}
