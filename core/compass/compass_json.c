/* compass-shift-level/1 reader (validate everything, then build) and fixed-order writer. */
#include "compass_json.h"

#include <stdio.h>
#include <string.h>

#include "jsonio.h"

/* Reads item as an integer in [min, max]; path names it in the message. */
static int int_item(const cJSON *item, const char *path, int min, int max, int *out, char *err,
                    size_t errlen)
{
    /* Range first, so the integer test never converts an out-of-range double. */
    if (!cJSON_IsNumber(item) || !(item->valuedouble >= min && item->valuedouble <= max) ||
        item->valuedouble != (double)(int)item->valuedouble) {
        char got[64];
        jsonio_describe(item, got, sizeof got);
        snprintf(err, errlen, "%s: expected an integer from %d to %d, got %s", path, min, max,
                 got);
        return -1;
    }
    *out = (int)item->valuedouble;
    return 0;
}

static int read_walls(const cJSON *doc, compass_level *l, char *err, size_t errlen)
{
    const cJSON *walls;
    if (jsonio_array(doc, "walls", "", 1, 0, l->rows * l->cols, &walls, err, errlen))
        return -1;
    int i = 0;
    for (const cJSON *w = walls->child; w; w = w->next, i++) {
        char path[64];
        snprintf(path, sizeof path, "walls[%d]", i);
        if (!cJSON_IsArray(w) || cJSON_GetArraySize(w) != 2) {
            char got[64];
            jsonio_describe(w, got, sizeof got);
            snprintf(err, errlen, "%s: expected [row, col], got %s", path, got);
            return -1;
        }
        int r, c;
        char ipath[80];
        snprintf(ipath, sizeof ipath, "%s[0]", path);
        if (int_item(w->child, ipath, 0, l->rows - 1, &r, err, errlen))
            return -1;
        snprintf(ipath, sizeof ipath, "%s[1]", path);
        if (int_item(w->child->next, ipath, 0, l->cols - 1, &c, err, errlen))
            return -1;
        if (l->wall[r][c]) {
            snprintf(err, errlen, "%s: cell [%d, %d] is listed twice", path, r, c);
            return -1;
        }
        l->wall[r][c] = 1;
    }
    return 0;
}

static int read_aperture(const cJSON *a, const char *where, const compass_level *l,
                         compass_aperture *out, char *err, size_t errlen)
{
    static const char *const keys[] = {"side", "lane", "kind", "phases", NULL};
    if (jsonio_object(a, where, keys, err, errlen))
        return -1;
    int side, kind;
    long long lane;
    if (jsonio_enum(a, "side", where, 1, compass_dir_names, 4, &side, err, errlen))
        return -1;
    int lanes = (side == COMPASS_N || side == COMPASS_S) ? l->cols : l->rows;
    if (jsonio_int(a, "lane", where, 1, 0, lanes - 1, &lane, err, errlen) ||
        jsonio_enum(a, "kind", where, 1, compass_aperture_kind_names, 3, &kind, err, errlen))
        return -1;
    out->side = (compass_dir)side;
    out->lane = (int)lane;
    out->kind = (compass_aperture_kind)kind;
    if (kind == COMPASS_APERTURE_PLAIN) {
        if (cJSON_GetObjectItemCaseSensitive(a, "phases")) {
            snprintf(err, errlen, "%s.phases: a plain exit is open in every phase and takes no "
                                  "phases", where);
            return -1;
        }
        out->phase_mask = 0xF;
        return 0;
    }
    int want = kind == COMPASS_APERTURE_WINDOW ? 1 : 2;
    const cJSON *phases;
    if (jsonio_array(a, "phases", where, 1, want, want, &phases, err, errlen))
        return -1;
    out->phase_mask = 0;
    int i = 0;
    for (const cJSON *p = phases->child; p; p = p->next, i++) {
        char path[96];
        int v;
        snprintf(path, sizeof path, "%s.phases[%d]", where, i);
        if (int_item(p, path, 0, 3, &v, err, errlen))
            return -1;
        if ((out->phase_mask >> v) & 1) {
            snprintf(err, errlen, "%s: phase %d is listed twice (a port needs two distinct "
                                  "phases)", path, v);
            return -1;
        }
        out->phase_mask |= 1u << v;
    }
    return 0;
}

