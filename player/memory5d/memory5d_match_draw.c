/* Memory5D match screen's drawing: the board as the focal surface (rotation, viewport,
 * marks), the status and recent events, the power bar, the coach, the tutorial cards and the
 * leave dialog, with the panels beside it from memory5d_hud.c; the boxes are
 * memory5d_layout.c's, the ones the input (memory5d_match_screen.c) hit-tests. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "memory5d_ui.h"
#include "memory5d/memory5d_board.h"
#include "memory5d/memory5d_label.h"
#include "memory5d/memory5d_powers.h"
#include "memory5d/memory5d_rules.h"

#define INK 0x2B2723
#define INK2 0x6B645A
#define PANEL 0xFBF8F2

static void draw_north(memory5d_scene_state *sc, gfx *g)
{
    double bx = memory5d_layout_view_x(), by = memory5d_layout_view_y(),
           s = memory5d_layout_view_size(), m = memory5d_layout_view_margin();
    int north = memory5d_north_marker(&sc->st), c = memory5d_layout_compact();
    double cx = bx + s / 2, cy = by + s / 2;
    /* the badge's centre beyond the edge and its size: compact, a smaller badge nearer */
    double d = s / 2 + (c ? 12 : 17), badge = c ? 20 : 34;
    /* a red strip along the board's first north edge and an N badge at its middle */
    if (north % 2 == 0)
        gfx_rect(g, bx - m, north == 0 ? by - m : by + s + m - 6, s + 2 * m, 6, GFX_RGB(0xC2412D));
    else
        gfx_rect(g, north == 3 ? bx - m : bx + s + m - 6, by - m, 6, s + 2 * m, GFX_RGB(0xC2412D));
    double px = cx + (north == 1 ? d : north == 3 ? -d : 0);
    double py = cy + (north == 0 ? -d : north == 2 ? d : 0);
    gfx_art_draw(g, (gfx_art_key){GFX_ART_DOT, 32, 0, 0, 0}, px, py, badge / 32.0, 0,
                 GFX_RGB(0xC2412D), 1);
    gfx_text(g, "N", px, py, memory5d_kit_style(c ? 18 : 22, 1, GFX_CENTER, 0xFFFFFF));
}

