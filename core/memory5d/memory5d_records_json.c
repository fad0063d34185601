/* Memory5D records JSON: the checksummed export document and the projection document. */
#include "memory5d_records_json.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonio.h"
#include "memory5d_config.h"
#include "memory5d_json.h"

#define ID_LIMIT 9007199254740991LL /* 2^53 - 1: exact in a JSON number */
enum { MAX_ITEMS = 1 << 20 };

static cJSON *id_or_null(int64_t id)
{
    return id ? cJSON_CreateNumber((double)id) : cJSON_CreateNull();
}

cJSON *memory5d_records_draft_to_json(const memory5d_records_play *play)
{
    if (!play->draft_picks)
        return cJSON_CreateNull();
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; i < play->draft_picks; i++)
        cJSON_AddItemToArray(arr, play->draft[i] == MEMORY5D_NO_POWER
                                      ? cJSON_CreateNull()
                                      : cJSON_CreateString(memory5d_power_names[play->draft[i]]));
    return arr;
}

int memory5d_records_draft_from_json(const cJSON *v, const char *where, memory5d_records_play *play,
                                     char *err, size_t errlen)
{
    play->draft_picks = 0;
    if (cJSON_IsNull(v))
        return 0;
    int n = cJSON_IsArray(v) ? cJSON_GetArraySize(v) : -1;
    if (n < 1 || n > MEMORY5D_MAX_PICKS) {
        char got[64];
        jsonio_describe(v, got, sizeof got);
        snprintf(err, errlen, "%s: expected null or 1 to %d picks (power names, null for a pass), "
                 "got %s", where, MEMORY5D_MAX_PICKS, v ? got : "nothing");
        return -1;
    }
    const cJSON *item;
    int i = 0;
    cJSON_ArrayForEach(item, v)
    {
        int k = 0;
        while (k < MEMORY5D_POWERS && !(cJSON_IsString(item) &&
                                        strcmp(item->valuestring, memory5d_power_names[k]) == 0))
            k++;
        if (k == MEMORY5D_POWERS && !cJSON_IsNull(item)) {
            char got[64];
            jsonio_describe(item, got, sizeof got);
            snprintf(err, errlen, "%s[%d]: expected a power name or null, got %s", where, i, got);
            return -1;
        }
        play->draft[i++] = k == MEMORY5D_POWERS ? MEMORY5D_NO_POWER : k;
    }
    play->draft_picks = n;
    return 0;
}

/* The content object the checksum covers; NULL if a stored text is not JSON. Version 3 added
 * each match's opponent and draft; an older file's content is printed as it was written, so
 * that its checksum still holds. */
static cJSON *content_json(const memory5d_records_data *d)
{
    cJSON *c = cJSON_CreateObject();
    cJSON_AddNumberToObject(c, "schemaVersion", d->schema_version);
    cJSON_AddItemToObject(c, "chosenProfile", id_or_null(d->chosen));
    cJSON *arr = cJSON_AddArrayToObject(c, "profiles");
    for (size_t i = 0; i < d->profile_count; i++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "id", (double)d->profiles[i].id);
        cJSON_AddStringToObject(o, "name", d->profiles[i].name);
        cJSON_AddBoolToObject(o, "tutorial", d->profiles[i].tutorial);
        cJSON_AddItemToArray(arr, o);
    }
    arr = cJSON_AddArrayToObject(c, "rules");
    int ok = 1;
    for (size_t i = 0; i < d->rules_count; i++) {
        cJSON *o = cJSON_CreateObject(), *cfg = cJSON_Parse(d->rules[i].text);
        ok &= cfg != NULL;
        cJSON_AddStringToObject(o, "hash", d->rules[i].hash);
        cJSON_AddItemToObject(o, "config", cfg ? cfg : cJSON_CreateNull());
        cJSON_AddItemToArray(arr, o);
    }
    arr = cJSON_AddArrayToObject(c, "matches");
    for (size_t i = 0; i < d->match_count; i++) {
        const memory5d_records_snapshot *m = &d->matches[i];
        cJSON *o = cJSON_CreateObject(), *log = cJSON_Parse(m->log);
        ok &= log != NULL;
        cJSON_AddNumberToObject(o, "id", (double)m->id);
        cJSON_AddNumberToObject(o, "profile", (double)m->profile);
        cJSON_AddStringToObject(o, "rules", m->rules);
        cJSON_AddStringToObject(o, "seat", memory5d_player_names[m->play.seat]);
        if (d->schema_version >= 3) {
            cJSON_AddStringToObject(o, "opponent", memory5d_opponent_names[m->play.opponent]);
            cJSON_AddItemToObject(o, "draft", memory5d_records_draft_to_json(&m->play));
        }
        cJSON_AddItemToObject(o, "log", log ? log : cJSON_CreateNull());
        cJSON_AddItemToArray(arr, o);
    }
    arr = cJSON_AddArrayToObject(c, "events");
    for (size_t i = 0; i < d->event_count; i++) {
        const memory5d_records_event *e = &d->events[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "id", (double)e->id);
        cJSON_AddNumberToObject(o, "profile", (double)e->profile);
        cJSON_AddStringToObject(o, "kind", memory5d_record_kind_names[e->kind]);
        cJSON_AddItemToObject(o, "match", id_or_null(e->match));
        cJSON_AddItemToObject(o, "power",
                              e->power >= 0 ? cJSON_CreateString(memory5d_power_names[e->power])
                                            : cJSON_CreateNull());
        cJSON_AddNumberToObject(o, "price", e->price);
        cJSON_AddItemToArray(arr, o);
    }
    if (!ok) {
        cJSON_Delete(c);
        return NULL;
    }
    return c;
}

