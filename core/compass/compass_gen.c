/* Compass Shift campaign plan and reverse construction: a known forward order built backward. */
#include "compass_gen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compass_canon.h"
#include "compass_evidence.h"
#include "compass_metrics.h"
#include "compass_keyset.h"
#include "compass_solve.h"
#include "rng.h"

static const char *const pattern_names[COMPASS_PATTERN_COUNT] = {
    "four-winds",    "counter-current", "reef-slalom", "breakwater",    "tide-clock",
    "quarter-gates", "signal-shapes",   "semaphore",   "charted-reef", "harbor-code"};
static const int pattern_family[COMPASS_PATTERN_COUNT] = {0, 0, 1, 1, 2, 2, 3, 3, 4, 5};
static const char *const family_names[COMPASS_FAMILY_COUNT] = {
    "open-water", "reef", "phase-windows", "signal-ports", "walls-windows", "windows-ports"};
static const unsigned family_features[COMPASS_FAMILY_COUNT] = {
    0,
    COMPASS_FEATURE_WALLS,
    COMPASS_FEATURE_WINDOWS,
    COMPASS_FEATURE_PORTS,
    COMPASS_FEATURE_WALLS | COMPASS_FEATURE_WINDOWS,
    COMPASS_FEATURE_WINDOWS | COMPASS_FEATURE_PORTS};

/* The Difficulty tiers table: levels per tier, board side and the alternating arrow pair
 * (the first level of a tier takes the smaller count), then the generator's target band for
 * randomWinShare. The bands are disjoint and fall tier by tier, so the tier medians fall
 * whenever most of each tier lands in its band; the acceptance check measures it anyway. */
static const struct {
    int levels, side, low, high;
    double share_low, share_high;
} tiers[COMPASS_TIER_COUNT] = {{13, 4, 4, 5, 0.55, 0.85},
                               {13, 4, 5, 6, 0.40, 0.50},
                               {13, 5, 6, 7, 0.25, 0.35},
                               {11, 5, 7, 8, 0.05, 0.20}};

const char *compass_pattern_name(int p)
{
    return p >= 0 && p < COMPASS_PATTERN_COUNT ? pattern_names[p] : "?";
}
const char *compass_family_name(int f)
{
    return f >= 0 && f < COMPASS_FAMILY_COUNT ? family_names[f] : "?";
}
int compass_pattern_family(int p)
{
    return p >= 0 && p < COMPASS_PATTERN_COUNT ? pattern_family[p] : -1;
}
unsigned compass_family_features(int f)
{
    return f >= 0 && f < COMPASS_FAMILY_COUNT ? family_features[f] : 0;
}

int compass_pattern_lookup(const char *name)
{
    for (int i = 0; i < COMPASS_PATTERN_COUNT; i++)
        if (strcmp(name, pattern_names[i]) == 0)
            return i;
    return -1;
}

int compass_family_lookup(const char *name)
{
    for (int i = 0; i < COMPASS_FAMILY_COUNT; i++)
        if (strcmp(name, family_names[i]) == 0)
            return i;
    return -1;
}

compass_plan_entry compass_plan_entry_at(int i)
{
    compass_plan_entry e;
    int slot = i % COMPASS_CAMPAIGN_LEVELS, first = 0, t = 0;
    while (slot >= first + tiers[t].levels) {
        first += tiers[t].levels;
        t++;
    }
    e.index = i + 1;
    e.pattern = slot % COMPASS_PATTERN_COUNT;
    e.family = pattern_family[e.pattern];
    e.tier = t + 1;
    e.rows = e.cols = tiers[t].side;
    e.arrows = (slot - first) % 2 == 0 ? tiers[t].low : tiers[t].high;
    e.features = family_features[e.family];
    e.share_low = tiers[t].share_low;
    e.share_high = tiers[t].share_high;
    return e;
}

