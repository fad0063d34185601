/* The Find the Odd Shape scene's state, split by lifetime (GUIDE "Split state by lifetime"):
 * definition (the 15 rounds and where they came from), game state (the core's
 * oddshape_session), ui state (pointer, focus, Options editing) and animation clocks; and the
 * queries and actions its files share. Included by the scene's files only: oddshape_scene.c
 * (the table, input mapping), oddshape_actions.c (what an input does, the session's events),
 * oddshape_ui.c (queries), oddshape_draw.c (drawing). */
#ifndef PLAYER_ODDSHAPE_UI_H
#define PLAYER_ODDSHAPE_UI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "oddshape/oddshape.h"
#include "oddshape/oddshape_session.h"
#include "oddshape_eventlog.h"
#include "oddshape_layout.h"
#include "oddshape_settings.h"
#include "scene.h"

enum { ODDSHAPE_HOVER_MS = 100 };
/* The round-1 hint (Gameplay HUD): shown for 2.0 s of RoundInteractive, then a 0.4 s fade;
 * a resolving input fades it sooner, within the 0.3 s of RoundFeedback. */
enum { ODDSHAPE_HINT_SHOW_MS = 2000, ODDSHAPE_HINT_FADE_MS = 400, ODDSHAPE_HINT_RESOLVED_FADE_MS = 200 };
/* Results: the stats count up over 1.0 s, then confetti and fanfare. Ready: the scrim and
 * the HUD fade in (our choice; the spec gives only the 0.80 s of DBT-17). */
enum { ODDSHAPE_TALLY_MS = 1000, ODDSHAPE_READY_SCRIM_FADE_MS = 120, ODDSHAPE_READY_HUD_FADE_MS = 300 };
/* ODDSHAPE_CONFETTI_MS: the longest a Results confetti scrap lives after the count-up
 * (ODDSHAPE_TALLY_MS; 2600-3500 ms each). ODDSHAPE_CONFETTI_MIN_CORRECT: the correct picks
 * it celebrates, 10 of 15 (two thirds) or more; below that Results has no confetti (the
 * fanfare still ends the count-up). Scraps fly beside the Results card, behind it, so they
 * never cross its text or buttons. */
enum { ODDSHAPE_CONFETTI_MS = 3500, ODDSHAPE_CONFETTI_MIN_CORRECT = 10 };

/* What a key or a pad button means on the current screen (oddshape_scene.c maps them). */
typedef enum {
    ODDSHAPE_ACT_NONE, ODDSHAPE_ACT_LEFT, ODDSHAPE_ACT_RIGHT, ODDSHAPE_ACT_UP, ODDSHAPE_ACT_DOWN,
    ODDSHAPE_ACT_CONFIRM, ODDSHAPE_ACT_BACK, ODDSHAPE_ACT_START, ODDSHAPE_ACT_SELECT,
    ODDSHAPE_ACT_CHAR, ODDSHAPE_ACT_BACKSPACE
} oddshape_action;

/* A press that opened or closed a surface (Title > Options, Options > Back, Pause >
 * Resume or Main Menu, Results' buttons) is consumed by it: the second press of a
 * double-click, within ODDSHAPE_OPENER_MS and ODDSHAPE_OPENER_PX of it, belongs to that
 * press and never lands on what is shown now (Resume sits over the Centre patch, Main Menu
 * over Title > Play, Title > Options over Back). A press elsewhere, or later, is the new
 * surface's. Keys are never held back: each key press is meant. */
enum { ODDSHAPE_OPENER_MS = 400, ODDSHAPE_OPENER_PX = 32 };

/* A 0..1 hover amount that eases over ODDSHAPE_HOVER_MS. */
typedef struct {
    int on;
    int64_t since;
} oddshape_anim;

