/* Field-space drawing: letterbox, distance-field art cached per output scale, SDL2_ttf text. */
#include "gfx.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sdf.h"

const Uint32 gfx_patch_colors[6] = {0xD64545, 0x3F6FD6, 0x47A84B, 0xE8C43C, 0x8A4FC4, 0xE07B39};
/* The stitching thread of each patch colour: a darker tone of the fill (Patch: Art), i.e.
 * the fill at 66%, except Yellow's, whose darker tone reads as olive: an amber thread. */
static const Uint32 thread_colors[6] = {0x8D2E2E, 0x2A498D, 0x2F6F32, 0xA66C18, 0x5B3481, 0x945126};

enum { MAX_FONTS = 24, MAX_ART = 320, MAX_TEXT = 384, TEXT_MAX = 96 };

typedef struct {
    gfx_art_key key;
    SDL_Texture *tex;
    double fw, fh; /* field-pixel extent */
} art_entry;

typedef struct {
    int bold, px;
    Uint32 felt; /* 0: a white glyph run for colour modulation; else 1 << 24 | felt colour */
    char str[TEXT_MAX];
    SDL_Texture *tex;
    int w, h, margin; /* the texture's size; felt runs spill `margin` px round the glyphs */
    unsigned used;
} text_entry;

struct gfx {
    SDL_Renderer *r;
    layout_view view;
    int field_w, field_h; /* the active scene's logical field (gfx_set_field) */
    Uint32 letterbox;
    gfx_bars bars_look;
    double built_scale, seen_scale;
    Uint64 seen_since; /* when the output scale last changed (live window resizes) */
    char font_path[2][512];
    struct { int bold, px; TTF_Font *f; } fonts[MAX_FONTS];
    int nfonts;
    art_entry art[MAX_ART];
    int nart;
    text_entry text[MAX_TEXT];
    int ntext;
    unsigned frame;
    SDL_Texture *board, *logo;
    SDL_Texture *bars[2]; /* the letterbox bars' wood, baked for bars_w x bars_h output px */
    int bars_w, bars_h, size_w, size_h;
    Uint32 bars_color;
    Uint64 size_since;    /* when the output size last changed */
    double logo_w, logo_h; /* field px */
};

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

static TTF_Font *font(gfx *g, int bold, int px)
{
    if (px < 4) px = 4;
    for (int i = 0; i < g->nfonts; i++)
        if (g->fonts[i].bold == bold && g->fonts[i].px == px) return g->fonts[i].f;
    TTF_Font *f = TTF_OpenFont(g->font_path[bold ? 1 : 0], px);
    if (!f) return NULL;
    if (g->nfonts == MAX_FONTS) {
        TTF_CloseFont(g->fonts[0].f);
        memmove(g->fonts, g->fonts + 1, sizeof g->fonts[0] * (MAX_FONTS - 1));
        g->nfonts--;
    }
    g->fonts[g->nfonts].bold = bold;
    g->fonts[g->nfonts].px = px;
    g->fonts[g->nfonts].f = f;
    g->nfonts++;
    return f;
}

gfx *gfx_create(SDL_Renderer *r, char *err, size_t errlen)
{
    gfx *g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    g->r = r;
    g->field_w = 1920;
    g->field_h = 1080;
    g->letterbox = 0x3B342D; /* dark wood */
    g->bars_look = GFX_BARS_WOOD;
    if (find_font(g->font_path[0], sizeof g->font_path[0], "Quicksand-Medium.ttf") &&
        find_font(g->font_path[0], sizeof g->font_path[0], "Quicksand-Regular.ttf")) {
        snprintf(err, errlen,
                 "font Quicksand-Regular.ttf not found in /usr/share/fonts/truetype/quicksand "
                 "(install fonts-quicksand: make deps)");
        free(g);
        return NULL;
    }
    if (find_font(g->font_path[1], sizeof g->font_path[1], "Quicksand-Bold.ttf")) {
        snprintf(err, errlen,
                 "font Quicksand-Bold.ttf not found in /usr/share/fonts/truetype/quicksand "
                 "(install fonts-quicksand: make deps)");
        free(g);
        return NULL;
    }
    if (TTF_Init() != 0) {
        snprintf(err, errlen, "SDL_ttf: %s", TTF_GetError());
        free(g);
        return NULL;
    }
    if (!font(g, 0, 20) || !font(g, 1, 20)) {
        snprintf(err, errlen, "cannot open %s: %s", g->font_path[1], TTF_GetError());
        TTF_Quit();
        free(g);
        return NULL;
    }
    return g;
}

static void flush_art(gfx *g)
{
    for (int i = 0; i < g->nart; i++) SDL_DestroyTexture(g->art[i].tex);
    g->nart = 0;
    for (int i = 0; i < g->ntext; i++) SDL_DestroyTexture(g->text[i].tex);
    g->ntext = 0;
    if (g->board) SDL_DestroyTexture(g->board);
    if (g->logo) SDL_DestroyTexture(g->logo);
    g->board = g->logo = NULL;
    for (int i = 0; i < 2; i++) {
        if (g->bars[i]) SDL_DestroyTexture(g->bars[i]);
        g->bars[i] = NULL;
    }
}

void gfx_destroy(gfx *g)
{
    if (!g) return;
    flush_art(g);
    for (int i = 0; i < g->nfonts; i++) TTF_CloseFont(g->fonts[i].f);
    TTF_Quit();
    free(g);
}

const layout_view *gfx_view(const gfx *g) { return &g->view; }
SDL_Renderer *gfx_renderer(gfx *g) { return g->r; }

void gfx_set_field(gfx *g, int w, int h, Uint32 letterbox, gfx_bars bars)
{
    g->bars_look = bars;
    if (w != g->field_w || h != g->field_h) g->built_scale = 0; /* rebuild the art at once */
    g->field_w = w;
    g->field_h = h;
    g->letterbox = letterbox;
}


static SDL_FRect frect(const gfx *g, double x, double y, double w, double h)
{
    SDL_FRect f = {(float)(g->view.off_x + x * g->view.scale), (float)(g->view.off_y + y * g->view.scale),
                   (float)(w * g->view.scale), (float)(h * g->view.scale)};
    return f;
}

void gfx_rect(gfx *g, double x, double y, double w, double h, gfx_color c)
{
    SDL_FRect f = frect(g, x, y, w, h);
    SDL_SetRenderDrawColor(g->r, c.r, c.g, c.b, c.a);
    SDL_RenderFillRectF(g->r, &f);
}

/* ---------------------------------------------------------------- pixel helpers */

typedef struct { double r, g, b, a; } px4;

static px4 rgb(Uint32 hex, double a)
{
    px4 p = {((hex >> 16) & 255) / 255.0, ((hex >> 8) & 255) / 255.0, (hex & 255) / 255.0, a};
    return p;
}

static px4 mix(px4 a, px4 b, double t)
{
    px4 p = {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t, a.a};
    return p;
}

static px4 shade(px4 a, double k)
{
    px4 p = {a.r * k, a.g * k, a.b * k, a.a};
    return p;
}

/* `top` over `bottom`, straight alpha. */
static px4 over(px4 top, px4 bottom)
{
    double a = top.a + bottom.a * (1 - top.a);
    if (a <= 0) return (px4){0, 0, 0, 0};
    px4 p = {(top.r * top.a + bottom.r * bottom.a * (1 - top.a)) / a,
             (top.g * top.a + bottom.g * bottom.a * (1 - top.a)) / a,
             (top.b * top.a + bottom.b * bottom.a * (1 - top.a)) / a, a};
    return p;
}