static void draw_board(memory5d_scene_state *sc, gfx *g, int64_t now)
{
    const memory5d_state *st = &sc->st;
    int n = st->size, hc = sc->cfg->high_contrast;
    memory5d_match_layout(sc);
    const memory5d_layout *l = &sc->lay;
    if (memcmp(l, &sc->logged, sizeof *l) != 0) {
        memory5d_ev_viewport(sc, now, l);
        sc->logged = *l;
    }
    const double vx = memory5d_layout_view_x(), vy = memory5d_layout_view_y(),
                 vs = memory5d_layout_view_size(), vm = memory5d_layout_view_margin();
    const int compact = memory5d_layout_compact();
    /* compact: a scrolled window cannot turn about the board's centre, so while the board
     * turns (the clock paused, no cell a target) the whole board shows in the viewport */
    memory5d_layout whole;
    int whole_turn = compact && sc->rotating && l->scrolled;
    if (whole_turn) {
        int r0 = 0, c0 = 0;
        memory5d_layout_board(&whole, n, 0, -1, &r0, &c0);
        l = &whole;
    }
    memory5d_kit_box(g, vx - vm, vy - vm, vs + 2 * vm, vs + 2 * vm, 0xD8D0C2, 0x8C8478);
    int partners[MEMORY5D_MAX_CELLS] = {0};
    /* Classic marks the anchor's partners; Arcade only while a Reveal projects them */
    int reveal = memory5d_reveal_active(st, now) && st->reveal_anchor != MEMORY5D_NO_CELL;
    int shown = sc->def.setup.mode == MEMORY5D_ARCADE ? (reveal ? st->reveal_anchor : -1)
                                                      : st->anchor;
    if (shown != MEMORY5D_NO_CELL && st->status == MEMORY5D_PLAYING) {
        int list[MEMORY5D_MAX_CELLS];
        int k = memory5d_partners(st->cells, n, shown, memory5d_power_live(st, MEMORY5D_WILDCARD),
                                  list, MEMORY5D_MAX_CELLS);
        for (int i = 0; i < k; i++)
            partners[list[i]] = 1;
    }
    int win[MEMORY5D_MAX_CELLS] = {0};
    if (st->status == MEMORY5D_WON)
        for (int i = 0; i < sc->def.cfg.line_length; i++)
            if (st->win_cells[i] >= 0)
                win[st->win_cells[i]] = 1;
    int target, target_power;
    memory5d_tutorial_target(sc, &target, &target_power);
    double t = 1;
    if (sc->rotating) {
        t = (double)(now - sc->rotate_t0) / MEMORY5D_ROTATE_MS;
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        t = 1 - (1 - t) * (1 - t); /* ease out */
    }
    /* coordinates: column letters above, rows at the left */
    for (int c = 0; c < l->cols; c++) {
        char s[4] = {(char)('A' + c + l->first_col), 0};
        gfx_text(g, s, l->x0 + (c + 0.5) * l->cell, vy - (compact ? 27 : 50),
                 memory5d_kit_style(compact ? 18 : 24, 1, GFX_CENTER, INK2));
    }
    for (int r = 0; r < l->rows; r++) {
        char s[16];
        snprintf(s, sizeof s, "%d", r + 1 + l->first_row);
        gfx_text(g, s, vx - (compact ? 26 : 47), l->y0 + (r + 0.5) * l->cell,
                 memory5d_kit_style(compact ? 18 : 24, 1, GFX_CENTER, INK2));
    }
    for (int i = 0; i < n * n; i++) {
        double x, y, w, h, cx, cy, k = 1;
        int vis = memory5d_layout_cell_box(l, i, &x, &y, &w, &h);
        if (sc->rotating && !l->scrolled) {
            memory5d_layout_turning(l, i, t, &cx, &cy, &k);
        } else {
            if (!vis)
                continue;
            cx = x + w / 2;
            cy = y + h / 2;
        }
        memory5d_art_marks m = {st->cells[i].owner, st->anchor == i, partners[i],
                                /* the roving focus shows from the start, and whenever
                                 * no pointer is over the board */
                                (sc->keyboard || sc->hover < 0) && sc->focus == i &&
                                    sc->zone == MEMORY5D_ZONE_GRID,
                                !sc->keyboard && sc->hover == i,
                                win[i], 0, hc, target == i, 0};
        memory5d_art_cell(g, &st->cells[i], cx, cy, l->cell * k, m);
        if (vis && !whole_turn)
            memory5d_kit_target("cell", i, x, y, w, h);
    }
    if (l->scrolled) {
        char s[120];
        /* compact: under the board, the N badge's room left free when north is down */
        snprintf(s, sizeof s,
                 compact ? "Rows %d-%d, columns %c-%c of %d: drag to scroll"
                         : "Rows %d-%d, columns %c-%c of %d: the view follows the focus",
                 l->first_row + 1, l->first_row + l->rows, 'A' + l->first_col,
                 'A' + l->first_col + l->cols - 1, n);
        int away = shown != MEMORY5D_NO_CELL && st->status == MEMORY5D_PLAYING
                       ? memory5d_ui_partners_out_of_view(sc, shown, now)
                       : 0;
        if (compact && away)
            snprintf(s, sizeof s, "%d marked partner%s out of view: drag the board", away,
                     away == 1 ? "" : "s");
        if (compact)
            gfx_text(g, s, vx + vs / 2, memory5d_layout_caption_top() - 12,
                     memory5d_kit_fit(g, s, memory5d_kit_style(18, 0, GFX_CENTER, INK2),
                                      vs + 2 * vm, 18));
        else
            gfx_text(g, s, 960, vy + vs + 30, memory5d_kit_style(22, 0, GFX_CENTER, INK2));
    }
    if (!sc->cfg->reduced_sensory && sc->pulse_a >= 0 && now - sc->pulse_t < MEMORY5D_PULSE_MS &&
        !sc->rotating) {
        double a = 1 - (double)(now - sc->pulse_t) / MEMORY5D_PULSE_MS;
        for (int k = 0; k < 2; k++) {
            double x, y, w, h;
            if (memory5d_layout_cell_box(l, k ? sc->pulse_b : sc->pulse_a, &x, &y, &w, &h))
                gfx_rect(g, x, y, w, h, (gfx_color){255, 255, 255, (Uint8)(120 * a)});
        }
    }
    draw_north(sc, g);
}

