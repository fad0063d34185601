/* Letterboxed scaling of the 1920x1080 authoring field into any output size (DBT-8). */
#ifndef PLAYER_LAYOUT_H
#define PLAYER_LAYOUT_H

typedef struct {
    double scale;      /* output pixels per field pixel */
    double off_x, off_y; /* output pixel of field (0, 0) */
    int out_w, out_h;
} layout_view;

/* The largest uniform scale that fits field_w x field_h into out_w x out_h, centred. */
void layout_fit(layout_view *v, int out_w, int out_h, int field_w, int field_h);
/* Output pixel to field pixel and back. */
void layout_to_field(const layout_view *v, double px, double py, double *fx, double *fy);
void layout_to_output(const layout_view *v, double fx, double fy, double *px, double *py);

#endif
