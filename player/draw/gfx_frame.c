/* The frame's compositor: every drawing call of a frame is recorded as an op, and at the
 * frame's end (gfx_end) only the pixels whose ops changed since the last frame are drawn
 * again. Ops that have held still for a while are kept pre-drawn in a cache texture (the
 * "base"), so a moving sprite over a still board costs the sprite and a copy of the cache
 * under it, not the board. The picture is exactly the one a full redraw would give:
 *  - a pixel outside the changed ops' boxes is covered by the same ops in the same order
 *    as last frame, so it keeps last frame's value (SDL's software renderer draws into a
 *    surface that persists between frames; other renderers redraw everything);
 *  - inside them, the ops covering it are run again in order, clipped to the region: SDL's
 *    software blitters compute each pixel on its own, except a scaled plain copy, whose
 *    sampling depends on its clipped rectangle, so a region always holds those whole;
 *  - the base never holds an op drawn over a moving one (an op overlapping an earlier
 *    live op is live itself), so cache + live ops in order gives every pixel its value.
 * PLAYER_FULL_REDRAW=1 in the environment turns it off (every frame drawn whole). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gfx_impl.h"

enum {
    HOLD_FRAMES = 30, /* an op unchanged for this many drawn frames joins the base */
    MATCH_WINDOW = 256,
    MAX_RECTS = 12,
};

typedef struct {
    SDL_Rect r[MAX_RECTS];
    int n;
} region;

static int rect_empty(const SDL_Rect *a) { return a->w <= 0 || a->h <= 0; }

static int rect_meet(const SDL_Rect *a, const SDL_Rect *b)
{
    return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h && b->y < a->y + a->h;
}

static int rect_holds(const SDL_Rect *a, const SDL_Rect *b)
{
    return b->x >= a->x && b->y >= a->y && b->x + b->w <= a->x + a->w && b->y + b->h <= a->y + a->h;
}

static SDL_Rect rect_union(const SDL_Rect *a, const SDL_Rect *b)
{
    int x0 = a->x < b->x ? a->x : b->x, y0 = a->y < b->y ? a->y : b->y;
    int x1 = a->x + a->w > b->x + b->w ? a->x + a->w : b->x + b->w;
    int y1 = a->y + a->h > b->y + b->h ? a->y + a->h : b->y + b->h;
    return (SDL_Rect){x0, y0, x1 - x0, y1 - y0};
}

/* Adds r, merging the rectangles it meets; past MAX_RECTS everything becomes one box. */
static void region_add(region *rg, SDL_Rect r)
{
    if (rect_empty(&r)) return;
    for (int i = 0; i < rg->n;) {
        if (rect_meet(&rg->r[i], &r)) {
            r = rect_union(&rg->r[i], &r);
            rg->r[i] = rg->r[--rg->n];
            i = 0;
        } else {
            i++;
        }
    }
    if (rg->n == MAX_RECTS) {
        for (int i = 0; i < rg->n; i++) r = rect_union(&r, &rg->r[i]);
        rg->n = 0;
    }
    rg->r[rg->n++] = r;
}

static int region_meets(const region *rg, const SDL_Rect *r)
{
    for (int i = 0; i < rg->n; i++)
        if (rect_meet(&rg->r[i], r)) return 1;
    return 0;
}

/* A scaled plain copy on the software renderer samples by its clipped rectangle: it is
 * exact only when drawn whole. */
static int needs_whole(const gfx *g, const gfx_op *o)
{
    return g->soft && (o->kind == GFX_OP_COPY || o->angle == 0) && ((int)o->dst.w != o->src_w || (int)o->dst.h != o->src_h);
}

/* Grows the region until every op that needs drawing whole and meets it lies inside it. */
static void region_close(const gfx *g, region *rg, const gfx_op *ops, int n, int live_only)
{
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < n; i++) {
            const gfx_op *o = &ops[i];
            if ((live_only && !o->live) || !needs_whole(g, o)) continue;
            for (int k = 0; k < rg->n; k++)
                if (rect_meet(&rg->r[k], &o->box) && !rect_holds(&rg->r[k], &o->box)) {
                    region_add(rg, o->box);
                    changed = 1;
                    break;
                }
        }
    }
}

/* ---------------------------------------------------------------- recording */

