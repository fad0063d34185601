/* Compass Shift drawing (compass-shift.md "Visual direction"): a chart-blue shell, the large
 * compass bezel that turns a quarter per release, the sea-glass board well with walls and
 * edge apertures (ticks and dot/dash bearing patterns, never colour alone), flat coral /
 * brass / teal arrow plates, and the three modal surfaces. Reads the scene; changes nothing
 * but the art cache. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compass/compass_describe.h"
#include "compass_board_draw.h"
#include "compass_palette.h"
#include "compass_ui.h"
#include "draw/ui.h"

static const double PI = 3.14159265358979323846;


static double ease(double t) { return t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t); }

/* Word-wraps text into lines of at most w field pixels from (x, y) (first line's centre);
 * returns the number of lines drawn (at most max_lines; the last one ends in "..."). */
static int wrap(gfx *g, const char *text, double x, double y, double w, double line_h,
                gfx_text_style st, int max_lines)
{
    char line[96];
    int lines = 0;
    const char *p = text;
    while (*p && lines < max_lines) {
        while (*p == ' ')
            p++;
        size_t best = 0, len = 0;
        for (;;) {
            const char *sp = strchr(p + len + (len ? 1 : 0), ' ');
            size_t next = sp ? (size_t)(sp - p) : strlen(p);
            if (next >= sizeof line - 4)
                break;
            memcpy(line, p, next);
            line[next] = 0;
            if (gfx_text_width(g, line, st) > w && best)
                break;
            best = next;
            if (!sp)
                break;
            len = next;
        }
        if (!best)
            best = strlen(p) < sizeof line - 4 ? strlen(p) : sizeof line - 4;
        memcpy(line, p, best);
        line[best] = 0;
        p += best;
        if (lines == max_lines - 1 && *p)
            strcat(line, " ...");
        gfx_text(g, line, x, y + lines * line_h, st);
        lines++;
    }
    return lines;
}

/* ---------------------------------------------------------------- shell and compass */

/* The level's name as the header shows it: its pattern ("four-winds" -> "Four winds"). */
static void level_name(const compass_level *l, char *out, size_t n)
{
    snprintf(out, n, "%s", l->pattern[0] ? l->pattern : l->id);
    for (char *c = out; *c; c++)
        if (*c == '-')
            *c = ' ';
    if (out[0] >= 'a' && out[0] <= 'z')
        out[0] = (char)(out[0] - 32);
}

static void draw_shell(compass_player *s, gfx *g)
{
    compass_layout L;
    compass_ui_layout(s, &L);
    compass_board_fill(g, 0, 0, COMPASS_FIELD_W, COMPASS_FIELD_H, SHELL, 1);
    /* A portolan chart: rhumb lines radiating from the compass rose, very faint. */
    for (int i = 0; i < 16; i++) {
        double a = i * PI / 8, r = 900;
        compass_art_line(s->art, g, L.compass_cx, L.compass_cy, L.compass_cx + r * sin(a),
                         L.compass_cy - r * cos(a), i % 4 ? 1 : 2, CHART_LINE, i % 4 ? 0.45 : 0.7);
    }
    const compass_level *l = compass_ui_level(s);
    static const char *const tiers[] = {"", "Cadet", "Navigator", "Pilot", "Master"};
    char title[96], sub[96];
    level_name(l, title, sizeof title);
    snprintf(sub, sizeof sub, "%dx%d%s%s", l->rows, l->cols, l->tier ? " - " : "",
             l->tier ? tiers[l->tier] : "");
    compass_box f = compass_layout_safe_box();
    double hx = f.x + 16, hr = f.x + f.w - 16, hy = f.y;
    /* A board with no solution says so in the header for as long as it is loaded, once its
     * notice has gone (the notice covers this row and the title for COMPASS_NOTICE_MS). */
    if (s->notice_alarm)
        gfx_text(g, s->verdict_line, hx, hy + 20, ui_style(11, 1, GFX_LEFT, CORAL, 1));
    else {
        gfx_text(g, "COMPASS SHIFT", hx, hy + 20, ui_style(11, 1, GFX_LEFT, MUTED, 1));
        gfx_text(g, s->single ? "level file" : "level", hr, hy + 20, ui_style(11, 1, GFX_RIGHT, MUTED, 1));
    }
    gfx_text(g, title, hx, hy + 44, ui_style(20, 1, GFX_LEFT, CREAM, 1));
    char count[32];
    snprintf(count, sizeof count, "%d / %d", s->cur + 1, s->camp.count);
    gfx_text(g, count, hr, hy + 44, ui_style(18, 1, GFX_RIGHT, CREAM, 1));
    gfx_text(g, sub, hx, hy + 64, ui_style(12, 0, GFX_LEFT, MUTED, 1));
}

/* The bezel: fixed brass ring with N E S W, a turning dial (ticks and the coral bow
 * pointer) whose bearing is the compass phase. */
