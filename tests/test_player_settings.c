/* Player Options file (player/settings.c): DBT-27 defaults, strict reading, atomic writing. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../player/settings.h"

Test(player_settings, defaults_are_dbt_27_and_dbt_21)
{
    settings s;
    settings_defaults(&s);
    cr_expect_eq(s.master, 80);
    cr_expect_eq(s.music, 70);
    cr_expect_eq(s.sfx, 90);
    cr_expect_eq(s.colorblind, 0);
    cr_expect_eq(s.randomize, 0);
    cr_expect_eq(s.seed, 12345u);
}

Test(player_settings, written_text_reads_back_the_same)
{
    settings a = {5, 0, 100, 1, 1, 4294967295u, {1, 0, 1}}, b;
    char *text = settings_to_text(&a);
    char err[256];
    cr_assert_not_null(text);
    cr_assert_eq(settings_parse(text, strlen(text), "s", &b, err, sizeof err), 0, "%s", err);
    free(text);
    cr_expect_eq(memcmp(&a, &b, sizeof a), 0);
}

Test(player_settings, a_bad_field_leaves_the_settings_untouched_and_names_it)
{
    settings s;
    settings_defaults(&s);
    s.master = 33;
    char err[256];
    const char *text = "{\"format\":\"oddshape-settings/1\",\"master\":101,\"music\":70,\"sfx\":90,"
                       "\"colorblind\":false,\"randomize\":false,\"seed\":12345}";
    cr_expect_eq(settings_parse(text, strlen(text), "s", &s, err, sizeof err), -1);
    cr_expect(strstr(err, "master") != NULL, "%s", err);
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
    cr_expect_eq(settings_load(path, &t, err, sizeof err), 1);
    cr_expect_eq(t.master, 80);
    settings_defaults(&s);
    s.music = 12;
    s.randomize = 1;
    cr_assert_eq(settings_save(path, &s, err, sizeof err), 0, "%s", err);
    cr_expect_eq(settings_load(path, &t, err, sizeof err), 0, "%s", err);
    cr_expect_eq(t.music, 12);
    cr_expect_eq(t.randomize, 1);
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
    s.master = 1;
    char err[512];
    cr_expect_eq(settings_load(path, &s, err, sizeof err), -1);
    cr_expect_eq(s.master, 80);
    cr_expect(strstr(err, "using default settings") != NULL, "%s", err);
    cr_expect(strchr(err, '\n') == NULL);
    remove(path);
}

/* Issue 12: Memory5D's modes live in the same file; today's Odd Shape files still read. */
Test(player_settings, an_odd_shape_file_of_the_first_format_still_reads_with_memory5d_defaults)
{
    settings s;
    char err[256];
    const char *text = "{\"format\":\"oddshape-settings/1\",\"master\":10,\"music\":20,\"sfx\":30,"
                       "\"colorblind\":true,\"randomize\":false,\"seed\":7}";
    cr_assert_eq(settings_parse(text, strlen(text), "s", &s, err, sizeof err), 0, "%s", err);
    cr_expect_eq(s.master, 10);
    cr_expect_eq(s.colorblind, 1);
    cr_expect_eq(s.seed, 7u);
    cr_expect_eq(s.m5d.reduced_motion + s.m5d.reduced_sensory + s.m5d.high_contrast, 0);
    const char *mixed = "{\"format\":\"oddshape-settings/1\",\"master\":10,\"music\":20,\"sfx\":30,"
                        "\"colorblind\":true,\"randomize\":false,\"seed\":7,\"memory5d\":{}}";
    cr_expect_eq(settings_parse(mixed, strlen(mixed), "s", &s, err, sizeof err), -1);
    cr_expect_str_eq(err, "s: memory5d: not part of oddshape-settings/1");
}

Test(player_settings, memory5d_modes_round_trip_and_are_checked)
{
    settings a, b;
    settings_defaults(&a);
    a.m5d.reduced_motion = 1;
    a.m5d.high_contrast = 1;
    char *text = settings_to_text(&a);
    char err[256];
    cr_assert_not_null(text);
    cr_expect(strstr(text, "\"format\": \"player-settings/2\"") != NULL, "%s", text);
    cr_assert_eq(settings_parse(text, strlen(text), "s", &b, err, sizeof err), 0, "%s", err);
    free(text);
    cr_expect_eq(memcmp(&a, &b, sizeof a), 0);
    const char *bad = "{\"format\":\"player-settings/2\",\"master\":10,\"music\":20,\"sfx\":30,"
                      "\"colorblind\":true,\"randomize\":false,\"seed\":7,\"memory5d\":"
                      "{\"reducedMotion\":1,\"reducedSensory\":false,\"highContrast\":false}}";
    cr_expect_eq(settings_parse(bad, strlen(bad), "s", &b, err, sizeof err), -1);
    cr_expect(strstr(err, "memory5d.reducedMotion") != NULL, "%s", err);
}
