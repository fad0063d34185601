/* Compass Shift reverse construction: a known forward order built backward, then verified. */
#include "compass_gen.h"

#include <stdio.h>
#include <string.h>

#include "compass_canon.h"
#include "compass_evidence.h"
#include "compass_metrics.h"
#include "compass_solve.h"
#include "rng.h"

const char *compass_gen_status_name(compass_gen_status s)
{
    switch (s) {
    case COMPASS_GEN_OK: return "ok";
    case COMPASS_GEN_NO_PLACEMENT: return "no-placement";
    case COMPASS_GEN_NO_SCHEDULE: return "no-schedule";
    case COMPASS_GEN_REPLAY_FAILED: return "replay-failed";
    case COMPASS_GEN_NO_WALL_WITNESS: return "no-wall-witness";
    case COMPASS_GEN_NO_SCHEDULE_WITNESS: return "no-schedule-witness";
    case COMPASS_GEN_IDLE_APERTURE: return "idle-aperture";
    case COMPASS_GEN_MIXED_UNUSED: return "mixed-unused";
    case COMPASS_GEN_UNSOLVED: return "unsolved";
    case COMPASS_GEN_NO_WRONG_MOVE: return "no-wrong-move";
    case COMPASS_GEN_FEW_DECISIONS: return "few-decisions";
    }
    return "?";
}

static const int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, 1, 0, -1};

static int lane_of(compass_dir side, int row, int col)
{
    return side == COMPASS_N || side == COMPASS_S ? col : row;
}

/* A lane's schedule as the expected releases have claimed it so far: kind and open phases. */
typedef struct {
    int used;
    compass_aperture_kind kind;
    unsigned mask;
} lane_claim;

static unsigned port_pair(int phase) { return phase % 2 == 0 ? 0x5u : 0xAu; }

/* The schedule a release at phase p needs from a lane of the given kind. */
static unsigned needed_mask(compass_aperture_kind kind, int p)
{
    return kind == COMPASS_APERTURE_WINDOW ? 1u << p
         : kind == COMPASS_APERTURE_PORT   ? port_pair(p)
                                           : 0xFu;
}

/* Step 4's constraint, applied while placing: a claimed lane keeps one kind and one valid
 * schedule (a window one phase, a port one opposite pair), so each lane serves only the
 * releases its schedule lets through. Returns the kind the release would use, or -1. */
static int lane_accepts(const lane_claim *c, unsigned features, int p, compass_aperture_kind fresh)
{
    if (!(features & (COMPASS_FEATURE_WINDOWS | COMPASS_FEATURE_PORTS)))
        return COMPASS_APERTURE_PLAIN;
    if (!c->used)
        return (int)fresh;
    return c->mask == needed_mask(c->kind, p) ? (int)c->kind : -1;
}

typedef struct {
    int row, col;
    compass_dir dir;
    int blocks; /* the cell lies on the known ray of a later release */
} candidate;

