/* Event-log lines for headless replays: fixed key order, times in ms. */
#include "eventlog.h"

#include <stdio.h>

static const char *const outcome_names[] = {"none", "correct", "error", "timeout"};

int eventlog_format(const oddshape_event *ev, const oddshape_session *s, char *buf, size_t n)
{
    long long t = (long long)ev->t_ms;
    switch (ev->kind) {
    case ODDSHAPE_EV_STATE: {
        int k = snprintf(buf, n, "{\"t\":%lld,\"event\":\"state\",\"state\":\"%s\",\"round\":%d}\n", t,
                         oddshape_state_names[ev->state], ev->round);
        if (ev->state != ODDSHAPE_READY || k < 0 || (size_t)k >= n) return k;
        /* LED-1: the source locked at Ready entry, and the odd slots it yields */
        int m = snprintf(buf + k, n - (size_t)k,
                         "{\"t\":%lld,\"event\":\"source\",\"randomize\":%s,\"seed\":%lu,\"oddSlots\":[",
                         t, s->locked_randomize ? "true" : "false", (unsigned long)s->locked_seed);
        for (int r = 0; r < ODDSHAPE_ROUNDS && m >= 0 && (size_t)(k + m) < n; r++)
            m += snprintf(buf + k + m, n - (size_t)(k + m), "%s%d", r ? "," : "", s->rounds[r].odd_slot);
        if (m >= 0 && (size_t)(k + m) < n) m += snprintf(buf + k + m, n - (size_t)(k + m), "]}\n");
        return k + m;
    }
    case ODDSHAPE_EV_RESOLVED:
        return snprintf(buf, n,
                        "{\"t\":%lld,\"event\":\"resolved\",\"round\":%d,\"outcome\":\"%s\",\"slot\":%d,"
                        "\"timeMs\":%lld}\n",
                        t, ev->round, outcome_names[ev->outcome], ev->slot, (long long)ev->time_ms);
    default: {
        oddshape_stats st;
        oddshape_session_stats(s, &st);
        char fastest[32];
        if (st.fastest_ms < 0) snprintf(fastest, sizeof fastest, "null");
        else snprintf(fastest, sizeof fastest, "%lld", (long long)st.fastest_ms);
        return snprintf(buf, n,
                        "{\"t\":%lld,\"event\":\"results\",\"correct\":%d,\"errors\":%d,\"avgTime\":%.2f,"
                        "\"accuracy\":%d,\"fastest\":%s}\n",
                        t, st.correct, st.errors, st.avg_ms, st.accuracy_pct, fastest);
    }
    }
}

int eventlog_options(int64_t t_ms, const settings *cfg, char *buf, size_t n)
{
    return snprintf(buf, n,
                    "{\"t\":%lld,\"event\":\"options\",\"master\":%d,\"music\":%d,\"sfx\":%d,"
                    "\"colorblind\":%s,\"randomize\":%s,\"seed\":%lu}\n",
                    (long long)t_ms, cfg->master, cfg->music, cfg->sfx,
                    cfg->colorblind ? "true" : "false", cfg->randomize ? "true" : "false",
                    (unsigned long)cfg->seed);
}
