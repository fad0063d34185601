/* Memory5D Power Draft: public pool, pick order, deadlines and the cheapest-card auto-pick. */
#include "memory5d_draft.h"

#include <string.h>

#include "memory5d_powers.h"

void m5_draft_init(const m5_config *cfg, m5_draft *d, int64_t now_ms)
{
    memset(d, 0, sizeof *d);
    for (int p = 0; p < M5_POWERS; p++)
        d->pool[p] = cfg->draft.copies_per_power;
    d->pick_start_ms = now_ms;
}

int m5_draft_turn(const m5_config *cfg, const m5_draft *d)
{
    return d->pick < cfg->draft.pick_count ? cfg->draft.pick_order[d->pick] : -1;
}

int m5_draft_can_take(const m5_config *cfg, const m5_draft *d, int player, int power)
{
    if (power < 0 || power >= M5_POWERS || d->pool[power] <= 0)
        return 0;
    int next[M5_POWERS];
    for (int p = 0; p < M5_POWERS; p++)
        next[p] = d->picked[player][p] + (p == power);
    char err[128];
    return m5_loadout_check(cfg, next, err, sizeof err) == 0;
}

int m5_draft_cheapest(const m5_config *cfg, const m5_draft *d, int player)
{
    int best = M5_NO_POWER;
    for (int p = 0; p < M5_POWERS; p++)
        if (m5_draft_can_take(cfg, d, player, p) &&
            (best == M5_NO_POWER || cfg->power_price[p] < cfg->power_price[best]))
            best = p;
    return best;
}

static void take(const m5_config *cfg, m5_draft *d, int player, int power, int64_t start)
{
    (void)cfg;
    if (power != M5_NO_POWER) {
        d->pool[power]--;
        d->picked[player][power]++;
    }
    d->pick++;
    d->pick_start_ms = start;
}

int m5_draft_tick(const m5_config *cfg, m5_draft *d, int64_t now_ms)
{
    int made = 0;
    for (int who; (who = m5_draft_turn(cfg, d)) >= 0 &&
                  now_ms - d->pick_start_ms >= cfg->draft.pick_deadline_ms;) {
        /* With no card the caps allow, the pick passes empty-handed. */
        take(cfg, d, who, m5_draft_cheapest(cfg, d, who),
             d->pick_start_ms + cfg->draft.pick_deadline_ms);
        d->auto_picks++;
        made++;
    }
    return made;
}

int m5_draft_pick(const m5_config *cfg, m5_draft *d, int player, int power, int64_t now_ms)
{
    m5_draft_tick(cfg, d, now_ms);
    int who = m5_draft_turn(cfg, d);
    if (who < 0)
        return M5_R_GAME_OVER;
    if (player != who)
        return M5_R_NOT_YOUR_TURN;
    if (power < 0 || power >= M5_POWERS)
        return M5_R_BAD_COMMAND;
    if (d->pool[power] <= 0)
        return M5_R_NO_CHARGE;
    if (!m5_draft_can_take(cfg, d, player, power))
        return M5_R_ONE_POWER_PER_TURN;
    take(cfg, d, player, power, now_ms);
    return M5_OK;
}
