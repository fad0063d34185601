/* Shared Memory5D records fixtures: finished match logs played by the AI, the rules text,
 * scratch databases, and the sample database behind tests/fixtures/memory5d-records.json. */
#ifndef TESTS_MEMORY5D_RECORDS_FIXTURE_H
#define TESTS_MEMORY5D_RECORDS_FIXTURE_H

#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "memory5d_fixture.h"
#include "memory5d/memory5d_ai.h"
#include "memory5d/memory5d_config.h"
#include "memory5d/memory5d_draft.h"
#include "memory5d/memory5d_json.h"
#include "memory5d/memory5d_records_json.h"
#include "memory5d/memory5d_rules.h"
#include "memory5d/memory5d_store.h"

#define FX_RECORDS_EXPORT "tests/fixtures/memory5d-records.json"

/* The committed rules file's text (malloc'd). */
static inline char *fx_rules_text(void)
{
    FILE *f = fopen(MEMORY5D_DEFAULT_RULES, "rb");
    cr_assert_not_null(f);
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    return strdup(buf);
}

typedef struct {
    uint32_t seed;
    int difficulty, mode, ranked;
    int double_points; /* Arcade: A brings and arms one Double Points before its first link */
    int abandon;       /* B abandons after A's first link: A wins */
    int drafted;       /* Arcade: both loadouts come from fx_draft (A's has Double Points) */
} fx_match;

/* The fixtures' Power Draft (order A,B,B,A,A,B): A doublePoints, B reveal, B reveal, A
 * doublePoints, A's fifth pick given at its deadline (the cheapest card it may take), B
 * wildcard. Its picks into *play (may be NULL), the loadouts into loadout. */
static inline void fx_draft(memory5d_records_play *play,
                            int loadout[MEMORY5D_PLAYERS][MEMORY5D_POWERS])
{
    memory5d_config cfg = fx_config();
    memory5d_draft d;
    memory5d_draft_init(&cfg, &d, 0);
    static const int picks[] = {MEMORY5D_DOUBLE_POINTS, MEMORY5D_REVEAL, MEMORY5D_REVEAL,
                                MEMORY5D_DOUBLE_POINTS, -2, MEMORY5D_WILDCARD};
    cr_assert_eq(cfg.draft.pick_count, 6);
    for (int i = 0; i < 6; i++)
        if (picks[i] == -2)
            cr_assert_eq(memory5d_draft_tick(&cfg, &d, d.pick_start_ms + cfg.draft.pick_deadline_ms),
                         1, "the auto-pick");
        else
            cr_assert_eq(memory5d_draft_pick(&cfg, &d, memory5d_draft_turn(&cfg, &d), picks[i],
                                             d.pick_start_ms),
                         MEMORY5D_OK, "pick %d", i);
    if (play) {
        play->draft_picks = d.pick;
        memcpy(play->draft, d.taken, sizeof play->draft);
    }
    memcpy(loadout, d.picked, sizeof d.picked);
}

/* A finished AI-vs-AI match log as memory5d_log_to_json text (malloc'd). */
static inline char *fx_match_log(fx_match m)
{
    memory5d_config cfg = fx_config();
    memory5d_setup setup = {
        .seed = m.seed, .difficulty = m.difficulty, .mode = m.mode, .ranked = m.ranked};
    setup.loadout[0][MEMORY5D_DOUBLE_POINTS] = m.double_points;
    if (m.drafted) {
        setup.mode = MEMORY5D_ARCADE;
        fx_draft(NULL, setup.loadout);
        m.double_points = 1; /* A drafted two: it arms one */
    }
    static memory5d_def def;
    char err[256];
    cr_assert_eq(memory5d_def_init(&def, &cfg, &setup, err, sizeof err), 0, "%s", err);
    memory5d_state st;
    memory5d_log log;
    memory5d_outcome out;
    memory5d_state_init(&def, &st, 0);
    memory5d_log_init(&log, 0);
    memory5d_ai *ai = memory5d_ai_new();
    cr_assert_not_null(ai);
    int64_t now = 0;
    if (m.double_points) {
        memory5d_cmd arm = fx_cmd(MEMORY5D_CMD_ARM, 0, -1, -1, now += 100);
        arm.power = MEMORY5D_DOUBLE_POINTS;
        cr_assert_eq(memory5d_apply(&def, &st, &log, &arm, &out), 1);
    }
    if (m.abandon) {
        memory5d_cmd link;
        memory5d_ai_stats as;
        cr_assert_eq(memory5d_ai_choose(ai, &def, &st, 1, &link, &as), 0);
        link.now_ms = now += 1000;
        cr_assert_eq(memory5d_apply(&def, &st, &log, &link, &out), 1);
        memory5d_cmd quit = fx_cmd(MEMORY5D_CMD_ABANDON, 1, -1, -1, now += 1000);
        cr_assert_eq(memory5d_apply(&def, &st, &log, &quit, &out), 1);
    }
    memory5d_selfplay_stats ss;
    if (st.status == MEMORY5D_PLAYING)
        cr_assert_eq(memory5d_ai_selfplay(ai, &def, &st, &log, 1000, NULL, &ss, err, sizeof err), 0, "%s",
                     err);
    memory5d_ai_free(ai);
    cJSON *doc = memory5d_log_to_json(&def, &log, &st);
    char *text = cJSON_PrintUnformatted(doc);
    cJSON_Delete(doc);
    memory5d_log_free(&log);
    return text;
}