char *memory5d_records_canonical(const memory5d_records_data *d)
{
    cJSON *c = content_json(d);
    char *text = c ? cJSON_PrintUnformatted(c) : NULL;
    cJSON_Delete(c);
    return text;
}

cJSON *memory5d_records_to_json(const memory5d_records_data *d)
{
    cJSON *c = content_json(d);
    char *text = c ? cJSON_PrintUnformatted(c) : NULL;
    if (!text) {
        cJSON_Delete(c);
        return NULL;
    }
    char hash[MEMORY5D_RECORDS_HASH_LEN + 1];
    memory5d_records_hash(text, strlen(text), hash);
    free(text);
    cJSON *doc = cJSON_CreateObject();
    cJSON_AddStringToObject(doc, "format", MEMORY5D_RECORDS_FORMAT);
    cJSON_AddStringToObject(doc, "checksum", hash);
    cJSON_AddItemToObject(doc, "content", c);
    return doc;
}

/* ---- reading ---- */

/* An id from 1 to 2^53 - 1, or null (0) when nullable. */
static int read_id(const cJSON *o, const char *key, const char *where, int nullable, int64_t *out,
                   char *err, size_t errlen)
{
    long long v;
    if (nullable && cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(o, key))) {
        *out = 0;
        return 0;
    }
    if (jsonio_int(o, key, where, 1, 1, ID_LIMIT, &v, err, errlen))
        return -1;
    *out = v;
    return 0;
}

/* Array key of o with its item count in *n and a zeroed buffer of n items in *buf. */
static int read_list(const cJSON *o, const char *key, size_t size, const cJSON **arr, void **buf,
                     size_t *n, char *err, size_t errlen)
{
    if (jsonio_array(o, key, "content", 1, 0, MAX_ITEMS, arr, err, errlen))
        return -1;
    *n = (size_t)cJSON_GetArraySize(*arr);
    *buf = calloc(*n + 1, size);
    if (!*buf) {
        snprintf(err, errlen, "content.%s: out of memory for %zu items", key, *n);
        return -1;
    }
    return 0;
}

/* A JSON object member stored as its canonical (unformatted) text. */
static int read_text_object(const cJSON *o, const char *key, const char *where, char **out,
                            char *err, size_t errlen)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!cJSON_IsObject(v)) {
        char got[64];
        jsonio_describe(v, got, sizeof got);
        snprintf(err, errlen, "%s.%s: expected an object, got %s", where, key, v ? got : "nothing");
        return -1;
    }
    *out = cJSON_PrintUnformatted(v);
    if (!*out) {
        snprintf(err, errlen, "%s.%s: out of memory", where, key);
        return -1;
    }
    return 0;
}

