/* Memory5D records screen drawing: the profile, statistics per mode, Classic Elo per
 * difficulty, achievements, Star Points and inventory, the match history with the selected
 * match's final board replayed from its snapshot, and the deletion confirmations. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "m5d_scene.h"

#define INK 0x2B2723
#define INK2 0x6B645A
#define PANEL 0xFBF8F2
#define EDGE 0x8C8478

static const char *const button_labels[M5D_REC_BUTTONS] = {
    "Next profile", "New profile", "Rename profile", "Reset Statistics", "Delete Profile",
    "Delete Everything", "Export backup", "Import backup", "Back to lobby"};
static const char *const diff_titles[MEMORY5D_DIFFICULTIES] = {"Easy", "Normal", "Hard", "Expert"};
static const char *const power_titles[MEMORY5D_POWERS] = {"Reveal", "Double Points", "Wildcard",
                                                          "Extra Turn"};
static const char *const deletion_titles[3] = {"Reset Statistics?", "Delete Profile?",
                                               "Delete Everything?"};

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
    m5d_say(g, buf, x, y, m5d_style(size, bold, GFX_LEFT, ink));
}

static const char *profile_name(const m5d_records_view *v, int64_t id)
{
    for (size_t i = 0; i < v->profile_count; i++)
        if (v->profiles[i].id == id)
            return v->profiles[i].name;
    return "(none)";
}

static void draw_stats(m5d_scene *sc, gfx *g, double x, double y)
{
    const memory5d_records_projection *p = &sc->rec.proj;
    m5d_box(g, x, y, 940, 330, PANEL, EDGE);
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
        line(g, x + 30 + d * 225, y + 296, 25, 0, INK, "%s %lld (%lld)", diff_titles[d],
             (long long)(p->elo[d].matches ? p->elo[d].rating : sc->rules.elo.initial),
             (long long)p->elo[d].matches);
}

static void draw_economy(m5d_scene *sc, gfx *g, double x, double y)
{
    const memory5d_records_projection *p = &sc->rec.proj;
    m5d_box(g, x, y, 380, 330, PANEL, EDGE);
    line(g, x + 30, y + 40, 30, 1, INK, "Star Points %lld", (long long)p->balance);
    line(g, x + 30, y + 80, 22, 0, INK2, "earned %lld, spent %lld", (long long)p->earned,
         (long long)p->spent);
    line(g, x + 30, y + 130, 26, 1, INK, "Power inventory");
    for (int i = 0; i < MEMORY5D_POWERS; i++)
        line(g, x + 30, y + 172 + i * 38, 25, 0, INK, "%s x%lld", power_titles[i],
             (long long)p->inventory[i]);
}

static void draw_achievements(m5d_scene *sc, gfx *g, double x, double y)
{
    m5d_box(g, x, y, 500, 330, PANEL, EDGE);
    line(g, x + 30, y + 40, 30, 1, INK, "Achievements");
    for (int i = 0; i < MEMORY5D_ACHIEVEMENTS; i++) {
        int got = sc->rec.proj.achievements[i] != 0;
        line(g, x + 30, y + 95 + i * 58, 24, got, got ? INK : INK2, "%s %s", got ? "[x]" : "[ ]",
             memory5d_achievement_texts[i]);
    }
}

static void draw_history(m5d_scene *sc, gfx *g)
{
    m5d_records_view *v = &sc->rec;
    line(g, 1070, 580, 28, 1, INK, "History (Left/Right)");
    if (!v->history_count)
        line(g, 1070, 636, 22, 0, INK2, "No recorded match yet.");
    memory5d_records_match m;
    for (int i = 0; i < v->history_count; i++) {
        double x, y, w, h;
        m5d_records_history_row(i, &x, &y, &w, &h);
        const memory5d_records_snapshot *s = &v->data.matches[v->history[i]];
        m5d_box(g, x, y, w, h, i == v->selected ? 0xDCE6EE : PANEL,
                i == v->selected ? 0x1D5FD0 : EDGE);
        line(g, x + 16, y + h / 2, 22, i == v->selected, INK, "Match %lld %s%s", (long long)s->id,
             s->play.opponent == MEMORY5D_OPPONENT_HUMAN ? "hot-seat" : "vs AI",
             s->play.draft_picks ? ", draft" : "");
    }
    if (m5d_records_replay_selected(sc, &m) != 0)
        return;
    /* the final board, read only: replayed from the snapshot, never stepped again */
    const memory5d_setup *su = &m.def.setup;
    const memory5d_state *st = &m.final;
    const char *res = st->status == MEMORY5D_DRAW ? "draw"
                      : st->winner == m.seat      ? "won"
                      : st->status == MEMORY5D_ABANDONED ? "abandoned" : "lost";
    line(g, 1360, 580, 24, 1, INK, "%s%s, %s, seed %u, %s: %s",
         su->mode ? "Arcade" : "Classic", m.drafted ? " (Power Draft)" : "",
         diff_titles[su->difficulty], (unsigned)su->seed,
         m.opponent == MEMORY5D_OPPONENT_HUMAN ? "hot-seat" : "vs AI", res);
    double size = 360.0 / st->size;
    for (int i = 0; i < st->size * st->size; i++) {
        int win = 0;
        for (int k = 0; k < m.def.cfg.line_length && st->status == MEMORY5D_WON; k++)
            win |= st->win_cells[k] == i;
        m5d_art_cell(g, &st->cells[i], 1360 + (i % st->size + 0.5) * size,
                     610 + (i / st->size + 0.5) * size, size,
                     (m5d_cell_marks){.owner = st->cells[i].owner, .win = win,
                                      .high_contrast = sc->cfg->high_contrast});
    }
}

