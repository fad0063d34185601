/* Headless replay scripts (player/script.c): the documented JSON-lines format, strictly. */
#include <criterion/criterion.h>
#include <string.h>

#include "../player/script.h"

static int parse(const char *text, script *s, char *err)
{
    return script_parse(text, strlen(text), "s.jsonl", s, err, 256);
}

Test(player_script, reads_every_input_kind_in_order)
{
    const char *text = "# comment\n"
                       "{\"t\":0,\"type\":\"move\",\"x\":10,\"y\":20}\n"
                       "\n"
                       "{\"t\":5,\"type\":\"click\",\"x\":960,\"y\":540}\n"
                       "{\"t\":5,\"type\":\"key\",\"key\":\"2\"}\n"
                       "{\"t\":7,\"type\":\"key\",\"key\":\"x\"}\n"
                       "{\"t\":9,\"type\":\"pad\",\"button\":\"start\"}\n";
    script s;
    char err[256];
    cr_assert_eq(parse(text, &s, err), 0, "%s", err);
    cr_assert_eq(s.count, 5);
    cr_expect_eq(s.steps[0].in.kind, PIN_MOVE);
    cr_expect_eq(s.steps[1].in.kind, PIN_CLICK);
    cr_expect_eq(s.steps[1].in.x, 960);
    /* DBT-29: "2" is the Slot 1 key */
    cr_expect_eq(s.steps[2].in.key, PK_2);
    cr_expect_eq(s.steps[2].in.ch, '2');
    cr_expect_eq(s.steps[3].in.key, PK_CHAR);
    cr_expect_eq(s.steps[3].in.ch, 'x');
    cr_expect_eq(s.steps[4].in.button, PB_START);
    cr_expect_eq(s.steps[4].t_ms, 9);
    script_free(&s);
}

Test(player_script, a_click_releases_at_once_and_press_release_allow_a_drag)
{
    const char *text = "{\"t\":1,\"type\":\"click\",\"x\":1,\"y\":2}\n"
                       "{\"t\":2,\"type\":\"press\",\"x\":1,\"y\":2}\n"
                       "{\"t\":3,\"type\":\"release\",\"x\":9,\"y\":2}\n";
    script s;
    char err[256];
    cr_assert_eq(parse(text, &s, err), 0, "%s", err);
    cr_expect(s.steps[0].in.kind == PIN_CLICK && s.steps[0].release_after);
    cr_expect(s.steps[1].in.kind == PIN_CLICK && !s.steps[1].release_after);
    cr_expect(s.steps[2].in.kind == PIN_RELEASE && s.steps[2].in.x == 9);
    script_free(&s);
}

Test(player_script, refuses_times_that_go_backwards)
{
    script s;
    char err[256];
    cr_assert_eq(parse("{\"t\":10,\"type\":\"key\",\"key\":\"1\"}\n{\"t\":9,\"type\":\"key\",\"key\":\"1\"}\n",
                       &s, err), -1);
    cr_expect(strstr(err, "s.jsonl:2.t") != NULL, "%s", err);
    cr_expect_eq(s.count, 0);
}

Test(player_script, names_the_line_and_field_of_a_bad_value)
{
    script s;
    char err[256];
    cr_assert_eq(parse("{\"t\":1,\"type\":\"pad\",\"button\":\"x\"}\n", &s, err), -1);
    cr_expect(strstr(err, "s.jsonl:1.button") != NULL, "%s", err);
    cr_assert_eq(parse("{\"t\":1,\"type\":\"key\",\"key\":\"f13\"}\n", &s, err), -1);
    cr_expect(strstr(err, "s.jsonl:1.key") != NULL, "%s", err);
    cr_assert_eq(parse("{\"t\":-1,\"type\":\"key\",\"key\":\"1\"}\n", &s, err), -1);
    cr_expect(strstr(err, ".t") != NULL, "%s", err);
    cr_assert_eq(parse("{\"t\":1,\"type\":\"click\",\"x\":5}\n", &s, err), -1);
    cr_expect(strstr(err, ".y") != NULL, "%s", err);
    cr_assert_eq(parse("{\"t\":1,\"type\":\"jump\"}\n", &s, err), -1);
    cr_expect(strstr(err, ".type") != NULL, "%s", err);
}

Test(player_script, refuses_unknown_and_misplaced_fields_and_bad_json)
{
    script s;
    char err[256];
    cr_expect_eq(parse("{\"t\":1,\"type\":\"key\",\"key\":\"1\",\"speed\":2}\n", &s, err), -1);
    cr_expect(strstr(err, "speed") != NULL, "%s", err);
    cr_expect_eq(parse("{\"t\":1,\"type\":\"key\",\"key\":\"1\",\"x\":2}\n", &s, err), -1);
    cr_expect_eq(parse("{\"t\":1,\"type\":\"move\",\"x\":2,\"y\":3,\"button\":\"a\"}\n", &s, err), -1);
    cr_expect_eq(parse("{\"t\":1,\n", &s, err), -1);
    cr_expect(strstr(err, "s.jsonl:1") != NULL, "%s", err);
    cr_expect_eq(parse("[1,2]\n", &s, err), -1);
}

