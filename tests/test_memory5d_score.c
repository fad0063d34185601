/* core/memory5d/memory5d_score: the tactical predicates, Mastery, Star Points and Elo
 * (memory5d.md "Score and tactics"). */
#include <criterion/criterion.h>
#include <string.h>

#include "memory5d_fixture.h"
#include "memory5d/memory5d_score.h"

/* "A valid link starts at 100 Mastery ... multiplied by 1 + 0.25 x min(streakBefore, 4),
 * then by difficulty (easy 0.8, normal 1, hard 1.15, expert 1.25) and rounded once." */
Test(memory5d_score, mastery_follows_the_formula_and_rounds_once)
{
    memory5d_config c = fx_config();
    cr_expect_eq(memory5d_mastery(&c, MEMORY5D_NORMAL, 0, 0, 0), 100);
    cr_expect_eq(memory5d_mastery(&c, MEMORY5D_EASY, 0, 0, 0), 80);
    cr_expect_eq(memory5d_mastery(&c, MEMORY5D_HARD, MEMORY5D_LINK_BLOCK, 2, 0), 259);  /* 150 x 1.5 x 1.15 = 258.75 */
    cr_expect_eq(memory5d_mastery(&c, MEMORY5D_EXPERT, MEMORY5D_LINK_FORK, 1, 0), 273); /* 175 x 1.25 x 1.25 = 273.4375 */
    cr_expect_eq(memory5d_mastery(&c, MEMORY5D_NORMAL, MEMORY5D_LINK_LINE, 0, 0), 200);
    /* Rounding once: 187.5 x 1.25 = 234.375 -> 234 (rounding 187.5 first would give 235). */
    cr_expect_eq(memory5d_mastery(&c, MEMORY5D_EXPERT, MEMORY5D_LINK_BLOCK, 1, 0), 234);
    cr_expect_eq(memory5d_mastery(&c, MEMORY5D_NORMAL,
                                  MEMORY5D_LINK_BLOCK | MEMORY5D_LINK_FORK | MEMORY5D_LINK_LINE, 0,
                                  0),
                 325);
}

Test(memory5d_score, the_streak_multiplier_stops_at_four)
{
    memory5d_config c = fx_config();
    cr_expect_eq(memory5d_mastery(&c, MEMORY5D_NORMAL, 0, 4, 0), 200);
    cr_expect_eq(memory5d_mastery(&c, MEMORY5D_NORMAL, 0, 9, 0), 200);
    cr_expect_eq(memory5d_mastery(&c, MEMORY5D_NORMAL, 0, 3, 0), 175);
}

/* "Double Points doubles only this final Mastery result." */
Test(memory5d_score, double_points_doubles_the_rounded_result)
{
    memory5d_config c = fx_config();
    cr_expect_eq(memory5d_mastery(&c, MEMORY5D_EXPERT, MEMORY5D_LINK_BLOCK, 1, 1), 468); /* 2 x 234, not 469 */
}

/* Player B owns (2,0), (2,1), (2,2); (2,3) and (2,4) form a legal link. */
static memory5d_board open_three(void)
{
    memory5d_board b = fx_dead_board(6);
    b.cells[12].owner = b.cells[13].owner = b.cells[14].owner = 1;
    fx_pair(&b, 15, 16);
    return b;
}

/* "+50 for blocking a genuine open-three" (docs/games/memory5d.md "Mastery predicates"): the opponent holds
 * lineLength - 1 cells of a run whose last cell is unclaimed and has a legal partner. */
