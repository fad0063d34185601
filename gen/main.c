/* gen: builds the games' content (seeded rounds, the Compass Shift campaign, boards). */
#include "cli.h"
#include "gen.h"

static const cli_command commands[] = {
    {"compass", gen_compass_main, "build the Compass Shift campaign by reverse construction"},
    {"oddshape", gen_oddshape_main, "the 15 seeded Find the Odd Shape rounds for a seed"},
    {"memory5d", gen_memory5d_main, "print the Memory5D board a seed names at a difficulty"},
    {0, 0, 0},
};

int main(int argc, char **argv)
{
    return cli_dispatch("gen: builds content for Find the Odd Shape, Compass Shift and Memory5D",
                        commands, argc, argv);
}
