/* The level editor's actions: every input becomes one compass_edit operation (core), then the
 * verdict of the new board; Save writes the level file atomically through the level writer;
 * Play hands the board to the --level scene. Each logs its events (docs/games/compass.md
 * "The level editor"). */
#include <stdlib.h>
#include <string.h>

#include "compass/compass_canon.h"
#include "compass/compass_gen.h"
#include "compass/compass_plan.h"
#include "compass/compass_json.h"
#include "compass_edit_ui.h"
#include "compass_events.h"
#include "compass_scene.h"
#include "jsonio.h"

static const char *const dir_words[4] = {"N", "E", "S", "W"};
static const char *const edge_words[4] = {"closed", "plain", "window", "port"};

void compass_editor_rebuild_controls(compass_editor *s)
{
    s->ncs = compass_edit_layout_controls(s->play != NULL, s->confirm, s->cs, COMPASS_EDIT_MAX_CONTROLS);
}

int compass_editor_control_enabled(const compass_editor *s, const compass_edit_control *c)
{
    const compass_level *l = compass_edit_board(&s->ed);
    switch (c->kind) {
    case CE_UNDO: return compass_edit_can_undo(&s->ed);
    case CE_REDO: return compass_edit_can_redo(&s->ed);
    case CE_ROWS: return c->arg ? l->rows < COMPASS_MAX_SIDE : l->rows > 1;
    case CE_COLS: return c->arg ? l->cols < COMPASS_MAX_SIDE : l->cols > 1;
    case CE_PLAY: return s->problem[0] == 0;
    default: return 1;
    }
}

cJSON *compass_editor_layout_json(compass_editor *s)
{
    const compass_level *l = compass_edit_board(&s->ed);
    compass_edit_layout L;
    compass_editor_layout(s, &L);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddItemToObject(o, "board", compass_events_box(L.view));
    cJSON_AddNumberToObject(o, "cell", L.cell);
    cJSON_AddItemToObject(o, "pan", compass_events_point(L.pan_x, L.pan_y));
    cJSON *cells = cJSON_AddArrayToObject(o, "cells");
    for (int r = 0; r < l->rows; r++)
        for (int c = 0; c < l->cols; c++) {
            cJSON *e = cJSON_CreateObject();
            cJSON_AddNumberToObject(e, "row", r);
            cJSON_AddNumberToObject(e, "col", c);
            if (compass_edit_layout_cell_visible(&L, r, c))
                cJSON_AddItemToObject(e, "box", compass_events_box(compass_edit_layout_cell(&L, r, c)));
            else
                cJSON_AddNullToObject(e, "box");
            cJSON_AddItemToArray(cells, e);
        }
    cJSON *lanes = cJSON_AddArrayToObject(o, "lanes");
    for (int side = 0; side < 4; side++) {
        int n = side == COMPASS_N || side == COMPASS_S ? l->cols : l->rows;
        for (int k = 0; k < n; k++) {
            cJSON *e = cJSON_CreateObject();
            cJSON_AddStringToObject(e, "side", dir_words[side]);
            cJSON_AddNumberToObject(e, "lane", k);
            if (compass_edit_layout_lane_visible(&L, (compass_dir)side, k))
                cJSON_AddItemToObject(e, "box", compass_events_box(compass_edit_layout_lane(&L, (compass_dir)side, k)));
            else
                cJSON_AddNullToObject(e, "box");
            cJSON_AddItemToArray(lanes, e);
        }
    }
    cJSON *ctl = cJSON_AddArrayToObject(o, "controls");
    for (int i = 0; i < s->ncs; i++) {
        cJSON *e = cJSON_CreateObject();
        cJSON_AddStringToObject(e, "name", compass_edit_control_name(s->cs[i].kind));
        cJSON_AddNumberToObject(e, "arg", s->cs[i].arg);
        cJSON_AddItemToObject(e, "box", compass_events_box(s->cs[i].box));
        cJSON_AddItemToArray(ctl, e);
    }
    return o;
}

void compass_editor_log_layout(compass_editor *s, int64_t now, const char *reason)
{
    s->layout_pan_x = s->pan_x;
    s->layout_pan_y = s->pan_y;
    if (!s->events)
        return;
    const compass_level *l = compass_edit_board(&s->ed);
    cJSON *ev = compass_events_begin(now, "editor-layout");
    cJSON_AddStringToObject(ev, "reason", reason);
    cJSON_AddStringToObject(ev, "level", l->id);
    cJSON_AddNumberToObject(ev, "rows", l->rows);
    cJSON_AddNumberToObject(ev, "cols", l->cols);
    cJSON_AddItemToObject(ev, "layout", compass_editor_layout_json(s));
    compass_editor_emit(s, ev);
}

