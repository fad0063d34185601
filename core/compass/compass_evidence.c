/* Builds the Compass Shift evidence record, replaying every answer before writing it. */
#include "compass_evidence.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compass_canon.h"

void compass_aperture_label(const compass_level *l, int i, char *buf, size_t buflen)
{
    const compass_aperture *a = &l->apertures[i];
    snprintf(buf, buflen, "%s+%d#%s", compass_dir_name(a->side), a->lane,
             compass_aperture_kind_name(a->kind));
}

void compass_step_signature(const compass_level *l, const compass_state *s, int arrow,
                            const compass_release_result *r, char *buf, size_t buflen)
{
    snprintf(buf, buflen, "%s@%d>%s+%d#%s", l->arrows[arrow].id, s->phase,
             compass_dir_name(r->exit_side), r->exit_lane,
             r->aperture >= 0 ? compass_aperture_kind_name(l->apertures[r->aperture].kind)
                              : "closed");
}

static cJSON *id_list(const compass_level *l, const int *order, int len)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < len; i++)
        cJSON_AddItemToArray(a, cJSON_CreateString(l->arrows[order[i]].id));
    return a;
}

static cJSON *remaining_ids(const compass_level *l, uint64_t remaining)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < l->arrow_count; i++)
        if ((remaining >> i) & 1)
            cJSON_AddItemToArray(a, cJSON_CreateString(l->arrows[i].id));
    return a;
}

/* Re-derives a witness from its path alone: the path must reach the recorded state, the
 * arrow must be blocked there for the recorded reason and legal under the relaxation. */
static int witness_holds(const compass_level *l, const compass_witness *w, unsigned relax,
                         compass_release_status reason)
{
    compass_state end;
    if (compass_replay(l, w->path, w->path_len, &end) != w->path_len ||
        end.remaining != w->state.remaining || end.phase != w->state.phase)
        return 0;
    compass_release_result b = compass_release(l, &end, w->arrow, NULL);
    compass_release_result r = compass_release_relaxed(l, &end, w->arrow, relax, NULL);
    return b.status == reason && r.status == COMPASS_RELEASED;
}

/* {path, remaining, phase, arrow, blocker|aperture, relaxedRelease}, or null. */
static cJSON *witness_json(const compass_level *l, const compass_witness *w, unsigned relax,
                           compass_release_status reason, int *ok)
{
    if (!w->found)
        return cJSON_CreateNull();
    if (!witness_holds(l, w, relax, reason)) {
        *ok = 0;
        return cJSON_CreateNull();
    }
    cJSON *o = cJSON_CreateObject();
    cJSON_AddItemToObject(o, "path", id_list(l, w->path, w->path_len));
    cJSON_AddItemToObject(o, "remaining", remaining_ids(l, w->state.remaining));
    cJSON_AddNumberToObject(o, "phase", w->state.phase);
    cJSON_AddStringToObject(o, "arrow", l->arrows[w->arrow].id);
    char buf[96];
    if (reason == COMPASS_BLOCKED_WALL) {
        int cell[2] = {w->blocked.blocker_row, w->blocked.blocker_col};
        cJSON_AddItemToObject(o, "wall", cJSON_CreateIntArray(cell, 2));
    } else {
        compass_aperture_label(l, w->blocked.aperture, buf, sizeof buf);
        cJSON_AddStringToObject(o, "aperture", buf);
    }
    compass_step_signature(l, &w->state, w->arrow, &w->relaxed, buf, sizeof buf);
    cJSON_AddStringToObject(o, "relaxedRelease", buf);
    return o;
}

cJSON *compass_count_json(const compass_count *c)
{
    uint64_t v;
    if (compass_count_u64(c, &v) && v <= COMPASS_COUNT_JSON_MAX)
        return cJSON_CreateNumber((double)v);
    char digits[COMPASS_COUNT_DIGITS + 1];
    compass_count_decimal(c, digits, sizeof digits);
    return cJSON_CreateString(digits);
}

/* winningOrders, terminalOrders, randomWinShare, decisionSteps and wrongMoves, then issue
 * 31's lookahead, lastTrapStep, greedyWins and randomScanWinShare, all from the verdict but
 * the scan share; the graph measures are null when the metric pass stopped at its memory
 * bound (m.status not DONE), the scan share beyond COMPASS_SCAN_MAX_ARROWS arrows. */
