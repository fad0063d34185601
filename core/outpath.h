/* Output paths, the one rule every writer (gen, solver, player) follows: an output never
 * replaces an input, however spelled (another path, a symlink, a hard link, a file not yet
 * there), and an output that is a symlink is written through the link. No printing. */
#ifndef CORE_OUTPATH_H
#define CORE_OUTPATH_H

#include <stddef.h>

/* One path a command reads or writes; flag names it in the message ("--records"). */
typedef struct {
    const char *flag, *path;
} outpath_item;

/* Compares every output with every input before anything is written: an existing output is
 * the same file as an input when device and inode agree (so symlinks and hard links count);
 * an output not yet there is the input when their resolved absolute paths agree (the input
 * not there either, e.g. a records database the command will create). NULL paths and "-"
 * (stdout) are skipped. 0, or -1 with "FLAG PATH is the input FLAG PATH: refusing to replace
 * an input" in err. */
int outpath_check(const outpath_item *outs, int nout, const outpath_item *ins, int nin, char *err,
                  size_t errlen);

/* 1 when a and b name one file by the rule above, else 0. */
int outpath_same(const char *a, const char *b);

/* 1 when path (existing or not) resolves to dir itself or a file under the folder dir. */
int outpath_within(const char *dir, const char *path);

/* The path a write to path must replace: path itself, or, when path is a symlink (a chain of
 * them), the file it finally names, so a rename puts the new file behind the link instead of
 * replacing the link (a link to a file not yet there creates it; a link into a missing folder is
 * refused). 0, or -1 with "PATH: reason" in err. */
int outpath_target(const char *path, char *out, size_t outlen, char *err, size_t errlen);

#endif
