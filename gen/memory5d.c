/* gen memory5d: prints the board a seed names at a difficulty, or an AI-vs-AI match log. */
#include <getopt.h>
#include <stdio.h>

#include "cli.h"
#include "gen.h"
#include "memory5d/memory5d_ai.h"
#include "memory5d/memory5d_board.h"
#include "memory5d/memory5d_config.h"
#include "memory5d/memory5d_json.h"
#include "memory5d/memory5d_rules.h"
#include "rng.h"

static const char usage[] =
    "usage: gen memory5d [--seed S] [--difficulty D] [--config FILE] [--out FILE]\n"
    "       gen memory5d --selfplay [--seed S] [--difficulty D] [--config FILE] [--out FILE]\n\n"
    "Prints the Memory5D board that seed S names at difficulty D (easy, normal, hard,\n"
    "expert; default normal) as JSON (schemas/memory5d-board.schema.json). S is any\n"
    "decimal integer reduced modulo 2^32 (default 12345). The board size and the\n"
    "variant and texture names come from the rules config (default " MEMORY5D_DEFAULT_RULES ").\n"
    "--selfplay prints instead the log of an AI-vs-AI Classic match on that board\n"
    "(schemas/memory5d-log.schema.json), which solver memory5d --replay checks.\n";

/* An AI-vs-AI match on the board seed names, as a log document. */
static int selfplay(const memory5d_config *cfg, uint32_t seed, int difficulty, const char *out)
{
    memory5d_setup setup = {.seed = seed,
                            .difficulty = difficulty,
                            .mode = MEMORY5D_CLASSIC,
                            .kind = MEMORY5D_MATCH_STANDARD};
    static memory5d_def def;
    char err[256];
    if (memory5d_def_init(&def, cfg, &setup, err, sizeof err) != 0)
        return cli_error(CLI_USAGE, "memory5d: %s", err);
    memory5d_ai *ai = memory5d_ai_new();
    if (!ai)
        return cli_error(CLI_USAGE, "memory5d: out of memory");
    memory5d_state st;
    memory5d_log log;
    memory5d_state_init(&def, &st, 0);
    memory5d_log_init(&log, 0);
    memory5d_selfplay_stats stats;
    int rc = memory5d_ai_selfplay(ai, &def, &st, &log, 1000, NULL, &stats, err, sizeof err);
    memory5d_ai_free(ai);
    if (rc != 0) {
        memory5d_log_free(&log);
        return cli_error(CLI_CHECK_FAILED, "memory5d: %s", err);
    }
    cJSON *doc = memory5d_log_to_json(&def, &log, &st);
    memory5d_log_free(&log);
    rc = cli_emit_json(doc, out);
    cJSON_Delete(doc);
    return rc;
}

int gen_memory5d_main(int argc, char **argv)
{
    static const struct option opts[] = {{"seed", required_argument, 0, 's'},
                                         {"difficulty", required_argument, 0, 'd'},
                                         {"config", required_argument, 0, 'c'},
                                         {"out", required_argument, 0, 'o'},
                                         {"selfplay", no_argument, 0, 'p'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    const char *seed_text = "12345", *diff_text = "normal", *config = MEMORY5D_DEFAULT_RULES;
    const char *out = NULL;
    int opt, play = 0, config_given = 0;
    while ((opt = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
        switch (opt) {
        case 's': seed_text = optarg; break;
        case 'd': diff_text = optarg; break;
        case 'c': config = optarg, config_given = 1; break;
        case 'o': out = optarg; break;
        case 'p': play = 1; break;
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
    int difficulty =
        memory5d_name_index(memory5d_difficulty_names, MEMORY5D_DIFFICULTIES, diff_text);
    if (difficulty < 0)
        return cli_error(CLI_USAGE,
                         "memory5d: --difficulty: expected easy/normal/hard/expert, got \"%.40s\"",
                         diff_text);
    char config_buf[4200];
    if (!config_given) config = cli_data_path(config, config_buf, sizeof config_buf);
    if (out && cli_refuse_same_file("memory5d: --out", out, config))
        return CLI_USAGE;
    memory5d_config cfg;
    if (memory5d_config_load(config, &cfg, err, sizeof err) != 0)
        return cli_error(CLI_USAGE, "memory5d: %s", err);
    if (play)
        return selfplay(&cfg, seed, difficulty, out);
    memory5d_board board;
    int attempt = memory5d_board_generate(&cfg, seed, difficulty, &board);
    cJSON *doc = memory5d_board_to_json(&cfg, &board, seed, difficulty, attempt);
    int rc = cli_emit_json(doc, out);
    cJSON_Delete(doc);
    return rc;
}
