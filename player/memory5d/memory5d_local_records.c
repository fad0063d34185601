/* Memory5D local records in the player: which database (--records, else the user data
 * folder; none headless), the window-less --export / --import job, what the records show
 * (reloaded after every change), the chosen profile, recording each finished match for it,
 * and its inventory (the loadout's bound). All through the store. */
#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonio.h"
#include "memory5d_ui.h"
#include "memory5d/memory5d_json.h"

/* The database path: --records, else (live only) the user data folder's file; "" for none. */
static void db_path(const scene_env *env, char *buf, size_t n)
{
    const char *given = scene_arg_value(env, "records", NULL);
    buf[0] = '\0';
    if (given) {
        snprintf(buf, n, "%s", given);
    } else if (!env->headless) {
        char *pref = SDL_GetPrefPath("cozy-craft", "find-the-odd-shape");
        if (pref) {
            snprintf(buf, n, "%s%s", pref, MEMORY5D_LOCAL_RECORDS_FILE);
            SDL_free(pref);
        }
    }
}

int memory5d_local_records_batch(const scene_env *env, char *err, size_t errlen)
{
    int gx, gi;
    const char *ex = scene_arg_value(env, "export", &gx);
    const char *im = scene_arg_value(env, "import", &gi);
    if (!gx && !gi)
        return -1;
    if (gx && gi) {
        snprintf(err, errlen, "memory5d: --export and --import cannot be given together");
        return 2;
    }
    char path[1100];
    db_path(env, path, sizeof path);
    if (!path[0]) {
        snprintf(err, errlen, "memory5d: --%s needs --records DB (headless runs have no default "
                 "database)", gx ? "export" : "import");
        return 2;
    }
    char inner[900];
    int rc = gx ? memory5d_records_export(path, ex, inner, sizeof inner)
                : memory5d_records_import(path, im, inner, sizeof inner);
    if (rc != MEMORY5D_RECORDS_OK)
        snprintf(err, errlen, "memory5d: %s", inner);
    return rc;
}

void memory5d_local_records_refresh(memory5d_scene_state *sc)
{
    char err[600];
    memory5d_records_screen_view *v = &sc->rec;
    free(v->profiles);
    v->profiles = NULL;
    v->profile_count = 0;
    memory5d_records_data_free(&v->data);
    memset(&v->data, 0, sizeof v->data);
    v->has_proj = 0;
    if (!sc->store)
        return;
    sc->profile = memory5d_store_profile_chosen(sc->store);
    if (memory5d_store_profiles(sc->store, &v->profiles, &v->profile_count, err, sizeof err) ||
        memory5d_store_load(sc->store, &v->data, err, sizeof err)) {
        memory5d_warn(sc, "memory5d: records: %.450s", err);
        return;
    }
    if (sc->profile > 0 &&
        memory5d_store_projection(sc->store, sc->profile, &v->proj, err, sizeof err) == 0)
        v->has_proj = 1;
    /* the chosen profile's matches, newest first */
    v->history_count = 0;
    for (size_t i = v->data.match_count; i-- > 0 && v->history_count < MEMORY5D_HISTORY_ROWS;)
        if (v->data.matches[i].profile == sc->profile)
            v->history[v->history_count++] = (int)i;
    if (v->selected >= v->history_count)
        v->selected = v->history_count - 1;
}

int memory5d_local_records_open(memory5d_scene_state *sc, const char *rules_path, char *err,
                                size_t errlen)
{
    char inner[900];
    db_path(&sc->env, sc->db_path, sizeof sc->db_path);
    if (!sc->db_path[0])
        return 0; /* headless without --records: nothing is recorded */
    cJSON *doc = jsonio_read_file(rules_path, inner, sizeof inner);
    if (doc) {
        sc->rules_text = cJSON_PrintUnformatted(doc);
        cJSON_Delete(doc);
    }
    if (!sc->rules_text) {
        snprintf(err, errlen, "%s", doc ? "out of memory" : inner);
        return -1;
    }
    if (memory5d_store_open(sc->db_path, MEMORY5D_STORE_CREATE, &sc->store, inner,
                            sizeof inner) != 0) {
        sc->store = NULL;
        if (scene_arg_value(&sc->env, "records", NULL)) {
            snprintf(err, errlen, "%s", inner);
            return -1;
        }
        /* the default database: one warning, and the game plays on without records */
        memory5d_warn(sc, "memory5d: records: %.400s; playing without records", inner);
        return 0;
    }
    memory5d_local_records_refresh(sc);
    /* a first run (a new database: no player's profile) shows its new profile at once,
     * Star Points 0, rather than an empty records line */
    int players = 0;
    for (size_t i = 0; i < sc->rec.profile_count; i++)
        players += !sc->rec.profiles[i].tutorial;
    if (!players && memory5d_local_records_profile(sc, 0) > 0)
        memory5d_local_records_refresh(sc);
    memory5d_clamp_loadout(sc);
    return 0;
}

