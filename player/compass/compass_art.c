/* Compass Shift art: distance-field shapes baked once per output scale into the kit's art
 * cache, then tinted. */
#include "compass_art.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "draw/sdf.h"

static const double PI = 3.14159265358979323846;

/* The art lives in the kit's one cache (gfx_art_key.draw); this handle stays for the scene. */
struct compass_art {
    int unused;
};

compass_art *compass_art_create(void) { return calloc(1, sizeof(compass_art)); }

void compass_art_destroy(compass_art *a) { free(a); }

/* The shape of a key, centred on the origin; *pad is extra room for anti-aliasing or blur. */
static void shape_of(compass_art_key k, sdf_shape *s, double *w, double *h, double *pad)
{
    memset(s, 0, sizeof *s);
    *pad = 2;
    switch (k.kind) {
    case CA_DISC:
        s->kind = SDF_CIRCLE;
        s->a = k.a / 2.0;
        *w = *h = k.a;
        break;
    case CA_RING:
        s->kind = SDF_CIRCLE;
        s->a = k.a / 2.0 - k.b / 2.0; /* the stroke's centre line; see coverage() */
        s->width = k.b / 2.0;
        *w = *h = k.a;
        break;
    case CA_BOX:
    case CA_SHADOW:
        sdf_box(s, k.a / 2.0, k.b / 2.0, k.c);
        *w = k.a;
        *h = k.b;
        if (k.kind == CA_SHADOW)
            *pad = 18;
        break;
    case CA_ARROW: {
        /* Pointing north: a broad head over a shaft, in a square of side a. */
        double u = k.a / 2.0;
        double p[] = {0, -0.80 * u, 0.62 * u, -0.10 * u, 0.22 * u, -0.10 * u, 0.22 * u, 0.80 * u,
                      -0.22 * u, 0.80 * u, -0.22 * u, -0.10 * u, -0.62 * u, -0.10 * u};
        s->kind = SDF_POLYGON;
        s->n = 7;
        memcpy(s->pts, p, sizeof p);
        s->r = 0.04 * u;
        *w = *h = k.a;
        break;
    }
    case CA_TRIANGLE: {
        double p[] = {0, -k.b / 2.0, k.a / 2.0, k.b / 2.0, -k.a / 2.0, k.b / 2.0};
        s->kind = SDF_POLYGON;
        s->n = 3;
        memcpy(s->pts, p, sizeof p);
        *w = k.a;
        *h = k.b;
        break;
    }
    case CA_STROKE: {
        double half = (k.a - k.b) / 2.0;
        double p[] = {-half, 0, half, 0};
        s->kind = SDF_SEGMENTS;
        s->n = 1;
        memcpy(s->pts, p, sizeof p);
        s->width = k.b / 2.0;
        *w = k.a;
        *h = k.b;
        break;
    }
    case CA_HATCH:
        sdf_box(s, k.a / 2.0, k.a / 2.0, 0);
        *w = *h = k.a;
        break;
    }
}

static double coverage(compass_art_key k, const sdf_shape *s, double x, double y, double px)
{
    double d = sdf_eval(s, x, y);
    switch (k.kind) {
    case CA_RING:
        return sdf_cover(fabs(d) - s->width, px);
    case CA_SHADOW: {
        /* A Gaussian-like falloff outside the box, offset a little downwards by the caller. */
        double t = d < 0 ? 1 : exp(-(d * d) / (2 * 8.0 * 8.0));
        return 0.45 * t;
    }
    case CA_HATCH: {
        /* Stripes at 45 degrees every 9 px, 3 px wide, inside the square. */
        double u = fmod(fabs(x + y + 1000.0), 9.0) - 4.5;
        return sdf_cover(d, px) * sdf_cover(fabs(u) - 1.5, px);
    }
    default:
        return sdf_cover(d, px);
    }
}

/* Bakes key k (its kind in a slot of the cache's key) at the view's scale. */
static SDL_Texture *bake(gfx *g, compass_art_key k, double *fw_out, double *fh_out)
{
    double scale = gfx_view(g)->scale;
    sdf_shape s;
    double w = 1, h = 1, pad = 2;
    shape_of(k, &s, &w, &h, &pad);
    double fw = w + 2 * pad, fh = h + 2 * pad;
    int tw = (int)ceil(fw * scale), th = (int)ceil(fh * scale);
    if (tw < 1) tw = 1;
    if (th < 1) th = 1;
    SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(0, tw, th, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!surf)
        return NULL;
    double px = fw / tw;
    for (int j = 0; j < th; j++) {
        Uint32 *row = (Uint32 *)((Uint8 *)surf->pixels + j * surf->pitch);
        for (int i = 0; i < tw; i++) {
            double x = -fw / 2 + (i + 0.5) * px, y = -fh / 2 + (j + 0.5) * (fh / th);
            Uint32 al = (Uint32)(sdf_clamp01(coverage(k, &s, x, y, px)) * 255 + 0.5);
            row[i] = (al << 24) | 0xFFFFFFu;
        }
    }
    SDL_Texture *t = SDL_CreateTextureFromSurface(gfx_renderer(g), surf);
    SDL_FreeSurface(surf);
    if (!t)
        return NULL;
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
    SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear);
    *fw_out = fw;
    *fh_out = fh;
    return t;
}

static SDL_Texture *recipe(gfx *g, const gfx_art_key *key, double *fw, double *fh)
{
    compass_art_key k = {(compass_art_kind)key->tint, key->a, key->b, key->c};
    return bake(g, k, fw, fh);
}

void compass_art_draw(compass_art *a, gfx *g, compass_art_key key, double cx, double cy,
                      double angle, Uint32 color, double alpha)
{
    (void)a;
    gfx_art_key k = {recipe, key.a, key.b, key.c, (Uint32)key.kind};
    gfx_art_draw(g, k, cx, cy, 1, angle, GFX_RGB(color), alpha);
}

void compass_art_box(compass_art *a, gfx *g, double x, double y, double w, double h, double r,
                     Uint32 color, double alpha)
{
    compass_art_key k = {CA_BOX, (int)lround(w), (int)lround(h), (int)lround(r)};
    compass_art_draw(a, g, k, x + w / 2, y + h / 2, 0, color, alpha);
}

void compass_art_line(compass_art *a, gfx *g, double x0, double y0, double x1, double y1,
                      double width, Uint32 color, double alpha)
{
    double len = hypot(x1 - x0, y1 - y0) + width;
    compass_art_key k = {CA_STROKE, (int)lround(len), (int)lround(width), 0};
    compass_art_draw(a, g, k, (x0 + x1) / 2, (y0 + y1) / 2, atan2(y1 - y0, x1 - x0) * 180 / PI,
                     color, alpha);
}
