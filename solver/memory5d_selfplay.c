/* solver memory5d's self-play report: AI-vs-AI Classic matches per difficulty and the strength
 * ladder between difficulties from fixed seeds, each log replayed and checked, with the spec
 * literal, preset, board and draft checks (schemas/memory5d-selfplay.schema.json). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memory5d/memory5d_ai.h"
#include "memory5d/memory5d_board.h"
#include "memory5d/memory5d_config.h"
#include "memory5d/memory5d_draft.h"
#include "memory5d/memory5d_powers.h"
#include "memory5d/memory5d_rules.h"
#include "memory5d/memory5d_score.h"
#include "memory5d_cli.h"
#include "report.h"
#include "solver.h"

#define SELFPLAY_FORMAT "memory5d-selfplay/2"
/* Every ladder pairing plays the same boards: this preset's (the largest, with rotation). */
static const int LADDER_BOARD = MEMORY5D_EXPERT;

typedef struct {
    int ok;          /* every AI command was accepted */
    int replay_ok;   /* the log replayed to the same state and outcomes */
    int mastery_ok;  /* Mastery totals equal the sum of the link events */
    int status, end_reason, winner, links, reweaves, rotations, forced_wins, forced_blocks;
    int blocks, forks; /* link events flagged block / fork (the scoring definition) */
    long mastery[MEMORY5D_PLAYERS];
    int stars[MEMORY5D_PLAYERS];
    int stars_ok;
    int oom; /* not played: no memory for the AI (the run stops, exit 2) */
    size_t bad_entry;
    char why[320];
} match_result;

/* Plays one AI-vs-AI Classic match on the board seed names at difficulty, each player
 * searching at depth[player] (NULL: the preset's depth); everything in result. */
static void play_match(const memory5d_config *cfg, int difficulty, uint32_t seed,
                       const int *depth, memory5d_ai *ai, match_result *res)
{
    memset(res, 0, sizeof *res);
    memory5d_setup setup = {.seed = seed,
                            .difficulty = difficulty,
                            .mode = MEMORY5D_CLASSIC,
                            .kind = MEMORY5D_MATCH_STANDARD};
    memory5d_def def;
    char err[256];
    if (memory5d_def_init(&def, cfg, &setup, err, sizeof err) != 0) {
        snprintf(res->why, sizeof res->why, "seed %u: %s", seed, err);
        return;
    }
    memory5d_state st;
    memory5d_log log;
    memory5d_state_init(&def, &st, 0);
    memory5d_log_init(&log, 0);
    memory5d_selfplay_stats ss;
    res->ok = memory5d_ai_selfplay(ai, &def, &st, &log, MEMORY5D_THINK_MS, depth, &ss, err, sizeof err) == 0;
    if (!res->ok)
        snprintf(res->why, sizeof res->why, "seed %u: %s", seed, err);
    res->forced_wins = ss.forced_wins;
    res->forced_blocks = ss.forced_blocks;
    /* Mastery re-added from the logged link events, not read from the state. */
    long link_sum[MEMORY5D_PLAYERS] = {0, 0};
    for (size_t i = 0; i < log.count; i++)
        for (int k = 0; k < log.entries[i].out.count; k++) {
            const memory5d_event *ev = &log.entries[i].out.ev[k];
            if (ev->kind == MEMORY5D_EV_LINK) {
                link_sum[ev->player] += ev->value;
                res->blocks += !!(ev->flags & MEMORY5D_LINK_BLOCK);
                res->forks += !!(ev->flags & MEMORY5D_LINK_FORK);
            }
        }
    res->status = st.status;
    res->end_reason = st.end_reason;
    res->winner = st.winner;
    res->reweaves = st.reweaves;
    res->rotations = st.rotation;
    res->links = st.stats[0].links + st.stats[1].links;
    res->mastery_ok = 1;
    res->stars_ok = 1;
    for (int p = 0; p < MEMORY5D_PLAYERS; p++) {
        res->mastery[p] = st.stats[p].mastery;
        res->mastery_ok &= link_sum[p] == st.stats[p].mastery;
        res->stars[p] = memory5d_star_points(&def, &st, p, NULL);
        long cap = cfg->stars.completion + cfg->stars.win + cfg->stars.objective_cap;
        long most = (2 * cap * cfg->presets[difficulty].multiplier_permille + 1000) / 2000;
        res->stars_ok &= res->stars[p] >= 0 && res->stars[p] <= most;
    }
    memory5d_state again;
    res->replay_ok = memory5d_replay(&def, &log, &again, &res->bad_entry) == 0 &&
                     memcmp(&again, &st, sizeof st) == 0;
    memory5d_log_free(&log);
}

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

