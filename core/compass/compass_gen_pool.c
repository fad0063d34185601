/* Compass Shift generator's OpenMP pool: parallel building, in-order cross-level rules. */
#include "compass_gen_pool.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compass_keyset.h"

enum { HASH_LEN = 80, SIG_LEN = COMPASS_MAX_ARROWS + 1 };

/* The canonical hashes seen so far, as a set of their 64-bit values (16 hex digits each), so
 * the repeat test costs the same for the last of 10000 levels as for the first. */
typedef struct {
    compass_keyset set;
    compass_budget budget;
    int has_all_ones; /* the key set's empty mark, kept aside */
} hash_seen;

static uint64_t hash_value(const char *hex)
{
    return strtoull(hex, NULL, 16);
}

static int hash_seen_has(const hash_seen *h, const char *hex)
{
    uint64_t v = hash_value(hex);
    return v == ~(uint64_t)0 ? h->has_all_ones : compass_keyset_has(&h->set, v);
}

static int hash_seen_add(hash_seen *h, const char *hex)
{
    uint64_t v = hash_value(hex);
    int over = 0;
    if (v == ~(uint64_t)0)
        return h->has_all_ones = 1, 0;
    return compass_keyset_add(&h->set, v, &h->budget, &over) < 0 ? -1 : 0;
}

/* The cross-level rules' state: each level's identity as built, and the hashes accepted so
 * far. One instance serves compass_gen_resolve and the pipeline of compass_gen_campaign. */
typedef struct {
    uint32_t seed;
    int count;
    compass_level *levels;
    char (*hashes)[HASH_LEN];
    char (*sigs)[SIG_LEN];
    int *ok;
    hash_seen seen;
} rules;

static int rules_init(rules *r, uint32_t seed, int count, compass_level *levels, char *err,
                      size_t errlen)
{
    int over = 0;
    *r = (rules){seed, count, levels, calloc((size_t)count, sizeof *r->hashes),
                 calloc((size_t)count, sizeof *r->sigs), calloc((size_t)count, sizeof *r->ok),
                 {.budget = {0, 0, ~(uint64_t)0}}};
    if (r->hashes && r->sigs && r->ok &&
        compass_keyset_init(&r->seen.set, 1024, &r->seen.budget, &over) == 0)
        return 0;
    free(r->hashes);
    free(r->sigs);
    free(r->ok);
    snprintf(err, errlen, "out of memory for %d levels", count);
    return -1;
}

static void rules_free(rules *r)
{
    compass_keyset_free(&r->seen.set, &r->seen.budget);
    free(r->hashes);
    free(r->sigs);
    free(r->ok);
}

/* Depends on level i alone (no cJSON): any thread may compute it. */
static void rules_identify(rules *r, int i)
{
    r->ok[i] = compass_gen_identity(&r->levels[i], r->hashes[i], HASH_LEN, r->sigs[i],
                                    SIG_LEN) == 0;
}

/* Applies the rules to level i once every level before it has passed them: a level whose
 * route signature equals the previous level's or whose canonical hash repeats an earlier
 * one moves on to its next passing attempt, then its hash is recorded. 0, or -1 with a
 * message naming the level. */
static int rules_accept(rules *r, int i, char *err, size_t errlen)
{
    compass_level *l = &r->levels[i];
    for (;;) {
        if (!r->ok[i]) {
            snprintf(err, errlen, "%s: out of memory building its evidence", l->id);
            return -1;
        }
        int clash = (i > 0 && strcmp(r->sigs[i], r->sigs[i - 1]) == 0) ||
                    hash_seen_has(&r->seen, r->hashes[i]);
        if (!clash)
            break;
        if (compass_gen_level(r->seed, i, r->count, l->construction_attempt + 1, l) < 0) {
            snprintf(err, errlen, "%s: no candidate within %d attempts differs from the "
                                  "levels before it", l->id, COMPASS_GEN_MAX_ATTEMPTS);
            return -1;
        }
        rules_identify(r, i);
    }
    if (hash_seen_add(&r->seen, r->hashes[i])) {
        snprintf(err, errlen, "out of memory for %d levels", r->count);
        return -1;
    }
    return 0;
}

int compass_gen_resolve(uint32_t seed, int count, compass_level *levels, char *err,
                        size_t errlen)
{
    rules r;
    if (rules_init(&r, seed, count, levels, err, errlen))
        return -1;
#pragma omp parallel for schedule(dynamic, 16)
    for (int i = 0; i < count; i++)
        rules_identify(&r, i);
    int rc = 0;
    for (int i = 0; i < count && rc == 0; i++)
        rc = rules_accept(&r, i, err, errlen);
    rules_free(&r);
    return rc;
}

/* The pipeline of compass_gen_campaign. Workers build positions in increasing order (any
 * thread, any position) and mark each built; whichever worker finds the resolver free takes
 * it and applies the cross-level rules to the built positions that follow the accepted ones,
 * strictly in campaign order; it then hands the levels it accepted to the sink itself,
 * outside the resolver, so the writing is shared by all workers too. */