/* The status line with the persistent reweave counter, the recent events with their causes
 * (newest first, as the caption line's history) and the keys. */
static void compact_status(memory5d_scene_state *sc, gfx *g, const char *status, int arcade)
{
    double y = memory5d_layout_status_y(), x = 20, right = 492;
    char r[40];
    snprintf(r, sizeof r, "Reweaves %d of %d", sc->st.reweaves, sc->def.cfg.reweave_limit);
    gfx_text_style rs = memory5d_kit_style(18, 1, GFX_RIGHT, sc->st.reweaves ? INK : INK2);
    double rw = gfx_text_width(g, r, rs);
    gfx_text(g, r, right, y, rs);
    gfx_text(g, status, x, y,
             memory5d_kit_fit(g, status, memory5d_kit_style(20, 1, GFX_LEFT, INK),
                              right - x - rw - 16, 18));
    for (int i = 0; i < sc->feed_count; i++) {
        double ry = y + 19 + i * 19;
        if (arcade && ry + 16 > memory5d_layout_power_top()) /* a power's focus ring */
            break;
        char row[MEMORY5D_FEED_TEXT + 24];
        memory5d_feed_row(sc, i, row, sizeof row);
        gfx_text(g, row, x, ry,
                 memory5d_kit_fit(g, row, memory5d_kit_style(18, i == 0, GFX_LEFT, i ? INK2 : INK),
                                  right - x, 18));
    }
    if (!sc->feed_count)
        gfx_text(g, "Recent events appear here.", x, y + 19,
                 memory5d_kit_style(18, 0, GFX_LEFT, INK2));
    if (!arcade) {
        double ky = y + 20 + MEMORY5D_FEED_ROWS * 19 + 20;
        const char *keys[] = {"Arrows move, Enter or Space selects;",
                              "Escape cancels the anchor or leaves.",
                              sc->lay.scrolled ? "Tab: Legend, Leave. Drag the board to scroll."
                                               : "Tab: the Legend and Leave buttons."};
        for (int i = 0; i < 3 && ky + i * 22 + 10 < memory5d_layout_caption_top(); i++)
            gfx_text(g, keys[i], x, ky + i * 22, memory5d_kit_style(18, 0, GFX_LEFT, INK2));
    }
}

static void draw_status(memory5d_scene_state *sc, gfx *g, const char *status, int arcade)
{
    if (memory5d_layout_compact()) {
        compact_status(sc, g, status, arcade);
        return;
    }
    double y = memory5d_layout_status_y();
    /* the status fits left of the reweave counter ("The board is turning..." ran into it) */
    gfx_text(g, status, 60, y,
             memory5d_kit_fit(g, status, memory5d_kit_style(28, 1, GFX_LEFT, INK), 270, 20));
    char r[40];
    snprintf(r, sizeof r, "Reweaves %d of %d", sc->st.reweaves, sc->def.cfg.reweave_limit);
    gfx_text(g, r, 520, y, memory5d_kit_style(22, 1, GFX_RIGHT, sc->st.reweaves ? INK : INK2));
    for (int i = 0; i < sc->feed_count; i++) {
        if (arcade && y + 48 + i * 28 > memory5d_layout_power_top() - 4)
            break;
        char row[MEMORY5D_FEED_TEXT + 24];
        memory5d_feed_row(sc, i, row, sizeof row);
        gfx_text_style st = memory5d_kit_fit(g, row,
                                   memory5d_kit_style(20, i == 0, GFX_LEFT, i ? INK2 : INK), 460,
                                   18);
        gfx_text(g, row, 60, y + 38 + i * 28, st);
    }
    if (!sc->feed_count)
        gfx_text(g, "Recent events appear here.", 60, y + 38,
                 memory5d_kit_style(20, 0, GFX_LEFT, INK2));
    /* the keys, where the power bar (grown for a small window) leaves room */
    double room = arcade ? memory5d_layout_power_top() - 14 : 1000;
    if (y + 140 <= room)
        gfx_text(g, "Enter/Space select - arrows, Home/End move", 60, y + 130,
                 memory5d_kit_style(20, 0, GFX_LEFT, INK2));
    if (!arcade)
        gfx_text(g, "Tab: Leave - Escape cancels the anchor or leaves", 60, y + 156,
                 memory5d_kit_style(20, 0, GFX_LEFT, INK2));
}

