/* core/memory5d/memory5d_records (+ _json): snapshot replay, the projectors and the
 * checksummed export document, on records data built in memory (no database). Spec, "Local
 * records": "Statistics derive from accepted events, not UI state." */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "jsonio.h"
#include "memory5d_records_fixture.h"
#include "memory5d/memory5d_records.h"
#include "memory5d/memory5d_records_json.h"

/* Records data: the tutorial profile (1) and Ada (2), one rules, the given matches (all
 * Ada's, seat A) each named by a match event. */
static void build(memory5d_records_data *d, const fx_match *m, int n)
{
    memset(d, 0, sizeof *d);
    d->schema_version = MEMORY5D_RECORDS_SCHEMA_VERSION;
    d->profile_count = 2;
    d->profiles = calloc(2, sizeof *d->profiles);
    d->profiles[0] = (memory5d_records_profile){.id = 1, .name = "Tutorial", .tutorial = 1};
    d->profiles[1] = (memory5d_records_profile){.id = 2, .name = "Ada"};
    char *rules = fx_rules_text();
    cJSON *doc = cJSON_Parse(rules);
    free(rules);
    d->rules_count = 1;
    d->rules = calloc(1, sizeof *d->rules);
    d->rules[0].text = cJSON_PrintUnformatted(doc);
    cJSON_Delete(doc);
    memory5d_records_hash(d->rules[0].text, strlen(d->rules[0].text), d->rules[0].hash);
    d->match_count = d->event_count = (size_t)n;
    d->matches = calloc((size_t)n + 1, sizeof *d->matches);
    d->events = calloc((size_t)n + 4, sizeof *d->events);
    for (int i = 0; i < n; i++) {
        d->matches[i] =
            (memory5d_records_snapshot){.id = i + 1, .profile = 2, .log = fx_match_log(m[i])};
        strcpy(d->matches[i].rules, d->rules[0].hash);
        d->events[i] = (memory5d_records_event){.id = i + 1,
                                                .profile = 2,
                                                .kind = MEMORY5D_RECORD_MATCH,
                                                .match = i + 1,
                                                .power = MEMORY5D_NO_POWER};
    }
}

static memory5d_records_projection rebuild_one(const memory5d_records_data *d)
{
    memory5d_records_projection *p, out;
    size_t n;
    char err[512];
    cr_assert_eq(memory5d_records_rebuild(d, &p, &n, err, sizeof err), 0, "%s", err);
    cr_assert_eq(n, 1, "the tutorial profile gets no projection");
    out = p[0];
    free(p);
    return out;
}

Test(memory5d_records, a_match_projects_the_replayed_final_state_of_its_seat)
{
    fx_match m = {.seed = 11, .difficulty = MEMORY5D_NORMAL, .ranked = 1};
    char *rules = fx_rules_text(), *log = fx_match_log(m), err[512];
    static memory5d_records_match r;
    cr_assert_eq(memory5d_records_replay(rules, log, &(memory5d_records_play){.seat = 1}, &r, err, sizeof err), 0, "%s", err);
    memory5d_records_data d;
    build(&d, &m, 1);
    d.matches[0].play.seat = 1;
    memory5d_records_projection p = rebuild_one(&d);
    const memory5d_records_stats *s = &p.stats[MEMORY5D_CLASSIC][MEMORY5D_NORMAL];
    cr_expect_eq(s->matches, 1);
    cr_expect_eq(s->links, r.final.stats[1].links);
    cr_expect_eq(s->mastery, r.final.stats[1].mastery);
    cr_expect_eq(s->wins, r.final.winner == 1);
    cr_expect_eq(s->losses, r.final.winner == 0);
    cr_expect_eq(p.balance, r.stars);
    cr_expect_gt(r.stars, 0, "a finished standard match earns Star Points");
    cr_expect_eq(p.stats[MEMORY5D_CLASSIC][MEMORY5D_EASY].matches, 0);
    cr_expect_eq(p.lifetime.matches, 1);
    /* Ranked Classic: zero-sum Elo against the Normal AI, from the config's initial rating */
    memory5d_config cfg = fx_config();
    cr_expect_eq(p.elo[MEMORY5D_NORMAL].matches, 1);
    cr_expect_eq(p.elo[MEMORY5D_NORMAL].rating + p.elo[MEMORY5D_NORMAL].ai_rating,
                 2 * cfg.elo.initial);
    if (r.final.winner == 1)
        cr_expect_gt(p.elo[MEMORY5D_NORMAL].rating, cfg.elo.initial);
    memory5d_records_data_free(&d);
    free(rules);
    free(log);
}

