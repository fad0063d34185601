/* Memory5D match control: maps clicks and keys onto memory5d_step, paces the AI, runs the
 * clock's local pauses (rotation resolution, leave dialog, tutorial cards, inactive window)
 * and steps the tutorial's script. Every rule is the core's. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "m5d_scene.h"
#include "memory5d/memory5d_board.h"
#include "memory5d/memory5d_label.h"
#include "memory5d/memory5d_powers.h"
#include "memory5d/memory5d_score.h"

void m5d_caption(m5d_scene *sc, int64_t now, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(sc->caption, sizeof sc->caption, fmt, ap);
    va_end(ap);
    sc->caption_t = now;
}

static void sfx(m5d_scene *sc, audio_sfx e) { audio_play(sc->env.audio, e); }

/* The player the local input acts for: the mover in hot-seat, A against the AI. */
int m5d_local_player(const m5d_scene *sc)
{
    return sc->vs_ai && !sc->tutorial ? 0 : sc->st.turn;
}

static void breakdown(const m5d_scene *sc, const memory5d_event *e, int streak_before,
                      m5d_breakdown *bd)
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
}

static void pause_clock(m5d_scene *sc, int bit, int on, int64_t now);

/* Everything the core reported for one accepted command: the events log, the caption, the
 * sounds and the ui's own follow-ups (focus across a rotation, the rotation animation). */
