/* solver: verifies content and writes the JSON evidence reports people diff. */
#include "cli.h"
#include "solver.h"

static const cli_command commands[] = {
    {"mulberry32", solver_mulberry32_main, "print a Mulberry32 stream, or write the stream report"},
    {"compass", solver_compass_main, "verify Compass Shift levels and write their evidence"},
    {"oddshape", solver_oddshape_main, "check an Odd Shape rounds file, write its report"},
    {"memory5d", solver_memory5d_main, "validate the Memory5D rules config and write the AI self-play report"},
    {"diff", solver_diff_main, "what changed between two level or report trees, in words"},
    {0, 0, 0},
};

int main(int argc, char **argv)
{
    return cli_dispatch("solver: verifies content independently of the generator",
                        commands, argc, argv);
}
