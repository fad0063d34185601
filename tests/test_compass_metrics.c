/* Compass Shift difficulty metrics (issue 18 "Evidence"): winningOrders, terminalOrders,
 * randomWinShare, decisionSteps and wrongMoves on hand-computed boards and against a
 * brute-force enumeration of every legal release sequence on small random boards with walls,
 * windows, ports and any initial phase (compass-shift.md "Aperture and obstacle grammar"). */
#include <criterion/criterion.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

#include "compass/compass.h"
#include "compass/compass_metrics.h"
#include "compass/compass_solve.h"
#include "rng.h"

#include "compass_test_util.h"

static compass_metrics measure(const compass_level *l)
{
    compass_metrics m;
    cr_assert_eq(compass_metrics_of(l, 0, &m), COMPASS_SOLVE_DONE);
    return m;
}

static uint64_t u64(const compass_count *c)
{
    uint64_t v = 0;
    cr_assert(compass_count_u64(c, &v), "count above 64 bits");
    return v;
}

/* b leaves E at phase 0, then a (base W) points N at phase 1 through the phase-1 window: a
 * win. a first instead leaves b pointing S at a closed lane: a dead end. */
static const char pair_window[] = LEVEL(1, 2,
    "\"walls\":[],\"apertures\":[" PLAIN("W",0) "," PLAIN("E",0) ","
    "{\"side\":\"N\",\"lane\":0,\"kind\":\"window\",\"phases\":[1]}],"
    "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"W\"},"
    "{\"id\":\"b\",\"row\":0,\"col\":1,\"dir\":\"E\"}]");

Test(compass_metrics, one_wrong_first_tap_halves_the_random_win_share)
{
    compass_level l = compass_test_load(pair_window);
    compass_metrics m = measure(&l);
    cr_expect_eq(m.state_count, 4u);
    cr_expect_eq(u64(&m.winning_orders), 1u);
    cr_expect_eq(u64(&m.terminal_orders), 2u);
    cr_expect_eq(m.random_win_share, 0.5);
    cr_expect_eq(m.wrong_moves, 1u, "releasing a first loses");
    int solution[2] = {1, 0};
    cr_expect_eq(compass_decision_steps(&l, solution, 2), 1, "two legal at step 0, one at 1");
}

Test(compass_metrics, a_board_without_dead_ends_wins_every_order_and_has_no_wrong_move)
{
    compass_level l = compass_test_load(diagonal);
    compass_metrics m = measure(&l);
    cr_expect_eq(u64(&m.winning_orders), 24u);
    cr_expect_eq(u64(&m.terminal_orders), 24u);
    cr_expect_eq(m.random_win_share, 1.0, "exactly 1, not nearly");
    cr_expect_eq(m.wrong_moves, 0u);
    int order[4] = {0, 1, 2, 3};
    cr_expect_eq(compass_decision_steps(&l, order, 4), 3, "4, 3, 2 and 1 legal releases");
}

/* Every exit closed: the start is a dead end, one (empty) maximal order, nothing wins. */
Test(compass_metrics, a_board_with_no_exit_has_one_terminal_order_and_no_win)
{
    compass_level l = compass_test_load(LEVEL(1, 1, "\"walls\":[],\"apertures\":[],"
                                                    "\"arrows\":[{\"id\":\"a\",\"row\":0,"
                                                    "\"col\":0,\"dir\":\"N\"}]"));
    compass_metrics m = measure(&l);
    cr_expect_eq(u64(&m.winning_orders), 0u);
    cr_expect_eq(u64(&m.terminal_orders), 1u);
    cr_expect_eq(m.random_win_share, 0.0);
    cr_expect_eq(m.wrong_moves, 0u, "no winnable state, so no move loses one");
}

/* Twenty arrows and no exit: the start, with 20 arrows left (counts two words wide), is the
 * only state and a dead end. */
Test(compass_metrics, a_stuck_start_with_twenty_arrows_has_one_terminal_order_and_no_win)
{
    compass_level l;
    memset(&l, 0, sizeof l);
    l.rows = 4;
    l.cols = 5;
    for (int i = 0; i < 20; i++) {
        compass_arrow *a = &l.arrows[l.arrow_count++];
        snprintf(a->id, sizeof a->id, "a%d", i + 1);
        a->row = i / 5;
        a->col = i % 5;
        a->dir = (compass_dir)(i % 4);
    }
    char err[256];
    cr_assert_eq(compass_level_check(&l, err, sizeof err), 0, "%s", err);
    compass_metrics m = measure(&l);
    cr_expect_eq(m.state_count, 1u);
    cr_expect_eq(u64(&m.winning_orders), 0u);
    cr_expect_eq(u64(&m.terminal_orders), 1u);
    cr_expect_eq(m.random_win_share, 0.0);
    cr_expect_eq(m.longest_line, 0);
}

