/* A growing text buffer for the batch tools' text outputs (HTML pages, diff reports). */
#ifndef CLI_TEXT_H
#define CLI_TEXT_H

#include <stddef.h>

typedef struct {
    char *s; /* NUL-terminated once anything is put; NULL before */
    size_t len, cap;
} cli_text;

/* Appends printf-formatted text; aborts when memory runs out (a batch tool has nothing
 * sensible left to do). */
void cli_put(cli_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
