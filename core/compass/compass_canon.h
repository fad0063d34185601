/* Canonical board identity (compass-shift.md "boardEncoding as the canonical board identity
 * across only valid topology-preserving symmetries"): the four quarter-turn rotations. */
#ifndef CORE_COMPASS_CANON_H
#define CORE_COMPASS_CANON_H

#include <stddef.h>
#include <stdint.h>

#include "compass.h"

/* Longest encoding: 16 rows of 16 cells, four sides of 16 lanes, and the header. */
enum { COMPASS_ENCODING_MAX = 512 };

/* The level turned quarter_turns (any integer, taken mod 4) clockwise: cells, walls,
 * apertures (side and lane) and arrow base directions all turn; rows and cols swap on odd
 * turns. Arrow order, ids, phases, schedules and metadata are kept, so release orders by
 * arrow index mean the same moves on both boards. */
void compass_rotate(const compass_level *l, int quarter_turns, compass_level *out);

/* The mechanical geometry of this orientation as text:
 *   "RxC pP GRID N:LANES E:LANES S:LANES W:LANES"
 * GRID is the rows from north to south joined by '/', one character per cell: '.' empty,
 * '#' wall, or an arrow's base direction N/E/S/W. LANES has one character per lane in lane
 * order: '.' closed, else the phase mask in hex (F plain, one bit window, two bits port).
 * Arrow ids and metadata do not enter it. Returns the length. */
size_t compass_orientation_encoding(const compass_level *l, char buf[COMPASS_ENCODING_MAX]);

/* boardEncoding: the least (strcmp) orientation encoding over the four rotations. Mirror
 * images are not symmetries: reflecting the board would turn the compass counter-clockwise. */
size_t compass_board_encoding(const compass_level *l, char buf[COMPASS_ENCODING_MAX]);

/* canonicalHash: XXH3-64 of boardEncoding; hex receives 16 lowercase hex digits. */
uint64_t compass_canonical_hash(const compass_level *l, char hex[17]);

#endif