static Uint64 mix(Uint64 h, Uint64 v)
{
    h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
    return h * 0xFF51AFD7ED558CCDull;
}

static Uint64 fbits(float f)
{
    Uint32 u;
    memcpy(&u, &f, sizeof u);
    return u;
}

/* What SDL will actually use of an op: the software renderer truncates rectangles to
 * whole pixels (a rotated copy also uses its float size, through the rotation centre). */
static void op_finish(gfx *g, gfx_op *o)
{
    Uint64 h = mix(o->kind, o->blend);
    h = mix(h, (Uint64)o->c.r << 24 | (Uint64)o->c.g << 16 | (Uint64)o->c.b << 8 | o->c.a);
    h = mix(h, o->serial);
    if (g->soft) {
        h = mix(h, (Uint64)(Uint32)(int)o->dst.x << 32 | (Uint32)(int)o->dst.y);
        h = mix(h, (Uint64)(Uint32)(int)o->dst.w << 32 | (Uint32)(int)o->dst.h);
    } else {
        h = mix(h, fbits(o->dst.x) << 32 | fbits(o->dst.y));
    }
    if (!g->soft || o->kind == GFX_OP_COPYEX) h = mix(h, fbits(o->dst.w) << 32 | fbits(o->dst.h));
    if (o->kind == GFX_OP_COPYEX) {
        Uint64 a;
        memcpy(&a, &o->angle, sizeof a);
        h = mix(mix(h, a), fbits(o->center.x) << 32 | fbits(o->center.y));
        h = mix(h, (Uint64)o->has_center);
    }
    h = mix(h, (Uint64)o->has_clip);
    if (o->has_clip) h = mix(mix(h, (Uint64)(Uint32)o->clip.x << 32 | (Uint32)o->clip.y),
                             (Uint64)(Uint32)o->clip.w << 32 | (Uint32)o->clip.h);
    o->hash = h;
    /* the output pixels it can touch */
    SDL_Rect b;
    if (o->kind == GFX_OP_COPYEX) {
        double x0 = g->soft ? (int)o->dst.x : o->dst.x, y0 = g->soft ? (int)o->dst.y : o->dst.y;
        double cx = x0 + (o->has_center ? o->center.x : o->dst.w / 2.0);
        double cy = y0 + (o->has_center ? o->center.y : o->dst.h / 2.0);
        double a = o->angle * M_PI / 180, cs = cos(a), sn = sin(a);
        double lo_x = 1e18, lo_y = 1e18, hi_x = -1e18, hi_y = -1e18;
        for (int k = 0; k < 4; k++) {
            double px = x0 + (k & 1 ? o->dst.w : 0) - cx, py = y0 + (k & 2 ? o->dst.h : 0) - cy;
            double rx = cx + px * cs - py * sn, ry = cy + px * sn + py * cs;
            lo_x = fmin(lo_x, rx), hi_x = fmax(hi_x, rx), lo_y = fmin(lo_y, ry), hi_y = fmax(hi_y, ry);
        }
        b.x = (int)floor(lo_x) - 2;
        b.y = (int)floor(lo_y) - 2;
        b.w = (int)ceil(hi_x) + 2 - b.x;
        b.h = (int)ceil(hi_y) + 2 - b.y;
    } else if (g->soft) {
        b = (SDL_Rect){(int)o->dst.x, (int)o->dst.y, (int)o->dst.w, (int)o->dst.h};
        if (o->kind == GFX_OP_FILL) {
            if (b.w < 1) b.w = 1;
            if (b.h < 1) b.h = 1;
        }
    } else {
        b.x = (int)floor(o->dst.x) - 1;
        b.y = (int)floor(o->dst.y) - 1;
        b.w = (int)ceil(o->dst.x + o->dst.w) + 1 - b.x;
        b.h = (int)ceil(o->dst.y + o->dst.h) + 1 - b.y;
    }
    SDL_Rect out = {0, 0, g->out_w, g->out_h};
    if (!SDL_IntersectRect(&b, &out, &b)) b = (SDL_Rect){0, 0, 0, 0};
    if (o->has_clip && !SDL_IntersectRect(&b, &o->clip, &b)) b = (SDL_Rect){0, 0, 0, 0};
    o->box = b;
}

