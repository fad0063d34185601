/* Strict reader and fixed-order writer of the Compass Shift level format compass-shift-level/1
 * (schemas/compass-level.schema.json). */
#ifndef CORE_COMPASS_JSON_H
#define CORE_COMPASS_JSON_H

#include <stddef.h>
#include <cjson/cJSON.h>

#include "compass.h"

#define COMPASS_LEVEL_FORMAT "compass-shift-level/1"

/* Validates the whole document first (every field, every cross-field rule of
 * compass_level_check), then fills *out. where (the file name) starts every message:
 * "levels/x.json: arrows[3].dir: expected N/E/S/W, got \"Q\"". 0, or -1 with err set and *out
 * unspecified. */
int compass_level_from_json(const cJSON *doc, const char *where, compass_level *out, char *err,
                            size_t errlen);

/* The level as a document with keys in the format's fixed order; optional metadata (index,
 * pattern, family, tier, construction) only when present. Walls are written row-major.
 * NULL on allocation failure. gen compass prints level files with compass_level_text (safe on
 * worker threads); this document, printed by jsonio_print, is the oracle its unit test holds
 * it to byte for byte. */
cJSON *compass_level_to_json(const compass_level *l);

#endif