/* After a reweave every unclaimed cell changed: a board-wide cue (a frame and a banner)
 * for MEMORY5D_REWOVEN_MS, static (no flashing) in any sensory mode; 1 when it is shown. */
static int draw_rewoven(memory5d_scene_state *sc, gfx *g, int64_t now)
{
    if (!sc->rewoven_t || now - sc->rewoven_t >= MEMORY5D_REWOVEN_MS || !sc->st.reweaves)
        return 0;
    gfx_color gold = GFX_RGB(sc->cfg->high_contrast ? 0x000000 : 0xB7791F);
    double m = memory5d_layout_view_margin(), t = memory5d_layout_compact() ? 6 : 10;
    double x = memory5d_layout_view_x() - m, y = memory5d_layout_view_y() - m,
           w = memory5d_layout_view_size() + 2 * m;
    gfx_rect(g, x - t, y - t, w + 2 * t, t, gold);
    gfx_rect(g, x - t, y + w, w + 2 * t, t, gold);
    gfx_rect(g, x - t, y, t, w, gold);
    gfx_rect(g, x + w, y, t, w, gold);
    char s[80];
    snprintf(s, sizeof s, "Board rewoven (%d of %d)", sc->st.reweaves, sc->def.cfg.reweave_limit);
    /* the banner over the foot of the inspector panel, never over a cell: the frame already
     * marks the whole board, and the caption bar says the same in words */
    double bx, by, bw, bh;
    int c = memory5d_layout_compact();
    memory5d_layout_rewoven_banner(&bx, &by, &bw, &bh);
    memory5d_kit_box(g, bx, by, bw, bh, 0xFFF6DA, sc->cfg->high_contrast ? 0x000000 : 0xB7791F);
    memory5d_kit_target("rewoven-banner", -1, bx, by, bw, bh);
    gfx_text_style st = memory5d_kit_style(c ? 22 : 32, 1, GFX_CENTER, INK);
    gfx_text(g, s, bx + bw / 2, by + (c ? 20 : 38), memory5d_kit_fit(g, s, st, bw - 24, 14));
    const char *why = "every unclaimed cell has new attributes";
    st = memory5d_kit_style(c ? 18 : 22, 0, GFX_CENTER, INK2);
    gfx_text(g, why, bx + bw / 2, by + (c ? 43 : 84), memory5d_kit_fit(g, why, st, bw - 24, 14));
    return 1;
}

static void modal(gfx *g, const char *title, const char *body, const char *b1, const char *b2,
                  int focus, int hc)
{
    double mx, my, mw, mh;
    int c = memory5d_layout_compact();
    memory5d_layout_modal(&mx, &my, &mw, &mh);
    gfx_rect(g, 0, 0, memory5d_layout_field_w(), memory5d_layout_caption_top(),
             (gfx_color){20, 24, 28, 120});
    memory5d_kit_box(g, mx, my, mw, mh, PANEL, hc ? 0x000000 : 0x2F4858);
    gfx_text(g, title, mx + mw / 2, my + (c ? 40 : 50),
             memory5d_kit_fit(g, title, memory5d_kit_style(c ? 28 : 40, 1, GFX_CENTER, INK),
                              mw - 40, 18));
    memory5d_kit_wrap(g, body, mx + 40, my + (c ? 90 : 110), mw - 80,
                      memory5d_kit_style(c ? 22 : 27, 0, GFX_LEFT, INK), c ? 30 : 36);
    if (b2) {
        for (int i = 0; i < 2; i++) {
            double x, y, w, h;
            memory5d_layout_dialog_button(i, &x, &y, &w, &h);
            memory5d_kit_button(g, x, y, w, h, i ? b2 : b1, !i, focus == i, 1, hc);
        }
    } else {
        double x, y, w, h;
        memory5d_layout_card_button(0, &x, &y, &w, &h);
        memory5d_kit_button(g, x, y, w, h, b1, 1, 1, 1, hc);
    }
}

