/* Compass Shift difficulty metrics besides the metric pass (compass_metrics_pass.c): exact
 * order counts, subset ranks, decisionSteps, greedyWins, randomScanWinShare and the apertures' reach. */
#include "compass_metrics.h"

#include <math.h>

#include "compass_rays.h"

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

uint64_t compass_binomial(int n, int k)
{
    if (k < 0 || k > n)
        return 0;
    unsigned __int128 c = 1;
    for (int i = 1; i <= k; i++)
        c = c * (unsigned)(n - k + i) / (unsigned)i; /* exact: c is C(n - k + i, i) */
    return (uint64_t)c;
}

uint64_t compass_subset_rank(uint64_t key)
{
    uint64_t rank = 0;
    int j = 1;
    for (uint64_t rest = key; rest; rest &= rest - 1, j++)
        rank += compass_binomial(__builtin_ctzll(rest), j);
    return rank;
}

uint64_t compass_subset_unrank(uint64_t rank, int size)
{
    uint64_t key = 0;
    for (int j = size; j >= 1; j--) {
        int pos = j - 1; /* the largest pos with C(pos, j) <= rank */
        while (pos < 63 && compass_binomial(pos + 1, j) <= rank)
            pos++;
        rank -= compass_binomial(pos, j);
        key |= (uint64_t)1 << pos;
    }
    return key;
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

/* Next permutation in lexicographic order: the first position it changes (every position from
 * there on may differ), or -1 after the last. */
static int next_order(int *a, int n)
{
    int i = n - 2;
    while (i >= 0 && a[i] >= a[i + 1])
        i--;
    if (i < 0)
        return -1;
    int j = n - 1;
    while (a[j] <= a[i])
        j--;
    int t = a[i];
    a[i] = a[j];
    a[j] = t;
    for (int x = i + 1, y = n - 1; x < y; x++, y--)
        t = a[x], a[x] = a[y], a[y] = t;
    return i;
}

/* Every scan order counted, without playing most of them: a choice reads the order only as
 * far as the first free arrow, and the game ends (won, or no arrow free) without reading it,
 * so a game that read positions 0..far is the game of all (n - 1 - far)! orders that agree
 * there, which come in a row in lexicographic order: they are counted at once, and the next
 * order changes a position it read. The game resumes at its first release whose choice read
 * a changed position; the legal releases of all 2^n <= 256 remaining sets come from one table
 * made from the ray tables. */
int compass_scan_win_share(const compass_level *l, double *share)
{
    int n = l->arrow_count;
    if (n > COMPASS_SCAN_MAX_ARROWS)
        return -1;
    compass_rays t;
    compass_rays_build(l, &t);
    unsigned char legal[1 << COMPASS_SCAN_MAX_ARROWS];
    for (unsigned key = 0; key < 1u << n; key++)
        legal[key] = (unsigned char)compass_rays_legal(&t, compass_rays_phase(&t, key), key);
    /* the game of the current order: key[s] the remaining set before release s, read[s] the
     * furthest position of the order read up to that release's choice */
    int order[COMPASS_SCAN_MAX_ARROWS], read[COMPASS_SCAN_MAX_ARROWS + 1];
    unsigned key[COMPASS_SCAN_MAX_ARROWS + 1];
    for (int i = 0; i < n; i++)
        order[i] = i;
    key[0] = (unsigned)t.all;
    uint64_t factorial[COMPASS_SCAN_MAX_ARROWS + 1] = {1};
    for (int i = 1; i <= n; i++)
        factorial[i] = factorial[i - 1] * (uint64_t)i;
    uint64_t wins = 0, orders = 0;
    int changed = 0, steps = 0;
    do {
        int s = 0;
        while (s < steps && read[s] < changed)
            s++;
        int furthest = s ? read[s - 1] : -1;
        while (key[s] && legal[key[s]]) {
            int pos = 0;
            while (!(legal[key[s]] >> order[pos] & 1))
                pos++;
            if (pos > furthest)
                furthest = pos;
            read[s] = furthest;
            key[s + 1] = key[s] & ~(1u << order[pos]);
            s++;
        }
        steps = s;
        int far = s ? read[s - 1] : -1;
        uint64_t same = factorial[n - 1 - far];
        wins += key[s] == 0 ? same : 0;
        orders += same;
        /* the last order that agrees on 0..far: the rest, ascending so far, reversed */
        for (int x = far + 1, y = n - 1; x < y; x++, y--) {
            int swap = order[x];
            order[x] = order[y];
            order[y] = swap;
        }
    } while ((changed = next_order(order, n)) >= 0);
    *share = (double)wins / (double)orders;
    return 0;
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