/* Steps 1-4: walls, then arrows from the last release backward, then apertures. */
compass_gen_status compass_gen_construct(uint32_t seed, int i, int count, int attempt,
                                         compass_level *out, compass_gen_step *steps_out)
{
    compass_plan_entry plan = compass_plan_entry_at(i);
    uint32_t cseed = compass_construction_seed(seed, i, attempt);
    rng_t rng;
    rng_seed(&rng, cseed);

    compass_level *l = out;
    memset(l, 0, sizeof *l);
    l->rows = plan.rows;
    l->cols = plan.cols;
    l->initial_phase = 0;
    compass_level_id(i, count, l->id, sizeof l->id);
    snprintf(l->pattern, sizeof l->pattern, "%s", compass_pattern_name(plan.pattern));
    snprintf(l->family, sizeof l->family, "%s", compass_family_name(plan.family));
    l->index = plan.index;
    l->tier = plan.tier;
    l->has_construction = 1;
    l->construction_seed = cseed;
    l->construction_attempt = attempt;

    /* Walls come first: they are static, and step 3 keeps every known ray clear of them. A
     * 4x4 board takes 2-3 walls and a 5x5 board 3-4, enough to cut channels without
     * leaving too few clear rays. */
    if (plan.features & COMPASS_FEATURE_WALLS) {
        int walls = (plan.rows == 4 ? 2 : 3) + (int)rng_pick(&rng, 2);
        for (int w = 0; w < walls;) {
            int cell = (int)rng_pick(&rng, (uint32_t)(plan.rows * plan.cols));
            int r = cell / plan.cols, c = cell % plan.cols;
            if (!l->wall[r][c]) {
                l->wall[r][c] = 1;
                w++;
            }
        }
    }

    int n = plan.arrows;
    int occupied[COMPASS_MAX_SIDE][COMPASS_MAX_SIDE] = {{0}};
    int on_known_ray[COMPASS_MAX_SIDE][COMPASS_MAX_SIDE] = {{0}};
    lane_claim claims[4][COMPASS_MAX_SIDE];
    memset(claims, 0, sizeof claims);
    compass_gen_step steps[COMPASS_MAX_ARROWS];
    int cell_row[COMPASS_MAX_ARROWS], cell_col[COMPASS_MAX_ARROWS];
    int have_window = 0, have_port = 0;
    int mixed =
        (plan.features & COMPASS_FEATURE_WINDOWS) && (plan.features & COMPASS_FEATURE_PORTS);

    for (int step = n - 1; step >= 0; step--) {
        int p = step % 4;
        /* A lane not yet claimed takes the family's aperture type; a mixed family takes the
         * type it lacks so far, then either, so both types are present. */
        compass_aperture_kind fresh =
            (plan.features & COMPASS_FEATURE_WINDOWS) ? COMPASS_APERTURE_WINDOW
            : (plan.features & COMPASS_FEATURE_PORTS) ? COMPASS_APERTURE_PORT
                                                      : COMPASS_APERTURE_PLAIN;
        if (mixed) {
            if (have_window && !have_port)
                fresh = COMPASS_APERTURE_PORT;
            else if (have_window == have_port)
                fresh = rng_pick(&rng, 2) ? COMPASS_APERTURE_PORT : COMPASS_APERTURE_WINDOW;
        }
        candidate cands[COMPASS_MAX_SIDE * COMPASS_MAX_SIDE * 4];
        int nc = 0, nblocking = 0;
        for (int r = 0; r < plan.rows; r++)
            for (int c = 0; c < plan.cols; c++) {
                if (l->wall[r][c] || occupied[r][c])
                    continue;
                for (int d = 0; d < 4; d++) {
                    int rr = r + dr[d], cc = c + dc[d], clear = 1;
                    for (; rr >= 0 && rr < plan.rows && cc >= 0 && cc < plan.cols;
                         rr += dr[d], cc += dc[d])
                        if (l->wall[rr][cc] || occupied[rr][cc]) {
                            clear = 0;
                            break;
                        }
                    if (!clear)
                        continue;
                    if (lane_accepts(&claims[d][lane_of((compass_dir)d, r, c)], plan.features, p,
                                     fresh) < 0)
                        continue;
                    cands[nc] = (candidate){r, c, (compass_dir)d, on_known_ray[r][c]};
                    nblocking += cands[nc].blocks;
                    nc++;
                }
            }
        if (nc == 0)
            return COMPASS_GEN_NO_PLACEMENT;
        /* Two times in three, prefer a cell on a later release's known ray: the new arrow then
         * has to leave first, which is what makes the order matter. */
        int want_blocking = nblocking > 0 && rng_pick(&rng, 3) < 2;
        int dirs_present[4] = {0}, ndirs = 0;
        for (int k = 0; k < nc; k++)
            if (!want_blocking || cands[k].blocks)
                dirs_present[cands[k].dir] = 1;
        for (int d = 0; d < 4; d++)
            ndirs += dirs_present[d];
        int pick_dir = (int)rng_pick(&rng, (uint32_t)ndirs), dir = 0;
        for (int d = 0; d < 4; d++)
            if (dirs_present[d] && pick_dir-- == 0) {
                dir = d;
                break;
            }
        int pool = 0;
        for (int k = 0; k < nc; k++)
            pool += (int)cands[k].dir == dir && (!want_blocking || cands[k].blocks);
        int pick = (int)rng_pick(&rng, (uint32_t)pool);
        candidate chosen = cands[0];
        for (int k = 0; k < nc; k++)
            if ((int)cands[k].dir == dir && (!want_blocking || cands[k].blocks) && pick-- == 0) {
                chosen = cands[k];
                break;
            }

        int lane = lane_of(chosen.dir, chosen.row, chosen.col);
        lane_claim *claim = &claims[chosen.dir][lane];
        compass_aperture_kind kind =
            (compass_aperture_kind)lane_accepts(claim, plan.features, p, fresh);
        if (!claim->used) {
            claim->used = 1;
            claim->kind = kind;
            claim->mask = needed_mask(kind, p);
            have_window |= kind == COMPASS_APERTURE_WINDOW;
            have_port |= kind == COMPASS_APERTURE_PORT;
        }
        occupied[chosen.row][chosen.col] = 1;
        for (int rr = chosen.row + dr[chosen.dir], cc = chosen.col + dc[chosen.dir];
             rr >= 0 && rr < plan.rows && cc >= 0 && cc < plan.cols; rr += dr[chosen.dir],
                 cc += dc[chosen.dir])
            on_known_ray[rr][cc] = 1;
        cell_row[step] = chosen.row;
        cell_col[step] = chosen.col;
        steps[step] = (compass_gen_step){-1, p, chosen.dir, chosen.dir, lane, kind};
    }
    if (mixed && !(have_window && have_port))
        return COMPASS_GEN_NO_SCHEDULE;

    /* Arrows are stored in reading order with ids a1..aN, so the file's arrow order says
     * nothing about the release order; the reverse solution maps steps to indices. */
    l->arrow_count = 0;
    for (int r = 0; r < plan.rows; r++)
        for (int c = 0; c < plan.cols; c++)
            for (int step = 0; step < n; step++)
                if (cell_row[step] == r && cell_col[step] == c) {
                    compass_arrow *a = &l->arrows[l->arrow_count];
                    snprintf(a->id, sizeof a->id, "a%d", l->arrow_count + 1);
                    a->row = r;
                    a->col = c;
                    /* Inverse rotation: effective = (base + phase) & 3. */
                    a->dir = (compass_dir)((steps[step].dir - steps[step].phase + 4) & 3);
                    steps[step].arrow = l->arrow_count++;
                }
    l->reverse_len = n;
    for (int step = 0; step < n; step++)
        l->reverse_solution[step] = steps[step].arrow;

    /* Step 4: each claimed lane becomes one aperture, in side-then-lane order. Unclaimed
     * lanes may get decoys: a plain-exit family (no schedule to derive) opens each with
     * probability one half, a schedule family puts one of its types with a random valid
     * schedule on each with probability one third. Extra apertures only add legal releases,
     * so the known order still wins, and they give the board real choices and dead ends
     * instead of one forced sequence. compass_gen_verify drops decoys no ray ever reaches. */
    int plain_family = !(plan.features & (COMPASS_FEATURE_WINDOWS | COMPASS_FEATURE_PORTS));
    l->aperture_count = 0;
    for (int side = 0; side < 4; side++) {
        int lanes = side == COMPASS_N || side == COMPASS_S ? plan.cols : plan.rows;
        for (int lane = 0; lane < lanes; lane++) {
            const lane_claim *c = &claims[side][lane];
            if (c->used)
                l->apertures[l->aperture_count++] =
                    (compass_aperture){(compass_dir)side, lane, c->kind, c->mask};
            else if (plain_family && rng_pick(&rng, 2))
                l->apertures[l->aperture_count++] =
                    (compass_aperture){(compass_dir)side, lane, COMPASS_APERTURE_PLAIN, 0xFu};
            else if (!plain_family && rng_pick(&rng, 3) == 0) {
                compass_aperture_kind kind =
                    !(plan.features & COMPASS_FEATURE_PORTS)     ? COMPASS_APERTURE_WINDOW
                    : !(plan.features & COMPASS_FEATURE_WINDOWS) ? COMPASS_APERTURE_PORT
                    : rng_pick(&rng, 2)                         ? COMPASS_APERTURE_PORT
                                                                 : COMPASS_APERTURE_WINDOW;
                l->apertures[l->aperture_count++] = (compass_aperture){
                    (compass_dir)side, lane, kind, needed_mask(kind, (int)rng_pick(&rng, 4))};
            }
        }
    }
    if (steps_out)
        memcpy(steps_out, steps, sizeof *steps * (size_t)n);
    return COMPASS_GEN_OK;
}