static void draw_compass(compass_player *s, gfx *g, int64_t now)
{
    compass_layout L;
    compass_ui_layout(s, &L);
    double cx = L.compass_cx, cy = L.compass_cy, R = L.compass_r;
    double k = R / COMPASS_BEZEL_R; /* the compact bezel (captions on) is the same art, smaller */
    double prog;
    compass_presentation p = compass_ui_presentation(s, now, &prog);
    double phase = s->game.state.phase, fade = 1;
    double from = s->anim_active ? s->anim_from_phase : phase;
    if (s->anim_active) {
        if (p == CP_ARROW_RELEASING)
            phase = from;
        else if (p == CP_COMPASS_TURNING && !s->reduced_motion)
            phase = from + ease(prog);
        else if (p == CP_COMPASS_TURNING)
            fade = prog; /* reduced motion: the old bearing fades out, the new one in */
    }
    if (fabs(phase - from) > 0 && phase < from)
        phase += 4;
    compass_art_draw(s->art, g, (compass_art_key){CA_SHADOW, (int)(2 * R), (int)(2 * R), (int)R},
                     cx, cy + 6, 0, 0x000000, 0.8);
    compass_art_draw(s->art, g, (compass_art_key){CA_DISC, (int)(2 * R), 0, 0}, cx, cy, 0, BRASS, 1);
    compass_art_draw(s->art, g, (compass_art_key){CA_RING, (int)(2 * R - 6 * k), 2, 0}, cx, cy, 0,
                     BRASS_DEEP, 0.8);
    compass_art_draw(s->art, g, (compass_art_key){CA_DISC, (int)(2 * R - 30 * k), 0, 0}, cx, cy, 0, DIAL, 1);
    /* Blocked: the bezel's inner ring flashes coral while the dial holds still. */
    if (p == CP_BLOCKED_FEEDBACK)
        compass_art_draw(s->art, g, (compass_art_key){CA_RING, (int)(2 * R - 26 * k), 4, 0}, cx, cy, 0,
                         CORAL, 1 - prog * 0.5);
    static const char *const cards[4] = {"N", "E", "S", "W"};
    for (int i = 0; i < 4; i++) {
        double a = i * PI / 2;
        gfx_text(g, cards[i], cx + (R - 8 * k) * sin(a), cy - (R - 8 * k) * cos(a) + 1,
                 ui_style(13 * k < 10 ? 10 : 13 * k, 1, GFX_CENTER, DIAL, 1));
    }
    /* The turning dial; with reduced motion two dials crossfade. */
    for (int pass = 0; pass < (fade < 1 ? 2 : 1); pass++) {
        double bearing = (fade < 1 && pass == 0 ? from : phase) * 90;
        double alpha = fade < 1 ? (pass == 0 ? 1 - fade : fade) : 1;
        for (int t = 0; t < 24; t++) {
            double a = (bearing + t * 15) * PI / 180, r0 = R - 26 * k, r1 = t % 6 ? R - 34 * k : R - 44 * k;
            compass_art_line(s->art, g, cx + r0 * sin(a), cy - r0 * cos(a), cx + r1 * sin(a),
                             cy - r1 * cos(a), t % 6 ? 2 : 3, CREAM, (t % 6 ? 0.5 : 0.9) * alpha);
        }
        double a = bearing * PI / 180;
        compass_art_draw(s->art, g, (compass_art_key){CA_TRIANGLE, (int)(34 * k), (int)(52 * k), 0},
                         cx + (R - 58 * k) * sin(a), cy - (R - 58 * k) * cos(a), bearing, CORAL, alpha);
        compass_art_draw(s->art, g, (compass_art_key){CA_TRIANGLE, (int)(22 * k), (int)(30 * k), 0},
                         cx - (R - 66 * k) * sin(a), cy + (R - 66 * k) * cos(a), bearing + 180, MUTED,
                         0.6 * alpha);
    }
    compass_art_draw(s->art, g, (compass_art_key){CA_DISC, (int)(58 * k), 0, 0}, cx, cy, 0, BRASS, 1);
    compass_art_draw(s->art, g, (compass_art_key){CA_DISC, (int)(50 * k), 0, 0}, cx, cy, 0, DIAL, 1);
    /* The number changes halfway through the turn, with the dial. */
    int shown = s->game.state.phase;
    if (s->anim_active && (p == CP_ARROW_RELEASING || (p == CP_COMPASS_TURNING && prog < 0.5)))
        shown = s->anim_from_phase;
    char ph[8];
    snprintf(ph, sizeof ph, "%d", shown);
    gfx_text(g, ph, cx, cy - 3 * k, ui_style(22 * k, 1, GFX_CENTER, CREAM, 1));
    gfx_text(g, "PHASE", cx, cy + 14 * k, ui_style(8 * k < 6 ? 6 : 8 * k, 1, GFX_CENTER, MUTED, 1));
}

/* ---------------------------------------------------------------- the board */

/* The legend of the edge marks (How to play, Tools): an exit, a window, a port, a shut lane,
 * each drawn as on the board with its reading, two to a row from (x, y). */
static void draw_legend(compass_player *s, gfx *g, double x, double y, double w)
{
    static const char *const words[4] = {"Exit: always open", "Window: open in its tick's phase",
                                          "Port: open where dashes point", "Grey, barred: shut now"};
    static const compass_aperture marks[3] = {{COMPASS_S, 0, COMPASS_APERTURE_PLAIN, 0xF},
                                              {COMPASS_S, 0, COMPASS_APERTURE_WINDOW, 0x1},
                                              {COMPASS_S, 0, COMPASS_APERTURE_PORT, 0xA}};
    static const Uint32 colors[3] = {TEAL_DEEP, BRASS_DEEP, CORAL_DEEP};
    for (int i = 0; i < 4; i++) {
        double gx = x + (i % 2) * (w / 2) + 10, gy = y + (i / 2) * 24;
        if (i < 3) /* drawn as on a north lane: the chevron points up */
            compass_board_lane_mark(s->art, g, &marks[i], COMPASS_N, gx, gy, colors[i]);
        else
            for (int k = 0; k < 3; k++)
                compass_board_fill(g, gx - 9 + k * 7, gy - 1, 5, 2.5, SHUT, 1);
        gfx_text(g, words[i], gx + 14, gy, ui_fit(g, words[i], ui_style(11, 1, GFX_LEFT, INK, 1), w / 2 - 28, 9));
    }
}

/* The edge band segment of lane (side, lane): its box in field pixels. */
static compass_box lane_box(const compass_layout *L, compass_dir side, int lane)
{
    switch (side) {
    case COMPASS_N: return (compass_box){L->grid_x + lane * L->cell, L->well.y, L->cell, L->edge};
    case COMPASS_S: return (compass_box){L->grid_x + lane * L->cell, L->view.y + L->view.h, L->cell, L->edge};
    case COMPASS_E: return (compass_box){L->view.x + L->view.w, L->grid_y + lane * L->cell, L->edge, L->cell};
    default: return (compass_box){L->well.x, L->grid_y + lane * L->cell, L->edge, L->cell};
    }
}

