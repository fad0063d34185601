/* Compass Shift scene: maps touch, click, keyboard and gamepad onto the one controller
 * (compass_game_tap / undo / start), keeps the ui state and writes the events log. Every rule
 * decision is the core's (core/compass/). */
#include "compass_scene.h"

#include <stdlib.h>
#include <string.h>

#include "compass_events.h"
#include "compass_ui.h"

/* The compass scene's options, the editor's included (compass_root.c dispatches). */
const scene_option compass_scene_options[] = {
    {"level", "FILE", "play one compass-shift-level/1 file (hand-made or from bin/gen compass)", SCENE_OPT_INPUT},
    {"campaign", "FILE", "play another campaign index (default DATA/levels/compass/campaign.json)", SCENE_OPT_INPUT},
    {"reports", "DIR", "solver evidence folder, DIR/<id>.json (default DATA/reports/compass)", SCENE_OPT_VALUE},
    {"watch", NULL, "reload the level or campaign when its content changes on disk", SCENE_OPT_VALUE},
    {"safe-area", "T,R,B,L", "insets in field pixels kept clear of drawing and targets (a notch, a home bar)", SCENE_OPT_VALUE},
    {"edit", "FILE", "edit a level file in the level editor (Save writes FILE)", SCENE_OPT_INOUT},
    {"new", "RxC", "with --edit FILE: start from an empty RxC board (1 to 16 each way), saved to FILE", SCENE_OPT_VALUE},
    {NULL, NULL, NULL, SCENE_OPT_VALUE},
};

/* ---------------------------------------------------------------- scene table */

static void *scene_create(const scene_env *env, int64_t now, char *err, size_t errlen)
{
    compass_player *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "compass: out of memory");
        return NULL;
    }
    s->version = env->version;
    s->events = env->events;
    const char *level = scene_arg_value(env, "level", NULL);
    const char *campaign = scene_arg_value(env, "campaign", NULL);
    scene_arg_value(env, "watch", &s->watch);
    if (level && campaign) {
        snprintf(err, errlen, "compass: --level and --campaign cannot be used together");
        free(s);
        return NULL;
    }
    const char *sa = scene_arg_value(env, "safe-area", NULL);
    compass_insets in = {0, 0, 0, 0};
    if (sa) {
        int t, r, b, l, used = 0;
        if (sscanf(sa, "%d,%d,%d,%d%n", &t, &r, &b, &l, &used) != 4 || sa[used] || t < 0 || r < 0 ||
            b < 0 || l < 0 || t + b > 160 || l + r > 40) {
            snprintf(err, errlen, "compass: --safe-area: expected T,R,B,L in field pixels (whole numbers, "
                     "top + bottom at most 160, left + right at most 40), got \"%s\"", sa);
            free(s);
            return NULL;
        }
        in = (compass_insets){t, r, b, l};
    }
    compass_layout_set_safe_area(in);
    s->single = level != NULL;
    if (level)
        snprintf(s->source_path, sizeof s->source_path, "%s", level);
    else if (campaign)
        snprintf(s->source_path, sizeof s->source_path, "%s", campaign);
    else
        scene_data_path(env, "levels/compass/campaign.json", s->source_path, sizeof s->source_path);
    const char *reports = scene_arg_value(env, "reports", NULL);
    if (reports)
        snprintf(s->reports_dir, sizeof s->reports_dir, "%s", reports);
    else
        scene_data_path(env, "reports/compass", s->reports_dir, sizeof s->reports_dir);
    char why[1024];
    if (compass_ui_load_content(s, why, sizeof why)) {
        snprintf(err, errlen, "compass: %s", why);
        free(s);
        return NULL;
    }
    s->watch_sig = s->watch ? compass_ui_files_signature(s) : 0;
    s->watch_next_ms = now + COMPASS_WATCH_POLL_MS;
    compass_ui_begin(s, now);
    if (s->single) /* --level: the banner gives the board's verdict (issue 25) */
        compass_ui_verdict_notice(s, now, "");
    /* Every launch starts at FTUE step one (compass-shift.md "Prototype quality contract"). */
    compass_ui_open_ftue(s, now);
    return s;
}

