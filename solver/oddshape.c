/* solver oddshape: checks a rounds file (Table L1 or seeded) and writes its evidence report. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "oddshape/oddshape_check.h"
#include "oddshape/oddshape_json.h"
#include "report.h"
#include "solver.h"

#define REPORT_FORMAT "oddshape-report/1"

/* No path or time goes in: the same rounds give the same bytes wherever the file lives. */
static cJSON *report_json(const oddshape_rounds_doc *doc, const oddshape_check_list *list,
                          solver_checks *c, const char *path)
{
    cJSON *r = cJSON_CreateObject();
    cJSON_AddStringToObject(r, "format", REPORT_FORMAT);
    cJSON_AddStringToObject(r, "source", oddshape_source_names[doc->source]);
    if (doc->source == ODDSHAPE_SOURCE_MULBERRY32)
        cJSON_AddNumberToObject(r, "seed", doc->seed);
    cJSON_AddNumberToObject(r, "rounds", doc->count);
    cJSON_AddBoolToObject(r, "pass", list->pass);
    solver_checks_begin(c, "oddshape", path, cJSON_AddArrayToObject(r, "checks"));
    for (int i = 0; i < list->count; i++)
        solver_check(c, list->checks[i].name, list->checks[i].pass, list->checks[i].detail);
    return r;
}

static const char usage[] =
    "usage: solver oddshape FILE [--report OUT]\n\n"
    "Checks a Find the Odd Shape rounds file (oddshape-rounds/1) and prints its report, or\n"
    "writes it atomically to OUT. Every file: 15 rounds numbered 1..15, RT-GEN-ODD G1/G2 on\n"
    "every row, slots equal to what the five fields construct (LED-R5). source table-L1: the\n"
    "Levels distribution claims. source mulberry32: the rounds re-derive from the seed and\n"
    "no round repeats the previous odd slot.\n"
    "Exit 0 when every check passes; 1 when any fails (the report is still written and the\n"
    "failed checks are listed on stderr); 2 when FILE is unreadable or not a valid rounds file.\n";

int solver_oddshape_main(int argc, char **argv)
{
    static const struct option opts[] = {{"report", required_argument, 0, 'r'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    const char *report = NULL;
    int opt;
    while ((opt = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
        switch (opt) {
        case 'r': report = optarg; break;
        case 'h': fputs(usage, stdout); return CLI_OK;
        default: return cli_bad_option("oddshape", opt, argv[optind - 1]);
        }
    }
    if (optind >= argc)
        return cli_error(CLI_USAGE, "oddshape: a rounds FILE is required (see --help)");
    if (optind + 1 < argc)
        return cli_error(CLI_USAGE, "oddshape: unexpected argument \"%.40s\"", argv[optind + 1]);
    if (report && !*report)
        return cli_error(CLI_USAGE, "oddshape: --report needs a file name");

    if (report && strcmp(report, "-") != 0 && cli_refuse_same_file("oddshape: --report", report, argv[optind]))
        return CLI_USAGE;
    static oddshape_rounds_doc doc; /* a few kB: kept off the stack */
    char err[512];
    if (oddshape_json_read_file(argv[optind], &doc, err, sizeof err) != 0)
        return cli_error(CLI_USAGE, "oddshape: %s", err);
    static oddshape_check_list list;
    oddshape_check_doc(&doc, &list);
    solver_checks c;
    cJSON *json = report_json(&doc, &list, &c, argv[optind]);
    int rc = solver_report_write(&c, json, report);
    cJSON_Delete(json);
    return rc;
}