static void on_outcome(m5d_scene *sc, const memory5d_outcome *out, const int streak_before[2],
                       int64_t now)
{
    int n = sc->st.size;
    for (int i = 0; i < out->count; i++) {
        const memory5d_event *e = &out->ev[i];
        char ca[8], cb[8];
        m5d_breakdown bd = {0};
        switch (e->kind) {
        case MEMORY5D_EV_LINK:
            breakdown(sc, e, streak_before[e->player], &bd);
            sc->last[e->player] = bd;
            sc->pulse_a = e->a;
            sc->pulse_b = e->b;
            sc->pulse_t = now;
            memory5d_cell_coord(n, e->a, ca);
            memory5d_cell_coord(n, e->b, cb);
            m5d_caption(sc, now, "%s linked %s and %s: +%ld Mastery%s%s%s. [sound: chime]",
                        memory5d_player_names[e->player], ca, cb, (long)e->value,
                        bd.block ? ", a block" : "", bd.fork ? ", a fork" : "",
                        bd.line ? ", a line" : "");
            sfx(sc, AUDIO_SFX_CORRECT);
            break;
        case MEMORY5D_EV_MISS:
            memory5d_cell_coord(n, e->a, ca);
            memory5d_cell_coord(n, e->b, cb);
            m5d_caption(sc, now, "Miss: %s and %s cannot link. %s The streak resets and the turn "
                        "passes. [sound: thud]", ca, cb, memory5d_reason_text(e->reason));
            sfx(sc, AUDIO_SFX_ERROR);
            break;
        case MEMORY5D_EV_REANCHOR:
            memory5d_cell_coord(n, e->a, ca);
            m5d_caption(sc, now, "%s is not next to or reflected from the anchor: the anchor moved "
                        "to %s, no miss.", ca, ca);
            break;
        case MEMORY5D_EV_ANCHOR:
            memory5d_cell_coord(n, e->a, ca);
            m5d_caption(sc, now, "%s anchored %s: pick a marked partner, or %s again to cancel.",
                        memory5d_player_names[e->player], ca, ca);
            sfx(sc, AUDIO_SFX_PATCH_HOVER);
            break;
        case MEMORY5D_EV_CANCEL:
            m5d_caption(sc, now, "Selection cancelled.");
            sfx(sc, AUDIO_SFX_BUTTON_CANCEL);
            break;
        case MEMORY5D_EV_TIMEOUT:
            m5d_caption(sc, now, "Time is up for %s: the selection clears and the turn passes%s. "
                        "[sound: swish]", memory5d_player_names[e->player],
                        sc->def.cfg.presets[sc->def.setup.difficulty].timeout_resets_streak
                            ? " (the streak resets)" : " (Easy keeps the streak)");
            sfx(sc, AUDIO_SFX_TIMEOUT);
            break;
        case MEMORY5D_EV_ROTATE:
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
            m5d_caption(sc, now, "Round complete: the board turns a quarter clockwise; north is "
                        "now at the %s edge. [sound: whoosh]",
                        (const char *[]){"top", "right", "bottom", "left"}[e->value & 3]);
            sfx(sc, AUDIO_SFX_PAUSE_OPEN);
            if (!sc->cfg->reduced_motion) {
                sc->rotating = 1;
                sc->rotate_t0 = now;
            }
            break;
        case MEMORY5D_EV_REWEAVE:
            m5d_caption(sc, now, "No legal link is left: the unclaimed cells are rewoven (%d of "
                        "%d). Claimed cells keep theirs.", e->value, sc->def.cfg.reweave_limit);
            sfx(sc, AUDIO_SFX_PATCH_REVEAL);
            break;
        case MEMORY5D_EV_WIN:
            /* reduced sensory: a single soft chime instead of the fanfare */
            m5d_caption(sc, now, "%s completes four in a row and wins the board! [sound: %s]",
                        memory5d_player_names[e->player],
                        sc->cfg->reduced_sensory ? "soft chime" : "fanfare");
            sfx(sc, sc->cfg->reduced_sensory ? AUDIO_SFX_PIP_CORRECT : AUDIO_SFX_FANFARE);
            sc->end_t = now;
            break;
        case MEMORY5D_EV_DRAW:
            m5d_caption(sc, now, e->value == MEMORY5D_END_NO_ROUTE
                                     ? "Draw: no two unclaimed cells touch or reflect, so no "
                                       "reweave could help."
                                     : "Draw: still no legal link after %d reweaves.",
                        sc->def.cfg.reweave_limit);
            sfx(sc, AUDIO_SFX_PIP_ERROR);
            sc->end_t = now;
            break;
        case MEMORY5D_EV_ABANDON: sc->end_t = now; break;
        case MEMORY5D_EV_ARM:
            m5d_caption(sc, now, "%s armed %s: it is reserved until used; the same key cancels "
                        "and refunds it.", memory5d_player_names[e->player],
                        m5d_power_titles[e->value]);
            sfx(sc, AUDIO_SFX_BUTTON_CONFIRM);
            break;
        case MEMORY5D_EV_REFUND:
            m5d_caption(sc, now, "%s refunded to %s's loadout%s%s. [sound: cancel]",
                        m5d_power_titles[e->value], memory5d_player_names[e->player],
                        e->reason ? ": " : " (cancelled)",
                        e->reason ? memory5d_reason_text(e->reason) : "");
            sfx(sc, AUDIO_SFX_BUTTON_CANCEL);
            break;
        case MEMORY5D_EV_CONSUME:
            if (e->value != MEMORY5D_REVEAL)
                m5d_caption(sc, now, "%s used %s.", memory5d_player_names[e->player],
                            m5d_power_titles[e->value]);
            break;
        case MEMORY5D_EV_REVEAL:
            memory5d_cell_coord(n, e->a, ca);
            m5d_caption(sc, now, "Reveal: %s's partners are marked for %d s; the clock waits. "
                        "[sound: shimmer]", ca, e->value / 1000);
            sfx(sc, AUDIO_SFX_PATCH_REVEAL);
            break;
        case MEMORY5D_EV_BONUS_TURN:
            m5d_caption(sc, now, "Extra Turn: %s plays one bonus turn (no power can be armed in "
                        "it).", memory5d_player_names[e->player]);
            break;
        case MEMORY5D_EV_TURN: sc->warned = 0; break;
        default: break;
        }
        m5d_ev_core(sc, now, e, bd.valid ? &bd : NULL);
    }
    if (sc->rotating)
        pause_clock(sc, MEMORY5D_PAUSE_RESOLUTION, 1, now);
}

/* Applies a command through the core and logs it; 1 accepted, 0 refused (out says why).
 * A select is logged (with the cell's label before it) ahead of the events it caused. */
