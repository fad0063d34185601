/* Compass Shift campaign acceptance (compass-shift.md "Real solver and content evidence": "50/50
 * solvable levels, 50 distinct canonical hashes, no zero-arrow boards, no invalid or
 * mechanically idle aperture schedules, adjacent pattern and route-signature variation, ten
 * patterns, six families, four tiers, and no pattern above 25%"): the generated campaign
 * passes, and each deliberately broken campaign fails exactly the checks it breaks. */
#include <criterion/criterion.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "compass/compass.h"
#include "compass/compass_campaign.h"
#include "compass/compass_canon.h"
#include "compass/compass_evidence.h"
#include "compass/compass_gen_pool.h"

enum { N = COMPASS_CAMPAIGN_LEVELS };

static compass_level *campaign_levels(void)
{
    static compass_level levels[N];
    static int built;
    if (!built) {
        char err[256];
        cr_assert_eq(compass_gen_campaign(COMPASS_DEFAULT_SEED, N, levels, NULL, err,
                                          sizeof err),
                     0, "%s", err);
        built = 1;
    }
    return levels;
}

/* The names of the failed checks over entries[0..n-1], comma-joined in check order (""
 * when all pass). */
static const char *failed_entry_checks_n(const compass_campaign_entry *entries, int n)
{
    static char names[1024];
    compass_campaign_check checks[COMPASS_CAMPAIGN_CHECK_COUNT];
    int failed = compass_campaign_check_all(entries, n, checks);
    names[0] = '\0';
    int listed = 0;
    for (int k = 0; k < COMPASS_CAMPAIGN_CHECK_COUNT; k++) {
        cr_assert_not_null(checks[k].name);
        if (!checks[k].pass) {
            if (listed++)
                strcat(names, ",");
            strcat(names, checks[k].name);
        }
    }
    cr_assert_eq(failed, listed);
    return names;
}

static compass_campaign_entry *evaluated(const compass_level *levels)
{
    static compass_campaign_entry entries[N];
    for (int i = 0; i < N; i++)
        cr_assert_eq(compass_campaign_evaluate(&levels[i], &entries[i]), 0, "level %d", i + 1);
    return entries;
}

/* A copy of the campaign to break. */
static compass_level *broken_copy(void)
{
    static compass_level copy[N];
    memcpy(copy, campaign_levels(), sizeof copy);
    return copy;
}

/* Puts board's geometry (size, walls, apertures, arrows, reverse order) into position i,
 * keeping position i's metadata, as a hand edit of the level file would. */
static void put_board(compass_level *levels, int i, const compass_level *board)
{
    compass_level keep = levels[i];
    levels[i] = *board;
    memcpy(levels[i].id, keep.id, sizeof keep.id);
    memcpy(levels[i].pattern, keep.pattern, sizeof keep.pattern);
    memcpy(levels[i].family, keep.family, sizeof keep.family);
    levels[i].index = keep.index;
    levels[i].tier = keep.tier;
}

/* A boundary lane whose row or column holds no arrow or wall: no ray can ever reach it. */
static int unreachable_lane(const compass_level *l, compass_dir *side, int *lane)
{
    for (int s = 0; s < 4; s++) {
        int lanes = (s == COMPASS_N || s == COMPASS_S) ? l->cols : l->rows;
        for (int k = 0; k < lanes; k++) {
            int empty = compass_aperture_at(l, (compass_dir)s, k) < 0;
            for (int a = 0; a < l->arrow_count && empty; a++)
                empty = (s == COMPASS_N || s == COMPASS_S) ? l->arrows[a].col != k
                                                           : l->arrows[a].row != k;
            if (empty) {
                *side = (compass_dir)s;
                *lane = k;
                return 1;
            }
        }
    }
    return 0;
}

Test(compass_campaign, the_generated_campaign_passes_every_check)
{
    compass_campaign_entry *e = evaluated(campaign_levels());
    cr_expect_str_eq(failed_entry_checks_n(e, N), "");
}

/* Levels 1 and 11 are both four-winds, open water, tier 1, 4x4 with 4 arrows, so a copy of
 * level 1's board into level 11 breaks only board identity. */
Test(compass_campaign, a_duplicate_board_fails_distinct_canonical_hashes)
{
    compass_level *l = broken_copy();
    put_board(l, 10, &l[0]);
    cr_expect_str_eq(failed_entry_checks_n(evaluated(l), N), "distinct-canonical-hashes");
}

