/* Memory5D Arcade powers: loadouts, inventory, purchases, and reserve/consume/refund. */
#include "memory5d_powers.h"

#include <stdio.h>

int memory5d_loadout_check(const memory5d_config *cfg, const int loadout[MEMORY5D_POWERS],
                           char *err, size_t errlen)
{
    int total = 0;
    for (int p = 0; p < MEMORY5D_POWERS; p++) {
        if (loadout[p] < 0) {
            snprintf(err, errlen, "%s: negative charge count %d", memory5d_power_names[p],
                     loadout[p]);
            return -1;
        }
        total += loadout[p];
    }
    if (total > cfg->loadout_max_charges) {
        snprintf(err, errlen, "%d charges, more than loadout.maxCharges %d", total,
                 cfg->loadout_max_charges);
        return -1;
    }
    if (loadout[MEMORY5D_EXTRA_TURN] > cfg->loadout_max_extra_turn) {
        snprintf(err, errlen, "%d Extra Turns, more than loadout.maxExtraTurn %d",
                 loadout[MEMORY5D_EXTRA_TURN], cfg->loadout_max_extra_turn);
        return -1;
    }
    return 0;
}

int memory5d_inventory_buy(const memory5d_config *cfg, memory5d_inventory *inv, int power)
{
    if (power < 0 || power >= MEMORY5D_POWERS)
        return MEMORY5D_R_BAD_COMMAND;
    if (inv->star_points < cfg->power_price[power])
        return MEMORY5D_R_NO_CHARGE;
    inv->star_points -= cfg->power_price[power];
    inv->owned[power]++;
    return MEMORY5D_OK;
}

int memory5d_loadout_add(const memory5d_config *cfg, memory5d_inventory *inv,
                         int loadout[MEMORY5D_POWERS], int power)
{
    if (power < 0 || power >= MEMORY5D_POWERS)
        return MEMORY5D_R_BAD_COMMAND;
    if (inv->owned[power] <= 0)
        return MEMORY5D_R_NO_CHARGE;
    int next[MEMORY5D_POWERS];
    for (int p = 0; p < MEMORY5D_POWERS; p++)
        next[p] = loadout[p] + (p == power);
    char err[128];
    if (memory5d_loadout_check(cfg, next, err, sizeof err) != 0)
        return MEMORY5D_R_BAD_COMMAND;
    inv->owned[power]--;
    loadout[power]++;
    return MEMORY5D_OK;
}

void memory5d_loadout_return(memory5d_inventory *inv, int loadout[MEMORY5D_POWERS])
{
    for (int p = 0; p < MEMORY5D_POWERS; p++) {
        inv->owned[p] += loadout[p];
        loadout[p] = 0;
    }
}

int memory5d_power_live(const memory5d_state *st, int power)
{
    return power != MEMORY5D_NO_POWER && st->armed == power && !st->armed_spent;
}

int memory5d_power_arm(const memory5d_def *def, memory5d_state *st, int player, int power,
                       int64_t now, memory5d_outcome *out)
{
    if (def->setup.mode != MEMORY5D_ARCADE)
        return MEMORY5D_R_NOT_ARCADE;
    if (power < 0 || power >= MEMORY5D_POWERS)
        return MEMORY5D_R_BAD_COMMAND;
    if (st->bonus)
        return MEMORY5D_R_BONUS_TURN; /* Extra Turn's bonus turn is non-chainable */
    if (st->armed_turn)
        return MEMORY5D_R_ONE_POWER_PER_TURN;
    if (st->loadout[player][power] <= 0)
        return MEMORY5D_R_NO_CHARGE;
    st->loadout[player][power]--;
    st->armed = power;
    st->armed_turn = 1;
    st->armed_spent = 0;
    memory5d_emit(out, MEMORY5D_EV_ARM, player, MEMORY5D_NO_CELL, MEMORY5D_NO_CELL, power, 0,
                  MEMORY5D_OK);
    /* Reveal armed with an anchor already chosen projects at once. */
    if (power == MEMORY5D_REVEAL && st->anchor != MEMORY5D_NO_CELL)
        memory5d_power_reveal_begin(def, st, st->anchor, now, out);
    return MEMORY5D_OK;
}

int memory5d_power_disarm(memory5d_state *st, int player, memory5d_outcome *out)
{
    if (!memory5d_power_live(st, st->armed))
        return MEMORY5D_R_NOT_ARMED;
    memory5d_power_refund(st, out, MEMORY5D_OK);
    st->armed_turn = 0; /* cancelled, so the turn may arm again */
    (void)player;
    return MEMORY5D_OK;
}

void memory5d_power_consume(memory5d_state *st, memory5d_outcome *out)
{
    if (!memory5d_power_live(st, st->armed))
        return;
    st->armed_spent = 1;
    st->stats[st->turn].powers_used++;
    memory5d_emit(out, MEMORY5D_EV_CONSUME, st->turn, MEMORY5D_NO_CELL, MEMORY5D_NO_CELL, st->armed,
                  0, MEMORY5D_OK);
}

void memory5d_power_refund(memory5d_state *st, memory5d_outcome *out, int reason)
{
    if (!memory5d_power_live(st, st->armed))
        return;
    st->loadout[st->turn][st->armed]++;
    memory5d_emit(out, MEMORY5D_EV_REFUND, st->turn, MEMORY5D_NO_CELL, MEMORY5D_NO_CELL, st->armed,
                  0, reason);
    st->armed = MEMORY5D_NO_POWER;
}

void memory5d_power_reveal_begin(const memory5d_def *def, memory5d_state *st, int anchor,
                                 int64_t now, memory5d_outcome *out)
{
    if (!memory5d_power_live(st, MEMORY5D_REVEAL))
        return;
    memory5d_power_consume(st, out);
    st->reveal_anchor = anchor;
    if (!def->setup.online && def->cfg.reveal_projection_ms > 0) {
        if (!st->pause_mask)
            st->pause_since_ms = now;
        st->pause_mask |= MEMORY5D_PAUSE_REVEAL;
        st->reveal_until_ms = now + def->cfg.reveal_projection_ms;
    }
    memory5d_emit(out, MEMORY5D_EV_REVEAL, st->turn, anchor, MEMORY5D_NO_CELL,
                  def->cfg.reveal_projection_ms, 0, MEMORY5D_OK);
}
