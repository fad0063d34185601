/* The player's evidence cache (compass_evidence_for_cached): a level without a report is
 * searched once per content, so a --watch reload of an unchanged campaign searches nothing;
 * and the --level board's verdict from that same search (compass_evidence_with_verdict). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "compass/compass_content.h"

static compass_level harbor(void)
{
    compass_level l;
    char err[600];
    cr_assert_eq(compass_level_file_read("tests/fixtures/compass/harbor.json", &l, err, sizeof err), 0, "%s", err);
    return l;
}

Test(compass_evidence_cache, an_unreported_level_is_searched_once_per_content)
{
    compass_level l = harbor();
    compass_evidence_cache cache = {0};
    compass_evidence_summary a, b, plain;
    char err[600];
    cr_assert_eq(compass_evidence_for_cached(&l, NULL, 1000000, &cache, &a, err, sizeof err), 0, "%s", err);
    cr_assert_eq(compass_evidence_for_cached(&l, "/no/such/report.json", 1000000, &cache, &b, err, sizeof err), 0, "%s", err);
    cr_expect_eq(cache.solves, 1, "a second load of the same level searched again");
    cr_assert_eq(compass_evidence_for(&l, NULL, 1000000, &plain, err, sizeof err), 0, "%s", err);
    cr_expect_eq(memcmp(&a, &plain, sizeof a), 0, "the cached evidence is not what a search gives");
    cr_expect_eq(memcmp(&a, &b, sizeof a), 0);
    cr_expect_eq(a.source, COMPASS_EVIDENCE_COMPUTED);
    compass_evidence_cache_free(&cache);
}

Test(compass_evidence_cache, changed_content_or_bound_is_searched_again)
{
    compass_level l = harbor();
    compass_evidence_cache cache = {0};
    compass_evidence_summary out;
    char err[600];
    cr_assert_eq(compass_evidence_for_cached(&l, NULL, 1000000, &cache, &out, err, sizeof err), 0, "%s", err);
    compass_level edited = l;
    edited.initial_phase = (l.initial_phase + 1) % 4;
    cr_assert_eq(compass_evidence_for_cached(&edited, NULL, 1000000, &cache, &out, err, sizeof err), 0, "%s", err);
    cr_expect_eq(cache.solves, 2, "an edited level reused the old level's evidence");
    cr_assert_eq(compass_evidence_for_cached(&l, NULL, 10, &cache, &out, err, sizeof err), 0, "%s", err);
    cr_expect_eq(cache.solves, 3, "another state bound reused a search of a larger one");
    cr_assert_eq(compass_evidence_for_cached(&edited, NULL, 1000000, &cache, &out, err, sizeof err), 0, "%s", err);
    cr_expect_eq(cache.solves, 3, "the edited level, loaded again, was searched again");
    compass_evidence_cache_free(&cache);
}

/* A --level board without a report: the banner's verdict and Tools' evidence from one search
 * and one metric pass, with the figures each would get alone. */
Test(compass_evidence_cache, the_verdict_comes_from_the_evidence_search)
{
    compass_level l = harbor();
    compass_evidence_cache cache = {0};
    compass_evidence_summary with, plain;
    compass_verdict *vd = malloc(sizeof *vd), *alone = malloc(sizeof *alone);
    cr_assert(vd && alone);
    compass_verdict_opts o = {0};
    o.max_memory = 32ull << 20;
    int have = 0;
    char err[600];
    cr_assert_eq(compass_evidence_with_verdict(&l, NULL, 1000000, &cache, &o, &with, vd, &have, err, sizeof err),
                 0, "%s", err);
    cr_expect_eq(have, 1, "no verdict from the evidence's search");
    cr_expect_eq(cache.solves, 1);
    cr_assert_eq(compass_evidence_for(&l, NULL, 1000000, &plain, err, sizeof err), 0, "%s", err);
    cr_expect_eq(memcmp(&with, &plain, sizeof with), 0, "Tools' evidence changed");
    compass_verdict_of(&l, &o, alone);
    cr_expect_str_eq(vd->hash, alone->hash);
    cr_expect_eq(vd->status, alone->status);
    cr_expect_eq(vd->solvable, alone->solvable);
    cr_expect_eq(vd->state_count, alone->state_count);
    cr_expect_eq(vd->random_win_share, alone->random_win_share);
    cr_expect_eq(vd->wrong_moves, alone->wrong_moves);
    cr_expect_eq(vd->decision_steps, alone->decision_steps);
    cr_expect_eq(vd->tier, alone->tier);
    cr_expect_eq(memcmp(&vd->winning_orders, &alone->winning_orders, sizeof vd->winning_orders), 0);
    char a[160], b[160];
    compass_verdict_line(vd, a, sizeof a);
    compass_verdict_line(alone, b, sizeof b);
    cr_expect_str_eq(a, b);
    /* Cached evidence has no search behind it this time: no verdict. */
    cr_assert_eq(compass_evidence_with_verdict(&l, NULL, 1000000, &cache, &o, &with, vd, &have, err, sizeof err),
                 0, "%s", err);
    cr_expect_eq(have, 0);
    cr_expect_eq(cache.solves, 1);
    free(vd);
    free(alone);
    compass_evidence_cache_free(&cache);
}
