/* solver memory5d: validates the rules config, plays AI-vs-AI matches per difficulty and
 * the strength ladder between difficulties from fixed seeds, replaying each log, into the
 * committed self-play report; --bench prints search speed instead. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "jsonio.h"
#include "memory5d/memory5d_ai.h"
#include "memory5d/memory5d_board.h"
#include "memory5d/memory5d_config.h"
#include "memory5d/memory5d_json.h"
#include "memory5d/memory5d_lesson.h"
#include "memory5d/memory5d_rules.h"
#include "memory5d_cli.h"
#include "report.h"
#include "solver.h"

enum { DEFAULT_MATCHES = 200, MAX_MATCHES = 10000, BENCH_MATCHES = 20, DEFAULT_LADDER = 400 };

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Speed of every difficulty's search depth on the largest preset board. Printed only. */
static int bench(const memory5d_config *base, int matches)
{
    memory5d_config cfg = *base;
    int largest = 0;
    for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++)
        if (cfg.presets[d].board_size > largest)
            largest = cfg.presets[d].board_size;
    memory5d_ai *ai = memory5d_ai_new();
    static memory5d_def def;
    if (!ai)
        return solver_out_of_memory("memory5d", NULL);
    printf("memory5d AI bench: %dx%d board, %d matches per difficulty\n", largest, largest,
           matches);
    for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++) {
        cfg.presets[d].board_size = largest;
        long nodes = 0, moves = 0, most = 0; /* most: nodes of the largest search */
        double total = 0, worst = 0;
        for (int i = 0; i < matches; i++) {
            memory5d_setup setup = {.seed = (uint32_t)i + 1, .difficulty = d};
            char err[256];
            if (memory5d_def_init(&def, &cfg, &setup, err, sizeof err) != 0) {
                memory5d_ai_free(ai);
                return cli_error(CLI_USAGE, "memory5d: %s", err);
            }
            memory5d_state st;
            memory5d_state_init(&def, &st, 0);
            int64_t now = 0;
            while (st.status == MEMORY5D_PLAYING) {
                memory5d_cmd cmd;
                memory5d_ai_stats stats;
                double t0 = now_seconds();
                if (memory5d_ai_choose(ai, &def, &st, 0, &cmd, &stats) != 0)
                    break;
                double dt = now_seconds() - t0;
                total += dt;
                worst = dt > worst ? dt : worst;
                nodes += stats.nodes;
                most = stats.nodes > most ? stats.nodes : most;
                moves++;
                cmd.now_ms = now += MEMORY5D_THINK_MS;
                memory5d_outcome out;
                if (!memory5d_step(&def, &st, &cmd, &out))
                    break;
            }
        }
        printf("  %-6s depth %d: %8ld moves, %10.0f nodes/s, mean %7.3f ms, worst %7.3f ms, "
               "largest search %ld nodes\n",
               memory5d_difficulty_names[d], cfg.presets[d].ai_depth, moves,
               total > 0 ? nodes / total : 0.0, moves ? 1000 * total / moves : 0.0,
               1000 * worst, most);
    }
    memory5d_ai_free(ai);
    return CLI_OK;
}

/* Replays a match log from its seed and checks every logged outcome. */
static int replay_file(const memory5d_config *cfg, const char *path)
{
    char err[512], inner[400];
    cJSON *doc = jsonio_read_file_max(path, JSONIO_LIMIT_LOG, err, sizeof err);
    if (!doc)
        return cli_error(CLI_USAGE, "memory5d: %s", err);
    memory5d_setup setup;
    memory5d_log log;
    int rc = memory5d_log_from_json(doc, &setup, &log, inner, sizeof inner);
    cJSON_Delete(doc);
    if (rc != 0)
        return cli_error(CLI_USAGE, "memory5d: %s: %s", path, inner);
    static memory5d_def def;
    if (memory5d_def_init(&def, cfg, &setup, inner, sizeof inner) != 0) {
        memory5d_log_free(&log);
        return cli_error(CLI_USAGE, "memory5d: %s: setup: %s", path, inner);
    }
    memory5d_state st;
    size_t at = 0;
    rc = memory5d_replay(&def, &log, &st, &at);
    size_t count = log.count;
    memory5d_log_free(&log);
    solver_checks sc;
    char detail[160];
    solver_checks_begin(&sc, "memory5d", path, NULL);
    if (rc != 0)
        snprintf(detail, sizeof detail, "replay diverges at entries[%zu]: the logged outcome is "
                 "not what the rules give", at);
    else
        snprintf(detail, sizeof detail, "%zu entries reproduce the match from seed %u", count,
                 setup.seed);
    solver_check(&sc, "replay-reproduces-match", rc == 0, detail);
    if (rc == 0) {
        printf("replay: %s: %s", detail, memory5d_status_names[st.status]);
        if (st.winner >= 0)
            printf(", winner %s", memory5d_player_names[st.winner]);
        printf(" (%s)\n", memory5d_end_reason_names[st.end_reason]);
    }
    return solver_checks_end(&sc, CLI_OK);
}

