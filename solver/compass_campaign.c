/* solver compass --campaign: evidence for every campaign level, then the acceptance report. */
#include "compass_campaign_cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "compass/compass_campaign.h"
#include "compass/compass_gen.h"
#include "compass/compass_json.h"
#include "jsonio.h"

#define REPORT_FORMAT "compass-shift-campaign-report/1"

enum { PATH_MAX_LEN = 4096 };

typedef struct {
    uint32_t seed;
    int count;
    char (*paths)[PATH_MAX_LEN];
    compass_level *levels;
    compass_campaign_entry *entries;
} campaign;

static void campaign_free(campaign *c)
{
    free(c->paths);
    free(c->levels);
    free(c->entries);
}

/* A listed file must be a plain name in the campaign's folder: no directories, no "..". */
static int plain_file_name(const char *s)
{
    if (!*s || strcmp(s, ".") == 0 || strcmp(s, "..") == 0)
        return 0;
    for (; *s; s++)
        if (*s == '/' || *s == '\\')
            return 0;
    return 1;
}

/* Validates the campaign index and loads every level it lists; one line and CLI_USAGE on the
 * first problem, before anything is solved or written. */
static int load_campaign(const char *path, campaign *c)
{
    static const char *const keys[] = {"format", "seed", "levels", NULL};
    static const char *const item_keys[] = {"id", "file", NULL};
    char err[600];
    cJSON *doc = jsonio_read_file(path, err, sizeof err);
    if (!doc)
        return cli_error(CLI_USAGE, "compass: %s", err);
    const char *format = NULL;
    long long seed = 0;
    const cJSON *list = NULL;
    if (jsonio_object(doc, "", keys, err, sizeof err) ||
        jsonio_string(doc, "format", "", 1, 64, &format, err, sizeof err))
        goto bad;
    if (strcmp(format, COMPASS_CAMPAIGN_FORMAT) != 0) {
        snprintf(err, sizeof err, "format: expected \"%s\", got \"%.40s\"",
                 COMPASS_CAMPAIGN_FORMAT, format);
        goto bad;
    }
    if (jsonio_int(doc, "seed", "", 1, 0, 4294967295LL, &seed, err, sizeof err) ||
        jsonio_array(doc, "levels", "", 1, 1, COMPASS_GEN_MAX_COUNT, &list, err, sizeof err))
        goto bad;
    c->seed = (uint32_t)seed;
    c->count = cJSON_GetArraySize(list);
    c->paths = calloc((size_t)c->count, sizeof *c->paths);
    c->levels = calloc((size_t)c->count, sizeof *c->levels);
    c->entries = calloc((size_t)c->count, sizeof *c->entries);
    if (!c->paths || !c->levels || !c->entries) {
        cJSON_Delete(doc);
        return cli_error(CLI_USAGE, "compass: out of memory for %d levels", c->count);
    }
    const char *slash = strrchr(path, '/');
    int dir_len = slash ? (int)(slash - path) : 0;
    for (int i = 0; i < c->count; i++) {
        const cJSON *item = cJSON_GetArrayItem(list, i);
        char where[48];
        const char *id = NULL, *file = NULL;
        snprintf(where, sizeof where, "levels[%d]", i);
        if (jsonio_object(item, where, item_keys, err, sizeof err) ||
            jsonio_string(item, "id", where, 1, 63, &id, err, sizeof err) ||
            jsonio_string(item, "file", where, 1, 255, &file, err, sizeof err))
            goto bad;
        if (!plain_file_name(file)) {
            snprintf(err, sizeof err, "%s.file: expected a file name in the campaign's folder, "
                                      "got \"%.60s\"", where, file);
            goto bad;
        }
        if (strcmp(id, "campaign") == 0) {
            snprintf(err, sizeof err, "%s.id: \"campaign\" is reserved for the report", where);
            goto bad;
        }
        for (int j = 0; j < i; j++)
            if (strcmp(c->levels[j].id, id) == 0) {
                snprintf(err, sizeof err, "%s.id: \"%s\" is also levels[%d].id", where, id, j);
                goto bad;
            }
        snprintf(c->paths[i], PATH_MAX_LEN, "%.*s%s%s", dir_len, path, slash ? "/" : "", file);
        cJSON *ldoc = jsonio_read_file(c->paths[i], err, sizeof err);
        if (!ldoc)
            goto bad_level;
        int rc = compass_level_from_json(ldoc, c->paths[i], &c->levels[i], err, sizeof err);
        cJSON_Delete(ldoc);
        if (rc)
            goto bad_level;
        if (strcmp(c->levels[i].id, id) != 0) {
            snprintf(err, sizeof err, "%s.id: the campaign lists \"%s\" but %s has id \"%s\"",
                     where, id, c->paths[i], c->levels[i].id);
            goto bad;
        }
    }
    cJSON_Delete(doc);
    return CLI_OK;
bad:
    cJSON_Delete(doc);
    return cli_error(CLI_USAGE, "compass: %s: %s", path, err);
bad_level:
    cJSON_Delete(doc);
    return cli_error(CLI_USAGE, "compass: %s", err);
}

