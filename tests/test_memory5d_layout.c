/* player/memory5d/memory5d_layout: the board's boxes, hit testing, the roving focus ("arrows,
 * Home/End, Ctrl+Home/Ctrl+End"), the 44 px targets with an internally scrolling viewport
 * and the Expert rotation's path. */
#include <criterion/criterion.h>
#include <math.h>

#include "../player/memory5d/memory5d_layout.h"

Test(memory5d_layout, a_full_board_fits_the_viewport_and_hits_its_cells)
{
    memory5d_layout lay;
    int sr = 0, sc = 0;
    memory5d_layout_board(&lay, 9, 1.0, 40, &sr, &sc);
    cr_expect_eq(lay.scrolled, 0);
    cr_expect_float_eq(lay.cell, memory5d_layout_view_size() / 9, 1e-9);
    double x, y, w, h;
    cr_assert(memory5d_layout_cell_box(&lay, 40, &x, &y, &w, &h));
    cr_expect_eq(memory5d_layout_hit(&lay, x + w / 2, y + h / 2), 40);
    cr_expect_eq(memory5d_layout_hit(&lay, x - 1, y + 1), 39);
    cr_expect_eq(memory5d_layout_hit(&lay, memory5d_layout_view_x() - 5, memory5d_layout_view_y() + 5),
                 -1);
    memory5d_layout_board(&lay, 6, 1.0, 0, &sr, &sc);
    cr_expect_float_eq(lay.cell, 130, 1e-9, "small boards keep a comfortable pitch");
}

/* "each target is at least 44 px ... an internally scrollable narrow-board viewport" */
Test(memory5d_layout, a_small_window_grows_cells_to_44_px_and_scrolls_to_the_focus)
{
    memory5d_layout lay;
    int sr = 0, sc = 0;
    double scale = 0.3; /* a 576x324 window */
    memory5d_layout_board(&lay, 9, scale, 0, &sr, &sc);
    cr_expect(lay.scrolled);
    cr_expect_geq(lay.cell * scale, MEMORY5D_MIN_TARGET);
    cr_expect_lt(lay.rows, 9);
    cr_expect_leq(lay.cell * lay.rows, memory5d_layout_view_size(),
                  "the window stays inside the viewport");
    memory5d_layout_board(&lay, 9, scale, 80, &sr, &sc);
    double x, y, w, h;
    cr_expect(memory5d_layout_cell_box(&lay, 80, &x, &y, &w, &h), "the focused corner is visible");
    cr_expect(!memory5d_layout_cell_box(&lay, 0, &x, &y, &w, &h), "the far corner scrolled away");
    cr_expect_eq(sr, 9 - lay.rows);
    int keep = sr;
    memory5d_layout_board(&lay, 9, scale, 80 - 9, &sr, &sc);
    cr_expect_eq(sr, keep, "moving inside the window does not scroll");
    memory5d_layout_cell_box(&lay, 80, &x, &y, &w, &h);
    cr_expect_eq(memory5d_layout_hit(&lay, x + 1, y + 1), 80);
}

Test(memory5d_layout, arrows_home_and_end_move_the_focus)
{
    cr_expect_eq(memory5d_layout_focus_move(7, 8, MEMORY5D_MOVE_RIGHT, 0), 9);
    cr_expect_eq(memory5d_layout_focus_move(7, 13, MEMORY5D_MOVE_RIGHT, 0), 13,
                 "stops at the edge");
    cr_expect_eq(memory5d_layout_focus_move(7, 8, MEMORY5D_MOVE_UP, 0), 1);
    cr_expect_eq(memory5d_layout_focus_move(7, 1, MEMORY5D_MOVE_UP, 0), 1);
    cr_expect_eq(memory5d_layout_focus_move(7, 8, MEMORY5D_MOVE_DOWN, 0), 15);
    cr_expect_eq(memory5d_layout_focus_move(7, 10, MEMORY5D_MOVE_HOME, 0), 7, "row start");
    cr_expect_eq(memory5d_layout_focus_move(7, 10, MEMORY5D_MOVE_END, 0), 13, "row end");
    cr_expect_eq(memory5d_layout_focus_move(7, 10, MEMORY5D_MOVE_HOME, 1), 0,
                 "Ctrl+Home: first cell");
    cr_expect_eq(memory5d_layout_focus_move(7, 10, MEMORY5D_MOVE_END, 1), 48,
                 "Ctrl+End: last cell");
}

