/* Layered breadth-first search over Compass Shift states: a visited bitmap split over OpenMP
 * threads up to COMPASS_BITMAP_MAX_ARROWS, sorted layers and a hash set beyond. */
#include "compass_solve.h"

#include <stdlib.h>
#include <string.h>

#include "compass_first.h"
#include "compass_keyset.h"
#include "compass_rays.h"

/* Every successful release removes exactly one arrow and turns the compass exactly once, so a
 * state reached after k releases has phase (initial + k) mod 4 and k = arrow_count -
 * popcount(remaining): the remaining set alone (the key) identifies the state, and layer k is
 * the keys with n - k bits set.
 *
 * Bitmap search: one bit per possible key, set when the key is reached. Layer k is expanded
 * by scanning the bitmap in ascending key order for the keys with n - k bits, so no layer is
 * ever stored: the whole search holds 2^n bits plus a flag and a record per slice of 2^14
 * keys. The scan is cut into slices that threads take in any order; the slices' findings are
 * merged in key order and the state bound is checked after each layer, so every figure is the
 * same for any thread count (a layer that crosses the bound is finished first: it costs at
 * most the time of n times the bound, never memory). The successors of layer k all lie in layer k + 1, whose keys a slice of
 * layer k never reads (other bit counts), so the only shared writes are atomic bit sets.
 *
 * Hash search (more arrows, or a bitmap larger than half of max_memory): each layer is kept as
 * a sorted array (membership by binary search for the witness paths) and the next layer is
 * deduplicated in a hash set, single-threaded, every table charged to the memory budget. */

enum {
    SLICE_WORDS = 256,             /* 2^14 keys a slice */
    HASH_PROGRESS_EVERY = 1 << 22, /* new states between two progress calls in a hash layer */
};

typedef struct {
    int found, arrow;
    uint64_t key;
} candidate;

/* What part of a layer's expansion found: merged in key order, so a candidate witness taken
 * from the first part that has one is the first in search order. */
typedef struct {
    uint64_t added, dead, reached; /* reached: arrows whose ray reached their aperture */
    candidate wall, window, port;
} findings;

/* What layer k still looks for: extra = arrows whose clear-but-blocked ray still matters. */
typedef struct {
    int p;
    uint64_t extra;
    int want_wall, want_window, want_port;
} watch;

typedef struct {
    const compass_level *l;
    compass_rays t;
    compass_budget budget;
    int over; /* a refusal came from the budget, not the allocator */
    uint64_t max_states;
    const compass_solve_opts *opts;
    const volatile int *cancel;
    compass_solve_result *out;
    /* bitmap search */
    uint64_t *bits;
    size_t words;
    unsigned char *live[2]; /* live[k & 1][slice]: the slice holds a key of layer k */
    findings *part;         /* part[slice]: what the slice's expansion found */
    size_t slices;
    uint64_t low6[7];       /* low6[c]: the 6-bit values with c bits set, as a 64-bit mask */
    /* hash search */
    uint64_t **layers;
    size_t *counts;
} search;

static void note(candidate *c, uint64_t key, int arrow)
{
    if (!c->found) {
        c->found = 1;
        c->key = key;
        c->arrow = arrow;
    }
}

/* The legal releases of one state, with its dead end, reached apertures and witnesses. */
static inline uint64_t expand(const compass_rays *t, const watch *w, uint64_t key, findings *f)
{
    int p = w->p;
    uint64_t legal = compass_rays_legal(t, p, key);
    if (!legal && key)
        f->dead++;
    f->reached |= legal;
    for (uint64_t c = key & w->extra; c; c &= c - 1) {
        int a = __builtin_ctzll(c);
        uint64_t bit = (uint64_t)1 << a;
        if (key & t->block[p][a])
            continue;
        if (bit & t->wall_relaxed[p]) {
            if (w->want_wall && !(key & t->through[p][a]))
                note(&f->wall, key, a);
        } else {
            f->reached |= bit; /* blocked by the aperture's schedule */
            if (bit & t->window[p]) {
                if (w->want_window)
                    note(&f->window, key, a);
            } else if (w->want_port) {
                note(&f->port, key, a);
            }
        }
    }
    return legal;
}

