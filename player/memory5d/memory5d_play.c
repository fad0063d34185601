/* Memory5D's match through the core: every command goes through memory5d_apply and is logged
 * with what it caused (the events log, the caption, the sounds, the ui's follow-ups); the
 * clock's local pauses; starting a match (or the Power Draft before it) or a lesson, and a
 * lesson's steps. Every rule is the core's; the match screen (memory5d_match_screen.c) maps
 * input here. */
#include <stdio.h>
#include <string.h>

#include "memory5d_ui.h"
#include "memory5d/memory5d_board.h"
#include "memory5d/memory5d_label.h"
#include "memory5d/memory5d_powers.h"
#include "memory5d/memory5d_score.h"

static void sfx(memory5d_scene_state *sc, audio_sfx e) { audio_play(sc->env.audio, e); }

/* A refusal's cause in a few words, for the recent events beside the board. */
static const char *short_reason(int reason)
{
    switch (reason) {
    case MEMORY5D_R_FAMILY: return "different families";
    case MEMORY5D_R_HUE: return "hues not equal or linked";
    case MEMORY5D_R_NOT_ROUTE: return "out of reach";
    case MEMORY5D_R_CLAIMED: return "already claimed";
    default: return "not a legal link";
    }
}

/* What a player must be able to read before the AI answers it. */
static void hold(memory5d_scene_state *sc, int64_t now) { sc->hold_until = now + MEMORY5D_READ_MS; }

static void breakdown(const memory5d_scene_state *sc, const memory5d_event *e, int streak_before,
                      memory5d_breakdown *bd)
{
    const memory5d_config *c = &sc->def.cfg;
    int cap = c->mastery.streak_cap;
    bd->valid = 1;
    bd->a = e->a;
    bd->b = e->b;
    bd->base = c->mastery.base;
    bd->block = e->flags & MEMORY5D_LINK_BLOCK ? c->mastery.block_open_three : 0;
    bd->fork = e->flags & MEMORY5D_LINK_FORK ? c->mastery.create_fork : 0;
    bd->line = e->flags & MEMORY5D_LINK_LINE ? c->mastery.complete_line : 0;
    bd->streak_before = streak_before;
    bd->streak_percent = c->mastery.streak_step_percent * (streak_before < cap ? streak_before : cap);
    bd->difficulty_permille = c->presets[sc->def.setup.difficulty].multiplier_permille;
    bd->doubled = !!(e->flags & MEMORY5D_LINK_DOUBLED);
    bd->total = e->value;
    int k = snprintf(bd->text, sizeof bd->text, "%d base", bd->base);
    if (bd->block)
        k += snprintf(bd->text + k, sizeof bd->text - (size_t)k, " +%d block", bd->block);
    if (bd->fork)
        k += snprintf(bd->text + k, sizeof bd->text - (size_t)k, " +%d fork", bd->fork);
    if (bd->line)
        k += snprintf(bd->text + k, sizeof bd->text - (size_t)k, " +%d line", bd->line);
    bd->factors = k + 1;
    snprintf(bd->text + k, sizeof bd->text - (size_t)k,
             " x %d.%02d streak x %d.%02d difficulty%s = %ld", 1 + bd->streak_percent / 100,
             bd->streak_percent % 100, bd->difficulty_permille / 1000,
             bd->difficulty_permille % 1000 / 10, bd->doubled ? " x 2 Double Points" : "",
             bd->total);
}

/* The local player: A against the AI or in a lesson, the player's own seat online. */
static int is_you(const memory5d_scene_state *sc, int p)
{
    return sc->online ? p == sc->online_seat : (sc->vs_ai || sc->tutorial) && p == 0;
}

/* "You complete", "The AI completes", "Player B completes", "Bob completes" (online). */
static const char *winner_words(const memory5d_scene_state *sc, int p)
{
    static char s[80];
    if (is_you(sc, p))
        return "You complete";
    if (sc->online && sc->seat_names[p][0])
        snprintf(s, sizeof s, "%s completes", sc->seat_names[p]);
    else
        snprintf(s, sizeof s, "%s completes", sc->tutorial ? "The coach"
                                              : sc->vs_ai ? "The AI"
                                              : p == 0    ? "Player A"
                                                          : "Player B");
    return s;
}

