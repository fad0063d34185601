/* Memory5D rules config: name tables and the strict loader of rules.json. */
#include "memory5d_config.h"

#include <stdio.h>
#include <string.h>

#include "jsonio.h"

const char *const memory5d_family_names[MEMORY5D_FAMILIES] = {"square", "circle",  "triangle",
                                                              "star",   "hexagon", "diamond"};
const char *const memory5d_hue_names[MEMORY5D_HUES] = {"red",    "green",  "blue",
                                                       "orange", "yellow", "purple"};
const char *const memory5d_difficulty_names[MEMORY5D_DIFFICULTIES] = {"easy", "normal", "hard",
                                                                      "expert"};
const char *const memory5d_power_names[MEMORY5D_POWERS] = {"reveal", "doublePoints", "wildcard",
                                                           "extraTurn"};
const char *const memory5d_player_names[MEMORY5D_PLAYERS] = {"A", "B"};
const char *const memory5d_objective_kind_names[MEMORY5D_OBJ_KINDS] = {"noMisses", "links",
                                                                       "streak", "blocks", "forks"};

int memory5d_name_index(const char *const *names, int count, const char *name)
{
    for (int i = 0; i < count; i++)
        if (strcmp(names[i], name) == 0)
            return i;
    return -1;
}

/* The ranges keep every later product (Mastery, Star Points) far inside 32 bits. */
int memory5d_json_int(const cJSON *obj, const char *key, const char *where, long long min,
                      long long max, int *out, char *err, size_t errlen)
{
    long long v;
    if (jsonio_int(obj, key, where, 1, min, max, &v, err, errlen) != 0)
        return -1;
    *out = (int)v;
    return 0;
}

/* A required member object with exactly the allowed keys; path receives its field path. */
static const cJSON *member(const cJSON *obj, const char *key, const char *where,
                           const char *const *allowed, char *path, size_t pathlen, char *err,
                           size_t errlen)
{
    snprintf(path, pathlen, "%s%s%s", where, *where ? "." : "", key);
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!item) {
        snprintf(err, errlen, "%s: missing", path);
        return NULL;
    }
    if (jsonio_object(item, path, allowed, err, errlen) != 0)
        return NULL;
    return item;
}

/* A short non-empty name copied into a fixed buffer. */
static int get_name(const cJSON *obj, const char *key, const char *where, char *out,
                    char *err, size_t errlen)
{
    const char *s;
    if (jsonio_string(obj, key, where, 1, MEMORY5D_NAME_LEN - 1, &s, err, errlen) != 0)
        return -1;
    if (!*s) {
        snprintf(err, errlen, "%s%s%s: expected a non-empty name, got \"\"", where,
                 *where ? "." : "", key);
        return -1;
    }
    snprintf(out, MEMORY5D_NAME_LEN, "%s", s);
    return 0;
}

static const char *const root_keys[] = {
    "format", "lineLength", "reweaveLimit", "maxGenerateAttempts", "familiesPerBoard",
    "huePairsPerBoard", "aiWorkBudget", "families", "textures",
    "difficulties", "mastery", "starPoints", "prices", "loadout", "revealProjectionMs",
    "draft", "elo", NULL};
static const char *const preset_keys[] = {"boardSize", "decisionMs", "keepAnchorOnMismatch",
                                          "timeoutResetsStreak", "aiDepth", "rotation",
                                          "multiplierPermille", NULL};
static const char *const mastery_keys[] = {"base", "blockOpenThree", "createFork",
                                           "completeLine", "streakStepPercent", "streakCap",
                                           "doublePointsFactor", NULL};
static const char *const stars_keys[] = {"completion", "win", "objectiveCap", "objectives", NULL};
static const char *const objective_keys[] = {"id", "kind", "threshold", "points", NULL};
static const char *const loadout_keys[] = {"maxCharges", "maxExtraTurn", NULL};
static const char *const draft_keys[] = {"copiesPerPower", "pickOrder", "pickDeadlineMs", NULL};
static const char *const elo_keys[] = {"k", "scale", "initial", NULL};

/* Name tables as NULL-terminated allowed-key lists for jsonio_object. */
static const char *const family_keys[] = {"square", "circle", "triangle", "star",
                                          "hexagon", "diamond", NULL};
static const char *const hue_keys[] = {"red", "green", "blue", "orange", "yellow", "purple", NULL};
static const char *const difficulty_keys[] = {"easy", "normal", "hard", "expert", NULL};
static const char *const power_keys[] = {"reveal", "doublePoints", "wildcard", "extraTurn", NULL};

