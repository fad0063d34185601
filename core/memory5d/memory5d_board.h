/* Memory5D board: seeded generation, link legality with refusal reasons, reweave, rotation. */
#ifndef CORE_MEMORY5D_BOARD_H
#define CORE_MEMORY5D_BOARD_H

#include "memory5d.h"

typedef struct {
    int16_t a, b; /* a < b */
} memory5d_pair;

/* Equal hues or a linked pair (red-green, blue-orange, yellow-purple). */
int memory5d_hues_compatible(int h1, int h2);
/* Eight-neighbour adjacency and exact center reflection (r,c) <-> (n-1-r, n-1-c). */
int memory5d_adjacent(int n, int a, int b);
int memory5d_reflected(int n, int a, int b);
int memory5d_route(int n, int a, int b);

/* Why cells a and b cannot be linked (checked in this order: out of range, same cell,
 * claimed, not adjacent or reflected, family differs, hues not equal or linked), or MEMORY5D_OK.
 * A wildcard bypasses the family and hue checks only. */
int memory5d_link_check(const memory5d_cell *cells, int n, int a, int b, int wildcard);

/* Every legal link among the unclaimed cells, ordered by (a, b). Returns how many there
 * are (at most max are written; out may be NULL to count). */
int memory5d_links(const memory5d_cell *cells, int n, memory5d_pair *out, int max);
/* Legal partners of cell a (out may be NULL): what a Reveal projection shows. */
int memory5d_partners(const memory5d_cell *cells, int n, int a, int wildcard, int *out, int max);
/* Whether some unclaimed pair is adjacent or reflected, whatever its attributes. */
int memory5d_any_route(const memory5d_cell *cells, int n);

enum { MEMORY5D_MAX_WINDOWS = 4 * MEMORY5D_MAX_CELLS };
/* Every run of len cells in a row, column or diagonal of an n x n board, by first cell in
 * row-major order, then E, S, SE, SW; each run's cells in order. Returns how many. */
int memory5d_windows(int n, int len, int16_t (*out)[MEMORY5D_MAX_LINE]);

/* The board a seed names at a difficulty: Mulberry32(seed) first draws the palette
 * (familiesPerBoard families, then huePairsPerBoard linked hue pairs, each a partial
 * Fisher-Yates shuffle), then family, variant and hue per cell in row-major order; a draw
 * without a legal link is redrawn from the continuing stream up to max_generate_attempts
 * times, and if every draw lacked one, cell 1 copies cell 0's family and hue, so every board
 * starts with at least one legal link. Returns the attempt that was kept (1-based), or
 * max_generate_attempts + 1 for the copy fallback. */
int memory5d_board_generate(const memory5d_config *cfg, uint32_t seed, int difficulty,
                            memory5d_board *board);

/* Reweave number k (1-based): redraws the unclaimed cells' attributes in row-major order
 * from Mulberry32(memory5d_reweave_seed(seed, k)) and the board's palette; claimed cells keep
 * theirs. */
uint32_t memory5d_reweave_seed(uint32_t seed, int k);
void memory5d_reweave(const memory5d_config *cfg, const memory5d_board *palette, uint32_t seed,
                      int k, memory5d_cell *cells, int n);

/* Where cell (r, c) is after one quarter turn clockwise: (c, n-1-r), so a focus or an
 * animation can follow it (MEMORY5D_NO_CELL and out-of-range values come back unchanged). */
int memory5d_rotate_index(int n, int cell);
/* Turns the whole board a quarter clockwise: the cell at (r, c) moves to (c, n-1-r). */
void memory5d_rotate_cw(memory5d_cell *cells, int n);

#endif
