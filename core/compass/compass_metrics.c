/* Compass Shift difficulty metrics: the reachable graph layer by layer, then a dynamic
 * programme over it from the last layer back to the start. */
#include "compass_metrics.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

compass_count compass_count_of(uint64_t v)
{
    compass_count c = {{v}};
    return c;
}

/* a[0..limbs-1] += b[0..limbs-1]; the carry out of the top limb cannot happen (n! bound). */
static void limbs_add(uint64_t *a, const uint64_t *b, int limbs)
{
    unsigned carry = 0;
    for (int i = 0; i < limbs; i++) {
        uint64_t s = a[i] + b[i];
        unsigned c1 = s < a[i];
        a[i] = s + carry;
        carry = c1 | (a[i] < s);
    }
}

static int limbs_zero(const uint64_t *a, int limbs)
{
    for (int i = 0; i < limbs; i++)
        if (a[i])
            return 0;
    return 1;
}

void compass_count_add(compass_count *a, const compass_count *b)
{
    limbs_add(a->limb, b->limb, COMPASS_COUNT_LIMBS);
}

int compass_count_cmp(const compass_count *a, const compass_count *b)
{
    for (int i = COMPASS_COUNT_LIMBS - 1; i >= 0; i--)
        if (a->limb[i] != b->limb[i])
            return a->limb[i] < b->limb[i] ? -1 : 1;
    return 0;
}

int compass_count_u64(const compass_count *a, uint64_t *out)
{
    if (!limbs_zero(a->limb + 1, COMPASS_COUNT_LIMBS - 1))
        return 0;
    *out = a->limb[0];
    return 1;
}

void compass_count_decimal(const compass_count *a, char *buf, size_t buflen)
{
    /* Long division by 10 from the top limb, digits collected least significant first. */
    compass_count q = *a;
    char rev[COMPASS_COUNT_DIGITS + 1];
    size_t n = 0;
    do {
        unsigned __int128 rem = 0;
        for (int i = COMPASS_COUNT_LIMBS - 1; i >= 0; i--) {
            unsigned __int128 cur = (rem << 64) | q.limb[i];
            q.limb[i] = (uint64_t)(cur / 10);
            rem = cur % 10;
        }
        rev[n++] = (char)('0' + (int)rem);
    } while (!limbs_zero(q.limb, COMPASS_COUNT_LIMBS) && n < COMPASS_COUNT_DIGITS);
    size_t k = 0;
    for (; k < n && k + 1 < buflen; k++)
        buf[k] = rev[n - 1 - k];
    if (buflen)
        buf[k] = '\0';
}

int compass_legal_count(const compass_level *l, const compass_state *s)
{
    compass_view v;
    compass_view_of(l, s, &v);
    int legal = 0;
    for (uint64_t rest = s->remaining; rest; rest &= rest - 1)
        legal += compass_release_in_view(l, s, &v, __builtin_ctzll(rest), 0, NULL).status ==
                 COMPASS_RELEASED;
    return legal;
}

int compass_decision_steps(const compass_level *l, const int *order, int len)
{
    compass_state s = compass_initial_state(l);
    int steps = 0;
    for (int i = 0; i < len; i++) {
        steps += compass_legal_count(l, &s) > 1;
        compass_state next;
        if (compass_release(l, &s, order[i], &next).status != COMPASS_RELEASED)
            break;
        s = next;
    }
    return steps;
}

double compass_share_rounded(double share)
{
    double r = round(share * 1e12) / 1e12;
    if (share > 0 && r <= 0)
        return 1e-12;
    if (share < 1 && r >= 1)
        return 1 - 1e-12;
    return r;
}

/* Layer k holds the reachable remaining sets after k releases, sorted ascending; the phase
 * of layer k is (initial + k) mod 4, so the set alone names the state. */
typedef struct {
    uint64_t *keys;
    size_t count;
} key_layer;

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
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

static compass_state layer_state(const compass_level *l, int k, uint64_t remaining)
{
    compass_state s = {remaining, (l->initial_phase + k) & 3};
    return s;
}

