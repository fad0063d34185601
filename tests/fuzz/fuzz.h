/* Shared by the libFuzzer targets (tests/fuzz/fuzz_*.c, built by mk/fuzz.mk). Each target
 * feeds its input to one reader; whatever the reader accepts is written with the matching
 * writer, read back and written again, and the two texts must be identical. Any failure of
 * that round trip is a bug: FUZZ_ASSERT aborts, so libFuzzer saves the input. */
#ifndef TESTS_FUZZ_FUZZ_H
#define TESTS_FUZZ_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonio.h"

#define FUZZ_ASSERT(cond, ...)                                                               \
    do {                                                                                     \
        if (!(cond)) {                                                                       \
            fprintf(stderr, "fuzz: %s:%d: %s: ", __FILE__, __LINE__, #cond);                 \
            fprintf(stderr, __VA_ARGS__);                                                    \
            fputc('\n', stderr);                                                             \
            abort();                                                                         \
        }                                                                                    \
    } while (0)

/* The input through the shared reader (the files' path: jsonio_parse), NULL if refused. */
static inline cJSON *fuzz_parse(const uint8_t *data, size_t size)
{
    char err[512];
    return jsonio_parse((const char *)data, size, "fuzz", err, sizeof err);
}

/* doc printed (and freed); never NULL. */
static inline char *fuzz_print(cJSON *doc)
{
    FUZZ_ASSERT(doc, "a writer returned NULL");
    char *text = jsonio_print(doc);
    cJSON_Delete(doc);
    FUZZ_ASSERT(text, "printing failed");
    return text;
}

/* Text a writer produced must pass the shared reader. */
static inline cJSON *fuzz_reparse(const char *text)
{
    char err[512];
    cJSON *doc = jsonio_parse(text, strlen(text), "written", err, sizeof err);
    FUZZ_ASSERT(doc, "the reader refuses what the writer wrote: %s\n%.2000s", err, text);
    return doc;
}

static inline void fuzz_same(const char *a, const char *b)
{
    FUZZ_ASSERT(strcmp(a, b) == 0, "written, read back and written again differs:\n%.2000s\n--\n%.2000s", a, b);
}

#endif
