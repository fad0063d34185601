/* Distance fields behind every drawn silhouette, so edges are anti-aliased at any scale. */
#include "sdf.h"

#include <math.h>
#include <string.h>

static const double PI = 3.14159265358979323846;

static void polygon_from(sdf_shape *s, const double *xy, int n)
{
    s->kind = SDF_POLYGON;
    s->n = n;
    memcpy(s->pts, xy, sizeof(double) * 2 * (size_t)n);
}

void sdf_patch_shape(sdf_shape *s, int shape)
{
    const double R = 108; /* 90% of the 240 px box (DBT-6) */
    double xy[2 * 160];
    memset(s, 0, sizeof *s);
    switch (shape) {
    case 0: /* Circle: full disc */
        s->kind = SDF_CIRCLE;
        s->a = R;
        return;
    case 1: /* Square with 8 px rounded corners */
        sdf_box(s, R, R, 8);
        return;
    case 2: { /* Triangle: equilateral, point up, centred in the box */
        double h = 2 * R * sqrt(3.0) / 2;
        double pts[] = {0, -h / 2, R, h / 2, -R, h / 2};
        polygon_from(s, pts, 3);
        s->r = 6; /* soft cut corners */
        return;
    }
    case 3: { /* Star: five points, first one up */
        double outer = R + 6, inner = outer * 0.47, dy = 10;
        for (int i = 0; i < 10; i++) {
            double ang = -PI / 2 + i * PI / 5, rad = i % 2 ? inner : outer;
            xy[2 * i] = rad * cos(ang);
            xy[2 * i + 1] = rad * sin(ang) + dy;
        }
        polygon_from(s, xy, 10);
        s->r = 4;
        return;
    }
    case 4: { /* Heart: two lobes and a pointed base, symmetric */
        int n = 144;
        double minx = 1e9, maxx = -1e9, miny = 1e9, maxy = -1e9;
        for (int i = 0; i < n; i++) {
            double t = 2 * PI * i / n;
            double x = 16 * pow(sin(t), 3);
            double y = -(13 * cos(t) - 5 * cos(2 * t) - 2 * cos(3 * t) - cos(4 * t));
            xy[2 * i] = x;
            xy[2 * i + 1] = y;
            if (x < minx) minx = x;
            if (x > maxx) maxx = x;
            if (y < miny) miny = y;
            if (y > maxy) maxy = y;
        }
        double k = 2 * R / (maxx - minx), cy = (miny + maxy) / 2;
        for (int i = 0; i < n; i++) {
            xy[2 * i] *= k;
            xy[2 * i + 1] = (xy[2 * i + 1] - cy) * k;
        }
        polygon_from(s, xy, n);
        return;
    }
    default: { /* Hexagon: flat top, its rounded side corners R from the centre */
        const double r = 6, k = 1 + r / 100.0, C = (R - r) * k; /* see sdf_eval's rounding */
        for (int i = 0; i < 6; i++) {
            double ang = i * PI / 3;
            xy[2 * i] = C * cos(ang);
            xy[2 * i + 1] = C * sin(ang);
        }
        polygon_from(s, xy, 6);
        s->r = r;
        return;
    }
    }
}

void sdf_box(sdf_shape *s, double hw, double hh, double r)
{
    memset(s, 0, sizeof *s);
    s->kind = SDF_BOX;
    s->a = hw;
    s->b = hh;
    s->r = r;
}

void sdf_check(sdf_shape *s, double h)
{
    memset(s, 0, sizeof *s);
    s->kind = SDF_SEGMENTS;
    s->n = 2;
    double p[] = {-0.62 * h, 0.02 * h, -0.18 * h, 0.48 * h, -0.18 * h, 0.48 * h, 0.66 * h, -0.5 * h};
    memcpy(s->pts, p, sizeof p);
    s->width = 0.15 * h;
}

void sdf_cross(sdf_shape *s, double h)
{
    memset(s, 0, sizeof *s);
    s->kind = SDF_SEGMENTS;
    s->n = 2;
    double k = 0.5 * h;
    double p[] = {-k, -k, k, k, -k, k, k, -k};
    memcpy(s->pts, p, sizeof p);
    s->width = 0.15 * h;
}

static double seg_dist(double px, double py, double ax, double ay, double bx, double by)
{
    double vx = bx - ax, vy = by - ay, wx = px - ax, wy = py - ay;
    double t = (wx * vx + wy * vy) / (vx * vx + vy * vy);
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    double dx = wx - t * vx, dy = wy - t * vy;
    return sqrt(dx * dx + dy * dy);
}

