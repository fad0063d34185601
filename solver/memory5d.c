/* solver memory5d: validates the rules config, plays AI-vs-AI matches per difficulty and
 * the strength ladder between difficulties from fixed seeds, replaying each log, into the
 * committed self-play report; --bench prints search speed instead. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "jsonio.h"
#include "memory5d/memory5d_ai.h"
#include "memory5d/memory5d_board.h"
#include "memory5d/memory5d_config.h"
#include "memory5d/memory5d_draft.h"
#include "memory5d/memory5d_json.h"
#include "memory5d/memory5d_lesson.h"
#include "memory5d/memory5d_powers.h"
#include "memory5d/memory5d_rules.h"
#include "memory5d/memory5d_score.h"
#include "memory5d_cli.h"
#include "report.h"
#include "solver.h"

#define SELFPLAY_FORMAT "memory5d-selfplay/2"
enum { DEFAULT_MATCHES = 200, MAX_MATCHES = 10000, BENCH_MATCHES = 20, DEFAULT_LADDER = 400 };
/* Every ladder pairing plays the same boards: this preset's (the largest, with rotation). */
static const int LADDER_BOARD = MEMORY5D_EXPERT;
/* Simulated think time per AI command: well inside every preset's decision time. */
static const int64_t THINK_MS = 1000;

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
    res->ok = memory5d_ai_selfplay(ai, &def, &st, &log, THINK_MS, depth, &ss, err, sizeof err) == 0;
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
static cJSON *selfplay_report(const memory5d_config *cfg, const char *config_path, int matches,
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

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Speed of every difficulty's search depth on the largest preset board. Printed only. */
static int bench(const memory5d_config *base, int matches)
{
    memory5d_config cfg = *base;
    int largest = 0;
    for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++)
        if (cfg.presets[d].board_size > largest)
            largest = cfg.presets[d].board_size;
    memory5d_ai *ai = memory5d_ai_new();
    static memory5d_def def;
    if (!ai)
        return solver_out_of_memory("memory5d", NULL);
    printf("memory5d AI bench: %dx%d board, %d matches per difficulty\n", largest, largest,
           matches);
    for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++) {
        cfg.presets[d].board_size = largest;
        long nodes = 0, moves = 0, most = 0; /* most: nodes of the largest search */
        double total = 0, worst = 0;
        for (int i = 0; i < matches; i++) {
            memory5d_setup setup = {.seed = (uint32_t)i + 1, .difficulty = d};
            char err[256];
            if (memory5d_def_init(&def, &cfg, &setup, err, sizeof err) != 0) {
                memory5d_ai_free(ai);
                return cli_error(CLI_USAGE, "memory5d: %s", err);
            }
            memory5d_state st;
            memory5d_state_init(&def, &st, 0);
            int64_t now = 0;
            while (st.status == MEMORY5D_PLAYING) {
                memory5d_cmd cmd;
                memory5d_ai_stats stats;
                double t0 = now_seconds();
                if (memory5d_ai_choose(ai, &def, &st, 0, &cmd, &stats) != 0)
                    break;
                double dt = now_seconds() - t0;
                total += dt;
                worst = dt > worst ? dt : worst;
                nodes += stats.nodes;
                most = stats.nodes > most ? stats.nodes : most;
                moves++;
                cmd.now_ms = now += THINK_MS;
                memory5d_outcome out;
                if (!memory5d_step(&def, &st, &cmd, &out))
                    break;
            }
        }
        printf("  %-6s depth %d: %8ld moves, %10.0f nodes/s, mean %7.3f ms, worst %7.3f ms, "
               "largest search %ld nodes\n",
               memory5d_difficulty_names[d], cfg.presets[d].ai_depth, moves,
               total > 0 ? nodes / total : 0.0, moves ? 1000 * total / moves : 0.0,
               1000 * worst, most);
    }
    memory5d_ai_free(ai);
    return CLI_OK;
}

