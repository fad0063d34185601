/* gen compass: builds the Compass Shift campaign (or a larger pool) by reverse construction. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "compass/compass_gen_pool.h"
#include "compass/compass_level_text.h"
#include "gen.h"
#include "jsonio.h"
#include "rng.h"

static const char usage[] =
    "usage: gen compass [--seed S] [--out DIR] [--count N]\n"
    "       gen compass --one --pattern P --tier T [--family F] [--seed S] --out FILE\n\n"
    "Builds the Compass Shift campaign by reverse construction and writes one level file per\n"
    "level (DIR/<id>.json, format compass-shift-level/1) and DIR/campaign.json listing them in\n"
    "campaign order. Every level is replayed and independently solved before it is written.\n\n"
    "  --seed S    campaign seed, any decimal integer reduced modulo 2^32 (default 20260810)\n"
    "  --out DIR   output folder (default levels/compass)\n"
    "  --count N   levels to build, 1 to 10000 (default 50, the campaign). Above 50 the\n"
    "              50-level plan repeats: level i takes the pattern, family, tier, board size\n"
    "              and arrow count of campaign slot (i - 1) mod 50; ids widen to the\n"
    "              digits N needs.\n\n"
    "--one builds one level, of pattern P (four-winds, counter-current, reef-slalom,\n"
    "breakwater, tide-clock, quarter-gates, signal-shapes, semaphore, charted-reef,\n"
    "harbor-code) and tier T (1 to 4), into FILE (written atomically): the board the campaign\n"
    "of seed S would put at its first position of that pattern and tier, without the rules\n"
    "between neighbouring levels. --family F, when given, must be P's family (every pattern\n"
    "has one). The same arguments always give the same file.\n\n"
    "DIR ends up holding exactly this campaign's level files: a regular file named like a level\n"
    "file of this tool (cs-<number>-<pattern>.json, the pattern that number takes, e.g. a\n"
    "cs-51-four-winds.json left by an earlier --count 60) that the new campaign.json does not\n"
    "list is removed after campaign.json is written. Other files, folders and links are never\n"
    "touched. The old campaign.json is removed before any level is written, so a run that\n"
    "fails part-way leaves no index naming a mix of old and new levels.\n";

/* Where the pipeline's hooks write: the folder, and the count of accepted levels at which
 * the next progress line is due. */
typedef struct {
    const char *dir;
    int next_report;
} writer;

/* Called as levels are accepted, in order; prints about every tenth of a long run. */
static void report_progress(int done, int total, void *ctx)
{
    writer *w = ctx;
    if (total <= COMPASS_CAMPAIGN_LEVELS || done < w->next_report)
        return;
    fprintf(stderr, "gen: compass: %d/%d levels\n", done, total);
    w->next_report = done + (total + 9) / 10;
}

/* One final level's file, on whichever worker accepted it: compass_level_text, because the
 * cJSON printer may not run on two threads; written to a temporary file and renamed. */
static int write_level(const compass_level *l, void *ctx, char *err, size_t errlen)
{
    const writer *w = ctx;
    char path[4096], inner[512];
    size_t len;
    char *text = compass_level_text(l, &len);
    if (!text) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    snprintf(path, sizeof path, "%s/%s.json", w->dir, l->id);
    int rc = jsonio_write_text(path, text, len, inner, sizeof inner);
    free(text);
    if (rc)
        snprintf(err, errlen, "%s", inner);
    return rc;
}

/* A failed run leaves at worst level files without an index, never an index that names a mix
 * of two runs: the old index goes before the first level is written, the new one is written
 * last (atomically), once every level file is in place. */
static int remove_index(const char *dir)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/campaign.json", dir);
    if (unlink(path) != 0 && errno != ENOENT)
        return cli_error(CLI_USAGE, "compass: %s: cannot replace: %s", path, strerror(errno));
    return CLI_OK;
}