Test(memory5d_score, claiming_the_gap_of_a_genuine_open_three_blocks_it)
{
    memory5d_board b = open_three();
    int gap = -1;
    cr_assert_eq(memory5d_open_threes(b.cells, 6, 4, 1, &gap, 1), 1);
    cr_expect_eq(gap, 15);
    cr_expect(memory5d_blocks_open_three(b.cells, 6, 4, 0, 15, 16));
    cr_expect(memory5d_link_flags(b.cells, 6, 4, 0, 15, 16) & MEMORY5D_LINK_BLOCK);
    cr_expect(!memory5d_blocks_open_three(b.cells, 6, 4, 1, 15, 16),
              "a player cannot block itself");
    /* A link elsewhere blocks nothing. */
    fx_pair(&b, 30, 31);
    cr_expect(!memory5d_blocks_open_three(b.cells, 6, 4, 0, 30, 31));
}

/* Blocking need not claim the gap: taking the gap's only legal partner leaves the opponent no
 * command that completes the run, which is what blocking a genuine open-three means. */
Test(memory5d_score, claiming_the_gaps_last_partner_blocks_the_open_three)
{
    memory5d_board b = open_three();
    fx_pair(&b, 16, 17); /* (2,4)-(2,5): A takes the gap's partner with a link of its own */
    cr_assert_eq(memory5d_partners(b.cells, 6, 15, 0, NULL, 0), 1);
    cr_expect(memory5d_blocks_open_three(b.cells, 6, 4, 0, 16, 17));
    cr_expect(memory5d_link_flags(b.cells, 6, 4, 0, 16, 17) & MEMORY5D_LINK_BLOCK);
    /* With a second partner (1,3) left, the gap can still be taken: no block. */
    fx_pair(&b, 15, 9);
    cr_assert_eq(memory5d_partners(b.cells, 6, 15, 0, NULL, 0), 2);
    cr_expect(!memory5d_blocks_open_three(b.cells, 6, 4, 0, 16, 17),
              "(2,3)-(1,3) still completes the run");
}

Test(memory5d_score, a_three_whose_gap_has_no_legal_partner_is_not_genuine)
{
    memory5d_board b = fx_dead_board(6);
    b.cells[12].owner = b.cells[13].owner = b.cells[14].owner = 1;
    /* (2,3) has no legal partner: only a Wildcard could take it, and that blocks no threat. */
    cr_expect_eq(memory5d_partners(b.cells, 6, 15, 0, NULL, 0), 0);
    cr_expect_eq(memory5d_open_threes(b.cells, 6, 4, 1, NULL, 0), 0);
    cr_expect(!memory5d_blocks_open_three(b.cells, 6, 4, 0, 15, 16));
    /* Two opponent cells and two gaps is not an open-three either. */
    memory5d_board two = open_three();
    two.cells[12].owner = MEMORY5D_UNCLAIMED;
    cr_expect_eq(memory5d_open_threes(two.cells, 6, 4, 1, NULL, 0), 0);
    cr_expect(!memory5d_blocks_open_three(two.cells, 6, 4, 0, 15, 16));
}

/* "+75 for creating a fork of two distinct one-move winning commands": two winning links
 * after the link, fewer than two before. */
Test(memory5d_score, a_fork_is_two_distinct_winning_commands_created_by_the_link)
{
    memory5d_board b = fx_dead_board(6);
    b.cells[0].owner = b.cells[1].owner = 0; /* A holds (0,0), (0,1) */
    fx_pair(&b, 2, 3);                       /* (0,2)-(0,3) wins for A */
    fx_pair(&b, 12, 13);                     /* A's move (2,0)-(2,1) ... */
    fx_pair(&b, 14, 15);                     /* ... makes (2,2)-(2,3) a second win */
    cr_assert_eq(memory5d_winning_commands(b.cells, 6, 4, 0, NULL, 0), 1);
    cr_expect(!memory5d_has_fork(b.cells, 6, 4, 0));
    cr_expect(memory5d_creates_fork(b.cells, 6, 4, 0, 12, 13));
    int flags = memory5d_link_flags(b.cells, 6, 4, 0, 12, 13);
    cr_expect(flags & MEMORY5D_LINK_FORK);
    cr_expect(!(flags & MEMORY5D_LINK_LINE));
    cr_expect(!memory5d_creates_fork(b.cells, 6, 4, 0, 30, 31), "a quiet link creates none");
}