int m5d_apply(m5d_scene *sc, const memory5d_cmd *c, memory5d_outcome *out, int64_t now)
{
    int streak[2] = {sc->st.stats[0].streak, sc->st.stats[1].streak};
    int was_playing = sc->st.status == MEMORY5D_PLAYING;
    char label[300] = "";
    if (c->kind == MEMORY5D_CMD_SELECT)
        memory5d_cell_label(&sc->def, &sc->st, c->cell, label, sizeof label);
    int rc = memory5d_apply(&sc->def, &sc->st, &sc->log, c, out);
    if (rc < 0) {
        snprintf(sc->warning, sizeof sc->warning, "memory5d: out of memory for the match log");
        return 0;
    }
    if (c->kind == MEMORY5D_CMD_SELECT)
        m5d_ev_select(sc, now, c->player, c->cell, label, out, rc);
    if (rc == 1)
        on_outcome(sc, out, streak, now);
    if (rc == 1 && was_playing && sc->st.status != MEMORY5D_PLAYING)
        m5d_records_match(sc, now);
    return rc;
}

static memory5d_cmd command(int kind, int player, int cell, int cell2, int64_t now)
{
    return (memory5d_cmd){.kind = kind, .player = player, .cell = cell, .cell2 = cell2,
                          .power = MEMORY5D_NO_POWER, .now_ms = now};
}

static void pause_clock(m5d_scene *sc, int bit, int on, int64_t now)
{
    if (sc->st.status != MEMORY5D_PLAYING || !!(sc->st.pause_mask & bit) == on)
        return;
    memory5d_cmd c = command(on ? MEMORY5D_CMD_PAUSE : MEMORY5D_CMD_RESUME, 0, 0, 0, now);
    c.reason = bit;
    memory5d_outcome out;
    if (memory5d_apply(&sc->def, &sc->st, &sc->log, &c, &out) == 1)
        m5d_ev_pause(sc, now, on ? "pause" : "resume", bit);
}

void m5d_refused(m5d_scene *sc, int player, int cell, int reason, int64_t now)
{
    char label[160] = "";
    if (cell >= 0 && reason == MEMORY5D_R_CLAIMED)
        memory5d_cell_label(&sc->def, &sc->st, cell, label, sizeof label);
    if (reason == MEMORY5D_R_PAUSED && sc->rotating)
        m5d_caption(sc, now, "Wait a moment: the board is turning. [sound: buzz]");
    else if (reason == MEMORY5D_R_NOT_YOUR_TURN && sc->vs_ai)
        m5d_caption(sc, now, "It is the AI's turn: it is choosing its link. [sound: buzz]");
    else
        m5d_caption(sc, now, "%s%s%s [sound: buzz]", memory5d_reason_text(reason),
                    label[0] ? " " : "", label);
    sfx(sc, AUDIO_SFX_INVALID);
    m5d_ev_refused(sc, now, player, cell, reason);
}

/* ---------------------------------------------------------------- starting */

static void reset_ui(m5d_scene *sc, int64_t now)
{
    sc->focus = 0;
    sc->hover = -1;
    sc->scroll_r = sc->scroll_c = 0;
    sc->ai_due = sc->script_due = sc->end_t = 0;
    sc->rotating = sc->warned = sc->leave_confirm = 0;
    sc->pulse_a = sc->pulse_b = -1;
    memset(sc->last, 0, sizeof sc->last);
    sc->coach[0] = '\0';
    sc->caption[0] = '\0';
    sc->caption_t = now;
}

/* The start: state, the log, the start's own events (an authored board may reweave). */
static void begin(m5d_scene *sc, int64_t now)
{
    memory5d_outcome out;
    memory5d_log_free(&sc->log);
    memory5d_log_init(&sc->log, now);
    memory5d_state_start(&sc->def, &sc->st, now, &out);
    reset_ui(sc, now);
    sc->in_match = 1;
    sc->screen = M5D_MATCH;
    m5d_ev_match_start(sc, now);
    m5d_layout_board(&sc->logged, sc->st.size, sc->scale, 0, &sc->scroll_r, &sc->scroll_c);
    int zero[2] = {0, 0};
    on_outcome(sc, &out, zero, now);
    audio_set_bgm(sc->env.audio, AUDIO_BGM_GAMEPLAY);
}

