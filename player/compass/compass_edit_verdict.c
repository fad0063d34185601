/* The level editor's verdict of the board on screen: compass_verdict_of at once for small
 * boards (and every headless run, so the events log is exact), in a worker thread for large
 * ones, with progress, cancelled by the next edit (headless runs wait for it, so their logs are
 * exact). The worker owns a copy of the board; what
 * it finds is handed over under the lock and taken by the scene's update, which logs it. */
#include <stdlib.h>
#include <string.h>

#include "compass/compass_evidence.h"
#include "compass/compass_metrics.h"
#include "compass_events.h"
#include "compass_edit_ui.h"

struct compass_edit_job {
    compass_editor *owner;
    uint64_t gen;
    volatile int cancel;
    compass_level level;
    compass_verdict out;
};

static const char *status_name(compass_verdict_status st)
{
    switch (st) {
    case COMPASS_VERDICT_DONE: return "done";
    case COMPASS_VERDICT_TOO_LARGE: return "too-large";
    case COMPASS_VERDICT_NOMEM: return "out-of-memory";
    default: return "cancelled";
    }
}

/* editor-verdict: the figures bin/solver compass writes for the same board (randomWinShare
 * rounded as the evidence rounds it), or, for a board that is not a level yet, the reader's
 * message as problem and no figures. */
static void log_verdict(compass_editor *s, int64_t now)
{
    if (!s->events)
        return;
    const compass_level *l = compass_edit_board(&s->ed);
    cJSON *ev = compass_events_begin(now, "editor-verdict");
    if (s->problem[0]) {
        cJSON_AddStringToObject(ev, "status", "invalid");
        cJSON_AddStringToObject(ev, "problem", s->problem);
        cJSON_AddNullToObject(ev, "hash");
        cJSON_AddBoolToObject(ev, "solvable", 0);
        cJSON_AddNullToObject(ev, "stateCount");
        cJSON_AddNullToObject(ev, "winningOrders");
        cJSON_AddNullToObject(ev, "randomWinShare");
        cJSON_AddNullToObject(ev, "wrongMoves");
        cJSON_AddNullToObject(ev, "decisionSteps");
        cJSON_AddNumberToObject(ev, "tier", 0);
        cJSON_AddNullToObject(ev, "sameAs");
        cJSON_AddItemToObject(ev, "releasable", cJSON_CreateArray());
        compass_editor_emit(s, ev);
        return;
    }
    const compass_verdict *v = &s->verdict;
    int done = v->status == COMPASS_VERDICT_DONE;
    /* The search can finish when the metric pass then stops: its own figures still hold. */
    int searched = done || v->search_done;
    cJSON_AddStringToObject(ev, "status", status_name(v->status));
    cJSON_AddNullToObject(ev, "problem");
    cJSON_AddStringToObject(ev, "hash", v->hash);
    cJSON_AddBoolToObject(ev, "solvable", searched && v->solvable);
    if (searched)
        cJSON_AddNumberToObject(ev, "stateCount", (double)v->state_count);
    else
        cJSON_AddNullToObject(ev, "stateCount");
    if (done) {
        cJSON_AddItemToObject(ev, "winningOrders", compass_count_json(&v->winning_orders));
        cJSON_AddNumberToObject(ev, "randomWinShare", compass_share_rounded(v->random_win_share));
        cJSON_AddNumberToObject(ev, "wrongMoves", (double)v->wrong_moves);
    } else {
        cJSON_AddNullToObject(ev, "winningOrders");
        cJSON_AddNullToObject(ev, "randomWinShare");
        cJSON_AddNullToObject(ev, "wrongMoves");
    }
    if (searched)
        cJSON_AddNumberToObject(ev, "decisionSteps", v->solvable ? v->decision_steps : 0);
    else
        cJSON_AddNullToObject(ev, "decisionSteps");
    cJSON_AddNumberToObject(ev, "tier", done ? v->tier : 0);
    if (v->same_as[0])
        cJSON_AddStringToObject(ev, "sameAs", v->same_as);
    else
        cJSON_AddNullToObject(ev, "sameAs");
    cJSON *rel = cJSON_AddArrayToObject(ev, "releasable");
    uint64_t bits = compass_editor_releasable(s);
    for (int a = 0; a < l->arrow_count; a++)
        if ((bits >> a) & 1)
            cJSON_AddItemToArray(rel, cJSON_CreateString(l->arrows[a].id));
    if (searched && v->solvable) {
        cJSON *sol = cJSON_AddArrayToObject(ev, "solution");
        for (int i = 0; i < v->solution_len; i++)
            cJSON_AddItemToArray(sol, cJSON_CreateString(l->arrows[v->solution[i]].id));
    }
    compass_editor_emit(s, ev);
}