/* The self-play takes minutes: a report that cannot be written fails before it, not after. */
static int check_report_path(const char *path)
{
    char err[512], dir[1024];
    if (jsonio_make_dirs(path, 0, err, sizeof err) != 0)
        return cli_error(CLI_USAGE, "memory5d: --report: %s", err);
    struct stat sb;
    if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode))
        return cli_error(CLI_USAGE, "memory5d: --report: %.200s is a directory", path);
    const char *slash = strrchr(path, '/');
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) + 1 : 1, slash ? path : ".");
    if (access(dir, W_OK) != 0)
        return cli_error(CLI_USAGE, "memory5d: --report: cannot write in %.200s: %s", dir,
                         strerror(errno));
    return CLI_OK;
}

static const char usage[] =
    "usage: solver memory5d [--config FILE] [--matches N] [--ladder N] [--report FILE]\n"
    "       solver memory5d --bench [--config FILE] [--matches N]\n"
    "       solver memory5d --replay LOG [--config FILE]\n"
    "       solver memory5d --records DB [--report FILE]\n"
    "       solver memory5d --records DB --export FILE | --import FILE\n"
    "       solver memory5d --tutorial [--lessons DIR] [--config FILE]\n\n"
    "Validates the Memory5D rules config (default " MEMORY5D_DEFAULT_RULES ") and plays N\n"
    "(default 200) AI-vs-AI Classic matches per difficulty, match i from seed i + 1,\n"
    "replaying every match log. Writes the self-play report (default\n"
    "reports/memory5d/selfplay.json; - for stdout): win and draw rates, mean links,\n"
    "reweaves, no-link draws, blocks and forks, Mastery and Star Points distributions,\n"
    "the checks, and the strength ladder: each difficulty's AI settings against each\n"
    "easier one's, --ladder N (even, default 400) matches per pairing on the same\n"
    "Expert boards (seeds 1..N/2, seats alternated), with wins, draws and an Elo estimate.\n"
    "Exit 1 if a check failed. --bench prints nodes per second and the worst move time\n"
    "per difficulty on the largest board (default 20 matches) and writes nothing.\n"
    "--replay rebuilds a match log (schemas/memory5d-log.schema.json) from its seed and\n"
    "checks every logged outcome: exit 0, or 1 naming the first diverging entry.\n"
    "--records checks a local records database (SQLite): schema current, statistics and\n"
    "balances equal their rebuild from the event history (report:\n"
    "schemas/memory5d-records-check.schema.json); exit 1 when a check fails. With --export\n"
    "it writes the database to FILE (schemas/memory5d-records.schema.json); with --import\n"
    "it validates FILE whole and replaces the database's content with it: exit 1 when the\n"
    "file is refused (nothing changed).\n"
    "--tutorial replays every lesson (default DIR levels/memory5d/tutorial) through the\n"
    "rules: each step must do what it expects and the lesson must reach its goal.\n";

