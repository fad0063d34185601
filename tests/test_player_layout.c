/* Letterboxing of the 1920x1080 field (player/layout.c, DBT-8) and the patch art's
 * distance fields (player/draw/sdf.c, DBT-5/6). */
#include <criterion/criterion.h>
#include <math.h>

#include "../player/layout.h"
#include "../player/draw/sdf.h"

Test(player_layout, a_taller_window_letterboxes_top_and_bottom)
{
    layout_view v;
    layout_fit(&v, 1280, 1024, 1920, 1080);
    cr_expect_float_eq(v.scale, 1280.0 / 1920, 1e-12);
    cr_expect_float_eq(v.off_x, 0, 1e-12);
    cr_expect_float_eq(v.off_y, (1024 - 720) / 2.0, 1e-12);
}

Test(player_layout, a_wider_window_pillarboxes_and_hidpi_doubles_the_scale)
{
    layout_view v;
    layout_fit(&v, 3840, 1600, 1920, 1080);
    cr_expect_float_eq(v.scale, 1600.0 / 1080, 1e-12);
    cr_expect(v.off_x > 0);
    cr_expect_float_eq(v.off_y, 0, 1e-12);
    layout_fit(&v, 3840, 2160, 1920, 1080);
    cr_expect_float_eq(v.scale, 2.0, 1e-12);
}

Test(player_layout, output_and_field_coordinates_are_inverse)
{
    layout_view v;
    layout_fit(&v, 1000, 900, 1920, 1080);
    double px, py, fx, fy;
    layout_to_output(&v, 480, 540, &px, &py);
    layout_to_field(&v, px, py, &fx, &fy);
    cr_expect_float_eq(fx, 480, 1e-9);
    cr_expect_float_eq(fy, 540, 1e-9);
}

Test(player_sdf, every_silhouette_fits_the_240_box_and_covers_its_centre)
{
    for (int shape = 0; shape < 6; shape++) {
        sdf_shape s;
        sdf_patch_shape(&s, shape);
        cr_expect(sdf_eval(&s, 0, 0) < 0, "shape %d centre", shape);
        /* the box edge (DBT-6) is outside every silhouette */
        for (int i = -120; i <= 120; i += 8) {
            cr_expect(sdf_eval(&s, i, -120) > 0, "shape %d top edge", shape);
            cr_expect(sdf_eval(&s, i, 120) > 0, "shape %d bottom edge", shape);
            cr_expect(sdf_eval(&s, -120, i) > 0, "shape %d left edge", shape);
            cr_expect(sdf_eval(&s, 120, i) > 0, "shape %d right edge", shape);
        }
    }
}

Test(player_sdf, the_circle_is_a_full_disc_of_90_percent_of_the_box)
{
    sdf_shape s;
    sdf_patch_shape(&s, 0);
    cr_expect_float_eq(sdf_eval(&s, 108, 0), 0, 1e-9);
    cr_expect_float_eq(sdf_eval(&s, 0, -50), -58, 1e-9);
}

/* Signed distance at (u, v) with the axes swapped when measuring along y. */
static double eval_at(const sdf_shape *s, double u, double v, int along_y)
{
    return along_y ? fmin(sdf_eval(s, u, v), sdf_eval(s, u, -v)) : fmin(sdf_eval(s, v, u), sdf_eval(s, -v, u));
}

/* The silhouette's extent along x (or y): the largest |coordinate| inside it, found per
 * line by a 1 px march in from outside and a bisection of the crossing. */
static double extent(const sdf_shape *s, int along_y)
{
    double best = 0;
    for (double u = -120; u <= 120; u += 0.5) {
        double v = 125;
        while (v > 0 && eval_at(s, u, v, along_y) >= 0) v -= 1;
        if (v <= 0) continue;
        double lo = v, hi = v + 1;
        for (int k = 0; k < 20; k++) {
            double mid = (lo + hi) / 2;
            if (eval_at(s, u, mid, along_y) < 0) lo = mid;
            else hi = mid;
        }
        if (lo > best) best = lo;
    }
    return best;
}

Test(player_sdf, every_silhouette_spans_90_percent_of_the_box_dbt_6)
{
    /* DBT-6: the silhouette occupies 90% of the 240 px box, so each shape's widest extent
     * is 216 px and shapes look equal side by side */
    for (int shape = 0; shape < 6; shape++) {
        sdf_shape s;
        sdf_patch_shape(&s, shape);
        double w = 2 * extent(&s, 0), h = 2 * extent(&s, 1);
        cr_expect(fabs(fmax(w, h) - 216) <= 1.0, "shape %d: %.2f x %.2f", shape, w, h);
    }
}

Test(player_sdf, stitches_are_spaced_evenly_along_the_inset_contour)
{
    sdf_shape s;
    sdf_patch_shape(&s, 1);
    sdf_arc arc;
    sdf_arc_build(&arc, &s, 8, 140);
    /* the square's inset contour is a rounded square of side about 200 */
    cr_expect(arc.total > 4 * 180 && arc.total < 4 * 208, "%f", arc.total);
    cr_expect(sdf_stitch(&arc, &s, 0, 0, sdf_eval(&s, 0, 0), 8, 2, 10, 16, 1) == 0);
}
