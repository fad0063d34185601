/* Memory5D match rules: definition, the step function and the append-only event log. */
#include "memory5d_rules.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memory5d_board.h"
#include "memory5d_powers.h"
#include "memory5d_score.h"

/* Replays and tests compare states and events bytewise, so neither may have padding. */
_Static_assert(sizeof(memory5d_event) == 8 * sizeof(int) + sizeof(int64_t),
               "memory5d_event has padding");
_Static_assert(sizeof(memory5d_player_stats) == 10 * sizeof(int) + sizeof(int64_t),
               "memory5d_player_stats has padding");
_Static_assert(offsetof(memory5d_state, last_ms) ==
                   offsetof(memory5d_state, reveal_anchor) + sizeof(int),
               "memory5d_state has padding before its clock");
_Static_assert(sizeof(memory5d_state) == offsetof(memory5d_state, seq) + sizeof(uint32_t),
               "memory5d_state has trailing padding");

const char *const memory5d_status_names[4] = {"playing", "won", "draw", "abandoned"};
const char *const memory5d_end_reason_names[5] = {"none", "line", "no-route", "reweaves-exhausted",
                                                  "abandoned"};
const char *const memory5d_north_names[4] = {"N", "E", "S", "W"};
const char *const memory5d_cmd_names[MEMORY5D_CMD_KINDS] = {
    "select", "link", "cancel", "tick", "pause", "resume", "arm", "disarm", "abandon"};
const char *const memory5d_event_names[MEMORY5D_EV_KINDS] = {
    "anchor", "reanchor", "cancel", "link", "miss", "timeout", "turn", "bonus-turn", "rotate",
    "reweave", "win", "draw", "abandon", "pause", "resume", "arm", "consume", "refund", "reveal",
    "reveal-end"};
const char *const memory5d_reason_names[MEMORY5D_R_KINDS] = {
    "ok", "claimed", "same-cell", "not-adjacent-or-reflected", "family-differs",
    "hues-not-equal-or-linked", "out-of-range", "not-your-turn", "game-over", "no-anchor",
    "not-arcade", "no-charge", "one-power-per-turn", "bonus-turn", "not-armed", "paused",
    "not-paused", "already-paused", "online-clock", "time-backwards", "bad-command"};

const char *memory5d_reason_text(int reason)
{
    static const char *const text[MEMORY5D_R_KINDS] = {
        "Linked.",
        "That cell is already claimed.",
        "That is the cell you already picked.",
        "The cells are neither neighbours nor reflections through the center.",
        "The shapes are different families.",
        "The hues are neither equal nor a linked pair (red-green, blue-orange, yellow-purple).",
        "That cell is not on the board.",
        "It is not your turn.",
        "The match is over.",
        "No cell is selected.",
        "Powers are only available in Arcade.",
        "No charge of that power is left.",
        "Only one power may be armed per base turn.",
        "Powers cannot be armed during a bonus turn.",
        "No power is armed.",
        "The clock is paused.",
        "The clock is not paused for that reason.",
        "The clock is already paused for that reason.",
        "Online clocks are kept by the server and do not pause.",
        "Time cannot run backwards.",
        "That command is not valid.",
    };
    return reason >= 0 && reason < MEMORY5D_R_KINDS ? text[reason] : "Unknown reason.";
}

/* ---- definition ---- */

static int check_setup(const memory5d_config *cfg, const memory5d_setup *s, char *err,
                       size_t errlen)
{
    if (s->difficulty < 0 || s->difficulty >= MEMORY5D_DIFFICULTIES) {
        snprintf(err, errlen, "difficulty: expected 0 to %d, got %d", MEMORY5D_DIFFICULTIES - 1,
                 s->difficulty);
        return -1;
    }
    if (s->mode != MEMORY5D_CLASSIC && s->mode != MEMORY5D_ARCADE) {
        snprintf(err, errlen, "mode: expected classic or arcade, got %d", s->mode);
        return -1;
    }
    if (s->kind < MEMORY5D_MATCH_STANDARD || s->kind > MEMORY5D_MATCH_CUSTOM) {
        snprintf(err, errlen, "kind: expected standard, tutorial or custom, got %d", s->kind);
        return -1;
    }
    if (s->ranked && s->mode != MEMORY5D_CLASSIC) {
        snprintf(err, errlen, "ranked: Arcade stays separate from Ranked Classic");
        return -1;
    }
    for (int p = 0; p < MEMORY5D_PLAYERS; p++) {
        char inner[160];
        if (memory5d_loadout_check(cfg, s->loadout[p], inner, sizeof inner) != 0) {
            snprintf(err, errlen, "loadout %s: %s", memory5d_player_names[p], inner);
            return -1;
        }
        for (int k = 0; k < MEMORY5D_POWERS; k++)
            if (s->mode == MEMORY5D_CLASSIC && s->loadout[p][k]) {
                snprintf(err, errlen, "loadout %s: Classic matches carry no powers",
                         memory5d_player_names[p]);
                return -1;
            }
    }
    return 0;
}

