/* Layered breadth-first search over Compass Shift states, keyed compactly by remaining set. */
#include "compass_solve.h"

#include <stdlib.h>
#include <string.h>

/* Every successful release removes exactly one arrow and turns the compass exactly once, so a
 * state reached after k releases has phase (initial + k) mod 4 and k = arrow_count -
 * popcount(remaining): the remaining set alone identifies the (remaining, phase) state. The
 * search therefore runs layer by layer (layer k = k releases done), keeps each layer as a
 * sorted array of 8-byte keys (binary search gives membership for the solution and witness
 * paths), and deduplicates the next layer in an open-addressing set of keys. No successor
 * can keep every arrow, so the all-ones key marks an empty slot. */

#define EMPTY_KEY (~(uint64_t)0)

typedef struct {
    uint64_t *keys;
    size_t count;
} layer;

typedef struct {
    uint64_t *slots;
    size_t cap, count; /* cap a power of two, count <= cap / 2 */
} keyset;

static uint64_t mix(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

static int keyset_init(keyset *s, size_t cap)
{
    s->slots = malloc(cap * sizeof *s->slots);
    if (!s->slots)
        return -1;
    memset(s->slots, 0xFF, cap * sizeof *s->slots);
    s->cap = cap;
    s->count = 0;
    return 0;
}

static void keyset_put_new(keyset *s, uint64_t k)
{
    size_t i = mix(k) & (s->cap - 1);
    while (s->slots[i] != EMPTY_KEY && s->slots[i] != k)
        i = (i + 1) & (s->cap - 1);
    if (s->slots[i] == EMPTY_KEY) {
        s->slots[i] = k;
        s->count++;
    }
}

/* 1 when k was new, 0 when present, -1 when growing failed. */
static int keyset_add(keyset *s, uint64_t k)
{
    size_t i = mix(k) & (s->cap - 1);
    while (s->slots[i] != EMPTY_KEY) {
        if (s->slots[i] == k)
            return 0;
        i = (i + 1) & (s->cap - 1);
    }
    if ((s->count + 1) * 2 > s->cap) {
        keyset bigger;
        if (keyset_init(&bigger, s->cap * 2))
            return -1;
        for (size_t j = 0; j < s->cap; j++)
            if (s->slots[j] != EMPTY_KEY)
                keyset_put_new(&bigger, s->slots[j]);
        free(s->slots);
        *s = bigger;
        keyset_put_new(s, k);
        return 1;
    }
    s->slots[i] = k;
    s->count++;
    return 1;
}

static int cmp_key(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static long find_key(const layer *ly, uint64_t k)
{
    size_t lo = 0, hi = ly->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (ly->keys[mid] < k)
            lo = mid + 1;
        else if (ly->keys[mid] > k)
            hi = mid;
        else
            return (long)mid;
    }
    return -1;
}

static compass_state state_of(const compass_level *l, int k, uint64_t remaining)
{
    compass_state s = {remaining, (l->initial_phase + k) & 3};
    return s;
}

/* A release order from the start to `remaining` in layer k: walk back through the layers,
 * taking at each step the lowest-index arrow whose release from a stored predecessor gives
 * the current state (a predecessor always exists because the state was reached). */
static void path_to(const compass_level *l, const layer *layers, int k, uint64_t remaining,
                    compass_witness *w)
{
    uint64_t cur = remaining;
    w->path_len = k;
    for (int j = k; j > 0; j--) {
        uint64_t gone = compass_initial_state(l).remaining & ~cur;
        for (; gone; gone &= gone - 1) {
            int a = __builtin_ctzll(gone);
            uint64_t prev = cur | ((uint64_t)1 << a);
            if (find_key(&layers[j - 1], prev) < 0)
                continue;
            compass_state ps = state_of(l, j - 1, prev), ns;
            if (compass_release(l, &ps, a, &ns).status == COMPASS_RELEASED &&
                ns.remaining == cur) {
                w->path[j - 1] = a;
                cur = prev;
                break;
            }
        }
    }
}

static void note_witness(const compass_level *l, compass_witness *w, const compass_state *s,
                         int arrow, compass_release_result blocked, unsigned relax)
{
    if (w->found)
        return;
    compass_release_result relaxed = compass_release_relaxed(l, s, arrow, relax, NULL);
    if (relaxed.status != COMPASS_RELEASED)
        return;
    w->found = 1;
    w->state = *s;
    w->arrow = arrow;
    w->blocked = blocked;
    w->relaxed = relaxed;
}

/* Depth-first from the start, arrows in index order: the first winning order met is the
 * lexicographically first. A state that cannot be won is marked in its layer's bitset and never
 * expanded again, so the walk costs at most one more expansion of the reachable graph and
 * usually only the solution's path. */
typedef struct {
    const compass_level *l;
    const layer *layers;
    unsigned char **lost;
    compass_solve_result *out;
} walk_ctx;

static int win_from(walk_ctx *w, int k, compass_state s)
{
    if (compass_is_won(&s))
        return 1;
    long idx = find_key(&w->layers[k], s.remaining);
    if (idx < 0 || (w->lost[k][idx / 8] >> (idx % 8) & 1))
        return 0;
    compass_view view;
    compass_view_of(w->l, &s, &view);
    for (uint64_t rest = s.remaining; rest; rest &= rest - 1) {
        int a = __builtin_ctzll(rest);
        compass_state ns;
        if (compass_release_in_view(w->l, &s, &view, a, 0, &ns).status == COMPASS_RELEASED &&
            win_from(w, k + 1, ns)) {
            w->out->solution[k] = a;
            return 1;
        }
    }
    w->lost[k][idx / 8] |= (unsigned char)(1u << (idx % 8));
    return 0;
}

static int extract_solution(const compass_level *l, const layer *layers, int n,
                            compass_solve_result *out)
{
    unsigned char **lost = calloc((size_t)n + 1, sizeof *lost);
    if (!lost)
        return -1;
    int rc = 0;
    for (int k = 0; k <= n && !rc; k++)
        if (!(lost[k] = calloc(layers[k].count / 8 + 1, 1)))
            rc = -1;
    if (!rc) {
        walk_ctx w = {l, layers, lost, out};
        out->solution_len = win_from(&w, 0, compass_initial_state(l)) ? n : 0;
    }
    for (int k = 0; k <= n; k++)
        free(lost[k]);
    free(lost);
    return rc;
}

/* LSD radix sort on the low `bits` bits (keys never have higher bits set), one byte a pass;
 * falls back to qsort when the scratch buffer cannot be had. */
static void sort_keys(uint64_t *keys, size_t count, int bits)
{
    uint64_t *tmp = count > 256 ? malloc(count * sizeof *tmp) : NULL;
    if (!tmp) {
        qsort(keys, count, sizeof *keys, cmp_key);
        return;
    }
    uint64_t *src = keys, *dst = tmp;
    for (int shift = 0; shift < bits; shift += 8) {
        size_t pos[256] = {0};
        for (size_t i = 0; i < count; i++)
            pos[(src[i] >> shift) & 0xFF]++;
        size_t sum = 0;
        for (int b = 0; b < 256; b++) {
            size_t c = pos[b];
            pos[b] = sum;
            sum += c;
        }
        for (size_t i = 0; i < count; i++)
            dst[pos[(src[i] >> shift) & 0xFF]++] = src[i];
        uint64_t *t = src;
        src = dst;
        dst = t;
    }
    if (src != keys)
        memcpy(keys, src, count * sizeof *keys);
    free(tmp);
}

compass_solve_status compass_solve(const compass_level *l, const compass_solve_opts *opts,
                                   compass_solve_result *out)
{
    memset(out, 0, sizeof *out);
    out->wall_impact.arrow = out->window_impact.arrow = out->port_impact.arrow = -1;
    uint64_t max_states = opts && opts->max_states ? opts->max_states : COMPASS_DEFAULT_MAX_STATES;
    int n = l->arrow_count;
    layer *layers = calloc((size_t)n + 1, sizeof *layers);
    if (!layers) {
        out->status = COMPASS_SOLVE_NOMEM;
        return out->status;
    }
    compass_solve_status status = COMPASS_SOLVE_DONE;
    int last = 0; /* the deepest layer filled */
    layers[0].keys = malloc(sizeof(uint64_t));
    if (!layers[0].keys)
        status = COMPASS_SOLVE_NOMEM;
    else {
        layers[0].keys[0] = compass_initial_state(l).remaining;
        layers[0].count = 1;
        out->state_count = 1;
        out->layer_max = 1;
    }

    for (int k = 0; k < n && status == COMPASS_SOLVE_DONE && layers[k].count; k++) {
        keyset next;
        if (keyset_init(&next, 1024)) {
            status = COMPASS_SOLVE_NOMEM;
            break;
        }
        for (size_t i = 0; i < layers[k].count && status == COMPASS_SOLVE_DONE; i++) {
            compass_state s = state_of(l, k, layers[k].keys[i]), ns;
            compass_view view;
            compass_view_of(l, &s, &view);
            int legal = 0;
            for (uint64_t rest = s.remaining; rest; rest &= rest - 1) {
                int a = __builtin_ctzll(rest);
                compass_release_result r = compass_release_in_view(l, &s, &view, a, 0, &ns);
                if (r.aperture >= 0)
                    out->aperture_reached[r.aperture] = 1;
                if (r.status == COMPASS_RELEASED) {
                    legal++;
                    int added = keyset_add(&next, ns.remaining);
                    if (added < 0) {
                        status = COMPASS_SOLVE_NOMEM;
                        break;
                    }
                    if (added && ++out->state_count > max_states) {
                        out->state_count--;
                        status = COMPASS_SOLVE_LIMIT;
                        break;
                    }
                } else if (r.status == COMPASS_BLOCKED_WALL) {
                    note_witness(l, &out->wall_impact, &s, a, r, COMPASS_RELAX_WALLS);
                } else if (r.status == COMPASS_BLOCKED_APERTURE_PHASE) {
                    int window = l->apertures[r.aperture].kind == COMPASS_APERTURE_WINDOW;
                    note_witness(l, window ? &out->window_impact : &out->port_impact, &s, a, r,
                                 window ? COMPASS_RELAX_WINDOWS : COMPASS_RELAX_PORTS);
                }
            }
            if (!legal && s.remaining)
                out->dead_end_states++;
        }
        if (status != COMPASS_SOLVE_DONE) {
            free(next.slots);
            break;
        }
        /* Compact the set into the sorted layer array. */
        layers[k + 1].keys = malloc((next.count ? next.count : 1) * sizeof(uint64_t));
        if (!layers[k + 1].keys) {
            free(next.slots);
            status = COMPASS_SOLVE_NOMEM;
            break;
        }
        for (size_t j = 0; j < next.cap; j++)
            if (next.slots[j] != EMPTY_KEY)
                layers[k + 1].keys[layers[k + 1].count++] = next.slots[j];
        free(next.slots);
        sort_keys(layers[k + 1].keys, layers[k + 1].count, n);
        if (layers[k + 1].count > out->layer_max)
            out->layer_max = layers[k + 1].count;
        last = k + 1;
        if (opts && opts->progress)
            opts->progress(opts->progress_ctx, k + 1, n, out->state_count);
    }

    if (status == COMPASS_SOLVE_DONE) {
        out->solvable = last == n && layers[n].count == 1 && layers[n].keys[0] == 0;
        if (out->solvable && extract_solution(l, layers, n, out))
            status = COMPASS_SOLVE_NOMEM;
        compass_witness *ws[3] = {&out->wall_impact, &out->window_impact, &out->port_impact};
        for (int i = 0; i < 3; i++)
            if (ws[i]->found)
                path_to(l, layers, n - __builtin_popcountll(ws[i]->state.remaining),
                        ws[i]->state.remaining, ws[i]);
    }
    for (int k = 0; k <= n; k++)
        free(layers[k].keys);
    free(layers);
    out->status = status;
    return status;
}
