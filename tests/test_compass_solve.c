/* Compass Shift PuzzleSolver (compass-shift.md "Real solver and content evidence"): state
 * counts on hand-computed boards, the deterministic solution, witnesses and the bound. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "compass/compass.h"
#include "compass/compass_json.h"
#include "compass/compass_solve.h"
#include <omp.h>
#include "jsonio.h"

#include "compass_test_util.h"

static compass_solve_result solve(const compass_level *l, uint64_t max_states)
{
    compass_solve_opts o = {max_states, NULL, NULL};
    compass_solve_result r;
    compass_solve(l, &o, &r);
    return r;
}

Test(compass_solve, independent_arrows_reach_every_subset)
{
    compass_level l = compass_test_load(diagonal);
    compass_solve_result r = solve(&l, 0);
    cr_assert_eq(r.status, COMPASS_SOLVE_DONE);
    cr_expect(r.solvable);
    cr_expect_eq(r.state_count, 16u);
    cr_expect_eq(r.dead_end_states, 0u);
    cr_expect_eq(r.layer_max, 6u, "C(4,2)");
    cr_assert_eq(r.solution_len, 4);
    for (int i = 0; i < 4; i++)
        cr_expect_eq(r.solution[i], i, "lexicographically first order");
}

/* 1x2 board, a (W) and b (E) both leave at phase 0. After a leaves, b points S into a closed
 * lane; after b leaves, a points N into N lane 0: closed, or a window open in phase 1. */
static const char pair_closed[] = LEVEL(1, 2,
    "\"walls\":[],\"apertures\":[" PLAIN("W",0) "," PLAIN("E",0) "],"
    "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"W\"},"
    "{\"id\":\"b\",\"row\":0,\"col\":1,\"dir\":\"E\"}]");
static const char pair_window[] = LEVEL(1, 2,
    "\"walls\":[],\"apertures\":[" PLAIN("W",0) "," PLAIN("E",0) ","
    "{\"side\":\"N\",\"lane\":0,\"kind\":\"window\",\"phases\":[1]}],"
    "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"W\"},"
    "{\"id\":\"b\",\"row\":0,\"col\":1,\"dir\":\"E\"}]");

Test(compass_solve, both_one_arrow_states_are_dead_ends_without_the_window)
{
    compass_level l = compass_test_load(pair_closed);
    compass_solve_result r = solve(&l, 0);
    cr_assert_eq(r.status, COMPASS_SOLVE_DONE);
    cr_expect_not(r.solvable);
    cr_expect_eq(r.state_count, 3u, "{a,b}, {a}, {b}");
    cr_expect_eq(r.dead_end_states, 2u);
    cr_expect_eq(r.solution_len, 0);
}

Test(compass_solve, the_solution_avoids_the_lower_index_dead_end)
{
    compass_level l = compass_test_load(pair_window);
    compass_solve_result r = solve(&l, 0);
    cr_assert(r.solvable);
    cr_expect_eq(r.state_count, 4u);
    cr_expect_eq(r.dead_end_states, 1u, "only {b} at phase 1");
    cr_assert_eq(r.solution_len, 2);
    cr_expect_eq(r.solution[0], 1, "b first: releasing a first strands b");
    cr_expect_eq(r.solution[1], 0);
    compass_state end;
    cr_expect_eq(compass_replay(&l, r.solution, 2, &end), 2);
    cr_expect(compass_is_won(&end));
}

Test(compass_solve, mutually_blocking_arrows_give_a_single_dead_start)
{
    compass_level l = compass_test_load(LEVEL(1, 3,
        "\"walls\":[],\"apertures\":[" PLAIN("W",0) "," PLAIN("E",0) "],"
        "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"E\"},"
        "{\"id\":\"b\",\"row\":0,\"col\":2,\"dir\":\"W\"}]"));
    compass_solve_result r = solve(&l, 0);
    cr_expect_not(r.solvable);
    cr_expect_eq(r.state_count, 1u);
    cr_expect_eq(r.dead_end_states, 1u);
}

Test(compass_solve, the_same_level_always_gives_the_same_solution)
{
    compass_level l = compass_test_load(pair_window);
    compass_solve_result a = solve(&l, 0), b = solve(&l, 0);
    cr_expect_eq(a.solution_len, b.solution_len);
    cr_expect_eq(memcmp(a.solution, b.solution, sizeof a.solution), 0);
    cr_expect_eq(a.state_count, b.state_count);
    cr_expect_eq(a.dead_end_states, b.dead_end_states);
    cr_expect_eq(memcmp(a.aperture_reached, b.aperture_reached, sizeof a.aperture_reached), 0);
}

Test(compass_solve, the_search_stops_cleanly_at_the_state_bound)
{
    /* "The search is bounded ... and stops cleanly at the bound". */
    compass_level l = compass_test_load(diagonal);
    compass_solve_result r = solve(&l, 5);
    cr_expect_eq(r.status, COMPASS_SOLVE_LIMIT);
    cr_expect_eq(r.state_count, 5u);
    cr_expect_not(r.solvable);
    r = solve(&l, 16);
    cr_expect_eq(r.status, COMPASS_SOLVE_DONE, "exactly the reachable count fits");
}

