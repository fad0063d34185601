/* A Compass Shift level's verdict: the search (compass_solve), the metric pass
 * (compass_metrics), the canonical hash and the campaign's tier thresholds, in one answer. */
#include "compass_verdict.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compass_canon.h"
#include "compass_plan.h"

typedef struct {
    const compass_verdict_opts *opts;
    int base, total;
} progress_ctx;

static void solve_progress(void *ctx, int layer, int layers, uint64_t states)
{
    (void)layers;
    (void)states;
    const progress_ctx *p = ctx;
    p->opts->progress(p->opts->progress_ctx, layer, p->total);
}

static void metrics_progress(void *ctx, int done, int total)
{
    (void)total;
    const progress_ctx *p = ctx;
    p->opts->progress(p->opts->progress_ctx, p->base + done, p->total);
}

static int cancelled(const compass_verdict_opts *o)
{
    return o && o->cancel && __atomic_load_n(o->cancel, __ATOMIC_RELAXED);
}

/* The plan row of tier t's first position: its smaller arrow count and its share band. */
static compass_plan_entry tier_row(int t)
{
    compass_plan_entry e = compass_plan_entry_at(0);
    for (int i = 0; i < COMPASS_CAMPAIGN_LEVELS; i++) {
        e = compass_plan_entry_at(i);
        if (e.tier == t && e.tier_first)
            break;
    }
    return e;
}

int compass_verdict_tier(int arrow_count, int solvable, double random_win_share)
{
    if (!solvable)
        return 0;
    int tier = 0;
    for (int t = 1; t <= COMPASS_TIER_COUNT; t++) {
        compass_plan_entry e = tier_row(t);
        if (arrow_count >= e.arrows && random_win_share <= e.share_high)
            tier = t;
    }
    return tier;
}

/* The releases legal from the start: a mask by arrow index. */
static uint64_t releasable_now(const compass_level *l)
{
    compass_state s = compass_initial_state(l);
    uint64_t mask = 0;
    for (int a = 0; a < l->arrow_count; a++)
        if (compass_release(l, &s, a, NULL).status == COMPASS_RELEASED)
            mask |= 1ull << a;
    return mask;
}

static compass_verdict_status stopped(const compass_verdict_opts *o, compass_solve_status st)
{
    if (cancelled(o))
        return COMPASS_VERDICT_CANCELLED;
    return st == COMPASS_SOLVE_NOMEM ? COMPASS_VERDICT_NOMEM : COMPASS_VERDICT_TOO_LARGE;
}

/* What does not need the search: hash, arrows, the releases free at the start, sameAs. */
static void begin(const compass_level *l, const compass_verdict_opts *opts, compass_verdict *out)
{
    memset(out, 0, sizeof *out);
    compass_canonical_hash(l, out->hash);
    out->arrow_count = l->arrow_count;
    out->releasable = releasable_now(l);
    for (int i = 0; opts && opts->campaign && i < opts->campaign_count; i++)
        if (strcmp(opts->campaign[i].hash, out->hash) == 0) {
            snprintf(out->same_as, sizeof out->same_as, "%s", opts->campaign[i].id);
            break;
        }
}

/* The metric pass and every figure after it; progress from base of total. */
static compass_verdict_status finish(const compass_level *l, const compass_solve_result *r,
                                     const compass_verdict_opts *opts, progress_ctx *pc,
                                     compass_verdict *out)
{
    int n = l->arrow_count;
    out->state_count = r->state_count;
    if (r->memory_peak > out->memory_peak)
        out->memory_peak = r->memory_peak;
    out->solvable = r->solvable;
    out->solution_len = r->solution_len;
    memcpy(out->solution, r->solution, sizeof out->solution);
    out->decision_steps =
        out->solvable ? compass_decision_steps(l, out->solution, out->solution_len) : 0;
    out->greedy_wins = compass_greedy_wins(l);
    /* The deepest layer the search reached: an unsolvable search stops after the first
     * empty layer (layer_reached counts it). */
    out->best_released = r->solvable ? n : r->layer_reached - 1;
    out->search_done = 1;

    compass_metrics_opts mo = {0};
    mo.max_memory = opts ? opts->max_memory : 0;
    mo.cancel = opts ? opts->cancel : NULL;
    mo.progress = opts && opts->progress ? metrics_progress : NULL;
    mo.progress_ctx = pc;
    compass_metrics *m = &out->metrics;
    compass_solve_status st = compass_metrics_run(l, &mo, m);
    if (m->memory_peak > out->memory_peak)
        out->memory_peak = m->memory_peak;
    if (st != COMPASS_SOLVE_DONE)
        return out->status = stopped(opts, st);
    out->winning_orders = m->winning_orders;
    out->random_win_share = m->random_win_share;
    out->wrong_moves = m->wrong_moves;
    out->lookahead = m->lookahead;
    out->tier = compass_verdict_tier(n, out->solvable, out->random_win_share);
    return out->status = COMPASS_VERDICT_DONE;
}

