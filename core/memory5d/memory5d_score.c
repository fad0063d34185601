/* Memory5D scoring: tactical predicates, Mastery, Star Points and Elo. */
#include "memory5d_score.h"

#include <math.h>
#include <string.h>

static const int dir_r[4] = {0, 1, 1, 1}, dir_c[4] = {1, 0, 1, -1};

int memory5d_line_through(const memory5d_cell *cells, int n, int len, int cell, int player,
                          int *line)
{
    if (cells[cell].owner != player)
        return 0;
    int r0 = cell / n, c0 = cell % n;
    for (int d = 0; d < 4; d++) {
        /* Walk back to the first cell of the run, then forward. */
        int r = r0, c = c0, back = 0;
        while (r - dir_r[d] >= 0 && r - dir_r[d] < n && c - dir_c[d] >= 0 && c - dir_c[d] < n &&
               cells[(r - dir_r[d]) * n + c - dir_c[d]].owner == player) {
            r -= dir_r[d];
            c -= dir_c[d];
            back++;
        }
        int run = 0, rr = r, cc = c;
        while (rr >= 0 && rr < n && cc >= 0 && cc < n && cells[rr * n + cc].owner == player) {
            run++;
            rr += dir_r[d];
            cc += dir_c[d];
        }
        if (run >= len) {
            if (line) {
                /* The len cells of the run that include cell, starting as early as allowed. */
                int start = back - (len - 1) > 0 ? back - (len - 1) : 0;
                for (int i = 0; i < len; i++)
                    line[i] = (r + (start + i) * dir_r[d]) * n + c + (start + i) * dir_c[d];
            }
            return 1;
        }
    }
    return 0;
}

static int wins_with(memory5d_cell *cells, int n, int len, int player, int a, int b)
{
    cells[a].owner = cells[b].owner = (int8_t)player;
    int win = memory5d_line_through(cells, n, len, a, player, NULL) ||
              memory5d_line_through(cells, n, len, b, player, NULL);
    cells[a].owner = cells[b].owner = MEMORY5D_UNCLAIMED;
    return win;
}

int memory5d_winning_commands(const memory5d_cell *cells, int n, int len, int player,
                              memory5d_pair *out, int max)
{
    memory5d_cell work[MEMORY5D_MAX_CELLS];
    memory5d_pair links[MEMORY5D_MAX_CELLS * 5];
    memcpy(work, cells, sizeof(memory5d_cell) * (size_t)(n * n));
    int count = memory5d_links(work, n, links, MEMORY5D_MAX_CELLS * 5), wins = 0;
    for (int i = 0; i < count; i++)
        if (wins_with(work, n, len, player, links[i].a, links[i].b)) {
            if (out && wins < max)
                out[wins] = links[i];
            wins++;
        }
    return wins;
}

/* The gap of a genuine open-three of player in the run: len - 1 cells of player's and one
 * unclaimed cell with at least one legal partner. Claiming the gap with any partner completes
 * the run, so the gap has a partner exactly when it lies in one of player's one-move winning
 * commands. -1 when the run is no genuine open-three. */
static int open_three_gap(const memory5d_cell *cells, int n, int len, int player,
                          const int16_t *run)
{
    int owned = 0, gap = -1, empties = 0;
    for (int i = 0; i < len; i++) {
        int cell = run[i];
        if (cells[cell].owner == player)
            owned++;
        else if (cells[cell].owner == MEMORY5D_UNCLAIMED) {
            empties++;
            gap = cell;
        }
    }
    if (owned != len - 1 || empties != 1 || memory5d_partners(cells, n, gap, 0, NULL, 0) == 0)
        return -1;
    return gap;
}

int memory5d_open_threes(const memory5d_cell *cells, int n, int len, int player, int *gaps,
                         int max)
{
    int16_t win[MEMORY5D_MAX_WINDOWS][MEMORY5D_MAX_LINE];
    int count = memory5d_windows(n, len, win), found = 0;
    for (int w = 0; w < count; w++) {
        int gap = open_three_gap(cells, n, len, player, win[w]);
        if (gap < 0)
            continue;
        if (gaps && found < max)
            gaps[found] = gap;
        found++;
    }
    return found;
}

int memory5d_blocks_open_three(const memory5d_cell *cells, int n, int len, int player, int a, int b)
{
    int gaps[MEMORY5D_MAX_WINDOWS];
    int count = memory5d_open_threes(cells, n, len, 1 - player, gaps, MEMORY5D_MAX_WINDOWS);
    if (count == 0)
        return 0;
    memory5d_cell after[MEMORY5D_MAX_CELLS];
    memcpy(after, cells, sizeof(memory5d_cell) * (size_t)(n * n));
    after[a].owner = after[b].owner = (int8_t)player;
    /* Blocked: the gap is claimed now, or every legal partner it had is. */
    for (int i = 0; i < count; i++)
        if (after[gaps[i]].owner != MEMORY5D_UNCLAIMED ||
            memory5d_partners(after, n, gaps[i], 0, NULL, 0) == 0)
            return 1;
    return 0;
}

int memory5d_has_fork(const memory5d_cell *cells, int n, int len, int player)
{
    /* memory5d_links lists each unordered pair once, so every count is of distinct commands. */
    return memory5d_winning_commands(cells, n, len, player, NULL, 0) >= 2;
}