static Uint32 pack(px4 p)
{
    double c[4] = {p.r, p.g, p.b, p.a};
    Uint32 v[4];
    for (int i = 0; i < 4; i++) v[i] = (Uint32)(sdf_clamp01(c[i]) * 255 + 0.5);
    return (v[3] << 24) | (v[0] << 16) | (v[1] << 8) | v[2];
}

static double hash2(int x, int y)
{
    Uint32 h = (Uint32)x * 374761393u + (Uint32)y * 668265263u;
    h = (h ^ (h >> 13)) * 1274126177u;
    return ((h ^ (h >> 16)) & 0xFFFF) / 65535.0;
}

static double value_noise(double x, double y)
{
    int xi = (int)floor(x), yi = (int)floor(y);
    double fx = x - xi, fy = y - yi;
    fx = fx * fx * (3 - 2 * fx);
    fy = fy * fy * (3 - 2 * fy);
    double a = hash2(xi, yi), b = hash2(xi + 1, yi), c = hash2(xi, yi + 1), d = hash2(xi + 1, yi + 1);
    return a + (b - a) * fx + (c - a) * fy + (a - b - c + d) * fx * fy;
}

/* A faint plain-weave: alternating over/under threads every 3 field pixels. */
static double weave(double x, double y)
{
    double u = x / 3.0, v = y / 3.0;
    int cell = ((int)floor(u) + (int)floor(v)) & 1;
    double t = cell ? u - floor(u) : v - floor(v);
    return sin(t * 3.14159265) - 0.64; /* mean about zero */
}

typedef px4 (*shader_fn)(void *ctx, double x, double y, double px);

/* Builds a texture covering field rectangle [x0, x0+fw) x [y0, y0+fh) at the view scale. */
static SDL_Texture *bake_at(gfx *g, double s, double x0, double y0, double fw, double fh,
                            shader_fn fn, void *ctx)
{
    int w = (int)ceil(fw * s), h = (int)ceil(fh * s);
    if (w < 1) w = 1;
    if (h < 1) h = 1;
    SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!surf) return NULL;
    double px = 1.0 / s;
    for (int j = 0; j < h; j++) {
        Uint32 *row = (Uint32 *)((Uint8 *)surf->pixels + j * surf->pitch);
        for (int i = 0; i < w; i++)
            row[i] = pack(fn(ctx, x0 + (i + 0.5) * px * fw * s / w, y0 + (j + 0.5) * px * fh * s / h, px));
    }
    SDL_Texture *t = SDL_CreateTextureFromSurface(g->r, surf);
    SDL_FreeSurface(surf);
    if (t) {
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
        SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear);
    }
    return t;
}

static SDL_Texture *bake(gfx *g, double x0, double y0, double fw, double fh, shader_fn fn,
                         void *ctx)
{
    return bake_at(g, g->view.scale, x0, y0, fw, fh, fn, ctx);
}

/* ---------------------------------------------------------------- letterbox */

typedef struct {
    Uint32 color;
    double s;              /* output px per field px */
    double x0, y0, x1, y1; /* the field's rectangle in output px */
    int along_x;           /* the grain runs along x (bars above and below the field) */
} wood_ctx;

/* The bars round the field: dark wood in the letterbox colour, its grain running along the
 * bar, and the felt board's edge casting a soft shadow onto it. x, y are output pixels. */
static px4 wood_shader(void *vc, double x, double y, double px)
{
    (void)px;
    wood_ctx *c = vc;
    double u = (c->along_x ? x : y) / c->s, v = (c->along_x ? y : x) / c->s; /* along, across */
    double t = v + 9 * value_noise(u / 260, v / 40);
    double grain = 0.5 + 0.5 * sin(t * 0.45 + 2 * sin(t * 0.07));
    double k = 1 + 0.10 * (grain - 0.5) + 0.06 * (value_noise(u / 45, v / 2.5) - 0.5);
    k *= 1 + 0.03 * (hash2((int)floor(u / 2), (int)floor(v)) - 0.5);
    double dx = fmax(c->x0 - x, x - c->x1), dy = fmax(c->y0 - y, y - c->y1);
    double out = fmax(fmax(dx, dy), 0) / c->s; /* field px from the board's edge */
    k *= 1 - 0.45 * exp(-out / 7);
    return shade(rgb(c->color, 1), k);
}

/* Bakes the wood for the output size once it has held still for a quarter second (the old
 * bars are stretched meanwhile), and draws it into the two bars, if any. */
static void draw_bars(gfx *g, int w, int h, Uint64 now)
{
    const layout_view *v = &g->view;
    double fw = g->field_w * v->scale, fh = g->field_h * v->scale;
    int along_x = v->off_y >= 0.5;
    if (!along_x && v->off_x < 0.5) return; /* the field fills the output */
    SDL_FRect r[2];
    if (along_x) {
        r[0] = (SDL_FRect){0, 0, (float)w, (float)v->off_y};
        r[1] = (SDL_FRect){0, (float)(v->off_y + fh), (float)w, (float)(h - v->off_y - fh)};
    } else {
        r[0] = (SDL_FRect){0, 0, (float)v->off_x, (float)h};
        r[1] = (SDL_FRect){(float)(v->off_x + fw), 0, (float)(w - v->off_x - fw), (float)h};
    }
    int stale = w != g->bars_w || h != g->bars_h || g->bars_color != g->letterbox;
    if (!g->bars[0] || (stale && now - g->size_since >= 250)) {
        wood_ctx c = {g->letterbox, v->scale, v->off_x, v->off_y, v->off_x + fw, v->off_y + fh, along_x};
        for (int i = 0; i < 2; i++) {
            if (g->bars[i]) SDL_DestroyTexture(g->bars[i]);
            g->bars[i] = bake_at(g, 1, r[i].x, r[i].y, r[i].w, r[i].h, wood_shader, &c);
        }
        g->bars_w = w;
        g->bars_h = h;
        g->bars_color = g->letterbox;
    }
    for (int i = 0; i < 2; i++)
        if (g->bars[i]) SDL_RenderCopyF(g->r, g->bars[i], NULL, &r[i]);
}

void gfx_begin(gfx *g)
{
    int w, h;
    SDL_GetRendererOutputSize(g->r, &w, &h);
    layout_fit(&g->view, w, h, g->field_w, g->field_h);
    Uint64 now = SDL_GetTicks64();
    if (fabs(g->view.scale - g->seen_scale) > 1e-9) {
        g->seen_scale = g->view.scale;
        g->seen_since = now;
    }
    /* While a window is being dragged to a new size the old art is simply resampled
     * (everything is placed in field coordinates); it is rebuilt sharp once the size has
     * held still for a quarter second. The first frame builds at once. */
    if (fabs(g->view.scale - g->built_scale) > 1e-9 && (g->built_scale == 0 || now - g->seen_since >= 250)) {
        flush_art(g);
        g->built_scale = g->view.scale;
    }
    g->frame++;
    /* evict text textures unused for a few seconds of frames */
    for (int i = 0; i < g->ntext;) {
        if (g->frame - g->text[i].used > 240) {
            SDL_DestroyTexture(g->text[i].tex);
            g->text[i] = g->text[--g->ntext];
        } else {
            i++;
        }
    }
    SDL_SetRenderDrawBlendMode(g->r, SDL_BLENDMODE_BLEND);
    SDL_RenderSetClipRect(g->r, NULL);
    SDL_SetRenderDrawColor(g->r, (Uint8)(g->letterbox >> 16), (Uint8)(g->letterbox >> 8), (Uint8)g->letterbox, 255);
    SDL_RenderClear(g->r);
    if (w != g->size_w || h != g->size_h) {
        g->size_w = w;
        g->size_h = h;
        g->size_since = now;
    }
    if (g->bars_look == GFX_BARS_WOOD) draw_bars(g, w, h, now);
    /* the scene stays inside its field; only the cursor may cross the bars */
    SDL_Rect field = {(int)floor(g->view.off_x), (int)floor(g->view.off_y),
                      (int)ceil(g->field_w * g->view.scale), (int)ceil(g->field_h * g->view.scale)};
    SDL_RenderSetClipRect(g->r, &field);
}