static void merge(findings *into, const findings *f)
{
    into->added += f->added;
    into->dead += f->dead;
    into->reached |= f->reached;
    if (f->wall.found)
        note(&into->wall, f->wall.key, f->wall.arrow);
    if (f->window.found)
        note(&into->window, f->window.key, f->window.arrow);
    if (f->port.found)
        note(&into->port, f->port.key, f->port.arrow);
}

static watch watch_layer(const search *s, int k)
{
    const compass_rays *t = &s->t;
    const compass_solve_result *o = s->out;
    watch w = {(t->initial_phase + k) & 3, 0, !o->wall_impact.found, !o->window_impact.found,
               !o->port_impact.found};
    for (int a = 0; a < t->n; a++) {
        uint64_t bit = (uint64_t)1 << a;
        int ap = t->aperture[w.p][a];
        if ((bit & t->wall_relaxed[w.p] && w.want_wall) ||
            (bit & t->window[w.p] && (w.want_window || !o->aperture_reached[ap])) ||
            (bit & t->port[w.p] && (w.want_port || !o->aperture_reached[ap])))
            w.extra |= bit;
    }
    return w;
}

/* Records what a finished layer found: apertures reached and first witnesses. */
static void take_findings(search *s, int k, const findings *f)
{
    compass_solve_result *o = s->out;
    int p = (s->t.initial_phase + k) & 3;
    for (uint64_t r = f->reached; r; r &= r - 1)
        if (s->t.aperture[p][__builtin_ctzll(r)] >= 0)
            o->aperture_reached[(int)s->t.aperture[p][__builtin_ctzll(r)]] = 1;
    const candidate *c[3] = {&f->wall, &f->window, &f->port};
    compass_witness *w[3] = {&o->wall_impact, &o->window_impact, &o->port_impact};
    for (int i = 0; i < 3; i++)
        if (c[i]->found && !w[i]->found) {
            w[i]->found = 1;
            w[i]->state.remaining = c[i]->key;
            w[i]->state.phase = p;
            w[i]->arrow = c[i]->arrow;
        }
    o->dead_end_states += f->dead;
}

/* Adds a layer's (or one state's) new states; 0, or -1 after stopping at the state bound. */
static int count_states(search *s, uint64_t added)
{
    if (added > s->max_states - s->out->state_count) {
        s->out->state_count = s->max_states;
        return -1;
    }
    s->out->state_count += added;
    return 0;
}

static void progress(const search *s, int layer)
{
    if (s->opts && s->opts->progress)
        s->opts->progress(s->opts->progress_ctx, layer, s->t.n, s->out->state_count);
}

static int cancelled(const search *s)
{
    return s->cancel && __atomic_load_n(s->cancel, __ATOMIC_RELAXED);
}

static inline int bit_set(const uint64_t *bits, uint64_t key)
{
    return (int)(__atomic_load_n(&bits[key >> 6], __ATOMIC_RELAXED) >> (key & 63) & 1);
}

/* Expands the keys of layer k (want bits set) in one slice of the bitmap. The findings build
 * up in a local copy: neighbouring slices' records share cache lines. */
