/* The level editor's drawing: the chart-blue shell, the verdict band, the board as it stands
 * at its initial phase (walls, arrow plates, every edge lane's mark and its tap target), the
 * releasable arrows and one winning order when asked, the tool rows and the save card; in
 * Play, the --level scene's picture with the Edit button over its header. Reads the editor;
 * changes nothing but the art cache. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compass_board_draw.h"
#include "compass_edit_ui.h"
#include "compass_palette.h"
#include "compass_scene.h"
#include "draw/ui.h"

static const char *const dir_words[4] = {"N", "E", "S", "W"};

static void draw_header(compass_editor *s, gfx *g)
{
    const compass_level *l = compass_edit_board(&s->ed);
    const char *name = strrchr(s->path, '/');
    name = name ? name + 1 : s->path;
    gfx_text(g, "COMPASS SHIFT - LEVEL EDITOR", 16, 18, ui_style(11, 1, GFX_LEFT, MUTED, 1));
    gfx_text(g, name, 16, 40, ui_fit(g, name, ui_style(18, 1, GFX_LEFT, CREAM, 1), 230, 11));
    char sub[64];
    snprintf(sub, sizeof sub, "%dx%d - %d arrow%s", l->rows, l->cols, l->arrow_count, l->arrow_count == 1 ? "" : "s");
    gfx_text(g, sub, COMPASS_FIELD_W - 16, 18, ui_style(11, 1, GFX_RIGHT, MUTED, 1));
    int dirty = compass_editor_dirty(s);
    gfx_text(g, dirty ? "unsaved changes" : "saved", COMPASS_FIELD_W - 16, 40,
             ui_style(12, 1, GFX_RIGHT, dirty ? BRASS : GREEN_OK, 1));
}

static void draw_verdict(compass_editor *s, gfx *g)
{
    compass_edit_layout L;
    compass_editor_layout(s, &L);
    compass_box b = L.verdict;
    int done = 0, total = 0, busy = compass_editor_verdict_busy(s, &done, &total);
    const compass_verdict *v = &s->verdict;
    int searched = s->verdict_ready && (v->status == COMPASS_VERDICT_DONE || v->search_done);
    int bad = s->problem[0] || (searched && !v->solvable);
    int good = !s->problem[0] && searched && v->solvable;
    Uint32 face = bad ? 0x5A2A2A : good ? 0x1E4A44 : 0x1D3A55;
    compass_art_box(s->art, g, b.x, b.y, b.w, b.h, 10, face, 1);
    char line[600], detail[600];
    detail[0] = 0;
    if (s->problem[0]) {
        snprintf(line, sizeof line, "%s", s->problem);
        if (strstr(s->problem, "got 0"))
            snprintf(line, sizeof line, "Not a level yet: place at least one arrow");
        snprintf(detail, sizeof detail, "%s", s->problem);
    } else if (busy || !s->verdict_ready) {
        if (total > 0)
            snprintf(line, sizeof line, "Checking the board... %d%%", 100 * done / total);
        else
            snprintf(line, sizeof line, "Checking the board...");
        snprintf(detail, sizeof detail, "keep editing: the next edit restarts the check");
    } else {
        compass_verdict_line(v, line, sizeof line);
        if (v->status == COMPASS_VERDICT_DONE && !v->solvable)
            snprintf(detail, sizeof detail, "%llu reachable state%s - no release order clears the board",
                     (unsigned long long)v->state_count, v->state_count == 1 ? "" : "s");
        else if (v->status == COMPASS_VERDICT_DONE) {
            static const char *const tiers[] = {"no tier", "tier 1 Cadet", "tier 2 Navigator", "tier 3 Pilot", "tier 4 Master"};
            snprintf(detail, sizeof detail, "%llu state%s - %llu wrong move%s - %d decision step%s - %s%s%s",
                     (unsigned long long)v->state_count, v->state_count == 1 ? "" : "s",
                     (unsigned long long)v->wrong_moves, v->wrong_moves == 1 ? "" : "s", v->decision_steps,
                     v->decision_steps == 1 ? "" : "s",
                     tiers[v->tier >= 0 && v->tier <= 4 ? v->tier : 0], v->same_as[0] ? " - same as " : "",
                     v->same_as);
        }
    }
    Uint32 mark = bad ? 0xFF9A8A : good ? GREEN_OK : CREAM;
    gfx_text(g, line, b.x + 12, b.y + 15, ui_fit(g, line, ui_style(15, 1, GFX_LEFT, mark, 1), b.w - 24, 10));
    gfx_text(g, detail, b.x + 12, b.y + 34, ui_fit(g, detail, ui_style(11, 0, GFX_LEFT, CREAM, 1), b.w - 24, 8));
    const char *msg = s->message[0] ? s->message
                      : s->tool == CE_TOOL_ARROW ? "Tap a cell to place or turn an arrow; drag one to move it; tap an edge to change it"
                      : s->tool == CE_TOOL_ERASE ? "Tap an arrow or a wall to erase it; tap an edge to change it"
                                                 : "Tap a cell to add or remove a wall; tap an edge to change it";
    gfx_text(g, msg, b.x + 12, b.y + 53,
             ui_fit(g, msg, ui_style(11, 1, GFX_LEFT, s->message_error ? 0xFFB4A8 : MUTED, 1), b.w - 24, 8));
}

static void draw_lane(compass_editor *s, gfx *g, const compass_edit_layout *L, compass_dir side, int lane)
{
    const compass_level *l = compass_edit_board(&s->ed);
    compass_box t = compass_edit_layout_lane(L, side, lane);
    int horiz = side == COMPASS_N || side == COMPASS_S;
    /* The tap target, faintly, so the edges read as something to tap. */
    compass_art_box(s->art, g, t.x + 3, t.y + 3, t.w - 6, t.h - 6, 6, 0xFFFFFF, 0.06);
    /* The rim on the board's boundary and the mark just outside it, in the drawn band. */
    double rx = side == COMPASS_E ? L->view.x + L->view.w : side == COMPASS_W ? L->view.x - 4 : t.x;
    double ry = side == COMPASS_S ? L->view.y + L->view.h : side == COMPASS_N ? L->view.y - 4 : t.y;
    double gx = horiz ? t.x + t.w / 2 : side == COMPASS_E ? rx + L->band / 2 + 2 : rx - L->band / 2 + 2;
    double gy = horiz ? (side == COMPASS_S ? ry + L->band / 2 + 2 : ry - L->band / 2 + 2) : t.y + t.h / 2;
    int ai = compass_aperture_at(l, side, lane);
    if (ai < 0) {
        compass_board_fill(g, rx, ry, horiz ? t.w : 4, horiz ? 4 : t.h, RIM, 1);
        return;
    }
    const compass_aperture *ap = &l->apertures[ai];
    compass_board_lane_rim(g, rx, ry, horiz, horiz ? t.w : t.h);
    /* The band behind the mark is sea glass, as on the play board. */
    compass_art_draw(s->art, g, (compass_art_key){CA_DISC, 24, 0, 0}, gx, gy, 0, SEA_GLASS, 1);
    compass_board_lane_mark(s->art, g, ap, side, gx, gy, compass_board_lane_color(ap, l->initial_phase));
}

