/* Per-phase ray tables for the searches: each arrow's ray as a mask of the arrows it crosses,
 * derived once per level from compass_release, so legality in any state is one AND per arrow. */
#ifndef CORE_COMPASS_RAYS_H
#define CORE_COMPASS_RAYS_H

#include <stdint.h>

#include "compass.h"

/* Every successful release removes one arrow and turns the compass once, so the phase of a
 * state with remaining set R is (initial + arrow_count - popcount(R)) mod 4 and the tables are
 * indexed by that phase. For arrow a in phase p (bit a in the masks below):
 *   block[p][a]   the arrows on the cells the ray crosses before the first wall (the whole ray
 *                 when there is none): any of them remaining blocks the release;
 *   through[p][a] the arrows on the whole ray, walls ignored (the wall relaxation);
 *   release[p]    the ray meets no wall and ends at an aperture eligible in p: a is legal in R
 *                 exactly when a is in R & release[p] and R & block[p][a] == 0;
 *   window[p], port[p]  the ray meets no wall and ends at a window / port shut in p;
 *   wall_relaxed[p]     the ray meets a wall, and without walls it would leave (legal under
 *                 COMPASS_RELAX_WALLS when R & through[p][a] == 0);
 *   aperture[p][a] the aperture the wall-free ray ends at, or -1 (a wall or a closed lane). */
typedef struct {
    int n, initial_phase;
    uint64_t all; /* the initial remaining set */
    uint64_t block[4][COMPASS_MAX_ARROWS];
    uint64_t through[4][COMPASS_MAX_ARROWS];
    /* hits[p][b]: the arrows a with b in block[p][a] (block transposed), so the arrows a set
     * R blocks are the OR of hits[p][b] over b in R: one load an arrow, no test */
    uint64_t hits[4][COMPASS_MAX_ARROWS];
    uint64_t release[4], window[4], port[4], wall_relaxed[4];
    signed char aperture[4][COMPASS_MAX_ARROWS];
} compass_rays;

/* Builds the tables of a level that passes compass_level_check. */
void compass_rays_build(const compass_level *l, compass_rays *t);

/* The phase of the state whose remaining set is `remaining`. */
static inline int compass_rays_phase(const compass_rays *t, uint64_t remaining)
{
    return (t->initial_phase + t->n - __builtin_popcountll(remaining)) & 3;
}

/* The arrows whose ray some arrow of `remaining` blocks in phase p. */
static inline uint64_t compass_rays_blocked(const compass_rays *t, int p, uint64_t remaining)
{
    uint64_t blocked = 0;
    for (uint64_t c = remaining; c; c &= c - 1)
        blocked |= t->hits[p][__builtin_ctzll(c)];
    return blocked;
}

/* The arrows whose release is legal in `remaining` (phase p must be its phase). */
static inline uint64_t compass_rays_legal(const compass_rays *t, int p, uint64_t remaining)
{
    return remaining & t->release[p] & ~compass_rays_blocked(t, p, remaining);
}

#endif
