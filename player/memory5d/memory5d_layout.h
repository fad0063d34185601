/* Memory5D geometry in the 1920x1080 field, SDL-free: every screen's boxes and hit tests
 * (lobby rows, results and records buttons, the shop row, draft cards, power buttons, the
 * leave dialog), and the board: cell boxes, hit testing, the roving focus's moves, the
 * scrolling viewport that keeps every cell at least 44 output pixels, and the positions of
 * the Expert rotation animation. */
#ifndef PLAYER_MEMORY5D_LAYOUT_H
#define PLAYER_MEMORY5D_LAYOUT_H

#include "memory5d/memory5d.h"

enum {
    MEMORY5D_FIELD_W = 1920,
    MEMORY5D_FIELD_H = 1080,
    MEMORY5D_MIN_TARGET = 44, /* output (logical) pixels: the smallest cell a player must hit */
};

/* The match's left column: the two players' panels, then the status, the recent events
 * and the keys (or the coach), then the power bar. */
#define MEMORY5D_HUD_PLAYER_H 280.0
#define MEMORY5D_HUD_PLAYER_Y(p) (130.0 + (p) * 290.0)
#define MEMORY5D_STATUS_Y 736.0

/* The board's viewport in field pixels: the board never draws outside it. */
#define MEMORY5D_VIEW_X 600.0
#define MEMORY5D_VIEW_Y 160.0
#define MEMORY5D_VIEW_SIZE 780.0

typedef struct {
    int n;               /* board side */
    double cell;         /* cell pitch in field pixels */
    int first_row, first_col, rows, cols; /* the visible window of cells */
    double x0, y0;       /* field position of the visible window's top-left cell */
    int scrolled;        /* 1 when the window shows only part of the board */
} memory5d_layout;

/* Lays out an n x n board for an output scale (output pixels per field pixel). Cells keep
 * their natural pitch (MEMORY5D_VIEW_SIZE / n, at most 130) unless that would be smaller than
 * MEMORY5D_MIN_TARGET output pixels; then they grow and the viewport shows a window of the board
 * that scrolls (in whole cells) to keep focus (a cell, or -1) visible. *scroll_row and
 * *scroll_col are the window's remembered origin (ui state), updated here. */
void memory5d_layout_board(memory5d_layout *lay, int n, double scale, int focus, int *scroll_row,
                           int *scroll_col);
/* 1 and the cell's box when it is visible in the window, else 0. */
int memory5d_layout_cell_box(const memory5d_layout *lay, int cell, double *x, double *y, double *w,
                             double *h);
/* The visible cell under (x, y), or -1. */
int memory5d_layout_hit(const memory5d_layout *lay, double x, double y);

/* Roving focus: arrows move one cell (stopping at the edges); Home/End go to the row's
 * start/end, with ctrl to the first/last cell. key: one of the MEMORY5D_MOVE_*. */
enum {
    MEMORY5D_MOVE_LEFT, MEMORY5D_MOVE_RIGHT, MEMORY5D_MOVE_UP, MEMORY5D_MOVE_DOWN,
    MEMORY5D_MOVE_HOME, MEMORY5D_MOVE_END
};
int memory5d_layout_focus_move(int n, int focus, int move, int ctrl);

/* Rotation animation: where the centre of cell (its box after the turn) is drawn at
 * progress t (0: where it was before the clockwise quarter turn, 1: its box), turning about
 * the board's centre, and the scale (*k, 1 at both ends) that keeps the turning square
 * inside the viewport (1 / (|cos a| + |sin a|)). */
void memory5d_layout_turning(const memory5d_layout *lay, int cell, double t, double *cx, double *cy,
                             double *k);

/* ---------------------------------------------------------------- screens' boxes */

/* Lobby rows, in focus order. */
enum {
    MEMORY5D_ROW_MODE, MEMORY5D_ROW_OPPONENT, MEMORY5D_ROW_DIFFICULTY, MEMORY5D_ROW_SEED,
    MEMORY5D_ROW_MOTION, MEMORY5D_ROW_SENSORY, MEMORY5D_ROW_CONTRAST, MEMORY5D_ROW_PLAY,
    MEMORY5D_ROW_SHOP, MEMORY5D_ROW_LOADOUT, MEMORY5D_ROW_TUTORIAL, MEMORY5D_ROW_RECORDS,
    MEMORY5D_ROW_QUIT, MEMORY5D_ROWS
};
/* Results buttons; results_focus MEMORY5D_RES_SHOP is the shop row above them. */
enum {
    MEMORY5D_RES_AGAIN, MEMORY5D_RES_LOBBY, MEMORY5D_RES_QUIT, MEMORY5D_RES_COUNT,
    MEMORY5D_RES_SHOP = MEMORY5D_RES_COUNT
};
/* Where a shop row is shown (the same row, one code path). */
enum { MEMORY5D_SHOP_LOBBY, MEMORY5D_SHOP_RESULTS };
/* Records screen buttons, in focus order. */
enum {
    MEMORY5D_REC_NEXT, MEMORY5D_REC_CREATE, MEMORY5D_REC_RENAME, MEMORY5D_REC_RESET,
    MEMORY5D_REC_DELETE, MEMORY5D_REC_DELETE_ALL, MEMORY5D_REC_EXPORT, MEMORY5D_REC_IMPORT,
    MEMORY5D_REC_BACK, MEMORY5D_REC_BUTTONS
};

