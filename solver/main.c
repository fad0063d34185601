/* solver: verifies content and writes the JSON evidence reports people diff. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "report.h"
#include "solver.h"

static const cli_command commands[] = {
    {"mulberry32", solver_mulberry32_main, "print a Mulberry32 stream, or write the stream report"},
    {"compass", solver_compass_main, "verify Compass Shift levels and write their evidence"},
    {"oddshape", solver_oddshape_main, "check an Odd Shape rounds file, write its report"},
    {"memory5d", solver_memory5d_main, "validate the Memory5D rules config and write the AI self-play report"},
    {"diff", solver_diff_main, "what changed between two level or report trees, in words"},
    {0, 0, 0},
};

/* --junit FILE (anywhere on the line, for every command) is taken out before the command
 * parses its options; SOLVER_JUNIT_DIR=DIR (make verify JUNIT=FILE) names a file per run,
 * DIR/solver-<time>-<pid>.xml, which make verify merges. NULL when neither asks. */
static const char *junit_path(int *argc, char **argv, char *buf, size_t n)
{
    const char *path = NULL;
    int out = 1;
    for (int i = 1; i < *argc; i++) {
        if (strcmp(argv[i], "--junit") == 0 && i + 1 < *argc) {
            path = argv[++i];
            continue;
        }
        if (strncmp(argv[i], "--junit=", 8) == 0) {
            path = argv[i] + 8;
            continue;
        }
        argv[out++] = argv[i];
    }
    *argc = out;
    argv[out] = NULL;
    const char *dir = getenv("SOLVER_JUNIT_DIR");
    if (!path && dir && *dir) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        snprintf(buf, n, "%s/solver-%020lld-%ld.xml", dir,
                 (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec, (long)getpid());
        path = buf;
    }
    return path;
}

int main(int argc, char **argv)
{
    char buf[4200];
    const char *junit = junit_path(&argc, argv, buf, sizeof buf);
    if (junit && !*junit) {
        fprintf(stderr, "solver: --junit: expected a file name\n");
        return CLI_USAGE;
    }
    if (junit) solver_junit_start(junit, argc > 1 ? argv[1] : "");
    int rc = cli_dispatch("solver: verifies content independently of the generator\n\n"
                          "  --junit FILE  with any command: also write its checks as JUnit XML\n"
                          "                (a testsuite per level or file, a testcase per check)",
                          commands, argc, argv);
    return junit ? solver_junit_finish(rc) : rc;
}
