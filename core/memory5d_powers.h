/* Memory5D Arcade powers: loadouts, the local inventory and purchases, and the reserve /
 * consume / refund rules the step function applies in play. */
#ifndef CORE_MEMORY5D_POWERS_H
#define CORE_MEMORY5D_POWERS_H

#include "memory5d.h"

/* At most loadout.maxCharges charges and loadout.maxExtraTurn Extra Turns. */
int m5_loadout_check(const m5_config *cfg, const int loadout[M5_POWERS], char *err,
                     size_t errlen);

/* The local, unranked economy: Star Points and owned power charges. */
typedef struct {
    long star_points;
    int owned[M5_POWERS];
} m5_inventory;

/* Buys one charge at the config's price. M5_OK, or M5_R_NO_CHARGE when it cannot be
 * afforded (nothing changes). */
int m5_inventory_buy(const m5_config *cfg, m5_inventory *inv, int power);
/* Moves one owned charge into a loadout: M5_OK, M5_R_NO_CHARGE when none is owned, or
 * M5_R_BAD_COMMAND when the loadout caps would be exceeded. Nothing changes on refusal. */
int m5_loadout_add(const m5_config *cfg, m5_inventory *inv, int loadout[M5_POWERS], int power);
/* Returns a player's unused charges to the inventory after a match. */
void m5_loadout_return(m5_inventory *inv, int loadout[M5_POWERS]);

/* In play (called by m5_step). Each returns M5_OK or the refusal reason. */
int m5_power_arm(const m5_def *def, m5_state *st, int player, int power, int64_t now,
                 m5_outcome *out);
int m5_power_disarm(m5_state *st, int player, m5_outcome *out);
/* The reserved power is spent now (emits M5_EV_CONSUME). */
void m5_power_consume(m5_state *st, m5_outcome *out);
/* An unconsumed reservation goes back to the loadout (emits M5_EV_REFUND with reason). */
void m5_power_refund(m5_state *st, m5_outcome *out, int reason);
/* Reveal: when the armed Reveal's partner projection begins at anchor, it is consumed and
 * the clock pauses for revealProjectionMs (not online). */
void m5_power_reveal_begin(const m5_def *def, m5_state *st, int anchor, int64_t now,
                           m5_outcome *out);

#endif
