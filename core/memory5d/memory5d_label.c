/* Memory5D cell labels: the one description of a cell shared by every UI surface. */
#include "memory5d_label.h"

#include <stdio.h>
#include <string.h>

#include "memory5d_board.h"
#include "memory5d_rules.h"

void memory5d_cell_coord(int n, int cell, char out[8])
{
    unsigned row = (unsigned)(cell / n + 1) % 100; /* boards are at most 12 rows */
    snprintf(out, 8, "%c%u", 'A' + cell % n, row);
}

void memory5d_cell_describe(const memory5d_def *def, const memory5d_state *st, int cell,
                            memory5d_cell_info *info)
{
    (void)def;
    int n = st->size;
    const memory5d_cell *c = &st->cells[cell];
    info->row = cell / n;
    info->col = cell % n;
    memory5d_cell_coord(n, cell, info->coord);
    info->family = c->family;
    info->variant = c->variant;
    info->hue = c->hue;
    info->owner = c->owner;
    info->anchor = st->anchor == cell;
    info->compat = -1;
    if (st->anchor != MEMORY5D_NO_CELL && st->anchor != cell && c->owner == MEMORY5D_UNCLAIMED)
        info->compat = memory5d_link_check(st->cells, n, st->anchor, cell,
                                           st->armed == MEMORY5D_WILDCARD);
    if (st->status != MEMORY5D_PLAYING)
        info->unavailable = MEMORY5D_R_GAME_OVER;
    else if (c->owner != MEMORY5D_UNCLAIMED)
        info->unavailable = MEMORY5D_R_CLAIMED;
    else if (memory5d_moves_held(def, st))
        info->unavailable = MEMORY5D_R_PAUSED;
    else
        info->unavailable = MEMORY5D_OK;
}

int memory5d_cell_label(const memory5d_def *def, const memory5d_state *st, int cell, char *buf,
                        size_t n)
{
    if (cell < 0 || cell >= st->size * st->size)
        return snprintf(buf, n, "No cell.");
    memory5d_cell_info in;
    memory5d_cell_describe(def, st, cell, &in);
    const memory5d_config *cfg = &def->cfg;
    char anchor[8] = "";
    if (st->anchor != MEMORY5D_NO_CELL)
        memory5d_cell_coord(st->size, st->anchor, anchor);
    char owner[40];
    if (in.owner == MEMORY5D_UNCLAIMED)
        snprintf(owner, sizeof owner, "unclaimed");
    else
        snprintf(owner, sizeof owner, "claimed by %s", memory5d_player_names[in.owner]);
    char state[200] = "";
    if (in.anchor)
        snprintf(state, sizeof state, "; the anchor (select it again to cancel)");
    else if (in.compat == MEMORY5D_OK)
        snprintf(state, sizeof state, "; links with the anchor %s", anchor);
    else if (in.compat == MEMORY5D_R_NOT_ROUTE)
        snprintf(state, sizeof state, "; not next to or reflected from %s: selecting moves the "
                 "anchor here", anchor);
    else if (in.compat > 0) {
        const char *r = memory5d_reason_text(in.compat);
        snprintf(state, sizeof state, "; cannot link with %s: %.*s", anchor, (int)strlen(r) - 1, r);
    }
    char why[120] = "";
    if (in.unavailable != MEMORY5D_OK && in.unavailable != MEMORY5D_R_CLAIMED) {
        const char *r = memory5d_reason_text(in.unavailable);
        snprintf(why, sizeof why, "; unavailable: %.*s", (int)strlen(r) - 1, r); /* no '.' */
    }
    /* the variant by its config name and its place, which the player's legend draws (1st
     * plain, 2nd a ring, 3rd a dot): the name alone would not say which mark it is */
    return snprintf(buf, n, "%s: %s %s, %s (%s variant), %s texture; %s%s%s.", in.coord,
                    memory5d_hue_names[in.hue], memory5d_family_names[in.family],
                    cfg->variant_names[in.family][in.variant],
                    (const char *[]){"1st", "2nd", "3rd", "4th"}[in.variant & 3],
                    cfg->texture_names[in.hue], owner, state, why);
}