/* A fresh scratch folder; *db receives DIR/records.db. */
static inline void fx_scratch(char dir[64], char db[96])
{
    snprintf(dir, 64, "/tmp/m5d-records-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
    snprintf(db, 96, "%s/records.db", dir);
}

/* Removes a scratch folder made by fx_scratch and the files in it (it has no subfolders);
 * call it at the end of a test. */
static inline void fx_cleanup(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[512];
    while (d && (e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            remove(path);
        }
    if (d)
        closedir(d);
    rmdir(dir);
}

static inline memory5d_store *fx_open(const char *db)
{
    memory5d_store *s;
    char err[512];
    cr_assert_eq(memory5d_store_open(db, MEMORY5D_STORE_CREATE, &s, err, sizeof err), 0, "%s", err);
    return s;
}

/* Records m for profile with play's seat and opponent (and fx_draft's picks when m is
 * drafted). The event id. */
static inline int64_t fx_record_play(memory5d_store *s, int64_t profile, fx_match m,
                                     memory5d_records_play play)
{
    char *rules = fx_rules_text(), *log = fx_match_log(m), err[512];
    int loadout[MEMORY5D_PLAYERS][MEMORY5D_POWERS];
    if (m.drafted)
        fx_draft(&play, loadout);
    int64_t id = memory5d_store_record_match(s, profile, rules, log, &play, err, sizeof err);
    cr_assert_gt(id, 0, "%s", err);
    free(rules);
    free(log);
    return id;
}

/* A match against the AI from seat. */
static inline int64_t fx_record(memory5d_store *s, int64_t profile, fx_match m, int seat)
{
    return fx_record_play(s, profile, m, (memory5d_records_play){.seat = seat});
}

/* The sample: "Ada" (chosen) with Classic matches at three difficulties in both seats, a
 * Star Points purchase and an Arcade match that uses it, an abandoned match and a reset;
 * "Bob" with one match; the tutorial profile with one match nobody projects. */
typedef struct {
    int64_t ada, bob, tutorial;
} fx_sample_ids;

static inline fx_sample_ids fx_sample(memory5d_store *s)
{
    char err[512];
    memory5d_config cfg = fx_config();
    fx_sample_ids ids = {.tutorial = memory5d_store_tutorial_profile(s)};
    ids.ada = memory5d_store_profile_create(s, "Ada", err, sizeof err);
    ids.bob = memory5d_store_profile_create(s, "Bob", err, sizeof err);
    cr_assert(ids.ada > 0 && ids.bob > 0, "%s", err);
    cr_assert_eq(memory5d_store_profile_choose(s, ids.ada, err, sizeof err), 0, "%s", err);
    fx_record(s, ids.ada, (fx_match){.seed = 1, .difficulty = MEMORY5D_EASY, .ranked = 1}, 0);
    fx_record(s, ids.ada, (fx_match){.seed = 2, .difficulty = MEMORY5D_NORMAL, .ranked = 1}, 1);
    fx_record(s, ids.ada, (fx_match){.seed = 3, .difficulty = MEMORY5D_EASY}, 0);
    cr_assert_gt(memory5d_store_buy(s, ids.ada, &cfg, MEMORY5D_DOUBLE_POINTS, err, sizeof err), 0,
                 "%s", err);
    fx_record(
        s, ids.ada,
        (fx_match){
            .seed = 4, .difficulty = MEMORY5D_EASY, .mode = MEMORY5D_ARCADE, .double_points = 1},
        0);
    fx_record(s, ids.bob, (fx_match){.seed = 5, .difficulty = MEMORY5D_EXPERT, .ranked = 1}, 0);
    cr_assert_eq(memory5d_store_reset_statistics(s, ids.ada, err, sizeof err), 0, "%s", err);
    fx_record(s, ids.ada,
              (fx_match){.seed = 6, .difficulty = MEMORY5D_EASY, .ranked = 1, .abandon = 1}, 0);
    fx_record(s, ids.tutorial, (fx_match){.seed = 7, .difficulty = MEMORY5D_EASY}, 0);
    return ids;
}

/* The whole database as export text (malloc'd), for "nothing changed" comparisons. */
static inline char *fx_dump(memory5d_store *s)
{
    memory5d_records_data d;
    char err[512];
    cr_assert_eq(memory5d_store_load(s, &d, err, sizeof err), 0, "%s", err);
    char *text = memory5d_records_canonical(&d);
    memory5d_records_data_free(&d);
    cr_assert_not_null(text);
    return text;
}

#endif
