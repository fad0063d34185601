/* The player's settings file (player/settings.c): DBT-27 defaults, strict reading, atomic
 * writing, one opaque object per scene (each read and written by its scene's slot), and the
 * two older formats read into the scenes' slots. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../player/memory5d/memory5d_settings.h"
#include "../player/oddshape/oddshape_settings.h"
#include "../player/settings.h"
#include "jsonio.h"

/* The registry's slots, in its order (player/scenes.c: Odd Shape, Memory5D; Compass keeps
 * none). */
static const settings_slot *const slots[] = {&oddshape_settings_slot, &memory5d_settings_slot, NULL};

static oddshape_settings *odd(settings *s) { return settings_scene(s, "oddshape"); }
static memory5d_settings *m5d(settings *s) { return settings_scene(s, "memory5d"); }

Test(player_settings, defaults_are_dbt_27_and_dbt_21)
{
    settings s;
    cr_assert_eq(settings_defaults(&s, slots), 0);
    cr_expect_eq(s.master, 80);
    cr_expect_eq(s.music, 70);
    cr_expect_eq(s.sfx, 90);
    cr_expect_eq(odd(&s)->colorblind, 0);
    cr_expect_eq(odd(&s)->randomize, 0);
    cr_expect_eq(odd(&s)->seed, 12345u);
    cr_expect_eq(m5d(&s)->reduced_motion + m5d(&s)->reduced_sensory + m5d(&s)->high_contrast, 0);
    cr_expect_null(settings_scene(&s, "compass"));
}

Test(player_settings, written_text_reads_back_the_same)
{
    settings a, b;
    settings_defaults(&a, slots);
    a.master = 5;
    a.music = 0;
    a.sfx = 100;
    *odd(&a) = (oddshape_settings){1, 1, 4294967295u};
    *m5d(&a) = (memory5d_settings){.reduced_motion = 1, .high_contrast = 1};
    char *text = settings_to_text(&a);
    char err[256];
    cr_assert_not_null(text);
    settings_defaults(&b, slots);
    cr_assert_eq(settings_parse(text, strlen(text), "s", &b, err, sizeof err), 0, "%s", err);
    free(text);
    cr_expect_eq(memcmp(&a, &b, sizeof a), 0);
}

Test(player_settings, each_scene_has_its_own_object_in_todays_format)
{
    settings a;
    settings_defaults(&a, slots);
    odd(&a)->colorblind = 1;
    m5d(&a)->high_contrast = 1;
    char *text = settings_to_text(&a);
    cr_assert_not_null(text);
    char err[256];
    cJSON *doc = jsonio_parse(text, strlen(text), "s", err, sizeof err);
    cr_assert_not_null(doc, "%s\n%s", err, text);
    cr_expect_str_eq(cJSON_GetObjectItem(doc, "format")->valuestring, "player-settings/3");
    cJSON *o = cJSON_GetObjectItem(doc, "oddshape"), *m = cJSON_GetObjectItem(doc, "memory5d");
    cr_assert(cJSON_IsObject(o) && cJSON_IsObject(m), "%s", text);
    cr_expect(cJSON_IsTrue(cJSON_GetObjectItem(o, "colorblind")), "%s", text);
    cr_expect(cJSON_IsTrue(cJSON_GetObjectItem(m, "highContrast")), "%s", text);
    cr_expect_null(cJSON_GetObjectItem(doc, "colorblind"), "%s", text);
    cJSON_Delete(doc);
    free(text);
}

Test(player_settings, a_bad_field_leaves_the_settings_untouched_and_names_it)
{
    settings s;
    settings_defaults(&s, slots);
    s.master = 33;
    char err[256];
    const char *text = "{\"format\":\"oddshape-settings/1\",\"master\":101,\"music\":70,\"sfx\":90,"
                       "\"colorblind\":false,\"randomize\":false,\"seed\":12345}";
    cr_expect_eq(settings_parse(text, strlen(text), "s", &s, err, sizeof err), -1);
    cr_expect(strstr(err, "master") != NULL, "%s", err);
    cr_expect_eq(s.master, 33);
    const char *scene = "{\"format\":\"player-settings/3\",\"master\":10,\"music\":20,\"sfx\":30,"
                        "\"oddshape\":{\"colorblind\":false,\"randomize\":false,\"seed\":-1}}";
    cr_expect_eq(settings_parse(scene, strlen(scene), "s", &s, err, sizeof err), -1);
    cr_expect(strstr(err, "s: oddshape.seed") == err, "%s", err);
    cr_expect_eq(s.master, 33);
}

