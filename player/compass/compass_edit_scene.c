/* The Compass Shift level editor (bin/player compass --edit FILE [--new RxC]): maps touch,
 * mouse and keyboard onto the core's board model (compass_edit) and the verdict, and in Play
 * hands every input to the --level scene over the board being edited. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "compass/compass_content.h"
#include "compass_edit_ui.h"
#include "compass_events.h"
#include "compass_scene.h"
#include "compass_ui.h"

/* The level id a new board takes: FILE's name without folder and ".json", in the id's
 * alphabet, or "untitled". */
static void id_from_path(const char *path, char *out, size_t n)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    size_t k = 0;
    for (; *b && k + 1 < n; b++) {
        if (!strcmp(b, ".json"))
            break;
        unsigned char c = (unsigned char)*b;
        out[k++] = isalnum(c) || c == '-' || c == '_' || c == '.' ? (char)c : '-';
    }
    out[k] = 0;
    if (!k || !isalnum((unsigned char)out[0]))
        snprintf(out, n, "untitled");
}

/* The campaign's canonical hashes, for sameAs; a campaign that cannot be read leaves none. */
static void load_refs(compass_editor *s, const scene_env *env)
{
    char path[4096], err[512];
    scene_data_path(env, "levels/compass/campaign.json", path, sizeof path);
    compass_campaign_file c = {0};
    if (compass_campaign_file_read(path, &c, err, sizeof err))
        return;
    s->refs = calloc((size_t)c.count, sizeof *s->refs);
    if (s->refs) {
        compass_verdict_refs_of(c.levels, c.count, s->refs);
        s->nrefs = c.count;
    }
    compass_campaign_file_free(&c);
}

static void *edit_create(const scene_env *env, int64_t now, char *err, size_t errlen)
{
    const char *path = scene_arg_value(env, "edit", NULL);
    const char *size = scene_arg_value(env, "new", NULL);
    if (!path) {
        snprintf(err, errlen, "compass: --new RxC needs --edit FILE, the file to save the new board to");
        return NULL;
    }
    compass_editor *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "compass: out of memory");
        return NULL;
    }
    s->version = env->version;
    s->events = env->events;
    s->headless = env->headless;
    snprintf(s->path, sizeof s->path, "%s", path);
    struct stat st;
    int exists = stat(path, &st) == 0;
    char why[1024];
    if (size) {
        int r, c, used = 0;
        if (sscanf(size, "%dx%d%n", &r, &c, &used) != 2 || size[used] || r < 1 || r > COMPASS_MAX_SIDE ||
            c < 1 || c > COMPASS_MAX_SIDE) {
            snprintf(err, errlen, "compass: --new: expected RxC with 1 to %d each way (5x5), got \"%s\"",
                     COMPASS_MAX_SIDE, size);
            free(s);
            return NULL;
        }
        if (exists) {
            snprintf(err, errlen, "compass: --edit %s --new %s: %s already exists (drop --new to edit it)",
                     path, size, path);
            free(s);
            return NULL;
        }
        char id[64];
        id_from_path(path, id, sizeof id);
        if (compass_edit_open_empty(&s->ed, r, c, id, why, sizeof why)) {
            snprintf(err, errlen, "compass: %s", why);
            free(s);
            return NULL;
        }
    } else {
        if (!exists) {
            snprintf(err, errlen, "compass: --edit %s: no such file (add --new RxC for an empty board)", path);
            free(s);
            return NULL;
        }
        compass_level *l = calloc(1, sizeof *l);
        if (!l || compass_level_file_read(path, l, why, sizeof why) || compass_edit_open(&s->ed, l)) {
            snprintf(err, errlen, "compass: %s", l ? why : "out of memory");
            free(l);
            free(s);
            return NULL;
        }
        s->saved = *l;
        s->have_saved = 1;
        free(l);
    }
    s->lock = SDL_CreateMutex();
    if (!s->lock) {
        snprintf(err, errlen, "compass: cannot create a mutex: %s", SDL_GetError());
        compass_edit_close(&s->ed);
        free(s);
        return NULL;
    }
    load_refs(s, env);
    s->art = compass_art_create();
    s->tool = CE_TOOL_ARROW;
    s->tool_arg = COMPASS_N;
    s->focus = (compass_edit_target){CT_CELL, 0, 0, COMPASS_N, 0, 0};
    s->last_device = "mouse";
    compass_editor_rebuild_controls(s);
    if (s->events) {
        const compass_level *l = compass_edit_board(&s->ed);
        cJSON *ev = compass_events_begin(now, "editor-open");
        cJSON_AddStringToObject(ev, "level", l->id);
        cJSON_AddStringToObject(ev, "path", s->path);
        cJSON_AddBoolToObject(ev, "new", size != NULL);
        cJSON_AddNumberToObject(ev, "rows", l->rows);
        cJSON_AddNumberToObject(ev, "cols", l->cols);
        cJSON_AddItemToObject(ev, "layout", compass_editor_layout_json(s));
        compass_editor_emit(s, ev);
    }
    compass_editor_verdict_start(s, now);
    return s;
}

