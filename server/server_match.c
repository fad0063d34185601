/* Memory5D match server: queues, the Power Draft, matches played through the core reducer
 * on the server's monotonic clock (uv_now), timeouts, abandoning and the end of a match
 * (the snapshot, Elo, Star Points, inventory). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "memory5d/memory5d_board.h"
#include "memory5d/memory5d_json.h"
#include "memory5d/memory5d_powers.h"
#include "jsonio.h"
#include "memory5d/memory5d_score.h"
#include "server.h"

static int64_t now_ms(const server *srv)
{
    return (int64_t)uv_now(srv->loop);
}

static cJSON *msg_new(const char *type, int64_t match)
{
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "type", type);
    if (match)
        cJSON_AddNumberToObject(m, "match", (double)match);
    return m;
}

/* Sends msg to both seats (deletes it). */
static void broadcast(server_match *m, cJSON *msg)
{
    size_t len;
    char *text = jsonio_print_compact(msg, &len);
    cJSON_Delete(msg);
    if (!text)
        return;
    for (int s = 0; s < MEMORY5D_PLAYERS; s++)
        server_send_player(m->seat[s], text, len);
    free(text);
}

/* The cells as they are now, as the raw JSON text of their array (64 objects of five
 * members built as cJSON items were most of a match start's allocations): the text
 * cJSON would print for them. NULL when out of memory. */
static cJSON *cells_json(const memory5d_def *def, const memory5d_state *st)
{
    jsonio_text t = {0};
    jsonio_text_put(&t, "[", 1);
    for (int i = 0; i < st->size * st->size; i++) {
        const memory5d_cell *c = &st->cells[i];
        jsonio_text_put(&t, i ? ",{\"cell\":" : "{\"cell\":", i ? 9 : 8);
        jsonio_text_number(&t, i);
        jsonio_text_put(&t, ",\"family\":", 10);
        jsonio_text_string(&t, memory5d_family_names[c->family]);
        jsonio_text_put(&t, ",\"variant\":", 11);
        jsonio_text_string(&t, def->cfg.variant_names[c->family][c->variant]);
        jsonio_text_put(&t, ",\"hue\":", 7);
        jsonio_text_string(&t, memory5d_hue_names[c->hue]);
        jsonio_text_put(&t, ",\"owner\":", 9);
        if (c->owner == MEMORY5D_UNCLAIMED)
            jsonio_text_put(&t, "null", 4);
        else
            jsonio_text_number(&t, c->owner);
        jsonio_text_put(&t, "}", 1);
    }
    jsonio_text_put(&t, "]", 1);
    cJSON *raw = t.failed ? NULL : cJSON_CreateRaw(t.s);
    free(t.s);
    return raw;
}

static cJSON *powers_json(const int counts[MEMORY5D_POWERS])
{
    cJSON *o = cJSON_CreateObject();
    for (int p = 0; p < MEMORY5D_POWERS; p++)
        cJSON_AddNumberToObject(o, memory5d_power_names[p], counts[p]);
    return o;
}

cJSON *server_profile_json(const server *srv, const server_player *p)
{
    (void)srv;
    cJSON *m = msg_new("profile", 0);
    cJSON_AddNumberToObject(m, "player", (double)p->id);
    cJSON_AddStringToObject(m, "name", p->name);
    cJSON *elo = cJSON_AddObjectToObject(m, "elo");
    for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++)
        cJSON_AddNumberToObject(elo, memory5d_difficulty_names[d], p->elo[d]);
    cJSON_AddNumberToObject(m, "starPoints", (double)p->star_points);
    cJSON_AddItemToObject(m, "inventory", powers_json(p->inventory));
    return m;
}

static int64_t deadline_left(const server_match *m)
{
    if (m->drafting)
        return m->draft.pick_start_ms + m->def.cfg.draft.pick_deadline_ms - now_ms(m->srv) > 0
                   ? m->draft.pick_start_ms + m->def.cfg.draft.pick_deadline_ms - now_ms(m->srv)
                   : 0;
    return memory5d_clock_remaining(&m->def, &m->st, now_ms(m->srv));
}

