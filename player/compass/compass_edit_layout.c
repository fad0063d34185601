/* The level editor's layout: fixed portrait geometry in field pixels, no SDL. */
#include "compass_edit_layout.h"

#include <math.h>

#define REGION_TOP 126.0  /* under the header and the verdict band */
#define ROW_H 52.0
#define GAP 6.0
#define ROW_GAP 8.0
#define SIDE 14.0
#define LANE 44.0         /* a lane's target depth */
#define BAND 22.0         /* the drawn edge band */
#define CELL_MAX 64.0
#define ROWS_OF_CONTROLS 4

static double controls_top(void)
{
    return COMPASS_FIELD_H - SIDE - ROWS_OF_CONTROLS * ROW_H - (ROWS_OF_CONTROLS - 1) * ROW_GAP;
}

static double clamp(double v, double lo, double hi) { return v < lo ? lo : v > hi ? hi : v; }

void compass_edit_layout_build(compass_edit_layout *L, int rows, int cols, double pan_x,
                               double pan_y)
{
    double avail_w = COMPASS_FIELD_W - 2 * LANE - 2 * GAP;
    double avail_h = controls_top() - ROW_GAP - REGION_TOP - 2 * LANE;
    double cell = fmin(CELL_MAX, fmin(floor(avail_w / cols), floor(avail_h / rows)));
    if (cell < COMPASS_MIN_TARGET)
        cell = COMPASS_MIN_TARGET;
    L->rows = rows;
    L->cols = cols;
    L->cell = cell;
    L->band = BAND;
    L->lane_depth = LANE;
    double view_w = fmin(cols * cell, floor(avail_w / cell) * cell);
    double view_h = fmin(rows * cell, floor(avail_h / cell) * cell);
    L->max_pan_x = cols * cell - view_w;
    L->max_pan_y = rows * cell - view_h;
    L->pan_x = clamp(pan_x, 0, L->max_pan_x);
    L->pan_y = clamp(pan_y, 0, L->max_pan_y);
    L->view = (compass_box){COMPASS_FIELD_W / 2.0 - view_w / 2,
                            REGION_TOP + LANE + (avail_h - view_h) / 2, view_w, view_h};
    L->well = (compass_box){L->view.x - BAND, L->view.y - BAND, view_w + 2 * BAND, view_h + 2 * BAND};
    L->board = (compass_box){L->view.x - LANE, L->view.y - LANE, view_w + 2 * LANE, view_h + 2 * LANE};
    L->grid_x = L->view.x - L->pan_x;
    L->grid_y = L->view.y - L->pan_y;
    L->verdict = (compass_box){SIDE, 54, COMPASS_FIELD_W - 2 * SIDE, 66};
}

/* The editor's grid as compass_grid_* place cells (the play layout's rules). */
static compass_grid grid_of(const compass_edit_layout *L)
{
    return (compass_grid){L->rows, L->cols, L->cell, L->grid_x, L->grid_y, L->view,
                          L->pan_x, L->pan_y, L->max_pan_x, L->max_pan_y};
}

compass_box compass_edit_layout_cell(const compass_edit_layout *L, int row, int col)
{
    compass_grid g = grid_of(L);
    return compass_grid_cell(&g, row, col);
}

int compass_edit_layout_cell_at(const compass_edit_layout *L, double x, double y, int *row, int *col)
{
    compass_grid g = grid_of(L);
    return compass_grid_cell_at(&g, x, y, row, col);
}

int compass_edit_layout_cell_visible(const compass_edit_layout *L, int row, int col)
{
    compass_grid g = grid_of(L);
    return compass_grid_cell_visible(&g, row, col);
}

compass_box compass_edit_layout_lane(const compass_edit_layout *L, compass_dir side, int lane)
{
    const compass_box v = L->view;
    switch (side) {
    case COMPASS_N: return (compass_box){L->grid_x + lane * L->cell, v.y - LANE, L->cell, LANE};
    case COMPASS_S: return (compass_box){L->grid_x + lane * L->cell, v.y + v.h, L->cell, LANE};
    case COMPASS_E: return (compass_box){v.x + v.w, L->grid_y + lane * L->cell, LANE, L->cell};
    default: return (compass_box){v.x - LANE, L->grid_y + lane * L->cell, LANE, L->cell};
    }
}

/* A lane is there only where the view reaches that edge of the board, and only where it is
 * in view along the edge. */
int compass_edit_layout_lane_visible(const compass_edit_layout *L, compass_dir side, int lane)
{
    int at_edge = side == COMPASS_N ? L->pan_y <= 0.5
                : side == COMPASS_S ? L->pan_y >= L->max_pan_y - 0.5
                : side == COMPASS_E ? L->pan_x >= L->max_pan_x - 0.5
                                    : L->pan_x <= 0.5;
    if (!at_edge)
        return 0;
    compass_box b = compass_edit_layout_lane(L, side, lane);
    if (side == COMPASS_N || side == COMPASS_S)
        return b.x >= L->view.x - 0.5 && b.x + b.w <= L->view.x + L->view.w + 0.5;
    return b.y >= L->view.y - 0.5 && b.y + b.h <= L->view.y + L->view.h + 0.5;
}

