/* Reads and writes oddshape-rounds/1 files; the reader checks the whole file first. */
#include "oddshape_json.h"

#include <stdio.h>
#include <string.h>

#include "jsonio.h"

const char *const oddshape_source_names[2] = {"table-L1", "mulberry32"};

static const char *const root_keys[] = {"format", "source", "seed", "rounds", NULL};
static const char *const round_keys[] = {"round",    "baseColor", "baseShape", "oddTrait",
                                         "oddValue", "oddSlot",   "slots",     NULL};
static const char *const slot_keys[] = {"color", "shape", NULL};

/* cJSON keeps every copy of a repeated key and lookups see only the first, so a file that
 * says "oddSlot" twice would mean whatever the reader happened to pick: refuse it. */
static int no_duplicate_keys(const cJSON *obj, const char *where, char *err, size_t errlen)
{
    for (const cJSON *a = obj->child; a; a = a->next)
        for (const cJSON *b = a->next; b; b = b->next)
            if (strcmp(a->string, b->string) == 0) {
                snprintf(err, errlen, "%s%s%s: repeated field", where, *where ? "." : "",
                         a->string);
                return -1;
            }
    return 0;
}

static int strict_object(const cJSON *v, const char *where, const char *const *keys, char *err,
                         size_t errlen)
{
    if (jsonio_object(v, where, keys, err, errlen) != 0)
        return -1;
    return no_duplicate_keys(v, where, err, errlen);
}

static int name_index(const char *const *names, int count, const char *s)
{
    for (int i = 0; i < count; i++)
        if (strcmp(names[i], s) == 0)
            return i;
    return -1;
}

/* oddValue: a name from the oddTrait's list, or else from the other list (recorded, so the
 * G1/G2 check can report it); anything else is unreadable and the message lists the names
 * the oddTrait allows. */
static int read_odd_value(const cJSON *obj, const char *where, oddshape_row *row, char *err,
                          size_t errlen)
{
    int trait = row->fields.odd_trait;
    const char *const *names = trait == ODDSHAPE_TRAIT_COLOR ? oddshape_color_names
                                                             : oddshape_shape_names;
    int count = trait == ODDSHAPE_TRAIT_COLOR ? ODDSHAPE_COLORS : ODDSHAPE_SHAPES;
    int value;
    if (jsonio_enum(obj, "oddValue", where, 1, names, count, &value, err, errlen) == 0) {
        row->fields.odd_value = value;
        row->value_list = (oddshape_trait)trait;
        return 0;
    }
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, "oddValue");
    if (!cJSON_IsString(item))
        return -1;
    const char *const *other = trait == ODDSHAPE_TRAIT_COLOR ? oddshape_shape_names
                                                             : oddshape_color_names;
    int other_count = trait == ODDSHAPE_TRAIT_COLOR ? ODDSHAPE_SHAPES : ODDSHAPE_COLORS;
    value = name_index(other, other_count, item->valuestring);
    if (value < 0)
        return -1;
    row->fields.odd_value = value;
    row->value_list = (oddshape_trait)(1 - trait);
    return 0;
}

static int read_row(const cJSON *obj, const char *where, oddshape_row *row, char *err,
                    size_t errlen)
{
    if (strict_object(obj, where, round_keys, err, errlen) != 0)
        return -1;
    long long number, slot;
    int color, shape, trait;
    if (jsonio_int(obj, "round", where, 1, 1, ODDSHAPE_JSON_MAX_ROWS, &number, err, errlen) ||
        jsonio_enum(obj, "baseColor", where, 1, oddshape_color_names, ODDSHAPE_COLORS, &color,
                    err, errlen) ||
        jsonio_enum(obj, "baseShape", where, 1, oddshape_shape_names, ODDSHAPE_SHAPES, &shape,
                    err, errlen) ||
        jsonio_enum(obj, "oddTrait", where, 1, oddshape_trait_names, 2, &trait, err, errlen))
        return -1;
    row->number = (int)number;
    row->fields.base_color = color;
    row->fields.base_shape = shape;
    row->fields.odd_trait = (oddshape_trait)trait;
    if (read_odd_value(obj, where, row, err, errlen) ||
        jsonio_int(obj, "oddSlot", where, 1, 0, ODDSHAPE_SLOTS - 1, &slot, err, errlen))
        return -1;
    row->fields.odd_slot = (int)slot;
    const cJSON *slots;
    if (jsonio_array(obj, "slots", where, 1, ODDSHAPE_SLOTS, ODDSHAPE_SLOTS, &slots, err,
                     errlen))
        return -1;
    int k = 0;
    const cJSON *s;
    cJSON_ArrayForEach(s, slots)
    {
        char at[64];
        snprintf(at, sizeof at, "%s.slots[%d]", where, k);
        if (strict_object(s, at, slot_keys, err, errlen) ||
            jsonio_enum(s, "color", at, 1, oddshape_color_names, ODDSHAPE_COLORS, &color, err,
                        errlen) ||
            jsonio_enum(s, "shape", at, 1, oddshape_shape_names, ODDSHAPE_SHAPES, &shape, err,
                        errlen))
            return -1;
        row->slots[k].color = color;
        row->slots[k].shape = shape;
        k++;
    }
    return 0;
}

