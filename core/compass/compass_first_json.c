/* Builds the first-solution record, replaying the solution before writing it. */
#include "compass_first_json.h"

#include "compass_evidence.h"

cJSON *compass_first_json(const compass_level *l, const compass_solve_result *r, int *verified)
{
    int ok = r->solvable && compass_replay_wins(l, r->solution, r->solution_len);
    if (verified)
        *verified = ok;
    cJSON *doc = cJSON_CreateObject();
    if (!doc)
        return NULL;
    cJSON_AddStringToObject(doc, "format", COMPASS_FIRST_FORMAT);
    cJSON_AddStringToObject(doc, "id", l->id);
    cJSON_AddBoolToObject(doc, "solvable", r->solvable);
    cJSON *sol = cJSON_AddArrayToObject(doc, "solution");
    cJSON *sig = cJSON_AddArrayToObject(doc, "releaseSignature");
    compass_state s = compass_initial_state(l);
    for (int i = 0; ok && i < r->solution_len; i++) {
        compass_state next;
        compass_release_result rr = compass_release(l, &s, r->solution[i], &next);
        char buf[96];
        compass_step_signature(l, &s, r->solution[i], &rr, buf, sizeof buf);
        cJSON_AddItemToArray(sol, cJSON_CreateString(l->arrows[r->solution[i]].id));
        cJSON_AddItemToArray(sig, cJSON_CreateString(buf));
        s = next;
    }
    cJSON_AddBoolToObject(doc, "solverVerified", ok);
    cJSON_AddNumberToObject(doc, "stateCount", (double)r->state_count);
    cJSON_AddBoolToObject(doc, "stateCountEnumerated", 0);
    cJSON_AddNumberToObject(doc, "arrowCount", l->arrow_count);
    cJSON_AddNumberToObject(doc, "initialPhase", l->initial_phase);
    return doc;
}
