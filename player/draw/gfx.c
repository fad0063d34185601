/* The frame: letterbox into the output with wood bars, the felt board, the clip to the field,
 * and the rebuild of every cached texture when the output scale changes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfx_impl.h"
#include "gfx_paint.h"

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
    g->full_redraw = -1; /* read from the environment on the first frame */
    if (gfx_text_open(g, err, errlen) != 0) {
        free(g);
        return NULL;
    }
    return g;
}

static void flush_art(gfx *g)
{
    gfx_art_flush(g);
    gfx_text_flush(g);
    if (g->board) SDL_DestroyTexture(g->board);
    g->board = NULL;
    for (int i = 0; i < 2; i++) {
        if (g->bars[i]) SDL_DestroyTexture(g->bars[i]);
        g->bars[i] = NULL;
    }
}

void gfx_destroy(gfx *g)
{
    if (!g) return;
    flush_art(g);
    gfx_frame_free(g);
    gfx_text_close(g);
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

void gfx_rect(gfx *g, double x, double y, double w, double h, gfx_color c)
{
    gfx_op_fill(g, gfx_frect(g, x, y, w, h), c, SDL_BLENDMODE_BLEND);
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
static gfx_px wood_shader(void *vc, double x, double y, double px)
{
    (void)px;
    wood_ctx *c = vc;
    double u = (c->along_x ? x : y) / c->s, v = (c->along_x ? y : x) / c->s; /* along, across */
    double t = v + 9 * gfx_value_noise(u / 260, v / 40);
    double grain = 0.5 + 0.5 * sin(t * 0.45 + 2 * sin(t * 0.07));
    double k = 1 + 0.10 * (grain - 0.5) + 0.06 * (gfx_value_noise(u / 45, v / 2.5) - 0.5);
    k *= 1 + 0.03 * (gfx_hash2((int)floor(u / 2), (int)floor(v)) - 0.5);
    double dx = fmax(c->x0 - x, x - c->x1), dy = fmax(c->y0 - y, y - c->y1);
    double out = fmax(fmax(dx, dy), 0) / c->s; /* field px from the board's edge */
    k *= 1 - 0.45 * exp(-out / 7);
    return gfx_shade(gfx_rgb(c->color, 1), k);
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
            g->bars[i] = gfx_bake_at(g->r, 1, r[i].x, r[i].y, r[i].w, r[i].h, wood_shader, &c);
            g->bars_serial[i] = gfx_new_serial(g);
        }
        g->bars_w = w;
        g->bars_h = h;
        g->bars_color = g->letterbox;
    }
    for (int i = 0; i < 2; i++)
        if (g->bars[i]) gfx_op_copy(g, g->bars[i], g->bars_serial[i], r[i], (gfx_color){255, 255, 255, 255}, 0, NULL, 0);
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
    gfx_text_evict(g);
    gfx_frame_start(g, w, h);
    /* the clear, as a fill that replaces every pixel */
    gfx_op_fill(g, (SDL_FRect){0, 0, (float)w, (float)h},
                (gfx_color){(Uint8)(g->letterbox >> 16), (Uint8)(g->letterbox >> 8), (Uint8)g->letterbox, 255},
                SDL_BLENDMODE_NONE);
    if (w != g->size_w || h != g->size_h) {
        g->size_w = w;
        g->size_h = h;
        g->size_since = now;
    }
    if (g->bars_look == GFX_BARS_WOOD) draw_bars(g, w, h, now);
    /* the scene stays inside its field; only the cursor may cross the bars */
    SDL_Rect field = {(int)floor(g->view.off_x), (int)floor(g->view.off_y),
                      (int)ceil(g->field_w * g->view.scale), (int)ceil(g->field_h * g->view.scale)};
    gfx_clip(g, &field);
}

/* ---------------------------------------------------------------- board */

static gfx_px board_shader(void *vc, double x, double y, double px)
{
    (void)vc;
    (void)px;
    gfx_px p = gfx_rgb(GFX_FELT, 1);
    double n = gfx_value_noise(x / 90, y / 90) * 0.6 + gfx_value_noise(x / 23, y / 23) * 0.4;
    double k = 1 + 0.05 * (n - 0.5);
    k *= 1 + 0.018 * gfx_weave(x * 0.8, y * 0.8);
    k *= 1 + 0.035 * (gfx_hash2((int)floor(x), (int)floor(y)) - 0.5);
    double ex = (x / 1920 - 0.5) * 2, ey = (y / 1080 - 0.5) * 2;
    double r = sqrt(ex * ex + ey * ey) / 1.41421356;
    double v = sdf_clamp01((r - 0.3) / 0.45);
    k *= 1 - 0.12 * v * v * (3 - 2 * v); /* 12% vignette at the edges */
    return gfx_shade(p, k);
}

void gfx_board(gfx *g)
{
    /* the felt's finest detail is one field pixel, so HiDPI gains nothing above 1:1 */
    if (!g->board) {
        g->board = gfx_bake_at(g->r, fmin(g->view.scale, 1.0), 0, 0, 1920, 1080, board_shader, NULL);
        g->board_serial = gfx_new_serial(g);
    }
    if (!g->board) return;
    gfx_op_copy(g, g->board, g->board_serial, gfx_frect(g, 0, 0, 1920, 1080), (gfx_color){255, 255, 255, 255}, 0,
                NULL, 0);
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
