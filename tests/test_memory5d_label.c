/* core/memory5d/memory5d_label: the one cell label ("Cell labels include coordinate, family,
 * variant, hue/texture, ownership, selection, compatibility, and unavailable reason"). */
#include <criterion/criterion.h>
#include <string.h>

#include "memory5d/memory5d_label.h"
#include "memory5d_fixture.h"

static memory5d_def def;
static memory5d_state st;

static void start(int difficulty)
{
    memory5d_board b = fx_dead_board(6);
    fx_pair(&b, 7, 8); /* (1,1)-(1,2) link */
    fx_def(&def, fx_config(), difficulty, MEMORY5D_CLASSIC, &b);
    memory5d_state_init(&def, &st, 0);
}

static const char *label(int cell)
{
    static char buf[400];
    memory5d_cell_label(&def, &st, cell, buf, sizeof buf);
    return buf;
}

Test(memory5d_label, coordinates_are_a_column_letter_and_a_row_from_the_top)
{
    char c[8];
    memory5d_cell_coord(6, 0, c);
    cr_expect_str_eq(c, "A1");
    memory5d_cell_coord(6, 8, c);
    cr_expect_str_eq(c, "C2");
    memory5d_cell_coord(9, 80, c);
    cr_expect_str_eq(c, "I9");
}

Test(memory5d_label, a_label_names_the_attributes_and_the_owner)
{
    start(MEMORY5D_NORMAL);
    /* cell 7: family (2*1+1)%6 = star, variant 0, red */
    cr_expect_str_eq(label(7), "B2: red star, five-point (1st variant), solid texture; unclaimed.");
    st.cells[30].owner = 1;
    cr_expect_str_eq(label(30), "A6: blue hexagon, flat (1st variant), dots texture; claimed by B.");
}

Test(memory5d_label, a_label_says_how_a_cell_relates_to_the_anchor)
{
    start(MEMORY5D_NORMAL);
    memory5d_outcome out;
    memory5d_cmd c = fx_cmd(MEMORY5D_CMD_SELECT, 0, 7, 0, 10);
    cr_assert_eq(memory5d_step(&def, &st, &c, &out), 1);
    cr_expect(strstr(label(7), "; the anchor (select it again to cancel).") != NULL, "%s",
              label(7));
    cr_expect(strstr(label(8), "; links with the anchor B2.") != NULL, "%s", label(8));
    cr_expect(strstr(label(6), "; cannot link with B2: The shapes are different families.") !=
                  NULL,
              "%s", label(6));
    cr_expect(strstr(label(20), "selecting moves the anchor here") != NULL, "%s", label(20));
    memory5d_cell_info in;
    memory5d_cell_describe(&def, &st, 8, &in);
    cr_expect_eq(in.compat, MEMORY5D_OK);
    memory5d_cell_describe(&def, &st, 7, &in);
    cr_expect_eq(in.anchor, 1);
    cr_expect_eq(in.compat, -1);
}

Test(memory5d_label, a_label_gives_the_reason_a_cell_is_unavailable)
{
    start(MEMORY5D_NORMAL);
    memory5d_outcome out;
    memory5d_cmd c = fx_cmd(MEMORY5D_CMD_PAUSE, 0, 0, 0, 10);
    c.reason = MEMORY5D_PAUSE_HELP;
    cr_assert_eq(memory5d_step(&def, &st, &c, &out), 1);
    cr_expect(strstr(label(7), "; unavailable: The clock is paused.") != NULL, "%s", label(7));
    st.status = MEMORY5D_WON;
    memory5d_cell_info in;
    memory5d_cell_describe(&def, &st, 7, &in);
    cr_expect_eq(in.unavailable, MEMORY5D_R_GAME_OVER);
}
