/* Memory5D AI: negamax, alpha-beta, move ordering, Zobrist transposition table. */
#include "memory5d_ai.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memory5d_board.h"
#include "rng.h"

enum {
    TT_BITS = 16,
    MAX_LINKS = MEMORY5D_MAX_CELLS * 5,
    MAX_WINDOWS = MEMORY5D_MAX_WINDOWS,
    CELL_WINDOWS = 4 * MEMORY5D_MAX_LINE,
    WIN_SCORE = 1000000,
    INF = 2 * WIN_SCORE,
    MAX_PLY = 16,
};
enum { TT_EXACT, TT_LOWER, TT_UPPER };

typedef struct {
    uint64_t key;
    int score;
    int16_t best;
    int8_t depth, flag;
} tt_entry;

struct memory5d_ai {
    tt_entry *tt;
    uint64_t zob[MEMORY5D_MAX_CELLS][MEMORY5D_PLAYERS];
    uint64_t zob_side;
    /* the position being searched */
    int n, len, nlinks, nwin;
    int8_t owner[MEMORY5D_MAX_CELLS];
    memory5d_pair links[MAX_LINKS];
    int16_t cell_win[MEMORY5D_MAX_CELLS][CELL_WINDOWS];
    int8_t cell_nwin[MEMORY5D_MAX_CELLS];
    int8_t cnt[MAX_WINDOWS][MEMORY5D_PLAYERS];
    int weight[MEMORY5D_MAX_LINE + 1];
    long nodes;
    long work, budget; /* counted, never timed, so the search stays deterministic */
    int aborted;
};

/* Charges units of work; once the budget is spent every search frame unwinds. */
static int spend(memory5d_ai *ai, long units)
{
    ai->work += units;
    if (ai->work > ai->budget)
        ai->aborted = 1;
    return ai->aborted;
}

static uint64_t next64(rng_t *r)
{
    uint64_t hi = rng_next_u32(r);
    return hi << 32 | rng_next_u32(r);
}

memory5d_ai *memory5d_ai_new(void)
{
    memory5d_ai *ai = calloc(1, sizeof *ai);
    if (!ai)
        return NULL;
    ai->tt = calloc((size_t)1 << TT_BITS, sizeof *ai->tt);
    if (!ai->tt) {
        free(ai);
        return NULL;
    }
    rng_t r;
    rng_seed(&r, 0x5D5D5D5Du); /* fixed, so searches are reproducible */
    for (int i = 0; i < MEMORY5D_MAX_CELLS; i++)
        for (int p = 0; p < MEMORY5D_PLAYERS; p++)
            ai->zob[i][p] = next64(&r);
    ai->zob_side = next64(&r);
    return ai;
}

void memory5d_ai_free(memory5d_ai *ai)
{
    if (ai) {
        free(ai->tt);
        free(ai);
    }
}

/* Every run of len cells that can still be completed, and for each cell the runs through
 * it. Links only disappear during a search (cells get claimed; reweaves are not
 * simulated), so an unclaimed cell in no root link can never be claimed, and a run
 * through it is dead: leaving it out makes the evaluation honest and the search faster. */
static void build_windows(memory5d_ai *ai)
{
    int8_t linkable[MEMORY5D_MAX_CELLS] = {0};
    for (int i = 0; i < ai->nlinks; i++)
        linkable[ai->links[i].a] = linkable[ai->links[i].b] = 1;
    int16_t all[MEMORY5D_MAX_WINDOWS][MEMORY5D_MAX_LINE];
    int total = memory5d_windows(ai->n, ai->len, all);
    ai->nwin = 0;
    memset(ai->cell_nwin, 0, sizeof ai->cell_nwin);
    for (int k = 0; k < total; k++) {
        int dead = 0;
        for (int i = 0; i < ai->len; i++)
            dead |= ai->owner[all[k][i]] < 0 && !linkable[all[k][i]];
        if (dead)
            continue;
        int w = ai->nwin++;
        ai->cnt[w][0] = ai->cnt[w][1] = 0;
        for (int i = 0; i < ai->len; i++) {
            int cell = all[k][i];
            ai->cell_win[cell][ai->cell_nwin[cell]++] = (int16_t)w;
            if (ai->owner[cell] >= 0)
                ai->cnt[w][ai->owner[cell]]++;
        }
    }
    /* A run with k cells of one player and none of the other is worth 8^(k-1). */
    ai->weight[0] = 0;
    for (int k = 1; k <= ai->len; k++)
        ai->weight[k] = k == 1 ? 1 : ai->weight[k - 1] * 8;
}

