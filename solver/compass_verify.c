/* solver compass: the one per-level verifier, a breadth-first search (or --first's depth-first
 * one) whose answers are replayed into the level's evidence record; the command line and the
 * --campaign mode both call it. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

#include "cli.h"
#include "compass/compass.h"
#include "compass/compass_evidence.h"
#include "compass/compass_first.h"
#include "compass/compass_first_json.h"
#include "compass/compass_solve.h"
#include "compass_cli.h"
#include "html_evidence.h"
#include "report.h"

enum { PROGRESS_MIN_STATES = 1000000 };

struct progress_ctx {
    const char *path;
};

static void progress(void *ctx, int layer, int layers, uint64_t states)
{
    const struct progress_ctx *p = ctx;
    if (states >= PROGRESS_MIN_STATES)
        fprintf(stderr, "%s: compass: %s: %d/%d releases searched, %llu states\n", cli_prog,
                p->path, layer, layers, (unsigned long long)states);
}

static void progress_first(void *ctx, int depth, int layers, uint64_t states)
{
    const struct progress_ctx *p = ctx;
    fprintf(stderr, "%s: compass: %s: first-solution search at depth %d/%d, %llu states "
                    "expanded\n", cli_prog, p->path, depth, layers, (unsigned long long)states);
}

/* Exit 1 (2 when out of memory) with the figures a stopped search reached and the limit that
 * stopped it. */
static int stopped(const char *path, const compass_level *l, const compass_solve_result *r)
{
    /* Out of memory is exit 2 everywhere (solver_out_of_memory); the limits are exit 1. */
    int code = r->status == COMPASS_SOLVE_NOMEM ? CLI_USAGE : CLI_CHECK_FAILED;
    const char *why = r->status == COMPASS_SOLVE_LIMIT    ? "search limit reached"
                      : r->status == COMPASS_SOLVE_MEMORY ? "memory limit reached"
                                                          : "out of memory";
    const char *flag = r->status == COMPASS_SOLVE_LIMIT    ? " (--max-states)"
                       : r->status == COMPASS_SOLVE_MEMORY ? " (--max-memory)"
                                                           : "";
    if (!r->enumerated)
        return cli_error(code, "compass: %s: %s after %llu states expanded%s, %.1f MiB of tables",
                         path, why, (unsigned long long)r->state_count, flag,
                         r->memory_peak / 1048576.0);
    return cli_error(code,
                     "compass: %s: %s after %llu states%s: %d of %d releases searched, %.1f MiB "
                     "of tables; --first looks for one solution without enumerating every state",
                     path, why, (unsigned long long)r->state_count, flag, r->layer_reached,
                     l->arrow_count, r->memory_peak / 1048576.0);
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Measurement for `make bench`: on stderr only, never in a record. */
static void print_stats(const char *path, const compass_solve_result *r, double seconds)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    if (!r->enumerated) {
        fprintf(stderr,
                "%s: compass: %s: %llu states expanded (not enumerated) in %.3f s, peak memory "
                "%.1f MiB (search tables %.1f MiB)\n",
                cli_prog, path, (unsigned long long)r->state_count, seconds,
                ru.ru_maxrss / 1024.0, r->memory_peak / 1048576.0);
        return;
    }
    fprintf(stderr,
            "%s: compass: %s: %llu states (largest layer %llu) in %.3f s, %.0f states/s, "
            "peak memory %.1f MiB (search tables %.1f MiB)\n",
            cli_prog, path, (unsigned long long)r->state_count,
            (unsigned long long)r->layer_max, seconds,
            seconds > 0 ? (double)r->state_count / seconds : 0.0, ru.ru_maxrss / 1024.0,
            r->memory_peak / 1048576.0);
}

/* The metric pass's time and tables (make bench), on a line of its own after print_stats. */
static void print_metric_stats(const char *path, const compass_metrics *m, double seconds)
{
    if (m->status != COMPASS_SOLVE_DONE) {
        fprintf(stderr, "%s: compass: %s: metric pass stopped (%s) after %.3f s, metric tables "
                        "%.1f MiB\n", cli_prog, path,
                m->status == COMPASS_SOLVE_MEMORY ? "--max-memory" : "out of memory", seconds,
                m->memory_peak / 1048576.0);
        return;
    }
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    fprintf(stderr, "%s: compass: %s: metric pass over %llu states: %.3f s, metric tables %.1f "
                    "MiB (%s layers), process peak %.1f MiB\n", cli_prog, path,
            (unsigned long long)m->state_count, seconds, m->memory_peak / 1048576.0,
            m->dense ? "dense" : "keyed", ru.ru_maxrss / 1024.0);
}

