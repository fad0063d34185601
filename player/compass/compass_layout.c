/* Compass Shift layout: fixed portrait geometry in field pixels, no SDL. */
#include "compass_layout.h"

#include <math.h>

/* Vertical bands of the portrait field. */
#define HEADER_H 64.0
#define COMPASS_CY 184.0
#define WELL_TOP 304.0
/* Captions on: a smaller bezel and the well 84 px higher, so the captions band under the
 * well holds the text equivalent instead of covering the bezel. */
#define COMPACT_CY 142.0
#define COMPACT_R 64.0
#define COMPACT_TOP 220.0
#define GRID_MAX 346.0 /* widest grid that leaves the edge band inside 390 px */
#define CELL_MAX 64.0
#define EDGE 18.0
#define CONTROL_H 56.0
#define SIDE_PAD 14.0
#define GAP 8.0

static compass_insets safe; /* the display's, like the field size: one per process */

void compass_layout_set_safe_area(compass_insets in) { safe = in; }
compass_insets compass_layout_safe_area(void) { return safe; }

compass_box compass_layout_safe_box(void)
{
    return (compass_box){safe.left, safe.top, COMPASS_FIELD_W - safe.left - safe.right,
                         COMPASS_FIELD_H - safe.top - safe.bottom};
}

compass_box compass_layout_notice(void)
{
    compass_box f = compass_layout_safe_box();
    return (compass_box){f.x + 8, f.y + 3, f.w - 16, 42};
}

/* The top of the play controls' row. */
static double controls_y(void) { return COMPASS_FIELD_H - safe.bottom - 72; }

int compass_box_contains(compass_box b, double x, double y)
{
    return x >= b.x && x < b.x + b.w && y >= b.y && y < b.y + b.h;
}

static double clamp(double v, double lo, double hi) { return v < lo ? lo : v > hi ? hi : v; }

void compass_layout_build(compass_layout *L, int rows, int cols, double pan_x, double pan_y,
                          int compact)
{
    compact = compact || safe.top > 0 || safe.bottom > 0;
    double top = (compact ? COMPACT_TOP : WELL_TOP) + safe.top;
    int side = rows > cols ? rows : cols;
    double grid_max = fmin(GRID_MAX, COMPASS_FIELD_W - safe.left - safe.right - 2 * EDGE - 8);
    double cell = floor(grid_max / side);
    if (cell > CELL_MAX)
        cell = CELL_MAX;
    if (cell < COMPASS_MIN_TARGET)
        cell = COMPASS_MIN_TARGET;
    L->rows = rows;
    L->cols = cols;
    L->cell = cell;
    L->edge = EDGE;
    /* Side insets can leave less than an 8x8 board's width: it then pans like a larger one. */
    double view_w = fmin(fmin(cols * cell, COMPASS_FIT_SIDE * COMPASS_MIN_TARGET),
                         floor((COMPASS_FIELD_W - safe.left - safe.right - 2 * EDGE) / cell) * cell);
    double view_h = fmin(rows * cell, COMPASS_FIT_SIDE * COMPASS_MIN_TARGET);
    L->max_pan_x = cols * cell - view_w;
    L->max_pan_y = rows * cell - view_h;
    L->pan_x = clamp(pan_x, 0, L->max_pan_x);
    L->pan_y = clamp(pan_y, 0, L->max_pan_y);
    /* The well is centred under the compass; a short board sits higher, never lower. */
    double mid = safe.left + (COMPASS_FIELD_W - safe.left - safe.right) / 2;
    L->view = (compass_box){mid - view_w / 2, top + EDGE, view_w, view_h};
    L->well = (compass_box){L->view.x - EDGE, top, view_w + 2 * EDGE, view_h + 2 * EDGE};
    L->grid_x = L->view.x - L->pan_x;
    L->grid_y = L->view.y - L->pan_y;
    L->compass_cx = mid;
    L->compass_cy = (compact ? COMPACT_CY : COMPASS_CY) + safe.top;
    L->compass_r = compact ? COMPACT_R : COMPASS_BEZEL_R;
    double st = L->well.y + L->well.h + 6;
    L->status = (compass_box){safe.left + SIDE_PAD, st, COMPASS_FIELD_W - safe.left - safe.right - 2 * SIDE_PAD,
                              controls_y() - 8 - st};
}