/* Everything the core reported for one accepted command: the events log, the caption, the
 * sounds and the ui's own follow-ups (focus across a rotation, the rotation animation). */
static void on_outcome(memory5d_scene_state *sc, const memory5d_outcome *out,
                       const int streak_before[2], int64_t now)
{
    int n = sc->st.size;
    /* the board as each event saw it: a link before a rotation named its cells before it */
    sc->event_rotation = sc->st.rotation;
    for (int i = 0; i < out->count; i++)
        sc->event_rotation -= out->ev[i].kind == MEMORY5D_EV_ROTATE;
    for (int i = 0; i < out->count; i++) {
        const memory5d_event *e = &out->ev[i];
        char ca[8], cb[8];
        memory5d_breakdown bd = {0};
        switch (e->kind) {
        case MEMORY5D_EV_LINK:
            breakdown(sc, e, streak_before[e->player], &bd);
            sc->last[e->player] = bd;
            sc->last_link = e->player;
            sc->pulse_a = e->a;
            sc->pulse_b = e->b;
            sc->pulse_t = now;
            memory5d_cell_coord(n, e->a, ca);
            memory5d_cell_coord(n, e->b, cb);
            memory5d_caption(sc, now, "%s linked %s and %s: +%ld Mastery%s%s%s. [sound: chime]",
                             memory5d_player_names[e->player], ca, cb, (long)e->value,
                             bd.block ? ", a block" : "", bd.fork ? ", a fork" : "",
                             bd.line ? ", a line" : "");
            memory5d_feed(sc, "%s linked %s-%s: +%ld%s%s%s%s", memory5d_player_names[e->player],
                          ca, cb, (long)e->value, bd.block ? ", block" : "",
                          bd.fork ? ", fork" : "", bd.line ? ", line" : "",
                          bd.doubled ? ", doubled" : "");
            sfx(sc, AUDIO_SFX_CORRECT);
            break;
        case MEMORY5D_EV_MISS:
            memory5d_cell_coord(n, e->a, ca);
            memory5d_cell_coord(n, e->b, cb);
            memory5d_caption(sc, now,
                             "Miss: %s and %s cannot link. %s The streak resets and the turn "
                             "passes. [sound: thud]",
                             ca, cb, memory5d_reason_text(e->reason));
            memory5d_feed(sc, "%s missed %s-%s: %s; turn passed", memory5d_player_names[e->player],
                          ca, cb, short_reason(e->reason));
            hold(sc, now);
            sfx(sc, AUDIO_SFX_ERROR);
            break;
        case MEMORY5D_EV_REANCHOR:
            memory5d_cell_coord(n, e->a, ca);
            memory5d_caption(sc, now,
                             "%s is not next to or reflected from the anchor: the anchor moved "
                             "to %s, no miss.",
                             ca, ca);
            break;
        case MEMORY5D_EV_ANCHOR: {
            memory5d_cell_coord(n, e->a, ca);
            /* Arcade marks no partner (that is a Reveal's): nothing here may tell */
            int partners = memory5d_partners(sc->st.cells, n, e->a,
                                             memory5d_power_live(&sc->st, MEMORY5D_WILDCARD),
                                             NULL, 0);
            if (memory5d_ui_partners_hidden(sc, now))
                memory5d_caption(sc, now,
                                 "%s anchored %s: pick a partner in reach (same family, equal "
                                 "or linked hue), or %s again to cancel.",
                                 memory5d_player_names[e->player], ca, ca);
            else if (partners == 0)
                memory5d_caption(sc, now,
                                 "%s anchored %s, but %s has no legal partner now: select %s "
                                 "again to cancel, or a cell out of its reach to move the "
                                 "anchor (no miss).",
                                 memory5d_player_names[e->player], ca, ca, ca);
            else if (memory5d_ui_partners_out_of_view(sc, e->a, now) > 0)
                /* a scrolled board (a small window) may show none of them */
                memory5d_caption(sc, now,
                                 "%s anchored %s: pick a marked partner (%d out of view: drag the "
                                 "board), or %s again to cancel.",
                                 memory5d_player_names[e->player], ca,
                                 memory5d_ui_partners_out_of_view(sc, e->a, now), ca);
            else
                memory5d_caption(sc, now,
                                 "%s anchored %s: pick a marked partner, or %s again to cancel.",
                                 memory5d_player_names[e->player], ca, ca);
            sfx(sc, AUDIO_SFX_PATCH_HOVER);
            break;
        }
        case MEMORY5D_EV_CANCEL:
            memory5d_caption(sc, now, "Selection cancelled.");
            sfx(sc, AUDIO_SFX_BUTTON_CANCEL);
            break;
        case MEMORY5D_EV_TIMEOUT:
            memory5d_caption(sc, now,
                             "Time is up for %s: the selection clears and the turn passes%s. "
                             "[sound: swish]",
                             memory5d_player_names[e->player],
                             sc->def.cfg.presets[sc->def.setup.difficulty].timeout_resets_streak
                                 ? " (the streak resets)"
                                 : " (Easy keeps the streak)");
            memory5d_feed(sc, "%s ran out of time: turn passed", memory5d_player_names[e->player]);
            hold(sc, now);
            sfx(sc, AUDIO_SFX_TIMEOUT);
            break;
        case MEMORY5D_EV_ROTATE:
            sc->event_rotation++;
            sc->focus = memory5d_rotate_index(n, sc->focus);
            if (sc->hover >= 0)
                sc->hover = memory5d_rotate_index(n, sc->hover);
            sc->pulse_a = memory5d_rotate_index(n, sc->pulse_a);
            sc->pulse_b = memory5d_rotate_index(n, sc->pulse_b);
            for (int p = 0; p < MEMORY5D_PLAYERS; p++)
                if (sc->last[p].valid) {
                    sc->last[p].a = memory5d_rotate_index(n, sc->last[p].a);
                    sc->last[p].b = memory5d_rotate_index(n, sc->last[p].b);
                }
            memory5d_caption(sc, now,
                             "Round complete: the board turns a quarter clockwise; north is "
                             "now at the %s edge. [sound: whoosh]",
                             (const char *[]){"top", "right", "bottom", "left"}[e->value & 3]);
            sfx(sc, AUDIO_SFX_PAUSE_OPEN);
            if (!sc->cfg->reduced_motion) {
                sc->rotating = 1;
                sc->rotate_t0 = now;
            }
            break;
        case MEMORY5D_EV_REWEAVE:
            memory5d_caption(sc, now,
                             "No legal link is left: the unclaimed cells are rewoven (%d of "
                             "%d). Claimed cells keep theirs.",
                             e->value, sc->def.cfg.reweave_limit);
            memory5d_feed(sc, "No legal link: board rewoven (%d of %d)", e->value,
                          sc->def.cfg.reweave_limit);
            hold(sc, now);
            sc->rewoven_t = now;
            sfx(sc, AUDIO_SFX_PATCH_REVEAL);
            break;
        case MEMORY5D_EV_WIN:
            /* reduced sensory: a single soft chime instead of the fanfare */
            /* the winner as the HUD names them: "You" for the local player */
            memory5d_caption(sc, now, "%s four in a row and %s the board! [sound: %s]",
                             winner_words(sc, e->player),
                             is_you(sc, e->player) ? "win" : "wins",
                             sc->cfg->reduced_sensory ? "soft chime" : "fanfare");
            memory5d_feed(sc, "%s wins: four in a row", memory5d_player_names[e->player]);
            sfx(sc, sc->cfg->reduced_sensory ? AUDIO_SFX_PIP_CORRECT : AUDIO_SFX_FANFARE);
            sc->end_t = now;
            break;
        case MEMORY5D_EV_DRAW:
            memory5d_caption(sc, now,
                             e->value == MEMORY5D_END_NO_ROUTE
                                 ? "Draw: no two unclaimed cells touch or reflect, so no "
                                   "reweave could help."
                                 : "Draw: still no legal link after %d reweaves.",
                             sc->def.cfg.reweave_limit);
            memory5d_feed(sc, "Draw: %s", e->value == MEMORY5D_END_NO_ROUTE
                                              ? "no cells in reach of each other"
                                              : "no legal link after every reweave");
            sfx(sc, AUDIO_SFX_PIP_ERROR);
            sc->end_t = now;
            break;
        case MEMORY5D_EV_ABANDON: sc->end_t = now; break;
        case MEMORY5D_EV_ARM:
            memory5d_caption(sc, now,
                             "%s armed %s: it is reserved until used; the same key cancels "
                             "and refunds it.",
                             memory5d_player_names[e->player], memory5d_ui_power_titles[e->value]);
            memory5d_feed(sc, "%s armed %s", memory5d_player_names[e->player],
                          memory5d_ui_power_titles[e->value]);
            sfx(sc, AUDIO_SFX_BUTTON_CONFIRM);
            break;
        case MEMORY5D_EV_REFUND:
            memory5d_caption(sc, now, "%s refunded to %s's loadout%s%s. [sound: cancel]",
                             memory5d_ui_power_titles[e->value], memory5d_player_names[e->player],
                             e->reason ? ": " : " (cancelled)",
                             e->reason ? memory5d_reason_text(e->reason) : "");
            memory5d_feed(sc, "%s refunded to %s%s%s", memory5d_ui_power_titles[e->value],
                          memory5d_player_names[e->player], e->reason ? ": " : " (cancelled)",
                          e->reason ? short_reason(e->reason) : "");
            if (e->reason)
                hold(sc, now);
            sfx(sc, AUDIO_SFX_BUTTON_CANCEL);
            break;
        case MEMORY5D_EV_CONSUME:
            if (e->value != MEMORY5D_REVEAL)
                memory5d_caption(sc, now, "%s used %s.", memory5d_player_names[e->player],
                                 memory5d_ui_power_titles[e->value]);
            memory5d_feed(sc, "%s used %s", memory5d_player_names[e->player],
                          memory5d_ui_power_titles[e->value]);
            break;
        case MEMORY5D_EV_REVEAL: {
            int list[MEMORY5D_MAX_CELLS];
            memory5d_cell_coord(n, e->a, ca);
            if (memory5d_partners(sc->st.cells, n, e->a, memory5d_power_live(&sc->st, MEMORY5D_WILDCARD),
                                  list, MEMORY5D_MAX_CELLS) == 0)
                /* found playing Arcade live: "partners are marked" over a board with no mark */
                memory5d_caption(sc, now,
                                 "Reveal: %s has no legal partner now (the clock waits %d s): select "
                                 "it again to cancel, or a cell out of its reach to move the anchor. "
                                 "[sound: shimmer]",
                                 ca, e->value / 1000);
            else if (memory5d_ui_partners_out_of_view(sc, e->a, now) > 0)
                memory5d_caption(sc, now,
                                 "Reveal: %s's partners are marked for %d s (%d out of view: drag "
                                 "the board); the clock waits. [sound: shimmer]",
                                 ca, e->value / 1000, memory5d_ui_partners_out_of_view(sc, e->a, now));
            else
                memory5d_caption(sc, now,
                                 "Reveal: %s's partners are marked for %d s; the clock waits. "
                                 "[sound: shimmer]",
                                 ca, e->value / 1000);
            sfx(sc, AUDIO_SFX_PATCH_REVEAL);
            break;
        }
        case MEMORY5D_EV_BONUS_TURN:
            memory5d_caption(sc, now,
                             "Extra Turn: %s plays one bonus turn (no power can be armed in "
                             "it).",
                             memory5d_player_names[e->player]);
            memory5d_feed(sc, "Extra Turn: %s plays a bonus turn", memory5d_player_names[e->player]);
            break;
        case MEMORY5D_EV_TURN: sc->warned = 0; break;
        default: break;
        }
        memory5d_ev_core(sc, now, e, bd.valid ? &bd : NULL);
    }
    if (sc->rotating)
        memory5d_play_pause_clock(sc, MEMORY5D_PAUSE_RESOLUTION, 1, now);
}

