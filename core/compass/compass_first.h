/* First-solution search (compass-shift.md "Real solver and content evidence", for boards too
 * large to enumerate): depth-first in arrow-index order with a memo of lost states and a
 * sound phase-capacity pruning, giving the lexicographically first winning order (the very
 * solution compass_solve gives) or a proof that none exists. */
#ifndef CORE_COMPASS_FIRST_H
#define CORE_COMPASS_FIRST_H

#include <stdint.h>

#include "compass_keyset.h"
#include "compass_rays.h"
#include "compass_solve.h"

/* Solves without enumerating the state graph: out->enumerated is 0, state_count counts the
 * states the search expanded (bounded by opts->max_states), memory is bounded by
 * max_memory (0 = COMPASS_DEFAULT_MAX_MEMORY); solvable and the solution are exact; witnesses, dead ends, layer_max and
 * apertures are not searched. progress (if any) is called every 2^20 states expanded with
 * layer = the current depth. Returns out->status. */
compass_solve_status compass_solve_first(const compass_level *l, const compass_solve_opts *opts,
                                         uint64_t max_memory, compass_solve_result *out);

/* The search itself, for compass_solve's solution: memo_bits is a zeroed bitmap of 2^n bits
 * (then nothing else is allocated) or NULL for a hash set charged to b. On DONE, *found
 * tells whether a winning order exists and solution[0..n-1] holds it; *nodes counts the
 * states expanded. */
typedef struct {
    uint64_t max_nodes;
    void (*progress)(void *ctx, int layer, int layers, uint64_t states);
    void *progress_ctx;
} compass_first_limits;
compass_solve_status compass_first_order(const compass_rays *t, uint64_t *memo_bits,
                                         compass_budget *b, const compass_first_limits *lim,
                                         int *found, int *solution, uint64_t *nodes);

#endif
