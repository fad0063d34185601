/* The first-solution record (compass-shift-first/1) written by `solver compass --first`. */
#ifndef CORE_COMPASS_FIRST_JSON_H
#define CORE_COMPASS_FIRST_JSON_H

#include <cjson/cJSON.h>

#include "compass.h"
#include "compass_solve.h"

#define COMPASS_FIRST_FORMAT "compass-shift-first/1"

/* {format, id, solvable, solution, releaseSignature, solverVerified, stateCount,
 * stateCountEnumerated: false, arrowCount, initialPhase} from a compass_solve_first result with
 * status DONE. The solution is replayed through compass_release first: solverVerified says it
 * won, and *verified (optional) receives the same. NULL on allocation failure. */
cJSON *compass_first_json(const compass_level *l, const compass_solve_result *r, int *verified);

#endif
