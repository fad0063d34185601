/* Memory5D match screen: clicks, taps and keys onto the match (memory5d_play.c) — picks, the
 * Arcade powers, the lesson's cards and steps, the leave dialog — the AI's pace, the clock
 * warning, the way to Results; and its drawing: the board as the focal surface (rotation,
 * viewport, marks), the power bar, the coach, the tutorial cards and the leave dialog, with
 * the panels beside it from memory5d_hud.c. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "draw/ui.h"
#include "memory5d_ui.h"
#include "memory5d/memory5d_board.h"
#include "memory5d/memory5d_label.h"
#include "memory5d/memory5d_powers.h"
#include "memory5d/memory5d_rules.h"

#define INK 0x2B2723
#define INK2 0x6B645A
#define PANEL 0xFBF8F2

static void sfx(memory5d_scene_state *sc, audio_sfx e) { audio_play(sc->env.audio, e); }

/* Enter or click on the tutorial card. */
static void tutorial_continue(memory5d_scene_state *sc, int64_t now)
{
    char err[300];
    if (sc->lesson_phase == MEMORY5D_TUT_INTRO) {
        /* the help pause stays: the clock waits while the coach's prompts are read, and
         * the core lets a tutorial's moves through it (memory5d_moves_held) */
        sc->lesson_phase = MEMORY5D_TUT_STEPS;
        memory5d_play_prompt(sc, now);
        memory5d_caption(sc, now, "%s: %s", sc->lesson.title, sc->coach);
    } else if (sc->lesson_phase == MEMORY5D_TUT_DONE) {
        if (sc->lesson_index + 1 < sc->lesson_count &&
            memory5d_play_lesson(sc, sc->lesson_index + 1, now, err, sizeof err) == 0)
            return;
        if (sc->lesson_index + 1 < sc->lesson_count)
            memory5d_warn(sc, "memory5d: %.400s", err);
        memory5d_play_end(sc);
        memory5d_goto(sc, MEMORY5D_SCREEN_LOBBY, now);
        memory5d_caption(sc, now, "Tutorial complete. Lessons earn nothing and are not counted.");
    }
}

/* ---------------------------------------------------------------- update */

enum { PULSE_MS = 600,      /* a link's cells glow this long */
       CLOCK_STEP_MS = 100 }; /* the decision clock's shown step */

/* While a match is played its decision clock shows tenths of a second and its bar moves
 * less than a pixel a tenth, so a frame a tenth is every change it makes (the AI, a lesson's
 * script and the wait after a miss are due on those ticks too); a pulse or an Expert rotation
 * moves every frame; a paused clock stands still; a finished match changes by itself only
 * when Results is due. */
int64_t memory5d_match_screen_next_change(const memory5d_scene_state *sc, int64_t drawn)
{
    int pulsing = sc->pulse_a >= 0 && drawn - sc->pulse_t < PULSE_MS;
    if (sc->rotating || pulsing)
        return drawn + 1;
    if (sc->st.status == MEMORY5D_PLAYING) {
        if (!(sc->st.pause_mask & ~MEMORY5D_PAUSE_REVEAL))
            return drawn + CLOCK_STEP_MS;
        /* a paused clock stands still; a lesson's scripted step still comes when due */
        if (sc->tutorial && !memory5d_moves_held(&sc->def, &sc->st) &&
            sc->lesson_phase == MEMORY5D_TUT_STEPS && sc->lesson_step < sc->lesson.step_count &&
            sc->lesson.steps[sc->lesson_step].player == 1)
            return sc->script_due > drawn ? sc->script_due : drawn + 1;
        return SCENE_STILL;
    }
    return !sc->tutorial && sc->end_t ? sc->end_t + MEMORY5D_RESULTS_DELAY_MS : SCENE_STILL;
}

void memory5d_match_screen_update(memory5d_scene_state *sc, int64_t now)
{
    memory5d_outcome out;
    if (sc->rotating && now >= sc->rotate_t0 + MEMORY5D_ROTATE_MS) {
        sc->rotating = 0;
        memory5d_play_pause_clock(sc, MEMORY5D_PAUSE_RESOLUTION, 0, now);
    }
    if (sc->st.status == MEMORY5D_PLAYING) {
        memory5d_cmd tick = memory5d_play_command(MEMORY5D_CMD_TICK, sc->st.turn, 0, 0, now);
        memory5d_play_apply(sc, &tick, &out, now);
    }
    if (sc->st.status != MEMORY5D_PLAYING) {
        if (!sc->tutorial && sc->end_t && now >= sc->end_t + MEMORY5D_RESULTS_DELAY_MS) {
            memory5d_ev_results(sc, now);
            memory5d_goto(sc, MEMORY5D_SCREEN_RESULTS, now);
        }
        return;
    }
    int paused = memory5d_moves_held(&sc->def, &sc->st);
    int64_t left = memory5d_clock_remaining(&sc->def, &sc->st, now);
    if (!paused && !sc->warned && left <= MEMORY5D_WARN_MS && left > 0) {
        sc->warned = 1;
        memory5d_caption(sc, now, "%s has 5 seconds left. [sound: tick]",
                         memory5d_player_names[sc->st.turn]);
        sfx(sc, AUDIO_SFX_TALLY_TICK);
    }
    if (paused)
        return;
    if (sc->tutorial) {
        if (sc->lesson_phase == MEMORY5D_TUT_STEPS && sc->lesson_step < sc->lesson.step_count &&
            sc->lesson.steps[sc->lesson_step].player == 1 && now >= sc->script_due)
            memory5d_play_step(sc, now);
        return;
    }
    if (sc->vs_ai && sc->st.turn == 1) {
        if (!sc->ai_due)
            sc->ai_due = now + (!sc->paced ? 0 : MEMORY5D_AI_PACE_MS);
        /* a miss, refund, timeout or reweave is read before the AI answers it */
        if (sc->paced && sc->ai_due < sc->hold_until)
            sc->ai_due = sc->hold_until;
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
                if (!memory5d_play_apply(sc, &arm, &out, now))
                    memory5d_play_refused(sc, 1, -1, out.refusal, now);
            }
            memset(&stats, 0, sizeof stats);
            int planned = power != MEMORY5D_NO_POWER && after.kind == MEMORY5D_CMD_LINK;
            if (planned)
                c = after;
            if (planned || memory5d_ai_choose(sc->ai, &sc->def, &sc->st, 0, &c, &stats) == 0) {
                c.now_ms = now;
                memory5d_ev_ai(sc, now, &c, &stats);
                if (!memory5d_play_apply(sc, &c, &out, now))
                    memory5d_play_refused(sc, 1, c.cell, out.refusal, now);
            }
        }
    } else {
        sc->ai_due = 0;
    }
}