/* Applies a command through the core and logs it; 1 accepted, 0 refused (out says why).
 * A select is logged (with the cell's label before it) ahead of the events it caused. */
int memory5d_play_apply(memory5d_scene_state *sc, const memory5d_cmd *c, memory5d_outcome *out,
                        int64_t now)
{
    int streak[2] = {sc->st.stats[0].streak, sc->st.stats[1].streak};
    int was_playing = sc->st.status == MEMORY5D_PLAYING;
    char label[300] = "";
    if (c->kind == MEMORY5D_CMD_SELECT)
        memory5d_cell_label(&sc->def, &sc->st, c->cell, label, sizeof label);
    int rc = memory5d_apply(&sc->def, &sc->st, &sc->log, c, out);
    if (rc < 0) {
        memory5d_warn(sc, "memory5d: out of memory for the match log");
        return 0;
    }
    if (c->kind == MEMORY5D_CMD_SELECT)
        memory5d_ev_select(sc, now, c->player, c->cell, label, out, rc);
    if (rc == 1)
        on_outcome(sc, out, streak, now);
    if (rc == 1 && was_playing && sc->st.status != MEMORY5D_PLAYING)
        memory5d_local_records_match(sc, now);
    return rc;
}

memory5d_cmd memory5d_play_command(int kind, int player, int cell, int cell2, int64_t now)
{
    return (memory5d_cmd){.kind = kind, .player = player, .cell = cell, .cell2 = cell2,
                          .power = MEMORY5D_NO_POWER, .now_ms = now};
}