/* ---------------------------------------------------------------- art shaders */

typedef struct {
    sdf_shape shape;
    sdf_arc arc;
    Uint32 color, thread;
    int pattern; /* -1 none, else the colour index for DBT-26 */
    double w, h, radius;
} art_ctx;

/* DBT-26 colorblind patterns: coverage 0..1 of the pattern's ink at (x, y). */
static double pattern_cover(int color, double x, double y, double px)
{
    const double r2 = 0.70710678;
    switch (color) {
    case 0: { /* Red: diagonal hatch */
        double u = (x + y) * r2;
        return sdf_cover(fabs(u - 12 * floor(u / 12) - 6) - 2.2, px);
    }
    case 1: { /* Blue: polka dots */
        double cx = x - 18 * floor(x / 18) - 9, cy = y - 18 * floor(y / 18) - 9;
        return sdf_cover(sqrt(cx * cx + cy * cy) - 4, px);
    }
    case 2: /* Green: horizontal stripes */
        return sdf_cover(fabs(y - 14 * floor(y / 14) - 7) - 2.8, px);
    case 3: /* Yellow: vertical stripes */
        return sdf_cover(fabs(x - 14 * floor(x / 14) - 7) - 2.8, px);
    case 4: { /* Purple: cross-hatch */
        double u = (x + y) * r2, v = (x - y) * r2;
        double a = sdf_cover(fabs(u - 14 * floor(u / 14) - 7) - 1.6, px);
        double b = sdf_cover(fabs(v - 14 * floor(v / 14) - 7) - 1.6, px);
        return a > b ? a : b;
    }
    default: { /* Orange: checker */
        int c = ((int)floor(x / 12) + (int)floor(y / 12)) & 1;
        return c;
    }
    }
}

static px4 patch_shader(void *vc, double x, double y, double px)
{
    art_ctx *c = vc;
    double d = sdf_eval(&c->shape, x, y);
    double cov = sdf_cover(d, px);
    if (cov <= 0) return (px4){0, 0, 0, 0};
    px4 base = rgb(c->color, 1);
    double k = 1 + 0.05 * (-(x + y) / 216.0);          /* soft light from the top-left */
    k *= 1 - 0.10 * (1 - sdf_clamp01(-d / 6));         /* cut edge of the felt */
    k *= 1 + 0.05 * weave(x, y);                        /* woven texture, 5% */
    k *= 1 + 0.03 * (hash2((int)floor(x * 1.5), (int)floor(y * 1.5)) - 0.5); /* fibres */
    px4 p = shade(base, k);
    if (c->pattern >= 0) {
        double lum = 0.3 * base.r + 0.59 * base.g + 0.11 * base.b;
        px4 ink = lum < 0.5 ? rgb(0xFFFFFF, 1) : rgb(0x000000, 1);
        p = mix(p, ink, 0.12 * pattern_cover(c->pattern, x, y, px)); /* under the stitches */
    }
    double st = sdf_stitch(&c->arc, &c->shape, x, y, d, 8, 2, 10, 16, px); /* DBT-28: inset 8, 4 px */
    if (st > 0) {
        p = mix(p, rgb(c->thread, 1), st);
    }
    p.a = cov;
    return p;
}

static px4 mask_shader(void *vc, double x, double y, double px)
{
    art_ctx *c = vc;
    return rgb(0xFFFFFF, sdf_cover(sdf_eval(&c->shape, x, y), px));
}

/* The dark edge that keeps a coloured ring readable on every patch colour and on the felt
 * (a gold band beside a Yellow patch would otherwise merge with it). */
enum { RING_GAP = 2, RING_EDGE = 2, RING_GLOW = 12 };
static const Uint32 RING_EDGE_COLOR = 0x2B2118;

static double ring_mid(double band) { return RING_GAP + RING_EDGE + band / 2; }

/* A band of colour c->color, c->w px wide, just outside the silhouette with a dark edge on
 * both sides; dashed (c->pattern 1) like a running stitch, or with a soft glow (2). */
static px4 ring_shader(void *vc, double x, double y, double px)
{
    art_ctx *c = vc;
    double d = sdf_eval(&c->shape, x, y);
    double mid = ring_mid(c->w), half = c->w / 2, across = fabs(d - mid);
    double edge, band;
    if (c->pattern == 1) { /* dashes along the ring's centre line: 14 px every 22 px */
        edge = sdf_stitch(&c->arc, &c->shape, x, y, d, -mid, half + RING_EDGE, 14 + 2 * RING_EDGE, 22, px);
        band = sdf_stitch(&c->arc, &c->shape, x, y, d, -mid, half, 14, 22, px);
    } else {
        edge = sdf_cover(across - half - RING_EDGE, px);
        band = sdf_cover(across - half, px);
    }
    px4 p = over(rgb(c->color, band), rgb(RING_EDGE_COLOR, edge * 0.9));
    if (c->pattern == 2 && d > mid) { /* glow outside the band */
        double t = sdf_clamp01((d - mid - half) / RING_GLOW);
        p = over(p, rgb(c->color, 0.45 * (1 - t) * (1 - t)));
    }
    return p;
}

/* A Gaussian-blurred black shadow edge: alpha well inside the shape, half of it on the
 * outline d = 0, fading out over about sigma pixels (the spec's "blur 12 px" is sigma 6). */
static px4 soft_shadow(double d, double sigma, double alpha)
{
    return rgb(0x000000, alpha * 0.5 * erfc(d / (sigma * 1.41421356)));
}

static px4 shadow_shader(void *vc, double x, double y, double px)
{
    (void)px;
    art_ctx *c = vc;
    double d = sdf_eval(&c->shape, x, y);
    return soft_shadow(d, 6, 0.25); /* blur 12 px */
}

static px4 panel_shader(void *vc, double x, double y, double px)
{
    art_ctx *c = vc;
    double d = sdf_eval(&c->shape, x, y);
    double ds = sdf_eval(&c->shape, x, y - 6);
    px4 sh = soft_shadow(ds, 6, 0.22);
    double cov = sdf_cover(d, px);
    if (cov <= 0) return sh;
    px4 base = rgb(c->color, 1);
    double k = (1 + 0.025 * weave(x, y)) * (1 + 0.02 * (hash2((int)floor(x), (int)floor(y)) - 0.5));
    k *= 1 - 0.05 * (1 - sdf_clamp01(-d / 4));
    px4 p = shade(base, k);
    double inset = c->radius >= 12 ? 9 : 6;
    double st = c->h / 2 < inset + 5 ? 0 : sdf_stitch(&c->arc, &c->shape, x, y, d, inset, 1.3, 9, 15, px);
    if (st > 0) p = mix(p, shade(base, 0.70), st);
    p.a = cov;
    return over(p, sh);
}

