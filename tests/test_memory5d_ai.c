/* core/memory5d/memory5d_ai: legal commands only, win in one taken, win in one blocked (issue 5 "AI"). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "memory5d/memory5d_ai.h"
#include "memory5d_fixture.h"
#include "memory5d/memory5d_score.h"

static memory5d_ai *ai;
static void setup_ai(void) { ai = memory5d_ai_new(); cr_assert_not_null(ai); }
static void teardown_ai(void) { memory5d_ai_free(ai); }

TestSuite(memory5d_ai, .init = setup_ai, .fini = teardown_ai);

/* The board seed names at difficulty d after `moves` random legal links (fewer if the
 * match ends first). */
static void random_position(const memory5d_config *cfg, uint32_t seed, int d, int moves,
                            memory5d_def *def, memory5d_state *st)
{
    memory5d_setup s = {.seed = seed, .difficulty = d};
    char err[256];
    cr_assert_eq(memory5d_def_init(def, cfg, &s, err, sizeof err), 0, "%s", err);
    memory5d_state_init(def, st, 0);
    fx_random_links(def, st, moves);
}

/* Issue: "It only plays legal commands" over many random positions. */
Test(memory5d_ai, plays_only_legal_links_in_random_positions)
{
    memory5d_config cfg = fx_config();
    srand(11);
    int checked = 0;
    for (uint32_t seed = 1; seed <= 25; seed++)
        for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++) {
            memory5d_def def;
            memory5d_state st;
            random_position(&cfg, seed * 7919u, d, rand() % 8, &def, &st);
            if (st.status != MEMORY5D_PLAYING)
                continue;
            memory5d_cmd cmd;
            memory5d_ai_stats stats;
            cr_assert_eq(memory5d_ai_choose(ai, &def, &st, 0, &cmd, &stats), 0);
            cr_expect(!stats.cut, "generated boards stay inside the work budget");
            cr_expect(stats.depth == cfg.presets[d].ai_depth || stats.score > 900000,
                      "depth from the preset (less only once a forced win is found)");
            cr_assert_eq(cmd.kind, MEMORY5D_CMD_LINK);
            cr_assert_eq(cmd.player, st.turn);
            cr_assert_eq(memory5d_link_check(st.cells, st.size, cmd.cell, cmd.cell2, 0),
                         MEMORY5D_OK, "seed %u %s", seed, memory5d_difficulty_names[d]);
            cmd.now_ms = st.last_ms + 1;
            memory5d_outcome out;
            cr_assert_eq(memory5d_step(&def, &st, &cmd, &out), 1);
            cr_assert_eq(out.ev[0].kind, MEMORY5D_EV_LINK);
            checked++;
        }
    cr_expect_gt(checked, 60);
}

/* A holds (2,0), (2,1), (2,2); the gap (2,3) links with (1,3) or (2,4) ... plus a decoy. */
static void threat_board(memory5d_board *b, int holder)
{
    *b = fx_dead_board(6);
    b->cells[12].owner = b->cells[13].owner = b->cells[14].owner = (int8_t)holder;
    fx_pair(b, 15, 16);
    fx_pair(b, 30, 31); /* a quiet link elsewhere */
    fx_pair(b, 33, 34);
}

static void position(memory5d_def *def, memory5d_state *st, const memory5d_board *b, int difficulty,
                     int turn)
{
    fx_def(def, fx_config(), difficulty, MEMORY5D_CLASSIC, b);
    memory5d_state_init(def, st, 0);
    st->turn = turn;
}

/* Issue: "always takes a win in one", at every depth. */
Test(memory5d_ai, takes_a_win_in_one)
{
    memory5d_board b;
    threat_board(&b, 0);
    for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++) {
        memory5d_def def;
        memory5d_state st;
        position(&def, &st, &b, d, 0);
        memory5d_cmd cmd;
        memory5d_ai_stats stats;
        cr_assert_eq(memory5d_ai_choose(ai, &def, &st, 0, &cmd, &stats), 0);
        cr_expect_eq(stats.forced, 1);
        memory5d_outcome out;
        cmd.now_ms = 1;
        cr_assert_eq(memory5d_step(&def, &st, &cmd, &out), 1);
        cr_expect_eq(st.status, MEMORY5D_WON, "%s", memory5d_difficulty_names[d]);
        cr_expect_eq(st.winner, 0);
    }
}

