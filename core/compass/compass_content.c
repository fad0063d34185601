/* Compass content reading for the player and the solver: campaign index, level files, and
 * evidence summaries. */
#include "compass_content.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <xxhash.h>

#include "compass_campaign.h"
#include "compass_canon.h"
#include "compass_evidence.h"
#include "compass_json.h"
#include "compass_plan.h"
#include "compass_solve.h"
#include "jsonio.h"

int compass_level_file_read(const char *path, compass_level *out, char *err, size_t errlen)
{
    cJSON *doc = jsonio_read_file_max(path, JSONIO_LIMIT_LEVEL, err, errlen);
    if (!doc)
        return -1;
    int rc = compass_level_from_json(doc, path, out, err, errlen);
    cJSON_Delete(doc);
    return rc;
}

void compass_campaign_file_free(compass_campaign_file *c)
{
    free(c->levels);
    free(c->paths);
    c->levels = NULL;
    c->paths = NULL;
    c->count = 0;
}

/* A listed file must be a plain name in the campaign's folder: no directories, no "..". */
static int plain_name(const char *s)
{
    return *s && strcmp(s, ".") && strcmp(s, "..") && !strpbrk(s, "/\\");
}

/* Checks every entry before any level file is opened, keeping each id in levels[i].id and
 * each file's path (beside the index) in paths[i]. The ids name the evidence records
 * (REPORTS/<id>.json beside REPORTS/campaign.json), so they are distinct and never
 * "campaign"; two entries naming one file would share its id, so files are distinct too. */
static int read_entries(const cJSON *list, const char *path, compass_campaign_file *out,
                        char *why, size_t whylen)
{
    static const char *const item_keys[] = {"id", "file", NULL};
    const char *slash = strrchr(path, '/');
    int dir_len = slash ? (int)(slash - path) + 1 : 0;
    int i = 0;
    for (const cJSON *item = list->child; item; item = item->next, i++) {
        char where[48];
        const char *id = NULL, *file = NULL;
        snprintf(where, sizeof where, "levels[%d]", i);
        if (jsonio_object(item, where, item_keys, why, whylen) ||
            jsonio_string(item, "id", where, 1, sizeof out->levels[i].id - 1, &id, why, whylen) ||
            jsonio_string(item, "file", where, 1, 255, &file, why, whylen))
            return -1;
        if (!plain_name(file)) {
            snprintf(why, whylen, "%s.file: expected a file name in the campaign's folder, "
                                  "got \"%.60s\"", where, file);
            return -1;
        }
        /* Case-blind: each id names reports/compass/<id>.json, and on a case-insensitive
         * file system "Harbor" and "harbor" (or "Campaign") would be one file. */
        if (strcasecmp(id, "campaign") == 0) {
            snprintf(why, whylen, "%s.id: \"%s\" is reserved for the report", where, id);
            return -1;
        }
        for (int j = 0; j < i; j++)
            if (strcasecmp(out->levels[j].id, id) == 0) {
                snprintf(why, whylen, "%s.id: \"%s\" is also levels[%d].id", where, id, j);
                return -1;
            }
        snprintf(out->levels[i].id, sizeof out->levels[i].id, "%s", id);
        snprintf(out->paths[i], COMPASS_PATH_MAX, "%.*s%s", dir_len, path, file);
    }
    return 0;
}

int compass_campaign_file_read(const char *path, compass_campaign_file *out, char *err,
                               size_t errlen)
{
    static const char *const keys[] = {"format", "seed", "levels", NULL};
    char why[600];
    memset(out, 0, sizeof *out);
    cJSON *doc = jsonio_read_file_max(path, JSONIO_LIMIT_CAMPAIGN, err, errlen);
    if (!doc)
        return -1;
    const char *format = NULL;
    long long seed;
    const cJSON *list = NULL;
    if (jsonio_object(doc, "", keys, why, sizeof why) ||
        jsonio_string(doc, "format", "", 1, 64, &format, why, sizeof why))
        goto bad;
    if (strcmp(format, COMPASS_CAMPAIGN_FORMAT) != 0) {
        snprintf(why, sizeof why, "format: expected \"%s\", got \"%.40s\"",
                 COMPASS_CAMPAIGN_FORMAT, format);
        goto bad;
    }
    if (jsonio_int(doc, "seed", "", 1, 0, 4294967295LL, &seed, why, sizeof why) ||
        jsonio_array(doc, "levels", "", 1, 1, COMPASS_GEN_MAX_COUNT, &list, why, sizeof why))
        goto bad;
    int n = cJSON_GetArraySize(list);
    out->levels = calloc((size_t)n, sizeof *out->levels);
    out->paths = calloc((size_t)n, sizeof *out->paths);
    if (!out->levels || !out->paths) {
        snprintf(why, sizeof why, "out of memory for %d levels", n);
        goto bad;
    }
    if (read_entries(list, path, out, why, sizeof why))
        goto bad;
    out->seed = (uint32_t)seed;
    for (int i = 0; i < n; i++) {
        compass_level *l = &out->levels[i];
        char id[sizeof l->id]; /* the entry's id: reading the level replaces all of *l */
        memcpy(id, l->id, sizeof id);
        if (compass_level_file_read(out->paths[i], l, err, errlen))
            goto bad_level;
        if (strcmp(l->id, id) != 0) {
            snprintf(why, sizeof why, "levels[%d].id: the campaign lists \"%s\" but %s has id "
                                      "\"%s\"", i, id, out->paths[i], l->id);
            goto bad;
        }
    }
    out->count = n;
    cJSON_Delete(doc);
    return 0;
bad:
    snprintf(err, errlen, "%s: %s", path, why);
bad_level:
    cJSON_Delete(doc);
    compass_campaign_file_free(out);
    return -1;
}