Test(memory5d_layout, the_rotation_path_turns_a_quarter_about_the_centre)
{
    memory5d_layout lay;
    int sr = 0, sc = 0;
    memory5d_layout_board(&lay, 9, 1.0, 0, &sr, &sc);
    double x, y, w, h, cx, cy, k;
    /* the top-left cell 0 moves to the top-right cell 8 */
    memory5d_layout_cell_box(&lay, 8, &x, &y, &w, &h);
    memory5d_layout_turning(&lay, 8, 1.0, &cx, &cy, &k);
    cr_expect_float_eq(cx, x + w / 2, 1e-6);
    cr_expect_float_eq(cy, y + h / 2, 1e-6);
    memory5d_layout_cell_box(&lay, 0, &x, &y, &w, &h);
    memory5d_layout_turning(&lay, 8, 0.0, &cx, &cy, &k);
    cr_expect_float_eq(cx, x + w / 2, 1e-6, "it starts where the cell was before the turn");
    cr_expect_float_eq(cy, y + h / 2, 1e-6);
    memory5d_layout_turning(&lay, 40, 0.5, &cx, &cy, &k);
    memory5d_layout_cell_box(&lay, 40, &x, &y, &w, &h);
    cr_expect_float_eq(cx, x + w / 2, 1e-6, "the centre cell stays put");
    cr_expect_float_eq(k, 1 / sqrt(2), 1e-9, "half way the square shrinks to fit its diagonal");
    memory5d_layout_turning(&lay, 80, 0.5, &cx, &cy, &k);
    cr_expect_leq(fabs(cx - (memory5d_layout_view_x() + memory5d_layout_view_size() / 2)),
                  memory5d_layout_view_size() / 2,
                  "the turning corner stays inside the viewport");
}

/* Issue 27 item 6: at 1280x720 (output scale 2/3) every screen's target is at least 44 output
 * pixels; at scale 1 the boxes are the 1920x1080 design's. */
static void expect_target(const char *what, int i, double w, double h, double scale)
{
    cr_expect(w * scale >= MEMORY5D_MIN_TARGET - 0.01 && h * scale >= MEMORY5D_MIN_TARGET - 0.01,
              "%s %d: %.0fx%.0f field px at scale %.3f", what, i, w, h, scale);
}

