/* gen memory5d: prints the board a seed names at a difficulty, as JSON. */
#include <getopt.h>
#include <stdio.h>

#include "cli.h"
#include "gen.h"
#include "memory5d_board.h"
#include "memory5d_config.h"
#include "memory5d_json.h"
#include "rng.h"

static const char usage[] =
    "usage: gen memory5d [--seed S] [--difficulty D] [--config FILE] [--out FILE]\n\n"
    "Prints the Memory5D board that seed S names at difficulty D (easy, normal, hard,\n"
    "expert; default normal) as JSON (schemas/memory5d-board.schema.json). S is any\n"
    "decimal integer reduced modulo 2^32 (default 12345). The board size and the\n"
    "variant and texture names come from the rules config (default " M5_DEFAULT_RULES ").\n";

int gen_memory5d_main(int argc, char **argv)
{
    static const struct option opts[] = {{"seed", required_argument, 0, 's'},
                                         {"difficulty", required_argument, 0, 'd'},
                                         {"config", required_argument, 0, 'c'},
                                         {"out", required_argument, 0, 'o'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    const char *seed_text = "12345", *diff_text = "normal", *config = M5_DEFAULT_RULES;
    const char *out = NULL;
    int opt;
    while ((opt = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
        switch (opt) {
        case 's': seed_text = optarg; break;
        case 'd': diff_text = optarg; break;
        case 'c': config = optarg; break;
        case 'o': out = optarg; break;
        case 'h': fputs(usage, stdout); return CLI_OK;
        default: return cli_bad_option("memory5d", opt, argv[optind - 1]);
        }
    }
    if (optind < argc)
        return cli_error(CLI_USAGE, "memory5d: unexpected argument \"%.40s\"", argv[optind]);
    uint32_t seed;
    char err[512];
    if (rng_parse_seed(seed_text, &seed, err, sizeof err) != 0)
        return cli_error(CLI_USAGE, "memory5d: %s", err);
    int difficulty = m5_name_index(m5_difficulty_names, M5_DIFFICULTIES, diff_text);
    if (difficulty < 0)
        return cli_error(CLI_USAGE,
                         "memory5d: --difficulty: expected easy/normal/hard/expert, got \"%.40s\"",
                         diff_text);
    m5_config cfg;
    if (m5_config_load(config, &cfg, err, sizeof err) != 0)
        return cli_error(CLI_USAGE, "memory5d: %s", err);
    m5_board board;
    int attempt = m5_board_generate(&cfg, seed, difficulty, &board);
    cJSON *doc = m5_board_to_json(&cfg, &board, seed, difficulty, attempt);
    int rc = cli_emit_json(doc, out);
    cJSON_Delete(doc);
    return rc;
}
