/* Compass Shift GameController: taps through the production release rule, undo, restart. */
#include "compass_game.h"

void compass_game_start(compass_game *g, const compass_level *level)
{
    g->level = level;
    g->state = compass_initial_state(level);
    g->depth = 0;
}

compass_release_result compass_game_tap(compass_game *g, int arrow)
{
    compass_state next;
    compass_release_result r = compass_release(g->level, &g->state, arrow, &next);
    if (r.status == COMPASS_RELEASED) {
        g->history[g->depth++] = g->state;
        g->state = next;
    }
    return r;
}

int compass_game_undo(compass_game *g)
{
    if (g->depth == 0)
        return 0;
    g->state = g->history[--g->depth];
    return 1;
}

int compass_game_won(const compass_game *g) { return compass_is_won(&g->state); }
