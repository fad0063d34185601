/* The player's fixed round sequence (Randomize OFF, LED-1): levels/oddshape/l1.json. */
#ifndef PLAYER_CONTENT_H
#define PLAYER_CONTENT_H

#include <stddef.h>

#include "oddshape.h"

/* Reads a rounds file with the core's strict reader and accepts it for play only if it has
 * rounds 1..15 in order, each passing RT-GEN-ODD with slots placed as G1/G2 place them. */
int content_load_rounds(const char *path, oddshape_round out[ODDSHAPE_ROUNDS], char *err,
                        size_t errlen);

#endif
