/* Shared Memory5D test fixtures: the committed config and hand-built boards. */
#ifndef TESTS_MEMORY5D_FIXTURE_H
#define TESTS_MEMORY5D_FIXTURE_H

#include <criterion/criterion.h>
#include <string.h>

#include "memory5d.h"
#include "memory5d_board.h"
#include "memory5d_config.h"
#include "memory5d_rules.h"

static inline m5_config fx_config(void)
{
    m5_config cfg;
    char err[512];
    cr_assert_eq(m5_config_load(M5_DEFAULT_RULES, &cfg, err, sizeof err), 0, "%s", err);
    return cfg;
}

/* A board with no legal link at all: route neighbours differ in family ((2r + c) % 6
 * changes by 1, 2 or 3 along every neighbour step) and reflected cells lie in opposite
 * halves, which get unrelated hues (red, blue). */
static inline m5_board fx_dead_board(int n)
{
    m5_board b;
    memset(&b, 0, sizeof b);
    b.size = n;
    for (int i = 0; i < n * n; i++) {
        int r = i / n, c = i % n;
        b.cells[i] = (m5_cell){(int8_t)((2 * r + c) % 6), 0, i < n * n / 2 ? M5_RED : M5_BLUE,
                               M5_UNCLAIMED};
    }
    b.family_count = 6;
    b.hue_count = 6;
    for (int i = 0; i < 6; i++)
        b.families[i] = b.hues[i] = (int8_t)i;
    return b;
}

/* Makes cells a and b a legal link (family and hue of a copied to b). */
static inline void fx_pair(m5_board *b, int a, int c)
{
    b->cells[c].family = b->cells[a].family;
    b->cells[c].hue = b->cells[a].hue;
    b->cells[c].variant = 0;
}

/* A definition on an authored board at difficulty d (board size set to n). */
static inline void fx_def(m5_def *def, m5_config cfg, int d, int mode, const m5_board *b)
{
    cfg.presets[d].board_size = b->size;
    m5_setup setup = {.seed = 1, .difficulty = d, .mode = mode};
    char err[256];
    cr_assert_eq(m5_def_init_board(def, &cfg, &setup, b, err, sizeof err), 0, "%s", err);
}

static inline m5_cmd fx_cmd(int kind, int player, int cell, int cell2, int64_t now)
{
    return (m5_cmd){.kind = kind, .player = player, .cell = cell, .cell2 = cell2,
                    .power = M5_NO_POWER, .now_ms = now};
}

/* Index of the first event of kind in out, or -1. */
static inline int fx_find(const m5_outcome *out, int kind)
{
    for (int i = 0; i < out->count; i++)
        if (out->ev[i].kind == kind)
            return i;
    return -1;
}

#endif
