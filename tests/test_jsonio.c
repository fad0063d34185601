/* core/jsonio: parsing exactly-sized buffers and the strict field readers' messages. */
#include <criterion/criterion.h>
#include <string.h>

#include <math.h>

#include "jsonio.h"
#include "rng.h"

/* Regression: cJSON's require_null_terminated looked for a NUL inside the given length, so
 * every file read through jsonio_read_file was refused as "invalid JSON". */
Test(jsonio, parse_accepts_an_exactly_sized_buffer_with_trailing_whitespace)
{
    const char text[] = "{\"a\": 1}\n  \t";
    char err[128] = "";
    cJSON *doc = jsonio_parse(text, strlen(text), "t", err, sizeof err);
    cr_assert_not_null(doc, "%s", err);
    cr_expect_eq(cJSON_GetObjectItem(doc, "a")->valueint, 1);
    cJSON_Delete(doc);
}

Test(jsonio, parse_refuses_data_after_the_value_and_names_the_line)
{
    const char text[] = "{\"a\": 1}\n{\"b\": 2}";
    char err[128] = "";
    cr_expect_null(jsonio_parse(text, strlen(text), "t.json", err, sizeof err));
    cr_expect(strstr(err, "t.json: invalid JSON near line 2") != NULL, "%s", err);
}

Test(jsonio, parse_refuses_an_embedded_nul)
{
    const char text[] = "{\"a\": 1}\0garbage";
    char err[128] = "";
    cr_expect_null(jsonio_parse(text, sizeof text - 1, "t", err, sizeof err));
}

Test(jsonio, enum_reader_lists_the_allowed_names_and_the_value)
{
    static const char *const names[] = {"N", "E", "S", "W"};
    cJSON *obj = cJSON_Parse("{\"dir\": \"Q\"}");
    int out = -1;
    char err[128] = "";
    cr_expect_eq(jsonio_enum(obj, "dir", "arrows[3]", 1, names, 4, &out, err, sizeof err), -1);
    cr_expect_str_eq(err, "arrows[3].dir: expected N/E/S/W, got \"Q\"");
    cJSON_Delete(obj);
}

/* jsonio_print_compact is cJSON_PrintUnformatted's text byte for byte (the match server's
 * messages are read by clients written against cJSON's output). */
static void expect_same_text(const cJSON *doc, const char *what)
{
    char *want = cJSON_PrintUnformatted(doc);
    size_t len = 0;
    char *got = jsonio_print_compact(doc, &len);
    cr_assert_not_null(got, "%s: printed", what);
    cr_expect_str_eq(got, want, "%s", what);
    cr_expect_eq(len, strlen(want), "%s: length", what);
    free(got);
    cJSON_free(want);
}

Test(jsonio, compact_printing_is_cjsons_text_for_every_kind_of_value)
{
    const double numbers[] = {0, 1, -1, 7, 42, -1234567, 2147483647.0, 2147483648.0, -2147483649.0,
                              4294967295.0, 999999999999999.0, 1e15, -1e15, 1e17, 123456789012345678.0,
                              0.5, 0.1, -0.25, 1.0 / 3, 2.0 / 3, 1e-7, 6.02214076e23, -0.0, 1e308,
                              4.9e-324};
    cJSON *doc = cJSON_CreateObject();
    cJSON *arr = cJSON_AddArrayToObject(doc, "numbers");
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++) {
        cJSON *one = cJSON_CreateNumber(numbers[i]);
        expect_same_text(one, "a number");
        cJSON_Delete(one);
        cJSON_AddItemToArray(arr, cJSON_CreateNumber(numbers[i]));
    }
    cJSON_AddStringToObject(doc, "plain", "hello");
    cJSON_AddStringToObject(doc, "escapes", "q\" b\\ \b\f\n\r\t \x01\x1f end");
    cJSON_AddStringToObject(doc, "utf8", "caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x99\x82");
    cJSON_AddStringToObject(doc, "", "empty key");
    cJSON_AddStringToObject(doc, "k\"ey\n", "escaped key");
    cJSON_AddTrueToObject(doc, "t");
    cJSON_AddFalseToObject(doc, "f");
    cJSON_AddNullToObject(doc, "n");
    cJSON_AddItemToObject(doc, "raw", cJSON_CreateRaw("{\"x\":[1,2]}"));
    cJSON_AddItemToObject(doc, "emptyArray", cJSON_CreateArray());
    cJSON_AddItemToObject(doc, "emptyObject", cJSON_CreateObject());
    cJSON *at = cJSON_AddObjectToObject(doc, "deep"); /* 40 levels of {"a":[{...}, 1]} */
    for (int i = 0; i < 40; i++) {
        cJSON *a = cJSON_AddArrayToObject(at, "a");
        cJSON_AddItemToArray(a, at = cJSON_CreateObject());
        cJSON_AddItemToArray(a, cJSON_CreateNumber(i));
    }
    expect_same_text(doc, "the whole document");
    cJSON_Delete(doc);
}

Test(jsonio, compact_printing_matches_cjson_on_many_random_numbers)
{
    rng_t rng;
    rng_seed(&rng, 20261202);
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; i < 5000; i++) {
        uint32_t a = rng_next_u32(&rng), b = rng_next_u32(&rng);
        double d;
        switch (i % 4) {
        case 0: d = (double)(int32_t)a; break;                                    /* ints */
        case 1: d = (double)(((uint64_t)a << 18) ^ b) * (b & 1 ? -1 : 1); break; /* near 1e15 */
        case 2: d = (double)(int32_t)a / (double)(b | 1); break;                  /* fractions */
        default: d = ldexp((double)a, (int)(b % 200) - 100); break;              /* scales */
        }
        cJSON_AddItemToArray(arr, cJSON_CreateNumber(d));
    }
    expect_same_text(arr, "5,000 numbers");
    cJSON_Delete(arr);
}

Test(jsonio, compact_printing_refuses_an_invalid_item)
{
    cJSON bad = {0};
    bad.type = 1 << 10; /* no kind cJSON knows */
    cr_expect_null(jsonio_print_compact(&bad, NULL));
    cr_expect_null(jsonio_print_compact(NULL, NULL));
}
