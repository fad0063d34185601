/* Memory5D online client's reader of server messages (player/memory5d/memory5d_net_msg.c):
 * what the player takes from the server is checked before use (docs/server.md), and the
 * online account round-trips through the settings slot. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "../player/memory5d/memory5d_net_msg.h"
#include "../player/memory5d/memory5d_settings.h"
#include "memory5d/memory5d_config.h"

#include <cjson/cJSON.h>

static memory5d_config cfg;
static memory5d_net_msg m;
static char err[400];

static void load(void)
{
    cr_assert_eq(memory5d_config_load("levels/memory5d/rules.json", &cfg, err, sizeof err), 0, "%s",
                 err);
}

static int rd(const char *line) { return memory5d_net_msg_read(&cfg, line, strlen(line), &m, err, sizeof err); }

/* A 4x4 match-start with cell 5's field replaced by the given text (or none). */
static void start_line(char *buf, size_t n, const char *cell5)
{
    int k = snprintf(buf, n, "{\"type\":\"match-start\",\"match\":3,\"seat\":1,\"mode\":\"classic\","
                     "\"difficulty\":\"easy\",\"ranked\":true,\"drafted\":false,\"size\":4,\"cells\":[");
    for (int i = 0; i < 16; i++) {
        if (i == 5 && cell5)
            k += snprintf(buf + k, n - (size_t)k, "%s%s", i ? "," : "", cell5);
        else
            k += snprintf(buf + k, n - (size_t)k,
                          "%s{\"cell\":%d,\"family\":\"circle\",\"variant\":\"%s\",\"hue\":\"red\","
                          "\"owner\":%s}",
                          i ? "," : "", i, cfg.variant_names[MEMORY5D_CIRCLE][0], i == 2 ? "0" : "null");
    }
    snprintf(buf + k, n - (size_t)k,
             "],\"turn\":0,\"deadlineMs\":59000,\"north\":0,\"loadouts\":{\"A\":{\"reveal\":0,"
             "\"doublePoints\":0,\"wildcard\":0,\"extraTurn\":0},\"B\":{\"reveal\":0,"
             "\"doublePoints\":0,\"wildcard\":0,\"extraTurn\":0}},\"players\":[\"Ann\",\"Bob\"]}");
}

Test(memory5d_net_msg, reads_a_whole_match_start, .init = load)
{
    char line[8000];
    start_line(line, sizeof line, NULL);
    cr_assert_eq(rd(line), 0, "%s", err);
    cr_expect_eq(m.type, M5N_MATCH_START);
    cr_expect_eq(m.match, 3);
    cr_expect_eq(m.seat, 1);
    cr_expect_eq(m.size, 4);
    cr_expect_eq(m.deadline_ms, 59000);
    cr_expect_eq(m.cells[2].owner, 0);
    cr_expect_eq(m.cells[3].owner, -1);
    cr_expect_str_eq(m.players[1], "Bob");
}

Test(memory5d_net_msg, refuses_a_cell_with_a_hue_or_variant_the_rules_do_not_name, .init = load)
{
    char line[8000];
    start_line(line, sizeof line,
               "{\"cell\":5,\"family\":\"circle\",\"variant\":\"x\",\"hue\":\"teal\",\"owner\":null}");
    cr_expect_eq(rd(line), -1);
    cr_expect(strstr(err, "cells[5].hue"), "%s", err);
    start_line(line, sizeof line,
               "{\"cell\":5,\"family\":\"circle\",\"variant\":\"nope\",\"hue\":\"red\",\"owner\":null}");
    cr_expect_eq(rd(line), -1);
    cr_expect(strstr(err, "cells[5].variant"), "%s", err);
}

Test(memory5d_net_msg, refuses_cells_out_of_order_an_owner_of_three_and_a_short_board, .init = load)
{
    char line[8000];
    start_line(line, sizeof line,
               "{\"cell\":6,\"family\":\"circle\",\"variant\":\"x\",\"hue\":\"red\",\"owner\":null}");
    cr_expect_eq(rd(line), -1);
    cr_expect(strstr(err, "cells[5].cell"), "%s", err);
    start_line(line, sizeof line, "{\"cell\":5}");
    cr_expect_eq(rd(line), -1);
    char cell[200];
    snprintf(cell, sizeof cell, "{\"cell\":5,\"family\":\"circle\",\"variant\":\"%s\",\"hue\":\"red\","
             "\"owner\":3}", cfg.variant_names[MEMORY5D_CIRCLE][0]);
    start_line(line, sizeof line, cell);
    cr_expect_eq(rd(line), -1);
    cr_expect(strstr(err, "owner"), "%s", err);
    /* 16 cells for a size of 5 */
    start_line(line, sizeof line, NULL);
    char *size = strstr(line, "\"size\":4");
    size[7] = '5';
    cr_expect_eq(rd(line), -1);
    cr_expect(strstr(err, "cells"), "%s", err);
}