static px4 panel_ring_shader(void *vc, double x, double y, double px)
{
    art_ctx *c = vc;
    double d = sdf_eval(&c->shape, x, y);
    return rgb(0xFFFFFF, sdf_cover(fabs(d - 3.5) - 1.5, px));
}

static px4 pip_shader(void *vc, double x, double y, double px)
{
    art_ctx *c = vc;
    double d = sdf_eval(&c->shape, x, y);
    double ds = sdf_eval(&c->shape, x, y - 2);
    px4 sh = soft_shadow(ds, 2, 0.18);
    double cov = sdf_cover(d, px);
    if (cov <= 0) return sh;
    px4 p = rgb(0xFFFFFF, cov);
    p = shade(p, 1 + 0.04 * weave(x, y) - 0.04);
    double st = sdf_stitch(&c->arc, &c->shape, x, y, d, 4, 0.9, 3.5, 6.5, px);
    if (st > 0) p = mix(p, rgb(0xB8B8B8, 1), st);
    p.a = cov;
    return over(p, sh);
}

static px4 plain_shader(void *vc, double x, double y, double px)
{
    art_ctx *c = vc;
    return rgb(0xFFFFFF, sdf_cover(sdf_eval(&c->shape, x, y), px));
}

static px4 scrap_shader(void *vc, double x, double y, double px)
{
    art_ctx *c = vc;
    double cov = sdf_cover(sdf_eval(&c->shape, x, y), px);
    px4 p = rgb(0xFFFFFF, cov);
    p = shade(p, 1 - 0.08 * (weave(x * 2, y * 2) + 0.64));
    p.a = cov;
    return p;
}

/* The sewing-needle cursor: steel needle from the tip at (0, 0) down-right, with a
 * coloured thread looping from its eye. */
static px4 needle_shader(void *vc, double x, double y, double px)
{
    (void)vc;
    const double ax = 0, ay = 0, bx = 21, by = 25; /* needle axis */
    double vx = bx - ax, vy = by - ay, len = sqrt(vx * vx + vy * vy);
    double ux = vx / len, uy = vy / len;
    double along = (x - ax) * ux + (y - ay) * uy, across = -(x - ax) * uy + (y - ay) * ux;
    double t = along / len;
    double radius = 0.6 + 1.9 * sdf_clamp01(t * 2.2);
    double tc = t < 0 ? 0 : t > 1 ? 1 : t;
    double dx = along - tc * len, body = sqrt(dx * dx + across * across) - radius;
    /* the eye: a slot near the blunt end */
    double eu = along - 0.86 * len, eye = sqrt(fmax(fabs(eu) - 2.2, 0) * fmax(fabs(eu) - 2.2, 0) + across * across) - 0.7;
    double needle = fmax(body, -eye);
    /* thread: a loop through the eye and a short trailing tail */
    double lx = bx + 4 * ux + 6 * uy, ly = by + 4 * uy - 6 * ux;
    double loop = fabs(sqrt((x - lx) * (x - lx) + (y - ly) * (y - ly)) - 6.5) - 1.0;
    double tail = fabs(y - (by + 9) - 2.5 * sin((x - bx) * 0.35)) - 0.9;
    if (x < bx - 2 || x > bx + 13) tail = 1e9;
    double thread = fmin(loop, tail);
    px4 out = {0, 0, 0, 0};
    double tcov = sdf_cover(thread, px);
    if (tcov > 0) out = rgb(0xD64545, tcov);
    double ocov = sdf_cover(needle - 0.9, px);
    if (ocov > 0) out = over(rgb(0x2A2A2A, ocov * 0.75), out);
    double ncov = sdf_cover(needle, px);
    if (ncov > 0) {
        double k = 0.62 + 0.38 * sdf_clamp01(0.5 - across / (2 * radius + 0.01));
        px4 steel = shade(rgb(0xE6EAEE, 1), k);
        steel.a = ncov;
        out = over(steel, out);
    }
    return out;
}

/* ---------------------------------------------------------------- art cache */

static int key_eq(gfx_art_key a, gfx_art_key b)
{
    return a.kind == b.kind && a.a == b.a && a.b == b.b && a.c == b.c && a.tint == b.tint;
}

/* Each art kind's recipe: the distance field in c, the field-pixel extent to bake and the
 * shader (plain_shader unless set). */
static void art_recipe(gfx_art_key key, art_ctx *c, double *ext_w, double *ext_h, shader_fn *fn)
{
    switch (key.kind) {
    case GFX_ART_PATCH:
        sdf_patch_shape(&c->shape, key.b);
        sdf_arc_build(&c->arc, &c->shape, 8, 140);
        c->color = gfx_patch_colors[key.a];
        c->thread = thread_colors[key.a];
        c->pattern = key.c ? key.a : -1;
        *ext_w = *ext_h = 248;
        *fn = patch_shader;
        break;
    case GFX_ART_MASK:
        sdf_patch_shape(&c->shape, key.b);
        *ext_w = *ext_h = 248;
        *fn = mask_shader;
        break;
    case GFX_ART_RING:
        sdf_patch_shape(&c->shape, key.b);
        c->w = key.a > 0 ? key.a : 3;
        c->color = key.tint;
        c->pattern = key.c;
        if (key.c == 1) sdf_arc_build(&c->arc, &c->shape, -ring_mid(c->w), 170);
        *ext_w = *ext_h = 248 + 2 * (RING_GAP + 2 * RING_EDGE + c->w + RING_GLOW + 2);
        *fn = ring_shader;
        break;
    case GFX_ART_SHADOW:
        sdf_patch_shape(&c->shape, key.b);
        *ext_w = *ext_h = 310;
        *fn = shadow_shader;
        break;
    case GFX_ART_PANEL:
        sdf_box(&c->shape, key.a / 2.0, key.b / 2.0, key.c);
        sdf_arc_build(&c->arc, &c->shape, key.c >= 12 ? 9 : 6, sqrt(key.a * key.a + key.b * key.b) / 2 + 4);
        c->color = key.tint;
        c->radius = key.c;
        c->w = key.a;
        c->h = key.b;
        *ext_w = key.a + 48;
        *ext_h = key.b + 56;
        *fn = panel_shader;
        break;
    case GFX_ART_PANEL_RING:
        sdf_box(&c->shape, key.a / 2.0, key.b / 2.0, key.c);
        *ext_w = key.a + 20;
        *ext_h = key.b + 20;
        *fn = panel_ring_shader;
        break;
    case GFX_ART_PIP:
        sdf_box(&c->shape, 12, 12, 6);
        sdf_arc_build(&c->arc, &c->shape, 4, 20);
        *ext_w = *ext_h = 32;
        *fn = pip_shader;
        break;
    case GFX_ART_PIP_RING:
        sdf_box(&c->shape, 12, 12, 6);
        *ext_w = *ext_h = 40;
        *fn = panel_ring_shader;
        break;
    case GFX_ART_CHECK:
        sdf_check(&c->shape, key.a / 2.0);
        *ext_w = *ext_h = key.a + 4;
        break;
    case GFX_ART_CROSS:
        sdf_cross(&c->shape, key.a / 2.0);
        *ext_w = *ext_h = key.a + 4;
        break;
    case GFX_ART_SPARKLE: {
        double xy[16];
        for (int i = 0; i < 8; i++) {
            double ang = i * 3.14159265 / 4, rad = i % 2 ? 2.6 : 10;
            xy[2 * i] = rad * cos(ang);
            xy[2 * i + 1] = rad * sin(ang);
        }
        c->shape.kind = SDF_POLYGON;
        c->shape.n = 8;
        memcpy(c->shape.pts, xy, sizeof xy);
        *ext_w = *ext_h = 24;
        break;
    }
    case GFX_ART_SCRAP: {
        double xy[24];
        for (int i = 0; i < 12; i++) {
            double ang = i * 3.14159265 / 6 + 0.4, rad = 8 * (0.8 + 0.45 * hash2(i, key.a * 7 + 3));
            double sq = 1 / fmax(fabs(cos(ang)), fabs(sin(ang))); /* squarish */
            xy[2 * i] = rad * sq * 0.8 * cos(ang);
            xy[2 * i + 1] = rad * sq * 0.8 * sin(ang);
        }
        c->shape.kind = SDF_POLYGON;
        c->shape.n = 12;
        memcpy(c->shape.pts, xy, sizeof xy);
        *ext_w = *ext_h = 32;
        *fn = scrap_shader;
        break;
    }
    case GFX_ART_NEEDLE:
        *ext_w = *ext_h = 48;
        *fn = needle_shader;
        break;
    case GFX_ART_DOT:
        c->shape.kind = SDF_CIRCLE;
        c->shape.a = key.a / 2.0;
        *ext_w = *ext_h = key.a + 4;
        break;
    case GFX_ART_CAPSULE: {
        double half = (key.a - key.b) / 2.0;
        c->shape.kind = SDF_SEGMENTS;
        c->shape.n = 1;
        c->shape.pts[0] = -half;
        c->shape.pts[2] = half;
        c->shape.width = key.b / 2.0;
        *ext_w = key.a + 4;
        *ext_h = key.b + 4;
        break;
    }
    }
}

