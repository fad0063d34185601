/* Compass Shift's portrait layout in 390x844 field pixels, SDL-free so the tests can hold
 * every target to the 44 px rule (compass-shift.md "UX, accessibility, and feedback"): the
 * compass bezel, the board well with its edge band, the controls, and the boxes of the three
 * modal surfaces (FTUE card, completion dialog, Tools sheet). */
#ifndef PLAYER_COMPASS_LAYOUT_H
#define PLAYER_COMPASS_LAYOUT_H

enum { COMPASS_FIELD_W = 390, COMPASS_FIELD_H = 844 };
#define COMPASS_MIN_TARGET 44.0
#define COMPASS_BEZEL_R 104.0 /* the bezel's radius (compact: smaller) */
/* Boards up to this many cells a side fit the well with targets of at least 44 px; larger
 * ones keep 44 px cells and pan inside the well. */
enum { COMPASS_FIT_SIDE = 8 };

typedef struct {
    double x, y, w, h;
} compass_box;

/* A grid of cells seen through a view that may pan: what the play layout and the editor's
 * place cells by (compass_grid_*; each layout gives its own as one). */
typedef struct {
    int rows, cols;
    double cell, grid_x, grid_y; /* cell side; cell (0, 0)'s corner, pan included */
    compass_box view;            /* the visible part of the grid */
    double pan_x, pan_y, max_pan_x, max_pan_y;
} compass_grid;
compass_box compass_grid_cell(const compass_grid *g, int row, int col);
int compass_grid_cell_at(const compass_grid *g, double x, double y, int *row, int *col);
int compass_grid_cell_visible(const compass_grid *g, int row, int col);
void compass_grid_pan_to(const compass_grid *g, int row, int col, double *pan_x, double *pan_y);

typedef struct {
    int rows, cols;
    double cell;            /* cell side */
    double grid_x, grid_y;  /* top-left corner of cell (0, 0), pan included */
    double edge;            /* width of the edge band around the grid (aperture marks) */
    compass_box well;       /* the sea-glass well: viewport plus edge band */
    compass_box view;       /* the visible part of the grid (the clip) */
    double pan_x, pan_y;    /* grid pixels scrolled out of view (0 when it fits) */
    double max_pan_x, max_pan_y;
    double compass_cx, compass_cy, compass_r;
    compass_box status;     /* the feedback line under the well */
} compass_layout;

/* Widgets: everything but the arrows that a pointer or Tab can reach. */
typedef enum {
    CW_UNDO, CW_RESTART, CW_TOOLS, CW_HELP,           /* the play controls */
    CW_FTUE_NEXT, CW_FTUE_SKIP,                        /* the FTUE card */
    CW_DONE_CONTINUE, CW_DONE_REPLAY, CW_DONE_MAP,     /* the completion dialog */
    CW_TOOLS_CLOSE, CW_TAB_MAP, CW_TAB_EVIDENCE, CW_TAB_PAYLOAD,
    CW_MAP_LEVEL, CW_MAP_PREV, CW_MAP_NEXT,            /* Tools: level map */
    CW_AID, CW_TUNE_DEC, CW_TUNE_INC, CW_REDUCED_MOTION, CW_CAPTIONS, /* Tools: evidence */
    CW_OUTCOME,                                        /* Tools: payload, arg = outcome */
    CW_QUIT,                                           /* Tools: leave the game */
    CW_NOTE_OK,                                        /* the board's first-appearance note */
    CW_KIND_COUNT
} compass_widget_kind;

typedef enum { CS_PLAY, CS_FTUE, CS_DONE, CS_TOOLS } compass_surface;
typedef enum { CT_MAP, CT_EVIDENCE, CT_PAYLOAD, CT_COUNT } compass_tab;

typedef struct {
    compass_widget_kind kind;
    int arg; /* the level index (CW_MAP_LEVEL), tuning row (CW_TUNE_*) or outcome */
    compass_box box;
} compass_widget;

enum { COMPASS_MAP_COLS = 6, COMPASS_MAP_ROWS = 9, COMPASS_MAP_PAGE = 54, COMPASS_MAX_WIDGETS = 96 };

/* The field's safe area: insets (top, right, bottom, left) in field pixels that nothing is
 * drawn in and nothing can be tapped in (a notch, a home bar). Set once, at scene create
 * (--safe-area T,R,B,L; SDL 2 reports none of its own); every box below keeps inside it. With
 * a top or bottom inset the bezel draws compact (as with captions) so the board still fits. */
typedef struct {
    double top, right, bottom, left;
} compass_insets;
void compass_layout_set_safe_area(compass_insets in);
compass_insets compass_layout_safe_area(void);
/* The safe part of the field. */
compass_box compass_layout_safe_box(void);
/* The --watch banner: over the header, clear of the bezel, the board and every control. */
compass_box compass_layout_notice(void);

/* The layout of a rows x cols board panned by (pan_x, pan_y) grid pixels (clamped); compact
 * (captions on) draws the bezel smaller and lifts the well, leaving the band under it room
 * for the captions. */
void compass_layout_build(compass_layout *L, int rows, int cols, double pan_x, double pan_y,
                          int compact);
compass_box compass_layout_cell(const compass_layout *L, int row, int col);
/* The cell under (x, y) when it is inside the visible grid: 1 and *row, *col; else 0. */
int compass_layout_cell_at(const compass_layout *L, double x, double y, int *row, int *col);
/* 1 when the whole cell is visible (a pannable board may hide some). */
int compass_layout_cell_visible(const compass_layout *L, int row, int col);
/* The pan that brings cell (row, col) fully into view, moving as little as possible. */
void compass_layout_pan_to(const compass_layout *L, int row, int col, double *pan_x,
                           double *pan_y);

/* The widgets of a surface, in Tab order; tab and page matter only for CS_TOOLS, has_next
 * only for CS_DONE (no Continue after the last level). Returns the count. */
int compass_layout_widgets(compass_surface s, compass_tab tab, int page, int levels,
                           int has_next, compass_widget *out, int max);
/* The card or sheet a surface draws (CS_PLAY: the whole field); has_next as for the widgets. */
compass_box compass_layout_panel(compass_surface s, int has_next);
/* The widget under (x, y): its index in ws, or -1. */
int compass_widget_at(const compass_widget *ws, int n, double x, double y);
/* The name a widget has in the events log: "undo", "map-level", "outcome", ... */
const char *compass_widget_name(compass_widget_kind k);
int compass_box_contains(compass_box b, double x, double y);

#endif