static int known_order_wins(const compass_level *l)
{
    return compass_replay_wins(l, l->reverse_solution, l->reverse_len);
}

/* Keeps apertures in side-then-lane order, the order construction writes them in, so a
 * witness aperture lands where a reader expects it. */
static void sort_apertures(compass_level *l)
{
    for (int i = 1; i < l->aperture_count; i++)
        for (int j = i; j > 0; j--) {
            compass_aperture *a = &l->apertures[j - 1], *b = &l->apertures[j];
            if (a->side < b->side || (a->side == b->side && a->lane <= b->lane))
                break;
            compass_aperture t = *a;
            *a = *b;
            *b = t;
        }
}

/* Step 4's witness exit, one mechanism for every mechanic that lacks a witness. Along the
 * known order, the first (state, arrow) whose ray reaches a closed lane (walls ignored for a
 * wall witness, whose arrow must then be blocked by a wall) gets an aperture on that lane:
 * a plain exit, so the wall decides that release; or a window or port open only in phases
 * other than that state's, so the schedule blocks it and the relaxed schedule lets it out.
 * Only ever adds an exit, so the known order stays legal. 0 when added, -1 when none fits. */
static int add_witness_exit(compass_level *l, compass_aperture_kind kind)
{
    unsigned relax = kind == COMPASS_APERTURE_PLAIN ? COMPASS_RELAX_WALLS : 0;
    compass_release_status reason = relax ? COMPASS_BLOCKED_WALL : COMPASS_BLOCKED_CLOSED_EDGE;
    compass_state s = compass_initial_state(l);
    for (int k = 0; k < l->reverse_len; k++) {
        for (int a = 0; a < l->arrow_count; a++) {
            if (compass_release(l, &s, a, NULL).status != reason)
                continue;
            compass_release_result r = compass_release_relaxed(l, &s, a, relax, NULL);
            if (r.status != COMPASS_BLOCKED_CLOSED_EDGE ||
                l->aperture_count >= 4 * COMPASS_MAX_SIDE)
                continue;
            unsigned mask = kind == COMPASS_APERTURE_WINDOW ? 1u << ((s.phase + 2) % 4)
                          : kind == COMPASS_APERTURE_PORT   ? port_pair(s.phase + 1)
                                                            : 0xFu;
            l->apertures[l->aperture_count++] =
                (compass_aperture){r.exit_side, r.exit_lane, kind, mask};
            return 0;
        }
        compass_state next;
        if (compass_release(l, &s, l->reverse_solution[k], &next).status != COMPASS_RELEASED)
            return -1;
        s = next;
    }
    return -1;
}