static void timer_cb(uv_timer_t *t);

static void arm_timer(server_match *m)
{
    int64_t left = deadline_left(m);
    uv_timer_start(&m->timer, timer_cb, (uint64_t)left + 1, 0);
}

static cJSON *draft_json(server_match *m)
{
    const memory5d_config *cfg = &m->def.cfg;
    cJSON *msg = msg_new("draft", m->id);
    cJSON_AddItemToObject(msg, "pool", powers_json(m->draft.pool));
    cJSON *picked = cJSON_AddObjectToObject(msg, "picked");
    for (int s = 0; s < MEMORY5D_PLAYERS; s++)
        cJSON_AddItemToObject(picked, memory5d_player_names[s], powers_json(m->draft.picked[s]));
    int turn = memory5d_draft_turn(cfg, &m->draft);
    cJSON_AddItemToObject(msg, "turn", turn < 0 ? cJSON_CreateNull() : cJSON_CreateNumber(turn));
    cJSON_AddNumberToObject(msg, "pick", m->draft.pick);
    cJSON_AddNumberToObject(msg, "deadlineMs", (double)deadline_left(m));
    return msg;
}

/* match-start for one seat: the setup and the cells as they are now. */
static void send_start(server_match *m, int seat)
{
    cJSON *msg = msg_new("match-start", m->id);
    cJSON_AddNumberToObject(msg, "seat", seat);
    cJSON_AddStringToObject(msg, "mode", memory5d_mode_names[m->def.setup.mode]);
    cJSON_AddStringToObject(msg, "difficulty", memory5d_difficulty_names[m->def.setup.difficulty]);
    cJSON_AddBoolToObject(msg, "ranked", m->def.setup.ranked);
    cJSON_AddBoolToObject(msg, "drafted", m->drafted);
    cJSON_AddNumberToObject(msg, "size", m->st.size);
    cJSON_AddItemToObject(msg, "cells", cells_json(&m->def, &m->st));
    cJSON_AddNumberToObject(msg, "turn", m->st.turn);
    cJSON_AddNumberToObject(msg, "deadlineMs", (double)deadline_left(m));
    cJSON_AddNumberToObject(msg, "north", memory5d_north_marker(&m->st));
    /* the score so far, so a resumed client shows it as it is */
    cJSON *mastery = cJSON_AddArrayToObject(msg, "mastery");
    for (int s = 0; s < MEMORY5D_PLAYERS; s++)
        cJSON_AddItemToArray(mastery, cJSON_CreateNumber((double)m->st.stats[s].mastery));
    cJSON_AddNumberToObject(msg, "reweaves", m->st.reweaves);
    cJSON *lo = cJSON_AddObjectToObject(msg, "loadouts");
    for (int s = 0; s < MEMORY5D_PLAYERS; s++)
        cJSON_AddItemToObject(lo, memory5d_player_names[s], powers_json(m->st.loadout[s]));
    cJSON *names = cJSON_AddArrayToObject(msg, "players");
    for (int s = 0; s < MEMORY5D_PLAYERS; s++)
        cJSON_AddItemToArray(names, cJSON_CreateString(m->seat[s]->name));
    server_send_json(m->seat[seat], msg);
}

static void match_remove(server *srv, server_match *m)
{
    size_t i = (size_t)m->index;
    srv->matches[i] = srv->matches[--srv->match_count];
    srv->matches[i]->index = (int)i;
}

/* A player with no connection, match or queue leaves memory (its row has all of it; a hello
 * with its token loads it again): the server holds the players it serves, not every player
 * since it started. Not at once: the code that noticed (a send that found the connection
 * gone, a disconnect) may still hold the player; server_match_forget_idle, after the loop's
 * turn, frees those still idle then. */
static int idle(const server_player *p) { return !p->conn && !p->match && !p->queued; }

