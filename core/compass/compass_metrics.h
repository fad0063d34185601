/* Mechanical difficulty metrics of a Compass Shift level (issues 18 and 31), measured over its
 * whole reachable state graph with candidate moves only from compass_release: how many release
 * orders win, how many end at all, the chance that uniformly random legal taps win, how many
 * releases lose a winnable game, how many steps of a solution offer a choice, how far ahead a
 * player must look (lookahead), whether greedy scanning wins, and which arrows each aperture
 * tells apart. Pure and reentrant (no cJSON, no globals): the generator grades candidates with
 * it in parallel. */
#ifndef CORE_COMPASS_METRICS_H
#define CORE_COMPASS_METRICS_H

#include <stddef.h>
#include <stdint.h>

#include "compass.h"
#include "compass_solve.h"

/* An exact count of release orders. There are at most arrow_count! of them (64! < 2^296), so
 * five 64-bit limbs, least significant first, never overflow. */
enum { COMPASS_COUNT_LIMBS = 5, COMPASS_COUNT_DIGITS = 96 };
typedef struct {
    uint64_t limb[COMPASS_COUNT_LIMBS];
} compass_count;

/* The largest count written as a JSON number: 10^15 - 1. Every integer up to it is exact in a
 * double (the JSON readers' number) and has at most the 15 significant digits cJSON prints
 * without rounding; larger counts are written as a string of decimal digits. */
#define COMPASS_COUNT_JSON_MAX 999999999999999ull

/* The metric pass (issue 25 "Metrics today stop above 262,144 states") has no state bound of
 * its own: it enumerates the graph again through the ray tables compass_solve uses (derived
 * from compass_release) and keeps, besides the reachable set (a bitmap of 2^n bits up to
 * COMPASS_BITMAP_MAX_ARROWS arrows, else sorted key layers), the values of two layers at once.
 * A layer's values are dense by the rank of the remaining-arrow subset in the combinatorial
 * number system (layer k has C(n, n - k) slots; C(22, 11) = 705 432) when that costs no more
 * than keys and values for the reachable states only. A slot holds the winning and terminal
 * order counts in as many 32-bit words as m! needs (m the arrows left: one word up to 12),
 * the share (a double) and the height (a byte): 17 bytes in the widest layers of a 22-arrow
 * board, about 23 MiB at most for it. Every table is charged to max_memory. */

/* C(n, k) (0 outside 0 <= k <= n); exact while it fits in 64 bits (every n <= 64, k <= 32
 * for n = 64 up to C(64, 32)). */
uint64_t compass_binomial(int n, int k);
/* The rank of a subset (bit i = element i) among the subsets of its size in colex order,
 * which is ascending numeric order of the masks: sum of C(c_j, j) over its elements
 * c_1 < c_2 < ..., so 0 .. C(n, size) - 1 for subsets of n elements. */
uint64_t compass_subset_rank(uint64_t key);
/* The subset of size elements with that rank (compass_subset_rank's inverse). */
uint64_t compass_subset_unrank(uint64_t rank, int size);

compass_count compass_count_of(uint64_t v);
/* a += b. */
void compass_count_add(compass_count *a, const compass_count *b);
/* -1, 0 or 1 as a <, = or > b. */
int compass_count_cmp(const compass_count *a, const compass_count *b);
/* 1 and *out = a when a fits in 64 bits, else 0. */
int compass_count_u64(const compass_count *a, uint64_t *out);
/* The decimal digits of a ("0" for zero); buf needs COMPASS_COUNT_DIGITS + 1 bytes. */
void compass_count_decimal(const compass_count *a, char *buf, size_t buflen);

typedef struct {
    compass_solve_status status;   /* DONE, or LIMIT / MEMORY / NOMEM, nothing else meaningful */
    uint64_t state_count;          /* reachable states, the start included */
    compass_count winning_orders;  /* release orders from the start that empty the board */
    compass_count terminal_orders; /* maximal legal release orders: wins and dead ends */
    /* The probability that a player who taps uniformly at random among the legal releases
     * at every step wins: P(won) = 1, P(dead end) = 0, P(s) = sum of P(next) / legal(s),
     * summed in arrow order, layers from the last to the first (fixed, so every run gives
     * the same double). Exactly 1 when no dead end is reachable. */
    double random_win_share;
    /* Legal releases, over all reachable states from which a win is still reachable, into a
     * state from which none is: the moves that lose a winnable game. */
    uint64_t wrong_moves;
    /* lookahead (issue 31): over the reachable states from which a win is still reachable
     * and that offer both a winning and a losing release, the most releases a player must
     * look ahead to see every losing release lose: for a losing release, 1 + the most
     * releases any continuation can still make before it is stuck. 0 when no state offers
     * both (no decision can lose, or every loss is forced). */
    int lookahead;
    /* The step (0-based) of the lexicographically first winning order, the solver's
     * solution, at which a legal release loses the game, the latest one; -1 when there is
     * none or the level cannot be won. */
    int last_trap_step;
    /* aperture_reachers[k]: bit i set when arrows[i]'s ray reaches apertures[k] (released
     * through it or blocked by its schedule) in some reachable state. */
    uint64_t aperture_reachers[4 * COMPASS_MAX_SIDE];
    /* The most releases any line from the start makes (arrow_count when the level can be
     * won): the verdict's "the best line releases 4 of 6". */
    int longest_line;
    uint64_t memory_peak; /* the most bytes the metric tables held */
    int dense;            /* 1 when the values were kept dense by rank */
} compass_metrics;

