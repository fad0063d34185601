/* A Compass Shift level's verdict (issue 25 "The verdict"): the one answer the editor, the
 * player's --level and --watch banners, Tools -> Evidence and the solver's evidence all give
 * about a board. Solvable or not, winning orders, random-play win share, wrong moves,
 * decision steps, lookahead, state count, canonical hash, the tier the campaign's tier
 * thresholds would give it, and the campaign level it is the same board as (under rotation).
 * Pure and reentrant (no cJSON, no globals, no printing): the editor runs it in a worker
 * thread and cancels it through opts->cancel. */
#ifndef CORE_COMPASS_VERDICT_H
#define CORE_COMPASS_VERDICT_H

#include <stddef.h>
#include <stdint.h>

#include "compass.h"
#include "compass_metrics.h"
#include "compass_solve.h"

/* One level of the loaded campaign, as sameAs compares against it. */
typedef struct {
    char id[64];
    char hash[17]; /* canonicalHash, 16 lowercase hex digits */
} compass_verdict_ref;

typedef struct {
    uint64_t max_memory;            /* bytes the search and metric tables may hold; 0 = default */
    const compass_verdict_ref *campaign; /* sameAs candidates (may be NULL) */
    int campaign_count;
    /* Polled between layers and inside long layers: nonzero stops the work cleanly with
     * COMPASS_VERDICT_CANCELLED. May be NULL. Written by another thread (the editor's next
     * edit), so it is read with an atomic load. */
    const volatile int *cancel;
    /* Called as the work advances: done of total units (layers of the search, then of the
     * metric pass: total = 3 * arrow_count + 1, done never falls, and a long layer of a
     * search past 30 arrows may report the same done again). May be NULL. Called on the
     * thread running compass_verdict_of. */
    void (*progress)(void *ctx, int done, int total);
    void *progress_ctx;
} compass_verdict_opts;

typedef enum {
    COMPASS_VERDICT_DONE,      /* every field below is meaningful */
    COMPASS_VERDICT_TOO_LARGE, /* the search stopped at max_memory or max states */
    COMPASS_VERDICT_NOMEM,     /* an allocation failed */
    COMPASS_VERDICT_CANCELLED  /* opts->cancel was set */
} compass_verdict_status;

typedef struct {
    compass_verdict_status status;
    char hash[17];             /* canonicalHash (always set, even when the search stops) */
    int arrow_count;
    int solvable;
    /* The most releases any line from the start makes (arrow_count when solvable): the
     * red banner's "the best line releases 4 of 6". */
    int best_released;
    uint64_t state_count;      /* reachable states, the start included */
    compass_count winning_orders;
    double random_win_share;   /* as compass_metrics (not rounded) */
    uint64_t wrong_moves;
    int decision_steps;        /* along the solution; 0 when unsolvable */
    int lookahead;             /* compass_metrics.lookahead */
    int greedy_wins;
    /* The tier (1..4) whose thresholds in the campaign plan the level's figures meet, the
     * hardest such tier; 0 when it meets none (or is unsolvable). compass_verdict_tier gives
     * the rule. */
    int tier;
    char same_as[64];          /* the id of a campaign level with the same hash, or "" */
    int solution_len;          /* the lexicographically first winning order, when solvable */
    int solution[COMPASS_MAX_ARROWS];
    uint64_t releasable;       /* bit i: arrows[i] is releasable from the start */
    uint64_t memory_peak;      /* the most bytes the search and metric tables held */
    /* The metric pass whole (terminal orders, lastTrapStep, aperture reach, its own peak and
     * status: not DONE when the search finished but the pass stopped, status then TOO_LARGE,
     * NOMEM or CANCELLED), as the evidence record writes it. */
    compass_metrics metrics;
    /* The search finished: solvable, best_released, state_count, solution, decision_steps
     * and greedy_wins hold even when the metric pass then stopped (status TOO_LARGE). */
    int search_done;
} compass_verdict;

/* Gives l's verdict (l must pass compass_level_check). opts may be NULL (defaults, no
 * campaign). Returns out->status. */
compass_verdict_status compass_verdict_of(const compass_level *l, const compass_verdict_opts *opts,
                                          compass_verdict *out);

/* The verdict on top of a finished search r of l (r->status COMPASS_SOLVE_DONE): the metric
 * pass, decision steps, greedy win, tier and sameAs, with opts as for compass_verdict_of (its
 * progress counts the metric pass only, done of 2 * arrow_count + 1). What compass_verdict_of
 * does after its search, and what the evidence record (compass_evidence_json) and so the
 * solver and the player's Tools take their figures from: one implementation. The fields the
 * search gives (solvable, solution, state count) come from r. Returns out->status. */
compass_verdict_status compass_verdict_from_search(const compass_level *l,
                                                   const compass_solve_result *r,
                                                   const compass_verdict_opts *opts,
                                                   compass_verdict *out);

/* sameAs candidates of levels[0..count-1] (a loaded campaign): each id and canonical hash,
 * into out[0..count-1]. */
void compass_verdict_refs_of(const compass_level *levels, int count, compass_verdict_ref *out);

/* The tier rule. A solvable level meets tier t when it has at least the tier's smaller arrow
 * count (4, 5, 6, 7: the spec's "Difficulty tiers") and its randomWinShare is at most the top
 * of the tier's band in the plan (0.95, 0.44, 0.27, 0.14: docs/games/compass.md "Tier
 * pacing"); the tier is the hardest one met, 0 when none is (fewer than 4 arrows, random play
 * winning more than 95%, or no solution). Board size is not a threshold (any board size
 * gets a tier) and neither is lookahead: its aims ramp within a tier from a breather easier
 * than the tier before, so they do not separate tiers. On the default campaign 43 of the 50
 * levels get their declared tier back (tests/test_compass_verdict.c). */
int compass_verdict_tier(int arrow_count, int solvable, double random_win_share);

/* The one-line summary the banners show: "solvable - 5 winning orders - random play wins 83%"
 * or "NO SOLUTION: the best line releases 4 of 6" (also when only the metric pass stopped),
 * "solvable - too large to count its orders (N states)" when the search finished but the
 * metric pass did not, or why the work stopped.
 * Returns the length written (truncated to buflen - 1). */
size_t compass_verdict_line(const compass_verdict *v, char *buf, size_t buflen);

#endif
