/* The Compass Shift metric pass: the reachable graph layer by layer, then a dynamic programme
 * over it from the last layer back to the start (compass_metrics_run). */
#include "compass_metrics.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compass_keyset.h"
#include "compass_rays.h"

/* The pass's tables. The phase of layer k (k releases done) is (initial + k) mod 4, so a
 * state is its remaining set alone. The reachable set is a bitmap of 2^n bits when it fits
 * (n <= COMPASS_BITMAP_MAX_ARROWS), found layer by layer as the search finds it; beyond, each
 * layer is a sorted array of keys. The backward pass then keeps the values of two layers at
 * once: densely, layer k at the rank of its subset among all C(n, n - k) subsets of that size
 * (the combinatorial number system), or, when that costs more than a slot per reachable
 * state, at the key's index in the layer's sorted array. */
typedef struct {
    uint64_t *keys;
    size_t count;
} key_layer;

typedef struct {
    const compass_level *l;
    const compass_metrics_opts *opts;
    compass_metrics *out;
    compass_rays t;
    compass_budget budget;
    int over, n;
    uint64_t max_states;
    size_t count[COMPASS_MAX_ARROWS + 1]; /* reachable states of each layer */
    /* bitmap: reach (2^n bits), and won (2^n bits, a winnable state) in the dense scoring */
    uint64_t *reach, *won;
    size_t words;
    int dense;
    /* keys: layers[k], winnable[k][index] */
    key_layer *layers;
    unsigned char **winnable;
    uint64_t low6[7];
    uint64_t aimed[4]; /* aimed[p]: the arrows whose ray in phase p ends at an aperture */
    /* byte_hits[p * bytes + c][v]: the arrows whose ray in phase p is blocked by an arrow of
     * the byte value v at arrows 8c .. 8c + 7 (compass_rays hits a byte at a time; bytes the
     * key's bytes: 8 KiB a byte, the four phases) */
    uint64_t (*byte_hits)[256];
    int bytes;
    uint64_t binom[COMPASS_MAX_ARROWS + 1][COMPASS_MAX_ARROWS + 1];
    size_t low_rank[64]; /* low_rank[v]: the dense rank of the subset v of arrows 0..5 */
} pass;

/* Per-state values of one layer at a slot each: winning and terminal orders (words 32-bit
 * words each, least significant first), the share and the most releases still possible
 * (height). */
typedef struct {
    uint32_t *win, *term;
    double *share;
    unsigned char *height;
    size_t slots;
    int words;
} layer_values;

/* 32-bit words that hold m! (with a bit to spare), the most orders from a state with m
 * arrows left: the distinct maximal orders are prefix-free, so each extends to its own
 * permutation. */
static int words_for(int m)
{
    double bits = 1;
    for (int i = 2; i <= m; i++)
        bits += log2(i);
    return (int)(bits / 32) + 1;
}

static size_t slot_bytes(int m)
{
    return (size_t)words_for(m) * 2 * sizeof(uint32_t) + sizeof(double) + 1;
}

static compass_count count_of_words(const uint32_t *a, int words)
{
    compass_count c = {{0}};
    for (int i = 0; i < words && i < 2 * COMPASS_COUNT_LIMBS; i++)
        c.limb[i / 2] |= (uint64_t)a[i] << (32 * (i % 2));
    return c;
}

/* The dense rank with the pass's table (compass_subset_rank without the products). */
static size_t rank_of(const pass *p, uint64_t key)
{
    size_t rank = 0;
    int j = 1;
    for (uint64_t rest = key; rest; rest &= rest - 1, j++)
        rank += p->binom[__builtin_ctzll(rest)][j];
    return rank;
}

static void binomials(pass *p)
{
    for (int i = 0; i <= COMPASS_MAX_ARROWS; i++) {
        p->binom[i][0] = 1;
        for (int j = 1; j <= i; j++)
            p->binom[i][j] = p->binom[i - 1][j - 1] + (j < i ? p->binom[i - 1][j] : 0);
    }
    for (unsigned v = 0; v < 64; v++)
        p->low_rank[v] = rank_of(p, v);
}

static int stop_asked(const compass_metrics_opts *o)
{
    return o && o->cancel && __atomic_load_n(o->cancel, __ATOMIC_RELAXED);
}

