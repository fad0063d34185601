/* Memory5D match screen: clicks, taps and keys onto the match (memory5d_play.c) — picks, the
 * Arcade powers, the lesson's cards and steps, the leave dialog — the AI's pace, the clock
 * warning, the way to Results. Its drawing is memory5d_match_draw.c. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "draw/ui.h"
#include "memory5d_ui.h"
#include "memory5d/memory5d_board.h"
#include "memory5d/memory5d_label.h"
#include "memory5d/memory5d_powers.h"
#include "memory5d/memory5d_rules.h"


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

enum { CLOCK_STEP_MS = 100 }; /* the decision clock's shown step */

/* While a match is played its decision clock shows tenths of a second and its bar moves
 * less than a pixel a tenth, so a frame a tenth is every change it makes (the AI, a lesson's
 * script and the wait after a miss are due on those ticks too); a pulse or an Expert rotation
 * moves every frame; a paused clock stands still; a finished match changes by itself only
 * when Results is due. */
int64_t memory5d_match_screen_next_change(const memory5d_scene_state *sc, int64_t drawn)
{
    int pulsing = sc->pulse_a >= 0 && drawn - sc->pulse_t < MEMORY5D_PULSE_MS;
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
        /* a lesson's clock waits for the coach throughout, and an open legend keeps it */
        if (!sc->tutorial && !sc->legend_open)
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

void memory5d_match_layout(memory5d_scene_state *sc)
{
    const memory5d_state *st = &sc->st;
    /* a won board that scrolls shows its line: its first cell, then its last (the window
     * moves as little as it can, so a line no longer than the window keeps both) */
    if (st->status == MEMORY5D_WON && st->win_cells[0] >= 0) {
        int last = 0;
        while (last + 1 < MEMORY5D_MAX_LINE && st->win_cells[last + 1] >= 0)
            last++;
        memory5d_layout_board(&sc->lay, st->size, sc->scale, st->win_cells[0], &sc->scroll_r,
                              &sc->scroll_c);
        memory5d_layout_board(&sc->lay, st->size, sc->scale, st->win_cells[last], &sc->scroll_r,
                              &sc->scroll_c);
        return;
    }
    memory5d_layout_board(&sc->lay, st->size, sc->scale, sc->focus, &sc->scroll_r,
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

/* Logs the control the focus is on: the grid's focused cell, a power button, Legend or Leave. */
static void log_zone(memory5d_scene_state *sc, int64_t now)
{
    double x = 0, y = 0, w = 0, h = 0;
    if (sc->zone == MEMORY5D_ZONE_LEGEND) {
        memory5d_layout_legend_button(&x, &y, &w, &h);
        memory5d_ev_focus(sc, now, "legend", 0, x, y, w, h);
    } else if (sc->zone == MEMORY5D_ZONE_GRID) {
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
 * (Arcade), Legend (compact), Leave, round again. */
static void tab(memory5d_scene_state *sc, int back, int64_t now)
{
    int order[MEMORY5D_POWERS + 3], k = 0, at = 0;
    double bx, by, bw, bh;
    order[k++] = MEMORY5D_ZONE_GRID;
    if (sc->def.setup.mode == MEMORY5D_ARCADE)
        for (int i = 0; i < MEMORY5D_POWERS; i++)
            order[k++] = i;
    if (memory5d_layout_legend_button(&bx, &by, &bw, &bh))
        order[k++] = MEMORY5D_ZONE_LEGEND;
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
    else if (sc->zone == MEMORY5D_ZONE_LEGEND)
        memory5d_caption(sc, now, "Legend: Enter %s the shapes, hues, marks and keys.",
                         sc->legend_open ? "hides" : "shows");
    else if (sc->st.armed == sc->zone && memory5d_power_live(&sc->st, sc->zone) &&
             sc->st.turn == memory5d_local_player(sc)) /* its charge is reserved, not gone */
        memory5d_caption(sc, now,
                         "%s is armed: Enter (or key %d) cancels it and refunds the charge.",
                         memory5d_ui_power_titles[sc->zone], sc->zone + 1);
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
        memory5d_match_layout(sc);
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

/* The compact layout's legend drawer opens and closes; a local match's clock waits while it
 * covers the board (help pauses the clock), the server's keeps running online. */
static void toggle_legend(memory5d_scene_state *sc, int64_t now)
{
    sc->legend_open = !sc->legend_open;
    if (!sc->online && !sc->tutorial && !sc->leave_confirm)
        memory5d_play_pause_clock(sc, MEMORY5D_PAUSE_HELP, sc->legend_open, now);
    if (sc->legend_open)
        memory5d_caption(sc, now, "Legend: the shapes, hues, marks and keys. Escape or Close hides "
                                  "it%s.", sc->online || sc->tutorial ? ""
                                                                      : " (the clock is paused)");
    else if (sc->online || sc->tutorial)
        memory5d_caption(sc, now, "Legend closed.");
    else
        memory5d_caption(sc, now, "Legend closed: the clock runs again.");
}

int memory5d_match_screen_legend_input(memory5d_scene_state *sc, const player_input *in,
                                       int64_t now)
{
    double x, y, w, h;
    if (!memory5d_layout_legend_button(&x, &y, &w, &h)) {
        if (sc->legend_open) /* a window grown wide shows the legend beside the board */
            toggle_legend(sc, now);
        return 0;
    }
    int click = in->kind == PIN_CLICK || in->kind == PIN_TOUCH_UP;
    if (click && in->x >= x && in->x < x + w && in->y >= y && in->y < y + h) {
        sc->keyboard = 0;
        sc->zone = MEMORY5D_ZONE_LEGEND;
        toggle_legend(sc, now);
        return 1;
    }
    if (in->kind == PIN_KEY && (in->key == PK_ENTER || in->key == PK_SPACE) &&
        sc->zone == MEMORY5D_ZONE_LEGEND) {
        sc->keyboard = 1;
        toggle_legend(sc, now);
        return 1;
    }
    if (!sc->legend_open)
        return 0;
    /* the open drawer covers the board and the powers: Escape, Enter or Space closes it,
     * the arrows still move the focus (the drawer names the focused cell), Tab walks on */
    if (in->kind == PIN_KEY &&
        (in->key == PK_ESCAPE || in->key == PK_ENTER || in->key == PK_SPACE)) {
        toggle_legend(sc, now);
        return 1;
    }
    memory5d_layout_legend_drawer(&x, &y, &w, &h);
    int inside = in->x >= x && in->x < x + w && in->y >= y && in->y < y + h;
    if ((click || in->kind == PIN_TOUCH_DOWN || in->kind == PIN_MOVE ||
         in->kind == PIN_TOUCH_MOVE || in->kind == PIN_RELEASE) && inside)
        return 1;
    return in->kind == PIN_KEY && in->ch >= '1' && in->ch <= '4';
}

void memory5d_match_screen_input(memory5d_scene_state *sc, const player_input *in, int64_t now)
{
    memory5d_match_layout(sc);
    /* the legend is for a board in play (a lesson's card covers it) */
    if (!sc->leave_confirm && sc->drag_on != -1 &&
        (sc->tutorial ? sc->lesson_phase == MEMORY5D_TUT_STEPS
                      : sc->st.status == MEMORY5D_PLAYING) &&
        memory5d_match_screen_legend_input(sc, in, now))
        return;
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
                else if (sc->zone == MEMORY5D_ZONE_LEGEND)
                    toggle_legend(sc, now);
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
        memory5d_match_layout(sc);
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