Test(compass_campaign, a_rotated_duplicate_fails_distinct_canonical_hashes)
{
    compass_level *l = broken_copy();
    compass_level turned;
    compass_rotate(&l[0], 1, &turned);
    char a[COMPASS_ENCODING_MAX], b[COMPASS_ENCODING_MAX];
    compass_orientation_encoding(&l[0], a);
    compass_orientation_encoding(&turned, b);
    cr_assert_str_neq(a, b, "the quarter-turn must change the raw geometry");
    put_board(l, 10, &turned);
    cr_expect_str_eq(failed_entry_checks_n(evaluated(l), N), "distinct-canonical-hashes");
}

/* Level 1 grown to 5x5 (an empty row and column on the south and east): still solvable the
 * same way, but tier 1 is 4x4. */
Test(compass_campaign, a_wrong_tier_size_fails_tier_board_sizes)
{
    compass_level *l = broken_copy();
    l[0].rows = 5;
    l[0].cols = 5;
    char err[256];
    cr_assert_eq(compass_level_check(&l[0], err, sizeof err), 0, "%s", err);
    cr_expect_str_eq(failed_entry_checks_n(evaluated(l), N), "tier-board-sizes");
}

/* A window on a lane whose row or column holds no arrow: a schedule no ray ever meets. */
Test(compass_campaign, an_idle_window_fails_no_idle_apertures)
{
    compass_level *l = broken_copy();
    int i = 4; /* cs-05-tide-clock, phase windows */
    compass_dir side;
    int lane;
    cr_assert(unreachable_lane(&l[i], &side, &lane), "level 5 has a lane no ray reaches");
    l[i].apertures[l[i].aperture_count++] =
        (compass_aperture){side, lane, COMPASS_APERTURE_WINDOW, 1u << 2};
    char err[256];
    cr_assert_eq(compass_level_check(&l[i], err, sizeof err), 0, "%s", err);
    cr_expect_str_eq(failed_entry_checks_n(evaluated(l), N), "no-idle-apertures");
}

/* Level 1 with every exit closed: no arrow can ever leave, and its stored reverse solution no
 * longer replays either. With no win there is no wrong move (no tap loses a winnable game)
 * and no decision along a solution, so issue 18's two per-level checks fail with it. */
Test(compass_campaign, an_unsolvable_level_fails_solvability_and_its_reverse_replay)
{
    compass_level *l = broken_copy();
    l[0].aperture_count = 0;
    cr_expect_str_eq(failed_entry_checks_n(evaluated(l), N),
                     "all-levels-solvable,every-level-has-a-wrong-move,"
                     "at-least-two-decision-steps,reverse-construction-verified");
}

/* ---- issue 18: boards the generator now refuses, planted into the campaign ---- */

typedef int (*grade_wanted)(compass_gen_status graded, const compass_gen_grade *g, double arg);

/* Puts into levels[i] the first candidate of position i (default seed, attempts upward) that
 * passes steps 1-6 (compass_gen_verify, the gates before grading), that wanted accepts, and
 * whose canonical hash differs from every other level's and route signature from its
 * neighbours': a level the old generator could have written, so only the new checks see it.
 * 1 when planted. */
static int plant(compass_level *levels, int i, grade_wanted wanted, double arg)
{
    static char hash[N][80], sig[N][80];
    for (int j = 0; j < N; j++)
        if (j != i)
            cr_assert_eq(compass_gen_identity(&levels[j], hash[j], 80, sig[j], 80), 0);
    for (int attempt = 0; attempt < COMPASS_GEN_MAX_ATTEMPTS; attempt++) {
        compass_level cand;
        compass_gen_grade g;
        if (compass_gen_construct(COMPASS_DEFAULT_SEED, i, N, attempt, &cand, NULL) !=
                COMPASS_GEN_OK ||
            compass_gen_verify(&cand) != COMPASS_GEN_OK ||
            !wanted(compass_gen_grade_level(&cand, &g), &g, arg))
            continue;
        char h[80], r[80];
        cr_assert_eq(compass_gen_identity(&cand, h, 80, r, 80), 0);
        int clash = (i > 0 && strcmp(r, sig[i - 1]) == 0) ||
                    (i + 1 < N && strcmp(r, sig[i + 1]) == 0);
        for (int j = 0; j < N && !clash; j++)
            clash = j != i && strcmp(h, hash[j]) == 0;
        if (!clash) {
            levels[i] = cand;
            return 1;
        }
    }
    return 0;
}

