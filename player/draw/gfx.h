/* Drawing in field coordinates (the active scene's field) on any output size: letterboxing, HiDPI-sharp
 * textures built from distance fields at the output scale, and text through SDL2_ttf. */
#ifndef PLAYER_GFX_H
#define PLAYER_GFX_H

#include <SDL.h>
#include <SDL_ttf.h>

#include "layout.h"

typedef struct { Uint8 r, g, b, a; } gfx_color;
#define GFX_RGB(hex) ((gfx_color){(Uint8)((hex) >> 16), (Uint8)((hex) >> 8), (Uint8)(hex), 255})

/* Palette from the Art Direction section. */
#define GFX_FELT 0xD9D2C5   /* DBT-25 */
#define GFX_CREAM 0xFBF7EE  /* panels */
#define GFX_INK 0x3A3A3A    /* text */
#define GFX_INK2 0x7A7367   /* secondary text */
#define GFX_GREEN 0x2FBF71  /* DBT-24 correct */
#define GFX_RED 0xFF4D4D    /* DBT-24 error */
#define GFX_GOLD 0xF2B705   /* DBT-24 current / hover ring (DBT-30) */
#define GFX_PIP_GREY 0xB9B2A3
extern const Uint32 gfx_patch_colors[6]; /* DBT-4 */

typedef enum { GFX_LEFT, GFX_CENTER, GFX_RIGHT } gfx_align;

typedef struct gfx gfx;

/* Finds the font files (Quicksand; see docs/games/oddshape.md) and opens nothing else. NULL with a message. */
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
const layout_view *gfx_view(const gfx *g);
/* The renderer, for a scene that bakes its own art at gfx_view's scale (player/compass). */
SDL_Renderer *gfx_renderer(gfx *g);

/* Solid rectangle in field coordinates. */
void gfx_rect(gfx *g, double x, double y, double w, double h, gfx_color c);
/* The felt board (DBT-25) with its woven texture and 12% vignette, over the whole field. */
void gfx_board(gfx *g);

/* Cached art, drawn centred at (cx, cy) in field pixels with a uniform scale, rotation in
 * degrees, colour modulation and alpha (0..1). */
typedef enum {
    GFX_ART_PATCH,   /* a: colour, b: shape, c: colorblind overlay on/off */
    GFX_ART_MASK,    /* b: shape; a white silhouette (flashes) */
    GFX_ART_RING,    /* b: shape; a ring of colour tint, a px wide (DBT-30: 3), just outside the
                        silhouette with a dark edge each side so it reads on every colour;
                        c: GFX_RING_SOLID, GFX_RING_DASHED or GFX_RING_GLOW */
    GFX_ART_SHADOW,  /* b: shape; the soft drop shadow (blur 12 px, 25% black) */
    GFX_ART_PANEL,   /* a x b: a cream card with stitched border and shadow; c: radius */
    GFX_ART_PANEL_RING, /* a x b: a 3 px ring around a panel; c: radius */
    GFX_ART_PIP,     /* a white 24 px rounded-square stitch tile */
    GFX_ART_PIP_RING,
    GFX_ART_CHECK,   /* a white check mark, a: size */
    GFX_ART_CROSS,   /* a white cross, a: size */
    GFX_ART_SPARKLE, /* a white four-point sparkle */
    GFX_ART_SCRAP,   /* a white torn fabric scrap, a: variant 0..3 */
    GFX_ART_NEEDLE,  /* the sewing-needle cursor, tip at the texture's top-left corner */
    GFX_ART_DOT,     /* a white disc, a: diameter */
    GFX_ART_CAPSULE, /* a white stroke with round ends, a: length, b: width */
} gfx_art;

enum { GFX_RING_SOLID, GFX_RING_DASHED, GFX_RING_GLOW };

typedef struct {
    gfx_art kind;
    int a, b, c;
    Uint32 tint; /* fill colour for GFX_ART_PANEL and GFX_ART_RING, else unused */
} gfx_art_key;

void gfx_art_draw(gfx *g, gfx_art_key key, double cx, double cy, double scale, double angle,
                  gfx_color mod, double alpha);
/* The needle cursor with its tip at (x, y), tilted by angle degrees around the tip. */
void gfx_cursor(gfx *g, double x, double y, double angle);

/* Text: size in field pixels, bold or regular; y is the vertical centre of the line.
 * Tabular lays digits out in fixed cells of the widest digit so numbers never jitter. */
typedef struct {
    double size;
    int bold;
    gfx_align align;
    int tabular;
    gfx_color color;
    double alpha;
    int stitched; /* felt letters in color with a running stitch, like the logo's */
} gfx_text_style;
double gfx_text(gfx *g, const char *utf8, double x, double y, gfx_text_style st);
/* Width in field pixels of the text as gfx_text would draw it. */
double gfx_text_width(gfx *g, const char *utf8, gfx_text_style st);

/* Stitched felt logo "FIND THE / ODD SHAPE" centred on (cx, cy), 600 px wide. */
void gfx_logo(gfx *g, double cx, double cy);

/* Reads the whole output back (for screenshots). */
SDL_Surface *gfx_read_pixels(gfx *g);

#endif
