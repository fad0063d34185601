/* Odd Shape rounds reader (oddshape_json_parse), its checks, and the writer round trip. */
#include "fuzz.h"
#include "oddshape/oddshape_check.h"
#include "oddshape/oddshape_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static oddshape_rounds_doc doc, doc2;
    static oddshape_check_list list;
    char err[512];
    cJSON *json = fuzz_parse(data, size);
    if (!json)
        return 0;
    int rc = oddshape_json_parse(json, &doc, err, sizeof err);
    cJSON_Delete(json);
    if (rc)
        return 0;
    oddshape_check_doc(&doc, &list);
    char *t1 = fuzz_print(oddshape_json_write(&doc));
    cJSON *back = fuzz_reparse(t1);
    rc = oddshape_json_parse(back, &doc2, err, sizeof err);
    cJSON_Delete(back);
    FUZZ_ASSERT(rc == 0, "the rounds reader refuses the written rounds: %s\n%s", err, t1);
    char *t2 = fuzz_print(oddshape_json_write(&doc2));
    fuzz_same(t1, t2);
    free(t1);
    free(t2);
    return 0;
}
