/* Compass Shift rules core (compass-shift.md "Release transaction", "Aperture and obstacle
 * grammar") and its level check; the level format's reader and writer are
 * test_compass_json.c's. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compass/compass.h"

#include "compass_test_util.h"

#define HEAD "{\"format\":\"compass-shift-level/1\",\"id\":\"t\",\"rows\":4,\"cols\":4,\"initialPhase\":0,"
#define PLAIN_ALL                                                                            \
    "\"apertures\":[{\"side\":\"N\",\"lane\":0,\"kind\":\"plain\"},"                          \
    "{\"side\":\"N\",\"lane\":1,\"kind\":\"plain\"},{\"side\":\"N\",\"lane\":2,\"kind\":\"plain\"},"  \
    "{\"side\":\"N\",\"lane\":3,\"kind\":\"plain\"},{\"side\":\"E\",\"lane\":0,\"kind\":\"plain\"},"  \
    "{\"side\":\"E\",\"lane\":1,\"kind\":\"plain\"},{\"side\":\"E\",\"lane\":2,\"kind\":\"plain\"},"  \
    "{\"side\":\"E\",\"lane\":3,\"kind\":\"plain\"},{\"side\":\"S\",\"lane\":0,\"kind\":\"plain\"},"  \
    "{\"side\":\"S\",\"lane\":1,\"kind\":\"plain\"},{\"side\":\"S\",\"lane\":2,\"kind\":\"plain\"},"  \
    "{\"side\":\"S\",\"lane\":3,\"kind\":\"plain\"},{\"side\":\"W\",\"lane\":0,\"kind\":\"plain\"},"  \
    "{\"side\":\"W\",\"lane\":1,\"kind\":\"plain\"},{\"side\":\"W\",\"lane\":2,\"kind\":\"plain\"},"  \
    "{\"side\":\"W\",\"lane\":3,\"kind\":\"plain\"}],"

Test(compass, effective_direction_turns_clockwise_once_per_phase)
{
    /* "effectiveDirection(a, s) = rotate90(a.baseDirection, s.phase)", N->E->S->W->N. */
    compass_level l = compass_test_load(HEAD "\"walls\":[]," PLAIN_ALL
                                "\"arrows\":[{\"id\":\"a\",\"row\":1,\"col\":1,\"dir\":\"W\"}]}");
    compass_state s = compass_initial_state(&l);
    const compass_dir want[4] = {COMPASS_W, COMPASS_N, COMPASS_E, COMPASS_S};
    for (int p = 0; p < 4; p++) {
        s.phase = p;
        cr_expect_eq(compass_effective_dir(&l, &s, 0), want[p], "phase %d", p);
    }
}

Test(compass, a_blocked_tap_is_an_exact_no_op)
{
    /* "If any check fails, return a blocked reason ... Do not mutate state." (The undo
     * history side, "Blocked taps do not enter the undo stack", is in test_compass_game.c.) */
    compass_level l = compass_test_load(HEAD "\"walls\":[]," PLAIN_ALL
                                "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"E\"},"
                                "{\"id\":\"b\",\"row\":0,\"col\":3,\"dir\":\"N\"}]}");
    compass_state s = compass_initial_state(&l), before = s;
    compass_state next = {0xDEADBEEFull, 7};
    compass_release_result r = compass_release(&l, &s, 0, &next);
    cr_assert_eq(r.status, COMPASS_BLOCKED_ARROW);
    cr_expect_eq(next.remaining, 0xDEADBEEFull, "blocked release wrote *next");
    cr_expect_eq(next.phase, 7);
    cr_expect_eq(s.remaining, before.remaining);
    cr_expect_eq(s.phase, before.phase);
    /* The same tap after b has gone succeeds. */
    r = compass_release(&l, &s, 1, &next);
    cr_assert_eq(r.status, COMPASS_RELEASED);
    cr_expect_eq(next.remaining, 1u);
    cr_expect_eq(next.phase, 1);
}

Test(compass, the_last_release_still_turns_the_compass_before_the_win)
{
    /* "The last successful release still advances the compass exactly once before the win
     * state is reported." */
    compass_level l = compass_test_load(HEAD "\"walls\":[]," PLAIN_ALL
                                "\"arrows\":[{\"id\":\"a\",\"row\":2,\"col\":2,\"dir\":\"S\"}]}");
    l.initial_phase = 3;
    compass_state s = compass_initial_state(&l), next;
    cr_assert_not(compass_is_won(&s));
    /* Phase 3 turns S to E: the ray leaves through E lane 2. */
    compass_release_result r = compass_release(&l, &s, 0, &next);
    cr_assert_eq(r.status, COMPASS_RELEASED);
    cr_expect_eq(r.exit_side, COMPASS_E);
    cr_expect_eq(r.exit_lane, 2);
    cr_expect_eq(next.phase, 0, "3 + 1 mod 4");
    cr_expect(compass_is_won(&next));
}