/* Every successor of layer k, sorted and made unique, as layer k + 1. 0, or -1 on NOMEM. */
static int next_layer(const compass_level *l, int k, const key_layer *cur, key_layer *out,
                      compass_metrics *m)
{
    size_t cap = cur->count * 2 + 1, n = 0;
    uint64_t *buf = malloc(cap * sizeof *buf);
    if (!buf)
        return -1;
    for (size_t i = 0; i < cur->count; i++) {
        compass_state s = layer_state(l, k, cur->keys[i]), ns;
        compass_view v;
        compass_view_of(l, &s, &v);
        for (uint64_t rest = s.remaining; rest; rest &= rest - 1) {
            int a = __builtin_ctzll(rest);
            compass_release_result r = compass_release_in_view(l, &s, &v, a, 0, &ns);
            if (r.aperture >= 0)
                m->aperture_reachers[r.aperture] |= 1ull << a;
            if (r.status != COMPASS_RELEASED)
                continue;
            if (n == cap) {
                uint64_t *grown = realloc(buf, cap * 2 * sizeof *buf);
                if (!grown) {
                    free(buf);
                    return -1;
                }
                buf = grown;
                cap *= 2;
            }
            buf[n++] = ns.remaining;
        }
    }
    qsort(buf, n, sizeof *buf, cmp_u64);
    size_t unique = 0;
    for (size_t i = 0; i < n; i++)
        if (unique == 0 || buf[i] != buf[unique - 1])
            buf[unique++] = buf[i];
    out->keys = buf;
    out->count = unique;
    return 0;
}

/* Per-state values of one layer: winning and terminal orders (limbs each), the share, and
 * the most releases still possible (height). winnable stays with the layer itself, for the
 * walk along the solution once every layer is scored. */
typedef struct {
    uint64_t *win, *term;
    double *share;
    int *height;
} layer_values;

static int values_alloc(layer_values *v, size_t count, int limbs)
{
    size_t n = count ? count : 1;
    v->win = calloc(n * (size_t)limbs, sizeof *v->win);
    v->term = calloc(n * (size_t)limbs, sizeof *v->term);
    v->share = calloc(n, sizeof *v->share);
    v->height = calloc(n, sizeof *v->height);
    return v->win && v->term && v->share && v->height ? 0 : -1;
}

static void values_free(layer_values *v)
{
    free(v->win);
    free(v->term);
    free(v->share);
    free(v->height);
    *v = (layer_values){0};
}

/* Limbs that hold arrow_count! (with a bit to spare), the most any count can reach. */
static int limbs_for(int arrows)
{
    double bits = 1;
    for (int i = 2; i <= arrows; i++)
        bits += log2(i);
    int limbs = (int)(bits / 64) + 1;
    return limbs < COMPASS_COUNT_LIMBS ? limbs : COMPASS_COUNT_LIMBS;
}

/* Values of layer k from those of layer k + 1 (nv, over layers[k + 1]). */
static void score_layer(const compass_level *l, int k, const key_layer *layers,
                        const layer_values *nv, layer_values *v, unsigned char *winnable,
                        int limbs, compass_metrics *out)
{
    for (size_t i = 0; i < layers[k].count; i++) {
        compass_state s = layer_state(l, k, layers[k].keys[i]), ns;
        uint64_t *win = v->win + i * (size_t)limbs, *term = v->term + i * (size_t)limbs;
        if (compass_is_won(&s)) {
            win[0] = term[0] = 1;
            v->share[i] = 1;
            winnable[i] = 1;
            continue;
        }
        compass_view view;
        compass_view_of(l, &s, &view);
        int legal = 0, losing = 0, height = 0, trap = 0;
        double share = 0;
        for (uint64_t rest = s.remaining; rest; rest &= rest - 1) {
            if (compass_release_in_view(l, &s, &view, __builtin_ctzll(rest), 0, &ns).status !=
                COMPASS_RELEASED)
                continue;
            size_t j = index_of(&layers[k + 1], ns.remaining);
            const uint64_t *nwin = nv->win + j * (size_t)limbs;
            limbs_add(win, nwin, limbs);
            limbs_add(term, nv->term + j * (size_t)limbs, limbs);
            share += nv->share[j];
            int lost = limbs_zero(nwin, limbs);
            losing += lost;
            legal++;
            if (1 + nv->height[j] > height)
                height = 1 + nv->height[j];
            /* the releases a player must look ahead to see this one lose */
            if (lost && 1 + nv->height[j] > trap)
                trap = 1 + nv->height[j];
        }
        if (!legal)
            term[0] = 1; /* a dead end: one maximal order ends here, none wins */
        v->share[i] = legal ? share / legal : 0;
        v->height[i] = height;
        winnable[i] = !limbs_zero(win, limbs);
        if (winnable[i])
            out->wrong_moves += (uint64_t)losing;
        if (winnable[i] && losing && losing < legal && trap > out->lookahead)
            out->lookahead = trap;
    }
}

/* last_trap_step: walks the lexicographically first winning order (at each step the lowest
 * arrow index whose release keeps a win reachable, the solver's solution) and notes the
 * latest step whose state offers a losing release. */
