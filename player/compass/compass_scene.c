/* Compass Shift scene: maps touch, click, keyboard and gamepad onto the one controller
 * (compass_game_tap / undo / start), keeps the ui state and writes the events log. Every rule
 * decision is the core's (core/compass/). */
#include "compass_scene.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "compass/compass_describe.h"
#include "compass_events.h"
#include "compass_ui.h"

/* Designer aid and --level evidence: searches stop here instead of freezing the window. */
#define COMPASS_UI_MAX_STATES 2000000ull
enum { WATCH_POLL_MS = 500, TUNE_STEP_MS = 10, TUNE_MAX_MS = 1000 };

static const scene_option options[] = {
    {"level", "FILE", "play one compass-shift-level/1 file (hand-made or from bin/gen compass)"},
    {"campaign", "FILE", "play another campaign index (default DATA/levels/compass/campaign.json)"},
    {"reports", "DIR", "solver evidence folder, DIR/<id>.json (default DATA/reports/compass)"},
    {"watch", NULL, "reload the level or campaign when its file changes on disk"},
    {NULL, NULL, NULL},
};

const compass_level *compass_ui_level(const compass_scene_t *s) { return &s->camp.levels[s->cur]; }

/* ---------------------------------------------------------------- presentation clock */

/* The success animation's phases; reduced motion is one crossfade of under 100 ms. */
static void timings(const compass_scene_t *s, int *rel, int *turn, int *settle)
{
    *rel = s->reduced_motion ? 0 : s->tuning.release_ms;
    *turn = s->reduced_motion ? COMPASS_CROSSFADE_MS : s->tuning.compass_turn_ms;
    *settle = s->reduced_motion ? 0 : COMPASS_SETTLE_MS;
}

static int64_t anim_end(const compass_scene_t *s)
{
    int rel, turn, settle;
    timings(s, &rel, &turn, &settle);
    return s->anim_t0 + rel + turn + settle;
}

compass_presentation compass_ui_presentation(const compass_scene_t *s, int64_t now,
                                             double *progress)
{
    double dummy;
    if (!progress)
        progress = &dummy;
    *progress = 1;
    if (s->anim_active) {
        int rel, turn, settle;
        timings(s, &rel, &turn, &settle);
        int64_t t = now - s->anim_t0;
        if (t < rel) {
            *progress = (double)t / rel;
            return CP_ARROW_RELEASING;
        }
        if (t < rel + turn) {
            *progress = (double)(t - rel) / turn;
            return CP_COMPASS_TURNING;
        }
        if (t < rel + turn + settle) {
            *progress = (double)(t - rel - turn) / settle;
            return CP_SETTLING;
        }
        return CP_SETTLING; /* until update() closes the animation */
    }
    int fb = s->reduced_motion ? COMPASS_CROSSFADE_MS : s->tuning.blocked_feedback_ms;
    if (s->blocked_arrow >= 0 && now - s->blocked_t0 < fb) {
        *progress = fb > 0 ? (double)(now - s->blocked_t0) / fb : 1;
        return CP_BLOCKED_FEEDBACK;
    }
    return CP_IDLE;
}

const char *compass_presentation_name(compass_presentation p)
{
    static const char *const names[] = {"idle", "release-resolving", "arrow-releasing",
                                        "compass-turning", "settling", "blocked-feedback"};
    return names[p];
}

/* ---------------------------------------------------------------- layout and focus */

void compass_ui_layout(const compass_scene_t *s, compass_layout *L)
{
    const compass_level *l = compass_ui_level(s);
    compass_layout_build(L, l->rows, l->cols, s->pan_x, s->pan_y);
}

static int has_next_level(const compass_scene_t *s) { return s->cur + 1 < s->camp.count; }

static void rebuild_widgets(compass_scene_t *s)
{
    s->nws = compass_layout_widgets(s->surface, s->tab, s->map_page, s->camp.count,
                                    has_next_level(s), s->ws, COMPASS_MAX_WIDGETS);
}

int compass_ui_widget_enabled(const compass_scene_t *s, const compass_widget *w)
{
    switch (w->kind) {
    case CW_UNDO:
    case CW_RESTART: return s->game.depth > 0;
    case CW_FTUE_NEXT: return s->ftue_step != FTUE_TRY;
    case CW_MAP_PREV: return s->map_page > 0;
    case CW_MAP_NEXT: return (s->map_page + 1) * COMPASS_MAP_PAGE < s->camp.count;
    case CW_AID: return !compass_is_won(&s->game.state);
    case CW_TUNE_DEC:
    case CW_TUNE_INC: return !s->reduced_motion;
    default: return 1;
    }
}

/* Arrows are live on the board when playing, and in the FTUE's "try" step (real input). */
static int arrows_live(const compass_scene_t *s)
{
    return s->surface == CS_PLAY || (s->surface == CS_FTUE && s->ftue_step == FTUE_TRY);
}