static void draw_confirm(m5d_scene *sc, gfx *g, int hc)
{
    m5d_records_view *v = &sc->rec;
    gfx_rect(g, 0, 0, M5D_FIELD_W, 1000, (gfx_color){20, 24, 28, 140});
    m5d_box(g, 560, 270, 800, 480, PANEL, hc ? 0x000000 : 0x9B2C2C);
    m5d_say(g, deletion_titles[v->confirm - 1], 960, 320,
            m5d_style(42, 1, GFX_CENTER, 0x9B2C2C));
    m5d_wrap(g, v->confirm_text, 600, 390, 720, m5d_style(25, 0, GFX_LEFT, INK), 35);
    static const char *const labels[2] = {"Confirm", "Cancel"};
    for (int i = 0; i < 2; i++) {
        double x, y, w, h;
        m5d_records_confirm_button(i, &x, &y, &w, &h);
        m5d_button(g, x, y, w, h, labels[i], i == 1, v->confirm_focus == i, 1, hc);
    }
}

void m5d_draw_records(m5d_scene *sc, gfx *g)
{
    m5d_records_view *v = &sc->rec;
    int hc = sc->cfg->high_contrast;
    m5d_say(g, "Records", 960, 80, m5d_style(64, 1, GFX_CENTER, INK));
    for (int i = 0; i < M5D_REC_BUTTONS; i++) {
        double x, y, w, h;
        m5d_records_button(i, &x, &y, &w, &h);
        int danger = i >= M5D_REC_RESET && i <= M5D_REC_DELETE_ALL;
        m5d_button(g, x, y, w, h, button_labels[i], i == M5D_REC_BACK,
                   sc->keyboard && v->focus == i, sc->store != NULL || i == M5D_REC_BACK, hc);
        if (danger)
            gfx_rect(g, x + 2, y + 2, 10, h - 4, GFX_RGB(0x9B2C2C));
    }
    if (!sc->store) {
        line(g, 540, 200, 28, 0, INK2, "No records database in this run (--records FILE).");
        m5d_caption_bar(sc, g);
        return;
    }
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
    if (v->confirm)
        draw_confirm(sc, g, hc);
    m5d_caption_bar(sc, g);
}
