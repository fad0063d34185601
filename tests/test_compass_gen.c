/* Compass Shift reverse construction, verification and grading of one candidate
 * (compass-shift.md "Reverse-construction generator"; issue 18's grade). */
#include <criterion/criterion.h>
#include <string.h>

#include "compass/compass.h"
#include "compass/compass_campaign.h"
#include "compass/compass_gen_pool.h"
#include "compass/compass_metrics.h"

/* Step 2: "Forward step n has phase n mod 4"; step 3: rays clear of walls and later-release
 * arrows, base = inverse rotation of the intended direction; step 5: the known order replays
 * through the production transition. Checked over many candidates of every pattern. */
Test(compass_gen, reverse_construction_builds_a_known_winning_order)
{
    int built = 0;
    for (int i = 0; i < COMPASS_CAMPAIGN_LEVELS; i++)
        for (int attempt = 0; attempt < 6; attempt++) {
            compass_level l;
            compass_gen_step steps[COMPASS_MAX_ARROWS];
            if (compass_gen_construct(12345u, i, 50, attempt, &l, steps) != COMPASS_GEN_OK)
                continue;
            built++;
            compass_plan_entry plan = compass_plan_entry_at(i);
            cr_assert_eq(l.arrow_count, plan.arrows);
            cr_assert_eq(l.rows, plan.rows);
            cr_assert_eq(l.initial_phase, 0);
            cr_assert_eq(l.reverse_len, l.arrow_count);
            char err[256];
            cr_assert_eq(compass_level_check(&l, err, sizeof err), 0, "%s", err);
            compass_state s = compass_initial_state(&l);
            for (int k = 0; k < l.arrow_count; k++) {
                int a = l.reverse_solution[k];
                cr_assert_eq(steps[k].arrow, a);
                cr_assert_eq(s.phase, k % 4, "step %d phase", k);
                cr_assert_eq(steps[k].phase, k % 4);
                cr_assert_eq(compass_effective_dir(&l, &s, a), steps[k].dir);
                cr_assert_eq((l.arrows[a].dir + k) % 4, (int)steps[k].dir, "inverse rotation");
                compass_state next;
                compass_release_result r = compass_release(&l, &s, a, &next);
                cr_assert_eq(r.status, COMPASS_RELEASED, "%s step %d: %s", l.id, k,
                             compass_release_status_name(r.status));
                cr_assert_eq(r.exit_side, steps[k].side);
                cr_assert_eq(r.exit_lane, steps[k].lane);
                cr_assert_eq(l.apertures[r.aperture].kind, steps[k].kind);
                s = next;
            }
            cr_assert(compass_is_won(&s));
            cr_assert(compass_replay_wins(&l, l.reverse_solution, l.reverse_len));
        }
    cr_expect_gt(built, 200, "only %d of 300 candidates were built", built);
}

/* Step 4: windows open in one phase, ports in two (all six two-of-four schedules occur,
 * issue 31), and each lane carries one aperture type; families get only their own types and
 * walls. */
Test(compass_gen, derived_apertures_keep_valid_schedules_and_family_types)
{
    unsigned schedules = 0; /* bit m: a port with phase mask m was built */
    for (int i = 0; i < COMPASS_CAMPAIGN_LEVELS; i++)
        for (int attempt = 0; attempt < 4; attempt++) {
            compass_level l;
            if (compass_gen_construct(99u, i, 50, attempt, &l, NULL) != COMPASS_GEN_OK)
                continue;
            unsigned want = compass_plan_entry_at(i).features;
            int walls = 0, windows = 0, ports = 0;
            for (int r = 0; r < l.rows; r++)
                for (int c = 0; c < l.cols; c++)
                    walls += l.wall[r][c];
            for (int k = 0; k < l.aperture_count; k++) {
                const compass_aperture *a = &l.apertures[k];
                if (a->kind == COMPASS_APERTURE_WINDOW) {
                    windows++;
                    cr_assert_eq(__builtin_popcount(a->phase_mask), 1);
                } else if (a->kind == COMPASS_APERTURE_PORT) {
                    ports++;
                    cr_assert_eq(__builtin_popcount(a->phase_mask), 2, "port %#x",
                                 a->phase_mask);
                    schedules |= 1u << a->phase_mask;
                } else {
                    cr_assert_eq(a->phase_mask, 0xFu);
                    cr_assert_eq(want & (COMPASS_FEATURE_WINDOWS | COMPASS_FEATURE_PORTS), 0u,
                                 "%s has a plain exit", l.id);
                }
                for (int j = 0; j < k; j++)
                    cr_assert(l.apertures[j].side != a->side || l.apertures[j].lane != a->lane,
                              "two apertures on one lane");
            }
            cr_assert_eq(walls > 0, (want & COMPASS_FEATURE_WALLS) != 0, "%s walls", l.id);
            cr_assert_eq(windows > 0, (want & COMPASS_FEATURE_WINDOWS) != 0, "%s windows", l.id);
            cr_assert_eq(ports > 0, (want & COMPASS_FEATURE_PORTS) != 0, "%s ports", l.id);
        }
    unsigned six = (1u << 0x3) | (1u << 0x5) | (1u << 0x6) | (1u << 0x9) | (1u << 0xA) |
                   (1u << 0xC);
    cr_expect_eq(schedules, six, "ports of all six schedules: %#x", schedules);
}