static art_entry *art_get(gfx *g, gfx_art_key key)
{
    for (int i = 0; i < g->nart; i++)
        if (key_eq(g->art[i].key, key)) return &g->art[i];
    if (g->nart == MAX_ART) {
        SDL_DestroyTexture(g->art[0].tex);
        memmove(g->art, g->art + 1, sizeof g->art[0] * (MAX_ART - 1));
        g->nart--;
    }
    static art_ctx c; /* large (distance tables); built one at a time */
    memset(&c, 0, sizeof c);
    c.pattern = -1;
    double ext_w = 0, ext_h = 0;
    shader_fn fn = plain_shader;
    art_recipe(key, &c, &ext_w, &ext_h, &fn);
    double x0 = -ext_w / 2, y0 = -ext_h / 2;
    if (key.kind == GFX_ART_NEEDLE) x0 = y0 = -4;
    SDL_Texture *t = bake(g, x0, y0, ext_w, ext_h, fn, &c);
    if (!t) return NULL;
    art_entry *e = &g->art[g->nart++];
    e->key = key;
    e->tex = t;
    e->fw = ext_w;
    e->fh = ext_h;
    return e;
}

void gfx_art_draw(gfx *g, gfx_art_key key, double cx, double cy, double scale, double angle,
                  gfx_color mod, double alpha)
{
    if (alpha <= 0.002 || scale <= 0) return;
    art_entry *e = art_get(g, key);
    if (!e) return;
    double w = e->fw * scale, h = e->fh * scale;
    SDL_FRect dst = frect(g, cx - w / 2, cy - h / 2, w, h);
    SDL_SetTextureColorMod(e->tex, mod.r, mod.g, mod.b);
    SDL_SetTextureAlphaMod(e->tex, (Uint8)(sdf_clamp01(alpha) * 255 + 0.5));
    SDL_RenderCopyExF(g->r, e->tex, NULL, &dst, angle, NULL, SDL_FLIP_NONE);
}

void gfx_cursor(gfx *g, double x, double y, double angle)
{
    gfx_art_key key = {GFX_ART_NEEDLE, 0, 0, 0, 0};
    art_entry *e = art_get(g, key);
    if (!e) return;
    SDL_FRect dst = frect(g, x - 4, y - 4, e->fw, e->fh);
    SDL_FPoint tip = {(float)(4 * g->view.scale), (float)(4 * g->view.scale)};
    SDL_SetTextureColorMod(e->tex, 255, 255, 255);
    SDL_SetTextureAlphaMod(e->tex, 255);
    SDL_Rect clip;
    SDL_RenderGetClipRect(g->r, &clip);
    SDL_RenderSetClipRect(g->r, NULL);
    SDL_RenderCopyExF(g->r, e->tex, NULL, &dst, angle, &tip, SDL_FLIP_NONE);
    SDL_RenderSetClipRect(g->r, clip.w > 0 ? &clip : NULL);
}

/* ---------------------------------------------------------------- board */

static px4 board_shader(void *vc, double x, double y, double px)
{
    (void)vc;
    (void)px;
    px4 p = rgb(GFX_FELT, 1);
    double n = value_noise(x / 90, y / 90) * 0.6 + value_noise(x / 23, y / 23) * 0.4;
    double k = 1 + 0.05 * (n - 0.5);
    k *= 1 + 0.018 * weave(x * 0.8, y * 0.8);
    k *= 1 + 0.035 * (hash2((int)floor(x), (int)floor(y)) - 0.5);
    double ex = (x / 1920 - 0.5) * 2, ey = (y / 1080 - 0.5) * 2;
    double r = sqrt(ex * ex + ey * ey) / 1.41421356;
    double v = sdf_clamp01((r - 0.3) / 0.45);
    k *= 1 - 0.12 * v * v * (3 - 2 * v); /* 12% vignette at the edges */
    return shade(p, k);
}

void gfx_board(gfx *g)
{
    /* the felt's finest detail is one field pixel, so HiDPI gains nothing above 1:1 */
    if (!g->board) g->board = bake_at(g, fmin(g->view.scale, 1.0), 0, 0, 1920, 1080, board_shader, NULL);
    if (!g->board) return;
    SDL_FRect dst = frect(g, 0, 0, 1920, 1080);
    SDL_RenderCopyF(g->r, g->board, NULL, &dst);
}

/* ---------------------------------------------------------------- text */

static SDL_Surface *felt_run(gfx *g, TTF_Font *f, const char *s, Uint32 color, int *margin);

static text_entry *text_get(gfx *g, const char *s, int bold, int px, Uint32 felt)
{
    for (int i = 0; i < g->ntext; i++)
        if (g->text[i].bold == bold && g->text[i].px == px && g->text[i].felt == felt &&
            strcmp(g->text[i].str, s) == 0) {
            g->text[i].used = g->frame;
            return &g->text[i];
        }
    size_t len = strlen(s);
    TTF_Font *f = font(g, bold, px);
    if (!f || !len || len >= TEXT_MAX) return NULL; /* runs are split below this length */
    int margin = 0;
    SDL_Surface *surf = felt ? felt_run(g, f, s, felt & 0xFFFFFF, &margin)
                             : TTF_RenderUTF8_Blended(f, s, (SDL_Color){255, 255, 255, 255});
    if (!surf) return NULL;
    if (g->ntext == MAX_TEXT) {
        SDL_DestroyTexture(g->text[0].tex);
        g->text[0] = g->text[--g->ntext];
    }
    text_entry *e = &g->text[g->ntext];
    e->tex = SDL_CreateTextureFromSurface(g->r, surf);
    e->w = surf->w;
    e->h = surf->h;
    e->margin = margin;
    SDL_FreeSurface(surf);
    if (!e->tex) return NULL;
    SDL_SetTextureBlendMode(e->tex, SDL_BLENDMODE_BLEND);
    memcpy(e->str, s, len + 1);
    e->bold = bold;
    e->px = px;
    e->felt = felt;
    e->used = g->frame;
    g->ntext++;
    return e;
}