int oddshape_json_parse(const cJSON *json, oddshape_rounds_doc *out, char *err, size_t errlen)
{
    if (strict_object(json, "", root_keys, err, errlen) != 0)
        return -1;
    const char *format;
    if (jsonio_string(json, "format", "", 1, 64, &format, err, errlen) != 0)
        return -1;
    if (strcmp(format, ODDSHAPE_ROUNDS_FORMAT) != 0) {
        snprintf(err, errlen, "format: expected \"%s\", got \"%.40s\"", ODDSHAPE_ROUNDS_FORMAT,
                 format);
        return -1;
    }
    int source;
    if (jsonio_enum(json, "source", "", 1, oddshape_source_names, 2, &source, err, errlen) != 0)
        return -1;
    long long seed = 0;
    if (source == ODDSHAPE_SOURCE_MULBERRY32) {
        if (jsonio_int(json, "seed", "", 1, 0, 4294967295LL, &seed, err, errlen) != 0)
            return -1;
    } else if (cJSON_GetObjectItemCaseSensitive(json, "seed")) {
        snprintf(err, errlen, "seed: not allowed when source is \"table-L1\"");
        return -1;
    }
    const cJSON *rounds;
    if (jsonio_array(json, "rounds", "", 1, 0, ODDSHAPE_JSON_MAX_ROWS, &rounds, err, errlen))
        return -1;
    /* Fill a scratch copy so *out is untouched when the input is refused. */
    oddshape_rounds_doc scratch;
    oddshape_rounds_doc *doc = &scratch;
    memset(doc, 0, sizeof *doc);
    doc->source = (oddshape_source)source;
    doc->seed = (uint32_t)seed;
    const cJSON *r;
    cJSON_ArrayForEach(r, rounds)
    {
        char where[32];
        snprintf(where, sizeof where, "rounds[%d]", doc->count);
        if (read_row(r, where, &doc->rows[doc->count], err, errlen) != 0)
            return -1;
        doc->count++;
    }
    *out = *doc;
    return 0;
}

int oddshape_json_read_file(const char *path, oddshape_rounds_doc *out, char *err,
                            size_t errlen)
{
    cJSON *json = jsonio_read_file_max(path, JSONIO_LIMIT_ROUNDS, err, errlen);
    if (!json)
        return -1;
    char why[400];
    int rc = oddshape_json_parse(json, out, why, sizeof why);
    if (rc != 0)
        snprintf(err, errlen, "%s: %s", path, why);
    cJSON_Delete(json);
    return rc;
}

void oddshape_json_from_rounds(oddshape_source source, uint32_t seed,
                               const oddshape_round rounds[ODDSHAPE_ROUNDS],
                               oddshape_rounds_doc *out)
{
    memset(out, 0, sizeof *out);
    out->source = source;
    out->seed = source == ODDSHAPE_SOURCE_MULBERRY32 ? seed : 0;
    out->count = ODDSHAPE_ROUNDS;
    for (int i = 0; i < ODDSHAPE_ROUNDS; i++) {
        oddshape_row *row = &out->rows[i];
        row->number = i + 1;
        row->fields = rounds[i];
        row->value_list = rounds[i].odd_trait;
        oddshape_round_slots(&rounds[i], row->slots);
    }
}

cJSON *oddshape_json_write(const oddshape_rounds_doc *doc)
{
    cJSON *root = cJSON_CreateObject();
    int ok = root && cJSON_AddStringToObject(root, "format", ODDSHAPE_ROUNDS_FORMAT) &&
             cJSON_AddStringToObject(root, "source", oddshape_source_names[doc->source]);
    if (ok && doc->source == ODDSHAPE_SOURCE_MULBERRY32)
        ok = cJSON_AddNumberToObject(root, "seed", doc->seed) != NULL;
    cJSON *rounds = ok ? cJSON_AddArrayToObject(root, "rounds") : NULL;
    ok = rounds != NULL;
    for (int i = 0; ok && i < doc->count; i++) {
        const oddshape_row *row = &doc->rows[i];
        const oddshape_round *f = &row->fields;
        const char *value = row->value_list == ODDSHAPE_TRAIT_COLOR
                                ? oddshape_color_names[f->odd_value]
                                : oddshape_shape_names[f->odd_value];
        cJSON *r = cJSON_CreateObject();
        ok = r && cJSON_AddItemToArray(rounds, r) &&
             cJSON_AddNumberToObject(r, "round", row->number) &&
             cJSON_AddStringToObject(r, "baseColor", oddshape_color_names[f->base_color]) &&
             cJSON_AddStringToObject(r, "baseShape", oddshape_shape_names[f->base_shape]) &&
             cJSON_AddStringToObject(r, "oddTrait", oddshape_trait_names[f->odd_trait]) &&
             cJSON_AddStringToObject(r, "oddValue", value) &&
             cJSON_AddNumberToObject(r, "oddSlot", f->odd_slot);
        cJSON *slots = ok ? cJSON_AddArrayToObject(r, "slots") : NULL;
        ok = slots != NULL;
        for (int k = 0; ok && k < ODDSHAPE_SLOTS; k++) {
            cJSON *s = cJSON_CreateObject();
            ok = s && cJSON_AddItemToArray(slots, s) &&
                 cJSON_AddStringToObject(s, "color", oddshape_color_names[row->slots[k].color]) &&
                 cJSON_AddStringToObject(s, "shape", oddshape_shape_names[row->slots[k].shape]);
        }
    }
    if (!ok) {
        cJSON_Delete(root);
        return NULL;
    }
    return root;
}
