/* Compass Shift GameController: undo, restart and blocked taps (compass-shift.md "Undo,
 * restart, and hint boundary", "Dynamic state"). */
#include <criterion/criterion.h>
#include <string.h>

#include "compass/compass_game.h"
#include "compass/compass_json.h"
#include "jsonio.h"

#include "compass_test_util.h"

/* 4x4 at phase 2 with a few plain exits. Only b can leave first (S turned twice is N, out
 * through N lane 3); then a (N turned three times is W, out through W lane 0); then c (S at
 * phase 0, out through S lane 0). Before b goes, a faces S and c blocks it. */
static const char *level_text =
    "{\"format\":\"compass-shift-level/1\",\"id\":\"g\",\"rows\":4,\"cols\":4,\"initialPhase\":2,"
    "\"walls\":[],\"apertures\":["
    "{\"side\":\"N\",\"lane\":0,\"kind\":\"plain\"},{\"side\":\"N\",\"lane\":3,\"kind\":\"plain\"},"
    "{\"side\":\"E\",\"lane\":0,\"kind\":\"plain\"},{\"side\":\"S\",\"lane\":0,\"kind\":\"plain\"},"
    "{\"side\":\"W\",\"lane\":0,\"kind\":\"plain\"}],"
    "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"},"
    "{\"id\":\"b\",\"row\":0,\"col\":3,\"dir\":\"S\"},"
    "{\"id\":\"c\",\"row\":3,\"col\":0,\"dir\":\"S\"}]}";

static compass_level level;
static compass_game g;

static void setup(void)
{
    level = compass_test_load(level_text);
    compass_game_start(&g, &level);
}

Test(compass_game, blocked_taps_do_not_enter_the_undo_stack, .init = setup)
{
    /* "Blocked taps do not enter the undo stack." a faces S at phase 2 and c blocks it. */
    compass_state before = g.state;
    compass_release_result r = compass_game_tap(&g, 0);
    cr_assert_eq(r.status, COMPASS_BLOCKED_ARROW);
    cr_assert_eq(r.blocker_arrow, 2);
    cr_assert_eq(g.depth, 0);
    cr_assert_eq(g.state.remaining, before.remaining);
    cr_assert_eq(g.state.phase, before.phase);
    cr_assert_eq(compass_game_undo(&g), 0, "nothing to undo after a blocked tap");
}

Test(compass_game, undo_restores_the_exact_prior_snapshot_atomically, .init = setup)
{
    /* "Unlimited Undo restores the exact prior remaining-arrow ID set and compass phase
     * atomically." */
    cr_assert_eq(compass_game_tap(&g, 1).status, COMPASS_RELEASED); /* b: S+2 = N, lane 3 */
    compass_state after_b = g.state;
    cr_assert_eq(after_b.remaining, 0x5u);
    cr_assert_eq(after_b.phase, 3);
    cr_assert_eq(compass_game_tap(&g, 0).status, COMPASS_RELEASED); /* a: N+3 = W, lane 0 */
    cr_assert_eq(g.depth, 2);
    cr_assert_eq(compass_game_undo(&g), 1);
    cr_assert_eq(g.state.remaining, after_b.remaining);
    cr_assert_eq(g.state.phase, after_b.phase);
    cr_assert_eq(compass_game_undo(&g), 1);
    cr_assert_eq(g.state.remaining, 0x7u);
    cr_assert_eq(g.state.phase, 2);
    cr_assert_eq(compass_game_undo(&g), 0);
}

Test(compass_game, undo_is_unlimited_back_to_the_start_after_a_win, .init = setup)
{
    int order[3] = {1, 0, 2}, released = 0;
    for (int k = 0; k < 3; k++)
        released += compass_game_tap(&g, order[k]).status == COMPASS_RELEASED;
    cr_assert_eq(released, 3);
    cr_assert(compass_game_won(&g));
    cr_assert_eq(g.state.phase, (2 + 3) % 4, "the last release still turns the compass");
    int undone = 0;
    while (compass_game_undo(&g))
        undone++;
    cr_assert_eq(undone, 3);
    cr_assert_eq(g.state.remaining, 0x7u);
    cr_assert_eq(g.state.phase, 2);
}

Test(compass_game, restart_restores_the_authored_start_exactly, .init = setup)
{
    /* "Restart restores the authored initial remaining-arrow set and phase exactly." */
    compass_game_tap(&g, 1);
    compass_game_tap(&g, 0);
    compass_game_start(&g, &level);
    cr_assert_eq(g.state.remaining, 0x7u);
    cr_assert_eq(g.state.phase, 2);
    cr_assert_eq(g.depth, 0);
}

Test(compass_game, a_tap_on_a_released_or_unknown_arrow_changes_nothing, .init = setup)
{
    compass_game_tap(&g, 1);
    compass_state s = g.state;
    cr_assert_eq(compass_game_tap(&g, 1).status, COMPASS_NOT_REMAINING);
    cr_assert_eq(compass_game_tap(&g, 99).status, COMPASS_NOT_REMAINING);
    cr_assert_eq(compass_game_tap(&g, -1).status, COMPASS_NOT_REMAINING);
    cr_assert_eq(g.depth, 1);
    cr_assert_eq(g.state.remaining, s.remaining);
    cr_assert_eq(g.state.phase, s.phase);
}