int solver_memory5d_main(int argc, char **argv)
{
    static const struct option opts[] = {{"config", required_argument, 0, 'c'},
                                         {"matches", required_argument, 0, 'm'},
                                         {"report", required_argument, 0, 'r'},
                                         {"ladder", required_argument, 0, 'l'},
                                         {"bench", no_argument, 0, 'b'},
                                         {"replay", required_argument, 0, 'p'},
                                         {"records", required_argument, 0, 'R'},
                                         {"export", required_argument, 0, 'E'},
                                         {"import", required_argument, 0, 'I'},
                                         {"tutorial", no_argument, 0, 't'},
                                         {"lessons", required_argument, 0, 'L'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    const char *default_config = MEMORY5D_DEFAULT_RULES, *default_lessons = MEMORY5D_DEFAULT_TUTORIAL;
    const char *config = default_config, *report = "reports/memory5d/selfplay.json";
    const char *replay = NULL, *records = NULL, *export_path = NULL, *import_path = NULL;
    const char *lessons = default_lessons;
    int report_given = 0;
    long matches = -1, ladder = DEFAULT_LADDER;
    int do_bench = 0, do_tutorial = 0, opt;
    while ((opt = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
        switch (opt) {
        case 'c': config = optarg; break;
        case 'm':
            if (cli_parse_long("--matches", optarg, 1, MAX_MATCHES, &matches))
                return CLI_USAGE;
            break;
        case 'r': report = optarg, report_given = 1; break;
        case 'l':
            if (cli_parse_long("--ladder", optarg, 2, MAX_MATCHES, &ladder))
                return CLI_USAGE;
            if (ladder % 2)
                return cli_error(CLI_USAGE, "memory5d: --ladder: expected an even number (each "
                                 "board is played from both seats), got %ld", ladder);
            break;
        case 'b': do_bench = 1; break;
        case 'p': replay = optarg; break;
        case 'R': records = optarg; break;
        case 'E': export_path = optarg; break;
        case 'I': import_path = optarg; break;
        case 't': do_tutorial = 1; break;
        case 'L': lessons = optarg; break;
        case 'h': fputs(usage, stdout); return CLI_OK;
        default: return cli_bad_option("memory5d", opt, argv[optind - 1]);
        }
    }
    if (optind < argc)
        return cli_error(CLI_USAGE, "memory5d: unexpected argument \"%.40s\"", argv[optind]);
    if ((export_path || import_path) && !records)
        return cli_error(CLI_USAGE, "memory5d: --export and --import need --records DB");
    /* --report is written by the self-play run and the records check only: given to a job
     * that writes no report, it is refused rather than silently ignored. */
    if (report_given && !records && (replay || do_tutorial || do_bench))
        return cli_error(CLI_USAGE, "memory5d: --report: %s writes no report (it prints its "
                         "result; drop --report)", replay ? "--replay" : do_tutorial ? "--tutorial" : "--bench");
    /* Outputs never replace inputs: every output against every input, before any work. */
    int selfplay = !records && !replay && !do_tutorial && !do_bench;
    const outpath_item outs[] = {{"--report", records ? (report_given ? report : NULL) : selfplay ? report : NULL},
                                 {"--export", export_path}};
    const outpath_item ins[] = {{"--config", config}, {"--replay", replay}, {"--records", records},
                                {"--import", import_path}};
    if (cli_refuse_outputs("memory5d", outs, 2, ins, 4))
        return CLI_USAGE;
    const outpath_item db = {"--records", import_path ? records : NULL}; /* import writes it */
    if (cli_refuse_outputs("memory5d", &db, 1, &ins[3], 1))
        return CLI_USAGE;
    if (records)
        return solver_memory5d_records(records, report_given ? report : NULL, export_path,
                                       import_path);
    char config_buf[4200], lessons_buf[4200];
    if (config == default_config) config = cli_data_path(config, config_buf, sizeof config_buf);
    if (lessons == default_lessons) lessons = cli_data_path(lessons, lessons_buf, sizeof lessons_buf);
    memory5d_config cfg;
    char err[512];
    if (memory5d_config_load(config, &cfg, err, sizeof err) != 0)
        return cli_error(CLI_USAGE, "memory5d: %s", err);
    if (replay)
        return replay_file(&cfg, replay);
    if (do_tutorial)
        return solver_memory5d_tutorial(&cfg, lessons);
    if (do_bench)
        return bench(&cfg, matches > 0 ? (int)matches : BENCH_MATCHES);
    if (strcmp(report, "-") != 0 && check_report_path(report) != CLI_OK)
        return CLI_USAGE;
    solver_checks sc;
    cJSON *doc = solver_memory5d_selfplay(&cfg, config, matches > 0 ? (int)matches : DEFAULT_MATCHES,
                                 (int)ladder, &sc);
    if (!doc)
        return solver_out_of_memory("memory5d", NULL);
    int rc = solver_report_write(&sc, doc, report);
    cJSON_Delete(doc);
    return rc;
}