static int read_hash(const cJSON *o, const char *key, const char *where, char *out, char *err,
                     size_t errlen)
{
    const char *s;
    if (jsonio_string(o, key, where, 1, MEMORY5D_RECORDS_HASH_LEN, &s, err, errlen))
        return -1;
    if (strlen(s) != MEMORY5D_RECORDS_HASH_LEN || strspn(s, "0123456789abcdef") != strlen(s)) {
        snprintf(err, errlen, "%s.%s: expected 16 lowercase hex digits, got \"%s\"", where, key, s);
        return -1;
    }
    memcpy(out, s, MEMORY5D_RECORDS_HASH_LEN + 1);
    return 0;
}

static const char *const doc_keys[] = {"format", "checksum", "content", NULL};
static const char *const content_keys[] = {"schemaVersion", "chosenProfile", "profiles", "rules",
                                           "matches",       "events",        NULL};
static const char *const profile_keys[] = {"id", "name", "tutorial", NULL};
static const char *const rules_keys[] = {"hash", "config", NULL};
static const char *const match_keys_v2[] = {"id", "profile", "rules", "seat", "log", NULL};
static const char *const match_keys[] = {"id",       "profile", "rules", "seat",
                                         "opponent", "draft",   "log",   NULL};
static const char *const event_keys[] = {"id", "profile", "kind", "match", "power", "price", NULL};

static int read_content(const cJSON *c, memory5d_records_data *d, char *err, size_t errlen)
{
    long long version;
    const cJSON *arr, *v;
    char w[48];
    int i;
    if (jsonio_object(c, "content", content_keys, err, errlen) ||
        jsonio_int(c, "schemaVersion", "content", 1, 1, 1000000, &version, err, errlen))
        return -1;
    if (version > MEMORY5D_RECORDS_SCHEMA_VERSION) {
        snprintf(err, errlen, "content.schemaVersion: %lld is newer than this build's %d", version,
                 MEMORY5D_RECORDS_SCHEMA_VERSION);
        return -1;
    }
    d->schema_version = (int)version;
    if (read_id(c, "chosenProfile", "content", 1, &d->chosen, err, errlen) ||
        read_list(c, "profiles", sizeof *d->profiles, &arr, (void **)&d->profiles,
                  &d->profile_count, err, errlen))
        return -1;
    i = 0;
    cJSON_ArrayForEach(v, arr)
    {
        memory5d_records_profile *p = &d->profiles[i];
        const char *name;
        snprintf(w, sizeof w, "content.profiles[%d]", i++);
        if (jsonio_object(v, w, profile_keys, err, errlen) ||
            read_id(v, "id", w, 0, &p->id, err, errlen) ||
            jsonio_string(v, "name", w, 1, MEMORY5D_RECORDS_NAME_MAX, &name, err, errlen) ||
            jsonio_bool(v, "tutorial", w, 1, &p->tutorial, err, errlen))
            return -1;
        snprintf(p->name, sizeof p->name, "%s", name);
    }
    if (read_list(c, "rules", sizeof *d->rules, &arr, (void **)&d->rules, &d->rules_count, err,
                  errlen))
        return -1;
    i = 0;
    cJSON_ArrayForEach(v, arr)
    {
        memory5d_records_rules *r = &d->rules[i];
        char hash[MEMORY5D_RECORDS_HASH_LEN + 1];
        snprintf(w, sizeof w, "content.rules[%d]", i++);
        if (jsonio_object(v, w, rules_keys, err, errlen) ||
            read_hash(v, "hash", w, r->hash, err, errlen) ||
            read_text_object(v, "config", w, &r->text, err, errlen))
            return -1;
        memory5d_records_hash(r->text, strlen(r->text), hash);
        if (strcmp(hash, r->hash) != 0) {
            snprintf(err, errlen, "%s.hash: %s is not the config's hash %s", w, r->hash, hash);
            return -1;
        }
    }
    if (read_list(c, "matches", sizeof *d->matches, &arr, (void **)&d->matches, &d->match_count,
                  err, errlen))
        return -1;
    i = 0;
    cJSON_ArrayForEach(v, arr)
    {
        memory5d_records_snapshot *m = &d->matches[i];
        snprintf(w, sizeof w, "content.matches[%d]", i++);
        int v3 = version >= 3; /* before it, every match was against the AI, never drafted */
        char dw[64];
        snprintf(dw, sizeof dw, "%s.draft", w);
        if (jsonio_object(v, w, v3 ? match_keys : match_keys_v2, err, errlen) ||
            read_id(v, "id", w, 0, &m->id, err, errlen) ||
            read_id(v, "profile", w, 0, &m->profile, err, errlen) ||
            read_hash(v, "rules", w, m->rules, err, errlen) ||
            jsonio_enum(v, "seat", w, 1, memory5d_player_names, MEMORY5D_PLAYERS, &m->play.seat,
                        err, errlen) ||
            (v3 && (jsonio_enum(v, "opponent", w, 1, memory5d_opponent_names, MEMORY5D_OPPONENTS,
                                &m->play.opponent, err, errlen) ||
                    memory5d_records_draft_from_json(cJSON_GetObjectItemCaseSensitive(v, "draft"),
                                                     dw, &m->play, err, errlen))) ||
            read_text_object(v, "log", w, &m->log, err, errlen))
            return -1;
    }
    if (read_list(c, "events", sizeof *d->events, &arr, (void **)&d->events, &d->event_count, err,
                  errlen))
        return -1;
    i = 0;
    cJSON_ArrayForEach(v, arr)
    {
        memory5d_records_event *e = &d->events[i];
        long long price;
        snprintf(w, sizeof w, "content.events[%d]", i++);
        e->power = MEMORY5D_NO_POWER;
        if (jsonio_object(v, w, event_keys, err, errlen) ||
            read_id(v, "id", w, 0, &e->id, err, errlen) ||
            read_id(v, "profile", w, 0, &e->profile, err, errlen) ||
            jsonio_enum(v, "kind", w, 1, memory5d_record_kind_names, MEMORY5D_RECORD_KINDS,
                        &e->kind, err, errlen) ||
            read_id(v, "match", w, 1, &e->match, err, errlen) ||
            (!cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(v, "power")) &&
             jsonio_enum(v, "power", w, 1, memory5d_power_names, MEMORY5D_POWERS, &e->power, err,
                         errlen)) ||
            jsonio_int(v, "price", w, 1, 0, 1000000, &price, err, errlen))
            return -1;
        e->price = (int)price;
        int is_match = e->kind == MEMORY5D_RECORD_MATCH,
            is_buy = e->kind == MEMORY5D_RECORD_PURCHASE;
        if (is_match != (e->match != 0) || is_buy != (e->power >= 0) || (!is_buy && e->price)) {
            snprintf(err, errlen, "%s: a %s event %s", w, memory5d_record_kind_names[e->kind],
                     is_match ? "needs a match and no power or price"
                     : is_buy ? "needs a power and a price and no match"
                              : "has no match, power or price");
            return -1;
        }
    }
    return 0;
}