Test(memory5d_layout, every_screens_targets_grow_to_44_output_pixels_at_1280x720)
{
    double scale = 1280.0 / 1920, x, y, w, h;
    memory5d_layout_set_scale(scale);
    cr_expect(memory5d_layout_lobby_two_columns(), "thirteen 66 px rows need two columns");
    for (int r = 0; r < MEMORY5D_ROWS; r++)
        for (int o = 0; o < memory5d_layout_lobby_options(r); o++) {
            memory5d_layout_lobby_option(r, o, &x, &y, &w, &h);
            expect_target("lobby option", r * 10 + o, w, h, scale);
            cr_expect(y + h <= 950, "row %d ends above the difficulty line", r);
        }
    for (int i = 0; i < MEMORY5D_POWERS; i++) {
        memory5d_layout_power_button(i, &x, &y, &w, &h);
        expect_target("power button", i, w, h, scale);
        cr_expect(y + h <= 1000, "above the caption bar");
        memory5d_layout_shop_option(MEMORY5D_SHOP_RESULTS, i, &x, &y, &w, &h);
        expect_target("results shop", i, w, h, scale);
        memory5d_layout_draft_card(i, &x, &y, &w, &h);
        expect_target("draft card", i, w, h, scale);
    }
    for (int i = 0; i < MEMORY5D_RES_COUNT; i++) {
        memory5d_layout_results_button(i, &x, &y, &w, &h);
        expect_target("results button", i, w, h, scale);
    }
    for (int i = 0; i < MEMORY5D_REC_BUTTONS; i++) {
        memory5d_layout_records_button(i, &x, &y, &w, &h);
        expect_target("records button", i, w, h, scale);
    }
    for (int i = 0; i < memory5d_layout_history_rows(); i++) {
        memory5d_layout_history_row(i, &x, &y, &w, &h);
        expect_target("history row", i, w, h, scale);
        cr_expect(y + h <= 1000);
    }
    for (int i = 0; i < 2; i++) {
        memory5d_layout_dialog_button(i, &x, &y, &w, &h);
        expect_target("dialog button", i, w, h, scale);
        memory5d_layout_confirm_button(i, &x, &y, &w, &h);
        expect_target("confirm button", i, w, h, scale);
        memory5d_layout_card_button(i, &x, &y, &w, &h);
        expect_target("card button", i, w, h, scale);
    }
    memory5d_layout_leave_button(&x, &y, &w, &h);
    expect_target("leave", 0, w, h, scale);
    cr_expect_lt(memory5d_layout_history_rows(), 8, "the history shows fewer, taller rows");

    memory5d_layout_set_scale(1);
    cr_expect(!memory5d_layout_lobby_two_columns());
    memory5d_layout_power_button(3, &x, &y, &w, &h);
    cr_expect(x == 290 && y == 950 && w == 240 && h == 44, "the 1920x1080 design");
    memory5d_layout_lobby_row(MEMORY5D_ROW_QUIT, &x, &y, &w, &h);
    cr_expect(x == 900 && y == 188 + 12 * 60 && h == 52);
    cr_expect_eq(memory5d_layout_history_rows(), 8);
}

/* issue 27 item 6: "every target at least 44 output px at every window size the player allows" */
Test(memory5d_layout, small_windows_get_the_compact_field_at_two_thirds_or_more)
{
    int fw, fh;
    memory5d_layout_field_for(1280, 720, &fw, &fh);
    cr_expect(fw == MEMORY5D_FIELD_W && fh == MEMORY5D_FIELD_H, "1280x720 shows the wide field at 2/3");
    memory5d_layout_field_for(3840, 2160, &fw, &fh);
    cr_expect(fw == MEMORY5D_FIELD_W && fh == MEMORY5D_FIELD_H);
    const int small[][2] = {{1279, 720}, {1280, 719}, {1000, 1000}, {640, 360}, {640, 1400}, {2000, 400}};
    for (size_t i = 0; i < sizeof small / sizeof small[0]; i++) {
        memory5d_layout_field_for(small[i][0], small[i][1], &fw, &fh);
        cr_expect(fw == MEMORY5D_COMPACT_W && fh == MEMORY5D_COMPACT_H, "%dx%d: the compact field",
                  small[i][0], small[i][1]);
        /* at or above the scene's smallest window it shows at 2/3 or more */
        double k = fmin((double)small[i][0] / fw, (double)small[i][1] / fh);
        cr_expect_geq(k, 2.0 / 3 - 1e-9, "%dx%d: scale %.3f", small[i][0], small[i][1], k);
    }
    memory5d_layout_set_field(MEMORY5D_COMPACT_W, MEMORY5D_COMPACT_H);
    cr_expect(memory5d_layout_compact() && memory5d_layout_field_w() == 960);
    memory5d_layout_set_field(MEMORY5D_FIELD_W, MEMORY5D_FIELD_H);
    cr_expect(!memory5d_layout_compact() && memory5d_layout_field_h() == 1080);
}

/* ---------------------------------------------------------------- the compact menus */

/* A box of a compact screen (what names it in messages, where a test names it). */
typedef struct {
    const char *what;
    double x, y, w, h;
} box;

/* A target of the compact field: at least the smallest target, inside the field and above the
 * caption bar (every screen's content ends there). */