static void mark_idle(server *srv, server_player *p)
{
    if (!idle(p) || p->forget)
        return;
    if (srv->idle_count == srv->idle_cap) {
        size_t cap = srv->idle_cap ? 2 * srv->idle_cap : 64;
        server_player **grown = realloc(srv->idle, cap * sizeof *grown);
        if (!grown)
            return; /* it stays in memory: no harm */
        srv->idle = grown;
        srv->idle_cap = cap;
    }
    p->forget = 1;
    srv->idle[srv->idle_count++] = p;
}

void server_match_forget_idle(server *srv)
{
    for (size_t i = 0; i < srv->idle_count; i++) {
        server_player *p = srv->idle[i];
        p->forget = 0;
        if (idle(p)) { /* not signed in again meanwhile */
            srv->players[p->id] = NULL;
            free(p);
        }
    }
    srv->idle_count = 0;
}

static void match_free_cb(uv_handle_t *h)
{
    server_match *m = h->data;
    memory5d_log_free(&m->log);
    free(m);
}

/* The match is decided: one transaction writes its snapshot, Star Points, Elo and the
 * charges back; then both seats hear end and their new profile. */
static void finish(server_match *m)
{
    server *srv = m->srv;
    const memory5d_state *st = &m->st;
    server_db_end e = {.id = m->id, .winner = st->winner, .difficulty = m->def.setup.difficulty};
    e.result = st->status == MEMORY5D_DRAW ? "draw"
               : st->status == MEMORY5D_ABANDONED ? "abandoned" : "win";
    for (int s = 0; s < MEMORY5D_PLAYERS; s++) {
        e.player[s] = m->seat[s]->id;
        e.elo_before[s] = e.elo_after[s] = m->seat[s]->elo[e.difficulty];
        e.stars[s] = memory5d_star_points(&m->def, st, s, NULL);
        if (!m->drafted)
            memcpy(e.returned[s], st->loadout[s], sizeof e.returned[s]);
    }
    e.elo_changed = memory5d_match_elo(&m->def, st, e.elo_before[0], e.elo_before[1],
                                       &e.elo_after[0], &e.elo_after[1]) == 0;
    cJSON *logj = memory5d_log_to_json(&m->def, &m->log, st);
    char *log = logj ? jsonio_print_compact(logj, NULL) : NULL;
    cJSON_Delete(logj);
    char draft[128] = "", *dp = NULL;
    if (m->drafted) {
        size_t used = 0;
        for (int i = 0; i < m->def.cfg.draft.pick_count; i++)
            used += (size_t)snprintf(draft + used, sizeof draft - used, "%s%s", i ? "," : "",
                                     m->draft.taken[i] < 0 ? "pass"
                                                           : memory5d_power_names[m->draft.taken[i]]);
        dp = draft;
    }
    e.log = log;
    e.draft = dp;
    char err[256];
    int saved = log && server_db_match_end(srv->db, &e, err, sizeof err) == 0;
    free(log);
    if (!saved) {
        fprintf(stderr, "server: match %lld not saved: %s\n", (long long)m->id,
                log ? err : "out of memory");
        /* end says what now stands: no rating or Star Point changed (its row stays playing
         * and ends as abandoned-by-server at the next start, the charges back) */
        for (int s = 0; s < MEMORY5D_PLAYERS; s++) {
            e.elo_after[s] = e.elo_before[s];
            e.stars[s] = 0;
        }
    }
    cJSON *msg = msg_new("end", m->id);
    cJSON_AddStringToObject(msg, "result", e.result);
    cJSON_AddItemToObject(msg, "winner", st->winner < 0 ? cJSON_CreateNull()
                                                        : cJSON_CreateNumber(st->winner));
    cJSON *line = cJSON_AddArrayToObject(msg, "line");
    if (st->end_reason == MEMORY5D_END_LINE)
        for (int i = 0; i < m->def.cfg.line_length; i++)
            cJSON_AddItemToArray(line, cJSON_CreateNumber(st->win_cells[i]));
    cJSON_AddStringToObject(msg, "reason", memory5d_end_reason_names[st->end_reason]);
    cJSON *elo = cJSON_AddArrayToObject(msg, "elo");
    cJSON *stars = cJSON_AddArrayToObject(msg, "starPoints");
    cJSON *mastery = cJSON_AddArrayToObject(msg, "mastery");
    for (int s = 0; s < MEMORY5D_PLAYERS; s++) {
        cJSON_AddItemToArray(elo, cJSON_CreateNumber(e.elo_after[s]));
        cJSON_AddItemToArray(stars, cJSON_CreateNumber(e.stars[s]));
        cJSON_AddItemToArray(mastery, cJSON_CreateNumber((double)st->stats[s].mastery));
    }
    cJSON_AddBoolToObject(msg, "saved", saved);
    broadcast(m, msg);
    for (int s = 0; s < MEMORY5D_PLAYERS; s++) {
        server_player *p = m->seat[s];
        if (saved) {
            p->star_points += e.stars[s];
            if (e.elo_changed) {
                p->elo[e.difficulty] = e.elo_after[s];
                p->elo_matches[e.difficulty]++;
            }
            for (int k = 0; k < MEMORY5D_POWERS; k++)
                p->inventory[k] += e.returned[s][k];
        }
        p->match = NULL;
        server_send_json(p, server_profile_json(srv, p));
        mark_idle(srv, p);
    }
    match_remove(srv, m);
    uv_close((uv_handle_t *)&m->timer, match_free_cb);
}

