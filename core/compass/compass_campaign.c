/* Compass Shift campaign acceptance checks, computed from per-level evidence entries. */
#include "compass_campaign.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compass_evidence.h"
#include "compass_plan.h"
#include "jsonio.h"

void compass_campaign_entry_from_level(const compass_level *l, compass_campaign_entry *e)
{
    memset(e, 0, sizeof *e);
    e->lookahead = -1;
    snprintf(e->id, sizeof e->id, "%s", l->id);
    snprintf(e->pattern, sizeof e->pattern, "%s", l->pattern);
    snprintf(e->family, sizeof e->family, "%s", l->family);
    e->tier = l->tier;
    e->rows = l->rows;
    e->cols = l->cols;
    e->arrow_count = l->arrow_count;
    e->initial_phase = l->initial_phase;
    e->wall_count = compass_wall_count(l);
    for (int k = 0; k < l->aperture_count; k++) {
        const compass_aperture *a = &l->apertures[k];
        e->plain_count += a->kind == COMPASS_APERTURE_PLAIN;
        e->window_count += a->kind == COMPASS_APERTURE_WINDOW;
        e->port_count += a->kind == COMPASS_APERTURE_PORT;
        e->invalid_schedules += !compass_aperture_schedule_ok(a);
    }
}

/* A witness is present when its field is an object; null or absent means none. */
static int witness_present(const cJSON *parent, const char *key)
{
    return cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(parent, key));
}

/* randomWinShare (a number from 0 to 1, or null), wrongMoves (an integer or null, null
 * together) and decisionSteps (an integer) into e. 0, or -1 with a message. */
static int read_metrics(const cJSON *ev, compass_campaign_entry *e, char *err, size_t errlen)
{
    long long steps = 0, wrong = 0, look = -1;
    if (jsonio_int(ev, "decisionSteps", "", 1, 0, COMPASS_MAX_ARROWS, &steps, err, errlen))
        return -1;
    e->decision_steps = (int)steps;
    const cJSON *lk = cJSON_GetObjectItemCaseSensitive(ev, "lookahead");
    if (lk && !cJSON_IsNull(lk) &&
        jsonio_int(ev, "lookahead", "", 1, 0, COMPASS_MAX_ARROWS, &look, err, errlen))
        return -1;
    e->lookahead = (int)look;
    const cJSON *share = cJSON_GetObjectItemCaseSensitive(ev, "randomWinShare");
    const cJSON *moves = cJSON_GetObjectItemCaseSensitive(ev, "wrongMoves");
    if (cJSON_IsNull(share) && cJSON_IsNull(moves)) {
        e->has_metrics = 0;
        return 0;
    }
    if (!cJSON_IsNumber(share) || !(share->valuedouble >= 0 && share->valuedouble <= 1)) {
        char got[64];
        jsonio_describe(share, got, sizeof got);
        snprintf(err, errlen, "randomWinShare: expected a number from 0 to 1 (or null with "
                              "wrongMoves), got %s", got);
        return -1;
    }
    if (jsonio_int(ev, "wrongMoves", "", 1, 0, 1LL << 53, &wrong, err, errlen))
        return -1;
    e->has_metrics = 1;
    e->random_win_share = share->valuedouble;
    e->wrong_moves = wrong;
    return 0;
}

