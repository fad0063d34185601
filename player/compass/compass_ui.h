/* The Compass Shift scene's state, split by lifetime (GUIDE "Split state by lifetime"):
 * definition (the campaign and its evidence), game state (compass_game: what Undo restores),
 * ui state (surface, FTUE step, focus, Tools) and presentation clocks. Shared by
 * compass_scene.c (input, events) and compass_draw.c (drawing); nobody else includes it. */
#ifndef PLAYER_COMPASS_UI_H
#define PLAYER_COMPASS_UI_H

#include <stdint.h>
#include <stdio.h>

#include "compass/compass_content.h"
#include "compass/compass_game.h"
#include "compass/compass_hint.h"
#include "compass/compass_payload.h"
#include "compass_art.h"
#include "compass_layout.h"
#include "scene.h"

/* Playing presentation states (compass-shift.md "Game and interaction states"). */
typedef enum {
    CP_IDLE, CP_RELEASE_RESOLVING, CP_ARROW_RELEASING, CP_COMPASS_TURNING, CP_SETTLING,
    CP_BLOCKED_FEEDBACK
} compass_presentation;

/* FTUE_EDGES (the window and port legend) follows the turn only on a level that has them. */
typedef enum { FTUE_GOAL, FTUE_TRY, FTUE_TURN, FTUE_EDGES, FTUE_STEPS } compass_ftue_step;

/* Settling after the turn, and the reduced-motion crossfade (under 100 ms). */
enum { COMPASS_SETTLE_MS = 80, COMPASS_CROSSFADE_MS = 90 };
/* --watch polls this often; Tools steps the tuning values by 10 ms within 0..1000. */
/* COMPASS_NOTICE_MS: how long a notice (a reload) stays up; an error stays until the next. */
enum { COMPASS_WATCH_POLL_MS = 500, COMPASS_NOTICE_MS = 6000, COMPASS_TUNE_STEP_MS = 10, COMPASS_TUNE_MAX_MS = 1000 };
/* Designer aid and evidence solved in the player: searches stop here, not the window. */
#define COMPASS_UI_MAX_STATES 2000000ull
/* The tables the --level / --watch banner's verdict may hold (compass_verdict_of): the
 * metrics of a 22-arrow open board fit (23.3 MiB). */
#define COMPASS_UI_VERDICT_MEMORY (32ull << 20)

/* One Tab stop: an arrow (index into the level's arrows) or a widget (index into ws). */
typedef struct {
    int is_arrow;
    int index;
} compass_focus_item;

typedef struct compass_player {
    /* ---- definition: read at create (and on --watch reloads) */
    const char *version;
    FILE *events;
    char source_path[4096];  /* the --level file or the campaign index */
    int single;              /* 1: a --level file, 0: a campaign */
    char reports_dir[4096];
    compass_campaign_file camp;
    compass_evidence_summary *evidence; /* per level */
    compass_evidence_cache solved;      /* searches done, by level content (reloads reuse them) */
    compass_verdict *verdict;           /* a --level board's verdict from its evidence's search
                                         * (compass_evidence_with_verdict), or NULL */
    int watch;
    uint64_t watch_sig;      /* the files' sizes and times: when to read them again */
    uint64_t content_hash;   /* what was read: a reload happens only when this changes */
    int64_t watch_next_ms;

    /* ---- game state */
    int cur;                 /* the level being played */
    compass_game game;
    int releases, undos, restarts;
    unsigned char *completed;

    /* ---- ui state */
    compass_surface surface;
    compass_surface tools_return; /* where Tools closes to */
    compass_ftue_step ftue_step;
    int ftue_released;       /* a real release happened in this FTUE run */
    unsigned seen_kinds;     /* aperture kinds (1 << kind) a level of this session has shown */
    unsigned note_kinds;     /* the first-appearance note on the board: kinds it explains */
    compass_tab tab;
    int map_page;
    compass_widget ws[COMPASS_MAX_WIDGETS];
    int nws;
    compass_focus_item focus; /* what Enter activates: it stays put when the board changes */
    int focus_visible;       /* drawn; the first Tab or arrow key only shows it */
    char focus_logged[64];   /* the target of the last "focus" event */
    const char *last_device; /* the device of the last input (focus moved by an update) */
    double px, py;
    int have_pointer;
    int touch_down, touch_panning;
    double touch_x0, touch_y0, touch_pan_x0, touch_pan_y0;
    compass_focus_item touch_target;
    int touch_has_target;
    double pan_x, pan_y;
    double view_pan_x, view_pan_y; /* the pan the last level-start or view event gave */
    int reduced_motion, captions;
    compass_tuning tuning;
    compass_outcome outcome;
    compass_hint_result aid;
    compass_state aid_state;
    int aid_valid;
    char feedback[512];      /* the last resolver feedback, in words */
    int have_last;
    int last_arrow;
    compass_release_result last;
    char notice[640];        /* --watch: "reloaded ..." or the reader's error */
    int notice_error;
    int notice_alarm;        /* the verdict says NO SOLUTION: red, then kept in the header */
    char verdict_line[160];  /* the verdict's line (compass_verdict_line) */
    int64_t notice_t;

    /* ---- presentation clocks (draw state) */
    compass_presentation pres_state; /* the last one logged */
    struct { int64_t due; compass_presentation state; } pres[4]; /* logged when due */
    int npres;
    int anim_active;
    int anim_arrow;
    int anim_from_phase;
    int64_t anim_t0;
    int64_t blocked_t0;
    int blocked_arrow;
    int quit;
    compass_art *art;
} compass_player;

/* The presentation state at now_ms and, for the timed ones, the progress 0..1 through it. */
compass_presentation compass_ui_presentation(const compass_player *s, int64_t now_ms,
                                             double *progress);