static void edit_destroy(void *p)
{
    compass_editor *s = p;
    if (!s)
        return;
    compass_editor_verdict_stop(s);
    if (s->play)
        compass_play_scene.destroy(s->play);
    if (s->lock)
        SDL_DestroyMutex(s->lock);
    compass_art_destroy(s->art);
    compass_edit_close(&s->ed);
    free(s->refs);
    free(s);
}

static void edit_update(void *p, int64_t now)
{
    compass_editor *s = p;
    compass_editor_verdict_poll(s, now);
    if (s->play) {
        compass_play_scene.update(s->play, now);
        /* Tools' Quit in the played board leaves the play, not the editor. */
        if (compass_play_scene.wants_quit(s->play))
            compass_editor_play(s, 0, "mouse", now);
    }
}


static compass_edit_target target_at(compass_editor *s, double x, double y)
{
    compass_edit_target t = {CT_NONE, 0, 0, COMPASS_N, 0, 0};
    for (int i = 0; i < s->ncs; i++)
        if (compass_box_contains(s->cs[i].box, x, y)) {
            t.kind = CT_CONTROL;
            t.control = i;
            return t;
        }
    if (s->confirm || s->play)
        return t; /* the card (or the played board) takes every other input */
    compass_edit_layout L;
    compass_editor_layout(s, &L);
    if (compass_edit_layout_cell_at(&L, x, y, &t.row, &t.col))
        t.kind = CT_CELL;
    else if (compass_edit_layout_lane_at(&L, x, y, &t.side, &t.lane))
        t.kind = CT_LANE;
    return t;
}

static int same_target(compass_edit_target a, compass_edit_target b)
{
    if (a.kind != b.kind)
        return 0;
    switch (a.kind) {
    case CT_CELL: return a.row == b.row && a.col == b.col;
    case CT_LANE: return a.side == b.side && a.lane == b.lane;
    case CT_CONTROL: return a.control == b.control;
    default: return 1;
    }
}

static void apply_target(compass_editor *s, compass_edit_target t, const char *dev, int64_t now)
{
    if (t.kind == CT_CELL)
        compass_editor_apply_cell(s, t.row, t.col, dev, now);
    else if (t.kind == CT_LANE)
        compass_editor_step_lane(s, t.side, t.lane, dev, now);
    else if (t.kind == CT_CONTROL && t.control < s->ncs) {
        compass_edit_control c = s->cs[t.control];
        compass_editor_activate(s, &c, dev, now);
    }
}

static void press(compass_editor *s, double x, double y)
{
    s->down = 1;
    s->dragging = s->panning = 0;
    s->press_x = s->drag_x = x;
    s->press_y = s->drag_y = y;
    s->press_pan_x = s->pan_x;
    s->press_pan_y = s->pan_y;
    s->press = target_at(s, x, y);
    s->focus_visible = 0;
}

/* A drag of more than 10 px from an arrow carries it; from elsewhere on a board larger than
 * the view, it pans. */
static void drag(compass_editor *s, double x, double y)
{
    if (!s->down)
        return;
    s->drag_x = x;
    s->drag_y = y;
    double dx = x - s->press_x, dy = y - s->press_y;
    if (!s->dragging && !s->panning && dx * dx + dy * dy > 100 && s->press.kind == CT_CELL) {
        if (compass_arrow_at(compass_edit_board(&s->ed), s->press.row, s->press.col) >= 0)
            s->dragging = 1;
        else {
            compass_edit_layout L;
            compass_editor_layout(s, &L);
            if (L.max_pan_x > 0 || L.max_pan_y > 0)
                s->panning = 1;
        }
    }
    if (s->panning) {
        compass_edit_layout L;
        s->pan_x = s->press_pan_x - dx;
        s->pan_y = s->press_pan_y - dy;
        compass_editor_layout(s, &L);
        s->pan_x = L.pan_x;
        s->pan_y = L.pan_y;
    }
}