/* Distinct commands may share a cell: a three whose gap has two legal partners is two
 * winning commands, so the link that makes it is a fork (one reply on the gap answers both,
 * but the spec counts commands, not replies). */
Test(memory5d_score, two_winning_commands_through_one_gap_are_a_fork)
{
    memory5d_board s = fx_dead_board(6);
    s.cells[0].owner = s.cells[1].owner = 0;
    fx_pair(&s, 2, 8);  /* A's move (0,2)-(1,2) makes the three ... */
    fx_pair(&s, 3, 4);  /* ... whose gap (0,3) links with (0,4) ... */
    fx_pair(&s, 3, 9);  /* ... and with (1,3) */
    cr_expect(!memory5d_has_fork(s.cells, 6, 4, 0));
    cr_expect(memory5d_link_flags(s.cells, 6, 4, 0, 2, 8) & MEMORY5D_LINK_FORK);
    s.cells[2].owner = s.cells[8].owner = 0;
    cr_expect_eq(memory5d_winning_commands(s.cells, 6, 4, 0, NULL, 0), 2);
    cr_expect(memory5d_has_fork(s.cells, 6, 4, 0));
    /* One partner only: a single winning command is a threat, not a fork. */
    s.cells[9].hue = MEMORY5D_BLUE;
    cr_assert_neq(s.cells[9].hue, s.cells[3].hue);
    cr_expect_eq(memory5d_winning_commands(s.cells, 6, 4, 0, NULL, 0), 1);
    cr_expect(!memory5d_has_fork(s.cells, 6, 4, 0));
}

Test(memory5d_score, completing_a_line_is_flagged_and_not_also_a_fork)
{
    memory5d_board b = fx_dead_board(6);
    b.cells[0].owner = b.cells[1].owner = 0;
    fx_pair(&b, 2, 3);
    cr_expect_eq(memory5d_link_flags(b.cells, 6, 4, 0, 2, 3), MEMORY5D_LINK_LINE);
}

/* "Four contiguous owned cells in any horizontal, vertical, or diagonal direction". */
Test(memory5d_score, lines_are_found_in_all_four_directions)
{
    static const int runs[4][4] = {{6, 7, 8, 9}, {1, 7, 13, 19}, {0, 7, 14, 21}, {5, 10, 15, 20}};
    for (int k = 0; k < 4; k++) {
        memory5d_board b = fx_dead_board(6);
        for (int i = 0; i < 3; i++)
            b.cells[runs[k][i]].owner = 1;
        cr_expect(!memory5d_line_through(b.cells, 6, 4, runs[k][1], 1, NULL), "three is not four");
        b.cells[runs[k][3]].owner = 1;
        int line[4];
        cr_assert(memory5d_line_through(b.cells, 6, 4, runs[k][1], 1, line), "direction %d", k);
        for (int i = 0; i < 4; i++)
            cr_expect_eq(line[i], runs[k][i]);
        cr_expect(!memory5d_line_through(b.cells, 6, 4, runs[k][1], 0, NULL), "owned by B, not A");
    }
}

/* In play: "multiplied by 1 + 0.25 x min(streakBefore, 4)" uses the streak before. */
Test(memory5d_score, link_events_score_with_the_streak_before_the_link)
{
    memory5d_board b = fx_dead_board(6);
    fx_pair(&b, 7, 8);
    fx_pair(&b, 25, 26);
    fx_pair(&b, 3, 4);
    fx_pair(&b, 33, 34);
    memory5d_def def;
    memory5d_state st;
    fx_def(&def, fx_config(), MEMORY5D_HARD, MEMORY5D_CLASSIC, &b);
    memory5d_state_init(&def, &st, 0);
    memory5d_outcome out;
    memory5d_cmd c = fx_cmd(MEMORY5D_CMD_LINK, 0, 7, 8, 1);
    cr_assert_eq(memory5d_step(&def, &st, &c, &out), 1);
    cr_expect_eq(out.ev[0].value, 115); /* 100 x 1 x 1.15 */
    c = fx_cmd(MEMORY5D_CMD_LINK, 1, 25, 26, 2);
    memory5d_step(&def, &st, &c, &out);
    c = fx_cmd(MEMORY5D_CMD_LINK, 0, 3, 4, 3);
    cr_assert_eq(memory5d_step(&def, &st, &c, &out), 1);
    cr_expect_eq(out.ev[0].value, 144); /* 100 x 1.25 x 1.15 = 143.75 */
    cr_expect_eq(st.stats[0].mastery, 115 + 144);
}