Test(memory5d_net_msg, refuses_missing_and_mistyped_fields, .init = load)
{
    cr_expect_eq(rd("{\"type\":\"linked\",\"match\":1,\"seat\":0,\"a\":3}"), -1);
    cr_expect(strstr(err, "linked.b"), "%s", err);
    cr_expect_eq(rd("{\"type\":\"turn\",\"match\":1,\"seat\":2,\"deadlineMs\":5,\"bonus\":false}"), -1);
    cr_expect(strstr(err, "turn.seat"), "%s", err);
    cr_expect_eq(rd("{\"type\":\"turn\",\"match\":1,\"seat\":0,\"deadlineMs\":-5,\"bonus\":false}"), -1);
    cr_expect_eq(rd("{\"type\":\"welcome\",\"player\":\"x\",\"token\":\"t\",\"name\":\"n\"}"), -1);
    cr_expect_eq(rd("{\"type\":\"end\",\"match\":1,\"result\":\"win\",\"winner\":null,\"line\":[],"
                    "\"reason\":\"line\",\"elo\":[1,2],\"starPoints\":[0,0],\"mastery\":[0,0],"
                    "\"saved\":true}"), -1);
    cr_expect(strstr(err, "winner"), "%s", err);
    cr_expect_eq(rd("{\"type\":\"linked\",\"match\":0,\"seat\":0,\"a\":3,\"b\":4,\"mastery\":1}"), -1);
}

Test(memory5d_net_msg, refuses_a_number_too_big_for_an_integer_in_an_array, .init = load)
{
    /* found by the fuzz target: converting it to an integer before the range check was UB */
    cr_expect_eq(rd("{\"type\":\"end\",\"match\":1,\"result\":\"draw\",\"winner\":null,"
                    "\"line\":[1e300],\"reason\":\"line\",\"elo\":[1,2],\"starPoints\":[0,0],"
                    "\"mastery\":[0,0],\"saved\":true}"), -1);
    cr_expect(strstr(err, "end.line[0]"), "%s", err);
}

Test(memory5d_net_msg, refuses_what_is_not_a_json_object, .init = load)
{
    cr_expect_eq(rd("not json"), -1);
    cr_expect_eq(rd("[1,2]"), -1);
    cr_expect_eq(rd("{\"no\":\"type\"}"), -1);
    cr_expect(strstr(err, "type"), "%s", err);
}

Test(memory5d_net_msg, an_unknown_type_is_read_as_unknown_and_extra_fields_are_ignored, .init = load)
{
    cr_expect_eq(rd("{\"type\":\"weather\",\"sky\":\"grey\"}"), 0, "%s", err);
    cr_expect_eq(m.type, M5N_UNKNOWN);
    cr_expect_str_eq(m.type_name, "weather");
    cr_expect_eq(rd("{\"type\":\"timeout\",\"match\":4,\"seat\":1,\"later\":true}"), 0, "%s", err);
    cr_expect_eq(m.type, M5N_TIMEOUT);
    cr_expect_eq(m.seat, 1);
}

Test(memory5d_net_msg, unqueued_carries_no_match, .init = load)
{
    /* the answer to unqueue (docs/server.md): a lobby message like queued, no match or seat */
    cr_expect_eq(rd("{\"type\":\"unqueued\"}"), 0, "%s", err);
    cr_expect_eq(m.type, M5N_UNQUEUED);
    cr_expect_eq(m.match, 0);
    cr_expect_eq(m.seat, -1);
}

Test(memory5d_net_msg, reads_the_end_and_the_profile, .init = load)
{
    cr_assert_eq(rd("{\"type\":\"end\",\"match\":2,\"result\":\"win\",\"winner\":1,\"line\":[0,1,2,3],"
                    "\"reason\":\"line\",\"elo\":[1184,1216],\"starPoints\":[3,9],\"mastery\":[400,900],"
                    "\"saved\":true}"), 0, "%s", err);
    cr_expect_eq(m.winner, 1);
    cr_expect_eq(m.line_count, 4);
    cr_expect_eq(m.elo_after[1], 1216);
    cr_expect_eq(m.stars[1], 9);
    cr_assert_eq(rd("{\"type\":\"profile\",\"player\":7,\"name\":\"Ann\",\"elo\":{\"easy\":1216,"
                    "\"normal\":1200,\"hard\":1200,\"expert\":1200},\"starPoints\":40,\"inventory\":"
                    "{\"reveal\":1,\"doublePoints\":0,\"wildcard\":2,\"extraTurn\":0}}"), 0, "%s", err);
    cr_expect_eq(m.elo[0], 1216);
    cr_expect_eq(m.inventory[2], 2);
}

Test(memory5d_net_msg, the_online_account_round_trips_through_the_settings_slot)
{
    memory5d_settings s, back;
    const settings_slot *slot = &memory5d_settings_slot;
    slot->defaults(&s);
    char buf[1024];
    slot->format(&s, buf, sizeof buf);
    cr_expect(!strstr(buf, "online"), "no account, no online object: %s", buf);
    snprintf(s.online_server, sizeof s.online_server, "127.0.0.1:7500");
    snprintf(s.online_name, sizeof s.online_name, "Ann \"the\" \\ first");
    snprintf(s.online_token, sizeof s.online_token, "3.00ff");
    int need = slot->format(&s, NULL, 0);
    cr_assert_eq(slot->format(&s, buf, sizeof buf), need);
    cJSON *j = cJSON_Parse(buf);
    cr_assert(j, "%s", buf);
    slot->defaults(&back);
    cr_assert_eq(slot->parse(j, "memory5d", &back, err, sizeof err), 0, "%s", err);
    cJSON_Delete(j);
    cr_expect_str_eq(back.online_server, "127.0.0.1:7500");
    cr_expect_str_eq(back.online_name, s.online_name);
    cr_expect_str_eq(back.online_token, "3.00ff");
}
