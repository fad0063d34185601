/* Memory5D geometry in the 1920x1080 field, SDL-free: every screen's boxes and hit tests
 * (lobby rows, results and records buttons, the shop row, draft cards, power buttons, the
 * leave dialog), and the board: cell boxes, hit testing, the roving focus's moves, the
 * scrolling viewport that keeps every cell at least 44 output pixels, and the positions of
 * the Expert rotation animation. */
#ifndef PLAYER_M5D_LAYOUT_H
#define PLAYER_M5D_LAYOUT_H

#include "memory5d/memory5d.h"

enum {
    M5D_FIELD_W = 1920,
    M5D_FIELD_H = 1080,
    M5D_MIN_TARGET = 44, /* output (logical) pixels: the smallest cell a player must hit */
};

/* The board's viewport in field pixels: the board never draws outside it. */
#define M5D_VIEW_X 600.0
#define M5D_VIEW_Y 160.0
#define M5D_VIEW_SIZE 780.0

typedef struct {
    int n;               /* board side */
    double cell;         /* cell pitch in field pixels */
    int first_row, first_col, rows, cols; /* the visible window of cells */
    double x0, y0;       /* field position of the visible window's top-left cell */
    int scrolled;        /* 1 when the window shows only part of the board */
} m5d_layout;

/* Lays out an n x n board for an output scale (output pixels per field pixel). Cells keep
 * their natural pitch (M5D_VIEW_SIZE / n, at most 130) unless that would be smaller than
 * M5D_MIN_TARGET output pixels; then they grow and the viewport shows a window of the board
 * that scrolls (in whole cells) to keep focus (a cell, or -1) visible. *scroll_row and
 * *scroll_col are the window's remembered origin (ui state), updated here. */
void m5d_layout_board(m5d_layout *lay, int n, double scale, int focus, int *scroll_row,
                      int *scroll_col);
/* 1 and the cell's box when it is visible in the window, else 0. */
int m5d_layout_cell_box(const m5d_layout *lay, int cell, double *x, double *y, double *w,
                        double *h);
/* The visible cell under (x, y), or -1. */
int m5d_layout_hit(const m5d_layout *lay, double x, double y);

/* Roving focus: arrows move one cell (stopping at the edges); Home/End go to the row's
 * start/end, with ctrl to the first/last cell. key: one of the M5D_MOVE_*. */
enum { M5D_MOVE_LEFT, M5D_MOVE_RIGHT, M5D_MOVE_UP, M5D_MOVE_DOWN, M5D_MOVE_HOME, M5D_MOVE_END };
int m5d_focus_move(int n, int focus, int move, int ctrl);

/* Rotation animation: where the centre of cell (its box after the turn) is drawn at
 * progress t (0: where it was before the clockwise quarter turn, 1: its box), turning about
 * the board's centre, and the scale (*k, 1 at both ends) that keeps the turning square
 * inside the viewport (1 / (|cos a| + |sin a|)). */
void m5d_layout_turning(const m5d_layout *lay, int cell, double t, double *cx, double *cy,
                        double *k);

/* ---------------------------------------------------------------- screens' boxes */

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

/* A box of a numbered set: the i-th button, row, card... */
typedef void (*m5d_box_fn)(int i, double *x, double *y, double *w, double *h);
/* The first of count boxes under (px, py), or -1. */
int m5d_layout_pick(m5d_box_fn box, int count, double px, double py);

/* Lobby row rectangles: the label sits left of x; the options share the row's width. */
void m5d_lobby_rows(int row, double *x, double *y, double *w, double *h);
int m5d_lobby_row_options(int row);
void m5d_lobby_option_box(int row, int o, double *x, double *y, double *w, double *h);
/* 1 and the row and option under (px, py), else 0. */
int m5d_lobby_hit(double px, double py, int *row, int *opt);
void m5d_results_button(int i, double *x, double *y, double *w, double *h);
/* The shop row of the lobby and the results (where: M5D_SHOP_*) and its power options. */
void m5d_shop_row(int where, double *x, double *y, double *w, double *h);
void m5d_shop_option(int where, int o, double *x, double *y, double *w, double *h);
/* The power under (px, py) in that row, or -1. */
int m5d_shop_hit(int where, double px, double py);
void m5d_draft_card(int i, double *x, double *y, double *w, double *h);
void m5d_records_button(int i, double *x, double *y, double *w, double *h);
void m5d_records_history_row(int i, double *x, double *y, double *w, double *h);
void m5d_records_confirm_button(int i, double *x, double *y, double *w, double *h);
/* The power bar's buttons in the match. */
void m5d_power_button(int i, double *x, double *y, double *w, double *h);
/* The leave dialog's buttons: 0 Leave, 1 Stay. */
void m5d_dialog_button(int i, double *x, double *y, double *w, double *h);

#endif
