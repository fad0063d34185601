/* gen oddshape: the 15 rounds the Randomize-ON Trio Generator makes for a seed. */
#include <getopt.h>
#include <stdio.h>

#include "cli.h"
#include "gen.h"
#include "oddshape/oddshape.h"
#include "oddshape/oddshape_json.h"
#include "rng.h"

static const char usage[] =
    "usage: gen oddshape [--seed N] [--out FILE]\n\n"
    "Prints (or writes atomically to FILE) the 15 rounds of Find the Odd Shape that the\n"
    "seeded generator makes for seed N (default 12345, DBT-21), in the oddshape-rounds/1\n"
    "format with \"source\": \"mulberry32\". N is any decimal integer, reduced modulo 2^32\n"
    "(-1 is 4294967295); anything else (12a, 1.5, 0x10, empty) is refused with exit 2.\n"
    "Check the result with: solver oddshape FILE\n";

int gen_oddshape_main(int argc, char **argv)
{
    static const struct option opts[] = {{"seed", required_argument, 0, 's'},
                                         {"out", required_argument, 0, 'o'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    const char *seed_text = NULL, *out = NULL;
    int opt;
    while ((opt = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
        switch (opt) {
        case 's': seed_text = optarg; break;
        case 'o': out = optarg; break;
        case 'h': fputs(usage, stdout); return CLI_OK;
        default: return cli_bad_option("oddshape", opt, argv[optind - 1]);
        }
    }
    if (optind < argc)
        return cli_error(CLI_USAGE, "oddshape: unexpected argument \"%.40s\"", argv[optind]);
    uint32_t seed = ODDSHAPE_DEFAULT_SEED;
    char err[128];
    if (seed_text && rng_parse_seed(seed_text, &seed, err, sizeof err) != 0)
        return cli_error(CLI_USAGE, "oddshape: %s", err);
    if (out && !*out)
        return cli_error(CLI_USAGE, "oddshape: --out needs a file name");

    oddshape_round rounds[ODDSHAPE_ROUNDS];
    oddshape_generate(seed, rounds);
    oddshape_rounds_doc doc;
    oddshape_json_from_rounds(ODDSHAPE_SOURCE_MULBERRY32, seed, rounds, &doc);
    cJSON *json = oddshape_json_write(&doc);
    if (!json)
        return cli_error(CLI_USAGE, "oddshape: out of memory");
    int rc = cli_emit_json(json, out);
    cJSON_Delete(json);
    return rc;
}