Test(memory5d_records, arcade_and_unranked_matches_never_move_classic_elo)
{
    fx_match m[2] = {{.seed = 12, .difficulty = MEMORY5D_EASY, .mode = MEMORY5D_ARCADE},
                     {.seed = 13, .difficulty = MEMORY5D_EASY}};
    memory5d_records_data d;
    build(&d, m, 2);
    memory5d_records_projection p = rebuild_one(&d);
    cr_expect_eq(p.elo[MEMORY5D_EASY].matches, 0);
    cr_expect_eq(p.stats[MEMORY5D_ARCADE][MEMORY5D_EASY].matches, 1);
    cr_expect_eq(p.stats[MEMORY5D_CLASSIC][MEMORY5D_EASY].matches, 1);
    memory5d_records_data_free(&d);
}

Test(memory5d_records, the_tutorial_profile_is_excluded_from_every_projector)
{
    /* "The tutorial profile is excluded from every projector." */
    fx_match m = {.seed = 14, .difficulty = MEMORY5D_EASY};
    memory5d_records_data d;
    build(&d, &m, 1);
    d.matches[0].profile = d.events[0].profile = 1;
    memory5d_records_projection p = rebuild_one(&d);
    cr_expect_eq(p.profile, 2);
    cr_expect_eq(p.lifetime.matches, 0);
    cr_expect_eq(p.balance, 0);
    memory5d_records_data_free(&d);
}

Test(memory5d_records, a_purchase_must_be_affordable_and_a_loadout_owned)
{
    memory5d_records_projection p, before;
    char err[256];
    memory5d_records_projection_init(&p, 2);
    p.balance = p.earned = 25;
    before = p;
    memory5d_records_event buy = {.id = 1,
                                  .profile = 2,
                                  .kind = MEMORY5D_RECORD_PURCHASE,
                                  .power = MEMORY5D_WILDCARD,
                                  .price = 40};
    cr_expect_eq(memory5d_records_fold(&p, &buy, NULL, err, sizeof err), -1);
    cr_expect(strstr(err, "costs 40") != NULL, "%s", err);
    cr_expect_eq(memcmp(&p, &before, sizeof p), 0, "a refused event changes nothing");
    buy.price = 20;
    cr_assert_eq(memory5d_records_fold(&p, &buy, NULL, err, sizeof err), 0, "%s", err);
    cr_expect_eq(p.balance, 5);
    cr_expect_eq(p.spent, 20);
    cr_expect_eq(p.inventory[MEMORY5D_WILDCARD], 1);
    /* an Arcade match bringing a Double Points the inventory does not hold is refused */
    fx_match m = {
        .seed = 15, .difficulty = MEMORY5D_EASY, .mode = MEMORY5D_ARCADE, .double_points = 1};
    memory5d_records_data d;
    build(&d, &m, 1);
    cr_expect_eq(memory5d_records_rebuild(&d, &(memory5d_records_projection *){0}, &(size_t){0},
                                          err, sizeof err),
                 -1);
    cr_expect(strstr(err, "doublePoints") != NULL, "%s", err);
    memory5d_records_data_free(&d);
}

