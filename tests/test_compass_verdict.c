/* The verdict (issue 25): the figures the evidence gives, the tier rule on the campaign,
 * sameAs under rotation, the banner line, cancel and progress. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "compass/compass_canon.h"
#include "compass/compass_content.h"
#include "compass/compass_metrics.h"
#include "compass/compass_verdict.h"

#include "compass_test_util.h"

static compass_verdict judge(const compass_level *l, const compass_verdict_opts *o)
{
    compass_verdict v;
    cr_assert_eq(compass_verdict_of(l, o, &v), COMPASS_VERDICT_DONE);
    return v;
}

static compass_campaign_file campaign(void)
{
    compass_campaign_file c;
    char err[600];
    cr_assert_eq(compass_campaign_file_read("levels/compass/campaign.json", &c, err, sizeof err),
                 0, "%s", err);
    return c;
}

Test(compass_verdict, campaign_levels_get_the_evidence_figures_and_mostly_their_declared_tier)
{
    compass_campaign_file c = campaign();
    int same_tier = 0;
    for (int i = 0; i < c.count; i++) {
        const compass_level *l = &c.levels[i];
        compass_verdict v = judge(l, NULL);
        compass_metrics m;
        cr_assert_eq(compass_metrics_of(l, 0, &m), COMPASS_SOLVE_DONE);
        cr_expect(v.solvable, "%s", l->id);
        cr_expect_eq(v.best_released, l->arrow_count, "%s", l->id);
        cr_expect_eq(v.metrics.longest_line, l->arrow_count, "%s", l->id);
        cr_expect_eq(v.state_count, m.state_count, "%s", l->id);
        cr_expect_eq(compass_count_cmp(&v.winning_orders, &m.winning_orders), 0, "%s", l->id);
        cr_expect_eq(v.random_win_share, m.random_win_share, "%s", l->id);
        cr_expect_eq(v.wrong_moves, m.wrong_moves, "%s", l->id);
        cr_expect_eq(v.lookahead, m.lookahead, "%s", l->id);
        cr_expect_eq(v.decision_steps, compass_decision_steps(l, v.solution, v.solution_len));
        cr_expect_eq(v.solution_len, l->arrow_count);
        cr_expect(compass_replay_wins(l, v.solution, v.solution_len), "%s", l->id);
        char hash[17];
        compass_canonical_hash(l, hash);
        cr_expect_str_eq(v.hash, hash);
        cr_expect_str_eq(v.same_as, "", "no campaign was given");
        cr_expect(v.tier >= 1 && v.tier <= 4, "%s: tier %d", l->id, v.tier);
        same_tier += v.tier == l->tier;
    }
    /* The number the header and docs/games/compass.md state. */
    cr_expect_eq(same_tier, 43, "%d of 50 levels get their declared tier", same_tier);
    compass_campaign_file_free(&c);
}

Test(compass_verdict, the_tier_rule_takes_the_hardest_tier_whose_arrows_and_band_top_are_met)
{
    cr_expect_eq(compass_verdict_tier(4, 1, 0.95), 1);
    cr_expect_eq(compass_verdict_tier(4, 1, 0.96), 0, "random play nearly always wins");
    cr_expect_eq(compass_verdict_tier(3, 1, 0.1), 0, "fewer arrows than tier 1 has");
    cr_expect_eq(compass_verdict_tier(5, 1, 0.45), 1);
    cr_expect_eq(compass_verdict_tier(5, 1, 0.44), 2);
    cr_expect_eq(compass_verdict_tier(5, 1, 0.01), 2, "tier 3 needs 6 arrows");
    cr_expect_eq(compass_verdict_tier(6, 1, 0.27), 3);
    cr_expect_eq(compass_verdict_tier(7, 1, 0.14), 4);
    cr_expect_eq(compass_verdict_tier(20, 1, 0.5), 1);
    cr_expect_eq(compass_verdict_tier(8, 0, 0), 0, "unsolvable");
}

Test(compass_verdict, same_as_names_the_campaign_level_a_rotated_board_is)
{
    compass_campaign_file c = campaign();
    compass_verdict_ref refs[50];
    compass_verdict_refs_of(c.levels, c.count, refs);
    cr_expect_str_eq(refs[49].id, "cs-50-harbor-code");
    compass_verdict_opts o = {0};
    o.campaign = refs;
    o.campaign_count = c.count;
    compass_level turned;
    compass_rotate(&c.levels[6], 1, &turned);
    compass_verdict v = judge(&turned, &o);
    cr_expect_str_eq(v.same_as, "cs-07-signal-shapes");
    /* Turning one arrow makes another board. */
    turned.arrows[0].dir = (compass_dir)((turned.arrows[0].dir + 1) & 3);
    compass_verdict_of(&turned, &o, &v);
    cr_expect_str_eq(v.same_as, "");
    compass_campaign_file_free(&c);
}

/* a (base E) leaves at phase 0; b (base W) faces the closed W lane at phase 0 and the closed
 * N lane at phase 1: the best line releases 1 of 2. */
