/* Compass Shift's own distance-field art (discs, rings, rounded plates, arrow silhouettes,
 * pointers, strokes, soft shadows): white textures baked at the output scale from
 * player/draw/sdf.h, cached until the scale changes, tinted when drawn. */
#ifndef PLAYER_COMPASS_ART_H
#define PLAYER_COMPASS_ART_H

#include "draw/gfx.h"

typedef enum {
    CA_DISC,     /* a: diameter */
    CA_RING,     /* a: outer diameter, b: stroke width */
    CA_BOX,      /* a x b, c: corner radius */
    CA_ARROW,    /* a: box side; an arrow silhouette pointing north */
    CA_TRIANGLE, /* a: base, b: height; pointing north */
    CA_STROKE,   /* a: length, b: width; horizontal, round ends */
    CA_SHADOW,   /* a x b, c: corner radius; a soft shadow under a card */
    CA_HATCH,    /* a: side; diagonal hatching that fills a square (walls) */
} compass_art_kind;

typedef struct {
    compass_art_kind kind;
    int a, b, c;
} compass_art_key;

typedef struct compass_art compass_art;

compass_art *compass_art_create(void);
void compass_art_destroy(compass_art *a);
/* Draws key centred at (cx, cy) field pixels, turned angle degrees clockwise, in colour
 * 0xRRGGBB at alpha 0..1. */
void compass_art_draw(compass_art *a, gfx *g, compass_art_key key, double cx, double cy,
                      double angle, Uint32 color, double alpha);
/* A rounded box by its top-left corner. */
void compass_art_box(compass_art *a, gfx *g, double x, double y, double w, double h, double r,
                     Uint32 color, double alpha);
/* A stroke from (x0, y0) to (x1, y1). */
void compass_art_line(compass_art *a, gfx *g, double x0, double y0, double x1, double y1,
                      double width, Uint32 color, double alpha);

#endif
