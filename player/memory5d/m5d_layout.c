/* Memory5D board layout: pure geometry for the scene and its tests. */
#include "m5d_layout.h"

#include <math.h>

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

void m5d_layout_board(m5d_layout *lay, int n, double scale, int focus, int *scroll_row,
                      int *scroll_col)
{
    double pitch = M5D_VIEW_SIZE / n;
    if (pitch > 130)
        pitch = 130;
    lay->n = n;
    lay->rows = lay->cols = n;
    lay->first_row = lay->first_col = 0;
    lay->scrolled = 0;
    if (scale > 0 && pitch * scale < M5D_MIN_TARGET) {
        pitch = ceil(M5D_MIN_TARGET / scale);
        int k = (int)floor(M5D_VIEW_SIZE / pitch);
        if (k < 1)
            k = 1;
        if (k < n) {
            lay->rows = lay->cols = k;
            lay->scrolled = 1;
            int r0 = clampi(*scroll_row, 0, n - k), c0 = clampi(*scroll_col, 0, n - k);
            if (focus >= 0 && focus < n * n) {
                int fr = focus / n, fc = focus % n;
                if (fr < r0) r0 = fr;
                if (fr >= r0 + k) r0 = fr - k + 1;
                if (fc < c0) c0 = fc;
                if (fc >= c0 + k) c0 = fc - k + 1;
            }
            lay->first_row = r0;
            lay->first_col = c0;
        }
    }
    if (!lay->scrolled)
        pitch = fmin(pitch, M5D_VIEW_SIZE / n);
    *scroll_row = lay->first_row;
    *scroll_col = lay->first_col;
    lay->cell = pitch;
    double span = pitch * lay->cols;
    lay->x0 = M5D_VIEW_X + (M5D_VIEW_SIZE - span) / 2;
    lay->y0 = M5D_VIEW_Y + (M5D_VIEW_SIZE - pitch * lay->rows) / 2;
}

int m5d_layout_cell_box(const m5d_layout *lay, int cell, double *x, double *y, double *w,
                        double *h)
{
    if (cell < 0 || cell >= lay->n * lay->n)
        return 0;
    int r = cell / lay->n - lay->first_row, c = cell % lay->n - lay->first_col;
    if (r < 0 || c < 0 || r >= lay->rows || c >= lay->cols)
        return 0;
    *x = lay->x0 + c * lay->cell;
    *y = lay->y0 + r * lay->cell;
    *w = *h = lay->cell;
    return 1;
}

int m5d_layout_hit(const m5d_layout *lay, double x, double y)
{
    if (x < lay->x0 || y < lay->y0)
        return -1;
    int c = (int)floor((x - lay->x0) / lay->cell), r = (int)floor((y - lay->y0) / lay->cell);
    if (r >= lay->rows || c >= lay->cols)
        return -1;
    return (r + lay->first_row) * lay->n + c + lay->first_col;
}

int m5d_focus_move(int n, int focus, int move, int ctrl)
{
    if (focus < 0 || focus >= n * n)
        return 0;
    int r = focus / n, c = focus % n;
    switch (move) {
    case M5D_MOVE_LEFT: c = clampi(c - 1, 0, n - 1); break;
    case M5D_MOVE_RIGHT: c = clampi(c + 1, 0, n - 1); break;
    case M5D_MOVE_UP: r = clampi(r - 1, 0, n - 1); break;
    case M5D_MOVE_DOWN: r = clampi(r + 1, 0, n - 1); break;
    case M5D_MOVE_HOME:
        if (ctrl)
            return 0;
        c = 0;
        break;
    case M5D_MOVE_END:
        if (ctrl)
            return n * n - 1;
        c = n - 1;
        break;
    default: break;
    }
    return r * n + c;
}

void m5d_layout_turning(const m5d_layout *lay, int cell, double t, double *cx, double *cy,
                        double *k)
{
    int n = lay->n;
    /* the centre of the cell's box, visible or not */
    double bx = lay->x0 + (cell % n - lay->first_col + 0.5) * lay->cell;
    double by = lay->y0 + (cell / n - lay->first_row + 0.5) * lay->cell;
    double ox = lay->x0 + (n / 2.0 - lay->first_col) * lay->cell;
    double oy = lay->y0 + (n / 2.0 - lay->first_row) * lay->cell;
    double a = -(1 - t) * M_PI / 2; /* a quarter turn back at t = 0 */
    *k = 1 / (fabs(cos(a)) + fabs(sin(a)));
    double dx = (bx - ox) * *k, dy = (by - oy) * *k;
    *cx = ox + dx * cos(a) - dy * sin(a);
    *cy = oy + dx * sin(a) + dy * cos(a);
}
