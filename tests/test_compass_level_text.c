/* compass_level_text against the cJSON writer it replaces: the committed level files are the
 * golden text, random boards and generator candidates cover what they do not. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compass/compass_gen.h"
#include "compass/compass_level_text.h"
#include "compass_test_util.h"

/* The text gen compass wrote before compass_level_text existed. */
static char *cjson_text(const compass_level *l)
{
    cJSON *doc = compass_level_to_json(l);
    cr_assert(doc);
    char *text = jsonio_print(doc);
    cJSON_Delete(doc);
    cr_assert(text);
    return text;
}

static void expect_same_text(const compass_level *l, const char *what)
{
    size_t len = 0;
    char *mine = compass_level_text(l, &len), *want = cjson_text(l);
    cr_assert(mine, "%s: out of memory", what);
    cr_expect_eq(len, strlen(mine), "%s: length", what);
    cr_expect_str_eq(mine, want, "%s", what);
    free(mine);
    free(want);
}

static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    cr_assert(f, "%s: cannot open", path);
    char *buf = malloc(1 << 20);
    cr_assert(buf);
    *len = fread(buf, 1, (1 << 20) - 1, f);
    buf[*len] = '\0';
    fclose(f);
    return buf;
}

Test(compass_level_text, every_committed_level_file_is_reproduced_byte_for_byte)
{
    char err[512], path[256];
    cJSON *index = jsonio_read_file("levels/compass/campaign.json", err, sizeof err);
    cr_assert(index, "%s", err);
    int files = 0;
    for (const cJSON *e = cJSON_GetObjectItem(index, "levels")->child; e; e = e->next, files++) {
        snprintf(path, sizeof path, "levels/compass/%s",
                 cJSON_GetObjectItem(e, "file")->valuestring);
        size_t golden_len, len;
        char *golden = read_all(path, &golden_len);
        compass_level l = compass_test_load(golden);
        char *mine = compass_level_text(&l, &len);
        cr_assert(mine);
        cr_expect_eq(len, golden_len, "%s: length", path);
        cr_expect_str_eq(mine, golden, "%s", path);
        expect_same_text(&l, path);
        free(mine);
        free(golden);
    }
    cr_expect_eq(files, COMPASS_CAMPAIGN_LEVELS);
    cJSON_Delete(index);
}

Test(compass_level_text, random_boards_print_as_the_cjson_writer_prints_them)
{
    rng_t g;
    rng_seed(&g, 14u);
    for (int k = 0; k < 400; k++) {
        int side = 1 + (int)rng_pick(&g, COMPASS_MAX_SIDE);
        int arrows = 1 + (int)rng_pick(&g, (uint32_t)(side * side < 64 ? side * side : 64));
        compass_level l = compass_test_random(&g, side, arrows, 2 + (int)rng_pick(&g, 6));
        /* Optional metadata present or absent, a construction with seeds up to 2^32 - 1. */
        if (rng_pick(&g, 2)) {
            snprintf(l.id, sizeof l.id, "cs-%05d-four-winds", k);
            snprintf(l.pattern, sizeof l.pattern, "four-winds");
            snprintf(l.family, sizeof l.family, "open-water");
            l.index = 1 + k;
            l.tier = 1 + (int)rng_pick(&g, 4);
        } else
            snprintf(l.id, sizeof l.id, "t%d", k);
        if (rng_pick(&g, 2)) {
            l.has_construction = 1;
            l.construction_seed = k % 3 == 0 ? 4294967295u : rng_next_u32(&g);
            l.construction_attempt = (int)rng_pick(&g, 5000);
            l.reverse_len = (int)rng_pick(&g, (uint32_t)l.arrow_count + 1);
            for (int i = 0; i < l.reverse_len; i++)
                l.reverse_solution[i] = (int)rng_pick(&g, (uint32_t)l.arrow_count);
        }
        char what[32];
        snprintf(what, sizeof what, "random board %d", k);
        expect_same_text(&l, what);
    }
}

Test(compass_level_text, strings_are_escaped_as_cjson_escapes_them)
{
    compass_level l = compass_test_load(LEVEL(4, 4, "\"walls\":[],\"apertures\":[],"
                                                    "\"arrows\":[{\"id\":\"a\",\"row\":0,"
                                                    "\"col\":0,\"dir\":\"N\"}]"));
    snprintf(l.id, sizeof l.id, "q\"b\\s\b\f\n\r\t\x01\x1f\xc3\xa9/");
    snprintf(l.arrows[0].id, sizeof l.arrows[0].id, "\x7f\"");
    expect_same_text(&l, "escapes");
}

Test(compass_level_text, generator_candidates_print_as_the_cjson_writer_prints_them)
{
    for (int i = 0; i < COMPASS_CAMPAIGN_LEVELS; i++)
        for (int attempt = 0; attempt < 8; attempt++) {
            compass_level l;
            if (compass_gen_construct(99u, i, COMPASS_CAMPAIGN_LEVELS, attempt, &l, NULL) !=
                COMPASS_GEN_OK)
                continue;
            char what[48];
            snprintf(what, sizeof what, "position %d attempt %d", i, attempt);
            expect_same_text(&l, what);
        }
}