int memory5d_def_init(memory5d_def *def, const memory5d_config *cfg, const memory5d_setup *setup,
                      char *err, size_t errlen)
{
    if (check_setup(cfg, setup, err, errlen) != 0)
        return -1;
    def->cfg = *cfg;
    def->setup = *setup;
    memory5d_board_generate(cfg, setup->seed, setup->difficulty, &def->board);
    return 0;
}

int memory5d_def_init_board(memory5d_def *def, const memory5d_config *cfg,
                            const memory5d_setup *setup, const memory5d_board *board, char *err,
                            size_t errlen)
{
    if (check_setup(cfg, setup, err, errlen) != 0)
        return -1;
    int n = cfg->presets[setup->difficulty].board_size;
    if (board->size != n) {
        snprintf(err, errlen, "board: size %d, but %s boards are %d", board->size,
                 memory5d_difficulty_names[setup->difficulty], n);
        return -1;
    }
    if (board->family_count < 1 || board->family_count > MEMORY5D_FAMILIES ||
        board->hue_count < 1 || board->hue_count > MEMORY5D_HUES) {
        snprintf(err, errlen, "board: the palette needs 1 to 6 families and 1 to 6 hues");
        return -1;
    }
    for (int i = 0; i < board->family_count; i++)
        if (board->families[i] < 0 || board->families[i] >= MEMORY5D_FAMILIES) {
            snprintf(err, errlen, "board: palette family %d is not a family", board->families[i]);
            return -1;
        }
    for (int i = 0; i < board->hue_count; i++)
        if (board->hues[i] < 0 || board->hues[i] >= MEMORY5D_HUES) {
            snprintf(err, errlen, "board: palette hue %d is not a hue", board->hues[i]);
            return -1;
        }
    for (int i = 0; i < n * n; i++) {
        const memory5d_cell *c = &board->cells[i];
        if (c->family < 0 || c->family >= MEMORY5D_FAMILIES || c->hue < 0 ||
            c->hue >= MEMORY5D_HUES || c->variant < 0 ||
            c->variant >= cfg->variant_count[c->family] || c->owner < MEMORY5D_UNCLAIMED ||
            c->owner >= MEMORY5D_PLAYERS) {
            snprintf(err, errlen, "board: cell %d has an invalid family, variant, hue or owner", i);
            return -1;
        }
    }
    for (int i = 0; i < n * n; i++) {
        int line[MEMORY5D_MAX_LINE];
        int p = board->cells[i].owner;
        if (p != MEMORY5D_UNCLAIMED &&
            memory5d_line_through(board->cells, n, cfg->line_length, i, p, line)) {
            snprintf(err, errlen, "board: player %s already owns a line of %d through row %d, "
                     "column %d: a match cannot start won", memory5d_player_names[p],
                     cfg->line_length, i / n + 1, i % n + 1);
            return -1;
        }
    }
    def->cfg = *cfg;
    def->setup = *setup;
    def->board = *board;
    return 0;
}

static void state_reset(const memory5d_def *def, memory5d_state *st, int64_t now_ms)
{
    memset(st, 0, sizeof *st);
    st->size = def->board.size;
    memcpy(st->cells, def->board.cells, sizeof st->cells);
    st->turn = 0;
    st->anchor = MEMORY5D_NO_CELL;
    st->winner = -1;
    st->status = MEMORY5D_PLAYING;
    for (int i = 0; i < MEMORY5D_MAX_LINE; i++)
        st->win_cells[i] = MEMORY5D_NO_CELL;
    memcpy(st->loadout, def->setup.loadout, sizeof st->loadout);
    st->armed = MEMORY5D_NO_POWER;
    st->reveal_anchor = MEMORY5D_NO_CELL;
    st->last_ms = st->turn_start_ms = st->pause_since_ms = now_ms;
}

