/* Find the Odd Shape Session Controller: Systems & Controllers, RT-CLICK, RT-TIMER,
 * RT-SESSION and Session & Scoring, driven by inputs and times from the caller. */
#include "oddshape_session.h"

#include <stdio.h>
#include <string.h>

const int oddshape_slot_x[ODDSHAPE_SLOTS] = {480, 960, 1440};

const char *const oddshape_state_names[ODDSHAPE_STATE_COUNT] = {
    "Title",           "Options",       "Ready",           "RoundReveal", "RoundInteractive",
    "RoundFeedback",   "RoundTransition", "Results",       "Paused",      "Quit"};

int oddshape_slot_at(double x, double y)
{
    const double half = ODDSHAPE_PATCH_SIZE / 2.0;
    if (y < ODDSHAPE_SLOT_Y - half || y >= ODDSHAPE_SLOT_Y + half)
        return -1;
    for (int s = 0; s < ODDSHAPE_SLOTS; s++)
        if (x >= oddshape_slot_x[s] - half && x < oddshape_slot_x[s] + half)
            return s;
    return -1;
}

static void push(oddshape_session *s, const oddshape_event *ev)
{
    if (s->event_count == ODDSHAPE_EVENT_QUEUE) { /* keep the newest: drop the oldest */
        s->event_head = (s->event_head + 1) % ODDSHAPE_EVENT_QUEUE;
        s->event_count--;
        s->events_dropped++;
    }
    s->events[(s->event_head + s->event_count) % ODDSHAPE_EVENT_QUEUE] = *ev;
    s->event_count++;
}

static void enter(oddshape_session *s, oddshape_state state, int64_t t)
{
    s->state = state;
    s->entered_ms = t;
    oddshape_event ev = {.kind = ODDSHAPE_EV_STATE, .t_ms = t, .state = state,
                         .round = s->round, .slot = -1};
    push(s, &ev);
}

void oddshape_session_init(oddshape_session *s, const oddshape_round table[ODDSHAPE_ROUNDS],
                           int randomize, uint32_t seed, int64_t now_ms)
{
    memset(s, 0, sizeof *s);
    memcpy(s->table, table, sizeof s->table);
    s->randomize = randomize;
    s->seed = seed;
    s->last_slot = -1;
    enter(s, ODDSHAPE_TITLE, now_ms);
}

void oddshape_session_set_source(oddshape_session *s, int randomize, uint32_t seed)
{
    s->randomize = randomize;
    s->seed = seed;
}

/* Title->Ready, Restart and Play Again: reset the tally and lock the source (LED-1). */
static void start_session(oddshape_session *s, int64_t t)
{
    s->round = 1;
    s->correct = s->errors = 0;
    memset(s->round_time_ms, 0, sizeof s->round_time_ms);
    memset(s->outcome, 0, sizeof s->outcome);
    memset(s->pauses, 0, sizeof s->pauses);
    s->timer_base_ms = 0;
    s->last_slot = -1;
    s->locked_randomize = s->randomize;
    s->locked_seed = s->seed;
    if (s->locked_randomize)
        oddshape_generate(s->locked_seed, s->rounds);
    else
        memcpy(s->rounds, s->table, sizeof s->rounds);
    enter(s, ODDSHAPE_READY, t);
}

/* RT-CLICK R1/R2/R4: record the outcome and selection time, freeze the timer there. */
static void resolve(oddshape_session *s, int slot, int64_t selection_ms, int64_t t)
{
    int r = s->round - 1;
    oddshape_outcome outcome = slot < 0 ? ODDSHAPE_OUTCOME_TIMEOUT
                               : slot == s->rounds[r].odd_slot ? ODDSHAPE_OUTCOME_CORRECT
                                                               : ODDSHAPE_OUTCOME_ERROR;
    s->outcome[r] = outcome;
    s->round_time_ms[r] = selection_ms;
    if (outcome == ODDSHAPE_OUTCOME_CORRECT)
        s->correct++;
    else
        s->errors++;
    s->last_slot = slot;
    s->timer_base_ms = selection_ms;
    oddshape_event ev = {.kind = ODDSHAPE_EV_RESOLVED, .t_ms = t, .state = s->state,
                         .round = s->round, .outcome = outcome, .slot = slot,
                         .time_ms = selection_ms, .pauses = s->pauses[r]};
    push(s, &ev);
    enter(s, ODDSHAPE_ROUND_FEEDBACK, t);
}

