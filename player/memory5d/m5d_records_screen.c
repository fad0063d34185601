/* Memory5D records screen, input side: choosing, creating and renaming profiles, the match
 * history (a finished match replayed read only from its snapshot), backup export/import and
 * the three deletions, each behind its own confirmation with the store's own description. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "m5d_scene.h"

static const char *const deletion_actions[3] = {"reset-statistics", "delete-profile",
                                                "delete-everything"};

void m5d_records_button(int i, double *x, double *y, double *w, double *h)
{
    *x = 70;
    *y = 170 + i * 88;
    *w = 400;
    *h = 68;
}

void m5d_records_history_row(int i, double *x, double *y, double *w, double *h)
{
    *x = 1070;
    *y = 610 + i * 48;
    *w = 260;
    *h = 44;
}

void m5d_records_confirm_button(int i, double *x, double *y, double *w, double *h)
{
    *x = 640 + i * 340;
    *y = 650;
    *w = 300;
    *h = 72;
}

/* Reloads what the screen shows: profiles, the chosen one's projection, its history. */
void m5d_records_refresh(m5d_scene *sc)
{
    char err[600];
    m5d_records_view *v = &sc->rec;
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
        snprintf(sc->warning, sizeof sc->warning, "memory5d: records: %.450s", err);
        return;
    }
    if (sc->profile > 0 &&
        memory5d_store_projection(sc->store, sc->profile, &v->proj, err, sizeof err) == 0)
        v->has_proj = 1;
    /* the chosen profile's matches, newest first */
    v->history_count = 0;
    for (size_t i = v->data.match_count; i-- > 0 && v->history_count < M5D_HISTORY_ROWS;)
        if (v->data.matches[i].profile == sc->profile)
            v->history[v->history_count++] = (int)i;
    if (v->selected >= v->history_count)
        v->selected = v->history_count - 1;
}

/* The selected history entry replayed from its snapshot alone (read only, never stepped). */
int m5d_records_replay_selected(m5d_scene *sc, memory5d_records_match *out)
{
    m5d_records_view *v = &sc->rec;
    if (v->selected < 0 || v->selected >= v->history_count)
        return -1;
    const memory5d_records_snapshot *m = &v->data.matches[v->history[v->selected]];
    char err[300];
    for (size_t r = 0; r < v->data.rules_count; r++)
        if (!strcmp(v->data.rules[r].hash, m->rules))
            return memory5d_records_replay(v->data.rules[r].text, m->log, &m->play, out, err,
                                           sizeof err);
    return -1;
}

void m5d_records_enter(m5d_scene *sc, int64_t now)
{
    sc->screen = M5D_RECORDS;
    sc->rec.focus = 0;
    sc->rec.confirm = 0;
    sc->rec.editing = 0;
    sc->rec.selected = 0;
    m5d_records_refresh(sc);
    m5d_ev_screen(sc, now, "records");
    if (!sc->store)
        m5d_caption(sc, now, "No records database: headless runs keep records only with "
                    "--records FILE.");
    else
        m5d_caption(sc, now, "Records are kept on this computer only. Up/Down and Enter; "
                    "Escape goes back.");
}

static void done(m5d_scene *sc, int64_t now, const char *action, int ok, const char *err,
                 const char *fmt, const char *arg)
{
    m5d_ev_records(sc, now, action, sc->profile, ok, ok ? NULL : err);
    if (ok)
        m5d_caption(sc, now, fmt, arg);
    else
        m5d_caption(sc, now, "Not done: %.400s", err);
    audio_play(sc->env.audio, ok ? AUDIO_SFX_BUTTON_CONFIRM : AUDIO_SFX_INVALID);
    m5d_records_refresh(sc);
}

static void choose_next(m5d_scene *sc, int64_t now)
{
    m5d_records_view *v = &sc->rec;
    char err[400] = "no other profile";
    int n = 0, at = -1;
    int64_t ids[256];
    for (size_t i = 0; i < v->profile_count && n < 256; i++)
        if (!v->profiles[i].tutorial) {
            if (v->profiles[i].id == sc->profile)
                at = n;
            ids[n++] = v->profiles[i].id;
        }
    int ok = n > 0 && memory5d_store_profile_choose(sc->store, ids[(at + 1) % n], err,
                                                    sizeof err) == 0;
    if (ok)
        sc->profile = ids[(at + 1) % n];
    done(sc, now, "choose-profile", ok, err, "Profile chosen.%s", "");
}

