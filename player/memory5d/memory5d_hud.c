/* Memory5D match screen's panels beside the board: each player's (Mastery, streak, the last
 * link's breakdown, the decision clock), the persistent legends (families, variants, linked
 * hues) and the inspector (the focused or pointed cell's label). Drawing only. */
#include <stdio.h>
#include <string.h>

#include "memory5d_ui.h"
#include "memory5d/memory5d_label.h"
#include "memory5d/memory5d_powers.h"
#include "memory5d/memory5d_rules.h"

#define PANEL 0xFBF8F2
#define INK 0x2B2723
#define INK2 0x6B645A

static const char *who(const memory5d_scene_state *sc, int p)
{
    return sc->online && sc->seat_names[p][0] ? sc->seat_names[p] /* online */
           : sc->tutorial ? (p == 0 ? "You" : "Coach")
           : sc->vs_ai    ? (p == 0 ? "You" : "AI")
                          : (p == 0 ? "Player A" : "Player B");
}

/* The owner's mark, as on the board, with its letter: a disc for A, a square for B. */
static void owner_badge(gfx *g, int p, double cx, double cy, double size, double text, int hc)
{
    Uint32 mark = hc ? (p == 0 ? 0x000000 : 0xFFFFFF) : memory5d_art_owner_rgb[p];
    if (p == 0)
        gfx_art_draw(g, (gfx_art_key){GFX_ART_DOT, 32, 0, 0, 0}, cx, cy, size / 32.0, 0,
                     GFX_RGB(mark), 1);
    else {
        gfx_rect(g, cx - size / 2, cy - size / 2, size, size, GFX_RGB(hc ? 0x000000 : mark));
        gfx_rect(g, cx - size / 2 + 3, cy - size / 2 + 3, size - 6, size - 6, GFX_RGB(mark));
    }
    gfx_text(g, p == 0 ? "A" : "B", cx, cy,
             memory5d_kit_style(text, 1, GFX_CENTER, hc && p == 1 ? 0x000000 : 0xFFFFFF));
}

/* The compact panel (a half of the left column): the name and the clock's time, Mastery,
 * the counts on two lines, the clock's bar along the foot. */
static void compact_player(memory5d_scene_state *sc, gfx *g, int p, int64_t now)
{
    const memory5d_state *st = &sc->st;
    int hc = sc->cfg->high_contrast;
    int to_move = st->status == MEMORY5D_PLAYING && st->turn == p;
    double x, y, w, h;
    memory5d_layout_player_panel(p, &x, &y, &w, &h);
    Uint32 owner = hc ? 0x000000 : memory5d_art_owner_rgb[p];
    memory5d_kit_box(g, x, y, w, h, to_move ? 0xFFFFFF : 0xF3EFE8, to_move ? owner : 0xB8B0A4);
    if (to_move)
        gfx_rect(g, x, y, 8, h, GFX_RGB(owner));
    owner_badge(g, p, x + 30, y + 22, 30, 19, hc);
    int64_t total = sc->def.cfg.presets[sc->def.setup.difficulty].decision_ms;
    int64_t left = to_move ? memory5d_clock_remaining(&sc->def, st, now) : total;
    int paused = (st->pause_mask & ~MEMORY5D_PAUSE_REVEAL) || memory5d_reveal_active(st, now);
    char line[200];
    snprintf(line, sizeof line, "%s%lld.%lld s", to_move && paused ? "II " : "",
             (long long)(left / 1000), (long long)(left % 1000 / 100));
    gfx_text_style ts = memory5d_kit_style(20, 1, GFX_RIGHT, to_move ? INK : INK2);
    ts.tabular = 1;
    const char *clock = to_move ? line : "waiting";
    double cw = gfx_text_width(g, clock, ts);
    gfx_text(g, clock, x + w - 12, y + 22, ts);
    const char *name = who(sc, p);
    gfx_text(g, name, x + 52, y + 22,
             memory5d_kit_fit(g, name, memory5d_kit_style(20, 1, GFX_LEFT, INK), w - 52 - cw - 22,
                              18));
    snprintf(line, sizeof line, "%lld", (long long)st->stats[p].mastery);
    gfx_text_style big = memory5d_kit_style(28, 1, GFX_LEFT, INK);
    big.tabular = 1;
    gfx_text(g, line, x + 18, y + 52, big);
    gfx_text(g, "Mastery", x + 18 + gfx_text_width(g, line, big) + 10, y + 54,
             memory5d_kit_style(18, 0, GFX_LEFT, INK2));
    snprintf(line, sizeof line, "Streak %d   Links %d", st->stats[p].streak, st->stats[p].links);
    gfx_text(g, line, x + 18, y + 78, memory5d_kit_style(18, 0, GFX_LEFT, INK2));
    snprintf(line, sizeof line, "Misses %d   Timeouts %d", st->stats[p].misses,
             st->stats[p].timeouts);
    gfx_text(g, line, x + 18, y + 99, memory5d_kit_style(18, 0, GFX_LEFT, INK2));
    /* the decision clock's bar along the foot */
    double frac = total > 0 ? (double)left / (double)total : 0;
    gfx_rect(g, x + 12, y + h - 12, w - 24, 6, GFX_RGB(0xDDD6CA));
    Uint32 bar = left <= MEMORY5D_WARN_MS && to_move ? 0xC2412D : owner;
    gfx_rect(g, x + 12, y + h - 12, (w - 24) * frac, 6,
             GFX_RGB(to_move && paused ? 0x9A9388 : bar));
}

