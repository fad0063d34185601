/* solver compass: the command line (options, validation of every input before any is
 * solved) dispatching to the per-level verifier (compass_verify.c) and the --campaign mode
 * (compass_campaign.c). */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "compass/compass.h"
#include "html_evidence.h"
#include "compass/compass_content.h"
#include "compass/compass_solve.h"
#include "compass_cli.h"
#include "solver.h"

static const char usage[] =
    "usage: solver compass [LIMITS] [--stats] FILE\n"
    "       solver compass [LIMITS] [--stats] --report DIR FILE...\n"
    "       solver compass [LIMITS] [--stats] --campaign CAMPAIGN --report DIR\n"
    "       solver compass [LIMITS] [--stats] --first FILE\n"
    "       solver compass ... --html PAGE (with one FILE or with --campaign)\n\n"
    "Verifies compass-shift-level/1 files: a deterministic breadth-first search over every\n"
    "reachable (remaining arrows, compass phase) state, the solution replayed through the\n"
    "production release rule, the canonical board identity and the wall and schedule\n"
    "witnesses. With one FILE the evidence record is printed on stdout; --report writes\n"
    "DIR/<id>.json for each FILE instead. Every file is validated before any is solved.\n\n"
    "  --campaign F    verify every level a compass-shift-campaign/1 file lists, write\n"
    "                  their records to DIR and DIR/campaign.json with every campaign\n"
    "                  acceptance check; exit 1 when any check fails. Records of an\n"
    "                  earlier, larger campaign (cs-<number>-<pattern>.json not listed)\n"
    "                  are removed from DIR; other files are left alone\n"
    "  --first         for boards too large to enumerate: a depth-first search with a\n"
    "                  memo of lost states prints the first winning order (the one the\n"
    "                  full search gives) replayed, or proves there is none; its record\n"
    "                  (compass-shift-first/1) says stateCount counts only the states\n"
    "                  expanded. The full search never falls back to it by itself: when\n"
    "                  it stops at a limit it exits 1 and names --first\n"
    "  --html PAGE     also write a self-contained HTML page (inline SVG and CSS, no script):\n"
    "                  with --campaign the campaign report (summary, checks, difficulty\n"
    "                  curve, distributions, a card and board per level), with one FILE that\n"
    "                  level's card (docs/html-evidence.md)\n"
    "LIMITS (a search that reaches one stops cleanly, exit 1, with the figures reached):\n"
    "  --max-states N  stop after N distinct states (default 300000000)\n"
    "  --max-memory S  bytes the search's tables may hold, with an optional K, M or G\n"
    "                  suffix (default 2G). Up to 30 arrows the search keeps one bit per\n"
    "                  subset of arrows (2^n/8 bytes) and uses every OMP_NUM_THREADS\n"
    "                  thread; beyond, 16 to 40 bytes per state, single-threaded\n"
    "  --stats         print states, states per second and peak memory on stderr\n\n"
    "Progress goes to stderr on searches past a million states. Exit 0 when every level is\n"
    "well-formed and solvable with verified answers, 1 when a check fails or a limit is\n"
    "reached, 2 on unreadable or invalid input.\n";

/* Reads and validates one level file; CLI_USAGE after printing one line. */
static int load_level(const char *path, compass_level *l)
{
    char err[512];
    if (compass_level_file_read(path, l, err, sizeof err))
        return cli_error(CLI_USAGE, "compass: %s", err);
    return CLI_OK;
}

/* A byte count with an optional binary K, M or G suffix, 1M to 1024G. */
static int parse_size(const char *name, const char *text, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    int shift = *end == 'K' ? 10 : *end == 'M' ? 20 : *end == 'G' ? 30 : 0;
    if (shift)
        end++;
    if (errno || end == text || *end || text[0] == '-' || v > (1ull << (40 - shift)) ||
        (v << shift) < (1ull << 20))
        return cli_error(CLI_USAGE, "compass: %s: expected bytes with an optional K, M or G "
                                    "suffix, 1M to 1024G, got \"%.40s\"", name, text);
    *out = (uint64_t)v << shift;
    return CLI_OK;
}

