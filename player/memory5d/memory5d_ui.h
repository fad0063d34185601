/* Memory5D in the player: the scene's state, split by lifetime (the match definition and
 * its core state, the lobby choices, the ui state), the table of screens, and what its files
 * export. The files, each calling only those listed before it (no file circle):
 *   memory5d_layout.c   geometry and hit boxes (SDL-free)
 *   memory5d_art.c      a cell's face
 *   memory5d_kit.c      the drawing kit (text, boxes, buttons, the caption line)
 *   memory5d_events.c   the events log
 *   memory5d_ui.c       shared services: memory5d_goto (the one place the screen changes),
 *                       the caption, warnings, settings, seeds, small queries
 *   memory5d_local_records.c  the records store (profile, recording a match, inventory)
 *   memory5d_play.c     the match through the core (commands, outcomes, clocks, lessons)
 *   memory5d_shop.c     the shop row (the lobby's and the results')
 *   memory5d_net.c, memory5d_net_msg.c   online: the socket and the server messages' reader
 *   memory5d_online_send.c, memory5d_online_apply.c, memory5d_online.c   online: what the
 *                       client sends, the server's word applied to the mirror, the session
 *   one file per screen with its input and its drawing: memory5d_lobby_screen.c,
 *   memory5d_match_screen.c (its drawing in memory5d_match_draw.c, with memory5d_hud.c,
 *                       the panels beside the board),
 *   memory5d_results_screen.c, memory5d_records_screen.c, memory5d_draft_screen.c,
 *   memory5d_online_screens.c (the online lobby, match and draft: over the local drawing)
 *   memory5d_scene.c    the scene_def and the table of screens (names them all) */
#ifndef PLAYER_MEMORY5D_UI_H
#define PLAYER_MEMORY5D_UI_H

#include <stdint.h>
#include <stdio.h>

#include "memory5d_layout.h"
#include "memory5d_settings.h"
#include "memory5d/memory5d.h"
#include "memory5d/memory5d_ai.h"
#include "memory5d/memory5d_draft.h"
#include "memory5d/memory5d_lesson.h"
#include "memory5d/memory5d_rules.h"
#include "memory5d/memory5d_store.h"
#include "scene.h"

/* The screens (the table's rows, memory5d_scene.c). */
enum {
    MEMORY5D_SCREEN_LOBBY, MEMORY5D_SCREEN_MATCH, MEMORY5D_SCREEN_RESULTS, MEMORY5D_SCREEN_RECORDS,
    MEMORY5D_SCREEN_DRAFT,
    /* --connect: the online lobby, and the match and draft screens as the server says them
     * (memory5d_online_screens.c) */
    MEMORY5D_SCREEN_ONLINE_LOBBY, MEMORY5D_SCREEN_ONLINE_MATCH, MEMORY5D_SCREEN_ONLINE_DRAFT,
    MEMORY5D_SCREENS
};
#define MEMORY5D_LOCAL_RECORDS_FILE "memory5d-records.db" /* in the user data folder */
#define MEMORY5D_BACKUP_SUFFIX ".backup.json" /* the screen's export, beside the database */
enum { MEMORY5D_HISTORY_ROWS = 8 };
enum { MEMORY5D_CONFIRM_IMPORT = 4 }; /* after the three deletions' confirm values */
/* The match's recent events with their causes, kept on screen (the newest is the caption). */
enum { MEMORY5D_FEED_ROWS = 3, MEMORY5D_FEED_TEXT = 120 };
/* Captions not yet written to the events log (written after each input and update). */
enum { MEMORY5D_CAPTION_QUEUE = 8 };
enum { MEMORY5D_PLAYED_BOARDS = 64 };
/* Tutorial phases: a card before the first step, the steps, the card after the goal. */
enum { MEMORY5D_TUT_INTRO, MEMORY5D_TUT_STEPS, MEMORY5D_TUT_DONE };
/* The match's Tab stops besides the power buttons (0 to MEMORY5D_POWERS - 1). */
enum { MEMORY5D_ZONE_GRID = -1, MEMORY5D_ZONE_LEAVE = MEMORY5D_POWERS,
       MEMORY5D_ZONE_LEGEND /* compact: the Legend button */ };

