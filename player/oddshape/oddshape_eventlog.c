/* Event-log lines for headless replays: fixed key order, times in ms. */
#include "oddshape_eventlog.h"

#include <stdio.h>

static const char *const outcome_names[] = {"none", "correct", "error", "timeout"};

/* The "seed" and "file" of a rounds file's source line: the path as a JSON string. */
static int levels_fields(const oddshape_eventlog_levels *lv, char *buf, size_t n)
{
    int k = lv->seeded ? snprintf(buf, n, "%lu,\"file\":\"", (unsigned long)lv->seed) : snprintf(buf, n, "null,\"file\":\"");
    for (const unsigned char *c = (const unsigned char *)lv->file; *c && k >= 0 && (size_t)k < n; c++) {
        if (*c == '"' || *c == '\\') k += snprintf(buf + k, n - (size_t)k, "\\%c", *c);
        else if (*c < 0x20) k += snprintf(buf + k, n - (size_t)k, "\\u%04x", *c);
        else k += snprintf(buf + k, n - (size_t)k, "%c", *c);
    }
    if (k >= 0 && (size_t)k < n) k += snprintf(buf + k, n - (size_t)k, "\"");
    return k;
}

int oddshape_eventlog_format(const oddshape_event *ev, const oddshape_session *s, const oddshape_eventlog_levels *levels,
                    char *buf, size_t n)
{
    long long t = (long long)ev->t_ms;
    switch (ev->kind) {
    case ODDSHAPE_EV_STATE: {
        int k = snprintf(buf, n, "{\"t\":%lld,\"event\":\"state\",\"state\":\"%s\",\"round\":%d}\n", t,
                         oddshape_state_names[ev->state], ev->round);
        if (ev->state != ODDSHAPE_READY || k < 0 || (size_t)k >= n) return k;
        /* LED-1: the source locked at Ready entry, and the odd slots it yields */
        int m = snprintf(buf + k, n - (size_t)k, "{\"t\":%lld,\"event\":\"source\",\"randomize\":%s,\"seed\":", t,
                         s->locked_randomize ? "true" : "false");
        if (m >= 0 && (size_t)(k + m) < n) {
            if (levels && levels->file) m += levels_fields(levels, buf + k + m, n - (size_t)(k + m));
            else m += snprintf(buf + k + m, n - (size_t)(k + m), "%lu", (unsigned long)s->locked_seed);
        }
        if (m >= 0 && (size_t)(k + m) < n) m += snprintf(buf + k + m, n - (size_t)(k + m), ",\"oddSlots\":[");
        for (int r = 0; r < ODDSHAPE_ROUNDS && m >= 0 && (size_t)(k + m) < n; r++)
            m += snprintf(buf + k + m, n - (size_t)(k + m), "%s%d", r ? "," : "", s->rounds[r].odd_slot);
        if (m >= 0 && (size_t)(k + m) < n) m += snprintf(buf + k + m, n - (size_t)(k + m), "]}\n");
        return k + m;
    }
    case ODDSHAPE_EV_RESOLVED:
        return snprintf(buf, n,
                        "{\"t\":%lld,\"event\":\"resolved\",\"round\":%d,\"outcome\":\"%s\",\"slot\":%d,"
                        "\"timeMs\":%lld,\"pauses\":%d}\n",
                        t, ev->round, outcome_names[ev->outcome], ev->slot, (long long)ev->time_ms, ev->pauses);
    default: {
        oddshape_stats st;
        oddshape_session_stats(s, &st);
        char fastest[32];
        if (st.fastest_ms < 0) snprintf(fastest, sizeof fastest, "null");
        else snprintf(fastest, sizeof fastest, "%lld", (long long)st.fastest_ms);
        return snprintf(buf, n,
                        "{\"t\":%lld,\"event\":\"results\",\"correct\":%d,\"errors\":%d,\"avgTime\":%.2f,"
                        "\"accuracy\":%d,\"fastest\":%s,\"pausedRounds\":%d}\n",
                        t, st.correct, st.errors, st.avg_ms, st.accuracy_pct, fastest, st.paused_rounds);
    }
    }
}

int oddshape_eventlog_options(int64_t t_ms, const settings *cfg, const oddshape_settings *opt,
                               char *buf, size_t n)
{
    return snprintf(buf, n,
                    "{\"t\":%lld,\"event\":\"options\",\"master\":%d,\"music\":%d,\"sfx\":%d,"
                    "\"colorblind\":%s,\"randomize\":%s,\"seed\":%lu}\n",
                    (long long)t_ms, cfg->master, cfg->music, cfg->sfx,
                    opt->colorblind ? "true" : "false", opt->randomize ? "true" : "false",
                    (unsigned long)opt->seed);
}