void memory5d_play_pause_clock(memory5d_scene_state *sc, int bit, int on, int64_t now)
{
    if (sc->st.status != MEMORY5D_PLAYING || !!(sc->st.pause_mask & bit) == on)
        return;
    memory5d_cmd c =
        memory5d_play_command(on ? MEMORY5D_CMD_PAUSE : MEMORY5D_CMD_RESUME, 0, 0, 0, now);
    c.reason = bit;
    memory5d_outcome out;
    if (memory5d_apply(&sc->def, &sc->st, &sc->log, &c, &out) == 1)
        memory5d_ev_pause(sc, now, on ? "pause" : "resume", bit);
}

void memory5d_play_refused(memory5d_scene_state *sc, int player, int cell, int reason, int64_t now)
{
    char label[160] = "";
    if (cell >= 0 && reason == MEMORY5D_R_CLAIMED)
        memory5d_cell_label(&sc->def, &sc->st, cell, label, sizeof label);
    if (reason == MEMORY5D_R_PAUSED && sc->rotating)
        memory5d_caption(sc, now, "Wait a moment: the board is turning. [sound: buzz]");
    else if (reason == MEMORY5D_R_NOT_YOUR_TURN && sc->vs_ai)
        memory5d_caption(sc, now, "It is the AI's turn: it is choosing its link. [sound: buzz]");
    else
        memory5d_caption(sc, now, "%s%s%s [sound: buzz]", memory5d_reason_text(reason),
                         label[0] ? " " : "", label);
    sfx(sc, AUDIO_SFX_INVALID);
    memory5d_ev_refused(sc, now, player, cell, reason);
}