/* Issue: "always blocks a win in one when a legal link can". */
Test(memory5d_ai, blocks_the_opponents_win_in_one)
{
    memory5d_board b;
    threat_board(&b, 1);
    for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++) {
        memory5d_def def;
        memory5d_state st;
        position(&def, &st, &b, d, 0);
        cr_assert_gt(memory5d_winning_commands(st.cells, 6, 4, 1, NULL, 0), 0);
        memory5d_cmd cmd;
        memory5d_ai_stats stats;
        cr_assert_eq(memory5d_ai_choose(ai, &def, &st, 0, &cmd, &stats), 0);
        cr_expect_eq(stats.forced, 2);
        memory5d_outcome out;
        cmd.now_ms = 1;
        cr_assert_eq(memory5d_step(&def, &st, &cmd, &out), 1);
        cr_expect_eq(memory5d_winning_commands(st.cells, 6, 4, 1, NULL, 0), 0, "%s left a win",
                     memory5d_difficulty_names[d]);
        cr_expect(out.ev[0].flags & MEMORY5D_LINK_BLOCK, "the block earns its bonus");
    }
}

/* With a win of its own and a threat against it, the AI wins rather than blocks. */
Test(memory5d_ai, prefers_its_own_win_to_a_block)
{
    memory5d_board b;
    threat_board(&b, 1);
    b.cells[0].owner = b.cells[1].owner = 0;
    fx_pair(&b, 2, 3);
    memory5d_def def;
    memory5d_state st;
    position(&def, &st, &b, MEMORY5D_HARD, 0);
    memory5d_cmd cmd;
    cr_assert_eq(memory5d_ai_choose(ai, &def, &st, 0, &cmd, NULL), 0);
    cr_expect((cmd.cell == 2 && cmd.cell2 == 3));
}

/* Two separate threats that no single link can stop: the AI still stops as many as it can. */
Test(memory5d_ai, blocks_as_many_winning_commands_as_one_link_can)
{
    memory5d_board b;
    threat_board(&b, 1);
    b.cells[0].owner = b.cells[1].owner = b.cells[2].owner = 1; /* (0,3)-(0,4) wins too */
    fx_pair(&b, 3, 4);
    memory5d_def def;
    memory5d_state st;
    position(&def, &st, &b, MEMORY5D_NORMAL, 0);
    cr_assert_eq(memory5d_winning_commands(st.cells, 6, 4, 1, NULL, 0), 2);
    memory5d_cmd cmd;
    cr_assert_eq(memory5d_ai_choose(ai, &def, &st, 0, &cmd, NULL), 0);
    memory5d_outcome out;
    cmd.now_ms = 1;
    cr_assert_eq(memory5d_step(&def, &st, &cmd, &out), 1);
    cr_expect_eq(memory5d_winning_commands(st.cells, 6, 4, 1, NULL, 0), 1);
}

Test(memory5d_ai, is_deterministic_and_refuses_when_no_link_exists)
{
    memory5d_config cfg = fx_config();
    memory5d_setup s = {.seed = 42, .difficulty = MEMORY5D_EXPERT};
    memory5d_def def;
    memory5d_state st;
    char err[256];
    cr_assert_eq(memory5d_def_init(&def, &cfg, &s, err, sizeof err), 0, "%s", err);
    memory5d_state_init(&def, &st, 0);
    memory5d_ai *other = memory5d_ai_new();
    memory5d_cmd x, y, z;
    cr_assert_eq(memory5d_ai_choose(ai, &def, &st, 0, &x, NULL), 0);
    cr_assert_eq(memory5d_ai_choose(ai, &def, &st, 0, &y, NULL), 0);
    cr_assert_eq(memory5d_ai_choose(other, &def, &st, 0, &z, NULL), 0);
    memory5d_ai_free(other);
    cr_expect(x.cell == y.cell && x.cell2 == y.cell2 && x.cell == z.cell && x.cell2 == z.cell2);
    memory5d_board dead = fx_dead_board(6);
    position(&def, &st, &dead, MEMORY5D_NORMAL, 0);
    /* The start reweaves a linkless board; a linkless position mid-match is the case here. */
    memcpy(st.cells, dead.cells, sizeof st.cells);
    cr_expect_eq(memory5d_ai_choose(ai, &def, &st, 0, &x, NULL), -1);
}