/* ---- clock ---- */

/* The Reveal projection ends by itself: fold its end into the pause bookkeeping, forget
 * the projected anchor and, when out is given, report it. Returns 1 if it ended. */
static int settle_reveal(memory5d_state *s, int64_t now, memory5d_outcome *out)
{
    if (!(s->pause_mask & MEMORY5D_PAUSE_REVEAL) || now < s->reveal_until_ms)
        return 0;
    s->pause_mask &= ~MEMORY5D_PAUSE_REVEAL;
    if (!s->pause_mask)
        s->paused_ms += s->reveal_until_ms - s->pause_since_ms;
    if (out)
        memory5d_emit(out, MEMORY5D_EV_REVEAL_END, s->turn, s->reveal_anchor, MEMORY5D_NO_CELL, 0,
                      0, MEMORY5D_OK);
    s->reveal_anchor = MEMORY5D_NO_CELL;
    return 1;
}

int memory5d_reveal_active(const memory5d_state *st, int64_t now_ms)
{
    return (st->pause_mask & MEMORY5D_PAUSE_REVEAL) && now_ms < st->reveal_until_ms;
}

static int64_t used_ms(const memory5d_state *s, int64_t now)
{
    int64_t used = now - s->turn_start_ms - s->paused_ms;
    if (s->pause_mask)
        used -= now - s->pause_since_ms;
    return used;
}

int64_t memory5d_clock_remaining(const memory5d_def *def, const memory5d_state *st, int64_t now_ms)
{
    memory5d_state s = *st;
    if (now_ms < s.last_ms)
        now_ms = s.last_ms;
    settle_reveal(&s, now_ms, NULL);
    int64_t left = def->cfg.presets[def->setup.difficulty].decision_ms - used_ms(&s, now_ms);
    return left > 0 ? left : 0;
}

int memory5d_north_marker(const memory5d_state *st)
{
    return st->rotation % 4;
}

/* ---- turns ---- */

static void begin_turn(memory5d_state *s, int player, int bonus, int64_t now, memory5d_outcome *out)
{
    s->turn = player;
    s->bonus = bonus;
    s->anchor = MEMORY5D_NO_CELL;
    if (!bonus)
        s->armed_turn = 0;
    s->armed = MEMORY5D_NO_POWER;
    s->armed_spent = 0;
    s->reveal_anchor = MEMORY5D_NO_CELL;
    s->pause_mask &= ~MEMORY5D_PAUSE_REVEAL;
    s->turn_start_ms = s->pause_since_ms = now;
    s->paused_ms = 0;
    s->reveal_until_ms = 0;
    memory5d_emit(out, bonus ? MEMORY5D_EV_BONUS_TURN : MEMORY5D_EV_TURN, player, MEMORY5D_NO_CELL,
                  MEMORY5D_NO_CELL, 0, 0, MEMORY5D_OK);
}

/* Expert: once both players have completed a base turn, the board turns a quarter. */
static void complete_base_turn(const memory5d_def *def, memory5d_state *s, memory5d_outcome *out)
{
    s->round_mask |= 1 << s->turn;
    if (s->round_mask == (1 << MEMORY5D_PLAYERS) - 1) {
        s->round_mask = 0;
        if (def->cfg.presets[def->setup.difficulty].rotation) {
            memory5d_rotate_cw(s->cells, s->size);
            s->rotation++;
            memory5d_emit(out, MEMORY5D_EV_ROTATE, s->turn, MEMORY5D_NO_CELL, MEMORY5D_NO_CELL,
                          memory5d_north_marker(s), 0, MEMORY5D_OK);
        }
    }
}

/* A turn that ends without a link (miss or timeout): refund, then pass. */
static void pass_turn(const memory5d_def *def, memory5d_state *s, int64_t now, int reason,
                      memory5d_outcome *out)
{
    memory5d_power_refund(s, out, reason);
    if (!s->bonus)
        complete_base_turn(def, s, out);
    begin_turn(s, 1 - s->turn, 0, now, out);
}

static void end_match(memory5d_state *s, int status, int reason, int winner, memory5d_outcome *out)
{
    s->status = status;
    s->end_reason = reason;
    s->winner = winner;
    s->anchor = MEMORY5D_NO_CELL;
    s->pause_mask = 0;
    if (status == MEMORY5D_WON)
        memory5d_emit(out, MEMORY5D_EV_WIN, winner, MEMORY5D_NO_CELL, MEMORY5D_NO_CELL, reason, 0,
                      MEMORY5D_OK);
    else if (status == MEMORY5D_DRAW)
        memory5d_emit(out, MEMORY5D_EV_DRAW, -1, MEMORY5D_NO_CELL, MEMORY5D_NO_CELL, reason, 0,
                      MEMORY5D_OK);
}