static gfx_op *op_new(gfx *g, gfx_op_kind kind)
{
    if (g->clip_on && rect_empty(&g->clip)) return NULL; /* SDL would draw nothing */
    if (g->nops == g->cap_ops) {
        int cap = g->cap_ops ? 2 * g->cap_ops : 512;
        gfx_op *ops = realloc(g->ops, sizeof *ops * (size_t)cap);
        if (!ops) return NULL;
        g->ops = ops;
        g->cap_ops = cap;
    }
    gfx_op *o = &g->ops[g->nops++];
    memset(o, 0, sizeof *o);
    o->kind = (Uint8)kind;
    o->has_clip = (Uint8)g->clip_on;
    o->clip = g->clip;
    return o;
}

void gfx_op_fill(gfx *g, SDL_FRect dst, gfx_color c, SDL_BlendMode blend)
{
    gfx_op *o = op_new(g, GFX_OP_FILL);
    if (!o) return;
    o->dst = dst;
    o->c = c;
    o->blend = (Uint8)blend;
    op_finish(g, o);
}

void gfx_op_copy(gfx *g, SDL_Texture *t, Uint32 serial, SDL_FRect dst, gfx_color mod, double angle,
                 const SDL_FPoint *center, int ex)
{
    gfx_op *o = op_new(g, ex ? GFX_OP_COPYEX : GFX_OP_COPY);
    if (!o) return;
    o->tex = t;
    o->serial = serial;
    SDL_QueryTexture(t, NULL, NULL, &o->src_w, &o->src_h);
    o->dst = dst;
    o->c = mod;
    o->angle = angle;
    if (center) {
        o->has_center = 1;
        o->center = *center;
    }
    op_finish(g, o);
}

void gfx_clip(gfx *g, const SDL_Rect *r)
{
    g->clip_on = r != NULL;
    g->clip = r ? *r : (SDL_Rect){0, 0, 0, 0};
}

void gfx_get_clip(const gfx *g, SDL_Rect *r) { *r = g->clip_on ? g->clip : (SDL_Rect){0, 0, 0, 0}; }

void gfx_invalidate(gfx *g) { g->lost = 1; }

void gfx_frame_start(gfx *g, int w, int h)
{
    g->soft = 0;
    SDL_RendererInfo info;
    if (SDL_GetRendererInfo(g->r, &info) == 0 && info.flags & SDL_RENDERER_SOFTWARE) g->soft = 1;
    if (g->full_redraw < 0) {
        const char *e = getenv("PLAYER_FULL_REDRAW");
        g->full_redraw = e && *e && strcmp(e, "0") != 0;
    }
    if (w != g->out_w || h != g->out_h) g->whole = 1;
    g->out_w = w;
    g->out_h = h;
    g->nops = 0;
    gfx_clip(g, NULL);
}

/* ---------------------------------------------------------------- drawing */

/* Runs op o, clipped to r as well (NULL: its own clip only). */
static void op_run(gfx *g, const gfx_op *o, const SDL_Rect *r)
{
    SDL_Rect clip;
    if (r && o->has_clip) {
        if (!SDL_IntersectRect(r, &o->clip, &clip)) return;
    } else if (r) {
        clip = *r;
    } else {
        clip = o->clip;
    }
    SDL_RenderSetClipRect(g->r, r || o->has_clip ? &clip : NULL);
    if (o->kind == GFX_OP_FILL) {
        SDL_SetRenderDrawBlendMode(g->r, (SDL_BlendMode)o->blend);
        SDL_SetRenderDrawColor(g->r, o->c.r, o->c.g, o->c.b, o->c.a);
        SDL_RenderFillRectF(g->r, &o->dst);
        return;
    }
    SDL_SetTextureColorMod(o->tex, o->c.r, o->c.g, o->c.b);
    SDL_SetTextureAlphaMod(o->tex, o->c.a);
    if (o->kind == GFX_OP_COPY) SDL_RenderCopyF(g->r, o->tex, NULL, &o->dst);
    else SDL_RenderCopyExF(g->r, o->tex, NULL, &o->dst, o->angle, o->has_center ? &o->center : NULL, SDL_FLIP_NONE);
}

/* Draws, inside region rg, every op of ops (only the live ones if live_only) that meets it. */
static void run_region(gfx *g, const region *rg, const gfx_op *ops, int n, int live_only)
{
    for (int k = 0; k < rg->n; k++)
        for (int i = 0; i < n; i++)
            if ((!live_only || ops[i].live) && rect_meet(&ops[i].box, &rg->r[k])) op_run(g, &ops[i], &rg->r[k]);
}

