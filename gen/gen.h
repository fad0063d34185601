/* The gen subcommands: each builds one kind of content. */
#ifndef GEN_GEN_H
#define GEN_GEN_H

int gen_compass_main(int argc, char **argv);
int gen_oddshape_main(int argc, char **argv);
int gen_memory5d_main(int argc, char **argv);

#endif