static int lane_visible(const compass_layout *L, compass_dir side, int lane)
{
    compass_box b = lane_box(L, side, lane);
    if (side == COMPASS_N || side == COMPASS_S)
        return b.x >= L->view.x - 0.5 && b.x + b.w <= L->view.x + L->view.w + 0.5;
    return b.y >= L->view.y - 0.5 && b.y + b.h <= L->view.y + L->view.h + 0.5;
}

static void draw_edges(compass_player *s, gfx *g, const compass_layout *L)
{
    const compass_level *l = compass_ui_level(s);
    int phase = s->game.state.phase;
    /* A panned board shows its real edge only where the view reaches it; elsewhere a
     * dotted line says the board goes on. */
    int at_edge[4] = {L->pan_y <= 0.5, L->pan_x >= L->max_pan_x - 0.5, L->pan_y >= L->max_pan_y - 0.5,
                      L->pan_x <= 0.5};
    double x0 = L->view.x - 4, y0 = L->view.y - 4, x1 = L->view.x + L->view.w, y1 = L->view.y + L->view.h;
    /* The rim's corners, so closed lanes join into one frame. */
    if (at_edge[COMPASS_N] && at_edge[COMPASS_W]) compass_board_fill(g, x0, y0, 4, 4, RIM, 1);
    if (at_edge[COMPASS_N] && at_edge[COMPASS_E]) compass_board_fill(g, x1, y0, 4, 4, RIM, 1);
    if (at_edge[COMPASS_S] && at_edge[COMPASS_W]) compass_board_fill(g, x0, y1, 4, 4, RIM, 1);
    if (at_edge[COMPASS_S] && at_edge[COMPASS_E]) compass_board_fill(g, x1, y1, 4, 4, RIM, 1);
    for (int side = 0; side < 4; side++) {
        if (!at_edge[side]) {
            int horiz = side == COMPASS_N || side == COMPASS_S;
            double len = horiz ? L->view.w : L->view.h;
            for (double t = 4; t < len - 2; t += 10) {
                double x = horiz ? L->view.x + t : side == COMPASS_E ? x1 + 6 : x0 - 2;
                double y = horiz ? (side == COMPASS_N ? y0 - 2 : y1 + 6) : L->view.y + t;
                compass_art_draw(s->art, g, (compass_art_key){CA_DISC, 3, 0, 0}, x, y, 0, RIM, 0.7);
            }
            continue;
        }
        int lanes = side == COMPASS_N || side == COMPASS_S ? l->cols : l->rows;
        for (int lane = 0; lane < lanes; lane++) {
            if (!lane_visible(L, (compass_dir)side, lane))
                continue;
            compass_box b = lane_box(L, (compass_dir)side, lane);
            int horiz = side == COMPASS_N || side == COMPASS_S;
            /* The rim line on the board's boundary for this lane. */
            double rx = side == COMPASS_E ? b.x : side == COMPASS_W ? b.x + b.w - 4 : b.x;
            double ry = side == COMPASS_S ? b.y : side == COMPASS_N ? b.y + b.h - 4 : b.y;
            int ai = compass_aperture_at(l, (compass_dir)side, lane);
            if (ai < 0) {
                /* Closed: a solid rim. */
                compass_board_fill(g, rx, ry, horiz ? b.w : 4, horiz ? 4 : b.h, RIM, 1);
                continue;
            }
            const compass_aperture *ap = &l->apertures[ai];
            int open = (ap->phase_mask >> phase) & 1;
            /* Shut in this phase: grey, full strength, and barred (not faded below 3:1). */
            Uint32 color = compass_board_lane_color(ap, phase);
            double inset = 8;
            compass_board_lane_rim(g, rx, ry, horiz, horiz ? b.w : b.h);
            if (!open) {
                /* Shut in this phase: a dashed bar across the opening. */
                for (int k = 0; k < 3; k++) {
                    double t = inset + (k + 0.5) * (b.w > b.h ? b.w - 2 * inset : b.h - 2 * inset) / 3;
                    if (horiz)
                        compass_board_fill(g, rx + t - 3, ry + 1, 6, 2, RIM, 0.9);
                    else
                        compass_board_fill(g, rx + 1, ry + t - 3, 2, 6, RIM, 0.9);
                }
            }
            compass_board_lane_mark(s->art, g, ap, (compass_dir)side, b.x + b.w / 2, b.y + b.h / 2, color);
        }
    }
}

static double arrow_angle(const compass_player *s, int a, double phase)
{
    return (compass_ui_level(s)->arrows[a].dir + phase) * 90.0;
}

