/* Memory5D Power Draft drawing: the public pool as four cards (copies left, price), the pick
 * order with the current pick and its deadline, and both players' drafted loadouts. */
#include <stdio.h>

#include "m5d_scene.h"

#define INK 0x2B2723
#define INK2 0x6B645A
#define PANEL 0xFBF8F2

static const char *const power_help[MEMORY5D_POWERS] = {
    "marks the anchor's partners for 3 s", "doubles one link's Mastery",
    "one link ignores family and hue", "one bonus turn after a link"};

void m5d_draw_draft(m5d_scene *sc, gfx *g, int64_t now)
{
    const memory5d_config *c = &sc->rules;
    const memory5d_draft *d = &sc->draft;
    int hc = sc->cfg->high_contrast, who = memory5d_draft_turn(c, d);
    char s[200];
    m5d_say(g, "Power Draft", 960, 80, m5d_style(64, 1, GFX_CENTER, INK));
    m5d_say(g, "A public pool of two cards per power. Arcade: no Elo; the cards are not your inventory's.", 960, 140,
            m5d_style(28, 0, GFX_CENTER, INK2));
    /* the pick order, the current pick lit */
    for (int i = 0; i < c->draft.pick_count; i++) {
        double x = 960 - c->draft.pick_count * 45 + i * 90;
        int done = i < d->pick, cur = i == d->pick;
        m5d_box(g, x, 190, 76, 60, cur ? 0x2F4858 : done ? 0xE3DED5 : PANEL,
                hc ? 0x000000 : m5d_owner_rgb[c->draft.pick_order[i]]);
        m5d_say(g, memory5d_player_names[c->draft.pick_order[i]], x + 38, 220,
                m5d_style(30, 1, GFX_CENTER, cur ? 0xFFFFFF : done ? INK2 : INK));
    }
    if (who >= 0) {
        int64_t left = c->draft.pick_deadline_ms - (now - d->pick_start_ms);
        if (left < 0)
            left = 0;
        snprintf(s, sizeof s, "%s to pick: %lld s left (then the cheapest card)",
                 sc->vs_ai ? (who == 0 ? "You" : "The AI") : memory5d_player_names[who],
                 (long long)((left + 999) / 1000));
        m5d_say(g, s, 960, 292, m5d_style(30, 1, GFX_CENTER, left <= M5D_WARN_MS ? 0xC2412D : INK));
    }
    for (int i = 0; i < MEMORY5D_POWERS; i++) {
        double x, y, w, h;
        m5d_draft_card(i, &x, &y, &w, &h);
        int can = who >= 0 && memory5d_draft_can_take(c, d, who, i);
        m5d_box(g, x, y, w, h, can ? 0xFFFFFF : 0xE3DED5, hc ? 0x000000 : 0x8C8478);
        if (sc->keyboard && sc->draft_focus == i)
            m5d_box(g, x - 6, y - 6, w + 12, 6, 0x1D5FD0, 0x1D5FD0);
        snprintf(s, sizeof s, "%d  %s", i + 1, m5d_power_titles[i]);
        m5d_say(g, s, x + w / 2, y + 50, m5d_style(30, 1, GFX_CENTER, can ? INK : INK2));
        m5d_wrap(g, power_help[i], x + 24, y + 110, w - 48, m5d_style(22, 0, GFX_LEFT, INK2), 30);
        snprintf(s, sizeof s, "%d left", d->pool[i]);
        m5d_say(g, s, x + w / 2, y + 210, m5d_style(34, 1, GFX_CENTER, INK));
        snprintf(s, sizeof s, "price %d", c->power_price[i]);
        m5d_say(g, s, x + w / 2, y + 260, m5d_style(22, 0, GFX_CENTER, INK2));
    }
    for (int p = 0; p < MEMORY5D_PLAYERS; p++) {
        double x = 300 + p * 680;
        m5d_box(g, x, 680, 640, 240, PANEL, hc ? 0x000000 : m5d_owner_rgb[p]);
        snprintf(s, sizeof s, "%s", sc->vs_ai ? (p == 0 ? "Your loadout" : "The AI's loadout")
                                              : p == 0 ? "A's loadout" : "B's loadout");
        m5d_say(g, s, x + 30, 720, m5d_style(30, 1, GFX_LEFT, INK));
        for (int i = 0; i < MEMORY5D_POWERS; i++) {
            snprintf(s, sizeof s, "%s x%d", m5d_power_titles[i], d->picked[p][i]);
            m5d_say(g, s, x + 30 + (i % 2) * 290, 780 + (i / 2) * 50,
                    m5d_style(26, d->picked[p][i] > 0, GFX_LEFT, d->picked[p][i] ? INK : INK2));
        }
    }
    m5d_caption_bar(sc, g);
}
