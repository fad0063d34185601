/* Memory5D JSON: boards and match logs, each with a writer and a strict reader. */
#include "memory5d_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonio.h"
#include "memory5d_board.h"
#include "memory5d_config.h"

cJSON *memory5d_board_to_json(const memory5d_config *cfg, const memory5d_board *board,
                              uint32_t seed, int difficulty, int attempt)
{
    int n = board->size;
    cJSON *doc = cJSON_CreateObject();
    cJSON_AddStringToObject(doc, "format", MEMORY5D_BOARD_FORMAT);
    cJSON_AddNumberToObject(doc, "seed", seed);
    cJSON_AddStringToObject(doc, "difficulty", memory5d_difficulty_names[difficulty]);
    cJSON_AddNumberToObject(doc, "size", n);
    cJSON_AddNumberToObject(doc, "lineLength", cfg->line_length);
    cJSON_AddNumberToObject(doc, "attempt", attempt);
    cJSON_AddNumberToObject(doc, "links", memory5d_links(board->cells, n, NULL, 0));
    cJSON *pal = cJSON_AddObjectToObject(doc, "palette");
    cJSON *fams = cJSON_AddArrayToObject(pal, "families");
    for (int i = 0; i < board->family_count; i++)
        cJSON_AddItemToArray(fams, cJSON_CreateString(memory5d_family_names[board->families[i]]));
    cJSON *hues = cJSON_AddArrayToObject(pal, "hues");
    for (int i = 0; i < board->hue_count; i++)
        cJSON_AddItemToArray(hues, cJSON_CreateString(memory5d_hue_names[board->hues[i]]));
    cJSON *cells = cJSON_AddArrayToObject(doc, "cells");
    for (int i = 0; i < n * n; i++) {
        const memory5d_cell *c = &board->cells[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "row", i / n);
        cJSON_AddNumberToObject(o, "col", i % n);
        cJSON_AddStringToObject(o, "family", memory5d_family_names[c->family]);
        cJSON_AddStringToObject(o, "variant", cfg->variant_names[c->family][c->variant]);
        cJSON_AddStringToObject(o, "hue", memory5d_hue_names[c->hue]);
        cJSON_AddStringToObject(o, "texture", cfg->texture_names[c->hue]);
        if (c->owner != MEMORY5D_UNCLAIMED)
            cJSON_AddStringToObject(o, "owner", memory5d_player_names[c->owner]);
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
        int k = cJSON_IsString(v) ? memory5d_name_index(names, count, v->valuestring) : -1;
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

int memory5d_board_from_json(const memory5d_config *cfg, const cJSON *doc, memory5d_board *board,
                             int *difficulty, char *err, size_t errlen)
{
    static const char *const formats[] = {MEMORY5D_BOARD_FORMAT};
    int fmt, diff;
    long long size;
    const cJSON *cells;
    if (jsonio_object(doc, "", board_keys, err, errlen) ||
        jsonio_enum(doc, "format", "", 1, formats, 1, &fmt, err, errlen) ||
        jsonio_enum(doc, "difficulty", "", 1, memory5d_difficulty_names, MEMORY5D_DIFFICULTIES,
                    &diff, err, errlen) ||
        jsonio_int(doc, "size", "", 1, 4, MEMORY5D_MAX_SIZE, &size, err, errlen))
        return -1;
    int n = (int)size;
    if (n != cfg->presets[diff].board_size) {
        snprintf(err, errlen, "size: %s boards are %d, got %d", memory5d_difficulty_names[diff],
                 cfg->presets[diff].board_size, n);
        return -1;
    }
    if (jsonio_array(doc, "cells", "", 1, n * n, n * n, &cells, err, errlen))
        return -1;
    memory5d_board b;
    memset(&b, 0, sizeof b);
    b.size = n;
    const cJSON *pal = cJSON_GetObjectItemCaseSensitive(doc, "palette");
    if (!pal) {
        snprintf(err, errlen, "palette: missing");
        return -1;
    }
    if (jsonio_object(pal, "palette", palette_keys, err, errlen) ||
        (b.family_count = read_names(pal, "families", "palette", memory5d_family_names,
                                     MEMORY5D_FAMILIES, b.families, err, errlen)) < 0 ||
        (b.hue_count = read_names(pal, "hues", "palette", memory5d_hue_names, MEMORY5D_HUES, b.hues,
                                  err, errlen)) < 0)
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
            jsonio_enum(o, "family", where, 1, memory5d_family_names, MEMORY5D_FAMILIES, &fam, err,
                        errlen) ||
            jsonio_string(o, "variant", where, 1, MEMORY5D_NAME_LEN, &variant, err, errlen) ||
            jsonio_enum(o, "hue", where, 1, memory5d_hue_names, MEMORY5D_HUES, &hue, err, errlen) ||
            jsonio_enum(o, "owner", where, 0, memory5d_player_names, MEMORY5D_PLAYERS, &owner, err,
                        errlen) < 0)
            return -1;
        const char *texture = NULL;
        if (jsonio_string(o, "texture", where, 0, MEMORY5D_NAME_LEN, &texture, err, errlen) < 0)
            return -1;
        if (texture && strcmp(texture, cfg->texture_names[hue]) != 0) {
            snprintf(err, errlen, "%s.texture: %s is %s, got \"%.30s\"", where,
                     memory5d_hue_names[hue], cfg->texture_names[hue], texture);
            return -1;
        }
        int v = -1;
        for (int k = 0; k < cfg->variant_count[fam]; k++)
            if (strcmp(cfg->variant_names[fam][k], variant) == 0)
                v = k;
        if (v < 0) {
            snprintf(err, errlen, "%s.variant: \"%.30s\" is not a %s variant", where, variant,
                     memory5d_family_names[fam]);
            return -1;
        }
        b.cells[i] = (memory5d_cell){(int8_t)fam, (int8_t)v, (int8_t)hue, (int8_t)owner};
    }
    *board = b;
    *difficulty = diff;
    return 0;
}

