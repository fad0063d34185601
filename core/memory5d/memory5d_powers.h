/* Memory5D Arcade powers: loadouts, the local inventory and purchases, and the reserve /
 * consume / refund rules the step function applies in play. */
#ifndef CORE_MEMORY5D_POWERS_H
#define CORE_MEMORY5D_POWERS_H

#include "memory5d.h"

/* At most loadout.maxCharges charges and loadout.maxExtraTurn Extra Turns. */
int memory5d_loadout_check(const memory5d_config *cfg, const int loadout[MEMORY5D_POWERS],
                           char *err, size_t errlen);

/* The local, unranked economy: Star Points and owned power charges. */
typedef struct {
    long star_points;
    int owned[MEMORY5D_POWERS];
} memory5d_inventory;

/* Buys one charge at the config's price. MEMORY5D_OK, or MEMORY5D_R_NO_CHARGE when it cannot be
 * afforded (nothing changes). */
int memory5d_inventory_buy(const memory5d_config *cfg, memory5d_inventory *inv, int power);
/* Moves one owned charge into a loadout: MEMORY5D_OK, MEMORY5D_R_NO_CHARGE when none is owned, or
 * MEMORY5D_R_BAD_COMMAND when the loadout caps would be exceeded. Nothing changes on refusal. */
int memory5d_loadout_add(const memory5d_config *cfg, memory5d_inventory *inv,
                         int loadout[MEMORY5D_POWERS], int power);
/* Returns a player's unused charges to the inventory after a match. */
void memory5d_loadout_return(memory5d_inventory *inv, int loadout[MEMORY5D_POWERS]);

/* Whether power is armed and not yet consumed, i.e. still acts on this turn's commands. */
int memory5d_power_live(const memory5d_state *st, int power);

/* In play (called by memory5d_step). Each returns MEMORY5D_OK or the refusal reason. */
int memory5d_power_arm(const memory5d_def *def, memory5d_state *st, int player, int power,
                       int64_t now, memory5d_outcome *out);
int memory5d_power_disarm(memory5d_state *st, int player, memory5d_outcome *out);
/* The reserved power is spent now (emits MEMORY5D_EV_CONSUME). */
void memory5d_power_consume(memory5d_state *st, memory5d_outcome *out);
/* An unconsumed reservation goes back to the loadout (emits MEMORY5D_EV_REFUND with reason). */
void memory5d_power_refund(memory5d_state *st, memory5d_outcome *out, int reason);
/* Reveal: when the armed Reveal's partner projection begins at anchor, it is consumed and
 * the clock pauses for revealProjectionMs (not online). */
void memory5d_power_reveal_begin(const memory5d_def *def, memory5d_state *st, int anchor,
                                 int64_t now, memory5d_outcome *out);

#endif