enum {
    MEMORY5D_AI_PACE_MS = 900,        /* live: the AI's link appears after this, readable */
    MEMORY5D_ROTATE_MS = 700,         /* the Expert quarter turn animation */
    MEMORY5D_RESULTS_DELAY_MS = 1800, /* the finished board stays in view before Results */
    MEMORY5D_SCRIPT_PACE_MS = 800,    /* tutorial: B's scripted step (live) */
    MEMORY5D_WARN_MS = 5000,          /* clock warning */
    MEMORY5D_READ_MS = 2500,          /* a miss, refund, timeout or reweave stays readable:
                                         the AI waits this long before answering it */
    MEMORY5D_REWOVEN_MS = 2000,       /* the board-wide cue after a reweave */
};

/* The Mastery breakdown of one link (what the HUD and the events log show). */
typedef struct {
    int valid;
    int a, b;
    int base, block, fork, line;
    int streak_before, streak_percent; /* multiplier 1 + streak_percent / 100 */
    int difficulty_permille;
    int doubled;
    long total;
    /* "100 base +75 fork x 1.00 streak x 1.00 difficulty x 2 Double Points = 350": every
     * factor named; the HUD breaks the line before the factors, at text[factors] */
    char text[160];
    int factors;
} memory5d_breakdown;

/* What the records screen shows (reloaded from the store after every action) and its ui. */
typedef struct {
    memory5d_records_profile *profiles;
    size_t profile_count;
    memory5d_records_projection proj;
    int has_proj;
    memory5d_records_data data;
    int history[MEMORY5D_HISTORY_ROWS]; /* indices into data.matches, newest first */
    int history_count, selected;
    int focus;
    int editing;                   /* 1 creating, 2 renaming a profile */
    char name[MEMORY5D_RECORDS_NAME_MAX + 1];
    int confirm;                   /* a deletion + 1 (or MEMORY5D_CONFIRM_IMPORT) awaiting its
                                      confirmation, or 0 */
    int confirm_focus;             /* 0 Confirm, 1 Cancel */
    char confirm_text[1024];       /* memory5d_store_describe's paragraph */
} memory5d_records_screen_view;

typedef struct memory5d_scene_state memory5d_scene_state;

/* One screen: memory5d_goto logs its screen event (unless it has none: a match's match-start
 * event stands for it), switches to its music (unless MEMORY5D_KEEP_MUSIC), sets its hint as the
 * caption (if any) and calls its enter; the scene calls update, input and draw of the
 * current screen (each may be NULL but draw). */
enum { MEMORY5D_KEEP_MUSIC = -1 };
typedef struct {
    const char *name; /* the events log's "screen" value, or NULL: no screen event */
    int music;        /* an audio_bgm, or MEMORY5D_KEEP_MUSIC */
    const char *hint; /* the caption on entering, or NULL */
    void (*enter)(memory5d_scene_state *sc, int64_t now);
    void (*update)(memory5d_scene_state *sc, int64_t now);
    void (*input)(memory5d_scene_state *sc, const player_input *in, int64_t now);
    void (*draw)(memory5d_scene_state *sc, gfx *g, int64_t now);
    /* When its picture next changes by itself (scene_def.next_change); NULL: only an input
     * (or a caption, or a change of screen) changes it. */
    int64_t (*next_change)(const memory5d_scene_state *sc, int64_t drawn);
} memory5d_screen;

struct memory5d_scene_state {
    /* from the shell, for the scene's whole life */
    scene_env env;
    memory5d_settings *cfg; /* its accessibility modes: env.scene_cfg */
    memory5d_config rules;
    int lesson_count;
    char lesson_paths[MEMORY5D_MAX_LESSONS][256];
    memory5d_ai *ai;
    memory5d_store *store; /* local records, or NULL (headless without --records) */
    char db_path[1100];
    char *rules_text;      /* the rules file as recorded with each match */
    int custom_rules;      /* --rules differs from the shipped rules: custom matches */
    int64_t profile;       /* the chosen profile, 0 until one exists */
    memory5d_records_screen_view rec;

    /* the table of screens (memory5d_scene.c), indexed by MEMORY5D_SCREEN_LOBBY... */
    const memory5d_screen *screens;

