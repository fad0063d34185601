/* core/memory5d/memory5d_lesson: the tutorial lesson reader and its replay check ("A real
 * reducer-backed tutorial teaches goal, variants, hues, adjacency, center reflection,
 * explained failures, tactical choices, victory, and a separate Arcade lesson"). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "jsonio.h"
#include "memory5d/memory5d_lesson.h"
#include "memory5d/memory5d_powers.h"
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
    cr_assert_eq(n, 10, "%s", err);
    static const char *const topics[] = {"goal",  "variants", "hues", "adjacency", "reflection",
                                         "failures", "block", "fork", "victory",   "arcade"};
    for (int i = 0; i < n; i++) {
        cr_assert_eq(memory5d_lesson_load(&cfg, paths[i], &lesson, err, sizeof err), 0, "%s", err);
        cr_expect_eq(memory5d_lesson_check(&cfg, &lesson, err, sizeof err), 0, "%s", err);
        cr_expect_str_eq(lesson.id, topics[i], "lessons play in name order");
        cr_expect_eq(lesson.mode, i == 9 ? MEMORY5D_ARCADE : MEMORY5D_CLASSIC, "%s", lesson.id);
    }
}

Test(memory5d_lesson, a_lesson_is_a_tutorial_match_that_earns_nothing)
{
    memory5d_config cfg = fx_config();
    char err[256];
    load_lesson(&cfg, "09-victory.json");
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

/* "tactical choices": the fork lesson's link makes two winning commands at once (the core's
 * fork flag), B can block one, and A wins with the other. */