static void send_events(server_match *m, const memory5d_outcome *out)
{
    int cells_sent = 0;
    for (int i = 0; i < out->count; i++) {
        const memory5d_event *ev = &out->ev[i];
        cJSON *msg = NULL;
        switch (ev->kind) {
        case MEMORY5D_EV_LINK:
            msg = msg_new("linked", m->id);
            cJSON_AddNumberToObject(msg, "seat", ev->player);
            cJSON_AddNumberToObject(msg, "a", ev->a);
            cJSON_AddNumberToObject(msg, "b", ev->b);
            cJSON_AddNumberToObject(msg, "mastery", ev->value);
            break;
        case MEMORY5D_EV_MISS:
            msg = msg_new("missed", m->id);
            cJSON_AddNumberToObject(msg, "seat", ev->player);
            cJSON_AddStringToObject(msg, "reason", memory5d_reason_names[ev->reason]);
            break;
        case MEMORY5D_EV_TIMEOUT:
            msg = msg_new("timeout", m->id);
            cJSON_AddNumberToObject(msg, "seat", ev->player);
            break;
        case MEMORY5D_EV_TURN:
        case MEMORY5D_EV_BONUS_TURN:
            if (m->st.status != MEMORY5D_PLAYING)
                break;
            msg = msg_new("turn", m->id);
            cJSON_AddNumberToObject(msg, "seat", ev->player);
            cJSON_AddNumberToObject(msg, "deadlineMs", (double)deadline_left(m));
            cJSON_AddBoolToObject(msg, "bonus", ev->kind == MEMORY5D_EV_BONUS_TURN);
            break;
        case MEMORY5D_EV_ROTATE:
        case MEMORY5D_EV_REWEAVE:
            /* the cells after the whole command: later events of the same command are in them */
            if (cells_sent)
                break;
            cells_sent = 1;
            msg = msg_new(ev->kind == MEMORY5D_EV_ROTATE ? "rotation" : "reweave", m->id);
            cJSON_AddItemToObject(msg, "cells", cells_json(&m->def, &m->st));
            cJSON_AddNumberToObject(msg, "north", memory5d_north_marker(&m->st));
            cJSON_AddNumberToObject(msg, "reweaves", m->st.reweaves);
            break;
        case MEMORY5D_EV_ANCHOR:
        case MEMORY5D_EV_REANCHOR:
        case MEMORY5D_EV_CANCEL:
            msg = msg_new(ev->kind == MEMORY5D_EV_CANCEL ? "cancel" : "anchor", m->id);
            cJSON_AddNumberToObject(msg, "seat", ev->player);
            cJSON_AddNumberToObject(msg, "cell", ev->a);
            break;
        case MEMORY5D_EV_REVEAL: {
            /* the partners of the anchor as the projection began (the cells are public: a
             * client could work them out, but the server says what the Reveal showed) */
            int partners[MEMORY5D_MAX_CELLS];
            int n = memory5d_partners(m->st.cells, m->st.size, ev->a, 0, partners,
                                      MEMORY5D_MAX_CELLS);
            msg = msg_new("reveal", m->id);
            cJSON_AddNumberToObject(msg, "seat", ev->player);
            cJSON_AddNumberToObject(msg, "cell", ev->a);
            cJSON_AddItemToObject(msg, "partners", cJSON_CreateIntArray(partners, n));
            break;
        }
        case MEMORY5D_EV_ARM:
        case MEMORY5D_EV_CONSUME:
        case MEMORY5D_EV_REFUND:
            msg = msg_new("power", m->id);
            cJSON_AddNumberToObject(msg, "seat", ev->player);
            cJSON_AddStringToObject(msg, "event", ev->kind == MEMORY5D_EV_ARM ? "arm"
                                                  : ev->kind == MEMORY5D_EV_CONSUME ? "consume"
                                                                                     : "refund");
            cJSON_AddStringToObject(msg, "power", memory5d_power_names[ev->value]);
            break;
        default: break;
        }
        if (msg)
            broadcast(m, msg);
    }
}

