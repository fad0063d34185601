/* LD_PRELOAD shim for tests/cli/test_outputs.sh: remembers every file fsync()ed (or
 * fdatasync()ed) and, at each rename(), appends "rename synced FROM" or "rename unsynced
 * FROM" to $FSYNC_LOG, so the test can see that no tool renames an unflushed file into place
 * (a crash could leave an empty file under the final name). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { KEPT = 256 };
static char synced[KEPT][PATH_MAX];
static int nsynced;

static void remember(int fd)
{
    char link[64], path[PATH_MAX];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, path, sizeof path - 1);
    if (n <= 0) return;
    path[n] = '\0';
    snprintf(synced[nsynced % KEPT], PATH_MAX, "%s", path);
    nsynced++;
}

int fsync(int fd)
{
    int (*real)(int) = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    remember(fd);
    return real(fd);
}

int fdatasync(int fd)
{
    int (*real)(int) = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    remember(fd);
    return real(fd);
}

int rename(const char *from, const char *to)
{
    int (*real)(const char *, const char *) = (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
    char abs[PATH_MAX];
    const char *log = getenv("FSYNC_LOG");
    if (log && realpath(from, abs)) {
        int ok = 0;
        for (int i = 0; i < nsynced && i < KEPT; i++) ok |= strcmp(synced[i], abs) == 0;
        FILE *f = fopen(log, "a");
        if (f) {
            fprintf(f, "rename %s %s\n", ok ? "synced" : "unsynced", abs);
            fclose(f);
        }
    }
    return real(from, to);
}
