/* Text through SDL2_ttf: the Quicksand fonts by size, and a cache of rendered runs (plain
 * white glyphs tinted when drawn, or runs baked by a text look) evicted when unused. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gfx_impl.h"
#include "text_runs.h"
#include "sdf.h"

/* ---------------------------------------------------------------- fonts */

static int find_font(char *out, size_t n, const char *file)
{
    /* Debian's fonts-quicksand first; the others cover a manual install. */
    static const char *const dirs[] = {
        "/usr/share/fonts/truetype/quicksand", "/usr/share/fonts/opentype/quicksand",
        "/usr/local/share/fonts", "/usr/share/fonts/truetype", "fonts"};
    for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++) {
        snprintf(out, n, "%s/%s", dirs[i], file);
        FILE *f = fopen(out, "rb");
        if (f) {
            fclose(f);
            return 0;
        }
    }
    return -1;
}

static int font_index(gfx *g, int bold, int px)
{
    for (int i = 0; i < g->nfonts; i++)
        if (g->fonts[i].bold == bold && g->fonts[i].px == px) return i;
    return -1;
}

TTF_Font *gfx_font(gfx *g, int bold, int px)
{
    if (px < 4) px = 4;
    int at = font_index(g, bold, px);
    if (at >= 0) return g->fonts[at].f;
    TTF_Font *f = TTF_OpenFont(g->font_path[bold ? 1 : 0], px);
    if (!f) return NULL;
    if (g->nfonts == GFX_MAX_FONTS) {
        TTF_CloseFont(g->fonts[0].f);
        memmove(g->fonts, g->fonts + 1, sizeof g->fonts[0] * (GFX_MAX_FONTS - 1));
        g->nfonts--;
    }
    g->fonts[g->nfonts].bold = bold;
    g->fonts[g->nfonts].px = px;
    g->fonts[g->nfonts].cell = -1;
    g->fonts[g->nfonts].f = f;
    g->nfonts++;
    return f;
}

int gfx_text_open(gfx *g, char *err, size_t errlen)
{
    if (find_font(g->font_path[0], sizeof g->font_path[0], "Quicksand-Medium.ttf") &&
        find_font(g->font_path[0], sizeof g->font_path[0], "Quicksand-Regular.ttf")) {
        snprintf(err, errlen,
                 "font Quicksand-Regular.ttf not found in /usr/share/fonts/truetype/quicksand "
                 "(install fonts-quicksand: make deps)");
        return -1;
    }
    if (find_font(g->font_path[1], sizeof g->font_path[1], "Quicksand-Bold.ttf")) {
        snprintf(err, errlen,
                 "font Quicksand-Bold.ttf not found in /usr/share/fonts/truetype/quicksand "
                 "(install fonts-quicksand: make deps)");
        return -1;
    }
    if (TTF_Init() != 0) {
        snprintf(err, errlen, "SDL_ttf: %s", TTF_GetError());
        return -1;
    }
    if (!gfx_font(g, 0, 20) || !gfx_font(g, 1, 20)) {
        snprintf(err, errlen, "cannot open %s: %s", g->font_path[1], TTF_GetError());
        TTF_Quit();
        return -1;
    }
    return 0;
}

void gfx_text_close(gfx *g)
{
    for (int i = 0; i < g->nfonts; i++) TTF_CloseFont(g->fonts[i].f);
    g->nfonts = 0;
    TTF_Quit();
}

void gfx_text_flush(gfx *g)
{
    for (int i = 0; i < g->ntext; i++) SDL_DestroyTexture(g->text[i].tex);
    g->ntext = 0;
}

/* Drops the text textures unused for a few seconds of frames. */
void gfx_text_evict(gfx *g)
{
    for (int i = 0; i < g->ntext;) {
        if (g->frame - g->text[i].used > 240) {
            SDL_DestroyTexture(g->text[i].tex);
            g->text[i] = g->text[--g->ntext];
        } else {
            i++;
        }
    }
}

/* ---------------------------------------------------------------- text */

static gfx_text_entry *text_get(gfx *g, const char *s, int bold, int px, gfx_text_look look, Uint32 color)
{
    for (int i = 0; i < g->ntext; i++)
        if (g->text[i].bold == bold && g->text[i].px == px && g->text[i].look == look &&
            (!look || g->text[i].color == color) &&
            strcmp(g->text[i].str, s) == 0) {
            g->text[i].used = g->frame;
            return &g->text[i];
        }
    size_t len = strlen(s);
    TTF_Font *f = gfx_font(g, bold, px);
    if (!f || !len || len >= GFX_TEXT_MAX) return NULL; /* runs are split below this length */
    int margin = 0;
    SDL_Surface *surf = look ? look(f, s, color, g->view.scale, &margin)
                             : TTF_RenderUTF8_Blended(f, s, (SDL_Color){255, 255, 255, 255});
    if (!surf) return NULL;
    if (g->ntext == GFX_MAX_TEXT) {
        /* one not drawn in this frame: the frame's ops still hold those textures */
        int old = 0;
        while (old < g->ntext && g->text[old].used == g->frame) old++;
        if (old == g->ntext) {
            SDL_FreeSurface(surf);
            return NULL;
        }
        SDL_DestroyTexture(g->text[old].tex);
        g->text[old] = g->text[--g->ntext];
    }
    gfx_text_entry *e = &g->text[g->ntext];
    e->tex = SDL_CreateTextureFromSurface(g->r, surf);
    e->w = surf->w;
    e->h = surf->h;
    e->margin = margin;
    SDL_FreeSurface(surf);
    if (!e->tex) return NULL;
    e->serial = gfx_new_serial(g);
    SDL_SetTextureBlendMode(e->tex, SDL_BLENDMODE_BLEND);
    memcpy(e->str, s, len + 1);
    e->bold = bold;
    e->px = px;
    e->look = look;
    e->color = look ? color : 0;
    e->used = g->frame;
    g->ntext++;
    return e;
}