/* What the edge marks mean, in the gap over a board that leaves one (the play scene's How to
 * play teaches them; an editor's user may not have seen it). */
static void draw_legend(compass_editor *s, gfx *g, double y)
{
    static const char *const words[4] = {"exit", "window: its tick's phase", "port: its dashes' phases", "shut at the start"};
    /* The last: a window shut at the start. */
    static const compass_aperture marks[4] = {{COMPASS_S, 0, COMPASS_APERTURE_PLAIN, 0xF},
                                              {COMPASS_S, 0, COMPASS_APERTURE_WINDOW, 0x1},
                                              {COMPASS_S, 0, COMPASS_APERTURE_PORT, 0x5},
                                              {COMPASS_S, 0, COMPASS_APERTURE_WINDOW, 0x1}};
    static const Uint32 colors[4] = {TEAL_DEEP, BRASS_DEEP, CORAL_DEEP, SHUT};
    double x = 22;
    for (int i = 0; i < 4; i++) {
        double gx = x + 8, gy = y;
        compass_art_draw(s->art, g, (compass_art_key){CA_DISC, 22, 0, 0}, gx, gy, 0, SEA_GLASS, 1);
        compass_board_lane_mark(s->art, g, &marks[i], COMPASS_N, gx, gy, colors[i]);
        gfx_text_style st = ui_style(10, 1, GFX_LEFT, MUTED, 1);
        double w = gfx_text_width(g, words[i], st);
        gfx_text(g, words[i], gx + 15, gy, st);
        x = gx + 15 + w + 12;
        if (i == 1) {
            x = 22;
            y += 24;
        }
    }
}