static void make(memory5d_ai *ai, int a, int b, int side)
{
    ai->owner[a] = ai->owner[b] = (int8_t)side;
    for (int i = 0; i < ai->cell_nwin[a]; i++)
        ai->cnt[ai->cell_win[a][i]][side]++;
    for (int i = 0; i < ai->cell_nwin[b]; i++)
        ai->cnt[ai->cell_win[b][i]][side]++;
}

static void unmake(memory5d_ai *ai, int a, int b, int side)
{
    ai->owner[a] = ai->owner[b] = MEMORY5D_UNCLAIMED;
    for (int i = 0; i < ai->cell_nwin[a]; i++)
        ai->cnt[ai->cell_win[a][i]][side]--;
    for (int i = 0; i < ai->cell_nwin[b]; i++)
        ai->cnt[ai->cell_win[b][i]][side]--;
}

/* After make(a, b, side): did side complete a run through a or b? */
static int made_line(const memory5d_ai *ai, int a, int b, int side)
{
    for (int i = 0; i < ai->cell_nwin[a]; i++)
        if (ai->cnt[ai->cell_win[a][i]][side] == ai->len)
            return 1;
    for (int i = 0; i < ai->cell_nwin[b]; i++)
        if (ai->cnt[ai->cell_win[b][i]][side] == ai->len)
            return 1;
    return 0;
}

static int wins(memory5d_ai *ai, int a, int b, int side)
{
    make(ai, a, b, side);
    int w = made_line(ai, a, b, side);
    unmake(ai, a, b, side);
    return w;
}

static int evaluate(const memory5d_ai *ai, int side)
{
    int score = 0;
    for (int w = 0; w < ai->nwin; w++) {
        int mine = ai->cnt[w][side], theirs = ai->cnt[w][1 - side];
        if (!theirs)
            score += ai->weight[mine];
        else if (!mine)
            score -= ai->weight[theirs];
    }
    return score;
}

/* Ordering key: extending own open runs and cutting the opponent's. */
static int move_key(const memory5d_ai *ai, int a, int b, int side)
{
    int key = 0;
    const int cells[2] = {a, b};
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < ai->cell_nwin[cells[k]]; i++) {
            int w = ai->cell_win[cells[k]][i];
            int mine = ai->cnt[w][side], theirs = ai->cnt[w][1 - side];
            if (!theirs)
                key += ai->weight[mine + 1];
            else if (!mine)
                key += ai->weight[theirs];
        }
    return key;
}

static uint64_t hash_of(const memory5d_ai *ai, int side)
{
    uint64_t h = side ? ai->zob_side : 0;
    for (int i = 0; i < ai->n * ai->n; i++)
        if (ai->owner[i] >= 0)
            h ^= ai->zob[i][ai->owner[i]];
    return h;
}

/* Stable sort of moves by key, highest first: equal keys keep their order, so every
 * ordering stays deterministic. Insertion sort: the lists are short and mostly sorted. */
static void sort_moves(int16_t *moves, int *keys, int count)
{
    for (int k = 1; k < count; k++) {
        int key = keys[k], j = k;
        int16_t m = moves[k];
        while (j > 0 && keys[j - 1] < key) {
            keys[j] = keys[j - 1];
            moves[j] = moves[j - 1];
            j--;
        }
        keys[j] = key;
        moves[j] = m;
    }
}

