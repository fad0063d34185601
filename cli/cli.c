/* Subcommand dispatch and error reporting for the batch tools. */
#include "cli.h"

#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jsonio.h"
#include "outpath.h"
#include "version.h"

const char *cli_prog = "tool";

int cli_error(int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", cli_prog);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return code;
}

int cli_bad_option(const char *cmd, int opt, const char *arg)
{
    if (opt == ':')
        return cli_error(CLI_USAGE, "%s: option %s needs a value (see --help)", cmd, arg);
    return cli_error(CLI_USAGE, "%s: unknown option %s (see --help)", cmd, arg);
}

static void list_commands(FILE *f, const char *about, const cli_command *cmds)
{
    fprintf(f, "%s\n\nusage: %s COMMAND [options]   (%s COMMAND --help for its options)\n"
            "       %s --version\n\n", about, cli_prog, cli_prog, cli_prog);
    for (const cli_command *c = cmds; c->name; c++)
        fprintf(f, "  %-12s %s\n", c->name, c->summary);
}

/* SIGINT, SIGTERM, SIGHUP: the temp file being written goes, then the default action
 * (so the exit status still says which signal). */
static void on_signal(int sig)
{
    jsonio_signal_cleanup();
    signal(sig, SIG_DFL);
    raise(sig);
}

static void clean_temps_on_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigfillset(&sa.sa_mask);
    const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
        struct sigaction old;
        /* A signal the caller ignores (nohup, a background job) stays ignored. */
        if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
            sigaction(sigs[i], &sa, NULL);
    }
}

int cli_dispatch(const char *about, const cli_command *cmds, int argc, char **argv)
{
    clean_temps_on_signals();
    const char *slash = strrchr(argv[0], '/');
    cli_prog = slash ? slash + 1 : argv[0];
    if (argc < 2) {
        list_commands(stderr, about, cmds);
        return CLI_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        list_commands(stdout, about, cmds);
        return CLI_OK;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("%s %s\n", cli_prog, TOOLCHAIN_VERSION);
        return CLI_OK;
    }
    for (const cli_command *c = cmds; c->name; c++)
        if (strcmp(argv[1], c->name) == 0) {
            opterr = 0; /* commands report option errors as one line themselves */
            optind = 1;
            return c->run(argc - 1, argv + 1);
        }
    return cli_error(CLI_USAGE, "unknown command \"%.40s\" (see %s --help)", argv[1], cli_prog);
}

int cli_emit_json(const cJSON *doc, const char *path)
{
    char err[512];
    if (path && strcmp(path, "-") != 0) {
        if (jsonio_write_file(path, doc, err, sizeof err) != 0)
            return cli_error(CLI_USAGE, "%s", err);
        return CLI_OK;
    }
    char *text = jsonio_print(doc);
    if (!text)
        return cli_error(CLI_USAGE, "out of memory while printing JSON");
    int ok = fputs(text, stdout) >= 0 && fflush(stdout) == 0;
    free(text);
    return ok ? CLI_OK : cli_error(CLI_USAGE, "cannot write to stdout");
}

int cli_parse_long(const char *name, const char *text, long min, long max, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    int starts_ok = (text[0] >= '0' && text[0] <= '9') || (text[0] == '-' && text[1]);
    if (!starts_ok || *end || errno || v < min || v > max)
        return cli_error(CLI_USAGE, "%s: expected a whole number from %ld to %ld, got \"%.40s\"",
                         name, min, max, text);
    *out = v;
    return CLI_OK;
}

int cli_parse_dir(const char *name, const char *text, const char **out)
{
    if (!*text || strlen(text) > CLI_DIR_MAX)
        return cli_error(CLI_USAGE, "%s: expected a folder path of 1 to %d bytes, got %zu bytes",
                         name, CLI_DIR_MAX, strlen(text));
    *out = text;
    return CLI_OK;
}

int cli_remove_stale(const char *dir, int (*is_stale)(const char *name, void *ctx), void *ctx,
                     const char *what)
{
    DIR *d = opendir(dir);
    if (!d)
        return cli_error(CLI_USAGE, "%s: cannot list: %s", dir, strerror(errno));
    int rc = CLI_OK;
    for (struct dirent *e; rc == CLI_OK && (e = readdir(d)) != NULL;) {
        if (!is_stale(e->d_name, ctx))
            continue;
        char path[4096];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        if (unlink(path) != 0)
            rc = cli_error(CLI_USAGE, "%s: cannot remove stale %s: %s", path, what,
                           strerror(errno));
    }
    closedir(d);
    return rc;
}

static int same_inode(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

int cli_same_file(const char *a, const char *b)
{
    return outpath_same(a, b);
}

int cli_dir_holds(const char *dir, const char *file)
{
    char folder[4096];
    const char *slash = strrchr(file, '/');
    if (!slash)
        snprintf(folder, sizeof folder, ".");
    else if (slash == file)
        snprintf(folder, sizeof folder, "/");
    else
        snprintf(folder, sizeof folder, "%.*s", (int)(slash - file), file);
    return same_inode(dir, folder);
}

int cli_refuse_same_file(const char *cmd, const char *output, const char *input)
{
    outpath_item out = {NULL, output}, in = {NULL, input};
    return cli_refuse_outputs(cmd, &out, 1, &in, 1);
}

int cli_refuse_outputs(const char *cmd, const outpath_item *outs, int nout, const outpath_item *ins,
                       int nin)
{
    char err[1024];
    if (outpath_check(outs, nout, ins, nin, err, sizeof err) == 0)
        return 0;
    return cli_error(CLI_USAGE, "%s: %s", cmd, err);
}

/* A default input (rel, e.g. the rules config) as the user sees it when it exists from the
 * current folder (a source tree); else beside the program: DIR/../share/NAME/rel for an
 * installed program, DIR/../rel for bin/ of a source tree run from elsewhere. rel itself when
 * neither exists, so the error names the path the user would expect. */
const char *cli_data_path(const char *rel, char *buf, size_t n)
{
    if (access(rel, F_OK) == 0) return rel;
    char exe[4096];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len <= 0) return rel;
    exe[len] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash) return rel;
    *slash = '\0';
    snprintf(buf, n, "%s/../share/" TOOLCHAIN_DATA_NAME "/%s", exe, rel);
    if (access(buf, F_OK) == 0) return buf;
    snprintf(buf, n, "%s/../%s", exe, rel);
    if (access(buf, F_OK) == 0) return buf;
    return rel;
}