/* The lesson's "Well done" card over the legend column, beside the board: the board (and
 * the winning row) stays in full view. */
static void done_card(gfx *g, const char *body, const char *button, int hc)
{
    double cx, cy, cw, ch;
    int c = memory5d_layout_compact();
    memory5d_layout_done_card(&cx, &cy, &cw, &ch);
    memory5d_kit_box(g, cx, cy, cw, ch, PANEL, hc ? 0x000000 : 0x2F4858);
    gfx_text(g, "Well done", cx + cw / 2, cy + 50 - (c ? 14 : 0),
             memory5d_kit_style(c ? 28 : 40, 1, GFX_CENTER, INK));
    memory5d_kit_wrap(g, body, cx + 30, cy + (c ? 84 : 110), cw - 60,
                      memory5d_kit_style(c ? 22 : 26, 0, GFX_LEFT, INK), c ? 30 : 34);
    double x, y, w, h;
    memory5d_layout_card_button(1, &x, &y, &w, &h);
    memory5d_kit_button(g, x, y, w, h, button, 1, 1, 1, hc);
}

/* Arcade: the local player's charges as buttons (1-4), the armed one lit (only on the
 * mover's buttons: the AI's power is not A's); a lesson frames the one its step asks for. */
static void draw_powers(memory5d_scene_state *sc, gfx *g, int64_t now)
{
    const memory5d_state *st = &sc->st;
    int p = memory5d_local_player(sc), hc = sc->cfg->high_contrast, cell, target;
    memory5d_tutorial_target(sc, &cell, &target);
    for (int i = 0; i < MEMORY5D_POWERS; i++) {
        double x, y, w, h;
        memory5d_layout_power_button(i, &x, &y, &w, &h);
        int mine = st->turn == p;
        int showing = mine && st->armed == i && st->armed_spent && memory5d_reveal_active(st, now);
        int armed = (mine && memory5d_power_live(st, i)) || showing;
        char label[64], state[32];
        snprintf(state, sizeof state, "x%d%s", st->loadout[p][i],
                 showing ? " - showing" : armed ? " ARMED" : "");
        int two_lines = h >= 64; /* a tall button (a small window) gives each part a line */
        if (two_lines)
            snprintf(label, sizeof label, "%d %s", i + 1, memory5d_ui_power_titles[i]);
        else
            snprintf(label, sizeof label, "%d %s %s", i + 1, memory5d_ui_power_titles[i], state);
        /* "2 Double Points x0 ARMED" is wider than its button at 19 px */
        gfx_text_style ts = memory5d_kit_fit(
            g, label, memory5d_kit_style(two_lines ? 21 : 19, 1, GFX_CENTER, armed ? 0xFFFFFF : INK),
            w - 16, 14);
        memory5d_kit_box(g, x, y, w, h,
                         armed               ? (hc ? 0x000000 : 0xB7791F)
                         : st->loadout[p][i] ? 0xFFFFFF
                                             : 0xE3DED5,
                         hc ? 0x000000 : 0x8C8478);
        if (two_lines) {
            gfx_text(g, label, x + w / 2, y + h * 0.32, ts);
            gfx_text(g, state, x + w / 2, y + h * 0.7, ts);
        } else {
            gfx_text(g, label, x + w / 2, y + h / 2, ts);
        }
        memory5d_kit_target("power", i, x, y, w, h);
        if (i == sc->zone)
            memory5d_kit_focus_ring(g, x, y, w, h);
        if (i == target) { /* the lesson's pink target frame, as on a cell, inside the edge */
            gfx_color pink = GFX_RGB(0xD6338A);
            gfx_rect(g, x + 2, y + 2, w - 4, 6, pink);
            gfx_rect(g, x + 2, y + h - 8, w - 4, 6, pink);
            gfx_rect(g, x + 2, y + 8, 6, h - 16, pink);
            gfx_rect(g, x + w - 8, y + 8, 6, h - 16, pink);
        }
    }
}