/* 16 independent arrows: 16! orders, 2^16 states, counted exactly. */
Test(compass_metrics, sixteen_independent_arrows_have_sixteen_factorial_orders)
{
    compass_level l;
    memset(&l, 0, sizeof l);
    l.rows = l.cols = 16;
    for (int side = 0; side < 4; side++)
        for (int lane = 0; lane < 16; lane++)
            l.apertures[l.aperture_count++] =
                (compass_aperture){(compass_dir)side, lane, COMPASS_APERTURE_PLAIN, 0xFu};
    for (int i = 0; i < 16; i++) {
        snprintf(l.arrows[i].id, sizeof l.arrows[i].id, "a%d", i);
        l.arrows[i].row = l.arrows[i].col = i;
        l.arrows[i].dir = (compass_dir)(i & 3);
    }
    l.arrow_count = 16;
    char err[256];
    cr_assert_eq(compass_level_check(&l, err, sizeof err), 0, "%s", err);
    compass_metrics m = measure(&l);
    cr_expect_eq(m.state_count, 65536u);
    cr_expect_eq(u64(&m.winning_orders), 20922789888000ull);
    cr_expect_eq(compass_count_cmp(&m.winning_orders, &m.terminal_orders), 0);
    cr_expect_eq(m.random_win_share, 1.0);
}

Test(compass_metrics, counts_add_exactly_beyond_64_bits_and_print_in_decimal)
{
    compass_count c = compass_count_of(UINT64_MAX), one = compass_count_of(1);
    compass_count_add(&c, &one);
    char buf[COMPASS_COUNT_DIGITS + 1];
    compass_count_decimal(&c, buf, sizeof buf);
    cr_expect_str_eq(buf, "18446744073709551616");
    uint64_t v;
    cr_expect_not(compass_count_u64(&c, &v));
    cr_expect_gt(compass_count_cmp(&c, &one), 0);
    /* 30! by repeated addition: f(k) = k * f(k - 1). */
    compass_count f = compass_count_of(1);
    for (int k = 2; k <= 30; k++) {
        compass_count sum = compass_count_of(0);
        for (int j = 0; j < k; j++)
            compass_count_add(&sum, &f);
        f = sum;
    }
    compass_count_decimal(&f, buf, sizeof buf);
    cr_expect_str_eq(buf, "265252859812191058636308480000000");
    compass_count zero = compass_count_of(0);
    compass_count_decimal(&zero, buf, sizeof buf);
    cr_expect_str_eq(buf, "0");
}

Test(compass_metrics, the_written_share_keeps_a_loss_below_one_and_a_chance_above_zero)
{
    cr_expect_eq(compass_share_rounded(1.0), 1.0);
    cr_expect_eq(compass_share_rounded(0.0), 0.0);
    cr_expect_eq(compass_share_rounded(0.5), 0.5);
    cr_expect_eq(compass_share_rounded(1.0 / 3), 0.333333333333);
    cr_expect_lt(compass_share_rounded(1 - 1e-15), 1.0);
    cr_expect_gt(compass_share_rounded(1e-15), 0.0);
}

Test(compass_metrics, a_search_beyond_the_bound_stops_cleanly)
{
    compass_level l = compass_test_load(diagonal);
    compass_metrics m;
    cr_expect_eq(compass_metrics_of(&l, 5, &m), COMPASS_SOLVE_LIMIT);
    cr_expect_eq(m.status, COMPASS_SOLVE_LIMIT);
}

/* ---- brute force: every legal release sequence, no shared states, no layers ---- */

typedef struct {
    uint64_t wins, terminals;
    double share; /* the sum over winning sequences of the product of 1 / legal releases */
} brute;

static int legal_moves(const compass_level *l, const compass_state *s, int *moves)
{
    int n = 0;
    for (int a = 0; a < l->arrow_count; a++)
        if (compass_release(l, s, a, NULL).status == COMPASS_RELEASED)
            moves[n++] = a;
    return n;
}