static void report(const pass *p, int done)
{
    if (p->opts && p->opts->progress)
        p->opts->progress(p->opts->progress_ctx, done, 2 * p->n + 1);
}

static compass_solve_status refused(const pass *p)
{
    return p->over ? COMPASS_SOLVE_MEMORY : COMPASS_SOLVE_NOMEM;
}

/* Walks layer k in ascending key order, from the bitmap or the layer's keys. */
typedef struct {
    size_t word, index;
    uint64_t bits;
} layer_walk;

static int walk_next(const pass *p, int k, layer_walk *w, uint64_t *key)
{
    if (!p->reach) {
        if (w->index >= p->layers[k].count)
            return 0;
        *key = p->layers[k].keys[w->index++];
        return 1;
    }
    int want = p->n - k;
    while (!w->bits) {
        if (w->word >= p->words)
            return 0;
        size_t i = w->word++;
        int low = want - __builtin_popcountll(i); /* bits the key must have below bit 6 */
        w->bits = low >= 0 && low <= 6 ? p->reach[i] & p->low6[low] : 0;
        w->index = i;
    }
    *key = (uint64_t)w->index << 6 | (uint64_t)__builtin_ctzll(w->bits);
    w->bits &= w->bits - 1;
    return 1;
}

/* Long layers poll the cancel flag every 2^16 states; a bitmap layer, once a task. */
#define POLL_EVERY 65536u

/* Bitmap words a parallel task of a layer takes (2^14 keys, as the search's slices). */
enum { TASK_WORDS = 256 };

/* Makes byte_hits. 0, or -1 when refused. */
static int byte_hits_make(pass *p)
{
    p->bytes = p->n > 8 ? (p->n + 7) / 8 : 1;
    /* at most 64 KiB whatever the state count, so like binom not charged to max_memory */
    p->byte_hits = calloc((size_t)(4 * p->bytes), sizeof *p->byte_hits);
    if (!p->byte_hits)
        return -1;
    for (int ph = 0; ph < 4; ph++)
        for (int c = 0; c < p->bytes; c++) {
            uint64_t *h = p->byte_hits[ph * p->bytes + c];
            for (unsigned v = 1; v < 256; v++)
                h[v] = h[v & (v - 1)] |
                       (8 * c + __builtin_ctz(v) < p->n ? p->t.hits[ph][8 * c + __builtin_ctz(v)] : 0);
        }
    return 0;
}

/* compass_rays_blocked: one load a byte of key. */
static inline uint64_t blocked_in(const pass *p, int ph, uint64_t key)
{
    const uint64_t(*h)[256] = p->byte_hits + ph * p->bytes;
    uint64_t blocked = 0;
    for (int c = 0; key; c++, key >>= 8)
        blocked |= h[c][key & 255];
    return blocked;
}

/* The arrows of key (in phase ph) whose ray is clear up to its aperture: released through
 * it, or blocked by its schedule (compass_release's aperture). */
static inline uint64_t clear_rays(const pass *p, int ph, uint64_t key)
{
    return key & p->aimed[ph] & ~blocked_in(p, ph, key);
}

/* compass_rays_legal, a byte at a time. */
static inline uint64_t legal_in(const pass *p, int ph, uint64_t key)
{
    return key & p->t.release[ph] & ~blocked_in(p, ph, key);
}

/* The apertures that the rays of `reached` (clear in phase ph in some state) reach. */
static void note_reached(pass *p, int ph, uint64_t reached)
{
    for (; reached; reached &= reached - 1) {
        int a = __builtin_ctzll(reached);
        p->out->aperture_reachers[(int)p->t.aperture[ph][a]] |= (uint64_t)1 << a;
    }
}

/* Forward, on the bitmap: marks every successor of layer k's keys in words [from, to) and
 * returns how many were new. Other tasks mark bits in the same words (successors lie in any
 * word), so every access is atomic; the bitmap that results, and the count, are the same in
 * any order. *reached gathers the arrows with a clear ray. */