static int last_trap_step(const compass_level *l, const key_layer *layers,
                          unsigned char *const *winnable)
{
    compass_state s = compass_initial_state(l);
    if (!winnable[0][0])
        return -1;
    int last = -1;
    for (int k = 0; !compass_is_won(&s); k++) {
        compass_view view;
        compass_view_of(l, &s, &view);
        compass_state chosen = s, ns;
        int have = 0;
        for (uint64_t rest = s.remaining; rest; rest &= rest - 1) {
            if (compass_release_in_view(l, &s, &view, __builtin_ctzll(rest), 0, &ns).status !=
                COMPASS_RELEASED)
                continue;
            if (!winnable[k + 1][index_of(&layers[k + 1], ns.remaining)])
                last = k;
            else if (!have) {
                chosen = ns;
                have = 1;
            }
        }
        s = chosen; /* have is always set: the state is winnable */
    }
    return last;
}

static int stop_asked(const compass_metrics_opts *o)
{
    return o && o->cancel && __atomic_load_n(o->cancel, __ATOMIC_RELAXED);
}

static void report(const compass_metrics_opts *o, int done, int n)
{
    if (o && o->progress)
        o->progress(o->progress_ctx, done, 2 * n + 1);
}

compass_solve_status compass_metrics_of(const compass_level *l, uint64_t max_states,
                                        compass_metrics *out)
{
    compass_metrics_opts o = {max_states, 0, NULL, NULL, NULL};
    return compass_metrics_run(l, &o, out);
}

compass_solve_status compass_metrics_run(const compass_level *l, const compass_metrics_opts *opts,
                                         compass_metrics *out)
{
    memset(out, 0, sizeof *out);
    uint64_t max_states = opts && opts->max_states ? opts->max_states : COMPASS_METRICS_MAX_STATES;
    int n = l->arrow_count, last = 0;
    key_layer *layers = calloc((size_t)n + 1, sizeof *layers);
    compass_solve_status status = COMPASS_SOLVE_DONE;
    if (!layers || !(layers[0].keys = malloc(sizeof(uint64_t)))) {
        free(layers);
        out->status = COMPASS_SOLVE_NOMEM;
        return out->status;
    }
    layers[0].keys[0] = compass_initial_state(l).remaining;
    layers[0].count = 1;
    out->state_count = 1;
    while (last < n && layers[last].count) {
        if (next_layer(l, last, &layers[last], &layers[last + 1], out)) {
            status = COMPASS_SOLVE_NOMEM;
            break;
        }
        last++;
        out->state_count += layers[last].count;
        if (out->state_count > max_states || stop_asked(opts)) {
            status = COMPASS_SOLVE_LIMIT;
            break;
        }
        report(opts, last, n);
    }

    int limbs = limbs_for(n);
    layer_values nv = {0}, v = {0};
    unsigned char **winnable = calloc((size_t)n + 1, sizeof *winnable);
    if (!winnable)
        status = COMPASS_SOLVE_NOMEM;
    for (int k = last; k >= 0 && status == COMPASS_SOLVE_DONE; k--) {
        if (values_alloc(&v, layers[k].count, limbs) ||
            !(winnable[k] = calloc(layers[k].count + 1, 1))) {
            status = COMPASS_SOLVE_NOMEM;
            break;
        }
        score_layer(l, k, layers, &nv, &v, winnable[k], limbs, out);
        report(opts, 2 * n + 1 - k, n);
        if (k && stop_asked(opts))
            status = COMPASS_SOLVE_LIMIT;
        values_free(&nv);
        nv = v;
        v = (layer_values){0};
    }
    if (status == COMPASS_SOLVE_DONE) {
        memcpy(out->winning_orders.limb, nv.win, (size_t)limbs * sizeof *nv.win);
        memcpy(out->terminal_orders.limb, nv.term, (size_t)limbs * sizeof *nv.term);
        out->random_win_share = nv.share[0];
        out->longest_line = nv.height[0];
        out->last_trap_step = last_trap_step(l, layers, winnable);
    }
    values_free(&nv);
    values_free(&v);
    for (int k = 0; winnable && k <= n; k++)
        free(winnable[k]);
    free(winnable);
    for (int k = 0; k <= n; k++)
        free(layers[k].keys);
    free(layers);
    out->status = status;
    return status;
}

int compass_greedy_wins(const compass_level *l)
{
    int order[COMPASS_MAX_ARROWS], n = 0;
    for (int r = 0; r < l->rows; r++)
        for (int c = 0; c < l->cols; c++) {
            int a = compass_arrow_at(l, r, c);
            if (a >= 0)
                order[n++] = a;
        }
    compass_state s = compass_initial_state(l);
    while (!compass_is_won(&s)) {
        compass_state next;
        int k = 0;
        while (k < n && compass_release(l, &s, order[k], &next).status != COMPASS_RELEASED)
            k++;
        if (k == n)
            return 0;
        s = next;
    }
    return 1;
}