static void scene_destroy(void *p)
{
    compass_player *s = p;
    if (!s)
        return;
    compass_art_destroy(s->art);
    compass_campaign_file_free(&s->camp);
    free(s->evidence);
    compass_evidence_cache_free(&s->solved);
    free(s->verdict);
    free(s->completed);
    free(s);
}

static void scene_update(void *p, int64_t now)
{
    compass_player *s = p;
    compass_ui_present_due(s, now);
    if (s->anim_active && now >= compass_ui_anim_end(s)) {
        /* Logged at the animation's due time, whatever the frame rate. */
        int64_t due = compass_ui_anim_end(s);
        s->anim_active = 0;
        if (s->surface == CS_FTUE && s->ftue_step == FTUE_TRY && s->ftue_released)
            compass_ui_ftue_step_to(s, FTUE_TURN, due);
        if (compass_game_won(&s->game))
            compass_ui_complete_level(s, due);
        compass_ui_log_focus(s, s->last_device, due);
    }
    compass_ui_watch_poll(s, now);
    compass_ui_log_focus(s, s->last_device, now);
}


/* What is under a field point: an arrow (when arrows are live) or a widget. */
static int target_at(const compass_player *s, double x, double y, compass_focus_item *out)
{
    int w = compass_widget_at(s->ws, s->nws, x, y);
    if (w >= 0) {
        *out = (compass_focus_item){0, w};
        return 1;
    }
    if (!compass_ui_arrows_live(s))
        return 0;
    compass_layout L;
    compass_ui_layout(s, &L);
    int r, c;
    if (!compass_layout_cell_at(&L, x, y, &r, &c))
        return 0;
    int a = compass_arrow_at(compass_ui_level(s), r, c);
    if (a < 0 || !((s->game.state.remaining >> a) & 1))
        return 0;
    *out = (compass_focus_item){1, a};
    return 1;
}

static int locked(const compass_player *s) { return s->anim_active; }

static void activate(compass_player *s, compass_focus_item t, const char *device, int64_t now)
{
    if (locked(s))
        return; /* input is locked only during the success animation */
    if (t.is_arrow) {
        if (compass_ui_arrows_live(s))
            compass_ui_tap_arrow(s, t.index, device, now);
    } else if (t.index < s->nws) {
        compass_widget w = s->ws[t.index];
        /* The FTUE keeps the shell inert: only its own card and the board answer. */
        compass_ui_activate_widget(s, &w, device, now);
    }
}

/* The first Tab or arrow key only shows the focus: on the board it lands on the first
 * arrow in reading order, on a card on its first stop. */
static int show_focus(compass_player *s)
{
    if (s->focus_visible && compass_ui_focus_valid(s))
        return 0;
    if (!s->focus_visible && compass_ui_arrows_live(s)) {
        compass_focus_item items[1];
        if (compass_ui_focus_list(s, items, 1) && items[0].is_arrow)
            s->focus = items[0];
    }
    if (!compass_ui_focus_valid(s))
        compass_ui_focus_first(s);
    s->focus_visible = 1;
    compass_ui_follow_focus(s);
    return 1;
}

static void set_focus(compass_player *s, compass_focus_item f)
{
    s->focus = f;
    s->focus_visible = 1;
    compass_ui_follow_focus(s);
}

/* Tab / Shift+Tab: the next stop of the list (a focused control that got disabled, e.g. Undo
 * with nothing left to undo, is left for the next enabled one after it). */
static void tab_step(compass_player *s, int dir)
{
    compass_focus_item items[COMPASS_MAX_ARROWS + COMPASS_MAX_WIDGETS];
    int n = compass_ui_focus_list(s, items, COMPASS_MAX_ARROWS + COMPASS_MAX_WIDGETS);
    if (n == 0)
        return;
    int at = -1;
    for (int i = 0; i < n; i++)
        if (items[i].is_arrow == s->focus.is_arrow && items[i].index == s->focus.index)
            at = i;
    int to;
    if (at >= 0) {
        to = ((at + dir) % n + n) % n;
    } else {
        to = dir > 0 ? 0 : n - 1;
        for (int i = 0; i < n; i++)
            if (!items[i].is_arrow && !s->focus.is_arrow &&
                (dir > 0 ? items[i].index > s->focus.index : items[i].index < s->focus.index)) {
                to = i;
                if (dir > 0)
                    break;
            }
    }
    set_focus(s, items[to]);
}

