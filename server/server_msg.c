/* Memory5D match server: the strict reader of one client message line. */
#include "server_msg.h"

#include <stdio.h>
#include <string.h>

#include "jsonio.h"
#include "memory5d/memory5d_config.h"
#include "memory5d/memory5d_json.h"

const char *const server_msg_names[SERVER_MSG_KINDS] = {
    "hello", "queue", "link", "arm", "disarm", "pick", "buy", "resign", "profile", "ping", "select",
    "unqueue"};

/* The fields each type may carry, "type" included. */
static const char *const *const allowed[SERVER_MSG_KINDS] = {
    (const char *const[]){"type", "name", "token", NULL},
    (const char *const[]){"type", "mode", "difficulty", "draft", "loadout", NULL},
    (const char *const[]){"type", "match", "a", "b", NULL},
    (const char *const[]){"type", "match", "power", NULL},
    (const char *const[]){"type", "match", "power", NULL},
    (const char *const[]){"type", "match", "card", NULL},
    (const char *const[]){"type", "power", NULL},
    (const char *const[]){"type", "match", NULL},
    (const char *const[]){"type", NULL},
    (const char *const[]){"type", NULL},
    (const char *const[]){"type", "match", "cell", NULL},
    (const char *const[]){"type", NULL},
};

static const char *const power_keys[] = {"reveal", "doublePoints", "wildcard", "extraTurn", NULL};

static int match_id(const cJSON *doc, server_msg *m, char *err, size_t errlen)
{
    long long v = 0;
    if (jsonio_int(doc, "match", "", 1, 1, MEMORY5D_MS_LIMIT, &v, err, errlen) != 0)
        return -1;
    m->match = v;
    return 0;
}

static int cell(const cJSON *doc, const char *key, int *out, char *err, size_t errlen)
{
    return memory5d_json_int(doc, key, "", 0, MEMORY5D_MAX_CELLS - 1, out, err, errlen);
}

static int hello(const cJSON *doc, server_msg *m, char *err, size_t errlen)
{
    const char *name = NULL, *token = NULL;
    if (jsonio_string(doc, "name", "", 0, MEMORY5D_RECORDS_NAME_MAX, &name, err, errlen) < 0 ||
        jsonio_string(doc, "token", "", 0, SERVER_TOKEN_MAX, &token, err, errlen) < 0)
        return -1;
    if (!name == !token) {
        snprintf(err, errlen, "hello: expected exactly one of name and token");
        return -1;
    }
    if (name) {
        char inner[128];
        if (memory5d_records_name_check(name, inner, sizeof inner) != 0) {
            snprintf(err, errlen, "name: %s", inner);
            return -1;
        }
        snprintf(m->name, sizeof m->name, "%s", name);
    } else {
        snprintf(m->token, sizeof m->token, "%s", token);
    }
    return 0;
}

static int queue(const cJSON *doc, server_msg *m, char *err, size_t errlen)
{
    if (jsonio_enum(doc, "mode", "", 1, memory5d_mode_names, 2, &m->mode, err, errlen) != 0 ||
        jsonio_enum(doc, "difficulty", "", 1, memory5d_difficulty_names, MEMORY5D_DIFFICULTIES,
                    &m->difficulty, err, errlen) != 0 ||
        jsonio_bool(doc, "draft", "", 0, &m->draft, err, errlen) < 0)
        return -1;
    const cJSON *lo = cJSON_GetObjectItemCaseSensitive(doc, "loadout");
    if (m->mode != MEMORY5D_ARCADE && (m->draft || lo)) {
        snprintf(err, errlen, "%s: only an arcade queue takes it", m->draft ? "draft" : "loadout");
        return -1;
    }
    if (lo && m->draft) {
        snprintf(err, errlen, "loadout: a drafted match takes its loadout from the draft");
        return -1;
    }
    if (lo) {
        if (jsonio_object(lo, "loadout", power_keys, err, errlen) != 0)
            return -1;
        for (int p = 0; p < MEMORY5D_POWERS; p++)
            if (cJSON_GetObjectItemCaseSensitive(lo, memory5d_power_names[p]) &&
                memory5d_json_int(lo, memory5d_power_names[p], "loadout", 0, 10, &m->loadout[p],
                                  err, errlen) != 0)
                return -1;
    }
    return 0;
}

