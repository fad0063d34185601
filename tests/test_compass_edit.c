/* The level editor's board model (issue 25 "The editor"): every operation changes the board
 * completely or not at all, undo and redo are unlimited and exact, and the level it gives is
 * the one the reader's check accepts and the JSON writer writes back identically. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compass/compass_edit.h"
#include "compass/compass_json.h"
#include "compass/compass_level_text.h"
#include "jsonio.h"

static compass_edit e;
static char err[256];

static void setup(void) { cr_assert_eq(compass_edit_open_empty(&e, 5, 5, "t", err, sizeof err), 0); }
static void teardown(void) { compass_edit_close(&e); }

TestSuite(compass_edit, .init = setup, .fini = teardown);

Test(compass_edit, a_new_board_is_empty_closed_and_at_phase_zero)
{
    const compass_level *l = compass_edit_board(&e);
    cr_assert_eq(l->rows, 5);
    cr_assert_eq(l->cols, 5);
    cr_assert_eq(l->arrow_count, 0);
    cr_assert_eq(l->aperture_count, 0);
    cr_assert_eq(compass_wall_count(l), 0);
    cr_assert_eq(l->initial_phase, 0);
    cr_assert_not(compass_edit_can_undo(&e));
    compass_edit x;
    cr_assert_eq(compass_edit_open_empty(&x, 17, 2, "t", err, sizeof err), -1);
    cr_assert(strstr(err, "1 to 16"), "%s", err);
}

Test(compass_edit, arrows_stay_in_reading_order_with_the_smallest_free_id)
{
    cr_assert_eq(compass_edit_place(&e, 3, 1, COMPASS_E, err, sizeof err), COMPASS_EDIT_CHANGED);
    cr_assert_eq(compass_edit_place(&e, 0, 4, COMPASS_N, err, sizeof err), COMPASS_EDIT_CHANGED);
    cr_assert_eq(compass_edit_place(&e, 0, 2, COMPASS_S, err, sizeof err), COMPASS_EDIT_CHANGED);
    const compass_level *l = compass_edit_board(&e);
    cr_assert_eq(l->arrow_count, 3);
    cr_assert_str_eq(l->arrows[0].id, "a3");
    cr_assert_eq(l->arrows[0].col, 2);
    cr_assert_str_eq(l->arrows[1].id, "a2");
    cr_assert_str_eq(l->arrows[2].id, "a1");
    cr_assert_eq(compass_edit_erase(&e, 0, 4, err, sizeof err), COMPASS_EDIT_CHANGED);
    cr_assert_eq(compass_edit_place(&e, 4, 4, COMPASS_W, err, sizeof err), COMPASS_EDIT_CHANGED);
    l = compass_edit_board(&e);
    cr_assert_str_eq(l->arrows[2].id, "a2", "the freed id is taken again");
}

Test(compass_edit, a_refused_edit_changes_nothing_and_says_why)
{
    cr_assert_eq(compass_edit_toggle_wall(&e, 1, 1, err, sizeof err), COMPASS_EDIT_CHANGED);
    int depth = e.cur;
    cr_assert_eq(compass_edit_place(&e, 1, 1, COMPASS_N, err, sizeof err), COMPASS_EDIT_REFUSED);
    cr_assert_str_eq(err, "row 2, column 2 is a wall: erase it first", "cells counted from 1, as people count");
    cr_assert_eq(compass_edit_place(&e, 5, 0, COMPASS_N, err, sizeof err), COMPASS_EDIT_REFUSED);
    cr_assert(strstr(err, "outside"), "%s", err);
    cr_assert_eq(compass_edit_place(&e, 2, 2, COMPASS_N, err, sizeof err), COMPASS_EDIT_CHANGED);
    cr_assert_eq(compass_edit_toggle_wall(&e, 2, 2, err, sizeof err), COMPASS_EDIT_REFUSED);
    cr_assert_eq(compass_edit_move(&e, 2, 2, 1, 1, err, sizeof err), COMPASS_EDIT_REFUSED);
    cr_assert_eq(compass_edit_set_edge(&e, COMPASS_N, 0, COMPASS_EDGE_WINDOW, 0x3, err, sizeof err),
                 COMPASS_EDIT_REFUSED);
    cr_assert(strstr(err, "exactly one phase"), "%s", err);
    cr_assert_eq(e.cur, depth + 1, "only the one placement entered the history");
    /* Asking for what is already there is no step either. */
    cr_assert_eq(compass_edit_turn(&e, 2, 2, COMPASS_N, err, sizeof err), COMPASS_EDIT_SAME);
    cr_assert_eq(compass_edit_erase(&e, 0, 0, err, sizeof err), COMPASS_EDIT_SAME);
    cr_assert_eq(e.cur, depth + 1);
}

