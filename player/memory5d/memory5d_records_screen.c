/* Memory5D records screen: choosing, creating and renaming profiles, the match history (a
 * finished match replayed read only from its snapshot), backup export/import and the three
 * deletions, each behind its own confirmation with the store's own description. Its drawing:
 * the profile, statistics per mode, Classic Elo per difficulty, achievements, Star Points and
 * inventory, the history with the selected match's final board, and the confirmations. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonio.h"
#include "memory5d_ui.h"
#include "memory5d/memory5d_records_json.h"

#define INK 0x2B2723
#define INK2 0x6B645A
#define PANEL 0xFBF8F2
#define EDGE 0x8C8478

static const char *const deletion_actions[3] = {"reset-statistics", "delete-profile",
                                                "delete-everything"};

/* The first history entry shown: the list scrolls to keep the selected one in view. */
static int history_first(const memory5d_records_screen_view *v)
{
    return memory5d_layout_history_first(v->selected, v->history_count);
}

/* The selected history entry replayed from its snapshot alone (read only, never stepped). */
static int replay_selected(memory5d_scene_state *sc, memory5d_records_match *out)
{
    memory5d_records_screen_view *v = &sc->rec;
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

void memory5d_records_screen_enter(memory5d_scene_state *sc, int64_t now)
{
    sc->rec.focus = 0;
    sc->rec.confirm = 0;
    sc->rec.editing = 0;
    sc->rec.selected = 0;
    memory5d_local_records_refresh(sc);
    if (!sc->store)
        memory5d_caption(sc, now,
                         "No records database: headless runs keep records only with "
                         "--records FILE.");
    else
        memory5d_caption(sc, now,
                         "Records are kept on this computer only. Up/Down and Enter; "
                         "Escape goes back.");
}

static void done(memory5d_scene_state *sc, int64_t now, const char *action, int ok, const char *err,
                 const char *fmt, const char *arg)
{
    memory5d_ev_records(sc, now, action, sc->profile, ok, ok ? NULL : err);
    if (ok)
        memory5d_caption(sc, now, fmt, arg);
    else /* the store's words (field names, hashes) go to the events log above */
        memory5d_caption(sc, now, "%s",
                         !strcmp(action, "import")
                             ? "Not imported: the backup file is damaged or not a Memory5D "
                               "backup. Your records are unchanged."
                             : "Not done: the records could not make this change. Nothing "
                               "changed.");
    audio_play(sc->env.audio, ok ? AUDIO_SFX_BUTTON_CONFIRM : AUDIO_SFX_INVALID);
    memory5d_local_records_refresh(sc);
}

static void choose_next(memory5d_scene_state *sc, int64_t now)
{
    memory5d_records_screen_view *v = &sc->rec;
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

static void commit_name(memory5d_scene_state *sc, int64_t now)
{
    memory5d_records_screen_view *v = &sc->rec;
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
static void backup_path(const memory5d_scene_state *sc, char *buf, size_t n)
{
    snprintf(buf, n, "%s%s", sc->db_path, MEMORY5D_BACKUP_SUFFIX);
}

static void backup(memory5d_scene_state *sc, int import, int64_t now)
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
            memory5d_warn(sc, "memory5d: records: %.400s", oerr);
            sc->store = NULL;
        }
    } else {
        rc = memory5d_records_export(sc->db_path, path, err, sizeof err);
    }
    done(sc, now, import ? "import" : "export", rc == MEMORY5D_RECORDS_OK, err,
         import ? "Imported %s: the records are the backup's." : "Exported the records to %s.",
         path);
}

/* Counts of what a records data holds: the players' profiles, matches and events. */
static void counts(const memory5d_records_data *d, char *buf, size_t n)
{
    size_t players = 0;
    for (size_t i = 0; i < d->profile_count; i++)
        players += !d->profiles[i].tutorial;
    snprintf(buf, n, "%zu profile%s, %zu match%s, %zu event%s", players, players == 1 ? "" : "s",
             d->match_count, d->match_count == 1 ? "" : "es", d->event_count,
             d->event_count == 1 ? "" : "s");
}

/* Import backup asks first, like the deletions: what it replaces and what arrives. The
 * backup is read (format and checksum) to count it; the import itself validates it whole. */
