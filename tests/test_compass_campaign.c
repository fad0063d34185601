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
#include "compass/compass_gen.h"

enum { N = COMPASS_CAMPAIGN_LEVELS };

static compass_level *campaign_levels(void)
{
    static compass_level levels[N];
    static int built;
    if (!built) {
        char err[256];
        cr_assert_eq(compass_gen_campaign(COMPASS_DEFAULT_SEED, N, levels, NULL, NULL, err,
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
 * longer replays either. */
Test(compass_campaign, an_unsolvable_level_fails_solvability_and_its_reverse_replay)
{
    compass_level *l = broken_copy();
    l[0].aperture_count = 0;
    cr_expect_str_eq(failed_entry_checks_n(evaluated(l), N),
                     "all-levels-solvable,reverse-construction-verified");
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
    cr_assert_eq(compass_gen_campaign(7u, N, one, NULL, NULL, err, sizeof err), 0, "%s", err);
    omp_set_num_threads(2);
    cr_assert_eq(compass_gen_campaign(7u, N, two, NULL, NULL, err, sizeof err), 0, "%s", err);
    cr_expect_eq(memcmp(one, two, N * sizeof *one), 0);
    free(one);
    free(two);
}
