/* The designer aid (compass-shift.md "Undo, restart, and hint boundary"): one legal release on
 * a winning path from a given state, asked of PuzzleSolver (compass_solve). It never plays the
 * move and never changes the state. */
#ifndef CORE_COMPASS_HINT_H
#define CORE_COMPASS_HINT_H

#include <stdint.h>

#include "compass.h"

typedef enum {
    COMPASS_HINT_MOVE,    /* arrow is a legal release that keeps a winning path */
    COMPASS_HINT_NO_PATH, /* no winning path from this state (a dead end or doomed) */
    COMPASS_HINT_WON,     /* the board is already empty */
    COMPASS_HINT_LIMIT    /* the search stopped at max_states (or out of memory) */
} compass_hint_status;

typedef struct {
    compass_hint_status status;
    int arrow;            /* arrow index in l, or -1 */
    uint64_t state_count; /* states the search visited */
} compass_hint_result;

/* Solves the board as it stands in s (remaining arrows, current phase) and returns the first
 * release of the solver's lexicographically first winning order from there. max_states 0
 * means the solver's default bound. l must pass compass_level_check; s is only read. */
compass_hint_result compass_hint(const compass_level *l, const compass_state *s,
                                 uint64_t max_states);

/* The board of l as it stands in s, as a level of its own: only the remaining arrows (in
 * their file order), initial phase s->phase, no construction. map[i] receives the index in
 * l of the sub-level's arrow i. Returns the sub-level's arrow count (0 when s is won). */
int compass_level_from_state(const compass_level *l, const compass_state *s, compass_level *out,
                             int map[COMPASS_MAX_ARROWS]);

#endif