static void ask_import(memory5d_scene_state *sc, int64_t now)
{
    memory5d_records_screen_view *v = &sc->rec;
    char path[1200], err[600], have[160], come[160];
    backup_path(sc, path, sizeof path);
    cJSON *doc = jsonio_read_file(path, err, sizeof err);
    memory5d_records_data in;
    memset(&in, 0, sizeof in);
    if (!doc || memory5d_records_from_json(doc, &in, err, sizeof err) != 0) {
        cJSON_Delete(doc);
        memory5d_ev_records(sc, now, "ask-import", sc->profile, 0, err);
        memory5d_caption(sc, now, "Not imported: the backup file %s cannot be read as a "
                         "Memory5D backup. Nothing changed.", path);
        return;
    }
    cJSON_Delete(doc);
    counts(&v->data, have, sizeof have);
    counts(&in, come, sizeof come);
    memory5d_records_data_free(&in);
    snprintf(v->confirm_text, sizeof v->confirm_text,
             "Every record on this computer is replaced by the backup's. Replaced: %s. "
             "Arriving from the backup beside the database: %s.",
             have, come);
    v->confirm = MEMORY5D_CONFIRM_IMPORT;
    v->confirm_focus = 1; /* Cancel: a destructive choice is never the default */
    memory5d_ev_records(sc, now, "ask-import", sc->profile, 1, v->confirm_text);
    memory5d_caption(sc, now, "Read what the import replaces, then Confirm or Cancel (Escape).");
}

static void ask(memory5d_scene_state *sc, int deletion, int64_t now)
{
    char err[400];
    memory5d_records_screen_view *v = &sc->rec;
    if (deletion != MEMORY5D_STORE_DELETE_EVERYTHING && sc->profile <= 0) {
        memory5d_caption(sc, now, "No profile is chosen.");
        return;
    }
    if (memory5d_store_describe(sc->store, deletion, sc->profile, v->confirm_text,
                                sizeof v->confirm_text, err, sizeof err) != 0) {
        memory5d_caption(sc, now, "Not done: %.400s", err);
        return;
    }
    v->confirm = deletion + 1;
    v->confirm_focus = 1; /* Cancel: a destructive choice is never the default */
    char action[40];
    snprintf(action, sizeof action, "ask-%s", deletion_actions[deletion]);
    memory5d_ev_records(sc, now, action, sc->profile, 1, v->confirm_text);
    memory5d_caption(sc, now, "Read what it removes, then Confirm or Cancel (Escape).");
}