static void walk(const compass_level *l, compass_state s, double p, brute *b)
{
    int moves[COMPASS_MAX_ARROWS], n = legal_moves(l, &s, moves);
    if (n == 0) {
        b->terminals++;
        if (compass_is_won(&s)) {
            b->wins++;
            b->share += p;
        }
        return;
    }
    for (int i = 0; i < n; i++) {
        compass_state next;
        compass_release(l, &s, moves[i], &next);
        walk(l, next, p / n, b);
    }
}

static int winnable(const compass_level *l, compass_state s)
{
    if (compass_is_won(&s))
        return 1;
    int moves[COMPASS_MAX_ARROWS], n = legal_moves(l, &s, moves);
    for (int i = 0; i < n; i++) {
        compass_state next;
        compass_release(l, &s, moves[i], &next);
        if (winnable(l, next))
            return 1;
    }
    return 0;
}

/* Reachable states by depth-first search, deduplicated by a linear scan (small boards). */
static void reach(const compass_level *l, compass_state s, compass_state *seen, int *count)
{
    for (int i = 0; i < *count; i++)
        if (seen[i].remaining == s.remaining && seen[i].phase == s.phase)
            return;
    seen[(*count)++] = s;
    int moves[COMPASS_MAX_ARROWS], n = legal_moves(l, &s, moves);
    for (int i = 0; i < n; i++) {
        compass_state next;
        compass_release(l, &s, moves[i], &next);
        reach(l, next, seen, count);
    }
}

static uint64_t brute_wrong_moves(const compass_level *l, int *states)
{
    static compass_state seen[1 << 8];
    *states = 0;
    reach(l, compass_initial_state(l), seen, states);
    uint64_t wrong = 0;
    for (int i = 0; i < *states; i++) {
        if (!winnable(l, seen[i]))
            continue;
        int moves[COMPASS_MAX_ARROWS], n = legal_moves(l, &seen[i], moves);
        for (int k = 0; k < n; k++) {
            compass_state next;
            compass_release(l, &seen[i], moves[k], &next);
            wrong += !winnable(l, next);
        }
    }
    return wrong;
}

/* A random board of 2-5 x 2-5 cells: up to a fifth walls, 1-7 arrows, and each lane closed or
 * a plain exit, a window (one random phase) or a port (two random distinct phases). */
static void random_board(rng_t *g, compass_level *l)
{
    memset(l, 0, sizeof *l);
    l->rows = 2 + (int)rng_pick(g, 4);
    l->cols = 2 + (int)rng_pick(g, 4);
    l->initial_phase = (int)rng_pick(g, 4);
    int cells[25], n = l->rows * l->cols;
    for (int i = 0; i < n; i++)
        cells[i] = i;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_pick(g, (uint32_t)i + 1), t = cells[i];
        cells[i] = cells[j];
        cells[j] = t;
    }
    int walls = (int)rng_pick(g, (uint32_t)(n / 5 + 1));
    for (int i = 0; i < walls; i++)
        l->wall[cells[i] / l->cols][cells[i] % l->cols] = 1;
    int free_cells = n - walls;
    l->arrow_count = 1 + (int)rng_pick(g, (uint32_t)(free_cells < 7 ? free_cells : 7));
    for (int i = 0; i < l->arrow_count; i++) {
        compass_arrow *a = &l->arrows[i];
        snprintf(a->id, sizeof a->id, "a%d", i);
        a->row = cells[walls + i] / l->cols;
        a->col = cells[walls + i] % l->cols;
        a->dir = (compass_dir)rng_pick(g, 4);
    }
    for (int side = 0; side < 4; side++) {
        int lanes = side == COMPASS_N || side == COMPASS_S ? l->cols : l->rows;
        for (int lane = 0; lane < lanes; lane++) {
            int k = (int)rng_pick(g, 5);
            compass_aperture ap = {(compass_dir)side, lane, COMPASS_APERTURE_PLAIN, 0xFu};
            if (k == 2) {
                ap.kind = COMPASS_APERTURE_WINDOW;
                ap.phase_mask = 1u << rng_pick(g, 4);
            } else if (k == 3) {
                int p = (int)rng_pick(g, 4), q = (p + 1 + (int)rng_pick(g, 3)) % 4;
                ap.kind = COMPASS_APERTURE_PORT;
                ap.phase_mask = (1u << p) | (1u << q);
            }
            if (k <= 3)
                l->apertures[l->aperture_count++] = ap;
        }
    }
}