/* Removes windows and ports that res says no reachable ray meets; 1 when any was removed.
 * The known order's own lanes are always met (it releases through them). */
static int drop_unreached_decoys(compass_level *l, const compass_solve_result *res)
{
    int kept = 0;
    for (int k = 0; k < l->aperture_count; k++)
        if (l->apertures[k].kind == COMPASS_APERTURE_PLAIN || res->aperture_reached[k])
            l->apertures[kept++] = l->apertures[k];
    int dropped = kept != l->aperture_count;
    l->aperture_count = kept;
    return dropped;
}

static int has_kind(const compass_level *l, compass_aperture_kind kind)
{
    for (int k = 0; k < l->aperture_count; k++)
        if (l->apertures[k].kind == kind)
            return 1;
    return 0;
}

compass_gen_status compass_gen_verify(compass_level *l)
{
    compass_solve_result res;
    compass_solve_opts opts = {0};
    if (!known_order_wins(l))
        return COMPASS_GEN_REPLAY_FAILED;
    int added[3] = {0}; /* witness exits added, by aperture kind (plain = wall witness) */
    for (;;) {
        if (compass_solve(l, &opts, &res) != COMPASS_SOLVE_DONE || !res.solvable)
            return COMPASS_GEN_UNSOLVED;
        /* A decoy window or port that no ray from any reachable state meets changes nothing:
         * dropping it leaves every transition as it was, and no idle schedule is written. */
        if (drop_unreached_decoys(l, &res))
            continue;
        int need_window = has_kind(l, COMPASS_APERTURE_WINDOW) && !res.window_impact.found;
        int need_port = has_kind(l, COMPASS_APERTURE_PORT) && !res.port_impact.found;
        int need_wall = compass_wall_count(l) > 0 && !res.wall_impact.found;
        if (!need_window && !need_port && !need_wall)
            break;
        /* At most one witness per mechanic; a witness that a later addition undoes fails the
         * attempt rather than looping. */
        compass_aperture_kind kind = need_wall     ? COMPASS_APERTURE_PLAIN
                                     : need_window ? COMPASS_APERTURE_WINDOW
                                                   : COMPASS_APERTURE_PORT;
        if (added[kind]++ || add_witness_exit(l, kind) != 0)
            return need_wall ? COMPASS_GEN_NO_WALL_WITNESS : COMPASS_GEN_NO_SCHEDULE_WITNESS;
        sort_apertures(l);
        if (!known_order_wins(l))
            return COMPASS_GEN_REPLAY_FAILED;
    }
    for (int k = 0; k < l->aperture_count; k++)
        if (l->apertures[k].kind != COMPASS_APERTURE_PLAIN && !res.aperture_reached[k])
            return COMPASS_GEN_IDLE_APERTURE;
    if (has_kind(l, COMPASS_APERTURE_WINDOW) && has_kind(l, COMPASS_APERTURE_PORT)) {
        int used[3] = {0};
        compass_state s = compass_initial_state(l);
        for (int k = 0; k < res.solution_len; k++) {
            compass_state next;
            compass_release_result r = compass_release(l, &s, res.solution[k], &next);
            if (r.status != COMPASS_RELEASED)
                return COMPASS_GEN_UNSOLVED;
            used[l->apertures[r.aperture].kind] = 1;
            s = next;
        }
        if (!used[COMPASS_APERTURE_WINDOW] || !used[COMPASS_APERTURE_PORT])
            return COMPASS_GEN_MIXED_UNUSED;
    }
    return COMPASS_GEN_OK;
}

