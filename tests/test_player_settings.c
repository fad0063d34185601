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
    settings a = {5, 0, 100, 1, 1, 4294967295u}, b;
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