/* Splits text into runs: digits one by one in fixed cells when tabular, the rest whole. */
typedef struct {
    char buf[TEXT_MAX];
    int digit;
} text_run;

static int text_runs(const char *s, int tabular, text_run *runs, int max)
{
    int n = 0;
    size_t len = strlen(s);
    for (size_t i = 0; i < len && n < max;) {
        int dig = tabular && s[i] >= '0' && s[i] <= '9';
        size_t j = i + 1;
        if (!dig)
            while (j < len && !(tabular && s[j] >= '0' && s[j] <= '9')) j++;
        size_t k = j - i < TEXT_MAX - 1 ? j - i : TEXT_MAX - 1;
        memcpy(runs[n].buf, s + i, k);
        runs[n].buf[k] = '\0';
        runs[n].digit = dig;
        n++;
        i = j;
    }
    return n;
}

static double layout_text(gfx *g, const char *s, gfx_text_style st, double x, double y, int draw)
{
    int px = (int)lround(st.size * g->view.scale);
    TTF_Font *f = font(g, st.bold, px);
    if (!f) return 0;
    int cell = 0;
    for (char c = '0'; c <= '9'; c++) {
        int minx, maxx, miny, maxy, adv;
        if (TTF_GlyphMetrics(f, (Uint16)c, &minx, &maxx, &miny, &maxy, &adv) == 0 && adv > cell) cell = adv;
    }
    text_run runs[32];
    int n = text_runs(s, st.tabular, runs, 32);
    double total = 0;
    double widths[32];
    for (int i = 0; i < n; i++) {
        int w = 0, h = 0;
        if (runs[i].digit) w = cell;
        else TTF_SizeUTF8(f, runs[i].buf, &w, &h);
        widths[i] = w / g->view.scale;
        total += widths[i];
    }
    if (!draw) return total;
    double cx = st.align == GFX_LEFT ? x : st.align == GFX_CENTER ? x - total / 2 : x - total;
    double h = TTF_FontHeight(f) / g->view.scale;
    for (int i = 0; i < n; i++) {
        Uint32 felt = st.stitched ? 1u << 24 | (Uint32)st.color.r << 16 | (Uint32)st.color.g << 8 | st.color.b : 0;
        text_entry *e = text_get(g, runs[i].buf, st.bold, px, felt);
        if (e) {
            double w = (e->w - 2 * e->margin) / g->view.scale;
            double dx = runs[i].digit ? (widths[i] - w) / 2 : 0;
            /* snap to whole output pixels so glyphs stay crisp */
            double ox = floor(g->view.off_x + (cx + dx) * g->view.scale + 0.5) - e->margin;
            double oy = floor(g->view.off_y + (y - h / 2) * g->view.scale + 0.5) - e->margin;
            SDL_FRect dst = {(float)ox, (float)oy, (float)e->w, (float)e->h};
            if (felt) SDL_SetTextureColorMod(e->tex, 255, 255, 255); /* baked in its colours */
            else SDL_SetTextureColorMod(e->tex, st.color.r, st.color.g, st.color.b);
            SDL_SetTextureAlphaMod(e->tex, (Uint8)(sdf_clamp01(st.alpha) * 255 + 0.5));
            SDL_RenderCopyF(g->r, e->tex, NULL, &dst);
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

/* ---------------------------------------------------------------- logo */

/* Chamfer distance (in pixels) from every inside pixel to the outside. */
static void distance_inside(const Uint8 *alpha, int w, int h, float *d)
{
    const float big = 1e6f;
    for (int i = 0; i < w * h; i++) d[i] = alpha[i] >= 128 ? big : 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            float *p = &d[y * w + x];
            if (*p == 0) continue;
            if (x > 0 && d[y * w + x - 1] + 1 < *p) *p = d[y * w + x - 1] + 1;
            if (y > 0 && d[(y - 1) * w + x] + 1 < *p) *p = d[(y - 1) * w + x] + 1;
            if (x > 0 && y > 0 && d[(y - 1) * w + x - 1] + 1.414f < *p) *p = d[(y - 1) * w + x - 1] + 1.414f;
            if (x < w - 1 && y > 0 && d[(y - 1) * w + x + 1] + 1.414f < *p) *p = d[(y - 1) * w + x + 1] + 1.414f;
        }
    for (int y = h - 1; y >= 0; y--)
        for (int x = w - 1; x >= 0; x--) {
            float *p = &d[y * w + x];
            if (*p == 0) continue;
            if (x < w - 1 && d[y * w + x + 1] + 1 < *p) *p = d[y * w + x + 1] + 1;
            if (y < h - 1 && d[(y + 1) * w + x] + 1 < *p) *p = d[(y + 1) * w + x] + 1;
            if (x < w - 1 && y < h - 1 && d[(y + 1) * w + x + 1] + 1.414f < *p) *p = d[(y + 1) * w + x + 1] + 1.414f;
            if (x > 0 && y < h - 1 && d[(y + 1) * w + x - 1] + 1.414f < *p) *p = d[(y + 1) * w + x - 1] + 1.414f;
        }
}

/* How felt letters are cut and stitched, in output pixels: the logo's recipe scaled to a
 * font size (felt_for_size). */
typedef struct {
    Uint32 color, thread;
    double s;           /* output pixels per field pixel */
    double grow;        /* letters cut chunkier than the font by this much, outside only */
    double inset, half; /* the thread's distance from the letter's edge and half-width */
    double dash;        /* dash period in field pixels */
    double edge;        /* the darkened cut edge's width */
    double drop;        /* the shadow's offset down */
} felt_cut;

/* The recipe is the logo's, whose letters are about 105 field px; text scales from it. */
static felt_cut felt_for_size(double size, double s, Uint32 color, Uint32 thread)
{
    double k = size / 105;
    felt_cut fc = {color, thread, s, 5 * k * s, 5.5 * k * s, 1.1 * k * s, 9 * k, 5 * k * s, 6 * k * s};
    return fc;
}

/* Paints one felt letter (its glyph alpha in a) into the canvas at (ox, oy). */
static void paint_letter(Uint32 *canvas, int cw, int chh, const SDL_Surface *glyph, int ox, int oy,
                         const felt_cut *fc)
{
    int w = glyph->w, h = glyph->h;
    double s = fc->s;
    Uint8 *alpha = malloc((size_t)w * h);
    float *dist = malloc(sizeof(float) * (size_t)w * h);
    if (!alpha || !dist) {
        free(alpha);
        free(dist);
        return;
    }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            Uint32 p = ((const Uint32 *)((const Uint8 *)glyph->pixels + y * glyph->pitch))[x];
            alpha[y * w + x] = (Uint8)(p >> 24);
        }
    distance_inside(alpha, w, h, dist);
    px4 base = rgb(fc->color, 1);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            double a = alpha[y * w + x] / 255.0;
            if (a <= 0) continue;
            int cx = ox + x, cy = oy + y;
            if (cx < 0 || cy < 0 || cx >= cw || cy >= chh) continue;
            double fx = cx / s, fy = cy / s;
            double k = (1 + 0.05 * weave(fx, fy)) * (1 - 0.12 * (1 - sdf_clamp01(dist[y * w + x] / fc->edge)));
            k *= 1 + 0.03 * (hash2((int)fx, (int)fy) - 0.5);
            px4 p = shade(base, k);
            /* stitches: a dashed band inset from the letter's edge, dashes across the band */
            double band = fabs(dist[y * w + x] - fc->inset) - fc->half;
            double phase = fmod((fx + fy * 0.37) / fc->dash, 1.0);
            if (band < 0.8 * s && phase < 0.55) {
                double cov = sdf_cover(band, s);
                p = mix(p, rgb(fc->thread, 1), cov);
            }
            p.a = a;
            Uint32 *dst = &canvas[cy * cw + cx];
            px4 under = {((*dst >> 16) & 255) / 255.0, ((*dst >> 8) & 255) / 255.0, (*dst & 255) / 255.0,
                         (*dst >> 24) / 255.0};
            *dst = pack(over(p, under));
        }
    free(alpha);
    free(dist);
}