int memory5d_creates_fork(const memory5d_cell *cells, int n, int len, int player, int a, int b)
{
    if (memory5d_has_fork(cells, n, len, player))
        return 0;
    memory5d_cell after[MEMORY5D_MAX_CELLS];
    memcpy(after, cells, sizeof(memory5d_cell) * (size_t)(n * n));
    after[a].owner = after[b].owner = (int8_t)player;
    return memory5d_has_fork(after, n, len, player);
}

int memory5d_link_flags(const memory5d_cell *cells, int n, int len, int player, int a, int b)
{
    int flags = 0;
    if (memory5d_blocks_open_three(cells, n, len, player, a, b))
        flags |= MEMORY5D_LINK_BLOCK;
    memory5d_cell after[MEMORY5D_MAX_CELLS];
    memcpy(after, cells, sizeof(memory5d_cell) * (size_t)(n * n));
    after[a].owner = after[b].owner = (int8_t)player;
    if (memory5d_line_through(after, n, len, a, player, NULL) ||
        memory5d_line_through(after, n, len, b, player, NULL))
        flags |= MEMORY5D_LINK_LINE;
    else if (memory5d_creates_fork(cells, n, len, player, a, b))
        flags |= MEMORY5D_LINK_FORK;
    return flags;
}

/* x / d rounded half up, for x >= 0 and d > 0. */
static long div_round(long long x, long long d)
{
    return (long)((2 * x + d) / (2 * d));
}

long memory5d_mastery(const memory5d_config *cfg, int difficulty, int flags, int streak_before,
                      int doubled)
{
    long long sum = cfg->mastery.base;
    if (flags & MEMORY5D_LINK_BLOCK)
        sum += cfg->mastery.block_open_three;
    if (flags & MEMORY5D_LINK_FORK)
        sum += cfg->mastery.create_fork;
    if (flags & MEMORY5D_LINK_LINE)
        sum += cfg->mastery.complete_line;
    int s = streak_before < cfg->mastery.streak_cap ? streak_before : cfg->mastery.streak_cap;
    long long pct = 100 + (long long)cfg->mastery.streak_step_percent * s;
    long value = div_round(sum * pct * cfg->presets[difficulty].multiplier_permille, 100000);
    return doubled ? value * cfg->mastery.double_points_factor : value;
}

int memory5d_objective_met(const memory5d_objective *obj, const memory5d_player_stats *st)
{
    switch (obj->kind) {
    case MEMORY5D_OBJ_NO_MISSES: return st->misses + st->timeouts == 0;
    case MEMORY5D_OBJ_LINKS: return st->links >= obj->threshold;
    case MEMORY5D_OBJ_STREAK: return st->best_streak >= obj->threshold;
    case MEMORY5D_OBJ_BLOCKS: return st->blocks >= obj->threshold;
    case MEMORY5D_OBJ_FORKS: return st->forks >= obj->threshold;
    default: return 0;
    }
}

int memory5d_star_points(const memory5d_def *def, const memory5d_state *st, int player,
                         int *objective_bonus)
{
    const memory5d_config *cfg = &def->cfg;
    if (objective_bonus)
        *objective_bonus = 0;
    if (def->setup.kind != MEMORY5D_MATCH_STANDARD || def->setup.restarted ||
        (st->status != MEMORY5D_WON && st->status != MEMORY5D_DRAW))
        return 0;
    int bonus = 0;
    for (int i = 0; i < cfg->stars.objective_count; i++)
        if (memory5d_objective_met(&cfg->stars.objectives[i], &st->stats[player]))
            bonus += cfg->stars.objectives[i].points;
    if (bonus > cfg->stars.objective_cap)
        bonus = cfg->stars.objective_cap;
    if (objective_bonus)
        *objective_bonus = bonus;
    long long sum = cfg->stars.completion + bonus +
                    (st->status == MEMORY5D_WON && st->winner == player ? cfg->stars.win : 0);
    return (int)div_round(sum * cfg->presets[def->setup.difficulty].multiplier_permille, 1000);
}

void memory5d_elo_update(const memory5d_config *cfg, int ra, int rb, int score_a_halves, int *new_a,
                         int *new_b)
{
    double expected = 1.0 / (1.0 + pow(10.0, (double)(rb - ra) / cfg->elo.scale));
    int delta = (int)lround(cfg->elo.k * (score_a_halves / 2.0 - expected));
    *new_a = ra + delta;
    *new_b = rb - delta;
}

int memory5d_match_elo(const memory5d_def *def, const memory5d_state *st, int ra, int rb,
                       int *new_a, int *new_b)
{
    *new_a = ra;
    *new_b = rb;
    if (!def->setup.ranked || def->setup.mode != MEMORY5D_CLASSIC ||
        def->setup.kind != MEMORY5D_MATCH_STANDARD || st->status == MEMORY5D_PLAYING)
        return -1;
    int halves = st->status == MEMORY5D_DRAW ? 1 : st->winner == 0 ? 2 : 0;
    memory5d_elo_update(&def->cfg, ra, rb, halves, new_a, new_b);
    return 0;
}