static void draw_board(compass_player *s, gfx *g, int64_t now)
{
    const compass_level *l = compass_ui_level(s);
    compass_layout L;
    compass_ui_layout(s, &L);
    double prog;
    compass_presentation p = compass_ui_presentation(s, now, &prog);
    compass_art_box(s->art, g, L.well.x, L.well.y + 4, L.well.w, L.well.h, 14, 0x000000, 0.25);
    compass_art_box(s->art, g, L.well.x, L.well.y, L.well.w, L.well.h, 14, SEA_GLASS, 1);
    SDL_Rect old = compass_board_clip(g, L.view);
    compass_board_floor(s->art, g, l, L.grid_x, L.grid_y, L.cell);
    /* Remaining arrows, turning with the compass during the turn. */
    double phase = s->game.state.phase, cross = 1;
    if (s->anim_active && (p == CP_ARROW_RELEASING || p == CP_COMPASS_TURNING)) {
        phase = s->anim_from_phase;
        if (p == CP_COMPASS_TURNING && !s->reduced_motion)
            phase += ease(prog);
        else if (p == CP_COMPASS_TURNING)
            cross = prog;
    }
    for (int a = 0; a < l->arrow_count; a++) {
        if (!((s->game.state.remaining >> a) & 1))
            continue;
        compass_box c = compass_layout_cell(&L, l->arrows[a].row, l->arrows[a].col);
        double dx = 0;
        if (p == CP_BLOCKED_FEEDBACK && a == s->blocked_arrow && !s->reduced_motion)
            dx = sin(prog * 3 * PI) * 5 * (1 - prog);
        if (cross < 1) {
            compass_board_plate(s->art, g, c, a, arrow_angle(s, a, s->anim_from_phase), 1 - cross, dx, 0);
            compass_board_plate(s->art, g, c, a, arrow_angle(s, a, s->game.state.phase), cross, dx, 0);
        } else {
            compass_board_plate(s->art, g, c, a, arrow_angle(s, a, phase), 1, dx, 0);
        }
    }
    /* The released arrow leaves along its ray. */
    if (s->anim_active && p == CP_ARROW_RELEASING) {
        int a = s->anim_arrow;
        compass_box c = compass_layout_cell(&L, l->arrows[a].row, l->arrows[a].col);
        compass_dir d = (compass_dir)((l->arrows[a].dir + s->anim_from_phase) & 3);
        double dist = (d == COMPASS_N ? l->arrows[a].row + 1 : d == COMPASS_S ? l->rows - l->arrows[a].row
                       : d == COMPASS_E ? l->cols - l->arrows[a].col : l->arrows[a].col + 1) * L.cell;
        double t = ease(prog) * dist;
        static const int sx[4] = {0, 1, 0, -1}, sy[4] = {-1, 0, 1, 0};
        compass_board_plate(s->art, g, c, a, d * 90.0, 1 - prog * prog, sx[d] * t, sy[d] * t);
    } else if (s->anim_active && s->reduced_motion && p == CP_COMPASS_TURNING) {
        int a = s->anim_arrow;
        compass_box c = compass_layout_cell(&L, l->arrows[a].row, l->arrows[a].col);
        compass_board_plate(s->art, g, c, a, arrow_angle(s, a, s->anim_from_phase), 1 - prog, 0, 0);
    }
    /* Blocked feedback: the first blocker marked, and the ray up to it dotted. */
    if (s->have_last && s->last.status != COMPASS_RELEASED && s->last.status != COMPASS_NOT_REMAINING &&
        ((s->game.state.remaining >> s->last_arrow) & 1)) {
        const compass_release_result *res = &s->last;
        double pulse = p == CP_BLOCKED_FEEDBACK ? 1 - prog : 0;
        const compass_arrow *ar = &l->arrows[s->last_arrow];
        compass_box from = compass_layout_cell(&L, ar->row, ar->col);
        static const int sx[4] = {0, 1, 0, -1}, sy[4] = {-1, 0, 1, 0};
        int d = res->exit_side;
        int steps = res->status == COMPASS_BLOCKED_ARROW
                        ? abs(l->arrows[res->blocker_arrow].row - ar->row) + abs(l->arrows[res->blocker_arrow].col - ar->col)
                    : res->status == COMPASS_BLOCKED_WALL ? abs(res->blocker_row - ar->row) + abs(res->blocker_col - ar->col)
                    : (d == COMPASS_N ? ar->row + 1 : d == COMPASS_S ? l->rows - ar->row
                       : d == COMPASS_E ? l->cols - ar->col : ar->col + 1);
        double x0 = from.x + from.w / 2, y0 = from.y + from.h / 2;
        for (double t = 0.55; t < steps - 0.4; t += 0.25)
            compass_art_draw(s->art, g, (compass_art_key){CA_DISC, 5, 0, 0}, x0 + sx[d] * t * L.cell,
                             y0 + sy[d] * t * L.cell, 0, CORAL, 0.9);
        if (res->status == COMPASS_BLOCKED_ARROW || res->status == COMPASS_BLOCKED_WALL) {
            int br = res->status == COMPASS_BLOCKED_ARROW ? l->arrows[res->blocker_arrow].row : res->blocker_row;
            int bc = res->status == COMPASS_BLOCKED_ARROW ? l->arrows[res->blocker_arrow].col : res->blocker_col;
            compass_box bb = compass_layout_cell(&L, br, bc);
            compass_board_outline(g, (compass_box){bb.x + 3, bb.y + 3, bb.w - 6, bb.h - 6}, 3 + 2 * pulse, CORAL, 1);
            /* A cross badge on the blocker: the mark is not carried by colour alone. */
            double kx = bb.x + bb.w - 9, ky = bb.y + 9;
            compass_art_draw(s->art, g, (compass_art_key){CA_DISC, 18, 0, 0}, kx, ky, 0, INK, 1);
            compass_art_line(s->art, g, kx - 4, ky - 4, kx + 4, ky + 4, 2.5, CREAM, 1);
            compass_art_line(s->art, g, kx + 4, ky - 4, kx - 4, ky + 4, 2.5, CREAM, 1);
        }
        compass_board_outline(g, (compass_box){from.x + 3, from.y + 3, from.w - 6, from.h - 6}, 2, INK, 0.8);
    }
    /* The designer aid's move, while the state it was asked for stands. */
    if (s->aid_valid && s->aid.status == COMPASS_HINT_MOVE &&
        !memcmp(&s->aid_state, &s->game.state, sizeof s->aid_state) && !s->anim_active) {
        const compass_arrow *ar = &l->arrows[s->aid.arrow];
        compass_box c = compass_layout_cell(&L, ar->row, ar->col);
        compass_art_draw(s->art, g, (compass_art_key){CA_RING, (int)(c.w * 1.02), 4, 0},
                         c.x + c.w / 2, c.y + c.h / 2, 0, 0x0E6E68, 1);
    }
    compass_board_unclip(g, old);
    draw_edges(s, g, &L);
    /* The blocked lane, marked on the edge band. */
    if (s->have_last && (s->last.status == COMPASS_BLOCKED_CLOSED_EDGE ||
                         s->last.status == COMPASS_BLOCKED_APERTURE_PHASE) &&
        ((s->game.state.remaining >> s->last_arrow) & 1) &&
        lane_visible(&L, s->last.exit_side, s->last.exit_lane)) {
        compass_box b = lane_box(&L, s->last.exit_side, s->last.exit_lane);
        compass_board_outline(g, (compass_box){b.x + 2, b.y + 2, b.w - 4, b.h - 4}, 2.5, CORAL, 1);
    }
    if (L.max_pan_x > 0 || L.max_pan_y > 0) {
        char pan[64];
        snprintf(pan, sizeof pan, "drag to pan - rows %d-%d, cols %d-%d of %dx%d",
                 (int)(L.pan_y / L.cell) + 1, (int)((L.pan_y + L.view.h) / L.cell),
                 (int)(L.pan_x / L.cell) + 1, (int)((L.pan_x + L.view.w) / L.cell), l->rows, l->cols);
        gfx_text(g, pan, COMPASS_FIELD_W / 2.0, L.well.y - 8, ui_style(10, 1, GFX_CENTER, MUTED, 1));
    }
}

