/* Menu widgets drawn as felt and thread: buttons, sliders, toggles and the seed field.
 * Widgets are plain rectangles in field pixels; the scenes own their ui state. */
#ifndef PLAYER_UI_H
#define PLAYER_UI_H

#include "gfx.h"

typedef enum { UI_BUTTON, UI_SLIDER, UI_TOGGLE, UI_FIELD } ui_kind;

typedef struct {
    ui_kind kind;
    double x, y, w, h; /* the control's rectangle (a slider's track area) */
    const char *label;
    int enabled;
    int primary;
} ui_widget;

/* The enabled widget whose rectangle contains (x, y), or -1. */
int ui_hit(const ui_widget *ws, int n, double x, double y);
/* Slider value 0..100 for pointer x over the widget's track. */
int ui_slider_value(const ui_widget *w, double x);
/* Next enabled widget from `from` in direction dir (+1/-1), wrapping; from -1 starts at 0. */
int ui_step(const ui_widget *ws, int n, int from, int dir);

/* hover: 0..1 animation amount (lift 4 px, brighten 8%, gold ring). */
void ui_button(gfx *g, const ui_widget *w, double hover, double alpha);
void ui_slider(gfx *g, const ui_widget *w, int value, double hover, double alpha);
void ui_toggle(gfx *g, const ui_widget *w, int on, double hover, double alpha);
/* text: the field's text; editing draws a caret that blinks on now_ms. */
void ui_field(gfx *g, const ui_widget *w, const char *text, int editing, double hover,
              double alpha, double now_ms);
/* A cream card with stitched border, shadow and 16 px corners, centred at (cx, cy). */
void ui_card(gfx *g, double cx, double cy, double w, double h, double alpha);
/* Text helpers in the house style. */
gfx_text_style ui_style(double size, int bold, gfx_align align, Uint32 color, double alpha);
/* st, its size lowered a pixel at a time (never below min_size) until text is at most max_w
 * field pixels wide: a label that keeps inside its button at every output scale. */
gfx_text_style ui_fit(gfx *g, const char *text, gfx_text_style st, double max_w, double min_size);

#endif
