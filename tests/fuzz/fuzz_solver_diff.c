/* solver diff's engine (solver/diff.c) on any JSON document the files' reader accepts, with
 * two properties: a file diffed with itself is always "no changes" (issue 30: an absent field
 * once compared unequal to an absent field), and the file with one check's pass flipped is
 * exactly one flipped check (checks are paired by name and place; names repeat). */
#include "fuzz.h"
#include "diff.h"

static void tree_of(diff_tree *t, const uint8_t *data, size_t size)
{
    memset(t, 0, sizeof *t);
    t->files = calloc(1, sizeof *t->files);
    FUZZ_ASSERT(t->files, "out of memory");
    t->files[0].path = strdup("reports/fuzz.json");
    t->files[0].doc = fuzz_parse(data, size);
    t->count = t->cap = 1;
}

static void compare(diff_tree *a, diff_tree *b, int single, diff_result *r)
{
    char err[512];
    FUZZ_ASSERT(diff_compare(a, b, single, r, err, sizeof err) == 0, "diff refused: %s", err);
    free(diff_format_text(r));
    free(diff_format_markdown(r));
    cJSON_Delete(diff_format_json(r));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    cJSON *probe = fuzz_parse(data, size);
    if (!probe)
        return 0;
    cJSON_Delete(probe);
    diff_tree a, b;
    tree_of(&a, data, size);
    tree_of(&b, data, size);
    for (int single = 0; single < 2; single++) {
        diff_result r;
        compare(&a, &b, single, &r);
        char line[512];
        diff_summary(&r, line, sizeof line);
        FUZZ_ASSERT(!diff_any(&r), "a file diffed with itself changed: %s", line);
        diff_result_free(&r);
    }
    /* flip one named check's pass (the (size mod count)th of them) */
    cJSON *checks = cJSON_GetObjectItemCaseSensitive(b.files[0].doc, "checks");
    int named = 0;
    for (cJSON *c = cJSON_IsArray(checks) ? checks->child : NULL; c; c = c->next)
        named += cJSON_IsString(cJSON_GetObjectItemCaseSensitive(c, "name")) &&
                 cJSON_IsBool(cJSON_GetObjectItemCaseSensitive(c, "pass"));
    if (named) {
        int pick = (int)(size % (size_t)named);
        for (cJSON *c = checks->child; c; c = c->next) {
            cJSON *pass = cJSON_GetObjectItemCaseSensitive(c, "pass");
            if (!cJSON_IsString(cJSON_GetObjectItemCaseSensitive(c, "name")) || !cJSON_IsBool(pass) || pick--)
                continue;
            cJSON_ReplaceItemInObjectCaseSensitive(c, "pass", cJSON_CreateBool(!cJSON_IsTrue(pass)));
            break;
        }
        diff_result r;
        compare(&a, &b, 1, &r);
        FUZZ_ASSERT(r.nflips == 1, "one check flipped, %d reported", r.nflips);
        diff_result_free(&r);
    }
    diff_tree_free(&a);
    diff_tree_free(&b);
    return 0;
}
