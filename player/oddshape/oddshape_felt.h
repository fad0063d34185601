/* Find the Odd Shape's felt letters: stitched text (gfx_text_style.look) and the logo. */
#ifndef PLAYER_ODDSHAPE_FELT_H
#define PLAYER_ODDSHAPE_FELT_H

#include "draw/gfx.h"

/* A gfx_text_look: the run as felt letters in color, cut and stitched like the logo's and
 * scaled to the font's size. */
SDL_Surface *oddshape_felt_text(TTF_Font *f, const char *utf8, Uint32 color, double scale,
                                int *margin);
/* The stitched felt logo "FIND THE / ODD SHAPE" centred on (cx, cy), 600 px wide. */
void oddshape_logo(gfx *g, double cx, double cy);

#endif