/* "a4 at phase 1" for a witness object with arrow and phase, "" when absent or null. */
static void witness_text(const cJSON *w, char *buf, size_t n)
{
    const cJSON *arrow = cJSON_GetObjectItemCaseSensitive(w, "arrow");
    const cJSON *phase = cJSON_GetObjectItemCaseSensitive(w, "phase");
    buf[0] = 0;
    if (cJSON_IsObject(w) && cJSON_IsString(arrow) && cJSON_IsNumber(phase))
        snprintf(buf, n, "%.31s at phase %d", arrow->valuestring, phase->valueint);
}

/* An exact count as the record writes it: a JSON integer, or a string of digits when large. */
static void count_text(const cJSON *v, char *buf, size_t n)
{
    buf[0] = 0;
    if (cJSON_IsNumber(v))
        snprintf(buf, n, "%.0f", v->valuedouble);
    else if (cJSON_IsString(v))
        snprintf(buf, n, "%.40s", v->valuestring);
}

int compass_evidence_summary_read(const cJSON *ev, const char *where,
                                  compass_evidence_summary *out, char *err, size_t errlen)
{
    compass_campaign_entry e;
    memset(&e, 0, sizeof e);
    memset(out, 0, sizeof *out);
    if (compass_campaign_entry_add_evidence(ev, where, &e, err, errlen))
        return -1;
    char why[400];
    long long states = 0, dead = 0;
    int verified = 0;
    const cJSON *choices = NULL;
    if (jsonio_int(ev, "stateCount", "", 1, 0, (long long)1 << 62, &states, why, sizeof why) ||
        jsonio_int(ev, "deadEndStates", "", 1, 0, (long long)1 << 62, &dead, why, sizeof why) ||
        jsonio_bool(ev, "solverVerified", "", 1, &verified, why, sizeof why) ||
        jsonio_array(ev, "choicePoints", "", 1, 0, COMPASS_MAX_ARROWS, &choices, why,
                     sizeof why)) {
        snprintf(err, errlen, "%s: %s", where, why);
        return -1;
    }
    int i = 0;
    for (const cJSON *c = choices->child; c; c = c->next, i++) {
        char cw[40];
        long long count;
        snprintf(cw, sizeof cw, "choicePoints[%d]", i);
        if (jsonio_int(c, "count", cw, 1, 0, COMPASS_MAX_ARROWS, &count, why, sizeof why)) {
            snprintf(err, errlen, "%s: %s", where, why);
            return -1;
        }
        out->choice_steps += count > 1;
        if (count > out->max_choices)
            out->max_choices = (int)count;
    }
    out->source = COMPASS_EVIDENCE_REPORT;
    out->solvable = e.solvable;
    out->solver_verified = verified;
    out->reverse_verified = e.reverse_verified;
    out->state_count = (uint64_t)states;
    out->dead_end_states = (uint64_t)dead;
    out->path_length = e.path_length;
    snprintf(out->canonical_hash, sizeof out->canonical_hash, "%s", e.canonical_hash);
    out->wall_witness = e.wall_witness;
    out->window_witness = e.window_witness;
    out->port_witness = e.port_witness;
    const cJSON *sched = cJSON_GetObjectItemCaseSensitive(ev, "scheduleImpact");
    witness_text(cJSON_GetObjectItemCaseSensitive(ev, "wallImpact"), out->wall_text,
                 sizeof out->wall_text);
    witness_text(cJSON_GetObjectItemCaseSensitive(sched, "window"), out->window_text,
                 sizeof out->window_text);
    witness_text(cJSON_GetObjectItemCaseSensitive(sched, "port"), out->port_text,
                 sizeof out->port_text);
    count_text(cJSON_GetObjectItemCaseSensitive(ev, "winningOrders"), out->winning_orders,
               sizeof out->winning_orders);
    count_text(cJSON_GetObjectItemCaseSensitive(ev, "terminalOrders"), out->terminal_orders,
               sizeof out->terminal_orders);
    const cJSON *share = cJSON_GetObjectItemCaseSensitive(ev, "randomWinShare");
    out->random_win_share = cJSON_IsNumber(share) ? share->valuedouble : -1;
    return 0;
}