/* No link left: reweave the unclaimed cells (at most reweaveLimit times), then draw. A
 * board with no unclaimed adjacent or reflected pair draws at once: no reweave can help. */
static int resolve_no_link(const memory5d_def *def, memory5d_state *s, memory5d_outcome *out)
{
    while (memory5d_links(s->cells, s->size, NULL, 0) == 0) {
        if (!memory5d_any_route(s->cells, s->size)) {
            end_match(s, MEMORY5D_DRAW, MEMORY5D_END_NO_ROUTE, -1, out);
            return 1;
        }
        if (s->reweaves >= def->cfg.reweave_limit) {
            end_match(s, MEMORY5D_DRAW, MEMORY5D_END_REWEAVES_EXHAUSTED, -1, out);
            return 1;
        }
        s->reweaves++;
        memory5d_reweave(&def->cfg, &def->board, def->setup.seed, s->reweaves, s->cells, s->size);
        memory5d_emit(out, MEMORY5D_EV_REWEAVE, -1, MEMORY5D_NO_CELL, MEMORY5D_NO_CELL, s->reweaves,
                      0, MEMORY5D_OK);
    }
    return 0;
}

void memory5d_state_start(const memory5d_def *def, memory5d_state *st, int64_t now_ms,
                          memory5d_outcome *out)
{
    memset(out, 0, sizeof *out);
    state_reset(def, st, now_ms);
    /* An authored board may start without a link: the no-link rule applies at once. */
    resolve_no_link(def, st, out);
    for (int i = 0; i < out->count; i++)
        out->ev[i].ms = now_ms;
}

void memory5d_state_init(const memory5d_def *def, memory5d_state *st, int64_t now_ms)
{
    memory5d_outcome scratch;
    memory5d_state_start(def, st, now_ms, &scratch);
}

static void do_link(const memory5d_def *def, memory5d_state *s, int a, int b, int64_t now,
                    memory5d_outcome *out)
{
    const memory5d_config *cfg = &def->cfg;
    int p = s->turn, n = s->size, len = cfg->line_length;
    int wildcard = memory5d_power_live(s, MEMORY5D_WILDCARD);
    int doubled = memory5d_power_live(s, MEMORY5D_DOUBLE_POINTS);
    int flags = memory5d_link_flags(s->cells, n, len, p, a, b);
    memory5d_player_stats *ps = &s->stats[p];
    long value = memory5d_mastery(cfg, def->setup.difficulty, flags, ps->streak, doubled);
    if (doubled)
        flags |= MEMORY5D_LINK_DOUBLED;
    if (wildcard && memory5d_link_check(s->cells, n, a, b, 0) != MEMORY5D_OK)
        flags |= MEMORY5D_LINK_WILDCARD;
    s->cells[a].owner = s->cells[b].owner = (int8_t)p;
    s->anchor = MEMORY5D_NO_CELL;
    ps->links++;
    ps->streak++;
    if (ps->streak > ps->best_streak)
        ps->best_streak = ps->streak;
    ps->blocks += !!(flags & MEMORY5D_LINK_BLOCK);
    ps->forks += !!(flags & MEMORY5D_LINK_FORK);
    ps->lines += !!(flags & MEMORY5D_LINK_LINE);
    ps->doubled += doubled;
    ps->mastery += value;
    memory5d_emit(out, MEMORY5D_EV_LINK, p, a, b, (int)value, flags, MEMORY5D_OK);
    if (wildcard || doubled)
        memory5d_power_consume(s, out);

    int extra = !s->bonus && memory5d_power_live(s, MEMORY5D_EXTRA_TURN);
    if (extra)
        memory5d_power_consume(s, out); /* after a valid base-turn link, whatever follows */
    memory5d_power_refund(s, out, MEMORY5D_OK); /* a Reveal armed but never projected */

    if (flags & MEMORY5D_LINK_LINE) {
        /* The flag says a line exists; this only finds its cells for the state. */
        if (!memory5d_line_through(s->cells, n, len, a, p, s->win_cells))
            memory5d_line_through(s->cells, n, len, b, p, s->win_cells);
        end_match(s, MEMORY5D_WON, MEMORY5D_END_LINE, p, out);
        return;
    }
    if (resolve_no_link(def, s, out))
        return;
    if (!s->bonus)
        complete_base_turn(def, s, out);
    if (extra)
        begin_turn(s, p, 1, now, out);
    else
        begin_turn(s, 1 - p, 0, now, out);
}

