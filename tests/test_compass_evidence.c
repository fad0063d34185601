/* Compass Shift evidence record (issue 3 "Solver" evidence keys; compass-shift.md "Every
 * answer is replayed" via the guide): fields along the solution and replay verdicts. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "compass/compass.h"
#include "compass/compass_evidence.h"
#include "compass/compass_json.h"
#include "compass/compass_solve.h"
#include "jsonio.h"

#include "compass_test_util.h"

static cJSON *evidence(const compass_level *l, compass_evidence_verdict *v)
{
    compass_solve_result r;
    cr_assert_eq(compass_solve(l, NULL, &r), COMPASS_SOLVE_DONE);
    cJSON *doc = compass_evidence_json(l, &r, v);
    cr_assert(doc);
    return doc;
}

static char *field(const cJSON *doc, const char *key)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(doc, key);
    cr_assert(item, "missing %s", key);
    return cJSON_PrintUnformatted(item);
}

#define EXPECT_FIELD(doc, key, want)                                                          \
    do {                                                                                      \
        char *got_ = field(doc, key);                                                         \
        cr_expect_str_eq(got_, want, "%s", key);                                              \
        free(got_);                                                                           \
    } while (0)

/* b leaves E at phase 0, then a (base W) points N at phase 1 through the phase-1 window. */
static const char pair_window[] =
    "{\"format\":\"compass-shift-level/1\",\"id\":\"pair\",\"rows\":1,\"cols\":2,\"initialPhase\":0,"
    "\"walls\":[],\"apertures\":[{\"side\":\"W\",\"lane\":0,\"kind\":\"plain\"},"
    "{\"side\":\"E\",\"lane\":0,\"kind\":\"plain\"},"
    "{\"side\":\"N\",\"lane\":0,\"kind\":\"window\",\"phases\":[1]}],"
    "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"W\"},"
    "{\"id\":\"b\",\"row\":0,\"col\":1,\"dir\":\"E\"}],"
    "\"construction\":{\"seed\":7,\"attempt\":2,\"reverseSolution\":[\"b\",\"a\"]}}";

Test(compass_evidence, keys_come_in_the_issue_order)
{
    compass_level l = compass_test_load(pair_window);
    cJSON *doc = evidence(&l, NULL);
    static const char *const keys[] = {
        "format", "id", "solvable", "solution", "stateCount", "deadEndStates",
        "winningOrders", "terminalOrders", "randomWinShare", "decisionSteps", "wrongMoves", "lookahead", "lastTrapStep", "greedyWins", "randomScanWinShare",
        "releaseSignature", "normalizedReleaseSignature", "phaseSequence", "apertureSequence",
        "choicePoints", "pathLength", "boardEncoding", "canonicalHash", "arrowCount",
        "wallCount", "apertureTypes", "mechanicFlags", "solverVerified",
        "reverseConstructionVerified", "wallImpact", "scheduleImpact", "idleApertures",
        "apertureReach", "initialPhase", "pattern", "family", "tier", NULL};
    const cJSON *c = doc->child;
    for (int i = 0; keys[i]; i++, c = c->next) {
        cr_assert(c, "record ends before %s", keys[i]);
        cr_expect_str_eq(c->string, keys[i]);
    }
    cr_expect_null(c, "no keys after tier");
    cJSON_Delete(doc);
}

Test(compass_evidence, the_solution_fields_come_from_its_replay)
{
    compass_level l = compass_test_load(pair_window);
    compass_evidence_verdict v;
    cJSON *doc = evidence(&l, &v);
    EXPECT_FIELD(doc, "solution", "[\"b\",\"a\"]");
    EXPECT_FIELD(doc, "stateCount", "4");
    EXPECT_FIELD(doc, "deadEndStates", "1");
    /* a first strands b: one of the two orders wins, half the random taps, one wrong move. */
    EXPECT_FIELD(doc, "winningOrders", "1");
    EXPECT_FIELD(doc, "terminalOrders", "2");
    EXPECT_FIELD(doc, "randomWinShare", "0.5");
    EXPECT_FIELD(doc, "decisionSteps", "1");
    EXPECT_FIELD(doc, "wrongMoves", "1");
    EXPECT_FIELD(doc, "releaseSignature", "[\"b@0>E+0#plain\",\"a@1>N+0#window\"]");
    EXPECT_FIELD(doc, "normalizedReleaseSignature", "\"EN\"");
    EXPECT_FIELD(doc, "phaseSequence", "[0,1,2]");
    EXPECT_FIELD(doc, "apertureSequence", "[\"E+0#plain\",\"N+0#window\"]");
    EXPECT_FIELD(doc, "choicePoints",
                 "[{\"step\":0,\"count\":2,\"choices\":[\"a\",\"b\"]},"
                 "{\"step\":1,\"count\":1,\"choices\":[\"a\"]}]");
    EXPECT_FIELD(doc, "pathLength", "2");
    EXPECT_FIELD(doc, "apertureTypes", "[\"plain\",\"window\"]");
    EXPECT_FIELD(doc, "mechanicFlags",
                 "{\"walls\":false,\"windows\":true,\"ports\":false,"
                 "\"solutionUsesWindow\":true,\"solutionUsesPort\":false}");
    EXPECT_FIELD(doc, "solverVerified", "true");
    EXPECT_FIELD(doc, "reverseConstructionVerified", "true");
    EXPECT_FIELD(doc, "wallImpact", "null");
    /* The window is reached only when open, so no schedule witness exists. */
    EXPECT_FIELD(doc, "scheduleImpact", "{\"window\":null}");
    EXPECT_FIELD(doc, "idleApertures", "[]");
    cr_expect(v.solvable && v.solver_verified && v.reverse_verified && v.path_length_ok);
    cr_expect(compass_evidence_pass(&v));
    cJSON_Delete(doc);
}