int m5d_match_start(m5d_scene *sc, int64_t now, char *err, size_t errlen)
{
    memory5d_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.seed = sc->seed;
    setup.difficulty = sc->difficulty;
    setup.mode = sc->arcade ? MEMORY5D_ARCADE : MEMORY5D_CLASSIC;
    setup.kind = MEMORY5D_MATCH_STANDARD;
    /* Ranked Classic: Classic against the AI (Elo per difficulty); Arcade never is */
    setup.ranked = sc->vs_ai && !sc->arcade;
    sc->drafted = sc->arcade && sc->draft_mode;
    if (sc->drafted) {
        /* a Power Draft's two loadouts, from the public pool */
        memcpy(setup.loadout, sc->draft.picked, sizeof setup.loadout);
    } else if (sc->arcade) {
        /* A brings the loadout from the profile's inventory, a hot-seat B the same one; the
         * AI brings none outside a draft (it has no inventory) */
        m5d_loadout_clamp(sc);
        memcpy(setup.loadout[0], sc->loadout, sizeof sc->loadout);
        if (!sc->vs_ai)
            memcpy(setup.loadout[1], sc->loadout, sizeof sc->loadout);
    }
    if (memory5d_def_init(&sc->def, &sc->rules, &setup, err, errlen) != 0)
        return -1;
    sc->tutorial = 0;
    begin(sc, now);
    if (sc->arcade)
        m5d_ev_arcade(sc, now);
    m5d_caption(sc, now, "%s to play. Claim two matching cells with one link; four in a row wins.",
                sc->vs_ai ? "You are A: your move" : "Player A");
    if (sc->arcade)
        m5d_caption(sc, now, "Arcade: arm a power with 1-4 (or its button) before your link; "
                    "the same key cancels and refunds it. %s to play.",
                    sc->vs_ai ? "You are A: your move" : "Player A");
    return 0;
}

static void tutorial_prompt(m5d_scene *sc, int64_t now)
{
    if (sc->lesson_step < sc->lesson.step_count) {
        const memory5d_lesson_step *s = &sc->lesson.steps[sc->lesson_step];
        snprintf(sc->coach, sizeof sc->coach, "%s", s->prompt);
        if (s->kind == MEMORY5D_CMD_SELECT && s->player == 0)
            sc->focus = s->cell;
        sc->script_due = s->player == 1 ? now + (sc->env.headless ? 0 : M5D_SCRIPT_PACE_MS) : 0;
        m5d_ev_tutorial(sc, now, "prompt");
    }
}

int m5d_tutorial_start(m5d_scene *sc, int lesson, int64_t now, char *err, size_t errlen)
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
    sc->lesson_phase = M5D_TUT_INTRO;
    sc->difficulty = sc->lesson.difficulty;
    begin(sc, now);
    snprintf(sc->coach, sizeof sc->coach, "%s", sc->lesson.intro);
    pause_clock(sc, MEMORY5D_PAUSE_HELP, 1, now); /* the clock waits while the card is read */
    m5d_caption(sc, now, "Lesson %d of %d: %s. Press Enter or click Continue.", lesson + 1,
                sc->lesson_count, sc->lesson.title);
    if (sc->def.setup.mode == MEMORY5D_ARCADE)
        m5d_ev_arcade(sc, now);
    m5d_ev_tutorial(sc, now, "intro");
    return 0;
}

int m5d_tutorial_target(const m5d_scene *sc, int *cell, int *power)
{
    *cell = *power = -1;
    if (!sc->tutorial || sc->lesson_phase != M5D_TUT_STEPS ||
        sc->lesson_step >= sc->lesson.step_count)
        return 0;
    const memory5d_lesson_step *s = &sc->lesson.steps[sc->lesson_step];
    if (s->player != 0)
        return 0;
    if (s->kind == MEMORY5D_CMD_SELECT)
        *cell = s->cell;
    else if (s->kind == MEMORY5D_CMD_ARM)
        *power = s->power;
    else if (s->kind == MEMORY5D_CMD_DISARM && memory5d_power_live(&sc->st, sc->st.armed))
        *power = sc->st.armed;
    return 1;
}

void m5d_match_end(m5d_scene *sc)
{
    sc->in_match = 0;
}

/* ---------------------------------------------------------------- tutorial steps */

