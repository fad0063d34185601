/* The kit's own art recipes (player/draw/gfx.h): patch silhouettes, cream panels and their
 * focus rings, discs and the sewing-needle cursor, from the distance fields of sdf.h. */
#include <math.h>
#include <string.h>

#include "gfx_impl.h"
#include "gfx_paint.h"

typedef struct {
    sdf_shape shape;
    sdf_arc arc;
    Uint32 color;
    double w, h, radius;
} shape_ctx;

/* Large (distance tables): built one at a time, zeroed for each recipe. */
static shape_ctx *fresh_ctx(void)
{
    static shape_ctx c;
    memset(&c, 0, sizeof c);
    return &c;
}

static SDL_Texture *centred(gfx *g, double w, double h, gfx_shader fn, void *ctx, double *fw,
                            double *fh)
{
    *fw = w;
    *fh = h;
    return gfx_bake(g, -w / 2, -h / 2, w, h, fn, ctx);
}

static gfx_px plain_shader(void *vc, double x, double y, double px)
{
    shape_ctx *c = vc;
    return gfx_rgb(0xFFFFFF, sdf_cover(sdf_eval(&c->shape, x, y), px));
}

SDL_Texture *gfx_art_mask(gfx *g, const gfx_art_key *key, double *fw, double *fh)
{
    shape_ctx *c = fresh_ctx();
    sdf_patch_shape(&c->shape, key->b);
    return centred(g, 248, 248, plain_shader, c, fw, fh);
}

SDL_Texture *gfx_art_dot(gfx *g, const gfx_art_key *key, double *fw, double *fh)
{
    shape_ctx *c = fresh_ctx();
    c->shape.kind = SDF_CIRCLE;
    c->shape.a = key->a / 2.0;
    return centred(g, key->a + 4, key->a + 4, plain_shader, c, fw, fh);
}

/* A Gaussian-blurred black shadow edge: alpha well inside the shape, half of it on the
 * outline d = 0, fading out over about sigma pixels (the spec's "blur 12 px" is sigma 6). */
static gfx_px soft_shadow(double d, double sigma, double alpha)
{
    return gfx_rgb(0x000000, alpha * 0.5 * erfc(d / (sigma * 1.41421356)));
}

static gfx_px panel_shader(void *vc, double x, double y, double px)
{
    shape_ctx *c = vc;
    double d = sdf_eval(&c->shape, x, y);
    double ds = sdf_eval(&c->shape, x, y - 6);
    gfx_px sh = soft_shadow(ds, 6, 0.22);
    double cov = sdf_cover(d, px);
    if (cov <= 0) return sh;
    gfx_px base = gfx_rgb(c->color, 1);
    double k = (1 + 0.025 * gfx_weave(x, y)) * (1 + 0.02 * (gfx_hash2((int)floor(x), (int)floor(y)) - 0.5));
    k *= 1 - 0.05 * (1 - sdf_clamp01(-d / 4));
    gfx_px p = gfx_shade(base, k);
    double inset = c->radius >= 12 ? 9 : 6;
    double st = c->h / 2 < inset + 5 ? 0 : sdf_stitch(&c->arc, &c->shape, x, y, d, inset, 1.3, 9, 15, px);
    if (st > 0) p = gfx_mix(p, gfx_shade(base, 0.70), st);
    p.a = cov;
    return gfx_over(p, sh);
}

SDL_Texture *gfx_art_panel(gfx *g, const gfx_art_key *key, double *fw, double *fh)
{
    shape_ctx *c = fresh_ctx();
    sdf_box(&c->shape, key->a / 2.0, key->b / 2.0, key->c);
    sdf_arc_build(&c->arc, &c->shape, key->c >= 12 ? 9 : 6, sqrt(key->a * key->a + key->b * key->b) / 2 + 4);
    c->color = key->tint;
    c->radius = key->c;
    c->w = key->a;
    c->h = key->b;
    return centred(g, key->a + 48, key->b + 56, panel_shader, c, fw, fh);
}

static gfx_px panel_ring_shader(void *vc, double x, double y, double px)
{
    shape_ctx *c = vc;
    double d = sdf_eval(&c->shape, x, y);
    return gfx_rgb(0xFFFFFF, sdf_cover(fabs(d - 3.5) - 1.5, px));
}

SDL_Texture *gfx_art_panel_ring(gfx *g, const gfx_art_key *key, double *fw, double *fh)
{
    shape_ctx *c = fresh_ctx();
    sdf_box(&c->shape, key->a / 2.0, key->b / 2.0, key->c);
    return centred(g, key->a + 20, key->b + 20, panel_ring_shader, c, fw, fh);
}

/* The sewing-needle cursor: steel needle from the tip at (0, 0) down-right, with a
 * coloured thread looping from its eye. */
static gfx_px needle_shader(void *vc, double x, double y, double px)
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
    gfx_px out = {0, 0, 0, 0};
    double tcov = sdf_cover(thread, px);
    if (tcov > 0) out = gfx_rgb(0xD64545, tcov);
    double ocov = sdf_cover(needle - 0.9, px);
    if (ocov > 0) out = gfx_over(gfx_rgb(0x2A2A2A, ocov * 0.75), out);
    double ncov = sdf_cover(needle, px);
    if (ncov > 0) {
        double k = 0.62 + 0.38 * sdf_clamp01(0.5 - across / (2 * radius + 0.01));
        gfx_px steel = gfx_shade(gfx_rgb(0xE6EAEE, 1), k);
        steel.a = ncov;
        out = gfx_over(steel, out);
    }
    return out;
}

/* 48 px square with the tip 4 px in from its top-left corner. */
static SDL_Texture *needle(gfx *g, const gfx_art_key *key, double *fw, double *fh)
{
    (void)key;
    *fw = *fh = 48;
    return gfx_bake(g, -4, -4, 48, 48, needle_shader, NULL);
}

void gfx_cursor(gfx *g, double x, double y, double angle)
{
    double fw, fh;
    SDL_Texture *tex = gfx_art_get(g, (gfx_art_key){needle, 0, 0, 0, 0}, &fw, &fh);
    if (!tex) return;
    const layout_view *v = gfx_view(g);
    SDL_FRect dst = {(float)(v->off_x + (x - 4) * v->scale), (float)(v->off_y + (y - 4) * v->scale),
                     (float)(fw * v->scale), (float)(fh * v->scale)};
    SDL_FPoint tip = {(float)(4 * v->scale), (float)(4 * v->scale)};
    SDL_Rect clip;
    gfx_get_clip(g, &clip);
    gfx_clip(g, NULL);
    gfx_op_copy(g, tex, gfx_art_serial(g, (gfx_art_key){needle, 0, 0, 0, 0}), dst, (gfx_color){255, 255, 255, 255},
                angle, &tip, 1);
    gfx_clip(g, clip.w > 0 ? &clip : NULL);
}