static uint64_t mark_words(pass *p, int k, size_t from, size_t to, uint64_t *reached)
{
    int ph = (p->t.initial_phase + k) & 3, want = p->n - k;
    uint64_t added = 0;
    /* ones = popcount(i), kept up as i counts: i + 1 clears ctz(i + 1) bits and sets one (the
     * builtin is a library call without -mpopcnt) */
    int ones = __builtin_popcountll(from);
    for (size_t i = from; i < to; ones += 1 - __builtin_ctzll(++i)) {
        int low = want - ones; /* bits a key must have below bit 6 */
        if (low < 0 || low > 6)
            continue;
        for (uint64_t here = __atomic_load_n(&p->reach[i], __ATOMIC_RELAXED) & p->low6[low]; here;
             here &= here - 1) {
            uint64_t key = (uint64_t)i << 6 | (uint64_t)__builtin_ctzll(here);
            uint64_t clear = clear_rays(p, ph, key);
            *reached |= clear;
            for (uint64_t m = clear & p->t.release[ph]; m; m &= m - 1) {
                uint64_t next = key ^ (m & -m), one = 1ull << (next & 63); /* m & -m: its lowest bit */
                if (!(__atomic_load_n(&p->reach[next >> 6], __ATOMIC_RELAXED) & one) &&
                    !(__atomic_fetch_or(&p->reach[next >> 6], one, __ATOMIC_RELAXED) & one))
                    added++;
            }
        }
    }
    return added;
}

/* One task's words of layer k; 1 when it was skipped because a cancel was asked. */
static int mark_task(pass *p, int k, long task, uint64_t *added, uint64_t *reached)
{
    if (stop_asked(p->opts))
        return 1;
    size_t from = (size_t)task * TASK_WORDS;
    *added = mark_words(p, k, from, from + TASK_WORDS < p->words ? from + TASK_WORDS : p->words,
                        reached);
    return 0;
}

/* Forward, on the bitmap: every successor of layer k marked, the words in tasks over the OpenMP
 * threads. */