static void expect_compact_target(const char *what, int i, box b, double scale)
{
    expect_target(what, i, b.w, b.h, scale);
    cr_expect(b.x >= 0 && b.y >= 0 && b.x + b.w <= MEMORY5D_COMPACT_W &&
                  b.y + b.h <= memory5d_layout_caption_top(),
              "%s %d: (%.0f, %.0f) %.0fx%.0f leaves the field or runs under the caption bar", what,
              i, b.x, b.y, b.w, b.h);
}

static int overlap(const box *a, const box *b)
{
    return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h && b->y < a->y + a->h;
}

static void expect_apart(const char *what, const box *b, int n)
{
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            cr_expect(!overlap(&b[i], &b[j]), "%s %d and %d overlap", what, i, j);
}

/* The scales the compact field shows at: 640x360 (2/3), 800x450, 1000x700. */
static const double compact_scales[] = {2.0 / 3, 800.0 / 960, 1000.0 / 960};

/* issue 27 item 6: "Every target at least 44 output px at every window size the player allows
 * (let the layout reflow: ...)": the compact lobby's rows in a list that scrolls */
Test(memory5d_layout, the_compact_lobby_lists_its_rows_in_a_scrolling_box_beside_the_ways_on)
{
    memory5d_layout_set_field(MEMORY5D_COMPACT_W, MEMORY5D_COMPACT_H);
    for (size_t s = 0; s < sizeof compact_scales / sizeof compact_scales[0]; s++) {
        double scale = compact_scales[s];
        memory5d_layout_set_scale(scale);
        double lx, ly, lw, lh;
        memory5d_layout_lobby_list_box(&lx, &ly, &lw, &lh);
        int max = memory5d_layout_lobby_list_max_first();
        cr_expect_gt(max, 0, "scale %.3f: thirteen rows do not fit at once", scale);
        for (int first = 0; first <= max; first++) {
            memory5d_layout_set_lobby_first(first);
            box b[64];
            int n = 0;
            for (int r = 0; r < MEMORY5D_ROWS; r++) {
                int in_list = memory5d_layout_lobby_list_index(r) >= 0;
                cr_expect(in_list || memory5d_layout_lobby_shown(r),
                          "row %d: Play, Tutorial, Records and Quit never scroll", r);
                for (int o = 0; o < memory5d_layout_lobby_options(r); o++) {
                    box t;
                    memory5d_layout_lobby_option(r, o, &t.x, &t.y, &t.w, &t.h);
                    if (!memory5d_layout_lobby_shown(r)) {
                        cr_expect(t.w == 0 && t.h == 0, "a row scrolled out has no box");
                        continue;
                    }
                    expect_compact_target("lobby option", r * 10 + o, t, scale);
                    if (in_list)
                        cr_expect(t.x >= lx && t.y >= ly && t.x + t.w <= lx + lw &&
                                      t.y + t.h <= ly + lh,
                                  "row %d option %d inside the list box (first %d)", r, o, first);
                    else
                        cr_expect_geq(t.x, lx + lw, "the ways on stand beside the list");
                    int hr, ho;
                    cr_expect(memory5d_layout_lobby_hit(t.x + t.w / 2, t.y + t.h / 2, &hr, &ho) &&
                                  hr == r && ho == o,
                              "row %d option %d is hit where it is drawn", r, o);
                    b[n++] = t;
                }
            }
            expect_apart("lobby option", b, n);
        }
        /* the focus scrolls its row into view, moving the list as little as it can */
        for (int r = 0; r < MEMORY5D_ROWS; r++)
            for (int from = 0; from <= max; from++) {
                int f = memory5d_layout_lobby_first_showing(r, from);
                memory5d_layout_set_lobby_first(f);
                cr_expect(memory5d_layout_lobby_shown(r), "row %d from first %d", r, from);
                memory5d_layout_set_lobby_first(from);
                if (memory5d_layout_lobby_shown(r))
                    cr_expect_eq(f, from, "row %d already shown: the list stays", r);
            }
        memory5d_layout_set_lobby_first(0);
        cr_expect(memory5d_layout_lobby_shown(MEMORY5D_ROW_MODE) &&
                  !memory5d_layout_lobby_shown(MEMORY5D_ROW_LOADOUT));
        memory5d_layout_set_lobby_first(99);
        cr_expect_eq(memory5d_layout_lobby_first(), max, "the list stops at its end");
        cr_expect(memory5d_layout_lobby_shown(MEMORY5D_ROW_LOADOUT));
    }
    memory5d_layout_set_lobby_first(0);
    memory5d_layout_set_scale(1);
    memory5d_layout_set_field(MEMORY5D_FIELD_W, MEMORY5D_FIELD_H);
    for (int r = 0; r < MEMORY5D_ROWS; r++)
        cr_expect(memory5d_layout_lobby_shown(r), "the wide lobby shows every row");
}

