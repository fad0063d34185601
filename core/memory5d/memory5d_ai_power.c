/* Memory5D AI in Arcade: whether arming a power before its link raises the evaluation,
 * judged by playing the candidates through the core's own step function on copies. */
#include "memory5d_ai.h"

#include "memory5d_board.h"
#include "memory5d_powers.h"

static int step(const memory5d_def *def, memory5d_state *st, int kind, int a, int b, int power)
{
    memory5d_cmd c = {.kind = kind, .player = st->turn, .cell = a, .cell2 = b, .power = power,
                      .now_ms = st->last_ms};
    memory5d_outcome out;
    return memory5d_step(def, st, &c, &out) == 1 && out.refusal == MEMORY5D_OK;
}

/* The flags of the link event a step produced, or -1 when it was not a link. */
static int link_flags(const memory5d_def *def, memory5d_state *st, int a, int b)
{
    memory5d_cmd c = {.kind = MEMORY5D_CMD_LINK, .player = st->turn, .cell = a, .cell2 = b,
                      .power = MEMORY5D_NO_POWER, .now_ms = st->last_ms};
    memory5d_outcome out;
    if (memory5d_step(def, st, &c, &out) != 1)
        return -1;
    for (int i = 0; i < out.count; i++)
        if (out.ev[i].kind == MEMORY5D_EV_LINK)
            return out.ev[i].flags;
    return -1;
}

/* Whether the player to act in st has a link that wins at once (armed power included);
 * the first such pair into *wa, *wb when not NULL. */
static int wins_in_one(const memory5d_def *def, const memory5d_state *st, int wildcard, int *wa,
                       int *wb)
{
    int n = st->size;
    for (int a = 0; a < n * n; a++) {
        int list[MEMORY5D_MAX_CELLS];
        int k = memory5d_partners(st->cells, n, a, wildcard, list, MEMORY5D_MAX_CELLS);
        for (int i = 0; i < k; i++) {
            memory5d_state t = *st;
            if (list[i] > a && link_flags(def, &t, a, list[i]) >= 0 &&
                t.status == MEMORY5D_WON) {
                if (wa) {
                    *wa = a;
                    *wb = list[i];
                }
                return 1;
            }
        }
    }
    return 0;
}

int memory5d_ai_power(memory5d_ai *ai, const memory5d_def *def, const memory5d_state *st,
                      memory5d_cmd *link)
{
    int side = st->turn;
    link->kind = -1;
    if (def->setup.mode != MEMORY5D_ARCADE || st->status != MEMORY5D_PLAYING || st->bonus ||
        st->armed_turn || st->pause_mask || st->anchor != MEMORY5D_NO_CELL)
        return MEMORY5D_NO_POWER;
    const int *have = st->loadout[side];
    memory5d_cmd best;
    memory5d_state plain = *st;
    int flags = memory5d_ai_choose(ai, def, st, 0, &best, NULL) == 0
                    ? link_flags(def, &plain, best.cell, best.cell2)
                    : -1;
    if (flags >= 0 && plain.status == MEMORY5D_WON) {
        *link = best;
        return MEMORY5D_NO_POWER; /* it wins anyway: keep the charges */
    }
    if (have[MEMORY5D_WILDCARD] > 0 && !wins_in_one(def, st, 0, NULL, NULL)) {
        memory5d_state w = *st;
        int a, b;
        if (step(def, &w, MEMORY5D_CMD_ARM, 0, 0, MEMORY5D_WILDCARD) &&
            wins_in_one(def, &w, 1, &a, &b)) {
            *link = best;
            link->cell = a;
            link->cell2 = b;
            link->player = side;
            link->kind = MEMORY5D_CMD_LINK;
            return MEMORY5D_WILDCARD;
        }
    }
    if (flags < 0)
        return MEMORY5D_NO_POWER;
    *link = best;
    if (have[MEMORY5D_EXTRA_TURN] > 0) {
        memory5d_state x = *st;
        if (step(def, &x, MEMORY5D_CMD_ARM, 0, 0, MEMORY5D_EXTRA_TURN) &&
            link_flags(def, &x, best.cell, best.cell2) >= 0 && x.bonus && x.turn == side &&
            wins_in_one(def, &x, 0, NULL, NULL))
            return MEMORY5D_EXTRA_TURN;
    }
    if (have[MEMORY5D_DOUBLE_POINTS] > 0 &&
        (flags & (MEMORY5D_LINK_BLOCK | MEMORY5D_LINK_FORK | MEMORY5D_LINK_LINE)))
        return MEMORY5D_DOUBLE_POINTS;
    return MEMORY5D_NO_POWER; /* Reveal never: the search already sees every partner */
}