int compass_edit_layout_lane_at(const compass_edit_layout *L, double x, double y,
                                compass_dir *side, int *lane)
{
    for (int s = 0; s < 4; s++) {
        int lanes = s == COMPASS_N || s == COMPASS_S ? L->cols : L->rows;
        for (int k = 0; k < lanes; k++)
            if (compass_edit_layout_lane_visible(L, (compass_dir)s, k) &&
                compass_box_contains(compass_edit_layout_lane(L, (compass_dir)s, k), x, y)) {
                *side = (compass_dir)s;
                *lane = k;
                return 1;
            }
    }
    return 0;
}

void compass_edit_layout_pan_to(const compass_edit_layout *L, int row, int col, double *pan_x,
                                double *pan_y)
{
    compass_grid g = grid_of(L);
    compass_grid_pan_to(&g, row, col, pan_x, pan_y);
}

compass_box compass_edit_layout_confirm_card(void)
{
    return (compass_box){28, 290, COMPASS_FIELD_W - 56, 230};
}

static int add(compass_edit_control *out, int n, int max, compass_edit_control_kind k, int arg,
               double x, double y, double w, double h)
{
    if (n < max)
        out[n] = (compass_edit_control){k, arg, {x, y, w, h}};
    return n + 1;
}

int compass_edit_layout_controls(int playing, compass_edit_card card, compass_edit_control *out,
                                 int max)
{
    int n = 0;
    if (playing)
        return add(out, 0, max, CE_EDIT, 0, COMPASS_FIELD_W - SIDE - 118, 4, 118, 44) < max ? 1 : max;
    if (card == CE_CARD_UNSAVED) {
        compass_box c = compass_edit_layout_confirm_card();
        double w = (c.w - 40 - 2 * GAP) / 3, y = c.y + c.h - 20 - 56;
        for (int i = 0; i < 3; i++)
            n = add(out, n, max, (compass_edit_control_kind)(CE_CLOSE_SAVE + i), 0,
                    c.x + 20 + i * (w + GAP), y, w, 56);
        return n < max ? n : max;
    }
    if (card) {
        compass_box c = compass_edit_layout_confirm_card();
        double w = (c.w - 40 - GAP) / 2, y = c.y + c.h - 20 - 56;
        n = add(out, n, max, CE_CONFIRM_CANCEL, 0, c.x + 20, y, w, 56);
        n = add(out, n, max, CE_CONFIRM_SAVE, 0, c.x + 20 + w + GAP, y, w, 56);
        return n < max ? n : max;
    }
    double full = COMPASS_FIELD_W - 2 * SIDE, y = controls_top();
    /* Row 1: the tools a cell tap applies. */
    double w = (full - 5 * GAP) / 6;
    for (int i = 0; i < 6; i++)
        n = add(out, n, max, i < 4 ? CE_TOOL_ARROW : i == 4 ? CE_TOOL_ERASE : CE_TOOL_WALL,
                i < 4 ? i : 0, SIDE + i * (w + GAP), y, w, ROW_H);
    /* Row 2: the board's size and initial phase. */
    y += ROW_H + ROW_GAP;
    w = (full - 4 * GAP) / 5;
    for (int i = 0; i < 5; i++)
        n = add(out, n, max, i < 2 ? CE_ROWS : i < 4 ? CE_COLS : CE_PHASE, i < 4 ? i % 2 : 0,
                SIDE + i * (w + GAP), y, w, ROW_H);
    /* Row 3: what the verdict shows on the board, and the generator. */
    y += ROW_H + ROW_GAP;
    w = (full - 2 * GAP) / 3;
    for (int i = 0; i < 3; i++)
        n = add(out, n, max, (compass_edit_control_kind)(CE_RELEASABLE + i), 0,
                SIDE + i * (w + GAP), y, w, ROW_H);
    /* Row 4: history, play, save. */
    y += ROW_H + ROW_GAP;
    w = (full - 3 * GAP) / 4;
    for (int i = 0; i < 4; i++)
        n = add(out, n, max, (compass_edit_control_kind)(CE_UNDO + i), 0, SIDE + i * (w + GAP), y,
                w, ROW_H);
    return n < max ? n : max;
}

const char *compass_edit_control_name(compass_edit_control_kind k)
{
    static const char *const names[CE_KIND_COUNT] = {
        "tool-arrow", "tool-erase", "tool-wall", "rows", "cols", "phase", "releasable",
        "solution", "generate", "undo", "redo", "play", "save", "confirm-cancel",
        "confirm-save", "edit", "close-save", "close-discard", "close-keep"};
    return (unsigned)k < CE_KIND_COUNT ? names[k] : "?";
}