static const char stuck_after_one[] = LEVEL(1, 2,
    "\"walls\":[],\"apertures\":[" PLAIN("E",0) "],"
    "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":1,\"dir\":\"E\"},"
    "{\"id\":\"b\",\"row\":0,\"col\":0,\"dir\":\"W\"}]");

Test(compass_verdict, an_unsolvable_board_says_how_far_the_best_line_gets)
{
    compass_level l = compass_test_load(stuck_after_one);
    compass_verdict v = judge(&l, NULL);
    cr_expect_eq(v.solvable, 0);
    cr_expect_eq(v.best_released, 1);
    cr_expect_eq(v.metrics.longest_line, 1, "the metric pass agrees with the search");
    cr_expect_eq(v.tier, 0);
    cr_expect_eq(v.solution_len, 0);
    cr_expect_eq(v.releasable, 1u, "only a is free at the start");
    char line[128];
    compass_verdict_line(&v, line, sizeof line);
    cr_expect_str_eq(line, "NO SOLUTION: the best line releases 1 of 2");
}

Test(compass_verdict, a_solvable_board_gives_orders_and_the_random_share)
{
    compass_level l = compass_test_load(diagonal);
    compass_verdict v = judge(&l, NULL);
    cr_expect_eq(v.releasable, 15u);
    char line[128];
    compass_verdict_line(&v, line, sizeof line);
    cr_expect_str_eq(line, "solvable - 24 winning orders - random play wins 100%");
    size_t len = compass_verdict_line(&v, line, 9);
    cr_expect_eq(len, 8u);
    cr_expect_str_eq(line, "solvable");
    v.random_win_share = 0.999;
    compass_verdict_line(&v, line, sizeof line);
    cr_expect(strstr(line, "wins 99%"), "%s: not 100%% while a dead end is reachable", line);
}

static void count_progress(void *ctx, int done, int total)
{
    int *seen = ctx;
    cr_expect(done > seen[0] && done <= total, "%d then %d of %d", seen[0], done, total);
    seen[0] = done;
    seen[1] = total;
    seen[2]++;
}

Test(compass_verdict, progress_rises_to_its_total_and_cancel_stops_the_work)
{
    compass_level l = compass_test_load(diagonal);
    int seen[3] = {0, 0, 0};
    compass_verdict_opts o = {0};
    o.progress = count_progress;
    o.progress_ctx = seen;
    judge(&l, &o);
    cr_expect(seen[2] > 4);
    cr_expect_eq(seen[0], seen[1], "the last call reports the whole");
    volatile int stop = 1;
    o.cancel = &stop;
    compass_verdict v;
    cr_expect_eq(compass_verdict_of(&l, &o, &v), COMPASS_VERDICT_CANCELLED);
    char hash[17];
    compass_canonical_hash(&l, hash);
    cr_expect_str_eq(v.hash, hash, "the hash is always set");
    char line[128];
    compass_verdict_line(&v, line, sizeof line);
    cr_expect_str_eq(line, "judging...");
}

Test(compass_verdict, a_search_past_max_memory_is_too_large)
{
    compass_level l = compass_test_load(diagonal);
    compass_verdict_opts o = {0};
    o.max_memory = 4;
    compass_verdict v;
    cr_expect_eq(compass_verdict_of(&l, &o, &v), COMPASS_VERDICT_TOO_LARGE);
    char line[128];
    compass_verdict_line(&v, line, sizeof line);
    cr_expect(strncmp(line, "too large to judge", 18) == 0, "%s", line);
}

/* The search done and the metric pass refused: the search's figures and line stay, and an
 * unsolvable board still says how far its best line gets. */
Test(compass_verdict, when_only_the_metric_pass_stops_the_search_figures_stay)
{
    compass_level l = compass_test_load(diagonal);
    compass_verdict_opts o = {0};
    compass_verdict v;
    compass_solve_result r;
    cr_assert_eq(compass_solve(&l, NULL, &r), COMPASS_SOLVE_DONE);
    o.max_memory = 1; /* the metric pass's first table is refused */
    cr_expect_eq(compass_verdict_from_search(&l, &r, &o, &v), COMPASS_VERDICT_TOO_LARGE);
    cr_expect(v.search_done && v.solvable);
    cr_expect_eq(v.metrics.status, COMPASS_SOLVE_MEMORY);
    cr_expect_eq(v.best_released, 4);
    char line[128];
    compass_verdict_line(&v, line, sizeof line);
    cr_expect_str_eq(line, "solvable - too large to count its orders (16 states)");
    compass_level s = compass_test_load(stuck_after_one);
    cr_assert_eq(compass_solve(&s, NULL, &r), COMPASS_SOLVE_DONE);
    cr_expect_eq(compass_verdict_from_search(&s, &r, &o, &v), COMPASS_VERDICT_TOO_LARGE);
    compass_verdict_line(&v, line, sizeof line);
    cr_expect_str_eq(line, "NO SOLUTION: the best line releases 1 of 2");
}
