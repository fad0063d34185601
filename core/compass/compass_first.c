/* Depth-first search for the lexicographically first winning order, with a lost-state memo. */
#include "compass_first.h"

#include <string.h>

enum { PROGRESS_EVERY = 1 << 20 };

typedef struct {
    const compass_rays *t;
    const compass_first_limits *lim;
    uint64_t *bits;
    compass_keyset set;
    compass_budget *b;
    int over;
    uint64_t nodes;
    compass_solve_status status;
    /* only_in[S]: the arrows whose every legal phase lies in the phase set S (bit p = phase p). */
    uint64_t only_in[16];
    int *solution;
} dfs;

/* Phase capacity (Hall's condition): a winning continuation from a state at depth d releases
 * each remaining arrow at its own step j in [d, n), in phase (initial + j) mod 4, and an arrow
 * can leave only in a phase where its ray ends at an eligible aperture with no wall (other
 * arrows only ever block more). So for every phase set S the arrows that can leave only in S
 * must fit in the remaining steps whose phase is in S; when they do not, the state is lost. */
static int phases_can_fit(const dfs *d, uint64_t key, int depth)
{
    int steps = d->t->n - depth, first = (d->t->initial_phase + depth) & 3, cap[4];
    for (int i = 0; i < 4; i++)
        cap[(first + i) & 3] = steps / 4 + (i < steps % 4);
    for (unsigned s = 0; s < 15; s++) {
        int room = 0;
        for (int p = 0; p < 4; p++)
            room += (s >> p & 1) ? cap[p] : 0;
        if (__builtin_popcountll(key & d->only_in[s]) > room)
            return 0;
    }
    return 1;
}

static int memo_has(const dfs *d, uint64_t key)
{
    return d->bits ? (int)(d->bits[key >> 6] >> (key & 63) & 1) : compass_keyset_has(&d->set, key);
}

static void memo_add(dfs *d, uint64_t key)
{
    if (d->bits)
        d->bits[key >> 6] |= (uint64_t)1 << (key & 63);
    else if (compass_keyset_add(&d->set, key, d->b, &d->over) < 0)
        d->status = d->over ? COMPASS_SOLVE_MEMORY : COMPASS_SOLVE_NOMEM;
}

/* 1 when a win is reachable from key (at depth releases done); writes solution[depth..]. The
 * start (depth 0) is never memoised: it is visited once, and on a 64-arrow board its key is the
 * key set's empty mark. */
static int win_from(dfs *d, uint64_t key, int depth)
{
    if (!key)
        return 1;
    if (depth && memo_has(d, key))
        return 0;
    if (++d->nodes > d->lim->max_nodes) {
        d->nodes--;
        d->status = COMPASS_SOLVE_LIMIT;
        return 0;
    }
    if (d->lim->progress && d->nodes % PROGRESS_EVERY == 0)
        d->lim->progress(d->lim->progress_ctx, depth, d->t->n, d->nodes);
    if (phases_can_fit(d, key, depth)) {
        int p = (d->t->initial_phase + depth) & 3;
        for (uint64_t c = compass_rays_legal(d->t, p, key); c; c &= c - 1) {
            int a = __builtin_ctzll(c);
            if (win_from(d, key & ~((uint64_t)1 << a), depth + 1)) {
                d->solution[depth] = a;
                return 1;
            }
            if (d->status != COMPASS_SOLVE_DONE)
                return 0;
        }
    }
    if (depth)
        memo_add(d, key);
    return 0;
}

compass_solve_status compass_first_order(const compass_rays *t, uint64_t *memo_bits,
                                         compass_budget *b, const compass_first_limits *lim,
                                         int *found, int *solution, uint64_t *nodes)
{
    dfs d = {.t = t, .lim = lim, .bits = memo_bits, .b = b, .status = COMPASS_SOLVE_DONE,
             .solution = solution};
    for (int a = 0; a < t->n; a++) {
        unsigned phases = 0;
        for (int p = 0; p < 4; p++)
            phases |= (unsigned)(t->release[p] >> a & 1) << p;
        for (unsigned s = 0; s < 16; s++)
            if ((phases & ~s) == 0)
                d.only_in[s] |= (uint64_t)1 << a;
    }
    *found = 0;
    if (!memo_bits && compass_keyset_init(&d.set, 1024, b, &d.over))
        d.status = d.over ? COMPASS_SOLVE_MEMORY : COMPASS_SOLVE_NOMEM;
    else
        *found = win_from(&d, t->all, 0);
    if (!memo_bits)
        compass_keyset_free(&d.set, b);
    *nodes = d.nodes;
    if (d.status != COMPASS_SOLVE_DONE)
        *found = 0;
    return d.status;
}

compass_solve_status compass_solve_first(const compass_level *l, const compass_solve_opts *opts,
                                         uint64_t max_memory, compass_solve_result *out)
{
    memset(out, 0, sizeof *out);
    out->wall_impact.arrow = out->window_impact.arrow = out->port_impact.arrow = -1;
    compass_rays t;
    compass_rays_build(l, &t);
    compass_budget b = {0, 0, max_memory ? max_memory : COMPASS_DEFAULT_MAX_MEMORY};
    compass_first_limits lim = {opts && opts->max_states ? opts->max_states
                                                         : COMPASS_DEFAULT_MAX_STATES,
                                opts ? opts->progress : NULL, opts ? opts->progress_ctx : NULL};
    int found;
    out->status = compass_first_order(&t, NULL, &b, &lim, &found, out->solution,
                                      &out->state_count);
    out->solvable = found;
    out->solution_len = found ? t.n : 0;
    out->memory_peak = b.peak;
    return out->status;
}
