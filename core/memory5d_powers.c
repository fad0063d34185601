/* Memory5D Arcade powers: loadouts, inventory, purchases, and reserve/consume/refund. */
#include "memory5d_powers.h"

#include <stdio.h>

#include "memory5d_rules.h"

int m5_loadout_check(const m5_config *cfg, const int loadout[M5_POWERS], char *err,
                     size_t errlen)
{
    int total = 0;
    for (int p = 0; p < M5_POWERS; p++) {
        if (loadout[p] < 0) {
            snprintf(err, errlen, "%s: negative charge count %d", m5_power_names[p], loadout[p]);
            return -1;
        }
        total += loadout[p];
    }
    if (total > cfg->loadout_max_charges) {
        snprintf(err, errlen, "%d charges, more than loadout.maxCharges %d", total,
                 cfg->loadout_max_charges);
        return -1;
    }
    if (loadout[M5_EXTRA_TURN] > cfg->loadout_max_extra_turn) {
        snprintf(err, errlen, "%d Extra Turns, more than loadout.maxExtraTurn %d",
                 loadout[M5_EXTRA_TURN], cfg->loadout_max_extra_turn);
        return -1;
    }
    return 0;
}

int m5_inventory_buy(const m5_config *cfg, m5_inventory *inv, int power)
{
    if (power < 0 || power >= M5_POWERS)
        return M5_R_BAD_COMMAND;
    if (inv->star_points < cfg->power_price[power])
        return M5_R_NO_CHARGE;
    inv->star_points -= cfg->power_price[power];
    inv->owned[power]++;
    return M5_OK;
}

int m5_loadout_add(const m5_config *cfg, m5_inventory *inv, int loadout[M5_POWERS], int power)
{
    if (power < 0 || power >= M5_POWERS)
        return M5_R_BAD_COMMAND;
    if (inv->owned[power] <= 0)
        return M5_R_NO_CHARGE;
    int next[M5_POWERS];
    for (int p = 0; p < M5_POWERS; p++)
        next[p] = loadout[p] + (p == power);
    char err[128];
    if (m5_loadout_check(cfg, next, err, sizeof err) != 0)
        return M5_R_BAD_COMMAND;
    inv->owned[power]--;
    loadout[power]++;
    return M5_OK;
}

void m5_loadout_return(m5_inventory *inv, int loadout[M5_POWERS])
{
    for (int p = 0; p < M5_POWERS; p++) {
        inv->owned[p] += loadout[p];
        loadout[p] = 0;
    }
}

int m5_power_arm(const m5_def *def, m5_state *st, int player, int power, int64_t now,
                 m5_outcome *out)
{
    if (def->setup.mode != M5_ARCADE)
        return M5_R_NOT_ARCADE;
    if (power < 0 || power >= M5_POWERS)
        return M5_R_BAD_COMMAND;
    if (st->bonus)
        return M5_R_BONUS_TURN; /* Extra Turn's bonus turn is non-chainable */
    if (st->armed_turn)
        return M5_R_ONE_POWER_PER_TURN;
    if (st->loadout[player][power] <= 0)
        return M5_R_NO_CHARGE;
    st->loadout[player][power]--;
    st->armed = power;
    st->armed_turn = 1;
    st->armed_spent = 0;
    m5_emit(out, M5_EV_ARM, player, M5_NO_CELL, M5_NO_CELL, power, 0, M5_OK);
    /* Reveal armed with an anchor already chosen projects at once. */
    if (power == M5_REVEAL && st->anchor != M5_NO_CELL)
        m5_power_reveal_begin(def, st, st->anchor, now, out);
    return M5_OK;
}

int m5_power_disarm(m5_state *st, int player, m5_outcome *out)
{
    if (st->armed == M5_NO_POWER || st->armed_spent)
        return M5_R_NOT_ARMED;
    m5_power_refund(st, out, M5_OK);
    st->armed_turn = 0; /* cancelled, so the turn may arm again */
    (void)player;
    return M5_OK;
}

void m5_power_consume(m5_state *st, m5_outcome *out)
{
    if (st->armed == M5_NO_POWER || st->armed_spent)
        return;
    st->armed_spent = 1;
    st->stats[st->turn].powers_used++;
    m5_emit(out, M5_EV_CONSUME, st->turn, M5_NO_CELL, M5_NO_CELL, st->armed, 0, M5_OK);
}

void m5_power_refund(m5_state *st, m5_outcome *out, int reason)
{
    if (st->armed == M5_NO_POWER || st->armed_spent)
        return;
    st->loadout[st->turn][st->armed]++;
    m5_emit(out, M5_EV_REFUND, st->turn, M5_NO_CELL, M5_NO_CELL, st->armed, 0, reason);
    st->armed = M5_NO_POWER;
}

void m5_power_reveal_begin(const m5_def *def, m5_state *st, int anchor, int64_t now,
                           m5_outcome *out)
{
    if (st->armed != M5_REVEAL || st->armed_spent)
        return;
    m5_power_consume(st, out);
    st->reveal_anchor = anchor;
    if (!def->setup.online && def->cfg.reveal_projection_ms > 0) {
        if (!st->pause_mask)
            st->pause_since_ms = now;
        st->pause_mask |= M5_PAUSE_REVEAL;
        st->reveal_until_ms = now + def->cfg.reveal_projection_ms;
    }
    m5_emit(out, M5_EV_REVEAL, st->turn, anchor, M5_NO_CELL, def->cfg.reveal_projection_ms, 0,
            M5_OK);
}