static double rate(long num, long den)
{
    return den ? round(10000.0 * (double)num / (double)den) / 10000.0 : 0.0;
}

/* min, quartiles (nearest rank), max and mean of values (sorted in place). */
static cJSON *distribution(long *v, int count)
{
    cJSON *o = cJSON_CreateObject();
    qsort(v, (size_t)count, sizeof *v, cmp_long);
    long sum = 0;
    for (int i = 0; i < count; i++)
        sum += v[i];
    cJSON_AddNumberToObject(o, "count", count);
    cJSON_AddNumberToObject(o, "min", count ? v[0] : 0);
    cJSON_AddNumberToObject(o, "p25", count ? v[(count - 1) / 4] : 0);
    cJSON_AddNumberToObject(o, "median", count ? v[(count - 1) / 2] : 0);
    cJSON_AddNumberToObject(o, "p75", count ? v[3 * (count - 1) / 4] : 0);
    cJSON_AddNumberToObject(o, "max", count ? v[count - 1] : 0);
    cJSON_AddNumberToObject(o, "mean", rate(sum, count));
    return o;
}

static cJSON *histogram(const long *sorted, int count)
{
    cJSON *h = cJSON_CreateArray();
    for (int i = 0; i < count;) {
        int j = i;
        while (j < count && sorted[j] == sorted[i])
            j++;
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "value", sorted[i]);
        cJSON_AddNumberToObject(o, "count", j - i);
        cJSON_AddItemToArray(h, o);
        i = j;
    }
    return h;
}

/* The numbers memory5d.md states literally; the config may not drift from them. */
static void spec_literals(const memory5d_config *c, solver_checks *sc)
{
    static const int mult[MEMORY5D_DIFFICULTIES] = {800, 1000, 1150, 1250};
    static const int order[6] = {0, 1, 1, 0, 0, 1};
    char bad[400] = "";
#define LIT(expr, name)                                                                   \
    do {                                                                                  \
        if (!(expr))                                                                      \
            snprintf(bad + strlen(bad), sizeof bad - strlen(bad), "%s%s", *bad ? ", " : "", \
                     name);                                                               \
    } while (0)
    LIT(c->line_length == 4, "lineLength");
    LIT(c->reweave_limit == 2, "reweaveLimit");
    for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++)
        LIT(c->presets[d].multiplier_permille == mult[d], memory5d_difficulty_names[d]);
    LIT(c->mastery.base == 100, "mastery.base");
    LIT(c->mastery.block_open_three == 50, "mastery.blockOpenThree");
    LIT(c->mastery.create_fork == 75, "mastery.createFork");
    LIT(c->mastery.complete_line == 100, "mastery.completeLine");
    LIT(c->mastery.streak_step_percent == 25, "mastery.streakStepPercent");
    LIT(c->mastery.streak_cap == 4, "mastery.streakCap");
    LIT(c->mastery.double_points_factor == 2, "mastery.doublePointsFactor");
    LIT(c->stars.completion == 20, "starPoints.completion");
    LIT(c->stars.win == 5, "starPoints.win");
    LIT(c->stars.objective_cap == 5, "starPoints.objectiveCap");
    LIT(c->loadout_max_charges == 3, "loadout.maxCharges");
    LIT(c->loadout_max_extra_turn == 1, "loadout.maxExtraTurn");
    LIT(c->draft.copies_per_power == 2, "draft.copiesPerPower");
    LIT(c->draft.pick_deadline_ms == 20000, "draft.pickDeadlineMs");
    int same_order = c->draft.pick_count == 6;
    for (int i = 0; same_order && i < 6; i++)
        same_order = c->draft.pick_order[i] == order[i];
    LIT(same_order, "draft.pickOrder");