static void expand_slice(search *s, const watch *w, int k, size_t slice, findings *out)
{
    findings local = {0}, *f = &local;
    *out = local;
    if (!s->live[k & 1][slice])
        return;
    unsigned char *live_next = s->live[(k + 1) & 1];
    int want = s->t.n - k;
    size_t end = (slice + 1) * SLICE_WORDS < s->words ? (slice + 1) * SLICE_WORDS : s->words;
    for (size_t i = slice * SLICE_WORDS; i < end; i++) {
        int low = want - __builtin_popcountll(i); /* bits the key must have below bit 6 */
        if (low < 0 || low > 6)
            continue;
        uint64_t here = __atomic_load_n(&s->bits[i], __ATOMIC_RELAXED) & s->low6[low];
        for (; here; here &= here - 1) {
            uint64_t key = (uint64_t)i << 6 | (uint64_t)__builtin_ctzll(here);
            for (uint64_t m = expand(&s->t, w, key, f); m; m &= m - 1) {
                uint64_t next = key & ~((uint64_t)1 << __builtin_ctzll(m)), one;
                one = (uint64_t)1 << (next & 63);
                if (!bit_set(s->bits, next) &&
                    !(__atomic_fetch_or(&s->bits[next >> 6], one, __ATOMIC_RELAXED) & one)) {
                    f->added++;
                    unsigned char *flag = &live_next[(next >> 6) / SLICE_WORDS];
                    if (!__atomic_load_n(flag, __ATOMIC_RELAXED))
                        __atomic_store_n(flag, 1, __ATOMIC_RELAXED);
                }
            }
        }
    }
    *out = local;
}

static compass_solve_status bitmap_search(search *s)
{
    compass_solve_result *o = s->out;
    int n = s->t.n, slices = (int)s->slices;
    for (int k = 0; k < n; k++) {
        watch w = watch_layer(s, k);
        /* One parallel region a layer: on a machine shared with other work every barrier
         * can wait for a descheduled thread. A one-slice layer (every board the generator
         * builds) enters no region at all: even a one-thread team ends in a futex wake, a
         * system call that cost the generator, which solves each candidate three times, a
         * quarter of its CPU time. Slices go out four in a row: a key's successors without
         * a high bit land in the slice below it, which then is most often the same thread's,
         * so fewer cache lines move between cores (x1.72 -> x1.80 on two threads, 22 arrows,
         * 10x10 open board). */
        if (slices > 1) {
#pragma omp parallel for schedule(dynamic, 4)
            for (int i = 0; i < slices; i++)
                expand_slice(s, &w, k, (size_t)i, &s->part[i]);
        } else
            expand_slice(s, &w, k, 0, &s->part[0]);
        findings layer = {0};
        for (int i = 0; i < slices; i++)
            merge(&layer, &s->part[i]);
        memset(s->live[k & 1], 0, s->slices);
        if (count_states(s, layer.added))
            return COMPASS_SOLVE_LIMIT;
        take_findings(s, k, &layer);
        if (layer.added > o->layer_max)
            o->layer_max = layer.added;
        o->layer_reached = k + 1;
        progress(s, k + 1);
        if (layer.added == 0)
            break;
        if (cancelled(s))
            return COMPASS_SOLVE_LIMIT;
    }
    return COMPASS_SOLVE_DONE;
}

static int cmp_key(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static int layer_has(const search *s, int k, uint64_t key)
{
    size_t lo = 0, hi = s->counts[k];
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (s->layers[k][mid] < key)
            lo = mid + 1;
        else if (s->layers[k][mid] > key)
            hi = mid;
        else
            return 1;
    }
    return 0;
}

static compass_solve_status refused(const search *s)
{
    return s->over ? COMPASS_SOLVE_MEMORY : COMPASS_SOLVE_NOMEM;
}

/* The set's keys into a sorted array charged to the budget; NULL when refused. */
static uint64_t *sorted_layer(search *s, const compass_keyset *set)
{
    uint64_t *keys = compass_budget_calloc(&s->budget, set->count * sizeof *keys, &s->over);
    if (!keys)
        return NULL;
    size_t m = 0;
    for (size_t j = 0; j < set->cap; j++)
        if (set->slots[j] != ~(uint64_t)0)
            keys[m++] = set->slots[j];
    qsort(keys, m, sizeof *keys, cmp_key);
    return keys;
}