static void lift(compass_editor *s, double x, double y, const char *dev, int64_t now)
{
    if (!s->down)
        return;
    s->down = 0;
    compass_edit_target t = target_at(s, x, y);
    if (s->dragging) {
        s->dragging = 0;
        if (t.kind == CT_CELL && !same_target(t, s->press))
            compass_editor_move_arrow(s, s->press.row, s->press.col, t.row, t.col, dev, now);
        return;
    }
    if (s->panning) {
        s->panning = 0;
        if (s->pan_x != s->layout_pan_x || s->pan_y != s->layout_pan_y)
            compass_editor_log_layout(s, now, "pan");
        return;
    }
    if (same_target(t, s->press) && t.kind != CT_NONE) {
        if (t.kind == CT_CELL || t.kind == CT_LANE)
            s->focus = t;
        apply_target(s, t, dev, now);
    }
}

static void follow_focus(compass_editor *s, int64_t now)
{
    if (s->focus.kind != CT_CELL)
        return;
    compass_edit_layout L;
    compass_editor_layout(s, &L);
    compass_edit_layout_pan_to(&L, s->focus.row, s->focus.col, &s->pan_x, &s->pan_y);
    if (s->pan_x != s->layout_pan_x || s->pan_y != s->layout_pan_y)
        compass_editor_log_layout(s, now, "pan");
}

/* Arrow keys move the board cursor; past the board's edge it lands on that side's lane, and
 * back from a lane onto the cell beside it. */
static void cursor_step(compass_editor *s, int d, int64_t now)
{
    const compass_level *l = compass_edit_board(&s->ed);
    static const int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, 1, 0, -1};
    compass_edit_target *f = &s->focus;
    if (f->kind == CT_LANE) {
        int r = f->side == COMPASS_N ? 0 : f->side == COMPASS_S ? l->rows - 1 : f->lane;
        int c = f->side == COMPASS_W ? 0 : f->side == COMPASS_E ? l->cols - 1 : f->lane;
        if ((int)f->side == (d + 2) % 4) {
            *f = (compass_edit_target){CT_CELL, r, c, COMPASS_N, 0, 0};
        } else if ((int)f->side != d) {
            int lanes = f->side == COMPASS_N || f->side == COMPASS_S ? l->cols : l->rows;
            int step = f->side == COMPASS_N || f->side == COMPASS_S ? dc[d] : dr[d];
            if (f->lane + step >= 0 && f->lane + step < lanes)
                f->lane += step;
        }
    } else {
        if (f->kind != CT_CELL)
            *f = (compass_edit_target){CT_CELL, 0, 0, COMPASS_N, 0, 0};
        int r = f->row + dr[d], c = f->col + dc[d];
        if (r < 0 || r >= l->rows || c < 0 || c >= l->cols)
            *f = (compass_edit_target){CT_LANE, 0, 0, (compass_dir)d,
                                       d == COMPASS_N || d == COMPASS_S ? f->col : f->row, 0};
        else {
            f->row = r;
            f->col = c;
        }
    }
    s->focus_visible = 1;
    follow_focus(s, now);
}

static void tab_step(compass_editor *s, int dir)
{
    /* The stops: the board (its cursor), then every control. */
    int n = s->ncs + 1, at = 0;
    if (s->focus.kind == CT_CONTROL)
        at = s->focus.control + 1;
    if (s->confirm || s->play)
        n = s->ncs, at = s->focus.kind == CT_CONTROL ? s->focus.control : -1;
    int to = ((at + dir) % n + n) % n;
    if (s->confirm || s->play)
        s->focus = (compass_edit_target){CT_CONTROL, 0, 0, COMPASS_N, 0, to};
    else if (to == 0)
        s->focus = (compass_edit_target){CT_CELL, 0, 0, COMPASS_N, 0, 0};
    else
        s->focus = (compass_edit_target){CT_CONTROL, 0, 0, COMPASS_N, 0, to - 1};
    s->focus_visible = 1;
}