Test(memory5d_lesson, the_fork_lessons_link_is_a_fork_and_wins_after_one_block)
{
    memory5d_config cfg = fx_config();
    char err[512];
    load_lesson(&cfg, "08-fork.json");
    cr_expect_eq(lesson.goal_flags, MEMORY5D_LINK_FORK);
    cr_expect_eq(memory5d_lesson_check(&cfg, &lesson, err, sizeof err), 0, "%s", err);
    memory5d_def def;
    cr_assert_eq(memory5d_lesson_def(&cfg, &lesson, &def, err, sizeof err), 0, "%s", err);
    memory5d_state st;
    memory5d_outcome out;
    memory5d_state_init(&def, &st, 0);
    int forks = 0, blocks = 0;
    for (int i = 0; i < lesson.step_count; i++) {
        memory5d_cmd c = memory5d_lesson_command(&lesson.steps[i], 100 * (i + 1));
        cr_assert_eq(memory5d_step(&def, &st, &c, &out), 1);
        for (int k = 0; k < out.count; k++)
            if (out.ev[k].kind == MEMORY5D_EV_LINK) {
                forks += out.ev[k].player == 0 && (out.ev[k].flags & MEMORY5D_LINK_FORK);
                blocks += out.ev[k].player == 1 && (out.ev[k].flags & MEMORY5D_LINK_BLOCK);
            }
    }
    cr_expect_eq(forks, 1);
    cr_expect_eq(blocks, 1);
    cr_expect_eq(st.status, MEMORY5D_WON);
    cr_expect_eq(st.winner, 0);
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
    cr_expect_str_eq(err, "steps[0]: expected exactly one of select, link, cancel, arm or disarm");

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

/* Replays the loaded lesson into st, collecting which event kinds its steps produced. */
static void replay(const memory5d_def *def, memory5d_state *st, int seen[MEMORY5D_EV_KINDS],
                   int until)
{
    memory5d_outcome out;
    memory5d_state_start(def, st, 0, &out);
    for (int i = 0; i < until; i++) {
        memory5d_cmd c = memory5d_lesson_command(&lesson.steps[i], 1000 * (i + 1));
        cr_assert_eq(memory5d_step(def, st, &c, &out), 1, "step %d accepted", i);
        for (int k = 0; k < out.count; k++)
            seen[out.ev[k].kind]++;
    }
}

Test(memory5d_lesson, the_arcade_lesson_is_an_arcade_tutorial_match_with_its_loadout)
{
    memory5d_config cfg = fx_config();
    char err[256];
    load_lesson(&cfg, "10-arcade.json");
    memory5d_def def;
    cr_assert_eq(memory5d_lesson_def(&cfg, &lesson, &def, err, sizeof err), 0, "%s", err);
    cr_expect_eq(def.setup.mode, MEMORY5D_ARCADE);
    cr_expect_eq(def.setup.kind, MEMORY5D_MATCH_TUTORIAL);
    cr_expect_eq(def.setup.ranked, 0, "Arcade remains separate from Ranked Classic");
    static const int want[MEMORY5D_PLAYERS][MEMORY5D_POWERS] = {{1, 0, 1, 1}, {0, 1, 0, 0}};
    cr_expect_arr_eq(def.setup.loadout, want, sizeof want);
    memory5d_state st;
    int seen[MEMORY5D_EV_KINDS] = {0};
    replay(&def, &st, seen, lesson.step_count);
    /* arming, Reveal, consuming on a valid link, the refund of a cancellation, Extra Turn */
    cr_expect_eq(seen[MEMORY5D_EV_ARM], 5);
    cr_expect_eq(seen[MEMORY5D_EV_REVEAL], 1);
    cr_expect_eq(seen[MEMORY5D_EV_CONSUME], 4, "Reveal, Double Points, Wildcard, Extra Turn");
    cr_expect_eq(seen[MEMORY5D_EV_REFUND], 1);
    cr_expect_eq(seen[MEMORY5D_EV_BONUS_TURN], 1);
    cr_expect_eq(st.stats[0].powers_used, 3);
    cr_expect_eq(st.stats[1].powers_used, 1);
    cr_expect_eq(st.stats[1].doubled, 1);
    for (int p = 0; p < MEMORY5D_PLAYERS; p++)
        for (int k = 0; k < MEMORY5D_POWERS; k++)
            cr_expect_eq(st.loadout[p][k], 0, "every charge is spent (%c %d)", 'A' + p, k);
    cr_expect_eq(st.status, MEMORY5D_PLAYING);
    for (int p = 0; p < MEMORY5D_PLAYERS; p++)
        cr_expect_eq(memory5d_star_points(&def, &st, p, NULL), 0, "Tutorial ... earn zero");
}

/* "Reveal consumes when its partner projection begins"; "Clocks pause locally only for ...
 * Reveal projection". */
Test(memory5d_lesson, the_arcade_lessons_reveal_projects_and_pauses_the_clock)
{
    memory5d_config cfg = fx_config();
    char err[256];
    load_lesson(&cfg, "10-arcade.json");
    cr_assert_eq(lesson.steps[0].kind, MEMORY5D_CMD_ARM);
    cr_assert_eq(lesson.steps[0].power, MEMORY5D_REVEAL);
    memory5d_def def;
    cr_assert_eq(memory5d_lesson_def(&cfg, &lesson, &def, err, sizeof err), 0, "%s", err);
    memory5d_state st;
    int seen[MEMORY5D_EV_KINDS] = {0};
    replay(&def, &st, seen, 2); /* arm Reveal, select B2 */
    cr_expect_eq(st.reveal_anchor, lesson.steps[1].cell);
    cr_expect(st.pause_mask & MEMORY5D_PAUSE_REVEAL);
    cr_expect_eq(seen[MEMORY5D_EV_CONSUME], 1);
    int64_t left = memory5d_clock_remaining(&def, &st, 2000);
    cr_expect_eq(memory5d_clock_remaining(&def, &st, 2000 + cfg.reveal_projection_ms), left,
                 "the clock waits while the partners show");
}

Test(memory5d_lesson, arm_and_disarm_steps_carry_their_power_and_other_steps_none)
{
    memory5d_config cfg = fx_config();
    load_lesson(&cfg, "10-arcade.json");
    cr_expect_eq(lesson.steps[3].player, 1, "the coach arms too");
    cr_expect_eq(lesson.steps[3].power, MEMORY5D_DOUBLE_POINTS);
    cr_expect_eq(lesson.steps[6].kind, MEMORY5D_CMD_DISARM);
    cr_expect_eq(lesson.steps[6].power, MEMORY5D_NO_POWER);
    cr_expect_eq(lesson.steps[6].expect_event, MEMORY5D_EV_REFUND);
    cr_expect_eq(lesson.goal_flags, MEMORY5D_LINK_WILDCARD);
    memory5d_cmd c = memory5d_lesson_command(&lesson.steps[7], 5);
    cr_expect(c.kind == MEMORY5D_CMD_ARM && c.power == MEMORY5D_WILDCARD && c.now_ms == 5);
    load_lesson(&cfg, "01-goal.json");
    cr_expect_eq(lesson.steps[0].power, MEMORY5D_NO_POWER);
    cr_expect_eq(memory5d_lesson_command(&lesson.steps[0], 0).power, MEMORY5D_NO_POWER);
    static const int none[MEMORY5D_PLAYERS][MEMORY5D_POWERS];
    cr_expect_arr_eq(lesson.loadout, none, sizeof none);
}

Test(memory5d_lesson, an_arcade_step_that_does_not_do_what_it_expects_fails_by_name)
{
    memory5d_config cfg = fx_config();
    char err[512];
    load_lesson(&cfg, "10-arcade.json");
    lesson.steps[0].power = MEMORY5D_DOUBLE_POINTS; /* A brings none */
    cr_assert_eq(memory5d_lesson_check(&cfg, &lesson, err, sizeof err), -1);
    cr_expect_str_eq(err, "arcade: steps[0] (A arm doublePoints) expected arm, got "
                          "refused:no-charge");
    load_lesson(&cfg, "10-arcade.json");
    lesson.steps[6].expect_event = MEMORY5D_EV_CONSUME;
    cr_assert_eq(memory5d_lesson_check(&cfg, &lesson, err, sizeof err), -1);
    cr_expect_str_eq(err, "arcade: steps[6] (A disarm) expected consume, got refund");
    /* a Classic lesson may arm, but the core refuses it: Arcade only */
    load_lesson(&cfg, "01-goal.json");
    lesson.steps[0] = (memory5d_lesson_step){.player = 0, .kind = MEMORY5D_CMD_ARM, .cell = -1,
                                             .cell2 = -1, .power = MEMORY5D_REVEAL,
                                             .expect_event = -1,
                                             .expect_refusal = MEMORY5D_R_NOT_ARCADE};
    lesson.steps[1].expect_event = MEMORY5D_EV_ANCHOR;
    lesson.goal_event = MEMORY5D_EV_ANCHOR;
    cr_expect_eq(memory5d_lesson_check(&cfg, &lesson, err, sizeof err), 0, "%s", err);
}

/* Edits 10-arcade.json with a JSON patch of one field and returns the reader's message. */
static const char *arcade_error(const char *key, const char *json, int step)
{
    static char err[512];
    cJSON *doc = load_doc("10-arcade.json");
    cJSON *obj = step >= 0 ? cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "steps"), step) : doc;
    cJSON *v = cJSON_Parse(json);
    cr_assert_not_null(v, "%s", json);
    if (cJSON_GetObjectItem(obj, key))
        cJSON_ReplaceItemInObject(obj, key, v);
    else
        cJSON_AddItemToObject(obj, key, v);
    err[0] = '\0';
    cr_expect_eq(read_edited(doc, err, sizeof err), -1, "%s: %s", key, json);
    return err;
}

