/* Memory5D's drawing kit, shared by every screen: text styles, text of any length, wrapped
 * text, boxes, buttons and the caption line. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "draw/ui.h"
#include "memory5d_ui.h"

#define INK 0x2B2723

/* What the last frame drew, for its layout event: the smallest text size and the targets.
 * Draw state of the one scene drawing (memory5d_kit_frame_begin starts a frame). */
static double min_text;
static memory5d_kit_box_note targets[MEMORY5D_KIT_TARGETS];
static int target_count;
/* the fitted texts still wider than their room (at the readable floor): none on a good frame */
static memory5d_kit_overflow overflows[MEMORY5D_KIT_OVERFLOWS];
static int overflow_count;

void memory5d_kit_frame_begin(void)
{
    min_text = 1e9;
    target_count = 0;
    overflow_count = 0;
}

int memory5d_kit_frame_overflows(const memory5d_kit_overflow **out)
{
    *out = overflows;
    return overflow_count;
}

double memory5d_kit_frame_min_text(void) { return min_text; }

int memory5d_kit_frame_targets(const memory5d_kit_box_note **out)
{
    *out = targets;
    return target_count;
}

void memory5d_kit_note_text(double size)
{
    if (size < min_text)
        min_text = size;
}

void memory5d_kit_target(const char *name, int index, double x, double y, double w, double h)
{
    if (target_count < MEMORY5D_KIT_TARGETS)
    {
        memory5d_kit_box_note *t = &targets[target_count++];
        snprintf(t->name, sizeof t->name, "%s", name);
        t->index = index;
        t->x = x;
        t->y = y;
        t->w = w;
        t->h = h;
    }
}

gfx_text_style memory5d_kit_style(double size, int bold, gfx_align al, Uint32 color)
{
    memory5d_kit_note_text(size);
    return (gfx_text_style){.size = size, .bold = bold, .align = al, .color = GFX_RGB(color), .alpha = 1};
}

gfx_text_style memory5d_kit_fit(gfx *g, const char *text, gfx_text_style st, double max_w,
                                double min_size)
{
    /* shrinking never goes under the readable size at the frame's scale (12 output pixels) */
    double floor = memory5d_layout_min_text();
    if (floor > st.size)
        floor = st.size;
    gfx_text_style fit = ui_fit(g, text, st, max_w, min_size > floor ? min_size : floor);
    memory5d_kit_note_text(fit.size);
    double w = gfx_text_width(g, text, fit);
    if (w > max_w + 0.5 && overflow_count < MEMORY5D_KIT_OVERFLOWS) {
        memory5d_kit_overflow *o = &overflows[overflow_count++];
        snprintf(o->text, sizeof o->text, "%s", text);
        o->width = w;
        o->room = max_w;
    }
    return fit;
}

/* gfx_text draws at most 95 bytes per run (its text cache); longer sentences go in word
 * chunks laid end to end. Returns the width. */
double memory5d_kit_say(gfx *g, const char *s, double x, double y, gfx_text_style st)
{
    char chunk[96];
    double total = 0, widths[16];
    const char *parts[16];
    size_t lens[16];
    int n = 0;
    for (const char *p = s; *p && n < 16;) {
        size_t len = strlen(p);
        if (len > 90) {
            len = 90;
            while (len > 40 && p[len] != ' ')
                len--;
        }
        parts[n] = p;
        lens[n] = len;
        snprintf(chunk, sizeof chunk, "%.*s", (int)len, p);
        widths[n] = gfx_text_width(g, chunk, st);
        total += widths[n++];
        p += len;
    }
    double cx = st.align == GFX_LEFT ? x : st.align == GFX_CENTER ? x - total / 2 : x - total;
    gfx_text_style left = st;
    left.align = GFX_LEFT;
    for (int i = 0; i < n; i++) {
        snprintf(chunk, sizeof chunk, "%.*s", (int)lens[i], parts[i]);
        gfx_text(g, chunk, cx, y, left);
        cx += widths[i];
    }
    return total;
}

double memory5d_kit_say_width(gfx *g, const char *s, gfx_text_style st)
{
    st.alpha = 0; /* gfx_text measures without drawing at alpha 0 */
    return memory5d_kit_say(g, s, 0, 0, st);
}

void memory5d_kit_box(gfx *g, double x, double y, double w, double h, Uint32 fill, Uint32 edge)
{
    gfx_rect(g, x, y, w, h, GFX_RGB(edge));
    gfx_rect(g, x + 2, y + 2, w - 4, h - 4, GFX_RGB(fill));
}

int memory5d_kit_wrap(gfx *g, const char *s, double x, double y, double w, gfx_text_style st,
                      double line_h)
{
    char buf[1100], line[1100];
    snprintf(buf, sizeof buf, "%s", s);
    int lines = 0;
    line[0] = '\0';
    for (char *word = strtok(buf, " "); word; word = strtok(NULL, " ")) {
        char trial[1100];
        snprintf(trial, sizeof trial, "%s%s%s", line, line[0] ? " " : "", word);
        if (line[0] && memory5d_kit_say_width(g, trial, st) > w) {
            memory5d_kit_say(g, line, x, y + lines * line_h, st);
            lines++;
            snprintf(line, sizeof line, "%s", word);
        } else {
            snprintf(line, sizeof line, "%s", trial);
        }
    }
    if (line[0]) {
        memory5d_kit_say(g, line, x, y + lines * line_h, st);
        lines++;
    }
    return lines;
}

/* A button's label size and room: at most 30, and 42% of a button's height. */
static double button_size(double h) { return h * 0.42 < 30 ? h * 0.42 : 30; }