int compass_gen_identity(const compass_level *l, char *hash, size_t hashlen, char *sig,
                         size_t siglen)
{
    compass_solve_result r;
    if (compass_solve(l, NULL, &r) != COMPASS_SOLVE_DONE)
        return -1;
    char hex[17], normalized[COMPASS_MAX_ARROWS + 1];
    compass_canonical_hash(l, hex);
    compass_normalized_signature(l, r.solution, r.solution_len, normalized);
    snprintf(hash, hashlen, "%s", hex);
    snprintf(sig, siglen, "%s", normalized);
    return 0;
}

compass_gen_status compass_gen_grade_level(const compass_level *l, compass_gen_grade *g)
{
    compass_solve_result res;
    compass_metrics m;
    memset(g, 0, sizeof *g);
    if (compass_solve(l, NULL, &res) != COMPASS_SOLVE_DONE || !res.solvable ||
        compass_metrics_of(l, 0, &m) != COMPASS_SOLVE_DONE)
        return COMPASS_GEN_UNSOLVED;
    g->random_win_share = compass_share_rounded(m.random_win_share);
    g->decision_steps = compass_decision_steps(l, res.solution, res.solution_len);
    g->wrong_moves = m.wrong_moves;
    if (g->random_win_share >= 1 || g->wrong_moves == 0)
        return COMPASS_GEN_NO_WRONG_MOVE;
    if (g->decision_steps < COMPASS_GEN_MIN_DECISION_STEPS)
        return COMPASS_GEN_FEW_DECISIONS;
    return COMPASS_GEN_OK;
}

double compass_gen_band_gap(const compass_plan_entry *plan, double share)
{
    return share < plan->share_low    ? plan->share_low - share
           : share > plan->share_high ? share - plan->share_high
                                      : 0;
}

int compass_gen_level(uint32_t seed, int i, int count, int first_attempt, compass_level *out)
{
    compass_plan_entry plan = compass_plan_entry_at(i);
    compass_level cand;
    int best = -1;
    double best_gap = 0;
    for (int attempt = first_attempt; attempt < COMPASS_GEN_MAX_ATTEMPTS; attempt++) {
        if (best >= 0 && attempt >= first_attempt + COMPASS_GEN_BAND_WINDOW)
            break;
        compass_gen_grade g;
        if (compass_gen_construct(seed, i, count, attempt, &cand, NULL) != COMPASS_GEN_OK ||
            compass_gen_verify(&cand) != COMPASS_GEN_OK ||
            compass_gen_grade_level(&cand, &g) != COMPASS_GEN_OK)
            continue;
        double gap = compass_gen_band_gap(&plan, g.random_win_share);
        if (best < 0 || gap < best_gap) {
            best = attempt;
            best_gap = gap;
            *out = cand;
        }
        if (gap == 0)
            break;
    }
    return best;
}
