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

/* The metrics' own state bound: the graph is enumerated again through compass_release
 * (compass_solve keeps no graph), about a million states a second, so boards above it get no
 * metrics rather than a whole run many times slower than the search itself (a 10x10 board
 * with 22 arrows: 0.1 s of search, 4 s of metrics). Every campaign and generator board has
 * at most a few hundred states. */
#define COMPASS_METRICS_MAX_STATES 262144ull

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
    compass_solve_status status;   /* DONE, or LIMIT / NOMEM with nothing else meaningful */
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
} compass_metrics;

/* Bounds, cancel and progress of compass_metrics_run. */
typedef struct {
    uint64_t max_states; /* 0 = COMPASS_METRICS_MAX_STATES */
    uint64_t max_memory; /* bytes the metric tables may hold; 0 = COMPASS_DEFAULT_MAX_MEMORY */
    /* Polled between layers: nonzero stops the pass cleanly with COMPASS_SOLVE_LIMIT. Set by
     * another thread, so read with an atomic load. May be NULL. */
    const volatile int *cancel;
    /* Called after each layer of the pass: done of total (always 2 * arrow_count + 1: the
     * forward layers, then the backward ones). May be NULL. */
    void (*progress)(void *ctx, int done, int total);
    void *progress_ctx;
} compass_metrics_opts;

/* Measures the level (which must pass compass_level_check), stopping cleanly beyond
 * max_states states (0 = COMPASS_METRICS_MAX_STATES). Returns out->status. */
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
 * wins, exactly. 0 and *share set, or -1 above COMPASS_SCAN_MAX_ARROWS arrows or on NOMEM. */
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