/* ---------------------------------------------------------------- input */

/* A learner's input during a lesson that is not the step's: says what the step asks for. */
static void tutorial_ask(memory5d_scene_state *sc, const memory5d_lesson_step *s, int64_t now)
{
    int cell, power;
    memory5d_tutorial_target(sc, &cell, &power);
    if (cell >= 0) {
        char c[8];
        memory5d_cell_coord(sc->st.size, cell, c);
        memory5d_caption(sc, now, "This lesson asks for %s, the marked cell. [sound: buzz]", c);
    } else if (power >= 0) {
        memory5d_caption(sc, now,
                         "This step %s %s: press %d%s, or click or tap its marked button. "
                         "[sound: buzz]",
                         s->kind == MEMORY5D_CMD_ARM ? "arms" : "cancels",
                         memory5d_ui_power_titles[power], power + 1,
                         s->kind == MEMORY5D_CMD_ARM ? "" : " again");
    } else {
        memory5d_caption(sc, now, "Follow the coach's prompt. [sound: buzz]");
    }
    sfx(sc, AUDIO_SFX_INVALID);
}

/* A lesson's input (a pick of cell, or power's key or button; -1 for the other): the step
 * is sent to the core only when the input is what it asks for. 1 when the lesson took it. */
static int tutorial_input(memory5d_scene_state *sc, int cell, int power, int64_t now)
{
    if (!sc->tutorial)
        return 0;
    if (sc->lesson_phase != MEMORY5D_TUT_STEPS) {
        tutorial_continue(sc, now);
        return 1;
    }
    const memory5d_lesson_step *s = &sc->lesson.steps[sc->lesson_step];
    if (s->player != 0) {
        memory5d_caption(sc, now, "Watch: the coach (B) is about to move.");
        return 1;
    }
    /* a power's input cancels the armed power and arms any other (as arm_toggle does) */
    int cancel = power >= 0 && memory5d_power_live(&sc->st, sc->st.armed) && sc->st.armed == power;
    int ok = s->kind == MEMORY5D_CMD_SELECT   ? cell >= 0 && cell == s->cell
             : s->kind == MEMORY5D_CMD_ARM    ? power >= 0 && !cancel && power == s->power
             : s->kind == MEMORY5D_CMD_DISARM ? cancel
                                              : 0;
    if (ok)
        memory5d_play_step(sc, now);
    else
        tutorial_ask(sc, s, now);
    return 1;
}

/* Arms power for the local player, or cancels it when it is the armed one (refund). */
static void arm_toggle(memory5d_scene_state *sc, int power, int64_t now)
{
    int player = memory5d_local_player(sc);
    int live = memory5d_power_live(&sc->st, sc->st.armed);
    memory5d_cmd c = {.kind = live && sc->st.armed == power ? MEMORY5D_CMD_DISARM
                                                            : MEMORY5D_CMD_ARM,
                      .player = player, .cell = MEMORY5D_NO_CELL, .cell2 = MEMORY5D_NO_CELL,
                      .power = power, .now_ms = now};
    memory5d_outcome out;
    if (!memory5d_play_apply(sc, &c, &out, now))
        memory5d_play_refused(sc, player, -1, out.refusal, now);
}

/* An Arcade power's key (1-4) or button, in a match or a lesson. */
static void power_input(memory5d_scene_state *sc, int power, int64_t now)
{
    if (!tutorial_input(sc, -1, power, now))
        arm_toggle(sc, power, now);
}

/* A pick of cell by the local player: through the core, explained when refused. */
static void pick(memory5d_scene_state *sc, int cell, int64_t now)
{
    if (tutorial_input(sc, cell, -1, now))
        return;
    int player = memory5d_local_player(sc);
    memory5d_cmd c = memory5d_play_command(MEMORY5D_CMD_SELECT, player, cell, 0, now);
    memory5d_outcome out;
    int accepted = memory5d_play_apply(sc, &c, &out, now);
    if (!accepted) {
        if (out.refusal == MEMORY5D_R_FAMILY || out.refusal == MEMORY5D_R_HUE)
            memory5d_caption(sc, now,
                             "%s Easy keeps your anchor: pick another partner. [sound: buzz]",
                             memory5d_reason_text(out.refusal));
        else {
            memory5d_play_refused(sc, player, cell, out.refusal, now);
            return;
        }
        sfx(sc, AUDIO_SFX_INVALID);
        memory5d_ev_refused(sc, now, player, cell, out.refusal);
    }
}