/* Applies one command through the core reducer; sends what happened. Returns the outcome's
 * refusal (MEMORY5D_OK when accepted whole). */
static int apply(server_match *m, memory5d_cmd *cmd, int *accepted)
{
    memory5d_outcome out;
    cmd->now_ms = now_ms(m->srv);
    if (cmd->now_ms < m->st.last_ms)
        cmd->now_ms = m->st.last_ms;
    int rc = memory5d_apply(&m->def, &m->st, &m->log, cmd, &out);
    *accepted = rc == 1;
    if (rc < 0) {
        fprintf(stderr, "server: match %lld: out of memory\n", (long long)m->id);
        return MEMORY5D_R_BAD_COMMAND;
    }
    if (rc == 1) {
        send_events(m, &out);
        for (int i = 0; i < out.count; i++)
            if (out.ev[i].kind == MEMORY5D_EV_TIMEOUT) {
                int s = out.ev[i].player;
                if (s >= 0 && s < MEMORY5D_PLAYERS && !m->seat[s]->conn)
                    m->absent_timeouts[s]++;
            }
    }
    return out.refusal;
}

/* After a change: the end, an absent player's abandoning, or the next deadline. */
static void settle(server_match *m)
{
    for (int s = 0; s < MEMORY5D_PLAYERS && m->st.status == MEMORY5D_PLAYING; s++)
        if (!m->seat[s]->conn && m->absent_timeouts[s] >= m->srv->lim.abandon_timeouts) {
            memory5d_cmd c = {.kind = MEMORY5D_CMD_ABANDON, .player = s, .cell = -1, .cell2 = -1,
                              .power = MEMORY5D_NO_POWER};
            int acc;
            apply(m, &c, &acc);
        }
    if (m->st.status != MEMORY5D_PLAYING)
        finish(m);
    else
        arm_timer(m);
}

static void begin_board(server_match *m)
{
    memory5d_outcome out;
    m->drafting = 0;
    memory5d_state_start(&m->def, &m->st, now_ms(m->srv), &out);
    memory5d_log_init(&m->log, m->st.last_ms);
    for (int s = 0; s < MEMORY5D_PLAYERS; s++)
        send_start(m, s);
    send_events(m, &out);
    settle(m);
}

/* The draft advanced (a pick or auto-picks): tell both; the last pick starts the board. */
static void draft_changed(server_match *m)
{
    const memory5d_config *cfg = &m->def.cfg;
    if (memory5d_draft_turn(cfg, &m->draft) >= 0) {
        broadcast(m, draft_json(m));
        arm_timer(m);
        return;
    }
    broadcast(m, draft_json(m));
    char err[256];
    memory5d_setup setup = m->def.setup;
    memcpy(setup.loadout, m->draft.picked, sizeof setup.loadout);
    if (memory5d_def_init(&m->def, cfg, &setup, err, sizeof err) != 0) {
        /* the core's draft keeps the loadout caps, so this cannot happen; say so if it does */
        fprintf(stderr, "server: match %lld: drafted setup refused: %s\n", (long long)m->id, err);
        memset(setup.loadout, 0, sizeof setup.loadout);
        memory5d_def_init(&m->def, cfg, &setup, err, sizeof err);
    }
    begin_board(m);
}