void oddshape_session_update(oddshape_session *s, int64_t now)
{
    for (;;) {
        int64_t due;
        switch (s->state) {
        case ODDSHAPE_READY:
            due = s->entered_ms + ODDSHAPE_READY_MS;
            if (now < due)
                return;
            enter(s, ODDSHAPE_ROUND_REVEAL, due);
            s->timer_base_ms = 0; /* RT-TIMER T3: reset on entering RoundReveal */
            break;
        case ODDSHAPE_ROUND_REVEAL:
            due = s->entered_ms + ODDSHAPE_REVEAL_MS;
            if (now < due)
                return;
            s->timer_base_ms = 0;
            s->timer_run_ms = due; /* T1: counts from entry to RoundInteractive */
            enter(s, ODDSHAPE_ROUND_INTERACTIVE, due);
            break;
        case ODDSHAPE_ROUND_INTERACTIVE:
            due = s->timer_run_ms + (ODDSHAPE_TIMEOUT_MS - s->timer_base_ms);
            if (now < due)
                return;
            resolve(s, -1, ODDSHAPE_TIMEOUT_MS, due); /* R4: counts exactly 10.00 s */
            break;
        case ODDSHAPE_ROUND_FEEDBACK:
            due = s->entered_ms + ODDSHAPE_FEEDBACK_MS;
            if (now < due)
                return;
            enter(s, ODDSHAPE_ROUND_TRANSITION, due);
            break;
        case ODDSHAPE_ROUND_TRANSITION:
            due = s->entered_ms + ODDSHAPE_TRANSITION_MS;
            if (now < due)
                return;
            if (s->round < ODDSHAPE_ROUNDS) { /* RT-SESSION S1 */
                s->round++;
                enter(s, ODDSHAPE_ROUND_REVEAL, due);
                s->timer_base_ms = 0;
            } else { /* S2 */
                enter(s, ODDSHAPE_RESULTS, due);
                oddshape_event ev = {.kind = ODDSHAPE_EV_RESULTS, .t_ms = due,
                                     .state = ODDSHAPE_RESULTS, .round = s->round, .slot = -1};
                push(s, &ev);
            }
            break;
        default:
            return; /* Title, Options, Results, Paused, Quit wait for input */
        }
    }
}

