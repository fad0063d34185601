/* Felt-and-thread menu widgets (Title, Options, Pause, Results, launcher). */
#include "ui.h"

#include <math.h>
#include <stdio.h>

int ui_hit(const ui_widget *ws, int n, double x, double y)
{
    for (int i = 0; i < n; i++)
        if (ws[i].enabled && x >= ws[i].x && x < ws[i].x + ws[i].w && y >= ws[i].y &&
            y < ws[i].y + ws[i].h)
            return i;
    return -1;
}

/* The slider's knob radius: the track runs between the knob's two end positions, so the
 * hit mapping and the drawing must agree on it. */
enum { SLIDER_KNOB = 16 };

int ui_slider_value(const ui_widget *w, double x)
{
    double t = (x - (w->x + SLIDER_KNOB)) / (w->w - 2 * SLIDER_KNOB);
    int v = (int)lround(t * 100);
    return v < 0 ? 0 : v > 100 ? 100 : v;
}

int ui_step(const ui_widget *ws, int n, int from, int dir)
{
    if (n <= 0) return -1;
    int i = from < 0 ? (dir > 0 ? -1 : 0) : from;
    for (int k = 0; k < n; k++) {
        i = (i + dir + n) % n;
        if (ws[i].enabled) return i;
    }
    return from;
}

gfx_text_style ui_style(double size, int bold, gfx_align align, Uint32 color, double alpha)
{
    gfx_text_style st = {.size = size, .bold = bold, .align = align, .color = GFX_RGB(color), .alpha = alpha};
    return st;
}

gfx_text_style ui_fit(gfx *g, const char *text, gfx_text_style st, double max_w, double min_size)
{
    while (st.size - 1 >= min_size && gfx_text_width(g, text, st) > max_w)
        st.size -= 1;
    return st;
}

/* A button's felt: a deeper cream than the cards, so that brightening it 8% on hover
 * (Screens: Title) stays cream instead of clipping to white. */
enum { BUTTON_FACE = 0xECE4D4 };

static Uint32 brighten(Uint32 hex, double k)
{
    Uint32 out = 0;
    for (int sh = 16; sh >= 0; sh -= 8) {
        long v = lround(((hex >> sh) & 255) * k);
        out |= (Uint32)(v > 255 ? 255 : v) << sh;
    }
    return out;
}

void ui_card(gfx *g, double cx, double cy, double w, double h, double alpha)
{
    gfx_art_key k = {GFX_ART_PANEL, (int)w, (int)h, 16, GFX_CREAM};
    gfx_art_draw(g, k, cx, cy + 4, 1, 0, GFX_RGB(0xFFFFFF), alpha);
}

void ui_button(gfx *g, const ui_widget *w, double hover, double alpha)
{
    double a = w->enabled ? alpha : alpha * 0.5;
    double cx = w->x + w->w / 2, cy = w->y + w->h / 2 - 4 * hover; /* lifts 4 px */
    Uint32 tint = hover > 0.5 ? brighten(BUTTON_FACE, 1.08) : BUTTON_FACE; /* brightens 8% */
    gfx_art_key k = {GFX_ART_PANEL, (int)w->w, (int)w->h, 16, tint};
    gfx_art_draw(g, k, cx, cy + 4, 1, 0, GFX_RGB(0xFFFFFF), a);
    if (hover > 0) {
        gfx_art_key ring = {GFX_ART_PANEL_RING, (int)w->w, (int)w->h, 16, 0};
        gfx_art_draw(g, ring, cx, cy, 1, 0, GFX_RGB(GFX_GOLD), a * hover);
    }
    gfx_text(g, w->label, cx, cy - 2, ui_style(w->primary ? 46 : 38, 1, GFX_CENTER,
                                                w->enabled ? GFX_INK : GFX_INK2, a));
}