/* The compact title row: the match's name in two lines left of the Legend and Leave buttons. */
static void compact_title(memory5d_scene_state *sc, gfx *g, const char *one, const char *two)
{
    double lx, ly, lw, lh;
    memory5d_layout_legend_button(&lx, &ly, &lw, &lh);
    double room = lx - 12 - 12;
    gfx_text(g, one, 12, ly + lh * 0.3,
             memory5d_kit_fit(g, one, memory5d_kit_style(20, 1, GFX_LEFT, INK), room, 18));
    gfx_text(g, two, 12, ly + lh * 0.74,
             memory5d_kit_fit(g, two, memory5d_kit_style(18, 0, GFX_LEFT, INK2), room, 18));
    (void)sc;
}

/* The coach's prompt during a lesson's steps, in place of the status and recent events. */
static void draw_coach(memory5d_scene_state *sc, gfx *g, int arcade, int hc)
{
    double x, y, w, h;
    memory5d_layout_coach_box(arcade, &x, &y, &w, &h);
    memory5d_kit_box(g, x, y, w, h, 0xFFF6DA, hc ? 0x000000 : 0xD99A00);
    if (memory5d_layout_compact()) {
        /* an Arcade lesson's box (above the power bar) holds three lines: the coach's
         * yellow is its title there */
        if (!arcade)
            gfx_text(g, "Coach", x + 14, y + 14, memory5d_kit_style(18, 1, GFX_LEFT, INK));
        memory5d_kit_wrap(g, sc->coach, x + 14, y + (arcade ? 19 : 36), w - 28,
                          memory5d_kit_style(18, 0, GFX_LEFT, INK), arcade ? 20 : 22);
    } else if (arcade) {
        gfx_text(g, "Coach", 60, y + 22, memory5d_kit_style(22, 1, GFX_LEFT, INK));
        memory5d_kit_wrap(g, sc->coach, 60, y + 50, 462, memory5d_kit_style(21, 0, GFX_LEFT, INK),
                          26);
    } else {
        gfx_text(g, "Coach", 64, 800, memory5d_kit_style(26, 1, GFX_LEFT, INK));
        memory5d_kit_wrap(g, sc->coach, 64, 840, 452, memory5d_kit_style(23, 0, GFX_LEFT, INK), 30);
    }
}