static compass_solve_status bitmap_layer(pass *p, int k)
{
    long tasks = (long)((p->words + TASK_WORDS - 1) / TASK_WORDS);
    uint64_t added = 0, reached = 0;
    int skipped = 0;
    /* A one-task layer (every board the generator grades) enters no parallel region: even a
     * one-thread team costs a futex wake (see compass_solve's bitmap search). */
    if (tasks > 1) {
#pragma omp parallel for schedule(dynamic, 4) reduction(+ : added) reduction(| : reached, skipped)
        for (long task = 0; task < tasks; task++) {
            uint64_t here = 0;
            skipped |= mark_task(p, k, task, &here, &reached);
            added += here;
        }
    } else {
        skipped = mark_task(p, k, 0, &added, &reached);
    }
    if (skipped)
        return COMPASS_SOLVE_LIMIT;
    note_reached(p, (p->t.initial_phase + k) & 3, reached);
    p->count[k + 1] = added;
    return COMPASS_SOLVE_DONE;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Forward, on sorted keys: every successor of layer k, sorted and made unique. */
static compass_solve_status keys_layer(pass *p, int k)
{
    const key_layer *cur = &p->layers[k];
    int ph = (p->t.initial_phase + k) & 3;
    uint64_t reached = 0;
    size_t cap = cur->count * 2 + 1, n = 0;
    uint64_t *buf = compass_budget_calloc(&p->budget, cap * sizeof *buf, &p->over);
    if (!buf)
        return refused(p);
    for (size_t i = 0; i < cur->count; i++) {
        uint64_t key = cur->keys[i], clear = clear_rays(p, ph, key);
        reached |= clear;
        for (uint64_t m = clear & p->t.release[ph]; m; m &= m - 1) {
            if (n == cap) {
                uint64_t *grown = compass_budget_realloc(&p->budget, buf, cap * sizeof *buf,
                                                         cap * 2 * sizeof *buf, &p->over);
                if (!grown) {
                    compass_budget_free(&p->budget, buf, cap * sizeof *buf);
                    return refused(p);
                }
                buf = grown;
                cap *= 2;
            }
            buf[n++] = key & ~((uint64_t)1 << __builtin_ctzll(m));
        }
        if ((i + 1) % POLL_EVERY == 0 && stop_asked(p->opts)) {
            compass_budget_free(&p->budget, buf, cap * sizeof *buf);
            return COMPASS_SOLVE_LIMIT;
        }
    }
    note_reached(p, ph, reached);
    qsort(buf, n, sizeof *buf, cmp_u64);
    size_t unique = 0;
    for (size_t i = 0; i < n; i++)
        if (unique == 0 || buf[i] != buf[unique - 1])
            buf[unique++] = buf[i];
    /* shrink to what is kept: the budget counts what the layers hold from here on */
    uint64_t *kept = compass_budget_realloc(&p->budget, buf, cap * sizeof *buf,
                                            (unique ? unique : 1) * sizeof *buf, &p->over);
    if (!kept) {
        compass_budget_free(&p->budget, buf, cap * sizeof *buf);
        return refused(p);
    }
    p->layers[k + 1].keys = kept;
    p->layers[k + 1].count = unique;
    p->count[k + 1] = unique;
    return COMPASS_SOLVE_DONE;
}

/* The forward pass: every reachable state, layer by layer. Sets p->count and out->state_count;
 * last receives the deepest non-empty layer. */
static compass_solve_status forward(pass *p, int *last)
{
    int n = p->n;
    uint64_t start = compass_initial_state(p->l).remaining;
    p->words = n > 6 ? (size_t)1 << (n - 6) : 1;
    if (n <= COMPASS_BITMAP_MAX_ARROWS && p->words * 8 <= p->budget.limit / 2) {
        for (int v = 0; v < 64; v++)
            p->low6[__builtin_popcount((unsigned)v)] |= (uint64_t)1 << v;
        if (!(p->reach = compass_budget_calloc(&p->budget, p->words * 8, &p->over)))
            return refused(p);
        p->reach[start >> 6] |= (uint64_t)1 << (start & 63);
    } else {
        p->layers = calloc((size_t)n + 1, sizeof *p->layers);
        if (!p->layers ||
            !(p->layers[0].keys = compass_budget_calloc(&p->budget, sizeof(uint64_t), &p->over)))
            return refused(p);
        p->layers[0].keys[0] = start;
        p->layers[0].count = 1;
    }
    p->count[0] = 1;
    p->out->state_count = 1;
    *last = 0;
    while (*last < n && p->count[*last]) {
        compass_solve_status st = p->reach ? bitmap_layer(p, *last) : keys_layer(p, *last);
        if (st != COMPASS_SOLVE_DONE)
            return st;
        if (!p->count[*last + 1])
            break;
        (*last)++;
        p->out->state_count += p->count[*last];
        if (p->out->state_count > p->max_states || stop_asked(p->opts))
            return COMPASS_SOLVE_LIMIT;
        report(p, *last);
    }
    return COMPASS_SOLVE_DONE;
}

/* Bytes of the backward pass's values: the largest two neighbouring layers, at slots[k]
 * slots each. */
static uint64_t values_bytes(const pass *p, int last, const uint64_t *slots)
{
    uint64_t most = 0;
    for (int k = 0; k <= last; k++) {
        uint64_t b = slots[k] * slot_bytes(p->n - k) +
                     (k < last ? slots[k + 1] * slot_bytes(p->n - k - 1) : 0);
        if (b > most)
            most = b;
    }
    return most;
}

/* After a bitmap forward pass: dense slots (every subset of each size) when they cost no
 * more than the reachable states' keys and indexed values; else the bitmap becomes sorted
 * key layers. 0, or a stopping status. */
static compass_solve_status choose_layout(pass *p, int last)
{
    uint64_t dense_slots[COMPASS_MAX_ARROWS + 1], reach_slots[COMPASS_MAX_ARROWS + 1];
    for (int k = 0; k <= last; k++) {
        dense_slots[k] = p->binom[p->n][p->n - k];
        reach_slots[k] = p->count[k];
    }
    uint64_t dense = p->words * 8 + values_bytes(p, last, dense_slots);
    uint64_t keys = p->out->state_count * (sizeof(uint64_t) + 1) + values_bytes(p, last, reach_slots);
    int layout = p->opts ? p->opts->layout : COMPASS_METRICS_CHEAPER;
    if (layout == COMPASS_METRICS_DENSE || (layout == COMPASS_METRICS_CHEAPER && dense <= keys)) {
        p->dense = p->out->dense = 1;
        return (p->won = compass_budget_calloc(&p->budget, p->words * 8, &p->over))
                   ? COMPASS_SOLVE_DONE
                   : refused(p);
    }
    p->layers = calloc((size_t)p->n + 1, sizeof *p->layers);
    if (!p->layers)
        return refused(p);
    for (int k = 0; k <= last; k++) {
        key_layer *ly = &p->layers[k];
        ly->keys = compass_budget_calloc(&p->budget, p->count[k] * sizeof *ly->keys, &p->over);
        if (!ly->keys)
            return refused(p);
        layer_walk w = {0};
        uint64_t key;
        while (walk_next(p, k, &w, &key))
            ly->keys[ly->count++] = key;
    }
    compass_budget_free(&p->budget, p->reach, p->words * 8);
    p->reach = NULL;
    return COMPASS_SOLVE_DONE;
}

static size_t index_of(const key_layer *ly, uint64_t k)
{
    size_t lo = 0, hi = ly->count;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (ly->keys[mid] <= k)
            lo = mid;
        else
            hi = mid;
    }
    return lo; /* successors of a reachable state are reachable: always found */
}