/* Two layouts. The wide one, in the 1920x1080 field, is for outputs that show that field at
 * 2/3 or more (1280x720 and up); the compact one, in a 960x540 field, for smaller windows down
 * to the scene's smallest, 640x360, where it shows at 2/3. Both then keep every target at
 * least 44 and every text at least 12 output pixels. */
enum {
    MEMORY5D_COMPACT_W = 960,
    MEMORY5D_COMPACT_H = 540,
    MEMORY5D_MIN_WINDOW_W = 640,
    MEMORY5D_MIN_WINDOW_H = 360,
};
/* The field for an output size (scene_def.field_for). */
void memory5d_layout_field_for(int out_w, int out_h, int *field_w, int *field_h);
/* The field every screen's boxes are laid out in (the last drawn frame's; the wide one until
 * set), and whether it is the compact one. */
void memory5d_layout_set_field(int field_w, int field_h);
int memory5d_layout_field_w(void);
int memory5d_layout_field_h(void);
int memory5d_layout_compact(void);
/* The top of the caption bar along the field's bottom edge (every screen's content ends
 * above it): 1000 in the wide field, 484 in the compact one. */
double memory5d_layout_caption_top(void);

/* The output scale every screen's boxes are laid out for (the last drawn frame's output
 * pixels per field pixel; 1 until set). Targets grow to MEMORY5D_MIN_TARGET output pixels
 * where the screen has room (the lobby's rows go into two columns, the power bar's buttons
 * grow upwards, rows and buttons grow taller) and text to MEMORY5D_MIN_TEXT. */
enum { MEMORY5D_MIN_TEXT = 12 }; /* output pixels */
void memory5d_layout_set_scale(double scale);
double memory5d_layout_scale(void);
/* The smallest target side and text size in field pixels at that scale. */
double memory5d_layout_min_target(void);
double memory5d_layout_min_text(void);
/* 1 when the lobby's rows stand in two columns (rows 0-6 left, 7-12 right). */
int memory5d_layout_lobby_two_columns(void);
/* The top of the match's power bar (the status above it ends there). */
double memory5d_layout_power_top(void);
/* The lesson cards' one button: the intro's Continue (0) and the goal card's (1). */
void memory5d_layout_card_button(int i, double *x, double *y, double *w, double *h);

/* A box of a numbered set: the i-th button, row, card... */
typedef void (*memory5d_layout_box_fn)(int i, double *x, double *y, double *w, double *h);
/* The first of count boxes under (px, py), or -1. */
int memory5d_layout_pick(memory5d_layout_box_fn box, int count, double px, double py);

/* Lobby row rectangles: the label sits left of x; the options share the row's width. */
void memory5d_layout_lobby_row(int row, double *x, double *y, double *w, double *h);
int memory5d_layout_lobby_options(int row);
void memory5d_layout_lobby_option(int row, int o, double *x, double *y, double *w, double *h);
/* 1 and the row and option under (px, py), else 0. */
int memory5d_layout_lobby_hit(double px, double py, int *row, int *opt);
void memory5d_layout_results_button(int i, double *x, double *y, double *w, double *h);
/* The shop row of the lobby and the results (where: MEMORY5D_SHOP_*) and its power options. */
void memory5d_layout_shop_row(int where, double *x, double *y, double *w, double *h);
void memory5d_layout_shop_option(int where, int o, double *x, double *y, double *w, double *h);
/* The power under (px, py) in that row, or -1. */
int memory5d_layout_shop_hit(int where, double px, double py);
void memory5d_layout_draft_card(int i, double *x, double *y, double *w, double *h);
/* Records buttons (MEMORY5D_REC_*): one column in the wide field; in the compact one two
 * columns of 66 px buttons at 640x360 (Next profile to Delete Profile, then Delete Everything
 * to Back to lobby), the summary (memory5d_layout_records_summary) and the history right. */
void memory5d_layout_records_button(int i, double *x, double *y, double *w, double *h);
void memory5d_layout_records_summary(double *x, double *y, double *w, double *h);
/* The history's visible rows (slots): eight, fewer when its rows grow for a small window
 * (the list then shows the slots around the selected match); three at 640x360. */
int memory5d_layout_history_rows(void);
/* The history entry in the first slot with entry `selected` of `count` selected: the list
 * scrolls just enough to show it (wide), or keeps it off the list's edges (compact). */
int memory5d_layout_history_first(int selected, int count);
void memory5d_layout_history_row(int slot, double *x, double *y, double *w, double *h);
/* The records confirmations (the deletions and the import): the dialog and its buttons,
 * 0 Confirm, 1 Cancel. */
void memory5d_layout_confirm_box(double *x, double *y, double *w, double *h);
void memory5d_layout_confirm_button(int i, double *x, double *y, double *w, double *h);
/* The power bar's buttons in the match. */
void memory5d_layout_power_button(int i, double *x, double *y, double *w, double *h);
/* The match's Leave button (Escape's leave dialog, for the pointer and the Tab order). */
void memory5d_layout_leave_button(double *x, double *y, double *w, double *h);
/* The leave dialog's buttons: 0 Leave, 1 Stay. */
void memory5d_layout_dialog_button(int i, double *x, double *y, double *w, double *h);

#endif