static void leave(memory5d_scene_state *sc, int64_t now)
{
    memory5d_outcome out;
    sc->leave_confirm = 0;
    if (sc->tutorial || sc->st.status != MEMORY5D_PLAYING) {
        memory5d_play_end(sc);
        memory5d_goto(sc, MEMORY5D_SCREEN_LOBBY, now);
        return;
    }
    memory5d_play_pause_clock(sc, MEMORY5D_PAUSE_HELP, 0, now);
    memory5d_cmd c =
        memory5d_play_command(MEMORY5D_CMD_ABANDON, memory5d_local_player(sc), 0, 0, now);
    memory5d_play_apply(sc, &c, &out, now);
    memory5d_caption(sc, now, "%s left the match: it counts as abandoned and earns no Star Points.",
                     memory5d_player_names[c.player]);
    sc->end_t = now - MEMORY5D_RESULTS_DELAY_MS; /* Results at once */
}

static void log_dialog_focus(memory5d_scene_state *sc, int64_t now)
{
    double x, y, w, h;
    memory5d_layout_dialog_button(sc->dialog_focus, &x, &y, &w, &h);
    memory5d_ev_focus(sc, now, "dialog", sc->dialog_focus, x, y, w, h);
}

static void dialog_input(memory5d_scene_state *sc, const player_input *in, int64_t now)
{
    int choice = -1;
    if (in->kind == PIN_KEY) {
        if (in->key == PK_ENTER || in->key == PK_SPACE)
            choice = sc->dialog_focus;
        else if (in->key == PK_ESCAPE || in->key == PK_BACKSPACE)
            choice = 1;
        else if (in->key == PK_TAB || in->key == PK_LEFT || in->key == PK_RIGHT) {
            sc->dialog_focus = !sc->dialog_focus;
            log_dialog_focus(sc, now);
        }
    } else if (in->kind == PIN_CLICK || in->kind == PIN_TOUCH_UP) {
        choice = memory5d_layout_pick(memory5d_layout_dialog_button, 2, in->x, in->y);
    }
    if (choice == 0)
        leave(sc, now);
    else if (choice == 1) {
        sc->leave_confirm = 0;
        if (!sc->tutorial) /* a lesson's clock waits for the coach throughout */
            memory5d_play_pause_clock(sc, MEMORY5D_PAUSE_HELP, 0, now);
        memory5d_caption(sc, now, sc->tutorial ? "Back to the lesson."
                                               : "Back to the match: the clock runs again.");
    }
}

static void describe_focus(memory5d_scene_state *sc, int64_t now)
{
    char label[300];
    memory5d_ui_cell_label(sc, sc->focus, now, label, sizeof label);
    memory5d_caption(sc, now, "%s", label);
}

/* The Arcade power button under (x, y), or -1. */
static int power_hit(const memory5d_scene_state *sc, double x, double y)
{
    return sc->def.setup.mode == MEMORY5D_ARCADE
               ? memory5d_layout_pick(memory5d_layout_power_button, MEMORY5D_POWERS, x, y)
               : -1;
}

/* The board layout for the last drawn frame's output scale (1 before the first frame), so
 * hit tests match what was drawn; the focus scrolls a narrow viewport. */
static void refresh_layout(memory5d_scene_state *sc)
{
    memory5d_layout_board(&sc->lay, sc->st.size, sc->scale, sc->focus, &sc->scroll_r,
                          &sc->scroll_c);
}

/* The leave dialog (Escape with no anchor, or the Leave button): the clock waits. */
static void open_leave(memory5d_scene_state *sc, int64_t now)
{
    sc->leave_confirm = 1;
    sc->dialog_focus = 0;
    memory5d_play_pause_clock(sc, MEMORY5D_PAUSE_HELP, 1, now);
    memory5d_caption(sc, now,
                     sc->tutorial ? "Leave the tutorial? Enter leaves, Escape stays."
                                  : "Leave the match? It counts as abandoned. Enter "
                                    "leaves, Escape stays (the clock is paused).");
    log_dialog_focus(sc, now);
}

/* Logs the control the focus is on: the grid's focused cell, a power button or Leave. */
static void log_zone(memory5d_scene_state *sc, int64_t now)
{
    double x = 0, y = 0, w = 0, h = 0;
    if (sc->zone == MEMORY5D_ZONE_GRID) {
        memory5d_layout_cell_box(&sc->lay, sc->focus, &x, &y, &w, &h);
        memory5d_ev_focus(sc, now, "grid", sc->focus, x, y, w, h);
    } else if (sc->zone == MEMORY5D_ZONE_LEAVE) {
        memory5d_layout_leave_button(&x, &y, &w, &h);
        memory5d_ev_focus(sc, now, "leave", 0, x, y, w, h);
    } else {
        memory5d_layout_power_button(sc->zone, &x, &y, &w, &h);
        memory5d_ev_focus(sc, now, "power", sc->zone, x, y, w, h);
    }
}

/* Tab and Shift+Tab: the grid (one stop; the arrows move inside it), each power button
 * (Arcade), Leave, round again. */
static void tab(memory5d_scene_state *sc, int back, int64_t now)
{
    int order[MEMORY5D_POWERS + 2], k = 0, at = 0;
    order[k++] = MEMORY5D_ZONE_GRID;
    if (sc->def.setup.mode == MEMORY5D_ARCADE)
        for (int i = 0; i < MEMORY5D_POWERS; i++)
            order[k++] = i;
    order[k++] = MEMORY5D_ZONE_LEAVE;
    for (int i = 0; i < k; i++)
        if (order[i] == sc->zone)
            at = i;
    sc->zone = order[(at + (back ? k - 1 : 1)) % k];
    sc->keyboard = 1;
    if (sc->zone == MEMORY5D_ZONE_GRID)
        describe_focus(sc, now);
    else if (sc->zone == MEMORY5D_ZONE_LEAVE)
        memory5d_caption(sc, now, "Leave: Enter opens the leave dialog (Escape does too).");
    else if (sc->st.loadout[memory5d_local_player(sc)][sc->zone] == 0)
        memory5d_caption(sc, now, "%s: no charge in this match's loadout.",
                         memory5d_ui_power_titles[sc->zone]);
    else
        memory5d_caption(sc, now, "%s, %d left: Enter (or key %d) arms it, again cancels it.",
                         memory5d_ui_power_titles[sc->zone],
                         sc->st.loadout[memory5d_local_player(sc)][sc->zone], sc->zone + 1);
    log_zone(sc, now);
}

