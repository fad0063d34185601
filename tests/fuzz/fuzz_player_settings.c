/* Player settings reader (settings_parse) and the writer round trip (settings_to_text). */
#include "fuzz.h"
#include "memory5d/memory5d_settings.h"
#include "oddshape/oddshape_settings.h"
#include "settings.h"

/* The registry's slots (player/scenes.c), which the fuzzer cannot link (SDL). */
static const settings_slot *const slots[] = {&oddshape_settings_slot, &memory5d_settings_slot, NULL};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    settings s, s2;
    char err[512];
    settings_defaults(&s, slots);
    if (settings_parse((const char *)data, size, "fuzz", &s, err, sizeof err) != 0)
        return 0;
    char *t1 = settings_to_text(&s);
    FUZZ_ASSERT(t1, "settings_to_text failed");
    settings_defaults(&s2, slots);
    int rc = settings_parse(t1, strlen(t1), "written", &s2, err, sizeof err);
    FUZZ_ASSERT(rc == 0, "the settings reader refuses the written settings: %s\n%s", err, t1);
    char *t2 = settings_to_text(&s2);
    FUZZ_ASSERT(t2, "settings_to_text failed");
    fuzz_same(t1, t2);
    free(t1);
    free(t2);
    return 0;
}
