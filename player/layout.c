/* Letterbox math for the player, kept free of SDL so the unit tests can check it. */
#include "layout.h"

void layout_fit(layout_view *v, int out_w, int out_h, int field_w, int field_h)
{
    if (out_w < 1) out_w = 1;
    if (out_h < 1) out_h = 1;
    double sx = (double)out_w / field_w, sy = (double)out_h / field_h;
    v->scale = sx < sy ? sx : sy;
    v->off_x = (out_w - field_w * v->scale) / 2.0;
    v->off_y = (out_h - field_h * v->scale) / 2.0;
    v->out_w = out_w;
    v->out_h = out_h;
}

void layout_to_field(const layout_view *v, double px, double py, double *fx, double *fy)
{
    *fx = (px - v->off_x) / v->scale;
    *fy = (py - v->off_y) / v->scale;
}

void layout_to_output(const layout_view *v, double fx, double fy, double *px, double *py)
{
    *px = v->off_x + fx * v->scale;
    *py = v->off_y + fy * v->scale;
}