int solver_compass_main(int argc, char **argv)
{
    static const struct option opts[] = {{"report", required_argument, 0, 'r'},
                                         {"max-states", required_argument, 0, 'm'},
                                         {"campaign", required_argument, 0, 'c'},
                                         {"max-memory", required_argument, 0, 'M'},
                                         {"first", no_argument, 0, 'f'},
                                         {"stats", no_argument, 0, 's'},
                                         {"html", required_argument, 0, 'H'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    const char *report_dir = NULL, *campaign = NULL, *html = NULL;
    long max_states = (long)COMPASS_DEFAULT_MAX_STATES;
    uint64_t max_memory = COMPASS_DEFAULT_MAX_MEMORY;
    int stats = 0, first = 0;
    int opt;
    while ((opt = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
        switch (opt) {
        case 'r':
            if (cli_parse_dir("--report", optarg, &report_dir))
                return CLI_USAGE;
            break;
        case 'c': campaign = optarg; break;
        case 'm':
            if (cli_parse_long("--max-states", optarg, 1, 1000000000000L, &max_states))
                return CLI_USAGE;
            break;
        case 'M':
            if (parse_size("--max-memory", optarg, &max_memory))
                return CLI_USAGE;
            break;
        case 'f': first = 1; break;
        case 's': stats = 1; break;
        case 'H': html = optarg; break;
        case 'h': fputs(usage, stdout); return CLI_OK;
        default: return cli_bad_option("compass", opt, argv[optind - 1]);
        }
    }
    solver_compass_opts run = {(uint64_t)max_states, stats, max_memory, first, NULL};
    int files = argc - optind;
    if (html && (first || (!campaign && files != 1)))
        return cli_error(CLI_USAGE, "compass: --html takes one FILE or --campaign (no --first)");
    if (html && !campaign && cli_refuse_same_file("compass: --html", html, argv[optind]))
        return CLI_USAGE;
    run.html = campaign ? NULL : html;
    if (first && (campaign || report_dir || files != 1))
        return cli_error(CLI_USAGE, "compass: --first takes one FILE and prints its record "
                                    "(no --report or --campaign)");
    if (campaign) {
        if (files > 0)
            return cli_error(CLI_USAGE, "compass: --campaign takes no FILE (got \"%.40s\")",
                             argv[optind]);
        if (!report_dir)
            return cli_error(CLI_USAGE, "compass: --campaign needs --report DIR");
        if (html && solver_html_campaign_refuse(campaign, html))
            return CLI_USAGE;
        int rc = solver_compass_campaign(campaign, report_dir, &run);
        if (html && rc != CLI_USAGE) {
            int page = solver_html_campaign(campaign, report_dir, html);
            if (page) rc = page;
        }
        return rc;
    }
    if (files == 0)
        return cli_error(CLI_USAGE, "compass: a level FILE is required (see --help)");
    if (!report_dir && files > 1)
        return cli_error(CLI_USAGE, "compass: one FILE prints its record; use --report DIR for "
                                    "%d files", files);

    /* Validate every input before solving or writing anything. */
    compass_level *levels = malloc((size_t)files * sizeof *levels);
    if (!levels)
        return cli_error(CLI_USAGE, "compass: out of memory for %d levels", files);
    for (int i = 0; i < files; i++) {
        if (load_level(argv[optind + i], &levels[i])) {
            free(levels);
            return CLI_USAGE;
        }
        /* With --report each id names DIR/<id>.json beside DIR/campaign.json, as in the
         * campaign reader: case-blind (one file on a case-insensitive file system) and
         * never "campaign". */
        if (report_dir && strcasecmp(levels[i].id, "campaign") == 0) {
            cli_error(CLI_USAGE, "compass: %s: id: \"%s\" is reserved for the campaign report "
                      "(DIR/campaign.json)", argv[optind + i], levels[i].id);
            free(levels);
            return CLI_USAGE;
        }
        for (int j = 0; j < i && report_dir; j++)
            if (strcasecmp(levels[i].id, levels[j].id) == 0) {
                cli_error(CLI_USAGE, "compass: %s: id: \"%s\" is also the id of %s%s",
                          argv[optind + i], levels[i].id, argv[optind + j],
                          strcmp(levels[i].id, levels[j].id) ? " (ids differing only in case "
                          "name one report file on a case-insensitive file system)" : "");
                free(levels);
                return CLI_USAGE;
            }
    }
    /* A record named by its level's id must not land on an input file (a level in DIR whose
     * file name is its id). */
    for (int i = 0; i < files && report_dir; i++) {
        char out[4200];
        snprintf(out, sizeof out, "%s/%s.json", report_dir, levels[i].id);
        outpath_item record = {"--report", out};
        for (int j = 0; j < files; j++)
            if (cli_refuse_outputs("compass", &record, 1, &(outpath_item){"FILE", argv[optind + j]}, 1)) {
                free(levels);
                return CLI_USAGE;
            }
    }
    int rc = CLI_OK;
    if (first)
        rc = solver_compass_first(argv[optind], &levels[0], &run);
    for (int i = 0; i < files && rc != CLI_USAGE && !first; i++) {
        int one = solver_compass_verify(argv[optind + i], &levels[i], &run, report_dir);
        if (one > rc)
            rc = one;
    }
    free(levels);
    return rc;
}