const char *const memory5d_mode_names[2] = {"classic", "arcade"};
const char *const memory5d_kind_names[3] = {"standard", "tutorial", "custom"};

static cJSON *player_json(int p)
{
    return p >= 0 && p < MEMORY5D_PLAYERS ? cJSON_CreateString(memory5d_player_names[p])
                                          : cJSON_CreateNull();
}

static cJSON *loadout_json(const int loadout[MEMORY5D_POWERS])
{
    cJSON *o = cJSON_CreateObject();
    for (int k = 0; k < MEMORY5D_POWERS; k++)
        cJSON_AddNumberToObject(o, memory5d_power_names[k], loadout[k]);
    return o;
}

cJSON *memory5d_log_to_json(const memory5d_def *def, const memory5d_log *log,
                            const memory5d_state *final)
{
    const memory5d_setup *s = &def->setup;
    cJSON *doc = cJSON_CreateObject();
    cJSON_AddStringToObject(doc, "format", MEMORY5D_LOG_FORMAT);
    cJSON *su = cJSON_AddObjectToObject(doc, "setup");
    cJSON_AddNumberToObject(su, "seed", s->seed);
    cJSON_AddStringToObject(su, "difficulty", memory5d_difficulty_names[s->difficulty]);
    cJSON_AddStringToObject(su, "mode", memory5d_mode_names[s->mode]);
    cJSON_AddStringToObject(su, "kind", memory5d_kind_names[s->kind]);
    cJSON_AddBoolToObject(su, "ranked", s->ranked);
    cJSON_AddBoolToObject(su, "online", s->online);
    cJSON_AddBoolToObject(su, "restarted", s->restarted);
    cJSON *lo = cJSON_AddObjectToObject(su, "loadouts");
    for (int p = 0; p < MEMORY5D_PLAYERS; p++)
        cJSON_AddItemToObject(lo, memory5d_player_names[p], loadout_json(s->loadout[p]));
    cJSON_AddNumberToObject(doc, "startMs", (double)log->start_ms);
    cJSON *entries = cJSON_AddArrayToObject(doc, "entries");
    for (size_t i = 0; i < log->count; i++) {
        const memory5d_cmd *c = &log->entries[i].cmd;
        const memory5d_outcome *o = &log->entries[i].out;
        cJSON *e = cJSON_CreateObject();
        cJSON *cj = cJSON_AddObjectToObject(e, "command");
        cJSON_AddStringToObject(cj, "kind", memory5d_cmd_names[c->kind]);
        cJSON_AddItemToObject(cj, "player", player_json(c->player));
        cJSON_AddNumberToObject(cj, "cell", c->cell);
        cJSON_AddNumberToObject(cj, "cell2", c->cell2);
        cJSON_AddItemToObject(cj, "power",
                              c->power >= 0 && c->power < MEMORY5D_POWERS
                                  ? cJSON_CreateString(memory5d_power_names[c->power])
                                  : cJSON_CreateNull());
        cJSON_AddNumberToObject(cj, "reason", c->reason);
        cJSON_AddNumberToObject(cj, "nowMs", (double)c->now_ms);
        cJSON_AddStringToObject(e, "refusal", memory5d_reason_names[o->refusal]);
        cJSON *evs = cJSON_AddArrayToObject(e, "events");
        for (int k = 0; k < o->count; k++) {
            const memory5d_event *ev = &o->ev[k];
            cJSON *ej = cJSON_CreateObject();
            cJSON_AddStringToObject(ej, "kind", memory5d_event_names[ev->kind]);
            cJSON_AddItemToObject(ej, "player", player_json(ev->player));
            cJSON_AddNumberToObject(ej, "a", ev->a);
            cJSON_AddNumberToObject(ej, "b", ev->b);
            cJSON_AddNumberToObject(ej, "value", ev->value);
            cJSON_AddNumberToObject(ej, "flags", ev->flags);
            cJSON_AddStringToObject(ej, "reason", memory5d_reason_names[ev->reason]);
            cJSON_AddNumberToObject(ej, "seq", ev->seq);
            cJSON_AddNumberToObject(ej, "ms", (double)ev->ms);
            cJSON_AddItemToArray(evs, ej);
        }
        cJSON_AddItemToArray(entries, e);
    }
    cJSON *fin = cJSON_AddObjectToObject(doc, "final");
    cJSON_AddStringToObject(fin, "status", memory5d_status_names[final->status]);
    cJSON_AddItemToObject(fin, "winner", player_json(final->winner));
    cJSON_AddStringToObject(fin, "endReason", memory5d_end_reason_names[final->end_reason]);
    cJSON_AddNumberToObject(fin, "reweaves", final->reweaves);
    cJSON_AddNumberToObject(fin, "rotation", final->rotation);
    cJSON *mastery = cJSON_AddArrayToObject(fin, "mastery");
    for (int p = 0; p < MEMORY5D_PLAYERS; p++)
        cJSON_AddItemToArray(mastery, cJSON_CreateNumber((double)final->stats[p].mastery));
    return doc;
}