/* Next permutation in lexicographic order; 0 after the last. */
static int next_permutation(int *a, int n)
{
    int i = n - 2;
    while (i >= 0 && a[i] >= a[i + 1])
        i--;
    if (i < 0)
        return 0;
    int j = n - 1;
    while (a[j] <= a[i])
        j--;
    int t = a[i];
    a[i] = a[j];
    a[j] = t;
    for (int x = i + 1, y = n - 1; x < y; x++, y--)
        t = a[x], a[x] = a[y], a[y] = t;
    return 1;
}

/* randomScanWinShare by brute force: every scan order played to its end with compass_release. */
static double brute_scan_share(const compass_level *l)
{
    int n = l->arrow_count, order[COMPASS_SCAN_MAX_ARROWS];
    for (int i = 0; i < n; i++)
        order[i] = i;
    uint64_t wins = 0, orders = 0;
    do {
        compass_state s = compass_initial_state(l), next;
        for (;;) {
            int k = 0;
            while (k < n && (!(s.remaining >> order[k] & 1) ||
                             compass_release(l, &s, order[k], &next).status != COMPASS_RELEASED))
                k++;
            if (k == n)
                break;
            s = next;
        }
        wins += s.remaining == 0;
        orders++;
    } while (next_permutation(order, n));
    return (double)wins / (double)orders;
}

Test(compass_metrics, every_metric_matches_brute_force_on_random_boards)
{
    rng_t g;
    rng_seed(&g, 20261201u);
    int with_walls = 0, with_windows = 0, with_ports = 0, shifted = 0, lossy = 0, won = 0;
    for (int t = 0; t < 400; t++) {
        compass_level l;
        random_board(&g, &l);
        char err[256];
        cr_assert_eq(compass_level_check(&l, err, sizeof err), 0, "board %d: %s", t, err);
        compass_metrics m = measure(&l);
        brute b = {0};
        walk(&l, compass_initial_state(&l), 1.0, &b);
        int states;
        uint64_t wrong = brute_wrong_moves(&l, &states);
        cr_assert_eq(u64(&m.winning_orders), b.wins, "board %d", t);
        cr_assert_eq(u64(&m.terminal_orders), b.terminals, "board %d", t);
        cr_assert(fabs(m.random_win_share - b.share) < 1e-12, "board %d: %.17g vs %.17g", t,
                  m.random_win_share, b.share);
        cr_assert_eq(m.random_win_share == 1.0, b.wins == b.terminals, "board %d", t);
        cr_assert_eq(m.wrong_moves, wrong, "board %d", t);
        cr_assert_eq(m.state_count, (uint64_t)states, "board %d", t);
        double scan = -1;
        cr_assert_eq(compass_scan_win_share(&l, &scan), 0, "board %d", t);
        cr_assert_eq(scan, brute_scan_share(&l), "board %d", t);

        compass_solve_result r;
        cr_assert_eq(compass_solve(&l, NULL, &r), COMPASS_SOLVE_DONE);
        cr_assert_eq(m.state_count, r.state_count, "board %d", t);
        int choices = 0;
        compass_state s = compass_initial_state(&l);
        for (int i = 0; i < r.solution_len; i++) {
            int moves[COMPASS_MAX_ARROWS];
            choices += legal_moves(&l, &s, moves) > 1;
            compass_state next;
            compass_release(&l, &s, r.solution[i], &next);
            s = next;
        }
        cr_assert_eq(compass_decision_steps(&l, r.solution, r.solution_len), choices,
                     "board %d", t);

        with_walls += compass_wall_count(&l) > 0;
        for (int k = 0; k < l.aperture_count; k++) {
            with_windows += l.apertures[k].kind == COMPASS_APERTURE_WINDOW;
            with_ports += l.apertures[k].kind == COMPASS_APERTURE_PORT;
        }
        shifted += l.initial_phase != 0;
        lossy += wrong > 0;
        won += b.wins > 0;
    }
    /* The sample really covers the grammar and both kinds of outcome. */
    cr_expect_gt(with_walls, 100);
    cr_expect_gt(with_windows, 100);
    cr_expect_gt(with_ports, 100);
    cr_expect_gt(shifted, 200);
    cr_expect_gt(lossy, 40);
    cr_expect_gt(won, 100);
}

