/* Memory5D in the player: the scene's state, split by lifetime (the match definition and
 * its core state, the lobby choices, the ui state), shared by its files: m5d_def.c (the
 * scene_def), m5d_lobby.c (lobby and results screens), m5d_match.c (input onto the core,
 * the AI's pace, clocks, tutorial steps), m5d_events.c (the events log), m5d_draw.c and
 * m5d_art.c (drawing). */
#ifndef PLAYER_M5D_SCENE_H
#define PLAYER_M5D_SCENE_H

#include <stdint.h>
#include <stdio.h>

#include "m5d_layout.h"
#include "m5d_settings.h"
#include "memory5d/memory5d.h"
#include "memory5d/memory5d_ai.h"
#include "memory5d/memory5d_draft.h"
#include "memory5d/memory5d_lesson.h"
#include "memory5d/memory5d_rules.h"
#include "memory5d/memory5d_store.h"
#include "scene.h"

enum { M5D_LOBBY, M5D_MATCH, M5D_RESULTS, M5D_RECORDS, M5D_DRAFT };
/* Lobby rows, in focus order. */
enum {
    M5D_ROW_MODE, M5D_ROW_OPPONENT, M5D_ROW_DIFFICULTY, M5D_ROW_SEED, M5D_ROW_MOTION,
    M5D_ROW_SENSORY, M5D_ROW_CONTRAST, M5D_ROW_PLAY, M5D_ROW_SHOP, M5D_ROW_LOADOUT,
    M5D_ROW_TUTORIAL, M5D_ROW_RECORDS, M5D_ROW_QUIT, M5D_ROWS
};
/* Results buttons; results_focus M5D_RES_SHOP is the shop row above them. */
enum { M5D_RES_AGAIN, M5D_RES_LOBBY, M5D_RES_QUIT, M5D_RES_COUNT, M5D_RES_SHOP = M5D_RES_COUNT };
/* Where a shop row is shown (the same row, one code path). */
enum { M5D_SHOP_LOBBY, M5D_SHOP_RESULTS };
/* Records screen buttons, in focus order. */
enum {
    M5D_REC_NEXT, M5D_REC_CREATE, M5D_REC_RENAME, M5D_REC_RESET, M5D_REC_DELETE,
    M5D_REC_DELETE_ALL, M5D_REC_EXPORT, M5D_REC_IMPORT, M5D_REC_BACK, M5D_REC_BUTTONS
};
#define M5D_RECORDS_FILE "memory5d-records.db" /* in the user data folder */
#define M5D_BACKUP_SUFFIX ".backup.json"       /* the screen's export, beside the database */
enum { M5D_HISTORY_ROWS = 8 };
/* Tutorial phases: a card before the first step, the steps, the card after the goal. */
enum { M5D_TUT_INTRO, M5D_TUT_STEPS, M5D_TUT_DONE };

enum {
    M5D_AI_PACE_MS = 900,    /* live: the AI's link appears after this, readable */
    M5D_ROTATE_MS = 700,     /* the Expert quarter turn animation */
    M5D_RESULTS_DELAY_MS = 1800, /* the finished board stays in view before Results */
    M5D_SCRIPT_PACE_MS = 800,    /* tutorial: B's scripted step (live) */
    M5D_WARN_MS = 5000,      /* clock warning */
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
} m5d_breakdown;

/* What the records screen shows (reloaded from the store after every action) and its ui. */
typedef struct {
    memory5d_records_profile *profiles;
    size_t profile_count;
    memory5d_records_projection proj;
    int has_proj;
    memory5d_records_data data;
    int history[M5D_HISTORY_ROWS]; /* indices into data.matches, newest first */
    int history_count, selected;
    int focus;
    int editing;                   /* 1 creating, 2 renaming a profile */
    char name[MEMORY5D_RECORDS_NAME_MAX + 1];
    int confirm;                   /* a deletion + 1 awaiting its confirmation, or 0 */
    int confirm_focus;             /* 0 Confirm, 1 Cancel */
    char confirm_text[1024];       /* memory5d_store_describe's paragraph */
} m5d_records_view;