Test(compass_gen, construction_is_a_pure_function_of_seed_position_and_attempt)
{
    compass_level a, b, c;
    compass_gen_status sa = compass_gen_construct(5u, 13, 50, 3, &a, NULL);
    compass_gen_status sb = compass_gen_construct(5u, 13, 50, 3, &b, NULL);
    cr_assert_eq(sa, sb);
    cr_assert_eq(memcmp(&a, &b, sizeof a), 0);
    compass_gen_construct(5u, 13, 50, 4, &c, NULL);
    cr_assert_neq(memcmp(&a, &c, sizeof a), 0, "another attempt gives another candidate");
    cr_assert_eq(a.construction_seed, compass_construction_seed(5u, 13, 3));
    cr_assert_eq(a.construction_attempt, 3);
    cr_assert_str_eq(a.id, "cs-14-breakwater");
    cr_assert_str_eq(a.family, "reef");
    cr_assert_eq(a.tier, 2);
}

/* Step 4: "If a declared type lacks phase causality, add one deterministic non-overlapping
 * inactive-phase aperture as a witness candidate"; step 5: "require a reachable
 * legality-changing wall witness for every wall level and a blocked-to-legal relaxed-schedule
 * witness for every declared aperture type; and reject mixed-aperture solutions that do not
 * use both types". Every verified candidate carries what its family needs, read from its
 * evidence record, and the witness additions really happen along the way. */
Test(compass_gen, verified_candidates_carry_every_witness_their_family_needs)
{
    int verified = 0, added[3] = {0}, kept_schedules = 0;
    for (int i = 0; i < COMPASS_CAMPAIGN_LEVELS; i++)
        for (int attempt = 0; attempt < 8; attempt++) {
            compass_level l;
            if (compass_gen_construct(1u, i, 50, attempt, &l, NULL) != COMPASS_GEN_OK)
                continue;
            compass_level built = l;
            if (compass_gen_verify(&l) != COMPASS_GEN_OK)
                continue;
            verified++;
            for (int k = 0; k < l.aperture_count; k++)
                if (compass_aperture_at(&built, l.apertures[k].side, l.apertures[k].lane) < 0) {
                    added[l.apertures[k].kind]++;
                    /* A plain witness exit serves only a wall witness. */
                    cr_assert(l.apertures[k].kind != COMPASS_APERTURE_PLAIN ||
                              (compass_plan_entry_at(i).features & COMPASS_FEATURE_WALLS));
                }
            cr_assert(compass_replay_wins(&l, l.reverse_solution, l.reverse_len),
                      "%s: the known order still wins", l.id);
            compass_campaign_entry e;
            cr_assert_eq(compass_campaign_evaluate(&l, &e), 0);
            unsigned want = compass_plan_entry_at(i).features;
            cr_assert(e.solvable, "%s", l.id);
            cr_assert_eq(e.idle_apertures, 0, "%s", l.id);
            cr_assert(!(want & COMPASS_FEATURE_WALLS) || e.wall_witness, "%s wall", l.id);
            cr_assert(!(want & COMPASS_FEATURE_WINDOWS) || e.window_witness, "%s window", l.id);
            cr_assert(!(want & COMPASS_FEATURE_PORTS) || e.port_witness, "%s port", l.id);
            if ((want & COMPASS_FEATURE_WINDOWS) && (want & COMPASS_FEATURE_PORTS))
                cr_assert(e.solution_uses_window && e.solution_uses_port, "%s mixed", l.id);
            compass_metrics m;
            cr_assert_eq(compass_metrics_of(&l, 0, &m), COMPASS_SOLVE_DONE);
            for (int k = 0; k < l.aperture_count; k++)
                if (l.apertures[k].kind != COMPASS_APERTURE_PLAIN) {
                    cr_assert(compass_aperture_tells_apart(&l, k, m.aperture_reachers[k]),
                              "%s: aperture %d acts as plain or closed", l.id, k);
                    kept_schedules++;
                }
        }
    cr_expect_gt(verified, 300);
    cr_expect_gt(added[COMPASS_APERTURE_PLAIN], 0, "wall-witness exits were exercised");
    /* A window or port kept tells two reaching arrows apart (issue 31), and so is its own
     * schedule witness: the arrow it shuts out is legal with the schedule relaxed. */
    cr_expect_gt(kept_schedules, 100);
}