/* A scrolled board (a small window) pans under a dragging finger or mouse, in whole cells;
 * the focus moves with it so the window keeps showing it. 1 when the input was the drag's. */
static int drag_input(memory5d_scene_state *sc, const player_input *in, int64_t now)
{
    int down = in->kind == PIN_TOUCH_DOWN || in->kind == PIN_CLICK;
    int move = in->kind == PIN_TOUCH_MOVE || in->kind == PIN_MOVE;
    int up = in->kind == PIN_TOUCH_UP || in->kind == PIN_RELEASE;
    if (down) {
        sc->drag_on = sc->lay.scrolled && memory5d_layout_hit(&sc->lay, in->x, in->y) >= 0;
        sc->drag_moved = 0;
        sc->drag_x = in->x;
        sc->drag_y = in->y;
        sc->drag_focus = sc->focus;
        sc->drag_r0 = sc->scroll_r;
        sc->drag_c0 = sc->scroll_c;
        return sc->drag_on && in->kind == PIN_CLICK; /* the mouse picks on release here */
    }
    if (!sc->drag_on)
        return 0;
    if (move) {
        int n = sc->st.size, dc = (int)lround((sc->drag_x - in->x) / sc->lay.cell),
            dr = (int)lround((sc->drag_y - in->y) / sc->lay.cell);
        if (!dc && !dr && !sc->drag_moved)
            return 1;
        sc->drag_moved = 1;
        int fr = sc->drag_focus / n + dr, fc = sc->drag_focus % n + dc;
        fr = fr < 0 ? 0 : fr >= n ? n - 1 : fr;
        fc = fc < 0 ? 0 : fc >= n ? n - 1 : fc;
        sc->focus = fr * n + fc;
        sc->scroll_r = sc->drag_r0 + dr;
        sc->scroll_c = sc->drag_c0 + dc;
        refresh_layout(sc);
        return 1;
    }
    if (up) {
        sc->drag_on = 0;
        if (sc->drag_moved) {
            memory5d_caption(sc, now, "Rows %d-%d, columns %c-%c in view.", sc->lay.first_row + 1,
                             sc->lay.first_row + sc->lay.rows, 'A' + sc->lay.first_col,
                             'A' + sc->lay.first_col + sc->lay.cols - 1);
            return 1;
        }
        if (in->kind == PIN_RELEASE) { /* a mouse click that did not drag: the pick */
            player_input click = *in;
            click.kind = PIN_CLICK;
            click.x = sc->drag_x;
            click.y = sc->drag_y;
            sc->drag_on = -1; /* replayed below, not a new drag */
            memory5d_match_screen_input(sc, &click, now);
            sc->drag_on = 0;
            return 1;
        }
    }
    return 0;
}

void memory5d_match_screen_input(memory5d_scene_state *sc, const player_input *in, int64_t now)
{
    refresh_layout(sc);
    if (sc->drag_on != -1 && !sc->leave_confirm && sc->st.status == MEMORY5D_PLAYING &&
        (in->kind == PIN_TOUCH_DOWN || in->kind == PIN_CLICK || in->kind == PIN_TOUCH_MOVE ||
         in->kind == PIN_MOVE || in->kind == PIN_TOUCH_UP || in->kind == PIN_RELEASE) &&
        drag_input(sc, in, now))
        return;
    if (sc->leave_confirm) {
        dialog_input(sc, in, now);
        return;
    }
    int n = sc->st.size;
    if (sc->st.status != MEMORY5D_PLAYING && !sc->tutorial) {
        if ((in->kind == PIN_KEY && (in->key == PK_ENTER || in->key == PK_SPACE)) ||
            in->kind == PIN_CLICK)
            sc->end_t = now - MEMORY5D_RESULTS_DELAY_MS; /* skip to Results */
        return;
    }
    switch (in->kind) {
    case PIN_MOVE:
    case PIN_TOUCH_MOVE: {
        /* the inspector reads the pointed cell; the caption keeps the last feedback */
        sc->hover = memory5d_layout_hit(&sc->lay, in->x, in->y);
        sc->keyboard = 0;
        break;
    }
    case PIN_CLICK:
    case PIN_TOUCH_UP: {
        int cell = memory5d_layout_hit(&sc->lay, in->x, in->y), power = power_hit(sc, in->x, in->y);
        double lx, ly, lw, lh;
        memory5d_layout_leave_button(&lx, &ly, &lw, &lh);
        int leave_hit = in->x >= lx && in->x < lx + lw && in->y >= ly && in->y < ly + lh;
        sc->keyboard = 0;
        if (power >= 0) { /* the keyboard's stop stays where it was */
            power_input(sc, power, now);
        } else if (sc->tutorial && sc->lesson_phase != MEMORY5D_TUT_STEPS) {
            tutorial_continue(sc, now);
        } else if (leave_hit) {
            sc->zone = MEMORY5D_ZONE_LEAVE;
            open_leave(sc, now);
        } else if (cell >= 0) {
            sc->focus = cell;
            sc->zone = MEMORY5D_ZONE_GRID;
            pick(sc, cell, now);
        }
        break;
    }
    case PIN_KEY: {
        int ctrl = !!(in->mods & PMOD_CTRL), move = memory5d_kit_key_move(in->key);
        if (move < 0)
            switch (in->key) {
            case PK_ENTER:
            case PK_SPACE:
                sc->keyboard = 1;
                if (sc->tutorial && sc->lesson_phase != MEMORY5D_TUT_STEPS)
                    tutorial_continue(sc, now);
                else if (sc->zone == MEMORY5D_ZONE_LEAVE)
                    open_leave(sc, now);
                else if (sc->zone != MEMORY5D_ZONE_GRID)
                    power_input(sc, sc->zone, now);
                else
                    pick(sc, sc->focus, now);
                return;
            case PK_TAB:
                /* a lesson's card is the only control while it is up */
                if (!sc->tutorial || sc->lesson_phase == MEMORY5D_TUT_STEPS)
                    tab(sc, !!(in->mods & PMOD_SHIFT), now);
                return;
            case PK_ESCAPE:
                if (sc->st.anchor != MEMORY5D_NO_CELL && !sc->tutorial) {
                    memory5d_cmd c = memory5d_play_command(MEMORY5D_CMD_CANCEL,
                                                           memory5d_local_player(sc), 0, 0, now);
                    memory5d_outcome out;
                    if (!memory5d_play_apply(sc, &c, &out, now))
                        memory5d_play_refused(sc, c.player, -1, out.refusal, now);
                    return;
                }
                open_leave(sc, now);
                return;
            default:
                /* Arcade: 1-4 arm Reveal, Double Points, Wildcard, Extra Turn (again: cancel) */
                if (sc->def.setup.mode == MEMORY5D_ARCADE && in->ch >= '1' && in->ch <= '4')
                    power_input(sc, in->ch - '1', now);
                return;
            }
        sc->keyboard = 1;
        if (sc->zone >= 0 && sc->zone < MEMORY5D_POWERS) {
            /* the power bar is two by two: the arrows move inside it */
            int z = sc->zone + (move == MEMORY5D_MOVE_LEFT    ? -1
                                : move == MEMORY5D_MOVE_RIGHT ? 1
                                : move == MEMORY5D_MOVE_UP    ? -2
                                : move == MEMORY5D_MOVE_DOWN  ? 2
                                                              : 0);
            if (z >= 0 && z < MEMORY5D_POWERS)
                sc->zone = z;
            log_zone(sc, now);
            break;
        }
        /* from Leave the arrows come back to the grid's roving stop */
        sc->zone = MEMORY5D_ZONE_GRID;
        sc->focus = memory5d_layout_focus_move(n, sc->focus, move, ctrl);
        describe_focus(sc, now);
        refresh_layout(sc);
        log_zone(sc, now);
        break;
    }
    default: break;
    }
}

