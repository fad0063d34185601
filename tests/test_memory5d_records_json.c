/* core/memory5d/memory5d_records_json: the checksummed export document and the projection
 * document, on small records data built in memory (no database, no replay: references and
 * replays are memory5d_records_rebuild's, tested in test_memory5d_records.c). memory5d.md
 * "Local records": "Export is checksummed and atomically validated before import.
 * Statistics derive from accepted events, not UI state." */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memory5d/memory5d_json.h"
#include "memory5d/memory5d_records.h"
#include "memory5d/memory5d_records_json.h"

enum { REVEAL = 0, WILDCARD = 2 }; /* memory5d_power_names order */

/* The tutorial profile and Ada; one rules config; one hot-seat Power Draft match Ada played
 * as B (picks: reveal, then a pass); its match event, a purchase and a statistics reset. */
static void small_records(memory5d_records_data *d)
{
    memset(d, 0, sizeof *d);
    d->schema_version = MEMORY5D_RECORDS_SCHEMA_VERSION;
    d->chosen = 2;
    d->profile_count = 2;
    d->profiles = calloc(2, sizeof *d->profiles);
    d->profiles[0] = (memory5d_records_profile){.id = 1, .name = "Tutorial", .tutorial = 1};
    d->profiles[1] = (memory5d_records_profile){.id = 2, .name = "Ada"};
    d->rules_count = 1;
    d->rules = calloc(1, sizeof *d->rules);
    d->rules[0].text = strdup("{\"boardSize\":6}");
    memory5d_records_hash(d->rules[0].text, strlen(d->rules[0].text), d->rules[0].hash);
    d->match_count = 1;
    d->matches = calloc(1, sizeof *d->matches);
    d->matches[0] = (memory5d_records_snapshot){
        .id = 7,
        .profile = 2,
        .play = {.seat = 1, .opponent = MEMORY5D_OPPONENT_HUMAN, .draft_picks = 2,
                 .draft = {REVEAL, MEMORY5D_NO_POWER}},
        .log = strdup("{\"entries\":[]}")};
    strcpy(d->matches[0].rules, d->rules[0].hash);
    d->event_count = 3;
    d->events = calloc(3, sizeof *d->events);
    d->events[0] = (memory5d_records_event){1, 2, MEMORY5D_RECORD_MATCH, 7, MEMORY5D_NO_POWER, 0};
    d->events[1] = (memory5d_records_event){2, 2, MEMORY5D_RECORD_PURCHASE, 0, WILDCARD, 30};
    d->events[2] = (memory5d_records_event){3, 2, MEMORY5D_RECORD_STATS_RESET, 0,
                                            MEMORY5D_NO_POWER, 0};
}

static cJSON *content_of(cJSON *doc)
{
    return cJSON_GetObjectItemCaseSensitive(doc, "content");
}

static cJSON *item_of(cJSON *doc, const char *list, int i)
{
    return cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(content_of(doc), list), i);
}

/* The reader's message for doc (which it deletes); "" when it reads. */
static const char *read_error(cJSON *doc)
{
    static char err[512];
    memory5d_records_data back;
    err[0] = '\0';
    int rc = memory5d_records_from_json(doc, &back, err, sizeof err);
    cJSON_Delete(doc);
    if (rc == 0) {
        memory5d_records_data_free(&back);
        return "";
    }
    cr_expect_eq(back.profile_count + back.rules_count + back.match_count + back.event_count, 0,
                 "a refused file leaves nothing behind");
    return err;
}

Test(memory5d_records_json, every_kind_of_record_reads_back_field_for_field)
{
    memory5d_records_data d, back;
    small_records(&d);
    cJSON *doc = memory5d_records_to_json(&d);
    cr_assert_not_null(doc);
    char err[512];
    cr_assert_eq(memory5d_records_from_json(doc, &back, err, sizeof err), 0, "%s", err);
    cr_expect_eq(back.schema_version, MEMORY5D_RECORDS_SCHEMA_VERSION);
    cr_expect_eq(back.chosen, 2);
    cr_assert_eq(back.profile_count, 2u);
    cr_expect_str_eq(back.profiles[1].name, "Ada");
    cr_expect_eq(back.profiles[0].tutorial, 1);
    cr_expect_eq(back.profiles[1].tutorial, 0);
    cr_assert_eq(back.rules_count, 1u);
    cr_expect_str_eq(back.rules[0].text, d.rules[0].text);
    cr_expect_str_eq(back.rules[0].hash, d.rules[0].hash);
    cr_assert_eq(back.match_count, 1u);
    const memory5d_records_snapshot *m = &back.matches[0];
    cr_expect_eq(m->id, 7);
    cr_expect_eq(m->profile, 2);
    cr_expect_str_eq(m->rules, d.rules[0].hash);
    cr_expect_eq(m->play.seat, 1);
    cr_expect_eq(m->play.opponent, MEMORY5D_OPPONENT_HUMAN);
    cr_expect_eq(m->play.draft_picks, 2);
    cr_expect_eq(m->play.draft[0], REVEAL);
    cr_expect_eq(m->play.draft[1], MEMORY5D_NO_POWER, "a pass");
    cr_expect_str_eq(m->log, "{\"entries\":[]}");
    cr_assert_eq(back.event_count, 3u);
    cr_expect_eq(memcmp(back.events, d.events, 3 * sizeof *d.events), 0);
    cJSON_Delete(doc);
    memory5d_records_data_free(&back);
    memory5d_records_data_free(&d);
}