void memory5d_hud_last_link(memory5d_scene_state *sc, gfx *g)
{
    double x, y, w, h;
    memory5d_layout_player_panel(0, &x, &y, &w, &h);
    y += h;
    int p = sc->last_link;
    const memory5d_breakdown *b = p >= 0 && p < MEMORY5D_PLAYERS ? &sc->last[p] : NULL;
    char line[240];
    double bx, by, bw, bh;
    memory5d_layout_player_panel(1, &bx, &by, &bw, &bh);
    double room = bx + bw - x - 16;
    if (!b || !b->valid) {
        if (!sc->online) /* the server's links come without their breakdown */
            gfx_text(g, "A link's Mastery breakdown shows here.", x + 8, y + 17,
                     memory5d_kit_style(18, 0, GFX_LEFT, INK2));
        return;
    }
    const char *name = who(sc, p);
    snprintf(line, sizeof line, "%s%s last link: %.*s", strcmp(name, "You") ? name : "Your",
             strcmp(name, "You") ? "'s" : "", b->factors - 1, b->text);
    gfx_text(g, line, x + 8, y + 17,
             memory5d_kit_fit(g, line, memory5d_kit_style(18, 0, GFX_LEFT, INK), room, 18));
    snprintf(line, sizeof line, "%s", b->text + b->factors);
    gfx_text(g, line, x + 8, y + 37,
             memory5d_kit_fit(g, line, memory5d_kit_style(18, 0, GFX_LEFT, INK), room, 18));
}