compass_box compass_grid_cell(const compass_grid *g, int row, int col)
{
    return (compass_box){g->grid_x + col * g->cell, g->grid_y + row * g->cell, g->cell, g->cell};
}

int compass_grid_cell_at(const compass_grid *g, double x, double y, int *row, int *col)
{
    if (!compass_box_contains(g->view, x, y))
        return 0;
    int c = (int)floor((x - g->grid_x) / g->cell), r = (int)floor((y - g->grid_y) / g->cell);
    if (r < 0 || r >= g->rows || c < 0 || c >= g->cols)
        return 0;
    *row = r;
    *col = c;
    return 1;
}

int compass_grid_cell_visible(const compass_grid *g, int row, int col)
{
    compass_box b = compass_grid_cell(g, row, col);
    return b.x >= g->view.x - 0.5 && b.y >= g->view.y - 0.5 &&
           b.x + b.w <= g->view.x + g->view.w + 0.5 && b.y + b.h <= g->view.y + g->view.h + 0.5;
}

void compass_grid_pan_to(const compass_grid *g, int row, int col, double *pan_x, double *pan_y)
{
    double x = col * g->cell, y = row * g->cell;
    double px = g->pan_x, py = g->pan_y;
    if (x < px) px = x;
    if (x + g->cell > px + g->view.w) px = x + g->cell - g->view.w;
    if (y < py) py = y;
    if (y + g->cell > py + g->view.h) py = y + g->cell - g->view.h;
    *pan_x = clamp(px, 0, g->max_pan_x);
    *pan_y = clamp(py, 0, g->max_pan_y);
}

static compass_grid grid_of(const compass_layout *L)
{
    return (compass_grid){L->rows, L->cols, L->cell, L->grid_x, L->grid_y, L->view,
                          L->pan_x, L->pan_y, L->max_pan_x, L->max_pan_y};
}

compass_box compass_layout_cell(const compass_layout *L, int row, int col)
{
    compass_grid g = grid_of(L);
    return compass_grid_cell(&g, row, col);
}

int compass_layout_cell_at(const compass_layout *L, double x, double y, int *row, int *col)
{
    compass_grid g = grid_of(L);
    return compass_grid_cell_at(&g, x, y, row, col);
}

int compass_layout_cell_visible(const compass_layout *L, int row, int col)
{
    compass_grid g = grid_of(L);
    return compass_grid_cell_visible(&g, row, col);
}

void compass_layout_pan_to(const compass_layout *L, int row, int col, double *pan_x, double *pan_y)
{
    compass_grid g = grid_of(L);
    compass_grid_pan_to(&g, row, col, pan_x, pan_y);
}

compass_box compass_layout_panel(compass_surface s, int has_next)
{
    compass_box f = compass_layout_safe_box();
    switch (s) {
    case CS_FTUE: return (compass_box){f.x + 12, f.y + f.h - 176, f.w - 24, 170};
    /* Without Continue the last button is 64 px higher and a one-line note follows it. */
    case CS_DONE: return (compass_box){28, 250, COMPASS_FIELD_W - 56, has_next ? 344 : 316};
    case CS_TOOLS: return (compass_box){f.x, f.y + 48, f.w, f.h - 48};
    default: return f;
    }
}

static int add(compass_widget *out, int n, int max, compass_widget_kind k, int arg, double x,
               double y, double w, double h)
{
    if (n < max)
        out[n] = (compass_widget){k, arg, {x, y, w, h}};
    return n + 1;
}

/* n equal buttons across [x0, x0 + width) with GAP between them. */
static double share(double width, int n) { return (width - GAP * (n - 1)) / n; }