compass_verdict_status compass_verdict_from_search(const compass_level *l,
                                                   const compass_solve_result *r,
                                                   const compass_verdict_opts *opts,
                                                   compass_verdict *out)
{
    begin(l, opts, out);
    progress_ctx pc = {opts, 0, 2 * l->arrow_count + 1};
    return finish(l, r, opts, &pc, out);
}

compass_verdict_status compass_verdict_of(const compass_level *l, const compass_verdict_opts *opts,
                                          compass_verdict *out)
{
    begin(l, opts, out);
    if (cancelled(opts))
        return out->status = COMPASS_VERDICT_CANCELLED;
    int n = l->arrow_count;
    progress_ctx pc = {opts, n, n + 2 * n + 1};
    compass_solve_opts so = {0, opts && opts->progress ? solve_progress : NULL, &pc};
    compass_solve_result *r = malloc(sizeof *r);
    if (!r)
        return out->status = COMPASS_VERDICT_NOMEM;
    compass_solve_status st = compass_solve_cancellable(l, &so, opts ? opts->max_memory : 0,
                                                        opts ? opts->cancel : NULL, r);
    out->state_count = r->state_count;
    out->memory_peak = r->memory_peak;
    compass_verdict_status vs = st == COMPASS_SOLVE_DONE ? finish(l, r, opts, &pc, out)
                                                         : (out->status = stopped(opts, st));
    free(r);
    return vs;
}

void compass_verdict_refs_of(const compass_level *levels, int count, compass_verdict_ref *out)
{
    for (int i = 0; i < count; i++) {
        snprintf(out[i].id, sizeof out[i].id, "%s", levels[i].id);
        compass_canonical_hash(&levels[i], out[i].hash);
    }
}

/* snprintf's return made the length written. */
static size_t written(int len, size_t buflen)
{
    if (len < 0 || !buflen)
        return 0;
    return (size_t)len >= buflen ? buflen - 1 : (size_t)len;
}

size_t compass_verdict_line(const compass_verdict *v, char *buf, size_t buflen)
{
    if (buflen)
        buf[0] = '\0';
    if (v->search_done && v->status != COMPASS_VERDICT_DONE && v->status != COMPASS_VERDICT_CANCELLED) {
        if (v->solvable)
            return written(snprintf(buf, buflen,
                                    "solvable - too large to count its orders (%llu states)",
                                    (unsigned long long)v->state_count),
                           buflen);
        return written(snprintf(buf, buflen, "NO SOLUTION: the best line releases %d of %d",
                                v->best_released, v->arrow_count),
                       buflen);
    }
    switch (v->status) {
    case COMPASS_VERDICT_TOO_LARGE:
        return written(snprintf(buf, buflen,
                                "too large to judge: the search stopped after %llu states",
                                (unsigned long long)v->state_count),
                       buflen);
    case COMPASS_VERDICT_NOMEM:
        return written(snprintf(buf, buflen, "out of memory judging this board"), buflen);
    case COMPASS_VERDICT_CANCELLED:
        return written(snprintf(buf, buflen, "judging..."), buflen);
    case COMPASS_VERDICT_DONE:
        break;
    }
    if (!v->solvable)
        return written(snprintf(buf, buflen, "NO SOLUTION: the best line releases %d of %d",
                                v->best_released, v->arrow_count),
                       buflen);
    char orders[COMPASS_COUNT_DIGITS + 1];
    compass_count_decimal(&v->winning_orders, orders, sizeof orders);
    int percent = (int)(v->random_win_share * 100 + 0.5);
    /* Never "100%" while a dead end is reachable, never "0%" while a win is. */
    if (percent == 100 && v->random_win_share < 1)
        percent = 99;
    if (percent == 0 && v->random_win_share > 0)
        percent = 1;
    return written(snprintf(buf, buflen, "solvable - %s winning order%s - random play wins %d%%",
                            orders, strcmp(orders, "1") == 0 ? "" : "s", percent),
                   buflen);
}