static void activate_named(compass_editor *s, compass_edit_control_kind k, int arg, const char *dev,
                           int64_t now)
{
    compass_edit_control c = {k, arg, {0, 0, 0, 0}};
    compass_editor_activate(s, &c, dev, now);
}

static void key_input(compass_editor *s, const player_input *in, int64_t now)
{
    const char *dev = compass_events_device(in);
    player_key k = in->kind == PIN_PAD ? player_pad_key(in->button) : in->key;
    int ctrl = (in->mods & PMOD_CTRL) != 0, shift = (in->mods & PMOD_SHIFT) != 0;
    char ch = (char)tolower((unsigned char)in->ch);
    if (s->confirm) {
        /* Escape answers "keep editing" on either card; it never leaves the editor. */
        if (k == PK_ESCAPE)
            activate_named(s, s->confirm == CE_CARD_UNSAVED ? CE_CLOSE_KEEP : CE_CONFIRM_CANCEL, 0, dev, now);
        else if (k == PK_TAB)
            tab_step(s, shift ? -1 : 1);
        else if ((k == PK_ENTER || k == PK_SPACE) && s->focus.kind == CT_CONTROL)
            apply_target(s, s->focus, dev, now);
        return;
    }
    if (ctrl && k == PK_CHAR) {
        if (ch == 's')
            compass_editor_save(s, 0, dev, now);
        else if (ch == 'z')
            activate_named(s, shift ? CE_REDO : CE_UNDO, 0, dev, now);
        else if (ch == 'y')
            activate_named(s, CE_REDO, 0, dev, now);
        return;
    }
    switch (k) {
    case PK_TAB: tab_step(s, shift ? -1 : 1); break;
    case PK_UP:
    case PK_RIGHT:
    case PK_DOWN:
    case PK_LEFT: {
        int d = k == PK_UP ? 0 : k == PK_RIGHT ? 1 : k == PK_DOWN ? 2 : 3;
        static const int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, 1, 0, -1};
        const compass_level *l = compass_edit_board(&s->ed);
        if (shift && s->focus.kind == CT_CELL && compass_arrow_at(l, s->focus.row, s->focus.col) >= 0) {
            int r = s->focus.row + dr[d], c = s->focus.col + dc[d];
            if (r >= 0 && r < l->rows && c >= 0 && c < l->cols) {
                int from_r = s->focus.row, from_c = s->focus.col;
                compass_editor_move_arrow(s, from_r, from_c, r, c, dev, now);
                if (compass_arrow_at(compass_edit_board(&s->ed), r, c) >= 0) {
                    s->focus.row = r;
                    s->focus.col = c;
                }
                s->focus_visible = 1;
                follow_focus(s, now);
            }
        } else {
            cursor_step(s, d, now);
        }
        break;
    }
    case PK_ENTER:
    case PK_SPACE:
        s->focus_visible = 1;
        apply_target(s, s->focus, dev, now);
        break;
    case PK_BACKSPACE:
        if (s->focus.kind == CT_CELL) {
            compass_edit_control_kind t = s->tool;
            s->tool = CE_TOOL_ERASE;
            compass_editor_apply_cell(s, s->focus.row, s->focus.col, dev, now);
            s->tool = t;
        }
        break;
    case PK_1:
    case PK_2:
    case PK_3: activate_named(s, CE_TOOL_ARROW, k - PK_1, dev, now); break;
    case PK_CHAR:
        switch (ch) {
        case '4': activate_named(s, CE_TOOL_ARROW, 3, dev, now); break;
        case 'x': activate_named(s, CE_TOOL_ERASE, 0, dev, now); break;
        case 'w': activate_named(s, CE_TOOL_WALL, 0, dev, now); break;
        case 't':
            if (s->focus.kind == CT_CELL)
                compass_editor_turn_arrow(s, s->focus.row, s->focus.col, dev, now);
            break;
        case 'h': activate_named(s, CE_PHASE, 0, dev, now); break;
        case 'f': activate_named(s, CE_RELEASABLE, 0, dev, now); break;
        case 'o': activate_named(s, CE_SOLUTION, 0, dev, now); break;
        case 'g': activate_named(s, CE_GENERATE, 0, dev, now); break;
        case 'p': activate_named(s, CE_PLAY, 0, dev, now); break;
        case 'u': activate_named(s, CE_UNDO, 0, dev, now); break;
        case '[': activate_named(s, CE_ROWS, 0, dev, now); break;
        case ']': activate_named(s, CE_ROWS, 1, dev, now); break;
        case '-': activate_named(s, CE_COLS, 0, dev, now); break;
        case '=':
        case '+': activate_named(s, CE_COLS, 1, dev, now); break;
        default: break;
        }
        break;
    default: break;
    }
}