void memory5d_hud_player(memory5d_scene_state *sc, gfx *g, int p, int64_t now)
{
    if (memory5d_layout_compact()) {
        compact_player(sc, g, p, now);
        return;
    }
    double x, y, pw, ph;
    memory5d_layout_player_panel(p, &x, &y, &pw, &ph);
    const memory5d_state *st = &sc->st;
    int hc = sc->cfg->high_contrast;
    int to_move = st->status == MEMORY5D_PLAYING && st->turn == p;
    memory5d_kit_box(g, x, y, pw, ph, to_move ? 0xFFFFFF : 0xF3EFE8,
                     to_move ? (hc ? 0x000000 : memory5d_art_owner_rgb[p]) : 0xB8B0A4);
    if (to_move)
        gfx_rect(g, x, y, 12, ph, GFX_RGB(hc ? 0x000000 : memory5d_art_owner_rgb[p]));
    /* the owner's mark, as on the board */
    Uint32 mark = hc ? (p == 0 ? 0x000000 : 0xFFFFFF) : memory5d_art_owner_rgb[p];
    if (p == 0)
        gfx_art_draw(g, (gfx_art_key){GFX_ART_DOT, 32, 0, 0, 0}, x + 50, y + 45, 44 / 32.0, 0,
                     GFX_RGB(mark), 1);
    else {
        gfx_rect(g, x + 28, y + 23, 44, 44, GFX_RGB(hc ? 0x000000 : mark));
        gfx_rect(g, x + 31, y + 26, 38, 38, GFX_RGB(mark));
    }
    gfx_text(g, p == 0 ? "A" : "B", x + 50, y + 45,
             memory5d_kit_style(30, 1, GFX_CENTER, hc && p == 1 ? 0x000000 : 0xFFFFFF));
    char line[200];
    snprintf(line, sizeof line, "%s%s", who(sc, p), to_move ? " - to move" : "");
    gfx_text(g, line, x + 90, y + 45, memory5d_kit_style(34, 1, GFX_LEFT, INK));
    snprintf(line, sizeof line, "%lld", (long long)st->stats[p].mastery);
    memory5d_kit_note_text(28);
    gfx_text_style big = {.size = 56, .bold = 1, .align = GFX_LEFT, .tabular = 1, .color = GFX_RGB(INK), .alpha = 1};
    gfx_text(g, line, x + 30, y + 110, big);
    gfx_text(g, "Mastery", x + 30 + gfx_text_width(g, line, big) + 14, y + 118,
             memory5d_kit_style(26, 0, GFX_LEFT, INK2));
    snprintf(line, sizeof line, "Streak %d   Links %d   Misses %d   Timeouts %d",
             st->stats[p].streak, st->stats[p].links, st->stats[p].misses, st->stats[p].timeouts);
    gfx_text(g, line, x + 30, y + 160, memory5d_kit_style(22, 0, GFX_LEFT, INK2));
    const memory5d_breakdown *b = &sc->last[p];
    if (b->valid) {
        snprintf(line, sizeof line, "Last link: %.*s", b->factors - 1, b->text);
        gfx_text(g, line, x + 30, y + 190, memory5d_kit_style(21, 0, GFX_LEFT, INK));
        snprintf(line, sizeof line, "%s", b->text + b->factors);
        gfx_text(g, line, x + 30, y + 215, memory5d_kit_style(21, 0, GFX_LEFT, INK));
    }
    /* the decision clock */
    int64_t total = sc->def.cfg.presets[sc->def.setup.difficulty].decision_ms;
    int64_t left = to_move ? memory5d_clock_remaining(&sc->def, st, now) : total;
    double frac = total > 0 ? (double)left / (double)total : 0;
    gfx_rect(g, x + 30, y + 240, 300, 28, GFX_RGB(0xDDD6CA));
    Uint32 bar = left <= MEMORY5D_WARN_MS && to_move ? 0xC2412D
                                                     : (hc ? 0x000000 : memory5d_art_owner_rgb[p]);
    /* paused: a local pause, or a Reveal projecting (its bit outlives it until settled) */
    int paused = (st->pause_mask & ~MEMORY5D_PAUSE_REVEAL) || memory5d_reveal_active(st, now);
    gfx_rect(g, x + 30, y + 240, 300 * frac, 28, GFX_RGB(to_move && paused ? 0x9A9388 : bar));
    snprintf(line, sizeof line, "%s%lld.%lld s", to_move && paused ? "II " : "",
             (long long)(left / 1000), (long long)(left % 1000 / 100));
    gfx_text(g, to_move ? line : "waiting", x + 466, y + 254,
             (gfx_text_style){.size = 28, .bold = 1, .align = GFX_RIGHT, .tabular = 1, .color = GFX_RGB(INK), .alpha = 1});
}