static void add_metrics(cJSON *doc, const compass_level *l, int steps, const compass_verdict *vd)
{
    const compass_metrics m = vd->metrics;
    if (m.status == COMPASS_SOLVE_DONE) {
        cJSON_AddItemToObject(doc, "winningOrders", compass_count_json(&m.winning_orders));
        cJSON_AddItemToObject(doc, "terminalOrders", compass_count_json(&m.terminal_orders));
        cJSON_AddNumberToObject(doc, "randomWinShare", compass_share_rounded(m.random_win_share));
    } else {
        cJSON_AddNullToObject(doc, "winningOrders");
        cJSON_AddNullToObject(doc, "terminalOrders");
        cJSON_AddNullToObject(doc, "randomWinShare");
    }
    cJSON_AddNumberToObject(doc, "decisionSteps", steps ? vd->decision_steps : 0);
    if (m.status == COMPASS_SOLVE_DONE)
        cJSON_AddNumberToObject(doc, "wrongMoves", (double)m.wrong_moves);
    else
        cJSON_AddNullToObject(doc, "wrongMoves");
    if (m.status == COMPASS_SOLVE_DONE) {
        cJSON_AddNumberToObject(doc, "lookahead", m.lookahead);
        if (m.last_trap_step >= 0)
            cJSON_AddNumberToObject(doc, "lastTrapStep", m.last_trap_step);
        else
            cJSON_AddNullToObject(doc, "lastTrapStep");
    } else {
        cJSON_AddNullToObject(doc, "lookahead");
        cJSON_AddNullToObject(doc, "lastTrapStep");
    }
    cJSON_AddBoolToObject(doc, "greedyWins", vd->greedy_wins);
    double scan;
    if (compass_scan_win_share(l, &scan) == 0)
        cJSON_AddNumberToObject(doc, "randomScanWinShare", compass_share_rounded(scan));
    else
        cJSON_AddNullToObject(doc, "randomScanWinShare");
}

/* apertureReach: per window and port, the arrows whose ray reaches it in some reachable
 * state, each with the one phase in which it faces that side and whether the schedule lets
 * it through then, and whether the aperture tells two of them apart. Empty when the metrics
 * did not finish. */
static cJSON *aperture_reach_json(const compass_level *l, const compass_metrics *m)
{
    cJSON *list = cJSON_CreateArray();
    for (int k = 0; m->status == COMPASS_SOLVE_DONE && k < l->aperture_count; k++) {
        const compass_aperture *a = &l->apertures[k];
        if (a->kind == COMPASS_APERTURE_PLAIN)
            continue;
        cJSON *o = cJSON_CreateObject(), *arrows = cJSON_CreateArray();
        char buf[32];
        compass_aperture_label(l, k, buf, sizeof buf);
        cJSON_AddStringToObject(o, "aperture", buf);
        for (int i = 0; i < l->arrow_count; i++) {
            if (!((m->aperture_reachers[k] >> i) & 1))
                continue;
            int p = compass_facing_phase(l, i, a->side);
            cJSON *e = cJSON_CreateObject();
            cJSON_AddStringToObject(e, "arrow", l->arrows[i].id);
            cJSON_AddNumberToObject(e, "phase", p);
            cJSON_AddBoolToObject(e, "passes", (a->phase_mask >> p) & 1);
            cJSON_AddItemToArray(arrows, e);
        }
        cJSON_AddItemToObject(o, "arrows", arrows);
        cJSON_AddBoolToObject(o, "tellsApart",
                              compass_aperture_tells_apart(l, k, m->aperture_reachers[k]));
        cJSON_AddItemToArray(list, o);
    }
    return list;
}

void compass_normalized_signature(const compass_level *l, const int *order, int len,
                                  char out[COMPASS_MAX_ARROWS + 1])
{
    out[0] = '\0';
    if (!compass_replay_wins(l, order, len))
        return;
    compass_state s = compass_initial_state(l);
    for (int i = 0; i < len; i++) {
        compass_state next;
        out[i] = compass_dir_name(compass_release(l, &s, order[i], &next).exit_side)[0];
        s = next;
    }
    out[len] = '\0';
}