static void timer_cb(uv_timer_t *t)
{
    server_match *m = t->data;
    if (m->drafting) {
        if (memory5d_draft_tick(&m->def.cfg, &m->draft, now_ms(m->srv)) > 0)
            draft_changed(m);
        else
            arm_timer(m);
        return;
    }
    memory5d_cmd c = {.kind = MEMORY5D_CMD_TICK, .player = -1, .cell = -1, .cell2 = -1,
                      .power = MEMORY5D_NO_POWER};
    int acc;
    apply(m, &c, &acc);
    settle(m);
}

static uint32_t random_seed(void)
{
    uint32_t seed = 0;
    if (uv_random(NULL, NULL, &seed, sizeof seed, 0, NULL) != 0)
        seed = (uint32_t)uv_hrtime();
    return seed;
}

static int grow_matches(server *srv)
{
    if (srv->match_count < srv->match_cap)
        return 0;
    size_t cap = srv->match_cap ? 2 * srv->match_cap : 64;
    server_match **grown = realloc(srv->matches, cap * sizeof *grown);
    if (!grown)
        return -1;
    srv->matches = grown;
    srv->match_cap = cap;
    return 0;
}

/* The match of two players could not start: neither waits in a queue any more (the first was
 * taken out of it; unqueued tells its client so), and both hear why. */
static void start_failed(server_player *a, server_player *b, const char *why)
{
    server_player *seat[2] = {a, b};
    for (int s = 0; s < 2; s++) {
        if (seat[s]->queued) {
            seat[s]->queued = 0;
            server_send_json(seat[s], msg_new("unqueued", 0));
        }
        char msg[300];
        snprintf(msg, sizeof msg, "the match could not start: %s", why);
        server_send_error(seat[s], "server-error", msg);
    }
}

/* Two players from one queue: the match row and the reserved charges, then the board (or
 * the draft). */
static void start_match(server *srv, server_player *a, server_player *b, int mode, int difficulty,
                        int draft)
{
    server_match *m = calloc(1, sizeof *m);
    if (!m || grow_matches(srv) != 0) {
        free(m);
        start_failed(a, b, "out of memory");
        return;
    }
    m->srv = srv;
    m->seat[0] = a;
    m->seat[1] = b;
    m->drafted = draft;
    memory5d_setup setup = {.seed = random_seed(), .difficulty = difficulty, .mode = mode,
                            .kind = MEMORY5D_MATCH_STANDARD, .ranked = mode == MEMORY5D_CLASSIC,
                            .online = 1};
    if (mode == MEMORY5D_ARCADE && !draft)
        for (int s = 0; s < MEMORY5D_PLAYERS; s++)
            memcpy(setup.loadout[s], m->seat[s]->want_loadout, sizeof setup.loadout[s]);
    char err[256];
    server_db_match row = {.mode = mode, .difficulty = difficulty, .ranked = setup.ranked,
                           .drafted = draft, .seed = setup.seed, .player = {a->id, b->id}};
    memcpy(row.reserved, setup.loadout, sizeof row.reserved);
    if (memory5d_def_init(&m->def, &srv->cfg, &setup, err, sizeof err) != 0 ||
        server_db_match_begin(srv->db, &row, &m->id, err, sizeof err) != 0) {
        fprintf(stderr, "server: cannot start a match: %s\n", err);
        start_failed(a, b, err);
        free(m);
        return;
    }
    memcpy(m->reserved, row.reserved, sizeof m->reserved);
    for (int s = 0; s < MEMORY5D_PLAYERS; s++) {
        for (int k = 0; k < MEMORY5D_POWERS; k++)
            m->seat[s]->inventory[k] -= row.reserved[s][k];
        m->seat[s]->match = m;
        m->seat[s]->queued = 0;
    }
    uv_timer_init(srv->loop, &m->timer);
    m->timer.data = m;
    m->index = (int)srv->match_count;
    srv->matches[srv->match_count++] = m;
    if (draft) {
        m->drafting = 1;
        memory5d_draft_init(&srv->cfg, &m->draft, now_ms(srv));
        for (int s = 0; s < MEMORY5D_PLAYERS; s++) {
            cJSON *msg = draft_json(m);
            cJSON_AddNumberToObject(msg, "seat", s);
            server_send_json(m->seat[s], msg);
        }
        arm_timer(m);
        return;
    }
    begin_board(m);
}

