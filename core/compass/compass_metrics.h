/* Mechanical difficulty metrics of a Compass Shift level (issue 18), measured over its whole
 * reachable state graph with candidate moves only from compass_release: how many release
 * orders win, how many end at all, the chance that uniformly random legal taps win, how many
 * releases lose a winnable game, and how many steps of a solution offer a choice. Pure and
 * reentrant (no cJSON, no globals): the generator grades candidates with it in parallel. */
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
} compass_metrics;

/* Measures the level (which must pass compass_level_check), stopping cleanly beyond
 * max_states states (0 = COMPASS_METRICS_MAX_STATES). Returns out->status. */
compass_solve_status compass_metrics_of(const compass_level *l, uint64_t max_states,
                                        compass_metrics *out);

/* The legal releases in state s. */
int compass_legal_count(const compass_level *l, const compass_state *s);

/* decisionSteps: the steps of order[0..len-1], replayed from the start, whose state has more
 * than one legal release (replay stops at the first blocked step). */
int compass_decision_steps(const compass_level *l, const int *order, int len);

/* randomWinShare as written: rounded to 12 decimal places, except that a share strictly
 * between 0 and 1 is never written as 0 or 1 (it becomes 1e-12 or 1 - 1e-12), so the written
 * value is below 1 exactly when a dead end is reachable. */
double compass_share_rounded(double share);

#endif
