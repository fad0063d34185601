/* Compass Shift rules core and level format (compass-shift.md "Release transaction",
 * "Aperture and obstacle grammar"; issue 3 "Level format compass-shift-level/1"). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compass/compass.h"
#include "compass/compass_json.h"
#include "jsonio.h"

#include "compass_test_util.h"

/* The loader's message for a malformed level ("" when it loads). */
static const char *load_error(const char *text)
{
    static char err[512];
    compass_level l;
    err[0] = '\0';
    cJSON *doc = jsonio_parse(text, strlen(text), "test", err, sizeof err);
    cr_assert(doc, "fixture is not JSON: %s", err);
    int rc = compass_level_from_json(doc, "bad.json", &l, err, sizeof err);
    cJSON_Delete(doc);
    return rc == 0 ? "" : err;
}

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

/* The issue's example level. */
static const char example[] =
    "{ \"format\": \"compass-shift-level/1\", \"id\": \"cs-01-four-winds\", \"index\": 1,"
    "  \"pattern\": \"four-winds\", \"family\": \"open-water\", \"tier\": 1,"
    "  \"rows\": 4, \"cols\": 4, \"initialPhase\": 0,"
    "  \"walls\": [[1, 2]],"
    "  \"apertures\": [ {\"side\": \"N\", \"lane\": 0, \"kind\": \"plain\"},"
    "                 {\"side\": \"E\", \"lane\": 1, \"kind\": \"window\", \"phases\": [2]},"
    "                 {\"side\": \"S\", \"lane\": 3, \"kind\": \"port\", \"phases\": [1, 3]} ],"
    "  \"arrows\": [ {\"id\": \"a1\", \"row\": 0, \"col\": 0, \"dir\": \"E\"} ],"
    "  \"construction\": { \"seed\": 1, \"attempt\": 0, \"reverseSolution\": [\"a1\"] } }";

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

Test(compass_json, the_issue_example_loads_and_writes_back_identically)
{
    compass_level l = compass_test_load(example);
    cr_expect_str_eq(l.id, "cs-01-four-winds");
    cr_expect_eq(l.index, 1);
    cr_expect_str_eq(l.pattern, "four-winds");
    cr_expect_str_eq(l.family, "open-water");
    cr_expect_eq(l.tier, 1);
    cr_expect(l.wall[1][2]);
    cr_expect_eq(l.aperture_count, 3);
    cr_expect_eq(l.apertures[1].kind, COMPASS_APERTURE_WINDOW);
    cr_expect_eq(l.apertures[1].phase_mask, 4u);
    cr_expect_eq(l.apertures[2].phase_mask, 0xAu);
    cr_expect_eq(l.apertures[0].phase_mask, 0xFu);
    cr_expect(l.has_construction);
    cr_expect_eq(l.reverse_len, 1);
    cr_expect_eq(l.reverse_solution[0], 0);

    cJSON *doc = compass_level_to_json(&l);
    char *text = cJSON_PrintUnformatted(doc);
    cr_expect_str_eq(text,
                     "{\"format\":\"compass-shift-level/1\",\"id\":\"cs-01-four-winds\",\"index\":1,"
                     "\"pattern\":\"four-winds\",\"family\":\"open-water\",\"tier\":1,\"rows\":4,"
                     "\"cols\":4,\"initialPhase\":0,\"walls\":[[1,2]],\"apertures\":[{\"side\":\"N\","
                     "\"lane\":0,\"kind\":\"plain\"},{\"side\":\"E\",\"lane\":1,\"kind\":\"window\","
                     "\"phases\":[2]},{\"side\":\"S\",\"lane\":3,\"kind\":\"port\",\"phases\":[1,3]}],"
                     "\"arrows\":[{\"id\":\"a1\",\"row\":0,\"col\":0,\"dir\":\"E\"}],\"construction\":"
                     "{\"seed\":1,\"attempt\":0,\"reverseSolution\":[\"a1\"]}}");
    compass_level again = compass_test_load(text);
    cr_expect_eq(memcmp(&again, &l, sizeof l), 0, "read(write(l)) == l");
    free(text);
    cJSON_Delete(doc);
}