void memory5d_hud_legend(memory5d_scene_state *sc, gfx *g)
{
    double x = 1430, y = 130;
    int hc = sc->cfg->high_contrast;
    memory5d_kit_box(g, x, y, 460, 574, PANEL, 0xB8B0A4); /* ends above the inspector at 712 */
    gfx_text(g, "Families", x + 24, y + 30, memory5d_kit_style(26, 1, GFX_LEFT, INK));
    for (int f = 0; f < MEMORY5D_FAMILIES; f++) {
        double cx = x + 46 + (f % 3) * 142, cy = y + 76 + (f / 3) * 78;
        memory5d_art_shape(g, f, 0, MEMORY5D_BLUE, cx, cy, 44, hc);
        gfx_text(g, memory5d_family_names[f], cx + 30, cy,
                 memory5d_kit_style(20, 0, GFX_LEFT, INK));
    }
    gfx_text(g, "Variants", x + 24, y + 246, memory5d_kit_style(26, 1, GFX_LEFT, INK));
    for (int v = 0; v < 3; v++) {
        double cx = x + 46 + v * 142, cy = y + 290;
        memory5d_art_shape(g, MEMORY5D_CIRCLE, v, MEMORY5D_RED, cx, cy, 44, hc);
        gfx_text(g, (const char *[]){"1st: plain", "2nd: ring", "3rd: dot"}[v], cx + 28, cy,
                 memory5d_kit_style(19, 0, GFX_LEFT, INK));
    }
    gfx_text(g, "Linked hues (texture)", x + 24, y + 344, memory5d_kit_style(26, 1, GFX_LEFT, INK));
    for (int pair = 0; pair < 3; pair++) {
        double cy = y + 388 + pair * 46;
        for (int k = 0; k < 2; k++) {
            int h = 2 * pair + k;
            double bx = x + 20 + k * 206; /* the longest, "orange crosshatch", ends inside */
            memory5d_art_texture_swatch(g, h, bx, cy - 17, 34, 34);
            char s[64];
            snprintf(s, sizeof s, "%s %s", memory5d_hue_names[h], sc->rules.texture_names[h]);
            gfx_text(g, s, bx + 40, cy, memory5d_kit_style(19, 0, GFX_LEFT, INK));
        }
        gfx_text(g, "=", x + 204, cy, memory5d_kit_style(24, 1, GFX_CENTER, INK2));
    }
    memory5d_kit_wrap(g,
                      "Marks: gold frame = anchor, green corners = partner, blue frame = focus; "
                      "owner: disc A, square B; red edge and N = north.",
                      x + 20, y + 506, 420, memory5d_kit_style(18, 0, GFX_LEFT, INK2), 21);
}

void memory5d_hud_inspector(memory5d_scene_state *sc, gfx *g, int64_t now)
{
    double x = 1430, y = 710;
    memory5d_kit_box(g, x, y, 460, 270, PANEL, 0xB8B0A4);
    gfx_text(g, sc->keyboard || sc->hover < 0 ? "Focused cell" : "Pointed cell", x + 24, y + 30,
             memory5d_kit_style(26, 1, GFX_LEFT, INK));
    int cell = !sc->keyboard && sc->hover >= 0 ? sc->hover : sc->focus;
    char label[400];
    memory5d_ui_cell_label(sc, cell, now, label, sizeof label);
    memory5d_kit_wrap(g, label, x + 24, y + 72, 412, memory5d_kit_style(23, 0, GFX_LEFT, INK), 31);
}

/* The compact legend drawer (behind the Legend button): the focused cell, the marks and the
 * keys on the left, the families, variants and linked hues on the right. */