static void finished(memory5d_def *def, memory5d_state *st, int difficulty, int status, int winner)
{
    memory5d_board b = fx_dead_board(6);
    fx_pair(&b, 7, 8);
    fx_def(def, fx_config(), difficulty, MEMORY5D_CLASSIC, &b);
    memory5d_state_init(def, st, 0);
    st->status = status;
    st->winner = winner;
    for (int p = 0; p < 2; p++)
        st->stats[p] =
            (memory5d_player_stats){.links = 5, .best_streak = 3, .blocks = 1, .forks = 1};
    st->stats[1].misses = 1; /* B misses clean-hands (2 points) */
}

/* "eligible completed matches earn round((20 + win?5:0 + objectiveBonus<=5) x
 * difficultyMultiplier)" */
Test(memory5d_score, star_points_count_completion_win_and_capped_objectives)
{
    memory5d_def def;
    memory5d_state st;
    int bonus;
    finished(&def, &st, MEMORY5D_NORMAL, MEMORY5D_WON, 0);
    cr_expect_eq(memory5d_star_points(&def, &st, 0, &bonus), 30); /* 20 + 5 + 5 */
    cr_expect_eq(bonus, 5);
    cr_expect_eq(memory5d_star_points(&def, &st, 1, &bonus), 23); /* 20 + 0 + 3 */
    cr_expect_eq(bonus, 3);
    finished(&def, &st, MEMORY5D_EXPERT, MEMORY5D_WON, 0);
    cr_expect_eq(memory5d_star_points(&def, &st, 0, NULL), 38); /* 30 x 1.25 = 37.5, half up */
    finished(&def, &st, MEMORY5D_EASY, MEMORY5D_WON, 0);
    cr_expect_eq(memory5d_star_points(&def, &st, 0, NULL), 24);
    finished(&def, &st, MEMORY5D_HARD, MEMORY5D_WON, 1);
    cr_expect_eq(memory5d_star_points(&def, &st, 1, NULL), 32); /* 28 x 1.15 = 32.2 */
    /* The cap: objectives worth 12 still add only objectiveCap. */
    finished(&def, &st, MEMORY5D_NORMAL, MEMORY5D_WON, 0);
    for (int i = 0; i < def.cfg.stars.objective_count; i++)
        def.cfg.stars.objectives[i].points = 3;
    cr_expect_eq(memory5d_star_points(&def, &st, 0, &bonus), 30);
    cr_expect_eq(bonus, 5);
}

/* "draws receive completion/objectives only" */
Test(memory5d_score, draws_earn_completion_and_objectives_only)
{
    memory5d_def def;
    memory5d_state st;
    finished(&def, &st, MEMORY5D_NORMAL, MEMORY5D_DRAW, -1);
    cr_expect_eq(memory5d_star_points(&def, &st, 0, NULL), 25);
    cr_expect_eq(memory5d_star_points(&def, &st, 1, NULL), 23);
}

