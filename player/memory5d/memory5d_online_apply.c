/* Memory5D online: the server's word applied (see memory5d_online.h). Each message, already
 * checked by memory5d_net_msg_read, is checked again against the match it speaks of (its id,
 * cells on this board, not already claimed) and then applied to the mirror in sc->def and
 * sc->st, the clock set from its deadlineMs, the caption and the events log told. */
#include "memory5d_online.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "memory5d_net_msg.h"
#include "memory5d/memory5d_board.h"
#include "memory5d/memory5d_json.h"
#include "memory5d/memory5d_label.h"
#include "memory5d/memory5d_powers.h"
#include "memory5d/memory5d_rules.h"

#define ONLINE(sc) ((memory5d_online *)(sc)->online)

static void sfx(memory5d_scene_state *sc, audio_sfx e) { audio_play(sc->env.audio, e); }

/* ---------------------------------------------------------------- the mirror */

/* The decision clock as the server said it: deadline ms left at now. The core's own
 * remaining-time function reads it back (turn start = now - (decision - deadline)). */
static void set_clock(memory5d_scene_state *sc, int64_t deadline, int64_t now)
{
    memory5d_preset *p = &sc->def.cfg.presets[sc->def.setup.difficulty];
    if (deadline > p->decision_ms)
        p->decision_ms = (int)(deadline > 3600000 ? 3600000 : deadline);
    if (deadline > p->decision_ms)
        deadline = p->decision_ms;
    sc->st.turn_start_ms = now - (p->decision_ms - deadline);
    sc->st.paused_ms = 0;
    sc->st.pause_mask = 0; /* a new turn: no Reveal projects any more */
    sc->st.reveal_anchor = MEMORY5D_NO_CELL;
    sc->st.pause_since_ms = now;
    sc->st.last_ms = now;
    sc->warned = 0;
}

static int bad(memory5d_scene_state *sc, char *err, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int bad(memory5d_scene_state *sc, char *err, size_t n, const char *fmt, ...)
{
    (void)sc;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, n, fmt, ap);
    va_end(ap);
    return -1;
}

static void turn_words(memory5d_scene_state *sc)
{
    memory5d_online *o = ONLINE(sc);
    if (sc->st.turn == o->seat)
        snprintf(sc->online_status, sizeof sc->online_status, "Your move.");
    else
        snprintf(sc->online_status, sizeof sc->online_status, "%.20s's move.", o->opponent);
}

