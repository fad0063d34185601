/* Helpers shared by the Compass Shift unit tests (a header: every tests/ .c file is a unit). */
#ifndef TESTS_COMPASS_TEST_UTIL_H
#define TESTS_COMPASS_TEST_UTIL_H

#include <criterion/criterion.h>
#include <string.h>

#include "compass/compass.h"
#include "compass/compass_json.h"
#include "jsonio.h"

/* Parses a level from JSON text through the production loader; the test fails with the
 * loader's message when the fixture does not load. */
static inline compass_level compass_test_load(const char *text)
{
    char err[512] = "";
    compass_level l;
    cJSON *doc = jsonio_parse(text, strlen(text), "test", err, sizeof err);
    cr_assert(doc, "%s", err);
    int rc = compass_level_from_json(doc, "test.json", &l, err, sizeof err);
    cJSON_Delete(doc);
    cr_assert_eq(rc, 0, "%s", err);
    return l;
}

/* A level as JSON text in a test: LEVEL(rows, cols, "\"walls\":...,\"apertures\":...,
 * \"arrows\":...") with initial phase 0; PLAIN(side, lane) is a plain exit. */
#define LEVEL(rows, cols, body)                                                               \
    "{\"format\":\"compass-shift-level/1\",\"id\":\"t\",\"rows\":" #rows ",\"cols\":" #cols      \
    ",\"initialPhase\":0," body "}"
#define PLAIN(side, lane) "{\"side\":\"" side "\",\"lane\":" #lane ",\"kind\":\"plain\"}"

#endif
