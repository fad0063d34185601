/* Memory5D AI: negamax with alpha-beta, move ordering and a Zobrist-keyed transposition
 * table that simulates reweaves and the draw after the limit; depth from the difficulty
 * preset; win-in-one taken and win-in-one blocked. */
#ifndef CORE_MEMORY5D_AI_H
#define CORE_MEMORY5D_AI_H

#include "memory5d.h"
#include "memory5d_board.h"
#include "memory5d_rules.h"

typedef struct memory5d_ai memory5d_ai;

typedef struct {
    long nodes;     /* positions searched */
    int depth;      /* deepest search pass finished within the config's aiWorkBudget */
    int score;      /* negamax score of the chosen link for the mover */
    int candidates; /* root links searched (fewer than all when forced to block) */
    int forced;     /* 0 searched, 1 took a win in one, 2 blocked a win in one */
    int cut;        /* the work budget ended a pass early (depth is the last finished one) */
} memory5d_ai_stats;

/* A searcher with its own transposition table (malloc'd); NULL when out of memory. */
memory5d_ai *memory5d_ai_new(void);
void memory5d_ai_free(memory5d_ai *ai);

/* Chooses a MEMORY5D_CMD_LINK for the player to act, at the preset's depth (or depth when > 0).
 * Always legal; takes a win in one when there is one; otherwise, if the opponent has
 * winning commands, plays among the links that leave the opponent the fewest (none when
 * one link can block them all). Deterministic. The command's now_ms is the state's last
 * accepted time: the caller sets the real one. 0, or -1 when no legal link exists. */
int memory5d_ai_choose(memory5d_ai *ai, const memory5d_def *def, const memory5d_state *st,
                       int depth, memory5d_cmd *out, memory5d_ai_stats *stats);

/* The search's own model of the match after count links from st (played alternately from
 * the player to act, as AI-vs-AI Classic play does): the reweaves each exhausted board
 * causes (in the orientation the Expert rotation gives the board then) and the draw after
 * the limit, simulated through memory5d_reweave. cells gets the board in st's orientation
 * and *reweaves the reweaves used. Returns MEMORY5D_PLAYING, MEMORY5D_WON or MEMORY5D_DRAW,
 * or -1 when a link is not legal where it is played. Exists so tests can hold the simulation
 * against memory5d_step. */
int memory5d_ai_predict(memory5d_ai *ai, const memory5d_def *def, const memory5d_state *st,
                        const memory5d_pair *links, int count, memory5d_cell *cells,
                        int *reweaves);

/* Arcade (memory5d_ai_power.c): the power the player to act should arm before its link, or
 * MEMORY5D_NO_POWER: one whose use raises the evaluation, each candidate played through
 * memory5d_step on a copy. Wildcard when it opens a winning link no plain link gives; Extra
 * Turn when the bonus turn after the chosen link has a win in one; Double Points on a chosen
 * link that blocks, forks or completes a line. Never when the chosen link wins anyway, in
 * the bonus turn, once a power was armed this turn, with an anchor or a pause, nor Reveal
 * (the search already sees every partner). Deterministic. *link gets the LINK to play after
 * arming (Wildcard: the winning pair it opens; else memory5d_ai_choose's), or kind -1 when
 * there is none. */
int memory5d_ai_power(memory5d_ai *ai, const memory5d_def *def, const memory5d_state *st,
                      memory5d_cmd *link);

typedef struct {
    int moves, forced_wins, forced_blocks;
    long nodes;
} memory5d_selfplay_stats;

/* AI against AI from st until the match ends: each command is the AI's link for the player
 * to act, think_ms after the previous one, applied and logged through memory5d_apply. depth
 * gives each player's search depth (NULL, or 0 for a player: the preset's). 0, or -1 with a
 * message if the AI found no move or a command was refused (never expected). */
int memory5d_ai_selfplay(memory5d_ai *ai, const memory5d_def *def, memory5d_state *st,
                         memory5d_log *log, int64_t think_ms, const int *depth,
                         memory5d_selfplay_stats *stats, char *err, size_t errlen);

#endif
