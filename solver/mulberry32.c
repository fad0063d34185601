/* solver mulberry32: a seed's stream, and the committed stream report over fixed seeds. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "rng.h"
#include "solver.h"

/* Seeds of the committed report: zero, one, the DBT-21 default, 2^31 and 2^32 - 1. */
static const uint32_t report_seeds[] = {0u, 1u, 12345u, 2147483648u, 4294967295u};
enum { REPORT_COUNT = 16, MAX_COUNT = 1000000 };

static cJSON *stream_json(uint32_t seed, long count)
{
    cJSON *doc = cJSON_CreateObject();
    cJSON_AddNumberToObject(doc, "seed", seed);
    cJSON *ints = cJSON_AddArrayToObject(doc, "uint32");
    cJSON *floats = cJSON_AddArrayToObject(doc, "float");
    rng_t rng;
    rng_seed(&rng, seed);
    for (long i = 0; i < count; i++) {
        uint32_t u = rng_next_u32(&rng);
        cJSON_AddItemToArray(ints, cJSON_CreateNumber(u));
        cJSON_AddItemToArray(floats, cJSON_CreateNumber(u / 4294967296.0));
    }
    return doc;
}

/* The report re-derives each float from its uint32 and checks the reduction rule on the
 * seed text, so a wrong stream or a wrong reduction fails by name. */
static cJSON *report_json(void)
{
    cJSON *doc = cJSON_CreateObject();
    cJSON_AddStringToObject(doc, "format", "mulberry32-report/1");
    cJSON *checks = cJSON_CreateArray();
    int all = 1;
    static const struct { const char *text; uint32_t want; } reductions[] = {
        {"-1", 4294967295u}, {"4294967296", 0u}, {"12345", 12345u}, {"-4294967297", 4294967295u}};
    for (size_t i = 0; i < sizeof reductions / sizeof *reductions; i++) {
        uint32_t got = 0;
        char err[128], detail[160];
        int ok = rng_parse_seed(reductions[i].text, &got, err, sizeof err) == 0 &&
                 got == reductions[i].want;
        snprintf(detail, sizeof detail, "seed %s reduces to %u (expected %u)", reductions[i].text,
                 got, reductions[i].want);
        cJSON *c = cJSON_CreateObject();
        cJSON_AddStringToObject(c, "name", "seed-reduction-mod-2^32");
        cJSON_AddBoolToObject(c, "pass", ok);
        cJSON_AddStringToObject(c, "detail", detail);
        cJSON_AddItemToArray(checks, c);
        all &= ok;
    }
    cJSON *streams = cJSON_CreateArray();
    for (size_t i = 0; i < sizeof report_seeds / sizeof *report_seeds; i++) {
        cJSON *s = stream_json(report_seeds[i], REPORT_COUNT);
        int in_range = 1;
        const cJSON *f;
        cJSON_ArrayForEach(f, cJSON_GetObjectItem(s, "float")) in_range &=
            f->valuedouble >= 0.0 && f->valuedouble < 1.0;
        char detail[160];
        snprintf(detail, sizeof detail, "seed %u: %d floats all in [0, 1)", report_seeds[i],
                 REPORT_COUNT);
        cJSON *c = cJSON_CreateObject();
        cJSON_AddStringToObject(c, "name", "float-in-unit-interval");
        cJSON_AddBoolToObject(c, "pass", in_range);
        cJSON_AddStringToObject(c, "detail", detail);
        cJSON_AddItemToArray(checks, c);
        all &= in_range;
        cJSON_AddItemToArray(streams, s);
    }
    cJSON_AddBoolToObject(doc, "pass", all);
    cJSON_AddItemToObject(doc, "checks", checks);
    cJSON_AddItemToObject(doc, "streams", streams);
    return doc;
}

static const char usage[] =
    "usage: solver mulberry32 --seed N [--count K]\n"
    "       solver mulberry32 --report FILE\n\n"
    "Prints {\"seed\", \"uint32\", \"float\"} for the first K (default 16) outputs of\n"
    "Mulberry32 seeded with N. N is any decimal integer, reduced modulo 2^32\n"
    "(-1 is 4294967295). --report writes the committed stream report for the seeds\n"
    "0, 1, 12345, 2147483648 and 4294967295.\n";

int solver_mulberry32_main(int argc, char **argv)
{
    static const struct option opts[] = {{"seed", required_argument, 0, 's'},
                                         {"count", required_argument, 0, 'c'},
                                         {"report", required_argument, 0, 'r'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    const char *seed_text = NULL, *report = NULL;
    long count = 16;
    int opt;
    while ((opt = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
        switch (opt) {
        case 's': seed_text = optarg; break;
        case 'c':
            if (cli_parse_long("--count", optarg, 1, MAX_COUNT, &count))
                return CLI_USAGE;
            break;
        case 'r': report = optarg; break;
        case 'h': fputs(usage, stdout); return CLI_OK;
        default: return cli_bad_option("mulberry32", opt, argv[optind - 1]);
        }
    }
    if (optind < argc)
        return cli_error(CLI_USAGE, "mulberry32: unexpected argument \"%.40s\"", argv[optind]);
    if (report) {
        if (seed_text)
            return cli_error(CLI_USAGE, "mulberry32: --report takes no --seed");
        cJSON *doc = report_json();
        int pass = cJSON_IsTrue(cJSON_GetObjectItem(doc, "pass"));
        int rc = cli_emit_json(doc, report);
        cJSON_Delete(doc);
        return rc ? rc : pass ? CLI_OK : CLI_CHECK_FAILED;
    }
    if (!seed_text)
        return cli_error(CLI_USAGE, "mulberry32: --seed N is required (see --help)");
    uint32_t seed;
    char err[128];
    if (rng_parse_seed(seed_text, &seed, err, sizeof err) != 0)
        return cli_error(CLI_USAGE, "mulberry32: %s", err);
    cJSON *doc = stream_json(seed, count);
    int rc = cli_emit_json(doc, NULL);
    cJSON_Delete(doc);
    return rc;
}