/* Issue 31's figures on boards small enough to work out by hand. "lookahead: over the states
 * from which it can still be won and that offer both a winning and a losing release, the
 * most releases a player must look ahead to see every losing release lose (1 + the least
 * depth d such that all continuations of that release are stuck within d releases)";
 * "greedy: always releasing the first free arrow in reading order (row, then column)". */
Test(compass_metrics, pair_window_needs_one_release_of_lookahead_and_greedy_loses)
{
    /* At the start a (first in reading order) and b are both legal; a loses at once (b is
     * then stuck facing the closed S lane): 1 + 0 = 1. Greedy takes a and loses. Of the two
     * scan orders, only b-before-a wins. */
    compass_level l = compass_test_load(pair_window);
    compass_metrics m = measure(&l);
    cr_expect_eq(m.lookahead, 1);
    cr_expect_eq(m.last_trap_step, 0, "the solution (b, a) meets its only trap at step 0");
    cr_expect_not(compass_greedy_wins(&l));
    double scan = -1;
    cr_assert_eq(compass_scan_win_share(&l, &scan), 0);
    cr_expect_eq(scan, 0.5);
}

/* Three arrows on the diagonal of a 3x3 board, all base N, so no ray meets another arrow and
 * at phase p every arrow points (N + p): only the exits decide. Open: N0 and N1 (a and b may
 * leave at phase 0), E1 and E2 (b and c at phase 1), S2 (c at phase 2).
 * Start: a wins (then b, then c); b loses, but only after c still leaves at phase 1 and a is
 * stuck facing the closed S0 at phase 2: one more release, so 1 + 1 = 2. After a: b wins; c
 * loses at once (b faces the closed S1): 1. Greedy (a, b, c in reading order) wins. Scan
 * orders: a must precede b, and b precede c: only a-b-c of the six wins. */
static const char deep_trap[] = LEVEL(3, 3,
    "\"walls\":[],\"apertures\":[" PLAIN("N",0) "," PLAIN("N",1) "," PLAIN("E",1) ","
    PLAIN("E",2) "," PLAIN("S",2) "],"
    "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"},"
    "{\"id\":\"b\",\"row\":1,\"col\":1,\"dir\":\"N\"},"
    "{\"id\":\"c\",\"row\":2,\"col\":2,\"dir\":\"N\"}]");

Test(compass_metrics, a_trap_that_springs_one_release_later_needs_lookahead_two)
{
    compass_level l = compass_test_load(deep_trap);
    compass_metrics m = measure(&l);
    cr_expect_eq(m.lookahead, 2);
    cr_expect_eq(m.wrong_moves, 2u);
    cr_expect_eq(m.last_trap_step, 1, "solution a, b, c: c loses at step 1, nothing at 2");
    cr_expect_eq(m.random_win_share, 0.25);
    cr_expect(compass_greedy_wins(&l));
    double scan = -1;
    cr_assert_eq(compass_scan_win_share(&l, &scan), 0);
    cr_expect_eq(scan, 1.0 / 6);
}

Test(compass_metrics, a_board_without_dead_ends_has_no_lookahead_and_every_scan_wins)
{
    compass_level l = compass_test_load(diagonal);
    compass_metrics m = measure(&l);
    cr_expect_eq(m.lookahead, 0);
    cr_expect_eq(m.last_trap_step, -1);
    double scan = -1;
    cr_assert_eq(compass_scan_win_share(&l, &scan), 0);
    cr_expect_eq(scan, 1.0);
}

/* A 2x1 column: a (base N) on top, b (base W) below, one window on N lane 0 open in phase 0.
 * a faces N in phase 0 only and passes; b faces N in phase 1 only ((N - W) mod 4), reaches
 * the window once a has gone, and is shut out every time: the window tells them apart. An
 * arrow faces a side in exactly one phase mod 4, so the window never makes one wait. */
static const char column_window[] = LEVEL(2, 1,
    "\"walls\":[],\"apertures\":[{\"side\":\"N\",\"lane\":0,\"kind\":\"window\",\"phases\":[0]}],"
    "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"},"
    "{\"id\":\"b\",\"row\":1,\"col\":0,\"dir\":\"W\"}]");

