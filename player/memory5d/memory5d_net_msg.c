/* Memory5D online: the client's reader of server messages (see memory5d_net_msg.h). Each
 * known type's required fields are read with the strict jsonio readers, in ranges the
 * protocol promises; the cells are checked against the rules' names and the board size. */
#include "memory5d_net_msg.h"

#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "jsonio.h"
#include "memory5d/memory5d_json.h"

const char *const memory5d_net_type_names[M5N_TYPES] = {
    "", "welcome", "queued", "draft", "match-start", "turn", "linked", "refused", "missed",
    "timeout", "rotation", "reweave", "power", "anchor", "cancel", "reveal", "end", "profile",
    "error", "pong", "unqueued"};

static const char *const result_names[3] = {"win", "draw", "abandoned"};
static const char *const power_events[3] = {"arm", "consume", "refund"};
#define MS_MAX 9007199254740991LL

typedef struct {
    const memory5d_config *cfg;
    const cJSON *root;
    const char *where;
    char *err;
    size_t errlen;
} rd;

static int get_int(rd *r, const char *key, long long min, long long max, long long *out)
{
    return jsonio_int(r->root, key, r->where, 1, min, max, out, r->err, r->errlen) != 0 ? -1 : 0;
}

static int get_i(rd *r, const char *key, long long min, long long max, int *out)
{
    long long v;
    if (get_int(r, key, min, max, &v))
        return -1;
    *out = (int)v;
    return 0;
}

/* A required field that is an integer in [min, max] or null (-1). */
static int get_nullable(rd *r, const cJSON *obj, const char *key, const char *where, int max,
                        int *out)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (cJSON_IsNull(v)) {
        *out = -1;
        return 0;
    }
    long long x;
    if (jsonio_int(obj, key, where, 1, 0, max, &x, r->err, r->errlen) != 0)
        return -1;
    *out = (int)x;
    return 0;
}

static int get_str(rd *r, const char *key, char *out, size_t n)
{
    const char *s;
    if (jsonio_string(r->root, key, r->where, 1, n - 1, &s, r->err, r->errlen) != 0)
        return -1;
    snprintf(out, n, "%s", s);
    return 0;
}

static int get_enum(rd *r, const char *key, const char *const *names, int count, int *out)
{
    return jsonio_enum(r->root, key, r->where, 1, names, count, out, r->err, r->errlen) ? -1 : 0;
}

/* {reveal: n, doublePoints: n, wildcard: n, extraTurn: n} */
static int get_powers(rd *r, const cJSON *obj, const char *key, const char *where,
                      int out[MEMORY5D_POWERS])
{
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(obj, key);
    char w[80];
    snprintf(w, sizeof w, "%s.%s", where, key);
    if (!o) {
        snprintf(r->err, r->errlen, "%s: missing", w);
        return -1;
    }
    if (jsonio_object(o, w, NULL, r->err, r->errlen))
        return -1;
    for (int p = 0; p < MEMORY5D_POWERS; p++) {
        long long v;
        if (jsonio_int(o, memory5d_power_names[p], w, 1, 0, 1000000, &v, r->err, r->errlen))
            return -1;
        out[p] = (int)v;
    }
    return 0;
}

/* An array of exactly n integers in [min, max] (n < 0: 0 to -n of them); the count in *count. */
static int get_ints(rd *r, const char *key, int n, long long min, long long max, void *out,
                    int wide, int *count)
{
    const cJSON *a;
    int lo = n < 0 ? 0 : n, hi = n < 0 ? -n : n;
    if (jsonio_array(r->root, key, r->where, 1, lo, hi, &a, r->err, r->errlen))
        return -1;
    int i = 0;
    for (const cJSON *v = a->child; v; v = v->next, i++) {
        /* the range first: a huge double converted to an integer is undefined */
        if (!cJSON_IsNumber(v) || v->valuedouble < (double)min || v->valuedouble > (double)max ||
            v->valuedouble != (double)(long long)v->valuedouble) {
            char d[64];
            jsonio_describe(v, d, sizeof d);
            snprintf(r->err, r->errlen, "%s.%s[%d]: expected an integer from %lld to %lld, got %s",
                     r->where, key, i, min, max, d);
            return -1;
        }
        if (wide)
            ((int64_t *)out)[i] = (int64_t)v->valuedouble;
        else
            ((int *)out)[i] = (int)v->valuedouble;
    }
    if (count)
        *count = i;
    return 0;
}