/* "cs-<i+1 in digits digits>-<pattern>": the one spelling of a level id. */
static void format_level_id(int i, int digits, char *out, size_t outlen)
{
    snprintf(out, outlen, "cs-%0*d-%s", digits, i + 1, pattern_names[i % COMPASS_PATTERN_COUNT]);
}

void compass_level_id(int i, int count, char *out, size_t outlen)
{
    int digits = 2;
    for (int n = 100; n <= count && digits < 9; n *= 10)
        digits++;
    format_level_id(i, digits, out, outlen);
}

int compass_level_file_position(const char *name)
{
    if (strncmp(name, "cs-", 3) != 0)
        return -1;
    int digits = 0, number = 0;
    for (const char *p = name + 3; *p >= '0' && *p <= '9' && digits < 10; p++, digits++)
        number = digits < 9 ? number * 10 + (*p - '0') : number;
    if (digits < 2 || digits > 9 || number < 1)
        return -1;
    char want[96];
    format_level_id(number - 1, digits, want, sizeof want);
    strcat(want, ".json");
    return strcmp(name, want) == 0 ? number - 1 : -1;
}

uint32_t compass_construction_seed(uint32_t seed, int i, int attempt)
{
    /* Three Mulberry32 draws fold seed, position and attempt together; no worker state. */
    rng_t r;
    rng_seed(&r, seed);
    uint32_t h = rng_next_u32(&r);
    rng_seed(&r, h ^ ((uint32_t)i * 0x9E3779B9u));
    h = rng_next_u32(&r);
    rng_seed(&r, h ^ ((uint32_t)attempt * 0x85EBCA6Bu));
    return rng_next_u32(&r);
}

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
    snprintf(l->pattern, sizeof l->pattern, "%s", pattern_names[plan.pattern]);
    snprintf(l->family, sizeof l->family, "%s", family_names[plan.family]);
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

enum { HASH_LEN = 80, SIG_LEN = COMPASS_MAX_ARROWS + 1 };

/* The canonical hashes seen so far, as a set of their 64-bit values (16 hex digits each), so
 * the repeat test costs the same for the last of 10000 levels as for the first. */
typedef struct {
    compass_keyset set;
    compass_budget budget;
    int has_all_ones; /* the key set's empty mark, kept aside */
} hash_seen;

static uint64_t hash_value(const char *hex)
{
    return strtoull(hex, NULL, 16);
}

static int hash_seen_has(const hash_seen *h, const char *hex)
{
    uint64_t v = hash_value(hex);
    return v == ~(uint64_t)0 ? h->has_all_ones : compass_keyset_has(&h->set, v);
}

static int hash_seen_add(hash_seen *h, const char *hex)
{
    uint64_t v = hash_value(hex);
    int over = 0;
    if (v == ~(uint64_t)0)
        return h->has_all_ones = 1, 0;
    return compass_keyset_add(&h->set, v, &h->budget, &over) < 0 ? -1 : 0;
}

/* The cross-level rules' state: each level's identity as built, and the hashes accepted so
 * far. One instance serves compass_gen_resolve and the pipeline of compass_gen_campaign. */
typedef struct {
    uint32_t seed;
    int count;
    compass_level *levels;
    char (*hashes)[HASH_LEN];
    char (*sigs)[SIG_LEN];
    int *ok;
    hash_seen seen;
} rules;

static int rules_init(rules *r, uint32_t seed, int count, compass_level *levels, char *err,
                      size_t errlen)
{
    int over = 0;
    *r = (rules){seed, count, levels, calloc((size_t)count, sizeof *r->hashes),
                 calloc((size_t)count, sizeof *r->sigs), calloc((size_t)count, sizeof *r->ok),
                 {.budget = {0, 0, ~(uint64_t)0}}};
    if (r->hashes && r->sigs && r->ok &&
        compass_keyset_init(&r->seen.set, 1024, &r->seen.budget, &over) == 0)
        return 0;
    free(r->hashes);
    free(r->sigs);
    free(r->ok);
    snprintf(err, errlen, "out of memory for %d levels", count);
    return -1;
}

