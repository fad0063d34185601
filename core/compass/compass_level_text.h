/* The compass-shift-level/1 file text without cJSON, so generator workers can print levels. */
#ifndef CORE_COMPASS_LEVEL_TEXT_H
#define CORE_COMPASS_LEVEL_TEXT_H

#include <stddef.h>

#include "compass.h"

/* Exactly the text jsonio_print gives for compass_level_to_json(l) (cJSON's formatted layout:
 * tabs, ":\t", ", " inside arrays, then a final newline), byte for byte, from a writer that
 * touches no shared state (no cJSON hooks, no locale): safe on any thread. A malloc'd string
 * the caller frees, with its length in *len; NULL when out of memory. */
char *compass_level_text(const compass_level *l, size_t *len);

#endif