/* "A", "B" or null (-1). */
static int read_player(const cJSON *obj, const char *key, const char *where, int *out,
                       char *err, size_t errlen)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (cJSON_IsNull(v)) {
        *out = -1;
        return 0;
    }
    return jsonio_enum(obj, key, where, 1, memory5d_player_names, MEMORY5D_PLAYERS, out, err,
                       errlen);
}

static const char *const log_keys[] = {"format", "setup", "startMs", "entries", "final", NULL};
static const char *const setup_keys[] = {"seed", "difficulty", "mode", "kind", "ranked",
                                         "online", "restarted", "loadouts", NULL};
static const char *const player_keys[] = {"A", "B", NULL};
static const char *const power_keys[] = {"reveal", "doublePoints", "wildcard", "extraTurn", NULL};
static const char *const entry_keys[] = {"command", "refusal", "events", NULL};
static const char *const command_keys[] = {"kind", "player", "cell", "cell2", "power",
                                           "reason", "nowMs", NULL};
static const char *const event_keys[] = {"kind", "player", "a", "b", "value", "flags",
                                         "reason", "seq", "ms", NULL};
#define MS_LIMIT MEMORY5D_MS_LIMIT /* the bounds memory5d_cmd_loggable applies */

static int read_setup(const cJSON *doc, memory5d_setup *s, char *err, size_t errlen)
{
    const cJSON *su = cJSON_GetObjectItemCaseSensitive(doc, "setup");
    long long seed;
    memset(s, 0, sizeof *s);
    if (!su) {
        snprintf(err, errlen, "setup: missing");
        return -1;
    }
    if (jsonio_object(su, "setup", setup_keys, err, errlen) ||
        jsonio_int(su, "seed", "setup", 1, 0, 4294967295LL, &seed, err, errlen) ||
        jsonio_enum(su, "difficulty", "setup", 1, memory5d_difficulty_names, MEMORY5D_DIFFICULTIES,
                    &s->difficulty, err, errlen) ||
        jsonio_enum(su, "mode", "setup", 1, memory5d_mode_names, 2, &s->mode, err, errlen) ||
        jsonio_enum(su, "kind", "setup", 1, memory5d_kind_names, 3, &s->kind, err, errlen) ||
        jsonio_bool(su, "ranked", "setup", 1, &s->ranked, err, errlen) ||
        jsonio_bool(su, "online", "setup", 1, &s->online, err, errlen) ||
        jsonio_bool(su, "restarted", "setup", 1, &s->restarted, err, errlen))
        return -1;
    s->seed = (uint32_t)seed;
    const cJSON *lo = cJSON_GetObjectItemCaseSensitive(su, "loadouts");
    if (!lo) {
        snprintf(err, errlen, "setup.loadouts: missing");
        return -1;
    }
    return memory5d_loadouts_from_json(lo, "setup.loadouts", 1, s->loadout, err, errlen);
}