static void draw_board(compass_editor *s, gfx *g)
{
    const compass_level *l = compass_edit_board(&s->ed);
    compass_edit_layout L;
    compass_editor_layout(s, &L);
    if (L.board.y - (L.verdict.y + L.verdict.h) >= 60)
        draw_legend(s, g, L.verdict.y + L.verdict.h + 18);
    compass_art_box(s->art, g, L.well.x, L.well.y + 4, L.well.w, L.well.h, 14, 0x000000, 0.25);
    compass_art_box(s->art, g, L.well.x, L.well.y, L.well.w, L.well.h, 14, SEA_GLASS, 1);
    SDL_Rect old = compass_board_clip(g, L.view);
    compass_board_floor(s->art, g, l, L.grid_x, L.grid_y, L.cell);
    uint64_t free_now = s->show_releasable ? compass_editor_releasable(s) : 0;
    int order[COMPASS_MAX_ARROWS];
    for (int a = 0; a < COMPASS_MAX_ARROWS; a++)
        order[a] = 0;
    int have_order = s->show_solution && !s->problem[0] && s->verdict_ready &&
                     (s->verdict.status == COMPASS_VERDICT_DONE || s->verdict.search_done) && s->verdict.solvable;
    if (have_order)
        for (int i = 0; i < s->verdict.solution_len; i++)
            order[s->verdict.solution[i]] = i + 1;
    for (int a = 0; a < l->arrow_count; a++) {
        const compass_arrow *ar = &l->arrows[a];
        compass_box c = compass_edit_layout_cell(&L, ar->row, ar->col);
        int carried = s->dragging && s->press.kind == CT_CELL && s->press.row == ar->row && s->press.col == ar->col;
        compass_board_plate(s->art, g, c, a, ((ar->dir + l->initial_phase) & 3) * 90.0, carried ? 0.35 : 1, 0, 0);
        if ((free_now >> a) & 1) {
            /* Releasable now: a teal ring and a dot badge (not colour alone). */
            compass_board_outline(g, (compass_box){c.x + 3, c.y + 3, c.w - 6, c.h - 6}, 3, TEAL_DEEP, 1);
            compass_art_draw(s->art, g, (compass_art_key){CA_DISC, 12, 0, 0}, c.x + c.w - 9, c.y + 9, 0, TEAL_DEEP, 1);
        }
        if (order[a]) {
            char n[8];
            snprintf(n, sizeof n, "%d", order[a]);
            compass_art_draw(s->art, g, (compass_art_key){CA_DISC, 20, 0, 0}, c.x + 11, c.y + 11, 0, INK, 1);
            gfx_text(g, n, c.x + 11, c.y + 11, ui_style(12, 1, GFX_CENTER, CREAM, 1));
        }
    }
    compass_board_unclip(g, old);
    for (int side = 0; side < 4; side++) {
        int n = side == COMPASS_N || side == COMPASS_S ? l->cols : l->rows;
        for (int k = 0; k < n; k++)
            if (compass_edit_layout_lane_visible(&L, (compass_dir)side, k))
                draw_lane(s, g, &L, (compass_dir)side, k);
    }
    /* A side that goes on out of view: a dotted line where its rim would be. */
    int at_edge[4] = {L.pan_y <= 0.5, L.pan_x >= L.max_pan_x - 0.5, L.pan_y >= L.max_pan_y - 0.5, L.pan_x <= 0.5};
    for (int side = 0; side < 4; side++) {
        if (at_edge[side])
            continue;
        int horiz = side == COMPASS_N || side == COMPASS_S;
        double len = horiz ? L.view.w : L.view.h;
        for (double t = 4; t < len - 2; t += 10) {
            double x = horiz ? L.view.x + t : side == COMPASS_E ? L.view.x + L.view.w + 6 : L.view.x - 6;
            double y = horiz ? (side == COMPASS_N ? L.view.y - 6 : L.view.y + L.view.h + 6) : L.view.y + t;
            compass_art_draw(s->art, g, (compass_art_key){CA_DISC, 4, 0, 0}, x, y, 0, RIM, 0.9);
        }
    }
    if (L.max_pan_x > 0 || L.max_pan_y > 0) {
        char pan[96];
        snprintf(pan, sizeof pan, "drag empty cells to pan - rows %d-%d, cols %d-%d of %dx%d",
                 (int)(L.pan_y / L.cell) + 1, (int)((L.pan_y + L.view.h) / L.cell),
                 (int)(L.pan_x / L.cell) + 1, (int)((L.pan_x + L.view.w) / L.cell), l->rows, l->cols);
        gfx_text(g, pan, COMPASS_FIELD_W / 2.0, L.board.y + L.board.h + 4, ui_style(10, 1, GFX_CENTER, MUTED, 1));
    }
    if (s->dragging) {
        int a = compass_arrow_at(l, s->press.row, s->press.col);
        if (a >= 0) {
            compass_box c = {s->drag_x - L.cell / 2, s->drag_y - L.cell / 2, L.cell, L.cell};
            compass_board_plate(s->art, g, c, a, ((l->arrows[a].dir + l->initial_phase) & 3) * 90.0, 0.9, 0, 0);
        }
    }
}

