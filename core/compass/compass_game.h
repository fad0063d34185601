/* Compass Shift GameController (compass-shift.md "Dynamic state", "Undo, restart, and hint
 * boundary"): the one orchestrator that owns BoardState and the undo history of complete
 * prior snapshots. Every tap goes through compass_release; nothing here re-decides a rule. */
#ifndef CORE_COMPASS_GAME_H
#define CORE_COMPASS_GAME_H

#include "compass.h"

typedef struct {
    const compass_level *level; /* immutable definition, owned by the caller */
    compass_state state;
    /* Each success removes one arrow, so a level has at most arrow_count of them and the
     * history never needs more room than this: undo is unlimited. */
    compass_state history[COMPASS_MAX_ARROWS];
    int depth;
} compass_game;

/* Starts (or restarts) the level: the authored remaining set and initial phase, no history. */
void compass_game_start(compass_game *g, const compass_level *level);
/* Taps one arrow. On success the prior snapshot is pushed and the state advances; a blocked
 * tap returns its reason and changes nothing, history included. */
compass_release_result compass_game_tap(compass_game *g, int arrow);
/* Restores the exact prior snapshot atomically; 0 when there is nothing to undo. */
int compass_game_undo(compass_game *g);
int compass_game_won(const compass_game *g);

#endif