Test(compass, release_is_blocked_by_the_first_arrow_on_the_ray)
{
    compass_level l = compass_test_load(HEAD "\"walls\":[[0,3]]," PLAIN_ALL
                                "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"E\"},"
                                "{\"id\":\"far\",\"row\":0,\"col\":2,\"dir\":\"N\"},"
                                "{\"id\":\"near\",\"row\":0,\"col\":1,\"dir\":\"N\"}]}");
    compass_state s = compass_initial_state(&l);
    compass_release_result r = compass_release(&l, &s, 0, NULL);
    cr_assert_eq(r.status, COMPASS_BLOCKED_ARROW);
    cr_expect_eq(r.blocker_arrow, 2, "the nearest arrow, not the first in file order");
    cr_expect_eq(r.aperture, -1);
    s.remaining &= ~(uint64_t)4; /* near gone: far blocks next */
    r = compass_release(&l, &s, 0, NULL);
    cr_expect_eq(r.blocker_arrow, 1);
    s.remaining &= ~(uint64_t)2; /* both gone: the wall at [0,3] blocks */
    r = compass_release(&l, &s, 0, NULL);
    cr_assert_eq(r.status, COMPASS_BLOCKED_WALL);
    cr_expect_eq(r.blocker_row, 0);
    cr_expect_eq(r.blocker_col, 3);
    cr_expect_eq(r.blocker_arrow, -1);
}

Test(compass, a_wall_before_an_arrow_is_the_first_blocker)
{
    compass_level l = compass_test_load(HEAD "\"walls\":[[2,0]]," PLAIN_ALL
                                "\"arrows\":[{\"id\":\"a\",\"row\":3,\"col\":0,\"dir\":\"N\"},"
                                "{\"id\":\"b\",\"row\":0,\"col\":0,\"dir\":\"E\"}]}");
    compass_state s = compass_initial_state(&l);
    compass_release_result r = compass_release(&l, &s, 0, NULL);
    cr_assert_eq(r.status, COMPASS_BLOCKED_WALL);
    cr_expect_eq(r.blocker_row, 2);
    cr_expect_eq(r.blocker_col, 0);
    /* Relaxing walls uncovers the arrow behind it, never a release through it. */
    r = compass_release_relaxed(&l, &s, 0, COMPASS_RELAX_WALLS, NULL);
    cr_expect_eq(r.status, COMPASS_BLOCKED_ARROW);
    cr_expect_eq(r.blocker_arrow, 1);
}

Test(compass, a_lane_without_an_aperture_is_a_closed_edge)
{
    compass_level l = compass_test_load(HEAD "\"walls\":[],"
                                "\"apertures\":[{\"side\":\"N\",\"lane\":1,\"kind\":\"plain\"}],"
                                "\"arrows\":[{\"id\":\"a\",\"row\":2,\"col\":0,\"dir\":\"N\"},"
                                "{\"id\":\"b\",\"row\":2,\"col\":1,\"dir\":\"N\"}]}");
    compass_state s = compass_initial_state(&l), next = {5, 2};
    compass_release_result r = compass_release(&l, &s, 0, &next);
    cr_assert_eq(r.status, COMPASS_BLOCKED_CLOSED_EDGE);
    cr_expect_eq(r.exit_side, COMPASS_N);
    cr_expect_eq(r.exit_lane, 0);
    cr_expect_eq(r.aperture, -1);
    cr_expect_eq(next.remaining, 5u);
    r = compass_release(&l, &s, 1, &next);
    cr_expect_eq(r.status, COMPASS_RELEASED);
    cr_expect_eq(r.aperture, 0);
    /* Relaxing every schedule does not open a lane that has no aperture. */
    r = compass_release_relaxed(&l, &s, 0, COMPASS_RELAX_WALLS | COMPASS_RELAX_WINDOWS |
                                               COMPASS_RELAX_PORTS, NULL);
    cr_expect_eq(r.status, COMPASS_BLOCKED_CLOSED_EDGE);
}

Test(compass, a_released_arrow_cannot_be_released_again)
{
    compass_level l = compass_test_load(HEAD "\"walls\":[]," PLAIN_ALL
                                "\"arrows\":[{\"id\":\"a\",\"row\":2,\"col\":0,\"dir\":\"N\"},"
                                "{\"id\":\"b\",\"row\":3,\"col\":3,\"dir\":\"N\"}]}");
    compass_state s = compass_initial_state(&l), next;
    cr_assert_eq(compass_release(&l, &s, 0, &next).status, COMPASS_RELEASED);
    compass_state again = next, untouched = {99, 3};
    cr_expect_eq(compass_release(&l, &again, 0, &untouched).status, COMPASS_NOT_REMAINING);
    cr_expect_eq(untouched.remaining, 99u);
    cr_expect_eq(compass_release(&l, &again, 5, NULL).status, COMPASS_NOT_REMAINING);
    cr_expect_eq(compass_release(&l, &again, -1, NULL).status, COMPASS_NOT_REMAINING);
}