/* issue 27 item 6, and item 7's "the draft card in focus outlined": the focus ring (7 px out)
 * of a card stays clear of its neighbours */
Test(memory5d_layout, the_compact_results_shop_and_draft_fit_960x540_with_44_px_targets)
{
    memory5d_layout_set_field(MEMORY5D_COMPACT_W, MEMORY5D_COMPACT_H);
    for (size_t s = 0; s < sizeof compact_scales / sizeof compact_scales[0]; s++) {
        double scale = compact_scales[s];
        memory5d_layout_set_scale(scale);
        box b[MEMORY5D_RES_COUNT + MEMORY5D_POWERS], cards[MEMORY5D_POWERS];
        int n = 0;
        for (int i = 0; i < MEMORY5D_RES_COUNT; i++, n++) {
            memory5d_layout_results_button(i, &b[n].x, &b[n].y, &b[n].w, &b[n].h);
            expect_compact_target("results button", i, b[n], scale);
        }
        for (int i = 0; i < MEMORY5D_POWERS; i++, n++) {
            memory5d_layout_shop_option(MEMORY5D_SHOP_RESULTS, i, &b[n].x, &b[n].y, &b[n].w, &b[n].h);
            expect_compact_target("results shop", i, b[n], scale);
            cr_expect_eq(memory5d_layout_shop_hit(MEMORY5D_SHOP_RESULTS, b[n].x + 1, b[n].y + 1), i);
            memory5d_layout_draft_card(i, &cards[i].x, &cards[i].y, &cards[i].w, &cards[i].h);
            expect_compact_target("draft card", i, cards[i], scale);
            cr_expect_eq(memory5d_layout_pick(memory5d_layout_draft_card, MEMORY5D_POWERS,
                                              cards[i].x + cards[i].w / 2, cards[i].y + 1),
                         i);
            cards[i].x -= 7;
            cards[i].w += 14;
        }
        expect_apart("results target", b, n);
        expect_apart("draft card with its focus ring", cards, MEMORY5D_POWERS);
        double nx, ny;
        memory5d_layout_shop_note(MEMORY5D_SHOP_RESULTS, &nx, &ny);
        cr_expect(nx <= b[MEMORY5D_RES_COUNT].x && nx > 200, "the balance stands left of the powers");
    }
    memory5d_layout_set_scale(1);
    memory5d_layout_set_field(MEMORY5D_FIELD_W, MEMORY5D_FIELD_H);
    double x, y, w, h;
    memory5d_layout_draft_card(1, &x, &y, &w, &h);
    cr_expect(x == 640 && y == 330 && w == 300 && h == 300, "the 1920x1080 design");
    memory5d_layout_results_button(2, &x, &y, &w, &h);
    cr_expect(x == 1140 && y == 900 && w == 300);
}

/* issue 27 item 6 (the match in the compact 960x540 field): "every target at least 44 output
 * px at every window size the player allows (let the layout reflow: fewer columns of legend,
 * the board in its scrolling viewport ...), text at least 12 output px" */
static int inside(const box *a, const box *room)
{
    return a->x >= room->x && a->y >= room->y && a->x + a->w <= room->x + room->w &&
           a->y + a->h <= room->y + room->h;
}


