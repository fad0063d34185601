/* Memory5D geometry: pure, for the scene's screens and its tests. */
#include "memory5d_layout.h"

#include <math.h>

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

void memory5d_layout_board(memory5d_layout *lay, int n, double scale, int focus, int *scroll_row,
                           int *scroll_col)
{
    const double vx = memory5d_layout_view_x(), vy = memory5d_layout_view_y(),
                 vs = memory5d_layout_view_size();
    double pitch = vs / n;
    if (pitch > 130)
        pitch = 130;
    lay->n = n;
    lay->rows = lay->cols = n;
    lay->first_row = lay->first_col = 0;
    lay->scrolled = 0;
    if (scale > 0 && pitch * scale < MEMORY5D_MIN_TARGET) {
        pitch = ceil(MEMORY5D_MIN_TARGET / scale);
        int k = (int)floor(vs / pitch);
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
        pitch = fmin(pitch, vs / n);
    *scroll_row = lay->first_row;
    *scroll_col = lay->first_col;
    lay->cell = pitch;
    double span = pitch * lay->cols;
    lay->x0 = vx + (vs - span) / 2;
    lay->y0 = vy + (vs - pitch * lay->rows) / 2;
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
    if (memory5d_layout_compact())
        return 0; /* the compact lobby has its own list (memory5d_layout_lobby_row) */
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

/* The compact lobby (960x540): the settings and the two power rows in a list box that scrolls
 * in whole rows (the focus scrolls it into view, a drag pans it), the ways on (Play, Tutorial,
 * Records, Quit) in a column beside it that never scrolls. The power rows put their label
 * above the four powers, which take the list's whole width. */
enum { LIST_X = 16, LIST_Y = 64, LIST_W = 700, LIST_H = 390, LIST_PAD = 8, LIST_GAP = 10,
       LIST_BAND = 30, LIST_LABEL_W = 190, WAYS_X = 732, WAYS_W = 212 };
static const int lobby_list[] = {MEMORY5D_ROW_MODE,     MEMORY5D_ROW_OPPONENT, MEMORY5D_ROW_DIFFICULTY,
                                 MEMORY5D_ROW_SEED,     MEMORY5D_ROW_MOTION,   MEMORY5D_ROW_SENSORY,
                                 MEMORY5D_ROW_CONTRAST, MEMORY5D_ROW_SHOP,     MEMORY5D_ROW_LOADOUT};
enum { LOBBY_LIST_N = sizeof lobby_list / sizeof lobby_list[0] };
static int lobby_first; /* the list's first shown row (an index into lobby_list) */

static int power_row(int row) { return row == MEMORY5D_ROW_SHOP || row == MEMORY5D_ROW_LOADOUT; }
static double compact_row_h(void) { return grow(56, 76); }
/* a list row's height with its label band, without the gap under it */
static double list_item_h(int i)
{
    return (power_row(lobby_list[i]) ? LIST_BAND : 0) + compact_row_h();
}

int memory5d_layout_lobby_list_row(int i) { return i >= 0 && i < LOBBY_LIST_N ? lobby_list[i] : -1; }

int memory5d_layout_lobby_list_index(int row)
{
    for (int i = 0; i < LOBBY_LIST_N; i++)
        if (lobby_list[i] == row)
            return i;
    return -1;
}

/* The last list row shown when first is the first (whole rows only). */
static int list_last(int first)
{
    double y = LIST_Y + LIST_PAD, end = LIST_Y + LIST_H - LIST_PAD;
    int last = first;
    for (int i = first; i < LOBBY_LIST_N; i++) {
        y += list_item_h(i);
        if (y > end && i > first)
            break;
        last = i;
        y += LIST_GAP;
    }
    return last;
}

int memory5d_layout_lobby_list_max_first(void)
{
    int f = LOBBY_LIST_N - 1;
    while (f > 0 && list_last(f - 1) == LOBBY_LIST_N - 1)
        f--;
    return f;
}

void memory5d_layout_set_lobby_first(int first)
{
    int max = memory5d_layout_lobby_list_max_first();
    lobby_first = first < 0 ? 0 : first > max ? max : first;
}
int memory5d_layout_lobby_first(void) { return lobby_first; }

int memory5d_layout_lobby_first_showing(int row, int first)
{
    int i = memory5d_layout_lobby_list_index(row), max = memory5d_layout_lobby_list_max_first();
    first = first < 0 ? 0 : first > max ? max : first;
    if (i < 0)
        return first;
    if (i < first)
        return i;
    while (list_last(first) < i && first < max)
        first++;
    return first;
}

int memory5d_layout_lobby_list_last(void) { return list_last(lobby_first); }

void memory5d_layout_lobby_list_box(double *x, double *y, double *w, double *h)
{
    *x = LIST_X;
    *y = LIST_Y;
    *w = LIST_W;
    *h = LIST_H;
}

int memory5d_layout_lobby_shown(int row)
{
    if (!memory5d_layout_compact())
        return 1;
    int i = memory5d_layout_lobby_list_index(row);
    return i < 0 || (i >= lobby_first && i <= list_last(lobby_first));
}

static void compact_lobby_row(int row, double *x, double *y, double *w, double *h)
{
    int i = memory5d_layout_lobby_list_index(row);
    if (i < 0) { /* the ways on: Play taller, then Tutorial, Records and Quit */
        static const int ways[] = {MEMORY5D_ROW_PLAY, MEMORY5D_ROW_TUTORIAL, MEMORY5D_ROW_RECORDS,
                                   MEMORY5D_ROW_QUIT};
        double top = LIST_Y, play = grow(84, 100), rh = compact_row_h();
        *x = WAYS_X;
        *w = WAYS_W;
        for (int k = 0; k < 4; k++) {
            *h = k ? rh : play;
            *y = top;
            if (ways[k] == row)
                return;
            top += *h + 12;
        }
        return;
    }
    if (i < lobby_first || i > list_last(lobby_first)) { /* scrolled out: no box */
        *x = *y = *w = *h = 0;
        return;
    }
    double top = LIST_Y + LIST_PAD;
    for (int k = lobby_first; k < i; k++)
        top += list_item_h(k) + LIST_GAP;
    /* the options end left of the scroll bar */
    double right = LIST_X + LIST_W - 20;
    *h = compact_row_h();
    if (power_row(row)) {
        *x = LIST_X + 12;
        *y = top + LIST_BAND;
    } else {
        *x = LIST_X + 12 + LIST_LABEL_W + 12;
        *y = top;
    }
    *w = right - *x;
}

void memory5d_layout_lobby_label(int row, double *x, double *y, int *left)
{
    double rx, ry, rw, rh;
    memory5d_layout_lobby_row(row, &rx, &ry, &rw, &rh);
    if (!memory5d_layout_compact()) {
        int two = memory5d_layout_lobby_two_columns();
        *x = rx - 30;
        *y = ry + rh / 2 - (two && row == MEMORY5D_ROW_LOADOUT ? 12 : 0);
        *left = 0;
    } else if (power_row(row)) { /* in the band above the powers */
        *x = rx + 4;
        *y = ry - LIST_BAND / 2.0 - 2;
        *left = 1;
    } else {
        *x = LIST_X + 12 + LIST_LABEL_W;
        *y = ry + rh / 2;
        *left = 0;
    }
}

double memory5d_layout_lobby_label_w(void) { return memory5d_layout_compact() ? LIST_LABEL_W : 1e9; }

void memory5d_layout_lobby_note(int row, double *x, double *y)
{
    double rx, ry, rw, rh;
    memory5d_layout_lobby_row(row, &rx, &ry, &rw, &rh);
    int two = memory5d_layout_lobby_two_columns();
    if (memory5d_layout_compact()) { /* right in the band above the powers */
        *x = rx + rw;
        *y = ry - LIST_BAND / 2.0 - 2;
    } else if (row == MEMORY5D_ROW_SHOP) {
        *x = two ? rx - 30 : 560;
        *y = ry + rh / 2;
    } else {
        *x = two ? rx - 30 : 560;
        *y = ry + rh / 2 + (two ? 18 : 0);
    }
}

void memory5d_layout_lobby_row(int row, double *x, double *y, double *w, double *h)
{
    int wide = row == MEMORY5D_ROW_SHOP || row == MEMORY5D_ROW_LOADOUT;
    if (memory5d_layout_compact()) {
        compact_lobby_row(row, x, y, w, h);
        return;
    }
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
    if (rw <= 0) { /* scrolled out of the compact lobby's list */
        *x = *y = *w = *h = 0;
        return;
    }
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
    if (memory5d_layout_compact()) { /* a row along the bottom, above the caption bar */
        *w = 200;
        *h = grow(56, 70);
        *x = 480 - (3 * 200 + 2 * 24) / 2.0 + i * 224;
        *y = 472 - *h;
        return;
    }
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
    if (memory5d_layout_compact()) { /* its label left of it, the buttons under it */
        double bx, by, bw, bh;
        memory5d_layout_results_button(0, &bx, &by, &bw, &bh);
        *x = 336;
        *w = 944 - *x;
        *h = grow(56, 70);
        *y = by - 14 - *h;
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
    if (rw <= 0) { /* scrolled out of the compact lobby's list */
        *x = *y = *w = *h = 0;
        return;
    }
    *w = (rw - gap * (MEMORY5D_POWERS - 1)) / MEMORY5D_POWERS;
    *x = rx + o * (*w + gap);
    *y = ry;
    *h = rh;
}

void memory5d_layout_shop_note(int where, double *x, double *y)
{
    if (where == MEMORY5D_SHOP_LOBBY) {
        memory5d_layout_lobby_note(MEMORY5D_ROW_SHOP, x, y);
        return;
    }
    double rx, ry, rw, rh;
    memory5d_layout_shop_row(where, &rx, &ry, &rw, &rh);
    *x = rx - (memory5d_layout_compact() ? 16 : 30);
    *y = ry + rh / 2;
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
    if (memory5d_layout_compact()) { /* four across the field, under the pick order */
        *x = 16 + i * 236;
        *y = 148;
        *w = 220;
        *h = 170;
        return;
    }
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

/* ---------------------------------------------------------------- the match */

/* the compact left column: x 12 to 500 (the board's row numbers and N badge right of it); the
 * title row's buttons 4 px from the top */
enum { C_LEFT = 12, C_COL_W = 488, C_PANEL_Y = 76, C_PANEL_H = 124 };

double memory5d_layout_view_x(void) { return memory5d_layout_compact() ? 532 : 600.0; }
double memory5d_layout_view_y(void) { return memory5d_layout_compact() ? 40 : 160.0; }
double memory5d_layout_view_size(void) { return memory5d_layout_compact() ? 400 : 780.0; }
double memory5d_layout_view_margin(void) { return memory5d_layout_compact() ? 8 : 14; }

void memory5d_layout_player_panel(int p, double *x, double *y, double *w, double *h)
{
    if (memory5d_layout_compact()) { /* side by side under the title row */
        *w = (C_COL_W - 8) / 2.0;
        *x = C_LEFT + p * (*w + 8);
        *y = C_PANEL_Y;
        *h = C_PANEL_H;
        return;
    }
    *x = 40;
    *y = 130.0 + p * 290.0;
    *w = 490;
    *h = 280.0;
}

double memory5d_layout_status_y(void)
{
    /* compact: under the panels and the two lines of the newest link's breakdown */
    return memory5d_layout_compact() ? C_PANEL_Y + C_PANEL_H + 62 : 736.0;
}

/* the power bar's buttons: two rows ending at 994, above the caption bar, and below the
 * status line at 736; compact: two by two at the left column's foot, above the caption bar */
static double power_h(void) { return memory5d_layout_compact() ? grow(60, 70) : grow(44, 118); }

double memory5d_layout_power_top(void)
{
    double h = power_h();
    if (memory5d_layout_compact())
        return memory5d_layout_caption_top() - 8 - 2 * h - 8; /* room for a focus ring */
    return h > 44 ? 994 - 2 * h - 8 : 900;
}

void memory5d_layout_power_button(int i, double *x, double *y, double *w, double *h)
{
    *h = power_h();
    if (memory5d_layout_compact()) {
        *w = (C_COL_W - 8) / 2.0;
        *x = C_LEFT + (i % 2) * (*w + 8);
        *y = memory5d_layout_power_top() + (i / 2) * (*h + 8);
        return;
    }
    *x = 40 + (i % 2) * 250;
    *y = memory5d_layout_power_top() + (i / 2) * (*h + 8 - (*h > 44 ? 0 : 2));
    *w = 240;
}

/* compact: the title row's two buttons (Legend, Leave) at the left column's right end */
static double title_button_h(void) { return grow(60, 70); }

void memory5d_layout_leave_button(double *x, double *y, double *w, double *h)
{
    if (memory5d_layout_compact()) {
        *w = 90;
        *x = C_LEFT + C_COL_W - *w;
        *y = 4;
        *h = title_button_h();
        return;
    }
    *x = 1690;
    *y = 14;
    *w = 200;
    *h = 72;
}

int memory5d_layout_legend_button(double *x, double *y, double *w, double *h)
{
    memory5d_layout_leave_button(x, y, w, h);
    *x -= *w + 8;
    return memory5d_layout_compact();
}

void memory5d_layout_legend_drawer(double *x, double *y, double *w, double *h)
{
    *x = C_LEFT;
    *y = C_PANEL_Y;
    *w = memory5d_layout_field_w() - 2 * C_LEFT;
    *h = memory5d_layout_caption_top() - 4 - *y;
}

void memory5d_layout_modal(double *x, double *y, double *w, double *h)
{
    if (memory5d_layout_compact()) {
        *x = 160;
        *y = 60;
        *w = 640;
        *h = 380;
        return;
    }
    *x = 560;
    *y = 300;
    *w = 800;
    *h = 360;
}

void memory5d_layout_done_card(double *x, double *y, double *w, double *h)
{
    if (memory5d_layout_compact()) { /* over the left column */
        *x = C_LEFT;
        *y = C_PANEL_Y;
        *w = C_COL_W;
        *h = memory5d_layout_caption_top() - 4 - *y;
        return;
    }
    *x = 1410;
    *y = 130;
    *w = 490;
    *h = 600;
}

void memory5d_layout_coach_box(int arcade, double *x, double *y, double *w, double *h)
{
    if (memory5d_layout_compact()) {
        *x = C_LEFT;
        *w = C_COL_W;
        *y = memory5d_layout_status_y() - 12; /* under the newest link's breakdown */
        *h = (arcade ? memory5d_layout_power_top() : memory5d_layout_caption_top()) - 4 - *y;
        return;
    }
    *x = 40;
    *w = 500;
    if (arcade) { /* the power buttons are below, so a shorter box above them */
        *y = memory5d_layout_power_top() - 136;
        if (*y > 762)
            *y = 762;
        *h = 128;
    } else {
        *y = 770;
        *h = 210;
    }
}

void memory5d_layout_rewoven_banner(double *x, double *y, double *w, double *h)
{
    if (memory5d_layout_compact()) { /* over the recent events, which say it too */
        *x = C_LEFT;
        *y = memory5d_layout_status_y() + 10;
        *w = C_COL_W;
        *h = 62;
        return;
    }
    *x = 1430;
    *y = 862;
    *w = 460;
    *h = 118;
}

void memory5d_layout_card_button(int i, double *x, double *y, double *w, double *h)
{
    if (memory5d_layout_compact()) {
        double bx, by, bw, bh;
        if (i)
            memory5d_layout_done_card(&bx, &by, &bw, &bh);
        else
            memory5d_layout_modal(&bx, &by, &bw, &bh);
        *w = 220;
        *h = grow(60, 80);
        *x = i ? bx + bw - 16 - *w : bx + (bw - *w) / 2;
        *y = by + bh - 16 - *h;
        return;
    }
    *w = 240;
    *h = grow(64, 120);
    *x = i ? 1535 : 840;
    *y = i ? 694 - *h : 624 - *h;
}

void memory5d_layout_dialog_button(int i, double *x, double *y, double *w, double *h)
{
    if (memory5d_layout_compact()) {
        double bx, by, bw, bh;
        memory5d_layout_modal(&bx, &by, &bw, &bh);
        *w = 180;
        *h = grow(60, 80);
        *x = bx + bw / 2 - 190 + i * 200;
        *y = by + bh - 16 - *h;
        return;
    }
    *x = 760 + i * 220;
    *w = 180;
    *h = grow(64, 120);
    *y = 624 - *h;
}
