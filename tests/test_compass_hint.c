/* The designer aid (compass-shift.md "Undo, restart, and hint boundary": "ask PuzzleSolver for
 * one legal move on a winning path, never auto-play or mutate state"). */
#include <criterion/criterion.h>
#include <string.h>

#include "compass/compass_content.h"
#include "compass/compass_hint.h"
#include "compass/compass_solve.h"

#include "compass_test_util.h"

static compass_level load(const char *path)
{
    compass_level l;
    char err[512];
    cr_assert_eq(compass_level_file_read(path, &l, err, sizeof err), 0, "%s", err);
    return l;
}

/* 1 when some winning order exists from s (checked by brute force, not by the solver). */
static int wins_from(const compass_level *l, compass_state s)
{
    if (compass_is_won(&s))
        return 1;
    for (int a = 0; a < l->arrow_count; a++) {
        compass_state n;
        if (compass_release(l, &s, a, &n).status == COMPASS_RELEASED && wins_from(l, n))
            return 1;
    }
    return 0;
}

Test(compass_hint, the_hint_is_legal_and_keeps_a_winning_path_in_every_reachable_state)
{
    compass_level l = load("tests/fixtures/compass/harbor.json");
    /* Walk every reachable state (depth-first over legal releases). */
    compass_state stack[4096];
    int top = 0, checked = 0, dead = 0;
    stack[top++] = compass_initial_state(&l);
    while (top) {
        compass_state s = stack[--top];
        compass_state before = s;
        compass_hint_result h = compass_hint(&l, &s, 0);
        cr_assert_eq(memcmp(&s, &before, sizeof s), 0, "the hint never changes the state");
        if (compass_is_won(&s)) {
            cr_assert_eq(h.status, COMPASS_HINT_WON);
        } else if (wins_from(&l, s)) {
            compass_state n;
            cr_assert_eq(h.status, COMPASS_HINT_MOVE);
            cr_assert_eq(compass_release(&l, &s, h.arrow, &n).status, COMPASS_RELEASED);
            cr_assert(wins_from(&l, n), "the hinted release keeps a winning path");
        } else {
            cr_assert_eq(h.status, COMPASS_HINT_NO_PATH, "no winning path from here");
            cr_assert_eq(h.arrow, -1);
            dead++;
        }
        checked++;
        for (int a = 0; a < l.arrow_count; a++) {
            compass_state n;
            if (compass_release(&l, &s, a, &n).status == COMPASS_RELEASED && top < 4096)
                stack[top++] = n;
        }
    }
    cr_assert_gt(checked, 5);
}

Test(compass_hint, a_dead_end_has_no_winning_path)
{
    /* pair-stranded: releasing either arrow first leaves the other facing a closed edge. */
    compass_level l = load("tests/fixtures/compass/pair-stranded.json");
    compass_state s = compass_initial_state(&l), n;
    cr_assert_eq(compass_release(&l, &s, 0, &n).status, COMPASS_RELEASED);
    compass_hint_result h = compass_hint(&l, &n, 0);
    cr_assert_eq(h.status, COMPASS_HINT_NO_PATH);
}

Test(compass_hint, the_search_bound_is_reported_not_guessed)
{
    compass_level l = load("tests/fixtures/compass/harbor.json");
    compass_state s = compass_initial_state(&l);
    compass_hint_result h = compass_hint(&l, &s, 1);
    cr_assert_eq(h.status, COMPASS_HINT_LIMIT);
    cr_assert_eq(h.arrow, -1);
}

Test(compass_hint, the_sub_level_keeps_the_remaining_arrows_and_the_phase)
{
    compass_level l = load("tests/fixtures/compass/harbor.json"), sub;
    compass_state s = {0x16, 3}; /* a2, a3, a5 remain */
    int map[COMPASS_MAX_ARROWS];
    cr_assert_eq(compass_level_from_state(&l, &s, &sub, map), 3);
    cr_assert_eq(sub.initial_phase, 3);
    cr_assert_eq(map[0], 1);
    cr_assert_eq(map[2], 4);
    cr_assert_str_eq(sub.arrows[1].id, "a3");
    char err[256];
    cr_assert_eq(compass_level_check(&sub, err, sizeof err), 0, "%s", err);
}