static int load_variants(const cJSON *root, memory5d_config *cfg, char *err, size_t errlen)
{
    char path[64];
    const cJSON *fams = member(root, "families", "", family_keys, path, sizeof path, err, errlen);
    if (!fams)
        return -1;
    for (int f = 0; f < MEMORY5D_FAMILIES; f++) {
        const cJSON *list;
        if (jsonio_array(fams, memory5d_family_names[f], path, 1, 2, MEMORY5D_MAX_VARIANTS, &list,
                         err, errlen) != 0)
            return -1;
        cfg->variant_count[f] = cJSON_GetArraySize(list);
        int i = 0;
        for (const cJSON *v = list->child; v; v = v->next, i++) {
            char got[64];
            jsonio_describe(v, got, sizeof got);
            if (!cJSON_IsString(v) || !*v->valuestring ||
                strlen(v->valuestring) >= MEMORY5D_NAME_LEN) {
                snprintf(err, errlen, "families.%s[%d]: expected a name of 1 to %d characters, got %s",
                         memory5d_family_names[f], i, MEMORY5D_NAME_LEN - 1, got);
                return -1;
            }
            for (int j = 0; j < i; j++)
                if (strcmp(cfg->variant_names[f][j], v->valuestring) == 0) {
                    snprintf(err, errlen, "families.%s[%d]: duplicate variant %s",
                             memory5d_family_names[f], i, got);
                    return -1;
                }
            snprintf(cfg->variant_names[f][i], MEMORY5D_NAME_LEN, "%s", v->valuestring);
        }
    }
    return 0;
}

static int load_textures(const cJSON *root, memory5d_config *cfg, char *err, size_t errlen)
{
    char path[64];
    const cJSON *tex = member(root, "textures", "", hue_keys, path, sizeof path, err, errlen);
    if (!tex)
        return -1;
    for (int h = 0; h < MEMORY5D_HUES; h++) {
        if (get_name(tex, memory5d_hue_names[h], path, cfg->texture_names[h], err, errlen) != 0)
            return -1;
        /* Texture is the accessibility cue for hue, so two hues may not share one. */
        for (int j = 0; j < h; j++)
            if (strcmp(cfg->texture_names[j], cfg->texture_names[h]) == 0) {
                snprintf(err, errlen, "textures.%s: \"%s\" is already the texture of %s",
                         memory5d_hue_names[h], cfg->texture_names[h], memory5d_hue_names[j]);
                return -1;
            }
    }
    return 0;
}

static int load_presets(const cJSON *root, memory5d_config *cfg, char *err, size_t errlen)
{
    char path[64], where[96];
    const cJSON *diffs = member(root, "difficulties", "", difficulty_keys, path, sizeof path, err,
                                errlen);
    if (!diffs)
        return -1;
    for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++) {
        const cJSON *p = member(diffs, memory5d_difficulty_names[d], path, preset_keys, where,
                                sizeof where, err, errlen);
        if (!p)
            return -1;
        memory5d_preset *ps = &cfg->presets[d];
        if (memory5d_json_int(p, "boardSize", where, 4, MEMORY5D_MAX_SIZE, &ps->board_size, err,
                              errlen) ||
            memory5d_json_int(p, "decisionMs", where, 1000, 600000, &ps->decision_ms, err,
                              errlen) ||
            jsonio_bool(p, "keepAnchorOnMismatch", where, 1, &ps->keep_anchor_on_mismatch, err,
                        errlen) ||
            jsonio_bool(p, "timeoutResetsStreak", where, 1, &ps->timeout_resets_streak, err,
                        errlen) ||
            memory5d_json_int(p, "aiDepth", where, 1, 8, &ps->ai_depth, err, errlen) ||
            jsonio_bool(p, "rotation", where, 1, &ps->rotation, err, errlen) ||
            memory5d_json_int(p, "multiplierPermille", where, 100, 10000, &ps->multiplier_permille,
                              err, errlen))
            return -1;
        if (ps->board_size < cfg->line_length) {
            snprintf(err, errlen, "%s.boardSize: %d is smaller than lineLength %d", where,
                     ps->board_size, cfg->line_length);
            return -1;
        }
    }
    return 0;
}