Test(memory5d_lesson, the_reader_names_the_arcade_fields_and_values)
{
    cr_expect_str_eq(arcade_error("mode", "\"turbo\"", -1),
                     "mode: expected classic/arcade, got \"turbo\"");
    cr_expect_str_eq(arcade_error("mode", "\"classic\"", -1),
                     "loadout: only an Arcade lesson (\"mode\": \"arcade\") carries powers");
    /* the caps are the core's loadout check: "at most three charges and at most one Extra Turn" */
    cr_expect_str_eq(arcade_error("loadout", "{\"A\": {\"reveal\": 2, \"wildcard\": 2}}", -1),
                     "loadout.A: 4 charges, more than loadout.maxCharges 3");
    cr_expect_str_eq(arcade_error("loadout", "{\"B\": {\"extraTurn\": 2}}", -1),
                     "loadout.B: 2 Extra Turns, more than loadout.maxExtraTurn 1");
    cr_expect_str_eq(arcade_error("loadout", "{\"A\": {\"reveal\": \"one\"}}", -1),
                     "loadout.A.reveal: expected an integer, got \"one\"");
    cr_expect_str_eq(arcade_error("loadout", "{\"C\": {}}", -1), "loadout.C: unknown field");
    cr_expect_str_eq(arcade_error("loadout", "{\"A\": {\"shield\": 1}}", -1),
                     "loadout.A.shield: unknown field");
    cr_expect_str_eq(arcade_error("arm", "\"teleport\"", 0),
                     "steps[0].arm: expected reveal/doublePoints/wildcard/extraTurn, got "
                     "\"teleport\"");
    cr_expect_str_eq(arcade_error("disarm", "false", 6), "steps[6].disarm: expected true");
    cr_expect_str_eq(arcade_error("select", "\"A1\"", 6),
                     "steps[6]: expected exactly one of select, link, cancel, arm or disarm");
    cr_expect_str_eq(arcade_error("goal", "{\"event\": \"link\", \"flags\": [\"sparkle\"]}", -1),
                     "goal.flags[0]: expected block, fork, line, doubled or wildcard");
}