/* Marks the pixels of a counter (a hole such as the A's): transparent in the glyph and not
 * reachable from its border through transparent pixels. */
static Uint8 *counters(const SDL_Surface *a)
{
    int w = a->w, h = a->h;
    Uint8 *hole = malloc((size_t)w * h);
    int *stack = malloc(sizeof(int) * (size_t)w * h);
    if (!hole || !stack) {
        free(hole);
        free(stack);
        return NULL;
    }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            hole[y * w + x] = (((Uint32 *)((Uint8 *)a->pixels + y * a->pitch))[x] >> 24) < 128;
    int n = 0; /* flood the outside from the border; what stays marked is a counter */
    for (int i = 0; i < w * h; i++) {
        int x = i % w, y = i / w;
        if ((x == 0 || y == 0 || x == w - 1 || y == h - 1) && hole[i]) {
            hole[i] = 0;
            stack[n++] = i;
        }
    }
    while (n > 0) {
        int i = stack[--n], x = i % w, y = i / w;
        const int nb[4] = {x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1};
        for (int k = 0; k < 4; k++)
            if (nb[k] >= 0 && hole[nb[k]]) {
                hole[nb[k]] = 0;
                stack[n++] = nb[k];
            }
    }
    free(stack);
    return hole;
}

/* Text grown outward by `grow` pixels: the font's outline stroke merged with the glyphs,
 * except inside their counters, which keep the font's own size so an A or a P stays open. */
static SDL_Surface *chunky_text(TTF_Font *f, const char *utf8, int grow)
{
    SDL_Color white = {255, 255, 255, 255};
    SDL_Surface *plain = TTF_RenderUTF8_Blended(f, utf8, white);
    TTF_SetFontOutline(f, grow);
    SDL_Surface *outl = TTF_RenderUTF8_Blended(f, utf8, white);
    TTF_SetFontOutline(f, 0);
    SDL_Surface *a = plain ? SDL_ConvertSurfaceFormat(plain, SDL_PIXELFORMAT_ARGB8888, 0) : NULL;
    SDL_Surface *b = outl ? SDL_ConvertSurfaceFormat(outl, SDL_PIXELFORMAT_ARGB8888, 0) : NULL;
    SDL_FreeSurface(plain);
    SDL_FreeSurface(outl);
    Uint8 *hole = a ? counters(a) : NULL;
    if (!a || !b || !hole) {
        SDL_FreeSurface(a);
        SDL_FreeSurface(b);
        free(hole);
        return NULL;
    }
    for (int y = 0; y < a->h; y++)
        for (int x = 0; x < a->w; x++) {
            int X = x + grow, Y = y + grow;
            if (X >= b->w || Y >= b->h) continue;
            Uint32 pa = ((Uint32 *)((Uint8 *)a->pixels + y * a->pitch))[x];
            Uint32 *pb = &((Uint32 *)((Uint8 *)b->pixels + Y * b->pitch))[X];
            if (hole[y * a->w + x] || (pa >> 24) > (*pb >> 24)) *pb = pa;
        }
    free(hole);
    SDL_FreeSurface(a);
    return b;
}

/* A white disc of diameter d pixels, anti-aliased, as a glyph-like surface. */
static SDL_Surface *disc_glyph(int d)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, d + 2, d + 2, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s) return NULL;
    double c = (d + 2) / 2.0;
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++) {
            double r = sqrt((x + 0.5 - c) * (x + 0.5 - c) + (y + 0.5 - c) * (y + 0.5 - c));
            Uint32 a = (Uint32)(sdf_cover(r - d / 2.0, 1) * 255 + 0.5);
            ((Uint32 *)((Uint8 *)s->pixels + y * s->pitch))[x] = a << 24 | 0xFFFFFF;
        }
    return s;
}

/* One felt letter into the canvas at (x, y), and its alpha into the shadow layer offset
 * down (the max keeps overlapping letters' shadows from darkening twice). */
static void stamp_letter(Uint32 *canvas, Uint32 *shadow, int cw, int chh, SDL_Surface *glyph,
                         int x, int y, const felt_cut *fc)
{
    paint_letter(canvas, cw, chh, glyph, x, y, fc);
    int off = (int)lround(fc->drop);
    for (int yy = 0; yy < glyph->h; yy++)
        for (int xx = 0; xx < glyph->w; xx++) {
            int X = x + xx, Y = y + yy + off;
            if (X < 0 || Y < 0 || X >= cw || Y >= chh) continue;
            Uint32 a = ((Uint32 *)((Uint8 *)glyph->pixels + yy * glyph->pitch))[xx] >> 24;
            Uint32 *d = &shadow[Y * cw + X];
            if (a > (*d >> 24)) *d = a << 24;
        }
}

/* Softens the shadow layer (three box blurs approximate a gaussian) and composites it
 * under the letters at 28%. */
static void shadow_under(Uint32 *canvas, const Uint32 *shadow, int cw, int chh, int rad)
{
    Uint8 *a0 = malloc((size_t)cw * chh), *a1 = malloc((size_t)cw * chh);
    if (a0 && a1) {
        for (int i = 0; i < cw * chh; i++) a0[i] = (Uint8)(shadow[i] >> 24);
        for (int pass = 0; pass < 3; pass++) {
            for (int y = 0; y < chh; y++)
                for (int x = 0; x < cw; x++) {
                    int sum = 0, n = 0;
                    for (int k = -rad; k <= rad; k++)
                        if (x + k >= 0 && x + k < cw) sum += a0[y * cw + x + k], n++;
                    a1[y * cw + x] = (Uint8)(sum / n);
                }
            for (int y = 0; y < chh; y++)
                for (int x = 0; x < cw; x++) {
                    int sum = 0, n = 0;
                    for (int k = -rad; k <= rad; k++)
                        if (y + k >= 0 && y + k < chh) sum += a1[(y + k) * cw + x], n++;
                    a0[y * cw + x] = (Uint8)(sum / n);
                }
        }
        for (int i = 0; i < cw * chh; i++) {
            px4 sh = {0, 0, 0, a0[i] / 255.0 * 0.28};
            Uint32 c = canvas[i];
            px4 top = {((c >> 16) & 255) / 255.0, ((c >> 8) & 255) / 255.0, (c & 255) / 255.0, (c >> 24) / 255.0};
            canvas[i] = pack(over(top, sh));
        }
    }
    free(a0);
    free(a1);
}