void server_match_queue(server *srv, server_player *p, const server_msg *msg)
{
    if (p->match || p->queued) {
        server_send_error(p, p->match ? "in-match" : "queued",
                          p->match ? "finish or resign the match in progress first"
                                   : "already waiting in a queue");
        return;
    }
    memset(p->want_loadout, 0, sizeof p->want_loadout);
    if (msg->mode == MEMORY5D_ARCADE && !msg->draft) {
        char err[160];
        if (memory5d_loadout_check(&srv->cfg, msg->loadout, err, sizeof err) != 0) {
            server_send_error(p, "bad-loadout", err);
            return;
        }
        for (int k = 0; k < MEMORY5D_POWERS; k++)
            if (msg->loadout[k] > p->inventory[k]) {
                snprintf(err, sizeof err, "loadout.%s: %d wanted, %d in the inventory",
                         memory5d_power_names[k], msg->loadout[k], p->inventory[k]);
                server_send_error(p, "not-owned", err);
                return;
            }
        memcpy(p->want_loadout, msg->loadout, sizeof p->want_loadout);
    }
    server_player **slot = &srv->waiting[msg->mode][msg->difficulty][msg->draft];
    if (*slot && *slot != p) {
        server_player *other = *slot;
        *slot = NULL;
        start_match(srv, other, p, msg->mode, msg->difficulty, msg->draft);
        return;
    }
    *slot = p;
    p->queued = 1;
    cJSON *ack = msg_new("queued", 0);
    cJSON_AddStringToObject(ack, "mode", memory5d_mode_names[msg->mode]);
    cJSON_AddStringToObject(ack, "difficulty", memory5d_difficulty_names[msg->difficulty]);
    cJSON_AddBoolToObject(ack, "draft", msg->draft);
    server_send_json(p, ack);
}

static void refused(server_match *m, server_player *p, int seat, int reason)
{
    if (reason == MEMORY5D_R_NOT_YOUR_TURN) {
        server_send_error(p, "not-your-turn", "it is the other seat's turn");
        return;
    }
    if (reason == MEMORY5D_R_GAME_OVER) {
        server_send_error(p, "match-over", "the match has ended");
        return;
    }
    cJSON *msg = msg_new("refused", m->id);
    cJSON_AddNumberToObject(msg, "seat", seat);
    cJSON_AddStringToObject(msg, "reason", memory5d_reason_names[reason]);
    cJSON_AddStringToObject(msg, "message", memory5d_reason_text(reason));
    server_send_json(p, msg);
}

static void buy(server *srv, server_player *p, int power)
{
    memory5d_inventory inv = {.star_points = (long)p->star_points};
    memcpy(inv.owned, p->inventory, sizeof inv.owned);
    if (memory5d_inventory_buy(&srv->cfg, &inv, power) != MEMORY5D_OK) {
        char why[128];
        snprintf(why, sizeof why, "%s costs %d Star Points, you have %lld",
                 memory5d_power_names[power], srv->cfg.power_price[power],
                 (long long)p->star_points);
        server_send_error(p, "cannot-afford", why);
        return;
    }
    char err[256];
    if (server_db_buy(srv->db, p->id, power, srv->cfg.power_price[power], err, sizeof err) != 0) {
        server_send_error(p, "server-error", err);
        return;
    }
    p->star_points = inv.star_points;
    memcpy(p->inventory, inv.owned, sizeof p->inventory);
    server_send_json(p, server_profile_json(srv, p));
}

