/* Memory5D's object in the settings file: modes off by default, strict reader, fixed-order
 * writer. */
#include "memory5d_settings.h"

#include <stdio.h>
#include <string.h>

#include "jsonio.h"

static void defaults(void *value)
{
    memory5d_settings *m = value;
    m->reduced_motion = m->reduced_sensory = m->high_contrast = 0;
    m->online_server[0] = m->online_name[0] = m->online_token[0] = '\0';
}

/* "online": {"server", "name", "token"}, each a string that fits its field. */
static int parse_online(const cJSON *obj, const char *where, memory5d_settings *m, char *err,
                        size_t errlen)
{
    static const char *const allowed[] = {"server", "name", "token", NULL};
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(obj, "online");
    const char *server, *name, *token;
    char w[96];
    if (!o)
        return 0;
    snprintf(w, sizeof w, "%s.online", where);
    if (jsonio_object(o, w, allowed, err, errlen) ||
        jsonio_string(o, "server", w, 1, sizeof m->online_server - 1, &server, err, errlen) ||
        jsonio_string(o, "name", w, 1, sizeof m->online_name - 1, &name, err, errlen) ||
        jsonio_string(o, "token", w, 1, sizeof m->online_token - 1, &token, err, errlen))
        return -1;
    snprintf(m->online_server, sizeof m->online_server, "%s", server);
    snprintf(m->online_name, sizeof m->online_name, "%s", name);
    snprintf(m->online_token, sizeof m->online_token, "%s", token);
    return 0;
}

static int parse(const cJSON *obj, const char *where, void *value, char *err, size_t errlen)
{
    static const char *const allowed[] = {"reducedMotion", "reducedSensory", "highContrast",
                                          "online", NULL};
    memory5d_settings *m = value;
    return jsonio_object(obj, where, allowed, err, errlen) ||
                   jsonio_bool(obj, "reducedMotion", where, 1, &m->reduced_motion, err,
                               errlen) ||
                   jsonio_bool(obj, "reducedSensory", where, 1, &m->reduced_sensory, err,
                               errlen) ||
                   jsonio_bool(obj, "highContrast", where, 1, &m->high_contrast, err, errlen) ||
                   parse_online(obj, where, m, err, errlen)
               ? -1
               : 0;
}

static int format(const void *value, char *buf, size_t n)
{
    const memory5d_settings *m = value;
    char out[1024];
    int k = snprintf(out, sizeof out,
                     "{\"reducedMotion\": %s, \"reducedSensory\": %s, \"highContrast\": %s",
                     m->reduced_motion ? "true" : "false", m->reduced_sensory ? "true" : "false",
                     m->high_contrast ? "true" : "false");
    if (m->online_token[0]) {
        /* the server and the token are the client's own ASCII; the name is escaped */
        char name[2 * sizeof m->online_name];
        size_t j = 0;
        for (const char *c = m->online_name; *c && j + 2 < sizeof name; c++) {
            if (*c == '"' || *c == '\\')
                name[j++] = '\\';
            name[j++] = (unsigned char)*c < 0x20 ? '?' : *c;
        }
        name[j] = '\0';
        k += snprintf(out + k, sizeof out - (size_t)k,
                      ", \"online\": {\"server\": \"%s\", \"name\": \"%s\", \"token\": \"%s\"}",
                      m->online_server, name, m->online_token);
    }
    snprintf(out + k, sizeof out - (size_t)k, "}");
    return snprintf(buf, n, "%s", out);
}

const settings_slot memory5d_settings_slot = {
    "memory5d", sizeof(memory5d_settings), defaults, parse, format, NULL, NULL,
};