static void control_label(const compass_editor *s, const compass_edit_control *c, char *buf, size_t n)
{
    const compass_level *l = compass_edit_board(&s->ed);
    switch (c->kind) {
    case CE_TOOL_ERASE: snprintf(buf, n, "Erase"); break;
    case CE_TOOL_WALL: snprintf(buf, n, "Wall"); break;
    case CE_ROWS: snprintf(buf, n, c->arg ? "Rows +" : "Rows -"); break;
    case CE_COLS: snprintf(buf, n, c->arg ? "Cols +" : "Cols -"); break;
    case CE_PHASE: snprintf(buf, n, "Start %s", dir_words[l->initial_phase & 3]); break;
    case CE_RELEASABLE: snprintf(buf, n, "Free now"); break;
    case CE_SOLUTION: snprintf(buf, n, "Solution"); break;
    case CE_GENERATE: snprintf(buf, n, "Generate"); break;
    case CE_UNDO: snprintf(buf, n, "Undo"); break;
    case CE_REDO: snprintf(buf, n, "Redo"); break;
    case CE_PLAY: snprintf(buf, n, "Play"); break;
    case CE_SAVE: snprintf(buf, n, "Save"); break;
    case CE_CONFIRM_CANCEL: snprintf(buf, n, "Keep editing"); break;
    case CE_CONFIRM_SAVE: snprintf(buf, n, "Save anyway"); break;
    case CE_EDIT: snprintf(buf, n, "Back to editor"); break;
    case CE_CLOSE_SAVE: snprintf(buf, n, "Save"); break;
    case CE_CLOSE_DISCARD: snprintf(buf, n, "Discard"); break;
    case CE_CLOSE_KEEP: snprintf(buf, n, "Keep editing"); break;
    default: buf[0] = 0; break;
    }
}

static void draw_control(compass_editor *s, gfx *g, const compass_edit_control *c, int on_paper)
{
    int enabled = compass_editor_control_enabled(s, c);
    int selected = (c->kind == s->tool && (c->kind != CE_TOOL_ARROW || c->arg == s->tool_arg)) ||
                   (c->kind == CE_RELEASABLE && s->show_releasable) || (c->kind == CE_SOLUTION && s->show_solution);
    int primary = c->kind == CE_SAVE || c->kind == CE_PLAY || c->kind == CE_CONFIRM_SAVE || c->kind == CE_EDIT ||
                  c->kind == CE_CLOSE_SAVE;
    compass_box b = c->box;
    double a = enabled ? 1 : 0.4;
    Uint32 face = selected ? BRASS : primary ? TEAL : on_paper ? 0xE6DDC8 : BUTTON;
    Uint32 ink = selected ? INK : on_paper && !primary ? INK : CREAM;
    compass_art_box(s->art, g, b.x, b.y + 2, b.w, b.h, 10, 0x000000, 0.18 * a);
    compass_art_box(s->art, g, b.x, b.y, b.w, b.h, 10, face, a);
    if (selected)
        compass_board_outline(g, (compass_box){b.x + 3, b.y + 3, b.w - 6, b.h - 6}, 2, INK, 0.8);
    if (c->kind == CE_TOOL_ARROW) {
        compass_art_draw(s->art, g, (compass_art_key){CA_ARROW, 28, 0, 0}, b.x + b.w / 2, b.y + b.h / 2 - 5,
                         c->arg * 90.0, ink, a);
        gfx_text(g, dir_words[c->arg & 3], b.x + b.w / 2, b.y + b.h - 9, ui_style(10, 1, GFX_CENTER, ink, a));
        return;
    }
    char label[48];
    control_label(s, c, label, sizeof label);
    gfx_text(g, label, b.x + b.w / 2, b.y + b.h / 2, ui_fit(g, label, ui_style(14, 1, GFX_CENTER, ink, a), b.w - 10, 9));
}

static compass_box focus_box(compass_editor *s)
{
    compass_edit_layout L;
    compass_editor_layout(s, &L);
    switch (s->focus.kind) {
    case CT_CELL: return compass_edit_layout_cell(&L, s->focus.row, s->focus.col);
    case CT_LANE: return compass_edit_layout_lane(&L, s->focus.side, s->focus.lane);
    case CT_CONTROL: return s->focus.control < s->ncs ? s->cs[s->focus.control].box : (compass_box){0, 0, 0, 0};
    default: return (compass_box){0, 0, 0, 0};
    }
}

