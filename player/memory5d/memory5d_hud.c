/* Memory5D match screen's panels beside the board: each player's (Mastery, streak, the last
 * link's breakdown, the decision clock), the persistent legends (families, variants, linked
 * hues) and the inspector (the focused or pointed cell's label). Drawing only. */
#include <stdio.h>

#include "memory5d_ui.h"
#include "memory5d/memory5d_label.h"
#include "memory5d/memory5d_powers.h"
#include "memory5d/memory5d_rules.h"

#define PANEL 0xFBF8F2
#define INK 0x2B2723
#define INK2 0x6B645A

void memory5d_hud_player(memory5d_scene_state *sc, gfx *g, int p, double x, double y, int64_t now)
{
    const memory5d_state *st = &sc->st;
    int hc = sc->cfg->high_contrast;
    int to_move = st->status == MEMORY5D_PLAYING && st->turn == p;
    memory5d_kit_box(g, x, y, 490, MEMORY5D_HUD_PLAYER_H, to_move ? 0xFFFFFF : 0xF3EFE8,
                     to_move ? (hc ? 0x000000 : memory5d_art_owner_rgb[p]) : 0xB8B0A4);
    if (to_move)
        gfx_rect(g, x, y, 12, MEMORY5D_HUD_PLAYER_H, GFX_RGB(hc ? 0x000000 : memory5d_art_owner_rgb[p]));
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
    const char *who = sc->online && sc->seat_names[p][0] ? sc->seat_names[p] /* online */
                      : sc->tutorial ? (p == 0 ? "You" : "Coach")
                      : sc->vs_ai  ? (p == 0 ? "You" : "AI")
                                   : (p == 0 ? "Player A" : "Player B");
    char line[200];
    snprintf(line, sizeof line, "%s%s", who, to_move ? " - to move" : "");
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