/* ---------------------------------------------------------------- starting */

static void reset_ui(memory5d_scene_state *sc, int64_t now)
{
    sc->focus = 0;
    sc->hover = -1;
    sc->zone = MEMORY5D_ZONE_GRID;
    sc->dialog_focus = 0;
    sc->drag_on = sc->drag_moved = 0;
    sc->scroll_r = sc->scroll_c = 0;
    sc->ai_due = sc->script_due = sc->end_t = 0;
    sc->rotating = sc->warned = sc->leave_confirm = 0;
    sc->pulse_a = sc->pulse_b = -1;
    memset(sc->last, 0, sizeof sc->last);
    sc->last_link = -1;
    sc->legend_open = 0;
    sc->coach[0] = '\0';
    sc->caption[0] = '\0';
    sc->feed_count = 0;
    sc->hold_until = sc->rewoven_t = 0;
    sc->caption_t = now;
}

/* The match screen's enter (memory5d_goto(MEMORY5D_SCREEN_MATCH) once sc->def is set): the
 * state, the log, the start's own events (an authored board may reweave). */
void memory5d_play_enter(memory5d_scene_state *sc, int64_t now)
{
    memory5d_outcome out;
    memory5d_log_free(&sc->log);
    memory5d_log_init(&sc->log, now);
    memory5d_state_start(&sc->def, &sc->st, now, &out);
    reset_ui(sc, now);
    sc->in_match = 1;
    memory5d_ev_match_start(sc, now);
    memory5d_layout_board(&sc->logged, sc->st.size, sc->scale, 0, &sc->scroll_r, &sc->scroll_c);
    if (sc->logged.scrolled) /* the window a narrow board starts with; later ones when they move */
        memory5d_ev_viewport(sc, now, &sc->logged);
    /* the focus is on the grid's first cell from the start, and drawn there */
    double fx = 0, fy = 0, fw = 0, fh = 0;
    memory5d_layout_cell_box(&sc->logged, 0, &fx, &fy, &fw, &fh);
    memory5d_ev_focus(sc, now, "grid", 0, fx, fy, fw, fh);
    int zero[2] = {0, 0};
    on_outcome(sc, &out, zero, now);
}