Test(player_settings, save_then_load_round_trips_and_a_missing_file_gives_defaults)
{
    char dir[] = "/tmp/player-settings-XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    char path[128];
    snprintf(path, sizeof path, "%s/sub/settings.json", dir);
    settings s, t;
    char err[512];
    settings_defaults(&t, slots);
    cr_expect_eq(settings_load(path, &t, err, sizeof err), 1);
    cr_expect_eq(t.master, 80);
    settings_defaults(&s, slots);
    s.music = 12;
    odd(&s)->randomize = 1;
    m5d(&s)->reduced_sensory = 1;
    cr_assert_eq(settings_save(path, &s, err, sizeof err), 0, "%s", err);
    cr_expect_eq(settings_load(path, &t, err, sizeof err), 0, "%s", err);
    cr_expect_eq(t.music, 12);
    cr_expect_eq(odd(&t)->randomize, 1);
    cr_expect_eq(m5d(&t)->reduced_sensory, 1);
    remove(path);
    snprintf(path, sizeof path, "%s/sub", dir);
    rmdir(path);
    rmdir(dir);
}

Test(player_settings, a_corrupt_file_falls_back_to_defaults_with_one_message)
{
    char path[] = "/tmp/player-settings-XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    cr_assert_eq(write(fd, "{\"master\": 80,", 14), 14);
    close(fd);
    settings s;
    settings_defaults(&s, slots);
    s.master = 1;
    char err[512];
    cr_expect_eq(settings_load(path, &s, err, sizeof err), -1);
    cr_expect_eq(s.master, 80);
    cr_expect(strstr(err, "using default settings") != NULL, "%s", err);
    cr_expect(strchr(err, '\n') == NULL);
    remove(path);
}

