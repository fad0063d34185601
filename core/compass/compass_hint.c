/* The designer aid: one move on a winning path, from the solver run on the current board. */
#include "compass_hint.h"

#include <stdlib.h>

#include "compass_solve.h"

int compass_level_from_state(const compass_level *l, const compass_state *s, compass_level *out,
                             int map[COMPASS_MAX_ARROWS])
{
    *out = *l;
    out->initial_phase = s->phase & 3;
    out->has_construction = 0;
    out->reverse_len = 0;
    out->arrow_count = 0;
    for (int i = 0; i < l->arrow_count; i++)
        if ((s->remaining >> i) & 1) {
            map[out->arrow_count] = i;
            out->arrows[out->arrow_count++] = l->arrows[i];
        }
    return out->arrow_count;
}

compass_hint_result compass_hint(const compass_level *l, const compass_state *s,
                                 uint64_t max_states)
{
    compass_hint_result h = {COMPASS_HINT_WON, -1, 0};
    if (compass_is_won(s))
        return h;
    /* Both are several kilobytes: heap, so a scene can call this from any stack. */
    compass_level *sub = malloc(sizeof *sub);
    compass_solve_result *r = malloc(sizeof *r);
    int map[COMPASS_MAX_ARROWS];
    h.status = COMPASS_HINT_LIMIT;
    if (sub && r) {
        compass_level_from_state(l, s, sub, map);
        compass_solve_opts opts = {max_states, NULL, NULL};
        if (compass_solve(sub, &opts, r) == COMPASS_SOLVE_DONE) {
            h.state_count = r->state_count;
            h.status = r->solvable ? COMPASS_HINT_MOVE : COMPASS_HINT_NO_PATH;
            h.arrow = r->solvable ? map[r->solution[0]] : -1;
        } else {
            h.state_count = r->state_count;
        }
    }
    free(sub);
    free(r);
    return h;
}
