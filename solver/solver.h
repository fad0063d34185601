/* The solver subcommands: each verifies content independently of the generator. */
#ifndef SOLVER_SOLVER_H
#define SOLVER_SOLVER_H

int solver_mulberry32_main(int argc, char **argv);
int solver_compass_main(int argc, char **argv);
int solver_oddshape_main(int argc, char **argv);
int solver_memory5d_main(int argc, char **argv);
int solver_diff_main(int argc, char **argv);

#endif
