/* LD_PRELOAD shim for the signal tests (tests/cli/test_hardening.sh): a rename() onto a path
 * containing $HOLD_RENAME creates the file $HOLD_READY and then waits 30 s, so the test can
 * signal a tool while its temp file exists. Every other rename() is the real one. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int rename(const char *from, const char *to)
{
    int (*real)(const char *, const char *) = (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
    const char *hold = getenv("HOLD_RENAME"), *ready = getenv("HOLD_READY");
    if (hold && ready && strstr(to, hold)) {
        FILE *f = fopen(ready, "w");
        if (f)
            fclose(f);
        sleep(30);
    }
    return real(from, to);
}