/* Bounds, cancel and progress of compass_metrics_run. */
typedef struct {
    uint64_t max_states; /* 0 = COMPASS_DEFAULT_MAX_STATES */
    uint64_t max_memory; /* bytes the metric tables may hold; 0 = COMPASS_DEFAULT_MAX_MEMORY */
    /* Polled between layers: nonzero stops the pass cleanly with COMPASS_SOLVE_LIMIT. Set by
     * another thread, so read with an atomic load. May be NULL. */
    const volatile int *cancel;
    /* Called after each layer of the pass: done of total (always 2 * arrow_count + 1: the
     * forward layers, then the backward ones). May be NULL. */
    void (*progress)(void *ctx, int done, int total);
    void *progress_ctx;
    /* Where the backward pass keeps each layer's values: COMPASS_METRICS_CHEAPER (0, the
     * default), or, for tests and benchmarks, always dense by rank (when the reachable set
     * is a bitmap) or always by index among the reachable keys. Every layout gives the same
     * figures. */
    int layout;
} compass_metrics_opts;

enum { COMPASS_METRICS_CHEAPER = 0, COMPASS_METRICS_DENSE = 1, COMPASS_METRICS_KEYS = 2 };

/* Measures the level (which must pass compass_level_check), stopping cleanly beyond
 * max_states states (0 = COMPASS_DEFAULT_MAX_STATES) with COMPASS_SOLVE_LIMIT, or beyond
 * COMPASS_DEFAULT_MAX_MEMORY bytes of tables with COMPASS_SOLVE_MEMORY. Returns out->status. */
compass_solve_status compass_metrics_of(const compass_level *l, uint64_t max_states,
                                        compass_metrics *out);
/* compass_metrics_of with cancel and progress (opts may be NULL). */
compass_solve_status compass_metrics_run(const compass_level *l, const compass_metrics_opts *opts,
                                         compass_metrics *out);

/* The legal releases in state s. */
int compass_legal_count(const compass_level *l, const compass_state *s);

/* decisionSteps: the steps of order[0..len-1], replayed from the start, whose state has more
 * than one legal release (replay stops at the first blocked step). */
int compass_decision_steps(const compass_level *l, const int *order, int len);

/* greedyWins (issue 31): always releasing the first free arrow in reading order (row, then
 * column) from the start wins. */
int compass_greedy_wins(const compass_level *l);

/* The most arrows compass_scan_win_share enumerates every scan order of (8! = 40320). */
enum { COMPASS_SCAN_MAX_ARROWS = 8 };

/* randomScanWinShare (issue 31): the share of all arrow_count! scan orders with which the
 * greedy rule (release the first free arrow in that order, the order fixed for the game)
 * wins, exactly. 0 and *share set, or -1 above COMPASS_SCAN_MAX_ARROWS arrows. */
int compass_scan_win_share(const compass_level *l, double *share);

/* The one phase in which arrows[arrow] faces side (its base direction turned by the phase:
 * effective = (base + phase) mod 4), so an aperture on that side lets it through in every
 * visit or in none: windows and ports filter arrows, they never make one wait. */
int compass_facing_phase(const compass_level *l, int arrow, compass_dir side);

/* 1 when apertures[k] tells two of the arrows in reachers apart: one faces it in an open
 * phase, another in a closed one. A window or port that does not acts for every arrow that
 * reaches it exactly like a plain exit (all pass) or a closed edge (none does). */
int compass_aperture_tells_apart(const compass_level *l, int k, uint64_t reachers);

/* randomWinShare as written: rounded to 12 decimal places, except that a share strictly
 * between 0 and 1 is never written as 0 or 1 (it becomes 1e-12 or 1 - 1e-12), so the written
 * value is below 1 exactly when a dead end is reachable. */
double compass_share_rounded(double share);

#endif