/* A one-arrow level whose arrow points at `side` lane 1 in phase p (base turned back p). */
static compass_release_result tap_in_phase(const char *aperture_json, compass_dir side, int p)
{
    char text[1024];
    snprintf(text, sizeof text,
             HEAD "\"walls\":[],\"apertures\":[%s],"
                  "\"arrows\":[{\"id\":\"a\",\"row\":1,\"col\":1,\"dir\":\"N\"}]}",
             aperture_json);
    compass_level l = compass_test_load(text);
    l.arrows[0].dir = (compass_dir)((side - p) & 3);
    compass_state s = compass_initial_state(&l);
    s.phase = p;
    compass_release_result r = compass_release(&l, &s, 0, NULL);
    cr_assert_eq(r.exit_side, side);
    return r;
}

Test(compass, a_window_is_eligible_in_exactly_its_one_phase)
{
    /* "Phase-gated edge window ... eligible only when the shared compass is in that one phase." */
    for (int p = 0; p < 4; p++) {
        compass_release_result r =
            tap_in_phase("{\"side\":\"E\",\"lane\":1,\"kind\":\"window\",\"phases\":[2]}",
                         COMPASS_E, p);
        cr_expect_eq(r.status, p == 2 ? COMPASS_RELEASED : COMPASS_BLOCKED_APERTURE_PHASE,
                     "phase %d", p);
        cr_expect_eq(r.aperture, 0, "the ray reaches the window in phase %d", p);
    }
}

Test(compass, a_port_is_eligible_in_exactly_its_two_phases)
{
    /* "Patterned edge port ... eligible in exactly the printed compass phases." */
    for (int p = 0; p < 4; p++) {
        compass_release_result r =
            tap_in_phase("{\"side\":\"S\",\"lane\":1,\"kind\":\"port\",\"phases\":[3,0]}",
                         COMPASS_S, p);
        cr_expect_eq(r.status, (p == 0 || p == 3) ? COMPASS_RELEASED
                                                  : COMPASS_BLOCKED_APERTURE_PHASE,
                     "phase %d", p);
    }
}

Test(compass, a_plain_exit_is_eligible_in_every_phase)
{
    for (int p = 0; p < 4; p++)
        cr_expect_eq(tap_in_phase("{\"side\":\"W\",\"lane\":1,\"kind\":\"plain\"}", COMPASS_W, p)
                         .status,
                     COMPASS_RELEASED, "phase %d", p);
}

Test(compass, relaxing_a_kind_opens_only_that_kinds_schedule)
{
    compass_level l = compass_test_load(HEAD "\"walls\":[],"
                                "\"apertures\":[{\"side\":\"N\",\"lane\":0,\"kind\":\"window\",\"phases\":[3]},"
                                "{\"side\":\"N\",\"lane\":1,\"kind\":\"port\",\"phases\":[2,3]}],"
                                "\"arrows\":[{\"id\":\"w\",\"row\":3,\"col\":0,\"dir\":\"N\"},"
                                "{\"id\":\"p\",\"row\":3,\"col\":1,\"dir\":\"N\"}]}");
    compass_state s = compass_initial_state(&l), next = {0, 0};
    cr_expect_eq(compass_release_relaxed(&l, &s, 0, COMPASS_RELAX_PORTS, NULL).status,
                 COMPASS_BLOCKED_APERTURE_PHASE);
    cr_expect_eq(compass_release_relaxed(&l, &s, 0, COMPASS_RELAX_WINDOWS, &next).status,
                 COMPASS_RELEASED);
    cr_expect_eq(next.remaining, 2u);
    cr_expect_eq(compass_release_relaxed(&l, &s, 1, COMPASS_RELAX_WINDOWS, NULL).status,
                 COMPASS_BLOCKED_APERTURE_PHASE);
    cr_expect_eq(compass_release_relaxed(&l, &s, 1, COMPASS_RELAX_PORTS, NULL).status,
                 COMPASS_RELEASED);
}