static int load_scoring(const cJSON *root, memory5d_config *cfg, char *err, size_t errlen)
{
    char path[64], where[96];
    const cJSON *m = member(root, "mastery", "", mastery_keys, path, sizeof path, err, errlen);
    if (!m || memory5d_json_int(m, "base", path, 1, 10000, &cfg->mastery.base, err, errlen) ||
        memory5d_json_int(m, "blockOpenThree", path, 0, 10000, &cfg->mastery.block_open_three, err,
                          errlen) ||
        memory5d_json_int(m, "createFork", path, 0, 10000, &cfg->mastery.create_fork, err,
                          errlen) ||
        memory5d_json_int(m, "completeLine", path, 0, 10000, &cfg->mastery.complete_line, err,
                          errlen) ||
        memory5d_json_int(m, "streakStepPercent", path, 0, 100, &cfg->mastery.streak_step_percent,
                          err, errlen) ||
        memory5d_json_int(m, "streakCap", path, 0, 20, &cfg->mastery.streak_cap, err, errlen) ||
        memory5d_json_int(m, "doublePointsFactor", path, 1, 10, &cfg->mastery.double_points_factor,
                          err, errlen))
        return -1;

    const cJSON *s = member(root, "starPoints", "", stars_keys, path, sizeof path, err, errlen);
    if (!s ||
        memory5d_json_int(s, "completion", path, 0, 1000, &cfg->stars.completion, err, errlen) ||
        memory5d_json_int(s, "win", path, 0, 1000, &cfg->stars.win, err, errlen) ||
        memory5d_json_int(s, "objectiveCap", path, 0, 1000, &cfg->stars.objective_cap, err, errlen))
        return -1;
    const cJSON *objs;
    if (jsonio_array(s, "objectives", path, 1, 0, MEMORY5D_MAX_OBJECTIVES, &objs, err, errlen) != 0)
        return -1;
    cfg->stars.objective_count = 0;
    int i = 0;
    for (const cJSON *o = objs->child; o; o = o->next, i++) {
        snprintf(where, sizeof where, "starPoints.objectives[%d]", i);
        memory5d_objective *ob = &cfg->stars.objectives[i];
        if (jsonio_object(o, where, objective_keys, err, errlen) ||
            get_name(o, "id", where, ob->id, err, errlen) ||
            jsonio_enum(o, "kind", where, 1, memory5d_objective_kind_names, MEMORY5D_OBJ_KINDS,
                        &ob->kind, err, errlen) ||
            memory5d_json_int(o, "threshold", where, 0, 1000, &ob->threshold, err, errlen) ||
            memory5d_json_int(o, "points", where, 0, 1000, &ob->points, err, errlen))
            return -1;
        for (int j = 0; j < i; j++)
            if (strcmp(cfg->stars.objectives[j].id, ob->id) == 0) {
                snprintf(err, errlen, "%s.id: duplicate id \"%s\"", where, ob->id);
                return -1;
            }
        cfg->stars.objective_count = i + 1;
    }
    return 0;
}