void memory5d_match_screen_set_active(memory5d_scene_state *sc, int active, int64_t now)
{
    memory5d_play_pause_clock(sc, MEMORY5D_PAUSE_INACTIVE_HOST, !active, now);
    if (!active)
        memory5d_caption(sc, now, "The window is inactive: the clock is paused.");
}

/* ---------------------------------------------------------------- drawing */

static void draw_north(memory5d_scene_state *sc, gfx *g)
{
    const memory5d_layout *l = &sc->lay;
    double bx = MEMORY5D_VIEW_X, by = MEMORY5D_VIEW_Y, s = MEMORY5D_VIEW_SIZE;
    (void)l;
    int north = memory5d_north_marker(&sc->st);
    double cx = bx + s / 2, cy = by + s / 2;
    double d = s / 2 + 17;
    /* a red strip along the board's first north edge and an N badge at its middle */
    if (north % 2 == 0)
        gfx_rect(g, bx - 14, north == 0 ? by - 14 : by + s + 8, s + 28, 6, GFX_RGB(0xC2412D));
    else
        gfx_rect(g, north == 3 ? bx - 14 : bx + s + 8, by - 14, 6, s + 28, GFX_RGB(0xC2412D));
    double px = cx + (north == 1 ? d : north == 3 ? -d : 0);
    double py = cy + (north == 0 ? -d : north == 2 ? d : 0);
    gfx_art_draw(g, (gfx_art_key){GFX_ART_DOT, 32, 0, 0, 0}, px, py, 34 / 32.0, 0,
                 GFX_RGB(0xC2412D), 1);
    gfx_text(g, "N", px, py, memory5d_kit_style(22, 1, GFX_CENTER, 0xFFFFFF));
}