static void key_input(compass_player *s, const player_input *in, int64_t now)
{
    const char *dev = compass_events_device(in);
    compass_focus_item items[COMPASS_MAX_ARROWS + COMPASS_MAX_WIDGETS];
    int n = compass_ui_focus_list(s, items, COMPASS_MAX_ARROWS + COMPASS_MAX_WIDGETS);
    int back = (in->mods & PMOD_SHIFT) != 0;
    player_key k = in->kind == PIN_PAD ? player_pad_key(in->button) : in->key;
    compass_focus_item to;
    switch (k) {
    case PK_TAB:
        if (!show_focus(s))
            tab_step(s, back ? -1 : 1);
        break;
    case PK_UP:
    case PK_RIGHT:
    case PK_DOWN:
    case PK_LEFT:
        if (!show_focus(s) &&
            compass_ui_focus_toward(s, k == PK_UP ? 0 : k == PK_RIGHT ? 1 : k == PK_DOWN ? 2 : 3, &to))
            set_focus(s, to);
        break;
    case PK_HOME:
        if (n)
            set_focus(s, items[0]);
        break;
    case PK_END:
        if (n)
            set_focus(s, items[n - 1]);
        break;
    case PK_ENTER:
    case PK_SPACE:
        if (!compass_ui_focus_valid(s))
            compass_ui_focus_first(s);
        if (compass_ui_focus_valid(s)) {
            s->focus_visible = 1;
            activate(s, s->focus, dev, now);
        }
        break;
    case PK_ESCAPE:
        /* Escape and B close the topmost surface; on the board they do nothing (quitting is
         * the Quit control in Tools, or the window's close). */
        if (s->surface == CS_FTUE)
            compass_ui_close_ftue(s, now, "skip");
        else if (s->surface == CS_TOOLS && !locked(s)) {
            compass_widget close = {CW_TOOLS_CLOSE, 0, {0, 0, 0, 0}};
            compass_ui_activate_widget(s, &close, dev, now);
        } else if (s->surface == CS_DONE) {
            compass_ui_close_done(s, dev, now);
        }
        break;
    case PK_BACKSPACE:
        if (s->surface == CS_PLAY && !locked(s))
            compass_ui_history(s, 0, dev, now);
        break;
    case PK_CHAR:
        if (s->surface == CS_PLAY && !locked(s) && (in->ch == 'u' || in->ch == 'z'))
            compass_ui_history(s, 0, dev, now);
        else if (s->surface == CS_PLAY && !locked(s) && in->ch == 'r')
            compass_ui_history(s, 1, dev, now);
        break;
    default: break;
    }
}

/* A mouse button or a finger went down: what it is on. */
static void press(compass_player *s, double x, double y)
{
    s->touch_down = 1;
    s->touch_panning = 0;
    s->touch_x0 = x;
    s->touch_y0 = y;
    s->touch_pan_x0 = s->pan_x;
    s->touch_pan_y0 = s->pan_y;
    s->touch_has_target = target_at(s, x, y, &s->touch_target);
    s->focus_visible = 0;
}

static void drag(compass_player *s, double x, double y)
{
    if (!s->touch_down)
        return;
    compass_layout L;
    compass_ui_layout(s, &L);
    double dx = x - s->touch_x0, dy = y - s->touch_y0;
    /* A drag of more than a few pixels on a pannable board pans it, never taps. */
    if ((L.max_pan_x > 0 || L.max_pan_y > 0) && dx * dx + dy * dy > 100 &&
        compass_box_contains(L.well, s->touch_x0, s->touch_y0))
        s->touch_panning = 1;
    if (s->touch_panning) {
        s->pan_x = s->touch_pan_x0 - dx;
        s->pan_y = s->touch_pan_y0 - dy;
        compass_layout_build(&L, L.rows, L.cols, s->pan_x, s->pan_y, s->captions);
        s->pan_x = L.pan_x;
        s->pan_y = L.pan_y;
    }
}