static void do_miss(const memory5d_def *def, memory5d_state *s, int a, int b, int reason,
                    int64_t now, memory5d_outcome *out)
{
    memory5d_player_stats *ps = &s->stats[s->turn];
    ps->misses++;
    ps->streak = 0;
    memory5d_emit(out, MEMORY5D_EV_MISS, s->turn, a, b, 0, 0, reason);
    pass_turn(def, s, now, reason, out);
}

/* A pending Reveal end and timeout are settled before any command; 1 if either happened. */
static int settle_timeout(const memory5d_def *def, memory5d_state *s, int64_t now,
                          memory5d_outcome *out)
{
    int ended = settle_reveal(s, now, out);
    const memory5d_preset *pr = &def->cfg.presets[def->setup.difficulty];
    if (used_ms(s, now) < pr->decision_ms)
        return ended;
    memory5d_player_stats *ps = &s->stats[s->turn];
    ps->timeouts++;
    if (pr->timeout_resets_streak)
        ps->streak = 0;
    memory5d_emit(out, MEMORY5D_EV_TIMEOUT, s->turn, s->anchor, MEMORY5D_NO_CELL, 0, 0,
                  MEMORY5D_OK);
    pass_turn(def, s, now, MEMORY5D_OK, out);
    return 1;
}

/* ---- commands ---- */

static int cmd_select(const memory5d_def *def, memory5d_state *s, const memory5d_cmd *c,
                      memory5d_outcome *out)
{
    int n = s->size, cell = c->cell;
    if (cell < 0 || cell >= n * n)
        return MEMORY5D_R_OUT_OF_RANGE;
    if (s->cells[cell].owner != MEMORY5D_UNCLAIMED)
        return MEMORY5D_R_CLAIMED;
    if (s->anchor == MEMORY5D_NO_CELL) {
        s->anchor = cell;
        memory5d_emit(out, MEMORY5D_EV_ANCHOR, s->turn, cell, MEMORY5D_NO_CELL, 0, 0, MEMORY5D_OK);
        memory5d_power_reveal_begin(def, s, cell, c->now_ms, out);
        return MEMORY5D_OK;
    }
    if (cell == s->anchor) {
        s->anchor = MEMORY5D_NO_CELL;
        memory5d_emit(out, MEMORY5D_EV_CANCEL, s->turn, cell, MEMORY5D_NO_CELL, 0, 0, MEMORY5D_OK);
        return MEMORY5D_OK;
    }
    if (!memory5d_route(n, s->anchor, cell)) {
        int old = s->anchor;
        s->anchor = cell;
        memory5d_emit(out, MEMORY5D_EV_REANCHOR, s->turn, cell, old, 0, 0, MEMORY5D_R_NOT_ROUTE);
        memory5d_power_reveal_begin(def, s, cell, c->now_ms, out);
        return MEMORY5D_OK;
    }
    int wildcard = memory5d_power_live(s, MEMORY5D_WILDCARD);
    int why = memory5d_link_check(s->cells, n, s->anchor, cell, wildcard);
    if (why == MEMORY5D_OK) {
        do_link(def, s, s->anchor, cell, c->now_ms, out);
        return MEMORY5D_OK;
    }
    if (def->cfg.presets[def->setup.difficulty].keep_anchor_on_mismatch)
        return why;
    do_miss(def, s, s->anchor, cell, why, c->now_ms, out);
    return MEMORY5D_OK;
}

static int cmd_link(const memory5d_def *def, memory5d_state *s, const memory5d_cmd *c,
                    memory5d_outcome *out)
{
    int wildcard = memory5d_power_live(s, MEMORY5D_WILDCARD);
    int why = memory5d_link_check(s->cells, s->size, c->cell, c->cell2, wildcard);
    if (why == MEMORY5D_OK) {
        do_link(def, s, c->cell, c->cell2, c->now_ms, out);
        return MEMORY5D_OK;
    }
    if ((why != MEMORY5D_R_FAMILY && why != MEMORY5D_R_HUE) ||
        def->cfg.presets[def->setup.difficulty].keep_anchor_on_mismatch)
        return why;
    do_miss(def, s, c->cell, c->cell2, why, c->now_ms, out);
    return MEMORY5D_OK;
}