int server_msg_parse(const char *line, size_t len, server_msg *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    out->power = MEMORY5D_NO_POWER;
    if (len > SERVER_LINE_MAX) {
        snprintf(err, errlen, "line: %zu bytes, more than %d", len, SERVER_LINE_MAX);
        return -1;
    }
    cJSON *doc = jsonio_parse(line, len, "message", err, errlen);
    if (!doc)
        return -1;
    int rc = -1;
    if (jsonio_object(doc, "", NULL, err, errlen) != 0 ||
        jsonio_enum(doc, "type", "", 1, server_msg_names, SERVER_MSG_KINDS, &out->type, err,
                    errlen) != 0 ||
        jsonio_object(doc, "", allowed[out->type], err, errlen) != 0)
        goto done;
    switch (out->type) {
    case SERVER_MSG_HELLO: rc = hello(doc, out, err, errlen); break;
    case SERVER_MSG_QUEUE: rc = queue(doc, out, err, errlen); break;
    case SERVER_MSG_LINK:
        rc = match_id(doc, out, err, errlen) || cell(doc, "a", &out->a, err, errlen) ||
             cell(doc, "b", &out->b, err, errlen) ? -1 : 0;
        break;
    case SERVER_MSG_ARM:
    case SERVER_MSG_DISARM:
    case SERVER_MSG_PICK:
        rc = match_id(doc, out, err, errlen) ||
             jsonio_enum(doc, out->type == SERVER_MSG_PICK ? "card" : "power", "", 1,
                         memory5d_power_names, MEMORY5D_POWERS, &out->power, err, errlen)
                 ? -1 : 0;
        break;
    case SERVER_MSG_BUY:
        rc = jsonio_enum(doc, "power", "", 1, memory5d_power_names, MEMORY5D_POWERS, &out->power,
                         err, errlen);
        break;
    case SERVER_MSG_RESIGN: rc = match_id(doc, out, err, errlen); break;
    case SERVER_MSG_SELECT:
        rc = match_id(doc, out, err, errlen) || cell(doc, "cell", &out->a, err, errlen) ? -1 : 0;
        break;
    default: rc = 0; break;
    }
done:
    cJSON_Delete(doc);
    return rc == 0 ? 0 : -1;
}

cJSON *server_msg_to_json(const server_msg *m)
{
    if (m->type < 0 || m->type >= SERVER_MSG_KINDS)
        return NULL;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "type", server_msg_names[m->type]);
    switch (m->type) {
    case SERVER_MSG_HELLO:
        cJSON_AddStringToObject(o, m->name[0] ? "name" : "token", m->name[0] ? m->name : m->token);
        break;
    case SERVER_MSG_QUEUE:
        cJSON_AddStringToObject(o, "mode", memory5d_mode_names[m->mode]);
        cJSON_AddStringToObject(o, "difficulty", memory5d_difficulty_names[m->difficulty]);
        if (m->draft)
            cJSON_AddBoolToObject(o, "draft", 1);
        if (m->mode == MEMORY5D_ARCADE && !m->draft) {
            cJSON *lo = cJSON_AddObjectToObject(o, "loadout");
            for (int p = 0; p < MEMORY5D_POWERS; p++)
                cJSON_AddNumberToObject(lo, memory5d_power_names[p], m->loadout[p]);
        }
        break;
    case SERVER_MSG_LINK:
        cJSON_AddNumberToObject(o, "match", (double)m->match);
        cJSON_AddNumberToObject(o, "a", m->a);
        cJSON_AddNumberToObject(o, "b", m->b);
        break;
    case SERVER_MSG_ARM:
    case SERVER_MSG_DISARM:
    case SERVER_MSG_PICK:
        cJSON_AddNumberToObject(o, "match", (double)m->match);
        cJSON_AddStringToObject(o, m->type == SERVER_MSG_PICK ? "card" : "power",
                                memory5d_power_names[m->power]);
        break;
    case SERVER_MSG_BUY: cJSON_AddStringToObject(o, "power", memory5d_power_names[m->power]); break;
    case SERVER_MSG_RESIGN: cJSON_AddNumberToObject(o, "match", (double)m->match); break;
    case SERVER_MSG_SELECT:
        cJSON_AddNumberToObject(o, "match", (double)m->match);
        cJSON_AddNumberToObject(o, "cell", m->a);
        break;
    default: break;
    }
    return o;
}
