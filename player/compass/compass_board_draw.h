/* The board's picture as the play scene and the level editor both draw it: the chart grid and
 * the walls, the arrow plates, an edge lane's rim and mark (an exit's chevron, a window's ring
 * and tick, a port's dashes and dots) and its colour. Each scene draws what is its own around
 * these (the play scene's turning compass and blocked rays, the editor's lane targets). */
#ifndef PLAYER_COMPASS_BOARD_DRAW_H
#define PLAYER_COMPASS_BOARD_DRAW_H

#include "compass/compass.h"
#include "compass_art.h"
#include "compass_layout.h"

/* A rectangle, and a frame of thickness t outside box b, in 0xRRGGBB at alpha 0..1. */
void compass_board_fill(gfx *g, double x, double y, double w, double h, Uint32 color, double alpha);
void compass_board_outline(gfx *g, compass_box b, double t, Uint32 color, double alpha);
/* Clips drawing to the visible grid; returns the clip it replaced, for compass_board_unclip. */
SDL_Rect compass_board_clip(gfx *g, compass_box view);
void compass_board_unclip(gfx *g, SDL_Rect old);
/* The chart grid and the walls of l, cell (0, 0) at (grid_x, grid_y). */
void compass_board_floor(compass_art *a, gfx *g, const compass_level *l, double grid_x, double grid_y,
                         double cell);
/* Arrow index's plate in cell c, its silhouette turned angle degrees, moved by (dx, dy). */
void compass_board_plate(compass_art *a, gfx *g, compass_box c, int index, double angle, double alpha,
                         double dx, double dy);
/* The colour of an aperture's mark in phase: shut grey, or its kind's (exit, window, port). */
Uint32 compass_board_lane_color(const compass_aperture *ap, int phase);
/* The rim at a lane's two ends, the opening between: from (rx, ry), len long. */
void compass_board_lane_rim(gfx *g, double rx, double ry, int horiz, double len);
/* An aperture's mark centred at (x, y) on side: an outward chevron for an exit, else its
 * schedule (compass_board_schedule). */
void compass_board_lane_mark(compass_art *a, gfx *g, const compass_aperture *ap, compass_dir side,
                             double x, double y, Uint32 color);
/* A small bearing glyph for a schedule: a ring with a tick per open phase (window: one), or,
 * for a port, dashes on its open bearings and dots on the others. */
void compass_board_schedule(compass_art *a, gfx *g, const compass_aperture *ap, double x, double y,
                            Uint32 color, double alpha);

#endif