/* Exactly one legal release at every step of the solution (so none anywhere on the way). */
static int forced_only(compass_gen_status graded, const compass_gen_grade *g, double arg)
{
    (void)arg;
    return graded == COMPASS_GEN_NO_WRONG_MOVE && g->decision_steps == 0;
}

/* Choices, but no reachable dead end: every sequence of legal taps wins. */
static int no_dead_end(compass_gen_status graded, const compass_gen_grade *g, double arg)
{
    (void)arg;
    return graded == COMPASS_GEN_NO_WRONG_MOVE && g->random_win_share == 1 &&
           g->decision_steps >= COMPASS_GEN_MIN_DECISION_STEPS;
}

/* A wrong move but one decision step, with a share of at least arg. */
static int one_decision(compass_gen_status graded, const compass_gen_grade *g, double arg)
{
    return graded == COMPASS_GEN_FEW_DECISIONS && g->decision_steps == 1 && g->wrong_moves > 0 &&
           g->random_win_share >= arg;
}

/* A level that passes every per-level gate with a share of at least arg. */
static int graded_at_least(compass_gen_status graded, const compass_gen_grade *g, double arg)
{
    return graded == COMPASS_GEN_OK && g->random_win_share >= arg;
}

/* Tier 1 positions only: a board raised to share 1 there cannot lower a tier median below
 * the next tier's, so the plant breaks nothing but the check it is about. */
static int plant_in_tier_one(compass_level *l, grade_wanted wanted, double arg)
{
    for (int i = 0; i < 13; i++)
        if (plant(l, i, wanted, arg))
            return i;
    return -1;
}

Test(compass_campaign, a_forced_only_board_fails_the_wrong_move_and_decision_checks)
{
    compass_level *l = broken_copy();
    int i = plant_in_tier_one(l, forced_only, 0);
    cr_assert_geq(i, 0, "some tier-1 position has a forced-only candidate");
    compass_campaign_entry *e = evaluated(l);
    cr_assert_eq(e[i].decision_steps, 0);
    cr_assert_eq(e[i].random_win_share, 1.0);
    cr_expect_str_eq(failed_entry_checks_n(e, N),
                     "every-level-has-a-wrong-move,at-least-two-decision-steps");
}

Test(compass_campaign, a_board_without_a_dead_end_fails_every_level_has_a_wrong_move)
{
    compass_level *l = broken_copy();
    int i = plant_in_tier_one(l, no_dead_end, 0);
    cr_assert_geq(i, 0, "some tier-1 position has a candidate with no dead end");
    compass_campaign_entry *e = evaluated(l);
    cr_assert_eq(e[i].wrong_moves, 0);
    cr_expect_str_eq(failed_entry_checks_n(e, N), "every-level-has-a-wrong-move");
}

Test(compass_campaign, a_board_with_one_decision_fails_at_least_two_decision_steps)
{
    compass_level *l = broken_copy();
    compass_plan_entry tier1 = compass_plan_entry_at(0);
    int i = plant_in_tier_one(l, one_decision, tier1.share_low);
    cr_assert_geq(i, 0, "some tier-1 position has a one-decision candidate in its band");
    cr_expect_str_eq(failed_entry_checks_n(evaluated(l), N), "at-least-two-decision-steps");
}

/* A flat tier: seven of tier 2's thirteen levels (positions 14-26) replaced by valid levels
 * at least as likely to be won by random taps as tier 1's median level, so tier 2's median
 * no longer falls. */
Test(compass_campaign, a_tier_that_does_not_get_harder_fails_tier_pacing)
{
    compass_level *l = broken_copy();
    compass_campaign_tier_stats st[COMPASS_TIER_COUNT];
    compass_campaign_tier_stats_of(evaluated(l), N, st);
    int planted = 0;
    for (int i = 13; i < 26 && planted < 7; i++)
        planted += plant(l, i, graded_at_least, st[0].random_win_share);
    cr_assert_eq(planted, 7);
    compass_campaign_entry *e = evaluated(l);
    compass_campaign_tier_stats_of(e, N, st);
    cr_assert_geq(st[1].random_win_share, st[0].random_win_share);
    cr_expect_str_eq(failed_entry_checks_n(e, N), "tier-pacing-random-win-share");
}

