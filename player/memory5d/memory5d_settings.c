/* Memory5D's object in the settings file: modes off by default, strict reader, fixed-order
 * writer. */
#include "memory5d_settings.h"

#include <stdio.h>

#include "jsonio.h"

static void defaults(void *value)
{
    memory5d_settings *m = value;
    m->reduced_motion = m->reduced_sensory = m->high_contrast = 0;
}

static int parse(const cJSON *obj, const char *where, void *value, char *err, size_t errlen)
{
    static const char *const allowed[] = {"reducedMotion", "reducedSensory", "highContrast",
                                          NULL};
    memory5d_settings *m = value;
    return jsonio_object(obj, where, allowed, err, errlen) ||
                   jsonio_bool(obj, "reducedMotion", where, 1, &m->reduced_motion, err,
                               errlen) ||
                   jsonio_bool(obj, "reducedSensory", where, 1, &m->reduced_sensory, err,
                               errlen) ||
                   jsonio_bool(obj, "highContrast", where, 1, &m->high_contrast, err, errlen)
               ? -1
               : 0;
}

static int format(const void *value, char *buf, size_t n)
{
    const memory5d_settings *m = value;
    return snprintf(buf, n, "{\"reducedMotion\": %s, \"reducedSensory\": %s, \"highContrast\": %s}",
                    m->reduced_motion ? "true" : "false", m->reduced_sensory ? "true" : "false",
                    m->high_contrast ? "true" : "false");
}

const settings_slot memory5d_settings_slot = {
    "memory5d", sizeof(memory5d_settings), defaults, parse, format, NULL, NULL,
};
