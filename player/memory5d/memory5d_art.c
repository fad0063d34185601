/* Memory5D cell art from the public gfx kit: the family silhouette (the felt masks; the
 * diamond is the square turned 45 degrees), the variant as pips, the hue in colour and in
 * its texture (background weave and a corner swatch), the owner by fill and badge, and the
 * anchor, partner, focus and win marks. */
#include <math.h>

#include "memory5d_ui.h"

const Uint32 memory5d_art_hue_rgb[MEMORY5D_HUES] = {0xD64545, 0x3E9E4A, 0x3F6FD6,
                                                    0xE58A2E, 0xE3BE2E, 0x8A4FC4};
const Uint32 memory5d_art_owner_rgb[MEMORY5D_PLAYERS] = {0x17506A, 0x6E2E52};

static gfx_color rgba(Uint32 rgb, Uint8 a)
{
    gfx_color c = GFX_RGB(rgb);
    c.a = a;
    return c;
}

static void frame(gfx *g, double x, double y, double w, double h, double t, gfx_color c)
{
    gfx_rect(g, x, y, w, t, c);
    gfx_rect(g, x, y + h - t, w, t, c);
    gfx_rect(g, x, y + t, t, h - 2 * t, c);
    gfx_rect(g, x + w - t, y + t, t, h - 2 * t, c);
}

/* Corner brackets: a dashed-looking frame that reads differently from a full frame. */
static void brackets(gfx *g, double x, double y, double w, double h, double t, gfx_color c)
{
    double l = w * 0.32;
    gfx_rect(g, x, y, l, t, c);
    gfx_rect(g, x, y, t, l, c);
    gfx_rect(g, x + w - l, y, l, t, c);
    gfx_rect(g, x + w - t, y, t, l, c);
    gfx_rect(g, x, y + h - t, l, t, c);
    gfx_rect(g, x, y + h - l, t, l, c);
    gfx_rect(g, x + w - l, y + h - t, l, t, c);
    gfx_rect(g, x + w - t, y + h - l, t, l, c);
}

/* The hue's texture over a rectangle in colour c (the config's names: red solid, green
 * stripes, blue dots, orange crosshatch, yellow waves, purple checker). */
static void texture(gfx *g, int hue, double x, double y, double w, double h, gfx_color c)
{
    double p = fmax(6, w / 7); /* pattern period */
    switch (hue) {
    case MEMORY5D_RED: gfx_rect(g, x, y, w, h, c); break;
    case MEMORY5D_GREEN:
        for (double yy = y + p * 0.25; yy + p * 0.4 <= y + h; yy += p)
            gfx_rect(g, x, yy, w, p * 0.4, c);
        break;
    case MEMORY5D_BLUE:
        for (double yy = y + p / 2; yy < y + h; yy += p)
            for (double xx = x + p / 2; xx < x + w; xx += p)
                gfx_art_draw(g, (gfx_art_key){GFX_ART_DOT, 16, 0, 0, 0}, xx, yy, p * 0.45 / 16, 0,
                             c, c.a / 255.0);
        break;
    case MEMORY5D_ORANGE:
        for (double yy = y + p / 2; yy < y + h; yy += p)
            gfx_rect(g, x, yy, w, fmax(1.5, p * 0.16), c);
        for (double xx = x + p / 2; xx < x + w; xx += p)
            gfx_rect(g, xx, y, fmax(1.5, p * 0.16), h, c);
        break;
    case MEMORY5D_YELLOW: /* a stepped zigzag per row: steps of half a period up and down */
        p = fmax(8, w / 5);
        for (double yy = y + p * 0.35; yy + p * 0.5 < y + h; yy += p)
            for (int k = 0; x + k * p / 2 < x + w - 0.5; k++)
                gfx_rect(g, x + k * p / 2, yy + (k % 2 ? p * 0.25 : 0),
                         fmin(p / 2 + 1, x + w - (x + k * p / 2)), fmax(1.5, p * 0.22), c);
        break;
    default: /* purple checker */
        for (int r = 0; y + r * p < y + h - 0.5; r++)
            for (int k = 0; x + k * p < x + w - 0.5; k++)
                if ((r + k) % 2 == 0)
                    gfx_rect(g, x + k * p, y + r * p, fmin(p, x + w - (x + k * p)),
                             fmin(p, y + h - (y + r * p)), c);
        break;
    }
}