Test(player_script, an_empty_script_is_valid)
{
    script s;
    char err[256];
    cr_assert_eq(parse("\n# nothing\n", &s, err), 0);
    cr_expect_eq(s.count, 0);
    script_free(&s);
}

Test(player_script, a_touch_taps_and_its_halves_are_touch_inputs)
{
    const char *text = "{\"t\":1,\"type\":\"touch\",\"x\":195,\"y\":400}\n"
                       "{\"t\":2,\"type\":\"touch-down\",\"x\":10,\"y\":20}\n"
                       "{\"t\":3,\"type\":\"touch-move\",\"x\":30,\"y\":20}\n"
                       "{\"t\":4,\"type\":\"touch-up\",\"x\":40,\"y\":20}\n";
    script s;
    char err[256];
    cr_assert_eq(parse(text, &s, err), 0, "%s", err);
    cr_assert_eq(s.count, 4);
    cr_expect_eq(s.steps[0].in.kind, PIN_TOUCH_DOWN);
    cr_expect_eq(s.steps[0].release_after, 1, "a tap lifts at once");
    cr_expect_eq(s.steps[0].in.x, 195);
    cr_expect_eq(s.steps[1].in.kind, PIN_TOUCH_DOWN);
    cr_expect_eq(s.steps[1].release_after, 0);
    cr_expect_eq(s.steps[2].in.kind, PIN_TOUCH_MOVE);
    cr_expect_eq(s.steps[3].in.kind, PIN_TOUCH_UP);
    script_free(&s);
}

Test(player_script, a_close_is_the_window_close_button_and_takes_only_t)
{
    script s;
    char err[256];
    cr_assert_eq(parse("{\"t\":7,\"type\":\"close\"}\n", &s, err), 0, "%s", err);
    cr_assert_eq(s.count, 1);
    cr_expect_eq(s.steps[0].close, 1);
    cr_expect_eq(s.steps[0].t_ms, 7);
    script_free(&s);
    cr_expect_neq(parse("{\"t\":7,\"type\":\"close\",\"key\":\"a\"}\n", &s, err), 0);
    cr_expect(strstr(err, "a close takes only t"), "%s", err);
}

Test(player_script, modifier_prefixes_and_home_end_keys)
{
    const char *text = "{\"t\":1,\"type\":\"key\",\"key\":\"shift+tab\"}\n"
                       "{\"t\":2,\"type\":\"key\",\"key\":\"ctrl+home\"}\n"
                       "{\"t\":3,\"type\":\"key\",\"key\":\"end\"}\n"
                       "{\"t\":4,\"type\":\"key\",\"key\":\"ctrl+shift+z\"}\n"
                       "{\"t\":5,\"type\":\"key\",\"key\":\"+\"}\n";
    script s;
    char err[256];
    cr_assert_eq(parse(text, &s, err), 0, "%s", err);
    cr_assert_eq(s.count, 5);
    cr_expect_eq(s.steps[0].in.key, PK_TAB);
    cr_expect_eq(s.steps[0].in.mods, PMOD_SHIFT);
    cr_expect_eq(s.steps[1].in.key, PK_HOME);
    cr_expect_eq(s.steps[1].in.mods, PMOD_CTRL);
    cr_expect_eq(s.steps[2].in.key, PK_END);
    cr_expect_eq(s.steps[2].in.mods, 0);
    cr_expect_eq(s.steps[3].in.key, PK_CHAR);
    cr_expect_eq(s.steps[3].in.ch, 'z');
    cr_expect_eq(s.steps[3].in.mods, PMOD_CTRL | PMOD_SHIFT);
    cr_expect_eq(s.steps[4].in.ch, '+', "a lone + is a character, not a prefix");
    script_free(&s);
}

Test(player_script, a_modifier_without_a_key_is_refused)
{
    script s;
    char err[256];
    cr_expect_eq(parse("{\"t\":1,\"type\":\"key\",\"key\":\"shift+\"}\n", &s, err), -1);
    cr_expect(strstr(err, "s.jsonl:1.key: expected") != NULL, "%s", err);
    cr_expect_eq(parse("{\"t\":1,\"type\":\"touch\",\"x\":1,\"y\":2,\"key\":\"a\"}\n", &s, err), -1);
    cr_expect(strstr(err, "a touch takes only t, x and y") != NULL, "%s", err);
}

/* A typed space arrives as a key (SDL's text input skips it, the shell's key path fills it in):
 * live typing "Bea Two" in a name dropped the space until the key path used this too. */
Test(player_script, the_keys_that_type_a_character_give_it_live_and_scripted)
{
    cr_expect_eq(player_key_char(PK_SPACE), ' ');
    cr_expect_eq(player_key_char(PK_1), '1');
    cr_expect_eq(player_key_char(PK_3), '3');
    cr_expect_eq(player_key_char(PK_ENTER), 0);
    script s;
    char err[256];
    const char *text = "{\"t\":0,\"type\":\"key\",\"key\":\"space\"}\n";
    cr_assert_eq(script_parse(text, strlen(text), "s.jsonl", &s, err, sizeof err), 0, "%s", err);
    cr_expect_eq(s.steps[0].in.ch, ' ', "a scripted space types one as a live one does");
    script_free(&s);
}
