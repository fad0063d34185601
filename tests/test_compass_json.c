/* core/compass/compass_json: the strict reader and fixed-order writer of compass-shift-level/1.
 * compass-shift.md "Static definition": "a full rectangular 4x4 or 5x5 active-cell grid; static
 * wall cells ...; edge apertures: plain exits, phase-gated windows, or patterned ports; arrow
 * records with stable ID, cell, and base direction (N, E, S, or W); an initial compass phase";
 * GUIDE "Validate before you build": every message names the field and the value; "Same inputs
 * give byte-identical files ... keys in a fixed order". */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compass/compass.h"
#include "compass/compass_json.h"
#include "jsonio.h"

#include "compass_test_util.h"

/* The loader's message for a malformed level ("" when it loads). */
static const char *load_error(const char *text)
{
    static char err[512];
    compass_level l;
    err[0] = '\0';
    cJSON *doc = jsonio_parse(text, strlen(text), "test", err, sizeof err);
    cr_assert(doc, "fixture is not JSON: %s", err);
    int rc = compass_level_from_json(doc, "bad.json", &l, err, sizeof err);
    cJSON_Delete(doc);
    return rc == 0 ? "" : err;
}

#define HEAD "{\"format\":\"compass-shift-level/1\",\"id\":\"t\",\"rows\":4,\"cols\":4,\"initialPhase\":0,"

Test(compass_json, the_issue_example_loads_and_writes_back_identically)
{
    compass_level l = compass_test_load(example_level);
    cr_expect_str_eq(l.id, "cs-01-four-winds");
    cr_expect_eq(l.index, 1);
    cr_expect_str_eq(l.pattern, "four-winds");
    cr_expect_str_eq(l.family, "open-water");
    cr_expect_eq(l.tier, 1);
    cr_expect(l.wall[1][2]);
    cr_expect_eq(l.aperture_count, 3);
    cr_expect_eq(l.apertures[1].kind, COMPASS_APERTURE_WINDOW);
    cr_expect_eq(l.apertures[1].phase_mask, 4u);
    cr_expect_eq(l.apertures[2].phase_mask, 0xAu);
    cr_expect_eq(l.apertures[0].phase_mask, 0xFu);
    cr_expect(l.has_construction);
    cr_expect_eq(l.reverse_len, 1);
    cr_expect_eq(l.reverse_solution[0], 0);

    cJSON *doc = compass_level_to_json(&l);
    char *text = cJSON_PrintUnformatted(doc);
    cr_expect_str_eq(text,
                     "{\"format\":\"compass-shift-level/1\",\"id\":\"cs-01-four-winds\",\"index\":1,"
                     "\"pattern\":\"four-winds\",\"family\":\"open-water\",\"tier\":1,\"rows\":4,"
                     "\"cols\":4,\"initialPhase\":0,\"walls\":[[1,2]],\"apertures\":[{\"side\":\"N\","
                     "\"lane\":0,\"kind\":\"plain\"},{\"side\":\"E\",\"lane\":1,\"kind\":\"window\","
                     "\"phases\":[2]},{\"side\":\"S\",\"lane\":3,\"kind\":\"port\",\"phases\":[1,3]}],"
                     "\"arrows\":[{\"id\":\"a1\",\"row\":0,\"col\":0,\"dir\":\"E\"}],\"construction\":"
                     "{\"seed\":1,\"attempt\":0,\"reverseSolution\":[\"a1\"]}}");
    compass_level again = compass_test_load(text);
    cr_expect_eq(memcmp(&again, &l, sizeof l), 0, "read(write(l)) == l");
    free(text);
    cJSON_Delete(doc);
}

Test(compass_json, optional_metadata_is_omitted_when_absent)
{
    compass_level l = compass_test_load(HEAD "\"walls\":[],\"apertures\":[],"
                                "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}");
    cJSON *doc = compass_level_to_json(&l);
    char *text = cJSON_PrintUnformatted(doc);
    cr_expect_str_eq(text, "{\"format\":\"compass-shift-level/1\",\"id\":\"t\",\"rows\":4,\"cols\":4,"
                           "\"initialPhase\":0,\"walls\":[],\"apertures\":[],\"arrows\":[{\"id\":"
                           "\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}");
    free(text);
    cJSON_Delete(doc);
}