/* The button or finger lifted: one rule for mouse and touch, it acts only when it lifts
 * inside the target it went down on (a drag off cancels, a pan never taps). */
static void lift(compass_player *s, double x, double y, const char *device, int64_t now)
{
    compass_focus_item t;
    if (s->touch_down && !s->touch_panning && s->touch_has_target && target_at(s, x, y, &t) &&
        t.is_arrow == s->touch_target.is_arrow && t.index == s->touch_target.index)
        activate(s, t, device, now);
    s->touch_down = 0;
}

static void scene_input(void *p, const player_input *in, int64_t now)
{
    compass_player *s = p;
    scene_update(s, now); /* an animation due by now ends before this input is seen */
    s->last_device = compass_events_device(in);
    switch (in->kind) {
    case PIN_MOVE:
        s->px = in->x;
        s->py = in->y;
        s->have_pointer = 1;
        drag(s, in->x, in->y);
        break;
    case PIN_CLICK:
        s->px = in->x;
        s->py = in->y;
        press(s, in->x, in->y);
        break;
    case PIN_RELEASE: lift(s, in->x, in->y, "mouse", now); break;
    case PIN_TOUCH_DOWN: press(s, in->x, in->y); break;
    case PIN_TOUCH_MOVE: drag(s, in->x, in->y); break;
    case PIN_TOUCH_UP: lift(s, in->x, in->y, "touch", now); break;
    case PIN_KEY:
    case PIN_PAD: key_input(s, in, now); break;
    default: break;
    }
    compass_ui_view_changed(s, now);
    compass_ui_log_focus(s, s->last_device, now);
}

static void scene_draw(void *p, gfx *g, int64_t now) { compass_draw_scene(p, g, now); }

static void scene_pointer_gone(void *p)
{
    compass_player *s = p;
    s->have_pointer = 0;
    s->touch_down = 0;
}

/* Moving while a release animates or a blocked arrow shakes; a notice changes the picture
 * when it appears and when it times out; a --watch reload sets a notice, so polling it
 * needs no frames. Presentation events are logged by update() at their own due times. */
static int64_t scene_next_change(const void *p, int64_t drawn)
{
    const compass_player *s = p;
    if (s->anim_active || compass_ui_presentation(s, drawn, NULL) != CP_IDLE) return drawn + 1;
    /* update() ended a release's animation after the frame on screen (the last turn, the
     * completion dialog): one more frame shows its end. */
    if (s->have_last && s->last.status == COMPASS_RELEASED && compass_ui_anim_end(s) > drawn) return drawn + 1;
    int64_t due = SCENE_STILL;
    if (s->npres > 0) due = s->pres[0].due; /* pending presentations, earliest first */
    if (s->notice[0]) {
        int64_t shown = s->notice_t, gone = s->notice_t + COMPASS_NOTICE_MS;
        if (shown > drawn) return shown;
        if (!s->notice_error && gone > drawn && gone < due) due = gone;
    }
    if (s->blocked_arrow >= 0 && s->blocked_t0 > drawn) return s->blocked_t0;
    return due;
}

static int scene_wants_quit(const void *p) { return ((const compass_player *)p)->quit; }

/* Playing: the campaign or one --level file. Only its functions are used: compass_root.c's
 * compass_scene (registered, with the title, field and options) picks it or the editor. */
const scene_def compass_play_scene = {
    .name = "compass",
    .create = scene_create,
    .destroy = scene_destroy,
    .update = scene_update,
    .input = scene_input,
    .draw = scene_draw,
    .next_change = scene_next_change,
    .pointer_gone = scene_pointer_gone,
    .wants_quit = scene_wants_quit,
};
