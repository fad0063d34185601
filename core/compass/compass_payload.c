/* The technical outcome payload, built in the spec's key order. */
#include "compass_payload.h"

#include <stddef.h>

compass_tuning compass_tuning_default(void)
{
    compass_tuning t = {190, 220, 140};
    return t;
}

const char *compass_outcome_name(compass_outcome o)
{
    static const char *const names[COMPASS_OUTCOME_COUNT] = {
        "technically-ready", "needs-technical-revision", "technically-blocked"};
    return (o >= 0 && o < COMPASS_OUTCOME_COUNT) ? names[o] : NULL;
}

cJSON *compass_payload_json(const compass_payload_in *in)
{
    cJSON *p = cJSON_CreateObject(), *tuning = cJSON_CreateObject(),
          *campaign = cJSON_CreateObject();
    if (!p || !tuning || !campaign) {
        cJSON_Delete(p);
        cJSON_Delete(tuning);
        cJSON_Delete(campaign);
        return NULL;
    }
    const char *outcome = compass_outcome_name(in->outcome);
    cJSON_AddStringToObject(p, "status",
                            outcome ? "technical-review-recorded" : "technical-review-pending");
    if (outcome)
        cJSON_AddStringToObject(p, "technicalOutcome", outcome);
    else
        cJSON_AddNullToObject(p, "technicalOutcome");
    cJSON_AddNullToObject(p, "decision");
    cJSON_AddNullToObject(p, "productDecision");
    cJSON_AddStringToObject(p, "build", in->build ? in->build : "");
    cJSON_AddFalseToObject(p, "tuningGraduated");
    cJSON_AddNumberToObject(tuning, "releaseDurationMs", in->tuning.release_ms);
    cJSON_AddNumberToObject(tuning, "compassTurnMs", in->tuning.compass_turn_ms);
    cJSON_AddNumberToObject(tuning, "blockedFeedbackMs", in->tuning.blocked_feedback_ms);
    cJSON_AddItemToObject(p, "tuning", tuning);
    cJSON_AddNumberToObject(campaign, "levels", in->levels);
    cJSON_AddStringToObject(campaign, "currentLevelId",
                            in->current_level_id ? in->current_level_id : "");
    cJSON_AddBoolToObject(campaign, "currentSolverVerified", in->current_solver_verified != 0);
    cJSON_AddItemToObject(p, "campaign", campaign);
    cJSON_AddStringToObject(p, "evidenceBoundary", COMPASS_EVIDENCE_BOUNDARY);
    /* cJSON reports allocation failures only by missing items: check the last one. */
    if (!cJSON_GetObjectItemCaseSensitive(p, "evidenceBoundary")) {
        cJSON_Delete(p);
        return NULL;
    }
    return p;
}