#undef LIT
    char detail[480];
    snprintf(detail, sizeof detail, "the spec's literal numbers (lines of 4, 2 reweaves, "
             "multipliers 0.8/1/1.15/1.25, Mastery 100/50/75/100 x (1 + 0.25 min(streak, 4)), "
             "Star Points 20/5/5, loadout 3 and 1 Extra Turn, draft 2 copies, A,B,B,A,A,B, 20 s)%s%s",
             *bad ? "; differ: " : "", bad);
    solver_check(sc, "config-keeps-spec-literals", !*bad, detail);
}

/* The difficulty ladder and the spec's per-difficulty rules. */
static void preset_checks(const memory5d_config *c, solver_checks *sc)
{
    int escalate = 1, forgive = 1, rotate = 1;
    for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++) {
        const memory5d_preset *p = &c->presets[d];
        if (d > 0) {
            const memory5d_preset *q = &c->presets[d - 1];
            escalate &= p->board_size >= q->board_size && p->decision_ms <= q->decision_ms &&
                        p->ai_depth >= q->ai_depth;
        }
        forgive &= p->keep_anchor_on_mismatch == (d == MEMORY5D_EASY) &&
                   (d == MEMORY5D_EASY || p->timeout_resets_streak);
        rotate &= p->rotation == (d == MEMORY5D_EXPERT);
    }
    solver_check(sc, "difficulty-ladder-escalates", escalate,
                 "board size and AI depth never fall and decision time never grows "
                 "from easy to expert");
    solver_check(sc, "only-easy-keeps-the-anchor", forgive,
                 "Easy keeps the anchor after an incompatibility; Normal, Hard and "
                 "Expert do not, and their timeouts reset the streak");
    solver_check(sc, "only-expert-rotates", rotate, "rotation is on for Expert alone");
}

/* Boards of the self-play seeds re-checked pair by pair, not through memory5d_links. */
static void board_checks(const memory5d_config *c, int matches, solver_checks *sc)
{
    int ok = 1;
    char first[160] = "";
    for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++)
        for (int i = 0; i < matches; i++) {
            memory5d_board b;
            memory5d_board_generate(c, (uint32_t)i + 1, d, &b);
            int n = b.size, found = 0;
            for (int x = 0; x < n * n && !found; x++)
                for (int y = x + 1; y < n * n && !found; y++)
                    found = memory5d_link_check(b.cells, n, x, y, 0) == MEMORY5D_OK;
            if (!found && ok)
                snprintf(first, sizeof first, "; seed %d %s has none", i + 1,
                         memory5d_difficulty_names[d]);
            ok &= found;
        }
    char detail[300];
    snprintf(detail, sizeof detail, "every self-play board (seeds 1..%d, every difficulty) "
             "starts with a legal link, found by checking every pair%s", matches, first);
    solver_check(sc, "boards-start-with-a-legal-link", ok, detail);
}

/* A draft where every deadline is missed still deals legal loadouts. */
static void draft_check(const memory5d_config *c, solver_checks *sc)
{
    memory5d_draft d;
    memory5d_draft_init(c, &d, 0);
    memory5d_draft_tick(c, &d, (int64_t)c->draft.pick_count * c->draft.pick_deadline_ms);
    int ok = memory5d_draft_turn(c, &d) == -1, total = 0;
    char err[160] = "";
    for (int p = 0; p < MEMORY5D_PLAYERS; p++) {
        ok &= memory5d_loadout_check(c, d.picked[p], err, sizeof err) == 0;
        for (int k = 0; k < MEMORY5D_POWERS; k++)
            total += d.picked[p][k];
    }
    ok &= total == c->draft.pick_count;
    char detail[300];
    snprintf(detail, sizeof detail, "a Power Draft whose %d deadlines all pass auto-picks %d "
             "cards into two legal loadouts%s%s", c->draft.pick_count, total, *err ? ": " : "",
             err);
    solver_check(sc, "draft-auto-picks-deal-legal-loadouts", ok, detail);
}