/* One scripted or learner step through the core; advances when it did what it expects. */
static void tutorial_step(m5d_scene *sc, int64_t now)
{
    const memory5d_lesson_step *s = &sc->lesson.steps[sc->lesson_step];
    memory5d_cmd c = memory5d_lesson_command(s, now);
    memory5d_outcome out;
    int accepted = m5d_apply(sc, &c, &out, now);
    if (!accepted)
        m5d_refused(sc, s->player, s->cell, out.refusal, now);
    if (!memory5d_lesson_step_ok(s, accepted, &out)) {
        /* only a timeout can lead off the script: the lesson starts again */
        char err[300];
        m5d_ev_tutorial(sc, now, "retry");
        if (m5d_tutorial_start(sc, sc->lesson_index, now, err, sizeof err) == 0)
            m5d_caption(sc, now, "The lesson went off its script (%s); it starts again.",
                        memory5d_reason_text(out.refusal));
        return;
    }
    int goal = memory5d_lesson_goal_reached(&sc->lesson, &out);
    m5d_ev_tutorial(sc, now, goal ? "goal" : "step");
    sc->lesson_step++;
    if (sc->lesson_step >= sc->lesson.step_count) {
        sc->lesson_phase = M5D_TUT_DONE;
        snprintf(sc->coach, sizeof sc->coach, "%s", sc->lesson.done);
        pause_clock(sc, MEMORY5D_PAUSE_HELP, 1, now);
        sc->end_t = 0; /* the lesson's card, not Results, follows */
        m5d_ev_tutorial(sc, now, "done");
        return;
    }
    tutorial_prompt(sc, now);
}

/* Enter or click on the tutorial card. */
static void tutorial_continue(m5d_scene *sc, int64_t now)
{
    char err[300];
    if (sc->lesson_phase == M5D_TUT_INTRO) {
        sc->lesson_phase = M5D_TUT_STEPS;
        pause_clock(sc, MEMORY5D_PAUSE_HELP, 0, now);
        tutorial_prompt(sc, now);
        m5d_caption(sc, now, "%s: %s", sc->lesson.title, sc->coach);
    } else if (sc->lesson_phase == M5D_TUT_DONE) {
        if (sc->lesson_index + 1 < sc->lesson_count &&
            m5d_tutorial_start(sc, sc->lesson_index + 1, now, err, sizeof err) == 0)
            return;
        if (sc->lesson_index + 1 < sc->lesson_count)
            snprintf(sc->warning, sizeof sc->warning, "memory5d: %.400s", err);
        m5d_match_end(sc);
        sc->screen = M5D_LOBBY;
        m5d_ev_screen(sc, now, "lobby");
        audio_set_bgm(sc->env.audio, AUDIO_BGM_TITLE);
        m5d_caption(sc, now, "Tutorial complete. Lessons earn nothing and are not counted.");
    }
}

/* ---------------------------------------------------------------- update */