/* Issue 18 "Generator and acceptance": "Every level must have a wrong move (randomWinShare <
 * 1) and at least two decision steps". Every level of a campaign grades OK, and the evidence
 * the solver writes agrees with the grade. */
Test(compass_gen, every_generated_level_has_a_wrong_move_and_two_decision_steps)
{
    static compass_level l[COMPASS_CAMPAIGN_LEVELS];
    char err[256];
    cr_assert_eq(compass_gen_campaign(5u, COMPASS_CAMPAIGN_LEVELS, l, NULL, err,
                                      sizeof err),
                 0, "%s", err);
    for (int i = 0; i < COMPASS_CAMPAIGN_LEVELS; i++) {
        compass_gen_grade g;
        cr_assert_eq(compass_gen_grade_level(&l[i], &g), COMPASS_GEN_OK, "%s", l[i].id);
        cr_assert_lt(g.random_win_share, 1.0, "%s", l[i].id);
        cr_assert_gt(g.wrong_moves, 0u, "%s", l[i].id);
        cr_assert_geq(g.decision_steps, COMPASS_GEN_MIN_DECISION_STEPS, "%s", l[i].id);
        compass_campaign_entry e;
        cr_assert_eq(compass_campaign_evaluate(&l[i], &e), 0);
        cr_assert_eq(e.random_win_share, g.random_win_share, "%s", l[i].id);
        cr_assert_eq(e.decision_steps, g.decision_steps, "%s", l[i].id);
        cr_assert_eq(e.wrong_moves, (long long)g.wrong_moves, "%s", l[i].id);
    }
}

/* The grade names the first gate a board fails: none without a dead end, one decision. */
Test(compass_gen, the_grade_refuses_boards_without_a_wrong_move_or_with_one_decision)
{
    int seen[COMPASS_GEN_FEW_DECISIONS + 1] = {0};
    for (int i = 0; i < COMPASS_CAMPAIGN_LEVELS; i++)
        for (int attempt = 0; attempt < 20; attempt++) {
            compass_level l;
            compass_gen_grade g;
            if (compass_gen_construct(1u, i, 50, attempt, &l, NULL) != COMPASS_GEN_OK ||
                compass_gen_verify(&l) != COMPASS_GEN_OK)
                continue;
            compass_gen_status s = compass_gen_grade_level(&l, &g);
            cr_assert(s == COMPASS_GEN_OK || s == COMPASS_GEN_NO_WRONG_MOVE ||
                      s == COMPASS_GEN_FEW_DECISIONS);
            seen[s]++;
            cr_assert_eq(s == COMPASS_GEN_NO_WRONG_MOVE, g.random_win_share == 1.0, "%s", l.id);
            cr_assert_eq(s == COMPASS_GEN_NO_WRONG_MOVE, g.wrong_moves == 0, "%s", l.id);
            if (s == COMPASS_GEN_FEW_DECISIONS)
                cr_assert_lt(g.decision_steps, COMPASS_GEN_MIN_DECISION_STEPS);
        }
    cr_expect_gt(seen[COMPASS_GEN_OK], 0);
    cr_expect_gt(seen[COMPASS_GEN_NO_WRONG_MOVE], 0, "boards without a dead end occur");
    cr_expect_gt(seen[COMPASS_GEN_FEW_DECISIONS], 0, "one-decision boards occur");
    cr_expect_str_eq(compass_gen_status_name(COMPASS_GEN_NO_WRONG_MOVE), "no-wrong-move");
    cr_expect_str_eq(compass_gen_status_name(COMPASS_GEN_FEW_DECISIONS), "few-decisions");
}