static compass_solve_status hash_search(search *s)
{
    compass_solve_result *o = s->out;
    int n = s->t.n;
    for (int k = 0; k < n && s->counts[k]; k++) {
        watch w = watch_layer(s, k);
        findings f = {0};
        compass_keyset next;
        if (compass_keyset_init(&next, 1024, &s->budget, &s->over))
            return refused(s);
        compass_solve_status st = COMPASS_SOLVE_DONE;
        for (size_t i = 0; i < s->counts[k] && st == COMPASS_SOLVE_DONE; i++) {
            uint64_t key = s->layers[k][i];
            for (uint64_t m = expand(&s->t, &w, key, &f); m; m &= m - 1) {
                int added = compass_keyset_add(&next, key & ~((uint64_t)1 << __builtin_ctzll(m)),
                                               &s->budget, &s->over);
                if (added < 0) {
                    st = refused(s);
                    break;
                }
                if (added && count_states(s, 1)) {
                    st = COMPASS_SOLVE_LIMIT;
                    break;
                }
                if (added && next.count % HASH_PROGRESS_EVERY == 0)
                    progress(s, k);
            }
        }
        size_t count = next.count;
        if (st == COMPASS_SOLVE_DONE && !(s->layers[k + 1] = sorted_layer(s, &next)))
            st = refused(s);
        compass_keyset_free(&next, &s->budget);
        if (st != COMPASS_SOLVE_DONE)
            return st;
        s->counts[k + 1] = count;
        take_findings(s, k, &f);
        if (count > o->layer_max)
            o->layer_max = count;
        o->layer_reached = k + 1;
        progress(s, k + 1);
        if (cancelled(s))
            return COMPASS_SOLVE_LIMIT;
    }
    return COMPASS_SOLVE_DONE;
}

static int reached(const search *s, uint64_t key)
{
    return s->bits ? bit_set(s->bits, key) : layer_has(s, s->t.n - __builtin_popcountll(key), key);
}

/* A release order from the start to the witness state: walk back through the layers, taking
 * at each step the lowest-index arrow whose release from a reached predecessor gives the
 * current state (one always exists because the state was reached). The production release
 * then fills in why the arrow is blocked there and that the relaxation frees it. */
static void witness_path(const search *s, compass_witness *w, unsigned relax)
{
    if (!w->found)
        return;
    uint64_t cur = w->state.remaining;
    int k = s->t.n - __builtin_popcountll(cur);
    w->path_len = k;
    for (int j = k; j > 0; j--)
        for (uint64_t gone = s->t.all & ~cur; gone; gone &= gone - 1) {
            int a = __builtin_ctzll(gone);
            uint64_t prev = cur | (uint64_t)1 << a;
            if (reached(s, prev) &&
                (compass_rays_legal(&s->t, (s->t.initial_phase + j - 1) & 3, prev) >> a & 1)) {
                w->path[j - 1] = a;
                cur = prev;
                break;
            }
        }
    w->blocked = compass_release(s->l, &w->state, w->arrow, NULL);
    w->relaxed = compass_release_relaxed(s->l, &w->state, w->arrow, relax, NULL);
}

compass_solve_status compass_solve(const compass_level *l, const compass_solve_opts *opts,
                                   compass_solve_result *out)
{
    return compass_solve_bounded(l, opts, 0, out);
}

compass_solve_status compass_solve_bounded(const compass_level *l, const compass_solve_opts *opts,
                                           uint64_t max_memory, compass_solve_result *out)
{
    return compass_solve_cancellable(l, opts, max_memory, NULL, out);
}