/* Elo difference of a score over n games and its 95% interval (normal approximation with the
 * win/draw/loss variance); a score of 0 or 1 counts as half a game short of it. */
static void elo_estimate(const memory5d_config *cfg, long w, long l, long d, double out[3])
{
    double n = (double)(w + l + d), s = (w + 0.5 * d) / n;
    double var = (w * (1 - s) * (1 - s) + d * (0.5 - s) * (0.5 - s) + l * s * s) / n;
    double half = 1.96 * sqrt(var / n), at[3] = {s, s - half, s + half};
    for (int k = 0; k < 3; k++) {
        double p = at[k] < 0.5 / n ? 0.5 / n : at[k] > 1 - 0.5 / n ? 1 - 0.5 / n : at[k];
        out[k] = round(10.0 * cfg->elo.scale * log10(p / (1 - p))) / 10.0;
    }
}

/* Each difficulty's AI settings against each easier one's on the same boards: match k of a
 * pairing is on the LADDER_BOARD board of seed k / 2 + 1, the harder settings playing A when
 * k is even, so every board is played once from each seat. */
static cJSON *ladder_report(const memory5d_config *cfg, int matches, solver_checks *sc)
{
    enum { PAIRS = MEMORY5D_DIFFICULTIES * (MEMORY5D_DIFFICULTIES - 1) / 2 };
    int pa[PAIRS], pb[PAIRS], np = 0;
    for (int a = MEMORY5D_DIFFICULTIES - 1; a > 0; a--)
        for (int b = 0; b < a; b++) {
            pa[np] = a;
            pb[np++] = b;
        }
    long total = (long)PAIRS * matches;
    match_result *res = calloc((size_t)total, sizeof *res);
    if (!res)
        return NULL;
    fprintf(stderr, "memory5d: ladder: %d pairings x %d matches\n", PAIRS, matches);
#pragma omp parallel
    {
        memory5d_ai *ai = memory5d_ai_new();
#pragma omp for schedule(dynamic)
        for (long i = 0; i < total; i++) {
            int p = (int)(i / matches), k = (int)(i % matches), depth[MEMORY5D_PLAYERS];
            depth[k % 2] = cfg->presets[pa[p]].ai_depth;
            depth[1 - k % 2] = cfg->presets[pb[p]].ai_depth;
            if (ai)
                play_match(cfg, LADDER_BOARD, (uint32_t)(k / 2) + 1, depth, ai, &res[i]);
            else
                res[i].oom = 1;
        }
        memory5d_ai_free(ai);
    }
    for (long i = 0; i < total; i++)
        if (res[i].oom) {
            free(res);
            return NULL;
        }
    cJSON *arr = cJSON_CreateArray();
    int ok = 1;
    char first_bad[200] = "";
    for (int p = 0; p < PAIRS; p++) {
        long w[2] = {0, 0}, draws = 0;
        for (int k = 0; k < matches; k++) {
            const match_result *r = &res[(long)p * matches + k];
            ok &= r->ok && r->replay_ok && r->mastery_ok;
            if (!r->ok && !*first_bad)
                snprintf(first_bad, sizeof first_bad, "%s", r->why);
            if (r->status == MEMORY5D_WON)
                w[r->winner != k % 2]++; /* w[0]: the harder settings won */
            else
                draws++;
        }
        double elo[3];
        elo_estimate(cfg, w[0], w[1], draws, elo);
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "a", memory5d_difficulty_names[pa[p]]);
        cJSON_AddStringToObject(o, "b", memory5d_difficulty_names[pb[p]]);
        cJSON_AddNumberToObject(o, "aDepth", cfg->presets[pa[p]].ai_depth);
        cJSON_AddNumberToObject(o, "bDepth", cfg->presets[pb[p]].ai_depth);
        cJSON_AddNumberToObject(o, "aWins", w[0]);
        cJSON_AddNumberToObject(o, "bWins", w[1]);
        cJSON_AddNumberToObject(o, "draws", draws);
        cJSON_AddNumberToObject(o, "aShareOfDecisive", rate(w[0], w[0] + w[1]));
        cJSON_AddNumberToObject(o, "elo", elo[0]);
        cJSON_AddNumberToObject(o, "eloLow", elo[1]);
        cJSON_AddNumberToObject(o, "eloHigh", elo[2]);
        cJSON_AddItemToArray(arr, o);
    }
    free(res);
    char detail[320];
    snprintf(detail, sizeof detail, "ladder: every AI command of the %ld ladder matches was a "
             "legal link, and each log replays with Mastery equal to its link events%s%s", total,
             *first_bad ? "; first failure: " : "", first_bad);
    solver_check(sc, "ladder-matches-are-legal-and-replay", ok, detail);
    return arr;
}