/* ---------------------------------------------------------------- controls and overlays */

static const char *widget_label(const compass_player *s, const compass_widget *w, char *buf, size_t n)
{
    static const char *const outcomes[] = {"Ready", "Revise", "Blocked"};
    switch (w->kind) {
    case CW_UNDO: return "Undo";
    case CW_RESTART: return "Restart";
    case CW_TOOLS: return "Tools";
    case CW_HELP: return "How to play";
    case CW_FTUE_SKIP: return "Skip";
    case CW_FTUE_NEXT:
        if (s->ftue_step == FTUE_TURN && (compass_ui_level_kinds(compass_ui_level(s)) & ~(1u << COMPASS_APERTURE_PLAIN)))
            return "Next"; /* the edges card follows */
        return s->ftue_step == FTUE_GOAL ? "Next" : s->ftue_step == FTUE_TRY ? "Release one first" : "Start playing";
    case CW_DONE_CONTINUE: return "Continue";
    case CW_DONE_REPLAY: return "Replay";
    case CW_DONE_MAP: return "Level map";
    case CW_TOOLS_CLOSE: return "Close";
    case CW_TAB_MAP: return "Map";
    case CW_TAB_EVIDENCE: return "Evidence";
    case CW_TAB_PAYLOAD: return "Payload";
    case CW_MAP_LEVEL: snprintf(buf, n, "%d", w->arg + 1); return buf;
    case CW_MAP_PREV: return "Previous page";
    case CW_MAP_NEXT: return "Next page";
    case CW_AID: return "Show one winning move";
    case CW_TUNE_DEC: return "-";
    case CW_TUNE_INC: return "+";
    case CW_REDUCED_MOTION: snprintf(buf, n, "Reduced motion: %s", s->reduced_motion ? "on" : "off"); return buf;
    case CW_CAPTIONS: snprintf(buf, n, "Captions: %s", s->captions ? "on" : "off"); return buf;
    case CW_OUTCOME: return outcomes[w->arg];
    case CW_QUIT: return "Quit Compass Shift";
    case CW_NOTE_OK: return "Got it";
    default: return "";
    }
}

/* A button: filled when primary or selected, outlined otherwise, dimmed when disabled. */
static void draw_button(compass_player *s, gfx *g, const compass_widget *w, int on_paper)
{
    char buf[64];
    const char *label = widget_label(s, w, buf, sizeof buf);
    int enabled = compass_ui_widget_enabled(s, w);
    int selected = ((int)w->kind == (int)CW_TAB_MAP + (int)s->tab) ||
                   (w->kind == CW_OUTCOME && (int)s->outcome == w->arg) ||
                   (w->kind == CW_MAP_LEVEL && w->arg == s->cur) ||
                   (w->kind == CW_REDUCED_MOTION && s->reduced_motion) || (w->kind == CW_CAPTIONS && s->captions);
    int primary = w->kind == CW_FTUE_NEXT || w->kind == CW_DONE_CONTINUE || w->kind == CW_AID;
    compass_box b = w->box;
    double a = enabled ? 1 : 0.4;
    Uint32 face = on_paper ? (selected ? INK : primary ? TEAL : 0xE6DDC8) : (selected ? BRASS : BUTTON);
    Uint32 text = on_paper ? (selected || primary ? CREAM : INK) : (selected ? INK : CREAM);
    if (!on_paper && primary)
        face = TEAL;
    compass_art_box(s->art, g, b.x, b.y + 2, b.w, b.h, 10, 0x000000, 0.18 * a);
    compass_art_box(s->art, g, b.x, b.y, b.w, b.h, 10, face, a);
    /* The two toggles share one size: the longer label's, not each its own. */
    double size = w->kind == CW_REDUCED_MOTION || w->kind == CW_CAPTIONS ? 13
                  : b.w < 70 ? 15 : strlen(label) > 14 ? 13 : 15;
    gfx_text(g, label, b.x + b.w / 2, b.y + b.h / 2,
             ui_fit(g, label, ui_style(size, 1, GFX_CENTER, text, a), b.w - 12, 10));
    if (w->kind == CW_MAP_LEVEL && s->completed[w->arg]) {
        /* Completed: a check mark in the corner (not colour alone). */
        double x = b.x + b.w - 13, y = b.y + 10;
        Uint32 c = selected ? CREAM : TEAL;
        compass_art_line(s->art, g, x - 5, y, x - 2, y + 3, 2.5, c, 1);
        compass_art_line(s->art, g, x - 2, y + 3, x + 4, y - 4, 2.5, c, 1);
    }
}

static void draw_focus(compass_player *s, gfx *g)
{
    if (!s->focus_visible)
        return;
    if (!compass_ui_focus_valid(s))
        return;
    compass_box b = compass_ui_focus_box(s, s->focus);
    /* What the ring sits on: the sea-glass board and the paper cards take ink, the chart-blue
     * shell gold; a thin line of the other colour inside keeps it seen on any plate. */
    int light = s->focus.is_arrow || s->surface != CS_PLAY;
    compass_board_outline(g, (compass_box){b.x - 1, b.y - 1, b.w + 2, b.h + 2}, 3, light ? INK : FOCUS, 1);
    compass_board_outline(g, (compass_box){b.x + 2, b.y + 2, b.w - 4, b.h - 4}, 1.5, light ? CREAM : INK, 1);
}