static void draw_board(memory5d_scene_state *sc, gfx *g, int64_t now)
{
    const memory5d_state *st = &sc->st;
    int n = st->size, hc = sc->cfg->high_contrast;
    refresh_layout(sc);
    const memory5d_layout *l = &sc->lay;
    if (memcmp(l, &sc->logged, sizeof *l) != 0) {
        memory5d_ev_viewport(sc, now, l);
        sc->logged = *l;
    }
    memory5d_kit_box(g, MEMORY5D_VIEW_X - 14, MEMORY5D_VIEW_Y - 14, MEMORY5D_VIEW_SIZE + 28,
                     MEMORY5D_VIEW_SIZE + 28, 0xD8D0C2, 0x8C8478);
    int partners[MEMORY5D_MAX_CELLS] = {0};
    /* Classic marks the anchor's partners; Arcade only while a Reveal projects them */
    int reveal = memory5d_reveal_active(st, now) && st->reveal_anchor != MEMORY5D_NO_CELL;
    int shown = sc->def.setup.mode == MEMORY5D_ARCADE ? (reveal ? st->reveal_anchor : -1)
                                                      : st->anchor;
    if (shown != MEMORY5D_NO_CELL && st->status == MEMORY5D_PLAYING) {
        int list[MEMORY5D_MAX_CELLS];
        int k = memory5d_partners(st->cells, n, shown, memory5d_power_live(st, MEMORY5D_WILDCARD),
                                  list, MEMORY5D_MAX_CELLS);
        for (int i = 0; i < k; i++)
            partners[list[i]] = 1;
    }
    int win[MEMORY5D_MAX_CELLS] = {0};
    if (st->status == MEMORY5D_WON)
        for (int i = 0; i < sc->def.cfg.line_length; i++)
            if (st->win_cells[i] >= 0)
                win[st->win_cells[i]] = 1;
    int target, target_power;
    memory5d_tutorial_target(sc, &target, &target_power);
    double t = 1;
    if (sc->rotating) {
        t = (double)(now - sc->rotate_t0) / MEMORY5D_ROTATE_MS;
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        t = 1 - (1 - t) * (1 - t); /* ease out */
    }
    /* coordinates: column letters above, rows at the left */
    for (int c = 0; c < l->cols; c++) {
        char s[4] = {(char)('A' + c + l->first_col), 0};
        gfx_text(g, s, l->x0 + (c + 0.5) * l->cell, MEMORY5D_VIEW_Y - 50,
                 memory5d_kit_style(24, 1, GFX_CENTER, INK2));
    }
    for (int r = 0; r < l->rows; r++) {
        char s[16];
        snprintf(s, sizeof s, "%d", r + 1 + l->first_row);
        gfx_text(g, s, MEMORY5D_VIEW_X - 47, l->y0 + (r + 0.5) * l->cell,
                 memory5d_kit_style(24, 1, GFX_CENTER, INK2));
    }
    for (int i = 0; i < n * n; i++) {
        double x, y, w, h, cx, cy, k = 1;
        int vis = memory5d_layout_cell_box(l, i, &x, &y, &w, &h);
        if (sc->rotating && !l->scrolled) {
            memory5d_layout_turning(l, i, t, &cx, &cy, &k);
        } else {
            if (!vis)
                continue;
            cx = x + w / 2;
            cy = y + h / 2;
        }
        memory5d_art_marks m = {st->cells[i].owner, st->anchor == i, partners[i],
                                /* the roving focus shows from the start, and whenever
                                 * no pointer is over the board */
                                (sc->keyboard || sc->hover < 0) && sc->focus == i &&
                                    sc->zone == MEMORY5D_ZONE_GRID,
                                !sc->keyboard && sc->hover == i,
                                win[i], 0, hc, target == i, 0};
        memory5d_art_cell(g, &st->cells[i], cx, cy, l->cell * k, m);
        if (vis)
            memory5d_kit_target("cell", i, x, y, w, h);
    }
    if (l->scrolled) {
        char s[120];
        snprintf(s, sizeof s, "Rows %d-%d, columns %c-%c of %d: the view follows the focus",
                 l->first_row + 1, l->first_row + l->rows, 'A' + l->first_col,
                 'A' + l->first_col + l->cols - 1, n);
        gfx_text(g, s, 960, MEMORY5D_VIEW_Y + MEMORY5D_VIEW_SIZE + 30,
                 memory5d_kit_style(22, 0, GFX_CENTER, INK2));
    }
    if (!sc->cfg->reduced_sensory && sc->pulse_a >= 0 && now - sc->pulse_t < PULSE_MS &&
        !sc->rotating) {
        double a = 1 - (double)(now - sc->pulse_t) / PULSE_MS;
        for (int k = 0; k < 2; k++) {
            double x, y, w, h;
            if (memory5d_layout_cell_box(l, k ? sc->pulse_b : sc->pulse_a, &x, &y, &w, &h))
                gfx_rect(g, x, y, w, h, (gfx_color){255, 255, 255, (Uint8)(120 * a)});
        }
    }
    draw_north(sc, g);
}

/* The status line with the persistent reweave counter, the recent events with their causes
 * (newest first, as the caption line's history) and the keys. */
static void draw_status(memory5d_scene_state *sc, gfx *g, const char *status, int arcade)
{
    double y = MEMORY5D_STATUS_Y;
    /* the status fits left of the reweave counter ("The board is turning..." ran into it) */
    gfx_text(g, status, 60, y,
             memory5d_kit_fit(g, status, memory5d_kit_style(28, 1, GFX_LEFT, INK), 270, 20));
    char r[40];
    snprintf(r, sizeof r, "Reweaves %d of %d", sc->st.reweaves, sc->def.cfg.reweave_limit);
    gfx_text(g, r, 520, y, memory5d_kit_style(22, 1, GFX_RIGHT, sc->st.reweaves ? INK : INK2));
    for (int i = 0; i < sc->feed_count; i++) {
        if (arcade && y + 48 + i * 28 > memory5d_layout_power_top() - 4)
            break;
        char row[MEMORY5D_FEED_TEXT + 24];
        memory5d_feed_row(sc, i, row, sizeof row);
        gfx_text_style st = memory5d_kit_fit(g, row,
                                   memory5d_kit_style(20, i == 0, GFX_LEFT, i ? INK2 : INK), 460,
                                   18);
        gfx_text(g, row, 60, y + 38 + i * 28, st);
    }
    if (!sc->feed_count)
        gfx_text(g, "Recent events appear here.", 60, y + 38,
                 memory5d_kit_style(20, 0, GFX_LEFT, INK2));
    /* the keys, where the power bar (grown for a small window) leaves room */
    double room = arcade ? memory5d_layout_power_top() - 14 : 1000;
    if (y + 140 <= room)
        gfx_text(g, "Enter/Space select - arrows, Home/End move", 60, y + 130,
                 memory5d_kit_style(20, 0, GFX_LEFT, INK2));
    if (!arcade)
        gfx_text(g, "Tab: Leave - Escape cancels the anchor or leaves", 60, y + 156,
                 memory5d_kit_style(20, 0, GFX_LEFT, INK2));
}

/* After a reweave every unclaimed cell changed: a board-wide cue (a frame and a banner)
 * for MEMORY5D_REWOVEN_MS, static (no flashing) in any sensory mode. */