void m5d_match_update(m5d_scene *sc, int64_t now)
{
    memory5d_outcome out;
    if (sc->rotating && now >= sc->rotate_t0 + M5D_ROTATE_MS) {
        sc->rotating = 0;
        pause_clock(sc, MEMORY5D_PAUSE_RESOLUTION, 0, now);
    }
    if (sc->st.status == MEMORY5D_PLAYING) {
        memory5d_cmd tick = command(MEMORY5D_CMD_TICK, sc->st.turn, 0, 0, now);
        m5d_apply(sc, &tick, &out, now);
    }
    if (sc->st.status != MEMORY5D_PLAYING) {
        if (!sc->tutorial && sc->end_t && now >= sc->end_t + M5D_RESULTS_DELAY_MS) {
            sc->screen = M5D_RESULTS;
            sc->results_focus = M5D_RES_AGAIN;
            m5d_ev_results(sc, now);
            m5d_ev_screen(sc, now, "results");
            audio_set_bgm(sc->env.audio, AUDIO_BGM_RESULTS);
            m5d_match_end(sc);
        }
        return;
    }
    int paused = sc->st.pause_mask & ~MEMORY5D_PAUSE_REVEAL;
    int64_t left = memory5d_clock_remaining(&sc->def, &sc->st, now);
    if (!paused && !sc->warned && left <= M5D_WARN_MS && left > 0) {
        sc->warned = 1;
        m5d_caption(sc, now, "%s has 5 seconds left. [sound: tick]",
                    memory5d_player_names[sc->st.turn]);
        sfx(sc, AUDIO_SFX_TALLY_TICK);
    }
    if (paused)
        return;
    if (sc->tutorial) {
        if (sc->lesson_phase == M5D_TUT_STEPS && sc->lesson_step < sc->lesson.step_count &&
            sc->lesson.steps[sc->lesson_step].player == 1 && now >= sc->script_due)
            tutorial_step(sc, now);
        return;
    }
    if (sc->vs_ai && sc->st.turn == 1) {
        if (!sc->ai_due)
            sc->ai_due = now + (sc->env.headless ? 0 : M5D_AI_PACE_MS);
        if (now >= sc->ai_due) {
            memory5d_cmd c;
            memory5d_ai_stats stats;
            sc->ai_due = 0;
            /* Arcade: the AI arms a power first when the core's step says it raises its
             * evaluation, through the same ARM command a player sends */
            memory5d_cmd after;
            int power = sc->def.setup.mode == MEMORY5D_ARCADE
                            ? memory5d_ai_power(sc->ai, &sc->def, &sc->st, &after)
                            : MEMORY5D_NO_POWER;
            if (power != MEMORY5D_NO_POWER) {
                memory5d_cmd arm = {.kind = MEMORY5D_CMD_ARM, .player = 1, .cell = -1,
                                    .cell2 = -1, .power = power, .now_ms = now};
                if (!m5d_apply(sc, &arm, &out, now))
                    m5d_refused(sc, 1, -1, out.refusal, now);
            }
            memset(&stats, 0, sizeof stats);
            int planned = power != MEMORY5D_NO_POWER && after.kind == MEMORY5D_CMD_LINK;
            if (planned)
                c = after;
            if (planned || memory5d_ai_choose(sc->ai, &sc->def, &sc->st, 0, &c, &stats) == 0) {
                c.now_ms = now;
                m5d_ev_ai(sc, now, &c, &stats);
                if (!m5d_apply(sc, &c, &out, now))
                    m5d_refused(sc, 1, c.cell, out.refusal, now);
            }
        }
    } else {
        sc->ai_due = 0;
    }
}

/* ---------------------------------------------------------------- input */

/* A learner's input during a lesson that is not the step's: says what the step asks for. */
static void tutorial_ask(m5d_scene *sc, const memory5d_lesson_step *s, int64_t now)
{
    int cell, power;
    m5d_tutorial_target(sc, &cell, &power);
    if (cell >= 0) {
        char c[8];
        memory5d_cell_coord(sc->st.size, cell, c);
        m5d_caption(sc, now, "This lesson asks for %s, the marked cell. [sound: buzz]", c);
    } else if (power >= 0) {
        m5d_caption(sc, now, "This step %s %s: press %d%s, or click or tap its marked button. "
                    "[sound: buzz]", s->kind == MEMORY5D_CMD_ARM ? "arms" : "cancels",
                    m5d_power_titles[power], power + 1,
                    s->kind == MEMORY5D_CMD_ARM ? "" : " again");
    } else {
        m5d_caption(sc, now, "Follow the coach's prompt. [sound: buzz]");
    }
    sfx(sc, AUDIO_SFX_INVALID);
}

/* A lesson's input (a pick of cell, or power's key or button; -1 for the other): the step
 * is sent to the core only when the input is what it asks for. 1 when the lesson took it. */
static int tutorial_input(m5d_scene *sc, int cell, int power, int64_t now)
{
    if (!sc->tutorial)
        return 0;
    if (sc->lesson_phase != M5D_TUT_STEPS) {
        tutorial_continue(sc, now);
        return 1;
    }
    const memory5d_lesson_step *s = &sc->lesson.steps[sc->lesson_step];
    if (s->player != 0) {
        m5d_caption(sc, now, "Watch: the coach (B) is about to move.");
        return 1;
    }
    /* a power's input cancels the armed power and arms any other (as m5d_arm_toggle does) */
    int cancel = power >= 0 && memory5d_power_live(&sc->st, sc->st.armed) && sc->st.armed == power;
    int ok = s->kind == MEMORY5D_CMD_SELECT   ? cell >= 0 && cell == s->cell
             : s->kind == MEMORY5D_CMD_ARM    ? power >= 0 && !cancel && power == s->power
             : s->kind == MEMORY5D_CMD_DISARM ? cancel
                                              : 0;
    if (ok)
        tutorial_step(sc, now);
    else
        tutorial_ask(sc, s, now);
    return 1;
}