static int cmd_pause(const memory5d_def *def, memory5d_state *s, const memory5d_cmd *c,
                     memory5d_outcome *out)
{
    int bit = c->reason;
    if (bit == 0 || (bit & (bit - 1)) || (bit & ~MEMORY5D_PAUSE_ALL) ||
        bit == MEMORY5D_PAUSE_REVEAL)
        return MEMORY5D_R_BAD_COMMAND;
    if (def->setup.online)
        return MEMORY5D_R_ONLINE_CLOCK;
    if (c->kind == MEMORY5D_CMD_PAUSE) {
        if (s->pause_mask & bit)
            return MEMORY5D_R_ALREADY_PAUSED;
        if (!s->pause_mask)
            s->pause_since_ms = c->now_ms;
        s->pause_mask |= bit;
        memory5d_emit(out, MEMORY5D_EV_PAUSE, -1, MEMORY5D_NO_CELL, MEMORY5D_NO_CELL, bit, 0,
                      MEMORY5D_OK);
    } else {
        if (!(s->pause_mask & bit))
            return MEMORY5D_R_NOT_PAUSED;
        s->pause_mask &= ~bit;
        if (!s->pause_mask)
            s->paused_ms += c->now_ms - s->pause_since_ms;
        memory5d_emit(out, MEMORY5D_EV_RESUME, -1, MEMORY5D_NO_CELL, MEMORY5D_NO_CELL, bit, 0,
                      MEMORY5D_OK);
    }
    return MEMORY5D_OK;
}

/* The pauses that hold the clock but not the mover: a Reveal projection, and in a tutorial
 * match the coach's help (its prompts stay up while the learner plays the step they ask
 * for; the clock waits for the reading). Every other pause refuses moves. */
static int moves_pass(const memory5d_def *def)
{
    return MEMORY5D_PAUSE_REVEAL |
           (def->setup.kind == MEMORY5D_MATCH_TUTORIAL ? MEMORY5D_PAUSE_HELP : 0);
}

int memory5d_moves_held(const memory5d_def *def, const memory5d_state *st)
{
    return !!(st->pause_mask & ~moves_pass(def));
}

/* Commands that act for the player to move: turn and pause checks first. */
static int for_mover(const memory5d_def *def, const memory5d_state *s, const memory5d_cmd *c)
{
    if (c->player != s->turn)
        return MEMORY5D_R_NOT_YOUR_TURN;
    if (memory5d_moves_held(def, s))
        return MEMORY5D_R_PAUSED;
    return MEMORY5D_OK;
}

static int dispatch(const memory5d_def *def, memory5d_state *s, const memory5d_cmd *c,
                    memory5d_outcome *out)
{
    int why;
    switch (c->kind) {
    case MEMORY5D_CMD_TICK: return MEMORY5D_OK;
    case MEMORY5D_CMD_PAUSE:
    case MEMORY5D_CMD_RESUME: return cmd_pause(def, s, c, out);
    case MEMORY5D_CMD_ABANDON:
        if (c->player < 0 || c->player >= MEMORY5D_PLAYERS)
            return MEMORY5D_R_BAD_COMMAND;
        memory5d_power_refund(s, out, MEMORY5D_OK);
        memory5d_emit(out, MEMORY5D_EV_ABANDON, c->player, MEMORY5D_NO_CELL, MEMORY5D_NO_CELL, 0, 0,
                      MEMORY5D_OK);
        end_match(s, MEMORY5D_ABANDONED, MEMORY5D_END_ABANDONED, 1 - c->player, out);
        return MEMORY5D_OK;
    default: break;
    }
    if ((why = for_mover(def, s, c)) != MEMORY5D_OK)
        return why;
    switch (c->kind) {
    case MEMORY5D_CMD_SELECT: return cmd_select(def, s, c, out);
    case MEMORY5D_CMD_LINK: return cmd_link(def, s, c, out);
    case MEMORY5D_CMD_CANCEL:
        if (s->anchor == MEMORY5D_NO_CELL)
            return MEMORY5D_R_NO_ANCHOR;
        memory5d_emit(out, MEMORY5D_EV_CANCEL, s->turn, s->anchor, MEMORY5D_NO_CELL, 0, 0,
                      MEMORY5D_OK);
        s->anchor = MEMORY5D_NO_CELL;
        return MEMORY5D_OK;
    case MEMORY5D_CMD_ARM: return memory5d_power_arm(def, s, c->player, c->power, c->now_ms, out);
    case MEMORY5D_CMD_DISARM: return memory5d_power_disarm(s, c->player, out);
    default: return MEMORY5D_R_BAD_COMMAND;
    }
}