/* Medians per tier: the middle value, or the mean of the two middle ones. */
Test(compass_campaign, tier_medians_take_the_middle_of_the_measured_levels)
{
    static compass_campaign_entry e[5];
    memset(e, 0, sizeof e);
    double share[5] = {0.9, 0.1, 0.5, 0.3, 0.7};
    for (int i = 0; i < 5; i++) {
        e[i].tier = i < 3 ? 1 : 2;
        e[i].has_metrics = 1;
        e[i].random_win_share = share[i];
        e[i].decision_steps = i;
        e[i].wrong_moves = 10 - i;
    }
    compass_campaign_tier_stats st[COMPASS_TIER_COUNT];
    compass_campaign_tier_stats_of(e, 5, st);
    cr_expect_eq(st[0].levels, 3);
    cr_expect_eq(st[0].random_win_share, 0.5);
    cr_expect_eq(st[0].decision_steps, 1);
    cr_expect_eq(st[0].wrong_moves, 9);
    cr_expect_eq(st[1].random_win_share, 0.5, "(0.3 + 0.7) / 2");
    cr_expect_eq(st[1].decision_steps, 3.5);
    cr_expect_eq(st[2].measured, 0);
    e[4].has_metrics = 0;
    compass_campaign_tier_stats_of(e, 5, st);
    cr_expect_eq(st[1].levels, 2);
    cr_expect_eq(st[1].measured, 1);
    cr_expect_eq(st[1].random_win_share, 0.3);
}

/* Level 2 given level 1's board plus a plain exit no ray reaches: a different board (the exit
 * enters the identity) whose solution has level 1's route signature. The plan alternates arrow
 * counts between neighbours, so equal routes also mean a wrong arrow count for level 2. */
Test(compass_campaign, adjacent_levels_with_one_route_signature_fail_route_variation)
{
    compass_level *l = broken_copy();
    compass_level board = l[0];
    compass_dir side;
    int lane;
    cr_assert(unreachable_lane(&board, &side, &lane));
    board.apertures[board.aperture_count++] =
        (compass_aperture){side, lane, COMPASS_APERTURE_PLAIN, 0xFu};
    put_board(l, 1, &board);
    compass_campaign_entry *e = evaluated(l);
    cr_assert_str_eq(e[0].normalized_signature, e[1].normalized_signature);
    cr_assert_str_neq(e[0].canonical_hash, e[1].canonical_hash);
    cr_expect_str_eq(failed_entry_checks_n(e, N),
                     "adjacent-route-signatures-differ,tier-arrow-counts");
}

/* Swapping levels 1 and 2 keeps every board valid but breaks the listed cycle. */
Test(compass_campaign, levels_out_of_plan_order_fail_plan_order)
{
    compass_level *l = broken_copy();
    compass_level t = l[0];
    l[0] = l[1];
    l[1] = t;
    cr_expect_str_eq(failed_entry_checks_n(evaluated(l), N), "plan-order,tier-arrow-counts");
}

/* An open-water board whose plain exit becomes a window (open in the one phase its known
 * releases use, so the board stays solvable with a real window witness) is no longer open
 * water. */
Test(compass_campaign, a_window_on_an_open_water_board_fails_family_mechanics)
{
    compass_level *l = broken_copy();
    int done = 0;
    for (int i = 0; i < N && !done; i++) {
        if (strcmp(l[i].family, "open-water") != 0)
            continue;
        for (int k = 0; k < l[i].aperture_count && !done; k++) {
            unsigned phases = 0;
            compass_state s = compass_initial_state(&l[i]);
            for (int step = 0; step < l[i].reverse_len; step++) {
                compass_state next;
                compass_release_result r =
                    compass_release(&l[i], &s, l[i].reverse_solution[step], &next);
                if (r.aperture == k)
                    phases |= 1u << s.phase;
                s = next;
            }
            if (__builtin_popcount(phases) != 1)
                continue;
            compass_level w = l[i];
            w.apertures[k].kind = COMPASS_APERTURE_WINDOW;
            w.apertures[k].phase_mask = phases;
            compass_campaign_entry e;
            cr_assert_eq(compass_campaign_evaluate(&w, &e), 0);
            if (e.solvable && e.reverse_verified && e.window_witness && !e.idle_apertures) {
                l[i] = w;
                done = 1;
            }
        }
    }
    cr_assert(done, "some open-water exit serves one phase only");
    cr_expect_str_eq(failed_entry_checks_n(evaluated(l), N), "family-mechanics");
}