void memory5d_art_texture_swatch(gfx *g, int hue, double x, double y, double w, double h)
{
    gfx_rect(g, x, y, w, h, GFX_RGB(0xFFFFFF));
    /* the swatch's ink is the hue a quarter darker, so even yellow reads on white */
    Uint32 rgb = memory5d_art_hue_rgb[hue];
    gfx_color ink = {(Uint8)((rgb >> 16 & 255) * 3 / 4), (Uint8)((rgb >> 8 & 255) * 3 / 4),
                     (Uint8)((rgb & 255) * 3 / 4), 255};
    texture(g, hue, x + 2, y + 2, w - 4, h - 4, ink);
    frame(g, x, y, w, h, 1.5, GFX_RGB(0x3A3A3A));
}

/* The felt mask index of each family, in memory5d_family order. */
static const int family_mask[MEMORY5D_FAMILIES] = {1, 0, 2, 3, 5, 1};

/* The shape with its edge in edge (dark on light fills, white on the owners' dark ones). */
static void shape_edged(gfx *g, int family, int variant, int hue, double cx, double cy,
                        double size, Uint32 edge, double edge_k)
{
    double k = size / 216.0;
    double angle = family == MEMORY5D_DIAMOND ? 45 : 0;
    if (family == MEMORY5D_DIAMOND)
        k *= 0.74;
    gfx_art_key key = {GFX_ART_MASK, 0, family_mask[family], 0, 0};
    gfx_art_draw(g, key, cx, cy, k * edge_k, angle, GFX_RGB(edge), 1);
    gfx_art_draw(g, key, cx, cy, k, angle, GFX_RGB(memory5d_art_hue_rgb[hue]), 1);
    /* variant: a white inner mark of a different size per variant (plain, ring, core) */
    if (variant == 1)
        gfx_art_draw(g, key, cx, cy, k * 0.5, angle, GFX_RGB(0xFFFFFF), 0.9);
    if (variant == 1)
        gfx_art_draw(g, key, cx, cy, k * 0.32, angle, GFX_RGB(memory5d_art_hue_rgb[hue]), 1);
    if (variant == 2)
        gfx_art_draw(g, (gfx_art_key){GFX_ART_DOT, 16, 0, 0, 0}, cx,
                     cy + (family == MEMORY5D_TRIANGLE ? size * 0.12 : 0), size * 0.28 / 16, 0,
                     GFX_RGB(0xFFFFFF), 0.95);
}

void memory5d_art_shape(gfx *g, int family, int variant, int hue, double cx, double cy, double size,
                        int high_contrast)
{
    shape_edged(g, family, variant, hue, cx, cy, size, high_contrast ? 0x000000 : 0x2B2723, 1.12);
}

