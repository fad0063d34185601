/* Helpers shared by the Compass Shift unit tests (a header: every tests/ .c file is a unit). */
#ifndef TESTS_COMPASS_TEST_UTIL_H
#define TESTS_COMPASS_TEST_UTIL_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "compass/compass.h"
#include "compass/compass_json.h"
#include "jsonio.h"
#include "rng.h"

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

/* Four arrows on the diagonal of an all-plain 4x4 board: no ray ever meets another arrow, so
 * every subset is reachable (2^4 states), every one of the 4! orders wins and no tap is
 * ever wrong. */
static const char diagonal[] = LEVEL(4, 4,
    "\"walls\":[],\"apertures\":["
    PLAIN("N",0) "," PLAIN("N",1) "," PLAIN("N",2) "," PLAIN("N",3) ","
    PLAIN("E",0) "," PLAIN("E",1) "," PLAIN("E",2) "," PLAIN("E",3) ","
    PLAIN("S",0) "," PLAIN("S",1) "," PLAIN("S",2) "," PLAIN("S",3) ","
    PLAIN("W",0) "," PLAIN("W",1) "," PLAIN("W",2) "," PLAIN("W",3) "],"
    "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"},"
    "{\"id\":\"b\",\"row\":1,\"col\":1,\"dir\":\"E\"},"
    "{\"id\":\"c\",\"row\":2,\"col\":2,\"dir\":\"S\"},"
    "{\"id\":\"d\",\"row\":3,\"col\":3,\"dir\":\"W\"}]");

/* Issue 3's example level: a wall, a plain exit, a window, a port and construction metadata. */
static const char example_level[] =
    "{ \"format\": \"compass-shift-level/1\", \"id\": \"cs-01-four-winds\", \"index\": 1,"
    "  \"pattern\": \"four-winds\", \"family\": \"open-water\", \"tier\": 1,"
    "  \"rows\": 4, \"cols\": 4, \"initialPhase\": 0,"
    "  \"walls\": [[1, 2]],"
    "  \"apertures\": [ {\"side\": \"N\", \"lane\": 0, \"kind\": \"plain\"},"
    "                 {\"side\": \"E\", \"lane\": 1, \"kind\": \"window\", \"phases\": [2]},"
    "                 {\"side\": \"S\", \"lane\": 3, \"kind\": \"port\", \"phases\": [1, 3]} ],"
    "  \"arrows\": [ {\"id\": \"a1\", \"row\": 0, \"col\": 0, \"dir\": \"E\"} ],"
    "  \"construction\": { \"seed\": 1, \"attempt\": 0, \"reverseSolution\": [\"a1\"] } }";

/* A random valid board: side x side, `arrows` (at most side^2) arrows on random cells, about
 * one other cell in `wall_every` a wall, each lane closed (1 in 5), plain (2 in 5), a window or
 * a port, any initial phase. */
static inline compass_level compass_test_random(rng_t *g, int side, int arrows, int wall_every)
{
    compass_level l;
    memset(&l, 0, sizeof l);
    l.rows = l.cols = side;
    l.initial_phase = (int)rng_pick(g, 4);
    int cells[COMPASS_MAX_SIDE * COMPASS_MAX_SIDE], free_cells = 0; /* arrows placed */
    for (int i = 0; i < side * side; i++)
        cells[i] = i;
    for (int i = side * side - 1; i > 0; i--) {
        int j = (int)rng_pick(g, (uint32_t)i + 1), t = cells[i];
        cells[i] = cells[j];
        cells[j] = t;
    }
    for (int i = 0; i < side * side; i++) {
        int r = cells[i] / side, c = cells[i] % side;
        if (free_cells < arrows) {
            compass_arrow *a = &l.arrows[free_cells++];
            snprintf(a->id, sizeof a->id, "a%d", free_cells);
            a->row = r;
            a->col = c;
            a->dir = (compass_dir)rng_pick(g, 4);
        } else if (rng_pick(g, (uint32_t)wall_every) == 0) {
            l.wall[r][c] = 1;
        }
    }
    l.arrow_count = free_cells;
    for (int side_i = 0; side_i < 4; side_i++)
        for (int lane = 0; lane < side; lane++) {
            uint32_t k = rng_pick(g, 5);
            if (k == 0)
                continue;
            compass_aperture *ap = &l.apertures[l.aperture_count++];
            ap->side = (compass_dir)side_i;
            ap->lane = lane;
            ap->kind = k <= 2 ? COMPASS_APERTURE_PLAIN
                       : k == 3 ? COMPASS_APERTURE_WINDOW : COMPASS_APERTURE_PORT;
            if (ap->kind == COMPASS_APERTURE_PLAIN)
                ap->phase_mask = 0xF;
            else if (ap->kind == COMPASS_APERTURE_WINDOW)
                ap->phase_mask = 1u << rng_pick(g, 4);
            else {
                unsigned p = rng_pick(g, 4), q = (p + 1 + rng_pick(g, 3)) & 3;
                ap->phase_mask = 1u << p | 1u << q;
            }
        }
    char err[256];
    cr_assert_eq(compass_level_check(&l, err, sizeof err), 0, "%s", err);
    return l;
}

#endif
