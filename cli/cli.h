/* Plumbing shared by the gen and solver command lines: subcommand dispatch, one-line
 * errors with the guide's exit codes, and JSON output to stdout or an atomic file. */
#ifndef CLI_CLI_H
#define CLI_CLI_H

#include <cjson/cJSON.h>

#include "outpath.h"

enum { CLI_OK = 0, CLI_CHECK_FAILED = 1, CLI_USAGE = 2 };

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv); /* argv[0] is the subcommand name */
    const char *summary;
} cli_command;

/* Runs the subcommand named by argv[1]; --help and no arguments print the command list. */
int cli_dispatch(const char *about, const cli_command *cmds, int argc, char **argv);

/* Where a default input file or folder rel (e.g. "levels/memory5d/rules.json") is: rel from
 * the current folder when it exists, else found from the program's own folder (installed:
 * ../share/<data name>/rel; a source tree's bin/: ../rel), else rel. buf holds the result. */
const char *cli_data_path(const char *rel, char *buf, size_t n);

/* Program name for messages ("gen", "solver"), set by cli_dispatch. */
extern const char *cli_prog;

/* Prints "prog: message" as one line on stderr and returns code. */
int cli_error(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* One-line message for a getopt failure on argv[optind - 1] (or the given option). */
int cli_bad_option(const char *cmd, int opt, const char *arg);

/* Writes doc to path atomically, or to stdout when path is NULL or "-". 0, or CLI_USAGE
 * after printing why. */
int cli_emit_json(const cJSON *doc, const char *path);

/* Parses a whole decimal number in [min, max] for option name; CLI_USAGE after printing. */
int cli_parse_long(const char *name, const char *text, long min, long max, long *out);

/* An output folder option: non-empty and at most CLI_DIR_MAX bytes, so DIR/<file> and its
 * temporary twin fit the 4096-byte paths the writers use. CLI_USAGE after printing. */
enum { CLI_DIR_MAX = 3000 };
int cli_parse_dir(const char *name, const char *text, const char **out);

/* Deletes the regular files in dir for which is_stale(name, ctx) says 1 (links, folders and
 * every other name are left alone): how gen and solver clear what an earlier, larger run
 * wrote. what names the files in the error ("level file"). 0, or CLI_USAGE after printing. */
int cli_remove_stale(const char *dir, int (*is_stale)(const char *name, void *ctx), void *ctx,
                     const char *what);

/* Outputs never replace inputs (the rule is core/outpath.h). cli_same_file: 1 when a and b
 * name one file (same device and inode, however spelled; for a file not yet there, the same
 * resolved path). cli_dir_holds: 1 when dir is the folder that holds file
 * (same device and inode). Both 0 when either does not exist. */
int cli_same_file(const char *a, const char *b);
int cli_dir_holds(const char *dir, const char *file);
/* CLI_USAGE after one line when writing output would replace input; else 0. */
int cli_refuse_same_file(const char *cmd, const char *output, const char *input);
/* The same for every output against every input (flags name them in the line). */
int cli_refuse_outputs(const char *cmd, const outpath_item *outs, int nout, const outpath_item *ins,
                       int nin);

#endif
