/* Text equivalents (compass-shift.md "UX, accessibility, and feedback": "each remaining
 * arrow's row/column and effective direction, the visible compass phase, each aperture
 * schedule, and resolver feedback without exposing hidden solver answers"). */
#include <criterion/criterion.h>
#include <string.h>

#include "compass/compass_content.h"
#include "compass/compass_describe.h"

static compass_level harbor(void)
{
    compass_level l;
    char err[512];
    cr_assert_eq(compass_level_file_read("tests/fixtures/compass/harbor.json", &l, err, sizeof err),
                 0, "%s", err);
    return l;
}

Test(compass_describe, the_board_lists_phase_arrows_row_major_and_every_schedule)
{
    compass_level l = harbor();
    compass_state s = compass_initial_state(&l);
    char buf[2048];
    size_t n = compass_describe_state(&l, &s, buf, sizeof buf);
    cr_assert_eq(n, strlen(buf));
    cr_assert(strstr(buf, "Compass phase 0"), "%s", buf);
    cr_assert(strstr(buf, "5 arrows remain: row 1, column 1 points North; "
                          "row 2, column 2 points West; row 2, column 3 points North;"
                          " row 2, column 4 points West; row 3, column 3 points South."),
              "%s", buf);
    cr_assert(strstr(buf, "a window on the south edge at column 3, open only in phase 0"), "%s", buf);
    cr_assert(strstr(buf, "a port on the west edge at row 2, open in phases 1 and 3"), "%s", buf);
    cr_assert(strstr(buf, "an exit on the north edge at column 1, always open"), "%s", buf);
    cr_assert(strstr(buf, "2 walls."), "%s", buf);
}

Test(compass_describe, effective_directions_follow_the_phase)
{
    compass_level l = harbor();
    compass_state s = {0x1, 2}; /* only a1 (base S) remains, phase 2: it points North */
    char buf[1024];
    compass_describe_state(&l, &s, buf, sizeof buf);
    cr_assert(strstr(buf, "1 arrow remains: row 3, column 3 points North."), "%s", buf);
    cr_assert(strstr(buf, "turned 2 quarters"), "%s", buf);
}

Test(compass_describe, player_text_never_uses_designer_ids_or_lane_labels)
{
    compass_level l = harbor();
    compass_state s = compass_initial_state(&l);
    char buf[2048];
    compass_describe_state(&l, &s, buf, sizeof buf);
    const char *jargon[] = {"a1", "a2", "a3", "a4", "a5", "plain", "+0", "+1", "+2", "+3"};
    for (size_t i = 0; i < sizeof jargon / sizeof *jargon; i++)
        cr_assert_null(strstr(buf, jargon[i]), "\"%s\" in: %s", jargon[i], buf);
    for (int a = 0; a < l.arrow_count; a++) {
        compass_release_result r = compass_release(&l, &s, a, NULL);
        compass_describe_feedback(&l, &s, a, &r, buf, sizeof buf);
        for (size_t i = 0; i < sizeof jargon / sizeof *jargon; i++)
            cr_assert_null(strstr(buf, jargon[i]), "\"%s\" in: %s", jargon[i], buf);
    }
}

Test(compass_describe, it_never_names_a_solution)
{
    compass_level l = harbor();
    compass_state s = compass_initial_state(&l);
    char buf[2048];
    compass_describe_state(&l, &s, buf, sizeof buf);
    cr_assert_null(strstr(buf, "solution"));
    cr_assert_null(strstr(buf, "legal"));
    cr_assert_null(strstr(buf, "free"));
}

Test(compass_describe, feedback_names_the_first_blocker_category_and_the_unturned_compass)
{
    compass_level l = harbor();
    compass_state s = compass_initial_state(&l);
    char buf[512];
    /* a4 (1,1) faces W at phase 0 and reaches W lane 1, a port open only in phases 1 and 3. */
    compass_release_result r = compass_release(&l, &s, 3, NULL);
    cr_assert_eq(r.status, COMPASS_BLOCKED_APERTURE_PHASE);
    compass_describe_feedback(&l, &s, 3, &r, buf, sizeof buf);
    cr_assert_str_eq(buf, "The arrow at row 2, column 2 points West and is blocked by a port on the"
                          " west edge at row 2, open in phases 1 and 3, not open in phase 0; nothing"
                          " moved and the compass did not turn.");
    /* a3 (1,3) faces W: a5 at (1,2) is in the way. */
    r = compass_release(&l, &s, 2, NULL);
    cr_assert_eq(r.status, COMPASS_BLOCKED_ARROW);
    compass_describe_feedback(&l, &s, 2, &r, buf, sizeof buf);
    cr_assert(strstr(buf, "blocked by the arrow at row 2, column 3; nothing moved"), "%s", buf);
}

Test(compass_describe, feedback_for_a_release_names_the_exit_and_the_new_phase)
{
    compass_level l = harbor();
    compass_state s = compass_initial_state(&l);
    char buf[512];
    compass_release_result r = compass_release(&l, &s, 0, NULL); /* a1 S through S+2 window */
    cr_assert_eq(r.status, COMPASS_RELEASED);
    compass_describe_feedback(&l, &s, 0, &r, buf, sizeof buf);
    cr_assert_str_eq(buf, "The arrow at row 3, column 3 left South through the window on the south"
                          " edge at column 3; the compass turned to phase 1; 4 arrows remain.");
}

Test(compass_describe, a_small_buffer_is_truncated_and_the_needed_length_returned)
{
    compass_level l = harbor();
    compass_state s = compass_initial_state(&l);
    char big[2048], small[16];
    size_t need = compass_describe_state(&l, &s, big, sizeof big);
    cr_assert_eq(compass_describe_state(&l, &s, small, sizeof small), need);
    cr_assert_eq(strlen(small), sizeof small - 1);
    cr_assert_eq(strncmp(small, big, sizeof small - 1), 0);
}
