/* Compass Shift's portrait layout (player/compass/compass_layout.c): compass-shift.md "UX,
 * accessibility, and feedback" ("Arrow targets are at least 44 x 44 CSS pixels; board uses the
 * safe portrait width without crop") and issue 11 ("on boards up to 8x8"). */
#include <criterion/criterion.h>

#include "../player/compass/compass_layout.h"

static int inside_field(compass_box b)
{
    return b.x >= 0 && b.y >= 0 && b.x + b.w <= COMPASS_FIELD_W && b.y + b.h <= COMPASS_FIELD_H;
}

static int overlap(compass_box a, compass_box b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

Test(compass_layout, every_cell_of_boards_up_to_8x8_is_a_44px_target_inside_the_field)
{
    for (int compact = 0; compact < 2; compact++)
    for (int r = 1; r <= COMPASS_FIT_SIDE; r++)
        for (int c = 1; c <= COMPASS_FIT_SIDE; c++) {
            compass_layout L;
            compass_layout_build(&L, r, c, 0, 0, compact);
            cr_assert_geq(L.cell, COMPASS_MIN_TARGET, "%dx%d", r, c);
            cr_assert_eq(L.max_pan_x, 0, "%dx%d fits without panning", r, c);
            cr_assert_eq(L.max_pan_y, 0);
            cr_assert(inside_field(L.well), "%dx%d well inside the field", r, c);
            for (int i = 0; i < r; i++)
                for (int j = 0; j < c; j++) {
                    compass_box b = compass_layout_cell(&L, i, j);
                    cr_assert(inside_field(b));
                    cr_assert(compass_layout_cell_visible(&L, i, j));
                }
            /* The board never runs under the compass bezel or the controls. */
            cr_assert_geq(L.well.y, L.compass_cy + L.compass_r);
            compass_widget ws[COMPASS_MAX_WIDGETS];
            int n = compass_layout_widgets(CS_PLAY, CT_MAP, 0, 50, 1, ws, COMPASS_MAX_WIDGETS);
            for (int k = 0; k < n; k++)
                cr_assert_not(overlap(ws[k].box, L.well), "%dx%d control %d", r, c, k);
        }
}

/* compass-shift.md "Visual direction": "A large compass bezel is the signature"; "UX,
 * accessibility": screen-reader text exposes each arrow, the phase and every schedule. The
 * captions take the band under the well, never the bezel: compact lifts the well so that the
 * band under a campaign board (5x5 at most) holds them. */
Test(compass_layout, captions_band_under_a_campaign_board_keeps_the_bezel_in_sight)
{
    for (int side = 1; side <= 5; side++) {
        compass_layout full, compact;
        compass_layout_build(&full, side, side, 0, 0, 0);
        compass_layout_build(&compact, side, side, 0, 0, 1);
        cr_assert_eq(compact.cell, full.cell, "%dx%d: same cells", side, side);
        cr_assert_geq(compact.status.h, 180, "%dx%d: a captions band of %.0f px", side, side,
                      compact.status.h);
        cr_assert_geq(compact.compass_r, 60, "the bezel stays large");
        cr_assert_geq(compact.well.y, compact.compass_cy + compact.compass_r);
        cr_assert_geq(compact.compass_cy - compact.compass_r, 72, "under the header");
    }
}

Test(compass_layout, campaign_boards_use_large_cells)
{
    compass_layout L;
    compass_layout_build(&L, 4, 4, 0, 0, 0);
    cr_assert_geq(L.cell, 60);
    compass_layout_build(&L, 5, 5, 0, 0, 0);
    cr_assert_geq(L.cell, 60);
}

Test(compass_layout, larger_boards_keep_44px_cells_and_pan_inside_the_well)
{
    compass_layout L;
    compass_layout_build(&L, 16, 16, 0, 0, 0);
    cr_assert_eq(L.cell, COMPASS_MIN_TARGET);
    cr_assert(inside_field(L.well));
    cr_assert_gt(L.max_pan_x, 0);
    cr_assert_not(compass_layout_cell_visible(&L, 15, 15));
    double px, py;
    compass_layout_pan_to(&L, 15, 15, &px, &py);
    compass_layout_build(&L, 16, 16, px, py, 0);
    cr_assert(compass_layout_cell_visible(&L, 15, 15));
    int r, c;
    compass_box b = compass_layout_cell(&L, 15, 15);
    cr_assert(compass_layout_cell_at(&L, b.x + 2, b.y + 2, &r, &c));
    cr_assert_eq(r, 15);
    cr_assert_eq(c, 15);
    /* Cells scrolled out of the view are not hit through the edge band. */
    b = compass_layout_cell(&L, 0, 0);
    cr_assert_not(compass_layout_cell_at(&L, b.x + 2, b.y + 2, &r, &c));
}

Test(compass_layout, every_widget_of_every_surface_is_44px_inside_its_panel_without_overlap)
{
    compass_surface surfaces[] = {CS_PLAY, CS_FTUE, CS_DONE, CS_TOOLS};
    for (int si = 0; si < 4; si++)
        for (int tab = 0; tab < CT_COUNT; tab++)
            for (int levels = 1; levels <= 120; levels += 49)
            for (int next = 0; next < 2; next++) {
                compass_widget ws[COMPASS_MAX_WIDGETS];
                int n = compass_layout_widgets(surfaces[si], (compass_tab)tab, 0, levels, next, ws,
                                               COMPASS_MAX_WIDGETS);
                compass_box p = compass_layout_panel(surfaces[si], next);
                cr_assert_gt(n, 0);
                for (int i = 0; i < n; i++) {
                    compass_box b = ws[i].box;
                    cr_assert_geq(b.w, COMPASS_MIN_TARGET, "surface %d widget %d", si, i);
                    cr_assert_geq(b.h, COMPASS_MIN_TARGET, "surface %d widget %d", si, i);
                    cr_assert(b.x >= p.x && b.y >= p.y && b.x + b.w <= p.x + p.w &&
                                  b.y + b.h <= p.y + p.h,
                              "surface %d widget %d inside its panel", si, i);
                    for (int j = 0; j < i; j++)
                        cr_assert_not(overlap(b, ws[j].box), "surface %d widgets %d, %d", si, j, i);
                }
            }
}

/* The completion dialog fits its buttons: without Continue (the last level) it is shorter by
 * the Continue row less the note line under the last button, never an empty card. */
Test(compass_layout, the_completion_card_without_continue_has_no_empty_row)
{
    for (int next = 0; next < 2; next++) {
        compass_widget ws[COMPASS_MAX_WIDGETS];
        int n = compass_layout_widgets(CS_DONE, CT_MAP, 0, 1, next, ws, COMPASS_MAX_WIDGETS);
        compass_box p = compass_layout_panel(CS_DONE, next), last = ws[n - 1].box;
        cr_assert_eq(n, next ? 3 : 2);
        double below = p.y + p.h - (last.y + last.h);
        cr_assert(below >= 24 && below <= (next ? 32 : 68), "%s: %.0f px under the last button",
                  next ? "Continue" : "no Continue", below);
    }
}

Test(compass_layout, the_level_map_shows_all_50_campaign_levels_on_one_page)
{
    compass_widget ws[COMPASS_MAX_WIDGETS];
    int n = compass_layout_widgets(CS_TOOLS, CT_MAP, 0, 50, 1, ws, COMPASS_MAX_WIDGETS);
    int levels = 0;
    for (int i = 0; i < n; i++)
        levels += ws[i].kind == CW_MAP_LEVEL;
    cr_assert_eq(levels, 50);
    n = compass_layout_widgets(CS_TOOLS, CT_MAP, 1, 60, 1, ws, COMPASS_MAX_WIDGETS);
    levels = 0;
    for (int i = 0; i < n; i++)
        if (ws[i].kind == CW_MAP_LEVEL) {
            cr_assert_geq(ws[i].arg, COMPASS_MAP_PAGE);
            levels++;
        }
    cr_assert_eq(levels, 60 - COMPASS_MAP_PAGE, "the second page holds the rest");
}

Test(compass_layout, the_completion_dialog_drops_continue_after_the_last_level)
{
    compass_widget ws[8];
    int n = compass_layout_widgets(CS_DONE, CT_MAP, 0, 50, 0, ws, 8);
    cr_assert_eq(n, 2);
    cr_assert_eq(ws[0].kind, CW_DONE_REPLAY);
    cr_assert_eq(ws[1].kind, CW_DONE_MAP);
}

static int inside(compass_box outer, compass_box b)
{
    return b.x >= outer.x - 1e-9 && b.y >= outer.y - 1e-9 && b.x + b.w <= outer.x + outer.w + 1e-9 &&
           b.y + b.h <= outer.y + outer.h + 1e-9;
}

/* Issue 24.7 and 24.9: with a notched phone's insets (47 px top, 34 px bottom) every board up
 * to 8x8, every control of every surface and every card stays inside the safe area and clear
 * of the others; the --watch banner hides neither the bezel, the board, nor any control. */
Test(compass_layout, every_box_keeps_inside_the_safe_area_and_the_banner_hides_nothing)
{
    const compass_insets cases[] = {{0, 0, 0, 0}, {47, 0, 34, 0}, {20, 10, 20, 10}};
    const compass_surface surfaces[] = {CS_PLAY, CS_FTUE, CS_DONE, CS_TOOLS};
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        compass_layout_set_safe_area(cases[k]);
        compass_box safe = compass_layout_safe_box(), notice = compass_layout_notice();
        cr_assert(inside(safe, notice));
        for (int compact = 0; compact < 2; compact++)
            for (int side = 1; side <= COMPASS_FIT_SIDE; side++) {
                compass_layout L;
                compass_layout_build(&L, side, side, 0, 0, compact);
                compass_box bezel = {L.compass_cx - L.compass_r, L.compass_cy - L.compass_r,
                                     2 * L.compass_r, 2 * L.compass_r};
                cr_assert(inside(safe, L.well), "inset %zu, %dx%d well", k, side, side);
                cr_assert(inside(safe, bezel), "inset %zu bezel", k);
                cr_assert_not(overlap(notice, bezel), "inset %zu: the banner covers the bezel", k);
                cr_assert_not(overlap(notice, L.well), "inset %zu: the banner covers the board", k);
                cr_assert_geq(L.cell, COMPASS_MIN_TARGET);
                cr_assert_geq(L.well.y, L.compass_cy + L.compass_r);
                compass_widget ws[COMPASS_MAX_WIDGETS];
                int n = compass_layout_widgets(CS_PLAY, CT_MAP, 0, 50, 1, ws, COMPASS_MAX_WIDGETS);
                for (int i = 0; i < n; i++)
                    cr_assert_geq(ws[i].box.y, L.well.y + L.well.h, "inset %zu, %dx%d: control under the board", k, side, side);
            }
        for (size_t si = 0; si < sizeof surfaces / sizeof *surfaces; si++)
            for (int tab = 0; tab < CT_COUNT; tab++) {
                compass_widget ws[COMPASS_MAX_WIDGETS];
                int n = compass_layout_widgets(surfaces[si], (compass_tab)tab, 0, 60, 1, ws, COMPASS_MAX_WIDGETS);
                cr_assert(inside(safe, compass_layout_panel(surfaces[si], 1)), "inset %zu surface %zu card", k, si);
                for (int i = 0; i < n; i++) {
                    cr_assert(inside(safe, ws[i].box), "inset %zu surface %zu tab %d: %s", k, si, tab,
                              compass_widget_name(ws[i].kind));
                    cr_assert_not(overlap(notice, ws[i].box), "inset %zu: the banner covers %s", k,
                                  compass_widget_name(ws[i].kind));
                }
            }
    }
    compass_layout_set_safe_area((compass_insets){0, 0, 0, 0});
}