void memory5d_hud_legend_drawer(memory5d_scene_state *sc, gfx *g, int64_t now)
{
    double x, y, w, h;
    int hc = sc->cfg->high_contrast;
    memory5d_layout_legend_drawer(&x, &y, &w, &h);
    memory5d_kit_box(g, x, y, w, h, PANEL, hc ? 0x000000 : 0x2F4858);
    memory5d_kit_target("legend-drawer", -1, x, y, w, h);
    double lx = x + 18, lw = 452;
    gfx_text(g, sc->keyboard || sc->hover < 0 ? "Focused cell" : "Pointed cell", lx, y + 24,
             memory5d_kit_style(20, 1, GFX_LEFT, INK));
    int cell = !sc->keyboard && sc->hover >= 0 ? sc->hover : sc->focus;
    char label[400];
    memory5d_ui_cell_label(sc, cell, now, label, sizeof label);
    memory5d_kit_wrap(g, label, lx, y + 50, lw, memory5d_kit_style(18, 0, GFX_LEFT, INK), 22);
    gfx_text(g, "Marks", lx, y + 180, memory5d_kit_style(20, 1, GFX_LEFT, INK));
    memory5d_kit_wrap(g,
                      "Gold frame: the anchor. Green corners: a partner. Blue frame: the focus. "
                      "Owners: a disc for A, a square for B. Red edge and N: north.",
                      lx, y + 206, lw, memory5d_kit_style(18, 0, GFX_LEFT, INK2), 22);
    gfx_text(g, "Keys", lx, y + 294, memory5d_kit_style(20, 1, GFX_LEFT, INK));
    memory5d_kit_wrap(g,
                      "Arrows, Home/End move; Enter or Space selects; Escape cancels the anchor "
                      "or leaves; Tab goes to the powers, Legend and Leave. A board larger than "
                      "its view scrolls when dragged.",
                      lx, y + 320, lw, memory5d_kit_style(18, 0, GFX_LEFT, INK2), 22);
    double rx = x + 500;
    gfx_text(g, "Families", rx, y + 24, memory5d_kit_style(20, 1, GFX_LEFT, INK));
    for (int f = 0; f < MEMORY5D_FAMILIES; f++) {
        double cx = rx + 22 + (f % 3) * 142, cy = y + 62 + (f / 3) * 50;
        memory5d_art_shape(g, f, 0, MEMORY5D_BLUE, cx, cy, 38, hc);
        gfx_text(g, memory5d_family_names[f], cx + 28, cy,
                 memory5d_kit_style(18, 0, GFX_LEFT, INK));
    }
    gfx_text(g, "Variants", rx, y + 166, memory5d_kit_style(20, 1, GFX_LEFT, INK));
    for (int v = 0; v < 3; v++) {
        double cx = rx + 22 + v * 142, cy = y + 204;
        memory5d_art_shape(g, MEMORY5D_CIRCLE, v, MEMORY5D_RED, cx, cy, 38, hc);
        gfx_text(g, (const char *[]){"1st: plain", "2nd: ring", "3rd: dot"}[v], cx + 26, cy,
                 memory5d_kit_style(18, 0, GFX_LEFT, INK));
    }
    gfx_text(g, "Linked hues (texture)", rx, y + 254, memory5d_kit_style(20, 1, GFX_LEFT, INK));
    for (int pair = 0; pair < 3; pair++) {
        double cy = y + 290 + pair * 38;
        for (int k = 0; k < 2; k++) {
            int hue = 2 * pair + k;
            double bx = rx + k * 214;
            memory5d_art_texture_swatch(g, hue, bx, cy - 15, 30, 30);
            char s[64];
            snprintf(s, sizeof s, "%s %s", memory5d_hue_names[hue], sc->rules.texture_names[hue]);
            gfx_text(g, s, bx + 36, cy, memory5d_kit_style(18, 0, GFX_LEFT, INK));
        }
        gfx_text(g, "=", rx + 200, cy, memory5d_kit_style(20, 1, GFX_CENTER, INK2));
    }
}