static void match_start(memory5d_scene_state *sc, const memory5d_net_msg *m, int64_t now,
                        char *err, size_t n, int *rc)
{
    memory5d_online *o = ONLINE(sc);
    /* the definition holds the rules and the setup the drawing reads; its board is a
     * stand-in (seed 0, the server's size): the cells drawn are the server's, in sc->st */
    memory5d_config cfg = sc->rules;
    cfg.presets[m->difficulty].board_size = m->size;
    memory5d_setup setup = {.seed = 0, .difficulty = m->difficulty, .mode = m->mode,
                            .kind = MEMORY5D_MATCH_STANDARD, .ranked = m->ranked, .online = 1};
    memcpy(setup.loadout, m->loadouts, sizeof setup.loadout);
    char inner[300];
    if (memory5d_def_init(&sc->def, &cfg, &setup, inner, sizeof inner) != 0) {
        /* the server's loadout caps may differ from this client's rules: draw without them */
        memset(setup.loadout, 0, sizeof setup.loadout);
        if (memory5d_def_init(&sc->def, &cfg, &setup, inner, sizeof inner) != 0) {
            *rc = bad(sc, err, n, "match-start: this client cannot draw a %dx%d board: %s",
                      m->size, m->size, inner);
            return;
        }
    }
    /* not waiting in a queue: the server is giving back a match in progress */
    int resumed = o->match == m->match || !o->queue_sent;
    o->queue_sent = 0;
    memory5d_outcome out;
    memory5d_log_free(&sc->log);
    memory5d_log_init(&sc->log, now);
    memory5d_state_start(&sc->def, &sc->st, now, &out);
    memory5d_state *st = &sc->st;
    st->size = m->size;
    memcpy(st->cells, m->cells, sizeof(memory5d_cell) * (size_t)(m->size * m->size));
    st->turn = m->turn;
    st->status = MEMORY5D_PLAYING; /* the server's match is in play, whatever the stand-in */
    st->winner = -1;
    st->end_reason = MEMORY5D_END_NONE;
    st->rotation = m->north;
    st->anchor = MEMORY5D_NO_CELL;
    st->armed = MEMORY5D_NO_POWER;
    memcpy(st->loadout, m->loadouts, sizeof st->loadout);
    memset(st->stats, 0, sizeof st->stats);
    for (int i = 0; i < m->size * m->size; i++) /* links so far, from the owned cells */
        if (m->cells[i].owner >= 0)
            st->stats[m->cells[i].owner].links++;
    for (int p = 0; p < MEMORY5D_PLAYERS; p++) {
        st->stats[p].links /= 2;
        st->stats[p].mastery = m->mastery_end[p];
    }
    st->reweaves = m->reweaves;
    o->difficulty = m->difficulty; /* the lobby afterwards offers the same again */
    o->mode = m->mode == MEMORY5D_CLASSIC ? M5O_RANKED : m->drafted ? M5O_POWER_DRAFT : M5O_ARCADE;
    o->match = m->match;
    o->seat = sc->online_seat = m->seat;
    o->phase = M5O_MATCH;
    o->resume_pending = 0;
    sc->tutorial = 0;
    sc->vs_ai = 0;
    sc->arcade = m->mode == MEMORY5D_ARCADE;
    sc->in_match = 1;
    snprintf(o->opponent, sizeof o->opponent, "%s", m->players[!m->seat]);
    for (int p = 0; p < MEMORY5D_PLAYERS; p++)
        snprintf(sc->seat_names[p], sizeof sc->seat_names[p], "%s%.32s%s",
                 p == m->seat ? "You (" : "", m->players[p], p == m->seat ? ")" : "");
    snprintf(sc->online_title, sizeof sc->online_title, "Online %s - %s - match %lld - %s vs %s",
             m->mode == MEMORY5D_ARCADE ? (m->drafted ? "Power Draft (unranked)"
                                                      : "Arcade (unranked)")
                                        : "Ranked Classic",
             memory5d_ui_difficulty_titles[m->difficulty], (long long)m->match, m->players[0],
             m->players[1]);
    memory5d_goto(sc, MEMORY5D_SCREEN_ONLINE_MATCH, now);
    /* the screen's ui starts afresh (as a local match's does), the clock is the server's */
    sc->focus = 0;
    sc->hover = -1;
    sc->scroll_r = sc->scroll_c = 0;
    sc->end_t = 0;
    sc->rotating = sc->leave_confirm = 0;
    sc->pulse_a = sc->pulse_b = -1;
    memset(sc->last, 0, sizeof sc->last);
    sc->last_link = -1;
    sc->legend_open = 0;
    sc->feed_count = 0;
    sc->rewoven_t = 0;
    set_clock(sc, m->deadline_ms, now);
    memory5d_ev_match_start(sc, now);
    memory5d_layout_board(&sc->logged, st->size, sc->scale, 0, &sc->scroll_r, &sc->scroll_c);
    if (sc->logged.scrolled) /* the window a narrow board starts with; later ones when they move */
        memory5d_ev_viewport(sc, now, &sc->logged);
    memory5d_online_ev(sc, now, "match-start", m->match, m->seat,
       "%s match %lld as %s against %s; %s; mastery %lld to %lld",
       resumed ? "resumed" : "started", (long long)m->match, memory5d_player_names[m->seat],
       m->players[!m->seat], m->turn == m->seat ? "your turn" : "their turn",
       (long long)m->mastery_end[0], (long long)m->mastery_end[1]);
    turn_words(sc);
    memory5d_caption(sc, now, "%s you are %s against %s. %s: %lld s on the server's clock. "
                     "L moves the focus to a cell that can link.",
                     resumed ? "Back in the match:" : "Match found:", memory5d_player_names[m->seat],
                     m->players[!m->seat], m->turn == m->seat ? "Your move" : "Their move",
                     (long long)(m->deadline_ms / 1000));
    sfx(sc, AUDIO_SFX_BUTTON_CONFIRM);
}

