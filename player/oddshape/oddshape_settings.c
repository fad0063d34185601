/* Odd Shape's object in the settings file: DBT-27 defaults, strict reader, fixed-order writer. */
#include "oddshape_settings.h"

#include <stdio.h>

#include "jsonio.h"
#include "oddshape/oddshape.h"

static void defaults(void *value)
{
    oddshape_settings *o = value;
    o->colorblind = 0;
    o->randomize = 0;
    o->seed = ODDSHAPE_DEFAULT_SEED;
}

static int parse(const cJSON *obj, const char *where, void *value, char *err, size_t errlen)
{
    static const char *const allowed[] = {"colorblind", "randomize", "seed", NULL};
    oddshape_settings *o = value;
    long long seed;
    if (jsonio_object(obj, where, allowed, err, errlen) ||
        jsonio_bool(obj, "colorblind", where, 1, &o->colorblind, err, errlen) ||
        jsonio_bool(obj, "randomize", where, 1, &o->randomize, err, errlen) ||
        jsonio_int(obj, "seed", where, 1, 0, 4294967295LL, &seed, err, errlen))
        return -1;
    o->seed = (uint32_t)seed;
    return 0;
}

static int format(const void *value, char *buf, size_t n)
{
    const oddshape_settings *o = value;
    return snprintf(buf, n, "{\"colorblind\": %s, \"randomize\": %s, \"seed\": %lu}",
                    o->colorblind ? "true" : "false", o->randomize ? "true" : "false",
                    (unsigned long)o->seed);
}

static const char *const legacy[] = {"colorblind", "randomize", "seed", NULL};

const settings_slot oddshape_settings_slot = {
    "oddshape", sizeof(oddshape_settings), defaults, parse, format, legacy, "oddshape-settings/1",
};
