/* server/server_msg: the match server's reader of one client line (docs/server.md). */
#include <criterion/criterion.h>
#include <string.h>

#include "server_msg.h"

static int parse(const char *line, server_msg *m, char *err)
{
    return server_msg_parse(line, strlen(line), m, err, 300);
}

Test(server_msg, a_link_names_its_match_and_two_cells)
{
    server_msg m;
    char err[300];
    cr_assert_eq(parse("{\"type\":\"link\",\"match\":7,\"a\":3,\"b\":143}", &m, err), 0, "%s", err);
    cr_expect_eq(m.type, SERVER_MSG_LINK);
    cr_expect_eq(m.match, 7);
    cr_expect_eq(m.a, 3);
    cr_expect_eq(m.b, 143);
}

Test(server_msg, cells_past_the_largest_board_and_fractions_are_refused)
{
    server_msg m;
    char err[300];
    cr_expect_eq(parse("{\"type\":\"link\",\"match\":7,\"a\":144,\"b\":0}", &m, err), -1);
    cr_expect(strstr(err, "a") != NULL, "%s", err);
    cr_expect_eq(parse("{\"type\":\"link\",\"match\":7,\"a\":-1,\"b\":0}", &m, err), -1);
    cr_expect_eq(parse("{\"type\":\"link\",\"match\":7,\"a\":1.5,\"b\":0}", &m, err), -1);
    cr_expect_eq(parse("{\"type\":\"link\",\"match\":0,\"a\":1,\"b\":0}", &m, err), -1);
    cr_expect_eq(parse("{\"type\":\"link\",\"a\":1,\"b\":0}", &m, err), -1);
}

Test(server_msg, a_select_names_one_cell)
{
    server_msg m;
    char err[300];
    cr_assert_eq(parse("{\"type\":\"select\",\"match\":2,\"cell\":48}", &m, err), 0, "%s", err);
    cr_expect_eq(m.type, SERVER_MSG_SELECT);
    cr_expect_eq(m.a, 48);
    cr_expect_eq(parse("{\"type\":\"select\",\"match\":2,\"a\":48}", &m, err), -1);
    cr_expect_eq(parse("{\"type\":\"select\",\"match\":2,\"cell\":144}", &m, err), -1);
}

Test(server_msg, each_type_takes_only_its_own_fields)
{
    server_msg m;
    char err[300];
    cr_expect_eq(parse("{\"type\":\"ping\",\"seat\":1}", &m, err), -1);
    cr_expect(strstr(err, "seat: unknown field") != NULL, "%s", err);
    cr_expect_eq(parse("{\"type\":\"resign\",\"match\":2,\"a\":1}", &m, err), -1);
    cr_expect_eq(parse("{\"type\":\"teleport\"}", &m, err), -1);
    cr_expect_eq(parse("[1]", &m, err), -1);
    cr_expect_eq(parse("{\"type\":\"ping\"", &m, err), -1);
    cr_expect_eq(parse("{\"type\":\"ping\",\"type\":\"ping\"}", &m, err), -1);
    /* unqueue leaves whichever queue the player waits in: it names none */
    cr_expect_eq(parse("{\"type\":\"unqueue\"}", &m, err), 0, "%s", err);
    cr_expect_eq(m.type, SERVER_MSG_UNQUEUE);
    cr_expect_eq(parse("{\"type\":\"unqueue\",\"mode\":\"classic\"}", &m, err), -1);
}

Test(server_msg, hello_takes_a_valid_name_or_a_token_not_both)
{
    server_msg m;
    char err[300];
    cr_expect_eq(parse("{\"type\":\"hello\",\"name\":\"Ada\"}", &m, err), 0, "%s", err);
    cr_expect_str_eq(m.name, "Ada");
    cr_expect_eq(parse("{\"type\":\"hello\",\"token\":\"1.ab\"}", &m, err), 0, "%s", err);
    cr_expect_str_eq(m.token, "1.ab");
    cr_expect_eq(parse("{\"type\":\"hello\",\"name\":\"Ada\",\"token\":\"1.ab\"}", &m, err), -1);
    cr_expect_eq(parse("{\"type\":\"hello\"}", &m, err), -1);
    cr_expect_eq(parse("{\"type\":\"hello\",\"name\":\"   \"}", &m, err), -1);
    cr_expect_eq(parse("{\"type\":\"hello\",\"name\":\"0123456789012345678901234567890123\"}", &m, err), -1);
}

Test(server_msg, only_an_arcade_queue_takes_a_draft_or_a_loadout)
{
    server_msg m;
    char err[300];
    cr_expect_eq(parse("{\"type\":\"queue\",\"mode\":\"classic\",\"difficulty\":\"hard\",\"draft\":true}", &m, err), -1);
    cr_expect_eq(parse("{\"type\":\"queue\",\"mode\":\"arcade\",\"difficulty\":\"hard\",\"draft\":true,"
                       "\"loadout\":{\"reveal\":1}}", &m, err), -1);
    cr_expect_eq(parse("{\"type\":\"queue\",\"mode\":\"arcade\",\"difficulty\":\"hard\","
                       "\"loadout\":{\"teleport\":1}}", &m, err), -1);
    cr_assert_eq(parse("{\"type\":\"queue\",\"mode\":\"arcade\",\"difficulty\":\"hard\","
                       "\"loadout\":{\"wildcard\":2}}", &m, err), 0, "%s", err);
    cr_expect_eq(m.loadout[MEMORY5D_WILDCARD], 2);
    cr_expect_eq(m.difficulty, MEMORY5D_HARD);
}

Test(server_msg, a_line_over_64_kib_is_refused_before_it_is_parsed)
{
    static char line[SERVER_LINE_MAX + 2];
    memset(line, ' ', sizeof line - 1);
    memcpy(line, "{\"type\":\"ping\"}", 15);
    server_msg m;
    char err[300];
    cr_expect_eq(server_msg_parse(line, SERVER_LINE_MAX, &m, err, sizeof err), 0, "%s", err);
    cr_expect_eq(server_msg_parse(line, SERVER_LINE_MAX + 1, &m, err, sizeof err), -1);
    cr_expect(strstr(err, "more than 65536") != NULL, "%s", err);
}

Test(server_msg, what_the_writer_writes_the_reader_reads_back)
{
    static const char *const lines[] = {
        "{\"type\":\"queue\",\"mode\":\"arcade\",\"difficulty\":\"easy\",\"loadout\":{\"reveal\":1}}",
        "{\"type\":\"pick\",\"match\":4,\"card\":\"doublePoints\"}",
        "{\"type\":\"hello\",\"token\":\"3.00ff\"}",
        "{\"type\":\"select\",\"match\":9,\"cell\":0}",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        server_msg m, again;
        char err[300];
        cr_assert_eq(parse(lines[i], &m, err), 0, "%s", err);
        cJSON *j = server_msg_to_json(&m);
        char *text = cJSON_PrintUnformatted(j);
        cJSON_Delete(j);
        cr_assert_eq(parse(text, &again, err), 0, "%s: %s", text, err);
        cr_expect_eq(memcmp(&m, &again, sizeof m), 0, "%s", text);
        free(text);
    }
}