static void end_match(memory5d_scene_state *sc, const memory5d_net_msg *m, int64_t now)
{
    memory5d_online *o = ONLINE(sc);
    memory5d_state *st = &sc->st;
    st->status = m->result == 0 ? MEMORY5D_WON : m->result == 1 ? MEMORY5D_DRAW
                                                                : MEMORY5D_ABANDONED;
    st->winner = m->winner;
    for (int i = 0; i < MEMORY5D_MAX_LINE; i++)
        st->win_cells[i] = i < m->line_count ? m->line[i] : -1;
    for (int p = 0; p < MEMORY5D_PLAYERS; p++)
        st->stats[p].mastery = m->mastery_end[p];
    sc->end_t = now;
    int d = sc->def.setup.difficulty, me = o->seat;
    const char *how = m->result == 1 ? "The match is a draw"
                      : m->winner == me ? (m->result == 2 ? "You win: the other player left"
                                                          : "You win")
                      : m->result == 2 ? "You left the match: the other player wins"
                                       : "You lose";
    char gains[160] = " The server could not save it: no Elo or Star Points changed.";
    if (m->saved) {
        char elo[120] = "";
        if (sc->def.setup.ranked && o->have_profile)
            snprintf(elo, sizeof elo, " Ranked Elo (%s): %d -> %d.",
                     memory5d_ui_difficulty_titles[d], o->elo[d], m->elo_after[me]);
        snprintf(gains, sizeof gains, "%s +%lld Star Points.", elo, (long long)m->stars[me]);
    }
    snprintf(o->result, sizeof o->result, "Match %lld: %s. Mastery %lld to %lld.%s",
             (long long)m->match, how, (long long)m->mastery_end[me],
             (long long)m->mastery_end[!me], gains);
    memory5d_caption(sc, now, "%s", o->result);
    memory5d_feed(sc, "%s", how);
    snprintf(sc->online_status, sizeof sc->online_status, "%s.", how);
    memory5d_online_ev(sc, now, "end", m->match, me, "%s; result %s, winner %d, elo %d %d", how,
       (const char *[]){"win", "draw", "abandoned"}[m->result], m->winner, m->elo_after[0],
       m->elo_after[1]);
    sfx(sc, m->winner == me ? (sc->cfg->reduced_sensory ? AUDIO_SFX_PIP_CORRECT : AUDIO_SFX_FANFARE)
                            : AUDIO_SFX_PIP_ERROR);
    o->phase = M5O_LOBBY;
    sc->in_match = 0;
}

/* A cell of the board in play, or an error. */
static int cell_ok(const memory5d_scene_state *sc, int cell)
{
    return cell >= 0 && cell < sc->st.size * sc->st.size;
}

/* Applies one checked message; -1 with err when it does not fit the state (a cell off the
 * board, a match that is not ours). */
