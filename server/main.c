/* server: the Memory5D match server (docs/server.md). One libuv loop, the core reducer for
 * every command, its own SQLite database. */
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "cli.h"
#include "memory5d/memory5d_config.h"
#include "server.h"
#include "server_net.h"

static const char usage[] =
    "usage: server memory5d --listen HOST:PORT --db FILE [--rules FILE]\n"
    "         [--max-conns N] [--idle-ms MS] [--rate N] [--burst N] [--abandon-timeouts N]\n"
    "         [--new-players N]\n"
    "Serves Memory5D online: Ranked Classic per difficulty, Arcade with server-owned\n"
    "inventory and the online Power Draft, one JSON object a line over TCP (docs/server.md).\n"
    "--rules defaults to " MEMORY5D_DEFAULT_RULES " (from the current folder, else the\n"
    "installed data). Limits: --max-conns (default 4096)\n"
    "connections at once, --idle-ms (default 120000) without a complete line, --rate\n"
    "(default 20) messages a second per connection with bursts of --burst (default 40);\n"
    "--abandon-timeouts (default 2) timeouts in a row while disconnected abandon the match;\n"
    "--new-players (default 3000) accounts a minute may be made by hello with a name.\n"
    "Prints \"listening HOST:PORT\" on stdout once it accepts (PORT 0 picks a free port),\n"
    "and at a stop (SIGTERM, SIGINT) how long its database commits took.\n";

/* The database's checkpoints, on libuv's thread pool (server_db.h), one at a time. */
static void checkpoint_run(uv_work_t *w)
{
    server *srv = w->data;
    srv->checkpoint_failed =
        server_db_checkpoint(srv->db, srv->checkpoint_err, sizeof srv->checkpoint_err) != 0;
}

static void checkpoint_after(uv_work_t *w, int status)
{
    server *srv = w->data;
    (void)status;
    srv->checkpointing = 0;
    if (srv->checkpoint_failed) /* the log only grows until the next one succeeds */
        fprintf(stderr, "server: %s\n", srv->checkpoint_err);
    server_db_checkpoint_done(srv->db);
}

/* After each turn of the loop: the players left idle leave memory, and a checkpoint starts
 * when one is due. */
static void after_turn(uv_check_t *h)
{
    server *srv = h->data;
    server_match_forget_idle(srv);
    if (srv->checkpointing || !server_db_checkpoint_due(srv->db))
        return;
    srv->checkpointing = 1;
    srv->checkpoint_work.data = srv;
    if (uv_queue_work(srv->loop, &srv->checkpoint_work, checkpoint_run, checkpoint_after) != 0)
        srv->checkpointing = 0;
}

static void on_signal(uv_signal_t *h, int sig)
{
    server *srv = h->data;
    (void)sig;
    uv_close((uv_handle_t *)&srv->after_turn, NULL);
    uv_close((uv_handle_t *)&srv->sigterm, NULL);
    uv_close((uv_handle_t *)&srv->sigint, NULL);
    server_net_close_all(srv);
    server_match_shutdown(srv);
}

/* Every connection is a descriptor: take the hard limit, so --max-conns is what binds. */
static void raise_fd_limit(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
}

