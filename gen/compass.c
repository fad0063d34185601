/* gen compass: builds the Compass Shift campaign (or a larger pool) by reverse construction. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "compass_gen.h"
#include "compass_json.h"
#include "gen.h"
#include "jsonio.h"
#include "rng.h"

#define COMPASS_CAMPAIGN_FORMAT "compass-shift-campaign/1"

static const char usage[] =
    "usage: gen compass [--seed S] [--out DIR] [--count N]\n\n"
    "Builds the Compass Shift campaign by reverse construction and writes one level file per\n"
    "level (DIR/<id>.json, format compass-shift-level/1) and DIR/campaign.json listing them in\n"
    "campaign order. Every level is replayed and independently solved before it is written.\n\n"
    "  --seed S    campaign seed, any decimal integer reduced modulo 2^32 (default 20260810)\n"
    "  --out DIR   output folder (default levels/compass)\n"
    "  --count N   levels to build, 1 to 10000 (default 50, the campaign). Above 50 the\n"
    "              50-level plan repeats: level i takes the pattern, family, tier, board size\n"
    "              and arrow count of campaign slot (i - 1) mod 50; ids widen to the\n"
    "              digits N needs.\n";

typedef struct {
    int total, next_report;
} progress_state;

/* Called in order of completion; prints about every tenth of a long run. */
static void report_progress(int done, int total, void *ctx)
{
    progress_state *p = ctx;
    if (total <= COMPASS_CAMPAIGN_LEVELS || done < p->next_report)
        return;
    fprintf(stderr, "gen: compass: %d/%d levels\n", done, total);
    p->next_report = done + (total + 9) / 10;
}

static int write_campaign(const char *dir, uint32_t seed, const compass_level *levels, int count)
{
    char path[4096], err[512];
    for (int i = 0; i < count; i++) {
        cJSON *doc = compass_level_to_json(&levels[i]);
        if (!doc)
            return cli_error(CLI_USAGE, "compass: out of memory");
        snprintf(path, sizeof path, "%s/%s.json", dir, levels[i].id);
        int rc = jsonio_write_file(path, doc, err, sizeof err);
        cJSON_Delete(doc);
        if (rc)
            return cli_error(CLI_USAGE, "compass: %s", err);
    }
    /* The index goes last, so it never names a file that was not written. */
    cJSON *doc = cJSON_CreateObject();
    cJSON_AddStringToObject(doc, "format", COMPASS_CAMPAIGN_FORMAT);
    cJSON_AddNumberToObject(doc, "seed", seed);
    cJSON *list = cJSON_AddArrayToObject(doc, "levels");
    for (int i = 0; i < count; i++) {
        cJSON *item = cJSON_CreateObject();
        char file[96];
        snprintf(file, sizeof file, "%s.json", levels[i].id);
        cJSON_AddStringToObject(item, "id", levels[i].id);
        cJSON_AddStringToObject(item, "file", file);
        cJSON_AddItemToArray(list, item);
    }
    snprintf(path, sizeof path, "%s/campaign.json", dir);
    int rc = jsonio_write_file(path, doc, err, sizeof err);
    cJSON_Delete(doc);
    if (rc)
        return cli_error(CLI_USAGE, "compass: %s", err);
    return CLI_OK;
}

int gen_compass_main(int argc, char **argv)
{
    static const struct option opts[] = {{"seed", required_argument, 0, 's'},
                                         {"out", required_argument, 0, 'o'},
                                         {"count", required_argument, 0, 'c'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    uint32_t seed = COMPASS_DEFAULT_SEED;
    const char *out = "levels/compass";
    long count = COMPASS_CAMPAIGN_LEVELS;
    char err[512];
    int opt;
    while ((opt = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
        switch (opt) {
        case 's':
            if (rng_parse_seed(optarg, &seed, err, sizeof err) != 0)
                return cli_error(CLI_USAGE, "compass: --%s", err);
            break;
        case 'o':
            if (!*optarg || strlen(optarg) > 3000)
                return cli_error(CLI_USAGE, "compass: --out: expected a folder path");
            out = optarg;
            break;
        case 'c':
            if (cli_parse_long("--count", optarg, 1, COMPASS_GEN_MAX_COUNT, &count))
                return CLI_USAGE;
            break;
        case 'h': fputs(usage, stdout); return CLI_OK;
        default: return cli_bad_option("compass", opt, argv[optind - 1]);
        }
    }
    if (optind < argc)
        return cli_error(CLI_USAGE, "compass: unexpected argument \"%.40s\"", argv[optind]);

    compass_level *levels = calloc((size_t)count, sizeof *levels);
    if (!levels)
        return cli_error(CLI_USAGE, "compass: out of memory for %ld levels", count);
    progress_state progress = {(int)count, (int)count / 10};
    int rc = compass_gen_campaign(seed, (int)count, levels, report_progress, &progress, err,
                                  sizeof err);
    if (rc != 0) {
        free(levels);
        return cli_error(CLI_CHECK_FAILED, "compass: %s", err);
    }
    if (count > COMPASS_CAMPAIGN_LEVELS)
        fprintf(stderr, "gen: compass: writing %ld level files to %s\n", count, out);
    rc = write_campaign(out, seed, levels, (int)count);
    free(levels);
    if (rc == CLI_OK)
        fprintf(stderr, "gen: compass: wrote %ld levels and campaign.json to %s (seed %u)\n",
                count, out, seed);
    return rc;
}
