/* core/memory5d/memory5d_json: the board format (schemas/memory5d-board.schema.json). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "jsonio.h"

#include "memory5d_fixture.h"
#include "memory5d/memory5d_json.h"

Test(memory5d_json, a_board_survives_a_round_trip)
{
    memory5d_config cfg = fx_config();
    for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++) {
        memory5d_board b, back;
        int attempt = memory5d_board_generate(&cfg, 1234, d, &b);
        b.cells[3].owner = 1;
        cJSON *doc = memory5d_board_to_json(&cfg, &b, 1234, d, attempt);
        int diff = -1;
        char err[256] = "";
        cr_assert_eq(memory5d_board_from_json(&cfg, doc, &back, &diff, err, sizeof err), 0, "%s",
                     err);
        cr_expect_eq(diff, d);
        cr_expect_eq(memcmp(&b, &back, sizeof b), 0);
        /* "a texture derived from the hue" */
        const cJSON *c0 = cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "cells"), 0);
        cr_expect_str_eq(cJSON_GetObjectItem(c0, "texture")->valuestring,
                         cfg.texture_names[b.cells[0].hue]);
        cJSON_Delete(doc);
    }
}

static void expect_error(void (*edit)(cJSON *), const char *want)
{
    memory5d_config cfg = fx_config();
    memory5d_board b, back;
    memory5d_board_generate(&cfg, 5, MEMORY5D_EASY, &b);
    cJSON *doc = memory5d_board_to_json(&cfg, &b, 5, MEMORY5D_EASY, 1);
    edit(doc);
    int diff;
    char err[256] = "";
    cr_expect_eq(memory5d_board_from_json(&cfg, doc, &back, &diff, err, sizeof err), -1);
    cr_expect(strstr(err, want) != NULL, "got \"%s\", want \"%s\"", err, want);
    cJSON_Delete(doc);
}

static cJSON *cell(cJSON *doc, int i) { return cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "cells"), i); }
static void bad_family(cJSON *d) { cJSON_ReplaceItemInObject(cell(d, 4), "family", cJSON_CreateString("oval")); }
static void bad_variant(cJSON *d) { cJSON_ReplaceItemInObject(cell(d, 2), "variant", cJSON_CreateString("wobbly")); }
static void bad_size(cJSON *d) { cJSON_ReplaceItemInObject(d, "size", cJSON_CreateNumber(7)); }
static void bad_row(cJSON *d) { cJSON_ReplaceItemInObject(cell(d, 7), "row", cJSON_CreateNumber(0)); }
static void short_cells(cJSON *d) { cJSON_DeleteItemFromArray(cJSON_GetObjectItem(d, "cells"), 0); }
static void dup_palette(cJSON *d) { cJSON_AddItemToArray(cJSON_GetObjectItem(cJSON_GetObjectItem(d, "palette"), "hues"), cJSON_CreateString("red")); cJSON_DeleteItemFromArray(cJSON_GetObjectItem(cJSON_GetObjectItem(d, "palette"), "hues"), 1); }
static void bad_texture(cJSON *d) { cJSON_ReplaceItemInObject(cell(d, 3), "texture", cJSON_CreateString("plaid")); }
static void bad_owner(cJSON *d) { cJSON_AddItemToObject(cell(d, 1), "owner", cJSON_CreateString("C")); }

Test(memory5d_json, malformed_boards_name_the_field)
{
    expect_error(bad_family, "cells[4].family: expected square/circle/triangle/star/hexagon/diamond, got \"oval\"");
    expect_error(bad_variant, "cells[2].variant: \"wobbly\" is not a");
    expect_error(bad_size, "size: easy boards are 6, got 7");
    expect_error(bad_row, "cells[7].row: expected an integer from 1 to 1, got 0");
    expect_error(short_cells, "cells: expected 36 to 36 items, got 35");
    expect_error(dup_palette, "palette.hues[5]: expected a distinct hues name");
    expect_error(bad_texture, "cells[3].texture: ");
    expect_error(bad_owner, "cells[1].owner: expected A/B, got \"C\"");
}

/* The match log survives JSON: every command and outcome, so a saved log still replays. */
Test(memory5d_json, a_match_log_survives_a_round_trip_and_still_replays)
{
    memory5d_config cfg = fx_config();
    memory5d_setup setup = {.seed = 77,
                            .difficulty = MEMORY5D_EXPERT,
                            .mode = MEMORY5D_ARCADE,
                            .loadout = {{1, 1, 1, 0}, {0, 0, 2, 1}}};
    static memory5d_def def;
    char err[256] = "";
    cr_assert_eq(memory5d_def_init(&def, &cfg, &setup, err, sizeof err), 0, "%s", err);
    memory5d_state st;
    memory5d_log log;
    memory5d_state_init(&def, &st, 500);
    memory5d_log_init(&log, 500);
    srand(3);
    int64_t now = 500;
    for (int i = 0; i < 300 && st.status == MEMORY5D_PLAYING; i++) {
        now += rand() % 3000;
        memory5d_cmd c =
            fx_cmd(rand() % MEMORY5D_CMD_ABANDON, st.turn, rand() % 81, rand() % 81, now);
        c.power = rand() % MEMORY5D_POWERS;
        c.reason = 1 << (rand() % 5);
        memory5d_outcome out;
        memory5d_apply(&def, &st, &log, &c, &out);
    }
    cr_assert_gt(log.count, 20);
    cJSON *doc = memory5d_log_to_json(&def, &log, &st);
    char *text = jsonio_print(doc);
    cJSON_Delete(doc);
    cJSON *back = jsonio_parse(text, strlen(text), "log", err, sizeof err);
    free(text);
    cr_assert_not_null(back, "%s", err);
    memory5d_setup s2;
    memory5d_log l2;
    cr_assert_eq(memory5d_log_from_json(back, &s2, &l2, err, sizeof err), 0, "%s", err);
    cJSON_Delete(back);
    cr_expect_eq(memcmp(&s2, &setup, sizeof setup), 0);
    cr_assert_eq(l2.count, log.count);
    cr_expect_eq(l2.start_ms, 500);
    for (size_t i = 0; i < log.count; i++) {
        cr_assert_eq(memcmp(&l2.entries[i].cmd, &log.entries[i].cmd, sizeof(memory5d_cmd)), 0,
                     "%zu", i);
        cr_assert_eq(l2.entries[i].out.count, log.entries[i].out.count);
        cr_assert_eq(memcmp(l2.entries[i].out.ev, log.entries[i].out.ev,
                            sizeof(memory5d_event) * (size_t)log.entries[i].out.count),
                     0, "%zu", i);
    }
    memory5d_state again;
    size_t at;
    cr_expect_eq(memory5d_replay(&def, &l2, &again, &at), 0, "diverged at %zu", at);
    cr_expect_eq(memcmp(&again, &st, sizeof st), 0);
    memory5d_log_free(&log);
    memory5d_log_free(&l2);
}