int compass_ui_focus_list(const compass_scene_t *s, compass_focus_item *out, int max)
{
    int n = 0;
    if (arrows_live(s)) {
        const compass_level *l = compass_ui_level(s);
        for (int r = 0; r < l->rows; r++)
            for (int c = 0; c < l->cols; c++) {
                int a = compass_arrow_at(l, r, c);
                if (a >= 0 && ((s->game.state.remaining >> a) & 1) && n < max)
                    out[n++] = (compass_focus_item){1, a};
            }
    }
    for (int i = 0; i < s->nws && n < max; i++)
        if (compass_ui_widget_enabled(s, &s->ws[i]))
            out[n++] = (compass_focus_item){0, i};
    return n;
}

/* Keeps the focused board cell in view on a pannable board. */
static void follow_focus(compass_scene_t *s)
{
    compass_focus_item items[COMPASS_MAX_ARROWS + COMPASS_MAX_WIDGETS];
    int n = compass_ui_focus_list(s, items, COMPASS_MAX_ARROWS + COMPASS_MAX_WIDGETS);
    if (s->focus >= n)
        s->focus = n ? n - 1 : 0;
    if (n && items[s->focus].is_arrow) {
        compass_layout L;
        compass_ui_layout(s, &L);
        const compass_arrow *a = &compass_ui_level(s)->arrows[items[s->focus].index];
        compass_layout_pan_to(&L, a->row, a->col, &s->pan_x, &s->pan_y);
    }
}

/* ---------------------------------------------------------------- events */

static void emit(compass_scene_t *s, cJSON *ev)
{
    compass_events_write(s->events, ev);
}

static void emit_caption(compass_scene_t *s, int64_t now)
{
    if (!s->events)
        return;
    char text[4096];
    compass_describe_state(compass_ui_level(s), &s->game.state, text, sizeof text);
    cJSON *ev = compass_events_begin(now, "caption");
    cJSON_AddStringToObject(ev, "board", text);
    cJSON_AddStringToObject(ev, "feedback", s->feedback);
    emit(s, ev);
}

static void emit_level_start(compass_scene_t *s, int64_t now)
{
    if (!s->events)
        return;
    const compass_level *l = compass_ui_level(s);
    compass_layout L;
    compass_ui_layout(s, &L);
    cJSON *ev = compass_events_begin(now, "level-start");
    cJSON_AddStringToObject(ev, "level", l->id);
    cJSON_AddNumberToObject(ev, "index", s->cur + 1);
    cJSON_AddNumberToObject(ev, "levels", s->camp.count);
    cJSON_AddNumberToObject(ev, "arrows", l->arrow_count);
    cJSON_AddNumberToObject(ev, "phase", s->game.state.phase);
    cJSON *layout = cJSON_AddObjectToObject(ev, "layout");
    cJSON_AddNumberToObject(layout, "cell", L.cell);
    cJSON_AddItemToObject(layout, "board", compass_events_box(L.view));
    cJSON *arrows = cJSON_AddArrayToObject(layout, "arrows");
    for (int i = 0; i < l->arrow_count; i++) {
        const compass_arrow *a = &l->arrows[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "id", a->id);
        cJSON_AddNumberToObject(o, "row", a->row);
        cJSON_AddNumberToObject(o, "col", a->col);
        if (compass_layout_cell_visible(&L, a->row, a->col))
            cJSON_AddItemToObject(o, "box", compass_events_box(compass_layout_cell(&L, a->row, a->col)));
        else
            cJSON_AddNullToObject(o, "box");
        cJSON_AddItemToArray(arrows, o);
    }
    compass_widget ws[8];
    int n = compass_layout_widgets(CS_PLAY, CT_MAP, 0, 0, 0, ws, 8);
    cJSON_AddItemToObject(layout, "controls", compass_events_widgets(ws, n));
    emit(s, ev);
}

/* A surface just opened: its controls, so scripts can aim. */
static void add_controls(compass_scene_t *s, cJSON *ev)
{
    cJSON_AddItemToObject(ev, "controls", compass_events_widgets(s->ws, s->nws));
}

static void emit_ftue(compass_scene_t *s, int64_t now, const char *action)
{
    static const char *const steps[FTUE_STEPS] = {"goal", "try", "turn"};
    if (!s->events)
        return;
    cJSON *ev = compass_events_begin(now, "ftue");
    cJSON_AddStringToObject(ev, "step", steps[s->ftue_step]);
    cJSON_AddStringToObject(ev, "action", action);
    if (!strcmp(action, "show"))
        add_controls(s, ev);
    emit(s, ev);
}