int memory5d_loadouts_from_json(const cJSON *lo, const char *where, int required,
                                int loadout[MEMORY5D_PLAYERS][MEMORY5D_POWERS], char *err,
                                size_t errlen)
{
    if (jsonio_object(lo, where, player_keys, err, errlen))
        return -1;
    for (int p = 0; p < MEMORY5D_PLAYERS; p++) {
        char w[64];
        snprintf(w, sizeof w, "%.50s.%s", where, memory5d_player_names[p]);
        const cJSON *pl = cJSON_GetObjectItemCaseSensitive(lo, memory5d_player_names[p]);
        memset(loadout[p], 0, sizeof loadout[p]);
        if (!pl && !required)
            continue;
        if (!pl) {
            snprintf(err, errlen, "%s: missing", w);
            return -1;
        }
        if (jsonio_object(pl, w, power_keys, err, errlen))
            return -1;
        for (int k = 0; k < MEMORY5D_POWERS; k++) {
            long long v = 0;
            if (jsonio_int(pl, memory5d_power_names[k], w, required, 0, 10, &v, err, errlen) < 0)
                return -1;
            loadout[p][k] = (int)v;
        }
    }
    return 0;
}

static int read_entry(const cJSON *e, const char *where, memory5d_log_entry *out, char *err,
                      size_t errlen)
{
    char w[96];
    memset(out, 0, sizeof *out);
    if (jsonio_object(e, where, entry_keys, err, errlen))
        return -1;
    const cJSON *c = cJSON_GetObjectItemCaseSensitive(e, "command");
    snprintf(w, sizeof w, "%s.command", where);
    if (!c) {
        snprintf(err, errlen, "%s: missing", w);
        return -1;
    }
    memory5d_cmd *cmd = &out->cmd;
    long long now;
    if (jsonio_object(c, w, command_keys, err, errlen) ||
        jsonio_enum(c, "kind", w, 1, memory5d_cmd_names, MEMORY5D_CMD_KINDS, &cmd->kind, err,
                    errlen) ||
        read_player(c, "player", w, &cmd->player, err, errlen) ||
        memory5d_json_int(c, "cell", w, -1, MEMORY5D_MAX_CELLS, &cmd->cell, err, errlen) ||
        memory5d_json_int(c, "cell2", w, -1, MEMORY5D_MAX_CELLS, &cmd->cell2, err, errlen) ||
        memory5d_json_int(c, "reason", w, 0, MEMORY5D_PAUSE_ALL, &cmd->reason, err, errlen) ||
        jsonio_int(c, "nowMs", w, 1, -MS_LIMIT, MS_LIMIT, &now, err, errlen))
        return -1;
    cmd->now_ms = now;
    const cJSON *pw = cJSON_GetObjectItemCaseSensitive(c, "power");
    cmd->power = MEMORY5D_NO_POWER;
    if (!cJSON_IsNull(pw) && jsonio_enum(c, "power", w, 1, memory5d_power_names, MEMORY5D_POWERS,
                                         &cmd->power, err, errlen))
        return -1;
    memory5d_outcome *o = &out->out;
    const cJSON *evs;
    if (jsonio_enum(e, "refusal", where, 1, memory5d_reason_names, MEMORY5D_R_KINDS, &o->refusal,
                    err, errlen) ||
        jsonio_array(e, "events", where, 1, 0, MEMORY5D_MAX_EVENTS, &evs, err, errlen))
        return -1;
    int k = 0;
    for (const cJSON *v = evs->child; v; v = v->next, k++) {
        snprintf(w, sizeof w, "%s.events[%d]", where, k);
        memory5d_event *ev = &o->ev[k];
        long long ms;
        if (jsonio_object(v, w, event_keys, err, errlen) ||
            jsonio_enum(v, "kind", w, 1, memory5d_event_names, MEMORY5D_EV_KINDS, &ev->kind, err,
                        errlen) ||
            read_player(v, "player", w, &ev->player, err, errlen) ||
            memory5d_json_int(v, "a", w, -1, MEMORY5D_MAX_CELLS, &ev->a, err, errlen) ||
            memory5d_json_int(v, "b", w, -1, MEMORY5D_MAX_CELLS, &ev->b, err, errlen) ||
            memory5d_json_int(v, "value", w, -2147483647LL, 2147483647LL, &ev->value, err,
                              errlen) ||
            memory5d_json_int(v, "flags", w, 0, 255, &ev->flags, err, errlen) ||
            jsonio_enum(v, "reason", w, 1, memory5d_reason_names, MEMORY5D_R_KINDS, &ev->reason,
                        err, errlen) ||
            memory5d_json_int(v, "seq", w, 0, 2147483647LL, &ev->seq, err, errlen) ||
            jsonio_int(v, "ms", w, 1, -MS_LIMIT, MS_LIMIT, &ms, err, errlen))
            return -1;
        ev->ms = ms;
    }
    o->count = k;
    return 0;
}

