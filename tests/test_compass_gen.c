/* Compass Shift plan table and reverse construction (compass-shift.md "Content plan",
 * "Difficulty tiers", "Reverse-construction generator"). */
#include <criterion/criterion.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

#include "compass/compass.h"
#include "compass/compass_campaign.h"
#include "compass/compass_gen.h"

/* "ten named patterns with five levels each ... four difficulty tiers" */
Test(compass_gen, plan_cycles_the_ten_patterns_in_the_listed_order)
{
    static const char *const order[] = {"four-winds",    "counter-current", "reef-slalom",
                                        "breakwater",    "tide-clock",      "quarter-gates",
                                        "signal-shapes", "semaphore",       "charted-reef",
                                        "harbor-code"};
    int uses[COMPASS_PATTERN_COUNT] = {0};
    for (int i = 0; i < COMPASS_CAMPAIGN_LEVELS; i++) {
        compass_plan_entry e = compass_plan_entry_at(i);
        cr_assert_str_eq(compass_pattern_name(e.pattern), order[i % 10], "level %d", i + 1);
        cr_assert_eq(e.index, i + 1);
        uses[e.pattern]++;
    }
    for (int p = 0; p < COMPASS_PATTERN_COUNT; p++)
        cr_expect_eq(uses[p], 5, "pattern %s", order[p]);
}

/* Family table: Open Water (four-winds, counter-current), Reef (reef-slalom, breakwater),
 * Phase windows (tide-clock, quarter-gates), Signal ports (signal-shapes, semaphore),
 * Walls + windows (charted-reef), Windows + ports (harbor-code). */
Test(compass_gen, families_are_the_spec_families_with_their_mechanics)
{
    static const struct { const char *pattern, *family; unsigned features; } want[] = {
        {"four-winds", "open-water", 0},
        {"counter-current", "open-water", 0},
        {"reef-slalom", "reef", COMPASS_FEATURE_WALLS},
        {"breakwater", "reef", COMPASS_FEATURE_WALLS},
        {"tide-clock", "phase-windows", COMPASS_FEATURE_WINDOWS},
        {"quarter-gates", "phase-windows", COMPASS_FEATURE_WINDOWS},
        {"signal-shapes", "signal-ports", COMPASS_FEATURE_PORTS},
        {"semaphore", "signal-ports", COMPASS_FEATURE_PORTS},
        {"charted-reef", "walls-windows", COMPASS_FEATURE_WALLS | COMPASS_FEATURE_WINDOWS},
        {"harbor-code", "windows-ports", COMPASS_FEATURE_WINDOWS | COMPASS_FEATURE_PORTS}};
    for (int p = 0; p < COMPASS_PATTERN_COUNT; p++) {
        int f = compass_pattern_family(compass_pattern_lookup(want[p].pattern));
        cr_assert_str_eq(compass_family_name(f), want[p].family);
        cr_assert_eq(compass_family_features(f), want[p].features, "%s", want[p].pattern);
    }
    int per_family[COMPASS_FAMILY_COUNT] = {0};
    for (int i = 0; i < COMPASS_CAMPAIGN_LEVELS; i++)
        per_family[compass_plan_entry_at(i).family]++;
    /* "Family shares are 20%, 20%, 20%, 20%, 10%, and 10%." */
    static const int shares[COMPASS_FAMILY_COUNT] = {10, 10, 10, 10, 5, 5};
    for (int f = 0; f < COMPASS_FAMILY_COUNT; f++)
        cr_expect_eq(per_family[f], shares[f], "family %s", compass_family_name(f));
}

/* Difficulty tiers: 13 x 4x4 4/5, 13 x 4x4 5/6, 13 x 5x5 6/7, 11 x 5x5 7/8. */
Test(compass_gen, tiers_follow_the_difficulty_table_with_alternating_arrow_counts)
{
    static const struct { int first, last, side, low, high; } want[] = {
        {1, 13, 4, 4, 5}, {14, 26, 4, 5, 6}, {27, 39, 5, 6, 7}, {40, 50, 5, 7, 8}};
    for (int t = 0; t < 4; t++)
        for (int pos = want[t].first; pos <= want[t].last; pos++) {
            compass_plan_entry e = compass_plan_entry_at(pos - 1);
            cr_assert_eq(e.tier, t + 1, "level %d", pos);
            cr_assert_eq(e.rows, want[t].side);
            cr_assert_eq(e.cols, want[t].side);
            int k = pos - want[t].first;
            cr_assert_eq(e.arrows, k % 2 == 0 ? want[t].low : want[t].high, "level %d", pos);
        }
}

