/* Memory5D's drawing kit, shared by every screen: text styles, text of any length, wrapped
 * text, boxes, buttons and the caption line. */
#include <stdio.h>
#include <string.h>

#include "memory5d_ui.h"

#define INK 0x2B2723

gfx_text_style memory5d_kit_style(double size, int bold, gfx_align al, Uint32 color)
{
    return (gfx_text_style){.size = size, .bold = bold, .align = al, .color = GFX_RGB(color), .alpha = 1};
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

void memory5d_kit_button(gfx *g, double x, double y, double w, double h, const char *label, int on,
                         int focus, int enabled, int hc)
{
    Uint32 fill = on ? (hc ? 0x000000 : 0x2F4858) : enabled ? 0xFFFFFF : 0xE3DED5;
    Uint32 ink = on ? 0xFFFFFF : enabled ? INK : 0x9A9388;
    memory5d_kit_box(g, x, y, w, h, fill, hc ? 0x000000 : 0x8C8478);
    gfx_text(g, label, x + w / 2, y + h / 2, memory5d_kit_style(h * 0.42, 1, GFX_CENTER, ink));
    if (focus) {
        gfx_rect(g, x - 6, y - 6, w + 12, 4, GFX_RGB(0x1D5FD0));
        gfx_rect(g, x - 6, y + h + 2, w + 12, 4, GFX_RGB(0x1D5FD0));
        gfx_rect(g, x - 6, y - 6, 4, h + 12, GFX_RGB(0x1D5FD0));
        gfx_rect(g, x + w + 2, y - 6, 4, h + 12, GFX_RGB(0x1D5FD0));
    }
}

void memory5d_kit_caption_bar(gfx *g, const char *caption)
{
    gfx_rect(g, 0, 1000, MEMORY5D_FIELD_W, 80, GFX_RGB(0x2F4858));
    gfx_text_style st = memory5d_kit_style(27, 0, GFX_LEFT, 0xFFFFFF);
    if (memory5d_kit_say_width(g, caption, st) <= 1840)
        memory5d_kit_say(g, caption, 40, 1040, st);
    else
        memory5d_kit_wrap(g, caption, 40, 1022, 1840, memory5d_kit_style(23, 0, GFX_LEFT, 0xFFFFFF),
                          34);
}
