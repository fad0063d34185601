/* core/memory5d/memory5d_lesson: the tutorial lesson reader and its replay check ("A real
 * reducer-backed tutorial teaches goal, variants, hues, adjacency, center reflection,
 * explained failures, tactical choices, victory"). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "jsonio.h"
#include "memory5d/memory5d_lesson.h"
#include "memory5d/memory5d_score.h"
#include "memory5d_fixture.h"

static memory5d_lesson lesson;

static cJSON *load_doc(const char *name)
{
    char path[128], err[256];
    snprintf(path, sizeof path, MEMORY5D_DEFAULT_TUTORIAL "/%s", name);
    cJSON *doc = jsonio_read_file(path, err, sizeof err);
    cr_assert_not_null(doc, "%s", err);
    return doc;
}

/* Reads doc after edit() changed it; returns the reader's result, message in err. */
static int read_edited(cJSON *doc, char *err, size_t n)
{
    memory5d_config cfg = fx_config();
    int rc = memory5d_lesson_from_json(&cfg, doc, &lesson, err, n);
    cJSON_Delete(doc);
    return rc;
}

/* Loads a committed lesson into lesson. */
static void load_lesson(const memory5d_config *cfg, const char *name)
{
    char path[128], err[512];
    snprintf(path, sizeof path, MEMORY5D_DEFAULT_TUTORIAL "/%s", name);
    cr_assert_eq(memory5d_lesson_load(cfg, path, &lesson, err, sizeof err), 0, "%s", err);
}

Test(memory5d_lesson, every_committed_lesson_replays_through_the_core_and_reaches_its_goal)
{
    memory5d_config cfg = fx_config();
    char paths[MEMORY5D_MAX_LESSONS][256], err[512];
    int n = memory5d_lesson_list(MEMORY5D_DEFAULT_TUTORIAL, paths, MEMORY5D_MAX_LESSONS, err,
                                 sizeof err);
    cr_assert_geq(n, 8, "%s", err);
    static const char *const topics[] = {"goal", "variants", "hues", "adjacency", "reflection",
                                         "failures", "block", "victory"};
    for (int i = 0; i < n; i++) {
        cr_assert_eq(memory5d_lesson_load(&cfg, paths[i], &lesson, err, sizeof err), 0, "%s", err);
        cr_expect_eq(memory5d_lesson_check(&cfg, &lesson, err, sizeof err), 0, "%s", err);
        if (i < 8)
            cr_expect_str_eq(lesson.id, topics[i], "lessons play in name order");
    }
}

Test(memory5d_lesson, a_lesson_is_a_tutorial_match_that_earns_nothing)
{
    memory5d_config cfg = fx_config();
    char err[256];
    load_lesson(&cfg, "08-victory.json");
    memory5d_def def;
    cr_assert_eq(memory5d_lesson_def(&cfg, &lesson, &def, err, sizeof err), 0, "%s", err);
    cr_expect_eq(def.setup.kind, MEMORY5D_MATCH_TUTORIAL);
    memory5d_state st;
    memory5d_state_init(&def, &st, 0);
    memory5d_outcome out;
    for (int i = 0; i < lesson.step_count; i++) {
        memory5d_cmd c = memory5d_lesson_command(&lesson.steps[i], 100 * (i + 1));
        memory5d_step(&def, &st, &c, &out);
    }
    cr_assert_eq(st.status, MEMORY5D_WON);
    cr_expect_eq(memory5d_star_points(&def, &st, 0, NULL), 0, "Tutorial ... matches earn zero");
}

Test(memory5d_lesson, a_step_that_does_not_do_what_it_expects_fails_the_check_by_name)
{
    memory5d_config cfg = fx_config();
    char err[512];
    load_lesson(&cfg, "03-hues.json");
    lesson.steps[1].expect_refusal = MEMORY5D_R_FAMILY; /* the pick is refused for its hue */
    cr_assert_eq(memory5d_lesson_check(&cfg, &lesson, err, sizeof err), -1);
    cr_expect_str_eq(err, "hues: steps[1] (A select) expected refused:family-differs, got "
                          "refused:hues-not-equal-or-linked");
    load_lesson(&cfg, "07-block.json");
    lesson.goal_flags = MEMORY5D_LINK_FORK;
    cr_assert_eq(memory5d_lesson_check(&cfg, &lesson, err, sizeof err), -1);
    cr_expect_str_eq(err, "block: no step reaches the goal (link)");
}

Test(memory5d_lesson, the_reader_names_the_field_and_value)
{
    char err[512];
    cJSON *doc = load_doc("01-goal.json");
    cJSON_ReplaceItemInObject(cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "steps"), 1), "select",
                              cJSON_CreateString("Z9"));
    cr_expect_eq(read_edited(doc, err, sizeof err), -1);
    cr_expect_str_eq(err, "steps[1].select: expected a cell such as \"C4\" on the 6x6 board, got "
                          "\"Z9\"");

    doc = load_doc("01-goal.json");
    cJSON_ReplaceItemInArray(cJSON_GetObjectItem(doc, "grid"), 2,
                             cJSON_CreateString("Q0r Q0r Q0r Q0r Q0r X0r"));
    cr_expect_eq(read_edited(doc, err, sizeof err), -1);
    cr_expect(strstr(err, "grid[2]: cell 6: expected a token") != NULL, "%s", err);

    doc = load_doc("01-goal.json");
    cJSON_ReplaceItemInObject(cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "steps"), 0), "expect",
                              cJSON_CreateString("refused:because"));
    cr_expect_eq(read_edited(doc, err, sizeof err), -1);
    cr_expect_str_eq(err, "steps[0].expect: expected an event name or \"refused:REASON\", got "
                          "\"refused:because\"");

    doc = load_doc("01-goal.json");
    cJSON_AddItemToObject(cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "steps"), 0), "cancel",
                          cJSON_CreateTrue());
    cr_expect_eq(read_edited(doc, err, sizeof err), -1);
    cr_expect_str_eq(err, "steps[0]: expected exactly one of select, link or cancel");

    doc = load_doc("01-goal.json");
    cJSON_DeleteItemFromArray(cJSON_GetObjectItem(doc, "grid"), 5);
    cr_expect_eq(read_edited(doc, err, sizeof err), -1);
    cr_expect(strstr(err, "grid") != NULL, "%s", err);
}

Test(memory5d_lesson, a_missing_tutorial_folder_is_one_clear_error)
{
    char paths[2][256], err[256];
    cr_expect_eq(memory5d_lesson_list("/no/such/dir", paths, 2, err, sizeof err), -1);
    cr_expect_str_eq(err, "/no/such/dir: no lesson files (*.json)");
    cr_expect_eq(memory5d_lesson_list(MEMORY5D_DEFAULT_TUTORIAL, paths, 2, err, sizeof err), -1);
    cr_expect(strstr(err, "at most 2") != NULL, "%s", err);
}