static int op_same(const gfx_op *a, const gfx_op *b)
{
    return a->hash == b->hash && a->kind == b->kind && a->serial == b->serial && a->box.x == b->box.x &&
           a->box.y == b->box.y && a->box.w == b->box.w && a->box.h == b->box.h;
}

/* Matches ops `cur` to `old` in order (each to the first equal op after the last match):
 * adds the boxes of the unmatched ones of both to rg; sets each matched cur op's `age`
 * from its match (unmatched: 0) when ages is set. */
static void diff(const gfx_op *old, int nold, gfx_op *cur, int ncur, region *rg, int ages)
{
    int j = 0;
    for (int i = 0; i < ncur; i++) {
        int hit = -1;
        for (int k = j; k < nold && k < j + MATCH_WINDOW; k++)
            if (op_same(&old[k], &cur[i])) {
                hit = k;
                break;
            }
        if (hit < 0) {
            region_add(rg, cur[i].box);
            if (ages) cur[i].age = 0, cur[i].was_live = 1;
            continue;
        }
        for (int k = j; k < hit; k++) region_add(rg, old[k].box);
        if (ages) cur[i].age = old[hit].age < 1000000 ? old[hit].age + 1 : old[hit].age, cur[i].was_live = old[hit].live;
        j = hit + 1;
    }
    for (int k = j; k < nold; k++) region_add(rg, old[k].box);
}

static int keep_ops(gfx_op **dst, int *cap, const gfx_op *src, int n, int base_only)
{
    if (n > *cap) {
        gfx_op *p = realloc(*dst, sizeof *p * (size_t)n);
        if (!p) return -1;
        *dst = p;
        *cap = n;
    }
    int m = 0;
    for (int i = 0; i < n; i++)
        if (!base_only || !src[i].live) (*dst)[m++] = src[i];
    return m;
}

static void draw_all(gfx *g)
{
    for (int i = 0; i < g->nops; i++) op_run(g, &g->ops[i], NULL);
}

static SDL_Texture *target(gfx *g, SDL_Texture **t)
{
    int w = 0, h = 0;
    if (*t) SDL_QueryTexture(*t, NULL, NULL, &w, &h);
    if (*t && w == g->out_w && h == g->out_h) return *t;
    if (*t) SDL_DestroyTexture(*t);
    *t = SDL_CreateTexture(g->r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, g->out_w, g->out_h);
    if (*t) SDL_SetTextureBlendMode(*t, SDL_BLENDMODE_NONE);
    return *t;
}

/* The prefix layer under the base: its leading ops (the felt, a chart's rhumb lines),
 * pre-drawn once, so that a change in the base redraws only the ops above them. Valid while
 * the base still starts with the same ops. */
static int prefix_valid(const gfx *g, const gfx_op *b, int nb)
{
    if (!g->pre || !g->npre || g->npre > nb) return 0;
    for (int i = 0; i < g->npre; i++)
        if (!op_same(&g->pre_ops[i], &b[i])) return 0;
    return 1;
}

static void update_prefix(gfx *g, const gfx_op *b, int nb, int lead)
{
    /* never redrawn to grow: the ops above it are the cheap ones to draw again */
    if (prefix_valid(g, b, nb)) return;
    g->npre = 0;
    if (lead < 2 || !target(g, &g->pre) || keep_ops(&g->pre_ops, &g->cap_pre, b, lead, 0) < 0) return;
    if (SDL_SetRenderTarget(g->r, g->pre) != 0) return;
    for (int i = 0; i < lead; i++) op_run(g, &b[i], NULL);
    SDL_SetRenderTarget(g->r, NULL);
    g->npre = lead;
}

/* Brings the base cache up to date with the ops that are not live (drawing only where its
 * ops changed); 0 when there is no cache. */
