/* The art cache: one texture per key, drawn by the key's own recipe at the output scale and
 * dropped when the scale changes (gfx_begin); the oldest goes when the cache is full. */
#include <string.h>

#include "gfx_impl.h"
#include "sdf.h"

static int key_eq(gfx_art_key a, gfx_art_key b)
{
    return a.draw == b.draw && a.a == b.a && a.b == b.b && a.c == b.c && a.tint == b.tint;
}

void gfx_art_flush(gfx *g)
{
    for (int i = 0; i < g->nart; i++) SDL_DestroyTexture(g->art[i].tex);
    g->nart = 0;
}

static gfx_art_entry *art_get(gfx *g, gfx_art_key key)
{
    for (int i = 0; i < g->nart; i++)
        if (key_eq(g->art[i].key, key)) {
            g->art[i].used = g->frame;
            return &g->art[i];
        }
    if (!key.draw) return NULL;
    if (g->nart == GFX_MAX_ART) {
        /* the oldest not drawn in this frame: the frame's ops still hold those textures */
        int old = 0;
        while (old < g->nart && g->art[old].used == g->frame) old++;
        if (old == g->nart) return NULL;
        SDL_DestroyTexture(g->art[old].tex);
        memmove(g->art + old, g->art + old + 1, sizeof g->art[0] * (size_t)(GFX_MAX_ART - 1 - old));
        g->nart--;
    }
    double fw = 0, fh = 0;
    SDL_Texture *t = key.draw(g, &key, &fw, &fh);
    if (!t) return NULL;
    gfx_art_entry *e = &g->art[g->nart++];
    e->key = key;
    e->tex = t;
    e->serial = gfx_new_serial(g);
    e->used = g->frame;
    e->fw = fw;
    e->fh = fh;
    return e;
}

Uint32 gfx_art_serial(gfx *g, gfx_art_key key)
{
    gfx_art_entry *e = art_get(g, key);
    return e ? e->serial : 0;
}

SDL_Texture *gfx_art_get(gfx *g, gfx_art_key key, double *fw, double *fh)
{
    gfx_art_entry *e = art_get(g, key);
    if (!e) return NULL;
    *fw = e->fw;
    *fh = e->fh;
    return e->tex;
}

void gfx_art_draw(gfx *g, gfx_art_key key, double cx, double cy, double scale, double angle,
                  gfx_color mod, double alpha)
{
    if (alpha <= 0.002 || scale <= 0) return;
    gfx_art_entry *e = art_get(g, key);
    if (!e) return;
    double w = e->fw * scale, h = e->fh * scale;
    mod.a = (Uint8)(sdf_clamp01(alpha) * 255 + 0.5);
    gfx_op_copy(g, e->tex, e->serial, gfx_frect(g, cx - w / 2, cy - h / 2, w, h), mod, angle, NULL, 1);
}