Test(compass, replay_stops_at_the_first_blocked_release)
{
    /* a (row 0, N) leaves at phase 0; b at [2,0] E turns S at phase 1 and leaves S lane 0. */
    compass_level l = compass_test_load(HEAD "\"walls\":[]," PLAIN_ALL
                                "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"},"
                                "{\"id\":\"b\",\"row\":2,\"col\":0,\"dir\":\"E\"}]}");
    compass_state end;
    int good[2] = {0, 1}, bad[2] = {1, 0};
    cr_expect_eq(compass_replay(&l, good, 2, &end), 2);
    cr_expect(compass_is_won(&end));
    cr_expect_eq(end.phase, 2);
    /* b first points E at phase 0 and leaves; then a (N) turns E at phase 1 and leaves too. */
    cr_expect_eq(compass_replay(&l, bad, 2, &end), 2);
    l.wall[0][3] = 1;
    cr_expect_eq(compass_replay(&l, bad, 2, &end), 1, "a is stopped by the wall at [0,3]");
    cr_expect_eq(end.remaining, 1u);
    cr_expect_eq(end.phase, 1);
}

Test(compass, a_winning_replay_releases_every_arrow_and_empties_the_board)
{
    /* "WinDetector=true" only with one release per arrow (the exact one-removal invariant). */
    compass_level l = compass_test_load(HEAD "\"walls\":[]," PLAIN_ALL
                                "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"},"
                                "{\"id\":\"b\",\"row\":2,\"col\":0,\"dir\":\"E\"}]}");
    int good[2] = {0, 1}, bad[2] = {1, 0};
    cr_expect(compass_replay_wins(&l, good, 2));
    cr_expect_not(compass_replay_wins(&l, good, 1), "a prefix leaves b on the board");
    l.wall[0][3] = 1;
    cr_expect_not(compass_replay_wins(&l, bad, 2), "a is stopped by the wall at [0,3]");
}

Test(compass, schedules_follow_the_aperture_grammar)
{
    /* "Plain exit: eligible in all four compass phases"; a window "only when the shared compass
     * is in that one phase"; a port "in exactly the printed compass phases" (two of four). */
    compass_aperture plain = {COMPASS_N, 0, COMPASS_APERTURE_PLAIN, 0xF};
    compass_aperture window = {COMPASS_N, 0, COMPASS_APERTURE_WINDOW, 0x4};
    compass_aperture port = {COMPASS_N, 0, COMPASS_APERTURE_PORT, 0x5};
    cr_expect(compass_aperture_schedule_ok(&plain));
    cr_expect(compass_aperture_schedule_ok(&window));
    cr_expect(compass_aperture_schedule_ok(&port));
    plain.phase_mask = 0x7;
    window.phase_mask = 0x6;
    port.phase_mask = 0x8;
    cr_expect_not(compass_aperture_schedule_ok(&plain));
    cr_expect_not(compass_aperture_schedule_ok(&window));
    cr_expect_not(compass_aperture_schedule_ok(&port));
    port.phase_mask = 0x15; /* two low bits, but a phase 4 does not exist */
    cr_expect_not(compass_aperture_schedule_ok(&port));
}

Test(compass, sixty_four_arrows_fill_the_remaining_set)
{
    char text[8192];
    int n = snprintf(text, sizeof text,
                     "{\"format\":\"compass-shift-level/1\",\"id\":\"big\",\"rows\":16,\"cols\":16,"
                     "\"initialPhase\":0,\"walls\":[],\"apertures\":[],\"arrows\":[");
    for (int i = 0; i < 64; i++)
        n += snprintf(text + n, sizeof text - n, "%s{\"id\":\"a%d\",\"row\":%d,\"col\":%d,\"dir\":\"N\"}",
                      i ? "," : "", i, i / 16, i % 16);
    snprintf(text + n, sizeof text - n, "]}");
    compass_level l = compass_test_load(text);
    cr_expect_eq(l.arrow_count, 64);
    compass_state s = compass_initial_state(&l);
    cr_expect_eq(s.remaining, ~(uint64_t)0);
    cr_expect_eq(compass_release(&l, &s, 63, NULL).status, COMPASS_BLOCKED_ARROW);
    cr_expect_eq(compass_release(&l, &s, 0, NULL).status, COMPASS_BLOCKED_CLOSED_EDGE);
}

Test(compass, level_check_catches_what_an_in_memory_builder_can_get_wrong)
{
    compass_level l = compass_test_load(example_level);
    char err[256];
    cr_expect_eq(compass_level_check(&l, err, sizeof err), 0, "%s", err);
    l.apertures[2].phase_mask = 0x7;
    cr_expect_eq(compass_level_check(&l, err, sizeof err), -1);
    cr_expect(strstr(err, "apertures[2].phases: a port needs exactly two distinct phases"), "%s", err);
    l = compass_test_load(example_level);
    l.wall[0][0] = 1;
    cr_expect_eq(compass_level_check(&l, err, sizeof err), -1);
    cr_expect(strstr(err, "arrows[0]: cell [0, 0] is a wall"), "%s", err);
    l = compass_test_load(example_level);
    l.wall[5][5] = 1;
    cr_expect_eq(compass_level_check(&l, err, sizeof err), -1);
    cr_expect(strstr(err, "walls: cell [5, 5] is outside"), "%s", err);
}