static void say(compass_editor *s, int error, const char *fmt, const char *a)
{
    snprintf(s->message, sizeof s->message, fmt, a);
    s->message_error = error;
}

static void refused(compass_editor *s, const char *op, const char *reason, int64_t now)
{
    say(s, 1, "%s", reason);
    if (!s->events)
        return;
    cJSON *ev = compass_events_begin(now, "editor-refused");
    cJSON_AddStringToObject(ev, "op", op);
    cJSON_AddStringToObject(ev, "reason", reason);
    compass_editor_emit(s, ev);
}

/* After an operation: on a change, the editor-change event (the caller's fields added to
 * it), a new layout when the board's size changed, and the new board's verdict. */
static void changed(compass_editor *s, int rc, cJSON *ev, const char *op, const char *err,
                    int rows_before, int cols_before, int64_t now)
{
    if (rc != COMPASS_EDIT_CHANGED) {
        if (rc == COMPASS_EDIT_REFUSED)
            refused(s, op, err, now);
        cJSON_Delete(ev);
        return;
    }
    s->message[0] = 0;
    s->message_error = 0;
    if (s->events) {
        const compass_level *l = compass_edit_board(&s->ed);
        cJSON_AddNumberToObject(ev, "arrows", l->arrow_count);
        compass_editor_emit(s, ev);
    } else {
        cJSON_Delete(ev);
    }
    const compass_level *l = compass_edit_board(&s->ed);
    if (l->rows != rows_before || l->cols != cols_before) {
        compass_edit_layout L;
        compass_editor_layout(s, &L);
        s->pan_x = L.pan_x;
        s->pan_y = L.pan_y;
        if (s->focus.kind == CT_CELL) {
            if (s->focus.row >= l->rows) s->focus.row = l->rows - 1;
            if (s->focus.col >= l->cols) s->focus.col = l->cols - 1;
        } else if (s->focus.kind == CT_LANE) {
            s->focus = (compass_edit_target){CT_CELL, 0, 0, COMPASS_N, 0, 0};
        }
        compass_editor_rebuild_controls(s);
        compass_editor_log_layout(s, now, "resize");
    }
    compass_editor_verdict_start(s, now);
}

static cJSON *change_event(int64_t now, const char *op, int row, int col, const char *device)
{
    cJSON *ev = compass_events_begin(now, "editor-change");
    cJSON_AddStringToObject(ev, "op", op);
    if (row >= 0) {
        cJSON_AddNumberToObject(ev, "row", row);
        cJSON_AddNumberToObject(ev, "col", col);
    } else {
        cJSON_AddNullToObject(ev, "row");
        cJSON_AddNullToObject(ev, "col");
    }
    cJSON_AddStringToObject(ev, "device", device);
    return ev;
}

void compass_editor_apply_cell(compass_editor *s, int row, int col, const char *device, int64_t now)
{
    const compass_level *l = compass_edit_board(&s->ed);
    char err[256] = "";
    int rc, had_arrow = compass_arrow_at(l, row, col) >= 0, had_wall = l->wall[row][col];
    const char *op;
    cJSON *ev;
    if (s->tool == CE_TOOL_ARROW) {
        /* The tool names the way the arrow points at the start: its base direction turned
         * back by the initial phase (the same at phase 0). */
        compass_dir base = (compass_dir)((s->tool_arg - l->initial_phase) & 3);
        op = had_arrow ? "turn" : "place";
        ev = change_event(now, op, row, col, device);
        cJSON_AddStringToObject(ev, "dir", dir_words[base]);
        rc = compass_edit_place(&s->ed, row, col, base, err, sizeof err);
    } else if (s->tool == CE_TOOL_ERASE) {
        op = "erase";
        ev = change_event(now, op, row, col, device);
        cJSON_AddStringToObject(ev, "what", had_arrow ? "arrow" : had_wall ? "wall" : "nothing");
        rc = compass_edit_erase(&s->ed, row, col, err, sizeof err);
    } else {
        op = "wall";
        ev = change_event(now, op, row, col, device);
        cJSON_AddBoolToObject(ev, "on", !had_wall);
        rc = compass_edit_toggle_wall(&s->ed, row, col, err, sizeof err);
    }
    changed(s, rc, ev, op, err, l->rows, l->cols, now);
}