/* The board: size * size cells in order, each with the rules' family, variant and hue names. */
static int get_cells(rd *r, int size, memory5d_cell *cells)
{
    const cJSON *a;
    if (jsonio_array(r->root, "cells", r->where, 1, size * size, size * size, &a, r->err,
                     r->errlen))
        return -1;
    int i = 0;
    for (const cJSON *c = a->child; c; c = c->next, i++) {
        char w[64];
        snprintf(w, sizeof w, "%s.cells[%d]", r->where, i);
        long long idx;
        int fam, hue, owner, var;
        if (jsonio_object(c, w, NULL, r->err, r->errlen) ||
            jsonio_int(c, "cell", w, 1, i, i, &idx, r->err, r->errlen) ||
            jsonio_enum(c, "family", w, 1, memory5d_family_names, MEMORY5D_FAMILIES, &fam, r->err,
                        r->errlen) ||
            jsonio_enum(c, "hue", w, 1, memory5d_hue_names, MEMORY5D_HUES, &hue, r->err,
                        r->errlen) ||
            get_nullable(r, c, "owner", w, 1, &owner))
            return -1;
        const char *names[MEMORY5D_MAX_VARIANTS];
        int nv = r->cfg->variant_count[fam];
        for (int k = 0; k < nv; k++)
            names[k] = r->cfg->variant_names[fam][k];
        if (jsonio_enum(c, "variant", w, 1, names, nv, &var, r->err, r->errlen))
            return -1;
        cells[i] = (memory5d_cell){(int8_t)fam, (int8_t)var, (int8_t)hue, (int8_t)owner};
    }
    return 0;
}

static int get_board(rd *r, memory5d_net_msg *m)
{
    return get_cells(r, m->size, m->cells) || get_i(r, "north", 0, 3, &m->north) ? -1 : 0;
}

