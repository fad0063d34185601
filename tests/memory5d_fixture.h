/* Shared Memory5D test fixtures: the committed config and hand-built boards. */
#ifndef TESTS_MEMORY5D_FIXTURE_H
#define TESTS_MEMORY5D_FIXTURE_H

#include <criterion/criterion.h>
#include <string.h>

#include "memory5d/memory5d.h"
#include "memory5d/memory5d_board.h"
#include "memory5d/memory5d_config.h"
#include "memory5d/memory5d_rules.h"

static inline memory5d_config fx_config(void)
{
    memory5d_config cfg;
    char err[512];
    cr_assert_eq(memory5d_config_load(MEMORY5D_DEFAULT_RULES, &cfg, err, sizeof err), 0, "%s", err);
    return cfg;
}

/* A board with no legal link at all: route neighbours differ in family ((2r + c) % 6
 * changes by 1, 2 or 3 along every neighbour step) and reflected cells lie in opposite
 * halves, which get unrelated hues (red, blue). */
static inline memory5d_board fx_dead_board(int n)
{
    memory5d_board b;
    memset(&b, 0, sizeof b);
    b.size = n;
    for (int i = 0; i < n * n; i++) {
        int r = i / n, c = i % n;
        b.cells[i] =
            (memory5d_cell){(int8_t)((2 * r + c) % 6), 0,
                            i < n * n / 2 ? MEMORY5D_RED : MEMORY5D_BLUE, MEMORY5D_UNCLAIMED};
    }
    b.family_count = 6;
    b.hue_count = 6;
    for (int i = 0; i < 6; i++)
        b.families[i] = b.hues[i] = (int8_t)i;
    return b;
}

/* Makes cells a and b a legal link (family and hue of a copied to b). */
static inline void fx_pair(memory5d_board *b, int a, int c)
{
    b->cells[c].family = b->cells[a].family;
    b->cells[c].hue = b->cells[a].hue;
    b->cells[c].variant = 0;
}

/* A definition on an authored board at difficulty d (board size set to n). */
static inline void fx_def(memory5d_def *def, memory5d_config cfg, int d, int mode,
                          const memory5d_board *b)
{
    cfg.presets[d].board_size = b->size;
    memory5d_setup setup = {.seed = 1, .difficulty = d, .mode = mode};
    char err[256];
    cr_assert_eq(memory5d_def_init_board(def, &cfg, &setup, b, err, sizeof err), 0, "%s", err);
}

static inline memory5d_cmd fx_cmd(int kind, int player, int cell, int cell2, int64_t now)
{
    return (memory5d_cmd){.kind = kind,
                          .player = player,
                          .cell = cell,
                          .cell2 = cell2,
                          .power = MEMORY5D_NO_POWER,
                          .now_ms = now};
}

/* Up to moves random legal links (rand()), 10 ms apart, each accepted by memory5d_step. */
static inline void fx_random_links(const memory5d_def *def, memory5d_state *st, int moves)
{
    for (int i = 0; i < moves && st->status == MEMORY5D_PLAYING; i++) {
        memory5d_pair l[512];
        int n = memory5d_links(st->cells, st->size, l, 512);
        memory5d_pair p = l[rand() % n];
        memory5d_cmd c = fx_cmd(MEMORY5D_CMD_LINK, st->turn, p.a, p.b, 10 * (i + 1));
        memory5d_outcome out;
        cr_assert_eq(memory5d_step(def, st, &c, &out), 1);
    }
}

/* Index of the first event of kind in out, or -1. */
static inline int fx_find(const memory5d_outcome *out, int kind)
{
    for (int i = 0; i < out->count; i++)
        if (out->ev[i].kind == kind)
            return i;
    return -1;
}

#endif