/* An Arcade power's key (1-4) or button, in a match or a lesson. */
static void power_input(m5d_scene *sc, int power, int64_t now)
{
    if (!tutorial_input(sc, -1, power, now))
        m5d_arm_toggle(sc, power, now);
}

/* A pick of cell by the local player: through the core, explained when refused. */
static void pick(m5d_scene *sc, int cell, int64_t now)
{
    if (tutorial_input(sc, cell, -1, now))
        return;
    int player = m5d_local_player(sc);
    memory5d_cmd c = command(MEMORY5D_CMD_SELECT, player, cell, 0, now);
    memory5d_outcome out;
    int accepted = m5d_apply(sc, &c, &out, now);
    if (!accepted) {
        if (out.refusal == MEMORY5D_R_FAMILY || out.refusal == MEMORY5D_R_HUE)
            m5d_caption(sc, now, "%s Easy keeps your anchor: pick another partner. [sound: buzz]",
                        memory5d_reason_text(out.refusal));
        else {
            m5d_refused(sc, player, cell, out.refusal, now);
            return;
        }
        sfx(sc, AUDIO_SFX_INVALID);
        m5d_ev_refused(sc, now, player, cell, out.refusal);
    }
}

static void leave(m5d_scene *sc, int64_t now)
{
    memory5d_outcome out;
    sc->leave_confirm = 0;
    if (sc->tutorial || sc->st.status != MEMORY5D_PLAYING) {
        m5d_match_end(sc);
        sc->screen = M5D_LOBBY;
        m5d_ev_screen(sc, now, "lobby");
        audio_set_bgm(sc->env.audio, AUDIO_BGM_TITLE);
        return;
    }
    pause_clock(sc, MEMORY5D_PAUSE_HELP, 0, now);
    memory5d_cmd c = command(MEMORY5D_CMD_ABANDON, m5d_local_player(sc), 0, 0, now);
    m5d_apply(sc, &c, &out, now);
    m5d_caption(sc, now, "%s left the match: it counts as abandoned and earns no Star Points.",
                memory5d_player_names[c.player]);
    sc->end_t = now - M5D_RESULTS_DELAY_MS; /* Results at once */
}

/* Leave dialog buttons in field pixels: 0 Leave, 1 Stay. */
static int dialog_hit(double x, double y)
{
    for (int i = 0; i < 2; i++) {
        double bx = 760 + i * 220, by = 560;
        if (x >= bx && x < bx + 180 && y >= by && y < by + 64)
            return i;
    }
    return -1;
}

static void dialog_input(m5d_scene *sc, const player_input *in, int64_t now)
{
    int choice = -1;
    if (in->kind == PIN_KEY) {
        if (in->key == PK_ENTER || in->key == PK_SPACE)
            choice = 0;
        else if (in->key == PK_ESCAPE || in->key == PK_BACKSPACE)
            choice = 1;
    } else if (in->kind == PIN_CLICK || in->kind == PIN_TOUCH_UP) {
        choice = dialog_hit(in->x, in->y);
    }
    if (choice == 0)
        leave(sc, now);
    else if (choice == 1) {
        sc->leave_confirm = 0;
        pause_clock(sc, MEMORY5D_PAUSE_HELP, 0, now);
        m5d_caption(sc, now, "Back to the match: the clock runs again.");
    }
}

static void describe_focus(m5d_scene *sc, int64_t now)
{
    char label[300];
    memory5d_cell_label(&sc->def, &sc->st, sc->focus, label, sizeof label);
    m5d_caption(sc, now, "%s", label);
}

/* The Arcade power button under (x, y), or -1. */
static int power_hit(const m5d_scene *sc, double x, double y)
{
    for (int i = 0; i < MEMORY5D_POWERS && sc->def.setup.mode == MEMORY5D_ARCADE; i++) {
        double bx, by, bw, bh;
        m5d_power_button(i, &bx, &by, &bw, &bh);
        if (x >= bx && x < bx + bw && y >= by && y < by + bh)
            return i;
    }
    return -1;
}