/* Reads one written evidence record back into its entry: the checks see exactly what the
 * report directory holds. A level whose record is missing (search limit, out of memory)
 * stays unsolvable with no hash. */
static int read_evidence(const char *report_dir, const compass_level *l, compass_campaign_entry *e)
{
    char path[PATH_MAX_LEN + 80], err[600];
    snprintf(path, sizeof path, "%s/%s.json", report_dir, l->id);
    compass_campaign_entry_from_level(l, e);
    cJSON *ev = jsonio_read_file(path, err, sizeof err);
    if (!ev) {
        /* Named per level, so two missing records are not reported as one repeated board. */
        snprintf(e->canonical_hash, sizeof e->canonical_hash, "(no evidence for %.50s)", l->id);
        return CLI_CHECK_FAILED;
    }
    int rc = compass_campaign_entry_add_evidence(ev, path, e, err, sizeof err);
    cJSON_Delete(ev);
    return rc ? cli_error(CLI_USAGE, "compass: %s", err) : CLI_OK;
}

static cJSON *report_json(const campaign *c, const compass_campaign_check *checks, int failed,
                          const compass_campaign_tier_stats *st)
{
    cJSON *doc = cJSON_CreateObject();
    cJSON_AddStringToObject(doc, "format", REPORT_FORMAT);
    cJSON_AddNumberToObject(doc, "seed", c->seed);
    cJSON_AddNumberToObject(doc, "levelCount", c->count);
    cJSON_AddBoolToObject(doc, "pass", failed == 0);
    cJSON *list = cJSON_AddArrayToObject(doc, "checks");
    for (int k = 0; k < COMPASS_CAMPAIGN_CHECK_COUNT; k++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "name", checks[k].name);
        cJSON_AddBoolToObject(o, "pass", checks[k].pass);
        cJSON_AddStringToObject(o, "detail", checks[k].detail);
        cJSON_AddItemToArray(list, o);
    }
    cJSON *tiers = cJSON_AddArrayToObject(doc, "tiers");
    for (int t = 0; t < COMPASS_TIER_COUNT; t++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "tier", st[t].tier);
        cJSON_AddNumberToObject(o, "levels", st[t].levels);
        cJSON_AddNumberToObject(o, "measured", st[t].measured);
        cJSON_AddNumberToObject(o, "medianRandomWinShare", st[t].random_win_share);
        cJSON_AddNumberToObject(o, "medianDecisionSteps", st[t].decision_steps);
        cJSON_AddNumberToObject(o, "medianWrongMoves", st[t].wrong_moves);
        cJSON_AddItemToArray(tiers, o);
    }
    cJSON *levels = cJSON_AddArrayToObject(doc, "levels");
    for (int i = 0; i < c->count; i++) {
        const compass_campaign_entry *e = &c->entries[i];
        char file[96];
        snprintf(file, sizeof file, "%s.json", e->id);
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "id", e->id);
        cJSON_AddStringToObject(o, "evidence", file);
        cJSON_AddStringToObject(o, "pattern", e->pattern);
        cJSON_AddStringToObject(o, "family", e->family);
        cJSON_AddNumberToObject(o, "tier", e->tier);
        cJSON_AddNumberToObject(o, "rows", e->rows);
        cJSON_AddNumberToObject(o, "cols", e->cols);
        cJSON_AddNumberToObject(o, "arrows", e->arrow_count);
        cJSON_AddBoolToObject(o, "solvable", e->solvable);
        cJSON_AddStringToObject(o, "canonicalHash", e->canonical_hash);
        cJSON_AddStringToObject(o, "normalizedReleaseSignature", e->normalized_signature);
        if (e->has_metrics) {
            cJSON_AddNumberToObject(o, "randomWinShare", e->random_win_share);
            cJSON_AddNumberToObject(o, "wrongMoves", (double)e->wrong_moves);
        } else {
            cJSON_AddNullToObject(o, "randomWinShare");
            cJSON_AddNullToObject(o, "wrongMoves");
        }
        cJSON_AddNumberToObject(o, "decisionSteps", e->decision_steps);
        cJSON_AddItemToArray(levels, o);
    }
    return doc;
}