/* The selection rule (docs/games/compass.md "Tier pacing"): from first_attempt upward, the first graded
 * candidate inside the tier's band; else, by the end of the band window, the graded one nearest
 * to the band, the earliest on ties. Re-derived here attempt by attempt for every position. */
Test(compass_gen, each_level_is_the_first_graded_candidate_in_its_tier_band)
{
    int in_band = 0;
    for (int i = 0; i < COMPASS_CAMPAIGN_LEVELS; i++) {
        compass_level chosen;
        int a = compass_gen_level(7u, i, 50, 0, &chosen);
        cr_assert_geq(a, 0);
        compass_plan_entry plan = compass_plan_entry_at(i);
        compass_gen_grade g;
        cr_assert_eq(compass_gen_grade_level(&chosen, &g), COMPASS_GEN_OK);
        double gap = compass_gen_grade_gap(&plan, &g);
        in_band += gap == 0;
        int graded_before = 0;
        double least_in_window = 1e9; /* the least gap graded before the window closes */
        for (int b = 0; b < a; b++) {
            compass_level l;
            compass_gen_grade h;
            if (compass_gen_construct(7u, i, 50, b, &l, NULL) != COMPASS_GEN_OK ||
                compass_gen_verify(&l) != COMPASS_GEN_OK ||
                compass_gen_grade_level(&l, &h) != COMPASS_GEN_OK)
                continue;
            graded_before++;
            double hg = compass_gen_grade_gap(&plan, &h);
            cr_assert_gt(hg, gap, "%s: attempt %d is nearer the target than %d", chosen.id, b, a);
            if (b < COMPASS_GEN_BAND_WINDOW && hg < least_in_window)
                least_in_window = hg;
        }
        /* Past the window only while every candidate of the window missed a yes/no target
         * (a gap of 100 or more). */
        if (a >= COMPASS_GEN_BAND_WINDOW && graded_before)
            cr_assert_geq(least_in_window, 100, "%s", chosen.id);
    }
    cr_expect_gt(in_band, 25, "most levels land on target");
}

/* Issue 31 "Patterns that play differently": each pattern's construction rule, measured on
 * 300 constructed candidates of its first campaign position, against the other pattern of
 * its family: closed lanes and arrows blocked at the start (open water), wall count and
 * shape (reef), decoy schedules (windows, ports). */
typedef struct {
    double closed, blocked, walls, schedules, straight;
} pattern_profile;

static pattern_profile profile_of(int i)
{
    pattern_profile p = {0};
    int n = 0;
    for (int attempt = 0; attempt < 300; attempt++) {
        compass_level l;
        if (compass_gen_construct(11u, i, 50, attempt, &l, NULL) != COMPASS_GEN_OK)
            continue;
        n++;
        int lanes = 2 * (l.rows + l.cols), rows_used = 0, cols_used = 0, walls = 0;
        p.closed += (double)(lanes - l.aperture_count) / lanes;
        compass_state s = compass_initial_state(&l);
        int blocked = 0;
        for (int a = 0; a < l.arrow_count; a++)
            blocked += compass_release(&l, &s, a, NULL).status == COMPASS_BLOCKED_ARROW;
        p.blocked += (double)blocked / l.arrow_count;
        for (int r = 0; r < l.rows; r++) {
            int in_row = 0;
            for (int c = 0; c < l.cols; c++)
                in_row += l.wall[r][c];
            rows_used += in_row > 0;
            walls += in_row;
        }
        for (int c = 0; c < l.cols; c++) {
            int in_col = 0;
            for (int r = 0; r < l.rows; r++)
                in_col += l.wall[r][c];
            cols_used += in_col > 0;
        }
        p.walls += walls;
        p.straight += walls > 0 && (rows_used == 1 || cols_used == 1);
        for (int k = 0; k < l.aperture_count; k++)
            p.schedules += l.apertures[k].kind != COMPASS_APERTURE_PLAIN;
    }
    cr_assert_gt(n, 100, "position %d: %d candidates built", i + 1, n);
    p.closed /= n, p.blocked /= n, p.walls /= n, p.schedules /= n, p.straight /= n;
    return p;
}

