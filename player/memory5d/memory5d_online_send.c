/* Memory5D online: what the client says (docs/server.md): the events log's online lines,
 * each protocol message it sends (hello with the saved token or the name, and the player's
 * intentions: queue, select, arm/disarm, pick, buy, resign), and the next linkable cell the
 * L key walks to. Calls only the net layer and the shared services below it. */
#include "memory5d_online.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "memory5d/memory5d_board.h"
#include "memory5d/memory5d_powers.h"

#define ONLINE(sc) ((memory5d_online *)(sc)->online)

static void sfx(memory5d_scene_state *sc, audio_sfx e) { audio_play(sc->env.audio, e); }

/* One "online" line in the events log: what happened (a message type, or connecting,
 * connected, lost, malformed, sent), its match and seat, and a text. Flushed at once: a
 * test reads the log of a running player. */
void memory5d_online_ev(memory5d_scene_state *sc, int64_t t, const char *what, int64_t match, int seat,
               const char *fmt, ...)
{
    if (!sc->env.events)
        return;
    char text[600], js[1300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    memory5d_ev_jstr(js, sizeof js, text);
    char m[24] = "null", s[16] = "null";
    if (match > 0)
        snprintf(m, sizeof m, "%lld", (long long)match);
    if (seat >= 0)
        snprintf(s, sizeof s, "%d", seat);
    fprintf(sc->env.events, "{\"t\":%lld,\"event\":\"online\",\"what\":\"%s\",\"match\":%s,"
            "\"seat\":%s,\"text\":%s}\n", (long long)t, what, m, s, js);
    fflush(sc->env.events);
}

/* A seat in a sentence: "You" for this player's own, the other's name. */
const char *memory5d_online_seat_name(const memory5d_scene_state *sc, int seat)
{
    const memory5d_online *o = sc->online;
    if (seat == o->seat)
        return "You";
    return o->opponent[0] ? o->opponent : memory5d_player_names[seat & 1];
}

int memory5d_online_send(memory5d_scene_state *sc, cJSON *msg, int64_t now)
{
    memory5d_online *o = ONLINE(sc);
    char *text = cJSON_PrintUnformatted(msg);
    cJSON_Delete(msg);
    int rc = text ? memory5d_net_send(o->net, text) : -1;
    if (rc == 0) {
        o->last_sent = now;
        memory5d_online_ev(sc, now, "sent", o->match, -1, "%s", text);
    }
    free(text);
    if (rc != 0)
        memory5d_caption(sc, now, "Not connected to the server: that was not sent. It "
                                  "reconnects by itself.");
    return rc;
}

cJSON *memory5d_online_msg(const char *type)
{
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "type", type);
    return m;
}

cJSON *memory5d_online_match_msg(const memory5d_scene_state *sc, const char *type)
{
    cJSON *m = memory5d_online_msg(type);
    cJSON_AddNumberToObject(m, "match", (double)ONLINE(sc)->match);
    return m;
}

void memory5d_online_hello(memory5d_scene_state *sc, int64_t now)
{
    memory5d_online *o = ONLINE(sc);
    cJSON *m = memory5d_online_msg("hello");
    const memory5d_settings *cfg = sc->cfg;
    int resume = cfg->online_token[0] &&
                 !strcmp(cfg->online_server, memory5d_net_address(o->net));
    if (resume)
        cJSON_AddStringToObject(m, "token", cfg->online_token);
    else
        cJSON_AddStringToObject(m, "name", o->name);
    memory5d_online_send(sc, m, now);
}

/* ---------------------------------------------------------------- intentions */

void memory5d_online_queue(memory5d_scene_state *sc, int64_t now)
{
    memory5d_online *o = ONLINE(sc);
    if (o->phase != M5O_LOBBY || o->queue_pending) {
        memory5d_caption(sc, now, "%s", o->phase == M5O_QUEUED || o->queue_pending
                                            ? "Already waiting for an opponent: Stop waiting "
                                              "(or Escape) leaves the queue."
                                            : "Finish the match in play first.");
        return;
    }
    cJSON *m = memory5d_online_msg("queue");
    cJSON_AddStringToObject(m, "mode", o->mode == M5O_RANKED ? "classic" : "arcade");
    cJSON_AddStringToObject(m, "difficulty", memory5d_difficulty_names[o->difficulty]);
    if (o->mode != M5O_RANKED)
        cJSON_AddBoolToObject(m, "draft", o->mode == M5O_POWER_DRAFT);
    if (o->mode == M5O_ARCADE) {
        cJSON *lo = cJSON_AddObjectToObject(m, "loadout");
        for (int p = 0; p < MEMORY5D_POWERS; p++)
            cJSON_AddNumberToObject(lo, memory5d_power_names[p], o->loadout[p]);
    }
    if (memory5d_online_send(sc, m, now) == 0) {
        o->queue_sent = o->queue_pending = 1;
        sfx(sc, AUDIO_SFX_BUTTON_CONFIRM);
    }
}

