/* Memory5D shop row, the one the lobby and the results screen both show: four powers at
 * their prices, bought by click or tap (the screens' hit test, memory5d_layout_shop_hit), or
 * Left/Right and Enter, each through the records store; and its drawing: each power's button
 * with its price, lit when the balance can pay it, and the Star Points balance beside it. */
#include <stdio.h>

#include "memory5d_ui.h"
#include "memory5d/memory5d_powers.h"

#define INK 0x2B2723
#define INK2 0x6B645A

void memory5d_shop_buy(memory5d_scene_state *sc, int power, int64_t now)
{
    char err[400];
    if (!sc->store) {
        memory5d_caption(sc, now,
                         "The shop needs a records database (--records FILE): Star Points "
                         "live there.");
        return;
    }
    int64_t p = memory5d_local_records_profile(sc, now);
    int64_t id = p > 0 ? memory5d_store_buy(sc->store, p, &sc->rules, power, err, sizeof err)
                       : -1;
    memory5d_local_records_refresh(sc);
    memory5d_ev_records(sc, now, "buy", p, id > 0, id > 0 ? memory5d_power_names[power] : err);
    if (id > 0)
        memory5d_caption(sc, now, "Bought one %s for %d Star Points: %lld left, %lld owned.",
                         memory5d_ui_power_titles[power], sc->rules.power_price[power],
                         (long long)sc->rec.proj.balance, (long long)memory5d_owned(sc, power));
    else if (sc->rec.has_proj && sc->rec.proj.balance < sc->rules.power_price[power])
        memory5d_caption(sc, now, "Cannot buy %s: it costs %d Star Points and you have %lld.",
                         memory5d_ui_power_titles[power], sc->rules.power_price[power],
                         (long long)sc->rec.proj.balance);
    else /* the store's words are for the events log (above), not the player */
        memory5d_caption(sc, now, "Cannot buy %s now: the records did not accept the purchase, "
                         "nothing was spent.", memory5d_ui_power_titles[power]);
    audio_play(sc->env.audio, id > 0 ? AUDIO_SFX_BUTTON_CONFIRM : AUDIO_SFX_INVALID);
}

/* Whether the chosen profile's balance pays one charge of power. */
static int affordable(const memory5d_scene_state *sc, int power)
{
    return sc->store && sc->rec.has_proj && sc->rec.proj.balance >= sc->rules.power_price[power];
}

int memory5d_shop_key(memory5d_scene_state *sc, const player_input *in, int64_t now)
{
    int v = sc->power_focus;
    switch (in->key) {
    case PK_LEFT:
    case PK_RIGHT:
        v += in->key == PK_LEFT ? -1 : 1;
        if (v >= 0 && v < MEMORY5D_POWERS)
            sc->power_focus = v;
        return 1;
    case PK_ENTER:
    case PK_SPACE: memory5d_shop_buy(sc, sc->power_focus, now); return 1;
    default: return 0;
    }
}

void memory5d_shop_draw(memory5d_scene_state *sc, gfx *g, int where, int focused)
{
    int hc = sc->cfg->high_contrast, compact = memory5d_layout_compact();
    char s[96];
    for (int o = 0; o < MEMORY5D_POWERS; o++) {
        double x, y, w, h;
        memory5d_layout_shop_option(where, o, &x, &y, &w, &h);
        int focus = focused && o == sc->power_focus;
        if (compact) { /* a narrow button: the power over its price */
            snprintf(s, sizeof s, "%d Star Points", sc->rules.power_price[o]);
            memory5d_kit_button_lines(g, x, y, w, h, memory5d_ui_power_titles[o], s, 0, focus,
                                      affordable(sc, o), hc);
            continue;
        }
        snprintf(s, sizeof s, "%s %d", memory5d_ui_power_titles[o], sc->rules.power_price[o]);
        memory5d_kit_button(g, x, y, w, h, s, 0, focus, affordable(sc, o), hc);
    }
    double x, y;
    memory5d_layout_shop_note(where, &x, &y);
    /* the lobby labels the row "Shop" itself; the results screen has no row labels */
    int results = where == MEMORY5D_SHOP_RESULTS;
    long long balance = sc->rec.has_proj ? (long long)sc->rec.proj.balance : 0;
    /* the lobby's two columns (a small window) leave the label's width only */
    int narrow = !results && memory5d_layout_lobby_two_columns();
    if (!sc->store || !sc->rec.has_proj)
        snprintf(s, sizeof s, "%s",
                 results ? "Shop: no records"
                         : narrow ? "No records" : "No records (--records FILE)");
    else if (results)
        snprintf(s, sizeof s, "Shop: %lld Star Points to spend", balance);
    else
        snprintf(s, sizeof s, "Star Points: %lld", balance);
    gfx_text_style st = memory5d_kit_style(compact ? 22 : 26, 1, GFX_RIGHT, results ? INK : INK2);
    if (compact && results) /* the room left of the row */
        st = memory5d_kit_fit(g, s, st, x - 16, 18);
    memory5d_kit_say(g, s, x, y, st);
}