Test(compass_gen, the_two_patterns_of_a_family_build_measurably_different_boards)
{
    pattern_profile winds = profile_of(0), current = profile_of(1);
    cr_expect_gt(current.closed, winds.closed + 0.1, "counter-current closes more lanes");
    cr_expect_gt(current.blocked, winds.blocked + 0.05, "and stacks arrows on others' rays");
    pattern_profile slalom = profile_of(2), breakwater = profile_of(3);
    cr_expect_gt(slalom.walls, breakwater.walls + 0.5, "reef-slalom scatters more walls");
    cr_expect_eq(breakwater.straight, 1.0, "breakwater's walls are one straight run");
    cr_expect_lt(slalom.straight, 0.5);
    pattern_profile tide = profile_of(4), gates = profile_of(5);
    cr_expect_gt(tide.schedules, gates.schedules + 0.5, "tide-clock has more decoy windows");
    cr_expect_gt(gates.blocked, tide.blocked + 0.05, "quarter-gates chains its arrows");
    pattern_profile shapes = profile_of(6), semaphore = profile_of(7);
    cr_expect_gt(shapes.schedules, semaphore.schedules + 0.5, "signal-shapes has more ports");
    cr_expect_gt(semaphore.blocked, shapes.blocked + 0.05, "semaphore chains its arrows");
}

Test(compass_gen, one_level_takes_the_first_campaign_slot_of_its_pattern_and_tier)
{
    cr_expect_eq(compass_gen_one_position(0, 1), 0, "four-winds opens tier 1");
    cr_expect_eq(compass_gen_one_position(2, 1), 2, "reef-slalom: slot 3, not 13");
    cr_expect_eq(compass_gen_one_position(3, 2), 13, "breakwater opens tier 2");
    cr_expect_eq(compass_gen_one_position(9, 4), 39, "harbor-code opens tier 4 too");
    compass_level one, camp;
    char err[256];
    cr_assert_eq(compass_gen_one("breakwater", 2, "reef", 5, &one, err, sizeof err), 0, "%s", err);
    cr_assert_geq(compass_gen_level(5, 13, COMPASS_CAMPAIGN_LEVELS, 0, &camp), 0);
    cr_expect_str_eq(one.id, "breakwater-t2-s5");
    cr_expect_eq(one.index, 0);
    cr_expect_eq(one.tier, 2);
    cr_expect_eq(one.arrow_count, camp.arrow_count);
    cr_expect_eq(memcmp(one.arrows, camp.arrows, sizeof one.arrows), 0, "the campaign's board");
    cr_expect(compass_replay_wins(&one, one.reverse_solution, one.reverse_len));
}

Test(compass_gen, one_level_refuses_unknown_names_and_a_family_not_the_patterns)
{
    compass_level l;
    char err[512];
    cr_expect_eq(compass_gen_one("nope", 1, NULL, 1, &l, err, sizeof err), -1);
    cr_expect(strstr(err, "unknown pattern \"nope\""), "%s", err);
    cr_expect(strstr(err, "harbor-code"), "the known names are listed: %s", err);
    cr_expect_eq(compass_gen_one("semaphore", 0, NULL, 1, &l, err, sizeof err), -1);
    cr_expect_str_eq(err, "tier 0: expected 1 to 4");
    cr_expect_eq(compass_gen_one("semaphore", 1, "ports", 1, &l, err, sizeof err), -1);
    cr_expect(strstr(err, "unknown family \"ports\""), "%s", err);
    cr_expect_eq(compass_gen_one("semaphore", 1, "reef", 1, &l, err, sizeof err), -1);
    cr_expect_str_eq(err, "pattern semaphore is of family signal-ports, not reef");
}