/* "Tutorial, custom, restart, and abandoned matches earn zero" */
Test(memory5d_score, tutorial_custom_restarted_and_abandoned_matches_earn_zero)
{
    memory5d_def def;
    memory5d_state st;
    finished(&def, &st, MEMORY5D_NORMAL, MEMORY5D_WON, 0);
    def.setup.kind = MEMORY5D_MATCH_TUTORIAL;
    cr_expect_eq(memory5d_star_points(&def, &st, 0, NULL), 0);
    def.setup.kind = MEMORY5D_MATCH_CUSTOM;
    cr_expect_eq(memory5d_star_points(&def, &st, 0, NULL), 0);
    def.setup.kind = MEMORY5D_MATCH_STANDARD;
    def.setup.restarted = 1;
    cr_expect_eq(memory5d_star_points(&def, &st, 0, NULL), 0);
    finished(&def, &st, MEMORY5D_NORMAL, MEMORY5D_ABANDONED, 0);
    cr_expect_eq(memory5d_star_points(&def, &st, 0, NULL), 0);
    finished(&def, &st, MEMORY5D_NORMAL, MEMORY5D_PLAYING, -1);
    cr_expect_eq(memory5d_star_points(&def, &st, 0, NULL), 0, "an unfinished match earns nothing");
}

/* "Double Points and streak never multiply currency" */
Test(memory5d_score, double_points_and_streak_never_multiply_star_points)
{
    memory5d_def def;
    memory5d_state st;
    finished(&def, &st, MEMORY5D_NORMAL, MEMORY5D_WON, 0);
    int plain = memory5d_star_points(&def, &st, 0, NULL);
    st.stats[0].doubled = 4;
    st.stats[0].streak = 9;
    st.stats[0].mastery = 99999;
    cr_expect_eq(memory5d_star_points(&def, &st, 0, NULL), plain);
}

/* Issue: "Ranked Classic's Elo update is a pure function (K-factor in the config)". */
Test(memory5d_score, elo_update_is_zero_sum_with_the_configured_k)
{
    memory5d_config c = fx_config();
    int a, b;
    memory5d_elo_update(&c, 1200, 1200, 2, &a, &b);
    cr_expect(a == 1216 && b == 1184);
    memory5d_elo_update(&c, 1200, 1200, 1, &a, &b);
    cr_expect(a == 1200 && b == 1200);
    memory5d_elo_update(&c, 1400, 1200, 2, &a, &b); /* expected 0.76: 32 x 0.24 = 7.7 */
    cr_expect(a == 1408 && b == 1192, "%d %d", a, b);
    c.elo.k = 16;
    memory5d_elo_update(&c, 1200, 1200, 0, &a, &b);
    cr_expect(a == 1192 && b == 1208);
}

/* "Arcade ... remains separate from Ranked Classic"; Power Draft "never writes Elo". */
Test(memory5d_score, only_finished_ranked_classic_matches_write_elo)
{
    memory5d_def def;
    memory5d_state st;
    int a, b;
    finished(&def, &st, MEMORY5D_NORMAL, MEMORY5D_WON, 0);
    cr_expect_eq(memory5d_match_elo(&def, &st, 1200, 1200, &a, &b), -1, "unranked");
    def.setup.ranked = 1;
    cr_expect_eq(memory5d_match_elo(&def, &st, 1200, 1200, &a, &b), 0);
    cr_expect(a == 1216 && b == 1184);
    def.setup.mode = MEMORY5D_ARCADE;
    cr_expect_eq(memory5d_match_elo(&def, &st, 1200, 1200, &a, &b), -1);
    cr_expect(a == 1200 && b == 1200);
    def.setup.mode = MEMORY5D_CLASSIC;
    st.status = MEMORY5D_PLAYING;
    cr_expect_eq(memory5d_match_elo(&def, &st, 1200, 1200, &a, &b), -1);
    /* A ranked Arcade setup is refused outright. */
    memory5d_setup s = {.difficulty = MEMORY5D_NORMAL, .mode = MEMORY5D_ARCADE, .ranked = 1};
    char err[256] = "";
    cr_expect_eq(memory5d_def_init(&def, &def.cfg, &s, err, sizeof err), -1);
    cr_expect(strstr(err, "Ranked Classic") != NULL, "%s", err);
}