/* The logo's letters are cut chunkier than the font (felt_for_size(LOGO_SIZE): 5 field px)
 * and set LOGO_TRACK field px apart so that no two touch. */
enum { LOGO_SIZE = 105, LOGO_TRACK = 9 };

static int logo_line_width(TTF_Font *f, const char *line, int track)
{
    int w = 0, hh;
    TTF_SizeUTF8(f, line, &w, &hh);
    return w + track * ((int)strlen(line) - 1);
}

/* The thread of stitched text: cream on dark felt, a darker tone on light felt. */
static Uint32 text_thread(Uint32 color)
{
    px4 c = rgb(color, 1);
    if (0.3 * c.r + 0.59 * c.g + 0.11 * c.b < 0.5) return 0xE9DFC9;
    c = shade(c, 0.62);
    return (Uint32)(c.r * 255) << 16 | (Uint32)(c.g * 255) << 8 | (Uint32)(c.b * 255);
}

/* A run of text as felt letters in `color`, stitched like the logo and scaled to the font's
 * size, on a canvas that leaves *margin px round the plain run for the grown edge and the
 * shadow. */
static SDL_Surface *felt_run(gfx *g, TTF_Font *f, const char *s, Uint32 color, int *margin)
{
    double sc = g->view.scale;
    /* text is cut barely chunkier than the font, its thread running down the middle of
     * each stroke in dashes long enough to read as stitches at this size */
    double size = TTF_FontHeight(f) / sc / 1.25;
    felt_cut fc = felt_for_size(size, sc, color, text_thread(color));
    fc.grow = 0.02 * size * sc;
    fc.inset = 0.085 * size * sc;
    fc.half = 0.014 * size * sc;
    fc.dash = fmax(8, 0.12 * size);
    int grow = (int)lround(fc.grow), m = grow + (int)ceil(fc.drop + 3 * sc) + 1;
    SDL_Surface *run = chunky_text(f, s, grow);
    if (!run) return NULL;
    int cw = run->w - 2 * grow + 2 * m, chh = run->h - 2 * grow + 2 * m;
    Uint32 *canvas = calloc((size_t)cw * chh, sizeof(Uint32));
    Uint32 *shadow = calloc((size_t)cw * chh, sizeof(Uint32));
    SDL_Surface *out = NULL;
    if (canvas && shadow) {
        stamp_letter(canvas, shadow, cw, chh, run, m - grow, m - grow, &fc);
        shadow_under(canvas, shadow, cw, chh, (int)ceil(2 * sc));
        out = SDL_CreateRGBSurfaceWithFormat(0, cw, chh, 32, SDL_PIXELFORMAT_ARGB8888);
        if (out)
            for (int y = 0; y < chh; y++) memcpy((Uint8 *)out->pixels + y * out->pitch, canvas + y * cw, (size_t)cw * 4);
    }
    SDL_FreeSurface(run);
    free(canvas);
    free(shadow);
    *margin = m;
    return out;
}

static void build_logo(gfx *g)
{
    static const char *const lines[2] = {"FIND THE", "ODD SHAPE"};
    double s = g->view.scale;
    /* size the font so the wider line, tracking included, is 600 px wide */
    TTF_Font *probe = font(g, 1, 100);
    if (!probe) return;
    int w0 = logo_line_width(probe, lines[0], 0), w1 = logo_line_width(probe, lines[1], 0);
    int n0 = (int)strlen(lines[0]) - 1, n1 = (int)strlen(lines[1]) - 1;
    double field_px = w0 > w1 ? 100.0 * (600 - LOGO_TRACK * n0) / w0 : 100.0 * (600 - LOGO_TRACK * n1) / w1;
    int px = (int)lround(field_px * s);
    TTF_Font *f = font(g, 1, px);
    if (!f) return;
    int line_h = TTF_FontHeight(f), asc = TTF_FontAscent(f);
    int grow = (int)lround(felt_for_size(LOGO_SIZE, s, 0, 0).grow), track = (int)lround(LOGO_TRACK * s);
    int pad = (int)ceil(16 * s);
    int cw = (int)ceil(640 * s), chh = (int)(line_h * 2 * 0.86) + 2 * pad;
    Uint32 *canvas = calloc((size_t)cw * chh, sizeof(Uint32));
    Uint32 *shadow = calloc((size_t)cw * chh, sizeof(Uint32));
    if (!canvas || !shadow) {
        free(canvas);
        free(shadow);
        return;
    }
    int ci = 0;
    for (int l = 0; l < 2; l++) {
        int x = (cw - logo_line_width(f, lines[l], track)) / 2, y = pad + (int)(l * line_h * 0.86);
        for (const char *c = lines[l]; *c; c++) {
            int minx, maxx, miny, maxy, adv;
            TTF_GlyphMetrics(f, (Uint16)*c, &minx, &maxx, &miny, &maxy, &adv);
            if (l == 1 && c == lines[1]) {
                /* the first O is an Orange Circle patch, cut and stitched like the letters */
                int d = maxy - miny + 2 * grow;
                felt_cut fc = felt_for_size(LOGO_SIZE, s, gfx_patch_colors[5], thread_colors[5]);
                SDL_Surface *disc = disc_glyph(d);
                if (disc) {
                    stamp_letter(canvas, shadow, cw, chh, disc, x + (adv - d) / 2 - 1, y + asc - maxy - grow - 1, &fc);
                    SDL_FreeSurface(disc);
                }
            } else if (*c != ' ') {
                felt_cut fc = felt_for_size(LOGO_SIZE, s, gfx_patch_colors[ci % 6], thread_colors[ci % 6]);
                char one[2] = {*c, 0};
                SDL_Surface *conv = chunky_text(f, one, grow);
                if (conv) {
                    stamp_letter(canvas, shadow, cw, chh, conv, x - grow, y - grow, &fc);
                    SDL_FreeSurface(conv);
                }
                ci++;
            }
            x += adv + track;
        }
    }
    shadow_under(canvas, shadow, cw, chh, (int)ceil(3 * s));
    SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormatFrom(canvas, cw, chh, 32, cw * 4, SDL_PIXELFORMAT_ARGB8888);
    if (surf) {
        g->logo = SDL_CreateTextureFromSurface(g->r, surf);
        SDL_FreeSurface(surf);
        if (g->logo) SDL_SetTextureBlendMode(g->logo, SDL_BLENDMODE_BLEND);
    }
    g->logo_w = cw / s;
    g->logo_h = chh / s;
    free(canvas);
    free(shadow);
}

void gfx_logo(gfx *g, double cx, double cy)
{
    if (!g->logo) build_logo(g);
    if (!g->logo) return;
    SDL_FRect dst = frect(g, cx - g->logo_w / 2, cy - g->logo_h / 2, g->logo_w, g->logo_h);
    SDL_RenderCopyF(g->r, g->logo, NULL, &dst);
}

SDL_Surface *gfx_read_pixels(gfx *g)
{
    int w, h;
    SDL_GetRendererOutputSize(g->r, &w, &h);
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s) return NULL;
    if (SDL_RenderReadPixels(g->r, NULL, SDL_PIXELFORMAT_ARGB8888, s->pixels, s->pitch) != 0) {
        SDL_FreeSurface(s);
        return NULL;
    }
    return s;
}