static int server_memory5d_main(int argc, char **argv)
{
    static const struct option opts[] = {{"listen", required_argument, 0, 'l'},
                                         {"db", required_argument, 0, 'd'},
                                         {"rules", required_argument, 0, 'r'},
                                         {"max-conns", required_argument, 0, 'm'},
                                         {"idle-ms", required_argument, 0, 'i'},
                                         {"rate", required_argument, 0, 't'},
                                         {"burst", required_argument, 0, 'b'},
                                         {"abandon-timeouts", required_argument, 0, 'a'},
                                         {"new-players", required_argument, 0, 'n'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    const char *default_rules = MEMORY5D_DEFAULT_RULES;
    const char *listen = NULL, *dbpath = NULL, *rules = default_rules;
    static server srv;
    srv.lim = (server_limits){.max_conns = 4096, .idle_ms = 120000, .rate = 20, .burst = 40,
                              .abandon_timeouts = 2, .write_queue_max = 1u << 20,
                              .new_players = 3000};
    long v;
    int o;
    opterr = 0;
    optind = 1;
    while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (o) {
        case 'l': listen = optarg; break;
        case 'd': dbpath = optarg; break;
        case 'r': rules = optarg; break;
        case 'm':
        case 'i':
        case 't':
        case 'b':
        case 'a':
        case 'n': {
            static const struct { int opt; const char *name; long min, max; } r[] = {
                {'m', "--max-conns", 1, 1000000}, {'i', "--idle-ms", 100, 86400000},
                {'t', "--rate", 1, 1000000}, {'b', "--burst", 1, 1000000},
                {'a', "--abandon-timeouts", 1, 1000}, {'n', "--new-players", 1, 1000000}};
            for (size_t k = 0; k < sizeof r / sizeof r[0]; k++)
                if (r[k].opt == o && cli_parse_long(r[k].name, optarg, r[k].min, r[k].max, &v) != CLI_OK)
                    return CLI_USAGE;
            if (o == 'm') srv.lim.max_conns = (int)v;
            if (o == 'i') srv.lim.idle_ms = (int)v;
            if (o == 't') srv.lim.rate = (int)v;
            if (o == 'b') srv.lim.burst = (int)v;
            if (o == 'a') srv.lim.abandon_timeouts = (int)v;
            if (o == 'n') srv.lim.new_players = (int)v;
            break;
        }
        case 'h': fputs(usage, stdout); return CLI_OK;
        default: return cli_bad_option("memory5d", optopt, argv[optind - 1]);
        }
    }
    if (optind < argc)
        return cli_error(CLI_USAGE, "memory5d: unexpected argument %s", argv[optind]);
    if (!listen || !dbpath)
        return cli_error(CLI_USAGE, "memory5d: --listen HOST:PORT and --db FILE are required");
    char host[256], err[512];
    const char *colon = strrchr(listen, ':');
    if (!colon || colon == listen || (size_t)(colon - listen) >= sizeof host ||
        cli_parse_long("--listen port", colon + 1, 0, 65535, &v) != CLI_OK)
        return colon ? CLI_USAGE : cli_error(CLI_USAGE, "memory5d: --listen: expected HOST:PORT, got %s", listen);
    snprintf(host, sizeof host, "%.*s", (int)(colon - listen), listen);
    if (host[0] == '[' && host[strlen(host) - 1] == ']') {
        memmove(host, host + 1, strlen(host));
        host[strlen(host) - 1] = '\0';
    }
    char rules_buf[4096];
    if (rules == default_rules) /* from the current folder, else the installed data */
        rules = cli_data_path(rules, rules_buf, sizeof rules_buf);
    if (memory5d_config_load(rules, &srv.cfg, err, sizeof err) != 0)
        return cli_error(CLI_USAGE, "memory5d: --rules: %s", err);
    int abandoned = 0;
    srv.db = server_db_open(dbpath, &abandoned, err, sizeof err);
    if (!srv.db)
        return cli_error(CLI_USAGE, "memory5d: --db: %s", err);
    signal(SIGPIPE, SIG_IGN);
    /* a file size limit then fails the write (EFBIG) as a full disk does (ENOSPC): the
     * commit is rolled back and answered with server-error, instead of the signal killing
     * every match */
    signal(SIGXFSZ, SIG_IGN);
    raise_fd_limit();
    srv.loop = uv_default_loop();
    srv.account_tokens = srv.lim.new_players;
    srv.account_refill_ms = uv_now(srv.loop);
    if (server_net_listen(&srv, host, (int)v, err, sizeof err) != 0) {
        server_db_close(srv.db);
        return cli_error(CLI_USAGE, "memory5d: %s", err);
    }
    struct sockaddr_storage addr;
    int len = sizeof addr;
    char name[128] = "?";
    int port = (int)v;
    if (uv_tcp_getsockname(&srv.listener, (struct sockaddr *)&addr, &len) == 0) {
        if (addr.ss_family == AF_INET) {
            uv_ip4_name((struct sockaddr_in *)&addr, name, sizeof name);
            port = ntohs(((struct sockaddr_in *)&addr)->sin_port);
        } else {
            uv_ip6_name((struct sockaddr_in6 *)&addr, name, sizeof name);
            port = ntohs(((struct sockaddr_in6 *)&addr)->sin6_port);
        }
    }
    if (abandoned)
        fprintf(stderr, "server: %d match%s in progress at the last stop ended as abandoned-by-server\n",
                abandoned, abandoned == 1 ? "" : "es");
    /* the stop's handlers before "listening": whoever has read it may stop the server */
    uv_signal_init(srv.loop, &srv.sigterm);
    uv_signal_init(srv.loop, &srv.sigint);
    srv.sigterm.data = srv.sigint.data = &srv;
    uv_signal_start(&srv.sigterm, on_signal, SIGTERM);
    uv_signal_start(&srv.sigint, on_signal, SIGINT);
    printf("listening %s:%d\n", name, port);
    fflush(stdout);
    uv_check_init(srv.loop, &srv.after_turn);
    srv.after_turn.data = &srv;
    uv_check_start(&srv.after_turn, after_turn);
    uv_unref((uv_handle_t *)&srv.after_turn);
    uv_run(srv.loop, UV_RUN_DEFAULT);
    uv_loop_close(srv.loop);
    /* every commit runs on the loop's thread: how long they held it up (docs/server.md) */
    server_db_stats ds = server_db_get_stats(srv.db);
    server_match_forget_idle(&srv); /* those the stop disconnected */
    size_t held = 0; /* players still in memory: those the stop found in a match */
    for (size_t i = 0; i < srv.player_cap; i++) {
        held += srv.players[i] != NULL;
        free(srv.players[i]);
    }
    printf("stopped: %llu database commits, 99%% within %.3f ms, 99.9%% within %.3f ms,"
           " the longest %.3f ms; %zu player%s in memory\n", (unsigned long long)ds.commits,
           server_db_stats_within_us(&ds, 0.99) / 1000.0,
           server_db_stats_within_us(&ds, 0.999) / 1000.0, ds.longest_us / 1000.0, held,
           held == 1 ? "" : "s");
    server_db_close(srv.db);
    free(srv.players);
    free(srv.idle);
    free(srv.matches);
    return CLI_OK;
}

static const cli_command commands[] = {
    {"memory5d", server_memory5d_main, "serve Memory5D matches over TCP"},
    {0, 0, 0},
};

int main(int argc, char **argv)
{
    return cli_dispatch("server: the Memory5D match server", commands, argc, argv);
}