static cJSON *tools_event(int64_t now, const char *action, const char *device)
{
    cJSON *ev = compass_events_begin(now, "tools");
    cJSON_AddStringToObject(ev, "action", action);
    cJSON_AddStringToObject(ev, "device", device);
    return ev;
}

cJSON *compass_ui_payload(const compass_scene_t *s)
{
    const compass_evidence_summary *e = &s->evidence[s->cur];
    compass_payload_in in = {s->outcome, s->version, s->tuning, s->camp.count,
                             compass_ui_level(s)->id,
                             e->source != COMPASS_EVIDENCE_NONE && e->solver_verified};
    return compass_payload_json(&in);
}

/* The Evidence tab opened: the facts it shows. */
static void emit_evidence(compass_scene_t *s, int64_t now)
{
    if (!s->events)
        return;
    static const char *const sources[] = {"none", "report", "computed"};
    const compass_evidence_summary *e = &s->evidence[s->cur];
    cJSON *ev = compass_events_begin(now, "evidence");
    cJSON_AddStringToObject(ev, "level", compass_ui_level(s)->id);
    cJSON_AddStringToObject(ev, "source", sources[e->source]);
    cJSON_AddBoolToObject(ev, "staleReport", e->stale_report);
    if (e->source != COMPASS_EVIDENCE_NONE) {
        cJSON_AddBoolToObject(ev, "solvable", e->solvable);
        cJSON_AddBoolToObject(ev, "solverVerified", e->solver_verified);
        cJSON_AddNumberToObject(ev, "stateCount", (double)e->state_count);
        cJSON_AddNumberToObject(ev, "deadEndStates", (double)e->dead_end_states);
        cJSON_AddNumberToObject(ev, "pathLength", e->path_length);
        cJSON_AddNumberToObject(ev, "choicePoints", e->choice_steps);
        cJSON_AddStringToObject(ev, "canonicalHash", e->canonical_hash);
    }
    emit(s, ev);
}

static void emit_payload(compass_scene_t *s, int64_t now)
{
    if (!s->events)
        return;
    cJSON *ev = compass_events_begin(now, "payload");
    cJSON *p = compass_ui_payload(s);
    if (p)
        cJSON_AddItemToObject(ev, "payload", p);
    emit(s, ev);
}

/* ---------------------------------------------------------------- surfaces and levels */

static void set_surface(compass_scene_t *s, compass_surface surf)
{
    s->surface = surf;
    rebuild_widgets(s);
    s->focus = 0;
}

static void start_level(compass_scene_t *s, int index, int64_t now)
{
    s->cur = index;
    compass_game_start(&s->game, compass_ui_level(s));
    s->releases = s->undos = s->restarts = 0;
    s->feedback[0] = 0;
    s->have_last = 0;
    s->anim_active = 0;
    s->blocked_arrow = -1;
    s->aid_valid = 0;
    s->pan_x = s->pan_y = 0;
    s->map_page = index / COMPASS_MAP_PAGE;
    emit_level_start(s, now);
    emit_caption(s, now);
}

static void open_ftue(compass_scene_t *s, int64_t now)
{
    s->ftue_step = FTUE_GOAL;
    s->ftue_released = 0;
    set_surface(s, CS_FTUE);
    emit_ftue(s, now, "show");
}

static void ftue_step_to(compass_scene_t *s, compass_ftue_step step, int64_t now)
{
    s->ftue_step = step;
    rebuild_widgets(s);
    s->focus = 0;
    emit_ftue(s, now, "show");
}

/* FTUE skipped or finished: the board, or the completion dialog if the practice cleared it. */
static void close_ftue(compass_scene_t *s, int64_t now, const char *action)
{
    emit_ftue(s, now, action);
    set_surface(s, CS_PLAY);
    if (compass_game_won(&s->game) && !s->anim_active)
        set_surface(s, CS_DONE);
}

static void open_tools(compass_scene_t *s, compass_tab tab, const char *device, int64_t now)
{
    s->tools_return = s->surface == CS_TOOLS ? s->tools_return : s->surface;
    s->tab = tab;
    set_surface(s, CS_TOOLS);
    if (s->events) {
        cJSON *ev = tools_event(now, "open", device);
        cJSON_AddStringToObject(ev, "tab", tab == CT_MAP ? "map" : tab == CT_EVIDENCE ? "evidence" : "payload");
        add_controls(s, ev);
        emit(s, ev);
    }
    if (tab == CT_PAYLOAD)
        emit_payload(s, now);
}

static void complete_level(compass_scene_t *s, int64_t now)
{
    s->completed[s->cur] = 1;
    if (s->surface == CS_FTUE)
        return; /* the FTUE's "turn" step first; closing it opens the dialog */
    set_surface(s, CS_DONE);
    if (s->events) {
        cJSON *ev = compass_events_begin(now, "level-complete");
        cJSON_AddStringToObject(ev, "level", compass_ui_level(s)->id);
        cJSON_AddNumberToObject(ev, "releases", s->releases);
        cJSON_AddNumberToObject(ev, "undos", s->undos);
        cJSON_AddNumberToObject(ev, "restarts", s->restarts);
        add_controls(s, ev);
        emit(s, ev);
    }
}

