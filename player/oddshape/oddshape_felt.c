/* Find the Odd Shape's felt letters: text cut from felt and stitched (a gfx_text_look), and
 * the stitched felt logo "FIND THE / ODD SHAPE" whose first O is an Orange Circle patch. */
#include "oddshape_felt.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "draw/gfx_paint.h"
#include "oddshape_art.h"

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
    gfx_px base = gfx_rgb(fc->color, 1);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            double a = alpha[y * w + x] / 255.0;
            if (a <= 0) continue;
            int cx = ox + x, cy = oy + y;
            if (cx < 0 || cy < 0 || cx >= cw || cy >= chh) continue;
            double fx = cx / s, fy = cy / s;
            double k = (1 + 0.05 * gfx_weave(fx, fy)) * (1 - 0.12 * (1 - sdf_clamp01(dist[y * w + x] / fc->edge)));
            k *= 1 + 0.03 * (gfx_hash2((int)fx, (int)fy) - 0.5);
            gfx_px p = gfx_shade(base, k);
            /* stitches: a dashed band inset from the letter's edge, dashes across the band */
            double band = fabs(dist[y * w + x] - fc->inset) - fc->half;
            double phase = fmod((fx + fy * 0.37) / fc->dash, 1.0);
            if (band < 0.8 * s && phase < 0.55) {
                double cov = sdf_cover(band, s);
                p = gfx_mix(p, gfx_rgb(fc->thread, 1), cov);
            }
            p.a = a;
            Uint32 *dst = &canvas[cy * cw + cx];
            gfx_px under = {((*dst >> 16) & 255) / 255.0, ((*dst >> 8) & 255) / 255.0, (*dst & 255) / 255.0,
                         (*dst >> 24) / 255.0};
            *dst = gfx_pack(gfx_over(p, under));
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
            gfx_px sh = {0, 0, 0, a0[i] / 255.0 * 0.28};
            Uint32 c = canvas[i];
            gfx_px top = {((c >> 16) & 255) / 255.0, ((c >> 8) & 255) / 255.0, (c & 255) / 255.0, (c >> 24) / 255.0};
            canvas[i] = gfx_pack(gfx_over(top, sh));
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
    gfx_px c = gfx_rgb(color, 1);
    if (0.3 * c.r + 0.59 * c.g + 0.11 * c.b < 0.5) return 0xE9DFC9;
    c = gfx_shade(c, 0.62);
    return (Uint32)(c.r * 255) << 16 | (Uint32)(c.g * 255) << 8 | (Uint32)(c.b * 255);
}

/* A run of text as felt letters in `color`, stitched like the logo and scaled to the font's
 * size, on a canvas that leaves *margin px round the plain run for the grown edge and the
 * shadow. */
SDL_Surface *oddshape_felt_text(TTF_Font *f, const char *s, Uint32 color, double sc, int *margin)
{
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

/* The logo's art recipe: a texture of its 640 px canvas (a little wider than the letters). */
static SDL_Texture *logo(gfx *g, const gfx_art_key *key, double *fw, double *fh)
{
    (void)key;
    SDL_Texture *tex = NULL;
    static const char *const lines[2] = {"FIND THE", "ODD SHAPE"};
    double s = gfx_view(g)->scale;
    /* size the font so the wider line, tracking included, is 600 px wide */
    TTF_Font *probe = gfx_font(g, 1, 100);
    if (!probe) return NULL;
    int w0 = logo_line_width(probe, lines[0], 0), w1 = logo_line_width(probe, lines[1], 0);
    int n0 = (int)strlen(lines[0]) - 1, n1 = (int)strlen(lines[1]) - 1;
    double field_px = w0 > w1 ? 100.0 * (600 - LOGO_TRACK * n0) / w0 : 100.0 * (600 - LOGO_TRACK * n1) / w1;
    int px = (int)lround(field_px * s);
    TTF_Font *f = gfx_font(g, 1, px);
    if (!f) return NULL;
    int line_h = TTF_FontHeight(f), asc = TTF_FontAscent(f);
    int grow = (int)lround(felt_for_size(LOGO_SIZE, s, 0, 0).grow), track = (int)lround(LOGO_TRACK * s);
    int pad = (int)ceil(16 * s);
    int cw = (int)ceil(640 * s), chh = (int)(line_h * 2 * 0.86) + 2 * pad;
    Uint32 *canvas = calloc((size_t)cw * chh, sizeof(Uint32));
    Uint32 *shadow = calloc((size_t)cw * chh, sizeof(Uint32));
    if (!canvas || !shadow) {
        free(canvas);
        free(shadow);
        return NULL;
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
                felt_cut fc = felt_for_size(LOGO_SIZE, s, oddshape_patch_colors[5], oddshape_thread_colors[5]);
                SDL_Surface *disc = disc_glyph(d);
                if (disc) {
                    stamp_letter(canvas, shadow, cw, chh, disc, x + (adv - d) / 2 - 1, y + asc - maxy - grow - 1, &fc);
                    SDL_FreeSurface(disc);
                }
            } else if (*c != ' ') {
                felt_cut fc = felt_for_size(LOGO_SIZE, s, oddshape_patch_colors[ci % 6], oddshape_thread_colors[ci % 6]);
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
        tex = SDL_CreateTextureFromSurface(gfx_renderer(g), surf);
        SDL_FreeSurface(surf);
        if (tex) SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND);
    }
    *fw = cw / s;
    *fh = chh / s;
    free(canvas);
    free(shadow);
    return tex;
}

void oddshape_logo(gfx *g, double cx, double cy)
{
    gfx_art_draw(g, (gfx_art_key){logo, 0, 0, 0, 0}, cx, cy, 1, 0, GFX_RGB(0xFFFFFF), 1);
}