int solver_compass_first(const char *path, const compass_level *l, const solver_compass_opts *o)
{
    struct progress_ctx pc = {path};
    compass_solve_opts opts = {o->max_states, progress_first, &pc};
    compass_solve_result *r = malloc(sizeof *r);
    if (!r)
        return solver_out_of_memory("compass", path);
    double t0 = now_seconds();
    compass_solve_first(l, &opts, o->max_memory, r);
    if (o->stats)
        print_stats(path, r, now_seconds() - t0);
    int rc, verified = 0;
    cJSON *doc = NULL;
    if (r->status != COMPASS_SOLVE_DONE)
        rc = stopped(path, l, r);
    else if (!(doc = compass_first_json(l, r, &verified)))
        rc = solver_out_of_memory("compass", path);
    else {
        solver_checks c;
        solver_checks_begin(&c, "compass", path, NULL);
        if (r->solvable)
            solver_check(&c, "solverVerified", verified, "the solution did not replay to a win");
        else
            solver_check(&c, "solvable", verified, "no winning release order exists");
        rc = solver_report_write(&c, doc, NULL);
    }
    cJSON_Delete(doc);
    free(r);
    return rc;
}

int solver_compass_verify(const char *path, const compass_level *l,
                          const solver_compass_opts *o, const char *report_dir)
{
    struct progress_ctx pc = {path};
    compass_solve_opts opts = {o->max_states, progress, &pc};
    compass_solve_result *r = malloc(sizeof *r);
    if (!r)
        return solver_out_of_memory("compass", path);
    double t0 = now_seconds();
    compass_solve_bounded(l, &opts, o->max_memory, r);
    if (o->stats)
        print_stats(path, r, now_seconds() - t0);
    if (r->status != COMPASS_SOLVE_DONE) {
        int rc = stopped(path, l, r);
        free(r);
        return rc;
    }
    /* The figures of the record: the verdict on top of the search (one implementation, the
     * one the player and the editor show), its metric pass bounded by --max-memory too. */
    compass_verdict *vd = malloc(sizeof *vd);
    if (!vd) {
        free(r);
        return solver_out_of_memory("compass", path);
    }
    compass_verdict_opts vo = {0};
    vo.max_memory = o->max_memory;
    t0 = now_seconds();
    compass_verdict_from_search(l, r, &vo, vd);
    if (o->stats)
        print_metric_stats(path, &vd->metrics, now_seconds() - t0);
    compass_evidence_verdict v;
    cJSON *doc = compass_evidence_from_verdict(l, r, vd, &v);
    free(vd);
    free(r);
    if (!doc)
        return solver_out_of_memory("compass", path);
    /* The record holds the verdict fields; the checks are listed for stderr only, each
     * detail saying what its failure means. */
    const struct { int ok; const char *name, *detail; } checks[] = {
        {v.solvable, "solvable", "no winning release order is reachable"},
        {!v.solvable || v.solver_verified, "solverVerified", "the solution did not replay to a win"},
        {!v.solvable || v.path_length_ok, "pathLength", "differs from the arrow count"},
        {v.witnesses_verified, "witnesses", "a witness path did not replay"},
        {!v.reverse_present || v.reverse_verified, "reverseConstructionVerified",
         "construction.reverseSolution does not replay to a win"},
    };
    solver_checks c;
    solver_checks_begin(&c, "compass", path, NULL);
    for (size_t i = 0; i < sizeof checks / sizeof *checks; i++)
        solver_check(&c, checks[i].name, checks[i].ok, checks[i].detail);
    char out[4200];
    if (report_dir)
        snprintf(out, sizeof out, "%s/%s.json", report_dir, l->id);
    int rc = solver_report_write(&c, doc, report_dir ? out : NULL);
    /* the page shows a failed level too; only a record that could not be written stops it */
    if (rc != CLI_USAGE && o->html) {
        int page = solver_html_level(l, doc, o->html);
        if (page != CLI_OK)
            rc = page;
    }
    cJSON_Delete(doc);
    return rc;
}