Test(compass_metrics, a_window_tells_apart_the_arrows_that_face_it_in_open_and_shut_phases)
{
    compass_level l = compass_test_load(column_window);
    compass_metrics m = measure(&l);
    cr_expect_eq(compass_facing_phase(&l, 0, COMPASS_N), 0);
    cr_expect_eq(compass_facing_phase(&l, 1, COMPASS_N), 1);
    cr_expect_eq(m.aperture_reachers[0], 3u, "both rays reach it");
    cr_expect(compass_aperture_tells_apart(&l, 0, m.aperture_reachers[0]));
    cr_expect_not(compass_aperture_tells_apart(&l, 0, 1u), "a alone always passes: plain");
    /* pair_window's window is reached by a alone (b never faces N before phase 3). */
    compass_level p = compass_test_load(pair_window);
    compass_metrics pm = measure(&p);
    cr_expect_eq(pm.aperture_reachers[2], 1u);
    cr_expect_not(compass_aperture_tells_apart(&p, 2, pm.aperture_reachers[2]));
}

Test(compass_metrics, the_scan_share_is_refused_above_eight_arrows)
{
    compass_level l = compass_test_load(diagonal);
    l.arrow_count = COMPASS_SCAN_MAX_ARROWS + 1;
    double scan = -1;
    cr_expect_eq(compass_scan_win_share(&l, &scan), -1);
    cr_expect_eq(scan, -1);
}

/* Issue 25's dense layers: the combinatorial number system ranks each size's subsets
 * 0 .. C(n, k) - 1 in ascending mask order, and unranking inverts it. */
Test(compass_metrics, subset_ranks_count_each_size_in_ascending_order_and_unrank_back)
{
    cr_expect_eq(compass_binomial(22, 11), 705432u);
    cr_expect_eq(compass_binomial(64, 32), 1832624140942590534ull);
    cr_expect_eq(compass_binomial(5, 6), 0u);
    /* every 11-subset of 22 elements, in ascending order (Gosper's hack) */
    uint64_t want = 0, key = (1ull << 11) - 1, end = 1ull << 22;
    while (key < end) {
        uint64_t r = compass_subset_rank(key);
        if (r != want || (r % 61 == 0 && compass_subset_unrank(r, 11) != key)) {
            cr_assert_fail("key %llx: rank %llu, want %llu", (unsigned long long)key,
                           (unsigned long long)r, (unsigned long long)want);
        }
        want++;
        uint64_t c = key & -key, rr = key + c;
        key = (((rr ^ key) >> 2) / c) | rr;
    }
    cr_expect_eq(want, 705432u, "C(22, 11) subsets");
    cr_expect_eq(compass_subset_rank((1ull << 22) - (1ull << 11)), 705431u, "the last is C - 1");
    cr_expect_eq(compass_subset_rank(0), 0u);
    cr_expect_eq(compass_subset_unrank(0, 0), 0u);
    uint64_t top = ~0ull << 32;
    cr_expect_eq(compass_subset_unrank(compass_subset_rank(top), 32), top);
}

/* An open size x size board (every lane a plain exit) with n arrows on distinct random cells:
 * the solver bench's boards, from our own seeded generator. */
static compass_level open_board(int size, int n, uint32_t seed)
{
    compass_level l;
    memset(&l, 0, sizeof l);
    l.rows = l.cols = size;
    for (int side = 0; side < 4; side++)
        for (int lane = 0; lane < size; lane++) {
            compass_aperture *a = &l.apertures[l.aperture_count++];
            a->side = (compass_dir)side;
            a->lane = lane;
            a->kind = COMPASS_APERTURE_PLAIN;
            a->phase_mask = 0xF;
        }
    rng_t g;
    rng_seed(&g, seed);
    int cells[COMPASS_MAX_SIDE * COMPASS_MAX_SIDE];
    for (int i = 0; i < size * size; i++)
        cells[i] = i;
    for (int i = size * size - 1; i > 0; i--) {
        int j = (int)rng_pick(&g, (uint32_t)i + 1), t = cells[i];
        cells[i] = cells[j];
        cells[j] = t;
    }
    for (int i = 0; i < n; i++) {
        compass_arrow *a = &l.arrows[l.arrow_count++];
        snprintf(a->id, sizeof a->id, "a%d", i + 1);
        a->row = cells[i] / size;
        a->col = cells[i] % size;
        a->dir = (compass_dir)rng_pick(&g, 4);
    }
    char err[256];
    cr_assert_eq(compass_level_check(&l, err, sizeof err), 0, "%s", err);
    return l;
}