/* An evidence record of an earlier, larger campaign: named the way the generator names
 * levels (compass_level_file_position), but not a level of this campaign. */
static int is_stale_record(const char *name, void *ctx)
{
    const campaign *c = ctx;
    if (compass_level_file_position(name) < 0)
        return 0;
    size_t len = strlen(name) - strlen(".json");
    for (int i = 0; i < c->count; i++)
        if (strlen(c->levels[i].id) == len && strncmp(name, c->levels[i].id, len) == 0)
            return 0;
    return 1;
}

int solver_compass_campaign(const char *campaign_path, const char *report_dir,
                            const solver_compass_opts *opts)
{
    campaign c = {0};
    int rc = load_campaign(campaign_path, &c);
    if (rc) {
        campaign_free(&c);
        return rc;
    }
    char err[600], path[PATH_MAX_LEN + 80];
    if (jsonio_make_dirs(report_dir, 1, err, sizeof err) != 0) {
        campaign_free(&c);
        return cli_error(CLI_USAGE, "compass: %s", err);
    }
    /* A record left from an earlier run must not stand in for one this run failed to write. */
    for (int i = 0; i < c.count; i++) {
        snprintf(path, sizeof path, "%s/%s.json", report_dir, c.levels[i].id);
        remove(path);
    }
    for (int i = 0; i < c.count; i++) {
        int one = solver_compass_verify(c.paths[i], &c.levels[i], opts, report_dir);
        if (one == CLI_USAGE) {
            campaign_free(&c);
            return CLI_USAGE;
        }
    }
    for (int i = 0; i < c.count; i++)
        if (read_evidence(report_dir, &c.levels[i], &c.entries[i]) == CLI_USAGE) {
            campaign_free(&c);
            return CLI_USAGE;
        }
    compass_campaign_check checks[COMPASS_CAMPAIGN_CHECK_COUNT];
    int failed = compass_campaign_check_all(c.entries, c.count, checks);
    compass_campaign_tier_stats st[COMPASS_TIER_COUNT];
    compass_campaign_tier_stats_of(c.entries, c.count, st);
    cJSON *doc = report_json(&c, checks, failed, st);
    snprintf(path, sizeof path, "%s/campaign.json", report_dir);
    rc = cli_emit_json(doc, path);
    cJSON_Delete(doc);
    if (rc == CLI_OK)
        rc = cli_remove_stale(report_dir, is_stale_record, &c, "evidence record");
    campaign_free(&c);
    if (rc)
        return rc;
    for (int k = 0; k < COMPASS_CAMPAIGN_CHECK_COUNT; k++)
        if (!checks[k].pass)
            fprintf(stderr, "%s: compass: campaign check failed: %s: %s\n", cli_prog,
                    checks[k].name, checks[k].detail);
    for (int t = 0; t < COMPASS_TIER_COUNT; t++)
        fprintf(stderr,
                "%s: compass: campaign: tier %d: %d levels, median randomWinShare %.12g, "
                "decisionSteps %g, wrongMoves %g\n",
                cli_prog, st[t].tier, st[t].levels, st[t].random_win_share, st[t].decision_steps,
                st[t].wrong_moves);
    fprintf(stderr, "%s: compass: campaign: %d/%d checks passed; report in %s\n", cli_prog,
            COMPASS_CAMPAIGN_CHECK_COUNT - failed, COMPASS_CAMPAIGN_CHECK_COUNT, path);
    return failed ? CLI_CHECK_FAILED : CLI_OK;
}