Test(compass_evidence, a_reverse_solution_that_does_not_win_is_not_verified)
{
    compass_level l = compass_test_load(pair_window);
    l.reverse_solution[0] = 0; /* a first strands b */
    l.reverse_solution[1] = 1;
    compass_evidence_verdict v;
    cJSON *doc = evidence(&l, &v);
    EXPECT_FIELD(doc, "reverseConstructionVerified", "false");
    cr_expect(v.reverse_present);
    cr_expect_not(v.reverse_verified);
    cr_expect_not(compass_evidence_pass(&v));
    cJSON_Delete(doc);
    l.has_construction = 0; /* absent: false, but not a failure */
    doc = evidence(&l, &v);
    EXPECT_FIELD(doc, "reverseConstructionVerified", "false");
    cr_expect(compass_evidence_pass(&v));
    cJSON_Delete(doc);
}

Test(compass_evidence, witnesses_name_the_state_the_arrow_and_the_relaxed_release)
{
    compass_level l = compass_test_load(
        "{\"format\":\"compass-shift-level/1\",\"id\":\"w\",\"rows\":2,\"cols\":3,\"initialPhase\":0,"
        "\"walls\":[[0,1]],\"apertures\":[{\"side\":\"S\",\"lane\":2,\"kind\":\"plain\"},"
        "{\"side\":\"E\",\"lane\":0,\"kind\":\"window\",\"phases\":[1]},"
        "{\"side\":\"W\",\"lane\":1,\"kind\":\"port\",\"phases\":[1,2]}],"
        "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"},"
        "{\"id\":\"b\",\"row\":1,\"col\":2,\"dir\":\"S\"}]}");
    compass_evidence_verdict v;
    cJSON *doc = evidence(&l, &v);
    EXPECT_FIELD(doc, "solvable", "false");
    EXPECT_FIELD(doc, "winningOrders", "0");
    EXPECT_FIELD(doc, "randomWinShare", "0");
    EXPECT_FIELD(doc, "decisionSteps", "0");
    EXPECT_FIELD(doc, "wallImpact",
                 "{\"path\":[\"b\"],\"remaining\":[\"a\"],\"phase\":1,\"arrow\":\"a\","
                 "\"wall\":[0,1],\"relaxedRelease\":\"a@1>E+0#window\"}");
    EXPECT_FIELD(doc, "scheduleImpact", "{\"window\":null,\"port\":null}");
    EXPECT_FIELD(doc, "idleApertures", "[\"E+0#window\",\"W+1#port\"]");
    cr_expect(v.witnesses_verified);
    cr_expect_not(compass_evidence_pass(&v));
    cJSON_Delete(doc);
}

/* winningOrders and terminalOrders: exact JSON integers below 10^15, decimal strings from there,
 * so neither cJSON's 15-digit printing nor a reader holding numbers as doubles rounds one. */
Test(compass_evidence, counts_from_ten_to_the_15_are_written_as_decimal_strings)
{
    compass_count c = compass_count_of(COMPASS_COUNT_JSON_MAX);
    cJSON *item = compass_count_json(&c);
    char *s = cJSON_PrintUnformatted(item);
    cr_expect_str_eq(s, "999999999999999");
    free(s);
    cJSON_Delete(item);
    compass_count one = compass_count_of(1);
    compass_count_add(&c, &one);
    item = compass_count_json(&c);
    cr_expect(cJSON_IsString(item));
    cr_expect_str_eq(item->valuestring, "1000000000000000");
    cJSON_Delete(item);
}