/* Exact distance to a simple polygon, signed by the even-odd rule. */
static double polygon_dist(const sdf_shape *s, double x, double y)
{
    double best = 1e18;
    int inside = 0;
    for (int i = 0, j = s->n - 1; i < s->n; j = i++) {
        double xi = s->pts[2 * i], yi = s->pts[2 * i + 1];
        double xj = s->pts[2 * j], yj = s->pts[2 * j + 1];
        double d = seg_dist(x, y, xj, yj, xi, yi);
        if (d < best) best = d;
        if ((yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi) inside = !inside;
    }
    return inside ? -best : best;
}

double sdf_eval(const sdf_shape *s, double x, double y)
{
    switch (s->kind) {
    case SDF_CIRCLE:
        return sqrt(x * x + y * y) - s->a;
    case SDF_BOX: {
        double qx = fabs(x) - s->a + s->r, qy = fabs(y) - s->b + s->r;
        double ox = qx > 0 ? qx : 0, oy = qy > 0 ? qy : 0;
        double in = qx > qy ? qx : qy;
        return sqrt(ox * ox + oy * oy) + (in < 0 ? in : 0) - s->r;
    }
    case SDF_POLYGON:
        /* r rounds the corners: a slightly shrunk polygon grown back by r keeps the size */
        if (s->r > 0) {
            double k = 1 + s->r / 100.0;
            return polygon_dist(s, x * k, y * k) / k - s->r;
        }
        return polygon_dist(s, x, y);
    default: {
        double best = 1e18;
        for (int i = 0; i < s->n; i++) {
            double d = seg_dist(x, y, s->pts[4 * i], s->pts[4 * i + 1], s->pts[4 * i + 2],
                                s->pts[4 * i + 3]);
            if (d < best) best = d;
        }
        return best - s->width;
    }
    }
}

void sdf_arc_build(sdf_arc *arc, const sdf_shape *s, double inset, double max_r)
{
    double px = 0, py = 0;
    arc->len[0] = 0;
    for (int i = 0; i <= SDF_ARC_SAMPLES; i++) {
        double ang = 2 * PI * i / SDF_ARC_SAMPLES, c = cos(ang), sn = sin(ang);
        /* march in from outside: the outermost crossing of the inset contour */
        double lo = 0, hi = max_r;
        for (double r = max_r; r > 0; r -= 1.0)
            if (sdf_eval(s, r * c, r * sn) < -inset) {
                lo = r;
                hi = r + 1.0;
                break;
            }
        for (int k = 0; k < 30; k++) {
            double mid = (lo + hi) / 2;
            if (sdf_eval(s, mid * c, mid * sn) < -inset) lo = mid;
            else hi = mid;
        }
        double x = lo * c, y = lo * sn;
        if (i > 0) arc->len[i] = arc->len[i - 1] + sqrt((x - px) * (x - px) + (y - py) * (y - py));
        px = x;
        py = y;
    }
    arc->total = arc->len[SDF_ARC_SAMPLES];
}

double sdf_arc_at(const sdf_arc *arc, double x, double y)
{
    double ang = atan2(y, x);
    if (ang < 0) ang += 2 * PI;
    double f = ang / (2 * PI) * SDF_ARC_SAMPLES;
    int i = (int)f;
    if (i >= SDF_ARC_SAMPLES) i = SDF_ARC_SAMPLES - 1;
    double t = f - i;
    return arc->len[i] + t * (arc->len[i + 1] - arc->len[i]);
}

double sdf_stitch(const sdf_arc *arc, const sdf_shape *shape, double x, double y, double d,
                  double inset, double w, double dash, double period, double px)
{
    double across = fabs(d + inset);
    if (across > w + px + 2) return 0;
    int n = (int)(arc->total / period + 0.5);
    if (n < 1) n = 1;
    double step = arc->total / n;
    /* measure the arc at the nearest point of the contour, so dash ends cut straight
     * across the thread even where the contour runs far from the centre's rays */
    const double h = 0.25;
    double gx = sdf_eval(shape, x + h, y) - sdf_eval(shape, x - h, y);
    double gy = sdf_eval(shape, x, y + h) - sdf_eval(shape, x, y - h);
    double gl = sqrt(gx * gx + gy * gy);
    double qx = x, qy = y;
    if (gl > 0) {
        qx -= (d + inset) * gx / gl;
        qy -= (d + inset) * gy / gl;
    }
    double u = fmod(sdf_arc_at(arc, qx, qy), step);
    double along = fabs(u - step / 2) - (dash / 2 - w);
    if (along < 0) along = 0;
    double dist = sqrt(along * along + across * across) - w;
    return sdf_cover(dist, px);
}
