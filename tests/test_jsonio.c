/* core/jsonio: parsing exactly-sized buffers and the strict field readers' messages. */
#include <criterion/criterion.h>
#include <string.h>

#include "jsonio.h"

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