/* A memoised depth-first reference over compass_release alone: winning orders and the random
 * share of a state, the share summed in arrow order as the metrics do, so even the double
 * agrees exactly. */
typedef struct {
    uint64_t *key, *win;
    double *share;
    size_t cap, used;
} memo;

static size_t memo_slot(const memo *m, uint64_t k)
{
    size_t j = (size_t)((k + 1) * 0x9E3779B97F4A7C15ull) & (m->cap - 1);
    while (m->key[j] != ~0ull && m->key[j] != k)
        j = (j + 1) & (m->cap - 1);
    return j;
}

static void reference(const compass_level *l, compass_state s, memo *m, uint64_t *win,
                      double *share)
{
    if (!s.remaining) {
        *win = 1;
        *share = 1;
        return;
    }
    size_t j = memo_slot(m, s.remaining);
    if (m->key[j] == s.remaining) {
        *win = m->win[j];
        *share = m->share[j];
        return;
    }
    uint64_t w = 0;
    double sh = 0;
    int legal = 0;
    for (int a = 0; a < l->arrow_count; a++) {
        compass_state next;
        if (compass_release(l, &s, a, &next).status != COMPASS_RELEASED)
            continue;
        uint64_t nw;
        double ns;
        reference(l, next, m, &nw, &ns);
        w += nw;
        sh += ns;
        legal++;
    }
    sh = legal ? sh / legal : 0;
    j = memo_slot(m, s.remaining); /* the table may have filled meanwhile, never moved */
    m->key[j] = s.remaining;
    m->win[j] = w;
    m->share[j] = sh;
    m->used++;
    cr_assert(m->used * 2 < m->cap, "reference memo full");
    *win = w;
    *share = sh;
}

Test(compass_metrics, a_board_far_above_the_old_262144_state_cap_gets_every_metric)
{
    compass_level l = open_board(10, 19, 1);
    compass_metrics dense, keys;
    compass_metrics_opts o = {0};
    o.layout = COMPASS_METRICS_DENSE;
    cr_assert_eq(compass_metrics_run(&l, &o, &dense), COMPASS_SOLVE_DONE);
    cr_assert(dense.state_count > 262144u, "%llu states", (unsigned long long)dense.state_count);
    cr_expect(dense.dense);
    o.layout = COMPASS_METRICS_KEYS;
    cr_assert_eq(compass_metrics_run(&l, &o, &keys), COMPASS_SOLVE_DONE);
    cr_expect_not(keys.dense);
    /* the two layouts agree on every figure */
    cr_expect_eq(dense.state_count, keys.state_count);
    cr_expect_eq(compass_count_cmp(&dense.winning_orders, &keys.winning_orders), 0);
    cr_expect_eq(compass_count_cmp(&dense.terminal_orders, &keys.terminal_orders), 0);
    cr_expect_eq(dense.random_win_share, keys.random_win_share);
    cr_expect_eq(dense.wrong_moves, keys.wrong_moves);
    cr_expect_eq(dense.lookahead, keys.lookahead);
    cr_expect_eq(dense.last_trap_step, keys.last_trap_step);
    cr_expect_eq(dense.longest_line, keys.longest_line);
    cr_expect_eq(memcmp(dense.aperture_reachers, keys.aperture_reachers,
                        sizeof dense.aperture_reachers), 0);
    /* and with the reference, state count, wins and the share to the bit */
    memo m = {0};
    m.cap = 1u << 21;
    m.key = malloc(m.cap * sizeof *m.key);
    m.win = malloc(m.cap * sizeof *m.win);
    m.share = malloc(m.cap * sizeof *m.share);
    cr_assert(m.key && m.win && m.share);
    memset(m.key, 0xFF, m.cap * sizeof *m.key);
    uint64_t win;
    double share;
    reference(&l, compass_initial_state(&l), &m, &win, &share);
    cr_expect_eq(u64(&dense.winning_orders), win);
    cr_expect_eq(dense.random_win_share, share);
    /* the reference memoises every reachable state but the won one */
    cr_expect_eq(dense.state_count, m.used + 1);
    free(m.key);
    free(m.win);
    free(m.share);
}

