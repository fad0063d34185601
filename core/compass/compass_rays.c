/* Builds the per-phase ray tables from the production release rule, never from a second ray walk. */
#include "compass_rays.h"

#include <string.h>

/* Releases a from the full board again and again, taking away each arrow that blocks it, so
 * the blockers met are exactly the arrows on the ray (before the first wall unless relax
 * ignores walls). Returns the mask of them; *last is the release once nothing blocks. */
static uint64_t arrows_on_ray(const compass_level *l, const compass_view *full, int p, int a,
                              unsigned relax, compass_release_result *last)
{
    compass_state s = {compass_initial_state(l).remaining, p};
    compass_view v = *full;
    uint64_t on = 0;
    for (;;) {
        *last = compass_release_in_view(l, &s, &v, a, relax, NULL);
        if (last->status != COMPASS_BLOCKED_ARROW)
            return on;
        int b = last->blocker_arrow;
        on |= (uint64_t)1 << b;
        s.remaining &= ~((uint64_t)1 << b);
        v.arrow_at[l->arrows[b].row][l->arrows[b].col] = -1; /* now the view of s */
    }
}

void compass_rays_build(const compass_level *l, compass_rays *t)
{
    memset(t, 0, sizeof *t);
    t->n = l->arrow_count;
    t->initial_phase = l->initial_phase & 3;
    t->all = compass_initial_state(l).remaining;
    compass_view full;
    compass_state start = compass_initial_state(l);
    compass_view_of(l, &start, &full);
    for (int p = 0; p < 4; p++)
        for (int a = 0; a < t->n; a++) {
            uint64_t bit = (uint64_t)1 << a;
            compass_release_result r, rw;
            t->block[p][a] = arrows_on_ray(l, &full, p, a, 0, &r);
            for (uint64_t on = t->block[p][a]; on; on &= on - 1)
                t->hits[p][__builtin_ctzll(on)] |= bit;
            t->through[p][a] = arrows_on_ray(l, &full, p, a, COMPASS_RELAX_WALLS, &rw);
            t->aperture[p][a] = (signed char)r.aperture;
            if (r.status == COMPASS_RELEASED)
                t->release[p] |= bit;
            else if (r.status == COMPASS_BLOCKED_APERTURE_PHASE)
                (l->apertures[r.aperture].kind == COMPASS_APERTURE_WINDOW ? t->window
                                                                          : t->port)[p] |= bit;
            else if (r.status == COMPASS_BLOCKED_WALL && rw.status == COMPASS_RELEASED)
                t->wall_relaxed[p] |= bit;
        }
}
