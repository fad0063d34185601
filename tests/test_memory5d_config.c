/* core/memory5d/memory5d_config: the shared rules config (memory5d.md "its literal preset table is
 * frozen in the shared rules config") and the strict loader's field-naming errors. */
#include <criterion/criterion.h>
#include <string.h>

#include "jsonio.h"
#include "memory5d_fixture.h"

/* "difficulty (easy 0.8, normal 1, hard 1.15, expert 1.25)", "four contiguous owned
 * cells", "reweaves ... at most twice", "A valid link starts at 100 Mastery ..." */
Test(memory5d_config, committed_config_holds_the_spec_numbers)
{
    memory5d_config c = fx_config();
    cr_expect_eq(c.line_length, 4);
    cr_expect_eq(c.reweave_limit, 2);
    static const int mult[4] = {800, 1000, 1150, 1250};
    for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++) {
        cr_expect_eq(c.presets[d].multiplier_permille, mult[d], "%s", memory5d_difficulty_names[d]);
        cr_expect_eq(c.presets[d].rotation, d == MEMORY5D_EXPERT, "only Expert rotates");
        cr_expect_eq(c.presets[d].keep_anchor_on_mismatch, d == MEMORY5D_EASY,
                     "Easy retains the anchor");
        cr_expect(c.presets[d].board_size >= c.line_length);
    }
    cr_expect_eq(c.mastery.base, 100);
    cr_expect_eq(c.mastery.block_open_three, 50);
    cr_expect_eq(c.mastery.create_fork, 75);
    cr_expect_eq(c.mastery.complete_line, 100);
    cr_expect_eq(c.mastery.streak_step_percent, 25);
    cr_expect_eq(c.mastery.streak_cap, 4);
    cr_expect_eq(c.mastery.double_points_factor, 2);
    cr_expect_eq(c.stars.completion, 20);
    cr_expect_eq(c.stars.win, 5);
    cr_expect_eq(c.stars.objective_cap, 5);
    cr_expect_eq(c.loadout_max_charges, 3);
    cr_expect_eq(c.loadout_max_extra_turn, 1);
    cr_expect_eq(c.draft.copies_per_power, 2);
    cr_expect_eq(c.draft.pick_deadline_ms, 20000);
    static const int order[6] = {0, 1, 1, 0, 0, 1}; /* A,B,B,A,A,B */
    cr_assert_eq(c.draft.pick_count, 6);
    for (int i = 0; i < 6; i++)
        cr_expect_eq(c.draft.pick_order[i], order[i]);
    for (int f = 0; f < MEMORY5D_FAMILIES; f++)
        cr_expect(c.variant_count[f] >= 2, "at least two variants per family");
}

/* Loads the committed config, applies edit, and returns the loader's message. */
static int load_edited(void (*edit)(cJSON *), char *err, size_t errlen)
{
    char e[256];
    cJSON *doc = jsonio_read_file(MEMORY5D_DEFAULT_RULES, e, sizeof e);
    cr_assert_not_null(doc, "%s", e);
    edit(doc);
    memory5d_config cfg;
    int rc = memory5d_config_from_json(doc, &cfg, err, errlen);
    cJSON_Delete(doc);
    return rc;
}

static cJSON *at(cJSON *doc, const char *a, const char *b)
{
    cJSON *o = cJSON_GetObjectItem(doc, a);
    return b ? cJSON_GetObjectItem(o, b) : o;
}