/* Replays a match log from its seed and checks every logged outcome. */
static int replay_file(const memory5d_config *cfg, const char *path)
{
    char err[512], inner[400];
    cJSON *doc = jsonio_read_file_max(path, JSONIO_LIMIT_LOG, err, sizeof err);
    if (!doc)
        return cli_error(CLI_USAGE, "memory5d: %s", err);
    memory5d_setup setup;
    memory5d_log log;
    int rc = memory5d_log_from_json(doc, &setup, &log, inner, sizeof inner);
    cJSON_Delete(doc);
    if (rc != 0)
        return cli_error(CLI_USAGE, "memory5d: %s: %s", path, inner);
    static memory5d_def def;
    if (memory5d_def_init(&def, cfg, &setup, inner, sizeof inner) != 0) {
        memory5d_log_free(&log);
        return cli_error(CLI_USAGE, "memory5d: %s: setup: %s", path, inner);
    }
    memory5d_state st;
    size_t at = 0;
    rc = memory5d_replay(&def, &log, &st, &at);
    size_t count = log.count;
    memory5d_log_free(&log);
    solver_checks sc;
    char detail[160];
    solver_checks_begin(&sc, "memory5d", path, NULL);
    if (rc != 0)
        snprintf(detail, sizeof detail, "replay diverges at entries[%zu]: the logged outcome is "
                 "not what the rules give", at);
    else
        snprintf(detail, sizeof detail, "%zu entries reproduce the match from seed %u", count,
                 setup.seed);
    solver_check(&sc, "replay-reproduces-match", rc == 0, detail);
    if (rc == 0) {
        printf("replay: %s: %s", detail, memory5d_status_names[st.status]);
        if (st.winner >= 0)
            printf(", winner %s", memory5d_player_names[st.winner]);
        printf(" (%s)\n", memory5d_end_reason_names[st.end_reason]);
    }
    return solver_checks_end(&sc, CLI_OK);
}

/* The self-play takes minutes: a report that cannot be written fails before it, not after. */
static int check_report_path(const char *path)
{
    char err[512], dir[1024];
    if (jsonio_make_dirs(path, 0, err, sizeof err) != 0)
        return cli_error(CLI_USAGE, "memory5d: --report: %s", err);
    struct stat sb;
    if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode))
        return cli_error(CLI_USAGE, "memory5d: --report: %.200s is a directory", path);
    const char *slash = strrchr(path, '/');
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) + 1 : 1, slash ? path : ".");
    if (access(dir, W_OK) != 0)
        return cli_error(CLI_USAGE, "memory5d: --report: cannot write in %.200s: %s", dir,
                         strerror(errno));
    return CLI_OK;
}

static const char usage[] =
    "usage: solver memory5d [--config FILE] [--matches N] [--ladder N] [--report FILE]\n"
    "       solver memory5d --bench [--config FILE] [--matches N]\n"
    "       solver memory5d --replay LOG [--config FILE]\n"
    "       solver memory5d --records DB [--report FILE]\n"
    "       solver memory5d --records DB --export FILE | --import FILE\n"
    "       solver memory5d --tutorial [--lessons DIR] [--config FILE]\n\n"
    "Validates the Memory5D rules config (default " MEMORY5D_DEFAULT_RULES ") and plays N\n"
    "(default 200) AI-vs-AI Classic matches per difficulty, match i from seed i + 1,\n"
    "replaying every match log. Writes the self-play report (default\n"
    "reports/memory5d/selfplay.json; - for stdout): win and draw rates, mean links,\n"
    "reweaves, no-link draws, blocks and forks, Mastery and Star Points distributions,\n"
    "the checks, and the strength ladder: each difficulty's AI settings against each\n"
    "easier one's, --ladder N (even, default 400) matches per pairing on the same\n"
    "Expert boards (seeds 1..N/2, seats alternated), with wins, draws and an Elo estimate.\n"
    "Exit 1 if a check failed. --bench prints nodes per second and the worst move time\n"
    "per difficulty on the largest board (default 20 matches) and writes nothing.\n"
    "--replay rebuilds a match log (schemas/memory5d-log.schema.json) from its seed and\n"
    "checks every logged outcome: exit 0, or 1 naming the first diverging entry.\n"
    "--records checks a local records database (SQLite): schema current, statistics and\n"
    "balances equal their rebuild from the event history (report:\n"
    "schemas/memory5d-records-check.schema.json); exit 1 when a check fails. With --export\n"
    "it writes the database to FILE (schemas/memory5d-records.schema.json); with --import\n"
    "it validates FILE whole and replaces the database's content with it: exit 1 when the\n"
    "file is refused (nothing changed).\n"
    "--tutorial replays every lesson (default DIR levels/memory5d/tutorial) through the\n"
    "rules: each step must do what it expects and the lesson must reach its goal.\n";

