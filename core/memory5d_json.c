/* Memory5D board JSON: writer and strict reader. */
#include "memory5d_json.h"

#include <stdio.h>
#include <string.h>

#include "jsonio.h"
#include "memory5d_board.h"
#include "memory5d_config.h"

cJSON *m5_board_to_json(const m5_config *cfg, const m5_board *board, uint32_t seed,
                        int difficulty, int attempt)
{
    int n = board->size;
    cJSON *doc = cJSON_CreateObject();
    cJSON_AddStringToObject(doc, "format", M5_BOARD_FORMAT);
    cJSON_AddNumberToObject(doc, "seed", seed);
    cJSON_AddStringToObject(doc, "difficulty", m5_difficulty_names[difficulty]);
    cJSON_AddNumberToObject(doc, "size", n);
    cJSON_AddNumberToObject(doc, "lineLength", cfg->line_length);
    cJSON_AddNumberToObject(doc, "attempt", attempt);
    cJSON_AddNumberToObject(doc, "links", m5_links(board->cells, n, NULL, 0));
    cJSON *pal = cJSON_AddObjectToObject(doc, "palette");
    cJSON *fams = cJSON_AddArrayToObject(pal, "families");
    for (int i = 0; i < board->family_count; i++)
        cJSON_AddItemToArray(fams, cJSON_CreateString(m5_family_names[board->families[i]]));
    cJSON *hues = cJSON_AddArrayToObject(pal, "hues");
    for (int i = 0; i < board->hue_count; i++)
        cJSON_AddItemToArray(hues, cJSON_CreateString(m5_hue_names[board->hues[i]]));
    cJSON *cells = cJSON_AddArrayToObject(doc, "cells");
    for (int i = 0; i < n * n; i++) {
        const m5_cell *c = &board->cells[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "row", i / n);
        cJSON_AddNumberToObject(o, "col", i % n);
        cJSON_AddStringToObject(o, "family", m5_family_names[c->family]);
        cJSON_AddStringToObject(o, "variant", cfg->variant_names[c->family][c->variant]);
        cJSON_AddStringToObject(o, "hue", m5_hue_names[c->hue]);
        cJSON_AddStringToObject(o, "texture", cfg->texture_names[c->hue]);
        if (c->owner != M5_UNCLAIMED)
            cJSON_AddStringToObject(o, "owner", m5_player_names[c->owner]);
        cJSON_AddItemToArray(cells, o);
    }
    return doc;
}

static const char *const board_keys[] = {"format", "seed", "difficulty", "size", "lineLength",
                                         "attempt", "links", "palette", "cells", NULL};
static const char *const palette_keys[] = {"families", "hues", NULL};

/* A list of distinct names from names[0..count-1] into out; returns how many, or -1. */
static int read_names(const cJSON *obj, const char *key, const char *where,
                      const char *const *names, int count, int8_t *out, char *err, size_t errlen)
{
    const cJSON *list;
    if (jsonio_array(obj, key, where, 1, 1, count, &list, err, errlen) != 0)
        return -1;
    int i = 0, seen = 0;
    for (const cJSON *v = list->child; v; v = v->next, i++) {
        int k = cJSON_IsString(v) ? m5_name_index(names, count, v->valuestring) : -1;
        if (k < 0 || (seen & (1 << k))) {
            char got[64];
            jsonio_describe(v, got, sizeof got);
            snprintf(err, errlen, "%s.%s[%d]: expected a distinct %s name, got %s", where, key, i,
                     key, got);
            return -1;
        }
        seen |= 1 << k;
        out[i] = (int8_t)k;
    }
    return i;
}
static const char *const cell_keys[] = {"row", "col", "family", "variant", "hue", "texture",
                                        "owner", NULL};

int m5_board_from_json(const m5_config *cfg, const cJSON *doc, m5_board *board,
                       int *difficulty, char *err, size_t errlen)
{
    static const char *const formats[] = {M5_BOARD_FORMAT};
    int fmt, diff;
    long long size;
    const cJSON *cells;
    if (jsonio_object(doc, "", board_keys, err, errlen) ||
        jsonio_enum(doc, "format", "", 1, formats, 1, &fmt, err, errlen) ||
        jsonio_enum(doc, "difficulty", "", 1, m5_difficulty_names, M5_DIFFICULTIES, &diff, err,
                    errlen) ||
        jsonio_int(doc, "size", "", 1, 4, M5_MAX_SIZE, &size, err, errlen))
        return -1;
    int n = (int)size;
    if (n != cfg->presets[diff].board_size) {
        snprintf(err, errlen, "size: %s boards are %d, got %d", m5_difficulty_names[diff],
                 cfg->presets[diff].board_size, n);
        return -1;
    }
    if (jsonio_array(doc, "cells", "", 1, n * n, n * n, &cells, err, errlen))
        return -1;
    m5_board b;
    memset(&b, 0, sizeof b);
    b.size = n;
    const cJSON *pal = cJSON_GetObjectItemCaseSensitive(doc, "palette");
    if (!pal) {
        snprintf(err, errlen, "palette: missing");
        return -1;
    }
    if (jsonio_object(pal, "palette", palette_keys, err, errlen) ||
        (b.family_count = read_names(pal, "families", "palette", m5_family_names, M5_FAMILIES,
                                     b.families, err, errlen)) < 0 ||
        (b.hue_count = read_names(pal, "hues", "palette", m5_hue_names, M5_HUES, b.hues, err,
                                  errlen)) < 0)
        return -1;
    int i = 0;
    for (const cJSON *o = cells->child; o; o = o->next, i++) {
        char where[32];
        snprintf(where, sizeof where, "cells[%d]", i);
        long long row, col;
        int fam, hue, owner = -1;
        const char *variant;
        if (jsonio_object(o, where, cell_keys, err, errlen) ||
            jsonio_int(o, "row", where, 1, i / n, i / n, &row, err, errlen) ||
            jsonio_int(o, "col", where, 1, i % n, i % n, &col, err, errlen) ||
            jsonio_enum(o, "family", where, 1, m5_family_names, M5_FAMILIES, &fam, err, errlen) ||
            jsonio_string(o, "variant", where, 1, M5_NAME_LEN, &variant, err, errlen) ||
            jsonio_enum(o, "hue", where, 1, m5_hue_names, M5_HUES, &hue, err, errlen) ||
            jsonio_enum(o, "owner", where, 0, m5_player_names, M5_PLAYERS, &owner, err,
                        errlen) < 0)
            return -1;
        const char *texture = NULL;
        if (jsonio_string(o, "texture", where, 0, M5_NAME_LEN, &texture, err, errlen) < 0)
            return -1;
        if (texture && strcmp(texture, cfg->texture_names[hue]) != 0) {
            snprintf(err, errlen, "%s.texture: %s is %s, got \"%.30s\"", where, m5_hue_names[hue],
                     cfg->texture_names[hue], texture);
            return -1;
        }
        int v = -1;
        for (int k = 0; k < cfg->variant_count[fam]; k++)
            if (strcmp(cfg->variant_names[fam][k], variant) == 0)
                v = k;
        if (v < 0) {
            snprintf(err, errlen, "%s.variant: \"%.30s\" is not a %s variant", where, variant,
                     m5_family_names[fam]);
            return -1;
        }
        b.cells[i] = (m5_cell){(int8_t)fam, (int8_t)v, (int8_t)hue, (int8_t)owner};
    }
    *board = b;
    *difficulty = diff;
    return 0;
}
