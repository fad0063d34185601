/* The drawing context's insides, shared by gfx.c (frame), gfx_art.c (art cache) and
 * gfx_text.c (fonts and text cache); nothing outside player/draw/gfx*.c includes it. */
#ifndef PLAYER_GFX_IMPL_H
#define PLAYER_GFX_IMPL_H

#include "gfx.h"

enum { GFX_MAX_FONTS = 24, GFX_MAX_ART = 512, GFX_MAX_TEXT = 384, GFX_TEXT_MAX = 96 };

typedef struct {
    gfx_art_key key;
    SDL_Texture *tex;
    double fw, fh; /* field-pixel extent */
} gfx_art_entry;

typedef struct {
    int bold, px;
    gfx_text_look look; /* NULL: a white glyph run for colour modulation */
    Uint32 color;       /* the look's colour */
    char str[GFX_TEXT_MAX];
    SDL_Texture *tex;
    int w, h, margin; /* the texture's size; baked runs spill `margin` px round the glyphs */
    unsigned used;
} gfx_text_entry;

struct gfx {
    SDL_Renderer *r;
    layout_view view;
    int field_w, field_h; /* the active scene's logical field (gfx_set_field) */
    Uint32 letterbox;
    gfx_bars bars_look;
    double built_scale, seen_scale;
    Uint64 seen_since; /* when the output scale last changed (live window resizes) */
    char font_path[2][512];
    struct { int bold, px; TTF_Font *f; } fonts[GFX_MAX_FONTS];
    int nfonts;
    gfx_art_entry art[GFX_MAX_ART];
    int nart;
    gfx_text_entry text[GFX_MAX_TEXT];
    int ntext;
    unsigned frame;
    SDL_Texture *board;
    SDL_Texture *bars[2]; /* the letterbox bars' wood, baked for bars_w x bars_h output px */
    int bars_w, bars_h, size_w, size_h;
    Uint32 bars_color;
    Uint64 size_since;    /* when the output size last changed */
};

static inline SDL_FRect gfx_frect(const gfx *g, double x, double y, double w, double h)
{
    SDL_FRect f = {(float)(g->view.off_x + x * g->view.scale), (float)(g->view.off_y + y * g->view.scale),
                   (float)(w * g->view.scale), (float)(h * g->view.scale)};
    return f;
}

/* gfx_text.c: finds the Quicksand files and opens the first two fonts (-1 with a message),
 * drops the text textures (all, or those unused for a few seconds of frames), closes. */
int gfx_text_open(gfx *g, char *err, size_t errlen);
void gfx_text_flush(gfx *g);
void gfx_text_evict(gfx *g);
void gfx_text_close(gfx *g);
/* gfx_art.c: drops every cached art texture. */
void gfx_art_flush(gfx *g);

#endif
