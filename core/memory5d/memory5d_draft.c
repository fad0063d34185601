/* Memory5D Power Draft: public pool, pick order, deadlines and the cheapest-card auto-pick. */
#include "memory5d_draft.h"

#include <string.h>

#include "memory5d_powers.h"

void memory5d_draft_init(const memory5d_config *cfg, memory5d_draft *d, int64_t now_ms)
{
    memset(d, 0, sizeof *d);
    for (int p = 0; p < MEMORY5D_POWERS; p++)
        d->pool[p] = cfg->draft.copies_per_power;
    d->pick_start_ms = now_ms;
}

int memory5d_draft_turn(const memory5d_config *cfg, const memory5d_draft *d)
{
    return d->pick < cfg->draft.pick_count ? cfg->draft.pick_order[d->pick] : -1;
}

int memory5d_draft_can_take(const memory5d_config *cfg, const memory5d_draft *d, int player,
                            int power)
{
    if (power < 0 || power >= MEMORY5D_POWERS || d->pool[power] <= 0)
        return 0;
    int next[MEMORY5D_POWERS];
    for (int p = 0; p < MEMORY5D_POWERS; p++)
        next[p] = d->picked[player][p] + (p == power);
    char err[128];
    return memory5d_loadout_check(cfg, next, err, sizeof err) == 0;
}

int memory5d_draft_cheapest(const memory5d_config *cfg, const memory5d_draft *d, int player)
{
    int best = MEMORY5D_NO_POWER;
    for (int p = 0; p < MEMORY5D_POWERS; p++)
        if (memory5d_draft_can_take(cfg, d, player, p) &&
            (best == MEMORY5D_NO_POWER || cfg->power_price[p] < cfg->power_price[best]))
            best = p;
    return best;
}

static void take(memory5d_draft *d, int player, int power, int64_t start)
{
    if (power != MEMORY5D_NO_POWER) {
        d->pool[power]--;
        d->picked[player][power]++;
    }
    d->taken[d->pick++] = power;
    d->pick_start_ms = start;
}

int memory5d_draft_tick(const memory5d_config *cfg, memory5d_draft *d, int64_t now_ms)
{
    int made = 0;
    for (int who; (who = memory5d_draft_turn(cfg, d)) >= 0 &&
                  now_ms - d->pick_start_ms >= cfg->draft.pick_deadline_ms;) {
        /* With no card the caps allow, the pick passes empty-handed. */
        take(d, who, memory5d_draft_cheapest(cfg, d, who),
             d->pick_start_ms + cfg->draft.pick_deadline_ms);
        d->auto_picks++;
        made++;
    }
    return made;
}

int memory5d_draft_pick(const memory5d_config *cfg, memory5d_draft *d, int player, int power,
                        int64_t now_ms)
{
    memory5d_draft_tick(cfg, d, now_ms);
    int who = memory5d_draft_turn(cfg, d);
    if (who < 0)
        return MEMORY5D_R_GAME_OVER;
    if (player != who)
        return MEMORY5D_R_NOT_YOUR_TURN;
    if (power < 0 || power >= MEMORY5D_POWERS)
        return MEMORY5D_R_BAD_COMMAND;
    if (d->pool[power] <= 0)
        return MEMORY5D_R_NO_CHARGE;
    if (!memory5d_draft_can_take(cfg, d, player, power))
        return MEMORY5D_R_ONE_POWER_PER_TURN;
    take(d, player, power, now_ms);
    return MEMORY5D_OK;
}
