/* Memory5D board: seeded generation, link legality with refusal reasons, reweave, rotation. */
#include "memory5d_board.h"

#include <stdlib.h>
#include <string.h>

#include "rng.h"

int memory5d_hues_compatible(int h1, int h2)
{
    return h1 == h2 || (h1 ^ 1) == h2; /* the linked pairs differ in bit 0 (memory5d.h) */
}

int memory5d_adjacent(int n, int a, int b)
{
    int dr = abs(a / n - b / n), dc = abs(a % n - b % n);
    return a != b && dr <= 1 && dc <= 1;
}

int memory5d_reflected(int n, int a, int b)
{
    return a != b && a + b == n * n - 1; /* (r,c) <-> (n-1-r, n-1-c) in row-major indices */
}

int memory5d_route(int n, int a, int b)
{
    return memory5d_adjacent(n, a, b) || memory5d_reflected(n, a, b);
}

int memory5d_link_check(const memory5d_cell *cells, int n, int a, int b, int wildcard)
{
    if (a < 0 || b < 0 || a >= n * n || b >= n * n)
        return MEMORY5D_R_OUT_OF_RANGE;
    if (a == b)
        return MEMORY5D_R_SAME_CELL;
    if (cells[a].owner != MEMORY5D_UNCLAIMED || cells[b].owner != MEMORY5D_UNCLAIMED)
        return MEMORY5D_R_CLAIMED;
    if (!memory5d_route(n, a, b))
        return MEMORY5D_R_NOT_ROUTE;
    if (wildcard)
        return MEMORY5D_OK;
    if (cells[a].family != cells[b].family)
        return MEMORY5D_R_FAMILY;
    if (!memory5d_hues_compatible(cells[a].hue, cells[b].hue))
        return MEMORY5D_R_HUE;
    return MEMORY5D_OK;
}

/* The route partners of a that come after it, ascending: four forward neighbours and the
 * reflection, deduplicated (the two can coincide at the center of an even board). */
static int forward_routes(int n, int a, int out[5])
{
    int r = a / n, c = a % n, k = 0;
    static const int dr[4] = {0, 1, 1, 1}, dc[4] = {1, -1, 0, 1};
    for (int d = 0; d < 4; d++) {
        int rr = r + dr[d], cc = c + dc[d];
        if (rr < n && cc >= 0 && cc < n)
            out[k++] = rr * n + cc;
    }
    int m = n * n - 1 - a;
    if (m > a) {
        int dup = 0;
        for (int i = 0; i < k; i++)
            dup |= out[i] == m;
        if (!dup) {
            int i = k++;
            while (i > 0 && out[i - 1] > m) {
                out[i] = out[i - 1];
                i--;
            }
            out[i] = m;
        }
    }
    return k;
}

int memory5d_links(const memory5d_cell *cells, int n, memory5d_pair *out, int max)
{
    int count = 0;
    for (int a = 0; a < n * n; a++) {
        if (cells[a].owner != MEMORY5D_UNCLAIMED)
            continue;
        int bs[5], k = forward_routes(n, a, bs);
        for (int i = 0; i < k; i++)
            if (memory5d_link_check(cells, n, a, bs[i], 0) == MEMORY5D_OK) {
                if (out && count < max)
                    out[count] = (memory5d_pair){(int16_t)a, (int16_t)bs[i]};
                count++;
            }
    }
    return count;
}

int memory5d_partners(const memory5d_cell *cells, int n, int a, int wildcard, int *out, int max)
{
    int count = 0;
    if (a < 0 || a >= n * n)
        return 0;
    for (int b = 0; b < n * n; b++)
        if (memory5d_link_check(cells, n, a, b, wildcard) == MEMORY5D_OK) {
            if (out && count < max)
                out[count] = b;
            count++;
        }
    return count;
}

int memory5d_windows(int n, int len, int16_t (*out)[MEMORY5D_MAX_LINE])
{
    static const int dr[4] = {0, 1, 1, 1}, dc[4] = {1, 0, 1, -1};
    int count = 0;
    for (int start = 0; start < n * n; start++)
        for (int d = 0; d < 4; d++) {
            int r = start / n, c = start % n;
            int er = r + dr[d] * (len - 1), ec = c + dc[d] * (len - 1);
            if (er < 0 || er >= n || ec < 0 || ec >= n)
                continue;
            for (int i = 0; i < len; i++)
                out[count][i] = (int16_t)((r + dr[d] * i) * n + c + dc[d] * i);
            count++;
        }
    return count;
}

