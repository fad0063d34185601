/* Compass Shift first-solution search (issue 14 "First solution on huge boards"): the BFS's own
 * solution on random boards, proofs of unsolvability, and its bounds. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "compass/compass.h"
#include "compass/compass_first.h"
#include "compass/compass_solve.h"

#include "compass_test_util.h"

static compass_solve_result first(const compass_level *l, uint64_t max_states,
                                  uint64_t max_memory)
{
    compass_solve_opts o = {max_states, NULL, NULL};
    compass_solve_result r;
    compass_solve_first(l, &o, max_memory, &r);
    return r;
}

Test(compass_first, it_finds_the_solution_the_full_search_finds)
{
    /* The lexicographically first winning order, so both searches print the same answer. */
    rng_t g;
    rng_seed(&g, 1414);
    int solvable = 0;
    for (int i = 0; i < 300; i++) {
        compass_level l = compass_test_random(&g, 2 + (int)rng_pick(&g, 6),
                                              1 + (int)rng_pick(&g, 14), 5);
        if (l.arrow_count > l.rows * l.cols)
            continue;
        compass_solve_result bfs, dfs = first(&l, 0, 0);
        cr_assert_eq(compass_solve(&l, NULL, &bfs), COMPASS_SOLVE_DONE);
        cr_assert_eq(dfs.status, COMPASS_SOLVE_DONE);
        cr_expect_not(dfs.enumerated);
        cr_expect_eq(dfs.solvable, bfs.solvable, "board %d", i);
        cr_expect_eq(dfs.solution_len, bfs.solution_len, "board %d", i);
        cr_expect_eq(memcmp(dfs.solution, bfs.solution, sizeof dfs.solution), 0, "board %d", i);
        cr_expect_leq(dfs.state_count, bfs.state_count, "never more than the graph");
        solvable += bfs.solvable;
    }
    cr_expect_gt(solvable, 30, "enough solvable boards to compare orders (%d)", solvable);
}

/* A row of five arrows (base N) under windows open in phase 0 only, every other lane closed:
 * each can leave only in phase 0, and five releases from phase 0 see phase 0 twice. */
static const char five_windows[] =
    "{\"format\":\"compass-shift-level/1\",\"id\":\"t\",\"rows\":1,\"cols\":5,\"initialPhase\":0,"
    "\"walls\":[],\"apertures\":["
    "{\"side\":\"N\",\"lane\":0,\"kind\":\"window\",\"phases\":[0]},"
    "{\"side\":\"N\",\"lane\":1,\"kind\":\"window\",\"phases\":[0]},"
    "{\"side\":\"N\",\"lane\":2,\"kind\":\"window\",\"phases\":[0]},"
    "{\"side\":\"N\",\"lane\":3,\"kind\":\"window\",\"phases\":[0]},"
    "{\"side\":\"N\",\"lane\":4,\"kind\":\"window\",\"phases\":[0]}],"
    "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"},"
    "{\"id\":\"b\",\"row\":0,\"col\":1,\"dir\":\"N\"},{\"id\":\"c\",\"row\":0,\"col\":2,\"dir\":\"N\"},"
    "{\"id\":\"d\",\"row\":0,\"col\":3,\"dir\":\"N\"},{\"id\":\"e\",\"row\":0,\"col\":4,\"dir\":\"N\"}]}";

Test(compass_first, too_few_steps_in_an_arrows_phases_prove_the_board_unsolvable_at_once)
{
    compass_level l = compass_test_load(five_windows);
    compass_solve_result r = first(&l, 0, 0);
    cr_assert_eq(r.status, COMPASS_SOLVE_DONE);
    cr_expect_not(r.solvable);
    cr_expect_eq(r.solution_len, 0);
    cr_expect_eq(r.state_count, 1u, "pruned at the start, nothing expanded");
    compass_solve_result bfs;
    compass_solve(&l, NULL, &bfs);
    cr_expect_not(bfs.solvable, "the full search agrees");
    cr_expect_eq(bfs.state_count, 6u);
}

/* A 16x16 open board with 64 arrows (2^64 subsets), for the cases the BFS cannot enumerate. */
static compass_level huge_board(int boxed)
{
    rng_t g;
    rng_seed(&g, 64);
    compass_level l = compass_test_random(&g, 16, 64, 1000000);
    l.aperture_count = 0;
    for (int s = 0; s < 4; s++)
        for (int lane = 0; lane < 16; lane++)
            l.apertures[l.aperture_count++] =
                (compass_aperture){(compass_dir)s, lane, COMPASS_APERTURE_PLAIN, 0xF};
    memset(l.wall, 0, sizeof l.wall);
    if (boxed) {
        /* Walls on all four neighbours of arrows[0] (none of them an arrow's cell) keep it
         * from ever leaving. */
        int r = 1 + (int)rng_pick(&g, 14), c = 1 + (int)rng_pick(&g, 14);
        const int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, 1, 0, -1};
        for (int i = 1; i < l.arrow_count; i++)
            for (int d = 0; d < 5; d++)
                if (l.arrows[i].row == r + (d < 4 ? dr[d] : 0) &&
                    l.arrows[i].col == c + (d < 4 ? dc[d] : 0)) {
                    l.arrow_count = i; /* drop this arrow and the rest: room for the box */
                    break;
                }
        l.arrows[0].row = r;
        l.arrows[0].col = c;
        for (int d = 0; d < 4; d++)
            l.wall[r + dr[d]][c + dc[d]] = 1;
    }
    char err[256];
    cr_assert_eq(compass_level_check(&l, err, sizeof err), 0, "%s", err);
    return l;
}

