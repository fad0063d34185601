/* The board's picture shared by the play scene and the level editor (compass_board_draw.h). */
#include "compass_board_draw.h"

#include <math.h>

#include "compass_palette.h"

static const double PI = 3.14159265358979323846;

static const Uint32 plate_colors[3] = {CORAL, 0xA87A22, TEAL};

void compass_board_fill(gfx *g, double x, double y, double w, double h, Uint32 color, double alpha)
{
    gfx_color c = GFX_RGB(color);
    c.a = (Uint8)(alpha * 255);
    gfx_rect(g, x, y, w, h, c);
}

void compass_board_outline(gfx *g, compass_box b, double t, Uint32 color, double alpha)
{
    compass_board_fill(g, b.x - t, b.y - t, b.w + 2 * t, t, color, alpha);
    compass_board_fill(g, b.x - t, b.y + b.h, b.w + 2 * t, t, color, alpha);
    compass_board_fill(g, b.x - t, b.y, t, b.h, color, alpha);
    compass_board_fill(g, b.x + b.w, b.y, t, b.h, color, alpha);
}

SDL_Rect compass_board_clip(gfx *g, compass_box view)
{
    const layout_view *v = gfx_view(g);
    SDL_Rect old;
    gfx_get_clip(g, &old);
    SDL_Rect clip = {(int)floor(v->off_x + view.x * v->scale), (int)floor(v->off_y + view.y * v->scale),
                     (int)ceil(view.w * v->scale), (int)ceil(view.h * v->scale)};
    gfx_clip(g, &clip);
    return old;
}

void compass_board_unclip(gfx *g, SDL_Rect old)
{
    gfx_clip(g, old.w > 0 ? &old : NULL);
}

void compass_board_floor(compass_art *a, gfx *g, const compass_level *l, double grid_x, double grid_y,
                         double cell)
{
    for (int i = 1; i < l->cols; i++)
        compass_board_fill(g, grid_x + i * cell - 0.5, grid_y, 1, l->rows * cell, SEA_LINE, 1);
    for (int i = 1; i < l->rows; i++)
        compass_board_fill(g, grid_x, grid_y + i * cell - 0.5, l->cols * cell, 1, SEA_LINE, 1);
    for (int rr = 0; rr < l->rows; rr++)
        for (int cc = 0; cc < l->cols; cc++)
            if (l->wall[rr][cc]) {
                compass_box c = {grid_x + cc * cell, grid_y + rr * cell, cell, cell};
                compass_art_box(a, g, c.x + 2, c.y + 2, c.w - 4, c.h - 4, 6, WALL, 1);
                compass_art_draw(a, g, (compass_art_key){CA_HATCH, (int)(c.w - 12), 0, 0},
                                 c.x + c.w / 2, c.y + c.h / 2, 0, WALL_HATCH, 1);
            }
}

void compass_board_plate(compass_art *a, gfx *g, compass_box c, int index, double angle, double alpha,
                         double dx, double dy)
{
    double m = c.w * 0.08, w = c.w - 2 * m;
    Uint32 col = plate_colors[index % 3];
    compass_art_box(a, g, c.x + m + dx, c.y + m + dy + 3, w, w, 10, 0x000000, 0.18 * alpha);
    compass_art_box(a, g, c.x + m + dx, c.y + m + dy, w, w, 10, col, alpha);
    compass_art_draw(a, g, (compass_art_key){CA_ARROW, (int)(c.w * 0.62), 0, 0},
                     c.x + c.w / 2 + dx, c.y + c.w / 2 + dy, angle, 0xFFF8EC, alpha);
}

Uint32 compass_board_lane_color(const compass_aperture *ap, int phase)
{
    int open = (ap->phase_mask >> phase) & 1;
    return !open ? SHUT : ap->kind == COMPASS_APERTURE_PLAIN ? TEAL_DEEP
         : ap->kind == COMPASS_APERTURE_WINDOW ? BRASS_DEEP : CORAL_DEEP;
}

void compass_board_lane_rim(gfx *g, double rx, double ry, int horiz, double len)
{
    double inset = 8;
    if (horiz) {
        compass_board_fill(g, rx, ry, inset, 4, RIM, 1);
        compass_board_fill(g, rx + len - inset, ry, inset, 4, RIM, 1);
    } else {
        compass_board_fill(g, rx, ry, 4, inset, RIM, 1);
        compass_board_fill(g, rx, ry + len - inset, 4, inset, RIM, 1);
    }
}

void compass_board_lane_mark(compass_art *a, gfx *g, const compass_aperture *ap, compass_dir side,
                             double x, double y, Uint32 color)
{
    if (ap->kind == COMPASS_APERTURE_PLAIN)
        compass_art_draw(a, g, (compass_art_key){CA_TRIANGLE, 12, 7, 0}, x, y, side * 90.0, color, 1);
    else
        compass_board_schedule(a, g, ap, x, y, color, 1);
}

void compass_board_schedule(compass_art *a, gfx *g, const compass_aperture *ap, double x, double y,
                            Uint32 color, double alpha)
{
    if (ap->kind == COMPASS_APERTURE_WINDOW) {
        compass_art_draw(a, g, (compass_art_key){CA_RING, 16, 2, 0}, x, y, 0, color, alpha);
        for (int p = 0; p < 4; p++)
            if ((ap->phase_mask >> p) & 1) {
                double t = p * PI / 2;
                compass_art_line(a, g, x, y, x + 10 * sin(t), y - 10 * cos(t), 3.5, color, alpha);
            }
        return;
    }
    for (int p = 0; p < 4; p++) {
        double t = p * PI / 2, px = x + 6.5 * sin(t), py = y - 6.5 * cos(t);
        if ((ap->phase_mask >> p) & 1)
            compass_art_draw(a, g, (compass_art_key){CA_STROKE, 9, 4, 0}, px, py, p % 2 ? 0 : 90, color, alpha);
        else
            compass_art_draw(a, g, (compass_art_key){CA_DISC, 4, 0, 0}, px, py, 0, color, alpha);
    }
}
