/* core/oddshape/oddshape_json: the oddshape-rounds/1 reader's strictness and messages, and the writer. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "oddshape/oddshape_json.h"

#define ROUND1                                                                               \
    "{\"round\": 1, \"baseColor\": \"Blue\", \"baseShape\": \"Circle\", \"oddTrait\": "     \
    "\"color\", \"oddValue\": \"Orange\", \"oddSlot\": 1, \"slots\": [{\"color\": \"Blue\", " \
    "\"shape\": \"Circle\"}, {\"color\": \"Orange\", \"shape\": \"Circle\"}, {\"color\": "   \
    "\"Blue\", \"shape\": \"Circle\"}]}"
#define HEAD "{\"format\": \"oddshape-rounds/1\", \"source\": \"table-L1\", \"rounds\": "

static int parse_text(const char *text, oddshape_rounds_doc *doc, char *err, size_t errlen)
{
    cJSON *json = cJSON_Parse(text);
    cr_assert_not_null(json, "test input is not JSON: %s", text);
    int rc = oddshape_json_parse(json, doc, err, errlen);
    cJSON_Delete(json);
    return rc;
}

/* The round below is ROUND1 with one field replaced: from -> to. */
static char *round_with(const char *from, const char *to)
{
    static char buf[2048];
    const char *base = HEAD "[" ROUND1 "]}";
    const char *at = strstr(base, from);
    cr_assert_not_null(at, "%s not in the template", from);
    snprintf(buf, sizeof buf, "%.*s%s%s", (int)(at - base), base, to, at + strlen(from));
    return buf;
}

Test(oddshape_json, a_valid_round_reads_into_its_five_fields_and_slots)
{
    static oddshape_rounds_doc doc;
    char err[256] = "";
    cr_assert_eq(parse_text(HEAD "[" ROUND1 "]}", &doc, err, sizeof err), 0, "%s", err);
    cr_expect_eq(doc.source, ODDSHAPE_SOURCE_TABLE_L1);
    cr_expect_eq(doc.count, 1);
    const oddshape_row *r = &doc.rows[0];
    cr_expect(r->number == 1 && r->fields.base_color == 1 && r->fields.base_shape == 0 &&
              r->fields.odd_trait == ODDSHAPE_TRAIT_COLOR && r->fields.odd_value == 5 &&
              r->fields.odd_slot == 1 && r->value_list == ODDSHAPE_TRAIT_COLOR);
    cr_expect(r->slots[1].color == 5 && r->slots[1].shape == 0 && r->slots[2].color == 1);
}

