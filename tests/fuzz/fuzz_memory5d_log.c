/* Memory5D match log reader (memory5d_log_from_json): what loads is replayed from its seed,
 * written with memory5d_log_to_json, read back, replayed again and written again; both
 * texts must be identical (the log the core writes is one its reader takes). */
#include "fuzz_memory5d.h"
#include "memory5d/memory5d_config.h"
#include "memory5d/memory5d_json.h"
#include "memory5d/memory5d_rules.h"

static memory5d_config cfg;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fuzz_memory5d_rules(&cfg);
    return 0;
}

/* Replays log (how far it replays) and writes it with the state reached. */
static char *replay_and_write(memory5d_def *def, const memory5d_log *log)
{
    memory5d_state st;
    size_t at = 0;
    memory5d_replay(def, log, &st, &at);
    return fuzz_print(memory5d_log_to_json(def, log, &st));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static memory5d_def def, def2;
    char err[512];
    cJSON *doc = fuzz_parse(data, size);
    if (!doc)
        return 0;
    memory5d_setup setup, setup2;
    memory5d_log log, log2;
    int rc = memory5d_log_from_json(doc, &setup, &log, err, sizeof err);
    cJSON_Delete(doc);
    if (rc)
        return 0;
    if (memory5d_def_init(&def, &cfg, &setup, err, sizeof err) != 0) {
        memory5d_log_free(&log);
        return 0;
    }
    char *t1 = replay_and_write(&def, &log);
    cJSON *back = fuzz_reparse(t1);
    rc = memory5d_log_from_json(back, &setup2, &log2, err, sizeof err);
    cJSON_Delete(back);
    FUZZ_ASSERT(rc == 0, "the log reader refuses the written log: %s\n%.2000s", err, t1);
    FUZZ_ASSERT(memory5d_def_init(&def2, &cfg, &setup2, err, sizeof err) == 0, "setup: %s", err);
    char *t2 = replay_and_write(&def2, &log2);
    fuzz_same(t1, t2);
    free(t1);
    free(t2);
    memory5d_log_free(&log);
    memory5d_log_free(&log2);
    return 0;
}
