/* The Compass Shift evidence record (issue 3 "Solver", compass-shift.md "Real solver and
 * content evidence"): built from a level and its compass_solve result, with every answer
 * (solution, reverse solution, witness paths) replayed through compass_release first. */
#ifndef CORE_COMPASS_EVIDENCE_H
#define CORE_COMPASS_EVIDENCE_H

#include <stddef.h>
#include <cjson/cJSON.h>

#include "compass.h"
#include "compass_metrics.h"
#include "compass_solve.h"
#include "compass_verdict.h"

#define COMPASS_EVIDENCE_FORMAT "compass-shift-evidence/1"

typedef struct {
    int solvable;
    int solver_verified;     /* the solution replayed and won */
    int reverse_present;     /* the level has construction.reverseSolution */
    int reverse_verified;    /* it replayed and won */
    int witnesses_verified;  /* every witness path replayed to its state and re-checked */
    int path_length_ok;      /* pathLength == arrowCount (one removal per release) */
} compass_evidence_verdict;

/* "arrowId@phase>side+lane#kind" for a release of `arrow` in state s that gave r. */
void compass_step_signature(const compass_level *l, const compass_state *s, int arrow,
                            const compass_release_result *r, char *buf, size_t buflen);
/* "side+lane#kind" for apertures[i]. */
void compass_aperture_label(const compass_level *l, int i, char *buf, size_t buflen);

/* normalizedReleaseSignature of a solution: the exit side letter of each release of
 * order[0..len-1] replayed from the start, or "" when it does not replay to a win (the record
 * then lists no solution). No cJSON: safe in parallel regions. */
void compass_normalized_signature(const compass_level *l, const int *order, int len,
                                  char out[COMPASS_MAX_ARROWS + 1]);

/* The evidence record with keys in the order, prefixed by "format", with issue 18's
 * metrics (compass_metrics.h) after deadEndStates, and followed by initialPhase, pattern,
 * family and tier. r must have status COMPASS_SOLVE_DONE. verdict
 * (optional) receives the pass/fail facts. NULL on allocation failure. The figures come from
 * compass_verdict_from_search (default bounds), the one implementation of each. */
cJSON *compass_evidence_json(const compass_level *l, const compass_solve_result *r,
                             compass_evidence_verdict *verdict);
/* The same record from a verdict already computed on r (compass_verdict_from_search): the
 * solver passes its --max-memory to the metric pass and times it. */
cJSON *compass_evidence_from_verdict(const compass_level *l, const compass_solve_result *r,
                                     const compass_verdict *vd, compass_evidence_verdict *verdict);

/* Solves l with the default state bound (compass_solve) and builds its evidence record: the
 * record the solver CLI writes, in memory, for callers that compare levels by it. NULL when
 * the search does not finish or an allocation fails. Uses cJSON: not in parallel regions. */
cJSON *compass_evidence_of(const compass_level *l);

/* A count of release orders as written: a JSON number up to COMPASS_COUNT_JSON_MAX (10^15 - 1),
 * beyond it a string of its decimal digits, so no reader ever rounds it. */
cJSON *compass_count_json(const compass_count *c);

/* 1 when the verdict passes every check the solver enforces: solvable, solution verified,
 * path length = arrow count, witnesses verified, and a present reverse solution verified. */
int compass_evidence_pass(const compass_evidence_verdict *v);

#endif