int memory5d_play_match(memory5d_scene_state *sc, int64_t now, char *err, size_t errlen)
{
    memory5d_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.seed = sc->seed;
    setup.difficulty = sc->difficulty;
    setup.mode = sc->arcade ? MEMORY5D_ARCADE : MEMORY5D_CLASSIC;
    /* rules other than the shipped ones make a custom match: no Star Points, no Elo */
    setup.kind = sc->custom_rules ? MEMORY5D_MATCH_CUSTOM : MEMORY5D_MATCH_STANDARD;
    /* Ranked Classic: Classic against the AI (Elo per difficulty); Arcade never is */
    setup.ranked = sc->vs_ai && !sc->arcade && !sc->custom_rules;
    /* a board played in this session, chosen again: a restart, which earns no Star Points */
    int restart = memory5d_board_played(sc, sc->seed, sc->difficulty);
    setup.restarted = restart;
    sc->drafted = sc->arcade && sc->draft_mode;
    if (sc->drafted) {
        /* a Power Draft's two loadouts, from the public pool */
        memcpy(setup.loadout, sc->draft.picked, sizeof setup.loadout);
    } else if (sc->arcade) {
        /* A brings the loadout from the profile's inventory, a hot-seat B the same one; the
         * AI brings none outside a draft (it has no inventory) */
        memory5d_clamp_loadout(sc);
        memcpy(setup.loadout[0], sc->loadout, sizeof sc->loadout);
        if (!sc->vs_ai)
            memcpy(setup.loadout[1], sc->loadout, sizeof sc->loadout);
    }
    if (memory5d_def_init(&sc->def, &sc->rules, &setup, err, errlen) != 0)
        return -1;
    sc->tutorial = 0;
    sc->seed_chosen = 0;
    sc->played_seed[sc->played % MEMORY5D_PLAYED_BOARDS] = sc->seed;
    sc->played_difficulty[sc->played % MEMORY5D_PLAYED_BOARDS] = sc->difficulty;
    sc->played++;
    memory5d_goto(sc, MEMORY5D_SCREEN_MATCH, now);
    if (sc->arcade)
        memory5d_ev_arcade(sc, now);
    memory5d_caption(sc, now,
                     "%s. Claim two matching cells with one link; four in a row wins.",
                     sc->vs_ai ? "You are A, to move" : "Hot-seat: Player A to move");
    if (sc->arcade)
        memory5d_caption(sc, now,
                         "Arcade: arm a power with 1-4 (or its button) before your link; "
                         "the same key cancels and refunds it. %s.",
                         sc->vs_ai ? "You are A, to move" : "Player A to move");
    if (sc->custom_rules)
        memory5d_caption(sc, now,
                         "Custom rules (your --rules file is not the game's own rules): this "
                         "match earns no Star Points and no rating.");
    if (restart)
        memory5d_caption(sc, now,
                         "Seed %u again: a restart of the last board. It is recorded as one "
                         "and earns no Star Points.",
                         (unsigned)sc->seed);
    return 0;
}

void memory5d_play_prompt(memory5d_scene_state *sc, int64_t now)
{
    if (sc->lesson_step < sc->lesson.step_count) {
        const memory5d_lesson_step *s = &sc->lesson.steps[sc->lesson_step];
        snprintf(sc->coach, sizeof sc->coach, "%s", s->prompt);
        if (s->kind == MEMORY5D_CMD_SELECT && s->player == 0)
            sc->focus = s->cell;
        sc->script_due =
            s->player == 1 ? now + (!sc->paced ? 0 : MEMORY5D_SCRIPT_PACE_MS) : 0;
        int cell, power;
        memory5d_tutorial_target(sc, &cell, &power);
        memory5d_ev_tutorial(sc, now, "prompt", cell, power);
    }
}

