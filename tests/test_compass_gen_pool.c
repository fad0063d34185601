/* Compass Shift generator pool: the parallel pipeline, its hooks and the in-order cross-level
 * rules (compass-shift.md "Reverse-construction generator" step 6, "Adjacent level records
 * must use different pattern IDs and different primary solution-route signatures"). */
#include <criterion/criterion.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

#include "compass/compass.h"
#include "compass/compass_gen_pool.h"

/* Step 6 and the cross-level rules: a whole campaign has distinct canonical hashes and
 * neighbours with different route signatures, and is the same for the same seed. */
Test(compass_gen_pool, a_campaign_has_distinct_boards_and_varied_neighbours)
{
    static compass_level a[COMPASS_CAMPAIGN_LEVELS], b[COMPASS_CAMPAIGN_LEVELS];
    char err[256], hash[COMPASS_CAMPAIGN_LEVELS][80], sig[COMPASS_CAMPAIGN_LEVELS][80];
    cr_assert_eq(compass_gen_campaign(3u, COMPASS_CAMPAIGN_LEVELS, a, NULL, err, sizeof err),
                 0, "%s", err);
    cr_assert_eq(compass_gen_campaign(3u, COMPASS_CAMPAIGN_LEVELS, b, NULL, err, sizeof err),
                 0, "%s", err);
    cr_assert_eq(memcmp(a, b, sizeof a), 0);
    for (int i = 0; i < COMPASS_CAMPAIGN_LEVELS; i++) {
        cr_assert_eq(compass_gen_identity(&a[i], hash[i], 80, sig[i], 80), 0);
        for (int j = 0; j < i; j++)
            cr_assert_str_neq(hash[i], hash[j], "%s and %s", a[i].id, a[j].id);
        if (i > 0)
            cr_assert_str_neq(sig[i], sig[i - 1]);
        cr_assert_eq(a[i].construction_seed,
                     compass_construction_seed(3u, i, a[i].construction_attempt));
    }
}

/* Step 6: "retry on any solver, uniqueness, or adjacent-variety failure". Level 11 given
 * level 1's board (both four-winds, 4x4, 4 arrows) repeats its canonical hash; level 2 given
 * level 1's board repeats its route. The sequential pass moves each to its next passing
 * attempt, exactly the candidate compass_gen_level builds from there. */
Test(compass_gen_pool, resolution_moves_a_repeated_board_or_route_to_the_next_attempt)
{
    static compass_level l[COMPASS_CAMPAIGN_LEVELS], want;
    char err[256];
    cr_assert_eq(compass_gen_campaign(11u, COMPASS_CAMPAIGN_LEVELS, l, NULL, err,
                                      sizeof err),
                 0, "%s", err);
    for (int target = 1; target <= 10; target += 9) {
        int before = l[target].construction_attempt;
        compass_level keep = l[target];
        l[target] = l[0];
        memcpy(l[target].id, keep.id, sizeof keep.id);
        l[target].construction_attempt = before;
        cr_assert_eq(compass_gen_resolve(11u, COMPASS_CAMPAIGN_LEVELS, l, err, sizeof err), 0,
                     "%s", err);
        int next = compass_gen_level(11u, target, COMPASS_CAMPAIGN_LEVELS, before + 1, &want);
        cr_assert_geq(next, before + 1);
        cr_assert_eq(l[target].construction_attempt, next, "level %d", target + 1);
        cr_assert_eq(memcmp(&l[target], &want, sizeof want), 0);
        char h0[80], h[80], s0[80], s[80];
        compass_gen_identity(&l[0], h0, 80, s0, 80);
        compass_gen_identity(&l[target], h, 80, s, 80);
        cr_assert_str_neq(h0, h);
    }
}

/* What the pipeline's hooks saw: each level the sink got (by position), how often, and the
 * progress counts in order. fail_from refuses every position from there on. The hooks run on
 * worker threads, so they only record; the test asserts afterwards. */
enum { POOL = 120 };
typedef struct {
    compass_level got[POOL];
    int calls[POOL];
    int progress[POOL + 1], progress_calls, progress_total;
    int fail_from;
} recorder;

static int record_level(const compass_level *l, void *ctx, char *err, size_t errlen)
{
    recorder *r = ctx;
    int i = l->index - 1;
    if (i < 0 || i >= POOL) /* counted nowhere: the calls check below then fails */
        return 0;
    __atomic_fetch_add(&r->calls[i], 1, __ATOMIC_SEQ_CST);
    r->got[i] = *l;
    if (i >= r->fail_from) {
        snprintf(err, errlen, "no room for %s", l->id);
        return -1;
    }
    return 0;
}

static void record_progress(int done, int total, void *ctx)
{
    recorder *r = ctx;
    r->progress_total = total;
    if (r->progress_calls <= POOL)
        r->progress[r->progress_calls++] = done;
}

/* The pipeline hands each final level to the sink exactly once, from any thread: what it got
 * is what the pool holds, for one thread and for two, and progress counts up to the pool. */
Test(compass_gen_pool, the_sink_gets_each_final_level_once_whatever_the_thread_count)
{
    static compass_level pools[2][POOL];
    static recorder r;
    char err[256];
    for (int t = 0; t < 2; t++) {
        memset(&r, 0, sizeof r);
        r.fail_from = POOL;
        compass_gen_hooks hooks = {record_progress, record_level, &r};
        omp_set_num_threads(t + 1);
        cr_assert_eq(compass_gen_campaign(3u, POOL, pools[t], &hooks, err, sizeof err), 0, "%s",
                     err);
        for (int i = 0; i < POOL; i++) {
            cr_assert_eq(r.calls[i], 1, "%d threads: position %d", t + 1, i);
            cr_assert_eq(memcmp(&r.got[i], &pools[t][i], sizeof r.got[i]), 0,
                         "%d threads: position %d", t + 1, i);
        }
        cr_assert_eq(r.progress_total, POOL);
        cr_assert_gt(r.progress_calls, 0);
        for (int k = 1; k < r.progress_calls; k++)
            cr_assert_gt(r.progress[k], r.progress[k - 1]);
        cr_assert_eq(r.progress[r.progress_calls - 1], POOL);
    }
    cr_assert_eq(memcmp(pools[0], pools[1], sizeof pools[0]), 0);
}

/* A sink that refuses a level stops the run: -2, the earliest refused level named whatever
 * thread met it first, and every level before it written. */
Test(compass_gen_pool, a_refusing_sink_stops_the_run_naming_the_earliest_refused_level)
{
    static compass_level pool[POOL];
    static recorder r;
    char err[256];
    memset(&r, 0, sizeof r);
    r.fail_from = 7;
    compass_gen_hooks hooks = {NULL, record_level, &r};
    omp_set_num_threads(2);
    cr_assert_eq(compass_gen_campaign(3u, POOL, pool, &hooks, err, sizeof err), -2);
    cr_expect_str_eq(err, "no room for cs-008-semaphore");
    for (int i = 0; i < 7; i++)
        cr_expect_eq(r.calls[i], 1, "position %d", i);
}