/* The width of a run in font f (bold, px), measured once: scenes measure the same words
 * every frame (wrapping, alignment), and FreeType loads each glyph again to do it. */
static int run_width(gfx *g, TTF_Font *f, int bold, int px, const char *s)
{
    Uint32 h = 2166136261u ^ (Uint32)(px * 2 + bold);
    for (const char *c = s; *c; c++) h = (h ^ (Uint8)*c) * 16777619u;
    size_t len = strlen(s);
    int w = 0, hh = 0;
    if (len >= GFX_TEXT_MAX) {
        TTF_SizeUTF8(f, s, &w, &hh);
        return w;
    }
    gfx_width_entry *e = &g->widths[h % GFX_WIDTHS];
    if (e->px == px && e->bold == bold && strcmp(e->str, s) == 0) return e->w;
    TTF_SizeUTF8(f, s, &w, &hh);
    e->px = px;
    e->bold = bold;
    e->w = w;
    memcpy(e->str, s, len + 1);
    return w;
}

static double layout_text(gfx *g, const char *s, gfx_text_style st, double x, double y, int draw)
{
    int px = (int)lround(st.size * g->view.scale);
    TTF_Font *f = gfx_font(g, st.bold, px);
    if (!f) return 0;
    int fi = font_index(g, st.bold, px < 4 ? 4 : px);
    int cell = fi >= 0 ? g->fonts[fi].cell : -1;
    if (cell < 0) {
        cell = 0;
        for (char c = '0'; c <= '9'; c++) {
            int minx, maxx, miny, maxy, adv;
            if (TTF_GlyphMetrics(f, (Uint16)c, &minx, &maxx, &miny, &maxy, &adv) == 0 && adv > cell) cell = adv;
        }
        if (fi >= 0) g->fonts[fi].cell = cell;
    }
    text_run runs[32];
    int n = text_runs(s, st.tabular, runs, 32);
    double total = 0;
    double widths[32];
    for (int i = 0; i < n; i++) {
        int w = 0;
        if (runs[i].digit) w = cell;
        else w = run_width(g, f, st.bold, px < 4 ? 4 : px, runs[i].buf);
        widths[i] = w / g->view.scale;
        total += widths[i];
    }
    if (!draw) return total;
    double cx = st.align == GFX_LEFT ? x : st.align == GFX_CENTER ? x - total / 2 : x - total;
    double h = TTF_FontHeight(f) / g->view.scale;
    for (int i = 0; i < n; i++) {
        Uint32 color = (Uint32)st.color.r << 16 | (Uint32)st.color.g << 8 | st.color.b;
        gfx_text_entry *e = text_get(g, runs[i].buf, st.bold, px, st.look, color);
        if (e) {
            double w = (e->w - 2 * e->margin) / g->view.scale;
            double dx = runs[i].digit ? (widths[i] - w) / 2 : 0;
            /* snap to whole output pixels so glyphs stay crisp */
            double ox = floor(g->view.off_x + (cx + dx) * g->view.scale + 0.5) - e->margin;
            double oy = floor(g->view.off_y + (y - h / 2) * g->view.scale + 0.5) - e->margin;
            SDL_FRect dst = {(float)ox, (float)oy, (float)e->w, (float)e->h};
            gfx_color mod = st.color; /* a look is baked in its own colours */
            if (st.look) mod.r = mod.g = mod.b = 255;
            mod.a = (Uint8)(sdf_clamp01(st.alpha) * 255 + 0.5);
            gfx_op_copy(g, e->tex, e->serial, dst, mod, 0, NULL, 0);
        }
        cx += widths[i];
    }
    return total;
}

double gfx_text(gfx *g, const char *utf8, double x, double y, gfx_text_style st)
{
    if (st.alpha <= 0) return gfx_text_width(g, utf8, st);
    return layout_text(g, utf8, st, x, y, 1);
}

double gfx_text_width(gfx *g, const char *utf8, gfx_text_style st)
{
    return layout_text(g, utf8, st, 0, 0, 0);
}
