/* Compass Shift campaign plan: the pattern, family and tier tables, ids and seeds
 * (compass-shift.md "Content plan", "Difficulty tiers"; docs/games/compass.md "Tier pacing"). */
#include <criterion/criterion.h>
#include <string.h>

#include "compass/compass_plan.h"

/* "ten named patterns with five levels each ... four difficulty tiers" */
Test(compass_plan, plan_cycles_the_ten_patterns_in_the_listed_order)
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
Test(compass_plan, families_are_the_spec_families_with_their_mechanics)
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
Test(compass_plan, tiers_follow_the_difficulty_table_with_alternating_arrow_counts)
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

Test(compass_plan, ids_are_cs_nn_pattern_and_widen_for_large_pools)
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
Test(compass_plan, level_file_names_are_recognised_exactly)
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
Test(compass_plan, large_pools_repeat_the_fifty_level_plan)
{
    for (int i = 0; i < 200; i++) {
        compass_plan_entry a = compass_plan_entry_at(i), b = compass_plan_entry_at(i % 50);
        cr_assert_eq(a.pattern, b.pattern);
        cr_assert_eq(a.tier, b.tier);
        cr_assert_eq(a.arrows, b.arrows);
        cr_assert_eq(a.index, i + 1);
    }
}

Test(compass_plan, construction_seed_depends_on_seed_position_and_attempt_only)
{
    uint32_t s = compass_construction_seed(7, 3, 2);
    cr_expect_eq(s, compass_construction_seed(7, 3, 2));
    cr_expect_neq(s, compass_construction_seed(8, 3, 2));
    cr_expect_neq(s, compass_construction_seed(7, 4, 2));
    cr_expect_neq(s, compass_construction_seed(7, 3, 3));
}

/* "the median randomWinShare of each tier is strictly lower than the tier before it": the
 * bands fall tier by tier and do not overlap. */
Test(compass_plan, tier_bands_fall_and_do_not_overlap)
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

/* Issue 31's saw-tooth: inside a tier the lookahead target rises with the level's place;
 * each tier after the first starts with a breather below the last level of the tier before;
 * the tier medians reach at least 1, 2, 3, 5. */
Test(compass_plan, lookahead_targets_rise_inside_a_tier_and_drop_at_its_start)
{
    int median_floor[COMPASS_TIER_COUNT + 1] = {0, 1, 2, 3, 5}, first = 0;
    for (int i = 1; i < COMPASS_CAMPAIGN_LEVELS; i++) {
        compass_plan_entry a = compass_plan_entry_at(i - 1), b = compass_plan_entry_at(i);
        if (a.tier == b.tier)
            cr_expect_geq(b.lookahead_target, a.lookahead_target, "position %d", i + 1);
        else {
            cr_expect(b.tier_first && a.tier_last);
            cr_expect_lt(b.lookahead_target, a.lookahead_target, "a breather at %d", i + 1);
        }
        if (b.tier_last) {
            compass_plan_entry mid = compass_plan_entry_at((first + i) / 2);
            cr_expect_geq(mid.lookahead_target, median_floor[b.tier], "tier %d", b.tier);
            first = i + 1;
        }
    }
}

/* The first level with walls, with windows and with ports is each one's introduction. */
Test(compass_plan, the_first_level_of_each_element_introduces_it)
{
    unsigned seen = 0;
    for (int i = 0; i < COMPASS_CAMPAIGN_LEVELS; i++) {
        compass_plan_entry e = compass_plan_entry_at(i);
        cr_expect_eq(e.introduces, e.features & ~seen, "position %d", i + 1);
        seen |= e.features;
    }
    cr_expect_eq(compass_plan_entry_at(2).introduces, (unsigned)COMPASS_FEATURE_WALLS);
    cr_expect_eq(compass_plan_entry_at(4).introduces, (unsigned)COMPASS_FEATURE_WINDOWS);
    cr_expect_eq(compass_plan_entry_at(6).introduces, (unsigned)COMPASS_FEATURE_PORTS);
    cr_expect_eq(compass_plan_entry_at(8).introduces, 0u, "charted-reef combines, introduces nothing");
}