static int body(rd *r, memory5d_net_msg *m)
{
    long long v;
    const cJSON *root = r->root;
    int has_match = m->type != M5N_UNKNOWN && m->type != M5N_WELCOME && m->type != M5N_QUEUED && m->type != M5N_PROFILE &&
                    m->type != M5N_ERROR && m->type != M5N_PONG && m->type != M5N_UNQUEUED;
    if (has_match) {
        if (get_int(r, "match", 1, MS_MAX, &v))
            return -1;
        m->match = v;
    }
    int has_seat = m->type == M5N_LINKED || m->type == M5N_REFUSED || m->type == M5N_MISSED ||
                   m->type == M5N_TIMEOUT || m->type == M5N_POWER || m->type == M5N_ANCHOR ||
                   m->type == M5N_CANCEL || m->type == M5N_REVEAL || m->type == M5N_TURN ||
                   m->type == M5N_MATCH_START;
    if (has_seat && get_i(r, "seat", 0, 1, &m->seat))
        return -1;
    switch (m->type) {
    case M5N_WELCOME:
        if (get_int(r, "player", 1, MS_MAX, &v) || get_str(r, "token", m->token, sizeof m->token) ||
            get_str(r, "name", m->name, sizeof m->name))
            return -1;
        m->player = v;
        return 0;
    case M5N_QUEUED:
        if (get_enum(r, "mode", memory5d_mode_names, 2, &m->mode) ||
            get_enum(r, "difficulty", memory5d_difficulty_names, MEMORY5D_DIFFICULTIES,
                     &m->difficulty) ||
            jsonio_bool(root, "draft", r->where, 1, &m->drafted, r->err, r->errlen))
            return -1;
        return 0;
    case M5N_DRAFT: {
        const cJSON *picked = cJSON_GetObjectItemCaseSensitive(root, "picked");
        char w[64];
        snprintf(w, sizeof w, "%s.picked", r->where);
        if (get_powers(r, root, "pool", r->where, m->pool) || !picked ||
            jsonio_object(picked, w, NULL, r->err, r->errlen))
            return picked ? -1 : (snprintf(r->err, r->errlen, "%s: missing", w), -1);
        for (int s = 0; s < MEMORY5D_PLAYERS; s++)
            if (get_powers(r, picked, memory5d_player_names[s], w, m->picked[s]))
                return -1;
        if (get_nullable(r, root, "turn", r->where, 1, &m->turn) ||
            get_i(r, "pick", 0, MEMORY5D_MAX_PICKS, &m->pick) ||
            get_int(r, "deadlineMs", 0, MS_MAX, &v))
            return -1;
        m->deadline_ms = v;
        m->seat = -1;
        if (cJSON_GetObjectItemCaseSensitive(root, "seat") && get_i(r, "seat", 0, 1, &m->seat))
            return -1;
        return 0;
    }
    case M5N_MATCH_START: {
        const cJSON *lo = cJSON_GetObjectItemCaseSensitive(root, "loadouts"), *names;
        char w[64];
        snprintf(w, sizeof w, "%s.loadouts", r->where);
        if (get_enum(r, "mode", memory5d_mode_names, 2, &m->mode) ||
            get_enum(r, "difficulty", memory5d_difficulty_names, MEMORY5D_DIFFICULTIES,
                     &m->difficulty) ||
            jsonio_bool(root, "ranked", r->where, 1, &m->ranked, r->err, r->errlen) ||
            jsonio_bool(root, "drafted", r->where, 1, &m->drafted, r->err, r->errlen) ||
            get_i(r, "size", 4, MEMORY5D_MAX_SIZE, &m->size) || get_board(r, m) ||
            get_i(r, "turn", 0, 1, &m->turn) || get_int(r, "deadlineMs", 0, MS_MAX, &v))
            return -1;
        m->deadline_ms = v;
        /* the score and reweaves so far (older servers send neither: 0) */
        if (cJSON_GetObjectItemCaseSensitive(root, "mastery") &&
            get_ints(r, "mastery", 2, 0, MS_MAX, m->mastery_end, 1, NULL))
            return -1;
        if (cJSON_GetObjectItemCaseSensitive(root, "reweaves") &&
            get_i(r, "reweaves", 0, 1000, &m->reweaves))
            return -1;
        if (!lo) {
            snprintf(r->err, r->errlen, "%s: missing", w);
            return -1;
        }
        if (jsonio_object(lo, w, NULL, r->err, r->errlen))
            return -1;
        for (int s = 0; s < MEMORY5D_PLAYERS; s++)
            if (get_powers(r, lo, memory5d_player_names[s], w, m->loadouts[s]))
                return -1;
        if (jsonio_array(root, "players", r->where, 1, 2, 2, &names, r->err, r->errlen))
            return -1;
        int s = 0;
        for (const cJSON *n = names->child; n; n = n->next, s++) {
            if (!cJSON_IsString(n) || strlen(n->valuestring) >= sizeof m->players[s]) {
                snprintf(r->err, r->errlen, "%s.players[%d]: expected a name of at most %d bytes",
                         r->where, s, (int)sizeof m->players[s] - 1);
                return -1;
            }
            snprintf(m->players[s], sizeof m->players[s], "%s", n->valuestring);
        }
        return 0;
    }
    case M5N_TURN:
        if (get_int(r, "deadlineMs", 0, MS_MAX, &v) ||
            jsonio_bool(root, "bonus", r->where, 1, &m->bonus, r->err, r->errlen))
            return -1;
        m->deadline_ms = v;
        m->turn = m->seat;
        return 0;
    case M5N_LINKED:
        if (get_i(r, "a", 0, MEMORY5D_MAX_CELLS - 1, &m->a) ||
            get_i(r, "b", 0, MEMORY5D_MAX_CELLS - 1, &m->b) ||
            get_int(r, "mastery", 0, MS_MAX, &v))
            return -1;
        m->mastery = v;
        return 0;
    case M5N_REFUSED:
        return get_str(r, "reason", m->reason, sizeof m->reason) ||
                       get_str(r, "message", m->message, sizeof m->message)
                   ? -1
                   : 0;
    case M5N_MISSED: return get_str(r, "reason", m->reason, sizeof m->reason);
    case M5N_TIMEOUT: return 0;
    case M5N_ROTATION:
    case M5N_REWEAVE:
        /* the size is the match's: the caller checks the cells count against it */
        if (get_i(r, "reweaves", 0, 1000, &m->reweaves))
            return -1;
        {
            const cJSON *a = cJSON_GetObjectItemCaseSensitive(root, "cells");
            int k = cJSON_IsArray(a) ? cJSON_GetArraySize(a) : 0, size = 4;
            while (size < MEMORY5D_MAX_SIZE && size * size < k)
                size++;
            m->size = size;
        }
        return get_board(r, m);
    case M5N_POWER:
        return get_enum(r, "event", power_events, 3, &m->event) ||
                       get_enum(r, "power", memory5d_power_names, MEMORY5D_POWERS, &m->power)
                   ? -1
                   : 0;
    case M5N_ANCHOR:
    case M5N_CANCEL: return get_i(r, "cell", 0, MEMORY5D_MAX_CELLS - 1, &m->cell);
    case M5N_REVEAL:
        return get_i(r, "cell", 0, MEMORY5D_MAX_CELLS - 1, &m->cell) ||
                       get_ints(r, "partners", -MEMORY5D_MAX_CELLS, 0, MEMORY5D_MAX_CELLS - 1,
                                m->partners, 0, &m->partner_count)
                   ? -1
                   : 0;
    case M5N_END:
        if (get_enum(r, "result", result_names, 3, &m->result) ||
            get_nullable(r, root, "winner", r->where, 1, &m->winner) ||
            get_ints(r, "line", -MEMORY5D_MAX_LINE, 0, MEMORY5D_MAX_CELLS - 1, m->line, 0,
                     &m->line_count) ||
            get_str(r, "reason", m->reason, sizeof m->reason) ||
            get_ints(r, "elo", 2, -1000000, 1000000, m->elo_after, 0, NULL) ||
            get_ints(r, "starPoints", 2, 0, MS_MAX, m->stars, 1, NULL) ||
            get_ints(r, "mastery", 2, 0, MS_MAX, m->mastery_end, 1, NULL) ||
            jsonio_bool(root, "saved", r->where, 1, &m->saved, r->err, r->errlen))
            return -1;
        if (m->result == 0 && m->winner < 0) {
            snprintf(r->err, r->errlen, "%s.winner: a win needs a winner, got null", r->where);
            return -1;
        }
        return 0;
    case M5N_PROFILE: {
        const cJSON *elo = cJSON_GetObjectItemCaseSensitive(root, "elo");
        char w[64];
        snprintf(w, sizeof w, "%s.elo", r->where);
        if (get_int(r, "player", 1, MS_MAX, &v) || get_str(r, "name", m->name, sizeof m->name))
            return -1;
        m->player = v;
        if (!elo) {
            snprintf(r->err, r->errlen, "%s: missing", w);
            return -1;
        }
        if (jsonio_object(elo, w, NULL, r->err, r->errlen))
            return -1;
        for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++) {
            if (jsonio_int(elo, memory5d_difficulty_names[d], w, 1, -1000000, 1000000, &v, r->err,
                           r->errlen))
                return -1;
            m->elo[d] = (int)v;
        }
        if (get_int(r, "starPoints", 0, MS_MAX, &v) ||
            get_powers(r, root, "inventory", r->where, m->inventory))
            return -1;
        m->star_points = v;
        return 0;
    }
    case M5N_ERROR:
        return get_str(r, "code", m->reason, sizeof m->reason) ||
                       get_str(r, "message", m->message, sizeof m->message)
                   ? -1
                   : 0;
    default: return 0;
    }
}

int memory5d_net_msg_read(const memory5d_config *cfg, const char *line, size_t len,
                          memory5d_net_msg *m, char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);
    m->seat = m->winner = m->turn = m->a = m->b = m->cell = -1;
    cJSON *root = cJSON_ParseWithLength(line, len);
    if (!root) {
        snprintf(err, errlen, "a server line is not JSON");
        return -1;
    }
    rd r = {cfg, root, "message", err, errlen};
    const char *type;
    int rc = -1;
    if (jsonio_object(root, "message", NULL, err, errlen) == 0 &&
        jsonio_string(root, "type", "message", 1, sizeof m->type_name - 1, &type, err, errlen) ==
            0) {
        snprintf(m->type_name, sizeof m->type_name, "%s", type);
        for (int t = 1; t < M5N_TYPES; t++)
            if (!strcmp(type, memory5d_net_type_names[t]))
                m->type = t;
        r.where = m->type ? memory5d_net_type_names[m->type] : "message";
        rc = body(&r, m);
    }
    cJSON_Delete(root);
    return rc;
}