/* The feedback line: the last resolver feedback, else what to do. */
static const char *status_text(const compass_player *s, char *idle, size_t n)
{
    if (s->feedback[0])
        return s->feedback;
    snprintf(idle, n, "%d arrows on the board. Release one whose path runs clear to an open edge.",
             __builtin_popcountll(s->game.state.remaining));
    return idle;
}

/* Windows or ports seen for the first time: one sentence in a paper strip over the feedback
 * band, with "Got it" (the CW_NOTE_OK widget). Returns the height it took. */
static double draw_note(compass_player *s, gfx *g)
{
    if (s->surface != CS_PLAY || !s->note_kinds)
        return 0;
    compass_layout L;
    compass_ui_layout(s, &L);
    char text[240];
    compass_text_note(s->note_kinds, text, sizeof text);
    int both = s->note_kinds == ((1u << COMPASS_APERTURE_WINDOW) | (1u << COMPASS_APERTURE_PORT));
    compass_box b = {L.status.x - 6, L.status.y, L.status.w + 12, both ? 72 : 56};
    compass_art_box(s->art, g, b.x, b.y, b.w, b.h, 10, PAPER, 1);
    wrap(g, text, b.x + 10, b.y + 12, b.w - 120, 14, ui_style(11, 1, GFX_LEFT, INK, 1), both ? 4 : 3);
    for (int i = 0; i < s->nws; i++)
        if (s->ws[i].kind == CW_NOTE_OK)
            draw_button(s, g, &s->ws[i], 1);
    return b.h + 6;
}

static void draw_status(compass_player *s, gfx *g)
{
    compass_layout L;
    compass_ui_layout(s, &L);
    char idle[160];
    const char *text = status_text(s, idle, sizeof idle);
    int blocked = s->have_last && s->last.status != COMPASS_RELEASED;
    double y = L.status.y + 12 + draw_note(s, g);
    if (y > L.status.y + L.status.h - 6)
        return; /* a small band: the note first, the feedback once it is dismissed */
    int lines = (int)((L.status.y + L.status.h - y) / 18);
    lines = lines < 1 ? 1 : lines > 4 ? 4 : lines;
    if (blocked) {
        compass_art_draw(s->art, g, (compass_art_key){CA_DISC, 10, 0, 0}, L.status.x + 5, y, 0, CORAL, 1);
        wrap(g, text, L.status.x + 16, y, L.status.w - 16, 18, ui_style(13, 1, GFX_LEFT, CREAM, 1), lines);
    } else {
        wrap(g, text, L.status.x, y, L.status.w, 18, ui_style(13, 0, GFX_LEFT, CREAM, 0.9), lines);
    }
}

/* Captions take the feedback line's band under the well (the bezel stays in sight): the
 * feedback, then the state's text equivalent in as many lines as the band holds; a longer
 * text ends in "..." (the events log's caption event carries it whole). */
static void draw_captions(compass_player *s, gfx *g)
{
    compass_layout L;
    compass_ui_layout(s, &L);
    compass_box b = L.status;
    char idle[160], text[4096];
    compass_art_box(s->art, g, b.x - 6, b.y, b.w + 12, b.h, 10, SHELL_DEEP, 0.94);
    gfx_text(g, "CAPTIONS", b.x + 6, b.y + 12, ui_style(10, 1, GFX_LEFT, BRASS, 1));
    int used = wrap(g, status_text(s, idle, sizeof idle), b.x + 6, b.y + 28, b.w - 12, 15,
                    ui_style(11.5, 1, GFX_LEFT, CREAM, 1), 2);
    double y = b.y + 28 + used * 15 + 4, lh = 13.5;
    int room = (int)((b.y + b.h - 6 - y) / lh) + 1;
    compass_describe_state(compass_ui_level(s), &s->game.state, text, sizeof text);
    if (room > 0)
        wrap(g, text, b.x + 6, y, b.w - 12, lh, ui_style(10.5, 0, GFX_LEFT, CREAM, 0.95), room);
}

/* --watch: what was reloaded, or the reader's error (kept while the file stays bad). */
static void draw_notice(compass_player *s, gfx *g, int64_t now)
{
    if (!s->notice[0] || (!s->notice_error && now - s->notice_t >= COMPASS_NOTICE_MS))
        return;
    /* Over the header (the level's name can wait): never over the bezel, the board or a
     * control, and clear of the Tools sheet's tab row (compass_layout_notice). */
    compass_box b = compass_layout_notice();
    compass_art_box(s->art, g, b.x, b.y, b.w, b.h, 10, s->notice_error || s->notice_alarm ? CORAL_DEEP : TEAL_DEEP, 0.97);
    wrap(g, s->notice, b.x + 10, b.y + 12, b.w - 20, 15, ui_style(11.5, 1, GFX_LEFT, CREAM, 1), 2);
}

static void scrim(gfx *g, double alpha) { compass_board_fill(g, 0, 0, COMPASS_FIELD_W, COMPASS_FIELD_H, SHELL_DEEP, alpha); }

static void card(compass_player *s, gfx *g, compass_box p)
{
    compass_art_draw(s->art, g, (compass_art_key){CA_SHADOW, (int)p.w, (int)p.h, 16},
                     p.x + p.w / 2, p.y + p.h / 2 + 6, 0, 0x000000, 0.9);
    compass_art_box(s->art, g, p.x, p.y, p.w, p.h, 16, PAPER, 1);
}

