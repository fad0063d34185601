/* Drawing in field coordinates (the active scene's field) on any output size: letterboxing
 * (gfx.c), HiDPI-sharp art baked at the output scale and cached by the recipe that draws it
 * (gfx_art.c, the kit's own recipes in gfx_shapes.c), and text through SDL2_ttf
 * (gfx_text.c). The kit names no game: a scene brings its own recipes and text looks. */
#ifndef PLAYER_GFX_H
#define PLAYER_GFX_H

#include <SDL.h>
#include <SDL_ttf.h>

#include "layout.h"

typedef struct { Uint8 r, g, b, a; } gfx_color;
#define GFX_RGB(hex) ((gfx_color){(Uint8)((hex) >> 16), (Uint8)((hex) >> 8), (Uint8)(hex), 255})

/* The felt palette (Art Direction). */
#define GFX_FELT 0xD9D2C5   /* DBT-25 */
#define GFX_CREAM 0xFBF7EE  /* panels */
#define GFX_INK 0x3A3A3A    /* text */
#define GFX_INK2 0x7A7367   /* secondary text */
#define GFX_GREEN 0x2FBF71  /* DBT-24 correct */
#define GFX_RED 0xFF4D4D    /* DBT-24 error */
#define GFX_GOLD 0xF2B705   /* DBT-24 current / hover ring (DBT-30) */
#define GFX_PIP_GREY 0xB9B2A3

typedef enum { GFX_LEFT, GFX_CENTER, GFX_RIGHT } gfx_align;

typedef struct gfx gfx;

/* Finds the font files (Quicksand; Debian's fonts-quicksand, see docs/install.md) and opens nothing else. NULL with a message. */
gfx *gfx_create(SDL_Renderer *r, char *err, size_t errlen);
void gfx_destroy(gfx *g);
/* Sets the logical field (w x h field pixels) that the frame letterboxes into the output,
 * and the colour (0xRRGGBB) and look of the bars around it: flat, or wood grain with the
 * field's shadow (the felt games); gfx_create starts at 1920x1080 with dark-wood bars. A new field size rebuilds the cached art on the next frame. */
typedef enum { GFX_BARS_FLAT, GFX_BARS_WOOD } gfx_bars;
void gfx_set_field(gfx *g, int w, int h, Uint32 letterbox, gfx_bars bars);
/* Starts a frame: re-reads the output size, refits the letterbox, rebuilds the cached art
 * when the scale changed, and clears to the letterbox colour. */
void gfx_begin(gfx *g);
/* Ends the frame: what was drawn since gfx_begin was only recorded; this draws the pixels
 * that differ from the last frame (player/draw/gfx_frame.c) and returns 1, or 0 when the
 * picture is the same (nothing to present). */
int gfx_end(gfx *g);
/* The window's pixels were lost (exposed, restored): the next frame draws all of them. */
void gfx_invalidate(gfx *g);
/* The clip rectangle in output pixels (NULL: none), as SDL_RenderSetClipRect; every
 * drawing call goes through the kit, so clipping does too. gfx_get_clip gives w = 0 when
 * there is none. */
void gfx_clip(gfx *g, const SDL_Rect *r);
void gfx_get_clip(const gfx *g, SDL_Rect *r);
const layout_view *gfx_view(const gfx *g);
/* The renderer, for a recipe that bakes its own texture. */
SDL_Renderer *gfx_renderer(gfx *g);

/* Solid rectangle in field coordinates. */
void gfx_rect(gfx *g, double x, double y, double w, double h, gfx_color c);
/* The felt board (DBT-25) with its woven texture and 12% vignette, over a 1920x1080 field. */
void gfx_board(gfx *g);

/* ---------------------------------------------------------------- art cache */

/* Cached art: a texture drawn once per output scale by its recipe (key.draw) from the rest
 * of the key, and kept until the scale changes. Every scene shares the one cache. */
typedef struct gfx_art_key gfx_art_key;
/* Draws key's art at gfx_view's scale: a texture and its extent *fw x *fh in field pixels
 * (gfx_art_draw centres it on the point it is given), or NULL (nothing is drawn). Called
 * once per key and scale; gfx_paint.h helps. */
typedef SDL_Texture *(*gfx_art_recipe)(gfx *g, const gfx_art_key *key, double *fw, double *fh);
struct gfx_art_key {
    gfx_art_recipe draw;
    int a, b, c;
    Uint32 tint; /* a fill colour for the recipes that take one */
};

/* key's art centred at (cx, cy) in field pixels with a uniform scale, rotation in degrees,
 * colour modulation and alpha (0..1). */
void gfx_art_draw(gfx *g, gfx_art_key key, double cx, double cy, double scale, double angle,
                  gfx_color mod, double alpha);
/* key's cached texture (baked now if need be) and its extent, or NULL. */
SDL_Texture *gfx_art_get(gfx *g, gfx_art_key key, double *fw, double *fh);

/* The kit's recipes (gfx_shapes.c), by the names the scenes spell them. */
SDL_Texture *gfx_art_mask(gfx *g, const gfx_art_key *key, double *fw, double *fh);
SDL_Texture *gfx_art_panel(gfx *g, const gfx_art_key *key, double *fw, double *fh);
SDL_Texture *gfx_art_panel_ring(gfx *g, const gfx_art_key *key, double *fw, double *fh);
SDL_Texture *gfx_art_dot(gfx *g, const gfx_art_key *key, double *fw, double *fh);
#define GFX_ART_MASK gfx_art_mask             /* b: patch shape (sdf_patch_shape); white */
#define GFX_ART_PANEL gfx_art_panel           /* a x b: a card, stitched border, shadow; c: radius; tint */
#define GFX_ART_PANEL_RING gfx_art_panel_ring /* a x b: a 3 px white ring round a panel; c: radius */
#define GFX_ART_DOT gfx_art_dot               /* a white disc, a: diameter */

/* The sewing-needle cursor with its tip at (x, y), tilted by angle degrees around the tip;
 * it may cross the letterbox bars. */
void gfx_cursor(gfx *g, double x, double y, double angle);

/* ---------------------------------------------------------------- text */

/* A look for a run of text other than plain glyphs: the run baked as an ARGB surface in its
 * own colours from font f at scale output px per field px, spilling *margin px round the
 * plain run (e.g. felt letters with their shadow). NULL when it cannot. */
typedef SDL_Surface *(*gfx_text_look)(TTF_Font *f, const char *utf8, Uint32 color, double scale,
                                      int *margin);

/* Text: size in field pixels, bold or regular; y is the vertical centre of the line.
 * Tabular lays digits out in fixed cells of the widest digit so numbers never jitter. */
typedef struct {
    double size;
    int bold;
    gfx_align align;
    int tabular;
    gfx_color color;
    double alpha;
    gfx_text_look look; /* NULL: plain glyphs tinted in color; else baked by look in color */
} gfx_text_style;
double gfx_text(gfx *g, const char *utf8, double x, double y, gfx_text_style st);
/* Width in field pixels of the text as gfx_text would draw it. */
double gfx_text_width(gfx *g, const char *utf8, gfx_text_style st);
/* The font at px output pixels (cached; NULL if it cannot be opened), for a recipe that
 * sets its own letters. */
TTF_Font *gfx_font(gfx *g, int bold, int px);

/* Reads the whole output back (for screenshots; after gfx_end). */
SDL_Surface *gfx_read_pixels(gfx *g);

#endif