static void draw_rewoven(memory5d_scene_state *sc, gfx *g, int64_t now)
{
    if (!sc->rewoven_t || now - sc->rewoven_t >= MEMORY5D_REWOVEN_MS || !sc->st.reweaves)
        return;
    gfx_color gold = GFX_RGB(sc->cfg->high_contrast ? 0x000000 : 0xB7791F);
    double x = MEMORY5D_VIEW_X - 14, y = MEMORY5D_VIEW_Y - 14, w = MEMORY5D_VIEW_SIZE + 28;
    gfx_rect(g, x - 10, y - 10, w + 20, 10, gold);
    gfx_rect(g, x - 10, y + w, w + 20, 10, gold);
    gfx_rect(g, x - 10, y, 10, w, gold);
    gfx_rect(g, x + w, y, 10, w, gold);
    char s[80];
    snprintf(s, sizeof s, "Board rewoven (%d of %d)", sc->st.reweaves, sc->def.cfg.reweave_limit);
    /* the banner over the foot of the inspector panel, never over a cell: the frame already
     * marks the whole board, and the caption bar says the same in words */
    double bx = 1430, by = 862, bw = 460, bh = 118;
    memory5d_kit_box(g, bx, by, bw, bh, 0xFFF6DA, sc->cfg->high_contrast ? 0x000000 : 0xB7791F);
    memory5d_kit_target("rewoven-banner", -1, bx, by, bw, bh);
    gfx_text_style st = memory5d_kit_style(32, 1, GFX_CENTER, INK);
    gfx_text(g, s, bx + bw / 2, by + 38, memory5d_kit_fit(g, s, st, bw - 24, 14));
    const char *why = "every unclaimed cell has new attributes";
    st = memory5d_kit_style(22, 0, GFX_CENTER, INK2);
    gfx_text(g, why, bx + bw / 2, by + 84, memory5d_kit_fit(g, why, st, bw - 24, 14));
}

static void modal(gfx *g, const char *title, const char *body, const char *b1, const char *b2,
                  int focus, int hc)
{
    gfx_rect(g, 0, 0, MEMORY5D_FIELD_W, 1000, (gfx_color){20, 24, 28, 120});
    memory5d_kit_box(g, 560, 300, 800, 360, PANEL, hc ? 0x000000 : 0x2F4858);
    gfx_text(g, title, 960, 350, memory5d_kit_style(40, 1, GFX_CENTER, INK));
    memory5d_kit_wrap(g, body, 600, 410, 720, memory5d_kit_style(27, 0, GFX_LEFT, INK), 36);
    if (b2) {
        for (int i = 0; i < 2; i++) {
            double x, y, w, h;
            memory5d_layout_dialog_button(i, &x, &y, &w, &h);
            memory5d_kit_button(g, x, y, w, h, i ? b2 : b1, !i, focus == i, 1, hc);
        }
    } else {
        double x, y, w, h;
        memory5d_layout_card_button(0, &x, &y, &w, &h);
        memory5d_kit_button(g, x, y, w, h, b1, 1, 1, 1, hc);
    }
}

/* The lesson's "Well done" card over the legend column, beside the board: the board (and
 * the winning row) stays in full view. */
static void done_card(gfx *g, const char *body, const char *button, int hc)
{
    memory5d_kit_box(g, 1410, 130, 490, 600, PANEL, hc ? 0x000000 : 0x2F4858);
    gfx_text(g, "Well done", 1655, 180, memory5d_kit_style(40, 1, GFX_CENTER, INK));
    memory5d_kit_wrap(g, body, 1440, 240, 430, memory5d_kit_style(26, 0, GFX_LEFT, INK), 34);
    double x, y, w, h;
    memory5d_layout_card_button(1, &x, &y, &w, &h);
    memory5d_kit_button(g, x, y, w, h, button, 1, 1, 1, hc);
}

/* Arcade: the local player's charges as buttons (1-4), the armed one lit (only on the
 * mover's buttons: the AI's power is not A's); a lesson frames the one its step asks for. */
static void draw_powers(memory5d_scene_state *sc, gfx *g, int64_t now)
{
    const memory5d_state *st = &sc->st;
    int p = memory5d_local_player(sc), hc = sc->cfg->high_contrast, cell, target;
    memory5d_tutorial_target(sc, &cell, &target);
    for (int i = 0; i < MEMORY5D_POWERS; i++) {
        double x, y, w, h;
        memory5d_layout_power_button(i, &x, &y, &w, &h);
        int mine = st->turn == p;
        int showing = mine && st->armed == i && st->armed_spent && memory5d_reveal_active(st, now);
        int armed = (mine && memory5d_power_live(st, i)) || showing;
        char label[64], state[32];
        snprintf(state, sizeof state, "x%d%s", st->loadout[p][i],
                 showing ? " - showing" : armed ? " ARMED" : "");
        int two_lines = h >= 64; /* a tall button (a small window) gives each part a line */
        if (two_lines)
            snprintf(label, sizeof label, "%d %s", i + 1, memory5d_ui_power_titles[i]);
        else
            snprintf(label, sizeof label, "%d %s %s", i + 1, memory5d_ui_power_titles[i], state);
        /* "2 Double Points x0 ARMED" is wider than its button at 19 px */
        gfx_text_style ts = memory5d_kit_fit(
            g, label, memory5d_kit_style(two_lines ? 21 : 19, 1, GFX_CENTER, armed ? 0xFFFFFF : INK),
            w - 16, 14);
        memory5d_kit_box(g, x, y, w, h,
                         armed               ? (hc ? 0x000000 : 0xB7791F)
                         : st->loadout[p][i] ? 0xFFFFFF
                                             : 0xE3DED5,
                         hc ? 0x000000 : 0x8C8478);
        if (two_lines) {
            gfx_text(g, label, x + w / 2, y + h * 0.32, ts);
            gfx_text(g, state, x + w / 2, y + h * 0.7, ts);
        } else {
            gfx_text(g, label, x + w / 2, y + h / 2, ts);
        }
        memory5d_kit_target("power", i, x, y, w, h);
        if (i == sc->zone)
            memory5d_kit_focus_ring(g, x, y, w, h);
        if (i == target) { /* the lesson's pink target frame, as on a cell, inside the edge */
            gfx_color pink = GFX_RGB(0xD6338A);
            gfx_rect(g, x + 2, y + 2, w - 4, 6, pink);
            gfx_rect(g, x + 2, y + h - 8, w - 4, 6, pink);
            gfx_rect(g, x + 2, y + 8, 6, h - 16, pink);
            gfx_rect(g, x + w - 8, y + 8, 6, h - 16, pink);
        }
    }
}