typedef struct {
    rules r;
    const compass_gen_hooks *hooks;
    int *attempt;          /* compass_gen_level's answer per position */
    unsigned char *built;  /* set (seq_cst) once attempt[i] and the identity are in */
    int busy;              /* the resolver is taken (seq_cst exchange) */
    int accepted;          /* positions 0..accepted-1 passed the rules; written by the resolver */
    int stop;              /* a failure: build nothing more */
    int fail_at;           /* the earliest failed position, count when none */
    int fail_rc;           /* what compass_gen_campaign returns for it: -1 rules, -2 sink */
    char *err;
    size_t errlen;
} pipeline;

/* Keeps the failure of the earliest position, so the message does not depend on which
 * thread failed first. */
static void pipeline_fail(pipeline *p, int i, int rc, const char *msg)
{
#pragma omp critical(compass_gen_fail)
    if (i < p->fail_at) {
        p->fail_at = i;
        p->fail_rc = rc;
        snprintf(p->err, p->errlen, "%s", msg);
    }
    __atomic_store_n(&p->stop, 1, __ATOMIC_SEQ_CST);
}

/* Accepts what it can in order, then emits it; returns when the next position is not built
 * or another worker holds the resolver. Every operation on busy and built is seq_cst: a
 * worker that marks a position built and then finds the resolver busy relies on the holder
 * seeing that mark when it looks again after letting go. */
static void pipeline_drain(pipeline *p)
{
    int count = p->r.count;
    for (;;) {
        if (__atomic_exchange_n(&p->busy, 1, __ATOMIC_SEQ_CST))
            return;
        int first = p->accepted, i = first;
        char err[512];
        while (i < count && !__atomic_load_n(&p->stop, __ATOMIC_SEQ_CST) &&
               __atomic_load_n(&p->built[i], __ATOMIC_SEQ_CST)) {
            if (p->attempt[i] < 0) {
                snprintf(err, sizeof err, "%s: no candidate passed within %d attempts",
                         p->r.levels[i].id, COMPASS_GEN_MAX_ATTEMPTS);
                pipeline_fail(p, i, -1, err);
                break;
            }
            if (rules_accept(&p->r, i, err, sizeof err)) {
                pipeline_fail(p, i, -1, err);
                break;
            }
            i++;
        }
        p->accepted = i;
        if (i > first && p->hooks && p->hooks->progress)
            p->hooks->progress(i, count, p->hooks->ctx);
        __atomic_store_n(&p->busy, 0, __ATOMIC_SEQ_CST);
        /* Levels accepted are final: written even after a later failure, so the failure
         * reported is the earliest whatever the timing. */
        for (int k = first; k < i && p->hooks && p->hooks->sink; k++)
            if (p->hooks->sink(&p->r.levels[k], p->hooks->ctx, err, sizeof err))
                pipeline_fail(p, k, -2, err);
        if (i >= count || __atomic_load_n(&p->stop, __ATOMIC_SEQ_CST) ||
            !__atomic_load_n(&p->built[i], __ATOMIC_SEQ_CST))
            return;
    }
}

int compass_gen_campaign(uint32_t seed, int count, compass_level *levels,
                         const compass_gen_hooks *hooks, char *err, size_t errlen)
{
    pipeline p = {.hooks = hooks, .fail_at = count, .fail_rc = -1, .err = err, .errlen = errlen};
    if (rules_init(&p.r, seed, count, levels, err, errlen))
        return -1;
    p.attempt = calloc((size_t)count, sizeof *p.attempt);
    p.built = calloc((size_t)count, sizeof *p.built);
    if (!p.attempt || !p.built) {
        snprintf(err, errlen, "out of memory for %d levels", count);
        p.fail_at = 0;
    } else {
        /* Each position's first passing attempt depends only on (seed, position, attempt),
         * so any thread may build it; dynamic scheduling evens out the slower 5x5 positions
         * and hands positions out in order, so the resolver is rarely kept waiting. */
#pragma omp parallel
        {
#pragma omp for schedule(dynamic, 1) nowait
            for (int i = 0; i < count; i++) {
                if (__atomic_load_n(&p.stop, __ATOMIC_SEQ_CST))
                    continue;
                p.attempt[i] = compass_gen_level(seed, i, count, 0, &levels[i]);
                if (p.attempt[i] >= 0)
                    rules_identify(&p.r, i);
                __atomic_store_n(&p.built[i], 1, __ATOMIC_SEQ_CST);
                pipeline_drain(&p);
            }
            pipeline_drain(&p);
        }
        /* Every mark is followed by a drain that either takes the resolver or leaves the mark
         * to a holder that looks again after letting go, so the region ends with every built
         * position accepted or a failure recorded; this pass finds nothing to do and only
         * keeps that guarantee from resting on the argument alone. */
        pipeline_drain(&p);
    }
    free(p.attempt);
    free(p.built);
    rules_free(&p.r);
    return p.fail_at < count ? p.fail_rc : 0;
}
