/* Memory5D Power Draft: a public pool of copiesPerPower cards of each power, the config's
 * pick order (A,B,B,A,A,B), a deadline per pick and a deterministic cheapest-card
 * auto-pick. The result is two Arcade loadouts; the draft never touches Elo. */
#ifndef CORE_MEMORY5D_DRAFT_H
#define CORE_MEMORY5D_DRAFT_H

#include "memory5d.h"

typedef struct {
    int pool[M5_POWERS];                /* cards left, public */
    int picked[M5_PLAYERS][M5_POWERS];  /* each player's loadout so far */
    int pick;                           /* index into the pick order */
    int64_t pick_start_ms;              /* the current pick's clock */
    int auto_picks;
} m5_draft;

void m5_draft_init(const m5_config *cfg, m5_draft *d, int64_t now_ms);
/* The player to pick, or -1 when the draft is over. */
int m5_draft_turn(const m5_config *cfg, const m5_draft *d);
/* Whether player may take power now (a card is left and the loadout caps allow it). */
int m5_draft_can_take(const m5_config *cfg, const m5_draft *d, int player, int power);
/* The cheapest card player may take (ties go to the earlier power in reveal,
 * doublePoints, wildcard, extraTurn order), or M5_NO_POWER. */
int m5_draft_cheapest(const m5_config *cfg, const m5_draft *d, int player);
/* Settles every pick whose deadline passed by now_ms with the cheapest-card auto-pick;
 * each next pick's clock starts at the previous deadline. Returns how many were made. */
int m5_draft_tick(const m5_config *cfg, m5_draft *d, int64_t now_ms);
/* A player's pick at now_ms (after settling deadlines). M5_OK, or M5_R_GAME_OVER (the
 * draft is over), M5_R_NOT_YOUR_TURN, M5_R_BAD_COMMAND (no such power),
 * M5_R_NO_CHARGE (none left), M5_R_ONE_POWER_PER_TURN (loadout cap). */
int m5_draft_pick(const m5_config *cfg, m5_draft *d, int player, int power, int64_t now_ms);

#endif