/* Available links ordered: the table's best first, then by move_key, then by index. */
static int gen_moves(const memory5d_ai *ai, int side, int tt_best, int16_t *moves)
{
    int keys[MAX_LINKS], count = 0;
    for (int i = 0; i < ai->nlinks; i++) {
        const memory5d_pair *p = &ai->links[i];
        if (ai->owner[p->a] >= 0 || ai->owner[p->b] >= 0)
            continue;
        keys[count] = i == tt_best ? INF : move_key(ai, p->a, p->b, side);
        moves[count++] = (int16_t)i;
    }
    sort_moves(moves, keys, count);
    return count;
}

/* side's one-move winning commands among the available links; their cells are marked in
 * hit when it is not NULL. */
static int threats(memory5d_ai *ai, int side, int8_t *hit)
{
    int count = 0;
    spend(ai, 4L * ai->nlinks); /* a wins() test per link: several window updates */
    for (int i = 0; i < ai->nlinks; i++) {
        int a = ai->links[i].a, b = ai->links[i].b;
        if (ai->owner[a] >= 0 || ai->owner[b] >= 0 || !wins(ai, a, b, side))
            continue;
        count++;
        if (!hit)
            return count;
        hit[a] = hit[b] = 1;
    }
    return count;
}

/* The horizon is judged only once the threats are settled: a side with a winning command
 * wins; a side facing threats must answer them, so only its links through a threatened
 * cell are searched (no standing pat), which is what finds forks and defends against them. */
static int quiesce(memory5d_ai *ai, int alpha, int beta, int side, int ply)
{
    ai->nodes++;
    if (spend(ai, 1))
        return 0;
    if (threats(ai, side, NULL))
        return WIN_SCORE - ply - 1;
    int8_t hit[MEMORY5D_MAX_CELLS] = {0};
    if (!threats(ai, 1 - side, hit) || ply >= MAX_PLY)
        return evaluate(ai, side);
    int best = -(WIN_SCORE - ply - 1); /* no answer: the opponent completes its line */
    for (int i = 0; i < ai->nlinks; i++) {
        const memory5d_pair *p = &ai->links[i];
        if (ai->owner[p->a] >= 0 || ai->owner[p->b] >= 0 || !(hit[p->a] || hit[p->b]))
            continue;
        make(ai, p->a, p->b, side);
        int score = -quiesce(ai, -beta, -alpha, 1 - side, ply + 1);
        unmake(ai, p->a, p->b, side);
        if (score > best)
            best = score;
        if (score > alpha)
            alpha = score;
        if (alpha >= beta)
            break;
    }
    return best;
}

static int negamax(memory5d_ai *ai, int depth, int alpha, int beta, int side, int ply,
                   uint64_t hash)
{
    ai->nodes++;
    if (spend(ai, 1 + ai->nlinks))
        return 0;
    int alpha0 = alpha;
    tt_entry *e = &ai->tt[hash & (((uint64_t)1 << TT_BITS) - 1)];
    int tt_best = -1;
    if (e->key == hash) {
        tt_best = e->best;
        if (e->depth >= depth) {
            if (e->flag == TT_EXACT)
                return e->score;
            if (e->flag == TT_LOWER && e->score > alpha)
                alpha = e->score;
            else if (e->flag == TT_UPPER && e->score < beta)
                beta = e->score;
            if (alpha >= beta)
                return e->score;
        }
    }
    int16_t moves[MAX_LINKS];
    int count = gen_moves(ai, side, tt_best, moves);
    /* No link left: the real match reweaves or draws; judge the position as it stands. */
    if (count == 0)
        return evaluate(ai, side);
    if (depth == 0)
        return quiesce(ai, alpha, beta, side, ply);
    int best = -INF, best_move = moves[0];
    for (int i = 0; i < count; i++) {
        const memory5d_pair *p = &ai->links[moves[i]];
        make(ai, p->a, p->b, side);
        int score;
        if (made_line(ai, p->a, p->b, side))
            score = WIN_SCORE - ply;
        else
            score = -negamax(ai, depth - 1, -beta, -alpha, 1 - side, ply + 1,
                             hash ^ ai->zob[p->a][side] ^ ai->zob[p->b][side] ^ ai->zob_side);
        unmake(ai, p->a, p->b, side);
        if (ai->aborted)
            return 0;
        if (score > best) {
            best = score;
            best_move = moves[i];
        }
        if (score > alpha)
            alpha = score;
        if (alpha >= beta)
            break;
    }
    e->key = hash;
    e->score = best;
    e->best = (int16_t)best_move;
    e->depth = (int8_t)depth;
    e->flag = best <= alpha0 ? TT_UPPER : best >= beta ? TT_LOWER : TT_EXACT;
    return best;
}

