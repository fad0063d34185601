/* The player's content reader: campaign index, level files and evidence summaries
 * (issue 11 "Content": bad files are refused with the core reader's one-line error). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
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
    cr_assert_eq(c.seed, 20260810u);
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

/* A scratch folder holding campaign.json (text) beside a copy of the harbor fixture. */
static void campaign_dir(char *dir, char *path, size_t n, const char *text)
{
    cr_assert(mkdtemp(dir));
    char level[128], *body = NULL, err[600];
    size_t len = 0;
    cr_assert_eq(jsonio_read_text("tests/fixtures/compass/harbor.json", JSONIO_LIMIT_LEVEL, &body,
                                  &len, err, sizeof err), 0, "%s", err);
    snprintf(level, sizeof level, "%s/harbor.json", dir);
    write_file(level, body);
    free(body);
    snprintf(path, n, "%s/campaign.json", dir);
    write_file(path, text);
}

static void campaign_dir_remove(const char *dir)
{
    char p[128];
    snprintf(p, sizeof p, "%s/harbor.json", dir);
    unlink(p);
    snprintf(p, sizeof p, "%s/campaign.json", dir);
    unlink(p);
    rmdir(dir);
}

/* The refusal must be err's only line, naming the index, with *out left empty. */
static void expect_refused(const char *path, const char *why)
{
    compass_campaign_file c;
    char err[600], want[700];
    cr_assert_eq(compass_campaign_file_read(path, &c, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s: %s", path, why);
    cr_expect_str_eq(err, want);
    cr_expect_null(c.levels);
    cr_expect_eq(c.count, 0);
}

Test(compass_content, an_index_over_the_campaign_limit_is_refused_unread)
{
    char dir[] = "/tmp/compass-content-XXXXXX", path[128], why[128];
    campaign_dir(dir, path, sizeof path, "");
    FILE *f = fopen(path, "w");
    cr_assert(f);
    /* Valid JSON up to the limit's last byte, so only the size can refuse it. */
    fputs("{\"format\":\"compass-shift-campaign/1\",\"seed\":1,\"levels\":"
          "[{\"id\":\"harbor\",\"file\":\"harbor.json\"}]}", f);
    long at = ftell(f);
    for (long i = at; i < (long)JSONIO_LIMIT_CAMPAIGN + 1; i++)
        fputc(' ', f);
    fclose(f);
    snprintf(why, sizeof why, "file is %u bytes, larger than the %u-byte limit",
             JSONIO_LIMIT_CAMPAIGN + 1, JSONIO_LIMIT_CAMPAIGN);
    expect_refused(path, why);
    cr_assert_eq(truncate(path, JSONIO_LIMIT_CAMPAIGN), 0);
    compass_campaign_file c;
    char err[600];
    cr_expect_eq(compass_campaign_file_read(path, &c, err, sizeof err), 0, "%s", err);
    compass_campaign_file_free(&c);
    campaign_dir_remove(dir);
}

Test(compass_content, a_listed_level_over_the_level_limit_is_refused_unread)
{
    char dir[] = "/tmp/compass-content-XXXXXX", path[128], level[128], err[600], want[300];
    campaign_dir(dir, path, sizeof path,
                 "{\"format\":\"compass-shift-campaign/1\",\"seed\":1,"
                 "\"levels\":[{\"id\":\"harbor\",\"file\":\"harbor.json\"}]}");
    snprintf(level, sizeof level, "%s/harbor.json", dir);
    cr_assert_eq(truncate(level, JSONIO_LIMIT_LEVEL + 1), 0);
    compass_campaign_file c;
    cr_assert_eq(compass_campaign_file_read(path, &c, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s: file is %u bytes, larger than the %u-byte limit", level,
             JSONIO_LIMIT_LEVEL + 1, JSONIO_LIMIT_LEVEL);
    cr_expect_str_eq(err, want);
    campaign_dir_remove(dir);
}

/* An index listing levels (the array's items) beside harbor.json is refused with why. */
static void expect_index_refused(const char *levels, const char *why)
{
    char dir[] = "/tmp/compass-content-XXXXXX", path[128], text[512];
    snprintf(text, sizeof text, "{\"format\":\"compass-shift-campaign/1\",\"seed\":1,"
                                "\"levels\":[%s]}", levels);
    campaign_dir(dir, path, sizeof path, text);
    expect_refused(path, why);
    campaign_dir_remove(dir);
}

Test(compass_content, an_id_listed_twice_is_refused_naming_both_entries)
{
    /* Refused before b.json, which does not exist, is opened. */
    expect_index_refused("{\"id\":\"harbor\",\"file\":\"harbor.json\"},"
                         "{\"id\":\"b\",\"file\":\"b.json\"},"
                         "{\"id\":\"harbor\",\"file\":\"harbor.json\"}",
                         "levels[2].id: \"harbor\" is also levels[0].id");
}

Test(compass_content, the_id_campaign_is_refused_as_the_reports_own_name)
{
    expect_index_refused("{\"id\":\"campaign\",\"file\":\"harbor.json\"}",
                         "levels[0].id: \"campaign\" is reserved for the report");
    expect_index_refused("{\"id\":\"Campaign\",\"file\":\"harbor.json\"}",
                         "levels[0].id: \"Campaign\" is reserved for the report");
}

/* Report files are named by id: ids that differ only in case would be one file where the
 * file system ignores case. */
Test(compass_content, ids_that_differ_only_in_case_are_refused)
{
    expect_index_refused("{\"id\":\"harbor\",\"file\":\"harbor.json\"},"
                         "{\"id\":\"Harbor\",\"file\":\"b.json\"}",
                         "levels[1].id: \"Harbor\" is also levels[0].id");
}

Test(compass_content, the_whole_index_is_checked_before_a_level_file_is_opened)
{
    expect_index_refused("{\"id\":\"a\",\"file\":\"missing.json\"},{\"id\":\"b\",\"file\":\"..\"}",
                         "levels[1].file: expected a file name in the campaign's folder, "
                         "got \"..\"");
}

Test(compass_content, a_level_whose_id_differs_from_its_entry_is_refused_naming_both)
{
    char dir[] = "/tmp/compass-content-XXXXXX", path[128], why[300];
    campaign_dir(dir, path, sizeof path,
                 "{\"format\":\"compass-shift-campaign/1\",\"seed\":1,\"levels\":["
                 "{\"id\":\"port\",\"file\":\"harbor.json\"}]}");
    snprintf(why, sizeof why, "levels[0].id: the campaign lists \"port\" but %s/harbor.json has "
                              "id \"harbor\"", dir);
    expect_refused(path, why);
    campaign_dir_remove(dir);
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

Test(compass_content, a_report_over_the_evidence_limit_is_refused_unread)
{
    compass_level l;
    compass_evidence_summary e;
    char path[] = "/tmp/compass-content-big-XXXXXX", err[600], want[300];
    cr_assert_eq(compass_level_file_read("tests/fixtures/compass/harbor.json", &l, err, sizeof err),
                 0, "%s", err);
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    close(fd);
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fputs("{}", f);
    for (long i = 2; i < (long)JSONIO_LIMIT_EVIDENCE + 1; i++)
        fputc(' ', f);
    fclose(f);
    cr_assert_eq(compass_evidence_for(&l, path, 0, &e, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s: file is %u bytes, larger than the %u-byte limit", path,
             JSONIO_LIMIT_EVIDENCE + 1, JSONIO_LIMIT_EVIDENCE);
    cr_expect_str_eq(err, want);
    unlink(path);
}
