/* Memory5D rules config reader (memory5d_config_from_json). The config has no writer (it is
 * authored), so what loads is read twice (the results must agree) and a match definition and
 * its start state are built from it at every difficulty. */
#include "fuzz.h"
#include "memory5d/memory5d_config.h"
#include "memory5d/memory5d_rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static memory5d_config cfg, again;
    static memory5d_def def;
    char err[512];
    cJSON *doc = fuzz_parse(data, size);
    if (!doc)
        return 0;
    memset(&cfg, 0, sizeof cfg);
    memset(&again, 0, sizeof again);
    int rc = memory5d_config_from_json(doc, &cfg, err, sizeof err);
    if (rc == 0) {
        rc = memory5d_config_from_json(doc, &again, err, sizeof err);
        FUZZ_ASSERT(rc == 0, "the second read refuses: %s", err);
        FUZZ_ASSERT(memcmp(&cfg, &again, sizeof cfg) == 0, "two reads of one config differ");
    }
    cJSON_Delete(doc);
    if (rc)
        return 0;
    for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++) {
        memory5d_setup setup = {.seed = (uint32_t)size, .difficulty = d};
        if (memory5d_def_init(&def, &cfg, &setup, err, sizeof err) == 0) {
            memory5d_state st;
            memory5d_state_init(&def, &st, 0);
        }
    }
    return 0;
}