static void opts_of(compass_editor *s, compass_verdict_opts *o)
{
    memset(o, 0, sizeof *o);
    /* An editor is a window beside others, not a batch job: a board too large for this is
     * "too large to check" (bin/solver compass --max-memory goes further). */
    o->max_memory = COMPASS_EDIT_MAX_MEMORY;
    o->campaign = s->refs;
    o->campaign_count = s->nrefs;
}

static void progress(void *ctx, int done, int total)
{
    compass_edit_job *j = ctx;
    compass_editor *s = j->owner;
    SDL_LockMutex(s->lock);
    if (s->job == j) {
        s->progress_done = done;
        s->progress_total = total;
    }
    SDL_UnlockMutex(s->lock);
}

static int worker(void *p)
{
    compass_edit_job *j = p;
    compass_editor *s = j->owner;
    compass_verdict_opts o;
    opts_of(s, &o); /* refs are read-only for the scene's whole life */
    o.cancel = &j->cancel;
    o.progress = progress;
    o.progress_ctx = j;
    compass_verdict_of(&j->level, &o, &j->out);
    SDL_LockMutex(s->lock);
    if (s->job == j && j->out.status != COMPASS_VERDICT_CANCELLED) {
        s->done_verdict = j->out;
        s->done_gen = j->gen;
        s->done_ready = 1;
    }
    if (s->job == j)
        s->job = NULL;
    s->jobs_running--;
    SDL_UnlockMutex(s->lock);
    free(j);
    return 0;
}

/* Cancels the running job (it ends on its own and frees itself). Under the lock. */
/* The verdict worked out on the scene's thread, at once. */
static void verdict_here(compass_editor *s, const compass_level *l, int64_t now)
{
    compass_verdict_opts o;
    opts_of(s, &o);
    compass_verdict_of(l, &o, &s->verdict);
    s->verdict_ready = 1;
    log_verdict(s, now);
}

static void cancel_job(compass_editor *s)
{
    if (s->job) {
        s->job->cancel = 1;
        s->job = NULL;
    }
    s->done_ready = 0;
}

void compass_editor_verdict_start(compass_editor *s, int64_t now)
{
    s->board_gen++;
    compass_level l;
    SDL_LockMutex(s->lock);
    cancel_job(s);
    s->progress_done = s->progress_total = 0;
    SDL_UnlockMutex(s->lock);
    s->verdict_ready = 0;
    if (compass_edit_level(&s->ed, &l, s->problem, sizeof s->problem)) {
        s->verdict_ready = 1;
        log_verdict(s, now);
        return;
    }
    s->problem[0] = 0;
    if (l.arrow_count <= COMPASS_EDIT_SYNC_ARROWS) {
        verdict_here(s, &l, now);
        return;
    }
    compass_edit_job *j = calloc(1, sizeof *j);
    if (!j) {
        snprintf(s->problem, sizeof s->problem, "out of memory");
        s->verdict_ready = 1;
        log_verdict(s, now);
        return;
    }
    j->owner = s;
    j->gen = s->board_gen;
    j->level = l;
    SDL_LockMutex(s->lock);
    s->job = j;
    s->jobs_running++;
    SDL_UnlockMutex(s->lock);
    SDL_Thread *t = SDL_CreateThread(worker, "compass-verdict", j);
    if (!t) {
        /* No thread: the verdict is worked out here, late but right. */
        SDL_LockMutex(s->lock);
        s->job = NULL;
        s->jobs_running--;
        SDL_UnlockMutex(s->lock);
        free(j);
        verdict_here(s, &l, now);
        return;
    }
    if (s->headless) {
        /* The same worker, waited for: the log gets the verdict at this very time. */
        SDL_WaitThread(t, NULL);
        compass_editor_verdict_poll(s, now);
        return;
    }
    SDL_DetachThread(t);
}

int compass_editor_verdict_poll(compass_editor *s, int64_t now)
{
    int got = 0;
    SDL_LockMutex(s->lock);
    if (s->done_ready && s->done_gen == s->board_gen) {
        s->verdict = s->done_verdict;
        s->verdict_ready = 1;
        got = 1;
    }
    s->done_ready = 0;
    SDL_UnlockMutex(s->lock);
    if (got) {
        s->redraw = 1; /* update() took it: the frame on screen still says "checking" */
        log_verdict(s, now);
    }
    return got;
}

int compass_editor_verdict_busy(compass_editor *s, int *done, int *total)
{
    SDL_LockMutex(s->lock);
    int busy = s->job != NULL;
    if (done)
        *done = s->progress_done;
    if (total)
        *total = s->progress_total;
    SDL_UnlockMutex(s->lock);
    return busy;
}

void compass_editor_verdict_stop(compass_editor *s)
{
    if (!s->lock)
        return;
    SDL_LockMutex(s->lock);
    cancel_job(s);
    SDL_UnlockMutex(s->lock);
    for (;;) {
        SDL_LockMutex(s->lock);
        int n = s->jobs_running;
        SDL_UnlockMutex(s->lock);
        if (n == 0)
            break;
        SDL_Delay(2);
    }
}