Test(compass_solve, a_wall_witness_is_reached_by_a_replayable_path)
{
    /* b (S) leaves first; then a (base N) points E at phase 1 into the wall at [0,1], and
     * would leave through E lane 0 with no walls. */
    compass_level l = compass_test_load(LEVEL(2, 3,
        "\"walls\":[[0,1]],\"apertures\":[" PLAIN("S",2) "," PLAIN("E",0) "],"
        "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"},"
        "{\"id\":\"b\",\"row\":1,\"col\":2,\"dir\":\"S\"}]"));
    compass_solve_result r = solve(&l, 0);
    cr_expect_eq(r.state_count, 2u);
    cr_assert(r.wall_impact.found);
    cr_expect_eq(r.wall_impact.arrow, 0);
    cr_expect_eq(r.wall_impact.state.remaining, 1u);
    cr_expect_eq(r.wall_impact.state.phase, 1);
    cr_expect_eq(r.wall_impact.blocked.status, COMPASS_BLOCKED_WALL);
    cr_expect_eq(r.wall_impact.blocked.blocker_col, 1);
    cr_expect_eq(r.wall_impact.relaxed.status, COMPASS_RELEASED);
    cr_assert_eq(r.wall_impact.path_len, 1);
    cr_expect_eq(r.wall_impact.path[0], 1);
    cr_expect_not(r.window_impact.found);
    cr_expect_not(r.port_impact.found);
}

Test(compass_solve, a_window_witness_and_an_idle_port)
{
    /* The window on N lane 0 opens in phase 2, but a reaches it at phase 1 only: a schedule
     * witness. No ray ever points at S lane 0, so that port is idle. */
    compass_level l = compass_test_load(LEVEL(1, 2,
        "\"walls\":[],\"apertures\":[" PLAIN("W",0) "," PLAIN("E",0) ","
        "{\"side\":\"N\",\"lane\":0,\"kind\":\"window\",\"phases\":[2]},"
        "{\"side\":\"S\",\"lane\":0,\"kind\":\"port\",\"phases\":[0,2]}],"
        "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"W\"},"
        "{\"id\":\"b\",\"row\":0,\"col\":1,\"dir\":\"E\"}]"));
    compass_solve_result r = solve(&l, 0);
    cr_expect_not(r.solvable);
    cr_assert(r.window_impact.found);
    cr_expect_eq(r.window_impact.arrow, 0);
    cr_expect_eq(r.window_impact.blocked.aperture, 2);
    cr_expect_eq(r.window_impact.path_len, 1);
    cr_expect_eq(r.window_impact.path[0], 1);
    cr_expect_not(r.port_impact.found);
    cr_expect(r.aperture_reached[0]);
    cr_expect(r.aperture_reached[1]);
    cr_expect(r.aperture_reached[2], "blocked by its schedule still counts as reached");
    cr_expect_not(r.aperture_reached[3]);
}

Test(compass_solve, a_64_arrow_board_loads_and_stops_at_the_bound)
{
    /* "Boards up to 16x16 and up to 64 arrows must load"; 64 free arrows have 2^64 states. */
    char text[16384];
    int n = snprintf(text, sizeof text,
                     "{\"format\":\"compass-shift-level/1\",\"id\":\"big\",\"rows\":16,\"cols\":16,"
                     "\"initialPhase\":0,\"walls\":[],\"apertures\":[");
    for (int side = 0; side < 4; side++)
        for (int lane = 0; lane < 16; lane++)
            n += snprintf(text + n, sizeof text - n, "%s{\"side\":\"%c\",\"lane\":%d,\"kind\":\"plain\"}",
                          side || lane ? "," : "", "NESW"[side], lane);
    n += snprintf(text + n, sizeof text - n, "],\"arrows\":[");
    for (int i = 0; i < 64; i++)
        n += snprintf(text + n, sizeof text - n, "%s{\"id\":\"a%d\",\"row\":%d,\"col\":%d,\"dir\":\"N\"}",
                      i ? "," : "", i, (i / 16) * 4 + (i % 4), i % 16);
    snprintf(text + n, sizeof text - n, "]}");
    compass_level l = compass_test_load(text);
    compass_solve_result r = solve(&l, 20000);
    cr_expect_eq(r.status, COMPASS_SOLVE_LIMIT);
    cr_expect_eq(r.state_count, 20000u, "status %d count %llu", r.status, (unsigned long long)r.state_count);
}

/* 24 arrows on an open 10x10 board (mk/compass_bench_boards.py's kind of board, in C). */
static compass_level open_board(int side, int arrows, uint32_t seed)
{
    rng_t g;
    rng_seed(&g, seed);
    compass_level l = compass_test_random(&g, side, arrows, 1000000);
    l.aperture_count = 0;
    for (int s = 0; s < 4; s++)
        for (int lane = 0; lane < side; lane++)
            l.apertures[l.aperture_count++] =
                (compass_aperture){(compass_dir)s, lane, COMPASS_APERTURE_PLAIN, 0xF};
    memset(l.wall, 0, sizeof l.wall);
    return l;
}