static void draw_ftue(compass_player *s, gfx *g)
{
    static const char *const titles[FTUE_STEPS] = {"Clear the chart", "Release one arrow",
                                                   "One release, one quarter-turn", "Reading the edges"};
    static const char *const bodies[FTUE_STEPS] = {
        "Remove every arrow. An arrow leaves when its path runs clear to an open edge in the compass's current phase.",
        "Tap, click, or Tab to an arrow and press Enter. A blocked tap is harmless: nothing moves and the compass holds.",
        "The compass turned a quarter clockwise and every arrow turned with it. Undo and Restart are always free.",
        ""};
    compass_box p = compass_layout_panel(CS_FTUE, 0);
    card(s, g, p);
    char step[32];
    int steps = compass_ui_level_kinds(compass_ui_level(s)) & ~(1u << COMPASS_APERTURE_PLAIN) ? 4 : 3;
    snprintf(step, sizeof step, "HOW TO PLAY - %d OF %d", s->ftue_step + 1, steps);
    gfx_text(g, step, p.x + 16, p.y + 14, ui_style(10, 1, GFX_LEFT, INK2, 1));
    gfx_text(g, titles[s->ftue_step], p.x + 16, p.y + 32, ui_style(17, 1, GFX_LEFT, INK, 1));
    const char *body = bodies[s->ftue_step];
    if (s->ftue_step == FTUE_TRY && s->have_last && s->last.status != COMPASS_RELEASED)
        body = s->feedback;
    if (s->ftue_step == FTUE_EDGES)
        draw_legend(s, g, p.x + 16, p.y + 62, p.w - 32);
    else
        wrap(g, body, p.x + 16, p.y + 52, p.w - 32, 15, ui_style(12, 0, GFX_LEFT, INK, 1), 3);
    for (int i = 0; i < s->nws; i++)
        draw_button(s, g, &s->ws[i], 1);
}

static void draw_done(compass_player *s, gfx *g)
{
    scrim(g, 0.55);
    compass_box p = compass_layout_panel(CS_DONE, s->cur + 1 < s->camp.count);
    card(s, g, p);
    gfx_text(g, "Board clear", p.x + p.w / 2, p.y + 38, ui_style(24, 1, GFX_CENTER, INK, 1));
    char name[96], counts[160], history[160];
    level_name(compass_ui_level(s), name, sizeof name);
    gfx_text(g, name, p.x + p.w / 2, p.y + 66, ui_style(12, 1, GFX_CENTER, INK2, 1));
    compass_text_done(s, counts, history, sizeof counts);
    gfx_text(g, counts, p.x + p.w / 2, p.y + 88,
             ui_fit(g, counts, ui_style(13, 0, GFX_CENTER, INK, 1), p.w - 24, 10));
    gfx_text(g, history, p.x + p.w / 2, p.y + 108,
             ui_fit(g, history, ui_style(11.5, 0, GFX_CENTER, INK2, 1), p.w - 24, 10));
    for (int i = 0; i < s->nws; i++)
        draw_button(s, g, &s->ws[i], 1);
    if (s->cur + 1 >= s->camp.count && s->nws > 0) {
        compass_box last = s->ws[s->nws - 1].box;
        gfx_text(g, s->single ? "That was the whole level file." : "That was the last level of the campaign.",
                 p.x + p.w / 2, last.y + last.h + 26, ui_style(12, 1, GFX_CENTER, INK2, 1));
    }
}

static void evidence_lines(compass_player *s, gfx *g, double x, double y)
{
    const compass_evidence_summary *e = &s->evidence[s->cur];
    char line[128];
    gfx_text_style st = ui_style(13, 0, GFX_LEFT, INK, 1), hd = ui_style(11, 1, GFX_LEFT, INK2, 1);
    gfx_text(g, "SOLVER EVIDENCE", x, y, hd);
    char src[4300];
    compass_text_evidence_source(s, src, sizeof src);
    /* A long path keeps its end (the file name): "...compass/cs-01-four-winds.json". */
    gfx_text_style ss = ui_style(11, 0, GFX_LEFT, INK2, 1);
    const char *shown = src;
    char cut[4304];
    double room = COMPASS_FIELD_W - 14 - (x + 132);
    while (gfx_text_width(g, shown, ss) > room && strlen(shown) > 8) {
        shown++;
        snprintf(cut, sizeof cut, "...%s", shown);
        if (gfx_text_width(g, cut, ss) <= room) {
            shown = cut;
            break;
        }
    }
    gfx_text(g, shown, x + 132, y, ss);
    y += 22;
    if (e->source == COMPASS_EVIDENCE_NONE) {
        snprintf(line, sizeof line, "The search stopped after %llu states.", (unsigned long long)e->searched);
        gfx_text(g, line, x, y, st);
        return;
    }
    char buf[8][128];
    snprintf(buf[0], 128, "Solvable: %s  -  verified: %s  -  reverse: %s", e->solvable ? "yes" : "no",
             e->solver_verified ? "yes" : "no", e->reverse_verified ? "yes" : "no");
    snprintf(buf[1], 128, "States: %llu  -  dead ends: %llu", (unsigned long long)e->state_count,
             (unsigned long long)e->dead_end_states);
    snprintf(buf[2], 128, "Path length: %d  -  choice points: %d (up to %d choices)", e->path_length,
             e->choice_steps, e->max_choices);
    snprintf(buf[3], 128, "Canonical hash: %s", e->canonical_hash);
    snprintf(buf[4], 128, "Wall witness: %s", e->wall_witness ? e->wall_text : "none");
    snprintf(buf[5], 128, "Window witness: %s", e->window_witness ? e->window_text : "none");
    snprintf(buf[6], 128, "Port witness: %s", e->port_witness ? e->port_text : "none");
    if (e->winning_orders[0] && e->random_win_share >= 0)
        snprintf(buf[7], 128, "Winning orders: %.24s of %.24s  -  random taps win %.0f%%", e->winning_orders,
                 e->terminal_orders, e->random_win_share * 100);
    else
        snprintf(buf[7], 128, "Winning orders: not in this record");
    for (int i = 0; i < 8; i++)
        gfx_text(g, buf[i], x, y + i * 22, st);
}