int memory5d_online_can_stop_waiting(const memory5d_scene_state *sc, int64_t now)
{
    const memory5d_online *o = ONLINE(sc);
    return o->phase == M5O_QUEUED && now - o->queued_at >= M5O_STOP_WAIT_MS;
}

void memory5d_online_unqueue(memory5d_scene_state *sc, int64_t now)
{
    /* the lobby goes back to choosing when the server answers unqueued (an opponent may come
     * first: then the match starts as usual) */
    memory5d_online *o = ONLINE(sc);
    if (o->phase != M5O_QUEUED || o->unqueue_sent)
        return;
    if (memory5d_online_send(sc, memory5d_online_msg("unqueue"), now) == 0) {
        o->unqueue_sent = 1;
        sfx(sc, AUDIO_SFX_BUTTON_CONFIRM);
    }
}

void memory5d_online_select(memory5d_scene_state *sc, int cell, int64_t now)
{
    cJSON *m = memory5d_online_match_msg(sc, "select");
    cJSON_AddNumberToObject(m, "cell", cell);
    memory5d_online_send(sc, m, now);
}

void memory5d_online_power(memory5d_scene_state *sc, int power, int64_t now)
{
    const memory5d_state *st = &sc->st;
    int live = memory5d_power_live(st, st->armed) && st->armed == power;
    cJSON *m = memory5d_online_match_msg(sc, live ? "disarm" : "arm");
    cJSON_AddStringToObject(m, "power", memory5d_power_names[power]);
    memory5d_online_send(sc, m, now);
}

void memory5d_online_pick(memory5d_scene_state *sc, int power, int64_t now)
{
    cJSON *m = memory5d_online_match_msg(sc, "pick");
    cJSON_AddStringToObject(m, "card", memory5d_power_names[power]);
    memory5d_online_send(sc, m, now);
}

void memory5d_online_buy(memory5d_scene_state *sc, int power, int64_t now)
{
    cJSON *m = memory5d_online_msg("buy");
    cJSON_AddStringToObject(m, "power", memory5d_power_names[power]);
    if (memory5d_online_send(sc, m, now) == 0)
        memory5d_caption(sc, now, "Buying one %s for %d Star Points: the server decides.",
                         memory5d_ui_power_titles[power], sc->rules.power_price[power]);
}

void memory5d_online_resign(memory5d_scene_state *sc, int64_t now)
{
    memory5d_online_send(sc, memory5d_online_match_msg(sc, "resign"), now);
}

int memory5d_online_next_linkable(const memory5d_scene_state *sc, int from)
{
    const memory5d_state *st = &sc->st;
    int n = st->size, cells = n * n, list[MEMORY5D_MAX_CELLS], mark[MEMORY5D_MAX_CELLS] = {0};
    if (sc->def.setup.mode == MEMORY5D_ARCADE || st->status != MEMORY5D_PLAYING || cells <= 0)
        return -1;
    if (st->anchor != MEMORY5D_NO_CELL) {
        int k = memory5d_partners(st->cells, n, st->anchor, 0, list, MEMORY5D_MAX_CELLS);
        for (int i = 0; i < k; i++)
            mark[list[i]] = 1;
    }
    for (int k = 1; k <= cells; k++) {
        int c = ((from < 0 ? cells - 1 : from) + k) % cells;
        if (st->cells[c].owner != MEMORY5D_UNCLAIMED || c == st->anchor)
            continue;
        if (st->anchor != MEMORY5D_NO_CELL ? mark[c]
                                           : memory5d_partners(st->cells, n, c, 0, list,
                                                               MEMORY5D_MAX_CELLS) > 0)
            return c;
    }
    return -1;
}