/* The guarantees come before any search: a win in one is taken; otherwise the candidates
 * are the links that leave the opponent the fewest winning commands (every link when it
 * has none). Returns the winning link, or -1 with the candidates in cand. */
static int root_candidates(memory5d_ai *ai, int side, int16_t *cand, int *ncand, int *forced)
{
    for (int i = 0; i < ai->nlinks; i++)
        if (wins(ai, ai->links[i].a, ai->links[i].b, side)) {
            *forced = 1;
            return i;
        }
    int16_t threats[MAX_LINKS];
    int nthreats = 0, fewest = MAX_LINKS + 1;
    for (int i = 0; i < ai->nlinks; i++)
        if (wins(ai, ai->links[i].a, ai->links[i].b, 1 - side))
            threats[nthreats++] = (int16_t)i;
    *ncand = 0;
    for (int i = 0; i < ai->nlinks; i++) {
        int a = ai->links[i].a, b = ai->links[i].b, left = 0;
        for (int t = 0; t < nthreats; t++) {
            const memory5d_pair *q = &ai->links[threats[t]];
            left += q->a != a && q->a != b && q->b != a && q->b != b;
        }
        if (left < fewest) {
            fewest = left;
            *ncand = 0;
        }
        if (left == fewest)
            cand[(*ncand)++] = (int16_t)i;
    }
    *forced = nthreats ? 2 : 0;
    return -1;
}

/* Iterative deepening over the candidates: each pass orders them by the previous pass's
 * scores; the heuristic order stands in when even the first pass cannot finish. Leaves
 * the choice in cand[0] and its score in *score; returns the deepest finished pass. */
static int deepen(memory5d_ai *ai, int side, int depth, int16_t *cand, int ncand, int *score)
{
    int scores[MAX_LINKS] = {0}, kept_scores[MAX_LINKS] = {0};
    int16_t kept[MAX_LINKS];
    for (int k = 0; k < ncand; k++)
        scores[k] = move_key(ai, ai->links[cand[k]].a, ai->links[cand[k]].b, side);
    sort_moves(cand, scores, ncand);
    uint64_t hash = hash_of(ai, side);
    int done = 0;
    for (int d = 1; d <= depth; d++) {
        memcpy(kept, cand, sizeof(int16_t) * (size_t)ncand);
        memcpy(kept_scores, scores, sizeof(int) * (size_t)ncand);
        int alpha = -INF;
        for (int k = 0; k < ncand && !ai->aborted; k++) {
            const memory5d_pair *p = &ai->links[cand[k]];
            make(ai, p->a, p->b, side);
            scores[k] = -negamax(ai, d - 1, -INF, -alpha, 1 - side, 1,
                                 hash ^ ai->zob[p->a][side] ^ ai->zob[p->b][side] ^ ai->zob_side);
            unmake(ai, p->a, p->b, side);
            if (scores[k] > alpha)
                alpha = scores[k];
        }
        if (ai->aborted) {
            memcpy(cand, kept, sizeof(int16_t) * (size_t)ncand);
            memcpy(scores, kept_scores, sizeof(int) * (size_t)ncand);
            break;
        }
        done = d;
        sort_moves(cand, scores, ncand);
        if (scores[0] >= WIN_SCORE - MAX_PLY)
            break; /* a forced win is found; deeper search cannot improve it */
    }
    *score = scores[0];
    return done;
}

