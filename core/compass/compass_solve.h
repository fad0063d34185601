/* PuzzleSolver (compass-shift.md "Real solver and content evidence"): deterministic breadth-
 * first search over (remaining, phase), with candidate moves only from compass_release (through
 * ray tables derived from it), plus the reachable-state witnesses the evidence needs (wall
 * impact, schedule impact, idle apertures). No printing; progress goes through an optional
 * callback. */
#ifndef CORE_COMPASS_SOLVE_H
#define CORE_COMPASS_SOLVE_H

#include <stdint.h>

#include "compass.h"

/* Default bounds. Memory: the search's tables (visited bitmap, or sorted layers and a hash set
 * beyond COMPASS_BITMAP_MAX_ARROWS) never hold more than max_memory bytes; 2 GiB leaves most of
 * a shared 24 GiB machine to others. States: 300 million distinct states. */
#define COMPASS_DEFAULT_MAX_STATES 300000000ull
#define COMPASS_DEFAULT_MAX_MEMORY (2ull << 30)
/* Up to this many arrows the visited set is a bitmap of 2^n bits (128 MiB at 30) when it fits
 * in half of max_memory; the search then holds nothing else and runs on every OpenMP thread. */
#define COMPASS_BITMAP_MAX_ARROWS 30

typedef struct {
    uint64_t max_states; /* 0 = COMPASS_DEFAULT_MAX_STATES */
    /* Called after each finished layer (layer = releases done, of layers = arrow_count) and,
     * in the hash search, every 2^22 new states of a long layer (layer = the layers done). */
    void (*progress)(void *ctx, int layer, int layers, uint64_t states);
    void *progress_ctx;
} compass_solve_opts;

typedef enum {
    COMPASS_SOLVE_DONE,  /* the whole reachable graph was searched */
    COMPASS_SOLVE_LIMIT, /* stopped cleanly at max_states; only state_count is meaningful */
    COMPASS_SOLVE_NOMEM, /* an allocation failed; stopped cleanly, state_count as above */
    COMPASS_SOLVE_MEMORY /* stopped cleanly at max_memory; state_count as above */
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
    /* 1 when state_count counts every reachable state (compass_solve); 0 after
     * compass_solve_first, which counts only the states it expanded. */
    int enumerated;
    int layer_reached;    /* the deepest layer completed (the figures a stopped search reached) */
    uint64_t memory_peak; /* the most bytes the search's tables held */
} compass_solve_result;

/* Searches the level (which must pass compass_level_check). Witnesses are the first found in
 * search order: layers by release count, states by ascending remaining set, arrows by index.
 * Returns out->status. Memory is freed before returning. Reentrant (no globals), so separate
 * levels may be solved in parallel threads; a large bitmap search itself splits each layer
 * over the OpenMP threads, with the same result for any thread count. */
compass_solve_status compass_solve(const compass_level *l, const compass_solve_opts *opts,
                                   compass_solve_result *out);
/* compass_solve with its tables bounded by max_memory bytes (0 = COMPASS_DEFAULT_MAX_MEMORY):
 * past it the search stops cleanly with COMPASS_SOLVE_MEMORY. (A separate entry point, so
 * callers that fill compass_solve_opts positionally keep compiling.) */
compass_solve_status compass_solve_bounded(const compass_level *l, const compass_solve_opts *opts,
                                           uint64_t max_memory, compass_solve_result *out);
/* compass_solve_bounded that also polls *cancel (when cancel is not NULL) after each layer:
 * nonzero stops the search cleanly with COMPASS_SOLVE_LIMIT (the caller that set it knows
 * why). Set by another thread (the editor's next edit), so read with an atomic load. */
compass_solve_status compass_solve_cancellable(const compass_level *l,
                                               const compass_solve_opts *opts,
                                               uint64_t max_memory, const volatile int *cancel,
                                               compass_solve_result *out);

#endif
