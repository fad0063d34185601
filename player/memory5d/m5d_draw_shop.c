/* Memory5D shop row drawing (lobby and results): each power's button with its price, lit
 * when the balance can pay it, and the Star Points balance beside the row. */
#include <stdio.h>

#include "m5d_scene.h"

#define INK 0x2B2723
#define INK2 0x6B645A

void m5d_draw_shop(m5d_scene *sc, gfx *g, int where, int focused, double label_x)
{
    int hc = sc->cfg->high_contrast;
    char s[96];
    for (int o = 0; o < MEMORY5D_POWERS; o++) {
        double x, y, w, h;
        m5d_shop_option(where, o, &x, &y, &w, &h);
        snprintf(s, sizeof s, "%s %d", m5d_power_titles[o], sc->rules.power_price[o]);
        m5d_button(g, x, y, w, h, s, 0, focused && o == sc->power_focus,
                   m5d_shop_affordable(sc, o), hc);
    }
    double x, y, w, h;
    m5d_shop_row(where, &x, &y, &w, &h);
    /* the lobby labels the row "Shop" itself; the results screen has no row labels */
    int results = where == M5D_SHOP_RESULTS;
    long long balance = sc->rec.has_proj ? (long long)sc->rec.proj.balance : 0;
    if (!sc->store || !sc->rec.has_proj)
        snprintf(s, sizeof s, "%s", results ? "Shop: no records" : "No records (--records FILE)");
    else if (results)
        snprintf(s, sizeof s, "Shop: %lld Star Points to spend", balance);
    else
        snprintf(s, sizeof s, "Star Points: %lld", balance);
    m5d_say(g, s, label_x, y + h / 2, m5d_style(26, 1, GFX_RIGHT, results ? INK : INK2));
}
