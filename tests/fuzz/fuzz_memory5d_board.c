/* Memory5D board reader (memory5d_board_from_json) with the committed rules, the writer round
 * trip, and a match definition and state built on what loads. */
#include "fuzz_memory5d.h"
#include "memory5d/memory5d_board.h"
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static memory5d_board b, b2;
    static memory5d_def def;
    char err[512];
    int difficulty, d2;
    cJSON *doc = fuzz_parse(data, size);
    if (!doc)
        return 0;
    int rc = memory5d_board_from_json(&cfg, doc, &b, &difficulty, err, sizeof err);
    cJSON_Delete(doc);
    if (rc)
        return 0;
    char *t1 = fuzz_print(memory5d_board_to_json(&cfg, &b, 0, difficulty, 0));
    cJSON *back = fuzz_reparse(t1);
    rc = memory5d_board_from_json(&cfg, back, &b2, &d2, err, sizeof err);
    cJSON_Delete(back);
    FUZZ_ASSERT(rc == 0, "the board reader refuses the written board: %s\n%s", err, t1);
    char *t2 = fuzz_print(memory5d_board_to_json(&cfg, &b2, 0, d2, 0));
    fuzz_same(t1, t2);
    free(t1);
    free(t2);
    memory5d_config c = cfg;
    c.presets[difficulty].board_size = b.size;
    memory5d_setup setup = {.seed = 1, .difficulty = difficulty};
    if (memory5d_def_init_board(&def, &c, &setup, &b, err, sizeof err) == 0) {
        memory5d_state st;
        memory5d_state_init(&def, &st, 0);
        memory5d_pair links[8];
        memory5d_links(st.cells, st.size, links, 8);
    }
    return 0;
}
