/* Compass level reader (compass_level_from_json), writer round trip, and a small solve whose
 * evidence record must pass the evidence reader (compass_campaign_entry_add_evidence). */
#include "compass/compass_campaign.h"
#include "compass/compass_evidence.h"
#include "compass/compass_json.h"
#include "compass/compass_solve.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static compass_level l, l2;
    static compass_solve_result r;
    char err[512];
    cJSON *doc = fuzz_parse(data, size);
    if (!doc)
        return 0;
    int rc = compass_level_from_json(doc, "fuzz", &l, err, sizeof err);
    cJSON_Delete(doc);
    if (rc)
        return 0;
    char *t1 = fuzz_print(compass_level_to_json(&l));
    cJSON *back = fuzz_reparse(t1);
    rc = compass_level_from_json(back, "written", &l2, err, sizeof err);
    cJSON_Delete(back);
    FUZZ_ASSERT(rc == 0, "the level reader refuses the written level: %s\n%s", err, t1);
    char *t2 = fuzz_print(compass_level_to_json(&l2));
    fuzz_same(t1, t2);
    free(t1);
    free(t2);

    compass_solve_opts opts = {.max_states = 4000};
    compass_solve(&l, &opts, &r);
    if (r.status == COMPASS_SOLVE_DONE) {
        compass_evidence_verdict v;
        char *ev = fuzz_print(compass_evidence_json(&l, &r, &v));
        cJSON *evdoc = fuzz_reparse(ev);
        compass_campaign_entry e;
        compass_campaign_entry_from_level(&l, &e);
        rc = compass_campaign_entry_add_evidence(evdoc, "evidence", &e, err, sizeof err);
        cJSON_Delete(evdoc);
        FUZZ_ASSERT(rc == 0, "the evidence reader refuses the solver's record: %s\n%.2000s", err, ev);
        free(ev);
    }
    return 0;
}
