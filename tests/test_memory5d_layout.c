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
    cr_expect_float_eq(lay.cell, MEMORY5D_VIEW_SIZE / 9, 1e-9);
    double x, y, w, h;
    cr_assert(memory5d_layout_cell_box(&lay, 40, &x, &y, &w, &h));
    cr_expect_eq(memory5d_layout_hit(&lay, x + w / 2, y + h / 2), 40);
    cr_expect_eq(memory5d_layout_hit(&lay, x - 1, y + 1), 39);
    cr_expect_eq(memory5d_layout_hit(&lay, MEMORY5D_VIEW_X - 5, MEMORY5D_VIEW_Y + 5), -1);
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
    cr_expect_leq(lay.cell * lay.rows, MEMORY5D_VIEW_SIZE, "the window stays inside the viewport");
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
    cr_expect_leq(fabs(cx - (MEMORY5D_VIEW_X + MEMORY5D_VIEW_SIZE / 2)), MEMORY5D_VIEW_SIZE / 2,
                  "the turning corner stays inside the viewport");
}
