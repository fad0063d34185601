/* The player's evidence cache (compass_evidence_for_cached): a level without a report is
 * searched once per content, so a --watch reload of an unchanged campaign searches nothing. */
#include <criterion/criterion.h>
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