int memory5d_records_from_json(const cJSON *doc, memory5d_records_data *d, char *err, size_t errlen)
{
    static const char *const formats[] = {MEMORY5D_RECORDS_FORMAT};
    int fmt;
    char sum[MEMORY5D_RECORDS_HASH_LEN + 1];
    memset(d, 0, sizeof *d);
    /* The format first: another kind of file is named as such, not by its first odd key. */
    if (jsonio_object(doc, "", NULL, err, errlen) ||
        jsonio_enum(doc, "format", "", 1, formats, 1, &fmt, err, errlen) ||
        jsonio_object(doc, "", doc_keys, err, errlen) ||
        read_hash(doc, "checksum", "", sum, err, errlen))
        return -1;
    const cJSON *c = cJSON_GetObjectItemCaseSensitive(doc, "content");
    if (!c) {
        snprintf(err, errlen, "content: missing");
        return -1;
    }
    if (read_content(c, d, err, errlen) != 0) {
        memory5d_records_data_free(d);
        return -1;
    }
    char *text = memory5d_records_canonical(d), hash[MEMORY5D_RECORDS_HASH_LEN + 1];
    if (!text) {
        memory5d_records_data_free(d);
        snprintf(err, errlen, "content: out of memory");
        return -1;
    }
    memory5d_records_hash(text, strlen(text), hash);
    free(text);
    if (strcmp(hash, sum) != 0) {
        memory5d_records_data_free(d);
        snprintf(err, errlen,
                 "checksum: the file says %s, its content hashes to %s (changed or "
                 "damaged)",
                 sum, hash);
        return -1;
    }
    return 0;
}

/* ---- projections ---- */