static int write_index(const char *dir, uint32_t seed, const compass_level *levels, int count)
{
    char path[4096], err[512];
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

/* A level file of an earlier, larger (or differently sized) run that the campaign just
 * written does not list: a name this tool gives its levels (compass_level_file_position) but
 * not one of the count names it wrote. Swept after the new campaign.json is in place, so an
 * interruption leaves only clutter, never a broken index. */
static int is_stale_level(const char *name, void *ctx)
{
    int count = *(const int *)ctx, i = compass_level_file_position(name);
    if (i < 0)
        return 0;
    char listed[96];
    compass_level_id(i, count, listed, sizeof listed);
    strcat(listed, ".json");
    return i >= count || strcmp(name, listed) != 0;
}

/* gen compass --one: one level into one file. */
static int write_one(const char *pattern, long tier, const char *family, uint32_t seed,
                     const char *path)
{
    char err[512];
    compass_level l;
    int rc = compass_gen_one(pattern, (int)tier, family, seed, &l, err, sizeof err);
    if (rc != 0)
        return cli_error(rc == -1 ? CLI_USAGE : CLI_CHECK_FAILED, "compass: %s", err);
    size_t len;
    char *text = compass_level_text(&l, &len);
    if (!text)
        return cli_error(CLI_USAGE, "compass: out of memory");
    rc = jsonio_make_dirs(path, 0, err, sizeof err) == 0
                 ? jsonio_write_text(path, text, len, err, sizeof err)
                 : -1;
    free(text);
    if (rc)
        return cli_error(CLI_USAGE, "compass: %s", err);
    fprintf(stderr, "gen: compass: wrote %s (%s, tier %ld, seed %u) to %s\n", l.id, pattern,
            tier, seed, path);
    return CLI_OK;
}

int gen_compass_main(int argc, char **argv)
{
    static const struct option opts[] = {{"seed", required_argument, 0, 's'},
                                         {"out", required_argument, 0, 'o'},
                                         {"count", required_argument, 0, 'c'},
                                         {"one", no_argument, 0, '1'},
                                         {"pattern", required_argument, 0, 'p'},
                                         {"tier", required_argument, 0, 't'},
                                         {"family", required_argument, 0, 'f'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    uint32_t seed = COMPASS_DEFAULT_SEED;
    const char *out = NULL, *pattern = NULL, *family = NULL;
    long count = COMPASS_CAMPAIGN_LEVELS, tier = 0;
    int one = 0, have_count = 0;
    char err[512];
    int opt;
    while ((opt = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
        switch (opt) {
        case 's':
            if (rng_parse_seed(optarg, &seed, err, sizeof err) != 0)
                return cli_error(CLI_USAGE, "compass: --%s", err);
            break;
        case 'o': out = optarg; break;
        case 'c':
            if (cli_parse_long("--count", optarg, 1, COMPASS_GEN_MAX_COUNT, &count))
                return CLI_USAGE;
            have_count = 1;
            break;
        case '1': one = 1; break;
        case 'p': pattern = optarg; break;
        case 't':
            if (cli_parse_long("--tier", optarg, 1, COMPASS_TIER_COUNT, &tier))
                return CLI_USAGE;
            break;
        case 'f': family = optarg; break;
        case 'h': fputs(usage, stdout); return CLI_OK;
        default: return cli_bad_option("compass", opt, argv[optind - 1]);
        }
    }
    if (optind < argc)
        return cli_error(CLI_USAGE, "compass: unexpected argument \"%.40s\"", argv[optind]);
    if (one) {
        if (have_count)
            return cli_error(CLI_USAGE, "compass: --one builds one level: --count does not apply");
        if (!pattern || !tier || !out)
            return cli_error(CLI_USAGE, "compass: --one needs --pattern, --tier and --out FILE");
        if (!*out || strlen(out) > CLI_DIR_MAX)
            return cli_error(CLI_USAGE, "compass: --out: expected a file path of 1 to %d bytes",
                             CLI_DIR_MAX);
        return write_one(pattern, tier, family, seed, out);
    }
    if (pattern || tier || family)
        return cli_error(CLI_USAGE, "compass: --pattern, --tier and --family need --one");
    if (!out)
        out = "levels/compass";
    else if (cli_parse_dir("--out", out, &out))
        return CLI_USAGE;
    /* An unusable folder is an input error found before the generator runs, not after. */
    struct stat st;
    if (jsonio_make_dirs(out, 1, err, sizeof err) != 0)
        return cli_error(CLI_USAGE, "compass: %s", err);
    if (stat(out, &st) != 0 || !S_ISDIR(st.st_mode))
        return cli_error(CLI_USAGE, "compass: --out %s: not a folder", out);

    compass_level *levels = calloc((size_t)count, sizeof *levels);
    if (!levels)
        return cli_error(CLI_USAGE, "compass: out of memory for %ld levels", count);
    int rc = remove_index(out);
    if (rc != CLI_OK) {
        free(levels);
        return rc;
    }
    if (count > COMPASS_CAMPAIGN_LEVELS)
        fprintf(stderr, "gen: compass: building and writing %ld level files to %s\n", count,
                out);
    /* Level files are written as the generator accepts them, by its worker threads. */
    writer w = {out, (int)count / 10};
    compass_gen_hooks hooks = {report_progress, write_level, &w};
    int n = (int)count;
    rc = compass_gen_campaign(seed, n, levels, &hooks, err, sizeof err);
    if (rc != 0) {
        free(levels);
        /* A file that cannot be written is a usage error like any unwritable --out; a
         * position with no passing candidate is a failed check. */
        return cli_error(rc == -2 ? CLI_USAGE : CLI_CHECK_FAILED, "compass: %s", err);
    }
    rc = write_index(out, seed, levels, n);
    free(levels);
    if (rc == CLI_OK)
        rc = cli_remove_stale(out, is_stale_level, &n, "level file");
    if (rc == CLI_OK)
        fprintf(stderr, "gen: compass: wrote %ld levels and campaign.json to %s (seed %u)\n",
                count, out, seed);
    return rc;
}
