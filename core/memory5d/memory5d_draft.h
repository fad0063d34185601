/* Memory5D Power Draft: a public pool of copiesPerPower cards of each power, the config's
 * pick order (A,B,B,A,A,B), a deadline per pick and a deterministic cheapest-card
 * auto-pick. The result is two Arcade loadouts; the draft never touches Elo. */
#ifndef CORE_MEMORY5D_DRAFT_H
#define CORE_MEMORY5D_DRAFT_H

#include "memory5d.h"

typedef struct {
    int pool[MEMORY5D_POWERS];                /* cards left, public */
    int picked[MEMORY5D_PLAYERS][MEMORY5D_POWERS];  /* each player's loadout so far */
    int pick;                           /* index into the pick order */
    int taken[MEMORY5D_MAX_PICKS];      /* each settled pick's power (MEMORY5D_NO_POWER: passed) */
    int64_t pick_start_ms;              /* the current pick's clock */
    int auto_picks;
} memory5d_draft;

void memory5d_draft_init(const memory5d_config *cfg, memory5d_draft *d, int64_t now_ms);
/* The player to pick, or -1 when the draft is over. */
int memory5d_draft_turn(const memory5d_config *cfg, const memory5d_draft *d);
/* Whether player may take power now (a card is left and the loadout caps allow it). */
int memory5d_draft_can_take(const memory5d_config *cfg, const memory5d_draft *d, int player,
                            int power);
/* The cheapest card player may take (ties go to the earlier power in reveal,
 * doublePoints, wildcard, extraTurn order), or MEMORY5D_NO_POWER. */
int memory5d_draft_cheapest(const memory5d_config *cfg, const memory5d_draft *d, int player);
/* Settles every pick whose deadline passed by now_ms with the cheapest-card auto-pick;
 * each next pick's clock starts at the previous deadline. Returns how many were made. */
int memory5d_draft_tick(const memory5d_config *cfg, memory5d_draft *d, int64_t now_ms);
/* A player's pick at now_ms (after settling deadlines). MEMORY5D_OK, or MEMORY5D_R_GAME_OVER (the
 * draft is over), MEMORY5D_R_NOT_YOUR_TURN, MEMORY5D_R_BAD_COMMAND (no such power),
 * MEMORY5D_R_NO_CHARGE (none left), MEMORY5D_R_ONE_POWER_PER_TURN (loadout cap). */
int memory5d_draft_pick(const memory5d_config *cfg, memory5d_draft *d, int player, int power,
                        int64_t now_ms);

#endif