/* While playing: the editor keeps only its Edit button (and E, or Esc on the bare board);
 * every other input is the --level scene's. */
static void play_input(compass_editor *s, const player_input *in, int64_t now)
{
    const compass_player *p = s->play;
    int bare = p->surface == CS_PLAY && !p->anim_active;
    if (in->kind == PIN_KEY && ((in->key == PK_CHAR && tolower((unsigned char)in->ch) == 'e' && !(in->mods & PMOD_CTRL)) ||
                                (in->key == PK_ESCAPE && bare))) {
        compass_editor_play(s, 0, compass_events_device(in), now);
        return;
    }
    if (in->kind == PIN_CLICK || in->kind == PIN_TOUCH_DOWN) {
        compass_edit_target t = target_at(s, in->x, in->y);
        if (t.kind == CT_CONTROL) {
            s->down = 1;
            s->press = t;
            return;
        }
    }
    if ((in->kind == PIN_RELEASE || in->kind == PIN_TOUCH_UP) && s->down) {
        s->down = 0;
        compass_edit_target t = target_at(s, in->x, in->y);
        if (same_target(t, s->press))
            apply_target(s, t, compass_events_device(in), now);
        return;
    }
    compass_play_scene.input(s->play, in, now);
}

static void edit_input(void *p, const player_input *in, int64_t now)
{
    compass_editor *s = p;
    edit_update(s, now);
    s->last_device = compass_events_device(in);
    if (s->play) {
        play_input(s, in, now);
        return;
    }
    switch (in->kind) {
    case PIN_MOVE: drag(s, in->x, in->y); break;
    case PIN_CLICK:
    case PIN_TOUCH_DOWN: press(s, in->x, in->y); break;
    case PIN_TOUCH_MOVE: drag(s, in->x, in->y); break;
    case PIN_RELEASE: lift(s, in->x, in->y, "mouse", now); break;
    case PIN_TOUCH_UP: lift(s, in->x, in->y, "touch", now); break;
    case PIN_KEY:
    case PIN_PAD: key_input(s, in, now); break;
    default: break;
    }
}

static void edit_draw(void *p, gfx *g, int64_t now) { compass_editor_draw(p, g, now); }

/* Still but for a worker's progress (a tenth of a second) and the played board's motion. */
static int64_t edit_next_change(const void *p, int64_t drawn)
{
    compass_editor *s = (compass_editor *)p;
    int64_t due = SCENE_STILL;
    if (s->play)
        due = compass_play_scene.next_change(s->play, drawn);
    if (s->redraw)
        return drawn + 1;
    if (compass_editor_verdict_busy(s, NULL, NULL) || s->done_ready)
        due = due < drawn + 100 ? due : drawn + 100;
    if (s->down && (s->dragging || s->panning))
        due = drawn + 1;
    return due;
}

static void edit_pointer_gone(void *p)
{
    compass_editor *s = p;
    s->down = s->dragging = s->panning = 0;
    if (s->play)
        compass_play_scene.pointer_gone(s->play);
}

static int edit_wants_quit(const void *p) { return ((const compass_editor *)p)->quit; }

/* The window's close: at once when the file holds the board, else the unsaved card asks. */
static int edit_close_request(void *p, int64_t now)
{
    compass_editor *s = p;
    if (!compass_editor_dirty(s))
        return 1;
    compass_editor_ask_close(s, now);
    return 0;
}

const scene_def compass_edit_scene = {
    .name = "compass",
    .create = edit_create,
    .destroy = edit_destroy,
    .update = edit_update,
    .input = edit_input,
    .draw = edit_draw,
    .next_change = edit_next_change,
    .pointer_gone = edit_pointer_gone,
    .close_request = edit_close_request,
    .wants_quit = edit_wants_quit,
};