/* One line of the payload JSON, broken after a '-' when it is wider than w; returns the next y. */
static double json_line(gfx *g, const char *text, double x, double y, double w)
{
    gfx_text_style st = ui_style(11, 0, GFX_LEFT, INK, 1);
    char buf[160];
    snprintf(buf, sizeof buf, "%s", text);
    char *p = buf;
    while (gfx_text_width(g, p, st) > w) {
        char *cut = NULL;
        for (char *c = p; *c; c++) {
            if (*c != '-' && *c != ' ')
                continue;
            char keep = c[1];
            c[1] = 0;
            int fits = gfx_text_width(g, p, st) <= w;
            c[1] = keep;
            if (!fits)
                break;
            cut = c;
        }
        if (!cut)
            break;
        char keep = cut[1];
        cut[1] = 0;
        gfx_text(g, p, x, y, st);
        cut[1] = keep;
        p = cut + 1;
        y += 16;
        x += 12;
    }
    gfx_text(g, p, x, y, st);
    return y + 16;
}

static void draw_tools(compass_player *s, gfx *g)
{
    scrim(g, 0.5);
    compass_box p = compass_layout_panel(CS_TOOLS, 0);
    /* The sheet runs off the field's bottom edge, unless a safe area ends it above. */
    card(s, g, (compass_box){p.x, p.y, p.w, p.h + (compass_layout_safe_area().bottom > 0 ? 0 : 20)});
    double x = p.x + 14, top = p.y + 10 + 48 + 16;
    if (s->tab == CT_MAP) {
        char line[96];
        snprintf(line, sizeof line, "LEVEL MAP - %d LEVEL%s - OPEN ANY", s->camp.count, s->camp.count == 1 ? "" : "S");
        gfx_text(g, line, x, top + 8, ui_style(11, 1, GFX_LEFT, INK2, 1));
        /* The edge legend under the map (and its page buttons). */
        double ly = top + 24;
        for (int i = 0; i < s->nws; i++)
            if (s->ws[i].kind == CW_MAP_LEVEL || s->ws[i].kind == CW_MAP_PREV)
                ly = fmax(ly, s->ws[i].box.y + s->ws[i].box.h);
        gfx_text(g, "EDGES", x, ly + 16, ui_style(10, 1, GFX_LEFT, INK2, 1));
        draw_legend(s, g, x, ly + 36, COMPASS_FIELD_W - 28);
    } else if (s->tab == CT_EVIDENCE) {
        evidence_lines(s, g, x, top + 8);
        char aid[160];
        compass_text_aid(s, aid, sizeof aid);
        wrap(g, aid, x, top + 272, COMPASS_FIELD_W - 28, 16, ui_style(12.5, 1, GFX_LEFT, INK, 1), 2);
        gfx_text(g, "TUNING - PRESENTATION ONLY, NEVER A RULE", x, top + 326, ui_style(10, 1, GFX_LEFT, INK2, 1));
        static const char *const names[3] = {"Release", "Compass turn", "Blocked feedback"};
        int vals[3] = {s->tuning.release_ms, s->tuning.compass_turn_ms, s->tuning.blocked_feedback_ms};
        for (int i = 0; i < 3; i++) {
            char line[64];
            snprintf(line, sizeof line, "%s: %d ms", names[i], vals[i]);
            gfx_text(g, line, x, top + 340 + i * 52 + 23, ui_style(14, 1, GFX_LEFT, INK, 1));
        }
    } else {
        gfx_text(g, "TECHNICAL OUTCOME - IN MEMORY ONLY", x, top + 8, ui_style(11, 1, GFX_LEFT, INK2, 1));
        cJSON *pl = compass_ui_payload(s);
        char *text = pl ? cJSON_Print(pl) : NULL;
        cJSON_Delete(pl);
        double y = top + 100;
        for (char *line = text; line && *line && y < p.y + p.h - 16 - 52 - 14;) {
            char *nl = strchr(line, '\n');
            if (nl)
                *nl = 0;
            int depth = 0;
            while (line[depth] == '\t')
                depth++;
            for (char *c = line + depth; *c; c++)
                if (*c == '\t')
                    *c = ' '; /* cJSON puts a tab after each colon */
            y = json_line(g, line + depth, x + 4 + depth * 12, y, COMPASS_FIELD_W - 14 - (x + 4 + depth * 12));
            line = nl ? nl + 1 : line + strlen(line);
        }
        free(text);
    }
    for (int i = 0; i < s->nws; i++)
        draw_button(s, g, &s->ws[i], 1);
}

void compass_draw_scene(compass_player *s, gfx *g, int64_t now)
{
    if (!s->art)
        return;
    /* Nothing but the shell colour inside the safe-area insets: everything is clipped to it. */
    compass_board_fill(g, 0, 0, COMPASS_FIELD_W, COMPASS_FIELD_H, SHELL, 1);
    compass_box f = compass_layout_safe_box();
    const layout_view *v = gfx_view(g);
    SDL_Rect safe = {(int)ceil(v->off_x + f.x * v->scale), (int)ceil(v->off_y + f.y * v->scale),
                     (int)floor(f.w * v->scale), (int)floor(f.h * v->scale)};
    gfx_clip(g, &safe);
    draw_shell(s, g);
    draw_compass(s, g, now);
    draw_board(s, g, now);
    if (s->surface != CS_FTUE) {
        if (s->captions)
            draw_captions(s, g);
        else
            draw_status(s, g);
        compass_widget ws[8];
        int n = compass_layout_widgets(CS_PLAY, CT_MAP, 0, 0, 0, ws, 8);
        for (int i = 0; i < n; i++)
            if (s->surface == CS_PLAY)
                draw_button(s, g, &s->ws[i], 0);
            else
                draw_button(s, g, &ws[i], 0);
    }
    if (s->surface == CS_FTUE)
        draw_ftue(s, g);
    else if (s->surface == CS_DONE)
        draw_done(s, g);
    else if (s->surface == CS_TOOLS)
        draw_tools(s, g);
    draw_notice(s, g, now);
    draw_focus(s, g);
    gfx_clip(g, NULL);
}