/* Issue 2: "messages like rounds[3].oddValue: expected Red/Blue/..., got "Pink"". */
Test(oddshape_json, malformed_fields_are_refused_with_the_field_path_and_value)
{
    static const struct { const char *from, *to, *msg; } cases[] = {
        {"\"Orange\", \"oddSlot\"", "\"Pink\", \"oddSlot\"",
         "rounds[0].oddValue: expected Red/Blue/Green/Yellow/Purple/Orange, got \"Pink\""},
        {"\"oddSlot\": 1", "\"oddSlot\": 3",
         "rounds[0].oddSlot: expected an integer from 0 to 2, got 3"},
        {"\"oddSlot\": 1", "\"oddSlot\": -1",
         "rounds[0].oddSlot: expected an integer from 0 to 2, got -1"},
        {"\"oddSlot\": 1", "\"oddSlot\": 1.5", "rounds[0].oddSlot: expected an integer, got 1.5"},
        {"\"oddSlot\": 1", "\"oddSlot\": \"1\"",
         "rounds[0].oddSlot: expected an integer, got \"1\""},
        {"\"oddSlot\": 1", "\"oddSlot\": null", "rounds[0].oddSlot: expected an integer, got null"},
        {"\"round\": 1", "\"round\": 0",
         "rounds[0].round: expected an integer from 1 to 100, got 0"},
        {"\"round\": 1", "\"round\": 1e300", "rounds[0].round: expected an integer from 1 to 100"},
        {"\"baseColor\": \"Blue\"", "\"baseColor\": \"blue\"",
         "rounds[0].baseColor: expected Red/Blue/Green/Yellow/Purple/Orange, got \"blue\""},
        {"\"baseShape\": \"Circle\"", "\"baseShape\": 4",
         "rounds[0].baseShape: expected Circle/Square/Triangle/Star/Heart/Hexagon, got 4"},
        {"\"oddTrait\": \"color\"", "\"oddTrait\": \"size\"",
         "rounds[0].oddTrait: expected color/shape, got \"size\""},
        {"\"baseShape\": \"Circle\", ", "", "rounds[0].baseShape: missing"},
        {"\"round\": 1", "\"round\": 1, \"odd\": true", "rounds[0].odd: unknown field"},
        {"\"round\": 1", "\"round\": 1, \"oddSlot\": 2", "rounds[0].oddSlot: repeated field"},
        {"{\"color\": \"Blue\", \"shape\": \"Circle\"}, {\"color\": \"Orange\"",
         "{\"color\": \"Orange\"", "rounds[0].slots: expected 3 to 3 items, got 2"},
        {"{\"color\": \"Orange\", \"shape\": \"Circle\"}",
         "{\"color\": \"Pink\", \"shape\": \"Circle\"}",
         "rounds[0].slots[1].color: expected Red/Blue/Green/Yellow/Purple/Orange, got \"Pink\""},
        {"{\"color\": \"Orange\", \"shape\": \"Circle\"}", "[\"Orange\", \"Circle\"]",
         "rounds[0].slots[1]: expected an object, got an array"},
        {"\"oddshape-rounds/1\"", "\"oddshape-rounds/2\"",
         "format: expected \"oddshape-rounds/1\", got \"oddshape-rounds/2\""},
        {"\"table-L1\"", "\"table-l1\"", "source: expected table-L1/mulberry32, got \"table-l1\""},
        {"\"table-L1\"", "\"table-L1\", \"seed\": 5",
         "seed: not allowed when source is \"table-L1\""},
        {"\"table-L1\"", "\"mulberry32\"", "seed: missing"},
        {"\"table-L1\"", "\"mulberry32\", \"seed\": 4294967296",
         "seed: expected an integer from 0 to 4294967295, got 4294967296"},
        {"\"table-L1\"", "\"mulberry32\", \"seed\": -1",
         "seed: expected an integer from 0 to 4294967295, got -1"},
        {"\"table-L1\"", "\"mulberry32\", \"seed\": \"12345\"",
         "seed: expected an integer, got \"12345\""},
        {"\"rounds\": [", "\"rounds\": [7, ", "rounds[0]: expected an object, got 7"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        static oddshape_rounds_doc doc;
        char err[256] = "";
        const char *text = round_with(cases[i].from, cases[i].to);
        cr_expect_eq(parse_text(text, &doc, err, sizeof err), -1, "case %zu accepted", i);
        cr_expect(strncmp(err, cases[i].msg, strlen(cases[i].msg)) == 0,
                  "case %zu: got \"%s\", want \"%s\"", i, err, cases[i].msg);
    }
}

Test(oddshape_json, the_root_must_be_an_object_with_a_rounds_array_of_at_most_100)
{
    static oddshape_rounds_doc doc;
    char err[256] = "";
    cr_expect_eq(parse_text("[1, 2]", &doc, err, sizeof err), -1);
    cr_expect_str_eq(err, "(root): expected an object, got an array");
    cr_expect_eq(parse_text("{\"format\": \"oddshape-rounds/1\", \"source\": \"table-L1\"}", &doc,
                            err, sizeof err), -1);
    cr_expect_str_eq(err, "rounds: missing");
    cr_expect_eq(parse_text(HEAD "[{\"round\": 1, \"baseColor\": \"Blue\", \"baseShape\": "
                                 "\"Circle\", \"oddTrait\": \"color\", \"oddValue\": \"Orange\", "
                                 "\"oddSlot\": 1, \"slots\": {}}]}",
                            &doc, err, sizeof err), -1);
    cr_expect_str_eq(err, "rounds[0].slots: expected an array, got an object");
    static char big[101 * sizeof ROUND1 + 200];
    strcpy(big, HEAD "[");
    for (int i = 0; i < 101; i++)
        strcat(strcat(big, i ? ", " : ""), ROUND1);
    strcat(big, "]}");
    cr_expect_eq(parse_text(big, &doc, err, sizeof err), -1);
    cr_expect_str_eq(err, "rounds: expected 0 to 100 items, got 101");
}

/* A shape name under oddTrait color is a G1 failure the solver reports (exit 1), not
 * unreadable input: the reader keeps it and records which list it came from. */
Test(oddshape_json, an_odd_value_from_the_other_trait_is_read_and_marked)
{
    static oddshape_rounds_doc doc;
    char err[256] = "";
    cr_assert_eq(parse_text(round_with("\"Orange\", \"oddSlot\"", "\"Star\", \"oddSlot\""), &doc,
                            err, sizeof err), 0, "%s", err);
    cr_expect_eq(doc.rows[0].value_list, ODDSHAPE_TRAIT_SHAPE);
    cr_expect_eq(doc.rows[0].fields.odd_value, 3);
}

Test(oddshape_json, a_refused_document_leaves_the_output_untouched)
{
    static oddshape_rounds_doc doc;
    memset(&doc, 0x5a, sizeof doc);
    char err[256];
    parse_text(round_with("\"oddSlot\": 1", "\"oddSlot\": 9"), &doc, err, sizeof err);
    const unsigned char *p = (const unsigned char *)&doc;
    for (size_t i = 0; i < sizeof doc; i++)
        cr_assert_eq(p[i], 0x5a, "byte %zu changed", i);
}

Test(oddshape_json, written_rounds_read_back_identically)
{
    oddshape_round rounds[ODDSHAPE_ROUNDS];
    oddshape_generate(4294967295u, rounds);
    static oddshape_rounds_doc a, b;
    oddshape_json_from_rounds(ODDSHAPE_SOURCE_MULBERRY32, 4294967295u, rounds, &a);
    cJSON *json = oddshape_json_write(&a);
    cr_assert_not_null(json);
    char err[256] = "";
    memset(&b, 0, sizeof b);
    cr_assert_eq(oddshape_json_parse(json, &b, err, sizeof err), 0, "%s", err);
    cJSON_Delete(json);
    cr_expect_eq(b.seed, 4294967295u);
    cr_expect_eq(b.count, ODDSHAPE_ROUNDS);
    cr_expect_eq(memcmp(a.rows, b.rows, sizeof a.rows[0] * ODDSHAPE_ROUNDS), 0);
}

/* The writer's key order is the format's (issue 2): format, source, seed, rounds; and in a
 * round: round, baseColor, baseShape, oddTrait, oddValue, oddSlot, slots. */
Test(oddshape_json, the_writer_emits_keys_in_the_format_order)
{
    oddshape_round rounds[ODDSHAPE_ROUNDS];
    oddshape_generate(12345, rounds);
    static oddshape_rounds_doc doc;
    oddshape_json_from_rounds(ODDSHAPE_SOURCE_MULBERRY32, 12345, rounds, &doc);
    cJSON *json = oddshape_json_write(&doc);
    char *text = cJSON_PrintUnformatted(json);
    static const char want[] =
                      "{\"format\":\"oddshape-rounds/1\",\"source\":\"mulberry32\",\"seed\":12345,"
                      "\"rounds\":[{\"round\":1,\"baseColor\":\"Orange\",\"baseShape\":\"Square\","
                      "\"oddTrait\":\"color\",\"oddValue\":\"Purple\",\"oddSlot\":1,\"slots\":[{"
                      "\"color\":\"Orange\",\"shape\":\"Square\"},{\"color\":\"Purple\",\"shape\":"
                      "\"Square\"},{\"color\":\"Orange\",\"shape\":\"Square\"}]}";
    cr_expect(strncmp(text, want, strlen(want)) == 0, "%.300s", text);
    cJSON_free(text);
    cJSON_Delete(json);
}

Test(oddshape_json, reading_a_file_names_the_path_in_every_message)
{
    static oddshape_rounds_doc doc;
    char err[512] = "";
    cr_expect_eq(oddshape_json_read_file("no/such/file.json", &doc, err, sizeof err), -1);
    cr_expect(strncmp(err, "no/such/file.json: cannot open", 30) == 0, "%s", err);
    char path[] = "/tmp/oddshape_json_XXXXXX";
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    FILE *f = fdopen(fd, "w");
    fputs(round_with("\"Orange\", \"oddSlot\"", "\"Pink\", \"oddSlot\""), f);
    fclose(f);
    cr_expect_eq(oddshape_json_read_file(path, &doc, err, sizeof err), -1);
    char want[128];
    snprintf(want, sizeof want, "%s: rounds[0].oddValue: expected", path);
    cr_expect(strncmp(err, want, strlen(want)) == 0, "%s", err);
    remove(path);
}