Test(compass_edit, move_turn_and_erase_keep_the_arrow_id)
{
    compass_edit_place(&e, 0, 0, COMPASS_N, err, sizeof err);
    compass_edit_place(&e, 4, 4, COMPASS_N, err, sizeof err);
    cr_assert_eq(compass_edit_move(&e, 0, 0, 4, 3, err, sizeof err), COMPASS_EDIT_CHANGED);
    const compass_level *l = compass_edit_board(&e);
    cr_assert_str_eq(l->arrows[0].id, "a1");
    cr_assert_eq(l->arrows[0].row, 4);
    cr_assert_eq(l->arrows[0].col, 3);
    cr_assert_eq(compass_edit_turn(&e, 4, 3, COMPASS_W, err, sizeof err), COMPASS_EDIT_CHANGED);
    cr_assert_eq(compass_edit_board(&e)->arrows[0].dir, COMPASS_W);
    /* Placing on an arrow turns it. */
    cr_assert_eq(compass_edit_place(&e, 4, 3, COMPASS_S, err, sizeof err), COMPASS_EDIT_CHANGED);
    cr_assert_eq(compass_edit_board(&e)->arrow_count, 2);
    cr_assert_eq(compass_edit_board(&e)->arrows[0].dir, COMPASS_S);
}

Test(compass_edit, undo_and_redo_are_unlimited_and_exact)
{
    compass_level before[40];
    for (int i = 0; i < 40; i++) {
        before[i] = *compass_edit_board(&e);
        int r = i % 5, c = i / 5 % 5;
        if (i < 25)
            cr_assert_eq(compass_edit_place(&e, r, c, (compass_dir)(i & 3), err, sizeof err), 0, "%s", err);
        else
            cr_assert_eq(compass_edit_erase(&e, r, c, err, sizeof err), 0, "%s", err);
    }
    compass_level last = *compass_edit_board(&e);
    for (int i = 39; i >= 0; i--) {
        cr_assert(compass_edit_undo(&e));
        cr_assert_eq(memcmp(compass_edit_board(&e), &before[i], sizeof before[i]), 0, "step %d", i);
    }
    cr_assert_not(compass_edit_undo(&e));
    for (int i = 0; i < 40; i++)
        cr_assert(compass_edit_redo(&e));
    cr_assert_not(compass_edit_redo(&e));
    cr_assert_eq(memcmp(compass_edit_board(&e), &last, sizeof last), 0);
    /* A new edit after undo drops the redo steps. */
    compass_edit_undo(&e);
    compass_edit_set_phase(&e, 2, err, sizeof err);
    cr_assert_not(compass_edit_can_redo(&e));
}

Test(compass_edit, edge_lanes_step_through_every_kind_and_schedule)
{
    static const unsigned masks[8] = {0xF, 1, 2, 4, 8, 5, 10, 0};
    for (int i = 0; i < 8; i++) {
        compass_edge_kind k;
        unsigned m;
        compass_edit_edge_next(compass_edit_board(&e), COMPASS_E, 2, &k, &m);
        cr_assert_eq(compass_edit_set_edge(&e, COMPASS_E, 2, k, m, err, sizeof err), 0, "%s", err);
        unsigned got;
        compass_edge_kind now = compass_edit_edge_at(compass_edit_board(&e), COMPASS_E, 2, &got);
        cr_assert_eq(got, masks[i], "step %d", i);
        cr_assert_eq(now, i == 0 ? COMPASS_EDGE_PLAIN : i < 5 ? COMPASS_EDGE_WINDOW
                          : i < 7 ? COMPASS_EDGE_PORT : COMPASS_EDGE_CLOSED);
    }
    cr_assert_eq(compass_edit_board(&e)->aperture_count, 0);
    /* Any two distinct phases make a port, as the format allows. */
    cr_assert_eq(compass_edit_set_edge(&e, COMPASS_S, 0, COMPASS_EDGE_PORT, 0x3, err, sizeof err), 0);
    cr_assert_eq(compass_edit_set_edge(&e, COMPASS_N, 4, COMPASS_EDGE_PLAIN, 0, err, sizeof err), 0);
    const compass_level *l = compass_edit_board(&e);
    cr_assert_eq(l->apertures[0].side, COMPASS_N, "apertures sorted by side, then lane");
    cr_assert_eq(l->apertures[0].phase_mask, 0xFu);
}