int memory5d_cmd_loggable(const memory5d_cmd *c)
{
    return c->kind >= 0 && c->kind < MEMORY5D_CMD_KINDS && c->player >= -1 &&
           c->player < MEMORY5D_PLAYERS && c->cell >= -1 && c->cell <= MEMORY5D_MAX_CELLS &&
           c->cell2 >= -1 && c->cell2 <= MEMORY5D_MAX_CELLS && c->power >= MEMORY5D_NO_POWER &&
           c->power < MEMORY5D_POWERS && c->reason >= 0 && c->reason <= MEMORY5D_PAUSE_ALL &&
           c->now_ms >= -MEMORY5D_MS_LIMIT && c->now_ms <= MEMORY5D_MS_LIMIT;
}

int memory5d_step(const memory5d_def *def, memory5d_state *st, const memory5d_cmd *cmd,
                  memory5d_outcome *out)
{
    memset(out, 0, sizeof *out);
    /* Before anything, even the settling of a timeout: a command the log cannot hold is
     * refused whole, so every accepted command replays from its log. */
    if (!memory5d_cmd_loggable(cmd)) {
        out->refusal = MEMORY5D_R_BAD_COMMAND;
        return 0;
    }
    if (st->status != MEMORY5D_PLAYING) {
        out->refusal = MEMORY5D_R_GAME_OVER;
        return 0;
    }
    if (cmd->now_ms < st->last_ms) {
        out->refusal = MEMORY5D_R_TIME_BACKWARDS;
        return 0;
    }
    /* Work on a copy: a refused command changes nothing (sgt-puzzles midend habit). */
    memory5d_state work = *st;
    int settled = settle_timeout(def, &work, cmd->now_ms, out);
    int before = out->count;
    out->refusal =
        work.status == MEMORY5D_PLAYING ? dispatch(def, &work, cmd, out) : MEMORY5D_R_GAME_OVER;
    int acted = out->refusal == MEMORY5D_OK && out->count > before;
    if (!settled && !acted) {
        out->count = 0;
        return 0;
    }
    work.last_ms = cmd->now_ms;
    work.seq++;
    for (int i = 0; i < out->count; i++) {
        out->ev[i].seq = (int)work.seq;
        out->ev[i].ms = cmd->now_ms;
    }
    *st = work;
    return 1;
}

/* ---- log and replay ---- */

void memory5d_log_init(memory5d_log *log, int64_t start_ms)
{
    memset(log, 0, sizeof *log);
    log->start_ms = start_ms;
}

void memory5d_log_free(memory5d_log *log)
{
    free(log->entries);
    memset(log, 0, sizeof *log);
}

int memory5d_apply(const memory5d_def *def, memory5d_state *st, memory5d_log *log,
                   const memory5d_cmd *cmd, memory5d_outcome *out)
{
    memory5d_state saved = *st;
    if (!memory5d_step(def, st, cmd, out))
        return 0;
    if (log->count == log->cap) {
        size_t cap = log->cap ? log->cap * 2 : 64;
        memory5d_log_entry *grown = realloc(log->entries, cap * sizeof *grown);
        if (!grown) {
            *st = saved;
            return -1;
        }
        log->entries = grown;
        log->cap = cap;
    }
    log->entries[log->count++] = (memory5d_log_entry){*cmd, *out};
    return 1;
}

int memory5d_replay(const memory5d_def *def, const memory5d_log *log, memory5d_state *st,
                    size_t *at)
{
    memory5d_state_init(def, st, log->start_ms);
    for (size_t i = 0; i < log->count; i++) {
        memory5d_outcome out;
        const memory5d_outcome *want = &log->entries[i].out;
        if (!memory5d_step(def, st, &log->entries[i].cmd, &out) || out.refusal != want->refusal ||
            out.count != want->count ||
            memcmp(out.ev, want->ev, sizeof(memory5d_event) * (size_t)out.count) != 0) {
            if (at)
                *at = i;
            return -1;
        }
    }
    return 0;
}
