/* Signed distance functions for the felt art: patch silhouettes (DBT-5), rounded panels,
 * stitches and icons. Pure math, no SDL: distances are in field pixels, negative inside. */
#ifndef PLAYER_SDF_H
#define PLAYER_SDF_H

enum { SDF_ARC_SAMPLES = 720 };

typedef struct {
    int kind;          /* SDF_CIRCLE .. SDF_SEGMENTS */
    double a, b, r;    /* circle radius a; box half sizes a, b and corner radius r */
    int n;             /* polygon vertex count or segment count */
    double pts[2 * 160]; /* polygon vertices or segment end points (x0 y0 x1 y1 ...) */
    double width;      /* segment stroke half-width */
} sdf_shape;

enum { SDF_CIRCLE, SDF_BOX, SDF_POLYGON, SDF_SEGMENTS };

/* The six patch silhouettes at 90% of the 240 px box (DBT-6), centred on (0, 0). */
void sdf_patch_shape(sdf_shape *s, int shape);
/* A rounded rectangle of half sizes hw x hh and corner radius r. */
void sdf_box(sdf_shape *s, double hw, double hh, double r);
/* Strokes for a check mark or a cross in a box of half size h. */
void sdf_check(sdf_shape *s, double h);
void sdf_cross(sdf_shape *s, double h);
double sdf_eval(const sdf_shape *s, double x, double y);

/* Arc length along the contour inset by `inset` (a star-shaped contour around the
 * origin), sampled by angle so dashed stitches can be spaced evenly along it. */
typedef struct {
    double len[SDF_ARC_SAMPLES + 1]; /* cumulative length at angle i * 2pi / SAMPLES */
    double total;
} sdf_arc;
void sdf_arc_build(sdf_arc *arc, const sdf_shape *s, double inset, double max_r);
/* Arc length at the angle of point (x, y). */
double sdf_arc_at(const sdf_arc *arc, double x, double y);

/* Coverage of a dashed stitch of half-width w on the contour d = -inset of shape: dashes of
 * length dash every period along the arc, with round ends. d is sdf_eval at the point. */
double sdf_stitch(const sdf_arc *arc, const sdf_shape *shape, double x, double y, double d,
                  double inset, double w, double dash, double period, double px);

static inline double sdf_clamp01(double v) { return v < 0 ? 0 : v > 1 ? 1 : v; }
/* Anti-aliased coverage of a distance d for a pixel px field pixels wide. */
static inline double sdf_cover(double d, double px) { return sdf_clamp01(0.5 - d / px); }

#endif