/* Opponent winning commands left after player claims a and b. */
static int left_after(const memory5d_state *st, int len, int player, int a, int b)
{
    memory5d_cell cells[MEMORY5D_MAX_CELLS];
    memcpy(cells, st->cells, sizeof cells);
    cells[a].owner = cells[b].owner = (int8_t)player;
    return memory5d_winning_commands(cells, st->size, len, 1 - player, NULL, 0);
}

/* The win-in-one and block-in-one guarantees, checked against brute force in random
 * mid-game positions. */
Test(memory5d_ai, win_and_block_guarantees_hold_in_random_positions)
{
    memory5d_config cfg = fx_config();
    srand(5);
    int wins = 0, blocks = 0;
    for (uint32_t seed = 1; seed <= 60; seed++)
        for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++) {
            memory5d_def def;
            memory5d_state st;
            random_position(&cfg, seed * 104729u, d, 4 + rand() % 14, &def, &st);
            if (st.status != MEMORY5D_PLAYING)
                continue;
            int me = st.turn, len = cfg.line_length;
            int my_wins = memory5d_winning_commands(st.cells, st.size, len, me, NULL, 0);
            int threats = memory5d_winning_commands(st.cells, st.size, len, 1 - me, NULL, 0);
            int best = threats;
            memory5d_pair l[512];
            int n = memory5d_links(st.cells, st.size, l, 512);
            for (int k = 0; k < n; k++) {
                int left = left_after(&st, len, me, l[k].a, l[k].b);
                best = left < best ? left : best;
            }
            memory5d_cmd cmd;
            cr_assert_eq(memory5d_ai_choose(ai, &def, &st, 0, &cmd, NULL), 0);
            int left = left_after(&st, len, me, cmd.cell, cmd.cell2);
            cmd.now_ms = st.last_ms + 1;
            memory5d_outcome out;
            cr_assert_eq(memory5d_step(&def, &st, &cmd, &out), 1);
            if (my_wins) {
                wins++;
                cr_expect_eq(st.status, MEMORY5D_WON, "seed %u %s: a win in one was missed", seed,
                             memory5d_difficulty_names[d]);
            } else if (threats) {
                blocks++;
                cr_expect_eq(left, best, "seed %u %s: left %d winning commands, %d was possible",
                             seed, memory5d_difficulty_names[d], left, best);
            }
        }
    cr_expect_gt(wins, 5, "too few positions with a win in one");
    cr_expect_gt(blocks, 5, "too few positions with a threat");
}

/* A holds (0,0), (0,1), (2,0), (2,1). The link (0,2)-(1,2) makes two threats that share no
 * cell, (0,3)-(1,3) for row 0 and (2,2)-(3,2) for column 2: a fork, so a forced win that
 * every depth sees through its threat search. */
Test(memory5d_ai, creates_a_fork_that_wins_by_force)
{
    memory5d_board b = fx_dead_board(6);
    b.cells[0].owner = b.cells[1].owner = b.cells[12].owner = b.cells[13].owner = 0;
    fx_pair(&b, 2, 8);
    fx_pair(&b, 3, 9);
    fx_pair(&b, 14, 20);
    for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++) {
        memory5d_def def;
        memory5d_state st;
        position(&def, &st, &b, d, 0);
        cr_assert_eq(memory5d_winning_commands(st.cells, 6, 4, 0, NULL, 0), 0, "no win in one yet");
        cr_assert(memory5d_creates_fork(st.cells, 6, 4, 0, 2, 8));
        memory5d_cmd cmd;
        memory5d_ai_stats stats;
        cr_assert_eq(memory5d_ai_choose(ai, &def, &st, 0, &cmd, &stats), 0);
        cr_expect(cmd.cell == 2 && cmd.cell2 == 8, "%s played %d-%d", memory5d_difficulty_names[d],
                  cmd.cell, cmd.cell2);
        cr_expect_gt(stats.score, 900000, "the fork is seen as a forced win");
    }
}

/* A dense authored board (one family, one hue: every route is a link) runs into the
 * counted work budget: the last finished pass decides, the move is legal, and the same
 * budget always gives the same move. */
