/* Memory5D cell labels: one description of a cell (coordinate, family, variant, hue and
 * texture, owner, selection, compatibility with the anchor, why it is unavailable) for
 * every inspector, caption and event. */
#ifndef CORE_MEMORY5D_LABEL_H
#define CORE_MEMORY5D_LABEL_H

#include <stddef.h>

#include "memory5d.h"

typedef struct {
    int row, col;        /* 0-based, in the board as it now stands (after rotations) */
    char coord[8];       /* column letter then 1-based row from the top: "C4" */
    int family, variant, hue;
    int owner;           /* MEMORY5D_UNCLAIMED, 0 (A) or 1 (B) */
    int anchor;          /* 1 when this cell is the selected anchor */
    /* With an anchor and this cell not the anchor: MEMORY5D_OK when selecting it links,
     * MEMORY5D_R_NOT_ROUTE when it re-anchors, else why a pick would not link (family,
     * hue). -1 when there is no anchor or this is the anchor. */
    int compat;
    /* MEMORY5D_OK when the player to act may pick it now, else why not (claimed, match
     * over, paused). */
    int unavailable;
} memory5d_cell_info;

/* The coordinate of cell in an n x n board ("A1" top left). */
void memory5d_cell_coord(int n, int cell, char out[8]);
/* Everything a label says about cell (0 <= cell < n * n) in st. */
void memory5d_cell_describe(const memory5d_def *def, const memory5d_state *st, int cell,
                            memory5d_cell_info *info);
/* The sentence a screen reader or caption reads, e.g. "C4: red star, five-point, solid
 * texture; unclaimed; links with the anchor B3." Returns the length snprintf gave. */
int memory5d_cell_label(const memory5d_def *def, const memory5d_state *st, int cell, char *buf,
                        size_t n);

#endif