static void draw_confirm(compass_editor *s, gfx *g)
{
    compass_board_fill(g, 0, 0, COMPASS_FIELD_W, COMPASS_FIELD_H, SHELL_DEEP, 0.72);
    compass_box p = compass_edit_layout_confirm_card();
    compass_art_draw(s->art, g, (compass_art_key){CA_SHADOW, (int)p.w, (int)p.h, 16}, p.x + p.w / 2,
                     p.y + p.h / 2 + 6, 0, 0x000000, 0.9);
    compass_art_box(s->art, g, p.x, p.y, p.w, p.h, 16, PAPER, 1);
    if (s->confirm == CE_CARD_UNSAVED) {
        const char *name = strrchr(s->path, '/');
        name = name ? name + 1 : s->path;
        char line[300];
        snprintf(line, sizeof line, "%.200s has edits that are not saved.", name);
        gfx_text(g, "Unsaved changes", p.x + 20, p.y + 34, ui_style(19, 1, GFX_LEFT, BRASS_DEEP, 1));
        gfx_text(g, line, p.x + 20, p.y + 66, ui_fit(g, line, ui_style(13, 1, GFX_LEFT, INK, 1), p.w - 40, 9));
        const char *ask = "Save them before closing, or discard them?";
        gfx_text(g, ask, p.x + 20, p.y + 96, ui_fit(g, ask, ui_style(13, 0, GFX_LEFT, INK, 1), p.w - 40, 9));
        for (int i = 0; i < s->ncs; i++)
            draw_control(s, g, &s->cs[i], 1);
        return;
    }
    int known = s->verdict_ready && (s->verdict.status == COMPASS_VERDICT_DONE || s->verdict.search_done);
    char line[256];
    if (known)
        compass_verdict_line(&s->verdict, line, sizeof line);
    else
        snprintf(line, sizeof line, "The check has not finished for this board.");
    gfx_text(g, known ? "This board has no solution" : "Not checked yet", p.x + 20, p.y + 34,
             ui_style(19, 1, GFX_LEFT, CORAL_DEEP, 1));
    gfx_text(g, line, p.x + 20, p.y + 66, ui_fit(g, line, ui_style(13, 1, GFX_LEFT, INK, 1), p.w - 40, 9));
    gfx_text(g, "A player could never clear it. Save it anyway?", p.x + 20, p.y + 96,
             ui_fit(g, "A player could never clear it. Save it anyway?", ui_style(13, 0, GFX_LEFT, INK, 1), p.w - 40, 9));
    for (int i = 0; i < s->ncs; i++)
        draw_control(s, g, &s->cs[i], 1);
}

void compass_editor_draw(compass_editor *s, gfx *g, int64_t now)
{
    s->redraw = 0;
    if (s->play) {
        compass_play_scene.draw(s->play, g, now);
        /* The Edit button over the header's right side (the played file's count). */
        compass_board_fill(g, s->cs[0].box.x - 6, 0, COMPASS_FIELD_W - s->cs[0].box.x + 6, 56, SHELL, 1);
        draw_control(s, g, &s->cs[0], 0);
        if (s->focus_visible && s->focus.kind == CT_CONTROL)
            compass_board_outline(g, s->cs[0].box, 3, FOCUS, 1);
        return;
    }
    compass_board_fill(g, 0, 0, COMPASS_FIELD_W, COMPASS_FIELD_H, SHELL, 1);
    draw_header(s, g);
    draw_verdict(s, g);
    draw_board(s, g);
    if (!s->confirm)
        for (int i = 0; i < s->ncs; i++)
            draw_control(s, g, &s->cs[i], 0);
    else {
        compass_edit_control cs[COMPASS_EDIT_MAX_CONTROLS];
        int n = compass_edit_layout_controls(0, 0, cs, COMPASS_EDIT_MAX_CONTROLS);
        for (int i = 0; i < n; i++)
            draw_control(s, g, &cs[i], 0);
        draw_confirm(s, g);
    }
    if (s->focus_visible) {
        compass_box b = focus_box(s);
        int light = s->focus.kind == CT_CELL;
        compass_board_outline(g, (compass_box){b.x - 1, b.y - 1, b.w + 2, b.h + 2}, 3, light ? INK : FOCUS, 1);
        compass_board_outline(g, (compass_box){b.x + 2, b.y + 2, b.w - 4, b.h - 4}, 1.5, light ? CREAM : INK, 1);
    }
}