static void confirm(memory5d_scene_state *sc, int yes, int64_t now)
{
    int deletion = sc->rec.confirm - 1, rc = 0;
    char err[400] = "";
    int import = sc->rec.confirm == MEMORY5D_CONFIRM_IMPORT;
    sc->rec.confirm = 0;
    if (!yes) {
        done(sc, now, "cancel", 1, err, "Cancelled: nothing was %s.", import ? "replaced" : "removed");
        return;
    }
    if (import) {
        backup(sc, 1, now);
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

static void activate(memory5d_scene_state *sc, int i, int64_t now)
{
    if (i == MEMORY5D_REC_BACK) {
        memory5d_goto(sc, MEMORY5D_SCREEN_LOBBY, now);
        return;
    }
    if (!sc->store) {
        memory5d_caption(sc, now, "No records database: run with --records FILE.");
        return;
    }
    switch (i) {
    case MEMORY5D_REC_NEXT: choose_next(sc, now); break;
    case MEMORY5D_REC_CREATE:
    case MEMORY5D_REC_RENAME:
        if (i == MEMORY5D_REC_RENAME && sc->profile <= 0) {
            memory5d_caption(sc, now, "No profile is chosen.");
            break;
        }
        sc->rec.editing = i == MEMORY5D_REC_CREATE ? 1 : 2;
        sc->rec.name[0] = '\0';
        memory5d_caption(sc, now, "Type the profile's name, then Enter (Escape cancels).");
        break;
    case MEMORY5D_REC_RESET: ask(sc, MEMORY5D_STORE_RESET_STATISTICS, now); break;
    case MEMORY5D_REC_DELETE: ask(sc, MEMORY5D_STORE_DELETE_PROFILE, now); break;
    case MEMORY5D_REC_DELETE_ALL: ask(sc, MEMORY5D_STORE_DELETE_EVERYTHING, now); break;
    case MEMORY5D_REC_EXPORT: backup(sc, 0, now); break;
    case MEMORY5D_REC_IMPORT: ask_import(sc, now); break;
    default: break;
    }
}

static void name_input(memory5d_scene_state *sc, const player_input *in, int64_t now)
{
    memory5d_records_screen_view *v = &sc->rec;
    size_t len = strlen(v->name);
    if (in->key == PK_ENTER) {
        commit_name(sc, now);
    } else if (in->key == PK_ESCAPE) {
        v->editing = 0;
        memory5d_caption(sc, now, "Cancelled.");
    } else if (in->key == PK_BACKSPACE) {
        if (len)
            v->name[len - 1] = '\0';
    } else if (in->ch >= ' ' && in->ch < 127 && len < MEMORY5D_RECORDS_NAME_MAX) {
        v->name[len] = in->ch;
        v->name[len + 1] = '\0';
    }
}

void memory5d_records_screen_input(memory5d_scene_state *sc, const player_input *in, int64_t now)
{
    memory5d_records_screen_view *v = &sc->rec;
    int click = in->kind == PIN_CLICK || in->kind == PIN_TOUCH_UP;
    if (v->confirm) {
        int c = -1;
        if (click)
            c = memory5d_layout_pick(memory5d_layout_confirm_button, 2, in->x, in->y);
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
        int b = memory5d_layout_pick(memory5d_layout_records_button, MEMORY5D_REC_BUTTONS, in->x,
                                     in->y);
        int first = history_first(v), shown = v->history_count - first;
        if (shown > memory5d_layout_history_rows())
            shown = memory5d_layout_history_rows();
        int r = memory5d_layout_pick(memory5d_layout_history_row, shown, in->x, in->y);
        if (r >= 0)
            r += first;
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
    case PK_UP: v->focus = (v->focus + MEMORY5D_REC_BUTTONS - 1) % MEMORY5D_REC_BUTTONS; break;
    case PK_DOWN:
    case PK_TAB: v->focus = (v->focus + 1) % MEMORY5D_REC_BUTTONS; break;
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
    case PK_ESCAPE: activate(sc, MEMORY5D_REC_BACK, now); break;
    default: break;
    }
}

/* ---------------------------------------------------------------- drawing */

static const char *const button_labels[MEMORY5D_REC_BUTTONS] = {
    "Next profile",      "New profile",   "Rename profile", "Reset Statistics", "Delete Profile",
    "Delete Everything", "Export backup", "Import backup",  "Back to lobby"};
static const char *const deletion_titles[4] = {"Reset Statistics?", "Delete Profile?",
                                               "Delete Everything?", "Import backup?"};

static void sum(memory5d_records_stats *t, const memory5d_records_stats *s)
{
    t->matches += s->matches;
    t->wins += s->wins;
    t->losses += s->losses;
    t->draws += s->draws;
    t->abandoned += s->abandoned;
    t->links += s->links;
    t->mastery += s->mastery;
    t->star_points += s->star_points;
    if (s->best_streak > t->best_streak)
        t->best_streak = s->best_streak;
}

static void line(gfx *g, double x, double y, double size, int bold, Uint32 ink, const char *fmt,
                 ...) __attribute__((format(printf, 7, 8)));
static void line(gfx *g, double x, double y, double size, int bold, Uint32 ink, const char *fmt,
                 ...)
{
    char buf[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    memory5d_kit_say(g, buf, x, y, memory5d_kit_style(size, bold, GFX_LEFT, ink));
}

static const char *profile_name(const memory5d_records_screen_view *v, int64_t id)
{
    for (size_t i = 0; i < v->profile_count; i++)
        if (v->profiles[i].id == id)
            return v->profiles[i].name;
    return "(none)";
}

static void draw_stats(memory5d_scene_state *sc, gfx *g, double x, double y)
{
    const memory5d_records_projection *p = &sc->rec.proj;
    memory5d_kit_box(g, x, y, 940, 330, PANEL, EDGE);
    line(g, x + 30, y + 40, 30, 1, INK, "Statistics (since the last reset)");
    static const char *const modes[2] = {"Classic", "Arcade"};
    for (int m = 0; m < 2; m++) {
        memory5d_records_stats t = {0};
        for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++)
            sum(&t, &p->stats[m][d]);
        line(g, x + 30, y + 90 + m * 44, 24, 0, INK,
             "%s: matches %lld, won %lld, lost %lld, drawn %lld, abandoned %lld, links %lld, "
             "best streak %lld",
             modes[m], (long long)t.matches, (long long)t.wins, (long long)t.losses,
             (long long)t.draws, (long long)t.abandoned, (long long)t.links,
             (long long)t.best_streak);
    }
    const memory5d_records_stats *l = &p->lifetime;
    line(g, x + 30, y + 190, 25, 0, INK2,
         "Lifetime (kept through resets): matches %lld, won %lld, Mastery %lld",
         (long long)l->matches, (long long)l->wins, (long long)l->mastery);
    line(g, x + 30, y + 250, 27, 1, INK, "Classic Elo against the AI (ranked matches)");
    for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++)
        line(g, x + 30 + d * 225, y + 296, 25, 0, INK, "%s %lld (%lld)",
             memory5d_ui_difficulty_titles[d],
             (long long)(p->elo[d].matches ? p->elo[d].rating : sc->rules.elo.initial),
             (long long)p->elo[d].matches);
}

static void draw_economy(memory5d_scene_state *sc, gfx *g, double x, double y)
{
    const memory5d_records_projection *p = &sc->rec.proj;
    memory5d_kit_box(g, x, y, 380, 330, PANEL, EDGE);
    line(g, x + 30, y + 40, 30, 1, INK, "Star Points %lld", (long long)p->balance);
    line(g, x + 30, y + 80, 22, 0, INK2, "earned %lld, spent %lld", (long long)p->earned,
         (long long)p->spent);
    line(g, x + 30, y + 130, 26, 1, INK, "Power inventory");
    for (int i = 0; i < MEMORY5D_POWERS; i++)
        line(g, x + 30, y + 172 + i * 38, 25, 0, INK, "%s x%lld", memory5d_ui_power_titles[i],
             (long long)p->inventory[i]);
}

static void draw_achievements(memory5d_scene_state *sc, gfx *g, double x, double y)
{
    memory5d_kit_box(g, x, y, 500, 330, PANEL, EDGE);
    line(g, x + 30, y + 40, 30, 1, INK, "Achievements");
    for (int i = 0; i < MEMORY5D_ACHIEVEMENTS; i++) {
        int got = sc->rec.proj.achievements[i] != 0;
        line(g, x + 30, y + 95 + i * 58, 24, got, got ? INK : INK2, "%s %s", got ? "[x]" : "[ ]",
             memory5d_achievement_texts[i]);
    }
}

/* What the replayed match was: mode, difficulty, seed, opponent and result. */
static void replay_caption(const memory5d_records_match *m, char *what, size_t n)
{
    const memory5d_setup *su = &m->def.setup;
    const memory5d_state *st = &m->final;
    const char *res = st->status == MEMORY5D_DRAW ? "draw"
                      : st->winner == m->seat      ? "won"
                      : st->status == MEMORY5D_ABANDONED ? "abandoned" : "lost";
    snprintf(what, n, "%s%s, %s, seed %u, %s: %s", su->mode ? "Arcade" : "Classic",
             m->drafted ? " (Power Draft)" : "", memory5d_ui_difficulty_titles[su->difficulty],
             (unsigned)su->seed, m->opponent == MEMORY5D_OPPONENT_HUMAN ? "hot-seat" : "vs AI",
             res);
}

/* The final board, read only: replayed from the snapshot, never stepped again; a side x side
 * square from (x, y). */
static void draw_final_board(memory5d_scene_state *sc, gfx *g, const memory5d_records_match *m,
                             double x, double y, double side)
{
    const memory5d_state *st = &m->final;
    double size = side / st->size;
    for (int i = 0; i < st->size * st->size; i++) {
        int win = 0;
        for (int k = 0; k < m->def.cfg.line_length && st->status == MEMORY5D_WON; k++)
            win |= st->win_cells[k] == i;
        memory5d_art_cell(g, &st->cells[i], x + (i % st->size + 0.5) * size,
                          y + (i / st->size + 0.5) * size, size,
                          (memory5d_art_marks){.thumbnail = 1,
                                               .owner = st->cells[i].owner,
                                               .win = win,
                                               .high_contrast = sc->cfg->high_contrast});
    }
}

static void draw_history(memory5d_scene_state *sc, gfx *g)
{
    memory5d_records_screen_view *v = &sc->rec;
    line(g, 1070, 580, 28, 1, INK, "History (Left/Right)");
    if (!v->history_count)
        line(g, 1070, 636, 22, 0, INK2, "No recorded match yet.");
    memory5d_records_match m;
    int first = history_first(v);
    for (int i = first; i < v->history_count && i - first < memory5d_layout_history_rows(); i++) {
        double x, y, w, h;
        memory5d_layout_history_row(i - first, &x, &y, &w, &h);
        const memory5d_records_snapshot *s = &v->data.matches[v->history[i]];
        memory5d_kit_box(g, x, y, w, h, i == v->selected ? 0xDCE6EE : PANEL,
                         i == v->selected ? 0x1D5FD0 : EDGE);
        memory5d_kit_target("history", i, x, y, w, h);
        line(g, x + 16, y + h / 2, 22, i == v->selected, INK, "Match %lld %s%s", (long long)s->id,
             s->play.opponent == MEMORY5D_OPPONENT_HUMAN ? "hot-seat" : "vs AI",
             s->play.draft_picks ? ", draft" : "");
    }
    if (replay_selected(sc, &m) != 0)
        return;
    char what[200];
    replay_caption(&m, what, sizeof what);
    /* one line when it fits beside the history, else two smaller ones: never past the edge */
    gfx_text_style ws = memory5d_kit_style(24, 1, GFX_LEFT, INK);
    if (memory5d_kit_say_width(g, what, ws) <= 530)
        memory5d_kit_say(g, what, 1360, 580, ws);
    else
        memory5d_kit_wrap(g, what, 1360, 562, 530, memory5d_kit_style(20, 1, GFX_LEFT, INK), 24);
    draw_final_board(sc, g, &m, 1360, 610, 360);
}

/* The records screen in the wide field: the profile's panels and the history. */
static void draw_wide(memory5d_scene_state *sc, gfx *g)
{
    memory5d_records_screen_view *v = &sc->rec;
    if (v->editing)
        line(g, 540, 160, 32, 1, 0x1D5FD0, "%s name: %s_", v->editing == 1 ? "New" : "Profile",
             v->name);
    else
        line(g, 540, 160, 32, 1, INK, "Profile: %s", profile_name(v, sc->profile));
    if (v->has_proj) {
        draw_stats(sc, g, 540, 200);
        draw_economy(sc, g, 1500, 200);
        draw_achievements(sc, g, 540, 560);
        draw_history(sc, g);
    } else {
        line(g, 540, 240, 26, 0, INK2, "No profile yet: one is made with your first match "
             "against the AI, or with New profile.");
    }
}

/* ---------------------------------------------------------------- compact drawing */

/* The compact field's text: 20 px, never under the readable size at the frame's scale. */
static double compact_text(void)
{
    double floor = memory5d_layout_min_text();
    return floor > 20 ? floor : 20;
}

/* A line fitted to its room w (kit_fit: never under the readable size, noted if it still
 * does not fit). */
static void fit_line(gfx *g, double x, double y, double w, double size, int bold, Uint32 ink,
                     const char *fmt, ...) __attribute__((format(printf, 8, 9)));
static void fit_line(gfx *g, double x, double y, double w, double size, int bold, Uint32 ink,
                     const char *fmt, ...)
{
    char buf[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    memory5d_kit_say(g, buf, x, y,
                     memory5d_kit_fit(g, buf, memory5d_kit_style(size, bold, GFX_LEFT, ink), w, 0));
}

/* The profile in five short lines: the wide screen's four panels, shortened (its Star Points
 * stand beside its name). */
static void draw_summary_compact(memory5d_scene_state *sc, gfx *g)
{
    const memory5d_records_projection *p = &sc->rec.proj;
    enum { LINES = 5 };
    char text[LINES][200];
    static const char *const modes[2] = {"Classic", "Arcade"};
    for (int m = 0; m < 2; m++) {
        memory5d_records_stats s = {0};
        for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++)
            sum(&s, &p->stats[m][d]);
        snprintf(text[m], sizeof text[m], "%s: %lld match%s, won %lld, lost %lld, drawn %lld",
                 modes[m], (long long)s.matches, s.matches == 1 ? "" : "es", (long long)s.wins,
                 (long long)s.losses, (long long)s.draws);
    }
    int n = snprintf(text[2], sizeof text[2], "Elo vs AI:");
    for (int d = 0; d < MEMORY5D_DIFFICULTIES && n < (int)sizeof text[2]; d++)
        n += snprintf(text[2] + n, sizeof text[2] - n, "%s %s %lld", d ? "," : "",
                      memory5d_ui_difficulty_titles[d],
                      (long long)(p->elo[d].matches ? p->elo[d].rating : sc->rules.elo.initial));
    snprintf(text[3], sizeof text[3], "Powers: Reveal %lld, Double Points %lld, Wildcard %lld, "
             "Extra Turn %lld", (long long)p->inventory[0], (long long)p->inventory[1],
             (long long)p->inventory[2], (long long)p->inventory[3]);
    int got = 0;
    for (int i = 0; i < MEMORY5D_ACHIEVEMENTS; i++)
        got += p->achievements[i] != 0;
    snprintf(text[4], sizeof text[4], "Achievements %d of %d; lifetime %lld match%s, Mastery %lld",
             got, MEMORY5D_ACHIEVEMENTS, (long long)p->lifetime.matches,
             p->lifetime.matches == 1 ? "" : "es", (long long)p->lifetime.mastery);
    double x, y, w, h;
    memory5d_layout_records_summary(&x, &y, &w, &h);
    memory5d_kit_box(g, x, y, w, h, PANEL, EDGE);
    double lx = x + 12, lw = w - 24, pitch = (h - 12) / LINES, ly = y + 6 + pitch / 2;
    /* every line at the size the longest fits at */
    gfx_text_style st = memory5d_kit_style(compact_text(), 0, GFX_LEFT, INK);
    for (int i = 0; i < LINES; i++)
        st = memory5d_kit_fit(g, text[i], st, lw, 0);
    for (int i = 0; i < LINES; i++) {
        st.color = GFX_RGB(i == LINES - 1 ? INK2 : INK);
        memory5d_kit_say(g, text[i], lx, ly + i * pitch, st);
    }
}

/* The history's few rows (scrolling with the selection), the selected match's caption and
 * its final board beside them. */
static void draw_history_compact(memory5d_scene_state *sc, gfx *g)
{
    memory5d_records_screen_view *v = &sc->rec;
    double x, y, w, h, t = compact_text();
    memory5d_layout_history_row(0, &x, &y, &w, &h);
    double bx = x + w + 16, bw = memory5d_layout_field_w() - 16 - bx, top = y - 18;
    if (!v->history_count) {
        fit_line(g, x, top, w, t, 1, INK, "History");
        fit_line(g, x, y + h / 2, bw + w + 16, t, 0, INK2, "No recorded match yet.");
        return;
    }
    fit_line(g, x, top, w, t, 1, INK, "History %d of %d (Left/Right)", v->selected + 1,
             v->history_count);
    int first = history_first(v);
    for (int i = first; i < v->history_count && i - first < memory5d_layout_history_rows(); i++) {
        memory5d_layout_history_row(i - first, &x, &y, &w, &h);
        const memory5d_records_snapshot *s = &v->data.matches[v->history[i]];
        memory5d_kit_box(g, x, y, w, h, i == v->selected ? 0xDCE6EE : PANEL,
                         i == v->selected ? 0x1D5FD0 : EDGE);
        if (i == v->selected) /* the selection framed thicker than the other rows' edges */
            memory5d_kit_box(g, x + 2, y + 2, w - 4, h - 4, 0xDCE6EE, 0x1D5FD0);
        memory5d_kit_target("history", i, x, y, w, h);
        fit_line(g, x + 14, y + h / 2, w - 28, t, i == v->selected, INK, "Match %lld %s%s",
                 (long long)s->id,
                 s->play.opponent == MEMORY5D_OPPONENT_HUMAN ? "hot-seat" : "vs AI",
                 s->play.draft_picks ? ", draft" : "");
    }
    memory5d_records_match m;
    if (replay_selected(sc, &m) != 0)
        return;
    char what[200];
    replay_caption(&m, what, sizeof what);
    double size = memory5d_layout_min_text() > 18 ? memory5d_layout_min_text() : 18,
           lh = size * 1.2;
    int lines = memory5d_kit_wrap(g, what, bx, top, bw, memory5d_kit_style(size, 1, GFX_LEFT, INK),
                                  lh);
    double by = top + (lines - 0.5) * lh + 8, side = 476 - by;
    if (side > bw)
        side = bw;
    draw_final_board(sc, g, &m, bx + (bw - side) / 2, by, side);
}

/* 1 when text fits w at the readable size (bold): else its shorter form is shown. */
static int fits_at_floor(gfx *g, const char *text, double w)
{
    double floor = memory5d_layout_min_text();
    return memory5d_kit_say_width(g, text, memory5d_kit_style(floor, 1, GFX_LEFT, INK)) <= w;
}

/* The records screen in the compact field, right of the buttons (drawn from the same boxes
 * the input hit-tests): the profile's name or the name being typed beside the title (which
 * ends at title_end), the summary, the history. */
static void draw_compact(memory5d_scene_state *sc, gfx *g, double title_end)
{
    memory5d_records_screen_view *v = &sc->rec;
    double x, y, w, h, px = title_end + 24, pw = memory5d_layout_field_w() - 16 - px;
    char text[120];
    memory5d_layout_records_summary(&x, &y, &w, &h);
    if (v->editing) {
        /* the text entry: a field with its caret, beside the title (a long name drops the
         * field's label) */
        memory5d_kit_box(g, px - 12, 8, pw + 12, 50, 0xFFFFFF, 0x1D5FD0);
        snprintf(text, sizeof text, "%s name: %s_", v->editing == 1 ? "New" : "Profile", v->name);
        if (!fits_at_floor(g, text, pw - 12))
            snprintf(text, sizeof text, "%s_", v->name);
        fit_line(g, px, 33, pw - 12, 24, 1, 0x1D5FD0, "%s", text);
    } else {
        /* the profile's name beside the title, its Star Points at the right */
        char sp[60];
        snprintf(sp, sizeof sp, "Star Points %lld", (long long)v->proj.balance);
        double spw = v->has_proj ? memory5d_kit_say(g, sp, px + pw, 33,
                                                    memory5d_kit_style(24, 1, GFX_RIGHT, INK))
                                 : 0;
        snprintf(text, sizeof text, "Profile: %s", profile_name(v, sc->profile));
        if (!fits_at_floor(g, text, pw - spw - 16))
            snprintf(text, sizeof text, "%s", profile_name(v, sc->profile));
        fit_line(g, px, 33, pw - spw - 16, 26, 1, INK, "%s", text);
    }
    if (!v->has_proj) {
        memory5d_kit_wrap(g, "No profile yet: one is made with your first match against the AI, "
                          "or with New profile.", x, y + 30, w,
                          memory5d_kit_style(compact_text(), 0, GFX_LEFT, INK2),
                          compact_text() * 1.3);
        return;
    }
    draw_summary_compact(sc, g);
    draw_history_compact(sc, g);
}

static void draw_confirm(memory5d_scene_state *sc, gfx *g, int hc)
{
    memory5d_records_screen_view *v = &sc->rec;
    if (memory5d_layout_compact()) {
        double x, y, w, h, t = compact_text();
        gfx_rect(g, 0, 0, memory5d_layout_field_w(), memory5d_layout_caption_top(),
                 (gfx_color){20, 24, 28, 140});
        memory5d_layout_confirm_box(&x, &y, &w, &h);
        memory5d_kit_box(g, x, y, w, h, PANEL, hc ? 0x000000 : 0x9B2C2C);
        memory5d_kit_say(g, deletion_titles[v->confirm - 1], x + w / 2, y + 40,
                         memory5d_kit_style(32, 1, GFX_CENTER, 0x9B2C2C));
        memory5d_kit_wrap(g, v->confirm_text, x + 36, y + 96, w - 72,
                          memory5d_kit_style(t + 2, 0, GFX_LEFT, INK), (t + 2) * 1.4);
    } else {
        gfx_rect(g, 0, 0, MEMORY5D_FIELD_W, 1000, (gfx_color){20, 24, 28, 140});
        memory5d_kit_box(g, 560, 270, 800, 480, PANEL, hc ? 0x000000 : 0x9B2C2C);
        memory5d_kit_say(g, deletion_titles[v->confirm - 1], 960, 320,
                         memory5d_kit_style(42, 1, GFX_CENTER, 0x9B2C2C));
        memory5d_kit_wrap(g, v->confirm_text, 600, 390, 720,
                          memory5d_kit_style(25, 0, GFX_LEFT, INK), 35);
    }
    static const char *const labels[2] = {"Confirm", "Cancel"};
    for (int i = 0; i < 2; i++) {
        double x, y, w, h;
        memory5d_layout_confirm_button(i, &x, &y, &w, &h);
        memory5d_kit_button(g, x, y, w, h, labels[i], i == 1, v->confirm_focus == i, 1, hc);
    }
}

void memory5d_records_screen_draw(memory5d_scene_state *sc, gfx *g, int64_t now)
{
    (void)now;
    memory5d_records_screen_view *v = &sc->rec;
    int hc = sc->cfg->high_contrast, compact = memory5d_layout_compact();
    double title_end = 0;
    if (compact)
        title_end = 16 + memory5d_kit_say(g, "Records", 16, 33,
                                          memory5d_kit_style(34, 1, GFX_LEFT, INK));
    else
        memory5d_kit_say(g, "Records", 960, 80, memory5d_kit_style(64, 1, GFX_CENTER, INK));
    /* the compact grid's labels in one size, the size the longest fits at (clear of the
     * deletions' red edge) */
    double bx, by, bw, bh;
    memory5d_layout_records_button(0, &bx, &by, &bw, &bh);
    double label_size = compact ? memory5d_kit_buttons_size(g, bw - 24, bh, button_labels,
                                                            MEMORY5D_REC_BUTTONS)
                                : 0;
    for (int i = 0; i < MEMORY5D_REC_BUTTONS; i++) {
        double x, y, w, h;
        memory5d_layout_records_button(i, &x, &y, &w, &h);
        int danger = i >= MEMORY5D_REC_RESET && i <= MEMORY5D_REC_DELETE_ALL;
        int on = i == MEMORY5D_REC_BACK, focus = sc->keyboard && v->focus == i,
            enabled = sc->store != NULL || i == MEMORY5D_REC_BACK;
        if (compact)
            memory5d_kit_button_sized(g, x, y, w, h, button_labels[i], label_size, on, focus,
                                      enabled, hc);
        else
            memory5d_kit_button(g, x, y, w, h, button_labels[i], on, focus, enabled, hc);
        if (danger)
            gfx_rect(g, x + 2, y + 2, 10, h - 4, GFX_RGB(0x9B2C2C));
    }
    if (!sc->store) {
        double x, y, w, h;
        memory5d_layout_records_summary(&x, &y, &w, &h);
        if (compact)
            memory5d_kit_wrap(g, "No records database in this run (--records FILE).", x, y + 30,
                              w, memory5d_kit_style(compact_text(), 0, GFX_LEFT, INK2),
                              compact_text() * 1.3);
        else
            line(g, 540, 200, 28, 0, INK2, "No records database in this run (--records FILE).");
        memory5d_kit_caption_bar(g, sc->caption);
        return;
    }
    if (compact)
        draw_compact(sc, g, title_end);
    else
        draw_wide(sc, g);
    if (v->confirm)
        draw_confirm(sc, g, hc);
    memory5d_kit_caption_bar(g, sc->caption);
}
