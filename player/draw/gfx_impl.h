/* The drawing context's insides, shared by gfx.c (frame), gfx_art.c (art cache) and
 * gfx_text.c (fonts and text cache); nothing outside player/draw/gfx*.c includes it. */
#ifndef PLAYER_GFX_IMPL_H
#define PLAYER_GFX_IMPL_H

#include "gfx.h"

enum { GFX_MAX_FONTS = 24, GFX_MAX_ART = 512, GFX_MAX_TEXT = 384, GFX_TEXT_MAX = 96 /* = TEXT_RUN_MAX */, GFX_WIDTHS = 1024 };

typedef struct {
    gfx_art_key key;
    SDL_Texture *tex;
    Uint32 serial;  /* names this texture's pixels in the frame's ops (gfx_frame.c) */
    unsigned used;  /* the frame it was last drawn in: never evicted within that frame */
    double fw, fh; /* field-pixel extent */
} gfx_art_entry;

typedef struct {
    int bold, px;
    gfx_text_look look; /* NULL: a white glyph run for colour modulation */
    Uint32 color;       /* the look's colour */
    char str[GFX_TEXT_MAX];
    SDL_Texture *tex;
    Uint32 serial;
    int w, h, margin; /* the texture's size; baked runs spill `margin` px round the glyphs */
    unsigned used;
} gfx_text_entry;

/* A run's measured width: a width never changes for its font and string. */
typedef struct {
    int bold, px, w;
    char str[GFX_TEXT_MAX];
} gfx_width_entry;

/* One drawing call of the frame, recorded (gfx_frame.c). */
typedef enum { GFX_OP_FILL, GFX_OP_COPY, GFX_OP_COPYEX } gfx_op_kind;
typedef struct {
    Uint8 kind, blend, has_clip, has_center, live, was_live;
    gfx_color c;      /* a fill's colour, or a copy's colour and alpha modulation */
    Uint32 serial;    /* the texture's pixels */
    SDL_Texture *tex; /* valid while its frame is drawn, never after */
    int src_w, src_h;
    SDL_FRect dst;
    SDL_FPoint center;
    double angle;
    SDL_Rect clip, box; /* the clip in effect, and the output pixels it can touch */
    Uint64 hash;
    int age; /* frames drawn since it last changed */
} gfx_op;

struct gfx {
    SDL_Renderer *r;
    layout_view view;
    int field_w, field_h; /* the active scene's logical field (gfx_set_field) */
    Uint32 letterbox;
    gfx_bars bars_look;
    double built_scale, seen_scale;
    Uint64 seen_since; /* when the output scale last changed (live window resizes) */
    char font_path[2][512];
    struct { int bold, px, cell; TTF_Font *f; } fonts[GFX_MAX_FONTS]; /* cell: widest digit, -1 unknown */
    int nfonts;
    gfx_art_entry art[GFX_MAX_ART];
    int nart;
    gfx_text_entry text[GFX_MAX_TEXT];
    int ntext;
    gfx_width_entry widths[GFX_WIDTHS]; /* measured runs, by font and string (gfx_text.c) */
    unsigned frame;
    SDL_Texture *board;
    SDL_Texture *bars[2]; /* the letterbox bars' wood, baked for bars_w x bars_h output px */
    int bars_w, bars_h, size_w, size_h;
    Uint32 bars_color;
    Uint64 size_since;    /* when the output size last changed */
    Uint32 board_serial, bars_serial[2], serials;
    /* the frame's compositor (gfx_frame.c) */
    int soft, full_redraw, whole, lost, out_w, out_h, clip_on;
    SDL_Rect clip;
    gfx_op *ops, *prev, *base_ops, *scratch, *pre_ops;
    int nops, cap_ops, nprev, cap_prev, nbase, cap_base, cap_scratch, npre, cap_pre;
    SDL_Texture *base, *pre; /* the ops that hold still, pre-drawn; the leading ones of them */
    int base_whole, drawn, epoch;
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
/* gfx_art.c: drops every cached art texture; the serial of key's texture (0: none). */
void gfx_art_flush(gfx *g);
Uint32 gfx_art_serial(gfx *g, gfx_art_key key);

/* gfx_frame.c: starts recording a frame of w x h output pixels; records a fill or a copy
 * (ex: through SDL_RenderCopyExF, with angle and centre) under the clip in effect; frees
 * the compositor's buffers. */
void gfx_frame_start(gfx *g, int w, int h);
void gfx_op_fill(gfx *g, SDL_FRect dst, gfx_color c, SDL_BlendMode blend);
void gfx_op_copy(gfx *g, SDL_Texture *t, Uint32 serial, SDL_FRect dst, gfx_color mod, double angle,
                 const SDL_FPoint *center, int ex);
void gfx_frame_free(gfx *g);
static inline Uint32 gfx_new_serial(gfx *g) { return ++g->serials; }

#endif