static const struct {
    const char *name;
    size_t offset;
} stat_fields[] = {
#define F(json, field)                                                                             \
    {                                                                                              \
        json, offsetof(memory5d_records_stats, field)                                              \
    }
    F("matches", matches),
    F("wins", wins),
    F("losses", losses),
    F("draws", draws),
    F("abandoned", abandoned),
    F("links", links),
    F("misses", misses),
    F("timeouts", timeouts),
    F("bestStreak", best_streak),
    F("blocks", blocks),
    F("forks", forks),
    F("lines", lines),
    F("powersUsed", powers_used),
    F("mastery", mastery),
    F("starPoints", star_points),
#undef F
};
enum { STAT_FIELDS = sizeof stat_fields / sizeof stat_fields[0] };

static int64_t *stat_at(memory5d_records_stats *s, int i)
{
    return (int64_t *)((char *)s + stat_fields[i].offset);
}

static cJSON *stats_json(const memory5d_records_stats *s)
{
    cJSON *o = cJSON_CreateObject();
    for (int i = 0; i < STAT_FIELDS; i++)
        cJSON_AddNumberToObject(o, stat_fields[i].name,
                                (double)*stat_at((memory5d_records_stats *)s, i));
    return o;
}

/* An integer member from 0 (or min) to 2^53 - 1 as int64. */
static int read_i64(const cJSON *o, const char *key, const char *where, long long min, int64_t *out,
                    char *err, size_t errlen)
{
    long long v;
    if (jsonio_int(o, key, where, 1, min, ID_LIMIT, &v, err, errlen))
        return -1;
    *out = v;
    return 0;
}

static int stats_read(const cJSON *o, const char *where, memory5d_records_stats *s, char *err,
                      size_t errlen)
{
    const char *keys[STAT_FIELDS + 1];
    for (int i = 0; i < STAT_FIELDS; i++)
        keys[i] = stat_fields[i].name;
    keys[STAT_FIELDS] = NULL;
    if (jsonio_object(o, where, keys, err, errlen))
        return -1;
    for (int i = 0; i < STAT_FIELDS; i++)
        if (read_i64(o, stat_fields[i].name, where, 0, stat_at(s, i), err, errlen))
            return -1;
    return 0;
}

/* o[key] must be an object (named where.key in errors). */
static const cJSON *member(const cJSON *o, const char *key, const char *where, char *w, size_t wlen,
                           char *err, size_t errlen)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    snprintf(w, wlen, "%s%s%s", where, *where ? "." : "", key);
    if (!cJSON_IsObject(v)) {
        snprintf(err, errlen, "%s: expected an object", w);
        return NULL;
    }
    return v;
}

static const char *const mode_keys[] = {"classic", "arcade", NULL};
static const char *const proj_keys[] = {
    "profile",    "throughEvent", "statistics",   "lifetime", "elo",
    "starPoints", "inventory",    "achievements", "resets",   NULL};

cJSON *memory5d_records_projection_to_json(const memory5d_records_projection *p)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "profile", (double)p->profile);
    cJSON_AddNumberToObject(o, "throughEvent", (double)p->through_event);
    cJSON *st = cJSON_AddObjectToObject(o, "statistics");
    for (int m = 0; m < 2; m++) {
        cJSON *mo = cJSON_AddObjectToObject(st, memory5d_mode_names[m]);
        for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++)
            cJSON_AddItemToObject(mo, memory5d_difficulty_names[d], stats_json(&p->stats[m][d]));
    }
    cJSON_AddItemToObject(o, "lifetime", stats_json(&p->lifetime));
    cJSON *elo = cJSON_AddObjectToObject(o, "elo");
    for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++) {
        cJSON *e = cJSON_AddObjectToObject(elo, memory5d_difficulty_names[d]);
        cJSON_AddNumberToObject(e, "rating", (double)p->elo[d].rating);
        cJSON_AddNumberToObject(e, "aiRating", (double)p->elo[d].ai_rating);
        cJSON_AddNumberToObject(e, "matches", (double)p->elo[d].matches);
    }
    cJSON *sp = cJSON_AddObjectToObject(o, "starPoints");
    cJSON_AddNumberToObject(sp, "balance", (double)p->balance);
    cJSON_AddNumberToObject(sp, "earned", (double)p->earned);
    cJSON_AddNumberToObject(sp, "spent", (double)p->spent);
    cJSON *inv = cJSON_AddObjectToObject(o, "inventory");
    for (int k = 0; k < MEMORY5D_POWERS; k++)
        cJSON_AddNumberToObject(inv, memory5d_power_names[k], (double)p->inventory[k]);
    cJSON *ach = cJSON_AddObjectToObject(o, "achievements");
    for (int a = 0; a < MEMORY5D_ACHIEVEMENTS; a++)
        cJSON_AddItemToObject(ach, memory5d_achievement_names[a], id_or_null(p->achievements[a]));
    cJSON_AddNumberToObject(o, "resets", (double)p->resets);
    return o;
}