static void rules_free(rules *r)
{
    compass_keyset_free(&r->seen.set, &r->seen.budget);
    free(r->hashes);
    free(r->sigs);
    free(r->ok);
}

/* Depends on level i alone (no cJSON): any thread may compute it. */
static void rules_identify(rules *r, int i)
{
    r->ok[i] = compass_gen_identity(&r->levels[i], r->hashes[i], HASH_LEN, r->sigs[i],
                                    SIG_LEN) == 0;
}

/* Applies the rules to level i once every level before it has passed them: a level whose
 * route signature equals the previous level's or whose canonical hash repeats an earlier
 * one moves on to its next passing attempt, then its hash is recorded. 0, or -1 with a
 * message naming the level. */
static int rules_accept(rules *r, int i, char *err, size_t errlen)
{
    compass_level *l = &r->levels[i];
    for (;;) {
        if (!r->ok[i]) {
            snprintf(err, errlen, "%s: out of memory building its evidence", l->id);
            return -1;
        }
        int clash = (i > 0 && strcmp(r->sigs[i], r->sigs[i - 1]) == 0) ||
                    hash_seen_has(&r->seen, r->hashes[i]);
        if (!clash)
            break;
        if (compass_gen_level(r->seed, i, r->count, l->construction_attempt + 1, l) < 0) {
            snprintf(err, errlen, "%s: no candidate within %d attempts differs from the "
                                  "levels before it", l->id, COMPASS_GEN_MAX_ATTEMPTS);
            return -1;
        }
        rules_identify(r, i);
    }
    if (hash_seen_add(&r->seen, r->hashes[i])) {
        snprintf(err, errlen, "out of memory for %d levels", r->count);
        return -1;
    }
    return 0;
}

int compass_gen_resolve(uint32_t seed, int count, compass_level *levels, char *err,
                        size_t errlen)
{
    rules r;
    if (rules_init(&r, seed, count, levels, err, errlen))
        return -1;
#pragma omp parallel for schedule(dynamic, 16)
    for (int i = 0; i < count; i++)
        rules_identify(&r, i);
    int rc = 0;
    for (int i = 0; i < count && rc == 0; i++)
        rc = rules_accept(&r, i, err, errlen);
    rules_free(&r);
    return rc;
}

/* The pipeline of compass_gen_campaign. Workers build positions in increasing order (any
 * thread, any position) and mark each built; whichever worker finds the resolver free takes
 * it and applies the cross-level rules to the built positions that follow the accepted ones,
 * strictly in campaign order; it then hands the levels it accepted to the sink itself,
 * outside the resolver, so the writing is shared by all workers too. */
typedef struct {
    rules r;
    const compass_gen_hooks *hooks;
    int *attempt;          /* compass_gen_level's answer per position */
    unsigned char *built;  /* set (seq_cst) once attempt[i] and the identity are in */
    int busy;              /* the resolver is taken (seq_cst exchange) */
    int accepted;          /* positions 0..accepted-1 passed the rules; written by the resolver */
    int stop;              /* a failure: build nothing more */
    int fail_at;           /* the earliest failed position, count when none */
    int fail_rc;           /* what compass_gen_campaign returns for it: -1 rules, -2 sink */
    char *err;
    size_t errlen;
} pipeline;

/* Keeps the failure of the earliest position, so the message does not depend on which
 * thread failed first. */
static void pipeline_fail(pipeline *p, int i, int rc, const char *msg)
{
#pragma omp critical(compass_gen_fail)
    if (i < p->fail_at) {
        p->fail_at = i;
        p->fail_rc = rc;
        snprintf(p->err, p->errlen, "%s", msg);
    }
    __atomic_store_n(&p->stop, 1, __ATOMIC_SEQ_CST);
}