/* The checksum is XXH3-64 of the content printed unformatted, and is recomputed on reading:
 * a changed price is caught even though every field is still valid. */
Test(memory5d_records_json, the_checksum_covers_the_canonical_content_and_is_rechecked)
{
    memory5d_records_data d;
    small_records(&d);
    cJSON *doc = memory5d_records_to_json(&d);
    char *canonical = memory5d_records_canonical(&d);
    char *content = cJSON_PrintUnformatted(content_of(doc));
    cr_expect_str_eq(content, canonical, "the document carries exactly the canonical content");
    char want[MEMORY5D_RECORDS_HASH_LEN + 1], changed[MEMORY5D_RECORDS_HASH_LEN + 1];
    memory5d_records_hash(canonical, strlen(canonical), want);
    cr_expect_str_eq(cJSON_GetObjectItemCaseSensitive(doc, "checksum")->valuestring, want);

    cJSON_ReplaceItemInObject(item_of(doc, "events", 1), "price", cJSON_CreateNumber(3));
    char *tampered = cJSON_PrintUnformatted(content_of(doc));
    memory5d_records_hash(tampered, strlen(tampered), changed);
    char msg[200];
    snprintf(msg, sizeof msg,
             "checksum: the file says %s, its content hashes to %s (changed or damaged)", want,
             changed);
    cr_expect_str_eq(read_error(doc), msg);
    free(tampered);
    free(content);
    free(canonical);
    memory5d_records_data_free(&d);
}

/* Version 3 added each match's opponent and draft; an older file is written as it was, so its
 * checksum still holds, and reads back as an undrafted match against the AI. */
Test(memory5d_records_json, a_version_2_file_has_no_opponent_or_draft_and_reads_as_against_the_ai)
{
    memory5d_records_data d, back;
    small_records(&d);
    d.schema_version = 2;
    char *canonical = memory5d_records_canonical(&d);
    cr_expect_null(strstr(canonical, "\"opponent\""), "%s", canonical);
    cr_expect_null(strstr(canonical, "\"draft\""), "%s", canonical);
    cJSON *doc = memory5d_records_to_json(&d);
    char err[512];
    cr_assert_eq(memory5d_records_from_json(doc, &back, err, sizeof err), 0, "%s", err);
    cr_expect_eq(back.schema_version, 2);
    cr_expect_eq(back.matches[0].play.opponent, MEMORY5D_OPPONENT_AI);
    cr_expect_eq(back.matches[0].play.draft_picks, 0);
    cr_expect_eq(back.matches[0].play.seat, 1);
    /* and a version 2 match may not carry version 3's keys */
    cJSON_AddStringToObject(item_of(doc, "matches", 0), "opponent", "human");
    cr_expect_str_eq(read_error(doc), "content.matches[0].opponent: unknown field");
    free(canonical);
    memory5d_records_data_free(&back);
    memory5d_records_data_free(&d);
}

/* Each event kind has its own shape: a match names a snapshot, a purchase a power and a
 * price, a reset nothing. The shape is checked before the checksum. */