int memory5d_kit_button_fits(gfx *g, double w, double h, const char *label)
{
    gfx_text_style st = {.size = button_size(h), .bold = 1, .align = GFX_CENTER, .alpha = 1};
    double floor = memory5d_layout_min_text();
    if (floor > st.size)
        floor = st.size;
    st = ui_fit(g, label, st, w - 12, floor > 14 ? floor : 14);
    return gfx_text_width(g, label, st) <= w - 12 + 0.5;
}

double memory5d_kit_buttons_size(gfx *g, double w, double h, const char *const *labels, int n)
{
    double size = button_size(h), floor = memory5d_layout_min_text();
    if (floor > size)
        floor = size;
    for (int i = 0; i < n; i++) {
        gfx_text_style st = {.size = size, .bold = 1, .align = GFX_CENTER, .alpha = 1};
        st = ui_fit(g, labels[i], st, w - 12, floor > 14 ? floor : 14);
        if (st.size < size)
            size = st.size;
    }
    return size;
}

void memory5d_kit_button(gfx *g, double x, double y, double w, double h, const char *label, int on,
                         int focus, int enabled, int hc)
{
    memory5d_kit_button_sized(g, x, y, w, h, label, button_size(h), on, focus, enabled, hc);
}

void memory5d_kit_button_sized(gfx *g, double x, double y, double w, double h, const char *label,
                               double size, int on, int focus, int enabled, int hc)
{
    Uint32 fill = on ? (hc ? 0x000000 : 0x2F4858) : enabled ? 0xFFFFFF : 0xE3DED5;
    Uint32 ink = on ? 0xFFFFFF : enabled ? INK : 0x9A9388;
    memory5d_kit_box(g, x, y, w, h, fill, hc ? 0x000000 : 0x8C8478);
    /* the label fits the button (a tall button's size would overflow a narrow one) */
    gfx_text(g, label, x + w / 2, y + h / 2,
             memory5d_kit_fit(g, label, memory5d_kit_style(size, 1, GFX_CENTER, ink), w - 12, 14));
    memory5d_kit_target(label, -1, x, y, w, h);
    if (focus)
        memory5d_kit_focus_ring(g, x, y, w, h);
}

void memory5d_kit_button_lines(gfx *g, double x, double y, double w, double h, const char *top,
                               const char *bottom, int on, int focus, int enabled, int hc)
{
    Uint32 fill = on ? (hc ? 0x000000 : 0x2F4858) : enabled ? 0xFFFFFF : 0xE3DED5;
    Uint32 ink = on ? 0xFFFFFF : enabled ? INK : 0x9A9388;
    memory5d_kit_box(g, x, y, w, h, fill, hc ? 0x000000 : 0x8C8478);
    double size = fmax(h * 0.3, memory5d_layout_min_text()), small = fmax(h * 0.27, memory5d_layout_min_text());
    gfx_text_style a = memory5d_kit_fit(g, top, memory5d_kit_style(size, 1, GFX_CENTER, ink), w - 12, 14);
    gfx_text_style b = memory5d_kit_fit(g, bottom, memory5d_kit_style(small, 0, GFX_CENTER, ink), w - 12, 14);
    double gap = (h - a.size - b.size) / 3;
    gfx_text(g, top, x + w / 2, y + gap + a.size / 2, a);
    gfx_text(g, bottom, x + w / 2, y + h - gap - b.size / 2, b);
    memory5d_kit_target(top, -1, x, y, w, h);
    if (focus)
        memory5d_kit_focus_ring(g, x, y, w, h);
}

void memory5d_kit_focus_ring(gfx *g, double x, double y, double w, double h)
{
    gfx_color blue = GFX_RGB(0x1D5FD0);
    gfx_rect(g, x - 7, y - 7, w + 14, 5, blue);
    gfx_rect(g, x - 7, y + h + 2, w + 14, 5, blue);
    gfx_rect(g, x - 7, y - 2, 5, h + 4, blue);
    gfx_rect(g, x + w + 2, y - 2, 5, h + 4, blue);
}

void memory5d_kit_caption_bar(gfx *g, const char *caption)
{
    double top = memory5d_layout_caption_top(), fw = memory5d_layout_field_w();
    double fh = memory5d_layout_field_h(), bar = fh - top, pad = bar / 2;
    gfx_rect(g, 0, top, fw, bar, GFX_RGB(0x2F4858));
    /* one line at the bar's size, else two at a smaller one (never under the readable floor) */
    int c = memory5d_layout_compact();
    double one = c ? fmax(20, memory5d_layout_min_text()) : 27;
    double two = c ? fmax(18, memory5d_layout_min_text()) : 23, line_h = c ? two * 1.3 : 34;
    gfx_text_style st = memory5d_kit_style(one, 0, GFX_LEFT, 0xFFFFFF);
    if (memory5d_kit_say_width(g, caption, st) <= fw - 2 * pad)
        memory5d_kit_say(g, caption, pad, top + bar / 2, st);
    else
        memory5d_kit_wrap(g, caption, pad, top + bar / 2 - (c ? line_h / 2 : 18), fw - 2 * pad,
                          memory5d_kit_style(two, 0, GFX_LEFT, 0xFFFFFF), line_h);
}

int memory5d_kit_key_move(int key)
{
    switch (key) {
    case PK_LEFT: return MEMORY5D_MOVE_LEFT;
    case PK_RIGHT: return MEMORY5D_MOVE_RIGHT;
    case PK_UP: return MEMORY5D_MOVE_UP;
    case PK_DOWN: return MEMORY5D_MOVE_DOWN;
    case PK_HOME: return MEMORY5D_MOVE_HOME;
    case PK_END: return MEMORY5D_MOVE_END;
    default: return -1;
    }
}
