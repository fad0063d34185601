/* The Tools sheet's payload (compass-shift.md "Tuning and technical outcome payload"). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "compass/compass_payload.h"

static compass_payload_in sample(compass_outcome o)
{
    compass_payload_in in = {o, "v1.2.3", compass_tuning_default(), 50, "cs-01-four-winds", 1};
    return in;
}

Test(compass_payload, the_recorded_payload_has_the_spec_shape_and_key_order)
{
    compass_payload_in in = sample(COMPASS_OUTCOME_READY);
    cJSON *p = compass_payload_json(&in);
    char *text = cJSON_PrintUnformatted(p);
    cr_assert_str_eq(text,
                     "{\"status\":\"technical-review-recorded\",\"technicalOutcome\":"
                     "\"technically-ready\",\"decision\":null,\"productDecision\":null,"
                     "\"build\":\"v1.2.3\",\"tuningGraduated\":false,\"tuning\":{"
                     "\"releaseDurationMs\":190,\"compassTurnMs\":220,\"blockedFeedbackMs\":140},"
                     "\"campaign\":{\"levels\":50,\"currentLevelId\":\"cs-01-four-winds\","
                     "\"currentSolverVerified\":true},\"evidenceBoundary\":\"product-greenlight-"
                     "requires-separate-owner-decision-with-evidence-and-risk-acceptance\"}");
    free(text);
    cJSON_Delete(p);
}

Test(compass_payload, decision_and_product_decision_stay_null_for_every_outcome)
{
    for (int o = COMPASS_OUTCOME_NONE; o < COMPASS_OUTCOME_COUNT; o++) {
        compass_payload_in in = sample((compass_outcome)o);
        cJSON *p = compass_payload_json(&in);
        cr_assert(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(p, "decision")));
        cr_assert(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(p, "productDecision")));
        cr_assert(cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(p, "tuningGraduated")));
        const cJSON *t = cJSON_GetObjectItemCaseSensitive(p, "technicalOutcome");
        if (o == COMPASS_OUTCOME_NONE)
            cr_assert(cJSON_IsNull(t));
        else
            cr_assert_str_eq(t->valuestring, compass_outcome_name((compass_outcome)o));
        cJSON_Delete(p);
    }
}

Test(compass_payload, tuning_values_are_copied_as_given)
{
    compass_payload_in in = sample(COMPASS_OUTCOME_BLOCKED);
    in.tuning.compass_turn_ms = 400;
    in.current_solver_verified = 0;
    cJSON *p = compass_payload_json(&in);
    cJSON *t = cJSON_GetObjectItemCaseSensitive(p, "tuning");
    cr_assert_eq(cJSON_GetObjectItemCaseSensitive(t, "compassTurnMs")->valueint, 400);
    cJSON *c = cJSON_GetObjectItemCaseSensitive(p, "campaign");
    cr_assert(cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(c, "currentSolverVerified")));
    cJSON_Delete(p);
}

Test(compass_payload, the_three_outcomes_have_distinct_names)
{
    cr_assert_str_eq(compass_outcome_name(COMPASS_OUTCOME_READY), "technically-ready");
    cr_assert_str_neq(compass_outcome_name(COMPASS_OUTCOME_REVISE),
                      compass_outcome_name(COMPASS_OUTCOME_BLOCKED));
    cr_assert_null(compass_outcome_name(COMPASS_OUTCOME_NONE));
}