static int is_winnable(const pass *p, int k, uint64_t key)
{
    return p->dense ? (int)(p->won[key >> 6] >> (key & 63) & 1)
                    : p->winnable[k][index_of(&p->layers[k], key)];
}

static int values_alloc(pass *p, layer_values *v, int k)
{
    v->slots = p->dense ? p->binom[p->n][p->n - k] : p->count[k];
    v->words = words_for(p->n - k);
    size_t s = v->slots ? v->slots : 1;
    v->win = compass_budget_calloc(&p->budget, s * (size_t)v->words * sizeof *v->win, &p->over);
    v->term = compass_budget_calloc(&p->budget, s * (size_t)v->words * sizeof *v->term, &p->over);
    v->share = compass_budget_calloc(&p->budget, s * sizeof *v->share, &p->over);
    v->height = compass_budget_calloc(&p->budget, s, &p->over);
    if (!p->dense && !(p->winnable[k] = compass_budget_calloc(&p->budget, s, &p->over)))
        return -1;
    return v->win && v->term && v->share && v->height ? 0 : -1;
}

static void values_free(pass *p, layer_values *v)
{
    size_t s = v->slots ? v->slots : 1;
    compass_budget_free(&p->budget, v->win, v->win ? s * (size_t)v->words * sizeof *v->win : 0);
    compass_budget_free(&p->budget, v->term, v->term ? s * (size_t)v->words * sizeof *v->term : 0);
    compass_budget_free(&p->budget, v->share, v->share ? s * sizeof *v->share : 0);
    compass_budget_free(&p->budget, v->height, v->height ? s : 0);
    *v = (layer_values){0};
}

/* What the states of a layer add to wrong_moves and lookahead. */
typedef struct {
    uint64_t wrong_moves;
    int lookahead;
} tally;

/* The values of one state, at slot i of v, from its count successors' slots in nv (in
 * ascending arrow order, so the share sums in the same order in every layout); returns 1 when
 * the state is winnable. nwords is nv->words, apart so that the calls with 1 and 2 (every
 * layer of a board up to 21 arrows) compile to straight sums (always inlined). */