Test(compass_gen, ids_are_cs_nn_pattern_and_widen_for_large_pools)
{
    char id[64];
    compass_level_id(0, 50, id, sizeof id);
    cr_expect_str_eq(id, "cs-01-four-winds");
    compass_level_id(49, 50, id, sizeof id);
    cr_expect_str_eq(id, "cs-50-harbor-code");
    compass_level_id(6, 1000, id, sizeof id);
    cr_expect_str_eq(id, "cs-0007-signal-shapes");
    compass_level_id(999, 1000, id, sizeof id);
    cr_expect_str_eq(id, "cs-1000-harbor-code");
}

/* gen compass --out removes only its own stale level files (docs/formats/compass-campaign.md "Writing over an earlier run"):
 * a name is the tool's exactly when some pool size gives that id to that position. */
Test(compass_gen, level_file_names_are_recognised_exactly)
{
    char id[64];
    for (int count = 1; count <= 1200; count += 199)
        for (int i = 0; i < count; i += 7) {
            compass_level_id(i, count, id, sizeof id);
            strcat(id, ".json");
            cr_assert_eq(compass_level_file_position(id), i, "%s", id);
        }
    cr_expect_eq(compass_level_file_position("cs-51-four-winds.json"), 50);
    cr_expect_eq(compass_level_file_position("cs-000000007-signal-shapes.json"), 6);
    static const char *const foreign[] = {
        "campaign.json", "cs-05-four-winds.json", "cs-5-tide-clock.json",
        "cs-00-harbor-code.json", "cs-01-four-winds", "cs-01-four-winds.json.tmp.42",
        "cs-01-four-winds.JSON", "xcs-01-four-winds.json", "cs-01-four-winds-2.json",
        "cs-0000000001-four-winds.json", "cs--1-harbor-code.json", "cs-01four-winds.json", NULL};
    for (int k = 0; foreign[k]; k++)
        cr_expect_eq(compass_level_file_position(foreign[k]), -1, "%s", foreign[k]);
}

/* A pool above 50 repeats the plan: position i takes campaign slot i mod 50. */
Test(compass_gen, large_pools_repeat_the_fifty_level_plan)
{
    for (int i = 0; i < 200; i++) {
        compass_plan_entry a = compass_plan_entry_at(i), b = compass_plan_entry_at(i % 50);
        cr_assert_eq(a.pattern, b.pattern);
        cr_assert_eq(a.tier, b.tier);
        cr_assert_eq(a.arrows, b.arrows);
        cr_assert_eq(a.index, i + 1);
    }
}

Test(compass_gen, construction_seed_depends_on_seed_position_and_attempt_only)
{
    uint32_t s = compass_construction_seed(7, 3, 2);
    cr_expect_eq(s, compass_construction_seed(7, 3, 2));
    cr_expect_neq(s, compass_construction_seed(8, 3, 2));
    cr_expect_neq(s, compass_construction_seed(7, 4, 2));
    cr_expect_neq(s, compass_construction_seed(7, 3, 3));
}

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

/* Step 4: windows open in one phase, ports in one opposite pair, and each lane carries one
 * aperture type; families get only their own types and walls. */
Test(compass_gen, derived_apertures_keep_valid_schedules_and_family_types)
{
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
                    cr_assert(a->phase_mask == 0x5 || a->phase_mask == 0xA, "port %#x",
                              a->phase_mask);
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
    int verified = 0, added[3] = {0};
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
        }
    cr_expect_gt(verified, 300);
    cr_expect_gt(added[COMPASS_APERTURE_PLAIN], 0, "wall-witness exits were exercised");
    cr_expect_gt(added[COMPASS_APERTURE_WINDOW], 0, "window witnesses were exercised");
    cr_expect_gt(added[COMPASS_APERTURE_PORT], 0, "port witnesses were exercised");
}