Test(compass_json, optional_metadata_is_omitted_when_absent)
{
    compass_level l = compass_test_load(HEAD "\"walls\":[],\"apertures\":[],"
                                "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}");
    cJSON *doc = compass_level_to_json(&l);
    char *text = cJSON_PrintUnformatted(doc);
    cr_expect_str_eq(text, "{\"format\":\"compass-shift-level/1\",\"id\":\"t\",\"rows\":4,\"cols\":4,"
                           "\"initialPhase\":0,\"walls\":[],\"apertures\":[],\"arrows\":[{\"id\":"
                           "\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}");
    free(text);
    cJSON_Delete(doc);
}

Test(compass_json, each_malformed_level_names_the_field_and_value)
{
    static const struct { const char *text, *want; } cases[] = {
        {"[1]", "bad.json: (root): expected an object"},
        {"{\"format\":\"compass-shift-level/2\"}", "format: expected \"compass-shift-level/1\""},
        {HEAD "\"walls\":[],\"apertures\":[],\"arrows\":[]}", "arrows: expected 1 to 64 items, got 0"},
        {HEAD "\"walls\":[],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"Q\"}]}",
         "arrows[0].dir: expected N/E/S/W, got \"Q\""},
        {HEAD "\"walls\":[],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":4,\"col\":0,\"dir\":\"N\"}]}",
         "arrows[0].row: expected an integer from 0 to 3, got 4"},
        {HEAD "\"walls\":[[0,0]],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}",
         "arrows[0]: cell [0, 0] is a wall"},
        {HEAD "\"walls\":[],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"},"
              "{\"id\":\"a\",\"row\":1,\"col\":0,\"dir\":\"N\"}]}",
         "arrows[1].id: \"a\" is already used by arrows[0]"},
        {HEAD "\"walls\":[],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"},"
              "{\"id\":\"b\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}",
         "arrows[1]: cell [0, 0] already holds arrows[0]"},
        {HEAD "\"walls\":[],\"apertures\":[],\"arrows\":[{\"id\":\"a@1\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}",
         "arrows[0].id: expected 1 to 31 letters"},
        {HEAD "\"walls\":[],\"apertures\":[{\"side\":\"E\",\"lane\":1,\"kind\":\"window\",\"phases\":[1,2]}],"
              "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}",
         "apertures[0].phases: expected 1 to 1 items, got 2"},
        {HEAD "\"walls\":[],\"apertures\":[{\"side\":\"E\",\"lane\":1,\"kind\":\"port\",\"phases\":[1,1]}],"
              "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}",
         "apertures[0].phases[1]: phase 1 is listed twice"},
        {HEAD "\"walls\":[],\"apertures\":[{\"side\":\"E\",\"lane\":1,\"kind\":\"window\",\"phases\":[4]}],"
              "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}",
         "apertures[0].phases[0]: expected an integer from 0 to 3, got 4"},
        {HEAD "\"walls\":[],\"apertures\":[{\"side\":\"N\",\"lane\":1,\"kind\":\"plain\",\"phases\":[0]}],"
              "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}",
         "apertures[0].phases: a plain exit"},
        {HEAD "\"walls\":[],\"apertures\":[{\"side\":\"N\",\"lane\":1,\"kind\":\"plain\"},"
              "{\"side\":\"N\",\"lane\":1,\"kind\":\"window\",\"phases\":[0]}],"
              "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}",
         "apertures[1]: lane N1 already has apertures[0]"},
        {HEAD "\"walls\":[],\"apertures\":[{\"side\":\"W\",\"lane\":4,\"kind\":\"plain\"}],"
              "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}",
         "apertures[0].lane: expected an integer from 0 to 3, got 4"},
        {HEAD "\"walls\":[[1,1],[1,1]],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}",
         "walls[1]: cell [1, 1] is listed twice"},
        {HEAD "\"walls\":[[1]],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}",
         "walls[0]: expected [row, col], got an array"},
        {HEAD "\"walls\":[[1,1e300]],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}",
         "walls[0][1]: expected an integer from 0 to 3"},
        {"{\"format\":\"compass-shift-level/1\",\"id\":\"t\",\"rows\":17,\"cols\":4}",
         "rows: expected an integer from 1 to 16, got 17"},
        {"{\"format\":\"compass-shift-level/1\",\"id\":\"t\",\"rows\":4,\"cols\":4,\"initialPhase\":4}",
         "initialPhase: expected an integer from 0 to 3, got 4"},
        {"{\"format\":\"compass-shift-level/1\",\"id\":\"t\",\"rows\":4,\"cols\":4}",
         "initialPhase: missing"},
        {"{\"format\":\"compass-shift-level/1\",\"id\":\"../x\",\"rows\":4,\"cols\":4,\"initialPhase\":0,"
         "\"walls\":[],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}",
         "id: expected letters, digits"},
        {HEAD "\"walls\":[],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}],"
              "\"extra\":1}",
         "extra: unknown field"},
        {HEAD "\"walls\":[],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}],"
              "\"construction\":{\"seed\":1,\"attempt\":0,\"reverseSolution\":[\"zz\"]}}",
         "construction.reverseSolution[0]: expected an arrow id, got \"zz\""},
        {HEAD "\"walls\":[],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}],"
              "\"construction\":{\"seed\":1,\"attempt\":0,\"reverseSolution\":[\"a\",\"a\"]}}",
         "construction.reverseSolution: expected 0 to 1 items, got 2"},
        {HEAD "\"walls\":[],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}],"
              "\"construction\":{\"seed\":-1,\"attempt\":0,\"reverseSolution\":[]}}",
         "construction.seed: expected an integer from 0 to 4294967295, got -1"},
        {HEAD "\"walls\":[],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}],"
              "\"tier\":5}",
         "tier: expected an integer from 1 to 4, got 5"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const char *got = load_error(cases[i].text);
        cr_expect(strstr(got, cases[i].want) != NULL, "case %zu: want \"%s\" in \"%s\"", i,
                  cases[i].want, got);
        cr_expect(strncmp(got, "bad.json: ", 10) == 0, "case %zu names the file: %s", i, got);
    }
}