void server_match_command(server *srv, server_player *p, const server_msg *msg)
{
    if (msg->type == SERVER_MSG_BUY) {
        buy(srv, p, msg->power);
        return;
    }
    server_match *m = p->match;
    if (!m || m->id != msg->match) {
        server_send_error(p, "not-your-match", "that match is not yours, or not in progress");
        return;
    }
    int seat = m->seat[0] == p ? 0 : 1;
    if (msg->type == SERVER_MSG_PICK) {
        if (!m->drafting) {
            server_send_error(p, "not-drafting", "the draft is over");
            return;
        }
        int before = m->draft.pick;
        int r = memory5d_draft_pick(&m->def.cfg, &m->draft, seat, msg->power, now_ms(srv));
        if (m->draft.pick != before)
            draft_changed(m);
        if (r == MEMORY5D_R_NOT_YOUR_TURN)
            server_send_error(p, "not-your-turn", "it is the other seat's pick");
        else if (r != MEMORY5D_OK)
            server_send_error(p, "bad-pick", memory5d_reason_text(r));
        return;
    }
    if (m->drafting) {
        server_send_error(p, "not-started", "the board starts after the draft");
        return;
    }
    memory5d_cmd c = {.player = seat, .cell = -1, .cell2 = -1, .power = MEMORY5D_NO_POWER};
    switch (msg->type) {
    case SERVER_MSG_LINK:
        c.kind = MEMORY5D_CMD_LINK;
        c.cell = msg->a;
        c.cell2 = msg->b;
        break;
    case SERVER_MSG_SELECT:
        c.kind = MEMORY5D_CMD_SELECT;
        c.cell = msg->a;
        break;
    case SERVER_MSG_ARM:
        c.kind = MEMORY5D_CMD_ARM;
        c.power = msg->power;
        break;
    case SERVER_MSG_DISARM:
        if (m->st.armed != msg->power || m->st.turn != seat) {
            server_send_error(p, "not-armed", "that power is not armed");
            return;
        }
        c.kind = MEMORY5D_CMD_DISARM;
        break;
    case SERVER_MSG_RESIGN: c.kind = MEMORY5D_CMD_ABANDON; break;
    default: return;
    }
    /* the core checks the turn for links and powers; a command for the other seat cannot be
     * made, since the seat is the connection's */
    int accepted;
    int reason = apply(m, &c, &accepted);
    if (reason != MEMORY5D_OK)
        refused(m, p, seat, reason);
    if (accepted)
        settle(m);
}

void server_match_resume(server *srv, server_player *p)
{
    (void)srv;
    server_match *m = p->match;
    if (!m)
        return;
    int seat = m->seat[0] == p ? 0 : 1;
    m->absent_timeouts[seat] = 0;
    if (m->drafting) {
        cJSON *msg = draft_json(m);
        cJSON_AddNumberToObject(msg, "seat", seat);
        server_send_json(p, msg);
        return;
    }
    send_start(m, seat);
}

static void leave_queue(server *srv, server_player *p)
{
    for (int mode = 0; mode < 2; mode++)
        for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++)
            for (int k = 0; k < 2; k++)
                if (srv->waiting[mode][d][k] == p)
                    srv->waiting[mode][d][k] = NULL;
    p->queued = 0;
}

void server_match_unqueue(server *srv, server_player *p)
{
    if (!p->queued) {
        /* an opponent may have come first: then match-start is already on its way */
        server_send_error(p, "not-queued", p->match ? "the match has begun" : "not waiting in a queue");
        return;
    }
    leave_queue(srv, p);
    server_send_json(p, msg_new("unqueued", 0));
}

void server_match_disconnected(server *srv, server_player *p)
{
    leave_queue(srv, p);
    mark_idle(srv, p);
}

void server_match_shutdown(server *srv)
{
    for (size_t i = 0; i < srv->match_count; i++)
        uv_close((uv_handle_t *)&srv->matches[i]->timer, match_free_cb);
    srv->match_count = 0;
}