/* Step 6 and the cross-level rules: a whole campaign has distinct canonical hashes and
 * neighbours with different route signatures, and is the same for the same seed. */
Test(compass_gen, a_campaign_has_distinct_boards_and_varied_neighbours)
{
    static compass_level a[COMPASS_CAMPAIGN_LEVELS], b[COMPASS_CAMPAIGN_LEVELS];
    char err[256], hash[COMPASS_CAMPAIGN_LEVELS][80], sig[COMPASS_CAMPAIGN_LEVELS][80];
    cr_assert_eq(compass_gen_campaign(3u, COMPASS_CAMPAIGN_LEVELS, a, NULL, err, sizeof err),
                 0, "%s", err);
    cr_assert_eq(compass_gen_campaign(3u, COMPASS_CAMPAIGN_LEVELS, b, NULL, err, sizeof err),
                 0, "%s", err);
    cr_assert_eq(memcmp(a, b, sizeof a), 0);
    for (int i = 0; i < COMPASS_CAMPAIGN_LEVELS; i++) {
        cr_assert_eq(compass_gen_identity(&a[i], hash[i], 80, sig[i], 80), 0);
        for (int j = 0; j < i; j++)
            cr_assert_str_neq(hash[i], hash[j], "%s and %s", a[i].id, a[j].id);
        if (i > 0)
            cr_assert_str_neq(sig[i], sig[i - 1]);
        cr_assert_eq(a[i].construction_seed,
                     compass_construction_seed(3u, i, a[i].construction_attempt));
    }
}

/* Step 6: "retry on any solver, uniqueness, or adjacent-variety failure". Level 11 given
 * level 1's board (both four-winds, 4x4, 4 arrows) repeats its canonical hash; level 2 given
 * level 1's board repeats its route. The sequential pass moves each to its next passing
 * attempt, exactly the candidate compass_gen_level builds from there. */
Test(compass_gen, resolution_moves_a_repeated_board_or_route_to_the_next_attempt)
{
    static compass_level l[COMPASS_CAMPAIGN_LEVELS], want;
    char err[256];
    cr_assert_eq(compass_gen_campaign(11u, COMPASS_CAMPAIGN_LEVELS, l, NULL, err,
                                      sizeof err),
                 0, "%s", err);
    for (int target = 1; target <= 10; target += 9) {
        int before = l[target].construction_attempt;
        compass_level keep = l[target];
        l[target] = l[0];
        memcpy(l[target].id, keep.id, sizeof keep.id);
        l[target].construction_attempt = before;
        cr_assert_eq(compass_gen_resolve(11u, COMPASS_CAMPAIGN_LEVELS, l, err, sizeof err), 0,
                     "%s", err);
        int next = compass_gen_level(11u, target, COMPASS_CAMPAIGN_LEVELS, before + 1, &want);
        cr_assert_geq(next, before + 1);
        cr_assert_eq(l[target].construction_attempt, next, "level %d", target + 1);
        cr_assert_eq(memcmp(&l[target], &want, sizeof want), 0);
        char h0[80], h[80], s0[80], s[80];
        compass_gen_identity(&l[0], h0, 80, s0, 80);
        compass_gen_identity(&l[target], h, 80, s, 80);
        cr_assert_str_neq(h0, h);
    }
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
        double gap = compass_gen_band_gap(&plan, g.random_win_share);
        in_band += gap == 0;
        int graded_before = 0;
        for (int b = 0; b < a; b++) {
            compass_level l;
            compass_gen_grade h;
            if (compass_gen_construct(7u, i, 50, b, &l, NULL) != COMPASS_GEN_OK ||
                compass_gen_verify(&l) != COMPASS_GEN_OK ||
                compass_gen_grade_level(&l, &h) != COMPASS_GEN_OK)
                continue;
            graded_before++;
            cr_assert_gt(compass_gen_band_gap(&plan, h.random_win_share), gap,
                         "%s: attempt %d is nearer the band than %d", chosen.id, b, a);
        }
        if (gap > 0 && graded_before)
            cr_assert_lt(a, COMPASS_GEN_BAND_WINDOW, "%s", chosen.id);
    }
    cr_expect_gt(in_band, 40, "most levels land in their tier's band");
}

/* "the median randomWinShare of each tier is strictly lower than the tier before it": the
 * bands fall tier by tier and do not overlap. */