static void commit_name(m5d_scene *sc, int64_t now)
{
    m5d_records_view *v = &sc->rec;
    char err[400];
    int creating = v->editing == 1, ok;
    v->editing = 0;
    if (creating) {
        int64_t id = memory5d_store_profile_create(sc->store, v->name, err, sizeof err);
        ok = id > 0 && memory5d_store_profile_choose(sc->store, id, err, sizeof err) == 0;
        if (ok)
            sc->profile = id;
    } else {
        ok = memory5d_store_profile_rename(sc->store, sc->profile, v->name, err, sizeof err) == 0;
    }
    done(sc, now, creating ? "create-profile" : "rename-profile", ok, err,
         creating ? "Profile \"%s\" created and chosen." : "Profile renamed to \"%s\".", v->name);
}

/* The backup file beside the database (the screen's export and import). */
static void backup_path(const m5d_scene *sc, char *buf, size_t n)
{
    snprintf(buf, n, "%s%s", sc->db_path, M5D_BACKUP_SUFFIX);
}

static void backup(m5d_scene *sc, int import, int64_t now)
{
    char path[1200], err[600];
    backup_path(sc, path, sizeof path);
    int rc;
    if (import) {
        /* the file replaces the database's content: close it, import, open it again */
        memory5d_store_close(sc->store);
        sc->store = NULL;
        rc = memory5d_records_import(sc->db_path, path, err, sizeof err);
        char oerr[400];
        if (memory5d_store_open(sc->db_path, MEMORY5D_STORE_CREATE, &sc->store, oerr,
                                sizeof oerr) != 0) {
            snprintf(sc->warning, sizeof sc->warning, "memory5d: records: %.400s", oerr);
            sc->store = NULL;
        }
    } else {
        rc = memory5d_records_export(sc->db_path, path, err, sizeof err);
    }
    done(sc, now, import ? "import" : "export", rc == MEMORY5D_RECORDS_OK, err,
         import ? "Imported %s: the records are the backup's." : "Exported the records to %s.",
         path);
}

static void ask(m5d_scene *sc, int deletion, int64_t now)
{
    char err[400];
    m5d_records_view *v = &sc->rec;
    if (deletion != MEMORY5D_STORE_DELETE_EVERYTHING && sc->profile <= 0) {
        m5d_caption(sc, now, "No profile is chosen.");
        return;
    }
    if (memory5d_store_describe(sc->store, deletion, sc->profile, v->confirm_text,
                                sizeof v->confirm_text, err, sizeof err) != 0) {
        m5d_caption(sc, now, "Not done: %.400s", err);
        return;
    }
    v->confirm = deletion + 1;
    v->confirm_focus = 1; /* Cancel: a destructive choice is never the default */
    char action[40];
    snprintf(action, sizeof action, "ask-%s", deletion_actions[deletion]);
    m5d_ev_records(sc, now, action, sc->profile, 1, v->confirm_text);
    m5d_caption(sc, now, "Read what it removes, then Confirm or Cancel (Escape).");
}

static void confirm(m5d_scene *sc, int yes, int64_t now)
{
    int deletion = sc->rec.confirm - 1, rc = 0;
    char err[400] = "";
    sc->rec.confirm = 0;
    if (!yes) {
        done(sc, now, "cancel", 1, err, "Cancelled: nothing was removed.%s", "");
        return;
    }
    switch (deletion) {
    case MEMORY5D_STORE_RESET_STATISTICS:
        rc = memory5d_store_reset_statistics(sc->store, sc->profile, err, sizeof err);
        break;
    case MEMORY5D_STORE_DELETE_PROFILE:
        rc = memory5d_store_delete_profile(sc->store, sc->profile, err, sizeof err);
        break;
    default: rc = memory5d_store_delete_everything(sc->store, err, sizeof err); break;
    }
    done(sc, now, deletion_actions[deletion], rc == 0, err, "Done: %s.",
         (const char *[]){"statistics reset", "profile deleted", "everything deleted"}[deletion]);
}