    /* lobby choices (survive matches) */
    int screen;
    int difficulty, vs_ai;
    int arcade;                      /* Arcade mode (powers; never ranked) */
    int loadout[MEMORY5D_POWERS];    /* the charges the next Arcade match brings (A's) */
    int draft_mode;                  /* Arcade setting: loadouts come from a Power Draft */
    uint32_t seed;
    char seed_text[12];
    int seed_editing;
    int lobby_focus, results_focus;
    /* the compact lobby's list: its first shown row, and a pointer pressed in it (where, and
     * the first row then; whether it moved: then it pans the list instead of pressing) */
    int lobby_first, lobby_press, lobby_dragged, lobby_press_first;
    double lobby_press_x, lobby_press_y;
    int power_focus; /* the shop's and the loadout's focused power */
    uint32_t seed_stream; /* the next random seed comes from this */
    int seed_chosen;      /* the player typed the seed since the last match */
    /* the boards (seed, difficulty) played in this session, the newest last: one chosen
     * again is a restart */
    int played;
    uint32_t played_seed[MEMORY5D_PLAYED_BOARDS];
    int played_difficulty[MEMORY5D_PLAYED_BOARDS];

    /* the current match: definition, state, log (lifetime: one match) */
    memory5d_def def;
    memory5d_state st;
    memory5d_log log;
    int in_match;
    int tutorial, lesson_index, lesson_step, lesson_phase;
    memory5d_lesson lesson;
    memory5d_breakdown last[MEMORY5D_PLAYERS];
    int last_link; /* the player whose link is the newest (last[]), or -1 */
    int64_t ai_due, script_due, end_t, rotate_t0;
    /* the Power Draft before a drafted match (lifetime: the draft and its match) */
    memory5d_draft draft;
    int drafting, drafted, draft_focus;
    int64_t draft_ai_due;
    int rotating, warned, leave_confirm;
    int legend_open; /* compact: the legend drawer is open (the Legend button) */

    /* ui */
    int focus, hover, keyboard;
    /* the match's Tab stop: the grid (one roving stop, MEMORY5D_ZONE_GRID), a power button
     * (0-3, Arcade) or Leave (MEMORY5D_ZONE_LEAVE); the leave dialog's focused button
     * (0 Leave, 1 Stay) */
    int zone, dialog_focus;
    /* a pointer dragging a scrolled board (a small window): where it went down, the focus and
     * the window's origin then, whether it moved a cell (then it pans instead of picking) */
    int drag_on, drag_moved, drag_focus, drag_r0, drag_c0;
    double drag_x, drag_y;
    int scroll_r, scroll_c;
    double scale;          /* the last frame's output scale (draw state, for hit tests) */
    memory5d_layout lay;   /* the last frame's board layout */
    memory5d_layout logged; /* the viewport last written to the events log */
    uint64_t layout_sig;   /* the layout event last written (memory5d_ev_layout) */
    int layout_logged;
    char caption[480];     /* the caption line: feedback and text equivalents of sounds */
    char coach[MEMORY5D_LESSON_TEXT];
    int64_t caption_t, pulse_t;
    int64_t screen_t; /* when memory5d_goto last changed the screen */
    char feed[MEMORY5D_FEED_ROWS][MEMORY5D_FEED_TEXT]; /* newest first */
    int feed_rotation[MEMORY5D_FEED_ROWS]; /* the board's quarter turns when each was written */
    int event_rotation; /* the quarter turns as of the core event being reported */
    int feed_count;
    int64_t hold_until;    /* the AI waits until a miss, refund or reweave has been read */
    int64_t rewoven_t;     /* when the board was last rewoven (its board-wide cue), or 0 */
    char caption_queue[MEMORY5D_CAPTION_QUEUE][480];
    int caption_queued;
    int pulse_a, pulse_b;  /* the last link's cells, pulsed once */
    int quit;
    int paced;             /* the AI and the coach take their live pace (headless: --live-pace) */
    char warning[512];

    /* online (--connect): the session (memory5d_online.h), or NULL for local play; what the
     * shared match and draft drawing shows instead of its local words when set */
    struct memory5d_online *online;
    int online_seat;                       /* the seat this window plays */
    char seat_names[MEMORY5D_PLAYERS][48]; /* the HUD's "You (Ann)", "Bob" */
    char online_title[200];                /* the match screen's title line */
    char online_status[160];               /* its status line */
};