Test(memory5d_records, a_drafted_loadout_is_neither_checked_nor_debited_and_never_writes_elo)
{
    /* Spec, "Arcade powers": "Power Draft ... uses a deterministic public pool ... It never
     * writes Elo." The drafted charges are the pool's, not the profile's inventory. */
    fx_match m = {.seed = 19, .difficulty = MEMORY5D_NORMAL, .drafted = 1};
    memory5d_records_data d;
    build(&d, &m, 1);
    char *rules = fx_rules_text(), err[512];
    int loadout[MEMORY5D_PLAYERS][MEMORY5D_POWERS];
    fx_draft(&d.matches[0].play, loadout);
    static memory5d_records_match r;
    cr_assert_eq(memory5d_records_replay(rules, d.matches[0].log, &d.matches[0].play, &r, err,
                                         sizeof err),
                 0, "%s", err);
    cr_expect(r.drafted);
    cr_expect_eq(r.consumed[MEMORY5D_DOUBLE_POINTS], 1, "A used a drafted Double Points");
    memory5d_records_projection p = rebuild_one(&d);
    for (int k = 0; k < MEMORY5D_POWERS; k++)
        cr_expect_eq(p.inventory[k], 0, "the inventory neither paid nor lost %s",
                     memory5d_power_names[k]);
    cr_expect_eq(p.stats[MEMORY5D_ARCADE][MEMORY5D_NORMAL].matches, 1);
    cr_expect_eq(p.lifetime.powers_used, 1);
    cr_expect_eq(p.elo[MEMORY5D_NORMAL].matches, 0);
    cr_expect_eq(p.earned, r.stars, "Star Points per the Score rules");
    cr_expect_gt(r.stars, 0);
    /* the same log without its draft is an Arcade loadout the inventory does not hold */
    d.matches[0].play.draft_picks = 0;
    cr_expect_eq(memory5d_records_rebuild(&d, &(memory5d_records_projection *){0}, &(size_t){0},
                                          err, sizeof err),
                 -1);
    cr_expect(strstr(err, "the loadout brings 2 doublePoints") != NULL, "%s", err);
    memory5d_records_data_free(&d);
    free(rules);
}

Test(memory5d_records, a_drafts_picks_must_replay_to_the_logs_loadouts)
{
    fx_match m = {.seed = 19, .difficulty = MEMORY5D_NORMAL, .drafted = 1};
    char *rules = fx_rules_text(), *log = fx_match_log(m), err[512];
    int loadout[MEMORY5D_PLAYERS][MEMORY5D_POWERS];
    memory5d_records_play play = {0}, bad;
    fx_draft(&play, loadout);
    static memory5d_records_match r;
    cr_assert_eq(memory5d_records_replay(rules, log, &play, &r, err, sizeof err), 0, "%s", err);
    bad = play;
    bad.draft[5] = MEMORY5D_EXTRA_TURN; /* B's last pick: another card than the log's */
    cr_expect_eq(memory5d_records_replay(rules, log, &bad, &r, err, sizeof err), -1);
    cr_expect(strstr(err, "draft: the picks give B a loadout other than the log's") != NULL, "%s",
              err);
    bad = play;
    bad.draft[4] = MEMORY5D_NO_POWER; /* a pass while a card still fits */
    cr_expect_eq(memory5d_records_replay(rules, log, &bad, &r, err, sizeof err), -1);
    cr_expect(strstr(err, "draft: picks[4]: A cannot pass") != NULL, "%s", err);
    bad = play;
    bad.draft_picks = 5;
    cr_expect_eq(memory5d_records_replay(rules, log, &bad, &r, err, sizeof err), -1);
    cr_expect(strstr(err, "draft: expected 6 picks, got 5") != NULL, "%s", err);
    char *classic = fx_match_log((fx_match){.seed = 19, .difficulty = MEMORY5D_NORMAL});
    cr_expect_eq(memory5d_records_replay(rules, classic, &play, &r, err, sizeof err), -1);
    cr_expect(strstr(err, "Power Draft is an Arcade setting") != NULL, "%s", err);
    free(classic);
    free(log);
    free(rules);
}

Test(memory5d_records, a_hot_seat_match_counts_in_statistics_and_star_points_but_never_moves_elo)
{
    /* docs/records.md, "What is recorded": Classic Elo is against the AI per difficulty; a hot-seat
     * match is not an exclusion of the spec's Star Points rule ("Tutorial, custom, restart,
     * and abandoned matches earn zero"). The log says ranked, so only the opponent stops it. */
    fx_match m = {.seed = 20, .difficulty = MEMORY5D_HARD, .ranked = 1};
    memory5d_records_data d;
    build(&d, &m, 1);
    memory5d_records_projection ai = rebuild_one(&d);
    cr_expect_eq(ai.elo[MEMORY5D_HARD].matches, 1, "against the AI the same log is ranked");
    d.matches[0].play.opponent = MEMORY5D_OPPONENT_HUMAN;
    memory5d_records_projection human = rebuild_one(&d);
    cr_expect_eq(human.elo[MEMORY5D_HARD].matches, 0);
    cr_expect_eq(human.elo[MEMORY5D_HARD].rating, 0, "no rating was written");
    cr_expect_eq(human.stats[MEMORY5D_CLASSIC][MEMORY5D_HARD].matches, 1);
    cr_expect_eq(human.lifetime.links, ai.lifetime.links);
    cr_expect_eq(human.earned, ai.earned);
    cr_expect_gt(human.earned, 0);
    memory5d_records_data_free(&d);
}

