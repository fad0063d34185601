/* The player's content reader: campaign index, level files and evidence summaries
 * (issue 11 "Content": bad files are refused with the core reader's one-line error). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "compass/compass_canon.h"
#include "compass/compass_content.h"
#include "jsonio.h"

Test(compass_content, the_committed_campaign_loads_in_order)
{
    compass_campaign_file c;
    char err[600];
    cr_assert_eq(compass_campaign_file_read("levels/compass/campaign.json", &c, err, sizeof err), 0,
                 "%s", err);
    cr_assert_eq(c.count, 50);
    cr_assert_str_eq(c.levels[0].id, "cs-01-four-winds");
    cr_assert_str_eq(c.levels[49].id, "cs-50-harbor-code");
    compass_campaign_file_free(&c);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fputs(text, f);
    fclose(f);
}

Test(compass_content, a_bad_index_is_refused_naming_the_field)
{
    char dir[] = "/tmp/compass-content-XXXXXX", path[128], err[600];
    cr_assert(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/campaign.json", dir);
    write_file(path, "{\"format\":\"compass-shift-campaign/1\",\"seed\":1,"
                     "\"levels\":[{\"id\":\"x\",\"file\":\"../x.json\"}]}");
    compass_campaign_file c;
    cr_assert_eq(compass_campaign_file_read(path, &c, err, sizeof err), -1);
    cr_assert(strstr(err, "levels[0].file: expected a file name"), "%s", err);
    cr_assert(strstr(err, path), "%s", err);
    cr_assert_null(c.levels);
    write_file(path, "{\"format\":\"compass-shift-campaign/1\",\"seed\":1,"
                     "\"levels\":[{\"id\":\"x\",\"file\":\"missing.json\"}]}");
    cr_assert_eq(compass_campaign_file_read(path, &c, err, sizeof err), -1);
    cr_assert(strstr(err, "missing.json"), "%s", err);
    unlink(path);
    rmdir(dir);
}

Test(compass_content, a_current_report_is_read_with_its_counts)
{
    const char *report = "reports/compass/cs-09-charted-reef.json";
    compass_level l;
    compass_evidence_summary e;
    char err[600], hash[17];
    cr_assert_eq(compass_level_file_read("levels/compass/cs-09-charted-reef.json", &l, err,
                                         sizeof err), 0, "%s", err);
    cr_assert_eq(compass_evidence_for(&l, report, 1000, &e, err, sizeof err), 0, "%s", err);
    cr_assert_eq(e.source, COMPASS_EVIDENCE_REPORT);
    /* The summary holds what the solver wrote, for this very board. */
    cJSON *ev = jsonio_read_file(report, err, sizeof err);
    cr_assert(ev, "%s", err);
    cr_assert(e.solvable && e.solver_verified);
    cr_assert_eq(e.path_length, l.arrow_count);
    cr_assert_eq(e.state_count, (uint64_t)cJSON_GetObjectItem(ev, "stateCount")->valuedouble);
    cr_assert_eq(e.dead_end_states, (uint64_t)cJSON_GetObjectItem(ev, "deadEndStates")->valuedouble);
    compass_canonical_hash(&l, hash);
    cr_assert_str_eq(e.canonical_hash, hash);
    const cJSON *wall = cJSON_GetObjectItem(ev, "wallImpact");
    char want[96];
    snprintf(want, sizeof want, "%s at phase %d", cJSON_GetObjectItem(wall, "arrow")->valuestring,
             cJSON_GetObjectItem(wall, "phase")->valueint);
    cr_assert_str_eq(e.wall_text, want);
    cr_assert(e.window_witness);
    char orders[48];
    snprintf(orders, sizeof orders, "%.0f", cJSON_GetObjectItem(ev, "winningOrders")->valuedouble);
    cr_assert_str_eq(e.winning_orders, orders);
    cr_assert_float_eq(e.random_win_share, cJSON_GetObjectItem(ev, "randomWinShare")->valuedouble, 1e-12);
    cJSON_Delete(ev);
}

Test(compass_content, a_stale_report_is_not_shown_and_the_level_is_solved_instead)
{
    compass_level l;
    compass_evidence_summary e;
    char err[600];
    cr_assert_eq(compass_level_file_read("tests/fixtures/compass/harbor.json", &l, err, sizeof err),
                 0, "%s", err);
    /* The report of another board. */
    cr_assert_eq(compass_evidence_for(&l, "reports/compass/cs-09-charted-reef.json", 0, &e, err,
                                      sizeof err), 0, "%s", err);
    cr_assert_eq(e.source, COMPASS_EVIDENCE_COMPUTED);
    cr_assert(e.stale_report);
    cr_assert(e.solvable);
    cr_assert_eq(e.path_length, 5);
    /* No report at all, and a search bound too small: no evidence, no guess. */
    cr_assert_eq(compass_evidence_for(&l, "/nonexistent/x.json", 2, &e, err, sizeof err), 0);
    cr_assert_eq(e.source, COMPASS_EVIDENCE_NONE);
    cr_assert_eq(e.stale_report, 0);
}

Test(compass_content, a_malformed_report_is_an_error_naming_it)
{
    compass_level l;
    compass_evidence_summary e;
    char err[600];
    cr_assert_eq(compass_level_file_read("tests/fixtures/compass/harbor.json", &l, err, sizeof err),
                 0, "%s", err);
    write_file("/tmp/compass-content-bad.json", "{\"solvable\":3}");
    cr_assert_eq(compass_evidence_for(&l, "/tmp/compass-content-bad.json", 0, &e, err, sizeof err),
                 -1);
    cr_assert(strstr(err, "/tmp/compass-content-bad.json: solvable"), "%s", err);
    unlink("/tmp/compass-content-bad.json");
}