/* The self-play seeds: match i (0-based) of every difficulty uses seed i + 1. */
cJSON *solver_memory5d_selfplay(const memory5d_config *cfg, const char *config_path, int matches,
                                int ladder, solver_checks *sc)
{
    cJSON *doc = cJSON_CreateObject();
    cJSON_AddStringToObject(doc, "format", SELFPLAY_FORMAT);
    cJSON_AddNumberToObject(doc, "matchesPerDifficulty", matches);
    cJSON_AddStringToObject(doc, "seeds", "match i of each difficulty uses seed i + 1");
    cJSON_AddNumberToObject(doc, "matchesPerPairing", ladder);
    cJSON_AddStringToObject(doc, "ladderBoard", memory5d_difficulty_names[LADDER_BOARD]);
    cJSON *checks = cJSON_CreateArray();
    cJSON *diffs = cJSON_CreateArray();
    solver_checks_begin(sc, "memory5d", config_path, checks);
    spec_literals(cfg, sc);
    preset_checks(cfg, sc);
    board_checks(cfg, matches, sc);
    draft_check(cfg, sc);
    match_result *res = calloc((size_t)matches, sizeof *res);
    long *vals = calloc((size_t)matches * MEMORY5D_PLAYERS, sizeof *vals);
    if (!res || !vals) {
        free(res);
        free(vals);
        cJSON_Delete(doc);
        cJSON_Delete(checks);
        cJSON_Delete(diffs);
        return NULL;
    }
    for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++) {
        fprintf(stderr, "memory5d: %s: %d matches\n", memory5d_difficulty_names[d], matches);
#pragma omp parallel
        {
            memory5d_ai *ai = memory5d_ai_new();
#pragma omp for schedule(dynamic)
            for (int i = 0; i < matches; i++) {
                if (ai)
                    play_match(cfg, d, (uint32_t)i + 1, NULL, ai, &res[i]);
                else
                    res[i].oom = 1;
            }
            memory5d_ai_free(ai);
        }
        int oom = 0;
        for (int i = 0; i < matches; i++)
            oom |= res[i].oom;
        if (oom) {
            free(res);
            free(vals);
            cJSON_Delete(doc);
            cJSON_Delete(checks);
            cJSON_Delete(diffs);
            return NULL;
        }
        long wins[MEMORY5D_PLAYERS] = {0, 0}, draws = 0, links = 0, reweaves = 0, no_link = 0,
             no_route = 0, rotations = 0, fwins = 0, fblocks = 0, blocks = 0, forks = 0;
        int ok = 1, replay = 1, mastery = 1, stars = 1;
        char first_bad[200] = "";
        for (int i = 0; i < matches; i++) {
            const match_result *r = &res[i];
            if (r->status == MEMORY5D_WON)
                wins[r->winner]++;
            draws += r->status == MEMORY5D_DRAW;
            links += r->links;
            reweaves += r->reweaves;
            no_link += r->end_reason == MEMORY5D_END_REWEAVES_EXHAUSTED;
            no_route += r->end_reason == MEMORY5D_END_NO_ROUTE;
            rotations += r->rotations;
            fwins += r->forced_wins;
            fblocks += r->forced_blocks;
            blocks += r->blocks;
            forks += r->forks;
            ok &= r->ok;
            replay &= r->replay_ok;
            mastery &= r->mastery_ok;
            stars &= r->stars_ok;
            if (!r->ok && !*first_bad)
                snprintf(first_bad, sizeof first_bad, "%s", r->why);
        }
        char detail[320];
        const char *dn = memory5d_difficulty_names[d];
        snprintf(detail, sizeof detail, "%s: every AI command of %d matches was a legal link%s%s",
                 dn, matches, *first_bad ? "; first failure: " : "", first_bad);
        solver_check(sc, "ai-plays-only-legal-links", ok, detail);
        snprintf(detail, sizeof detail, "%s: replaying each match log from its seed reproduces "
                 "the final state and every outcome", dn);
        solver_check(sc, "replay-reproduces-match", replay, detail);
        snprintf(detail, sizeof detail, "%s: each player's Mastery equals the sum of its link "
                 "events", dn);
        solver_check(sc, "mastery-is-sum-of-link-events", mastery, detail);
        snprintf(detail, sizeof detail, "%s: Star Points within 0..round((completion + win + "
                 "objectiveCap) x multiplier)", dn);
        solver_check(sc, "star-points-within-bounds", stars, detail);

        const memory5d_preset *pr = &cfg->presets[d];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "difficulty", dn);
        cJSON_AddNumberToObject(o, "boardSize", pr->board_size);
        cJSON_AddNumberToObject(o, "aiDepth", pr->ai_depth);
        cJSON_AddNumberToObject(o, "matches", matches);
        cJSON_AddNumberToObject(o, "winsA", wins[0]);
        cJSON_AddNumberToObject(o, "winsB", wins[1]);
        cJSON_AddNumberToObject(o, "draws", draws);
        cJSON_AddNumberToObject(o, "winRate", rate(wins[0] + wins[1], matches));
        cJSON_AddNumberToObject(o, "drawRate", rate(draws, matches));
        cJSON_AddNumberToObject(o, "meanLinks", rate(links, matches));
        cJSON_AddNumberToObject(o, "reweaves", reweaves);
        cJSON_AddNumberToObject(o, "noLinkDraws", no_link);
        cJSON_AddNumberToObject(o, "noRouteDraws", no_route);
        cJSON_AddNumberToObject(o, "rotations", rotations);
        cJSON_AddNumberToObject(o, "forcedWins", fwins);
        cJSON_AddNumberToObject(o, "forcedBlocks", fblocks);
        cJSON_AddNumberToObject(o, "blocks", blocks);
        cJSON_AddNumberToObject(o, "forks", forks);
        for (int i = 0; i < matches; i++)
            for (int p = 0; p < MEMORY5D_PLAYERS; p++)
                vals[i * MEMORY5D_PLAYERS + p] = res[i].mastery[p];
        cJSON_AddItemToObject(o, "mastery", distribution(vals, matches * MEMORY5D_PLAYERS));
        for (int i = 0; i < matches; i++)
            for (int p = 0; p < MEMORY5D_PLAYERS; p++)
                vals[i * MEMORY5D_PLAYERS + p] = res[i].stars[p];
        cJSON *sp = distribution(vals, matches * MEMORY5D_PLAYERS);
        cJSON_AddItemToObject(sp, "histogram", histogram(vals, matches * MEMORY5D_PLAYERS));
        cJSON_AddItemToObject(o, "starPoints", sp);
        cJSON_AddItemToArray(diffs, o);
    }
    free(res);
    free(vals);
    cJSON *lad = ladder_report(cfg, ladder, sc);
    if (!lad) {
        cJSON_Delete(doc);
        cJSON_Delete(checks);
        cJSON_Delete(diffs);
        return NULL;
    }
    cJSON_AddBoolToObject(doc, "pass", sc->pass);
    cJSON_AddItemToObject(doc, "checks", checks);
    cJSON_AddItemToObject(doc, "difficulties", diffs);
    cJSON_AddItemToObject(doc, "ladder", lad);
    return doc;
}
