/* Player replay script reader (script_parse). Scripts have no writer, so what loads is read a
 * second time (the steps must agree) and the reader's promises are checked: times in
 * 0..SCRIPT_MAX_T and never decreasing. */
#include "fuzz.h"
#include "script.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    script a, b;
    char err[512];
    if (script_parse((const char *)data, size, "fuzz", &a, err, sizeof err) != 0)
        return 0;
    int rc = script_parse((const char *)data, size, "fuzz", &b, err, sizeof err);
    FUZZ_ASSERT(rc == 0 && a.count == b.count, "a second read differs");
    for (int i = 0; i < a.count; i++) {
        const script_step *x = &a.steps[i], *y = &b.steps[i];
        FUZZ_ASSERT(x->t_ms >= 0 && x->t_ms <= SCRIPT_MAX_T, "step %d: t %lld", i, (long long)x->t_ms);
        FUZZ_ASSERT(i == 0 || x->t_ms >= a.steps[i - 1].t_ms, "step %d: time goes back", i);
        FUZZ_ASSERT(x->t_ms == y->t_ms && x->in.kind == y->in.kind && x->in.key == y->in.key &&
                        x->in.ch == y->in.ch && x->in.button == y->in.button &&
                        x->in.mods == y->in.mods && x->release_after == y->release_after &&
                        (x->in.x == y->in.x || (x->in.x != x->in.x && y->in.x != y->in.x)) &&
                        (x->in.y == y->in.y || (x->in.y != x->in.y && y->in.y != y->in.y)),
                    "step %d differs between two reads", i);
    }
    script_free(&a);
    script_free(&b);
    return 0;
}