Test(memory5d_records_json, each_event_kind_is_refused_outside_its_own_shape)
{
    memory5d_records_data d;
    small_records(&d);
    cJSON *doc = memory5d_records_to_json(&d);
    cJSON_ReplaceItemInObject(item_of(doc, "events", 0), "match", cJSON_CreateNull());
    cr_expect_str_eq(read_error(doc), "content.events[0]: a match event needs a match and no "
                                      "power or price");
    doc = memory5d_records_to_json(&d);
    cJSON_ReplaceItemInObject(item_of(doc, "events", 1), "power", cJSON_CreateNull());
    cr_expect_str_eq(read_error(doc), "content.events[1]: a purchase event needs a power and a "
                                      "price and no match");
    doc = memory5d_records_to_json(&d);
    cJSON_ReplaceItemInObject(item_of(doc, "events", 2), "price", cJSON_CreateNumber(5));
    char want[160];
    snprintf(want, sizeof want, "content.events[2]: a %s event has no match, power or price",
             memory5d_record_kind_names[MEMORY5D_RECORD_STATS_RESET]);
    cr_expect_str_eq(read_error(doc), want);
    doc = memory5d_records_to_json(&d);
    cJSON_ReplaceItemInObject(item_of(doc, "events", 1), "power", cJSON_CreateString("teleport"));
    const char *got = read_error(doc);
    cr_expect(strncmp(got, "content.events[1].power: ", 25) == 0, "%s", got);
    memory5d_records_data_free(&d);
}

Test(memory5d_records_json, a_rules_config_must_hash_to_the_name_it_is_stored_under)
{
    memory5d_records_data d;
    small_records(&d);
    cJSON *doc = memory5d_records_to_json(&d);
    cJSON *config = cJSON_GetObjectItemCaseSensitive(item_of(doc, "rules", 0), "config");
    cJSON_ReplaceItemInObject(config, "boardSize", cJSON_CreateNumber(8));
    char other[MEMORY5D_RECORDS_HASH_LEN + 1], want[160];
    memory5d_records_hash("{\"boardSize\":8}", 15, other);
    snprintf(want, sizeof want, "content.rules[0].hash: %s is not the config's hash %s",
             d.rules[0].hash, other);
    cr_expect_str_eq(read_error(doc), want);
    doc = memory5d_records_to_json(&d);
    cJSON_ReplaceItemInObject(item_of(doc, "rules", 0), "hash", cJSON_CreateString("ABCDEF"));
    cr_expect_str_eq(read_error(doc),
                     "content.rules[0].hash: expected 16 lowercase hex digits, got \"ABCDEF\"");
    memory5d_records_data_free(&d);
}

/* Ids run from 1; the chosen profile may be null (none chosen), a profile's id may not. */
Test(memory5d_records_json, ids_start_at_one_and_only_the_chosen_profile_may_be_null)
{
    memory5d_records_data d, back;
    small_records(&d);
    d.chosen = 0;
    cJSON *doc = memory5d_records_to_json(&d);
    cr_expect(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(content_of(doc), "chosenProfile")));
    char err[512];
    cr_assert_eq(memory5d_records_from_json(doc, &back, err, sizeof err), 0, "%s", err);
    cr_expect_eq(back.chosen, 0);
    memory5d_records_data_free(&back);
    cJSON_ReplaceItemInObject(item_of(doc, "profiles", 0), "id", cJSON_CreateNull());
    const char *got = read_error(doc);
    cr_expect(strncmp(got, "content.profiles[0].id: ", 24) == 0, "%s", got);
    doc = memory5d_records_to_json(&d);
    cJSON_ReplaceItemInObject(item_of(doc, "matches", 0), "id", cJSON_CreateNumber(0));
    got = read_error(doc);
    cr_expect(strncmp(got, "content.matches[0].id: ", 23) == 0, "%s", got);
    memory5d_records_data_free(&d);
}

/* A play's picks: null when not drafted, else power names in order with null for a pass. */
Test(memory5d_records_json, draft_picks_write_null_when_undrafted_and_null_for_a_pass)
{
    memory5d_records_play play = {.draft_picks = 3, .draft = {WILDCARD, MEMORY5D_NO_POWER, REVEAL}};
    cJSON *v = memory5d_records_draft_to_json(&play);
    char *text = cJSON_PrintUnformatted(v);
    char want[96];
    snprintf(want, sizeof want, "[\"%s\",null,\"%s\"]", memory5d_power_names[WILDCARD],
             memory5d_power_names[REVEAL]);
    cr_expect_str_eq(text, want);
    memory5d_records_play back = {0};
    char err[256];
    cr_assert_eq(memory5d_records_draft_from_json(v, "d", &back, err, sizeof err), 0, "%s", err);
    cr_expect_eq(back.draft_picks, 3);
    cr_expect_eq(memcmp(back.draft, play.draft, 3 * sizeof *play.draft), 0);
    free(text);
    cJSON_Delete(v);

    memory5d_records_play none = {0};
    v = memory5d_records_draft_to_json(&none);
    cr_expect(cJSON_IsNull(v));
    back.draft_picks = 5;
    cr_expect_eq(memory5d_records_draft_from_json(v, "d", &back, err, sizeof err), 0);
    cr_expect_eq(back.draft_picks, 0, "null reads as not drafted");
    cJSON_Delete(v);
}