int compass_campaign_entry_add_evidence(const cJSON *ev, const char *where,
                                        compass_campaign_entry *e, char *err, size_t errlen)
{
    char inner[400];
    int solvable = 0, verified = 0, reverse = 0, uses_window = 0, uses_port = 0;
    long long path_length = 0;
    const char *hash = NULL, *sig = NULL;
    const cJSON *flags = NULL, *idle = NULL;
    if (jsonio_object(ev, "", NULL, inner, sizeof inner) ||
        jsonio_bool(ev, "solvable", "", 1, &solvable, inner, sizeof inner) ||
        jsonio_bool(ev, "solverVerified", "", 1, &verified, inner, sizeof inner) ||
        jsonio_bool(ev, "reverseConstructionVerified", "", 1, &reverse, inner, sizeof inner) ||
        jsonio_int(ev, "pathLength", "", 1, 0, COMPASS_MAX_ARROWS, &path_length, inner,
                   sizeof inner) ||
        jsonio_string(ev, "canonicalHash", "", 1, sizeof e->canonical_hash - 1, &hash, inner,
                      sizeof inner) ||
        jsonio_string(ev, "normalizedReleaseSignature", "", 1, sizeof e->normalized_signature - 1,
                      &sig, inner, sizeof inner) ||
        jsonio_array(ev, "idleApertures", "", 1, 0, 4 * COMPASS_MAX_SIDE, &idle, inner,
                     sizeof inner) ||
        jsonio_object(cJSON_GetObjectItemCaseSensitive(ev, "mechanicFlags"), "mechanicFlags", NULL,
                      inner, sizeof inner)) {
        snprintf(err, errlen, "%s: %s", where, inner);
        return -1;
    }
    flags = cJSON_GetObjectItemCaseSensitive(ev, "mechanicFlags");
    if (jsonio_bool(flags, "solutionUsesWindow", "mechanicFlags", 1, &uses_window, inner,
                    sizeof inner) ||
        jsonio_bool(flags, "solutionUsesPort", "mechanicFlags", 1, &uses_port, inner,
                    sizeof inner)) {
        snprintf(err, errlen, "%s: %s", where, inner);
        return -1;
    }
    if (read_metrics(ev, e, inner, sizeof inner)) {
        snprintf(err, errlen, "%s: %s", where, inner);
        return -1;
    }
    const cJSON *sched = cJSON_GetObjectItemCaseSensitive(ev, "scheduleImpact");
    e->solvable = solvable && verified;
    e->path_length = (int)path_length;
    e->reverse_verified = reverse;
    snprintf(e->canonical_hash, sizeof e->canonical_hash, "%s", hash);
    snprintf(e->normalized_signature, sizeof e->normalized_signature, "%s", sig);
    e->idle_apertures = cJSON_GetArraySize(idle);
    e->wall_witness = witness_present(ev, "wallImpact");
    e->window_witness = witness_present(sched, "window");
    e->port_witness = witness_present(sched, "port");
    e->solution_uses_window = uses_window;
    e->solution_uses_port = uses_port;
    return 0;
}