Test(compass_metrics, a_22_arrow_open_board_is_measured_within_32_mib)
{
    compass_level l = open_board(10, 22, 22);
    compass_metrics m;
    compass_metrics_opts o = {0};
    o.max_memory = 32u << 20;
    cr_assert_eq(compass_metrics_run(&l, &o, &m), COMPASS_SOLVE_DONE);
    cr_expect(m.state_count > 1000000u, "%llu states", (unsigned long long)m.state_count);
    cr_expect(m.memory_peak <= 32u << 20, "%llu bytes", (unsigned long long)m.memory_peak);
    /* a bound below what the tables need stops the pass cleanly */
    o.max_memory = 4u << 20;
    cr_expect_eq(compass_metrics_run(&l, &o, &m), COMPASS_SOLVE_MEMORY);
}

/* The pass splits each layer's bitmap words over the OpenMP threads: every figure is the same
 * for any thread count (GUIDE "Determinism is a feature"). */
Test(compass_metrics, every_thread_count_gives_the_same_figures)
{
    compass_level l = open_board(10, 20, 7);
    compass_metrics one, three;
    int threads = omp_get_max_threads();
    omp_set_num_threads(1);
    cr_assert_eq(compass_metrics_of(&l, 0, &one), COMPASS_SOLVE_DONE);
    omp_set_num_threads(3);
    cr_assert_eq(compass_metrics_of(&l, 0, &three), COMPASS_SOLVE_DONE);
    omp_set_num_threads(threads);
    cr_assert(one.dense, "the bitmap layout, the one split over threads");
    cr_expect_eq(one.state_count, three.state_count);
    cr_expect_eq(compass_count_cmp(&one.winning_orders, &three.winning_orders), 0);
    cr_expect_eq(compass_count_cmp(&one.terminal_orders, &three.terminal_orders), 0);
    cr_expect_eq(one.random_win_share, three.random_win_share);
    cr_expect_eq(one.wrong_moves, three.wrong_moves);
    cr_expect_eq(one.lookahead, three.lookahead);
    cr_expect_eq(one.last_trap_step, three.last_trap_step);
    cr_expect_eq(one.longest_line, three.longest_line);
    cr_expect_eq(memcmp(one.aperture_reachers, three.aperture_reachers,
                        sizeof one.aperture_reachers), 0);
}

/* Past half of max_memory the reachable set is found as sorted key layers instead of a bitmap
 * (as past 30 arrows): the same figures. 26 arrows (an 8 MiB bitmap), lanes 0 and 1 open on
 * each side, so that only some arrows ever leave and the key layers stay small. */
Test(compass_metrics, sorted_key_layers_find_the_bitmaps_figures)
{
    compass_level l = open_board(10, 26, 5);
    int kept = 0;
    for (int k = 0; k < l.aperture_count; k++)
        if (l.apertures[k].lane < 2)
            l.apertures[kept++] = l.apertures[k];
    l.aperture_count = kept;
    char err[256];
    cr_assert_eq(compass_level_check(&l, err, sizeof err), 0, "%s", err);
    compass_metrics bitmap, keys;
    compass_metrics_opts o = {0};
    cr_assert_eq(compass_metrics_run(&l, &o, &bitmap), COMPASS_SOLVE_DONE);
    o.max_memory = 12u << 20; /* the 8 MiB bitmap is more than half */
    cr_assert_eq(compass_metrics_run(&l, &o, &keys), COMPASS_SOLVE_DONE);
    cr_assert(keys.memory_peak < 8u << 20, "%llu bytes: no bitmap",
              (unsigned long long)keys.memory_peak);
    cr_expect(bitmap.state_count > 100u, "%llu states", (unsigned long long)bitmap.state_count);
    cr_expect_eq(bitmap.state_count, keys.state_count);
    cr_expect_eq(compass_count_cmp(&bitmap.winning_orders, &keys.winning_orders), 0);
    cr_expect_eq(compass_count_cmp(&bitmap.terminal_orders, &keys.terminal_orders), 0);
    cr_expect_eq(bitmap.random_win_share, keys.random_win_share);
    cr_expect_eq(bitmap.wrong_moves, keys.wrong_moves);
    cr_expect_eq(bitmap.lookahead, keys.lookahead);
    cr_expect_eq(bitmap.longest_line, keys.longest_line);
    cr_expect_eq(memcmp(bitmap.aperture_reachers, keys.aperture_reachers,
                        sizeof bitmap.aperture_reachers), 0);
    uint64_t any = 0;
    for (int k = 0; k < l.aperture_count; k++)
        any |= keys.aperture_reachers[k];
    cr_expect_neq(any, 0u, "some ray reaches an aperture");
}