void compass_editor_turn_arrow(compass_editor *s, int row, int col, const char *device, int64_t now)
{
    const compass_level *l = compass_edit_board(&s->ed);
    int a = compass_arrow_at(l, row, col);
    char err[256] = "";
    if (a < 0) {
        snprintf(err, sizeof err, "row %d, column %d holds no arrow to turn", row + 1, col + 1);
        refused(s, "turn", err, now);
        return;
    }
    compass_dir d = (compass_dir)((l->arrows[a].dir + 1) & 3);
    cJSON *ev = change_event(now, "turn", row, col, device);
    cJSON_AddStringToObject(ev, "dir", dir_words[d]);
    int rc = compass_edit_turn(&s->ed, row, col, d, err, sizeof err);
    changed(s, rc, ev, "turn", err, l->rows, l->cols, now);
}

void compass_editor_move_arrow(compass_editor *s, int r0, int c0, int r1, int c1, const char *device,
                               int64_t now)
{
    const compass_level *l = compass_edit_board(&s->ed);
    char err[256] = "";
    cJSON *ev = change_event(now, "move", r0, c0, device);
    cJSON_AddNumberToObject(ev, "toRow", r1);
    cJSON_AddNumberToObject(ev, "toCol", c1);
    int rc = compass_edit_move(&s->ed, r0, c0, r1, c1, err, sizeof err);
    changed(s, rc, ev, "move", err, l->rows, l->cols, now);
}

void compass_editor_step_lane(compass_editor *s, compass_dir side, int lane, const char *device,
                              int64_t now)
{
    const compass_level *l = compass_edit_board(&s->ed);
    compass_edge_kind k;
    unsigned m;
    compass_edit_edge_next(l, side, lane, &k, &m);
    char err[256] = "";
    cJSON *ev = change_event(now, "edge", -1, -1, device);
    cJSON_AddStringToObject(ev, "side", dir_words[side]);
    cJSON_AddNumberToObject(ev, "lane", lane);
    cJSON_AddStringToObject(ev, "kind", edge_words[k]);
    cJSON *ph = cJSON_AddArrayToObject(ev, "phases");
    for (int p = 0; p < 4 && k != COMPASS_EDGE_CLOSED && k != COMPASS_EDGE_PLAIN; p++)
        if ((m >> p) & 1)
            cJSON_AddItemToArray(ph, cJSON_CreateNumber(p));
    int rc = compass_edit_set_edge(&s->ed, side, lane, k, m, err, sizeof err);
    changed(s, rc, ev, "edge", err, l->rows, l->cols, now);
}

static void resize(compass_editor *s, int rows, int cols, const char *device, int64_t now)
{
    const compass_level *l = compass_edit_board(&s->ed);
    char err[256] = "";
    cJSON *ev = change_event(now, "resize", -1, -1, device);
    cJSON_AddNumberToObject(ev, "rows", rows);
    cJSON_AddNumberToObject(ev, "cols", cols);
    int rc = compass_edit_resize(&s->ed, rows, cols, err, sizeof err);
    changed(s, rc, ev, "resize", err, l->rows, l->cols, now);
}

static void history(compass_editor *s, int redo, const char *device, int64_t now)
{
    const compass_level *l = compass_edit_board(&s->ed);
    int rows = l->rows, cols = l->cols;
    if (!(redo ? compass_edit_redo(&s->ed) : compass_edit_undo(&s->ed)))
        return;
    cJSON *ev = change_event(now, redo ? "redo" : "undo", -1, -1, device);
    changed(s, COMPASS_EDIT_CHANGED, ev, redo ? "redo" : "undo", "", rows, cols, now);
}

static void show(compass_editor *s, const char *what, int on, int64_t now)
{
    if (!s->events)
        return;
    cJSON *ev = compass_events_begin(now, "editor-show");
    cJSON_AddStringToObject(ev, "what", what);
    cJSON_AddBoolToObject(ev, "on", on);
    compass_editor_emit(s, ev);
}

/* The pattern and tier Generate like this asks for: the board's own when it names them, else
 * the pattern whose family has exactly the board's mechanics (walls, windows, ports) and the
 * tier its verdict gives (or its size's first tier). */
static void like_this(const compass_editor *s, int *pattern, int *tier)
{
    const compass_level *l = compass_edit_board(&s->ed);
    *pattern = l->pattern[0] ? compass_pattern_lookup(l->pattern) : -1;
    if (*pattern < 0) {
        unsigned f = (compass_wall_count(l) ? COMPASS_FEATURE_WALLS : 0);
        for (int i = 0; i < l->aperture_count; i++)
            f |= l->apertures[i].kind == COMPASS_APERTURE_WINDOW ? COMPASS_FEATURE_WINDOWS
                 : l->apertures[i].kind == COMPASS_APERTURE_PORT ? COMPASS_FEATURE_PORTS : 0;
        *pattern = 0;
        for (int p = COMPASS_PATTERN_COUNT - 1; p >= 0; p--)
            if (compass_family_features(compass_pattern_family(p)) == f)
                *pattern = p;
    }
    *tier = l->tier;
    if (!*tier && !s->problem[0] && s->verdict_ready && s->verdict.status == COMPASS_VERDICT_DONE)
        *tier = s->verdict.tier;
    if (!*tier)
        *tier = l->rows >= 5 || l->cols >= 5 ? 3 : 1;
}