/* The legal releases of each state met while scanning, by remaining set (the phase follows
 * from how many arrows are gone): open addressing, 0 marks a free slot (the empty set is
 * never looked up, it has won). */
typedef struct {
    uint64_t *key, *legal;
    size_t cap, used;
} legal_memo;

static int memo_grow(legal_memo *m)
{
    legal_memo g = {calloc(m->cap * 2, sizeof *g.key), calloc(m->cap * 2, sizeof *g.legal),
                    m->cap * 2, m->used};
    if (!g.key || !g.legal) {
        free(g.key);
        free(g.legal);
        return -1;
    }
    for (size_t i = 0; i < m->cap; i++) {
        if (!m->key[i])
            continue;
        size_t j = (size_t)(m->key[i] * 0x9E3779B97F4A7C15ull) & (g.cap - 1);
        while (g.key[j])
            j = (j + 1) & (g.cap - 1);
        g.key[j] = m->key[i];
        g.legal[j] = m->legal[i];
    }
    free(m->key);
    free(m->legal);
    *m = g;
    return 0;
}

/* The legal mask of s, computed once. 0 and *legal set, or -1 on NOMEM. */
static int memo_legal(legal_memo *m, const compass_level *l, const compass_state *s,
                      uint64_t *legal)
{
    size_t j = (size_t)(s->remaining * 0x9E3779B97F4A7C15ull) & (m->cap - 1);
    while (m->key[j] && m->key[j] != s->remaining)
        j = (j + 1) & (m->cap - 1);
    if (m->key[j]) {
        *legal = m->legal[j];
        return 0;
    }
    compass_view v;
    compass_view_of(l, s, &v);
    uint64_t mask = 0;
    for (uint64_t rest = s->remaining; rest; rest &= rest - 1)
        if (compass_release_in_view(l, s, &v, __builtin_ctzll(rest), 0, NULL).status ==
            COMPASS_RELEASED)
            mask |= 1ull << __builtin_ctzll(rest);
    m->key[j] = s->remaining;
    m->legal[j] = mask;
    *legal = mask;
    if (++m->used * 2 > m->cap)
        return memo_grow(m);
    return 0;
}

/* Next permutation in lexicographic order; 0 after the last. */
static int next_order(int *a, int n)
{
    int i = n - 2;
    while (i >= 0 && a[i] >= a[i + 1])
        i--;
    if (i < 0)
        return 0;
    int j = n - 1;
    while (a[j] <= a[i])
        j--;
    int t = a[i];
    a[i] = a[j];
    a[j] = t;
    for (int x = i + 1, y = n - 1; x < y; x++, y--)
        t = a[x], a[x] = a[y], a[y] = t;
    return 1;
}

int compass_scan_win_share(const compass_level *l, double *share)
{
    int n = l->arrow_count, order[COMPASS_SCAN_MAX_ARROWS];
    if (n > COMPASS_SCAN_MAX_ARROWS)
        return -1;
    legal_memo m = {calloc(64, sizeof *m.key), calloc(64, sizeof *m.legal), 64, 0};
    int rc = m.key && m.legal ? 0 : -1;
    uint64_t wins = 0, orders = 0;
    for (int i = 0; i < n; i++)
        order[i] = i;
    do {
        compass_state s = compass_initial_state(l);
        while (rc == 0 && s.remaining) {
            uint64_t legal;
            if ((rc = memo_legal(&m, l, &s, &legal)) != 0 || !legal)
                break;
            int k = 0;
            while (!((legal >> order[k]) & 1))
                k++;
            s.remaining &= ~(1ull << order[k]);
            s.phase = (s.phase + 1) & 3;
        }
        wins += s.remaining == 0;
        orders++;
    } while (rc == 0 && next_order(order, n));
    free(m.key);
    free(m.legal);
    if (rc == 0)
        *share = (double)wins / (double)orders;
    return rc;
}

int compass_facing_phase(const compass_level *l, int arrow, compass_dir side)
{
    return ((int)side - (int)l->arrows[arrow].dir + 4) & 3;
}

int compass_aperture_tells_apart(const compass_level *l, int k, uint64_t reachers)
{
    const compass_aperture *a = &l->apertures[k];
    int pass = 0, stop = 0;
    for (uint64_t rest = reachers; rest; rest &= rest - 1) {
        int p = compass_facing_phase(l, __builtin_ctzll(rest), a->side);
        if ((a->phase_mask >> p) & 1)
            pass = 1;
        else
            stop = 1;
    }
    return pass && stop;
}
