/* Issue 9, fault 5: whatever memory5d_step accepts, its match log must replay through the
 * JSON reader (what solver memory5d --replay does). Random command sequences with fields
 * from valid to wild, written with memory5d_log_to_json, printed, read back strictly and
 * replayed from the seed. */
#include <criterion/criterion.h>
#include <limits.h>
#include <stdlib.h>

#include "jsonio.h"
#include "memory5d_fixture.h"
#include "memory5d/memory5d_json.h"

static int wild_int(int valid)
{
    static const int odd[] = {-1, -2, -1000, MEMORY5D_MAX_CELLS, MEMORY5D_MAX_CELLS + 1, 100000,
                              INT_MAX, INT_MIN, 31, 32, 2, 7};
    return rand() % 3 ? valid : odd[rand() % (int)(sizeof odd / sizeof *odd)];
}

static int64_t wild_time(int64_t now)
{
    switch (rand() % 40) {
    case 0: return now + ((int64_t)1 << 53);   /* past 2^53 - 1: not exact in JSON */
    case 1: return INT64_MAX;
    case 2: return now - 5;                    /* backwards: refused */
    default: return now + rand() % 25000;      /* often past the decision deadline */
    }
}

Test(memory5d_logjson, every_accepted_command_sequence_replays_through_its_json_log)
{
    memory5d_config cfg = fx_config();
    srand(9);
    static memory5d_def def, def2;
    for (uint32_t seed = 1; seed <= 40; seed++) {
        memory5d_setup setup = {.seed = seed, .difficulty = (int)(seed % 4)};
        if (seed % 2)
            setup = (memory5d_setup){.seed = seed,
                                     .difficulty = (int)(seed % 4),
                                     .mode = MEMORY5D_ARCADE,
                                     .loadout = {{1, 1, 1, 0}, {0, 1, 1, 1}}};
        char err[512];
        cr_assert_eq(memory5d_def_init(&def, &cfg, &setup, err, sizeof err), 0, "%s", err);
        memory5d_state st;
        memory5d_state_init(&def, &st, 0);
        memory5d_log log;
        memory5d_log_init(&log, 0);
        int64_t now = 0;
        int n = st.size;
        for (int i = 0; i < 300 && st.status == MEMORY5D_PLAYING; i++) {
            int64_t t = wild_time(now);
            memory5d_cmd c = {.kind = rand() % 12 ? rand() % MEMORY5D_CMD_KINDS : wild_int(0),
                              .player = wild_int(rand() % 5 ? st.turn : 1 - st.turn),
                              .cell = wild_int(rand() % (n * n)),
                              .cell2 = wild_int(rand() % (n * n)),
                              .power = wild_int(rand() % 2 ? MEMORY5D_NO_POWER : rand() % MEMORY5D_POWERS),
                              .reason = wild_int(1 << (rand() % 5)),
                              .now_ms = t};
            if (c.kind == MEMORY5D_CMD_ABANDON && rand() % 8)
                c.kind = MEMORY5D_CMD_TICK;
            if (c.kind == MEMORY5D_CMD_LINK && rand() % 2) {
                memory5d_pair l[1];
                if (memory5d_links(st.cells, n, l, 1) > 0) {
                    c.cell = l[0].a;
                    c.cell2 = l[0].b;
                }
            }
            memory5d_outcome out;
            int rc = memory5d_apply(&def, &st, &log, &c, &out);
            cr_assert_geq(rc, 0);
            if (rc == 1 && t > now && t < ((int64_t)1 << 53))
                now = t;
        }
        cJSON *doc = memory5d_log_to_json(&def, &log, &st);
        cr_assert_not_null(doc);
        char *text = jsonio_print(doc);
        cJSON_Delete(doc);
        cr_assert_not_null(text);
        cJSON *back = jsonio_parse(text, strlen(text), "log", err, sizeof err);
        free(text);
        cr_assert_not_null(back, "seed %u: %s", seed, err);
        memory5d_setup setup2;
        memory5d_log log2;
        int rc = memory5d_log_from_json(back, &setup2, &log2, err, sizeof err);
        cJSON_Delete(back);
        cr_assert_eq(rc, 0, "seed %u: the core wrote a log its reader refuses: %s", seed, err);
        cr_assert_eq(log2.count, log.count);
        cr_assert_eq(memory5d_def_init(&def2, &cfg, &setup2, err, sizeof err), 0, "%s", err);
        memory5d_state again;
        size_t at = 0;
        cr_assert_eq(memory5d_replay(&def2, &log2, &again, &at), 0,
                     "seed %u: the read-back log diverges at entries[%zu]", seed, at);
        cr_expect_eq(memcmp(&again, &st, sizeof st), 0, "seed %u: replay ends elsewhere", seed);
        memory5d_log_free(&log2);
        memory5d_log_free(&log);
    }
}

/* A command outside what a log can hold is refused whole: it does not even settle a timeout. */
Test(memory5d_logjson, a_malformed_command_past_the_deadline_is_refused_and_changes_nothing)
{
    memory5d_config cfg = fx_config();
    static memory5d_def def;
    memory5d_setup setup = {.seed = 3, .difficulty = MEMORY5D_NORMAL};
    char err[256];
    cr_assert_eq(memory5d_def_init(&def, &cfg, &setup, err, sizeof err), 0, "%s", err);
    memory5d_state st, before;
    memory5d_state_init(&def, &st, 0);
    before = st;
    int64_t late = 10 * 600000; /* past every decision deadline */
    const memory5d_cmd bad[] = {
        {.kind = MEMORY5D_CMD_TICK, .player = 0, .cell = 100000, .cell2 = -1, .power = -1, .now_ms = late},
        {.kind = MEMORY5D_CMD_TICK, .player = 0, .cell = -1, .cell2 = INT_MIN, .power = -1, .now_ms = late},
        {.kind = MEMORY5D_CMD_TICK, .player = 0, .cell = -1, .cell2 = -1, .power = 99, .now_ms = late},
        {.kind = MEMORY5D_CMD_TICK, .player = 0, .cell = -1, .cell2 = -1, .power = -1, .reason = 999, .now_ms = late},
        {.kind = MEMORY5D_CMD_TICK, .player = 5, .cell = -1, .cell2 = -1, .power = -1, .now_ms = late},
        {.kind = MEMORY5D_CMD_TICK, .player = 0, .cell = -1, .cell2 = -1, .power = -1, .now_ms = INT64_MAX},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        memory5d_outcome out;
        cr_expect_eq(memory5d_step(&def, &st, &bad[i], &out), 0, "command %zu", i);
        cr_expect_eq(out.refusal, MEMORY5D_R_BAD_COMMAND, "command %zu", i);
        cr_expect_eq(memcmp(&st, &before, sizeof st), 0, "command %zu changed the state", i);
    }
    memory5d_cmd tick = {.kind = MEMORY5D_CMD_TICK, .player = -1, .cell = -1, .cell2 = -1,
                         .power = -1, .now_ms = late};
    memory5d_outcome out;
    cr_expect_eq(memory5d_step(&def, &st, &tick, &out), 1, "a well-formed tick settles the timeout");
}
