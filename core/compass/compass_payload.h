/* The technical outcome payload of the Tools sheet (compass-shift.md "Tuning and technical
 * outcome payload"): presentation tuning, the reviewer's in-memory technical outcome and the
 * campaign facts, shaped exactly as the spec shows. Never persisted by anyone. */
#ifndef CORE_COMPASS_PAYLOAD_H
#define CORE_COMPASS_PAYLOAD_H

#include <cjson/cJSON.h>

#define COMPASS_EVIDENCE_BOUNDARY \
    "product-greenlight-requires-separate-owner-decision-with-evidence-and-risk-acceptance"

/* The three technical outcomes a reviewer may record; NONE until one is chosen. */
typedef enum {
    COMPASS_OUTCOME_NONE = -1,
    COMPASS_OUTCOME_READY,    /* "technically-ready" */
    COMPASS_OUTCOME_REVISE,   /* "needs-technical-revision" */
    COMPASS_OUTCOME_BLOCKED,  /* "technically-blocked" */
    COMPASS_OUTCOME_COUNT
} compass_outcome;

/* Presentation timings only: no rule, content record or solver result reads them. */
typedef struct {
    int release_ms, compass_turn_ms, blocked_feedback_ms;
} compass_tuning;

/* The spec's defaults: 190, 220, 140 ms. */
compass_tuning compass_tuning_default(void);

/* "technically-ready", "needs-technical-revision", "technically-blocked"; NULL for NONE. */
const char *compass_outcome_name(compass_outcome o);

typedef struct {
    compass_outcome outcome;
    const char *build;            /* the player's version */
    compass_tuning tuning;
    int levels;                   /* levels in the campaign (1 for a single --level file) */
    const char *current_level_id;
    int current_solver_verified;  /* the current level's evidence says solverVerified */
} compass_payload_in;

/* The payload, keys in the spec's order. status is "technical-review-recorded" once an
 * outcome is chosen and "technical-review-pending" (technicalOutcome null) before;
 * decision and productDecision are always null and tuningGraduated always false. NULL on
 * allocation failure. */
cJSON *compass_payload_json(const compass_payload_in *in);

#endif