Test(compass_solve, the_search_stops_cleanly_at_the_memory_bound)
{
    /* Issue 9 fault 8: "Bound the search by memory as well ... stop cleanly". A 24-arrow
     * bitmap (2 MiB) does not fit half of 2 MiB, and the hash search outgrows the rest. */
    compass_level l = open_board(10, 24, 7);
    compass_solve_opts o = {0, NULL, NULL};
    compass_solve_result r;
    cr_assert_eq(compass_solve_bounded(&l, &o, 2u << 20, &r), COMPASS_SOLVE_MEMORY);
    cr_expect_leq(r.memory_peak, 2u << 20);
    cr_expect_gt(r.state_count, 1000u, "the figures reached are kept");
    cr_expect_gt(r.layer_reached, 0);
    cr_expect_not(r.solvable);
}

Test(compass_solve, the_bitmap_search_holds_one_bit_per_subset)
{
    /* "Peak memory ... within 2^n/8 bytes plus the two largest layers": here 2^20/8 bytes
     * plus a flag and a record per slice of 2^14 keys. */
    compass_level l = open_board(10, 20, 3);
    compass_solve_opts o = {0, NULL, NULL};
    compass_solve_result r;
    cr_assert_eq(compass_solve_bounded(&l, &o, 0, &r), COMPASS_SOLVE_DONE);
    cr_expect_gt(r.state_count, 100000u);
    cr_expect_leq(r.memory_peak, (1u << 20) / 8 + 16384, "peak %llu",
                  (unsigned long long)r.memory_peak);
}

/* Every field that describes the search's answer (all but memory_peak). */
static void expect_same_answer(const compass_solve_result *a, const compass_solve_result *b,
                               const char *what)
{
    cr_expect_eq(a->status, b->status, "%s", what);
    cr_expect_eq(a->solvable, b->solvable, "%s", what);
    cr_expect_eq(a->solution_len, b->solution_len, "%s", what);
    cr_expect_eq(memcmp(a->solution, b->solution, sizeof a->solution), 0, "%s", what);
    cr_expect_eq(a->state_count, b->state_count, "%s", what);
    cr_expect_eq(a->dead_end_states, b->dead_end_states, "%s", what);
    cr_expect_eq(a->layer_max, b->layer_max, "%s", what);
    cr_expect_eq(a->layer_reached, b->layer_reached, "%s", what);
    cr_expect_eq(memcmp(&a->wall_impact, &b->wall_impact, sizeof a->wall_impact), 0, "%s", what);
    cr_expect_eq(memcmp(&a->window_impact, &b->window_impact, sizeof a->window_impact), 0, "%s",
                 what);
    cr_expect_eq(memcmp(&a->port_impact, &b->port_impact, sizeof a->port_impact), 0, "%s", what);
    cr_expect_eq(memcmp(a->aperture_reached, b->aperture_reached, sizeof a->aperture_reached), 0,
                 "%s", what);
}

Test(compass_solve, the_bitmap_and_the_hash_search_give_the_same_answer)
{
    /* A bound just below twice the bitmap sends the same board to the hash search. */
    rng_t g;
    rng_seed(&g, 20261201);
    int compared = 0;
    for (int i = 0; i < 60; i++) {
        compass_level l = compass_test_random(&g, 6, 16 + (int)rng_pick(&g, 5), 6);
        compass_solve_opts o = {0, NULL, NULL};
        compass_solve_result a, b;
        compass_solve_bounded(&l, &o, 0, &a);
        compass_solve_bounded(&l, &o, ((uint64_t)1 << l.arrow_count) / 4 - 8, &b);
        cr_assert_eq(a.status, COMPASS_SOLVE_DONE);
        if (b.status == COMPASS_SOLVE_MEMORY)
            continue; /* too many states for the small bound */
        compared++;
        char what[32];
        snprintf(what, sizeof what, "board %d", i);
        expect_same_answer(&a, &b, what);
    }
    cr_expect_gt(compared, 30, "compared %d", compared);
}

Test(compass_solve, every_thread_count_gives_the_same_answer)
{
    /* Issue 14: "OpenMP over a layer, output byte-identical for any thread count". 18+
     * arrows make several slices, so the layers really are split. */
    rng_t g;
    rng_seed(&g, 99);
    for (int i = 0; i < 12; i++) {
        compass_level l = compass_test_random(&g, 7, 18 + (int)rng_pick(&g, 5), 8);
        compass_solve_result r[3];
        for (int t = 1; t <= 3; t++) {
            omp_set_num_threads(t);
            compass_solve(&l, NULL, &r[t - 1]);
        }
        omp_set_num_threads(omp_get_num_procs());
        expect_same_answer(&r[0], &r[1], "1 and 2 threads");
        expect_same_answer(&r[0], &r[2], "1 and 3 threads");
    }
}

Test(compass_solve, a_state_bound_crossed_inside_a_layer_still_reports_the_bound)
{
    compass_level l = open_board(10, 20, 3);
    compass_solve_result r = solve(&l, 123457);
    cr_expect_eq(r.status, COMPASS_SOLVE_LIMIT);
    cr_expect_eq(r.state_count, 123457u);
}