/* ---------------------------------------------------------------- the controller actions */

static void tap_arrow(compass_scene_t *s, int arrow, const char *device, int64_t now)
{
    const compass_level *l = compass_ui_level(s);
    compass_state before = s->game.state;
    compass_release_result r = compass_game_tap(&s->game, arrow);
    compass_describe_feedback(l, &before, arrow, &r, s->feedback, sizeof s->feedback);
    s->have_last = 1;
    s->last = r;
    s->last_arrow = arrow;
    if (r.status == COMPASS_NOT_REMAINING)
        return;
    cJSON *ev = NULL;
    char lane[16];
    compass_lane_label(r.exit_side, r.exit_lane, lane, sizeof lane);
    if (r.status == COMPASS_RELEASED) {
        s->releases++;
        s->anim_active = 1;
        s->anim_arrow = arrow;
        s->anim_from_phase = before.phase;
        s->anim_t0 = now;
        s->blocked_arrow = -1;
        s->aid_valid = 0;
        if (s->surface == CS_FTUE)
            s->ftue_released = 1;
        if (s->events) {
            char ap[40];
            snprintf(ap, sizeof ap, "%s#%s", lane, compass_aperture_kind_name(l->apertures[r.aperture].kind));
            ev = compass_events_begin(now, "release");
            cJSON_AddStringToObject(ev, "arrow", l->arrows[arrow].id);
            cJSON_AddStringToObject(ev, "device", device);
            cJSON_AddStringToObject(ev, "dir", compass_dir_name(r.exit_side));
            cJSON_AddStringToObject(ev, "aperture", ap);
            cJSON_AddNumberToObject(ev, "phaseBefore", before.phase);
            cJSON_AddNumberToObject(ev, "phaseAfter", s->game.state.phase);
            cJSON_AddNumberToObject(ev, "remaining", __builtin_popcountll(s->game.state.remaining));
        }
    } else {
        s->blocked_arrow = arrow;
        s->blocked_t0 = now;
        if (s->events) {
            ev = compass_events_begin(now, "blocked");
            cJSON_AddStringToObject(ev, "arrow", l->arrows[arrow].id);
            cJSON_AddStringToObject(ev, "device", device);
            cJSON_AddStringToObject(ev, "reason", compass_release_status_name(r.status));
            cJSON *b = cJSON_CreateObject();
            if (r.status == COMPASS_BLOCKED_ARROW) {
                cJSON_AddStringToObject(b, "arrow", l->arrows[r.blocker_arrow].id);
            } else if (r.status == COMPASS_BLOCKED_WALL) {
                cJSON *cell = cJSON_AddArrayToObject(b, "wall");
                cJSON_AddItemToArray(cell, cJSON_CreateNumber(r.blocker_row));
                cJSON_AddItemToArray(cell, cJSON_CreateNumber(r.blocker_col));
            } else if (r.status == COMPASS_BLOCKED_CLOSED_EDGE) {
                cJSON_AddStringToObject(b, "edge", lane);
            } else {
                char ap[40];
                snprintf(ap, sizeof ap, "%s#%s", lane, compass_aperture_kind_name(l->apertures[r.aperture].kind));
                cJSON_AddStringToObject(b, "aperture", ap);
            }
            cJSON_AddItemToObject(ev, "blocker", b);
            cJSON_AddStringToObject(ev, "dir", compass_dir_name(r.exit_side));
            cJSON_AddNumberToObject(ev, "phase", s->game.state.phase);
        }
    }
    if (ev)
        emit(s, ev);
    emit_caption(s, now);
}

static void history_action(compass_scene_t *s, int restart, const char *device, int64_t now)
{
    if (s->game.depth == 0)
        return;
    if (restart) {
        compass_game_start(&s->game, compass_ui_level(s));
        s->restarts++;
        snprintf(s->feedback, sizeof s->feedback, "Restarted: every arrow is back and the compass reads phase %d.",
                 s->game.state.phase);
    } else {
        compass_game_undo(&s->game);
        s->undos++;
        snprintf(s->feedback, sizeof s->feedback, "Undone: the last release is back and the compass reads phase %d.",
                 s->game.state.phase);
    }
    s->have_last = 0;
    s->blocked_arrow = -1;
    s->aid_valid = 0;
    if (s->events) {
        cJSON *ev = compass_events_begin(now, restart ? "restart" : "undo");
        cJSON_AddStringToObject(ev, "device", device);
        cJSON_AddNumberToObject(ev, "phase", s->game.state.phase);
        cJSON_AddNumberToObject(ev, "remaining", __builtin_popcountll(s->game.state.remaining));
        emit(s, ev);
    }
    emit_caption(s, now);
}

