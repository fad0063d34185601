/* Find the Odd Shape's art recipes (player/draw/gfx.h gfx_art_key): the felt patches of DBT-4
 * to DBT-6 with their stitching and colorblind patterns (DBT-26), the rings round them, their
 * shadows, the progress pips and the small icons, baked from player/draw/sdf.h. */
#include "oddshape_art.h"

#include <math.h>
#include <string.h>

#include "draw/gfx_paint.h"

const Uint32 oddshape_patch_colors[6] = {0xD64545, 0x3F6FD6, 0x47A84B, 0xE8C43C, 0x8A4FC4, 0xE07B39};
/* The stitching thread of each patch colour: a darker tone of the fill (Patch: Art), i.e.
 * the fill at 66%, except Yellow's, whose darker tone reads as olive: an amber thread. */
const Uint32 oddshape_thread_colors[6] = {0x8D2E2E, 0x2A498D, 0x2F6F32, 0xA66C18, 0x5B3481, 0x945126};

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

static gfx_px patch_shader(void *vc, double x, double y, double px)
{
    art_ctx *c = vc;
    double d = sdf_eval(&c->shape, x, y);
    double cov = sdf_cover(d, px);
    if (cov <= 0) return (gfx_px){0, 0, 0, 0};
    gfx_px base = gfx_rgb(c->color, 1);
    double k = 1 + 0.05 * (-(x + y) / 216.0);          /* soft light from the top-left */
    k *= 1 - 0.10 * (1 - sdf_clamp01(-d / 6));         /* cut edge of the felt */
    k *= 1 + 0.05 * gfx_weave(x, y);                        /* woven texture, 5% */
    k *= 1 + 0.03 * (gfx_hash2((int)floor(x * 1.5), (int)floor(y * 1.5)) - 0.5); /* fibres */
    gfx_px p = gfx_shade(base, k);
    if (c->pattern >= 0) {
        double lum = 0.3 * base.r + 0.59 * base.g + 0.11 * base.b;
        gfx_px ink = lum < 0.5 ? gfx_rgb(0xFFFFFF, 1) : gfx_rgb(0x000000, 1);
        p = gfx_mix(p, ink, 0.12 * pattern_cover(c->pattern, x, y, px)); /* under the stitches */
    }
    double st = sdf_stitch(&c->arc, &c->shape, x, y, d, 8, 2, 10, 16, px); /* DBT-28: inset 8, 4 px */
    if (st > 0) {
        p = gfx_mix(p, gfx_rgb(c->thread, 1), st);
    }
    p.a = cov;
    return p;
}

/* The dark edge that keeps a coloured ring readable on every patch colour and on the felt
 * (a gold band beside a Yellow patch would otherwise merge with it). */
enum { RING_GAP = 2, RING_EDGE = 2, RING_GLOW = 12 };
static const Uint32 RING_EDGE_COLOR = 0x2B2118;

static double ring_mid(double band) { return RING_GAP + RING_EDGE + band / 2; }

/* A band of colour c->color, c->w px wide, just outside the silhouette with a dark edge on
 * both sides; dashed (c->pattern 1) like a running stitch, or with a soft glow (2). */
static gfx_px ring_shader(void *vc, double x, double y, double px)
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
    gfx_px p = gfx_over(gfx_rgb(c->color, band), gfx_rgb(RING_EDGE_COLOR, edge * 0.9));
    if (c->pattern == 2 && d > mid) { /* glow outside the band */
        double t = sdf_clamp01((d - mid - half) / RING_GLOW);
        p = gfx_over(p, gfx_rgb(c->color, 0.45 * (1 - t) * (1 - t)));
    }
    return p;
}

/* A Gaussian-blurred black shadow edge: alpha well inside the shape, half of it on the
 * outline d = 0, fading out over about sigma pixels (the spec's "blur 12 px" is sigma 6). */
static gfx_px soft_shadow(double d, double sigma, double alpha)
{
    return gfx_rgb(0x000000, alpha * 0.5 * erfc(d / (sigma * 1.41421356)));
}

static gfx_px shadow_shader(void *vc, double x, double y, double px)
{
    (void)px;
    art_ctx *c = vc;
    double d = sdf_eval(&c->shape, x, y);
    return soft_shadow(d, 6, 0.25); /* blur 12 px */
}

static gfx_px pip_shader(void *vc, double x, double y, double px)
{
    art_ctx *c = vc;
    double d = sdf_eval(&c->shape, x, y);
    double ds = sdf_eval(&c->shape, x, y - 2);
    gfx_px sh = soft_shadow(ds, 2, 0.18);
    double cov = sdf_cover(d, px);
    if (cov <= 0) return sh;
    gfx_px p = gfx_rgb(0xFFFFFF, cov);
    p = gfx_shade(p, 1 + 0.04 * gfx_weave(x, y) - 0.04);
    double st = sdf_stitch(&c->arc, &c->shape, x, y, d, 4, 0.9, 3.5, 6.5, px);
    if (st > 0) p = gfx_mix(p, gfx_rgb(0xB8B8B8, 1), st);
    p.a = cov;
    return gfx_over(p, sh);
}

static gfx_px pip_ring_shader(void *vc, double x, double y, double px)
{
    art_ctx *c = vc;
    double d = sdf_eval(&c->shape, x, y);
    return gfx_rgb(0xFFFFFF, sdf_cover(fabs(d - 3.5) - 1.5, px));
}