int compass_campaign_evaluate(const compass_level *l, compass_campaign_entry *e)
{
    compass_campaign_entry_from_level(l, e);
    cJSON *ev = compass_evidence_of(l);
    char err[256];
    int rc = ev && compass_campaign_entry_add_evidence(ev, l->id, e, err, sizeof err) == 0 ? 0 : -1;
    cJSON_Delete(ev);
    return rc;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of v[0..n-1] (sorted in place); 0 for none. */
static double median(double *v, int n)
{
    if (n == 0)
        return 0;
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void compass_campaign_tier_stats_of(const compass_campaign_entry *e, int n,
                                    compass_campaign_tier_stats *out)
{
    double *share = malloc(((size_t)n + 1) * 4 * sizeof *share);
    for (int t = 0; t < COMPASS_TIER_COUNT; t++) {
        compass_campaign_tier_stats *st = &out[t];
        memset(st, 0, sizeof *st);
        st->tier = t + 1;
        if (!share)
            continue; /* out of memory: no level counts as measured, the check fails */
        double *steps = share + n + 1, *wrong = steps + n + 1, *look = wrong + n + 1;
        int looked = 0;
        for (int i = 0; i < n; i++) {
            if (e[i].tier != t + 1)
                continue;
            st->levels++;
            if (e[i].lookahead >= 0)
                look[looked++] = e[i].lookahead;
            if (!e[i].has_metrics)
                continue;
            share[st->measured] = e[i].random_win_share;
            steps[st->measured] = e[i].decision_steps;
            wrong[st->measured] = (double)e[i].wrong_moves;
            st->measured++;
        }
        st->random_win_share = median(share, st->measured);
        st->decision_steps = median(steps, st->measured);
        st->wrong_moves = median(wrong, st->measured);
        st->lookahead = median(look, looked);
    }
    free(share);
}

/* A check under construction: a list of offenders appended to the detail, truncated. */
typedef struct {
    compass_campaign_check *c;
    int offenders;
    size_t len;
} builder;

static builder begin(compass_campaign_check *c, const char *name)
{
    c->name = name;
    c->pass = 1;
    c->detail[0] = '\0';
    return (builder){c, 0, 0};
}

static void note(builder *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note(builder *b, const char *fmt, ...)
{
    b->c->pass = 0;
    if (b->offenders++ >= 4)
        return; /* the first four name the problem; the count says how many */
    size_t room = sizeof b->c->detail - b->len;
    if (room <= 1)
        return;
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(b->c->detail + b->len, room, fmt, ap);
    va_end(ap);
    if (w > 0)
        b->len += (size_t)w < room ? (size_t)w : room - 1;
}

/* Ends a check: the summary goes first, then the offenders noted. */
static void finish(builder *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void finish(builder *b, const char *fmt, ...)
{
    char head[160], full[COMPASS_CAMPAIGN_DETAIL_LEN + 256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(head, sizeof head, fmt, ap);
    va_end(ap);
    if (b->offenders == 0)
        snprintf(full, sizeof full, "%s", head);
    else
        snprintf(full, sizeof full, "%s; %d failing: %s%s", head, b->offenders, b->c->detail,
                 b->offenders > 4 ? " ..." : "");
    size_t len = strlen(full);
    while (len > 0 && full[len - 1] == ' ')
        len--;
    if (len >= sizeof b->c->detail)
        len = sizeof b->c->detail - 1;
    memcpy(b->c->detail, full, len);
    b->c->detail[len] = '\0';
}

int compass_campaign_check_all(const compass_campaign_entry *e, int n,
                               compass_campaign_check *checks)
{
    int k = 0;
    builder b;

    b = begin(&checks[k++], "campaign-has-50-levels");
    if (n != COMPASS_CAMPAIGN_LEVELS)
        note(&b, "%d levels", n);
    finish(&b, "%d levels (spec: exactly %d)", n, COMPASS_CAMPAIGN_LEVELS);

    int solvable = 0;
    b = begin(&checks[k++], "all-levels-solvable");
    for (int i = 0; i < n; i++) {
        solvable += e[i].solvable != 0;
        if (!e[i].solvable)
            note(&b, "%s ", e[i].id);
    }
    if (n != COMPASS_CAMPAIGN_LEVELS)
        b.c->pass = 0;
    finish(&b, "%d/%d solvable (spec: 50/50)", solvable, n);

    int distinct = 0;
    b = begin(&checks[k++], "distinct-canonical-hashes");
    for (int i = 0; i < n; i++) {
        int first = 1;
        for (int j = 0; j < i && first; j++)
            if (strcmp(e[i].canonical_hash, e[j].canonical_hash) == 0) {
                first = 0;
                note(&b, "%s repeats %s ", e[i].id, e[j].id);
            }
        distinct += first;
    }
    if (n != COMPASS_CAMPAIGN_LEVELS)
        b.c->pass = 0;
    finish(&b, "%d distinct canonical hashes over %d levels (spec: 50)", distinct, n);

    b = begin(&checks[k++], "no-zero-arrow-board");
    for (int i = 0; i < n; i++)
        if (e[i].arrow_count <= 0)
            note(&b, "%s ", e[i].id);
    finish(&b, "every board has at least one arrow");

    b = begin(&checks[k++], "valid-aperture-schedules");
    for (int i = 0; i < n; i++)
        if (e[i].invalid_schedules)
            note(&b, "%s (%d) ", e[i].id, e[i].invalid_schedules);
    finish(&b, "plain exits open in all phases, windows in one, ports in two");

    b = begin(&checks[k++], "no-idle-apertures");
    for (int i = 0; i < n; i++)
        if (e[i].idle_apertures)
            note(&b, "%s (%d idle) ", e[i].id, e[i].idle_apertures);
    finish(&b, "every window and port schedule changes a reachable release");

    b = begin(&checks[k++], "adjacent-patterns-differ");
    for (int i = 1; i < n; i++)
        if (strcmp(e[i].pattern, e[i - 1].pattern) == 0)
            note(&b, "%s after %s ", e[i].id, e[i - 1].id);
    finish(&b, "consecutive levels use different pattern ids");

    b = begin(&checks[k++], "adjacent-route-signatures-differ");
    for (int i = 1; i < n; i++)
        if (strcmp(e[i].normalized_signature, e[i - 1].normalized_signature) == 0)
            note(&b, "%s after %s ", e[i].id, e[i - 1].id);
    finish(&b, "consecutive levels' solutions differ in normalizedReleaseSignature");

    /* Distinct known names: unknown names never count toward the ten or the six. */
    int pat_seen[COMPASS_PATTERN_COUNT] = {0}, fam_seen[COMPASS_FAMILY_COUNT] = {0};
    int tier_seen[COMPASS_TIER_COUNT] = {0}, pattern_uses[COMPASS_PATTERN_COUNT] = {0};
    int patterns = 0, families = 0, tiers = 0;
    for (int i = 0; i < n; i++) {
        int p = compass_pattern_lookup(e[i].pattern), f = compass_family_lookup(e[i].family);
        if (p >= 0) {
            patterns += !pat_seen[p];
            pat_seen[p] = 1;
            pattern_uses[p]++;
        }
        if (f >= 0) {
            families += !fam_seen[f];
            fam_seen[f] = 1;
        }
        if (e[i].tier >= 1 && e[i].tier <= COMPASS_TIER_COUNT) {
            tiers += !tier_seen[e[i].tier - 1];
            tier_seen[e[i].tier - 1] = 1;
        }
    }
    b = begin(&checks[k++], "ten-patterns");
    for (int i = 0; i < n; i++)
        if (compass_pattern_lookup(e[i].pattern) < 0)
            note(&b, "%s has unknown pattern \"%s\" ", e[i].id, e[i].pattern);
    if (patterns != COMPASS_PATTERN_COUNT)
        b.c->pass = 0;
    finish(&b, "%d of the 10 named patterns present", patterns);

    b = begin(&checks[k++], "six-families");
    for (int i = 0; i < n; i++)
        if (compass_family_lookup(e[i].family) < 0)
            note(&b, "%s has unknown family \"%s\" ", e[i].id, e[i].family);
    if (families != COMPASS_FAMILY_COUNT)
        b.c->pass = 0;
    finish(&b, "%d of the 6 families present", families);

    b = begin(&checks[k++], "four-tiers");
    for (int i = 0; i < n; i++)
        if (e[i].tier < 1 || e[i].tier > COMPASS_TIER_COUNT)
            note(&b, "%s has tier %d ", e[i].id, e[i].tier);
    if (tiers != COMPASS_TIER_COUNT)
        b.c->pass = 0;
    finish(&b, "%d of the 4 tiers present", tiers);

    int most = 0;
    b = begin(&checks[k++], "no-pattern-above-25-percent");
    for (int p = 0; p < COMPASS_PATTERN_COUNT; p++) {
        if (pattern_uses[p] > most)
            most = pattern_uses[p];
        if (n > 0 && pattern_uses[p] * 4 > n)
            note(&b, "%s %d/%d ", compass_pattern_name(p), pattern_uses[p], n);
    }
    finish(&b, "largest pattern share %d/%d", most, n);

    b = begin(&checks[k++], "plan-order");
    for (int i = 0; i < n; i++) {
        compass_plan_entry p = compass_plan_entry_at(i);
        if (strcmp(e[i].pattern, compass_pattern_name(p.pattern)) != 0 ||
            strcmp(e[i].family, compass_family_name(p.family)) != 0 || e[i].tier != p.tier)
            note(&b, "%s is %s/%s/tier %d, plan says %s/%s/tier %d ", e[i].id, e[i].pattern,
                 e[i].family, e[i].tier, compass_pattern_name(p.pattern),
                 compass_family_name(p.family), p.tier);
    }
    finish(&b, "patterns cycle in the listed order with their families; tiers 1-13, 14-26, "
               "27-39, 40-50");

    b = begin(&checks[k++], "initial-phase-zero");
    for (int i = 0; i < n; i++)
        if (e[i].initial_phase != 0)
            note(&b, "%s starts at phase %d ", e[i].id, e[i].initial_phase);
    finish(&b, "every level starts at compass phase 0");

    b = begin(&checks[k++], "family-mechanics");
    for (int i = 0; i < n; i++) {
        int f = compass_family_lookup(e[i].family);
        if (f < 0)
            continue; /* six-families names it */
        unsigned want = compass_family_features(f);
        unsigned have = (e[i].wall_count > 0 ? COMPASS_FEATURE_WALLS : 0u) |
                        (e[i].window_count > 0 ? COMPASS_FEATURE_WINDOWS : 0u) |
                        (e[i].port_count > 0 ? COMPASS_FEATURE_PORTS : 0u);
        int mixed_ok = want != (COMPASS_FEATURE_WINDOWS | COMPASS_FEATURE_PORTS) ||
                       (e[i].solution_uses_window && e[i].solution_uses_port);
        if (have != want || !mixed_ok)
            note(&b, "%s (%s: %d walls, %d windows, %d ports%s) ", e[i].id, e[i].family,
                 e[i].wall_count, e[i].window_count, e[i].port_count,
                 mixed_ok ? "" : ", solution misses a type");
    }
    finish(&b, "each board has exactly its family's walls/windows/ports; windows-ports "
               "solutions leave through both");

    int wall_levels = 0;
    b = begin(&checks[k++], "wall-witnesses");
    for (int i = 0; i < n; i++) {
        if (e[i].wall_count == 0)
            continue;
        wall_levels++;
        if (!e[i].wall_witness)
            note(&b, "%s ", e[i].id);
    }
    finish(&b, "%d wall levels each have a reachable legality-changing wall", wall_levels);

    int typed = 0;
    b = begin(&checks[k++], "schedule-witnesses");
    for (int i = 0; i < n; i++) {
        typed += (e[i].window_count > 0) + (e[i].port_count > 0);
        if (e[i].window_count > 0 && !e[i].window_witness)
            note(&b, "%s windows ", e[i].id);
        if (e[i].port_count > 0 && !e[i].port_witness)
            note(&b, "%s ports ", e[i].id);
    }
    finish(&b, "%d declared aperture types each have a blocked-to-legal schedule witness",
           typed);

    b = begin(&checks[k++], "tier-board-sizes");
    for (int i = 0; i < n; i++) {
        compass_plan_entry p = compass_plan_entry_at(i);
        if (e[i].rows != p.rows || e[i].cols != p.cols)
            note(&b, "%s is %dx%d, tier %d wants %dx%d ", e[i].id, e[i].rows, e[i].cols, p.tier,
                 p.rows, p.cols);
    }
    finish(&b, "tiers 1-2 are 4x4, tiers 3-4 are 5x5");

    b = begin(&checks[k++], "tier-arrow-counts");
    for (int i = 0; i < n; i++) {
        compass_plan_entry p = compass_plan_entry_at(i);
        if (e[i].arrow_count != p.arrows)
            note(&b, "%s has %d arrows, plan wants %d ", e[i].id, e[i].arrow_count, p.arrows);
    }
    finish(&b, "arrow counts alternate 4/5, 5/6, 6/7, 7/8 by tier");

    b = begin(&checks[k++], "path-length-equals-arrow-count");
    for (int i = 0; i < n; i++)
        if (e[i].solvable && e[i].path_length != e[i].arrow_count)
            note(&b, "%s path %d, %d arrows ", e[i].id, e[i].path_length, e[i].arrow_count);
    finish(&b, "every verified solution removes one arrow per release");

    b = begin(&checks[k++], "every-level-has-a-wrong-move");
    for (int i = 0; i < n; i++)
        if (!e[i].has_metrics)
            note(&b, "%s (no metrics) ", e[i].id);
        else if (e[i].random_win_share >= 1 || e[i].wrong_moves < 1)
            note(&b, "%s (randomWinShare %.12g, %lld wrong moves) ", e[i].id,
                 e[i].random_win_share, e[i].wrong_moves);
    finish(&b, "every level has a reachable dead end: randomWinShare < 1 and a wrong move");

    b = begin(&checks[k++], "at-least-two-decision-steps");
    for (int i = 0; i < n; i++)
        if (e[i].decision_steps < COMPASS_GEN_MIN_DECISION_STEPS)
            note(&b, "%s (%d) ", e[i].id, e[i].decision_steps);
    finish(&b, "every solution has at least %d steps with more than one legal release",
           COMPASS_GEN_MIN_DECISION_STEPS);

    compass_campaign_tier_stats st[COMPASS_TIER_COUNT];
    compass_campaign_tier_stats_of(e, n, st);
    b = begin(&checks[k++], "tier-pacing-random-win-share");
    for (int t = 0; t < COMPASS_TIER_COUNT; t++)
        if (!st[t].measured)
            note(&b, "tier %d has no measured level ", t + 1);
        else if (t > 0 && st[t - 1].measured &&
                 !(st[t].random_win_share < st[t - 1].random_win_share))
            note(&b, "tier %d (%.12g) not below tier %d (%.12g) ", t + 1,
                 st[t].random_win_share, t, st[t - 1].random_win_share);
    finish(&b, "median randomWinShare by tier %.12g, %.12g, %.12g, %.12g, each strictly below "
               "the tier before", st[0].random_win_share, st[1].random_win_share,
           st[2].random_win_share, st[3].random_win_share);

    b = begin(&checks[k++], "reverse-construction-verified");
    for (int i = 0; i < n; i++)
        if (!e[i].reverse_verified)
            note(&b, "%s ", e[i].id);
    finish(&b, "every stored reverse solution replays to a win through the production transition");

    int failed = 0;
    for (int i = 0; i < k; i++)
        failed += !checks[i].pass;
    return failed;
}