static void hard_board_3(cJSON *d) { cJSON_SetNumberValue(at(at(d, "difficulties", "hard"), "boardSize", NULL), 3); }
static void no_base(cJSON *d) { cJSON_DeleteItemFromObject(at(d, "mastery", NULL), "base"); }
static void bad_kind(cJSON *d) { cJSON_ReplaceItemInObject(cJSON_GetArrayItem(at(d, "starPoints", "objectives"), 1), "kind", cJSON_CreateString("luck")); }
static void bad_pick(cJSON *d) { cJSON_ReplaceItemInArray(at(d, "draft", "pickOrder"), 2, cJSON_CreateString("C")); }
static void one_variant(cJSON *d) { cJSON_DeleteItemFromArray(at(d, "families", "star"), 0); cJSON_DeleteItemFromArray(at(d, "families", "star"), 0); }
static void same_texture(cJSON *d) { cJSON_ReplaceItemInObject(at(d, "textures", NULL), "green", cJSON_CreateString("solid")); }
static void unknown_root(cJSON *d) { cJSON_AddNumberToObject(d, "bogus", 1); }
static void mult_string(cJSON *d) { cJSON_ReplaceItemInObject(at(at(d, "difficulties", "easy"), "multiplierPermille", NULL) ? at(d, "difficulties", "easy") : d, "multiplierPermille", cJSON_CreateString("0.8")); }
static void line_too_long(cJSON *d) { cJSON_SetNumberValue(at(d, "lineLength", NULL), 7); }
static void rotation_number(cJSON *d) { cJSON_ReplaceItemInObject(at(d, "difficulties", "expert"), "rotation", cJSON_CreateNumber(1)); }
static void wrong_format(cJSON *d) { cJSON_ReplaceItemInObject(d, "format", cJSON_CreateString("memory5d-rules/9")); }
static void two_extra(cJSON *d) { cJSON_SetNumberValue(at(at(d, "loadout", NULL), "maxExtraTurn", NULL), 4); }
static void too_many_picks(cJSON *d) { for (int i = 0; i < 2; i++) cJSON_AddItemToArray(at(d, "draft", "pickOrder"), cJSON_CreateString("A")); }
static void fractional(cJSON *d) { cJSON_SetNumberValue(at(d, "elo", "k"), 32.5); }
static void no_hue(cJSON *d) { cJSON_DeleteItemFromObject(at(d, "textures", NULL), "purple"); }

/* House rule: "messages name the field and value". */
Test(memory5d_config, malformed_config_gives_a_message_naming_the_field)
{
    static const struct {
        void (*edit)(cJSON *);
        const char *want;
    } cases[] = {
        {hard_board_3, "difficulties.hard.boardSize: expected an integer from 4 to 12, got 3"},
        {no_base, "mastery.base: missing"},
        {bad_kind, "starPoints.objectives[1].kind: expected noMisses/links/streak/blocks/forks, got \"luck\""},
        {bad_pick, "draft.pickOrder[2]: expected A/B, got \"C\""},
        {one_variant, "families.star: expected 2 to 4 items, got 1"},
        {same_texture, "textures.green: \"solid\" is already the texture of red"},
        {unknown_root, "bogus: unknown field"},
        {mult_string, "difficulties.easy.multiplierPermille: expected an integer, got \"0.8\""},
        {line_too_long, "lineLength: expected an integer from 3 to 6, got 7"},
        {rotation_number, "difficulties.expert.rotation: expected true or false, got 1"},
        {wrong_format, "format: expected memory5d-rules/1"},
        {two_extra, "loadout.maxExtraTurn: 4 is more than loadout.maxCharges 3"},
        {too_many_picks, "draft.pickOrder: player A picks 5 cards, more than loadout.maxCharges 3"},
        {fractional, "elo.k: expected an integer, got 32.5"},
        {no_hue, "textures.purple: missing"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char err[512] = "";
        cr_expect_eq(load_edited(cases[i].edit, err, sizeof err), -1, "case %zu", i);
        cr_expect(strstr(err, cases[i].want) != NULL, "case %zu: got \"%s\", want \"%s\"", i, err,
                  cases[i].want);
    }
}

Test(memory5d_config, unreadable_or_invalid_files_name_the_path)
{
    memory5d_config cfg;
    char err[512] = "";
    cr_expect_eq(memory5d_config_load("/no/such/rules.json", &cfg, err, sizeof err), -1);
    cr_expect(strstr(err, "/no/such/rules.json") != NULL, "%s", err);
    char e2[512] = "";
    cJSON *arr = cJSON_CreateArray();
    cr_expect_eq(memory5d_config_from_json(arr, &cfg, e2, sizeof e2), -1);
    cr_expect(strstr(e2, "expected an object") != NULL, "%s", e2);
    cJSON_Delete(arr);
}