/* The hash the records store for a rules file: of its unformatted JSON, so a copy that only
 * changes the layout is still the shipped rules; NULL for an unreadable file. */
static int rules_hash(const char *path, char out[MEMORY5D_RECORDS_HASH_LEN + 1])
{
    char inner[400];
    cJSON *doc = jsonio_read_file(path, inner, sizeof inner);
    char *text = doc ? cJSON_PrintUnformatted(doc) : NULL;
    cJSON_Delete(doc);
    if (!text)
        return -1;
    memory5d_records_hash(text, strlen(text), out);
    free(text);
    return 0;
}

int memory5d_local_records_custom(const char *rules_path, const char *shipped_path)
{
    char a[MEMORY5D_RECORDS_HASH_LEN + 1], b[MEMORY5D_RECORDS_HASH_LEN + 1];
    if (rules_hash(rules_path, a) != 0 || rules_hash(shipped_path, b) != 0)
        return 1; /* not provably the shipped rules */
    return strcmp(a, b) != 0;
}

void memory5d_local_records_close(memory5d_scene_state *sc)
{
    memory5d_store_close(sc->store);
    sc->store = NULL;
    free(sc->rules_text);
    sc->rules_text = NULL;
}

/* A store error: a warning line for stderr and the caption; the match itself goes on. */
static void failed(memory5d_scene_state *sc, int64_t now, const char *what, const char *err)
{
    memory5d_warn(sc, "memory5d: records: %s: %.380s", what, err);
    memory5d_caption(sc, now, "Records: %s failed: %.300s", what, err);
}

/* The chosen profile, creating and choosing "Player 1" (or the next free number) at first. */
int64_t memory5d_local_records_profile(memory5d_scene_state *sc, int64_t now)
{
    if (!sc->store)
        return 0;
    if (sc->profile > 0)
        return sc->profile;
    char err[400], name[MEMORY5D_RECORDS_NAME_MAX + 1];
    for (int i = 1; i < 100 && sc->profile <= 0; i++) {
        snprintf(name, sizeof name, "Player %d", i);
        sc->profile = memory5d_store_profile_create(sc->store, name, err, sizeof err);
    }
    if (sc->profile <= 0 ||
        memory5d_store_profile_choose(sc->store, sc->profile, err, sizeof err) != 0) {
        failed(sc, now, "creating a profile", err);
        sc->profile = 0;
        return 0;
    }
    memory5d_ev_records(sc, now, "create-profile", sc->profile, 1, NULL);
    return sc->profile;
}

void memory5d_local_records_match(memory5d_scene_state *sc, int64_t now)
{
    /* Every finished match but a lesson, for the chosen profile as A: against the AI or
     * hot-seat (the opponent is in the snapshot), drafted or not (the picks are). */
    if (!sc->store || sc->tutorial)
        return;
    int64_t p = memory5d_local_records_profile(sc, now);
    if (p <= 0)
        return;
    memory5d_records_play play = {
        .seat = 0, .opponent = sc->vs_ai ? MEMORY5D_OPPONENT_AI : MEMORY5D_OPPONENT_HUMAN};
    if (sc->drafted) {
        play.draft_picks = sc->draft.pick;
        memcpy(play.draft, sc->draft.taken, sizeof play.draft);
    }
    char err[600];
    cJSON *log = memory5d_log_to_json(&sc->def, &sc->log, &sc->st);
    char *text = log ? cJSON_PrintUnformatted(log) : NULL;
    cJSON_Delete(log);
    int64_t id = text ? memory5d_store_record_match(sc->store, p, sc->rules_text, text, &play,
                                                    err, sizeof err)
                      : -1;
    if (!text)
        snprintf(err, sizeof err, "out of memory");
    free(text);
    if (id < 0)
        failed(sc, now, "recording the match", err);
    memory5d_ev_records(sc, now, "record-match", p, id >= 0, id >= 0 ? NULL : err);
    memory5d_local_records_refresh(sc); /* the balance and the inventory the match changed */
    memory5d_clamp_loadout(sc);
}

int64_t memory5d_owned(const memory5d_scene_state *sc, int power)
{
    return sc->rec.has_proj ? sc->rec.proj.inventory[power] : 0;
}

void memory5d_clamp_loadout(memory5d_scene_state *sc)
{
    for (int p = 0; p < MEMORY5D_POWERS; p++)
        if (sc->loadout[p] > memory5d_owned(sc, p))
            sc->loadout[p] = (int)memory5d_owned(sc, p);
}
