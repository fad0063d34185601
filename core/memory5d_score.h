/* Memory5D scoring: the tactical predicates (genuine open-three, fork, completed line),
 * Mastery per link, Star Points per match and the Ranked Classic Elo update. */
#ifndef CORE_MEMORY5D_SCORE_H
#define CORE_MEMORY5D_SCORE_H

#include "memory5d.h"
#include "memory5d_board.h"

/* The cells of a line_length run of player's cells through cell, written to line (may be
 * NULL); 1 if there is one, else 0. Directions are tried E, S, SE, SW. */
int m5_line_through(const m5_cell *cells, int n, int len, int cell, int player, int *line);

/* One-move winning commands: legal links (no powers) that would give player a line. */
int m5_winning_commands(const m5_cell *cells, int n, int len, int player, m5_pair *out, int max);

/* Genuine open-three (README): a run of line_length cells holding line_length - 1 cells
 * of the opponent and one unclaimed cell e that has at least one legal partner, so the
 * opponent could complete the run with one legal command. The link (a, b) by player
 * blocks one when a or b is such an e. cells is the board before the link. */
int m5_blocks_open_three(const m5_cell *cells, int n, int len, int player, int a, int b);
/* A fork: two one-move winning commands for player that share no cell. */
int m5_has_fork(const m5_cell *cells, int n, int len, int player);
/* The link (a, b) creates a fork when player has one after it and had none before. */
int m5_creates_fork(const m5_cell *cells, int n, int len, int player, int a, int b);

/* M5_LINK_BLOCK | M5_LINK_FORK | M5_LINK_LINE for the link (a, b) by player on cells (the
 * board before the link). A link that completes a line is not also scored as a fork. */
int m5_link_flags(const m5_cell *cells, int n, int len, int player, int a, int b);

/* round((base + bonuses) x (1 + step x min(streak_before, cap)) x multiplier), rounded
 * half up once in integers; then x double_points_factor when doubled. */
long m5_mastery(const m5_config *cfg, int difficulty, int flags, int streak_before, int doubled);

/* Star Points for player at the end of a match: round((completion + win + min(cap,
 * objectives met)) x multiplier) for a standard, unrestarted match that ended in a win or
 * a draw; 0 otherwise. objective_bonus (may be NULL) receives the capped bonus. */
int m5_objective_met(const m5_objective *obj, const m5_player_stats *st);
int m5_star_points(const m5_def *def, const m5_state *st, int player, int *objective_bonus);

/* Elo: expected = 1 / (1 + 10^((rb - ra) / scale)); ra' = ra + round(k (score - expected)),
 * rb' = rb - (ra' - ra). score_a_halves: 2 win, 1 draw, 0 loss for A. Pure. */
void m5_elo_update(const m5_config *cfg, int ra, int rb, int score_a_halves, int *new_a,
                   int *new_b);
/* Only finished Ranked Classic standard matches write Elo (never Arcade or Power Draft).
 * 0 and new ratings when eligible, else -1 and the ratings unchanged. */
int m5_match_elo(const m5_def *def, const m5_state *st, int ra, int rb, int *new_a, int *new_b);

#endif