typedef struct oddshape_ui {
    /* definition: from the shell and the rounds file, for the scene's whole life */
    oddshape_round table[ODDSHAPE_ROUNDS]; /* Table L1, or the --levels file */
    settings *cfg;              /* the shell's volumes, edited on Options */
    oddshape_settings *opt;     /* its own Options (cfg's Odd Shape slot) */
    const char *settings_path;  /* NULL: do not persist (headless without --settings) */
    audio_system *audio;
    FILE *events;               /* --events-out, or NULL */
    const char *version;
    oddshape_eventlog_levels levels; /* levels.file NULL: table is Table L1 and LED-1 chooses;
                                        else table is that file, played whatever Randomize says */
    /* game state */
    oddshape_session s;

    /* ui: pointer, focus and highlight */
    double px, py;
    int have_pointer, mouse_down, kbd;
    int focus_slot, focus_widget;
    int hl_slot, hl_widget;       /* what is highlighted now (-1: nothing) */
    oddshape_anim slot_anim[ODDSHAPE_SLOTS];
    double feedback_hover[ODDSHAPE_SLOTS]; /* each patch's hover pose as the round resolved */
    oddshape_anim widget_anim[ODDSHAPE_MAX_WIDGETS];
    oddshape_state widget_screen; /* the screen the widget highlight belongs to */
    int drag_slider;              /* ODDSHAPE_OPT_* while dragging a slider, else -1 */
    int64_t opener_at;            /* the last press that changed the screen, and where */
    double opener_x, opener_y;

    /* Options editing */
    int seed_editing;
    char seed_text[16];

    /* animation clocks */
    oddshape_state prev_state;
    int64_t state_since;
    int64_t results_since;
    int tally_ticks, fanfare_done;
    int hint_round_done; /* the round-1 hint was shown this run */
    int64_t hint_until;  /* hint fade start; 0 before round 1 is interactive */
    int hint_active;
    int64_t paused_since; /* the hint's clock stops while Paused */
    int quit;
    char warning[512];
} oddshape_ui;

static inline double oddshape_clamp01(double v) { return v < 0 ? 0 : v > 1 ? 1 : v; }
static inline double oddshape_ease_out(double t)
{
    t = oddshape_clamp01(t);
    return 1 - (1 - t) * (1 - t) * (1 - t);
}

/* oddshape_ui.c: queries */
double oddshape_ui_anim(const oddshape_anim *a, int64_t now);
void oddshape_ui_anim_set(oddshape_anim *a, int on, int64_t now);
/* How far the Results count-up has come (0..1), and a stat's value shown at that point. */
double oddshape_ui_tally(const oddshape_ui *sc, int64_t now);
int oddshape_ui_counted(int value, double p);
/* LED-1's Randomize toggle chooses the source unless a rounds file was given (--levels),
 * which is played as it is whatever the toggle says. */
int oddshape_ui_randomize(const oddshape_ui *sc);
/* "Rounds: seed-777.json (seed 777)" for a --levels file, else "". */
void oddshape_ui_levels_note(const oddshape_ui *sc, char *buf, size_t n);
/* The current screen's widgets (none while a round is played). */
int oddshape_ui_widgets(const oddshape_ui *sc, ui_widget *w);
int oddshape_ui_options_widgets(const oddshape_ui *sc, ui_widget *w);
/* 1 when a pointer press at (x, y) at now is the second press of a double-click whose
 * first press changed the screen (ODDSHAPE_OPENER_MS / _PX). */
int oddshape_ui_press_consumed(const oddshape_ui *sc, double x, double y, int64_t now);
/* The volume an Options slider row edits. */
int *oddshape_ui_slider_value(oddshape_ui *sc, int row);

/* oddshape_actions.c: what the inputs do */
void oddshape_act_start(oddshape_ui *sc, int64_t now);
void oddshape_act_update(oddshape_ui *sc, int64_t now);
/* Runs the session's pending events, then refreshes the highlight at now. */
void oddshape_act_drain(oddshape_ui *sc, int64_t now);
void oddshape_act_refresh(oddshape_ui *sc, int64_t now);
void oddshape_act_click(oddshape_ui *sc, int64_t now);
/* The pointer moved while a volume slider is held. */
void oddshape_act_drag(oddshape_ui *sc);
void oddshape_act_options(oddshape_ui *sc, oddshape_action act, const player_input *in, int64_t now);
void oddshape_act_menu(oddshape_ui *sc, oddshape_action act, int64_t now);
void oddshape_act_play(oddshape_ui *sc, oddshape_action act, int slot, int64_t now);

/* oddshape_draw.c */
void oddshape_draw(oddshape_ui *sc, gfx *g, int64_t now);

#endif