int solver_memory5d_main(int argc, char **argv)
{
    static const struct option opts[] = {{"config", required_argument, 0, 'c'},
                                         {"matches", required_argument, 0, 'm'},
                                         {"report", required_argument, 0, 'r'},
                                         {"ladder", required_argument, 0, 'l'},
                                         {"bench", no_argument, 0, 'b'},
                                         {"replay", required_argument, 0, 'p'},
                                         {"records", required_argument, 0, 'R'},
                                         {"export", required_argument, 0, 'E'},
                                         {"import", required_argument, 0, 'I'},
                                         {"tutorial", no_argument, 0, 't'},
                                         {"lessons", required_argument, 0, 'L'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    const char *default_config = MEMORY5D_DEFAULT_RULES, *default_lessons = MEMORY5D_DEFAULT_TUTORIAL;
    const char *config = default_config, *report = "reports/memory5d/selfplay.json";
    const char *replay = NULL, *records = NULL, *export_path = NULL, *import_path = NULL;
    const char *lessons = default_lessons;
    int report_given = 0;
    long matches = -1, ladder = DEFAULT_LADDER;
    int do_bench = 0, do_tutorial = 0, opt;
    while ((opt = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
        switch (opt) {
        case 'c': config = optarg; break;
        case 'm':
            if (cli_parse_long("--matches", optarg, 1, MAX_MATCHES, &matches))
                return CLI_USAGE;
            break;
        case 'r': report = optarg, report_given = 1; break;
        case 'l':
            if (cli_parse_long("--ladder", optarg, 2, MAX_MATCHES, &ladder))
                return CLI_USAGE;
            if (ladder % 2)
                return cli_error(CLI_USAGE, "memory5d: --ladder: expected an even number (each "
                                 "board is played from both seats), got %ld", ladder);
            break;
        case 'b': do_bench = 1; break;
        case 'p': replay = optarg; break;
        case 'R': records = optarg; break;
        case 'E': export_path = optarg; break;
        case 'I': import_path = optarg; break;
        case 't': do_tutorial = 1; break;
        case 'L': lessons = optarg; break;
        case 'h': fputs(usage, stdout); return CLI_OK;
        default: return cli_bad_option("memory5d", opt, argv[optind - 1]);
        }
    }
    if (optind < argc)
        return cli_error(CLI_USAGE, "memory5d: unexpected argument \"%.40s\"", argv[optind]);
    if ((export_path || import_path) && !records)
        return cli_error(CLI_USAGE, "memory5d: --export and --import need --records DB");
    /* --report is written by the self-play run and the records check only: given to a job
     * that writes no report, it is refused rather than silently ignored. */
    if (report_given && !records && (replay || do_tutorial || do_bench))
        return cli_error(CLI_USAGE, "memory5d: --report: %s writes no report (it prints its "
                         "result; drop --report)", replay ? "--replay" : do_tutorial ? "--tutorial" : "--bench");
    /* Outputs never replace inputs: every output against every input, before any work. */
    int selfplay = !records && !replay && !do_tutorial && !do_bench;
    const outpath_item outs[] = {{"--report", records ? (report_given ? report : NULL) : selfplay ? report : NULL},
                                 {"--export", export_path}};
    const outpath_item ins[] = {{"--config", config}, {"--replay", replay}, {"--records", records},
                                {"--import", import_path}};
    if (cli_refuse_outputs("memory5d", outs, 2, ins, 4))
        return CLI_USAGE;
    const outpath_item db = {"--records", import_path ? records : NULL}; /* import writes it */
    if (cli_refuse_outputs("memory5d", &db, 1, &ins[3], 1))
        return CLI_USAGE;
    if (records)
        return solver_memory5d_records(records, report_given ? report : NULL, export_path,
                                       import_path);
    char config_buf[4200], lessons_buf[4200];
    if (config == default_config) config = cli_data_path(config, config_buf, sizeof config_buf);
    if (lessons == default_lessons) lessons = cli_data_path(lessons, lessons_buf, sizeof lessons_buf);
    memory5d_config cfg;
    char err[512];
    if (memory5d_config_load(config, &cfg, err, sizeof err) != 0)
        return cli_error(CLI_USAGE, "memory5d: %s", err);
    if (replay)
        return replay_file(&cfg, replay);
    if (do_tutorial)
        return solver_memory5d_tutorial(&cfg, lessons);
    if (do_bench)
        return bench(&cfg, matches > 0 ? (int)matches : BENCH_MATCHES);
    if (strcmp(report, "-") != 0 && check_report_path(report) != CLI_OK)
        return CLI_USAGE;
    solver_checks sc;
    cJSON *doc = selfplay_report(&cfg, config, matches > 0 ? (int)matches : DEFAULT_MATCHES,
                                 (int)ladder, &sc);
    if (!doc)
        return solver_out_of_memory("memory5d", NULL);
    int rc = solver_report_write(&sc, doc, report);
    cJSON_Delete(doc);
    return rc;
}
