/* solver compass --campaign: evidence for every campaign level, then the acceptance report. */
#include "compass_cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "compass/compass_campaign.h"
#include "compass/compass_content.h"
#include "compass/compass_plan.h"
#include "jsonio.h"
#include "report.h"

#define REPORT_FORMAT "compass-shift-campaign-report/1"

enum { PATH_MAX_LEN = 4096 };

typedef struct {
    compass_campaign_file file;       /* the index and its levels, read by the core */
    compass_campaign_entry *entries;  /* file.count, filled from the written evidence */
} campaign;

static void campaign_free(campaign *c)
{
    compass_campaign_file_free(&c->file);
    free(c->entries);
}

/* Reads the campaign and every level it lists; one line and CLI_USAGE on the first problem,
 * before anything is solved or written. */
static int load_campaign(const char *path, campaign *c)
{
    char err[600];
    if (compass_campaign_file_read(path, &c->file, err, sizeof err))
        return cli_error(CLI_USAGE, "compass: %s", err);
    c->entries = calloc((size_t)c->file.count, sizeof *c->entries);
    if (!c->entries)
        return cli_error(CLI_USAGE, "compass: %s: out of memory for %d levels", path,
                         c->file.count);
    return CLI_OK;
}

/* Reads one written evidence record back into its entry: the checks see exactly what the
 * report directory holds. A level whose record is missing (search limit, out of memory)
 * stays unsolvable with no hash. */
static int read_evidence(const char *report_dir, const compass_level *l, compass_campaign_entry *e)
{
    char path[PATH_MAX_LEN + 80], err[600];
    snprintf(path, sizeof path, "%s/%s.json", report_dir, l->id);
    compass_campaign_entry_from_level(l, e);
    cJSON *ev = jsonio_read_file_max(path, JSONIO_LIMIT_EVIDENCE, err, sizeof err);
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
                          const compass_campaign_tier_stats *st, solver_checks *sc,
                          const char *campaign_path)
{
    cJSON *doc = cJSON_CreateObject();
    cJSON_AddStringToObject(doc, "format", REPORT_FORMAT);
    cJSON_AddNumberToObject(doc, "seed", c->file.seed);
    cJSON_AddNumberToObject(doc, "levelCount", c->file.count);
    cJSON_AddBoolToObject(doc, "pass", failed == 0);
    solver_checks_begin(sc, "compass", campaign_path, cJSON_AddArrayToObject(doc, "checks"));
    for (int k = 0; k < COMPASS_CAMPAIGN_CHECK_COUNT; k++)
        solver_check(sc, checks[k].name, checks[k].pass, checks[k].detail);
    cJSON *tiers = cJSON_AddArrayToObject(doc, "tiers");
    for (int t = 0; t < COMPASS_TIER_COUNT; t++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "tier", st[t].tier);
        cJSON_AddNumberToObject(o, "levels", st[t].levels);
        cJSON_AddNumberToObject(o, "measured", st[t].measured);
        cJSON_AddNumberToObject(o, "medianRandomWinShare", st[t].random_win_share);
        cJSON_AddNumberToObject(o, "medianDecisionSteps", st[t].decision_steps);
        cJSON_AddNumberToObject(o, "medianWrongMoves", st[t].wrong_moves);
        cJSON_AddNumberToObject(o, "medianLookahead", st[t].lookahead);
        cJSON_AddItemToArray(tiers, o);
    }
    cJSON *levels = cJSON_AddArrayToObject(doc, "levels");
    for (int i = 0; i < c->file.count; i++) {
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
        if (e->lookahead >= 0)
            cJSON_AddNumberToObject(o, "lookahead", e->lookahead);
        else
            cJSON_AddNullToObject(o, "lookahead");
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
    for (int i = 0; i < c->file.count; i++)
        if (strlen(c->file.levels[i].id) == len && strncmp(name, c->file.levels[i].id, len) == 0)
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
    /* The report folder is written and swept (records, campaign.json, stale records named as
     * the generator names levels): never the folder of an input. */
    for (int i = -1; i < c.file.count; i++) {
        const char *in = i < 0 ? campaign_path : c.file.paths[i];
        if (cli_dir_holds(report_dir, in)) {
            campaign_free(&c);
            return cli_error(CLI_USAGE, "compass: --report %.200s: is the folder of the input "
                                        "%.200s: refusing to replace inputs", report_dir, in);
        }
    }
    /* and no file written there is an input by another name (a symlink, a hard link) */
    for (int i = -1; i < c.file.count; i++) {
        snprintf(path, sizeof path, "%s/%s.json", report_dir, i < 0 ? "campaign" : c.file.levels[i].id);
        const outpath_item out = {"--report", path};
        for (int j = -1; j < c.file.count; j++)
            if (cli_refuse_outputs("compass", &out, 1,
                                   &(outpath_item){j < 0 ? "--campaign" : "level", j < 0 ? campaign_path : c.file.paths[j]}, 1)) {
                campaign_free(&c);
                return CLI_USAGE;
            }
    }
    if (jsonio_make_dirs(report_dir, 1, err, sizeof err) != 0) {
        campaign_free(&c);
        return cli_error(CLI_USAGE, "compass: %s", err);
    }
    /* A record left from an earlier run must not stand in for one this run failed to write. */
    for (int i = 0; i < c.file.count; i++) {
        snprintf(path, sizeof path, "%s/%s.json", report_dir, c.file.levels[i].id);
        remove(path);
    }
    for (int i = 0; i < c.file.count; i++) {
        int one = solver_compass_verify(c.file.paths[i], &c.file.levels[i], opts, report_dir);
        if (one == CLI_USAGE) {
            campaign_free(&c);
            return CLI_USAGE;
        }
    }
    for (int i = 0; i < c.file.count; i++)
        if (read_evidence(report_dir, &c.file.levels[i], &c.entries[i]) == CLI_USAGE) {
            campaign_free(&c);
            return CLI_USAGE;
        }
    compass_campaign_check checks[COMPASS_CAMPAIGN_CHECK_COUNT];
    int failed = compass_campaign_check_all(c.entries, c.file.count, checks);
    compass_campaign_tier_stats st[COMPASS_TIER_COUNT];
    compass_campaign_tier_stats_of(c.entries, c.file.count, st);
    solver_checks sc;
    cJSON *doc = report_json(&c, checks, failed, st, &sc, campaign_path);
    snprintf(path, sizeof path, "%s/campaign.json", report_dir);
    rc = cli_emit_json(doc, path);
    if (rc == CLI_OK)
        rc = cli_remove_stale(report_dir, is_stale_record, &c, "evidence record");
    campaign_free(&c);
    rc = solver_checks_end(&sc, rc);
    cJSON_Delete(doc);
    if (rc == CLI_USAGE)
        return rc;
    for (int t = 0; t < COMPASS_TIER_COUNT; t++)
        fprintf(stderr,
                "%s: compass: campaign: tier %d: %d levels, median randomWinShare %.12g, "
                "decisionSteps %g, wrongMoves %g, lookahead %g\n",
                cli_prog, st[t].tier, st[t].levels, st[t].random_win_share, st[t].decision_steps,
                st[t].wrong_moves, st[t].lookahead);
    fprintf(stderr, "%s: compass: campaign: %d/%d checks passed; report in %s\n", cli_prog,
            COMPASS_CAMPAIGN_CHECK_COUNT - failed, COMPASS_CAMPAIGN_CHECK_COUNT, path);
    return rc;
}