int memory5d_ai_choose(memory5d_ai *ai, const memory5d_def *def, const memory5d_state *st,
                       int depth, memory5d_cmd *out, memory5d_ai_stats *stats)
{
    memory5d_ai_stats local;
    if (!stats)
        stats = &local;
    memset(stats, 0, sizeof *stats);
    if (depth <= 0)
        depth = def->cfg.presets[def->setup.difficulty].ai_depth;
    if (depth > MAX_PLY)
        depth = MAX_PLY;
    int side = st->turn;
    ai->n = st->size;
    ai->len = def->cfg.line_length;
    ai->nodes = 0;
    ai->work = 0;
    ai->aborted = 0;
    ai->budget = def->cfg.ai_work_budget;
    for (int i = 0; i < ai->n * ai->n; i++)
        ai->owner[i] = st->cells[i].owner;
    ai->nlinks = memory5d_links(st->cells, ai->n, ai->links, MAX_LINKS);
    if (ai->nlinks == 0 || st->status != MEMORY5D_PLAYING)
        return -1;
    build_windows(ai);
    memset(ai->tt, 0, sizeof *ai->tt << TT_BITS);

    int16_t cand[MAX_LINKS];
    int ncand = 0;
    int chosen = root_candidates(ai, side, cand, &ncand, &stats->forced);
    stats->depth = depth;
    if (chosen < 0 && ncand == 1)
        chosen = cand[0];
    if (chosen < 0) {
        stats->depth = deepen(ai, side, depth, cand, ncand, &stats->score);
        chosen = cand[0];
    }
    stats->nodes = ai->nodes;
    stats->cut = ai->aborted;
    stats->candidates = ncand ? ncand : 1;
    *out = (memory5d_cmd){.kind = MEMORY5D_CMD_LINK,
                          .player = side,
                          .cell = ai->links[chosen].a,
                          .cell2 = ai->links[chosen].b,
                          .power = MEMORY5D_NO_POWER,
                          .reason = 0,
                          .now_ms = st->last_ms};
    return 0;
}

int memory5d_ai_selfplay(memory5d_ai *ai, const memory5d_def *def, memory5d_state *st,
                         memory5d_log *log, int64_t think_ms, const int *depth,
                         memory5d_selfplay_stats *stats, char *err, size_t errlen)
{
    memset(stats, 0, sizeof *stats);
    while (st->status == MEMORY5D_PLAYING) {
        memory5d_cmd cmd;
        memory5d_ai_stats as;
        if (memory5d_ai_choose(ai, def, st, depth ? depth[st->turn] : 0, &cmd, &as) != 0) {
            snprintf(err, errlen, "no AI move after %d commands", stats->moves);
            return -1;
        }
        cmd.now_ms = st->last_ms + think_ms;
        memory5d_outcome out;
        int rc = memory5d_apply(def, st, log, &cmd, &out);
        if (rc != 1 || out.refusal != MEMORY5D_OK || out.ev[0].kind != MEMORY5D_EV_LINK) {
            snprintf(err, errlen, "AI link %d-%d refused (%s)", cmd.cell, cmd.cell2,
                     rc < 0 ? "out of memory" : memory5d_reason_names[out.refusal]);
            return -1;
        }
        stats->moves++;
        stats->nodes += as.nodes;
        stats->forced_wins += as.forced == 1;
        stats->forced_blocks += as.forced == 2;
    }
    return 0;
}