Test(compass_json, a_reverse_solution_listing_an_arrow_twice_is_refused)
{
    const char *got = load_error(
        HEAD "\"walls\":[],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"},"
             "{\"id\":\"b\",\"row\":1,\"col\":0,\"dir\":\"N\"}],"
             "\"construction\":{\"seed\":1,\"attempt\":0,\"reverseSolution\":[\"a\",\"a\"]}}");
    cr_expect(strstr(got, "construction.reverseSolution[1]: \"a\" is listed twice"), "%s", got);
}

Test(compass_json, level_check_catches_what_an_in_memory_builder_can_get_wrong)
{
    compass_level l = compass_test_load(example);
    char err[256];
    cr_expect_eq(compass_level_check(&l, err, sizeof err), 0, "%s", err);
    l.apertures[2].phase_mask = 0x7;
    cr_expect_eq(compass_level_check(&l, err, sizeof err), -1);
    cr_expect(strstr(err, "apertures[2].phases: a port needs exactly two distinct phases"), "%s", err);
    l = compass_test_load(example);
    l.wall[0][0] = 1;
    cr_expect_eq(compass_level_check(&l, err, sizeof err), -1);
    cr_expect(strstr(err, "arrows[0]: cell [0, 0] is a wall"), "%s", err);
    l = compass_test_load(example);
    l.wall[5][5] = 1;
    cr_expect_eq(compass_level_check(&l, err, sizeof err), -1);
    cr_expect(strstr(err, "walls: cell [5, 5] is outside"), "%s", err);
}