typedef struct m5d_scene {
    /* from the shell, for the scene's whole life */
    scene_env env;
    m5d_settings *cfg; /* its accessibility modes: env.scene_cfg */
    memory5d_config rules;
    int lesson_count;
    char lesson_paths[MEMORY5D_MAX_LESSONS][256];
    memory5d_ai *ai;
    memory5d_store *store; /* local records, or NULL (headless without --records) */
    char db_path[1100];
    char *rules_text;      /* the rules file as recorded with each match */
    int64_t profile;       /* the chosen profile, 0 until one exists */
    m5d_records_view rec;

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
    int power_focus; /* the shop's and the loadout's focused power */
    uint32_t seed_stream; /* the next random seed comes from this */

    /* the current match: definition, state, log (lifetime: one match) */
    memory5d_def def;
    memory5d_state st;
    memory5d_log log;
    int in_match;
    int tutorial, lesson_index, lesson_step, lesson_phase;
    memory5d_lesson lesson;
    m5d_breakdown last[MEMORY5D_PLAYERS];
    int64_t ai_due, script_due, end_t, rotate_t0;
    /* the Power Draft before a drafted match (lifetime: the draft and its match) */
    memory5d_draft draft;
    int drafting, drafted, draft_focus;
    int64_t draft_ai_due;
    int rotating, warned, leave_confirm;

    /* ui */
    int focus, hover, keyboard;
    int scroll_r, scroll_c;
    double scale;          /* the last frame's output scale (draw state, for hit tests) */
    m5d_layout lay;        /* the last frame's board layout */
    m5d_layout logged;     /* the viewport last written to the events log */
    char caption[480];     /* the caption line: feedback and text equivalents of sounds */
    char coach[MEMORY5D_LESSON_TEXT];
    int64_t caption_t, pulse_t;
    int pulse_a, pulse_b;  /* the last link's cells, pulsed once */
    int quit;
    char warning[512];
} m5d_scene;

/* m5d_match.c */
/* Applies c through the core, logs it and reacts (1 accepted, 0 refused: out says why). */
int m5d_apply(m5d_scene *sc, const memory5d_cmd *c, memory5d_outcome *out, int64_t now);
void m5d_refused(m5d_scene *sc, int player, int cell, int reason, int64_t now);
int m5d_local_player(const m5d_scene *sc);
int m5d_match_start(m5d_scene *sc, int64_t now, char *err, size_t errlen);
int m5d_tutorial_start(m5d_scene *sc, int lesson, int64_t now, char *err, size_t errlen);
/* What the lesson's current learner step points at: its cell (a select) or its power's
 * button (arm, or disarm of the armed power), each else -1. 0 when it is no learner step. */