/* Checks whose breakage the level format itself refuses (a zero-arrow board, a two-phase
 * window) or that need the campaign's shape changed: shown on the evidence entries. */
Test(compass_campaign, each_remaining_check_fails_on_its_own_broken_entry)
{
    static compass_campaign_entry base[N], e[N];
    memcpy(base, evaluated(campaign_levels()), sizeof base);
    memcpy(e, base, sizeof e);
    e[3].arrow_count = 0;
    e[3].path_length = 0;
    cr_expect(strstr(failed_entry_checks_n(e, N), "no-zero-arrow-board") != NULL);

    memcpy(e, base, sizeof e);
    e[4].invalid_schedules = 1;
    cr_expect_str_eq(failed_entry_checks_n(e, N), "valid-aperture-schedules");

    memcpy(e, base, sizeof e);
    strcpy(e[1].pattern, e[0].pattern);
    cr_expect(strstr(failed_entry_checks_n(e, N), "adjacent-patterns-differ") != NULL);

    memcpy(e, base, sizeof e);
    for (int i = 0; i < N; i++)
        if (strcmp(e[i].pattern, "harbor-code") == 0)
            strcpy(e[i].pattern, "semaphore");
    const char *f = failed_entry_checks_n(e, N);
    cr_expect(strstr(f, "ten-patterns") != NULL, "%s", f);

    memcpy(e, base, sizeof e);
    for (int i = 0; i < N; i++)
        if (strcmp(e[i].family, "windows-ports") == 0)
            strcpy(e[i].family, "walls-windows");
    f = failed_entry_checks_n(e, N);
    cr_expect(strstr(f, "six-families") != NULL, "%s", f);

    memcpy(e, base, sizeof e);
    for (int i = 39; i < N; i++)
        e[i].tier = 3;
    f = failed_entry_checks_n(e, N);
    cr_expect(strstr(f, "four-tiers") != NULL, "%s", f);

    /* 13 of 50 levels share a pattern: 26%, above the cap (12 would be 24%). */
    memcpy(e, base, sizeof e);
    for (int i = 0, moved = 0; i < N && moved < 7; i++)
        if (strcmp(e[i].pattern, "quarter-gates") == 0 || strcmp(e[i].pattern, "breakwater") == 0) {
            strcpy(e[i].pattern, "tide-clock");
            moved++;
        }
    f = failed_entry_checks_n(e, N);
    cr_expect(strstr(f, "no-pattern-above-25-percent") == NULL, "12/50 is 24%%: %s", f);
    for (int i = 0; i < N; i++)
        if (strcmp(e[i].pattern, "breakwater") == 0) {
            strcpy(e[i].pattern, "tide-clock");
            break;
        }
    f = failed_entry_checks_n(e, N);
    cr_expect(strstr(f, "no-pattern-above-25-percent") != NULL, "13/50: %s", f);

    memcpy(e, base, sizeof e);
    e[7].initial_phase = 1;
    cr_expect_str_eq(failed_entry_checks_n(e, N), "initial-phase-zero");

    memcpy(e, base, sizeof e);
    e[2].wall_witness = 0; /* cs-03-reef-slalom */
    cr_expect_str_eq(failed_entry_checks_n(e, N), "wall-witnesses");

    memcpy(e, base, sizeof e);
    e[6].port_witness = 0; /* cs-07-signal-shapes */
    cr_expect_str_eq(failed_entry_checks_n(e, N), "schedule-witnesses");

    memcpy(e, base, sizeof e);
    e[9].solution_uses_port = 0; /* cs-10-harbor-code */
    cr_expect_str_eq(failed_entry_checks_n(e, N), "family-mechanics");

    memcpy(e, base, sizeof e);
    e[12].path_length = e[12].arrow_count + 1;
    cr_expect_str_eq(failed_entry_checks_n(e, N), "path-length-equals-arrow-count");

    /* Issue 18 on the entries: a missing metric, share 1, one decision, a flat tier. */
    memcpy(e, base, sizeof e);
    e[20].has_metrics = 0;
    cr_expect_str_eq(failed_entry_checks_n(e, N), "every-level-has-a-wrong-move");
    memcpy(e, base, sizeof e);
    e[20].wrong_moves = 0;
    cr_expect_str_eq(failed_entry_checks_n(e, N), "every-level-has-a-wrong-move");
    memcpy(e, base, sizeof e);
    e[30].decision_steps = 1;
    cr_expect_str_eq(failed_entry_checks_n(e, N), "at-least-two-decision-steps");
    memcpy(e, base, sizeof e);
    for (int i = 39; i < N; i++)
        e[i].random_win_share = 0.5; /* tier 4 no harder than tier 2 by random taps */
    cr_expect_str_eq(failed_entry_checks_n(e, N), "tier-pacing-random-win-share");

    /* 49 levels: every check that counts to 50 says so. */
    f = failed_entry_checks_n(base, N - 1);
    cr_expect_str_eq(f, "campaign-has-50-levels,all-levels-solvable,distinct-canonical-hashes");
}