compass_solve_status compass_solve_cancellable(const compass_level *l,
                                               const compass_solve_opts *opts,
                                               uint64_t max_memory, const volatile int *cancel,
                                               compass_solve_result *out)
{
    memset(out, 0, sizeof *out);
    out->wall_impact.arrow = out->window_impact.arrow = out->port_impact.arrow = -1;
    out->enumerated = 1;
    search *s = calloc(1, sizeof *s);
    if (!s)
        return out->status = COMPASS_SOLVE_NOMEM;
    s->l = l;
    s->opts = opts;
    s->cancel = cancel;
    s->out = out;
    s->max_states = opts && opts->max_states ? opts->max_states : COMPASS_DEFAULT_MAX_STATES;
    s->budget.limit = max_memory ? max_memory : COMPASS_DEFAULT_MAX_MEMORY;
    compass_rays_build(l, &s->t);
    int n = s->t.n;
    compass_solve_status st = COMPASS_SOLVE_DONE;
    out->state_count = out->layer_max = 1;

    s->words = n > 6 ? (size_t)1 << (n - 6) : 1;
    if (n <= COMPASS_BITMAP_MAX_ARROWS && s->words * 8 <= s->budget.limit / 2) {
        for (int v = 0; v < 64; v++)
            s->low6[__builtin_popcount((unsigned)v)] |= (uint64_t)1 << v;
        s->slices = (s->words + SLICE_WORDS - 1) / SLICE_WORDS;
        s->bits = compass_budget_calloc(&s->budget, s->words * 8, &s->over);
        s->live[0] = compass_budget_calloc(&s->budget, s->slices, &s->over);
        s->live[1] = compass_budget_calloc(&s->budget, s->slices, &s->over);
        s->part = compass_budget_calloc(&s->budget, s->slices * sizeof *s->part, &s->over);
        if (!s->bits || !s->live[0] || !s->live[1] || !s->part)
            st = refused(s);
        else {
            s->bits[s->t.all >> 6] |= (uint64_t)1 << (s->t.all & 63);
            s->live[0][(s->t.all >> 6) / SLICE_WORDS] = 1;
            st = bitmap_search(s);
        }
        out->solvable = st == COMPASS_SOLVE_DONE && (s->bits[0] & 1);
    } else {
        s->layers = calloc((size_t)n + 1, sizeof *s->layers);
        s->counts = calloc((size_t)n + 1, sizeof *s->counts);
        if (!s->layers || !s->counts ||
            !(s->layers[0] = compass_budget_calloc(&s->budget, sizeof(uint64_t), &s->over)))
            st = refused(s);
        else {
            s->layers[0][0] = s->t.all;
            s->counts[0] = 1;
            st = hash_search(s);
        }
        out->solvable = st == COMPASS_SOLVE_DONE && s->counts[n] == 1 && s->layers[n][0] == 0;
    }

    if (st == COMPASS_SOLVE_DONE) {
        witness_path(s, &out->wall_impact, COMPASS_RELAX_WALLS);
        witness_path(s, &out->window_impact, COMPASS_RELAX_WINDOWS);
        witness_path(s, &out->port_impact, COMPASS_RELAX_PORTS);
    }
    /* The solution search reuses the cleared bitmap as its lost-state memo, or a hash set. */
    if (s->layers)
        for (int k = 0; k <= n; k++)
            compass_budget_free(&s->budget, s->layers[k], s->counts[k] * sizeof(uint64_t));
    if (st == COMPASS_SOLVE_DONE && out->solvable) {
        if (s->bits)
            memset(s->bits, 0, s->words * 8);
        compass_first_limits lim = {~(uint64_t)0, NULL, NULL};
        int found;
        uint64_t nodes;
        st = compass_first_order(&s->t, s->bits, &s->budget, &lim, &found, out->solution, &nodes);
        out->solution_len = found ? n : 0;
    }
    compass_budget_free(&s->budget, s->bits, s->words * 8);
    compass_budget_free(&s->budget, s->live[0], s->slices);
    compass_budget_free(&s->budget, s->live[1], s->slices);
    compass_budget_free(&s->budget, s->part, s->slices * sizeof *s->part);
    free(s->layers);
    free(s->counts);
    out->memory_peak = s->budget.peak;
    free(s);
    out->status = st;
    return st;
}