int oddshape_session_input(oddshape_session *s, const oddshape_input *in, int64_t now)
{
    oddshape_session_update(s, now);
    switch (s->state) {
    case ODDSHAPE_TITLE:
        if (in->kind == ODDSHAPE_IN_PLAY)
            start_session(s, now);
        else if (in->kind == ODDSHAPE_IN_OPTIONS)
            enter(s, ODDSHAPE_OPTIONS, now);
        else if (in->kind == ODDSHAPE_IN_QUIT)
            enter(s, ODDSHAPE_QUIT, now);
        else
            return 0;
        return 1;
    case ODDSHAPE_OPTIONS:
        if (in->kind != ODDSHAPE_IN_BACK)
            return 0;
        enter(s, ODDSHAPE_TITLE, now);
        return 1;
    case ODDSHAPE_ROUND_INTERACTIVE: {
        int slot = -1;
        if (in->kind == ODDSHAPE_IN_CLICK)
            slot = oddshape_slot_at(in->x, in->y); /* -1: R3, outside every box */
        else if (in->kind == ODDSHAPE_IN_SELECT && in->slot >= 0 && in->slot < ODDSHAPE_SLOTS)
            slot = in->slot;
        else if (in->kind == ODDSHAPE_IN_PAUSE) {
            s->timer_base_ms += now - s->timer_run_ms; /* T2: freeze, keep the value */
            s->pauses[s->round - 1]++;
            enter(s, ODDSHAPE_PAUSED, now);
            return 1;
        }
        if (slot < 0)
            return 0;
        resolve(s, slot, s->timer_base_ms + (now - s->timer_run_ms), now); /* R1 / R2 */
        return 1;
    }
    case ODDSHAPE_PAUSED: /* R6: only the Pause overlay consumes input */
        if (in->kind == ODDSHAPE_IN_RESUME) {
            s->timer_run_ms = now;
            enter(s, ODDSHAPE_ROUND_INTERACTIVE, now);
        } else if (in->kind == ODDSHAPE_IN_RESTART) {
            start_session(s, now);
        } else if (in->kind == ODDSHAPE_IN_MAIN_MENU) {
            enter(s, ODDSHAPE_TITLE, now);
        } else {
            return 0;
        }
        return 1;
    case ODDSHAPE_RESULTS:
        if (in->kind == ODDSHAPE_IN_PLAY_AGAIN)
            start_session(s, now);
        else if (in->kind == ODDSHAPE_IN_MAIN_MENU)
            enter(s, ODDSHAPE_TITLE, now);
        else
            return 0;
        return 1;
    default:
        return 0; /* R5: Ready, RoundReveal, RoundFeedback, RoundTransition are locked */
    }
}

int oddshape_session_poll(oddshape_session *s, oddshape_event *out)
{
    if (s->event_count == 0)
        return 0;
    *out = s->events[s->event_head];
    s->event_head = (s->event_head + 1) % ODDSHAPE_EVENT_QUEUE;
    s->event_count--;
    return 1;
}

int64_t oddshape_session_timer_ms(const oddshape_session *s, int64_t now)
{
    if (s->state != ODDSHAPE_ROUND_INTERACTIVE)
        return s->timer_base_ms; /* T2/T3: frozen (0 before the round runs) */
    int64_t t = s->timer_base_ms + (now - s->timer_run_ms);
    return t < ODDSHAPE_TIMEOUT_MS ? t : ODDSHAPE_TIMEOUT_MS;
}

const oddshape_round *oddshape_session_current(const oddshape_session *s)
{
    if (s->round < 1 || s->round > ODDSHAPE_ROUNDS)
        return NULL;
    return &s->rounds[s->round - 1];
}

void oddshape_session_stats(const oddshape_session *s, oddshape_stats *out)
{
    memset(out, 0, sizeof *out);
    out->correct = s->correct;
    out->errors = s->errors;
    out->fastest_ms = -1;
    for (int r = 0; r < ODDSHAPE_ROUNDS; r++) {
        if (s->outcome[r] == ODDSHAPE_OUTCOME_NONE)
            continue;
        out->total_ms += s->round_time_ms[r];
        if (s->pauses[r] > 0)
            out->paused_rounds++;
        if (s->outcome[r] == ODDSHAPE_OUTCOME_CORRECT &&
            (out->fastest_ms < 0 || s->round_time_ms[r] < out->fastest_ms))
            out->fastest_ms = s->round_time_ms[r];
    }
    out->avg_ms = (double)out->total_ms / ODDSHAPE_ROUNDS;            /* DBT-23 */
    out->accuracy_pct = (s->correct * 200 + ODDSHAPE_ROUNDS) / (2 * ODDSHAPE_ROUNDS); /* round half up */
}

void oddshape_format_seconds(double ms, char *buf, size_t buflen)
{
    if (ms < 0) {
        snprintf(buf, buflen, "\xE2\x80\x94"); /* "—": no correct round yet */
        return;
    }
    long long hundredths = (long long)(ms / 10.0 + 0.5);
    snprintf(buf, buflen, "%lld.%02lld", hundredths / 100, hundredths % 100);
}
