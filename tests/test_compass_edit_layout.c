/* The level editor's portrait layout (player/compass/compass_edit_layout.c): every cell, edge
 * lane and control a target of at least 44 px inside the 390x844 field, none overlapping
 * (compass-shift.md "UX, accessibility, and feedback"; issue 25 "targets >= 44 px"), for every
 * board size the reader takes (1 to 16 each way). */
#include <criterion/criterion.h>

#include "../player/compass/compass_edit_layout.h"

static int inside_field(compass_box b)
{
    return b.x >= 0 && b.y >= 0 && b.x + b.w <= COMPASS_FIELD_W && b.y + b.h <= COMPASS_FIELD_H;
}

static int overlap(compass_box a, compass_box b)
{
    return a.x < b.x + b.w - 0.01 && b.x < a.x + a.w - 0.01 && a.y < b.y + b.h - 0.01 && b.y < a.y + a.h - 0.01;
}

Test(compass_edit_layout, every_target_of_every_board_size_is_44px_and_clear_of_the_controls)
{
    compass_edit_control cs[COMPASS_EDIT_MAX_CONTROLS];
    int n = compass_edit_layout_controls(0, 0, cs, COMPASS_EDIT_MAX_CONTROLS);
    cr_assert_eq(n, 18);
    for (int i = 0; i < n; i++) {
        cr_assert_geq(cs[i].box.w, 44, "%s", compass_edit_control_name(cs[i].kind));
        cr_assert_geq(cs[i].box.h, 44);
        cr_assert(inside_field(cs[i].box));
        for (int j = 0; j < i; j++)
            cr_assert_not(overlap(cs[i].box, cs[j].box), "controls %d and %d", i, j);
    }
    for (int r = 1; r <= COMPASS_MAX_SIDE; r++)
        for (int c = 1; c <= COMPASS_MAX_SIDE; c++) {
            compass_edit_layout L;
            compass_edit_layout_build(&L, r, c, 0, 0);
            cr_assert_geq(L.cell, 44, "%dx%d", r, c);
            int fits = r <= COMPASS_EDIT_FIT_ROWS && c <= COMPASS_EDIT_FIT_COLS;
            cr_assert_eq(L.max_pan_x == 0 && L.max_pan_y == 0, fits, "%dx%d pans only above 8 rows or 6 columns", r, c);
            cr_assert(inside_field(L.board), "%dx%d", r, c);
            cr_assert_geq(L.board.y, L.verdict.y + L.verdict.h, "%dx%d under the verdict band", r, c);
            for (int i = 0; i < n; i++)
                cr_assert_not(overlap(L.board, cs[i].box), "%dx%d board and control %d", r, c, i);
            for (int s = 0; s < 4; s++)
                for (int k = 0; k < (s % 2 ? r : c); k++) {
                    compass_box b = compass_edit_layout_lane(&L, (compass_dir)s, k);
                    if (!compass_edit_layout_lane_visible(&L, (compass_dir)s, k))
                        continue;
                    cr_assert_geq(b.w, 44);
                    cr_assert_geq(b.h, 44);
                    cr_assert(inside_field(b), "%dx%d lane %d/%d", r, c, s, k);
                    compass_dir side;
                    int lane;
                    cr_assert(compass_edit_layout_lane_at(&L, b.x + b.w / 2, b.y + b.h / 2, &side, &lane));
                    cr_assert_eq((int)side, s);
                    cr_assert_eq(lane, k);
                }
        }
}

Test(compass_edit_layout, a_large_board_pans_so_every_cell_can_be_reached)
{
    compass_edit_layout L;
    compass_edit_layout_build(&L, 16, 16, 0, 0);
    double px, py;
    compass_edit_layout_pan_to(&L, 15, 15, &px, &py);
    compass_edit_layout_build(&L, 16, 16, px, py);
    cr_assert(compass_edit_layout_cell_visible(&L, 15, 15));
    cr_assert_not(compass_edit_layout_cell_visible(&L, 0, 0));
    cr_assert(compass_edit_layout_lane_visible(&L, COMPASS_S, 15), "the far edges are in view");
    cr_assert_not(compass_edit_layout_lane_visible(&L, COMPASS_N, 15), "the near ones are not");
    int r, c;
    compass_box b = compass_edit_layout_cell(&L, 15, 15);
    cr_assert(compass_edit_layout_cell_at(&L, b.x + 5, b.y + 5, &r, &c));
    cr_assert_eq(r, 15);
    cr_assert_eq(c, 15);
}

Test(compass_edit_layout, the_save_card_shows_only_its_two_buttons_and_play_only_edit)
{
    compass_edit_control cs[COMPASS_EDIT_MAX_CONTROLS];
    cr_assert_eq(compass_edit_layout_controls(0, 1, cs, COMPASS_EDIT_MAX_CONTROLS), 2);
    compass_box card = compass_edit_layout_confirm_card();
    for (int i = 0; i < 2; i++) {
        cr_assert_geq(cs[i].box.h, 44);
        cr_assert(cs[i].box.x >= card.x && cs[i].box.x + cs[i].box.w <= card.x + card.w);
    }
    cr_assert_eq(compass_edit_layout_controls(1, 0, cs, COMPASS_EDIT_MAX_CONTROLS), 1);
    cr_assert_eq(cs[0].kind, CE_EDIT);
    cr_assert_geq(cs[0].box.h, 44);
    cr_assert_str_eq(compass_edit_control_name(CE_TOOL_ARROW), "tool-arrow");
}
