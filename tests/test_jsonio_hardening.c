/* Issue 9: the shared reader refuses repeated keys, NULs in strings, too many values, and
 * any input file that is not a regular file (checked before anything can block). */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jsonio.h"

static const char *refused(const char *text)
{
    static char err[512];
    err[0] = '\0';
    cJSON *doc = jsonio_parse(text, strlen(text), "f.json", err, sizeof err);
    cJSON_Delete(doc);
    return doc ? NULL : err;
}

Test(jsonio_hardening, a_repeated_key_is_refused_naming_its_path)
{
    cr_expect_str_eq(refused("{\"initialPhase\":0,\"initialPhase\":1}"),
                     "f.json: initialPhase: repeated field");
    cr_expect_str_eq(refused("{\"a\":[{\"x\":1},{\"y\":1,\"z\":2,\"y\":3}]}"),
                     "f.json: a[1].y: repeated field");
    cr_expect_null(refused("{\"a\":{\"x\":1},\"b\":{\"x\":1}}"), "the same key in two objects is fine");
}

Test(jsonio_hardening, a_repeated_key_in_a_large_object_is_found)
{
    size_t cap = 200000;
    char *t = malloc(cap);
    size_t n = (size_t)snprintf(t, cap, "{");
    for (int i = 0; i < 5000; i++)
        n += (size_t)snprintf(t + n, cap - n, "\"k%d\":%d,", i, i);
    snprintf(t + n, cap - n, "\"k1234\":0}");
    cr_expect_str_eq(refused(t), "f.json: k1234: repeated field");
    free(t);
}

Test(jsonio_hardening, a_nul_in_a_key_or_string_is_refused)
{
    cr_expect_str_eq(refused("{\"rows\\u0000x\":4}"), "f.json: key \"rows\\u0000x\" contains a NUL character");
    cr_expect_str_eq(refused("{\"id\" : \"a\\u0000\"}"), "f.json: string \"a\\u0000\" contains a NUL character");
    cr_expect_null(refused("{\"id\":\"a\\u0001\\\\u0000\"}"), "an escaped backslash then u0000 is no NUL");
    const char raw[] = "{\"a\":1,\n\0}";
    char err[256];
    cr_expect_null(jsonio_parse(raw, sizeof raw - 1, "f.json", err, sizeof err));
    cr_expect_str_eq(err, "f.json: a zero byte near line 2");
}

Test(jsonio_hardening, more_values_than_the_cap_are_refused_before_parsing)
{
    size_t n = 2 * (JSONIO_MAX_VALUES + 10);
    char *t = malloc(n + 2);
    t[0] = '[';
    for (size_t i = 1; i < n; i += 2)
        t[i] = '0', t[i + 1] = ',';
    t[n - 1] = '0';
    t[n] = ']';
    t[n + 1] = '\0';
    char want[128];
    snprintf(want, sizeof want, "f.json: more than %d values", JSONIO_MAX_VALUES);
    cr_expect_str_eq(refused(t), want);
    free(t);
}

Test(jsonio_hardening, a_fifo_is_refused_without_waiting_for_a_writer)
{
    char dir[] = "/tmp/jsonio-fifo-XXXXXX", path[64];
    cr_assert_not_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/f.json", dir);
    cr_assert_eq(mkfifo(path, 0600), 0);
    char err[256];
    alarm(10); /* a hang fails the test instead of stalling the suite */
    cr_expect_null(jsonio_read_file(path, err, sizeof err));
    alarm(0);
    cr_expect(strstr(err, "f.json: not a regular file"), "%s", err);
    unlink(path);
    rmdir(dir);
}

Test(jsonio_hardening, a_file_over_its_kinds_limit_is_refused_unread)
{
    char path[] = "/tmp/jsonio-big-XXXXXX";
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    cr_assert_eq(ftruncate(fd, JSONIO_LIMIT_LEVEL + 1), 0);
    close(fd);
    char err[256], want[256];
    cr_expect_null(jsonio_read_file_max(path, JSONIO_LIMIT_LEVEL, err, sizeof err));
    snprintf(want, sizeof want, "%s: file is %u bytes, larger than the %u-byte limit", path,
             JSONIO_LIMIT_LEVEL + 1, JSONIO_LIMIT_LEVEL);
    cr_expect_str_eq(err, want);
    unlink(path);
}