static int read_arrow(const cJSON *a, const char *where, const compass_level *l,
                      compass_arrow *out, char *err, size_t errlen)
{
    static const char *const keys[] = {"id", "row", "col", "dir", NULL};
    const char *id;
    long long row, col;
    int dir;
    if (jsonio_object(a, where, keys, err, errlen) ||
        jsonio_string(a, "id", where, 1, COMPASS_ID_LEN - 1, &id, err, errlen) ||
        jsonio_int(a, "row", where, 1, 0, l->rows - 1, &row, err, errlen) ||
        jsonio_int(a, "col", where, 1, 0, l->cols - 1, &col, err, errlen) ||
        jsonio_enum(a, "dir", where, 1, compass_dir_names, 4, &dir, err, errlen))
        return -1;
    snprintf(out->id, sizeof out->id, "%s", id);
    out->row = (int)row;
    out->col = (int)col;
    out->dir = (compass_dir)dir;
    return 0;
}

static int read_construction(const cJSON *c, compass_level *l, char *err, size_t errlen)
{
    static const char *const keys[] = {"seed", "attempt", "reverseSolution", NULL};
    const char *where = "construction";
    long long seed, attempt;
    const cJSON *order;
    if (jsonio_object(c, where, keys, err, errlen) ||
        jsonio_int(c, "seed", where, 1, 0, 4294967295LL, &seed, err, errlen) ||
        jsonio_int(c, "attempt", where, 1, 0, 1000000000LL, &attempt, err, errlen) ||
        jsonio_array(c, "reverseSolution", where, 1, 0, l->arrow_count, &order, err, errlen))
        return -1;
    l->has_construction = 1;
    l->construction_seed = (unsigned)seed;
    l->construction_attempt = (int)attempt;
    l->reverse_len = 0;
    for (const cJSON *s = order->child; s; s = s->next) {
        int i = l->reverse_len, found = -1;
        if (cJSON_IsString(s))
            for (int a = 0; a < l->arrow_count && found < 0; a++)
                if (strcmp(l->arrows[a].id, s->valuestring) == 0)
                    found = a;
        if (found < 0) {
            char got[64];
            jsonio_describe(s, got, sizeof got);
            snprintf(err, errlen, "construction.reverseSolution[%d]: expected an arrow id, got %s",
                     i, got);
            return -1;
        }
        l->reverse_solution[l->reverse_len++] = found;
    }
    return 0;
}

static int copy_token(const cJSON *doc, const char *key, char *dst, size_t dstlen, char *err,
                      size_t errlen)
{
    const char *s;
    int rc = jsonio_string(doc, key, "", 0, dstlen - 1, &s, err, errlen);
    if (rc == 0)
        snprintf(dst, dstlen, "%s", s);
    return rc < 0 ? -1 : 0;
}

static int read_level(const cJSON *doc, compass_level *l, char *err, size_t errlen)
{
    static const char *const keys[] = {"format", "id", "index", "pattern", "family", "tier",
                                       "rows", "cols", "initialPhase", "walls", "apertures",
                                       "arrows", "construction", NULL};
    const char *format, *id;
    long long rows, cols, phase, index = 0, tier = 0;
    if (jsonio_object(doc, "", keys, err, errlen) ||
        jsonio_string(doc, "format", "", 1, 64, &format, err, errlen))
        return -1;
    if (strcmp(format, COMPASS_LEVEL_FORMAT) != 0) {
        snprintf(err, errlen, "format: expected \"%s\", got \"%.40s\"", COMPASS_LEVEL_FORMAT,
                 format);
        return -1;
    }
    if (jsonio_string(doc, "id", "", 1, sizeof l->id - 1, &id, err, errlen) ||
        jsonio_int(doc, "index", "", 0, 1, 1000000, &index, err, errlen) < 0 ||
        copy_token(doc, "pattern", l->pattern, sizeof l->pattern, err, errlen) ||
        copy_token(doc, "family", l->family, sizeof l->family, err, errlen) ||
        jsonio_int(doc, "tier", "", 0, 1, 4, &tier, err, errlen) < 0 ||
        jsonio_int(doc, "rows", "", 1, 1, COMPASS_MAX_SIDE, &rows, err, errlen) ||
        jsonio_int(doc, "cols", "", 1, 1, COMPASS_MAX_SIDE, &cols, err, errlen) ||
        jsonio_int(doc, "initialPhase", "", 1, 0, 3, &phase, err, errlen))
        return -1;
    if (!*id) {
        snprintf(err, errlen, "id: expected a non-empty string");
        return -1;
    }
    snprintf(l->id, sizeof l->id, "%s", id);
    l->index = (int)index;
    l->tier = (int)tier;
    l->rows = (int)rows;
    l->cols = (int)cols;
    l->initial_phase = (int)phase;
    if (read_walls(doc, l, err, errlen))
        return -1;

    const cJSON *list;
    if (jsonio_array(doc, "apertures", "", 1, 0, 2 * (l->rows + l->cols), &list, err, errlen))
        return -1;
    for (const cJSON *a = list->child; a; a = a->next) {
        char where[32];
        snprintf(where, sizeof where, "apertures[%d]", l->aperture_count);
        if (read_aperture(a, where, l, &l->apertures[l->aperture_count], err, errlen))
            return -1;
        l->aperture_count++;
    }
    if (jsonio_array(doc, "arrows", "", 1, 1, COMPASS_MAX_ARROWS, &list, err, errlen))
        return -1;
    for (const cJSON *a = list->child; a; a = a->next) {
        char where[32];
        snprintf(where, sizeof where, "arrows[%d]", l->arrow_count);
        if (read_arrow(a, where, l, &l->arrows[l->arrow_count], err, errlen))
            return -1;
        l->arrow_count++;
    }
    const cJSON *c = cJSON_GetObjectItemCaseSensitive(doc, "construction");
    if (c && read_construction(c, l, err, errlen))
        return -1;
    /* The cross-field rules (one arrow per cell, no arrow on a wall, unique ids, one aperture
     * per lane, token syntax) live in one place, shared with levels built in memory. */
    return compass_level_check(l, err, errlen);
}

