/* Memory5D board layout in the 1920x1080 field, SDL-free: cell boxes, hit testing, the
 * roving focus's moves, the scrolling viewport that keeps every cell at least 44 output
 * pixels, and the positions of the Expert rotation animation. */
#ifndef PLAYER_M5D_LAYOUT_H
#define PLAYER_M5D_LAYOUT_H

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

#endif