static gfx_px plain_shader(void *vc, double x, double y, double px)
{
    art_ctx *c = vc;
    return gfx_rgb(0xFFFFFF, sdf_cover(sdf_eval(&c->shape, x, y), px));
}

static gfx_px scrap_shader(void *vc, double x, double y, double px)
{
    art_ctx *c = vc;
    double cov = sdf_cover(sdf_eval(&c->shape, x, y), px);
    gfx_px p = gfx_rgb(0xFFFFFF, cov);
    p = gfx_shade(p, 1 - 0.08 * (gfx_weave(x * 2, y * 2) + 0.64));
    p.a = cov;
    return p;
}

/* Large (distance tables): built one at a time, zeroed for each recipe. */
static art_ctx *fresh_ctx(void)
{
    static art_ctx c;
    memset(&c, 0, sizeof c);
    c.pattern = -1;
    return &c;
}

static SDL_Texture *centred(gfx *g, double w, double h, gfx_shader fn, void *ctx, double *fw,
                            double *fh)
{
    *fw = w;
    *fh = h;
    return gfx_bake(g, -w / 2, -h / 2, w, h, fn, ctx);
}

SDL_Texture *oddshape_art_patch(gfx *g, const gfx_art_key *key, double *fw, double *fh)
{
    art_ctx *c = fresh_ctx();
    sdf_patch_shape(&c->shape, key->b);
    sdf_arc_build(&c->arc, &c->shape, 8, 140);
    c->color = oddshape_patch_colors[key->a];
    c->thread = oddshape_thread_colors[key->a];
    c->pattern = key->c ? key->a : -1;
    return centred(g, 248, 248, patch_shader, c, fw, fh);
}

SDL_Texture *oddshape_art_ring(gfx *g, const gfx_art_key *key, double *fw, double *fh)
{
    art_ctx *c = fresh_ctx();
    sdf_patch_shape(&c->shape, key->b);
    c->w = key->a > 0 ? key->a : 3;
    c->color = key->tint;
    c->pattern = key->c;
    if (key->c == 1) sdf_arc_build(&c->arc, &c->shape, -ring_mid(c->w), 170);
    double ext = 248 + 2 * (RING_GAP + 2 * RING_EDGE + c->w + RING_GLOW + 2);
    return centred(g, ext, ext, ring_shader, c, fw, fh);
}

SDL_Texture *oddshape_art_shadow(gfx *g, const gfx_art_key *key, double *fw, double *fh)
{
    art_ctx *c = fresh_ctx();
    sdf_patch_shape(&c->shape, key->b);
    return centred(g, 310, 310, shadow_shader, c, fw, fh);
}

SDL_Texture *oddshape_art_pip(gfx *g, const gfx_art_key *key, double *fw, double *fh)
{
    (void)key;
    art_ctx *c = fresh_ctx();
    sdf_box(&c->shape, 12, 12, 6);
    sdf_arc_build(&c->arc, &c->shape, 4, 20);
    return centred(g, 32, 32, pip_shader, c, fw, fh);
}

SDL_Texture *oddshape_art_pip_ring(gfx *g, const gfx_art_key *key, double *fw, double *fh)
{
    (void)key;
    art_ctx *c = fresh_ctx();
    sdf_box(&c->shape, 12, 12, 6);
    return centred(g, 40, 40, pip_ring_shader, c, fw, fh);
}

SDL_Texture *oddshape_art_check(gfx *g, const gfx_art_key *key, double *fw, double *fh)
{
    art_ctx *c = fresh_ctx();
    sdf_check(&c->shape, key->a / 2.0);
    return centred(g, key->a + 4, key->a + 4, plain_shader, c, fw, fh);
}

SDL_Texture *oddshape_art_cross(gfx *g, const gfx_art_key *key, double *fw, double *fh)
{
    art_ctx *c = fresh_ctx();
    sdf_cross(&c->shape, key->a / 2.0);
    return centred(g, key->a + 4, key->a + 4, plain_shader, c, fw, fh);
}

SDL_Texture *oddshape_art_sparkle(gfx *g, const gfx_art_key *key, double *fw, double *fh)
{
    (void)key;
    art_ctx *c = fresh_ctx();
    double xy[16];
    for (int i = 0; i < 8; i++) {
        double ang = i * 3.14159265 / 4, rad = i % 2 ? 2.6 : 10;
        xy[2 * i] = rad * cos(ang);
        xy[2 * i + 1] = rad * sin(ang);
    }
    c->shape.kind = SDF_POLYGON;
    c->shape.n = 8;
    memcpy(c->shape.pts, xy, sizeof xy);
    return centred(g, 24, 24, plain_shader, c, fw, fh);
}

SDL_Texture *oddshape_art_scrap(gfx *g, const gfx_art_key *key, double *fw, double *fh)
{
    art_ctx *c = fresh_ctx();
    double xy[24];
    for (int i = 0; i < 12; i++) {
        double ang = i * 3.14159265 / 6 + 0.4, rad = 8 * (0.8 + 0.45 * gfx_hash2(i, key->a * 7 + 3));
        double sq = 1 / fmax(fabs(cos(ang)), fabs(sin(ang))); /* squarish */
        xy[2 * i] = rad * sq * 0.8 * cos(ang);
        xy[2 * i + 1] = rad * sq * 0.8 * sin(ang);
    }
    c->shape.kind = SDF_POLYGON;
    c->shape.n = 12;
    memcpy(c->shape.pts, xy, sizeof xy);
    return centred(g, 32, 32, scrap_shader, c, fw, fh);
}