int compass_level_from_json(const cJSON *doc, const char *where, compass_level *out, char *err,
                            size_t errlen)
{
    char inner[400];
    memset(out, 0, sizeof *out);
    if (read_level(doc, out, inner, sizeof inner) == 0)
        return 0;
    snprintf(err, errlen, "%s: %s", where, inner);
    return -1;
}

cJSON *compass_level_to_json(const compass_level *l)
{
    cJSON *doc = cJSON_CreateObject();
    if (!doc)
        return NULL;
    cJSON_AddStringToObject(doc, "format", COMPASS_LEVEL_FORMAT);
    cJSON_AddStringToObject(doc, "id", l->id);
    if (l->index > 0)
        cJSON_AddNumberToObject(doc, "index", l->index);
    if (l->pattern[0])
        cJSON_AddStringToObject(doc, "pattern", l->pattern);
    if (l->family[0])
        cJSON_AddStringToObject(doc, "family", l->family);
    if (l->tier > 0)
        cJSON_AddNumberToObject(doc, "tier", l->tier);
    cJSON_AddNumberToObject(doc, "rows", l->rows);
    cJSON_AddNumberToObject(doc, "cols", l->cols);
    cJSON_AddNumberToObject(doc, "initialPhase", l->initial_phase);
    cJSON *walls = cJSON_AddArrayToObject(doc, "walls");
    for (int r = 0; r < l->rows; r++)
        for (int c = 0; c < l->cols; c++)
            if (l->wall[r][c]) {
                int cell[2] = {r, c};
                cJSON_AddItemToArray(walls, cJSON_CreateIntArray(cell, 2));
            }
    cJSON *aps = cJSON_AddArrayToObject(doc, "apertures");
    for (int i = 0; i < l->aperture_count; i++) {
        const compass_aperture *a = &l->apertures[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "side", compass_dir_name(a->side));
        cJSON_AddNumberToObject(o, "lane", a->lane);
        cJSON_AddStringToObject(o, "kind", compass_aperture_kind_name(a->kind));
        if (a->kind != COMPASS_APERTURE_PLAIN) {
            cJSON *ph = cJSON_AddArrayToObject(o, "phases");
            for (int p = 0; p < 4; p++)
                if ((a->phase_mask >> p) & 1)
                    cJSON_AddItemToArray(ph, cJSON_CreateNumber(p));
        }
        cJSON_AddItemToArray(aps, o);
    }
    cJSON *arrows = cJSON_AddArrayToObject(doc, "arrows");
    for (int i = 0; i < l->arrow_count; i++) {
        const compass_arrow *a = &l->arrows[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "id", a->id);
        cJSON_AddNumberToObject(o, "row", a->row);
        cJSON_AddNumberToObject(o, "col", a->col);
        cJSON_AddStringToObject(o, "dir", compass_dir_name(a->dir));
        cJSON_AddItemToArray(arrows, o);
    }
    if (l->has_construction) {
        cJSON *c = cJSON_AddObjectToObject(doc, "construction");
        cJSON_AddNumberToObject(c, "seed", l->construction_seed);
        cJSON_AddNumberToObject(c, "attempt", l->construction_attempt);
        cJSON *order = cJSON_AddArrayToObject(c, "reverseSolution");
        for (int i = 0; i < l->reverse_len; i++)
            cJSON_AddItemToArray(order, cJSON_CreateString(l->arrows[l->reverse_solution[i]].id));
    }
    return doc;
}