Test(memory5d_layout, the_compact_match_lays_its_controls_apart_inside_the_field_at_44_px)
{
    memory5d_layout_set_field(MEMORY5D_COMPACT_W, MEMORY5D_COMPACT_H);
    for (size_t k = 0; k < sizeof compact_scales / sizeof compact_scales[0]; k++) {
        double scale = compact_scales[k];
        memory5d_layout_set_scale(scale);
        box above = {"the field above the caption bar", 0, 0, MEMORY5D_COMPACT_W,
                     memory5d_layout_caption_top()};
        box b[16];
        int n = 0;
        for (int i = 0; i < MEMORY5D_POWERS; i++, n++) {
            b[n].what = "power";
            memory5d_layout_power_button(i, &b[n].x, &b[n].y, &b[n].w, &b[n].h);
            expect_target("compact power button", i, b[n].w, b[n].h, scale);
        }
        b[n].what = "leave";
        memory5d_layout_leave_button(&b[n].x, &b[n].y, &b[n].w, &b[n].h);
        expect_target("compact leave", 0, b[n].w, b[n].h, scale);
        n++;
        b[n].what = "legend";
        cr_expect(memory5d_layout_legend_button(&b[n].x, &b[n].y, &b[n].w, &b[n].h),
                  "the compact legend is behind a button");
        expect_target("compact legend", 0, b[n].w, b[n].h, scale);
        n++;
        for (int p = 0; p < 2; p++, n++) {
            b[n].what = "panel";
            memory5d_layout_player_panel(p, &b[n].x, &b[n].y, &b[n].w, &b[n].h);
        }
        double m = memory5d_layout_view_margin();
        b[n++] = (box){"board", memory5d_layout_view_x() - m, memory5d_layout_view_y() - m,
                       memory5d_layout_view_size() + 2 * m, memory5d_layout_view_size() + 2 * m};
        for (int i = 0; i < n; i++) {
            cr_expect(inside(&b[i], &above), "%s %d inside the field, above the caption bar",
                      b[i].what, i);
            for (int j = 0; j < i; j++)
                cr_expect(!overlap(&b[i], &b[j]), "%s %d and %s %d apart (scale %.3f)", b[i].what,
                          i, b[j].what, j, scale);
        }
        box board = b[n - 1];
        /* the status line and the coach lie between the panels and the power bar */
        cr_expect_gt(memory5d_layout_status_y() - 10, b[6].y + b[6].h + 40,
                     "under the panels and the breakdown");
        box coach;
        memory5d_layout_coach_box(1, &coach.x, &coach.y, &coach.w, &coach.h);
        cr_expect_leq(coach.y + coach.h, memory5d_layout_power_top(), "an Arcade lesson's coach");
        cr_expect(!overlap(&coach, &board) && inside(&coach, &above));
        /* the dialog's and the lesson cards' buttons lie inside their boxes */
        box modal, card, bt;
        memory5d_layout_modal(&modal.x, &modal.y, &modal.w, &modal.h);
        cr_expect(inside(&modal, &above));
        for (int i = 0; i < 2; i++) {
            memory5d_layout_dialog_button(i, &bt.x, &bt.y, &bt.w, &bt.h);
            expect_target("compact dialog button", i, bt.w, bt.h, scale);
            cr_expect(inside(&bt, &modal), "dialog button %d inside the dialog", i);
            box other;
            memory5d_layout_dialog_button(!i, &other.x, &other.y, &other.w, &other.h);
            cr_expect(!overlap(&bt, &other));
        }
        memory5d_layout_card_button(0, &bt.x, &bt.y, &bt.w, &bt.h);
        expect_target("compact intro card button", 0, bt.w, bt.h, scale);
        cr_expect(inside(&bt, &modal));
        /* item 12: the goal card leaves the board (and the winning row) in view */
        memory5d_layout_done_card(&card.x, &card.y, &card.w, &card.h);
        cr_expect(inside(&card, &above) && !overlap(&card, &board));
        memory5d_layout_card_button(1, &bt.x, &bt.y, &bt.w, &bt.h);
        expect_target("compact goal card button", 1, bt.w, bt.h, scale);
        cr_expect(inside(&bt, &card));
        /* the rewoven banner never covers a cell, nor the power bar */
        memory5d_layout_rewoven_banner(&bt.x, &bt.y, &bt.w, &bt.h);
        cr_expect(!overlap(&bt, &board) && bt.y + bt.h <= memory5d_layout_power_top());
        memory5d_layout_legend_drawer(&bt.x, &bt.y, &bt.w, &bt.h);
        cr_expect(inside(&bt, &above) && !overlap(&bt, &b[5]),
                  "the drawer leaves Legend and Leave");
    }
}