Test(memory5d_records, a_stats_reset_zeroes_statistics_and_elo_and_keeps_the_rest)
{
    fx_match m = {.seed = 16, .difficulty = MEMORY5D_EASY, .ranked = 1};
    memory5d_records_data d;
    build(&d, &m, 1);
    memory5d_records_projection before = rebuild_one(&d);
    d.events[d.event_count++] = (memory5d_records_event){
        .id = 2, .profile = 2, .kind = MEMORY5D_RECORD_STATS_RESET, .power = MEMORY5D_NO_POWER};
    memory5d_records_projection after = rebuild_one(&d);
    cr_expect_eq(after.stats[MEMORY5D_CLASSIC][MEMORY5D_EASY].matches, 0);
    cr_expect_eq(after.elo[MEMORY5D_EASY].matches, 0);
    cr_expect_eq(after.lifetime.matches, before.lifetime.matches);
    cr_expect_eq(after.balance, before.balance);
    cr_expect_eq(memcmp(after.achievements, before.achievements, sizeof after.achievements), 0);
    cr_expect_eq(after.resets, 1);
    memory5d_records_data_free(&d);
}

Test(memory5d_records, a_log_that_does_not_replay_is_refused)
{
    fx_match m = {.seed = 17, .difficulty = MEMORY5D_EASY};
    char *rules = fx_rules_text(), *log = fx_match_log(m), err[512];
    static memory5d_records_match r;
    /* one logged Mastery value changed: the rules do not reproduce it */
    cJSON *doc = cJSON_Parse(log);
    cJSON *ev = cJSON_GetArrayItem(
        cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "entries"), 0), "events"),
        0);
    cJSON_ReplaceItemInObject(ev, "value", cJSON_CreateNumber(99999));
    char *bad = cJSON_PrintUnformatted(doc);
    cr_expect_eq(memory5d_records_replay(rules, bad, &(memory5d_records_play){0}, &r, err, sizeof err), -1);
    cr_expect(strstr(err, "replay diverges at entries[0]") != NULL, "%s", err);
    cr_expect_eq(memory5d_records_replay(rules, log, &(memory5d_records_play){.seat = 2}, &r, err, sizeof err), -1);
    /* an unfinished match: its last entry dropped */
    cJSON_Delete(doc);
    doc = cJSON_Parse(log);
    cJSON_DeleteItemFromArray(cJSON_GetObjectItem(doc, "entries"),
                              cJSON_GetArraySize(cJSON_GetObjectItem(doc, "entries")) - 1);
    free(bad);
    bad = cJSON_PrintUnformatted(doc);
    cr_expect_eq(memory5d_records_replay(rules, bad, &(memory5d_records_play){0}, &r, err, sizeof err), -1);
    cr_expect(strstr(err, "not finished") != NULL, "%s", err);
    cJSON_Delete(doc);
    free(bad);
    free(rules);
    free(log);
}

static cJSON *exported(memory5d_records_data *d)
{
    cJSON *doc = memory5d_records_to_json(d);
    cr_assert_not_null(doc);
    return doc;
}

static void expect_refused(cJSON *doc, const char *want)
{
    memory5d_records_data back;
    char err[512] = "";
    cr_expect_eq(memory5d_records_from_json(doc, &back, err, sizeof err), -1);
    cr_expect(strstr(err, want) != NULL, "wanted \"%s\" in: %s", want, err);
    cr_expect_eq(back.profile_count + back.match_count + back.event_count, 0);
    cJSON_Delete(doc);
}