static inline __attribute__((always_inline)) int
score_state(const layer_values *nv, layer_values *v, size_t i, uint64_t key, const size_t *next,
            int count, int nwords, tally *tl)
{
    uint32_t *win = v->win + i * (size_t)v->words, *term = v->term + i * (size_t)v->words;
    if (key == 0) {
        win[0] = term[0] = 1;
        v->share[i] = 1;
        return 1;
    }
    int losing = 0, height = 0, trap = 0;
    double share = 0;
    /* Each 32-bit word of the counts summed in its own 64-bit column (at most 64 terms under
     * 2^32: no overflow), the carries taken once at the end. The next layer's counts are
     * narrower than this layer's (nwords <= v->words). */
    uint64_t win_col[2 * COMPASS_COUNT_LIMBS], term_col[2 * COMPASS_COUNT_LIMBS];
    for (int x = 0; x < nwords; x++)
        win_col[x] = term_col[x] = 0;
    for (int x = nwords; x < v->words; x++) /* no successor has these words */
        win_col[x] = term_col[x] = 0;
    for (int s = 0; s < count; s++) {
        size_t j = next[s];
        const uint32_t *jw = nv->win + j * (size_t)nwords, *jt = nv->term + j * (size_t)nwords;
        uint32_t any = 0;
        for (int x = 0; x < nwords; x++) {
            win_col[x] += jw[x];
            term_col[x] += jt[x];
            any |= jw[x];
        }
        share += nv->share[j];
        int lost = !any, after = 1 + nv->height[j];
        losing += lost;
        if (after > height)
            height = after;
        /* the releases a player must look ahead to see this one lose */
        if (lost && after > trap)
            trap = after;
    }
    if (!count)
        term_col[0] = 1; /* a dead end: one maximal order ends here, none wins */
    uint64_t win_carry = 0, term_carry = 0;
    uint32_t any = 0;
    for (int x = 0; x < v->words; x++) {
        win_carry += win_col[x];
        term_carry += term_col[x];
        win[x] = (uint32_t)win_carry;
        term[x] = (uint32_t)term_carry;
        any |= win[x];
        win_carry >>= 32;
        term_carry >>= 32;
    }
    v->share[i] = count ? share / count : 0;
    v->height[i] = (unsigned char)height;
    if (any)
        tl->wrong_moves += (uint64_t)losing;
    if (any && losing && losing < count && trap > tl->lookahead)
        tl->lookahead = trap;
    return any != 0;
}

static int score_state_of(const layer_values *nv, layer_values *v, size_t i, uint64_t key,
                          const size_t *next, int count, tally *tl)
{
    switch (nv->words) {
    case 1:
        return score_state(nv, v, i, key, next, count, 1, tl);
    case 2:
        return score_state(nv, v, i, key, next, count, 2, tl);
    default:
        return score_state(nv, v, i, key, next, count, nv->words, tl);
    }
}

/* The dense ranks shared by the keys of one bitmap word: such a key is hi | lo, hi the word's
 * bits (arrows 6 and up, the same for every key of the word) and lo its low 6 bits (low of
 * them, the same for every key of one layer). With c_1 < c_2 < ... a key's elements, the rank
 * is the sum of C(c_j, j), so low_rank[lo] + own, and key - {c_j} has rank
 * sum_{i<j} C(c_i, i) + sum_{i>j} C(c_i, i - 1): low_rank[lo - c] + shifted when c is a low
 * element (every high element's j drops by one), low_rank[lo] + without[c] when it is high.
 * One walk over hi's elements per word instead of a walk over a key's per successor. */
typedef struct {
    size_t own, shifted;
    size_t without[COMPASS_MAX_ARROWS];
} word_ranks;

static void word_ranks_of(const pass *p, size_t word, int low, word_ranks *r)
{
    size_t below = 0, shifted = 0;
    int j = low + 1;
    for (uint64_t rest = word; rest; rest &= rest - 1, j++) {
        int c = 6 + __builtin_ctzll(rest);
        shifted += p->binom[c][j - 1];
        r->without[c] = below - shifted; /* wraps; + the whole shifted sum below */
        below += p->binom[c][j];
    }
    for (uint64_t rest = word; rest; rest &= rest - 1)
        r->without[6 + __builtin_ctzll(rest)] += shifted;
    r->own = below;
    r->shifted = shifted;
}

/* Scores the keys of layer k in bitmap words [from, to) into v, and marks the winnable ones in
 * p->won (each word written by this call alone). */
static void score_dense_words(pass *p, int k, const layer_values *nv, layer_values *v,
                              size_t from, size_t to, tally *tl)
{
    const compass_rays *t = &p->t;
    int ph = (t->initial_phase + k) & 3, want = p->n - k;
    /* ones = popcount(i), kept up as i counts: i + 1 clears ctz(i + 1) bits and sets one (the
     * builtin is a library call without -mpopcnt) */
    int ones = __builtin_popcountll(from);
    for (size_t i = from; i < to; ones += 1 - __builtin_ctzll(++i)) {
        int low = want - ones; /* bits a key must have below bit 6 */
        uint64_t here = low >= 0 && low <= 6 ? p->reach[i] & p->low6[low] : 0;
        if (!here)
            continue;
        word_ranks r;
        word_ranks_of(p, i, low, &r);
        uint64_t won = 0;
        for (; here; here &= here - 1) {
            unsigned lo = (unsigned)__builtin_ctzll(here);
            uint64_t key = (uint64_t)i << 6 | lo;
            size_t next[COMPASS_MAX_ARROWS], own = p->low_rank[lo] + r.own;
            int count = 0;
            uint64_t legal = legal_in(p, ph, key);
            /* the low arrows first: ascending arrow order */
            for (unsigned m = (unsigned)legal & 63; m; m &= m - 1)
                next[count++] = p->low_rank[lo ^ (m & -m)] + r.shifted;
            for (uint64_t m = legal >> 6; m; m &= m - 1)
                next[count++] = r.without[6 + __builtin_ctzll(m)] + p->low_rank[lo];
            won |= (uint64_t)score_state_of(nv, v, own, key, next, count, tl) << lo;
        }
        p->won[i] |= won;
    }
}

