/* Pixel painting for art recipes (gfx_art_key.draw): straight-alpha colours, the felt's
 * value noise and weave, and gfx_bake, which fills a texture from a shader at the output
 * scale. Used by the kit's own recipes and by any scene that bakes its own art. */
#ifndef PLAYER_GFX_PAINT_H
#define PLAYER_GFX_PAINT_H

#include <math.h>

#include "gfx.h"
#include "sdf.h"

typedef struct { double r, g, b, a; } gfx_px;

static inline gfx_px gfx_rgb(Uint32 hex, double a)
{
    gfx_px p = {((hex >> 16) & 255) / 255.0, ((hex >> 8) & 255) / 255.0, (hex & 255) / 255.0, a};
    return p;
}

static inline gfx_px gfx_mix(gfx_px a, gfx_px b, double t)
{
    gfx_px p = {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t, a.a};
    return p;
}

static inline gfx_px gfx_shade(gfx_px a, double k)
{
    gfx_px p = {a.r * k, a.g * k, a.b * k, a.a};
    return p;
}

/* `top` over `bottom`, straight alpha. */
static inline gfx_px gfx_over(gfx_px top, gfx_px bottom)
{
    double a = top.a + bottom.a * (1 - top.a);
    if (a <= 0) return (gfx_px){0, 0, 0, 0};
    gfx_px p = {(top.r * top.a + bottom.r * bottom.a * (1 - top.a)) / a,
                (top.g * top.a + bottom.g * bottom.a * (1 - top.a)) / a,
                (top.b * top.a + bottom.b * bottom.a * (1 - top.a)) / a, a};
    return p;
}

/* ARGB8888. */
static inline Uint32 gfx_pack(gfx_px p)
{
    double c[4] = {p.r, p.g, p.b, p.a};
    Uint32 v[4];
    for (int i = 0; i < 4; i++) v[i] = (Uint32)(sdf_clamp01(c[i]) * 255 + 0.5);
    return (v[3] << 24) | (v[0] << 16) | (v[1] << 8) | v[2];
}

static inline gfx_px gfx_unpack(Uint32 c)
{
    gfx_px p = {((c >> 16) & 255) / 255.0, ((c >> 8) & 255) / 255.0, (c & 255) / 255.0, (c >> 24) / 255.0};
    return p;
}

static inline double gfx_hash2(int x, int y)
{
    Uint32 h = (Uint32)x * 374761393u + (Uint32)y * 668265263u;
    h = (h ^ (h >> 13)) * 1274126177u;
    return ((h ^ (h >> 16)) & 0xFFFF) / 65535.0;
}

static inline double gfx_value_noise(double x, double y)
{
    int xi = (int)floor(x), yi = (int)floor(y);
    double fx = x - xi, fy = y - yi;
    fx = fx * fx * (3 - 2 * fx);
    fy = fy * fy * (3 - 2 * fy);
    double a = gfx_hash2(xi, yi), b = gfx_hash2(xi + 1, yi), c = gfx_hash2(xi, yi + 1), d = gfx_hash2(xi + 1, yi + 1);
    return a + (b - a) * fx + (c - a) * fy + (a - b - c + d) * fx * fy;
}

/* A faint plain-weave: alternating over/under threads every 3 field pixels. */
static inline double gfx_weave(double x, double y)
{
    double u = x / 3.0, v = y / 3.0;
    int cell = ((int)floor(u) + (int)floor(v)) & 1;
    double t = cell ? u - floor(u) : v - floor(v);
    return sin(t * 3.14159265) - 0.64; /* mean about zero */
}

/* The colour at field point (x, y), px field pixels per output pixel. */
typedef gfx_px (*gfx_shader)(void *ctx, double x, double y, double px);

/* A texture covering field rectangle [x0, x0+fw) x [y0, y0+fh) at s output pixels per field
 * pixel, blended and linearly filtered; NULL when out of memory. */
SDL_Texture *gfx_bake_at(SDL_Renderer *r, double s, double x0, double y0, double fw, double fh,
                         gfx_shader fn, void *ctx);
/* The same at the view's scale. */
static inline SDL_Texture *gfx_bake(gfx *g, double x0, double y0, double fw, double fh,
                                    gfx_shader fn, void *ctx)
{
    return gfx_bake_at(gfx_renderer(g), gfx_view(g)->scale, x0, y0, fw, fh, fn, ctx);
}

#endif