int memory5d_log_from_json(const cJSON *doc, memory5d_setup *setup, memory5d_log *log, char *err,
                           size_t errlen)
{
    static const char *const formats[] = {MEMORY5D_LOG_FORMAT};
    int fmt;
    long long start;
    const cJSON *entries;
    memory5d_setup s;
    if (jsonio_object(doc, "", log_keys, err, errlen) ||
        jsonio_enum(doc, "format", "", 1, formats, 1, &fmt, err, errlen) ||
        read_setup(doc, &s, err, errlen) ||
        jsonio_int(doc, "startMs", "", 1, -MS_LIMIT, MS_LIMIT, &start, err, errlen) ||
        jsonio_array(doc, "entries", "", 1, 0, 1 << 20, &entries, err, errlen))
        return -1;
    memory5d_log l;
    memory5d_log_init(&l, start);
    int n = cJSON_GetArraySize(entries);
    l.entries = n ? malloc(sizeof *l.entries * (size_t)n) : NULL;
    if (n && !l.entries) {
        snprintf(err, errlen, "entries: out of memory for %d entries", n);
        return -1;
    }
    l.cap = (size_t)n;
    int i = 0;
    for (const cJSON *e = entries->child; e; e = e->next, i++) {
        char where[32];
        snprintf(where, sizeof where, "entries[%d]", i);
        if (read_entry(e, where, &l.entries[i], err, errlen) != 0) {
            memory5d_log_free(&l);
            return -1;
        }
        l.count = (size_t)i + 1;
    }
    *setup = s;
    *log = l;
    return 0;
}