int memory5d_any_route(const memory5d_cell *cells, int n)
{
    for (int a = 0; a < n * n; a++) {
        if (cells[a].owner != MEMORY5D_UNCLAIMED)
            continue;
        int bs[5], k = forward_routes(n, a, bs);
        for (int i = 0; i < k; i++)
            if (cells[bs[i]].owner == MEMORY5D_UNCLAIMED)
                return 1;
    }
    return 0;
}

static void draw_cell(const memory5d_config *cfg, const memory5d_board *pal, rng_t *rng,
                      memory5d_cell *cell)
{
    cell->family = pal->families[rng_pick(rng, (uint32_t)pal->family_count)];
    cell->variant = (int8_t)rng_pick(rng, (uint32_t)cfg->variant_count[cell->family]);
    cell->hue = pal->hues[rng_pick(rng, (uint32_t)pal->hue_count)];
}

/* The first k of a Fisher-Yates shuffle of 0..n-1, kept in ascending order. */
static void draw_subset(rng_t *rng, int n, int k, int8_t *out)
{
    int8_t all[MEMORY5D_FAMILIES];
    for (int i = 0; i < n; i++)
        all[i] = (int8_t)i;
    for (int i = 0; i < k; i++) {
        int j = i + (int)rng_pick(rng, (uint32_t)(n - i));
        int8_t t = all[i];
        all[i] = all[j];
        all[j] = t;
    }
    for (int i = 0; i < k; i++) {
        int j = i;
        int8_t v = all[i];
        while (j > 0 && out[j - 1] > v) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = v;
    }
}

int memory5d_board_generate(const memory5d_config *cfg, uint32_t seed, int difficulty,
                            memory5d_board *board)
{
    int n = cfg->presets[difficulty].board_size;
    memset(board, 0, sizeof *board);
    board->size = n;
    rng_t rng;
    rng_seed(&rng, seed);
    /* The palette: familiesPerBoard families and huePairsPerBoard linked hue pairs. */
    board->family_count = cfg->families_per_board;
    draw_subset(&rng, MEMORY5D_FAMILIES, cfg->families_per_board, board->families);
    int8_t pairs[MEMORY5D_HUES / 2];
    draw_subset(&rng, MEMORY5D_HUES / 2, cfg->hue_pairs_per_board, pairs);
    board->hue_count = 2 * cfg->hue_pairs_per_board;
    for (int i = 0; i < cfg->hue_pairs_per_board; i++) {
        board->hues[2 * i] = (int8_t)(2 * pairs[i]);
        board->hues[2 * i + 1] = (int8_t)(2 * pairs[i] + 1);
    }
    for (int attempt = 1; attempt <= cfg->max_generate_attempts; attempt++) {
        for (int i = 0; i < n * n; i++) {
            draw_cell(cfg, board, &rng, &board->cells[i]);
            board->cells[i].owner = MEMORY5D_UNCLAIMED;
        }
        if (memory5d_links(board->cells, n, NULL, 0) > 0)
            return attempt;
    }
    /* Cells 0 and 1 are adjacent; sharing family and hue makes them a legal link. */
    board->cells[1].family = board->cells[0].family;
    board->cells[1].hue = board->cells[0].hue;
    if (board->cells[1].variant >= cfg->variant_count[board->cells[1].family])
        board->cells[1].variant = 0;
    return cfg->max_generate_attempts + 1;
}

uint32_t memory5d_reweave_seed(uint32_t seed, int k)
{
    return seed ^ (0x9E3779B9u * (uint32_t)k); /* golden-ratio stride: distinct per k */
}

void memory5d_reweave(const memory5d_config *cfg, const memory5d_board *palette, uint32_t seed,
                      int k, memory5d_cell *cells, int n)
{
    rng_t rng;
    rng_seed(&rng, memory5d_reweave_seed(seed, k));
    for (int i = 0; i < n * n; i++)
        if (cells[i].owner == MEMORY5D_UNCLAIMED)
            draw_cell(cfg, palette, &rng, &cells[i]);
}

int memory5d_rotate_index(int n, int cell)
{
    if (cell < 0 || cell >= n * n)
        return cell;
    return (cell % n) * n + (n - 1 - cell / n);
}

void memory5d_rotate_cw(memory5d_cell *cells, int n)
{
    memory5d_cell old[MEMORY5D_MAX_CELLS];
    memcpy(old, cells, sizeof(memory5d_cell) * (size_t)(n * n));
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            cells[memory5d_rotate_index(n, r * n + c)] = old[r * n + c];
}