Test(memory5d_layout, the_compact_board_keeps_44_px_cells_and_scrolls_in_whole_cells)
{
    memory5d_layout_set_field(MEMORY5D_COMPACT_W, MEMORY5D_COMPACT_H);
    memory5d_layout lay;
    int sr = 0, sc = 0;
    double x, y, w, h, third = 640.0 / 960;
    memory5d_layout_board(&lay, 6, third, 0, &sr, &sc);
    cr_expect(!lay.scrolled && lay.cell * third >= MEMORY5D_MIN_TARGET, "Easy fits at 640x360");
    memory5d_layout_board(&lay, 9, third, 80, &sr, &sc);
    cr_expect(lay.scrolled && lay.rows == 6 && lay.cols == 6, "Expert shows six by six");
    cr_expect_geq(lay.cell * third, MEMORY5D_MIN_TARGET);
    cr_expect(memory5d_layout_cell_box(&lay, 80, &x, &y, &w, &h), "the focus is in view");
    cr_expect(x >= memory5d_layout_view_x() &&
              x + w <= memory5d_layout_view_x() + memory5d_layout_view_size());
    cr_expect(y + h <= memory5d_layout_caption_top());
    cr_expect_eq(memory5d_layout_hit(&lay, x + 1, y + 1), 80);
    double big = 1000.0 / 960; /* a 1000x700 window */
    memory5d_layout_board(&lay, 9, big, 0, &sr, &sc);
    cr_expect(!lay.scrolled && lay.cell * big >= MEMORY5D_MIN_TARGET,
              "1000x700 shows all of Expert");
    /* the wide field keeps its design */
    memory5d_layout_set_field(MEMORY5D_FIELD_W, MEMORY5D_FIELD_H);
    cr_expect(memory5d_layout_view_x() == 600 && memory5d_layout_view_y() == 160 &&
              memory5d_layout_view_size() == 780);
    cr_expect(!memory5d_layout_legend_button(&x, &y, &w, &h),
              "the wide legend stands beside the board");
}

/* Boxes a and b (x, y, w, h) at least gap apart (a focus ring is drawn 7 px outside its box). */
static int apart(const double *a, const double *b, double gap)
{
    return a[0] + a[2] + gap <= b[0] || b[0] + b[2] + gap <= a[0] || a[1] + a[3] + gap <= b[1] ||
           b[1] + b[3] + gap <= a[1];
}

static int within(const double *a, double x0, double y0, double x1, double y1)
{
    return a[0] >= x0 && a[1] >= y0 && a[0] + a[2] <= x1 && a[1] + a[3] <= y1;
}

/* issue 27 item 6: "Every target at least 44 output px at every window size the player allows
 * (let the layout reflow ...)": the records screen in the compact field, 640x360 (2/3) to just
 * under 1280x720 */
