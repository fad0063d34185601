/* Settings file: strict reader (today's format and the older Odd Shape one) with a defaults
 * fallback, atomic writer. */
#include "settings.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "jsonio.h"
#include "oddshape/oddshape.h"

void settings_defaults(settings *s)
{
    s->master = 80;
    s->music = 70;
    s->sfx = 90;
    s->colorblind = 0;
    s->randomize = 0;
    s->seed = ODDSHAPE_DEFAULT_SEED;
    s->m5d.reduced_motion = s->m5d.reduced_sensory = s->m5d.high_contrast = 0;
}

static int parse_m5d(const cJSON *doc, settings *n, char *err, size_t errlen)
{
    static const char *const allowed[] = {"reducedMotion", "reducedSensory", "highContrast",
                                          NULL};
    const cJSON *m = cJSON_GetObjectItemCaseSensitive(doc, "memory5d");
    if (!m) {
        snprintf(err, errlen, "memory5d: missing");
        return -1;
    }
    return jsonio_object(m, "memory5d", allowed, err, errlen) ||
                   jsonio_bool(m, "reducedMotion", "memory5d", 1, &n->m5d.reduced_motion, err,
                               errlen) ||
                   jsonio_bool(m, "reducedSensory", "memory5d", 1, &n->m5d.reduced_sensory, err,
                               errlen) ||
                   jsonio_bool(m, "highContrast", "memory5d", 1, &n->m5d.high_contrast, err,
                               errlen)
               ? -1
               : 0;
}

/* Validates the whole document before changing *s. */
static int parse_doc(const cJSON *doc, const char *where, settings *s, char *err, size_t errlen)
{
    static const char *const allowed[] = {"format", "master", "music", "sfx", "colorblind",
                                          "randomize", "seed", "memory5d", NULL};
    static const char *const formats[] = {SETTINGS_FORMAT_V1, SETTINGS_FORMAT};
    settings n;
    settings_defaults(&n);
    long long master, music, sfx, seed;
    int fmt;
    char here[256];
    snprintf(here, sizeof here, "%s: ", where);
    if (jsonio_object(doc, "", allowed, err, errlen) ||
        jsonio_enum(doc, "format", "", 1, formats, 2, &fmt, err, errlen) ||
        (fmt == 0 && cJSON_GetObjectItemCaseSensitive(doc, "memory5d") &&
         snprintf(err, errlen, "memory5d: not part of %s", SETTINGS_FORMAT_V1) > 0) ||
        (fmt == 1 && parse_m5d(doc, &n, err, errlen)) ||
        jsonio_int(doc, "master", "", 1, 0, 100, &master, err, errlen) ||
        jsonio_int(doc, "music", "", 1, 0, 100, &music, err, errlen) ||
        jsonio_int(doc, "sfx", "", 1, 0, 100, &sfx, err, errlen) ||
        jsonio_bool(doc, "colorblind", "", 1, &n.colorblind, err, errlen) ||
        jsonio_bool(doc, "randomize", "", 1, &n.randomize, err, errlen) ||
        jsonio_int(doc, "seed", "", 1, 0, 4294967295LL, &seed, err, errlen)) {
        size_t used = strlen(here);
        if (used < errlen) {
            memmove(err + used, err, errlen - used - 1);
            memcpy(err, here, used);
            err[errlen - 1] = '\0';
        }
        return -1;
    }
    n.master = (int)master;
    n.music = (int)music;
    n.sfx = (int)sfx;
    n.seed = (uint32_t)seed;
    *s = n;
    return 0;
}

int settings_parse(const char *text, size_t len, const char *where, settings *s, char *err,
                   size_t errlen)
{
    cJSON *doc = jsonio_parse(text, len, where, err, errlen);
    if (!doc) return -1;
    int rc = parse_doc(doc, where, s, err, errlen);
    cJSON_Delete(doc);
    return rc;
}

int settings_load(const char *path, settings *s, char *err, size_t errlen)
{
    settings_defaults(s);
    struct stat st;
    if (stat(path, &st) != 0 && errno == ENOENT) return 1;
    char perr[512];
    cJSON *doc = jsonio_read_file(path, perr, sizeof perr);
    if (!doc) {
        snprintf(err, errlen, "%s; using default settings", perr);
        return -1;
    }
    int rc = parse_doc(doc, path, s, perr, sizeof perr);
    cJSON_Delete(doc);
    if (rc) {
        snprintf(err, errlen, "%s; using default settings", perr);
        return -1;
    }
    return 0;
}

char *settings_to_text(const settings *s)
{
    char buf[400];
    int n = snprintf(buf, sizeof buf,
                     "{\n  \"format\": \"%s\",\n  \"master\": %d,\n  \"music\": %d,\n"
                     "  \"sfx\": %d,\n  \"colorblind\": %s,\n  \"randomize\": %s,\n"
                     "  \"seed\": %lu,\n  \"memory5d\": {\"reducedMotion\": %s, "
                     "\"reducedSensory\": %s, \"highContrast\": %s}\n}\n",
                     SETTINGS_FORMAT, s->master, s->music, s->sfx,
                     s->colorblind ? "true" : "false", s->randomize ? "true" : "false",
                     (unsigned long)s->seed, s->m5d.reduced_motion ? "true" : "false",
                     s->m5d.reduced_sensory ? "true" : "false",
                     s->m5d.high_contrast ? "true" : "false");
    char *out = malloc((size_t)n + 1);
    if (out) memcpy(out, buf, (size_t)n + 1);
    return out;
}

int settings_save(const char *path, const settings *s, char *err, size_t errlen)
{
    char *text = settings_to_text(s);
    if (!text) {
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    int rc = jsonio_write_text(path, text, strlen(text), err, errlen);
    free(text);
    return rc;
}
