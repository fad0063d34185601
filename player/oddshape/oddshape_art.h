/* Find the Odd Shape's art recipes for the kit's cache (gfx_art_key.draw): patches, their
 * rings and shadows, pips and icons. */
#ifndef PLAYER_ODDSHAPE_ART_H
#define PLAYER_ODDSHAPE_ART_H

#include "draw/gfx.h"

extern const Uint32 oddshape_patch_colors[6];  /* DBT-4 */
extern const Uint32 oddshape_thread_colors[6]; /* each colour's stitching thread */

/* a: colour, b: shape, c: colorblind overlay on/off */
SDL_Texture *oddshape_art_patch(gfx *g, const gfx_art_key *key, double *fw, double *fh);
/* b: shape; a ring of colour tint, a px wide (DBT-30: 3), just outside the silhouette with a
 * dark edge each side so it reads on every colour; c: ODDSHAPE_RING_SOLID, _DASHED or _GLOW */
SDL_Texture *oddshape_art_ring(gfx *g, const gfx_art_key *key, double *fw, double *fh);
enum { ODDSHAPE_RING_SOLID, ODDSHAPE_RING_DASHED, ODDSHAPE_RING_GLOW };
/* b: shape; the soft drop shadow (blur 12 px, 25% black) */
SDL_Texture *oddshape_art_shadow(gfx *g, const gfx_art_key *key, double *fw, double *fh);
/* a white 24 px rounded-square stitch tile, and the ring round the current one */
SDL_Texture *oddshape_art_pip(gfx *g, const gfx_art_key *key, double *fw, double *fh);
SDL_Texture *oddshape_art_pip_ring(gfx *g, const gfx_art_key *key, double *fw, double *fh);
/* a white check mark or cross, a: size */
SDL_Texture *oddshape_art_check(gfx *g, const gfx_art_key *key, double *fw, double *fh);
SDL_Texture *oddshape_art_cross(gfx *g, const gfx_art_key *key, double *fw, double *fh);
/* a white four-point sparkle */
SDL_Texture *oddshape_art_sparkle(gfx *g, const gfx_art_key *key, double *fw, double *fh);
/* a white torn fabric scrap, a: variant 0..3 */
SDL_Texture *oddshape_art_scrap(gfx *g, const gfx_art_key *key, double *fw, double *fh);

#endif
