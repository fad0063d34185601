/* Settings file: strict reader (today's format and the two older ones) with a defaults
 * fallback, atomic writer. The shell reads its volumes; each scene reads its own object. */
#include "settings.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "jsonio.h"

enum { FMT_V1, FMT_V2, FMT_V3 };

int settings_defaults(settings *s, const settings_slot *const *slots)
{
    memset(s, 0, sizeof *s);
    s->master = 80;
    s->music = 70;
    s->sfx = 90;
    s->slots = slots;
    for (int i = 0; slots && slots[i]; i++) {
        if (i == SETTINGS_MAX_SCENES || slots[i]->size > SETTINGS_SCENE_BYTES) return -1;
        slots[i]->defaults(s->scene[i].bytes);
    }
    return 0;
}

void *settings_scene(settings *s, const char *name)
{
    for (int i = 0; s->slots && s->slots[i]; i++)
        if (strcmp(s->slots[i]->name, name) == 0) return s->scene[i].bytes;
    return NULL;
}

/* The top-level keys a file may hold: the shell's, every scene's name, every legacy key. */
static int allowed_keys(const settings_slot *const *slots, const char **out, int max)
{
    static const char *const shell[] = {"format", "master", "music", "sfx"};
    int n = 0;
    for (int i = 0; i < 4; i++) out[n++] = shell[i];
    for (int i = 0; slots && slots[i]; i++) {
        if (n < max - 1) out[n++] = slots[i]->name;
        for (int k = 0; slots[i]->legacy && slots[i]->legacy[k]; k++)
            if (n < max - 1) out[n++] = slots[i]->legacy[k];
    }
    out[n] = NULL;
    return n;
}

/* A scene's keys of an older format, gathered from the top level into their own object. */
static int parse_legacy(const cJSON *doc, const settings_slot *sl, void *value, char *err,
                        size_t errlen)
{
    cJSON *obj = cJSON_CreateObject();
    if (!obj) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int k = 0; sl->legacy[k]; k++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(doc, sl->legacy[k]);
        if (v) cJSON_AddItemToObject(obj, sl->legacy[k], cJSON_Duplicate(v, 1));
    }
    int rc = sl->parse(obj, "", value, err, errlen);
    cJSON_Delete(obj);
    return rc;
}

/* One scene's value as the file's format holds it. */
static int parse_slot(const cJSON *doc, int fmt, const char *fmt_name, const settings_slot *sl,
                      void *value, char *err, size_t errlen)
{
    const cJSON *obj = cJSON_GetObjectItemCaseSensitive(doc, sl->name);
    int old = fmt != FMT_V3 && sl->legacy;
    if (fmt == FMT_V1 && !sl->legacy) {
        if (obj) return snprintf(err, errlen, "%s: not part of %s", sl->name, fmt_name), -1;
        return 0;
    }
    if (old) {
        if (obj) return snprintf(err, errlen, "%s: not part of %s", sl->name, fmt_name), -1;
        return parse_legacy(doc, sl, value, err, errlen);
    }
    for (int k = 0; sl->legacy && sl->legacy[k]; k++)
        if (cJSON_GetObjectItemCaseSensitive(doc, sl->legacy[k]))
            return snprintf(err, errlen, "%s: not part of %s", sl->legacy[k], fmt_name), -1;
    if (!obj) {
        if (fmt == FMT_V3) return 0; /* a scene newer than the file: its defaults */
        return snprintf(err, errlen, "%s: missing", sl->name), -1;
    }
    return sl->parse(obj, sl->name, value, err, errlen);
}

/* Validates the whole document before changing *s. */
static int parse_doc(const cJSON *doc, const char *where, settings *s, char *err, size_t errlen)
{
    /* the scenes' own older files first, then the shared ones oldest first */
    const char *formats[SETTINGS_MAX_SCENES + 2];
    int nformats = 0;
    for (int i = 0; s->slots && s->slots[i]; i++)
        if (s->slots[i]->legacy_format) formats[nformats++] = s->slots[i]->legacy_format;
    int shared = nformats;
    formats[nformats++] = SETTINGS_FORMAT_V2;
    formats[nformats++] = SETTINGS_FORMAT;
    const char *allowed[4 + SETTINGS_MAX_SCENES * 8 + 1];
    allowed_keys(s->slots, allowed, (int)(sizeof allowed / sizeof *allowed));
    settings n;
    settings_defaults(&n, s->slots);
    long long master, music, sfx;
    int which = 0, bad = jsonio_object(doc, "", allowed, err, errlen) ||
                         jsonio_enum(doc, "format", "", 1, formats, nformats, &which, err, errlen) ||
                         jsonio_int(doc, "master", "", 1, 0, 100, &master, err, errlen) ||
                         jsonio_int(doc, "music", "", 1, 0, 100, &music, err, errlen) ||
                         jsonio_int(doc, "sfx", "", 1, 0, 100, &sfx, err, errlen);
    int fmt = which < shared ? FMT_V1 : which == shared ? FMT_V2 : FMT_V3;
    for (int i = 0; !bad && n.slots && n.slots[i]; i++)
        bad = parse_slot(doc, fmt, formats[which], n.slots[i], n.scene[i].bytes, err, errlen) != 0;
    if (bad) {
        char here[256];
        snprintf(here, sizeof here, "%s: ", where);
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
    settings_defaults(s, s->slots);
    struct stat st;
    if (stat(path, &st) != 0 && errno == ENOENT) return 1;
    char perr[512];
    cJSON *doc = jsonio_read_file_max(path, JSONIO_LIMIT_SETTINGS, perr, sizeof perr);
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
    size_t cap = 256, len = 0;
    for (int i = 0; s->slots && s->slots[i]; i++) cap += 64 + (size_t)s->slots[i]->format(s->scene[i].bytes, NULL, 0);
    char *out = malloc(cap);
    if (!out) return NULL;
    len += (size_t)snprintf(out, cap,
                            "{\n  \"format\": \"%s\",\n  \"master\": %d,\n  \"music\": %d,\n"
                            "  \"sfx\": %d",
                            SETTINGS_FORMAT, s->master, s->music, s->sfx);
    for (int i = 0; s->slots && s->slots[i] && len < cap; i++) {
        len += (size_t)snprintf(out + len, cap - len, ",\n  \"%s\": ", s->slots[i]->name);
        if (len < cap) len += (size_t)s->slots[i]->format(s->scene[i].bytes, out + len, cap - len);
    }
    if (len < cap) len += (size_t)snprintf(out + len, cap - len, "\n}\n");
    if (len >= cap) {
        free(out);
        return NULL;
    }
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
