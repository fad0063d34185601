/* The player's rounds files: Table L1 (levels/oddshape/l1.json, Randomize OFF, LED-1) or
 * any rounds file given with --levels. */
#ifndef PLAYER_CONTENT_H
#define PLAYER_CONTENT_H

#include <stddef.h>

#include "oddshape/oddshape.h"
#include "oddshape/oddshape_json.h"

/* Reads a rounds file with the core's strict reader and returns its 15 rounds if the core
 * finds them playable (oddshape_check_playable), and the file's own source and seed (when
 * not NULL); -1 with one line in err otherwise. */
int content_load_rounds(const char *path, oddshape_round out[ODDSHAPE_ROUNDS], oddshape_source *source,
                        uint32_t *seed, char *err, size_t errlen);

#endif
