/* Memory5D scoring: the tactical predicates (genuine open-three, fork, completed line),
 * Mastery per link, Star Points per match and the Ranked Classic Elo update. */
#ifndef CORE_MEMORY5D_SCORE_H
#define CORE_MEMORY5D_SCORE_H

#include "memory5d.h"
#include "memory5d_board.h"

/* The cells of a line_length run of player's cells through cell, written to line (may be
 * NULL); 1 if there is one, else 0. Directions are tried E, S, SE, SW. */
int memory5d_line_through(const memory5d_cell *cells, int n, int len, int cell, int player,
                          int *line);

/* One-move winning commands: legal links (no powers) that would give player a line. */
int memory5d_winning_commands(const memory5d_cell *cells, int n, int len, int player,
                              memory5d_pair *out, int max);

/* The spec's "blocking a genuine open-three" and "a fork of two distinct one-move winning
 * commands", the one definition scoring and the AI share (docs/games/memory5d.md "Mastery predicates").
 *
 * Genuine open-three of player: a run of len cells holding len - 1 of player's cells and one
 * unclaimed gap that has a legal partner, so player completes the run with one legal command
 * (a gap only a Wildcard could take is not genuine). memory5d_open_threes writes each such
 * run's gap to gaps (may be NULL; at most max) and returns how many runs there are. */
int memory5d_open_threes(const memory5d_cell *cells, int n, int len, int player, int *gaps,
                         int max);
/* The link (a, b) by player blocks one when, on the board just after it (before any
 * reweave), some genuine open-three the opponent had is no longer genuine: the link claimed
 * its gap or the last of the gap's legal partners. cells is the board before the link. */
int memory5d_blocks_open_three(const memory5d_cell *cells, int n, int len, int player, int a,
                               int b);
/* A fork: at least two distinct one-move winning commands for player (distinct links; they
 * may share a cell). */
int memory5d_has_fork(const memory5d_cell *cells, int n, int len, int player);
/* The link (a, b) creates a fork when player has one after it and had none before. */
int memory5d_creates_fork(const memory5d_cell *cells, int n, int len, int player, int a, int b);

/* MEMORY5D_LINK_BLOCK | MEMORY5D_LINK_FORK | MEMORY5D_LINK_LINE for the link (a, b) by player
 * on cells (the board before the link). A link that completes a line is not also scored as a
 * fork. */
int memory5d_link_flags(const memory5d_cell *cells, int n, int len, int player, int a, int b);

/* round((base + bonuses) x (1 + step x min(streak_before, cap)) x multiplier), rounded
 * half up once in integers; then x double_points_factor when doubled. */
long memory5d_mastery(const memory5d_config *cfg, int difficulty, int flags, int streak_before,
                      int doubled);

/* Star Points for player at the end of a match: round((completion + win + min(cap,
 * objectives met)) x multiplier) for a standard, unrestarted match that ended in a win or
 * a draw; 0 otherwise. objective_bonus (may be NULL) receives the capped bonus. */
int memory5d_objective_met(const memory5d_objective *obj, const memory5d_player_stats *st);
int memory5d_star_points(const memory5d_def *def, const memory5d_state *st, int player,
                         int *objective_bonus);

/* Elo: expected = 1 / (1 + 10^((rb - ra) / scale)); ra' = ra + round(k (score - expected)),
 * rb' = rb - (ra' - ra). score_a_halves: 2 win, 1 draw, 0 loss for A. Pure. */
void memory5d_elo_update(const memory5d_config *cfg, int ra, int rb, int score_a_halves, int *new_a,
                         int *new_b);
/* Only finished Ranked Classic standard matches write Elo (never Arcade or Power Draft).
 * 0 and new ratings when eligible, else -1 and the ratings unchanged. */
int memory5d_match_elo(const memory5d_def *def, const memory5d_state *st, int ra, int rb,
                       int *new_a, int *new_b);

#endif
