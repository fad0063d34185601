/* The player's fixed round sequence (Randomize OFF, LED-1): levels/oddshape/l1.json. */
#ifndef PLAYER_CONTENT_H
#define PLAYER_CONTENT_H

#include <stddef.h>

#include "oddshape/oddshape.h"

/* Reads a rounds file with the core's strict reader and returns its 15 rounds if the core
 * finds them playable (oddshape_check_playable); -1 with one line in err otherwise. */
int content_load_rounds(const char *path, oddshape_round out[ODDSHAPE_ROUNDS], char *err,
                        size_t errlen);

#endif
