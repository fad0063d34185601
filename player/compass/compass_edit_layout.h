/* The Compass Shift level editor's portrait layout in 390x844 field pixels, SDL-free so the
 * tests hold every target to 44 px: the header and verdict band, the board with a 44 px deep
 * target on every edge lane outside the grid, the tool and action rows, and the save
 * confirmation card. */
#ifndef PLAYER_COMPASS_EDIT_LAYOUT_H
#define PLAYER_COMPASS_EDIT_LAYOUT_H

#include "compass/compass.h"
#include "compass_layout.h"

/* Boards up to this many columns and rows fit with cells of at least 44 px (the lane targets
 * take 44 px on every side); larger ones pan. */
enum { COMPASS_EDIT_FIT_COLS = 6, COMPASS_EDIT_FIT_ROWS = 8 };

/* The controls, in Tab order; their names are the events contract's. */
typedef enum {
    CE_TOOL_ARROW, /* arg 0..3: N, E, S, W */
    CE_TOOL_ERASE,
    CE_TOOL_WALL,
    CE_ROWS,       /* arg 0: one fewer, 1: one more */
    CE_COLS,
    CE_PHASE,      /* the initial phase, one step clockwise */
    CE_RELEASABLE, /* show which arrows are releasable now */
    CE_SOLUTION,   /* show one winning order */
    CE_GENERATE,   /* a new board like this one from the generator */
    CE_UNDO,
    CE_REDO,
    CE_PLAY,
    CE_SAVE,
    CE_CONFIRM_CANCEL, /* the unsolvable-save card */
    CE_CONFIRM_SAVE,
    CE_EDIT,           /* while playing: back to the editor */
    CE_CLOSE_SAVE,     /* the unsaved-changes card the window's close asks */
    CE_CLOSE_DISCARD,
    CE_CLOSE_KEEP,
    CE_KIND_COUNT
} compass_edit_control_kind;

typedef struct {
    compass_edit_control_kind kind;
    int arg;
    compass_box box;
} compass_edit_control;

enum { COMPASS_EDIT_MAX_CONTROLS = 24 };

/* The card over the editor, if any: the warning before an unsolvable save, or the question
 * the window's close asks with unsaved edits (Save / Discard / Keep editing). */
typedef enum { CE_CARD_NONE, CE_CARD_UNSOLVABLE, CE_CARD_UNSAVED } compass_edit_card;

typedef struct {
    int rows, cols;
    double cell;
    double grid_x, grid_y;   /* cell (0, 0)'s corner, pan included */
    compass_box view;        /* the visible grid (the clip) */
    compass_box well;        /* view plus the drawn edge band */
    double band;             /* the drawn edge band's width */
    double lane_depth;       /* a lane's target: from the grid outward, this deep */
    double pan_x, pan_y, max_pan_x, max_pan_y;
    compass_box board;       /* everything the board answers: grid and lane targets */
    compass_box verdict;     /* the verdict band under the header */
} compass_edit_layout;

void compass_edit_layout_build(compass_edit_layout *L, int rows, int cols, double pan_x,
                               double pan_y);
compass_box compass_edit_layout_cell(const compass_edit_layout *L, int row, int col);
int compass_edit_layout_cell_at(const compass_edit_layout *L, double x, double y, int *row,
                                int *col);
int compass_edit_layout_cell_visible(const compass_edit_layout *L, int row, int col);
/* Lane (side, lane)'s target box: the cell's width along the edge, lane_depth outward. */
compass_box compass_edit_layout_lane(const compass_edit_layout *L, compass_dir side, int lane);
int compass_edit_layout_lane_visible(const compass_edit_layout *L, compass_dir side, int lane);
/* The lane under (x, y): 1 and *side, *lane; else 0. */
int compass_edit_layout_lane_at(const compass_edit_layout *L, double x, double y,
                                compass_dir *side, int *lane);
/* The pan that brings cell (row, col) into view. */
void compass_edit_layout_pan_to(const compass_edit_layout *L, int row, int col, double *pan_x,
                                double *pan_y);

/* The controls of the editor (with a card up only the card's buttons answer), or of the play
 * mode (its one Edit button). Returns the count. */
int compass_edit_layout_controls(int playing, compass_edit_card card, compass_edit_control *out,
                                 int max);
/* The card (either kind). */
compass_box compass_edit_layout_confirm_card(void);
const char *compass_edit_control_name(compass_edit_control_kind k);

#endif
