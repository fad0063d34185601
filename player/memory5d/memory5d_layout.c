/* Memory5D geometry: pure, for the scene's screens and its tests. */
#include "memory5d_layout.h"

#include <math.h>

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

void memory5d_layout_board(memory5d_layout *lay, int n, double scale, int focus, int *scroll_row,
                           int *scroll_col)
{
    double pitch = MEMORY5D_VIEW_SIZE / n;
    if (pitch > 130)
        pitch = 130;
    lay->n = n;
    lay->rows = lay->cols = n;
    lay->first_row = lay->first_col = 0;
    lay->scrolled = 0;
    if (scale > 0 && pitch * scale < MEMORY5D_MIN_TARGET) {
        pitch = ceil(MEMORY5D_MIN_TARGET / scale);
        int k = (int)floor(MEMORY5D_VIEW_SIZE / pitch);
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
        pitch = fmin(pitch, MEMORY5D_VIEW_SIZE / n);
    *scroll_row = lay->first_row;
    *scroll_col = lay->first_col;
    lay->cell = pitch;
    double span = pitch * lay->cols;
    lay->x0 = MEMORY5D_VIEW_X + (MEMORY5D_VIEW_SIZE - span) / 2;
    lay->y0 = MEMORY5D_VIEW_Y + (MEMORY5D_VIEW_SIZE - pitch * lay->rows) / 2;
}

int memory5d_layout_cell_box(const memory5d_layout *lay, int cell, double *x, double *y, double *w,
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

int memory5d_layout_hit(const memory5d_layout *lay, double x, double y)
{
    if (x < lay->x0 || y < lay->y0)
        return -1;
    int c = (int)floor((x - lay->x0) / lay->cell), r = (int)floor((y - lay->y0) / lay->cell);
    if (r >= lay->rows || c >= lay->cols)
        return -1;
    return (r + lay->first_row) * lay->n + c + lay->first_col;
}

int memory5d_layout_focus_move(int n, int focus, int move, int ctrl)
{
    if (focus < 0 || focus >= n * n)
        return 0;
    int r = focus / n, c = focus % n;
    switch (move) {
    case MEMORY5D_MOVE_LEFT: c = clampi(c - 1, 0, n - 1); break;
    case MEMORY5D_MOVE_RIGHT: c = clampi(c + 1, 0, n - 1); break;
    case MEMORY5D_MOVE_UP: r = clampi(r - 1, 0, n - 1); break;
    case MEMORY5D_MOVE_DOWN: r = clampi(r + 1, 0, n - 1); break;
    case MEMORY5D_MOVE_HOME:
        if (ctrl)
            return 0;
        c = 0;
        break;
    case MEMORY5D_MOVE_END:
        if (ctrl)
            return n * n - 1;
        c = n - 1;
        break;
    default: break;
    }
    return r * n + c;
}

void memory5d_layout_turning(const memory5d_layout *lay, int cell, double t, double *cx, double *cy,
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

/* ---------------------------------------------------------------- screens' boxes */

/* The screens' field and scale: layout state shared by every box function (one scene draws
 * at a time). */
static double ui_scale = 1;
static int ui_field_w = MEMORY5D_FIELD_W, ui_field_h = MEMORY5D_FIELD_H;

void memory5d_layout_field_for(int out_w, int out_h, int *field_w, int *field_h)
{
    double wide = fmin((double)out_w / MEMORY5D_FIELD_W, (double)out_h / MEMORY5D_FIELD_H);
    int compact = wide < 2.0 / 3 - 1e-9;
    *field_w = compact ? MEMORY5D_COMPACT_W : MEMORY5D_FIELD_W;
    *field_h = compact ? MEMORY5D_COMPACT_H : MEMORY5D_FIELD_H;
}

void memory5d_layout_set_field(int field_w, int field_h)
{
    ui_field_w = field_w;
    ui_field_h = field_h;
}
int memory5d_layout_field_w(void) { return ui_field_w; }
int memory5d_layout_field_h(void) { return ui_field_h; }
int memory5d_layout_compact(void) { return ui_field_w == MEMORY5D_COMPACT_W; }
double memory5d_layout_caption_top(void) { return memory5d_layout_compact() ? 484 : 1000; }

void memory5d_layout_set_scale(double scale) { ui_scale = scale > 0 ? scale : 1; }
double memory5d_layout_scale(void) { return ui_scale; }
double memory5d_layout_min_target(void) { return MEMORY5D_MIN_TARGET / ui_scale; }
double memory5d_layout_min_text(void) { return MEMORY5D_MIN_TEXT / ui_scale; }

/* A target's side: its design size, or the smallest target at this scale, capped at room. */
static double grow(double design, double room)
{
    double t = ceil(memory5d_layout_min_target());
    double v = design > t ? design : t;
    return v < room ? v : room > design ? room : design;
}

enum { LOBBY_TOP = 190, LOBBY_BOTTOM = 950, LOBBY_SPLIT = MEMORY5D_ROW_PLAY };

int memory5d_layout_lobby_two_columns(void)
{
    /* one column holds 13 rows at 60 px: two columns once a row must be taller than 52 */
    return memory5d_layout_min_target() > 52;
}

int memory5d_layout_pick(memory5d_layout_box_fn box, int count, double px, double py)
{
    for (int i = 0; i < count; i++) {
        double x, y, w, h;
        box(i, &x, &y, &w, &h);
        if (px >= x && px < x + w && py >= y && py < y + h)
            return i;
    }
    return -1;
}

void memory5d_layout_lobby_row(int row, double *x, double *y, double *w, double *h)
{
    int wide = row == MEMORY5D_ROW_SHOP || row == MEMORY5D_ROW_LOADOUT;
    if (!memory5d_layout_lobby_two_columns()) {
        *x = 900;
        *y = 188 + row * 60;
        /* the shop and loadout rows are wider: four powers with prices and counts */
        *w = wide ? 960 : 560;
        *h = 52;
        return;
    }
    /* two columns: the settings (Mode to High contrast) left, Play to Quit right */
    int right = row >= LOBBY_SPLIT, i = right ? row - LOBBY_SPLIT : row;
    *h = grow(52, (LOBBY_BOTTOM - LOBBY_TOP) / 7.0 - 10);
    *x = right ? 1180 : 520;
    *y = LOBBY_TOP + i * (*h + 10);
    *w = right ? (wide ? 700 : 460) : 440;
}

int memory5d_layout_lobby_options(int row)
{
    switch (row) {
    case MEMORY5D_ROW_MODE: return 3;
    case MEMORY5D_ROW_OPPONENT: return 2;
    case MEMORY5D_ROW_DIFFICULTY: return 4;
    case MEMORY5D_ROW_SHOP:
    case MEMORY5D_ROW_LOADOUT: return MEMORY5D_POWERS;
    case MEMORY5D_ROW_SEED: return 2;
    default: return 1;
    }
}

void memory5d_layout_lobby_option(int row, int o, double *x, double *y, double *w, double *h)
{
    if (row == MEMORY5D_ROW_SHOP) {
        memory5d_layout_shop_option(MEMORY5D_SHOP_LOBBY, o, x, y, w, h);
        return;
    }
    double rx, ry, rw, rh;
    memory5d_layout_lobby_row(row, &rx, &ry, &rw, &rh);
    int k = memory5d_layout_lobby_options(row);
    double gap = 12, ow = (rw - gap * (k - 1)) / k;
    *x = rx + o * (ow + gap);
    *y = ry;
    *w = ow;
    *h = rh;
}

int memory5d_layout_lobby_hit(double px, double py, int *row, int *opt)
{
    for (int r = 0; r < MEMORY5D_ROWS; r++)
        for (int o = 0; o < memory5d_layout_lobby_options(r); o++) {
            double x, y, w, h;
            memory5d_layout_lobby_option(r, o, &x, &y, &w, &h);
            if (px >= x && px < x + w && py >= y && py < y + h) {
                *row = r;
                *opt = o;
                return 1;
            }
        }
    return 0;
}

void memory5d_layout_results_button(int i, double *x, double *y, double *w, double *h)
{
    *w = 300;
    *h = grow(72, 96);
    *x = 960 - 480 + i * 330;
    *y = 900;
}

void memory5d_layout_shop_row(int where, double *x, double *y, double *w, double *h)
{
    if (where == MEMORY5D_SHOP_LOBBY) {
        memory5d_layout_lobby_row(MEMORY5D_ROW_SHOP, x, y, w, h);
        return;
    }
    /* results: between the two players' panels and the buttons */
    *x = 760;
    *h = grow(56, 100);
    *y = 846 - *h;
    *w = 960;
}

void memory5d_layout_shop_option(int where, int o, double *x, double *y, double *w, double *h)
{
    double rx, ry, rw, rh, gap = 12;
    memory5d_layout_shop_row(where, &rx, &ry, &rw, &rh);
    *w = (rw - gap * (MEMORY5D_POWERS - 1)) / MEMORY5D_POWERS;
    *x = rx + o * (*w + gap);
    *y = ry;
    *h = rh;
}

int memory5d_layout_shop_hit(int where, double px, double py)
{
    for (int o = 0; o < MEMORY5D_POWERS; o++) {
        double x, y, w, h;
        memory5d_layout_shop_option(where, o, &x, &y, &w, &h);
        if (px >= x && px < x + w && py >= y && py < y + h)
            return o;
    }
    return -1;
}

void memory5d_layout_draft_card(int i, double *x, double *y, double *w, double *h)
{
    *x = 300 + i * 340;
    *y = 330;
    *w = 300;
    *h = 300;
}

/* The compact records screen: the nine buttons in two columns down the left (Next profile
 * to Delete Profile, then Delete Everything to Back), the summary and the history right of
 * them from REC_C_RIGHT; the history's rows under its heading, the final board beside them. */
enum { REC_C_TOP = 72, REC_C_BUTTON_W = 184, REC_C_RIGHT = 416, REC_C_HISTORY_TOP = 252,
       REC_C_HISTORY_W = 240, REC_C_BOTTOM = 476 };

/* a compact target's side: its design size, or the smallest target at this scale */
static double compact_side(double design)
{
    double t = ceil(memory5d_layout_min_target());
    return design > t ? design : t;
}

void memory5d_layout_records_button(int i, double *x, double *y, double *w, double *h)
{
    if (memory5d_layout_compact()) {
        /* five rows, with a gap wider than the focus ring (7 px outside its button) */
        int col = i >= 5, row = col ? i - 5 : i;
        *h = compact_side(56);
        *w = REC_C_BUTTON_W;
        *x = 16 + col * (REC_C_BUTTON_W + 16);
        *y = REC_C_TOP + row * (*h + 14);
        return;
    }
    *x = 70;
    *h = grow(68, 80);
    *y = 170 + i * (*h + 20);
    *w = 400;
}

static double history_h(void)
{
    return memory5d_layout_compact() ? compact_side(48) : grow(44, 120);
}
/* the gap between history rows: the compact one leaves room for the selection's frame */
static double history_gap(void) { return memory5d_layout_compact() ? 8 : 4; }

int memory5d_layout_history_rows(void)
{
    /* as many rows as fit between 610 and the caption bar (compact: under the history's
     * heading, down to REC_C_BOTTOM), at most eight */
    double top = memory5d_layout_compact() ? REC_C_HISTORY_TOP : 610;
    double bottom = memory5d_layout_compact() ? REC_C_BOTTOM : 994;
    int k = (int)((bottom - top + history_gap()) / (history_h() + history_gap()));
    return k > 8 ? 8 : k < 1 ? 1 : k;
}

int memory5d_layout_history_first(int selected, int count)
{
    int slots = memory5d_layout_history_rows();
    if (!memory5d_layout_compact())
        return selected >= slots ? selected - slots + 1 : 0;
    /* the few compact rows keep the selection off their edges where the list goes on, so a
     * click on the last shown row brings the next one into view */
    int first = selected - slots / 2, last = count - slots;
    if (first > last)
        first = last;
    return first < 0 ? 0 : first;
}

void memory5d_layout_history_row(int i, double *x, double *y, double *w, double *h)
{
    *h = history_h();
    if (memory5d_layout_compact()) {
        *x = REC_C_RIGHT;
        *y = REC_C_HISTORY_TOP + i * (*h + history_gap());
        *w = REC_C_HISTORY_W;
        return;
    }
    *x = 1070;
    *y = 610 + i * (*h + 4);
    *w = 260;
}

void memory5d_layout_records_summary(double *x, double *y, double *w, double *h)
{
    /* compact: above the history, right of the buttons (the wide screen's panels are its own) */
    *x = REC_C_RIGHT;
    *y = 64;
    *w = 944 - REC_C_RIGHT;
    *h = 214 - 64;
}

void memory5d_layout_confirm_box(double *x, double *y, double *w, double *h)
{
    int c = memory5d_layout_compact();
    *x = c ? 40 : 560;
    *y = c ? 24 : 270;
    *w = c ? 880 : 800;
    *h = c ? 440 : 480;
}

void memory5d_layout_confirm_button(int i, double *x, double *y, double *w, double *h)
{
    if (memory5d_layout_compact()) {
        /* along the bottom of the compact confirmation (memory5d_layout_confirm_box) */
        *w = 240;
        *h = compact_side(60);
        *x = 480 - 16 - 240 + i * (240 + 32);
        *y = 444 - *h;
        return;
    }
    *x = 640 + i * 340;
    *y = 650;
    *w = 300;
    *h = grow(72, 140);
}

/* the power bar's buttons: two rows ending at 994, above the caption bar, and below the
 * status line at 736 */
static double power_h(void) { return grow(44, 118); }

double memory5d_layout_power_top(void)
{
    double h = power_h();
    return h > 44 ? 994 - 2 * h - 8 : 900;
}

void memory5d_layout_power_button(int i, double *x, double *y, double *w, double *h)
{
    *h = power_h();
    *x = 40 + (i % 2) * 250;
    *y = memory5d_layout_power_top() + (i / 2) * (*h + 8 - (*h > 44 ? 0 : 2));
    *w = 240;
}

void memory5d_layout_card_button(int i, double *x, double *y, double *w, double *h)
{
    *w = 240;
    *h = grow(64, 120);
    *x = i ? 1535 : 840;
    *y = i ? 694 - *h : 624 - *h;
}

void memory5d_layout_leave_button(double *x, double *y, double *w, double *h)
{
    *x = 1690;
    *y = 14;
    *w = 200;
    *h = 72;
}

void memory5d_layout_dialog_button(int i, double *x, double *y, double *w, double *h)
{
    *x = 760 + i * 220;
    *w = 180;
    *h = grow(64, 120);
    *y = 624 - *h;
}