void m5d_refresh_layout(m5d_scene *sc)
{
    m5d_layout_board(&sc->lay, sc->st.size, sc->scale, sc->focus, &sc->scroll_r, &sc->scroll_c);
}

void m5d_match_input(m5d_scene *sc, const player_input *in, int64_t now)
{
    m5d_refresh_layout(sc);
    if (sc->leave_confirm) {
        dialog_input(sc, in, now);
        return;
    }
    int n = sc->st.size;
    if (sc->st.status != MEMORY5D_PLAYING && !sc->tutorial) {
        if ((in->kind == PIN_KEY && (in->key == PK_ENTER || in->key == PK_SPACE)) ||
            in->kind == PIN_CLICK)
            sc->end_t = now - M5D_RESULTS_DELAY_MS; /* skip to Results */
        return;
    }
    switch (in->kind) {
    case PIN_MOVE:
    case PIN_TOUCH_MOVE: {
        /* the inspector reads the pointed cell; the caption keeps the last feedback */
        sc->hover = m5d_layout_hit(&sc->lay, in->x, in->y);
        sc->keyboard = 0;
        break;
    }
    case PIN_CLICK:
    case PIN_TOUCH_UP: {
        int cell = m5d_layout_hit(&sc->lay, in->x, in->y), power = power_hit(sc, in->x, in->y);
        sc->keyboard = 0;
        if (power >= 0) {
            power_input(sc, power, now);
        } else if (sc->tutorial && sc->lesson_phase != M5D_TUT_STEPS) {
            tutorial_continue(sc, now);
        } else if (cell >= 0) {
            sc->focus = cell;
            pick(sc, cell, now);
        }
        break;
    }
    case PIN_KEY: {
        int ctrl = !!(in->mods & PMOD_CTRL), move = -1;
        switch (in->key) {
        case PK_LEFT: move = M5D_MOVE_LEFT; break;
        case PK_RIGHT: move = M5D_MOVE_RIGHT; break;
        case PK_UP: move = M5D_MOVE_UP; break;
        case PK_DOWN: move = M5D_MOVE_DOWN; break;
        case PK_HOME: move = M5D_MOVE_HOME; break;
        case PK_END: move = M5D_MOVE_END; break;
        case PK_ENTER:
        case PK_SPACE:
            sc->keyboard = 1;
            if (sc->tutorial && sc->lesson_phase != M5D_TUT_STEPS)
                tutorial_continue(sc, now);
            else
                pick(sc, sc->focus, now);
            return;
        case PK_ESCAPE:
            if (sc->st.anchor != MEMORY5D_NO_CELL && !sc->tutorial) {
                memory5d_cmd c = command(MEMORY5D_CMD_CANCEL, m5d_local_player(sc), 0, 0, now);
                memory5d_outcome out;
                if (!m5d_apply(sc, &c, &out, now))
                    m5d_refused(sc, c.player, -1, out.refusal, now);
                return;
            }
            sc->leave_confirm = 1;
            pause_clock(sc, MEMORY5D_PAUSE_HELP, 1, now);
            m5d_caption(sc, now, sc->tutorial ? "Leave the tutorial? Enter leaves, Escape stays."
                                              : "Leave the match? It counts as abandoned. Enter "
                                                "leaves, Escape stays (the clock is paused).");
            return;
        default:
            /* Arcade: 1-4 arm Reveal, Double Points, Wildcard, Extra Turn (again: cancel) */
            if (sc->def.setup.mode == MEMORY5D_ARCADE && in->ch >= '1' && in->ch <= '4')
                power_input(sc, in->ch - '1', now);
            return;
        }
        sc->keyboard = 1;
        sc->focus = m5d_focus_move(n, sc->focus, move, ctrl);
        describe_focus(sc, now);
        break;
    }
    default: break;
    }
}

void m5d_match_set_active(m5d_scene *sc, int active, int64_t now)
{
    pause_clock(sc, MEMORY5D_PAUSE_INACTIVE_HOST, !active, now);
    if (!active)
        m5d_caption(sc, now, "The window is inactive: the clock is paused.");
}