Test(compass_first, a_64_arrow_open_board_gets_a_replayed_solution)
{
    compass_level l = huge_board(0);
    compass_solve_result r = first(&l, 0, 0);
    cr_assert_eq(r.status, COMPASS_SOLVE_DONE);
    cr_assert(r.solvable);
    cr_expect_eq(r.solution_len, 64);
    cr_expect(compass_replay_wins(&l, r.solution, r.solution_len));
}

Test(compass_first, an_arrow_walled_in_forever_proves_a_huge_board_unsolvable)
{
    compass_level l = huge_board(1);
    cr_assert_gt(l.arrow_count, 30, "still too large to enumerate");
    compass_solve_result r = first(&l, 0, 0);
    cr_assert_eq(r.status, COMPASS_SOLVE_DONE);
    cr_expect_not(r.solvable);
    cr_expect_eq(r.state_count, 1u);
}

/* Arrows a (N) at [5,5] and b (S) at [5,6], walled in north and south, with windows open in
 * phase 1 only on W lane 5 and E lane 5: in phase 1 a points E through b and b points W through
 * a, so neither ever leaves, though each has a phase to leave in (no capacity pruning). Around
 * them, `others` free arrows on an open 12x12 board: the search must visit every subset of
 * them before it knows. */
static compass_level stuck_pair(int others)
{
    rng_t g;
    rng_seed(&g, 77);
    compass_level l = huge_board(0);
    l.rows = l.cols = 12;
    memset(l.wall, 0, sizeof l.wall);
    l.aperture_count = 0;
    for (int s = 0; s < 4; s++)
        for (int lane = 0; lane < 12; lane++) {
            int window = lane == 5 && (s == COMPASS_E || s == COMPASS_W);
            l.apertures[l.aperture_count++] = (compass_aperture){
                (compass_dir)s, lane, window ? COMPASS_APERTURE_WINDOW : COMPASS_APERTURE_PLAIN,
                window ? 1u << 1 : 0xFu};
        }
    l.arrow_count = 0;
    for (int i = 0; i < 144 && l.arrow_count < others; i++) {
        int r = i / 12, c = (i * 7) % 12;
        if (r >= 4 && r <= 6)
            continue;
        compass_arrow *a = &l.arrows[l.arrow_count++];
        snprintf(a->id, sizeof a->id, "o%d", l.arrow_count);
        a->row = r;
        a->col = c;
        a->dir = (compass_dir)rng_pick(&g, 4);
    }
    l.arrows[l.arrow_count++] = (compass_arrow){"a", 5, 5, COMPASS_N};
    l.arrows[l.arrow_count++] = (compass_arrow){"b", 5, 6, COMPASS_S};
    l.wall[4][5] = l.wall[6][5] = l.wall[4][6] = l.wall[6][6] = 1;
    char err[256];
    cr_assert_eq(compass_level_check(&l, err, sizeof err), 0, "%s", err);
    return l;
}

Test(compass_first, a_mutually_blocked_pair_is_proven_unsolvable)
{
    compass_level l = stuck_pair(12);
    compass_solve_result r = first(&l, 0, 0), bfs;
    cr_assert_eq(r.status, COMPASS_SOLVE_DONE);
    cr_expect_not(r.solvable);
    cr_assert_eq(compass_solve(&l, NULL, &bfs), COMPASS_SOLVE_DONE);
    cr_expect_not(bfs.solvable, "the full search agrees");
    cr_expect_gt(r.state_count, 1000u, "no shortcut proves this one");
}

Test(compass_first, the_search_stops_cleanly_at_its_bounds)
{
    compass_level l = stuck_pair(16);
    compass_solve_result r = first(&l, 10, 0);
    cr_expect_eq(r.status, COMPASS_SOLVE_LIMIT);
    cr_expect_eq(r.state_count, 10u);
    cr_expect_not(r.solvable);
    r = first(&l, 0, 4096); /* less than the memo's first table */
    cr_expect_eq(r.status, COMPASS_SOLVE_MEMORY);
    cr_expect_leq(r.memory_peak, 4096u);
    r = first(&l, 0, 65536); /* the memo outgrows it */
    cr_expect_eq(r.status, COMPASS_SOLVE_MEMORY);
    cr_expect_leq(r.memory_peak, 65536u);
    cr_expect_gt(r.state_count, 1000u);
}