int memory5d_play_lesson(memory5d_scene_state *sc, int lesson, int64_t now, char *err,
                         size_t errlen)
{
    if (lesson < 0 || lesson >= sc->lesson_count) {
        snprintf(err, errlen, "no lesson %d", lesson + 1);
        return -1;
    }
    if (memory5d_lesson_load(&sc->rules, sc->lesson_paths[lesson], &sc->lesson, err, errlen) ||
        memory5d_lesson_def(&sc->rules, &sc->lesson, &sc->def, err, errlen))
        return -1;
    sc->tutorial = 1;
    sc->drafted = 0;
    sc->lesson_index = lesson;
    sc->lesson_step = 0;
    sc->lesson_phase = MEMORY5D_TUT_INTRO;
    memory5d_goto(sc, MEMORY5D_SCREEN_MATCH, now);
    snprintf(sc->coach, sizeof sc->coach, "%s", sc->lesson.intro);
    /* the clock waits while the card is read */
    memory5d_play_pause_clock(sc, MEMORY5D_PAUSE_HELP, 1, now);
    memory5d_caption(sc, now, "Lesson %d of %d: %s. Press Enter or click Continue.", lesson + 1,
                     sc->lesson_count, sc->lesson.title);
    if (sc->def.setup.mode == MEMORY5D_ARCADE)
        memory5d_ev_arcade(sc, now);
    memory5d_ev_tutorial(sc, now, "intro", -1, -1);
    return 0;
}

void memory5d_play_end(memory5d_scene_state *sc) { sc->in_match = 0; }

/* ---------------------------------------------------------------- tutorial steps */

/* One scripted or learner step through the core; advances when it did what it expects. */
void memory5d_play_step(memory5d_scene_state *sc, int64_t now)
{
    const memory5d_lesson_step *s = &sc->lesson.steps[sc->lesson_step];
    memory5d_cmd c = memory5d_lesson_command(s, now);
    memory5d_outcome out;
    int accepted = memory5d_play_apply(sc, &c, &out, now);
    if (!accepted)
        memory5d_play_refused(sc, s->player, s->cell, out.refusal, now);
    if (!memory5d_lesson_step_ok(s, accepted, &out)) {
        /* only a timeout can lead off the script: the lesson starts again */
        char err[300];
        memory5d_ev_tutorial(sc, now, "retry", -1, -1);
        if (memory5d_play_lesson(sc, sc->lesson_index, now, err, sizeof err) == 0)
            memory5d_caption(sc, now, "The lesson went off its script (%s); it starts again.",
                             memory5d_reason_text(out.refusal));
        return;
    }
    int goal = memory5d_lesson_goal_reached(&sc->lesson, &out);
    memory5d_ev_tutorial(sc, now, goal ? "goal" : "step", -1, -1);
    sc->lesson_step++;
    if (sc->lesson_step >= sc->lesson.step_count) {
        sc->lesson_phase = MEMORY5D_TUT_DONE;
        snprintf(sc->coach, sizeof sc->coach, "%s", sc->lesson.done);
        memory5d_play_pause_clock(sc, MEMORY5D_PAUSE_HELP, 1, now);
        sc->end_t = 0; /* the lesson's card, not Results, follows */
        memory5d_ev_tutorial(sc, now, "done", -1, -1);
        return;
    }
    memory5d_play_prompt(sc, now);
}

void memory5d_play_start(memory5d_scene_state *sc, int tutorial, int64_t now)
{
    char err[400];
    audio_play(sc->env.audio, AUDIO_SFX_BUTTON_CONFIRM);
    if (!tutorial && sc->arcade && sc->draft_mode) {
        memory5d_goto(sc, MEMORY5D_SCREEN_DRAFT, now);
        return;
    }
    int rc = tutorial ? memory5d_play_lesson(sc, 0, now, err, sizeof err)
                      : memory5d_play_match(sc, now, err, sizeof err);
    if (rc != 0) {
        memory5d_warn(sc, "memory5d: %.400s", err);
        memory5d_caption(sc, now, "Cannot start: %s", err);
    }
}