/* Accepts what it can in order, then emits it; returns when the next position is not built
 * or another worker holds the resolver. Every operation on busy and built is seq_cst: a
 * worker that marks a position built and then finds the resolver busy relies on the holder
 * seeing that mark when it looks again after letting go. */
static void pipeline_drain(pipeline *p)
{
    int count = p->r.count;
    for (;;) {
        if (__atomic_exchange_n(&p->busy, 1, __ATOMIC_SEQ_CST))
            return;
        int first = p->accepted, i = first;
        char err[512];
        while (i < count && !__atomic_load_n(&p->stop, __ATOMIC_SEQ_CST) &&
               __atomic_load_n(&p->built[i], __ATOMIC_SEQ_CST)) {
            if (p->attempt[i] < 0) {
                snprintf(err, sizeof err, "%s: no candidate passed within %d attempts",
                         p->r.levels[i].id, COMPASS_GEN_MAX_ATTEMPTS);
                pipeline_fail(p, i, -1, err);
                break;
            }
            if (rules_accept(&p->r, i, err, sizeof err)) {
                pipeline_fail(p, i, -1, err);
                break;
            }
            i++;
        }
        p->accepted = i;
        if (i > first && p->hooks && p->hooks->progress)
            p->hooks->progress(i, count, p->hooks->ctx);
        __atomic_store_n(&p->busy, 0, __ATOMIC_SEQ_CST);
        /* Levels accepted are final: written even after a later failure, so the failure
         * reported is the earliest whatever the timing. */
        for (int k = first; k < i && p->hooks && p->hooks->sink; k++)
            if (p->hooks->sink(&p->r.levels[k], p->hooks->ctx, err, sizeof err))
                pipeline_fail(p, k, -2, err);
        if (i >= count || __atomic_load_n(&p->stop, __ATOMIC_SEQ_CST) ||
            !__atomic_load_n(&p->built[i], __ATOMIC_SEQ_CST))
            return;
    }
}

int compass_gen_campaign(uint32_t seed, int count, compass_level *levels,
                         const compass_gen_hooks *hooks, char *err, size_t errlen)
{
    pipeline p = {.hooks = hooks, .fail_at = count, .fail_rc = -1, .err = err, .errlen = errlen};
    if (rules_init(&p.r, seed, count, levels, err, errlen))
        return -1;
    p.attempt = calloc((size_t)count, sizeof *p.attempt);
    p.built = calloc((size_t)count, sizeof *p.built);
    if (!p.attempt || !p.built) {
        snprintf(err, errlen, "out of memory for %d levels", count);
        p.fail_at = 0;
    } else {
        /* Each position's first passing attempt depends only on (seed, position, attempt),
         * so any thread may build it; dynamic scheduling evens out the slower 5x5 positions
         * and hands positions out in order, so the resolver is rarely kept waiting. */
#pragma omp parallel
        {
#pragma omp for schedule(dynamic, 1) nowait
            for (int i = 0; i < count; i++) {
                if (__atomic_load_n(&p.stop, __ATOMIC_SEQ_CST))
                    continue;
                p.attempt[i] = compass_gen_level(seed, i, count, 0, &levels[i]);
                if (p.attempt[i] >= 0)
                    rules_identify(&p.r, i);
                __atomic_store_n(&p.built[i], 1, __ATOMIC_SEQ_CST);
                pipeline_drain(&p);
            }
            pipeline_drain(&p);
        }
        /* Every mark is followed by a drain that either takes the resolver or leaves the mark
         * to a holder that looks again after letting go, so the region ends with every built
         * position accepted or a failure recorded; this pass finds nothing to do and only
         * keeps that guarantee from resting on the argument alone. */
        pipeline_drain(&p);
    }
    free(p.attempt);
    free(p.built);
    rules_free(&p.r);
    return p.fail_at < count ? p.fail_rc : 0;
}