Test(compass_json, each_malformed_level_names_the_field_and_value)
{
    static const struct { const char *text, *want; } cases[] = {
        {"[1]", "bad.json: (root): expected an object"},
        {"{\"format\":\"compass-shift-level/2\"}", "format: expected \"compass-shift-level/1\""},
        {HEAD "\"walls\":[],\"apertures\":[],\"arrows\":[]}", "arrows: expected 1 to 64 items, got 0"},
        {HEAD "\"walls\":[],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"Q\"}]}",
         "arrows[0].dir: expected N/E/S/W, got \"Q\""},
        {HEAD "\"walls\":[],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":4,\"col\":0,\"dir\":\"N\"}]}",
         "arrows[0].row: expected an integer from 0 to 3, got 4"},
        {HEAD "\"walls\":[[0,0]],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}",
         "arrows[0]: cell [0, 0] is a wall"},
        {HEAD "\"walls\":[],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"},"
              "{\"id\":\"a\",\"row\":1,\"col\":0,\"dir\":\"N\"}]}",
         "arrows[1].id: \"a\" is already used by arrows[0]"},
        {HEAD "\"walls\":[],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"},"
              "{\"id\":\"b\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}",
         "arrows[1]: cell [0, 0] already holds arrows[0]"},
        {HEAD "\"walls\":[],\"apertures\":[],\"arrows\":[{\"id\":\"a@1\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}",
         "arrows[0].id: expected 1 to 31 letters"},
        {HEAD "\"walls\":[],\"apertures\":[{\"side\":\"E\",\"lane\":1,\"kind\":\"window\",\"phases\":[1,2]}],"
              "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}",
         "apertures[0].phases: expected 1 to 1 items, got 2"},
        {HEAD "\"walls\":[],\"apertures\":[{\"side\":\"E\",\"lane\":1,\"kind\":\"port\",\"phases\":[1,1]}],"
              "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}",
         "apertures[0].phases[1]: phase 1 is listed twice"},
        {HEAD "\"walls\":[],\"apertures\":[{\"side\":\"E\",\"lane\":1,\"kind\":\"window\",\"phases\":[4]}],"
              "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}",
         "apertures[0].phases[0]: expected an integer from 0 to 3, got 4"},
        {HEAD "\"walls\":[],\"apertures\":[{\"side\":\"N\",\"lane\":1,\"kind\":\"plain\",\"phases\":[0]}],"
              "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}",
         "apertures[0].phases: a plain exit"},
        {HEAD "\"walls\":[],\"apertures\":[{\"side\":\"N\",\"lane\":1,\"kind\":\"plain\"},"
              "{\"side\":\"N\",\"lane\":1,\"kind\":\"window\",\"phases\":[0]}],"
              "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}",
         "apertures[1]: lane N1 already has apertures[0]"},
        {HEAD "\"walls\":[],\"apertures\":[{\"side\":\"W\",\"lane\":4,\"kind\":\"plain\"}],"
              "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}",
         "apertures[0].lane: expected an integer from 0 to 3, got 4"},
        {HEAD "\"walls\":[[1,1],[1,1]],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}",
         "walls[1]: cell [1, 1] is listed twice"},
        {HEAD "\"walls\":[[1]],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}",
         "walls[0]: expected [row, col], got an array"},
        {HEAD "\"walls\":[[1,1e300]],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}",
         "walls[0][1]: expected an integer from 0 to 3"},
        {"{\"format\":\"compass-shift-level/1\",\"id\":\"t\",\"rows\":17,\"cols\":4}",
         "rows: expected an integer from 1 to 16, got 17"},
        {"{\"format\":\"compass-shift-level/1\",\"id\":\"t\",\"rows\":4,\"cols\":4,\"initialPhase\":4}",
         "initialPhase: expected an integer from 0 to 3, got 4"},
        {"{\"format\":\"compass-shift-level/1\",\"id\":\"t\",\"rows\":4,\"cols\":4}",
         "initialPhase: missing"},
        {"{\"format\":\"compass-shift-level/1\",\"id\":\"../x\",\"rows\":4,\"cols\":4,\"initialPhase\":0,"
         "\"walls\":[],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}",
         "id: expected letters, digits"},
        {HEAD "\"walls\":[],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}],"
              "\"extra\":1}",
         "extra: unknown field"},
        {HEAD "\"walls\":[],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}],"
              "\"construction\":{\"seed\":1,\"attempt\":0,\"reverseSolution\":[\"zz\"]}}",
         "construction.reverseSolution[0]: expected an arrow id, got \"zz\""},
        {HEAD "\"walls\":[],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}],"
              "\"construction\":{\"seed\":1,\"attempt\":0,\"reverseSolution\":[\"a\",\"a\"]}}",
         "construction.reverseSolution: expected 0 to 1 items, got 2"},
        {HEAD "\"walls\":[],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}],"
              "\"construction\":{\"seed\":-1,\"attempt\":0,\"reverseSolution\":[]}}",
         "construction.seed: expected an integer from 0 to 4294967295, got -1"},
        {HEAD "\"walls\":[],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}],"
              "\"tier\":5}",
         "tier: expected an integer from 1 to 4, got 5"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const char *got = load_error(cases[i].text);
        cr_expect(strstr(got, cases[i].want) != NULL, "case %zu: want \"%s\" in \"%s\"", i,
                  cases[i].want, got);
        cr_expect(strncmp(got, "bad.json: ", 10) == 0, "case %zu names the file: %s", i, got);
    }
}