static int load_arcade(const cJSON *root, memory5d_config *cfg, char *err, size_t errlen)
{
    char path[64];
    const cJSON *pr = member(root, "prices", "", power_keys, path, sizeof path, err, errlen);
    if (!pr)
        return -1;
    for (int p = 0; p < MEMORY5D_POWERS; p++)
        if (memory5d_json_int(pr, memory5d_power_names[p], path, 1, 100000, &cfg->power_price[p],
                              err, errlen))
            return -1;

    const cJSON *lo = member(root, "loadout", "", loadout_keys, path, sizeof path, err, errlen);
    if (!lo ||
        memory5d_json_int(lo, "maxCharges", path, 1, 10, &cfg->loadout_max_charges, err, errlen) ||
        memory5d_json_int(lo, "maxExtraTurn", path, 0, 10, &cfg->loadout_max_extra_turn, err,
                          errlen))
        return -1;
    if (cfg->loadout_max_extra_turn > cfg->loadout_max_charges) {
        snprintf(err, errlen, "loadout.maxExtraTurn: %d is more than loadout.maxCharges %d",
                 cfg->loadout_max_extra_turn, cfg->loadout_max_charges);
        return -1;
    }

    const cJSON *dr = member(root, "draft", "", draft_keys, path, sizeof path, err, errlen);
    if (!dr ||
        memory5d_json_int(dr, "copiesPerPower", path, 1, 4, &cfg->draft.copies_per_power, err,
                          errlen) ||
        memory5d_json_int(dr, "pickDeadlineMs", path, 1000, 600000, &cfg->draft.pick_deadline_ms,
                          err, errlen))
        return -1;
    const cJSON *order;
    if (jsonio_array(dr, "pickOrder", path, 1, 1, MEMORY5D_MAX_PICKS, &order, err, errlen) != 0)
        return -1;
    int n = 0, per[MEMORY5D_PLAYERS] = {0, 0};
    for (const cJSON *o = order->child; o; o = o->next, n++) {
        int who = cJSON_IsString(o)
                      ? memory5d_name_index(memory5d_player_names, MEMORY5D_PLAYERS, o->valuestring)
                      : -1;
        if (who < 0) {
            char got[64];
            jsonio_describe(o, got, sizeof got);
            snprintf(err, errlen, "draft.pickOrder[%d]: expected A/B, got %s", n, got);
            return -1;
        }
        cfg->draft.pick_order[n] = who;
        per[who]++;
    }
    cfg->draft.pick_count = n;
    if (n > cfg->draft.copies_per_power * MEMORY5D_POWERS) {
        snprintf(err, errlen, "draft.pickOrder: %d picks but the pool holds only %d cards", n,
                 cfg->draft.copies_per_power * MEMORY5D_POWERS);
        return -1;
    }
    for (int p = 0; p < MEMORY5D_PLAYERS; p++)
        if (per[p] > cfg->loadout_max_charges) {
            snprintf(err, errlen, "draft.pickOrder: player %s picks %d cards, more than "
                     "loadout.maxCharges %d", memory5d_player_names[p], per[p],
                     cfg->loadout_max_charges);
            return -1;
        }

    const cJSON *el = member(root, "elo", "", elo_keys, path, sizeof path, err, errlen);
    if (!el || memory5d_json_int(el, "k", path, 1, 100, &cfg->elo.k, err, errlen) ||
        memory5d_json_int(el, "scale", path, 100, 1000, &cfg->elo.scale, err, errlen) ||
        memory5d_json_int(el, "initial", path, 0, 4000, &cfg->elo.initial, err, errlen))
        return -1;
    return 0;
}

int memory5d_config_from_json(const cJSON *doc, memory5d_config *out, char *err, size_t errlen)
{
    memory5d_config cfg;
    memset(&cfg, 0, sizeof cfg);
    if (jsonio_object(doc, "", root_keys, err, errlen) != 0)
        return -1;
    static const char *const formats[] = {MEMORY5D_RULES_FORMAT};
    int fmt;
    if (jsonio_enum(doc, "format", "", 1, formats, 1, &fmt, err, errlen) ||
        memory5d_json_int(doc, "lineLength", "", 3, MEMORY5D_MAX_LINE, &cfg.line_length, err,
                          errlen) ||
        memory5d_json_int(doc, "reweaveLimit", "", 0, 10, &cfg.reweave_limit, err, errlen) ||
        memory5d_json_int(doc, "maxGenerateAttempts", "", 1, MEMORY5D_MAX_GENERATE_ATTEMPTS, &cfg.max_generate_attempts, err,
                          errlen) ||
        memory5d_json_int(doc, "aiWorkBudget", "", 10000, MEMORY5D_MAX_AI_WORK, &cfg.ai_work_budget, err,
                          errlen) ||
        memory5d_json_int(doc, "familiesPerBoard", "", 1, MEMORY5D_FAMILIES,
                          &cfg.families_per_board, err, errlen) ||
        memory5d_json_int(doc, "huePairsPerBoard", "", 1, MEMORY5D_HUES / 2,
                          &cfg.hue_pairs_per_board, err, errlen) ||
        memory5d_json_int(doc, "revealProjectionMs", "", 0, 60000, &cfg.reveal_projection_ms, err,
                          errlen) ||
        load_variants(doc, &cfg, err, errlen) || load_textures(doc, &cfg, err, errlen) ||
        load_presets(doc, &cfg, err, errlen) || load_scoring(doc, &cfg, err, errlen) ||
        load_arcade(doc, &cfg, err, errlen))
        return -1;
    *out = cfg;
    return 0;
}

int memory5d_config_load(const char *path, memory5d_config *cfg, char *err, size_t errlen)
{
    char inner[384];
    cJSON *doc = jsonio_read_file_max(path, JSONIO_LIMIT_CONFIG, err, errlen);
    if (!doc)
        return -1;
    int rc = memory5d_config_from_json(doc, cfg, inner, sizeof inner);
    cJSON_Delete(doc);
    if (rc != 0)
        snprintf(err, errlen, "%s: %s", path, inner);
    return rc;
}