Test(memory5d_records, an_export_reads_back_to_the_same_canonical_content)
{
    fx_match m[3] = {{.seed = 18, .difficulty = MEMORY5D_EASY},
                     {.seed = 18, .difficulty = MEMORY5D_EASY},
                     {.seed = 19, .difficulty = MEMORY5D_NORMAL, .drafted = 1}};
    memory5d_records_data d, back;
    build(&d, m, 3);
    d.chosen = 2;
    d.matches[1].play.opponent = MEMORY5D_OPPONENT_HUMAN;
    int loadout[MEMORY5D_PLAYERS][MEMORY5D_POWERS];
    fx_draft(&d.matches[2].play, loadout);
    cJSON *doc = exported(&d);
    char err[512];
    cr_assert_eq(memory5d_records_from_json(doc, &back, err, sizeof err), 0, "%s", err);
    char *a = memory5d_records_canonical(&d), *b = memory5d_records_canonical(&back);
    cr_expect_str_eq(a, b);
    cr_expect(strstr(a, "\"opponent\":\"human\",\"draft\":null") != NULL, "%s", a);
    cr_expect(strstr(a, "\"draft\":[\"doublePoints\",\"reveal\",\"reveal\",\"doublePoints\","
                        "\"wildcard\",\"wildcard\"]") != NULL, "%s", a);
    /* the checksum is XXH3-64 of exactly that canonical text */
    char hash[17];
    memory5d_records_hash(a, strlen(a), hash);
    cr_expect_str_eq(cJSON_GetObjectItem(doc, "checksum")->valuestring, hash);
    free(a);
    free(b);
    cJSON_Delete(doc);
    memory5d_records_data_free(&back);
    memory5d_records_data_free(&d);
}

Test(memory5d_records, an_export_with_a_changed_content_or_checksum_is_refused)
{
    fx_match m = {.seed = 18, .difficulty = MEMORY5D_EASY};
    memory5d_records_data d;
    build(&d, &m, 1);
    cJSON *doc = exported(&d);
    cJSON *p1 =
        cJSON_GetArrayItem(cJSON_GetObjectItem(cJSON_GetObjectItem(doc, "content"), "profiles"), 1);
    cJSON_ReplaceItemInObject(p1, "name", cJSON_CreateString("Eve"));
    expect_refused(doc, "checksum: the file says");
    doc = exported(&d);
    cJSON_ReplaceItemInObject(doc, "checksum", cJSON_CreateString("0123456789abcdef"));
    expect_refused(doc, "checksum");
    doc = exported(&d);
    cJSON_ReplaceItemInObject(doc, "format", cJSON_CreateString("memory5d-log/1"));
    expect_refused(doc, "format");
    doc = exported(&d);
    cJSON_ReplaceItemInObject(cJSON_GetObjectItem(doc, "content"), "schemaVersion",
                              cJSON_CreateNumber(MEMORY5D_RECORDS_SCHEMA_VERSION + 1));
    expect_refused(doc, "content.schemaVersion");
    doc = exported(&d);
    cJSON_AddNumberToObject(cJSON_GetObjectItem(doc, "content"), "extra", 1);
    expect_refused(doc, "extra");
    memory5d_records_data_free(&d);
}

Test(memory5d_records, broken_references_are_refused_by_the_rebuild)
{
    fx_match m = {.seed = 19, .difficulty = MEMORY5D_EASY};
    memory5d_records_data d;
    memory5d_records_projection *p = NULL;
    size_t n;
    char err[512];
    build(&d, &m, 1);
    d.events[0].match = 7;
    cr_expect_eq(memory5d_records_rebuild(&d, &p, &n, err, sizeof err), -1);
    cr_expect(strstr(err, "events[0].match") != NULL, "%s", err);
    d.events[0].match = 1;
    d.matches[0].profile = 9;
    cr_expect_eq(memory5d_records_rebuild(&d, &p, &n, err, sizeof err), -1);
    cr_expect(strstr(err, "matches[0].profile: no profile 9") != NULL, "%s", err);
    d.matches[0].profile = 2;
    d.profiles[1].tutorial = 1;
    cr_expect_eq(memory5d_records_rebuild(&d, &p, &n, err, sizeof err), -1);
    cr_expect(strstr(err, "exactly one tutorial profile") != NULL, "%s", err);
    cr_expect_null(p);
    memory5d_records_data_free(&d);
}

Test(memory5d_records, profile_names_are_checked)
{
    char err[256];
    cr_expect_eq(memory5d_records_name_check("Ada Lovelace", err, sizeof err), 0);
    cr_expect_eq(memory5d_records_name_check("", err, sizeof err), -1);
    cr_expect_eq(memory5d_records_name_check("   ", err, sizeof err), -1);
    cr_expect_eq(memory5d_records_name_check("tab\there", err, sizeof err), -1);
    cr_expect(strstr(err, "0x09") != NULL, "%s", err);
    cr_expect_eq(memory5d_records_name_check("123456789012345678901234567890123", err, sizeof err),
                 -1);
}