Test(compass_json, a_reverse_solution_listing_an_arrow_twice_is_refused)
{
    const char *got = load_error(
        HEAD "\"walls\":[],\"apertures\":[],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"},"
             "{\"id\":\"b\",\"row\":1,\"col\":0,\"dir\":\"N\"}],"
             "\"construction\":{\"seed\":1,\"attempt\":0,\"reverseSolution\":[\"a\",\"a\"]}}");
    cr_expect(strstr(got, "construction.reverseSolution[1]: \"a\" is listed twice"), "%s", got);
}

/* The writer's text, read back through the production loader. */
static char *written(const compass_level *l)
{
    cJSON *doc = compass_level_to_json(l);
    cr_assert_not_null(doc);
    char *text = cJSON_PrintUnformatted(doc);
    cJSON_Delete(doc);
    cr_assert_not_null(text);
    return text;
}

/* Any valid level, metadata and construction included, reads back to itself from what the
 * writer wrote, and writing it again gives the same bytes. */
Test(compass_json, random_levels_read_back_to_themselves_from_the_writer)
{
    rng_t g;
    rng_seed(&g, 3u);
    for (int k = 0; k < 200; k++) {
        int side = 1 + (int)rng_pick(&g, COMPASS_MAX_SIDE);
        int most = side * side < 12 ? side * side : 12;
        compass_level l = compass_test_random(&g, side, 1 + (int)rng_pick(&g, (uint32_t)most), 3);
        snprintf(l.id, sizeof l.id, "r%d", k);
        if (rng_pick(&g, 2)) {
            l.index = 1 + (int)rng_pick(&g, 1000);
            l.tier = 1 + (int)rng_pick(&g, 4);
            snprintf(l.pattern, sizeof l.pattern, "p-%d", k % 10);
            snprintf(l.family, sizeof l.family, "f-%d", k % 6);
        }
        if (rng_pick(&g, 2)) {
            l.has_construction = 1;
            l.construction_seed = rng_next_u32(&g);
            l.construction_attempt = (int)rng_pick(&g, 4096);
            l.reverse_len = l.arrow_count;
            for (int i = 0; i < l.arrow_count; i++)
                l.reverse_solution[i] = l.arrow_count - 1 - i;
        }
        char *text = written(&l);
        compass_level back = compass_test_load(text);
        cr_assert_eq(memcmp(&back, &l, sizeof l), 0, "level %d: %s", k, text);
        char *again = written(&back);
        cr_assert_str_eq(again, text);
        free(again);
        free(text);
    }
}

/* The order in the file is not the order written: walls row-major, a port's phases rising. */
Test(compass_json, walls_and_phases_are_written_in_one_order_whatever_the_file_order)
{
    compass_level l = compass_test_load(
        HEAD "\"walls\":[[2,1],[0,3],[2,0]],"
             "\"apertures\":[{\"side\":\"S\",\"lane\":2,\"kind\":\"port\",\"phases\":[3,0]}],"
             "\"arrows\":[{\"id\":\"a\",\"row\":1,\"col\":1,\"dir\":\"W\"}]}");
    cr_expect_eq(l.apertures[0].phase_mask, 0x9u);
    char *text = written(&l);
    cr_expect(strstr(text, "\"walls\":[[0,3],[2,0],[2,1]]") != NULL, "%s", text);
    cr_expect(strstr(text, "\"phases\":[0,3]") != NULL, "%s", text);
    free(text);
}

/* An integer field holds an integer: a fraction in range is refused like a value out of it. */
Test(compass_json, a_fraction_where_an_integer_belongs_is_refused)
{
    static const struct { const char *text, *want; } cases[] = {
        {HEAD "\"walls\":[[1,0.5]],\"apertures\":[],"
              "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}",
         "bad.json: walls[0][1]: expected an integer from 0 to 3, got 0.5"},
        {HEAD "\"walls\":[],\"apertures\":[{\"side\":\"E\",\"lane\":1,\"kind\":\"window\","
              "\"phases\":[2.5]}],\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"N\"}]}",
         "bad.json: apertures[0].phases[0]: expected an integer from 0 to 3, got 2.5"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        cr_expect_str_eq(load_error(cases[i].text), cases[i].want, "case %zu", i);
}
