/* PuzzleSolver (compass-shift.md "Real solver and content evidence"): deterministic breadth-
 * first search over (remaining, phase), with candidate moves only from compass_release, plus
 * the reachable-state witnesses the evidence needs (wall impact, schedule impact, idle
 * apertures). No printing; progress goes through an optional callback. */
#ifndef CORE_COMPASS_SOLVE_H
#define CORE_COMPASS_SOLVE_H

#include <stdint.h>

#include "compass.h"

/* Default state bound: the worst case is about 56 bytes per state (8 in the layer arrays, up
 * to 48 while a layer's hash set grows), so 300 million states stay under 17 GiB on a 24 GiB
 * machine; measured boards use about 12 bytes per state (make bench). */
#define COMPASS_DEFAULT_MAX_STATES 300000000ull

typedef struct {
    uint64_t max_states; /* 0 = COMPASS_DEFAULT_MAX_STATES */
    /* Called after each finished layer (layer = releases done, of layers = arrow_count). */
    void (*progress)(void *ctx, int layer, int layers, uint64_t states);
    void *progress_ctx;
} compass_solve_opts;

typedef enum {
    COMPASS_SOLVE_DONE,  /* the whole reachable graph was searched */
    COMPASS_SOLVE_LIMIT, /* stopped cleanly at max_states; only state_count is meaningful */
    COMPASS_SOLVE_NOMEM  /* an allocation failed; stopped cleanly, state_count as above */
} compass_solve_status;

/* One reachable state and one arrow whose release is blocked there but legal under a
 * relaxation. path is a release order from the initial state reaching the state. */
typedef struct {
    int found;
    compass_state state;
    int arrow;
    compass_release_result blocked; /* compass_release in state */
    compass_release_result relaxed; /* compass_release_relaxed in state: COMPASS_RELEASED */
    int path_len;
    int path[COMPASS_MAX_ARROWS];
} compass_witness;

typedef struct {
    compass_solve_status status;
    int solvable;
    /* The lexicographically first winning release order (arrow indices, file order), so the
     * same level always gives the same solution. Every winning order has arrow_count steps. */
    int solution_len;
    int solution[COMPASS_MAX_ARROWS];
    uint64_t state_count;     /* distinct reachable states, the start included */
    uint64_t dead_end_states; /* reachable, not won, no legal release */
    uint64_t layer_max;       /* the largest layer (states after the same number of releases) */
    compass_witness wall_impact;   /* blocked by a wall, legal with COMPASS_RELAX_WALLS */
    compass_witness window_impact; /* blocked by a window's phase, legal with RELAX_WINDOWS */
    compass_witness port_impact;   /* blocked by a port's phase, legal with RELAX_PORTS */
    /* aperture_reached[i]: some ray from some reachable state reaches apertures[i] (released
     * through it or blocked by its schedule). */
    unsigned char aperture_reached[4 * COMPASS_MAX_SIDE];
} compass_solve_result;

/* Searches the level (which must pass compass_level_check). Witnesses are the first found in
 * search order: layers by release count, states by ascending remaining set, arrows by index.
 * Returns out->status. Memory is freed before returning. Reentrant (no globals), so separate
 * levels may be solved in parallel threads. */
compass_solve_status compass_solve(const compass_level *l, const compass_solve_opts *opts,
                                   compass_solve_result *out);

#endif