Test(memory5d_records_json, draft_picks_name_the_bad_pick_or_the_bad_count)
{
    memory5d_records_play back;
    char err[256];
    cJSON *v = cJSON_Parse("[\"reveal\",\"teleport\"]");
    cr_expect_eq(memory5d_records_draft_from_json(v, "m.draft", &back, err, sizeof err), -1);
    cr_expect_str_eq(err, "m.draft[1]: expected a power name or null, got \"teleport\"");
    cJSON_Delete(v);
    v = cJSON_Parse("[]");
    cr_expect_eq(memory5d_records_draft_from_json(v, "m.draft", &back, err, sizeof err), -1);
    char want[160];
    snprintf(want, sizeof want, "m.draft: expected null or 1 to %d picks (power names, null for a "
             "pass), got an array", MEMORY5D_MAX_PICKS);
    cr_expect_str_eq(err, want);
    cJSON_Delete(v);
    char many[256] = "[";
    for (int i = 0; i <= MEMORY5D_MAX_PICKS; i++)
        strcat(many, i ? ",null" : "null");
    strcat(many, "]");
    v = cJSON_Parse(many);
    cr_expect_eq(memory5d_records_draft_from_json(v, "m.draft", &back, err, sizeof err), -1,
                 "one pick more than MEMORY5D_MAX_PICKS");
    cr_expect_str_eq(err, want);
    cJSON_Delete(v);
}

/* A projection with a different value in every field. */
static memory5d_records_projection sample_projection(void)
{
    memory5d_records_projection p;
    memory5d_records_projection_init(&p, 2);
    int64_t *all = (int64_t *)&p;
    size_t n = sizeof p / sizeof *all;
    for (size_t i = 0; i < n; i++)
        all[i] = (int64_t)(i * 3 + 1);
    p.profile = 2;
    p.elo[1].rating = -40; /* a rating may fall below zero */
    p.achievements[2] = 0; /* not unlocked: null */
    return p;
}

Test(memory5d_records_json, a_projection_reads_back_to_itself)
{
    cr_assert_eq(sizeof(memory5d_records_projection) % sizeof(int64_t), 0u);
    memory5d_records_projection p = sample_projection(), back;
    cJSON *doc = memory5d_records_projection_to_json(&p);
    cr_expect(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(
        cJSON_GetObjectItemCaseSensitive(doc, "achievements"), memory5d_achievement_names[2])));
    char err[256];
    cr_assert_eq(memory5d_records_projection_from_json(doc, &back, err, sizeof err), 0, "%s", err);
    cr_expect_eq(memcmp(&back, &p, sizeof p), 0);
    cJSON_Delete(doc);
}

Test(memory5d_records_json, a_projection_names_the_field_it_refuses)
{
    memory5d_records_projection p = sample_projection(), back;
    char err[256];
    cJSON *doc = memory5d_records_projection_to_json(&p);
    cJSON_ReplaceItemInObject(cJSON_GetObjectItemCaseSensitive(doc, "starPoints"), "balance",
                              cJSON_CreateNumber(-1));
    cr_expect_eq(memory5d_records_projection_from_json(doc, &back, err, sizeof err), -1);
    cr_expect(strncmp(err, "projection.starPoints.balance: ", 31) == 0, "%s", err);
    cJSON_Delete(doc);

    doc = memory5d_records_projection_to_json(&p);
    cJSON *classic = cJSON_GetObjectItemCaseSensitive(
        cJSON_GetObjectItemCaseSensitive(doc, "statistics"), memory5d_mode_names[0]);
    cJSON_DeleteItemFromObject(classic, memory5d_difficulty_names[3]);
    cr_expect_eq(memory5d_records_projection_from_json(doc, &back, err, sizeof err), -1);
    char want[96];
    snprintf(want, sizeof want, "projection.statistics.%s.%s: expected an object",
             memory5d_mode_names[0], memory5d_difficulty_names[3]);
    cr_expect_str_eq(err, want);
    cJSON_Delete(doc);

    doc = memory5d_records_projection_to_json(&p);
    cJSON_AddNumberToObject(cJSON_GetObjectItemCaseSensitive(doc, "inventory"), "teleport", 1);
    cr_expect_eq(memory5d_records_projection_from_json(doc, &back, err, sizeof err), -1);
    cr_expect(strstr(err, "teleport") != NULL, "%s", err);
    cJSON_Delete(doc);
}