Test(memory5d_layout, the_compact_records_screen_reflows_into_two_columns_and_a_short_history)
{
    const double scales[] = {2.0 / 3, 800.0 / 960, 1000.0 / 960, 1279.0 / 960};
    memory5d_layout_set_field(MEMORY5D_COMPACT_W, MEMORY5D_COMPACT_H);
    for (size_t k = 0; k < sizeof scales / sizeof scales[0]; k++) {
        double s = scales[k], top = memory5d_layout_caption_top(), b[MEMORY5D_REC_BUTTONS][4];
        memory5d_layout_set_scale(s);
        for (int i = 0; i < MEMORY5D_REC_BUTTONS; i++) {
            memory5d_layout_records_button(i, &b[i][0], &b[i][1], &b[i][2], &b[i][3]);
            expect_target("compact records button", i, b[i][2], b[i][3], s);
            /* the ring (7 px outside) stays in the field, above the caption bar */
            cr_expect(within(b[i], 7, 7, 960 - 7, top - 7), "button %d inside at %.3f", i, s);
            for (int j = 0; j < i; j++)
                cr_expect(apart(b[i], b[j], 8), "buttons %d and %d clear of each other's rings", i, j);
        }
        cr_expect(b[MEMORY5D_REC_DELETE][0] == b[MEMORY5D_REC_NEXT][0] &&
                      b[MEMORY5D_REC_DELETE_ALL][0] > b[MEMORY5D_REC_NEXT][0],
                  "two columns: Next to Delete Profile, then Delete Everything to Back");
        double sum[4];
        memory5d_layout_records_summary(&sum[0], &sum[1], &sum[2], &sum[3]);
        cr_expect(within(sum, 0, 0, 960, top));
        int rows = memory5d_layout_history_rows();
        cr_expect(rows >= 3 && rows < 8, "%d history rows at %.3f", rows, s);
        for (int i = 0; i < rows; i++) {
            double r[4];
            memory5d_layout_history_row(i, &r[0], &r[1], &r[2], &r[3]);
            expect_target("compact history row", i, r[2], r[3], s);
            cr_expect(within(r, 7, 7, 960 - 7, top - 7), "history row %d inside", i);
            cr_expect(apart(r, sum, 8), "history row %d under the summary", i);
            for (int j = 0; j < MEMORY5D_REC_BUTTONS; j++)
                cr_expect(apart(r, b[j], 8), "history row %d clear of button %d", i, j);
        }
        double dlg[4], c[2][4];
        memory5d_layout_confirm_box(&dlg[0], &dlg[1], &dlg[2], &dlg[3]);
        cr_expect(within(dlg, 0, 0, 960, top), "the confirmation above the caption bar");
        for (int i = 0; i < 2; i++) {
            memory5d_layout_confirm_button(i, &c[i][0], &c[i][1], &c[i][2], &c[i][3]);
            expect_target("compact confirm button", i, c[i][2], c[i][3], s);
            cr_expect(within(c[i], dlg[0] + 7, dlg[1] + 7, dlg[0] + dlg[2] - 7, dlg[1] + dlg[3] - 7));
        }
        cr_expect(apart(c[0], c[1], 8));
    }
    memory5d_layout_set_field(MEMORY5D_FIELD_W, MEMORY5D_FIELD_H);
    memory5d_layout_set_scale(1);
}

/* the compact history scrolls with the selection and keeps a row of context around it, so a
 * click on the last row shown brings the next into view; the wide one scrolls only as needed */
Test(memory5d_layout, the_compact_history_scrolls_with_the_selection)
{
    memory5d_layout_set_field(MEMORY5D_COMPACT_W, MEMORY5D_COMPACT_H);
    memory5d_layout_set_scale(2.0 / 3);
    cr_assert_eq(memory5d_layout_history_rows(), 3);
    const int want[7] = {0, 0, 1, 2, 3, 4, 4}; /* seven matches, three rows */
    for (int sel = 0; sel < 7; sel++)
        cr_expect_eq(memory5d_layout_history_first(sel, 7), want[sel], "selected %d", sel);
    cr_expect_eq(memory5d_layout_history_first(1, 2), 0, "a short list never scrolls");
    memory5d_layout_set_field(MEMORY5D_FIELD_W, MEMORY5D_FIELD_H);
    memory5d_layout_set_scale(1);
    cr_expect_eq(memory5d_layout_history_first(7, 12), 0);
    cr_expect_eq(memory5d_layout_history_first(9, 12), 2, "the wide list: the selection last");
}