/* Issue 12: Memory5D's modes live in the same file; the first Odd Shape files still read. */
Test(player_settings, an_odd_shape_file_of_the_first_format_loads_into_the_scenes_slots)
{
    char path[] = "/tmp/player-settings-XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    const char *text = "{\"format\":\"oddshape-settings/1\",\"master\":10,\"music\":20,\"sfx\":30,"
                       "\"colorblind\":true,\"randomize\":false,\"seed\":7}";
    cr_assert_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    settings s;
    settings_defaults(&s, slots);
    char err[512];
    cr_assert_eq(settings_load(path, &s, err, sizeof err), 0, "%s", err);
    remove(path);
    cr_expect_eq(s.master, 10);
    cr_expect_eq(odd(&s)->colorblind, 1);
    cr_expect_eq(odd(&s)->randomize, 0);
    cr_expect_eq(odd(&s)->seed, 7u);
    cr_expect_eq(m5d(&s)->reduced_motion + m5d(&s)->reduced_sensory + m5d(&s)->high_contrast, 0);
    const char *mixed = "{\"format\":\"oddshape-settings/1\",\"master\":10,\"music\":20,\"sfx\":30,"
                        "\"colorblind\":true,\"randomize\":false,\"seed\":7,\"memory5d\":{}}";
    cr_expect_eq(settings_parse(mixed, strlen(mixed), "s", &s, err, sizeof err), -1);
    cr_expect_str_eq(err, "s: memory5d: not part of oddshape-settings/1");
    const char *short_ = "{\"format\":\"oddshape-settings/1\",\"master\":10,\"music\":20,\"sfx\":30,"
                         "\"colorblind\":true,\"seed\":7}";
    cr_expect_eq(settings_parse(short_, strlen(short_), "s", &s, err, sizeof err), -1);
    cr_expect(strstr(err, "randomize") != NULL, "%s", err);
}

Test(player_settings, a_file_of_the_second_format_loads_into_the_scenes_slots)
{
    settings s;
    settings_defaults(&s, slots);
    char err[256];
    const char *text = "{\"format\":\"player-settings/2\",\"master\":10,\"music\":20,\"sfx\":30,"
                       "\"colorblind\":false,\"randomize\":true,\"seed\":99,\"memory5d\":"
                       "{\"reducedMotion\":true,\"reducedSensory\":false,\"highContrast\":true}}";
    cr_assert_eq(settings_parse(text, strlen(text), "s", &s, err, sizeof err), 0, "%s", err);
    cr_expect_eq(odd(&s)->randomize, 1);
    cr_expect_eq(odd(&s)->seed, 99u);
    cr_expect_eq(m5d(&s)->reduced_motion, 1);
    cr_expect_eq(m5d(&s)->high_contrast, 1);
    const char *bad = "{\"format\":\"player-settings/2\",\"master\":10,\"music\":20,\"sfx\":30,"
                      "\"colorblind\":true,\"randomize\":false,\"seed\":7,\"memory5d\":"
                      "{\"reducedMotion\":1,\"reducedSensory\":false,\"highContrast\":false}}";
    cr_expect_eq(settings_parse(bad, strlen(bad), "s", &s, err, sizeof err), -1);
    cr_expect(strstr(err, "memory5d.reducedMotion") != NULL, "%s", err);
    const char *none = "{\"format\":\"player-settings/2\",\"master\":10,\"music\":20,\"sfx\":30,"
                       "\"colorblind\":true,\"randomize\":false,\"seed\":7}";
    cr_expect_eq(settings_parse(none, strlen(none), "s", &s, err, sizeof err), -1);
    cr_expect_str_eq(err, "s: memory5d: missing");
}

Test(player_settings, todays_format_keeps_each_scene_in_its_object)
{
    settings s;
    settings_defaults(&s, slots);
    char err[256];
    /* a scene without its object (one newer than the file) gets its defaults */
    const char *text = "{\"format\":\"player-settings/3\",\"master\":10,\"music\":20,\"sfx\":30,"
                       "\"memory5d\":{\"reducedMotion\":true,\"reducedSensory\":false,"
                       "\"highContrast\":false}}";
    cr_assert_eq(settings_parse(text, strlen(text), "s", &s, err, sizeof err), 0, "%s", err);
    cr_expect_eq(odd(&s)->seed, 12345u);
    cr_expect_eq(m5d(&s)->reduced_motion, 1);
    const char *flat = "{\"format\":\"player-settings/3\",\"master\":10,\"music\":20,\"sfx\":30,"
                       "\"colorblind\":true}";
    cr_expect_eq(settings_parse(flat, strlen(flat), "s", &s, err, sizeof err), -1);
    cr_expect_str_eq(err, "s: colorblind: not part of player-settings/3");
    const char *extra = "{\"format\":\"player-settings/3\",\"master\":10,\"music\":20,\"sfx\":30,"
                        "\"oddshape\":{\"colorblind\":true,\"randomize\":false,\"seed\":1,\"x\":1}}";
    cr_expect_eq(settings_parse(extra, strlen(extra), "s", &s, err, sizeof err), -1);
    cr_expect(strstr(err, "x") != NULL, "%s", err);
}

/* The shell never looks inside a scene's value: a scene it has never heard of keeps its own
 * bytes, parsed and written only by its slot. */
typedef struct {
    int level;
} toy_settings;

static void toy_defaults(void *v) { ((toy_settings *)v)->level = 3; }
static int toy_parse(const cJSON *obj, const char *where, void *v, char *err, size_t errlen)
{
    static const char *const allowed[] = {"level", NULL};
    long long level;
    if (jsonio_object(obj, where, allowed, err, errlen) ||
        jsonio_int(obj, "level", where, 1, 1, 9, &level, err, errlen))
        return -1;
    ((toy_settings *)v)->level = (int)level;
    return 0;
}
static int toy_format(const void *v, char *buf, size_t n)
{
    return snprintf(buf, n, "{\"level\": %d}", ((const toy_settings *)v)->level);
}

Test(player_settings, a_scene_reads_and_writes_only_its_own_object)
{
    static const settings_slot toy = {"toy", sizeof(toy_settings), toy_defaults, toy_parse,
                                      toy_format, NULL, NULL};
    static const settings_slot *const toys[] = {&toy, NULL};
    settings s;
    cr_assert_eq(settings_defaults(&s, toys), 0);
    cr_expect_eq(((toy_settings *)settings_scene(&s, "toy"))->level, 3);
    char err[256];
    const char *text = "{\"format\":\"player-settings/3\",\"master\":10,\"music\":20,\"sfx\":30,"
                       "\"toy\":{\"level\":7}}";
    cr_assert_eq(settings_parse(text, strlen(text), "s", &s, err, sizeof err), 0, "%s", err);
    cr_expect_eq(((toy_settings *)settings_scene(&s, "toy"))->level, 7);
    char *out = settings_to_text(&s);
    cr_assert_not_null(out);
    cr_expect(strstr(out, "\"toy\": {\"level\": 7}") != NULL, "%s", out);
    free(out);
    const char *bad = "{\"format\":\"player-settings/3\",\"master\":10,\"music\":20,\"sfx\":30,"
                      "\"toy\":{\"level\":70}}";
    cr_expect_eq(settings_parse(bad, strlen(bad), "s", &s, err, sizeof err), -1);
    cr_expect(strstr(err, "s: toy.level") == err, "%s", err);
    cr_expect_eq(((toy_settings *)settings_scene(&s, "toy"))->level, 7);
}

Test(player_settings, a_slot_too_large_for_the_shell_is_refused)
{
    static const settings_slot big = {"big", SETTINGS_SCENE_BYTES + 1, toy_defaults, toy_parse,
                                      toy_format, NULL, NULL};
    static const settings_slot *const bigs[] = {&big, NULL};
    settings s;
    cr_expect_eq(settings_defaults(&s, bigs), -1);
}