int memory5d_records_projection_from_json(const cJSON *o, memory5d_records_projection *p, char *err,
                                          size_t errlen)
{
    char w[64], w2[96];
    const cJSON *v, *x;
    memset(p, 0, sizeof *p);
    if (jsonio_object(o, "projection", proj_keys, err, errlen) ||
        read_i64(o, "profile", "projection", 1, &p->profile, err, errlen) ||
        read_i64(o, "throughEvent", "projection", 0, &p->through_event, err, errlen) ||
        read_i64(o, "resets", "projection", 0, &p->resets, err, errlen) ||
        !(v = member(o, "statistics", "projection", w, sizeof w, err, errlen)) ||
        jsonio_object(v, w, mode_keys, err, errlen))
        return -1;
    for (int m = 0; m < 2; m++) {
        char wm[80];
        if (!(x = member(v, memory5d_mode_names[m], w, wm, sizeof wm, err, errlen)))
            return -1;
        for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++) {
            const cJSON *s =
                member(x, memory5d_difficulty_names[d], wm, w2, sizeof w2, err, errlen);
            if (!s || stats_read(s, w2, &p->stats[m][d], err, errlen))
                return -1;
        }
    }
    if (!(v = member(o, "lifetime", "projection", w, sizeof w, err, errlen)) ||
        stats_read(v, w, &p->lifetime, err, errlen) ||
        !(v = member(o, "elo", "projection", w, sizeof w, err, errlen)))
        return -1;
    for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++) {
        static const char *const elo_keys[] = {"rating", "aiRating", "matches", NULL};
        if (!(x = member(v, memory5d_difficulty_names[d], w, w2, sizeof w2, err, errlen)) ||
            jsonio_object(x, w2, elo_keys, err, errlen) ||
            read_i64(x, "rating", w2, -ID_LIMIT, &p->elo[d].rating, err, errlen) ||
            read_i64(x, "aiRating", w2, -ID_LIMIT, &p->elo[d].ai_rating, err, errlen) ||
            read_i64(x, "matches", w2, 0, &p->elo[d].matches, err, errlen))
            return -1;
    }
    static const char *const sp_keys[] = {"balance", "earned", "spent", NULL};
    if (!(v = member(o, "starPoints", "projection", w, sizeof w, err, errlen)) ||
        jsonio_object(v, w, sp_keys, err, errlen) ||
        read_i64(v, "balance", w, 0, &p->balance, err, errlen) ||
        read_i64(v, "earned", w, 0, &p->earned, err, errlen) ||
        read_i64(v, "spent", w, 0, &p->spent, err, errlen) ||
        !(v = member(o, "inventory", "projection", w, sizeof w, err, errlen)))
        return -1;
    const char *keys[MEMORY5D_POWERS + MEMORY5D_ACHIEVEMENTS + 1];
    memcpy(keys, memory5d_power_names, sizeof(char *) * MEMORY5D_POWERS);
    keys[MEMORY5D_POWERS] = NULL;
    if (jsonio_object(v, w, keys, err, errlen))
        return -1;
    for (int k = 0; k < MEMORY5D_POWERS; k++)
        if (read_i64(v, memory5d_power_names[k], w, 0, &p->inventory[k], err, errlen))
            return -1;
    memcpy(keys, memory5d_achievement_names, sizeof(char *) * MEMORY5D_ACHIEVEMENTS);
    keys[MEMORY5D_ACHIEVEMENTS] = NULL;
    if (!(v = member(o, "achievements", "projection", w, sizeof w, err, errlen)) ||
        jsonio_object(v, w, keys, err, errlen))
        return -1;
    for (int a = 0; a < MEMORY5D_ACHIEVEMENTS; a++)
        if (read_id(v, memory5d_achievement_names[a], w, 1, &p->achievements[a], err, errlen))
            return -1;
    return 0;
}
