/* Output paths: outputs never replace inputs, and symlinked outputs are written through. */
#include "outpath.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { LINK_DEPTH = 40, PATH_BYTES = 8192 };

/* path's dirname and the target a symlink at path holds, joined: where the link points. */
static int link_next(const char *path, char *out, size_t n)
{
    char target[PATH_BYTES];
    ssize_t len = readlink(path, target, sizeof target - 1);
    if (len < 0)
        return -1;
    target[len] = '\0';
    const char *slash = strrchr(path, '/');
    if (target[0] == '/' || !slash)
        return snprintf(out, n, "%s", target) < (int)n ? 0 : -1;
    return snprintf(out, n, "%.*s/%s", (int)(slash - path), path, target) < (int)n ? 0 : -1;
}

/* The absolute path a file not yet there will have: the deepest existing folder resolved by
 * realpath, the rest appended component by component ("." dropped, ".." taken back). A
 * dangling symlink is followed to where it points. 0, or -1 when it cannot be worked out. */
static int resolve_missing(const char *path, char *out, size_t n, int depth)
{
    struct stat st;
    if (depth > LINK_DEPTH)
        return -1;
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
        char next[PATH_BYTES];
        return link_next(path, next, sizeof next) == 0 ? resolve_missing(next, out, n, depth + 1) : -1;
    }
    char buf[PATH_BYTES];
    if (path[0] == '/')
        snprintf(buf, sizeof buf, "%s", path);
    else {
        char cwd[PATH_BYTES];
        if (!getcwd(cwd, sizeof cwd) || snprintf(buf, sizeof buf, "%s/%s", cwd, path) >= (int)sizeof buf)
            return -1;
    }
    char cur[PATH_BYTES] = "";
    int missing = 0;
    for (char *save = NULL, *c = strtok_r(buf, "/", &save); c; c = strtok_r(NULL, "/", &save)) {
        if (strcmp(c, ".") == 0)
            continue;
        if (strcmp(c, "..") == 0) {
            char *slash = strrchr(cur, '/');
            if (slash)
                *slash = '\0';
            continue;
        }
        char next[PATH_BYTES];
        if (snprintf(next, sizeof next, "%s/%s", cur, c) >= (int)sizeof next)
            return -1;
        char real[PATH_MAX];
        if (!missing && realpath(next, real))
            snprintf(cur, sizeof cur, "%s", strcmp(real, "/") == 0 ? "" : real);
        else
            missing = 1, snprintf(cur, sizeof cur, "%s", next);
    }
    return snprintf(out, n, "%s", cur[0] ? cur : "/") < (int)n ? 0 : -1;
}

/* What a path names: an existing file's device and inode, else its resolved path. */
typedef struct {
    int exists;
    dev_t dev;
    ino_t ino;
    char path[PATH_BYTES];
} identity;

static int identify(const char *path, identity *id)
{
    struct stat st;
    memset(id, 0, sizeof *id);
    if (stat(path, &st) == 0) {
        id->exists = 1, id->dev = st.st_dev, id->ino = st.st_ino;
        return 0;
    }
    return resolve_missing(path, id->path, sizeof id->path, 0);
}

static int same_identity(const identity *a, const identity *b)
{
    if (a->exists != b->exists)
        return 0;
    if (a->exists)
        return a->dev == b->dev && a->ino == b->ino;
    return a->path[0] && strcmp(a->path, b->path) == 0;
}

static int skipped(const char *path)
{
    return !path || !*path || strcmp(path, "-") == 0;
}

int outpath_same(const char *a, const char *b)
{
    identity ia, ib;
    if (skipped(a) || skipped(b) || identify(a, &ia) != 0 || identify(b, &ib) != 0)
        return 0;
    return same_identity(&ia, &ib);
}

int outpath_check(const outpath_item *outs, int nout, const outpath_item *ins, int nin, char *err,
                  size_t errlen)
{
    static identity in_ids[64]; /* one command has far fewer inputs; the rest compared slowly */
    int cached = nin < 64 ? nin : 64;
    for (int j = 0; j < cached; j++)
        if (skipped(ins[j].path) || identify(ins[j].path, &in_ids[j]) != 0)
            in_ids[j].exists = 0, in_ids[j].path[0] = '\0';
    for (int i = 0; i < nout; i++) {
        identity o;
        if (skipped(outs[i].path) || identify(outs[i].path, &o) != 0)
            continue;
        for (int j = 0; j < nin; j++) {
            if (skipped(ins[j].path))
                continue;
            identity tmp, *in = j < cached ? &in_ids[j] : &tmp;
            if (j >= cached && identify(ins[j].path, &tmp) != 0)
                continue;
            if (!same_identity(&o, in))
                continue;
            snprintf(err, errlen, "%s%s%.200s is the input %s%s%.200s: refusing to replace an input",
                     outs[i].flag ? outs[i].flag : "", outs[i].flag ? " " : "", outs[i].path,
                     ins[j].flag ? ins[j].flag : "", ins[j].flag ? " " : "", ins[j].path);
            return -1;
        }
    }
    return 0;
}

int outpath_target(const char *path, char *out, size_t outlen, char *err, size_t errlen)
{
    char cur[PATH_BYTES];
    snprintf(cur, sizeof cur, "%s", path);
    for (int depth = 0;; depth++) {
        struct stat st;
        if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
            break;
        if (depth == LINK_DEPTH) {
            snprintf(err, errlen, "%s: cannot write: too many levels of symbolic links", path);
            return -1;
        }
        char next[PATH_BYTES];
        if (link_next(cur, next, sizeof next) != 0) {
            snprintf(err, errlen, "%s: cannot write: cannot read the symbolic link: %s", path,
                     strerror(errno));
            return -1;
        }
        /* a link to a file not yet there is written through too, when the folder it names
         * exists; into a missing folder it is refused (the link is left as it is) */
        char folder[PATH_BYTES];
        const char *slash = strrchr(next, '/');
        snprintf(folder, sizeof folder, "%.*s", slash ? (int)(slash - next) : 1, slash ? next : ".");
        if (!folder[0])
            snprintf(folder, sizeof folder, "/");
        if (lstat(next, &st) != 0 && (stat(folder, &st) != 0 || !S_ISDIR(st.st_mode))) {
            snprintf(err, errlen, "%s: cannot write: a symbolic link to %.200s, whose folder does not "
                     "exist (refusing to replace the link)", path, next);
            return -1;
        }
        snprintf(cur, sizeof cur, "%s", next);
    }
    if (snprintf(out, outlen, "%s", cur) >= (int)outlen) {
        snprintf(err, errlen, "%s: cannot write: the path is too long", path);
        return -1;
    }
    return 0;
}

int outpath_within(const char *dir, const char *path)
{
    char d[PATH_MAX], p[PATH_BYTES];
    struct stat st;
    if (skipped(dir) || skipped(path) || stat(dir, &st) != 0 || !S_ISDIR(st.st_mode) ||
        !realpath(dir, d))
        return 0;
    char real[PATH_MAX];
    if (realpath(path, real))
        snprintf(p, sizeof p, "%s", real);
    else if (resolve_missing(path, p, sizeof p, 0) != 0)
        return 0;
    size_t n = strlen(d);
    if (strcmp(d, "/") == 0)
        return 1;
    return strncmp(p, d, n) == 0 && (p[n] == '/' || p[n] == '\0');
}