void memory5d_match_screen_draw(memory5d_scene_state *sc, gfx *g, int64_t now)
{
    const memory5d_setup *s = &sc->def.setup;
    int hc = sc->cfg->high_contrast, compact = memory5d_layout_compact();
    char title[200], two[200] = "";
    if (sc->online_title[0] && sc->online) { /* online: the server's match, as it names it */
        snprintf(title, sizeof title, "%s", sc->online_title);
        /* compact: "Online Classic - Normal" over "match 12 - Ann vs Bob" */
        char *cut = compact ? strstr(title, " - ") : NULL;
        cut = cut ? strstr(cut + 3, " - ") : NULL;
        if (cut) {
            snprintf(two, sizeof two, "%s", cut + 3);
            *cut = '\0';
        }
    } else if (sc->tutorial && compact) {
        snprintf(title, sizeof title, "Tutorial %d/%d", sc->lesson_index + 1, sc->lesson_count);
        snprintf(two, sizeof two, "%s", sc->lesson.title);
    } else if (sc->tutorial)
        snprintf(title, sizeof title, "Tutorial %d/%d: %s", sc->lesson_index + 1,
                 sc->lesson_count, sc->lesson.title);
    else if (compact) {
        snprintf(title, sizeof title, "%s - %s",
                 s->mode == MEMORY5D_ARCADE ? "Arcade (unranked)" : "Classic",
                 memory5d_ui_difficulty_titles[s->difficulty]);
        snprintf(two, sizeof two, "seed %u - %s", (unsigned)s->seed,
                 sc->vs_ai ? "against the AI" : "hot-seat");
    } else
        snprintf(title, sizeof title, "%s - %s - seed %u - %s",
                 s->mode == MEMORY5D_ARCADE ? "Arcade (unranked)" : "Classic",
                 memory5d_ui_difficulty_titles[s->difficulty], (unsigned)s->seed,
                 sc->vs_ai ? "against the AI" : "hot-seat");
    const char *norths[] = {"top", "right", "bottom", "left"};
    if (compact) {
        /* Expert: the quarter turns in the second line, in place of the opponent (the
         * panels name it) */
        if (sc->def.cfg.presets[s->difficulty].rotation && !sc->tutorial && !sc->online)
            snprintf(two, sizeof two, "seed %u - north: %s", (unsigned)s->seed,
                     norths[memory5d_north_marker(&sc->st)]);
        compact_title(sc, g, title, two);
    } else {
        gfx_text(g, title, 40, 50, memory5d_kit_style(32, 1, GFX_LEFT, INK));
        if (sc->def.cfg.presets[s->difficulty].rotation) {
            char r[80];
            snprintf(r, sizeof r, "Quarter turns: %d - north edge: %s", sc->st.rotation,
                     norths[memory5d_north_marker(&sc->st)]);
            gfx_text(g, r, 1660, 50, memory5d_kit_style(26, 0, GFX_RIGHT, INK2));
        }
    }
    double lx, ly, lw, lh;
    memory5d_layout_leave_button(&lx, &ly, &lw, &lh);
    memory5d_kit_button(g, lx, ly, lw, lh, "Leave", 0, sc->zone == MEMORY5D_ZONE_LEAVE, 1, hc);
    if (memory5d_layout_legend_button(&lx, &ly, &lw, &lh))
        memory5d_kit_button(g, lx, ly, lw, lh, sc->legend_open ? "Close" : "Legend",
                            sc->legend_open, sc->zone == MEMORY5D_ZONE_LEGEND, 1, hc);
    memory5d_hud_player(sc, g, 0, now);
    memory5d_hud_player(sc, g, 1, now);
    int arcade = s->mode == MEMORY5D_ARCADE;
    if (compact)
        memory5d_hud_last_link(sc, g);
    if (sc->tutorial && sc->coach[0] && sc->lesson_phase == MEMORY5D_TUT_STEPS) {
        draw_coach(sc, g, arcade, hc);
    } else {
        const char *status = sc->st.status == MEMORY5D_WON    ? "The board is won."
                             : sc->st.status == MEMORY5D_DRAW ? "The board is drawn."
                             : (sc->st.pause_mask & MEMORY5D_PAUSE_RESOLUTION)
                                 ? "The board is turning..."
                             : (sc->st.pause_mask & MEMORY5D_PAUSE_INACTIVE_HOST)
                                 ? "Paused: the window is inactive."
                             : sc->online && sc->online_status[0] ? sc->online_status
                             : sc->vs_ai && sc->st.turn == 1 && !sc->tutorial
                                 ? "The AI is choosing..."
                             : sc->vs_ai || sc->tutorial ? "Your move."
                             : sc->st.turn == 0           ? "Player A's move."
                                                          : "Player B's move.";
        draw_status(sc, g, status, arcade);
    }
    if (arcade)
        draw_powers(sc, g, now);
    draw_board(sc, g, now);
    if (!compact) {
        memory5d_hud_legend(sc, g);
        memory5d_hud_inspector(sc, g, now);
    }
    /* compact: the board-wide frame's edge runs under the N badge */
    if (draw_rewoven(sc, g, now) && compact)
        draw_north(sc, g);
    if (compact && sc->legend_open &&
        (sc->tutorial ? sc->lesson_phase == MEMORY5D_TUT_STEPS : sc->st.status == MEMORY5D_PLAYING))
        memory5d_hud_legend_drawer(sc, g, now);
    memory5d_kit_caption_bar(g, sc->caption);
    if (sc->tutorial && sc->lesson_phase == MEMORY5D_TUT_INTRO)
        modal(g, sc->lesson.title, sc->coach, "Continue", NULL, 0, hc);
    else if (sc->tutorial && sc->lesson_phase == MEMORY5D_TUT_DONE)
        done_card(g, sc->coach,
                  sc->lesson_index + 1 < sc->lesson_count ? "Next lesson" : "Finish", hc);
    if (sc->leave_confirm)
        modal(g, sc->tutorial ? "Leave the tutorial?" : "Leave the match?",
              sc->tutorial ? "Lessons earn nothing; you can come back any time."
                           : "Leaving counts as abandoned: the other player wins and nobody "
                             "earns Star Points. The clock is paused.",
              "Leave", "Stay", sc->dialog_focus, hc);
}