void memory5d_match_screen_draw(memory5d_scene_state *sc, gfx *g, int64_t now)
{
    const memory5d_setup *s = &sc->def.setup;
    int hc = sc->cfg->high_contrast;
    char title[200];
    if (sc->online_title[0] && sc->online) /* online: the server's match, as it names it */
        snprintf(title, sizeof title, "%s", sc->online_title);
    else if (sc->tutorial)
        snprintf(title, sizeof title, "Tutorial %d/%d: %s", sc->lesson_index + 1,
                 sc->lesson_count, sc->lesson.title);
    else
        snprintf(title, sizeof title, "%s - %s - seed %u - %s",
                 s->mode == MEMORY5D_ARCADE ? "Arcade (unranked)" : "Classic",
                 memory5d_ui_difficulty_titles[s->difficulty], (unsigned)s->seed,
                 sc->vs_ai ? "against the AI" : "hot-seat");
    gfx_text(g, title, 40, 50, memory5d_kit_style(32, 1, GFX_LEFT, INK));
    if (sc->def.cfg.presets[s->difficulty].rotation) {
        char r[80];
        snprintf(r, sizeof r, "Quarter turns: %d - north edge: %s", sc->st.rotation,
                 (const char *[]){"top", "right", "bottom", "left"}[memory5d_north_marker(&sc->st)]);
        gfx_text(g, r, 1660, 50, memory5d_kit_style(26, 0, GFX_RIGHT, INK2));
    }
    double lx, ly, lw, lh;
    memory5d_layout_leave_button(&lx, &ly, &lw, &lh);
    memory5d_kit_button(g, lx, ly, lw, lh, "Leave", 0, sc->zone == MEMORY5D_ZONE_LEAVE, 1, hc);
    memory5d_hud_player(sc, g, 0, 40, MEMORY5D_HUD_PLAYER_Y(0), now);
    memory5d_hud_player(sc, g, 1, 40, MEMORY5D_HUD_PLAYER_Y(1), now);
    int arcade = s->mode == MEMORY5D_ARCADE;
    if (sc->tutorial && sc->coach[0] && sc->lesson_phase == MEMORY5D_TUT_STEPS && arcade) {
        /* an Arcade lesson: the power buttons are below, so a shorter box above them */
        double cy = memory5d_layout_power_top() - 136;
        if (cy > 762)
            cy = 762;
        memory5d_kit_box(g, 40, cy, 500, 128, 0xFFF6DA, hc ? 0x000000 : 0xD99A00);
        gfx_text(g, "Coach", 60, cy + 22, memory5d_kit_style(22, 1, GFX_LEFT, INK));
        memory5d_kit_wrap(g, sc->coach, 60, cy + 50, 462, memory5d_kit_style(21, 0, GFX_LEFT, INK),
                          26);
    } else if (sc->tutorial && sc->coach[0] && sc->lesson_phase == MEMORY5D_TUT_STEPS) {
        memory5d_kit_box(g, 40, 770, 500, 210, 0xFFF6DA, hc ? 0x000000 : 0xD99A00);
        gfx_text(g, "Coach", 64, 800, memory5d_kit_style(26, 1, GFX_LEFT, INK));
        memory5d_kit_wrap(g, sc->coach, 64, 840, 452, memory5d_kit_style(23, 0, GFX_LEFT, INK), 30);
    } else {
        const char *status = sc->st.status == MEMORY5D_WON    ? "The board is won."
                             : sc->st.status == MEMORY5D_DRAW ? "The board is drawn."
                             : (sc->st.pause_mask & MEMORY5D_PAUSE_RESOLUTION)
                                 ? "The board is turning..."
                             : (sc->st.pause_mask & MEMORY5D_PAUSE_INACTIVE_HOST)
                                 ? "Paused: the window is inactive."
                             : sc->online && sc->online_status[0] ? sc->online_status
                             : sc->vs_ai && sc->st.turn == 1 && !sc->tutorial
                                 ? "The AI is choosing..."
                             : sc->vs_ai || sc->tutorial ? "Your move."
                             : sc->st.turn == 0           ? "Player A's move."
                                                          : "Player B's move.";
        draw_status(sc, g, status, arcade);
    }
    if (arcade)
        draw_powers(sc, g, now);
    draw_board(sc, g, now);
    memory5d_hud_legend(sc, g);
    memory5d_hud_inspector(sc, g, now);
    draw_rewoven(sc, g, now);
    memory5d_kit_caption_bar(g, sc->caption);
    if (sc->tutorial && sc->lesson_phase == MEMORY5D_TUT_INTRO)
        modal(g, sc->lesson.title, sc->coach, "Continue", NULL, 0, hc);
    else if (sc->tutorial && sc->lesson_phase == MEMORY5D_TUT_DONE)
        done_card(g, sc->coach,
                  sc->lesson_index + 1 < sc->lesson_count ? "Next lesson" : "Finish", hc);
    if (sc->leave_confirm)
        modal(g, sc->tutorial ? "Leave the tutorial?" : "Leave the match?",
              sc->tutorial ? "Lessons earn nothing; you can come back any time."
                           : "Leaving counts as abandoned: the other player wins and nobody "
                             "earns Star Points. The clock is paused.",
              "Leave", "Stay", sc->dialog_focus, hc);
}