Test(memory5d_ai, the_work_budget_bounds_a_dense_board)
{
    memory5d_board b = fx_dead_board(9);
    for (int i = 0; i < 81; i++)
        b.cells[i].family = 0, b.cells[i].hue = MEMORY5D_RED;
    memory5d_config cfg = fx_config();
    cfg.ai_work_budget = 20000;
    memory5d_def def;
    fx_def(&def, cfg, MEMORY5D_EXPERT, MEMORY5D_CLASSIC, &b);
    memory5d_state st;
    memory5d_state_init(&def, &st, 0);
    memory5d_cmd x, y;
    memory5d_ai_stats sx, sy;
    cr_assert_eq(memory5d_ai_choose(ai, &def, &st, 0, &x, &sx), 0);
    cr_expect(sx.cut, "the budget ended the search");
    cr_expect_lt(sx.depth, cfg.presets[MEMORY5D_EXPERT].ai_depth);
    cr_expect_eq(memory5d_link_check(st.cells, 9, x.cell, x.cell2, 0), MEMORY5D_OK);
    cr_assert_eq(memory5d_ai_choose(ai, &def, &st, 0, &y, &sy), 0);
    cr_expect(x.cell == y.cell && x.cell2 == y.cell2 && sx.nodes == sy.nodes);
}

/* Where cell (r, c) of a board turned t quarters clockwise came from on the unturned one. */
static int unturn(int n, int cell, int t)
{
    for (int k = 0; k < t % 4; k++) {
        int r = cell / n, c = cell % n; /* (r, c) came from (n-1-c, r) */
        cell = (n - 1 - c) * n + r;
    }
    return cell;
}

/* Issue 15: "the reweave simulation equals the core's reweave on random positions". Random
 * links through memory5d_step run boards dry (reweaves, Expert rotations, the draw after the
 * limit); from every position of those matches the AI's model of the links that followed
 * must give the core's board, reweave count and result after each of them. */
Test(memory5d_ai, the_searchs_reweave_simulation_equals_the_cores)
{
    memory5d_config cfg = fx_config();
    srand(15);
    int compared = 0, reweaved = 0, rotated = 0, drawn = 0;
    static memory5d_state hist[200];
    static memory5d_pair played[200];
    for (uint32_t seed = 1; seed <= 12; seed++)
        for (int d = MEMORY5D_NORMAL; d <= MEMORY5D_EXPERT; d += 2) {
            memory5d_def def;
            random_position(&cfg, seed * 104729u, d, 0, &def, &hist[0]);
            int len = 0;
            while (hist[len].status == MEMORY5D_PLAYING) {
                memory5d_pair l[512];
                memory5d_state *st = &hist[len];
                memory5d_pair p = l[rand() % memory5d_links(st->cells, st->size, l, 512)];
                memory5d_cmd c = fx_cmd(MEMORY5D_CMD_LINK, st->turn, p.a, p.b, st->last_ms + 10);
                memory5d_outcome out;
                hist[len + 1] = *st;
                cr_assert_eq(memory5d_step(&def, &hist[len + 1], &c, &out), 1);
                played[len++] = p;
            }
            int n = hist[0].size;
            for (int i = 0; i < len; i += 3) {
                /* Links i.. in position i's orientation. */
                memory5d_pair seq[200];
                for (int j = i; j < len; j++) {
                    int t = hist[j].rotation - hist[i].rotation;
                    int a = unturn(n, played[j].a, t), b = unturn(n, played[j].b, t);
                    seq[j - i] = (memory5d_pair){(int16_t)(a < b ? a : b), (int16_t)(a < b ? b : a)};
                }
                for (int k = 1; i + k <= len && k <= 8; k++) {
                    const memory5d_state *want = &hist[i + k];
                    memory5d_cell cells[MEMORY5D_MAX_CELLS];
                    int reweaves;
                    int status = memory5d_ai_predict(ai, &def, &hist[i], seq, k, cells, &reweaves);
                    cr_assert_eq(status, want->status, "seed %u %s from %d, %d links", seed,
                                 memory5d_difficulty_names[d], i, k);
                    cr_assert_eq(reweaves, want->reweaves);
                    int t = want->rotation - hist[i].rotation;
                    for (int cell = 0; cell < n * n; cell++) {
                        const memory5d_cell *x = &want->cells[cell], *y = &cells[unturn(n, cell, t)];
                        cr_assert(x->owner == y->owner && x->family == y->family &&
                                      x->variant == y->variant && x->hue == y->hue,
                                  "seed %u %s from %d, %d links: cell %d", seed,
                                  memory5d_difficulty_names[d], i, k, cell);
                    }
                    compared++;
                    reweaved += want->reweaves > hist[i].reweaves;
                    rotated += t > 0 && want->reweaves > hist[i].reweaves;
                    drawn += want->status == MEMORY5D_DRAW;
                }
            }
        }
    cr_expect_gt(reweaved, 50, "too few predictions cross a reweave (%d)", reweaved);
    cr_expect_gt(rotated, 20, "too few reweaves on a turned board (%d)", rotated);
    cr_expect_gt(drawn, 5, "too few draws after the limit (%d)", drawn);
    cr_expect_gt(compared, 300, "%d predictions compared", compared);
}