int compass_evidence_pass(const compass_evidence_verdict *v)
{
    return v->solvable && v->solver_verified && v->path_length_ok && v->witnesses_verified &&
           (!v->reverse_present || v->reverse_verified);
}

cJSON *compass_evidence_json(const compass_level *l, const compass_solve_result *r,
                             compass_evidence_verdict *verdict)
{
    compass_verdict *vd = malloc(sizeof *vd);
    if (!vd)
        return NULL;
    compass_verdict_from_search(l, r, NULL, vd);
    cJSON *doc = compass_evidence_from_verdict(l, r, vd, verdict);
    free(vd);
    return doc;
}

cJSON *compass_evidence_from_verdict(const compass_level *l, const compass_solve_result *r,
                                     const compass_verdict *vd, compass_evidence_verdict *verdict)
{
    compass_evidence_verdict v = {0};
    v.solvable = r->solvable;
    v.solver_verified = r->solvable && compass_replay_wins(l, r->solution, r->solution_len);
    v.reverse_present = l->has_construction;
    v.reverse_verified =
        l->has_construction && compass_replay_wins(l, l->reverse_solution, l->reverse_len);
    v.path_length_ok = v.solver_verified && r->solution_len == l->arrow_count;
    v.witnesses_verified = 1;

    cJSON *doc = cJSON_CreateObject();
    if (!doc)
        return NULL;
    cJSON_AddStringToObject(doc, "format", COMPASS_EVIDENCE_FORMAT);
    cJSON_AddStringToObject(doc, "id", l->id);
    cJSON_AddBoolToObject(doc, "solvable", r->solvable);
    int steps = v.solver_verified ? r->solution_len : 0;
    cJSON_AddItemToObject(doc, "solution", id_list(l, r->solution, steps));
    cJSON_AddNumberToObject(doc, "stateCount", (double)r->state_count);
    cJSON_AddNumberToObject(doc, "deadEndStates", (double)r->dead_end_states);
    add_metrics(doc, l, steps, vd);

    /* Everything along the solution comes from replaying it through compass_release. */
    cJSON *sig = cJSON_CreateArray(), *phases = cJSON_CreateArray(),
          *apertures = cJSON_CreateArray(), *choices = cJSON_CreateArray();
    char normalized[COMPASS_MAX_ARROWS + 1];
    compass_normalized_signature(l, r->solution, steps, normalized);
    int uses_window = 0, uses_port = 0;
    compass_state s = compass_initial_state(l);
    for (int i = 0; i < steps; i++) {
        cJSON_AddItemToArray(phases, cJSON_CreateNumber(s.phase));
        cJSON *cp = cJSON_CreateObject(), *legal = cJSON_CreateArray();
        int count = 0;
        for (int a = 0; a < l->arrow_count; a++)
            if (compass_release(l, &s, a, NULL).status == COMPASS_RELEASED) {
                cJSON_AddItemToArray(legal, cJSON_CreateString(l->arrows[a].id));
                count++;
            }
        cJSON_AddNumberToObject(cp, "step", i);
        cJSON_AddNumberToObject(cp, "count", count);
        cJSON_AddItemToObject(cp, "choices", legal);
        cJSON_AddItemToArray(choices, cp);

        compass_state next;
        compass_release_result rr = compass_release(l, &s, r->solution[i], &next);
        char buf[96];
        compass_step_signature(l, &s, r->solution[i], &rr, buf, sizeof buf);
        cJSON_AddItemToArray(sig, cJSON_CreateString(buf));
        compass_aperture_label(l, rr.aperture, buf, sizeof buf);
        cJSON_AddItemToArray(apertures, cJSON_CreateString(buf));
        uses_window |= l->apertures[rr.aperture].kind == COMPASS_APERTURE_WINDOW;
        uses_port |= l->apertures[rr.aperture].kind == COMPASS_APERTURE_PORT;
        s = next;
    }
    cJSON_AddItemToArray(phases, cJSON_CreateNumber(s.phase));
    cJSON_AddItemToObject(doc, "releaseSignature", sig);
    cJSON_AddStringToObject(doc, "normalizedReleaseSignature", normalized);
    cJSON_AddItemToObject(doc, "phaseSequence", phases);
    cJSON_AddItemToObject(doc, "apertureSequence", apertures);
    cJSON_AddItemToObject(doc, "choicePoints", choices);
    cJSON_AddNumberToObject(doc, "pathLength", steps);

    char enc[COMPASS_ENCODING_MAX], hex[17];
    compass_board_encoding(l, enc);
    compass_canonical_hash(l, hex);
    cJSON_AddStringToObject(doc, "boardEncoding", enc);
    cJSON_AddStringToObject(doc, "canonicalHash", hex);

    int walls = compass_wall_count(l), kinds[3] = {0, 0, 0};
    for (int i = 0; i < l->aperture_count; i++)
        kinds[l->apertures[i].kind] = 1;
    cJSON_AddNumberToObject(doc, "arrowCount", l->arrow_count);
    cJSON_AddNumberToObject(doc, "wallCount", walls);
    cJSON *types = cJSON_AddArrayToObject(doc, "apertureTypes");
    for (int k = 0; k < 3; k++)
        if (kinds[k])
            cJSON_AddItemToArray(types, cJSON_CreateString(compass_aperture_kind_names[k]));
    cJSON *flags = cJSON_AddObjectToObject(doc, "mechanicFlags");
    cJSON_AddBoolToObject(flags, "walls", walls > 0);
    cJSON_AddBoolToObject(flags, "windows", kinds[COMPASS_APERTURE_WINDOW]);
    cJSON_AddBoolToObject(flags, "ports", kinds[COMPASS_APERTURE_PORT]);
    cJSON_AddBoolToObject(flags, "solutionUsesWindow", uses_window);
    cJSON_AddBoolToObject(flags, "solutionUsesPort", uses_port);
    cJSON_AddBoolToObject(doc, "solverVerified", v.solver_verified);
    cJSON_AddBoolToObject(doc, "reverseConstructionVerified", v.reverse_verified);

    /* Witnesses only where the mechanic exists: a wall witness on a wall level, a schedule
     * witness per aperture kind present. */
    if (walls)
        cJSON_AddItemToObject(doc, "wallImpact",
                              witness_json(l, &r->wall_impact, COMPASS_RELAX_WALLS,
                                           COMPASS_BLOCKED_WALL, &v.witnesses_verified));
    else
        cJSON_AddNullToObject(doc, "wallImpact");
    cJSON *sched = cJSON_AddObjectToObject(doc, "scheduleImpact");
    if (kinds[COMPASS_APERTURE_WINDOW])
        cJSON_AddItemToObject(sched, "window",
                              witness_json(l, &r->window_impact, COMPASS_RELAX_WINDOWS,
                                           COMPASS_BLOCKED_APERTURE_PHASE,
                                           &v.witnesses_verified));
    if (kinds[COMPASS_APERTURE_PORT])
        cJSON_AddItemToObject(sched, "port",
                              witness_json(l, &r->port_impact, COMPASS_RELAX_PORTS,
                                           COMPASS_BLOCKED_APERTURE_PHASE,
                                           &v.witnesses_verified));
    cJSON *idle = cJSON_AddArrayToObject(doc, "idleApertures");
    for (int i = 0; i < l->aperture_count; i++)
        if (l->apertures[i].kind != COMPASS_APERTURE_PLAIN && !r->aperture_reached[i]) {
            char buf[32];
            compass_aperture_label(l, i, buf, sizeof buf);
            cJSON_AddItemToArray(idle, cJSON_CreateString(buf));
        }
    cJSON_AddItemToObject(doc, "apertureReach", aperture_reach_json(l, &vd->metrics));

    cJSON_AddNumberToObject(doc, "initialPhase", l->initial_phase);
    if (l->pattern[0])
        cJSON_AddStringToObject(doc, "pattern", l->pattern);
    else
        cJSON_AddNullToObject(doc, "pattern");
    if (l->family[0])
        cJSON_AddStringToObject(doc, "family", l->family);
    else
        cJSON_AddNullToObject(doc, "family");
    if (l->tier)
        cJSON_AddNumberToObject(doc, "tier", l->tier);
    else
        cJSON_AddNullToObject(doc, "tier");
    if (verdict)
        *verdict = v;
    return doc;
}

cJSON *compass_evidence_of(const compass_level *l)
{
    compass_solve_result r;
    return compass_solve(l, NULL, &r) == COMPASS_SOLVE_DONE ? compass_evidence_json(l, &r, NULL)
                                                            : NULL;
}