static void designer_aid(compass_scene_t *s, const char *device, int64_t now)
{
    s->aid = compass_hint(compass_ui_level(s), &s->game.state, COMPASS_UI_MAX_STATES);
    s->aid_state = s->game.state;
    s->aid_valid = 1;
    if (s->events) {
        static const char *const results[] = {"move", "no-winning-path", "won", "search-limit"};
        cJSON *ev = tools_event(now, "designer-aid", device);
        cJSON_AddStringToObject(ev, "result", results[s->aid.status]);
        if (s->aid.arrow >= 0)
            cJSON_AddStringToObject(ev, "arrow", compass_ui_level(s)->arrows[s->aid.arrow].id);
        else
            cJSON_AddNullToObject(ev, "arrow");
        emit(s, ev);
    }
}

static int *tuning_slot(compass_scene_t *s, int row)
{
    return row == 0 ? &s->tuning.release_ms : row == 1 ? &s->tuning.compass_turn_ms
                                                       : &s->tuning.blocked_feedback_ms;
}

static void activate_widget(compass_scene_t *s, const compass_widget *w, const char *device,
                            int64_t now)
{
    if (!compass_ui_widget_enabled(s, w))
        return;
    static const char *const tabs[] = {"map", "evidence", "payload"};
    cJSON *ev = NULL;
    switch (w->kind) {
    case CW_UNDO: history_action(s, 0, device, now); break;
    case CW_RESTART: history_action(s, 1, device, now); break;
    case CW_TOOLS: open_tools(s, CT_MAP, device, now); break;
    case CW_HELP: open_ftue(s, now); break;
    case CW_FTUE_SKIP: close_ftue(s, now, "skip"); break;
    case CW_FTUE_NEXT:
        if (s->ftue_step == FTUE_GOAL)
            ftue_step_to(s, FTUE_TRY, now);
        else
            close_ftue(s, now, "complete");
        break;
    case CW_DONE_CONTINUE:
        set_surface(s, CS_PLAY);
        start_level(s, s->cur + 1, now);
        break;
    case CW_DONE_REPLAY:
        set_surface(s, CS_PLAY);
        start_level(s, s->cur, now);
        break;
    case CW_DONE_MAP: open_tools(s, CT_MAP, device, now); break;
    case CW_TOOLS_CLOSE:
        set_surface(s, s->tools_return == CS_DONE && !compass_game_won(&s->game) ? CS_PLAY : s->tools_return);
        if (s->events)
            ev = tools_event(now, "close", device);
        break;
    case CW_TAB_MAP:
    case CW_TAB_EVIDENCE:
    case CW_TAB_PAYLOAD:
        s->tab = (compass_tab)(w->kind - CW_TAB_MAP);
        rebuild_widgets(s);
        if (s->events) {
            ev = tools_event(now, "tab", device);
            cJSON_AddStringToObject(ev, "tab", tabs[s->tab]);
            add_controls(s, ev);
            emit(s, ev);
            ev = NULL;
        }
        if (s->tab == CT_PAYLOAD)
            emit_payload(s, now);
        else if (s->tab == CT_EVIDENCE)
            emit_evidence(s, now);
        break;
    case CW_MAP_LEVEL: {
        int level = w->arg;
        if (s->events) {
            ev = tools_event(now, "open-level", device);
            cJSON_AddStringToObject(ev, "level", s->camp.levels[level].id);
            emit(s, ev);
            ev = NULL;
        }
        set_surface(s, CS_PLAY);
        start_level(s, level, now);
        break;
    }
    case CW_MAP_PREV:
    case CW_MAP_NEXT:
        s->map_page += w->kind == CW_MAP_NEXT ? 1 : -1;
        rebuild_widgets(s);
        if (s->events) {
            ev = tools_event(now, "map-page", device);
            cJSON_AddNumberToObject(ev, "page", s->map_page + 1);
            add_controls(s, ev);
        }
        break;
    case CW_AID: designer_aid(s, device, now); break;
    case CW_TUNE_DEC:
    case CW_TUNE_INC: {
        static const char *const keys[] = {"releaseDurationMs", "compassTurnMs", "blockedFeedbackMs"};
        int *v = tuning_slot(s, w->arg);
        *v += w->kind == CW_TUNE_INC ? TUNE_STEP_MS : -TUNE_STEP_MS;
        *v = *v < 0 ? 0 : *v > TUNE_MAX_MS ? TUNE_MAX_MS : *v;
        if (s->events) {
            ev = tools_event(now, "tuning", device);
            cJSON_AddStringToObject(ev, "key", keys[w->arg]);
            cJSON_AddNumberToObject(ev, "value", *v);
        }
        break;
    }
    case CW_REDUCED_MOTION:
    case CW_CAPTIONS: {
        int *v = w->kind == CW_CAPTIONS ? &s->captions : &s->reduced_motion;
        *v = !*v;
        if (s->events) {
            ev = tools_event(now, w->kind == CW_CAPTIONS ? "captions" : "reduced-motion", device);
            cJSON_AddBoolToObject(ev, "on", *v);
        }
        break;
    }
    case CW_OUTCOME:
        s->outcome = (compass_outcome)w->arg;
        if (s->events) {
            ev = tools_event(now, "outcome", device);
            cJSON_AddStringToObject(ev, "outcome", compass_outcome_name(s->outcome));
            emit(s, ev);
            ev = NULL;
        }
        emit_payload(s, now);
        break;
    default: break;
    }
    if (ev)
        emit(s, ev);
}