static void generate(compass_editor *s, const char *device, int64_t now)
{
    const compass_level *l = compass_edit_board(&s->ed);
    int pattern, tier;
    like_this(s, &pattern, &tier);
    compass_level *out = calloc(1, sizeof *out);
    char err[512] = "";
    uint32_t seed = ++s->gen_seed;
    int rc = out ? compass_gen_one(compass_pattern_name(pattern), tier, NULL, seed, out, err, sizeof err) : -1;
    if (rc) {
        if (rc == -2)
            snprintf(err, sizeof err, "the generator found no %s board of tier %d for seed %u",
                     compass_pattern_name(pattern), tier, (unsigned)seed);
        else if (!out)
            snprintf(err, sizeof err, "out of memory");
        refused(s, "generate", err, now);
        free(out);
        return;
    }
    snprintf(out->id, sizeof out->id, "%s", l->id); /* the file's own id stays */
    cJSON *ev = change_event(now, "generate", -1, -1, device);
    cJSON_AddStringToObject(ev, "pattern", compass_pattern_name(pattern));
    cJSON_AddNumberToObject(ev, "tier", tier);
    cJSON_AddNumberToObject(ev, "seed", seed);
    int rows = l->rows, cols = l->cols;
    rc = compass_edit_replace(&s->ed, out, err, sizeof err);
    free(out);
    changed(s, rc, ev, "generate", err, rows, cols, now);
}

/* The editor is done: the shell closes it (discarded: with the edits not saved). */
static void leave(compass_editor *s, int discarded, int64_t now)
{
    if (s->events) {
        cJSON *ev = compass_events_begin(now, "editor-quit");
        cJSON_AddBoolToObject(ev, "discarded", discarded);
        compass_editor_emit(s, ev);
    }
    s->quit = 1;
}

void compass_editor_activate(compass_editor *s, const compass_edit_control *c, const char *device,
                             int64_t now)
{
    if (!compass_editor_control_enabled(s, c))
        return;
    const compass_level *l = compass_edit_board(&s->ed);
    switch (c->kind) {
    case CE_TOOL_ARROW:
    case CE_TOOL_ERASE:
    case CE_TOOL_WALL:
        s->tool = c->kind;
        s->tool_arg = c->arg;
        if (s->events) {
            cJSON *ev = compass_events_begin(now, "editor-tool");
            cJSON_AddStringToObject(ev, "tool", compass_edit_control_name(c->kind));
            cJSON_AddNumberToObject(ev, "arg", c->arg);
            cJSON_AddStringToObject(ev, "device", device);
            compass_editor_emit(s, ev);
        }
        break;
    case CE_ROWS: resize(s, l->rows + (c->arg ? 1 : -1), l->cols, device, now); break;
    case CE_COLS: resize(s, l->rows, l->cols + (c->arg ? 1 : -1), device, now); break;
    case CE_PHASE: {
        char err[256] = "";
        int p = (l->initial_phase + 1) & 3;
        cJSON *ev = change_event(now, "phase", -1, -1, device);
        cJSON_AddNumberToObject(ev, "phase", p);
        int rc = compass_edit_set_phase(&s->ed, p, err, sizeof err);
        changed(s, rc, ev, "phase", err, l->rows, l->cols, now);
        break;
    }
    case CE_RELEASABLE:
        s->show_releasable = !s->show_releasable;
        show(s, "releasable", s->show_releasable, now);
        break;
    case CE_SOLUTION:
        s->show_solution = !s->show_solution;
        show(s, "solution", s->show_solution, now);
        break;
    case CE_GENERATE: generate(s, device, now); break;
    case CE_UNDO: history(s, 0, device, now); break;
    case CE_REDO: history(s, 1, device, now); break;
    case CE_PLAY: compass_editor_play(s, 1, device, now); break;
    case CE_EDIT: compass_editor_play(s, 0, device, now); break;
    case CE_SAVE: compass_editor_save(s, 0, device, now); break;
    case CE_CONFIRM_SAVE: compass_editor_save(s, 1, device, now); break;
    case CE_CONFIRM_CANCEL:
    case CE_CLOSE_KEEP:
        s->confirm = CE_CARD_NONE;
        s->quit_after_save = 0;
        compass_editor_rebuild_controls(s);
        say(s, 0, "%s", c->kind == CE_CLOSE_KEEP ? "Still editing: nothing is lost." : "Not saved.");
        compass_editor_log_layout(s, now, "confirm-closed");
        break;
    case CE_CLOSE_SAVE:
        s->quit_after_save = 1;
        compass_editor_save(s, 0, device, now);
        break;
    case CE_CLOSE_DISCARD: leave(s, 1, now); break;
    default: break;
    }
}