Test(compass_edit, resizing_drops_what_falls_outside)
{
    compass_edit_place(&e, 4, 4, COMPASS_N, err, sizeof err);
    compass_edit_place(&e, 1, 1, COMPASS_N, err, sizeof err);
    compass_edit_toggle_wall(&e, 3, 0, err, sizeof err);
    compass_edit_set_edge(&e, COMPASS_N, 4, COMPASS_EDGE_PLAIN, 0, err, sizeof err);
    compass_edit_set_edge(&e, COMPASS_W, 1, COMPASS_EDGE_PLAIN, 0, err, sizeof err);
    cr_assert_eq(compass_edit_resize(&e, 3, 4, err, sizeof err), COMPASS_EDIT_CHANGED);
    const compass_level *l = compass_edit_board(&e);
    cr_assert_eq(l->arrow_count, 1);
    cr_assert_eq(compass_wall_count(l), 0);
    cr_assert_eq(l->aperture_count, 1);
    cr_assert_eq(l->apertures[0].side, COMPASS_W);
    cr_assert_eq(compass_edit_resize(&e, 0, 4, err, sizeof err), COMPASS_EDIT_REFUSED);
    cr_assert_eq(compass_edit_resize(&e, 16, 16, err, sizeof err), COMPASS_EDIT_CHANGED);
    cr_assert_eq(compass_edit_undo(&e), 1);
    cr_assert_eq(compass_edit_board(&e)->rows, 3);
}

Test(compass_edit, the_level_is_refused_with_the_readers_message)
{
    compass_level out;
    cr_assert_eq(compass_edit_level(&e, &out, err, sizeof err), -1);
    cr_assert_str_eq(err, "arrows: expected 1 to 64 arrows, got 0");
    compass_edit_place(&e, 0, 0, COMPASS_N, err, sizeof err);
    cr_assert_eq(compass_edit_level(&e, &out, err, sizeof err), 0, "%s", err);
}

Test(compass_edit, a_saved_board_reads_back_identically)
{
    compass_edit_place(&e, 0, 0, COMPASS_N, err, sizeof err);
    compass_edit_place(&e, 2, 3, COMPASS_W, err, sizeof err);
    compass_edit_toggle_wall(&e, 2, 1, err, sizeof err);
    compass_edit_set_edge(&e, COMPASS_N, 0, COMPASS_EDGE_WINDOW, 2, err, sizeof err);
    compass_edit_set_edge(&e, COMPASS_W, 2, COMPASS_EDGE_PORT, 5, err, sizeof err);
    compass_edit_set_phase(&e, 3, err, sizeof err);
    compass_level out, back;
    cr_assert_eq(compass_edit_level(&e, &out, err, sizeof err), 0, "%s", err);
    cJSON *doc = compass_level_to_json(&out);
    char *text = jsonio_print(doc);
    cJSON_Delete(doc);
    cJSON *again = jsonio_parse(text, strlen(text), "x", err, sizeof err);
    cr_assert_not_null(again, "%s", err);
    cr_assert_eq(compass_level_from_json(again, "x", &back, err, sizeof err), 0, "%s", err);
    cJSON_Delete(again);
    cr_assert_eq(back.rows, out.rows);
    cr_assert_eq(back.initial_phase, 3);
    cr_assert_eq(back.arrow_count, 2);
    cr_assert_eq(back.aperture_count, 2);
    cr_assert_eq(memcmp(back.wall, out.wall, sizeof out.wall), 0);
    /* And the thread-safe writer gives the very same bytes. */
    size_t len;
    char *t2 = compass_level_text(&back, &len);
    cr_assert_str_eq(t2, text);
    free(t2);
    free(text);
}

Test(compass_edit, an_edit_drops_the_stored_construction)
{
    compass_level l = *compass_edit_board(&e);
    l.arrow_count = 1;
    snprintf(l.arrows[0].id, sizeof l.arrows[0].id, "a1");
    l.has_construction = 1;
    l.reverse_len = 1;
    compass_edit x;
    cr_assert_eq(compass_edit_open(&x, &l), 0);
    cr_assert(compass_edit_board(&x)->has_construction, "opening keeps it");
    compass_edit_place(&x, 3, 3, COMPASS_E, err, sizeof err);
    cr_assert_not(compass_edit_board(&x)->has_construction);
    compass_edit_undo(&x);
    cr_assert(compass_edit_board(&x)->has_construction, "undo brings it back");
    compass_edit_close(&x);
}
