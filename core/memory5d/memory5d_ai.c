/* Memory5D AI: reweave-aware negamax, alpha-beta, move ordering, Zobrist transposition table. */
#include "memory5d_ai.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memory5d_board.h"
#include "memory5d_score.h"
#include "rng.h"

enum {
    TT_BITS = 16,
    MAX_LINKS = MEMORY5D_MAX_CELLS * 5,
    MAX_WINDOWS = MEMORY5D_MAX_WINDOWS,
    CELL_WINDOWS = 4 * MEMORY5D_MAX_LINE,
    CELL_LINKS = 9,   /* eight neighbours and the center reflection */
    MAX_EPOCHS = 11,  /* the board as dealt and after each of at most 10 reweaves */
    DORMANT_SHIFT = 2, /* a run that needs a reweave to come alive counts a quarter */
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

/* The board between two reweaves: attributes (in the root's orientation), its links, and per
 * cell the links through it and how many of them are still available. */
typedef struct {
    memory5d_cell cells[MEMORY5D_MAX_CELLS];
    memory5d_pair links[MAX_LINKS];
    int nlinks, avail;
    int16_t cell_links[MEMORY5D_MAX_CELLS][CELL_LINKS];
    int8_t cell_nlinks[MEMORY5D_MAX_CELLS];
    int8_t deg[MEMORY5D_MAX_CELLS]; /* available links through an unclaimed cell */
    uint64_t key;                   /* which reweaves dealt it (0 for the root's board) */
} epoch;

struct memory5d_ai {
    tt_entry *tt;
    uint64_t zob[MEMORY5D_MAX_CELLS][MEMORY5D_PLAYERS];
    uint64_t zob_side;
    /* the match and the position being searched */
    const memory5d_def *def;
    int n, len, nwin;
    int reweaves0;   /* reweaves used before the root */
    int rotates;     /* the preset rotates the board after each round */
    int first_turn;  /* the first root-relative link after which a round completes */
    int ep;          /* current epoch: reweaves simulated on this path */
    epoch eps[MAX_EPOCHS];
    int8_t owner[MEMORY5D_MAX_CELLS];
    int16_t win_cells[MAX_WINDOWS][MEMORY5D_MAX_LINE];
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

/* splitmix64's finaliser: a well-mixed key from a position hash and a reweave number. */
static uint64_t mix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
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

static epoch *cur(memory5d_ai *ai)
{
    return &ai->eps[ai->ep];
}

/* Links, links per cell and availability of an epoch whose cells are set, for the owners now. */
static void build_epoch(memory5d_ai *ai, epoch *e)
{
    int n = ai->n;
    for (int i = 0; i < n * n; i++)
        e->cells[i].owner = ai->owner[i];
    e->nlinks = memory5d_links(e->cells, n, e->links, MAX_LINKS);
    e->avail = e->nlinks; /* memory5d_links lists only links between unclaimed cells */
    memset(e->cell_nlinks, 0, sizeof e->cell_nlinks);
    memset(e->deg, 0, sizeof e->deg);
    for (int l = 0; l < e->nlinks; l++) {
        int a = e->links[l].a, b = e->links[l].b;
        e->cell_links[a][e->cell_nlinks[a]++] = (int16_t)l;
        e->cell_links[b][e->cell_nlinks[b]++] = (int16_t)l;
        e->deg[a]++;
        e->deg[b]++;
    }
}

/* Every run of len cells, and for each cell the runs through it. All runs count: a cell no
 * link reaches now may be dealt one by a reweave. */
static void build_windows(memory5d_ai *ai)
{
    ai->nwin = memory5d_windows(ai->n, ai->len, ai->win_cells);
    memset(ai->cell_nwin, 0, sizeof ai->cell_nwin);
    for (int w = 0; w < ai->nwin; w++) {
        ai->cnt[w][0] = ai->cnt[w][1] = 0;
        for (int i = 0; i < ai->len; i++) {
            int cell = ai->win_cells[w][i];
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

/* Claims or releases one cell: run counts and the availability of the links through it. */
static void claim(memory5d_ai *ai, int cell, int side)
{
    epoch *e = cur(ai);
    for (int i = 0; i < e->cell_nlinks[cell]; i++) {
        const memory5d_pair *p = &e->links[e->cell_links[cell][i]];
        int other = p->a == cell ? p->b : p->a;
        if (ai->owner[other] < 0) {
            e->deg[other]--;
            e->avail--;
        }
    }
    ai->owner[cell] = (int8_t)side;
    for (int i = 0; i < ai->cell_nwin[cell]; i++)
        ai->cnt[ai->cell_win[cell][i]][side]++;
}

static void release(memory5d_ai *ai, int cell, int side)
{
    epoch *e = cur(ai);
    ai->owner[cell] = MEMORY5D_UNCLAIMED;
    for (int i = 0; i < ai->cell_nwin[cell]; i++)
        ai->cnt[ai->cell_win[cell][i]][side]--;
    for (int i = 0; i < e->cell_nlinks[cell]; i++) {
        const memory5d_pair *p = &e->links[e->cell_links[cell][i]];
        int other = p->a == cell ? p->b : p->a;
        if (ai->owner[other] < 0) {
            e->deg[other]++;
            e->avail++;
        }
    }
}

static void make(memory5d_ai *ai, int a, int b, int side)
{
    claim(ai, a, side);
    claim(ai, b, side);
}

static void unmake(memory5d_ai *ai, int a, int b, int side)
{
    release(ai, b, side);
    release(ai, a, side);
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

/* Clockwise quarter turns the core has made, relative to the root, before the link at ply
 * (0 = the root's link): a round completes after links first_turn, first_turn + 2, ... */
static int turns_before(const memory5d_ai *ai, int ply)
{
    if (!ai->rotates || ply <= ai->first_turn)
        return 0;
    return (ply - ai->first_turn + 1) / 2;
}

/* The link at link_ply (0 = the root's) left no link: the core reweaves the unclaimed cells in the orientation the
 * board has then (reweave k draws them in row-major order), checking after each, and draws
 * when no route or no reweave is left. Simulated through the core's own functions; pushes
 * one epoch per reweave (*pushed) and returns 1 for a draw. */
static int settle_exhaustion(memory5d_ai *ai, int link_ply, int *pushed)
{
    const memory5d_def *def = ai->def;
    int n = ai->n, turns = turns_before(ai, link_ply) % 4;
    *pushed = 0;
    while (cur(ai)->avail == 0) {
        epoch *from = cur(ai);
        memory5d_cell cells[MEMORY5D_MAX_CELLS];
        memcpy(cells, from->cells, sizeof(memory5d_cell) * (size_t)(n * n));
        for (int i = 0; i < n * n; i++)
            cells[i].owner = ai->owner[i];
        int k = ai->reweaves0 + ai->ep + 1;
        if (!memory5d_any_route(cells, n) || k > def->cfg.reweave_limit ||
            ai->ep + 1 >= MAX_EPOCHS)
            return 1;
        spend(ai, 8L * n * n);
        for (int t = 0; t < turns; t++)
            memory5d_rotate_cw(cells, n);
        memory5d_reweave(&def->cfg, &def->board, def->setup.seed, k, cells, n);
        for (int t = 0; t < (4 - turns) % 4; t++)
            memory5d_rotate_cw(cells, n);
        epoch *to = &ai->eps[++ai->ep];
        memcpy(to->cells, cells, sizeof(memory5d_cell) * (size_t)(n * n));
        build_epoch(ai, to);
        uint64_t h = from->key ^ (uint64_t)k;
        for (int i = 0; i < n * n; i++)
            if (ai->owner[i] >= 0)
                h ^= ai->zob[i][0];
        to->key = mix64(h);
        ++*pushed;
    }
    return 0;
}

/* Runs of one player only, by what survives a reweave: claimed cells count; a run whose
 * unclaimed cells all have an available link is live, one that needs a reweave to reach a
 * cell is dormant (a quarter, and nothing once no reweave is left). */
static int evaluate(memory5d_ai *ai, int side)
{
    const epoch *e = cur(ai);
    int revive = ai->reweaves0 + ai->ep < ai->def->cfg.reweave_limit, score = 0;
    for (int w = 0; w < ai->nwin; w++) {
        int mine = ai->cnt[w][side], theirs = ai->cnt[w][1 - side];
        if ((mine && theirs) || (!mine && !theirs))
            continue;
        int v = ai->weight[mine + theirs], live = 1;
        for (int i = 0; i < ai->len && live; i++) {
            int cell = ai->win_cells[w][i];
            live = ai->owner[cell] >= 0 || e->deg[cell] > 0;
        }
        if (!live) {
            if (!revive)
                continue;
            v >>= DORMANT_SHIFT;
        }
        score += mine ? v : -v;
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

/* Available links of the current epoch ordered: the table's best first, then by move_key,
 * then by index. */
static int gen_moves(memory5d_ai *ai, int side, int tt_best, int16_t *moves)
{
    const epoch *e = cur(ai);
    int keys[MAX_LINKS], count = 0;
    for (int i = 0; i < e->nlinks; i++) {
        const memory5d_pair *p = &e->links[i];
        if (ai->owner[p->a] >= 0 || ai->owner[p->b] >= 0)
            continue;
        keys[count] = i == tt_best ? INF : move_key(ai, p->a, p->b, side);
        moves[count++] = (int16_t)i;
    }
    sort_moves(moves, keys, count);
    return count;
}

/* Whether side has a one-move winning command among the available links; with hit, every
 * cell of every such command is marked. A winning link completes a run that already holds
 * len - 1 of side's cells (any available link through its gap) or len - 2 (its two gaps,
 * when they are an available link), so the scan is over runs, not links. */
static int threats(memory5d_ai *ai, int side, int8_t *hit)
{
    const epoch *e = cur(ai);
    int found = 0;
    spend(ai, 4L * e->nlinks); /* charged as the link-by-link scan it replaces */
    for (int w = 0; w < ai->nwin; w++) {
        int mine = ai->cnt[w][side];
        if (mine < ai->len - 2 || ai->cnt[w][1 - side])
            continue;
        int gap[2], ngap = 0;
        for (int i = 0; i < ai->len; i++)
            if (ai->owner[ai->win_cells[w][i]] < 0)
                gap[ngap++] = ai->win_cells[w][i];
        for (int i = 0; i < e->cell_nlinks[gap[0]]; i++) {
            const memory5d_pair *p = &e->links[e->cell_links[gap[0]][i]];
            int other = p->a == gap[0] ? p->b : p->a;
            if (ai->owner[other] >= 0 || (ngap == 2 && other != gap[1]))
                continue;
            if (!hit)
                return 1;
            found = 1;
            hit[gap[0]] = hit[other] = 1;
        }
    }
    return found;
}

static int negamax(memory5d_ai *ai, int depth, int alpha, int beta, int side, int ply,
                   uint64_t hash);

/* The horizon is judged only once the threats are settled: a side with a winning command
 * wins; a side facing threats must answer them, so only its links through a threatened
 * cell are searched (no standing pat), which is what finds forks and defends against them. */
static int quiesce(memory5d_ai *ai, int alpha, int beta, int side, int ply)
{
    ai->nodes++;
    if (spend(ai, 1))
        return 0;
    if (cur(ai)->avail == 0) {
        int pushed, score = 0;
        if (!settle_exhaustion(ai, ply - 1, &pushed))
            score = quiesce(ai, alpha, beta, side, ply);
        ai->ep -= pushed;
        return score;
    }
    if (threats(ai, side, NULL))
        return WIN_SCORE - ply - 1;
    int8_t hit[MEMORY5D_MAX_CELLS] = {0};
    if (!threats(ai, 1 - side, hit) || ply >= MAX_PLY)
        return evaluate(ai, side);
    int best = -(WIN_SCORE - ply - 1); /* no answer: the opponent completes its line */
    const epoch *e = cur(ai);
    for (int i = 0; i < e->nlinks; i++) {
        int a = e->links[i].a, b = e->links[i].b;
        if (ai->owner[a] >= 0 || ai->owner[b] >= 0 || !(hit[a] || hit[b]))
            continue;
        make(ai, a, b, side);
        int score = -quiesce(ai, -beta, -alpha, 1 - side, ply + 1);
        unmake(ai, a, b, side);
        if (score > best)
            best = score;
        if (score > alpha)
            alpha = score;
        if (alpha >= beta)
            break;
    }
    return best;
}

/* hash: ownership, side to move and the epoch's key. A node with no link left is the
 * reweave (or draw) the previous link caused; it costs no depth. */
static int negamax(memory5d_ai *ai, int depth, int alpha, int beta, int side, int ply,
                   uint64_t hash)
{
    ai->nodes++;
    if (spend(ai, 1 + cur(ai)->nlinks))
        return 0;
    if (cur(ai)->avail == 0) {
        uint64_t before = cur(ai)->key;
        int pushed, score = 0; /* a draw */
        if (!settle_exhaustion(ai, ply - 1, &pushed))
            score = negamax(ai, depth, alpha, beta, side, ply, hash ^ before ^ cur(ai)->key);
        ai->ep -= pushed;
        return score;
    }
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
    if (depth == 0)
        return quiesce(ai, alpha, beta, side, ply);
    int16_t moves[MAX_LINKS];
    int count = gen_moves(ai, side, tt_best, moves);
    int best = -INF, best_move = moves[0];
    for (int i = 0; i < count; i++) {
        const memory5d_pair *p = &cur(ai)->links[moves[i]];
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

/* Index of the link (a, b) in the root epoch (both lists come from memory5d_links). */
static int root_index(memory5d_ai *ai, memory5d_pair p)
{
    const epoch *e = &ai->eps[0];
    for (int i = 0; i < e->nlinks; i++)
        if (e->links[i].a == p.a && e->links[i].b == p.b)
            return i;
    return -1;
}

/* The guarantees come before any search, with the scoring module's definition of a one-move
 * winning command: a win in one is taken; otherwise the candidates are the links that leave
 * the opponent the fewest winning commands (every link when it has none). Returns the
 * winning link, or -1 with the candidates in cand. */
static int root_candidates(memory5d_ai *ai, const memory5d_state *st, int side, int16_t *cand,
                           int *ncand, int *forced)
{
    memory5d_pair threat[MAX_LINKS];
    const epoch *e = &ai->eps[0];
    memory5d_pair win;
    if (memory5d_winning_commands(st->cells, ai->n, ai->len, side, &win, 1) > 0) {
        *forced = 1;
        return root_index(ai, win);
    }
    int nthreats =
        memory5d_winning_commands(st->cells, ai->n, ai->len, 1 - side, threat, MAX_LINKS);
    int fewest = MAX_LINKS + 1;
    *ncand = 0;
    for (int i = 0; i < e->nlinks; i++) {
        int a = e->links[i].a, b = e->links[i].b, left = 0;
        for (int t = 0; t < nthreats; t++)
            left += threat[t].a != a && threat[t].a != b && threat[t].b != a && threat[t].b != b;
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
 * scores (and the table keeps its entries across passes, reweaves included); the heuristic
 * order stands in when even the first pass cannot finish. Leaves the choice in cand[0] and
 * its score in *score; returns the deepest finished pass. */
static int deepen(memory5d_ai *ai, int side, int depth, int16_t *cand, int ncand, int *score)
{
    int scores[MAX_LINKS] = {0}, kept_scores[MAX_LINKS] = {0};
    int16_t kept[MAX_LINKS];
    const epoch *e = &ai->eps[0];
    for (int k = 0; k < ncand; k++)
        scores[k] = move_key(ai, e->links[cand[k]].a, e->links[cand[k]].b, side);
    sort_moves(cand, scores, ncand);
    uint64_t hash = hash_of(ai, side);
    int done = 0;
    for (int d = 1; d <= depth; d++) {
        memcpy(kept, cand, sizeof(int16_t) * (size_t)ncand);
        memcpy(kept_scores, scores, sizeof(int) * (size_t)ncand);
        int alpha = -INF;
        for (int k = 0; k < ncand && !ai->aborted; k++) {
            const memory5d_pair *p = &e->links[cand[k]];
            make(ai, p->a, p->b, side);
            if (made_line(ai, p->a, p->b, side))
                scores[k] = WIN_SCORE;
            else
                scores[k] = -negamax(ai, d - 1, -INF, -alpha, 1 - side, 1,
                                     hash ^ ai->zob[p->a][side] ^ ai->zob[p->b][side] ^
                                         ai->zob_side);
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

/* The root position: owners, the board as it stands (epoch 0), the rotation schedule and a
 * fresh work budget. */
static void load(memory5d_ai *ai, const memory5d_def *def, const memory5d_state *st)
{
    ai->def = def;
    ai->n = st->size;
    ai->len = def->cfg.line_length;
    ai->reweaves0 = st->reweaves;
    ai->rotates = def->cfg.presets[def->setup.difficulty].rotation;
    /* The round completes with the root's link when the other player has already played. */
    ai->first_turn = (st->round_mask | 1 << st->turn) == (1 << MEMORY5D_PLAYERS) - 1 ? 0 : 1;
    ai->ep = 0;
    for (int i = 0; i < ai->n * ai->n; i++)
        ai->owner[i] = st->cells[i].owner;
    memcpy(ai->eps[0].cells, st->cells, sizeof(memory5d_cell) * (size_t)(ai->n * ai->n));
    build_epoch(ai, &ai->eps[0]);
    ai->eps[0].key = 0;
    build_windows(ai);
    ai->nodes = 0;
    ai->work = 0;
    ai->aborted = 0;
    ai->budget = def->cfg.ai_work_budget;
}

int memory5d_ai_predict(memory5d_ai *ai, const memory5d_def *def, const memory5d_state *st,
                        const memory5d_pair *links, int count, memory5d_cell *cells,
                        int *reweaves)
{
    load(ai, def, st);
    ai->budget = LONG_MAX; /* a model, not a search: nothing to cut */
    int side = st->turn, status = MEMORY5D_PLAYING;
    for (int i = 0; i < count && status == MEMORY5D_PLAYING; i++, side = 1 - side) {
        int a = links[i].a, b = links[i].b;
        if (a < 0 || b < 0 || a >= ai->n * ai->n || b >= ai->n * ai->n || ai->owner[a] >= 0 ||
            ai->owner[b] >= 0 || memory5d_link_check(cur(ai)->cells, ai->n, a, b, 0) != MEMORY5D_OK)
            return -1;
        make(ai, a, b, side);
        int pushed;
        if (made_line(ai, a, b, side))
            status = MEMORY5D_WON;
        else if (settle_exhaustion(ai, i, &pushed))
            status = MEMORY5D_DRAW;
    }
    memcpy(cells, cur(ai)->cells, sizeof(memory5d_cell) * (size_t)(ai->n * ai->n));
    for (int i = 0; i < ai->n * ai->n; i++)
        cells[i].owner = ai->owner[i];
    *reweaves = ai->reweaves0 + ai->ep;
    return status;
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
    if (st->status != MEMORY5D_PLAYING)
        return -1;
    int side = st->turn;
    load(ai, def, st);
    if (ai->eps[0].nlinks == 0)
        return -1;
    memset(ai->tt, 0, sizeof *ai->tt << TT_BITS);

    int16_t cand[MAX_LINKS];
    int ncand = 0;
    int chosen = root_candidates(ai, st, side, cand, &ncand, &stats->forced);
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
                          .cell = ai->eps[0].links[chosen].a,
                          .cell2 = ai->eps[0].links[chosen].b,
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