/* "byte-identical ... for every OMP_NUM_THREADS": the same seed with one and two threads. */
Test(compass_campaign, one_and_two_threads_build_the_same_campaign)
{
    compass_level *one = calloc(N, sizeof *one), *two = calloc(N, sizeof *two);
    char err[256];
    omp_set_num_threads(1);
    cr_assert_eq(compass_gen_campaign(7u, N, one, NULL, err, sizeof err), 0, "%s", err);
    omp_set_num_threads(2);
    cr_assert_eq(compass_gen_campaign(7u, N, two, NULL, err, sizeof err), 0, "%s", err);
    cr_expect_eq(memcmp(one, two, N * sizeof *one), 0);
    free(one);
    free(two);
}

/* The metrics are read strictly from a record: a share outside 0..1 or of the wrong type, a
 * share without wrongMoves, or a missing decisionSteps is an error naming the field; both
 * graph measures null means a level without metrics. */
Test(compass_campaign, malformed_metrics_in_a_record_are_errors_naming_the_field)
{
    cJSON *ev = compass_evidence_of(&campaign_levels()[0]);
    cr_assert(ev);
    compass_campaign_entry e;
    char err[512];
    cr_assert_eq(compass_campaign_entry_add_evidence(ev, "r.json", &e, err, sizeof err), 0, "%s",
                 err);
    cr_expect(e.has_metrics);
    static const struct {
        const char *key, *json, *message;
    } bad[] = {
        {"randomWinShare", "1.5", "r.json: randomWinShare: expected a number from 0 to 1"},
        {"randomWinShare", "\"0.5\"", "r.json: randomWinShare: expected a number from 0 to 1"},
        {"randomWinShare", "null", "r.json: randomWinShare: expected a number from 0 to 1"},
        {"wrongMoves", "-1", "r.json: wrongMoves"},
        {"wrongMoves", "null", "r.json: wrongMoves"},
        {"decisionSteps", "\"2\"", "r.json: decisionSteps"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        cJSON *copy = cJSON_Duplicate(ev, 1);
        cJSON_ReplaceItemInObjectCaseSensitive(copy, bad[k].key, cJSON_Parse(bad[k].json));
        err[0] = '\0';
        cr_expect_eq(compass_campaign_entry_add_evidence(copy, "r.json", &e, err, sizeof err), -1,
                     "%s = %s", bad[k].key, bad[k].json);
        cr_expect(strncmp(err, bad[k].message, strlen(bad[k].message)) == 0, "%s", err);
        cJSON_Delete(copy);
    }
    cJSON *copy = cJSON_Duplicate(ev, 1);
    cJSON_DeleteItemFromObjectCaseSensitive(copy, "decisionSteps");
    cr_expect_eq(compass_campaign_entry_add_evidence(copy, "r.json", &e, err, sizeof err), -1);
    cr_expect(strstr(err, "decisionSteps") != NULL, "%s", err);
    cJSON_Delete(copy);
    copy = cJSON_Duplicate(ev, 1);
    cJSON_ReplaceItemInObjectCaseSensitive(copy, "randomWinShare", cJSON_CreateNull());
    cJSON_ReplaceItemInObjectCaseSensitive(copy, "wrongMoves", cJSON_CreateNull());
    cr_expect_eq(compass_campaign_entry_add_evidence(copy, "r.json", &e, err, sizeof err), 0, "%s",
                 err);
    cr_expect_not(e.has_metrics);
    cJSON_Delete(copy);
    cJSON_Delete(ev);
}