/* Scores one task's bitmap words; 1 when it was skipped because a cancel was asked. */
static int score_dense_task(pass *p, int k, const layer_values *nv, layer_values *v, long task,
                            tally *tl)
{
    if (k && stop_asked(p->opts))
        return 1;
    size_t from = (size_t)task * TASK_WORDS;
    score_dense_words(p, k, nv, v, from, from + TASK_WORDS < p->words ? from + TASK_WORDS : p->words,
                      tl);
    return 0;
}

/* Values of layer k from those of layer k + 1 (nv). Dense: the bitmap's words in tasks of
 * TASK_WORDS over the OpenMP threads; each slot depends on nv alone and the tallies are a sum
 * and a maximum, so every thread count gives the same figures. Keys: one thread, successors by
 * binary search. */
static compass_solve_status score_layer(pass *p, int k, const layer_values *nv, layer_values *v)
{
    uint64_t wrong = 0;
    int look = 0, skipped = 0;
    if (p->dense) {
        long tasks = (long)((p->words + TASK_WORDS - 1) / TASK_WORDS);
        /* A one-task layer (every board the generator grades) enters no parallel region: even
         * a one-thread team costs a futex wake (see compass_solve's bitmap search). */
        if (tasks > 1) {
#pragma omp parallel for schedule(dynamic, 4) reduction(+ : wrong) reduction(max : look) \
    reduction(| : skipped)
            for (long task = 0; task < tasks; task++) {
                tally tl = {0};
                skipped |= score_dense_task(p, k, nv, v, task, &tl);
                wrong += tl.wrong_moves;
                look = tl.lookahead > look ? tl.lookahead : look;
            }
        } else {
            tally tl = {0};
            skipped = score_dense_task(p, k, nv, v, 0, &tl);
            wrong = tl.wrong_moves;
            look = tl.lookahead;
        }
    } else {
        const compass_rays *t = &p->t;
        const key_layer *ly = &p->layers[k];
        int ph = (t->initial_phase + k) & 3;
        tally tl = {0};
        for (size_t i = 0; i < ly->count && !skipped; i++) {
            uint64_t key = ly->keys[i];
            size_t next[COMPASS_MAX_ARROWS];
            int count = 0;
            for (uint64_t m = legal_in(p, ph, key); m; m &= m - 1)
                next[count++] =
                    index_of(&p->layers[k + 1], key & ~((uint64_t)1 << __builtin_ctzll(m)));
            p->winnable[k][i] = (unsigned char)score_state_of(nv, v, i, key, next, count, &tl);
            skipped = (i + 1) % POLL_EVERY == 0 && k && stop_asked(p->opts);
        }
        wrong = tl.wrong_moves;
        look = tl.lookahead;
    }
    if (skipped)
        return COMPASS_SOLVE_LIMIT;
    p->out->wrong_moves += wrong;
    if (look > p->out->lookahead)
        p->out->lookahead = look;
    return COMPASS_SOLVE_DONE;
}

/* last_trap_step: walks the lexicographically first winning order (at each step the lowest
 * arrow index whose release keeps a win reachable, the solver's solution) and notes the
 * latest step whose state offers a losing release. */
