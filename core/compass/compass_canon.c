/* Compass Shift board rotations, orientation encodings and the canonical hash. */
#include "compass_canon.h"

#include <stdio.h>
#include <string.h>
#include <xxhash.h>

/* One clockwise quarter-turn: cell (r, c) of an R x C board goes to (c, R-1-r) of a C x R
 * board; north goes east, so every direction and side is +1. A lane on the E or W side is a
 * row, which becomes a column counted from the other end. */
static void turn_once(const compass_level *l, compass_level *out)
{
    *out = *l;
    int R = l->rows;
    out->rows = l->cols;
    out->cols = l->rows;
    memset(out->wall, 0, sizeof out->wall);
    for (int r = 0; r < l->rows; r++)
        for (int c = 0; c < l->cols; c++)
            out->wall[c][R - 1 - r] = l->wall[r][c];
    for (int i = 0; i < l->arrow_count; i++) {
        out->arrows[i].row = l->arrows[i].col;
        out->arrows[i].col = R - 1 - l->arrows[i].row;
        out->arrows[i].dir = (compass_dir)((l->arrows[i].dir + 1) & 3);
    }
    for (int i = 0; i < l->aperture_count; i++) {
        const compass_aperture *a = &l->apertures[i];
        out->apertures[i].side = (compass_dir)((a->side + 1) & 3);
        out->apertures[i].lane =
            (a->side == COMPASS_E || a->side == COMPASS_W) ? R - 1 - a->lane : a->lane;
    }
}

void compass_rotate(const compass_level *l, int quarter_turns, compass_level *out)
{
    compass_level tmp;
    *out = *l;
    for (int t = ((quarter_turns % 4) + 4) % 4; t > 0; t--) {
        turn_once(out, &tmp);
        *out = tmp;
    }
}

size_t compass_orientation_encoding(const compass_level *l, char buf[COMPASS_ENCODING_MAX])
{
    static const char hex[] = "0123456789ABCDEF";
    size_t n = (size_t)snprintf(buf, COMPASS_ENCODING_MAX, "%dx%d p%d ", l->rows, l->cols,
                                l->initial_phase);
    char grid[COMPASS_MAX_SIDE][COMPASS_MAX_SIDE];
    for (int r = 0; r < l->rows; r++)
        for (int c = 0; c < l->cols; c++)
            grid[r][c] = l->wall[r][c] ? '#' : '.';
    for (int i = 0; i < l->arrow_count; i++)
        grid[l->arrows[i].row][l->arrows[i].col] = compass_dir_name(l->arrows[i].dir)[0];
    for (int r = 0; r < l->rows; r++) {
        if (r)
            buf[n++] = '/';
        for (int c = 0; c < l->cols; c++)
            buf[n++] = grid[r][c];
    }
    for (int side = 0; side < 4; side++) {
        int lanes = (side == COMPASS_N || side == COMPASS_S) ? l->cols : l->rows;
        buf[n++] = ' ';
        buf[n++] = compass_dir_name((compass_dir)side)[0];
        buf[n++] = ':';
        for (int lane = 0; lane < lanes; lane++) {
            int a = compass_aperture_at(l, (compass_dir)side, lane);
            buf[n++] = a < 0 ? '.' : hex[l->apertures[a].phase_mask & 0xF];
        }
    }
    buf[n] = '\0';
    return n;
}

size_t compass_board_encoding(const compass_level *l, char buf[COMPASS_ENCODING_MAX])
{
    size_t best = compass_orientation_encoding(l, buf);
    compass_level turned = *l, tmp;
    for (int t = 1; t < 4; t++) {
        char cand[COMPASS_ENCODING_MAX];
        turn_once(&turned, &tmp);
        turned = tmp;
        size_t len = compass_orientation_encoding(&turned, cand);
        if (strcmp(cand, buf) < 0) {
            memcpy(buf, cand, len + 1);
            best = len;
        }
    }
    return best;
}

uint64_t compass_canonical_hash(const compass_level *l, char hex[17])
{
    char enc[COMPASS_ENCODING_MAX];
    size_t len = compass_board_encoding(l, enc);
    uint64_t h = XXH3_64bits(enc, len);
    if (hex)
        snprintf(hex, 17, "%016llx", (unsigned long long)h);
    return h;
}