const char *compass_presentation_name(compass_presentation p);
/* The layout of the current level's board. */
void compass_ui_layout(const compass_player *s, compass_layout *L);
/* The Tab order of the current surface; returns the count. */
int compass_ui_focus_list(const compass_player *s, compass_focus_item *out, int max);
/* 1 when the widget can be activated now (Undo with nothing to undo cannot). */
int compass_ui_widget_enabled(const compass_player *s, const compass_widget *w);
/* The payload as shown in Tools (caller deletes). */
cJSON *compass_ui_payload(const compass_player *s);
/* The current level. */
const compass_level *compass_ui_level(const compass_player *s);

/* compass_ui.c: more queries of the ui state */
int64_t compass_ui_anim_end(const compass_player *s);   /* when the success animation ends */
/* The success animation's three timed parts in ms (reduced motion: one crossfade). */
void compass_ui_timings(const compass_player *s, int *release, int *turn, int *settle);
void compass_ui_rebuild_widgets(compass_player *s);     /* the surface's widgets into s->ws */
int compass_ui_arrows_live(const compass_player *s);    /* the board answers taps now */
void compass_ui_follow_focus(compass_player *s);        /* pans a large board to the focus */
/* 1 when s->focus names something on the surface now (a remaining, live arrow or a widget). */
int compass_ui_focus_valid(const compass_player *s);
/* The focus item's box in field pixels. */
compass_box compass_ui_focus_box(const compass_player *s, compass_focus_item f);
/* The remaining arrow nearest to cell (row, col), ties in reading order; -1 when none. */
int compass_ui_nearest_arrow(const compass_player *s, int row, int col);
/* The nearest item of the Tab list in direction d (0 N, 1 E, 2 S, 3 W) from the focus, by box
 * centres: the distance along d plus twice the distance across it; 0 when there is none. */
int compass_ui_focus_toward(const compass_player *s, int d, compass_focus_item *out);

/* compass_actions.c: the controller actions, each logging its events */
void compass_ui_emit(compass_player *s, cJSON *ev);
/* The banner of --level (on load) and --watch (on a reload): lead (may be "") then the
 * current level's compass_verdict_line, red and kept when it has no solution; logs a
 * "verdict" event. */
void compass_ui_verdict_notice(compass_player *s, int64_t now, const char *lead);
/* Focus on the surface's first stop (an FTUE card: Next; the board: the first arrow). */
void compass_ui_focus_first(compass_player *s);
/* A "focus" event when the focus target changed since the last one. */
void compass_ui_log_focus(compass_player *s, const char *device, int64_t now);
void compass_ui_set_surface(compass_player *s, compass_surface surf);
void compass_ui_start_level(compass_player *s, int index, int64_t now_ms);
/* A loaded scene's first frame: default tuning, no outcome, its art, the first level on the
 * play surface (the campaign, a --level file and the editor's Play alike). */
void compass_ui_begin(compass_player *s, int64_t now_ms);
/* A settled pan (drag ended, focus followed) moved the board: a view event with its boxes. */
void compass_ui_view_changed(compass_player *s, int64_t now_ms);
void compass_ui_open_ftue(compass_player *s, int64_t now_ms);
void compass_ui_ftue_step_to(compass_player *s, compass_ftue_step step, int64_t now_ms);
void compass_ui_close_ftue(compass_player *s, int64_t now_ms, const char *action);
void compass_ui_complete_level(compass_player *s, int64_t now_ms);
/* Escape or B on the completion dialog: it closes onto the cleared board. */
void compass_ui_close_done(compass_player *s, const char *device, int64_t now_ms);
/* The presentation states of a release (success 1) or a blocked tap starting at t0, logged
 * as "presentation" events at their due times; compass_ui_present_due logs those due by
 * now_ms, compass_ui_present_idle ends them at once (undo, restart, a new level). */
void compass_ui_present(compass_player *s, int success, int64_t t0);
void compass_ui_present_due(compass_player *s, int64_t now_ms);
void compass_ui_present_idle(compass_player *s, int64_t now_ms);
void compass_ui_tap_arrow(compass_player *s, int arrow, const char *device, int64_t now_ms);
/* Undo (restart 0) or Restart (1); nothing when there is no history. */
void compass_ui_history(compass_player *s, int restart, const char *device, int64_t now_ms);
void compass_ui_activate_widget(compass_player *s, const compass_widget *w, const char *device,
                                int64_t now_ms);

/* compass_watch.c: the content, and --watch */
/* Reads source_path (level or campaign) and every level's evidence into s; on failure one
 * line in err and s unchanged. */
int compass_ui_load_content(compass_player *s, char *err, size_t errlen);
uint64_t compass_ui_files_signature(const compass_player *s);
void compass_ui_watch_poll(compass_player *s, int64_t now_ms);

/* compass_text.c: sentences drawn and logged alike */
/* The first-appearance note for the aperture kinds in note_kinds. */
void compass_text_note(unsigned kinds, char *out, size_t n);
/* 1 << kind for every aperture kind of the level. */
unsigned compass_ui_level_kinds(const compass_level *l);
/* The completion card's two count lines (n bytes each). */
void compass_text_done(const compass_player *s, char *counts, char *history, size_t n);
/* Where the Evidence tab's facts come from: the real report path, or why they were solved here. */
void compass_text_evidence_source(const compass_player *s, char *out, size_t n);
/* The designer aid's line in Tools. */
void compass_text_aid(const compass_player *s, char *out, size_t n);

/* compass_draw.c */
void compass_draw_scene(compass_player *s, gfx *g, int64_t now_ms);

#endif