void compass_editor_ask_close(compass_editor *s, int64_t now)
{
    if (s->play)
        compass_editor_play(s, 0, "window", now);
    s->confirm = CE_CARD_UNSAVED;
    s->quit_after_save = 0;
    compass_editor_rebuild_controls(s);
    if (s->events) {
        cJSON *ev = compass_events_begin(now, "editor-confirm");
        cJSON_AddStringToObject(ev, "reason", "unsaved");
        compass_editor_emit(s, ev);
    }
    compass_editor_log_layout(s, now, "confirm");
}

void compass_editor_save(compass_editor *s, int confirmed, const char *device, int64_t now)
{
    (void)device;
    compass_level l;
    char err[700];
    if (s->confirm) {
        s->confirm = CE_CARD_NONE;
        compass_editor_rebuild_controls(s);
        compass_editor_log_layout(s, now, "confirm-closed");
    }
    if (compass_edit_level(&s->ed, &l, err, sizeof err)) {
        char reason[900];
        snprintf(reason, sizeof reason, "%.400s: %.480s", s->path, err);
        s->quit_after_save = 0;
        refused(s, "save", reason, now);
        return;
    }
    int known = s->verdict_ready && (s->verdict.status == COMPASS_VERDICT_DONE || s->verdict.search_done);
    if (!confirmed && !(known && s->verdict.solvable)) {
        s->confirm = CE_CARD_UNSOLVABLE;
        compass_editor_rebuild_controls(s);
        if (s->events) {
            cJSON *ev = compass_events_begin(now, "editor-confirm");
            cJSON_AddStringToObject(ev, "reason", known ? "unsolvable" : "unchecked");
            compass_editor_emit(s, ev);
        }
        compass_editor_log_layout(s, now, "confirm");
        return;
    }
    cJSON *doc = compass_level_to_json(&l);
    if (!doc || jsonio_write_file(s->path, doc, err, sizeof err)) {
        if (!doc)
            snprintf(err, sizeof err, "%.600s: out of memory", s->path);
        cJSON_Delete(doc);
        s->quit_after_save = 0;
        refused(s, "save", err, now);
        return;
    }
    cJSON_Delete(doc);
    s->saved = *compass_edit_board(&s->ed);
    s->have_saved = 1;
    char hash[17];
    compass_canonical_hash(&l, hash);
    say(s, 0, "Saved %.560s", s->path);
    if (s->events) {
        cJSON *ev = compass_events_begin(now, "editor-saved");
        cJSON_AddStringToObject(ev, "path", s->path);
        cJSON_AddStringToObject(ev, "hash", hash);
        cJSON_AddBoolToObject(ev, "solvable", known && s->verdict.solvable);
        compass_editor_emit(s, ev);
    }
    if (s->quit_after_save)
        leave(s, 0, now);
}

void compass_editor_play(compass_editor *s, int on, const char *device, int64_t now)
{
    (void)device;
    if (on && !s->play) {
        compass_level l;
        char err[700];
        if (compass_edit_level(&s->ed, &l, err, sizeof err)) {
            refused(s, "play", err, now);
            return;
        }
        if (s->events) {
            cJSON *ev = compass_events_begin(now, "editor-mode");
            cJSON_AddStringToObject(ev, "mode", "play");
            compass_editor_emit(s, ev);
        }
        s->play = compass_play_open(&l, s->events, s->version, now, err, sizeof err);
        if (!s->play) {
            refused(s, "play", err, now);
            return;
        }
        s->confirm = CE_CARD_NONE;
        compass_editor_rebuild_controls(s);
        compass_editor_log_layout(s, now, "play");
    } else if (!on && s->play) {
        compass_play_scene.destroy(s->play);
        s->play = NULL;
        if (s->events) {
            cJSON *ev = compass_events_begin(now, "editor-mode");
            cJSON_AddStringToObject(ev, "mode", "edit");
            compass_editor_emit(s, ev);
        }
        compass_editor_rebuild_controls(s);
        compass_editor_log_layout(s, now, "edit");
    }
}
