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

/* The match screen's boxes (below, after the field and scale they depend on): the board's
 * viewport, the players' panels, the status line, the power bar, the buttons and cards. */

typedef struct {
    int n;               /* board side */
    double cell;         /* cell pitch in field pixels */
    int first_row, first_col, rows, cols; /* the visible window of cells */
    double x0, y0;       /* field position of the visible window's top-left cell */
    int scrolled;        /* 1 when the window shows only part of the board */
} memory5d_layout;

/* Lays out an n x n board for an output scale (output pixels per field pixel; 0: no minimum)
 * in the viewport of the current field (memory5d_layout_view_*). Cells keep their natural
 * pitch (the viewport's size / n, at most 130) unless that would be smaller than
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
/* 1 when the lobby's rows stand in two columns (rows 0-6 left, 7-12 right; never in the
 * compact field, which has its own list). */
int memory5d_layout_lobby_two_columns(void);
/* The top of the match's power bar (the status above it ends there). */
double memory5d_layout_power_top(void);
/* The lesson cards' one button: the intro's Continue (0, at the modal's foot) and the goal
 * card's (1, at the done card's foot). */
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
/* Where a row's label stands (*left: 1 left-aligned at x, 0 right-aligned) and the widest it
 * may be; where the row's note (the shop's balance, the loadout's "brought / owned") ends
 * (right-aligned). */
void memory5d_layout_lobby_label(int row, double *x, double *y, int *left);
double memory5d_layout_lobby_label_w(void);
void memory5d_layout_lobby_note(int row, double *x, double *y);
/* The compact lobby (issue 27 item 6): the settings (Mode to High contrast, then the Shop and
 * the Loadout, each power row with its label above its powers) in a list box that scrolls in
 * whole rows, beside a column of the ways on (Play, Tutorial, Records, Quit) that never
 * scrolls. A row scrolled out of the box is not shown (memory5d_layout_lobby_shown 0) and its
 * box is empty (nothing hits it). The list's first shown row (an index in list order, -1 for a
 * row not in the list) is layout state like the scale, set by the lobby from its ui state;
 * first_showing gives the first that shows row, moving first as little as it can. In the wide
 * field every row is shown. */
void memory5d_layout_lobby_list_box(double *x, double *y, double *w, double *h);
int memory5d_layout_lobby_list_index(int row);
int memory5d_layout_lobby_list_row(int i); /* the row at list index i, or -1 */
int memory5d_layout_lobby_list_max_first(void);
void memory5d_layout_set_lobby_first(int first);
int memory5d_layout_lobby_first(void);
int memory5d_layout_lobby_list_last(void);
int memory5d_layout_lobby_first_showing(int row, int first);
int memory5d_layout_lobby_shown(int row);
/* Results buttons (compact: a row along the bottom, the shop row above it). */
void memory5d_layout_results_button(int i, double *x, double *y, double *w, double *h);
/* The shop row of the lobby and the results (where: MEMORY5D_SHOP_*) and its power options. */
void memory5d_layout_shop_row(int where, double *x, double *y, double *w, double *h);
void memory5d_layout_shop_option(int where, int o, double *x, double *y, double *w, double *h);
/* The power under (px, py) in that row, or -1. */
int memory5d_layout_shop_hit(int where, double px, double py);
/* Where the row's balance line ends (right-aligned). */
void memory5d_layout_shop_note(int where, double *x, double *y);
/* Draft cards: four in a row (compact: across the field, under the pick order). */
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
/* The match screen. Wide: the players' panels one under the other left of the board, the
 * status, recent events and keys (or the coach) under them, the power bar at the column's
 * foot, the legend and the inspector right of the board, Leave at the top right. Compact
 * (960x540): a left column of the title, the Legend and Leave buttons, the two panels side
 * by side, the newest link's breakdown, the status and recent events, the keys (or the
 * coach) and the power bar two by two; the board right of it in a 400 px viewport (six
 * 66 px cells at 640x360, scrolling beyond); the legend, the keys and the focused cell's
 * label in a drawer behind the Legend button. */
/* The board's viewport in field pixels (a square): the board never draws outside it. */
double memory5d_layout_view_x(void);
double memory5d_layout_view_y(void);
double memory5d_layout_view_size(void);
/* The board's frame margin around the viewport (the north strip lies in it). */
double memory5d_layout_view_margin(void);
/* A player's panel (0 A, 1 B). */
void memory5d_layout_player_panel(int p, double *x, double *y, double *w, double *h);
/* The status line's centre line (the recent events follow it, the newest link's breakdown
 * stands above it in the compact layout). */
double memory5d_layout_status_y(void);
/* The power bar's buttons in the match. */
void memory5d_layout_power_button(int i, double *x, double *y, double *w, double *h);
/* The match's Leave button (Escape's leave dialog, for the pointer and the Tab order). */
void memory5d_layout_leave_button(double *x, double *y, double *w, double *h);
/* The compact layout's Legend button (it opens and closes the legend drawer): 1 and its box,
 * or 0 in the wide layout (its legend is always shown). */
int memory5d_layout_legend_button(double *x, double *y, double *w, double *h);
/* The compact legend drawer, over the panels and the board below the title row. */
void memory5d_layout_legend_drawer(double *x, double *y, double *w, double *h);
/* The leave dialog's buttons: 0 Leave, 1 Stay. */
void memory5d_layout_dialog_button(int i, double *x, double *y, double *w, double *h);
/* The leave dialog's and the lesson intro's box (the card button 0 and the dialog's buttons
 * lie along its foot). */
void memory5d_layout_modal(double *x, double *y, double *w, double *h);
/* The lesson's "Well done" card (beside the board: the winning row stays in view); card
 * button 1 at its foot. */
void memory5d_layout_done_card(double *x, double *y, double *w, double *h);
/* The coach's box during a lesson's steps (in place of the status and recent events; an
 * Arcade lesson's ends above the power bar). */
void memory5d_layout_coach_box(int arcade, double *x, double *y, double *w, double *h);
/* The rewoven banner (never over a cell). */
void memory5d_layout_rewoven_banner(double *x, double *y, double *w, double *h);

#endif