struct compass_evidence_cached {
    uint64_t key;
    compass_evidence_summary sum;
};

/* The level's content (its JSON, compact) and the bound: what a search's result depends on. */
static int content_key(const compass_level *l, uint64_t max_states, uint64_t *key)
{
    cJSON *doc = compass_level_to_json(l);
    char *text = doc ? cJSON_PrintUnformatted(doc) : NULL;
    cJSON_Delete(doc);
    if (!text)
        return -1;
    *key = XXH3_64bits_withSeed(text, strlen(text), max_states);
    free(text);
    return 0;
}

void compass_evidence_cache_free(compass_evidence_cache *c)
{
    free(c->v);
    memset(c, 0, sizeof *c);
}

int compass_evidence_for(const compass_level *l, const char *report_path, uint64_t max_states,
                         compass_evidence_summary *out, char *err, size_t errlen)
{
    return compass_evidence_for_cached(l, report_path, max_states, NULL, out, err, errlen);
}

int compass_evidence_for_cached(const compass_level *l, const char *report_path, uint64_t max_states,
                                compass_evidence_cache *cache, compass_evidence_summary *out,
                                char *err, size_t errlen)
{
    int have_vd;
    return compass_evidence_with_verdict(l, report_path, max_states, cache, NULL, out, NULL, &have_vd, err,
                                         errlen);
}

/* The evidence record of a finished search r: from the verdict on r under vopts when vd is
 * given and that verdict is complete (*have_vd), else from default bounds (compass_evidence_json). */
static cJSON *solved_evidence(const compass_level *l, const compass_solve_result *r,
                              const compass_verdict_opts *vopts, compass_verdict *vd, int *have_vd)
{
    if (vd) {
        compass_verdict_from_search(l, r, vopts, vd);
        uint64_t bound = vopts && vopts->max_memory ? vopts->max_memory : COMPASS_DEFAULT_MAX_MEMORY;
        *have_vd = vd->status == COMPASS_VERDICT_DONE && vd->memory_peak <= bound;
        if (*have_vd)
            return compass_evidence_from_verdict(l, r, vd, NULL);
    }
    return compass_evidence_json(l, r, NULL);
}

int compass_evidence_with_verdict(const compass_level *l, const char *report_path, uint64_t max_states,
                                  compass_evidence_cache *cache, const compass_verdict_opts *vopts,
                                  compass_evidence_summary *out, compass_verdict *vd, int *have_vd,
                                  char *err, size_t errlen)
{
    *have_vd = 0;
    char hash[17];
    compass_canonical_hash(l, hash);
    int stale = 0;
    FILE *f = report_path ? fopen(report_path, "rb") : NULL;
    if (f) {
        fclose(f);
        cJSON *ev = jsonio_read_file_max(report_path, JSONIO_LIMIT_EVIDENCE, err, errlen);
        if (!ev)
            return -1;
        int rc = compass_evidence_summary_read(ev, report_path, out, err, errlen);
        cJSON_Delete(ev);
        if (rc)
            return -1;
        if (strcmp(out->canonical_hash, hash) == 0)
            return 0;
        stale = 1; /* the level changed since the report was written: never show old facts */
    }
    uint64_t key = 0;
    int keyed = cache && content_key(l, max_states, &key) == 0;
    for (int i = 0; keyed && i < cache->n; i++)
        if (cache->v[i].key == key) {
            *out = cache->v[i].sum;
            out->stale_report = stale;
            return 0;
        }
    compass_solve_result *r = malloc(sizeof *r);
    memset(out, 0, sizeof *out);
    out->stale_report = stale;
    if (!r)
        return 0;
    if (cache)
        cache->solves++;
    compass_solve_opts opts = {max_states, NULL, NULL};
    int rc = 0;
    if (compass_solve(l, &opts, r) != COMPASS_SOLVE_DONE) {
        out->source = COMPASS_EVIDENCE_NONE;
        out->searched = r->state_count;
    } else {
        cJSON *ev = solved_evidence(l, r, vopts, vd, have_vd);
        rc = ev ? compass_evidence_summary_read(ev, l->id, out, err, errlen) : 0;
        cJSON_Delete(ev);
        out->source = ev ? COMPASS_EVIDENCE_COMPUTED : COMPASS_EVIDENCE_NONE;
        out->stale_report = stale;
    }
    free(r);
    if (rc == 0 && keyed) {
        if (cache->n == cache->cap) {
            int cap = cache->cap ? cache->cap * 2 : 16;
            struct compass_evidence_cached *v = realloc(cache->v, (size_t)cap * sizeof *v);
            if (!v)
                return rc; /* not kept: the next load searches again */
            cache->v = v, cache->cap = cap;
        }
        cache->v[cache->n++] = (struct compass_evidence_cached){key, *out};
    }
    return rc;
}