void memory5d_art_cell(gfx *g, const memory5d_cell *c, double cx, double cy, double size,
                       memory5d_art_marks m)
{
    double pad = size * 0.05, s = size - 2 * pad;
    double x = cx - s / 2, y = cy - s / 2;
    int hc = m.high_contrast;
    if (m.win)
        gfx_rect(g, x - pad, y - pad, size, size, GFX_RGB(hc ? 0x000000 : GFX_GOLD));
    if (m.owner >= 0) {
        Uint32 fill = hc ? (m.owner == 0 ? 0x000000 : 0xFFFFFF) : memory5d_art_owner_rgb[m.owner];
        gfx_rect(g, x, y, s, s, GFX_RGB(fill));
        if (hc && m.owner == 1)
            frame(g, x, y, s, s, fmax(3, s * 0.06), GFX_RGB(0x000000));
    } else {
        gfx_rect(g, x, y, s, s, GFX_RGB(hc ? 0xFFFFFF : 0xF6F1E7));
        texture(g, c->hue, x + 2, y + 2, s - 4, s - 4,
                rgba(memory5d_art_hue_rgb[c->hue], hc ? 40 : 46));
    }
    double shape = s * (m.owner >= 0 ? 0.5 : 0.62);
    double sx = cx, sy = cy + (m.owner >= 0 ? s * 0.06 : -s * 0.02);
    /* on an owner's dark fill a blue or purple shape would fade into it (under 3:1): a
     * white edge keeps every hue apart from the fill */
    if (m.owner >= 0 && !hc)
        shape_edged(g, c->family, c->variant, c->hue, sx, sy, shape, 0xFFFFFF, 1.2);
    else
        memory5d_art_shape(g, c->family, c->variant, c->hue, sx, sy, shape, hc);
    /* the hue's texture as a corner swatch: hue never depends on colour alone */
    double sw = s * 0.22;
    memory5d_art_texture_swatch(g, c->hue, x + s - sw - s * 0.04, y + s - sw - s * 0.04, sw, sw);
    if (m.owner >= 0) {
        /* the owner's badge: a disc with A, a square with B */
        double bs = s * 0.34, bx = x + s * 0.05, by = y + s * 0.05;
        gfx_color badge = GFX_RGB(hc ? (m.owner == 0 ? 0xFFFFFF : 0x000000) : 0xFFFFFF);
        if (m.owner == 0)
            gfx_art_draw(g, (gfx_art_key){GFX_ART_DOT, 32, 0, 0, 0}, bx + bs / 2, by + bs / 2,
                         bs / 32, 0, badge, 1);
        else
            gfx_rect(g, bx, by, bs, bs, badge);
        /* the letter is text: 12 output px on 44 px cells (a thumbnail keeps only the shape),
         * and in the compact layout (66 px cells) never under the readable floor */
        double letter = memory5d_layout_compact() ? fmax(bs * 0.85, memory5d_layout_min_text())
                                                  : bs * 0.85;
        if (!m.thumbnail)
            memory5d_kit_note_text(letter);
        gfx_text_style st = {.size = letter,
                             .bold = 1,
                             .align = GFX_CENTER,
                             .color = GFX_RGB(hc ? (m.owner == 0 ? 0x000000 : 0xFFFFFF)
                                                 : memory5d_art_owner_rgb[m.owner]),
                             .alpha = 1};
        if (!m.thumbnail)
            gfx_text(g, m.owner == 0 ? "A" : "B", bx + bs / 2, by + bs / 2, st);
    }
    if (m.dim)
        gfx_rect(g, x, y, s, s, rgba(0xFFFFFF, 110));
    if (m.partner)
        brackets(g, x - pad * 0.6, y - pad * 0.6, s + pad * 1.2, s + pad * 1.2, fmax(4, s * 0.07),
                 GFX_RGB(hc ? 0x000000 : 0x168A4C));
    if (m.anchor) {
        frame(g, x - pad * 0.6, y - pad * 0.6, s + pad * 1.2, s + pad * 1.2, fmax(5, s * 0.08),
              GFX_RGB(hc ? 0x000000 : 0xD99A00));
        if (hc)
            frame(g, x + s * 0.06, y + s * 0.06, s * 0.88, s * 0.88, 2, GFX_RGB(0xFFFFFF));
    }
    if (m.target)
        frame(g, x - pad, y - pad, size, size, fmax(4, s * 0.06), GFX_RGB(0xD6338A));
    if (m.focus) {
        frame(g, x - pad - 3, y - pad - 3, size + 6, size + 6, 4,
              GFX_RGB(hc ? 0x0000FF : 0x1D5FD0));
        frame(g, x - pad + 1, y - pad + 1, size - 2, size - 2, 2, GFX_RGB(0xFFFFFF));
    } else if (m.hover) {
        frame(g, x - pad, y - pad, size, size, 3, rgba(0x1D5FD0, 150));
    }
}