static void activate(m5d_scene *sc, int i, int64_t now)
{
    if (i == M5D_REC_BACK) {
        m5d_lobby_enter(sc, now);
        return;
    }
    if (!sc->store) {
        m5d_caption(sc, now, "No records database: run with --records FILE.");
        return;
    }
    switch (i) {
    case M5D_REC_NEXT: choose_next(sc, now); break;
    case M5D_REC_CREATE:
    case M5D_REC_RENAME:
        if (i == M5D_REC_RENAME && sc->profile <= 0) {
            m5d_caption(sc, now, "No profile is chosen.");
            break;
        }
        sc->rec.editing = i == M5D_REC_CREATE ? 1 : 2;
        sc->rec.name[0] = '\0';
        m5d_caption(sc, now, "Type the profile's name, then Enter (Escape cancels).");
        break;
    case M5D_REC_RESET: ask(sc, MEMORY5D_STORE_RESET_STATISTICS, now); break;
    case M5D_REC_DELETE: ask(sc, MEMORY5D_STORE_DELETE_PROFILE, now); break;
    case M5D_REC_DELETE_ALL: ask(sc, MEMORY5D_STORE_DELETE_EVERYTHING, now); break;
    case M5D_REC_EXPORT: backup(sc, 0, now); break;
    case M5D_REC_IMPORT: backup(sc, 1, now); break;
    default: break;
    }
}

static int hit(double px, double py, void (*box)(int, double *, double *, double *, double *),
               int count)
{
    for (int i = 0; i < count; i++) {
        double x, y, w, h;
        box(i, &x, &y, &w, &h);
        if (px >= x && px < x + w && py >= y && py < y + h)
            return i;
    }
    return -1;
}

static void name_input(m5d_scene *sc, const player_input *in, int64_t now)
{
    m5d_records_view *v = &sc->rec;
    size_t len = strlen(v->name);
    if (in->key == PK_ENTER) {
        commit_name(sc, now);
    } else if (in->key == PK_ESCAPE) {
        v->editing = 0;
        m5d_caption(sc, now, "Cancelled.");
    } else if (in->key == PK_BACKSPACE) {
        if (len)
            v->name[len - 1] = '\0';
    } else if (in->ch >= ' ' && in->ch < 127 && len < MEMORY5D_RECORDS_NAME_MAX) {
        v->name[len] = in->ch;
        v->name[len + 1] = '\0';
    }
}

void m5d_records_input(m5d_scene *sc, const player_input *in, int64_t now)
{
    m5d_records_view *v = &sc->rec;
    int click = in->kind == PIN_CLICK || in->kind == PIN_TOUCH_UP;
    if (v->confirm) {
        int c = -1;
        if (click)
            c = hit(in->x, in->y, m5d_records_confirm_button, 2);
        else if (in->kind == PIN_KEY && (in->key == PK_LEFT || in->key == PK_RIGHT ||
                                         in->key == PK_TAB))
            v->confirm_focus = !v->confirm_focus;
        else if (in->kind == PIN_KEY && (in->key == PK_ENTER || in->key == PK_SPACE))
            c = v->confirm_focus;
        else if (in->kind == PIN_KEY && in->key == PK_ESCAPE)
            c = 1;
        if (c >= 0)
            confirm(sc, c == 0, now);
        return;
    }
    if (v->editing) {
        if (in->kind == PIN_KEY)
            name_input(sc, in, now);
        return;
    }
    if (click) {
        sc->keyboard = 0;
        int b = hit(in->x, in->y, m5d_records_button, M5D_REC_BUTTONS);
        int r = hit(in->x, in->y, m5d_records_history_row, v->history_count);
        if (b >= 0) {
            v->focus = b;
            activate(sc, b, now);
        } else if (r >= 0) {
            v->selected = r;
        }
        return;
    }
    if (in->kind != PIN_KEY)
        return;
    sc->keyboard = 1;
    switch (in->key) {
    case PK_UP: v->focus = (v->focus + M5D_REC_BUTTONS - 1) % M5D_REC_BUTTONS; break;
    case PK_DOWN:
    case PK_TAB: v->focus = (v->focus + 1) % M5D_REC_BUTTONS; break;
    /* Left/Right walk the match history (the replayed board beside it follows) */
    case PK_LEFT:
        if (v->selected > 0)
            v->selected--;
        break;
    case PK_RIGHT:
        if (v->selected + 1 < v->history_count)
            v->selected++;
        break;
    case PK_ENTER:
    case PK_SPACE: activate(sc, v->focus, now); break;
    case PK_ESCAPE: activate(sc, M5D_REC_BACK, now); break;
    default: break;
    }
}
