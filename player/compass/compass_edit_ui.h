/* The Compass Shift level editor's state, split by lifetime: the definition (the file, the
 * campaign it compares against), the board and its history (core compass_edit: what undo
 * restores), the verdict of the board on screen (worked out at once or in a worker thread),
 * the ui (tool, focus, pointer, pan, the save card) and the play mode (the --level scene's
 * own compass_player over the board being edited). */
#ifndef PLAYER_COMPASS_EDIT_UI_H
#define PLAYER_COMPASS_EDIT_UI_H

#include <SDL.h>
#include <cjson/cJSON.h>
#include <stdint.h>
#include <stdio.h>

#include "compass/compass_edit.h"
#include "compass/compass_verdict.h"
#include "compass_art.h"
#include "compass_edit_layout.h"
#include "scene.h"

struct compass_player;

/* Boards with at most this many arrows get their verdict at once, on the input's own turn;
 * larger ones in a worker thread (headless runs wait for it, so logs are exact). */
enum { COMPASS_EDIT_SYNC_ARROWS = 16 };
/* The verdict's tables in the editor: at most this many bytes (the search and the metric pass). */
#define COMPASS_EDIT_MAX_MEMORY (256ull << 20)

/* What a press went down on. */
typedef enum { CT_NONE, CT_CELL, CT_LANE, CT_CONTROL } compass_edit_target_kind;
typedef struct {
    compass_edit_target_kind kind;
    int row, col;      /* CT_CELL */
    compass_dir side;  /* CT_LANE */
    int lane;
    int control;       /* CT_CONTROL: index into cs */
} compass_edit_target;

typedef struct compass_edit_job compass_edit_job;

typedef struct compass_editor {
    /* ---- definition */
    const char *version;
    FILE *events;
    int headless;
    char path[4096];              /* where Save writes */
    compass_verdict_ref *refs;    /* the campaign's levels, for sameAs */
    int nrefs;

    /* ---- the board and its history */
    compass_edit ed;
    compass_level saved;          /* what the file holds (dirty when the board differs) */
    int have_saved;

    /* ---- the verdict of the board on screen */
    int verdict_ready;            /* verdict holds the board on screen's answer */
    compass_verdict verdict;
    char problem[512];            /* the reader's message when the board is not a level yet */
    uint64_t board_gen;           /* bumped by every change of the board */
    SDL_mutex *lock;              /* guards the fields below, shared with the worker */
    compass_edit_job *job;        /* the running job (its gen is board_gen), or NULL */
    int jobs_running;
    int done_ready;               /* the worker finished job done_gen: done_verdict */
    uint64_t done_gen;
    compass_verdict done_verdict;
    int progress_done, progress_total;
    int redraw;                   /* a verdict arrived after the frame on screen */

    /* ---- ui */
    compass_edit_control_kind tool; /* CE_TOOL_ARROW, CE_TOOL_ERASE or CE_TOOL_WALL */
    int tool_arg;
    int show_releasable, show_solution;
    uint32_t gen_seed;            /* Generate like this: the seed of the next board */
    compass_edit_card confirm;    /* the card that is up, if any */
    int quit_after_save;          /* the unsaved card's Save: leave once the file is written */
    compass_edit_control cs[COMPASS_EDIT_MAX_CONTROLS];
    int ncs;
    compass_edit_target focus;    /* the keyboard's: a cell, a lane or a control */
    int focus_visible;
    int down;                     /* a button or finger is down */
    compass_edit_target press;
    double press_x, press_y, drag_x, drag_y, press_pan_x, press_pan_y;
    int dragging, panning;
    double pan_x, pan_y;
    double layout_pan_x, layout_pan_y; /* the pan the last layout event gave */
    char message[600];            /* the last edit's, save's or refusal's words */
    int message_error;
    const char *last_device;

    /* ---- play mode */
    struct compass_player *play;
    compass_art *art;
    int quit;
} compass_editor;

/* compass_edit_verdict.c: the verdict of the board on screen */
/* Starts the verdict of the current board (at once for small boards, else in a worker,
 * cancelling the one running; headless runs wait for the worker); logs editor-verdict when it
 * is known. */
void compass_editor_verdict_start(compass_editor *s, int64_t now_ms);
/* Takes a worker's finished verdict (called every frame): 1 when one arrived. */
int compass_editor_verdict_poll(compass_editor *s, int64_t now_ms);
/* Cancels any running job and waits for every worker to end (destroy). */
void compass_editor_verdict_stop(compass_editor *s);
/* 1 while a worker computes the current board's verdict. */
int compass_editor_verdict_busy(compass_editor *s, int *done, int *total);

/* compass_edit_ui.c: shared services and queries */
void compass_editor_emit(compass_editor *s, cJSON *ev);
/* The layout of the current board and pan. */
void compass_editor_layout(const compass_editor *s, compass_edit_layout *L);
/* 1 when the board differs from the file's. */
int compass_editor_dirty(const compass_editor *s);
/* Bit i: arrows[i] can be released from the board's start (compass_release). */
uint64_t compass_editor_releasable(const compass_editor *s);

/* compass_edit_actions.c: what an input does, each logging its events */
void compass_editor_rebuild_controls(compass_editor *s);
/* The layout as the events contract gives it: board, cell, cells, lanes, controls, pan. */
cJSON *compass_editor_layout_json(compass_editor *s);
void compass_editor_log_layout(compass_editor *s, int64_t now_ms, const char *reason);
/* The tool on a cell / a lane's next step / a control. */
void compass_editor_apply_cell(compass_editor *s, int row, int col, const char *device, int64_t now_ms);
void compass_editor_step_lane(compass_editor *s, compass_dir side, int lane, const char *device, int64_t now_ms);
void compass_editor_move_arrow(compass_editor *s, int r0, int c0, int r1, int c1, const char *device, int64_t now_ms);
void compass_editor_turn_arrow(compass_editor *s, int row, int col, const char *device, int64_t now_ms);
void compass_editor_activate(compass_editor *s, const compass_edit_control *c, const char *device, int64_t now_ms);
void compass_editor_save(compass_editor *s, int confirmed, const char *device, int64_t now_ms);
/* The window's close with unsaved edits: the Save / Discard / Keep editing card (out of Play
 * first, so the card is over the board it asks about). */
void compass_editor_ask_close(compass_editor *s, int64_t now_ms);
/* Between editing and playing the board; the history stays. */
void compass_editor_play(compass_editor *s, int on, const char *device, int64_t now_ms);
/* 1 when the control can be used now (Undo with nothing to undo cannot). */
int compass_editor_control_enabled(const compass_editor *s, const compass_edit_control *c);
/* compass_edit_draw.c */
void compass_editor_draw(compass_editor *s, gfx *g, int64_t now_ms);

/* compass_edit_play.c: the --level scene's state over a level in memory */
struct compass_player *compass_play_open(const compass_level *l, FILE *events, const char *version,
                                         int64_t now_ms, char *err, size_t errlen);

/* compass_edit_scene.c */
extern const scene_def compass_edit_scene;

#endif