int compass_layout_widgets(compass_surface s, compass_tab tab, int page, int levels,
                           int has_next, compass_widget *out, int max)
{
    int n = 0;
    compass_box f = compass_layout_safe_box();
    double x0 = f.x + SIDE_PAD, full = f.w - 2 * SIDE_PAD;
    if (s == CS_PLAY) {
        double w = share(full, 4);
        for (int i = 0; i < 4; i++)
            n = add(out, n, max, (compass_widget_kind)(CW_UNDO + i), 0,
                    x0 + i * (w + GAP), controls_y(), w, CONTROL_H);
    } else if (s == CS_FTUE) {
        compass_box p = compass_layout_panel(CS_FTUE, 0);
        double w = share(p.w - 32, 2), y = p.y + p.h - 16 - 52;
        n = add(out, n, max, CW_FTUE_SKIP, 0, p.x + 16, y, w, 52);
        n = add(out, n, max, CW_FTUE_NEXT, 0, p.x + 16 + w + GAP, y, w, 52);
    } else if (s == CS_DONE) {
        compass_box p = compass_layout_panel(CS_DONE, has_next);
        double y = p.y + 128;
        if (has_next) {
            n = add(out, n, max, CW_DONE_CONTINUE, 0, p.x + 20, y, p.w - 40, 56);
            y += 64;
        }
        n = add(out, n, max, CW_DONE_REPLAY, 0, p.x + 20, y, p.w - 40, 56);
        n = add(out, n, max, CW_DONE_MAP, 0, p.x + 20, y + 64, p.w - 40, 56);
    } else if (s == CS_TOOLS) {
        compass_box p = compass_layout_panel(CS_TOOLS, 0);
        double ty = p.y + 10, tw = share(full - 52 - GAP, 3);
        for (int i = 0; i < CT_COUNT; i++)
            n = add(out, n, max, (compass_widget_kind)(CW_TAB_MAP + i), 0,
                    x0 + i * (tw + GAP), ty, tw, 48);
        n = add(out, n, max, CW_TOOLS_CLOSE, 0, f.x + f.w - SIDE_PAD - 52, ty - 2, 52, 52);
        double top = ty + 48 + 16;
        if (tab == CT_MAP) {
            double cw = share(full, COMPASS_MAP_COLS), ch = 50;
            int first = page * COMPASS_MAP_PAGE;
            for (int i = first; i < levels && i < first + COMPASS_MAP_PAGE; i++) {
                int k = i - first;
                n = add(out, n, max, CW_MAP_LEVEL, i, x0 + (k % COMPASS_MAP_COLS) * (cw + GAP),
                        top + 24 + (k / COMPASS_MAP_COLS) * (ch + GAP), cw, ch);
            }
            if (levels > COMPASS_MAP_PAGE) {
                double y = top + 24 + COMPASS_MAP_ROWS * (ch + GAP) + 8, w = share(full, 2);
                n = add(out, n, max, CW_MAP_PREV, 0, x0, y, w, 48);
                n = add(out, n, max, CW_MAP_NEXT, 0, x0 + w + GAP, y, w, 48);
            }
        } else if (tab == CT_EVIDENCE) {
            n = add(out, n, max, CW_AID, 0, x0, top + 200, full, 52);
            for (int i = 0; i < 3; i++) {
                double y = top + 340 + i * 52;
                n = add(out, n, max, CW_TUNE_DEC, i, f.x + f.w - SIDE_PAD - 2 * 48 - GAP, y,
                        48, 46);
                n = add(out, n, max, CW_TUNE_INC, i, f.x + f.w - SIDE_PAD - 48, y, 48, 46);
            }
            double w = share(full, 2), y = top + 510;
            n = add(out, n, max, CW_REDUCED_MOTION, 0, x0, y, w, 52);
            n = add(out, n, max, CW_CAPTIONS, 0, x0 + w + GAP, y, w, 52);
        } else {
            double w = share(full, 3);
            for (int i = 0; i < 3; i++)
                n = add(out, n, max, CW_OUTCOME, i, x0 + i * (w + GAP), top + 24, w, 56);
        }
        /* Quitting is an explicit control (Escape only closes surfaces), on every tab. */
        double qw = share(full, 2);
        n = add(out, n, max, CW_QUIT, 0, x0 + qw + GAP, f.y + f.h - 16 - 52, qw, 52);
    }
    return n < max ? n : max;
}

int compass_widget_at(const compass_widget *ws, int n, double x, double y)
{
    for (int i = 0; i < n; i++)
        if (compass_box_contains(ws[i].box, x, y))
            return i;
    return -1;
}

const char *compass_widget_name(compass_widget_kind k)
{
    static const char *const names[CW_KIND_COUNT] = {
        "undo", "restart", "tools", "how-to-play", "ftue-next", "ftue-skip", "continue",
        "replay", "level-map", "tools-close", "tab-map", "tab-evidence", "tab-payload",
        "map-level", "map-prev", "map-next", "designer-aid", "tuning-decrease",
        "tuning-increase", "reduced-motion", "captions", "outcome", "quit", "note-dismiss"};
    return (unsigned)k < CW_KIND_COUNT ? names[k] : "?";
}