/* After player to act links (a, b) through the core: does the opponent then hold a one-move
 * winning command, and did the link run the board dry (a reweave or the draw)? */
static int hands_over_a_win(const memory5d_def *def, const memory5d_state *st, int a, int b,
                            int *reweaved)
{
    memory5d_state s = *st;
    memory5d_cmd c = fx_cmd(MEMORY5D_CMD_LINK, s.turn, a, b, s.last_ms + 1);
    memory5d_outcome out;
    cr_assert_eq(memory5d_step(def, &s, &c, &out), 1);
    *reweaved = s.reweaves > st->reweaves;
    return s.status == MEMORY5D_PLAYING &&
           memory5d_winning_commands(s.cells, s.size, def->cfg.line_length, s.turn, NULL, 0) > 0;
}

/* Issue 15: "make the search see what decides games". Near the end of a board the link the
 * mover picks decides which cells the reweave redraws; where some links let the reweave deal
 * the opponent a win in one and others do not, a depth-2 search must pick a safe one (the
 * previous search, blind to reweaves, did not). Positions come from mostly depth-1 play. */
Test(memory5d_ai, avoids_a_link_whose_reweave_hands_the_opponent_a_win)
{
    memory5d_config cfg = fx_config();
    srand(21);
    int tested = 0;
    for (uint32_t seed = 1; seed <= 1000 && tested < 25; seed++) {
        memory5d_def def;
        memory5d_state st;
        int d = seed % 2 ? MEMORY5D_NORMAL : MEMORY5D_EXPERT;
        random_position(&cfg, seed * 7727u, d, 0, &def, &st);
        while (st.status == MEMORY5D_PLAYING) {
            memory5d_pair l[512];
            int n = memory5d_links(st.cells, st.size, l, 512), len = cfg.line_length;
            int poisoned = 0, safe = 0;
            if (n <= 8 && !memory5d_winning_commands(st.cells, st.size, len, st.turn, NULL, 0) &&
                !memory5d_winning_commands(st.cells, st.size, len, 1 - st.turn, NULL, 0))
                for (int i = 0; i < n; i++) {
                    int reweaved, bad = hands_over_a_win(&def, &st, l[i].a, l[i].b, &reweaved);
                    poisoned += bad && reweaved;
                    safe += !bad;
                }
            if (poisoned && safe) {
                memory5d_cmd cmd;
                cr_assert_eq(memory5d_ai_choose(ai, &def, &st, 2, &cmd, NULL), 0);
                int reweaved;
                cr_expect(!hands_over_a_win(&def, &st, cmd.cell, cmd.cell2, &reweaved),
                          "seed %u: %d-%d lets the opponent win next", seed * 7727u, cmd.cell,
                          cmd.cell2);
                tested++;
            }
            /* Depth-1 play, with a random link now and then, builds the threes. */
            memory5d_pair p = l[rand() % n];
            memory5d_cmd c = fx_cmd(MEMORY5D_CMD_LINK, st.turn, p.a, p.b, st.last_ms + 10);
            if (rand() % 3)
                cr_assert_eq(memory5d_ai_choose(ai, &def, &st, 1, &c, NULL), 0);
            c.now_ms = st.last_ms + 10;
            memory5d_outcome out;
            cr_assert_eq(memory5d_step(&def, &st, &c, &out), 1);
        }
    }
    cr_expect_geq(tested, 10, "only %d positions where a reweave can hand over a win", tested);
}