int m5d_tutorial_target(const m5d_scene *sc, int *cell, int *power);
void m5d_match_update(m5d_scene *sc, int64_t now);
void m5d_match_input(m5d_scene *sc, const player_input *in, int64_t now);
void m5d_match_set_active(m5d_scene *sc, int active, int64_t now);
void m5d_match_end(m5d_scene *sc);
void m5d_caption(m5d_scene *sc, int64_t now, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The board layout for the last drawn frame's output scale (1 before the first frame), so
 * hit tests match what was drawn; the focus scrolls a narrow viewport. */
void m5d_refresh_layout(m5d_scene *sc);

/* m5d_records.c */
int m5d_records_batch(const scene_env *env, char *err, size_t errlen);
int m5d_records_open(m5d_scene *sc, const char *rules_path, char *err, size_t errlen);
void m5d_records_close(m5d_scene *sc);
int64_t m5d_records_profile(m5d_scene *sc, int64_t now);
/* Records the match just finished for the chosen profile as A (AI or hot-seat, drafted or
 * not; never a lesson). */
void m5d_records_match(m5d_scene *sc, int64_t now);

/* m5d_records_screen.c */
void m5d_records_enter(m5d_scene *sc, int64_t now);
void m5d_records_refresh(m5d_scene *sc);
void m5d_records_input(m5d_scene *sc, const player_input *in, int64_t now);
int m5d_records_replay_selected(m5d_scene *sc, memory5d_records_match *out);
void m5d_records_button(int i, double *x, double *y, double *w, double *h);
void m5d_records_history_row(int i, double *x, double *y, double *w, double *h);
void m5d_records_confirm_button(int i, double *x, double *y, double *w, double *h);

/* m5d_arcade.c: the shop, the loadout editor and arming in a match, all through the core */
void m5d_shop_buy(m5d_scene *sc, int power, int64_t now);
void m5d_loadout_toggle(m5d_scene *sc, int power, int64_t now);
/* The owned charges (the chosen profile's inventory), 0 without records. */
int64_t m5d_owned(const m5d_scene *sc, int power);
/* Clamps the loadout to what the inventory still holds (after a match used charges). */
void m5d_loadout_clamp(m5d_scene *sc);
/* Arms power for the local player, or cancels it when it is the armed one (refund). */
void m5d_arm_toggle(m5d_scene *sc, int power, int64_t now);
/* The power bar's buttons in the match (field pixels). */
void m5d_power_button(int i, double *x, double *y, double *w, double *h);
extern const char *const m5d_power_titles[MEMORY5D_POWERS];

/* m5d_shop.c: the shop row of the lobby and the results (where: M5D_SHOP_*) */
void m5d_shop_row(int where, double *x, double *y, double *w, double *h);
void m5d_shop_option(int where, int o, double *x, double *y, double *w, double *h);
/* The power under (px, py) in that row, or -1. */
int m5d_shop_hit(int where, double px, double py);
/* Whether the chosen profile's balance pays one charge of power. */
int m5d_shop_affordable(const m5d_scene *sc, int power);
/* Left/Right choose the power, Enter/Space buy it: 1 when the key was the shop's. */
int m5d_shop_key(m5d_scene *sc, const player_input *in, int64_t now);
/* m5d_draw_shop.c: the row's buttons and the balance, right-aligned at label_x */
void m5d_draw_shop(m5d_scene *sc, gfx *g, int where, int focused, double label_x);

/* m5d_draft.c */
void m5d_draft_start(m5d_scene *sc, int64_t now);
void m5d_draft_update(m5d_scene *sc, int64_t now);
void m5d_draft_input(m5d_scene *sc, const player_input *in, int64_t now);
void m5d_draft_card(int i, double *x, double *y, double *w, double *h);
/* m5d_draw_draft.c */
void m5d_draw_draft(m5d_scene *sc, gfx *g, int64_t now);

/* m5d_lobby.c */
void m5d_lobby_input(m5d_scene *sc, const player_input *in, int64_t now);
/* Shows the lobby (from start, Results or the records screen) with its hint as the caption. */
void m5d_lobby_enter(m5d_scene *sc, int64_t now);
void m5d_results_input(m5d_scene *sc, const player_input *in, int64_t now);
void m5d_lobby_rows(int row, double *x, double *y, double *w, double *h);
int m5d_lobby_row_options(int row);
void m5d_lobby_option_box(int row, int o, double *x, double *y, double *w, double *h);
void m5d_results_button(int i, double *x, double *y, double *w, double *h);
uint32_t m5d_next_seed(m5d_scene *sc);
void m5d_save_settings(m5d_scene *sc);

/* m5d_events.c: one JSON line each into env.events (no-op without --events-out) */
void m5d_ev_match_start(m5d_scene *sc, int64_t t);
void m5d_ev_select(m5d_scene *sc, int64_t t, int player, int cell, const char *label,
                   const memory5d_outcome *out, int accepted);
void m5d_ev_core(m5d_scene *sc, int64_t t, const memory5d_event *e, const m5d_breakdown *bd);
void m5d_ev_refused(m5d_scene *sc, int64_t t, int player, int cell, int reason);
void m5d_ev_ai(m5d_scene *sc, int64_t t, const memory5d_cmd *c, const memory5d_ai_stats *s);
void m5d_ev_tutorial(m5d_scene *sc, int64_t t, const char *phase);
void m5d_ev_results(m5d_scene *sc, int64_t t);
void m5d_ev_screen(m5d_scene *sc, int64_t t, const char *screen);
/* The board's visible window when it differs from the last one logged (a narrow window
 * scrolls it; cell boxes are then x + (col - firstCol) * cell, y + (row - firstRow) * cell). */
void m5d_ev_viewport(m5d_scene *sc, int64_t t, const m5d_layout *l);
void m5d_ev_pause(m5d_scene *sc, int64_t t, const char *what, int bit);
/* One Power Draft pick (power MEMORY5D_NO_POWER: it passed), automatic at its deadline. */
void m5d_ev_draft(m5d_scene *sc, int64_t t, int pick, int player, int power, int automatic);
/* The loadouts an Arcade match starts with. */
void m5d_ev_arcade(m5d_scene *sc, int64_t t);
/* A records action (record-match, create-profile, ask-delete-profile, ...) and its result;
 * detail (or NULL): the confirmation's text, or why the store refused. */
void m5d_ev_records(m5d_scene *sc, int64_t t, const char *action, int64_t profile, int ok,
                    const char *detail);

/* m5d_draw.c */
void m5d_draw(m5d_scene *sc, gfx *g, int64_t now);
/* The shared drawing kit of m5d_draw.c, for the other screens' files. */
gfx_text_style m5d_style(double size, int bold, gfx_align al, Uint32 color);
double m5d_say(gfx *g, const char *s, double x, double y, gfx_text_style st);
int m5d_wrap(gfx *g, const char *s, double x, double y, double w, gfx_text_style st,
             double line_h);
void m5d_box(gfx *g, double x, double y, double w, double h, Uint32 fill, Uint32 edge);
void m5d_button(gfx *g, double x, double y, double w, double h, const char *label, int on,
                int focus, int enabled, int hc);
void m5d_caption_bar(m5d_scene *sc, gfx *g);
/* m5d_draw_records.c */
void m5d_draw_records(m5d_scene *sc, gfx *g);
/* m5d_art.c: one cell's face (family, variant, hue texture, owner, marks) in a box */
typedef struct {
    int owner, anchor, partner, focus, hover, win, dim, high_contrast, target;
} m5d_cell_marks;
void m5d_art_cell(gfx *g, const memory5d_cell *c, double cx, double cy, double size,
                  m5d_cell_marks m);
void m5d_art_shape(gfx *g, int family, int variant, int hue, double cx, double cy, double size,
                   int high_contrast);
void m5d_art_texture_swatch(gfx *g, int hue, double x, double y, double w, double h);
extern const Uint32 m5d_hue_rgb[MEMORY5D_HUES];
extern const Uint32 m5d_owner_rgb[MEMORY5D_PLAYERS];

#endif