/* ---------------------------------------------------------------- --watch */

/* A signature of the watched files' sizes and modification times. */
static uint64_t files_signature(const compass_scene_t *s)
{
    uint64_t h = 1469598103934665603ull;
    int n = s->single ? 1 : s->camp.count + 1;
    for (int i = 0; i < n; i++) {
        struct stat st;
        const char *p = i == 0 ? s->source_path : s->camp.paths[i - 1];
        uint64_t v[3] = {0, 0, 0};
        if (stat(p, &st) == 0) {
            v[0] = (uint64_t)st.st_size;
            v[1] = (uint64_t)st.st_mtim.tv_sec;
            v[2] = (uint64_t)st.st_mtim.tv_nsec;
        }
        for (int k = 0; k < 3; k++)
            h = (h ^ v[k]) * 1099511628211ull;
    }
    return h;
}

/* Reads the content named by source_path into camp/evidence; on failure leaves them alone. */
static int load_content(compass_scene_t *s, char *err, size_t errlen)
{
    compass_campaign_file camp = {0, NULL, NULL};
    if (s->single) {
        camp.levels = calloc(1, sizeof *camp.levels);
        camp.paths = calloc(1, sizeof *camp.paths);
        if (!camp.levels || !camp.paths) {
            compass_campaign_file_free(&camp);
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        if (compass_level_file_read(s->source_path, &camp.levels[0], err, errlen)) {
            compass_campaign_file_free(&camp);
            return -1;
        }
        snprintf(camp.paths[0], COMPASS_PATH_MAX, "%s", s->source_path);
        camp.count = 1;
    } else if (compass_campaign_file_read(s->source_path, &camp, err, errlen)) {
        return -1;
    }
    compass_evidence_summary *ev = calloc((size_t)camp.count, sizeof *ev);
    unsigned char *done = calloc((size_t)camp.count, 1);
    if (!ev || !done) {
        free(ev);
        free(done);
        compass_campaign_file_free(&camp);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int i = 0; i < camp.count; i++) {
        char report[4200];
        snprintf(report, sizeof report, "%s/%s.json", s->reports_dir, camp.levels[i].id);
        if (compass_evidence_for(&camp.levels[i], report, COMPASS_UI_MAX_STATES, &ev[i], err, errlen)) {
            free(ev);
            free(done);
            compass_campaign_file_free(&camp);
            return -1;
        }
    }
    compass_campaign_file_free(&s->camp);
    free(s->evidence);
    free(s->completed);
    s->camp = camp;
    s->evidence = ev;
    s->completed = done;
    return 0;
}

static void watch_poll(compass_scene_t *s, int64_t now)
{
    if (!s->watch || now < s->watch_next_ms)
        return;
    s->watch_next_ms = now + WATCH_POLL_MS;
    uint64_t sig = files_signature(s);
    if (sig == s->watch_sig)
        return;
    s->watch_sig = sig;
    char err[1024];
    char id[64];
    snprintf(id, sizeof id, "%s", compass_ui_level(s)->id);
    int ok = load_content(s, err, sizeof err) == 0;
    int index = 0;
    if (ok) {
        for (int i = 0; i < s->camp.count; i++)
            if (!strcmp(s->camp.levels[i].id, id))
                index = i;
        snprintf(s->notice, sizeof s->notice, "Reloaded from disk: %s restarted at its initial state.",
                 s->camp.levels[index].id);
    } else {
        snprintf(s->notice, sizeof s->notice, "%.560s (the last good board stays)", err);
    }
    s->notice_error = !ok;
    s->notice_t = now;
    if (s->events) {
        cJSON *ev = compass_events_begin(now, "reload");
        cJSON_AddBoolToObject(ev, "ok", ok);
        cJSON_AddStringToObject(ev, "message", s->notice);
        emit(s, ev);
    }
    if (ok) {
        /* The FTUE stays up over the new board; any other surface gives way to it. */
        if (s->surface != CS_FTUE)
            set_surface(s, CS_PLAY);
        start_level(s, index, now);
        rebuild_widgets(s);
    }
}

/* ---------------------------------------------------------------- scene table */

static void *scene_create(const scene_env *env, int64_t now, char *err, size_t errlen)
{
    compass_scene_t *s = calloc(1, sizeof *s);
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
    if (load_content(s, why, sizeof why)) {
        snprintf(err, errlen, "compass: %s", why);
        free(s);
        return NULL;
    }
    s->watch_sig = s->watch ? files_signature(s) : 0;
    s->watch_next_ms = now + WATCH_POLL_MS;
    s->tuning = compass_tuning_default();
    s->outcome = COMPASS_OUTCOME_NONE;
    s->blocked_arrow = -1;
    s->art = compass_art_create();
    set_surface(s, CS_PLAY);
    start_level(s, 0, now);
    /* Every launch starts at FTUE step one (compass-shift.md "Prototype quality contract"). */
    open_ftue(s, now);
    return s;
}

static void scene_destroy(void *p)
{
    compass_scene_t *s = p;
    if (!s)
        return;
    compass_art_destroy(s->art);
    compass_campaign_file_free(&s->camp);
    free(s->evidence);
    free(s->completed);
    free(s);
}

static void scene_update(void *p, int64_t now)
{
    compass_scene_t *s = p;
    if (s->anim_active && now >= anim_end(s)) {
        /* Logged at the animation's due time, whatever the frame rate. */
        int64_t due = anim_end(s);
        s->anim_active = 0;
        if (s->surface == CS_FTUE && s->ftue_step == FTUE_TRY && s->ftue_released)
            ftue_step_to(s, FTUE_TURN, due);
        if (compass_game_won(&s->game))
            complete_level(s, due);
    }
    watch_poll(s, now);
}

static const char *device_of(const player_input *in)
{
    switch (in->kind) {
    case PIN_KEY: return "keyboard";
    case PIN_PAD: return "gamepad";
    case PIN_TOUCH_DOWN:
    case PIN_TOUCH_MOVE:
    case PIN_TOUCH_UP: return "touch";
    default: return "mouse";
    }
}

/* What is under a field point: an arrow (when arrows are live) or a widget. */
static int target_at(const compass_scene_t *s, double x, double y, compass_focus_item *out)
{
    int w = compass_widget_at(s->ws, s->nws, x, y);
    if (w >= 0) {
        *out = (compass_focus_item){0, w};
        return 1;
    }
    if (!arrows_live(s))
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

static int locked(const compass_scene_t *s) { return s->anim_active; }

static void activate(compass_scene_t *s, compass_focus_item t, const char *device, int64_t now)
{
    if (locked(s))
        return; /* input is locked only during the success animation */
    if (t.is_arrow) {
        if (arrows_live(s))
            tap_arrow(s, t.index, device, now);
    } else if (t.index < s->nws) {
        compass_widget w = s->ws[t.index];
        /* The FTUE keeps the shell inert: only its own card and the board answer. */
        activate_widget(s, &w, device, now);
    }
}

static void move_focus(compass_scene_t *s, int to)
{
    compass_focus_item items[COMPASS_MAX_ARROWS + COMPASS_MAX_WIDGETS];
    int n = compass_ui_focus_list(s, items, COMPASS_MAX_ARROWS + COMPASS_MAX_WIDGETS);
    if (n == 0)
        return;
    s->focus = ((to % n) + n) % n;
    s->focus_visible = 1;
    follow_focus(s);
}

static void key_input(compass_scene_t *s, const player_input *in, int64_t now)
{
    const char *dev = device_of(in);
    compass_focus_item items[COMPASS_MAX_ARROWS + COMPASS_MAX_WIDGETS];
    int n = compass_ui_focus_list(s, items, COMPASS_MAX_ARROWS + COMPASS_MAX_WIDGETS);
    if (s->focus >= n)
        s->focus = n ? n - 1 : 0;
    int back = (in->mods & PMOD_SHIFT) != 0;
    player_key k = in->key;
    if (in->kind == PIN_PAD) {
        k = in->button == PB_A ? PK_ENTER : in->button == PB_B ? PK_ESCAPE
          : in->button == PB_LEFT || in->button == PB_UP ? PK_LEFT
          : in->button == PB_RIGHT || in->button == PB_DOWN ? PK_RIGHT : PK_NONE;
    }
    switch (k) {
    case PK_TAB: move_focus(s, s->focus + (back ? -1 : 1)); break;
    case PK_RIGHT:
    case PK_DOWN: move_focus(s, s->focus + 1); break;
    case PK_LEFT:
    case PK_UP: move_focus(s, s->focus - 1); break;
    case PK_HOME: move_focus(s, 0); break;
    case PK_END: move_focus(s, n - 1); break;
    case PK_ENTER:
    case PK_SPACE:
        if (n) {
            s->focus_visible = 1;
            activate(s, items[s->focus], dev, now);
        }
        break;
    case PK_ESCAPE:
        if (s->surface == CS_FTUE)
            close_ftue(s, now, "skip");
        else if (s->surface == CS_TOOLS && !locked(s)) {
            compass_widget close = {CW_TOOLS_CLOSE, 0, {0, 0, 0, 0}};
            activate_widget(s, &close, dev, now);
        } else if (s->surface == CS_PLAY) {
            s->quit = 1; /* back to the launcher, or out when started as bin/player compass */
        }
        break;
    case PK_BACKSPACE:
        if (s->surface == CS_PLAY && !locked(s))
            history_action(s, 0, dev, now);
        break;
    case PK_CHAR:
        if (s->surface == CS_PLAY && !locked(s) && (in->ch == 'u' || in->ch == 'z'))
            history_action(s, 0, dev, now);
        else if (s->surface == CS_PLAY && !locked(s) && in->ch == 'r')
            history_action(s, 1, dev, now);
        break;
    default: break;
    }
}

static void scene_input(void *p, const player_input *in, int64_t now)
{
    compass_scene_t *s = p;
    scene_update(s, now); /* an animation due by now ends before this input is seen */
    compass_focus_item t;
    switch (in->kind) {
    case PIN_MOVE:
        s->px = in->x;
        s->py = in->y;
        s->have_pointer = 1;
        break;
    case PIN_CLICK:
        s->px = in->x;
        s->py = in->y;
        s->focus_visible = 0;
        if (target_at(s, in->x, in->y, &t))
            activate(s, t, "mouse", now);
        break;
    case PIN_TOUCH_DOWN:
        s->touch_down = 1;
        s->touch_panning = 0;
        s->touch_x0 = in->x;
        s->touch_y0 = in->y;
        s->touch_pan_x0 = s->pan_x;
        s->touch_pan_y0 = s->pan_y;
        s->touch_has_target = target_at(s, in->x, in->y, &s->touch_target);
        s->focus_visible = 0;
        break;
    case PIN_TOUCH_MOVE:
        if (s->touch_down) {
            compass_layout L;
            compass_ui_layout(s, &L);
            double dx = in->x - s->touch_x0, dy = in->y - s->touch_y0;
            /* A drag of more than a few pixels on a pannable board pans it, never taps. */
            if ((L.max_pan_x > 0 || L.max_pan_y > 0) && dx * dx + dy * dy > 100 &&
                compass_box_contains(L.well, s->touch_x0, s->touch_y0))
                s->touch_panning = 1;
            if (s->touch_panning) {
                s->pan_x = s->touch_pan_x0 - dx;
                s->pan_y = s->touch_pan_y0 - dy;
                compass_layout_build(&L, L.rows, L.cols, s->pan_x, s->pan_y);
                s->pan_x = L.pan_x;
                s->pan_y = L.pan_y;
            }
        }
        break;
    case PIN_TOUCH_UP:
        if (s->touch_down && !s->touch_panning && s->touch_has_target &&
            target_at(s, in->x, in->y, &t) && t.is_arrow == s->touch_target.is_arrow &&
            t.index == s->touch_target.index)
            activate(s, t, "touch", now);
        s->touch_down = 0;
        break;
    case PIN_KEY:
    case PIN_PAD: key_input(s, in, now); break;
    default: break;
    }
}

static void scene_draw(void *p, gfx *g, int64_t now) { compass_draw_scene(p, g, now); }

static void scene_pointer_gone(void *p)
{
    compass_scene_t *s = p;
    s->have_pointer = 0;
    s->touch_down = 0;
}

static int scene_wants_quit(const void *p) { return ((const compass_scene_t *)p)->quit; }

static int scene_take_warning(void *p, char *buf, size_t n)
{
    (void)p;
    (void)buf;
    (void)n;
    return 0;
}

const scene_def compass_scene = {
    .name = "compass",
    .title = "Compass Shift",
    .help = "Plays the Compass Shift campaign (levels/compass/campaign.json) or one --level\n"
            "file. Tap or click an arrow to release it; Tab / Shift+Tab (or arrow keys) move\n"
            "the focus, Enter or Space activate; U or Backspace undo, R restart, Esc closes\n"
            "the FTUE or the Tools sheet.",
    .field_w = COMPASS_FIELD_W,
    .field_h = COMPASS_FIELD_H,
    .letterbox = 0x0B1A2B,
    .options = options,
    .create = scene_create,
    .destroy = scene_destroy,
    .update = scene_update,
    .input = scene_input,
    .draw = scene_draw,
    .pointer_gone = scene_pointer_gone,
    .set_active = NULL,
    .wants_quit = scene_wants_quit,
    .take_warning = scene_take_warning,
};