static int last_trap_step(const pass *p)
{
    uint64_t key = compass_initial_state(p->l).remaining;
    if (!is_winnable(p, 0, key))
        return -1;
    int last = -1;
    for (int k = 0; key; k++) {
        uint64_t chosen = key;
        int have = 0;
        for (uint64_t m = compass_rays_legal(&p->t, (p->t.initial_phase + k) & 3, key); m;
             m &= m - 1) {
            uint64_t next = key & ~((uint64_t)1 << __builtin_ctzll(m));
            if (!is_winnable(p, k + 1, next))
                last = k;
            else if (!have) {
                chosen = next;
                have = 1;
            }
        }
        key = chosen; /* have is always set: the state is winnable */
    }
    return last;
}

static compass_solve_status backward(pass *p, int last)
{
    int n = p->n;
    if (!p->dense && !(p->winnable = calloc((size_t)n + 1, sizeof *p->winnable)))
        return refused(p);
    layer_values nv = {0}, v = {0};
    compass_solve_status st = COMPASS_SOLVE_DONE;
    for (int k = last; k >= 0 && st == COMPASS_SOLVE_DONE; k--) {
        if (values_alloc(p, &v, k)) {
            st = refused(p);
            break;
        }
        st = score_layer(p, k, &nv, &v);
        report(p, 2 * n + 1 - k);
        if (st == COMPASS_SOLVE_DONE && k && stop_asked(p->opts))
            st = COMPASS_SOLVE_LIMIT;
        values_free(p, &nv);
        nv = v;
        v = (layer_values){0};
    }
    if (st == COMPASS_SOLVE_DONE) {
        size_t i = p->dense ? rank_of(p, compass_initial_state(p->l).remaining) : 0;
        p->out->winning_orders = count_of_words(nv.win + i * (size_t)nv.words, nv.words);
        p->out->terminal_orders = count_of_words(nv.term + i * (size_t)nv.words, nv.words);
        p->out->random_win_share = nv.share[i];
        p->out->longest_line = nv.height[i];
        p->out->last_trap_step = last_trap_step(p);
    }
    values_free(p, &nv);
    values_free(p, &v);
    return st;
}

compass_solve_status compass_metrics_of(const compass_level *l, uint64_t max_states,
                                        compass_metrics *out)
{
    compass_metrics_opts o = {max_states, 0, NULL, NULL, NULL, COMPASS_METRICS_CHEAPER};
    return compass_metrics_run(l, &o, out);
}

compass_solve_status compass_metrics_run(const compass_level *l, const compass_metrics_opts *opts,
                                         compass_metrics *out)
{
    memset(out, 0, sizeof *out);
    pass *p = calloc(1, sizeof *p);
    if (!p)
        return out->status = COMPASS_SOLVE_NOMEM;
    p->l = l;
    p->opts = opts;
    p->out = out;
    p->n = l->arrow_count;
    p->max_states = opts && opts->max_states ? opts->max_states : COMPASS_DEFAULT_MAX_STATES;
    p->budget.limit = opts && opts->max_memory ? opts->max_memory : COMPASS_DEFAULT_MAX_MEMORY;
    compass_rays_build(l, &p->t);
    for (int ph = 0; ph < 4; ph++)
        for (int a = 0; a < p->n; a++)
            p->aimed[ph] |= (uint64_t)(p->t.aperture[ph][a] >= 0) << a;
    binomials(p);
    int last = 0;
    compass_solve_status st = byte_hits_make(p) ? refused(p) : forward(p, &last);
    if (st == COMPASS_SOLVE_DONE && p->reach)
        st = choose_layout(p, last);
    if (st == COMPASS_SOLVE_DONE)
        st = backward(p, last);
    for (int k = 0; p->layers && k <= p->n; k++)
        compass_budget_free(&p->budget, p->layers[k].keys,
                            p->layers[k].keys ? (p->layers[k].count ? p->layers[k].count : 1) * 8 : 0);
    for (int k = 0; p->winnable && k <= p->n; k++)
        compass_budget_free(&p->budget, p->winnable[k],
                            p->winnable[k] ? (p->count[k] ? p->count[k] : 1) : 0);
    compass_budget_free(&p->budget, p->reach, p->reach ? p->words * 8 : 0);
    compass_budget_free(&p->budget, p->won, p->won ? p->words * 8 : 0);
    free(p->byte_hits);
    free(p->layers);
    free(p->winnable);
    out->memory_peak = p->budget.peak;
    free(p);
    out->status = st;
    return st;
}