Test(compass_gen, tier_bands_fall_and_do_not_overlap)
{
    for (int t = 1; t < COMPASS_TIER_COUNT; t++) {
        compass_plan_entry hi = compass_plan_entry_at(t == 1 ? 0 : t == 2 ? 13 : 26);
        compass_plan_entry lo = compass_plan_entry_at(t == 1 ? 13 : t == 2 ? 26 : 39);
        cr_assert_eq(lo.tier, hi.tier + 1);
        cr_expect_lt(lo.share_high, hi.share_low, "tier %d band below tier %d's", lo.tier, hi.tier);
        cr_expect_lt(lo.share_low, lo.share_high);
        cr_expect_gt(lo.share_low, 0.0);
        cr_expect_lt(hi.share_high, 1.0);
    }
}

/* What the pipeline's hooks saw: each level the sink got (by position), how often, and the
 * progress counts in order. fail_from refuses every position from there on. The hooks run on
 * worker threads, so they only record; the test asserts afterwards. */
enum { POOL = 120 };
typedef struct {
    compass_level got[POOL];
    int calls[POOL];
    int progress[POOL + 1], progress_calls, progress_total;
    int fail_from;
} recorder;

static int record_level(const compass_level *l, void *ctx, char *err, size_t errlen)
{
    recorder *r = ctx;
    int i = l->index - 1;
    if (i < 0 || i >= POOL) /* counted nowhere: the calls check below then fails */
        return 0;
    __atomic_fetch_add(&r->calls[i], 1, __ATOMIC_SEQ_CST);
    r->got[i] = *l;
    if (i >= r->fail_from) {
        snprintf(err, errlen, "no room for %s", l->id);
        return -1;
    }
    return 0;
}

static void record_progress(int done, int total, void *ctx)
{
    recorder *r = ctx;
    r->progress_total = total;
    if (r->progress_calls <= POOL)
        r->progress[r->progress_calls++] = done;
}

/* The pipeline hands each final level to the sink exactly once, from any thread: what it got
 * is what the pool holds, for one thread and for two, and progress counts up to the pool. */
Test(compass_gen, the_sink_gets_each_final_level_once_whatever_the_thread_count)
{
    static compass_level pools[2][POOL];
    static recorder r;
    char err[256];
    for (int t = 0; t < 2; t++) {
        memset(&r, 0, sizeof r);
        r.fail_from = POOL;
        compass_gen_hooks hooks = {record_progress, record_level, &r};
        omp_set_num_threads(t + 1);
        cr_assert_eq(compass_gen_campaign(3u, POOL, pools[t], &hooks, err, sizeof err), 0, "%s",
                     err);
        for (int i = 0; i < POOL; i++) {
            cr_assert_eq(r.calls[i], 1, "%d threads: position %d", t + 1, i);
            cr_assert_eq(memcmp(&r.got[i], &pools[t][i], sizeof r.got[i]), 0,
                         "%d threads: position %d", t + 1, i);
        }
        cr_assert_eq(r.progress_total, POOL);
        cr_assert_gt(r.progress_calls, 0);
        for (int k = 1; k < r.progress_calls; k++)
            cr_assert_gt(r.progress[k], r.progress[k - 1]);
        cr_assert_eq(r.progress[r.progress_calls - 1], POOL);
    }
    cr_assert_eq(memcmp(pools[0], pools[1], sizeof pools[0]), 0);
}

/* A sink that refuses a level stops the run: -2, the earliest refused level named whatever
 * thread met it first, and every level before it written. */
Test(compass_gen, a_refusing_sink_stops_the_run_naming_the_earliest_refused_level)
{
    static compass_level pool[POOL];
    static recorder r;
    char err[256];
    memset(&r, 0, sizeof r);
    r.fail_from = 7;
    compass_gen_hooks hooks = {NULL, record_level, &r};
    omp_set_num_threads(2);
    cr_assert_eq(compass_gen_campaign(3u, POOL, pool, &hooks, err, sizeof err), -2);
    cr_expect_str_eq(err, "no room for cs-008-semaphore");
    for (int i = 0; i < 7; i++)
        cr_expect_eq(r.calls[i], 1, "position %d", i);
}