static int update_base(gfx *g, int lead)
{
    int w = 0, h = 0;
    if (g->base) SDL_QueryTexture(g->base, NULL, NULL, &w, &h);
    if (!g->base || w != g->out_w || h != g->out_h) g->base_whole = 1;
    if (!target(g, &g->base)) return 0;
    /* the base's ops in order */
    int nb = keep_ops(&g->scratch, &g->cap_scratch, g->ops, g->nops, 1);
    if (nb <= 0) return 0;
    region rg = {.n = 0};
    if (g->base_whole) region_add(&rg, (SDL_Rect){0, 0, g->out_w, g->out_h});
    else diff(g->base_ops, g->nbase, g->scratch, nb, &rg, 0);
    if (rg.n) {
        update_prefix(g, g->scratch, nb, lead);
        int from = g->npre;
        region_close(g, &rg, g->scratch + from, nb - from, 0);
        if (SDL_SetRenderTarget(g->r, g->base) != 0) return 0;
        if (from) {
            SDL_RenderSetClipRect(g->r, NULL);
            for (int k = 0; k < rg.n; k++) SDL_RenderCopy(g->r, g->pre, &rg.r[k], &rg.r[k]);
        }
        run_region(g, &rg, g->scratch + from, nb - from, 0);
        SDL_SetRenderTarget(g->r, NULL);
    }
    g->base_whole = 0;
    if (keep_ops(&g->base_ops, &g->cap_base, g->scratch, nb, 0) < 0) {
        g->base_whole = 1;
        return 0;
    }
    g->nbase = nb;
    return 1;
}

int gfx_end(gfx *g)
{
    region rg = {.n = 0};
    int changed = 1;
    diff(g->prev, g->nprev, g->ops, g->nops, &rg, 1);
    g->drawn++;
    /* the window's pixels were lost (exposed, restored): all of it is drawn again, from the
     * caches, which are not */
    if (g->lost) region_add(&rg, (SDL_Rect){0, 0, g->out_w, g->out_h});
    g->lost = 0;
    if (g->whole || g->full_redraw || !g->soft) {
        /* nothing kept from the last frame can be trusted: draw everything */
        if (!rg.n && !g->whole && !g->full_redraw) changed = 0;
        else draw_all(g);
        for (int i = 0; i < g->nops; i++) g->ops[i].live = 1;
        g->base_whole = 1;
    } else if (!rg.n) {
        changed = 0;
        for (int i = 0; i < g->nops; i++) g->ops[i].live = g->ops[i].was_live;
    } else {
        /* live: changed lately, or drawn over something live; ops that held still join the
         * base together, at most once every HOLD_FRAMES frames, so that it is not redrawn
         * for each */
        int epoch = g->drawn - g->epoch >= HOLD_FRAMES, lead = 0;
        if (epoch) g->epoch = g->drawn;
        region live = {.n = 0};
        for (int i = 0; i < g->nops; i++) {
            gfx_op *o = &g->ops[i];
            o->live = o->age < HOLD_FRAMES || (o->was_live && !epoch) || region_meets(&live, &o->box);
            if (o->live) region_add(&live, o->box);
            if (!o->live && lead == i) lead = i + 1;
        }
        int cached = update_base(g, lead);
        region_close(g, &rg, g->ops, g->nops, cached);
        if (cached) {
            SDL_RenderSetClipRect(g->r, NULL);
            for (int k = 0; k < rg.n; k++) SDL_RenderCopy(g->r, g->base, &rg.r[k], &rg.r[k]);
            run_region(g, &rg, g->ops, g->nops, 1);
        } else {
            run_region(g, &rg, g->ops, g->nops, 0);
        }
    }
    SDL_RenderSetClipRect(g->r, NULL);
    g->whole = 0;
    /* this frame becomes the last one (its textures are not touched again) */
    int n = keep_ops(&g->prev, &g->cap_prev, g->ops, g->nops, 0);
    g->nprev = n < 0 ? 0 : n;
    if (n < 0) g->whole = 1;
    return changed;
}

void gfx_frame_free(gfx *g)
{
    if (g->base) SDL_DestroyTexture(g->base);
    if (g->pre) SDL_DestroyTexture(g->pre);
    g->base = g->pre = NULL;
    free(g->pre_ops);
    free(g->ops);
    free(g->prev);
    free(g->base_ops);
    free(g->scratch);
    g->ops = g->prev = g->base_ops = g->scratch = g->pre_ops = NULL;
    g->nops = g->nprev = g->nbase = g->npre = g->cap_ops = g->cap_prev = g->cap_base = g->cap_scratch = g->cap_pre = 0;
}