void ui_slider(gfx *g, const ui_widget *w, int value, double hover, double alpha)
{
    double x0 = w->x + SLIDER_KNOB, x1 = w->x + w->w - SLIDER_KNOB, cy = w->y + w->h / 2;
    double kx = x0 + (x1 - x0) * value / 100.0;
    /* the track: a stitched ribbon; filled part in the gold thread colour */
    gfx_art_key track = {GFX_ART_PANEL, (int)(x1 - x0 + 16), 16, 8, 0xE6DDCC};
    gfx_art_draw(g, track, (x0 + x1) / 2, cy + 2, 1, 0, GFX_RGB(0xFFFFFF), alpha);
    double fill = kx - x0;
    if (fill > 1) {
        gfx_color gold = GFX_RGB(0xE9B949);
        gfx_rect(g, x0, cy - 4, fill, 8, (gfx_color){gold.r, gold.g, gold.b, (Uint8)(alpha * 230)});
    }
    gfx_art_key dot = {GFX_ART_DOT, 36, 0, 0, 0};
    gfx_art_draw(g, dot, kx, cy + 3, 1.0, 0, GFX_RGB(0x000000), alpha * 0.25);
    gfx_art_draw(g, dot, kx, cy - 2 * hover, 1.0, 0, GFX_RGB(0xE07B39), alpha);
    gfx_art_key inner = {GFX_ART_DOT, 14, 0, 0, 0};
    gfx_art_draw(g, inner, kx, cy - 2 * hover, 1.0, 0, GFX_RGB(0xFBF7EE), alpha * 0.9);
    if (hover > 0) {
        gfx_art_key ring = {GFX_ART_PANEL_RING, (int)(x1 - x0 + 40), (int)w->h, 16, 0};
        gfx_art_draw(g, ring, (x0 + x1) / 2, cy, 1, 0, GFX_RGB(GFX_GOLD), alpha * hover);
    }
    char buf[16];
    snprintf(buf, sizeof buf, "%d", value);
    gfx_text_style st = ui_style(36, 1, GFX_RIGHT, GFX_INK, alpha);
    st.tabular = 1;
    gfx_text(g, buf, w->x + w->w + 90, cy, st);
}

void ui_toggle(gfx *g, const ui_widget *w, int on, double hover, double alpha)
{
    double a = w->enabled ? alpha : alpha * 0.5;
    double cx = w->x + 60, cy = w->y + w->h / 2;
    gfx_art_key pill = {GFX_ART_PANEL, 110, 50, 25, on ? 0x8FD3A8 : 0xE6DDCC};
    gfx_art_draw(g, pill, cx, cy + 3, 1, 0, GFX_RGB(0xFFFFFF), a);
    gfx_art_key dot = {GFX_ART_DOT, 38, 0, 0, 0};
    double kx = on ? cx + 28 : cx - 28;
    gfx_art_draw(g, dot, kx, cy + 3, 1, 0, GFX_RGB(0x000000), a * 0.2);
    gfx_art_draw(g, dot, kx, cy, 1, 0, GFX_RGB(GFX_CREAM), a);
    if (hover > 0) {
        gfx_art_key ring = {GFX_ART_PANEL_RING, 110, 50, 25, 0};
        gfx_art_draw(g, ring, cx, cy, 1, 0, GFX_RGB(GFX_GOLD), a * hover);
    }
    gfx_text(g, on ? "On" : "Off", cx + 90, cy, ui_style(34, 1, GFX_LEFT, GFX_INK, a));
}

void ui_field(gfx *g, const ui_widget *w, const char *text, int editing, double hover,
              double alpha, double now_ms)
{
    double a = w->enabled ? alpha : alpha * 0.45;
    double cx = w->x + w->w / 2, cy = w->y + w->h / 2;
    gfx_art_key box = {GFX_ART_PANEL, (int)w->w, (int)w->h, 10, w->enabled ? 0xFFFDF8 : 0xE6DFD2};
    gfx_art_draw(g, box, cx, cy + 3, 1, 0, GFX_RGB(0xFFFFFF), a);
    if (hover > 0 || editing) {
        gfx_art_key ring = {GFX_ART_PANEL_RING, (int)w->w, (int)w->h, 10, 0};
        gfx_art_draw(g, ring, cx, cy, 1, 0, GFX_RGB(GFX_GOLD), a * (editing ? 1 : hover));
    }
    gfx_text_style st = ui_style(36, 1, GFX_LEFT, w->enabled ? GFX_INK : GFX_INK2, a);
    double tw = gfx_text(g, text, w->x + 22, cy, st);
    if (editing && fmod(now_ms, 1000) < 600)
        gfx_rect(g, w->x + 24 + tw, cy - 20, 3, 40, GFX_RGB(GFX_INK));
}