/* The recent events' row i as shown (and logged with each caption): a line written before
 * Expert's last quarter turn names cells as they were then, and says so. */
static inline void memory5d_feed_row(const memory5d_scene_state *sc, int i, char *buf, size_t n)
{
    snprintf(buf, n, "%s%s", sc->feed[i],
             sc->feed_rotation[i] != sc->st.rotation ? " (before the turn)" : "");
}

/* memory5d_ui.c: the shared services */
/* The only place the screen changes (see memory5d_screen). */
void memory5d_goto(memory5d_scene_state *sc, int screen, int64_t now);
void memory5d_caption(memory5d_scene_state *sc, int64_t now, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Writes the captions set since the last call to the events log (after each input and
 * update, so they follow the events that caused them). */
void memory5d_caption_flush(memory5d_scene_state *sc, int64_t now);
/* Adds a line to the match's recent events (newest first). */
void memory5d_feed(memory5d_scene_state *sc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* The warning the shell prints on stderr (the scene's take_warning). */
void memory5d_warn(memory5d_scene_state *sc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void memory5d_save_settings(memory5d_scene_state *sc);
uint32_t memory5d_next_seed(memory5d_scene_state *sc);
/* 1 when the board (seed, difficulty) was played in this session. */
int memory5d_board_played(const memory5d_scene_state *sc, uint32_t seed, int difficulty);
void memory5d_set_seed(memory5d_scene_state *sc, uint32_t seed);
/* The player the local input acts for: the mover in hot-seat, A against the AI. */
int memory5d_local_player(const memory5d_scene_state *sc);
/* What the lesson's current learner step points at: its cell (a select) or its power's
 * button (arm, or disarm of the armed power), each else -1. 0 when it is no learner step. */
int memory5d_tutorial_target(const memory5d_scene_state *sc, int *cell, int *power);
/* 1 when the player may not learn which cells link with the anchor: Arcade, where that is
 * what a Reveal sells, unless a Reveal is projecting this anchor's partners now. */
int memory5d_ui_partners_hidden(const memory5d_scene_state *sc, int64_t now);
/* How many of the anchor's marked partners a scrolled board's window leaves out of view (0
 * when none is marked: Arcade without a Reveal projecting them). */
int memory5d_ui_partners_out_of_view(const memory5d_scene_state *sc, int anchor, int64_t now);
/* A cell's label as the player reads it (memory5d_cell_label, without the anchor's
 * compatibility while memory5d_ui_partners_hidden; the events log keeps the full one). */
int memory5d_ui_cell_label(const memory5d_scene_state *sc, int cell, int64_t now, char *buf,
                           size_t n);
extern const char *const memory5d_ui_power_titles[MEMORY5D_POWERS];
extern const char *const memory5d_ui_difficulty_titles[MEMORY5D_DIFFICULTIES];

/* memory5d_events.c: one JSON line each into env.events (no-op without --events-out) */
/* s as a JSON string, quotes included, into out (n bytes; ASCII text: quotes, backslashes
 * and control characters escaped; cut short rather than overflow). */
void memory5d_ev_jstr(char *out, size_t n, const char *s);
void memory5d_ev_match_start(memory5d_scene_state *sc, int64_t t);
void memory5d_ev_select(memory5d_scene_state *sc, int64_t t, int player, int cell,
                        const char *label, const memory5d_outcome *out, int accepted);
void memory5d_ev_core(memory5d_scene_state *sc, int64_t t, const memory5d_event *e,
                      const memory5d_breakdown *bd);
void memory5d_ev_refused(memory5d_scene_state *sc, int64_t t, int player, int cell, int reason);
void memory5d_ev_ai(memory5d_scene_state *sc, int64_t t, const memory5d_cmd *c,
                    const memory5d_ai_stats *s);
/* A lesson phase; a learner's "prompt" names what it points at (memory5d_tutorial_target's cell
 * or power, each -1 when none). */
void memory5d_ev_tutorial(memory5d_scene_state *sc, int64_t t, const char *phase, int cell,
                          int power);
void memory5d_ev_results(memory5d_scene_state *sc, int64_t t);
void memory5d_ev_screen(memory5d_scene_state *sc, int64_t t, const char *screen);
/* The board's visible window when it differs from the last one logged (a narrow window
 * scrolls it; cell boxes are then x + (col - firstCol) * cell, y + (row - firstRow) * cell). */
void memory5d_ev_viewport(memory5d_scene_state *sc, int64_t t, const memory5d_layout *l);
void memory5d_ev_pause(memory5d_scene_state *sc, int64_t t, const char *what, int bit);
/* The frame just drawn: the output scale, its smallest text and every target (memory5d_kit's
 * notes, in field pixels), when any of them differs from the last layout logged. */
void memory5d_ev_layout(memory5d_scene_state *sc, int64_t t);
/* The control that has the keyboard focus on the current screen, after an input moved it
 * (or a screen began): its name (grid, power, leave, dialog, continue, card, row, ...), its
 * index (the grid's cell, the power, the row...) and its box in field pixels. */
void memory5d_ev_focus(memory5d_scene_state *sc, int64_t t, const char *control, int index,
                       double x, double y, double w, double h);
/* A caption the player saw (the text equivalent of the screen's feedback) and the recent
 * events shown beside the board. */
void memory5d_ev_caption(memory5d_scene_state *sc, int64_t t, const char *text);
/* One Power Draft pick (power MEMORY5D_NO_POWER: it passed), automatic at its deadline. */
void memory5d_ev_draft(memory5d_scene_state *sc, int64_t t, int pick, int player, int power,
                       int automatic);
/* The loadouts an Arcade match starts with. */
void memory5d_ev_arcade(memory5d_scene_state *sc, int64_t t);
/* A records action (record-match, create-profile, ask-delete-profile, ...) and its result;
 * detail (or NULL): the confirmation's text, or why the store refused. */
void memory5d_ev_records(memory5d_scene_state *sc, int64_t t, const char *action, int64_t profile,
                         int ok, const char *detail);

/* memory5d_local_records.c: the records store */
int memory5d_local_records_batch(const scene_env *env, char *err, size_t errlen);
int memory5d_local_records_open(memory5d_scene_state *sc, const char *rules_path, char *err,
                                size_t errlen);
void memory5d_local_records_close(memory5d_scene_state *sc);
/* 1 when the rules file's records hash differs from the shipped rules file's (a custom
 * match, spec "Star Points": it earns none), 0 when they are the same rules. */
int memory5d_local_records_custom(const char *rules_path, const char *shipped_path);
/* Reloads what the records show: profiles, the chosen one's projection, its history. */
void memory5d_local_records_refresh(memory5d_scene_state *sc);
/* The chosen profile, creating and choosing "Player 1" (or the next free number) at first. */
int64_t memory5d_local_records_profile(memory5d_scene_state *sc, int64_t now);
/* Records the match just finished for the chosen profile as A (AI or hot-seat, drafted or
 * not; never a lesson). */
void memory5d_local_records_match(memory5d_scene_state *sc, int64_t now);
/* The owned charges (the chosen profile's inventory), 0 without records. */
int64_t memory5d_owned(const memory5d_scene_state *sc, int power);
/* Clamps the loadout to what the inventory still holds (after a match used charges). */
void memory5d_clamp_loadout(memory5d_scene_state *sc);

/* memory5d_play.c: the match through the core */
/* Applies c through the core, logs it and reacts (1 accepted, 0 refused: out says why). */
int memory5d_play_apply(memory5d_scene_state *sc, const memory5d_cmd *c, memory5d_outcome *out,
                        int64_t now);
memory5d_cmd memory5d_play_command(int kind, int player, int cell, int cell2, int64_t now);
void memory5d_play_refused(memory5d_scene_state *sc, int player, int cell, int reason, int64_t now);
/* Pauses (on) or resumes the match clock for one local reason (a MEMORY5D_PAUSE_* bit). */
void memory5d_play_pause_clock(memory5d_scene_state *sc, int bit, int on, int64_t now);
/* Play (tutorial 0: a match, or the Power Draft before it; 1: the first lesson), from the
 * lobby or the results; a failure is a warning and the caption. */
void memory5d_play_start(memory5d_scene_state *sc, int tutorial, int64_t now);
int memory5d_play_match(memory5d_scene_state *sc, int64_t now, char *err, size_t errlen);
int memory5d_play_lesson(memory5d_scene_state *sc, int lesson, int64_t now, char *err,
                         size_t errlen);
/* The coach's prompt for the lesson's current step (and B's scripted pace). */
void memory5d_play_prompt(memory5d_scene_state *sc, int64_t now);
/* One scripted or learner step of the lesson through the core. */
void memory5d_play_step(memory5d_scene_state *sc, int64_t now);
void memory5d_play_end(memory5d_scene_state *sc);

/* memory5d_kit.c: the drawing kit of every screen */
/* A style of that size; every size it hands out is noted for the layout event. */
gfx_text_style memory5d_kit_style(double size, int bold, gfx_align al, Uint32 color);
/* ui_fit (shrinks st until text fits max_w), never under min_size nor, unless st is already
 * smaller, the readable size at the frame's scale (memory5d_layout_min_text). */
gfx_text_style memory5d_kit_fit(gfx *g, const char *text, gfx_text_style st, double max_w,
                                double min_size);
/* The last frame's smallest text and its targets (named boxes a pointer can press), for the
 * layout event; frame_begin starts a frame. */
enum { MEMORY5D_KIT_TARGETS = 200 };
typedef struct {
    char name[32]; /* what it is: cell, power, card, history, or a button's label */
    int index;
    double x, y, w, h;
} memory5d_kit_box_note;
/* A fitted text (memory5d_kit_fit) still wider than its room at the smallest size allowed. */
enum { MEMORY5D_KIT_OVERFLOWS = 16 };
typedef struct {
    char text[48];
    double width, room;
} memory5d_kit_overflow;
int memory5d_kit_frame_overflows(const memory5d_kit_overflow **out);
void memory5d_kit_frame_begin(void);
double memory5d_kit_frame_min_text(void);
int memory5d_kit_frame_targets(const memory5d_kit_box_note **out);
void memory5d_kit_note_text(double size);
void memory5d_kit_target(const char *name, int index, double x, double y, double w, double h);
/* Text of any length (in runs gfx_text can draw); returns the width. */
double memory5d_kit_say(gfx *g, const char *s, double x, double y, gfx_text_style st);
double memory5d_kit_say_width(gfx *g, const char *s, gfx_text_style st);
/* Word-wrapped text from (x, y) (first line's centre) in width w; returns the lines drawn. */
int memory5d_kit_wrap(gfx *g, const char *s, double x, double y, double w, gfx_text_style st,
                      double line_h);
void memory5d_kit_box(gfx *g, double x, double y, double w, double h, Uint32 fill, Uint32 edge);
void memory5d_kit_button(gfx *g, double x, double y, double w, double h, const char *label, int on,
                         int focus, int enabled, int hc);
/* A button with two lines: its name (bold) over a detail (a price, a count), for a narrow
 * button in the compact field (issue 27 item 6). */
void memory5d_kit_button_lines(gfx *g, double x, double y, double w, double h, const char *top,
                               const char *bottom, int on, int focus, int enabled, int hc);
/* memory5d_kit_button with its label at size (fitted to the button all the same), and the
 * size at which all n labels fit w x h buttons: a set of buttons with labels in one size. */
void memory5d_kit_button_sized(gfx *g, double x, double y, double w, double h, const char *label,
                               double size, int on, int focus, int enabled, int hc);
double memory5d_kit_buttons_size(gfx *g, double w, double h, const char *const *labels, int n);
/* The keyboard focus: a blue frame all round the box, outside it. */
/* 1 when memory5d_kit_button would draw label inside a w x h button (no overflow). */
int memory5d_kit_button_fits(gfx *g, double w, double h, const char *label);
void memory5d_kit_focus_ring(gfx *g, double x, double y, double w, double h);
/* The MEMORY5D_MOVE_* (memory5d_layout.h) a key means on the grid (arrows, Home, End), or -1. */
int memory5d_kit_key_move(int key);
/* The caption line at the bottom: one line, or two smaller ones when it is long. */
void memory5d_kit_caption_bar(gfx *g, const char *caption);

/* memory5d_shop.c: the shop row of the lobby and the results (where: MEMORY5D_SHOP_*) */
void memory5d_shop_buy(memory5d_scene_state *sc, int power, int64_t now);
/* Left/Right choose the power, Enter/Space buy it: 1 when the key was the shop's. */
int memory5d_shop_key(memory5d_scene_state *sc, const player_input *in, int64_t now);
/* The row's buttons and the balance, right-aligned at label_x. */
void memory5d_shop_draw(memory5d_scene_state *sc, gfx *g, int where, int focused);

/* The screens (the table in memory5d_scene.c) */
void memory5d_lobby_screen_input(memory5d_scene_state *sc, const player_input *in, int64_t now);
void memory5d_lobby_screen_draw(memory5d_scene_state *sc, gfx *g, int64_t now);
void memory5d_play_enter(memory5d_scene_state *sc, int64_t now);
void memory5d_match_screen_update(memory5d_scene_state *sc, int64_t now);
int64_t memory5d_match_screen_next_change(const memory5d_scene_state *sc, int64_t drawn);
void memory5d_match_screen_input(memory5d_scene_state *sc, const player_input *in, int64_t now);
void memory5d_match_screen_draw(memory5d_scene_state *sc, gfx *g, int64_t now);
/* The board layout for the last drawn frame's field and output scale (1 before the first
 * frame), so hit tests match what was drawn; the focus scrolls a narrow viewport. */
void memory5d_match_layout(memory5d_scene_state *sc);
enum { MEMORY5D_PULSE_MS = 600 }; /* a link's cells glow this long */
void memory5d_match_screen_set_active(memory5d_scene_state *sc, int active, int64_t now);
/* The compact layout's Legend button and drawer (the local and the online match): 1 when
 * the input was theirs. */
int memory5d_match_screen_legend_input(memory5d_scene_state *sc, const player_input *in,
                                       int64_t now);
void memory5d_results_screen_enter(memory5d_scene_state *sc, int64_t now);
void memory5d_results_screen_input(memory5d_scene_state *sc, const player_input *in, int64_t now);
void memory5d_results_screen_draw(memory5d_scene_state *sc, gfx *g, int64_t now);
void memory5d_records_screen_enter(memory5d_scene_state *sc, int64_t now);
void memory5d_records_screen_input(memory5d_scene_state *sc, const player_input *in, int64_t now);
void memory5d_records_screen_draw(memory5d_scene_state *sc, gfx *g, int64_t now);
void memory5d_draft_screen_enter(memory5d_scene_state *sc, int64_t now);
void memory5d_draft_screen_update(memory5d_scene_state *sc, int64_t now);
int64_t memory5d_draft_screen_next_change(const memory5d_scene_state *sc, int64_t drawn);
void memory5d_draft_screen_input(memory5d_scene_state *sc, const player_input *in, int64_t now);
void memory5d_draft_screen_draw(memory5d_scene_state *sc, gfx *g, int64_t now);

/* memory5d_hud.c: the match's panels beside the board (in their memory5d_layout.c boxes) */
void memory5d_hud_player(memory5d_scene_state *sc, gfx *g, int p, int64_t now);
/* compact: the newest link's breakdown under the panels; the legend drawer */
void memory5d_hud_last_link(memory5d_scene_state *sc, gfx *g);
void memory5d_hud_legend_drawer(memory5d_scene_state *sc, gfx *g, int64_t now);
void memory5d_hud_legend(memory5d_scene_state *sc, gfx *g);
void memory5d_hud_inspector(memory5d_scene_state *sc, gfx *g, int64_t now);

/* memory5d_art.c: one cell's face (family, variant, hue texture, owner, marks) in a box */
typedef struct {
    int owner, anchor, partner, focus, hover, win, dim, high_contrast, target;
    int thumbnail; /* a small picture (the records' final board): the badge without its letter */
} memory5d_art_marks;
void memory5d_art_cell(gfx *g, const memory5d_cell *c, double cx, double cy, double size,
                       memory5d_art_marks m);
void memory5d_art_shape(gfx *g, int family, int variant, int hue, double cx, double cy, double size,
                        int high_contrast);
void memory5d_art_texture_swatch(gfx *g, int hue, double x, double y, double w, double h);
extern const Uint32 memory5d_art_hue_rgb[MEMORY5D_HUES];
extern const Uint32 memory5d_art_owner_rgb[MEMORY5D_PLAYERS];

#endif
