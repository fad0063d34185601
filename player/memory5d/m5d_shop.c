/* Memory5D shop row, the one the lobby and the results screen both show: four powers at
 * their prices, bought by click or tap, or Left/Right and Enter, each through m5d_shop_buy
 * (the records store). Geometry and input; m5d_draw_shop.c draws it. */
#include "m5d_scene.h"

void m5d_shop_row(int where, double *x, double *y, double *w, double *h)
{
    if (where == M5D_SHOP_LOBBY) {
        m5d_lobby_rows(M5D_ROW_SHOP, x, y, w, h);
        return;
    }
    /* results: between the two players' panels and the buttons */
    *x = 760;
    *y = 790;
    *w = 960;
    *h = 56;
}

void m5d_shop_option(int where, int o, double *x, double *y, double *w, double *h)
{
    double rx, ry, rw, rh, gap = 12;
    m5d_shop_row(where, &rx, &ry, &rw, &rh);
    *w = (rw - gap * (MEMORY5D_POWERS - 1)) / MEMORY5D_POWERS;
    *x = rx + o * (*w + gap);
    *y = ry;
    *h = rh;
}

int m5d_shop_hit(int where, double px, double py)
{
    for (int o = 0; o < MEMORY5D_POWERS; o++) {
        double x, y, w, h;
        m5d_shop_option(where, o, &x, &y, &w, &h);
        if (px >= x && px < x + w && py >= y && py < y + h)
            return o;
    }
    return -1;
}

int m5d_shop_affordable(const m5d_scene *sc, int power)
{
    return sc->store && sc->rec.has_proj && sc->rec.proj.balance >= sc->rules.power_price[power];
}

int m5d_shop_key(m5d_scene *sc, const player_input *in, int64_t now)
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
    case PK_SPACE: m5d_shop_buy(sc, sc->power_focus, now); return 1;
    default: return 0;
    }
}