int memory5d_online_apply(memory5d_scene_state *sc, const memory5d_net_msg *m, int64_t now, char *err,
                 size_t n)
{
    memory5d_online *o = ONLINE(sc);
    memory5d_state *st = &sc->st;
    int in_board = o->phase == M5O_MATCH && m->match == o->match;
    char ca[8], cb[8];
    int rc = 0;
    /* the answers a queue can have (an error may be its refusal): the next may be sent */
    if (m->type == M5N_QUEUED || m->type == M5N_MATCH_START || m->type == M5N_DRAFT ||
        m->type == M5N_ERROR || m->type == M5N_WELCOME || m->type == M5N_UNQUEUED)
        o->queue_pending = 0;
    switch (m->type) {
    case M5N_WELCOME: {
        memory5d_settings *cfg = sc->cfg;
        o->welcomed = 1;
        o->queue_sent = 0;
        o->player = m->player;
        snprintf(o->name, sizeof o->name, "%.39s", m->name);
        if (strcmp(cfg->online_token, m->token) || strcmp(cfg->online_name, o->name) ||
            strcmp(cfg->online_server, memory5d_net_address(o->net))) {
            snprintf(cfg->online_token, sizeof cfg->online_token, "%s", m->token);
            snprintf(cfg->online_name, sizeof cfg->online_name, "%s", o->name);
            snprintf(cfg->online_server, sizeof cfg->online_server, "%.127s",
                     memory5d_net_address(o->net));
            memory5d_save_settings(sc);
        }
        /* after a hello with a token the server sends the match in progress (if any) first,
         * then answers this profile: a match screen still waiting then has ended meanwhile */
        o->resume_pending = o->phase == M5O_MATCH || o->phase == M5O_DRAFT;
        int was_queued = o->phase == M5O_QUEUED;
        if (was_queued)
            o->phase = M5O_LOBBY; /* the server forgot the queue with the old connection */
        memory5d_online_send(sc, memory5d_online_msg("profile"), now);
        memory5d_online_ev(sc, now, "welcome", 0, -1, "player %lld %s", (long long)m->player, o->name);
        memory5d_caption(sc, now, "Signed in to %s as %s.%s", memory5d_net_address(o->net), o->name,
                         was_queued ? " The queue was left with the lost connection: Find a "
                                      "match to wait again."
                                    : "");
        return 0;
    }
    case M5N_PROFILE:
        o->have_profile = 1;
        memcpy(o->elo, m->elo, sizeof o->elo);
        o->star_points = m->star_points;
        memcpy(o->inventory, m->inventory, sizeof o->inventory);
        for (int p = 0; p < MEMORY5D_POWERS; p++)
            if (o->loadout[p] > o->inventory[p])
                o->loadout[p] = o->inventory[p];
        memory5d_online_ev(sc, now, "profile", 0, -1, "elo %d %d %d %d, %lld Star Points", m->elo[0], m->elo[1],
           m->elo[2], m->elo[3], (long long)m->star_points);
        if (o->resume_pending) {
            o->resume_pending = 0;
            o->phase = M5O_LOBBY;
            sc->in_match = 0;
            memory5d_goto(sc, MEMORY5D_SCREEN_ONLINE_LOBBY, now);
            memory5d_caption(sc, now, "The match ended while you were away.");
        }
        return 0;
    case M5N_QUEUED:
        o->phase = M5O_QUEUED;
        o->queued_at = now;
        o->unqueue_sent = 0;
        memory5d_online_ev(sc, now, "queued", 0, -1, "%s %s", memory5d_mode_names[m->mode],
           memory5d_difficulty_names[m->difficulty]);
        memory5d_caption(sc, now, "Waiting for an opponent (%s, %s)... Stop waiting (or "
                                  "Escape) leaves the queue.",
                         m->mode == MEMORY5D_CLASSIC ? "Ranked Classic"
                         : m->drafted               ? "Power Draft"
                                                    : "Arcade",
                         memory5d_ui_difficulty_titles[m->difficulty]);
        return 0;
    case M5N_UNQUEUED:
        if (o->phase == M5O_QUEUED)
            o->phase = M5O_LOBBY;
        o->queue_sent = 0;
        memory5d_online_ev(sc, now, "unqueued", 0, -1, "left the queue");
        memory5d_caption(sc, now, "You left the queue: choose again, then Find a match.");
        return 0;
    case M5N_DRAFT: {
        const memory5d_config *c = &sc->rules;
        if (m->pick > c->draft.pick_count)
            return bad(sc, err, n, "draft.pick: %d past the %d picks", m->pick, c->draft.pick_count);
        if (o->match != m->match && m->seat < 0)
            return bad(sc, err, n, "draft: a draft of match %lld without a seat", (long long)m->match);
        if (m->seat >= 0)
            o->seat = sc->online_seat = m->seat;
        o->match = m->match;
        o->phase = M5O_DRAFT;
        o->resume_pending = 0;
        memory5d_draft *d = &sc->draft;
        memcpy(d->pool, m->pool, sizeof d->pool);
        memcpy(d->picked, m->picked, sizeof d->picked);
        d->pick = m->turn < 0 ? c->draft.pick_count : m->pick;
        int64_t dl = m->deadline_ms > c->draft.pick_deadline_ms ? c->draft.pick_deadline_ms
                                                                : m->deadline_ms;
        d->pick_start_ms = now - (c->draft.pick_deadline_ms - dl);
        sc->drafting = 1;
        sc->vs_ai = 0;
        if (sc->screen != MEMORY5D_SCREEN_ONLINE_DRAFT) {
            memory5d_goto(sc, MEMORY5D_SCREEN_ONLINE_DRAFT, now);
            memory5d_caption(sc, now, "Power Draft against another player: you are %s. Picks "
                             "1-4 or click a card; the server's %lld s deadline auto-picks the "
                             "cheapest card.", memory5d_player_names[o->seat],
                             (long long)(c->draft.pick_deadline_ms / 1000));
        } else if (m->turn >= 0) {
            memory5d_caption(sc, now, "%s to pick.", m->turn == o->seat ? "Your turn"
                                                                         : "The other player's turn");
        }
        memory5d_online_ev(sc, now, "draft", m->match, m->turn, "pick %d", m->pick);
        return 0;
    }
    case M5N_MATCH_START: match_start(sc, m, now, err, n, &rc); return rc;
    case M5N_ERROR:
        memory5d_online_ev(sc, now, "error", 0, -1, "%s: %s", m->reason, m->message);
        if (!strcmp(m->reason, "bad-token")) {
            /* the saved account is unknown here: a new one under the name */
            sc->cfg->online_token[0] = '\0';
            memory5d_online_hello(sc, now);
            return 0;
        }
        if (!strcmp(m->reason, "busy") && !o->welcomed) {
            /* the server makes only so many accounts a minute: the same hello a bit later,
             * on the same connection */
            o->hello_at = now + M5O_BUSY_RETRY_MS;
            memory5d_caption(sc, now, "The server is making no new accounts for a moment: "
                                      "this window signs in again by itself.");
            return 0;
        }
        if (!strcmp(m->reason, "replaced")) {
            o->phase = M5O_STOPPED;
            memory5d_caption(sc, now, "This account signed in from another window, which now "
                                      "plays it; this one stops.");
            return 0;
        }
        if (!strcmp(m->reason, "not-queued") && o->phase != M5O_LOBBY &&
            o->phase != M5O_QUEUED)
            return 0; /* Stop waiting as an opponent came: the match is on, nothing to say */
        if (!strcmp(m->reason, "not-your-turn"))
            memory5d_caption(sc, now, "Wait: it is %s's turn. [sound: buzz]",
                             o->opponent[0] ? o->opponent : "the other player");
        else if (!strcmp(m->reason, "in-match") || !strcmp(m->reason, "queued"))
            memory5d_caption(sc, now, "The server says: %s.", m->message);
        else
            memory5d_caption(sc, now, "The server refused that (%s): %s.", m->reason, m->message);
        sfx(sc, AUDIO_SFX_INVALID);
        return 0;
    case M5N_PONG: return 0;
    case M5N_UNKNOWN:
        memory5d_online_ev(sc, now, "ignored", 0, -1, "a message of type %s this client does not know", m->type_name);
        return 0;
    default: break;
    }
    /* the board's messages: only for the match in play */
    if (!in_board) {
        memory5d_online_ev(sc, now, "ignored", m->match, m->seat, "%s for match %lld, not in play here",
           memory5d_net_type_names[m->type], (long long)m->match);
        return 0;
    }
    int size = st->size;
    switch (m->type) {
    case M5N_TURN:
        st->turn = m->seat;
        st->bonus = m->bonus;
        st->anchor = MEMORY5D_NO_CELL;
        st->armed = MEMORY5D_NO_POWER;
        st->armed_spent = 0;
        if (!m->bonus)
            st->armed_turn = 0;
        set_clock(sc, m->deadline_ms, now);
        turn_words(sc);
        memory5d_online_ev(sc, now, "turn", m->match, m->seat, "%lld ms%s", (long long)m->deadline_ms,
           m->bonus ? " (bonus)" : "");
        if (m->seat == o->seat)
            memory5d_caption(sc, now, "Your %s: %lld s on the server's clock.",
                             m->bonus ? "bonus turn" : "move", (long long)(m->deadline_ms / 1000));
        return 0;
    case M5N_LINKED:
        if (!cell_ok(sc, m->a) || !cell_ok(sc, m->b) || m->a == m->b)
            return bad(sc, err, n, "linked: cells %d and %d are not two cells of this %dx%d board",
                       m->a, m->b, size, size);
        if (st->cells[m->a].owner >= 0 || st->cells[m->b].owner >= 0)
            return bad(sc, err, n, "linked: cell %d or %d is already claimed", m->a, m->b);
        st->cells[m->a].owner = st->cells[m->b].owner = (int8_t)m->seat;
        {
            memory5d_player_stats *ps = &st->stats[m->seat];
            ps->links++;
            ps->streak++;
            if (ps->streak > ps->best_streak)
                ps->best_streak = ps->streak;
            ps->mastery += m->mastery;
        }
        st->anchor = MEMORY5D_NO_CELL;
        sc->pulse_a = m->a;
        sc->pulse_b = m->b;
        sc->pulse_t = now;
        memory5d_cell_coord(size, m->a, ca);
        memory5d_cell_coord(size, m->b, cb);
        memory5d_caption(sc, now, "%s linked %s and %s: +%lld Mastery. [sound: chime]",
                         memory5d_online_seat_name(sc, m->seat), ca, cb, (long long)m->mastery);
        memory5d_feed(sc, "%s linked %s-%s: +%lld", memory5d_online_seat_name(sc, m->seat), ca, cb,
                      (long long)m->mastery);
        memory5d_online_ev(sc, now, "linked", m->match, m->seat, "%s-%s +%lld", ca, cb, (long long)m->mastery);
        sfx(sc, AUDIO_SFX_CORRECT);
        return 0;
    case M5N_MISSED:
        st->stats[m->seat].misses++;
        st->stats[m->seat].streak = 0;
        st->anchor = MEMORY5D_NO_CELL;
        memory5d_caption(sc, now, "%s missed (%s): the streak resets and the turn passes. "
                         "[sound: thud]", memory5d_online_seat_name(sc, m->seat), m->reason);
        memory5d_feed(sc, "%s missed: %s; turn passed", memory5d_online_seat_name(sc, m->seat), m->reason);
        memory5d_online_ev(sc, now, "missed", m->match, m->seat, "%s", m->reason);
        sfx(sc, AUDIO_SFX_ERROR);
        return 0;
    case M5N_TIMEOUT:
        st->stats[m->seat].timeouts++;
        if (sc->def.cfg.presets[sc->def.setup.difficulty].timeout_resets_streak)
            st->stats[m->seat].streak = 0;
        st->anchor = MEMORY5D_NO_CELL;
        memory5d_caption(sc, now, "%s ran out of time on the server's clock: the turn passes.",
                         memory5d_online_seat_name(sc, m->seat));
        memory5d_feed(sc, "%s timed out; turn passed", memory5d_online_seat_name(sc, m->seat));
        memory5d_online_ev(sc, now, "timeout", m->match, m->seat, "the server's clock ran out");
        sfx(sc, AUDIO_SFX_TIMEOUT);
        return 0;
    case M5N_REFUSED:
        memory5d_caption(sc, now, "%s [sound: buzz]", m->message);
        memory5d_online_ev(sc, now, "refused", m->match, m->seat, "%s", m->reason);
        sfx(sc, AUDIO_SFX_INVALID);
        return 0;
    case M5N_ANCHOR:
    case M5N_CANCEL:
        if (!cell_ok(sc, m->cell))
            return bad(sc, err, n, "%s.cell: %d is off this %dx%d board",
                       memory5d_net_type_names[m->type], m->cell, size, size);
        st->anchor = m->type == M5N_ANCHOR ? m->cell : MEMORY5D_NO_CELL;
        memory5d_cell_coord(size, m->cell, ca);
        if (m->type == M5N_ANCHOR && m->seat == o->seat)
            memory5d_caption(sc, now, "You anchored %s: pick a partner in reach, or %s again "
                             "to cancel.", ca, ca);
        else if (m->type == M5N_CANCEL && m->seat == o->seat)
            memory5d_caption(sc, now, "Selection cancelled.");
        memory5d_online_ev(sc, now, memory5d_net_type_names[m->type], m->match, m->seat, "%s", ca);
        return 0;
    case M5N_ROTATION:
    case M5N_REWEAVE:
        if (m->size != size)
            return bad(sc, err, n, "%s.cells: not the %d cells of this board",
                       memory5d_net_type_names[m->type], size * size);
        memcpy(st->cells, m->cells, sizeof(memory5d_cell) * (size_t)(size * size));
        st->rotation += (m->north - st->rotation % 4 + 4) % 4;
        st->reweaves = m->reweaves;
        if (m->type == M5N_REWEAVE) {
            sc->rewoven_t = now;
            memory5d_caption(sc, now, "No legal link was left: the server rewove the unclaimed "
                             "cells (%d of %d).", m->reweaves, sc->def.cfg.reweave_limit);
            memory5d_feed(sc, "Board rewoven (%d)", m->reweaves);
            sfx(sc, AUDIO_SFX_PATCH_REVEAL);
        } else {
            memory5d_caption(sc, now, "The board turned a quarter clockwise.");
            memory5d_feed(sc, "The board turned");
        }
        memory5d_online_ev(sc, now, memory5d_net_type_names[m->type], m->match, -1, "north %d, reweaves %d",
           m->north, m->reweaves);
        return 0;
    case M5N_POWER:
        if (m->event == 0) {
            if (st->loadout[m->seat][m->power] > 0)
                st->loadout[m->seat][m->power]--;
            st->armed = m->power;
            st->armed_turn = 1;
            st->armed_spent = 0;
        } else if (m->event == 1) {
            st->armed_spent = 1;
            st->stats[m->seat].powers_used++;
        } else {
            st->loadout[m->seat][m->power]++;
            st->armed = MEMORY5D_NO_POWER;
        }
        memory5d_caption(sc, now, "%s %s %s.", memory5d_online_seat_name(sc, m->seat),
                         (const char *[]){"armed", "used", "got back"}[m->event],
                         memory5d_ui_power_titles[m->power]);
        memory5d_online_ev(sc, now, "power", m->match, m->seat, "%s %s",
           (const char *[]){"arm", "consume", "refund"}[m->event], memory5d_power_names[m->power]);
        return 0;
    case M5N_REVEAL:
        if (!cell_ok(sc, m->cell))
            return bad(sc, err, n, "reveal.cell: %d is off this board", m->cell);
        st->reveal_anchor = m->cell;
        st->pause_mask |= MEMORY5D_PAUSE_REVEAL;
        st->pause_since_ms = now;
        st->reveal_until_ms = now + sc->def.cfg.reveal_projection_ms;
        memory5d_caption(sc, now, "Reveal: the anchor's partners are marked for a moment; the "
                                  "server's clock keeps running.");
        memory5d_online_ev(sc, now, "reveal", m->match, m->seat, "%d partners", m->partner_count);
        return 0;
    case M5N_END: end_match(sc, m, now); return 0;
    default: return 0;
    }
}

