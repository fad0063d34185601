/* Compass Shift scene: the controller actions (tap, undo, restart, the surfaces, Tools) and
 * the events they log. Every rule decision is the core's (compass_game_tap, compass_hint). */
#include <stdlib.h>
#include <string.h>

#include "compass/compass_describe.h"
#include "compass_events.h"
#include "compass_ui.h"

/* ---------------------------------------------------------------- events */

void compass_ui_emit(compass_player *s, cJSON *ev)
{
    compass_events_write(s->events, ev);
}

static void emit_caption(compass_player *s, int64_t now)
{
    if (!s->events)
        return;
    char text[4096];
    compass_describe_state(compass_ui_level(s), &s->game.state, text, sizeof text);
    cJSON *ev = compass_events_begin(now, "caption");
    cJSON_AddStringToObject(ev, "board", text);
    cJSON_AddStringToObject(ev, "feedback", s->feedback);
    compass_ui_emit(s, ev);
}

/* The board's and the play controls' hit boxes, as scripts aim from them. */
static cJSON *layout_json(compass_player *s)
{
    const compass_level *l = compass_ui_level(s);
    compass_layout L;
    compass_ui_layout(s, &L);
    cJSON *layout = cJSON_CreateObject();
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
    return layout;
}

static void emit_level_start(compass_player *s, int64_t now)
{
    if (!s->events)
        return;
    const compass_level *l = compass_ui_level(s);
    cJSON *ev = compass_events_begin(now, "level-start");
    cJSON_AddStringToObject(ev, "level", l->id);
    cJSON_AddNumberToObject(ev, "index", s->cur + 1);
    cJSON_AddNumberToObject(ev, "levels", s->camp.count);
    cJSON_AddNumberToObject(ev, "arrows", l->arrow_count);
    cJSON_AddNumberToObject(ev, "phase", s->game.state.phase);
    cJSON_AddItemToObject(ev, "layout", layout_json(s));
    compass_ui_emit(s, ev);
    s->view_pan_x = s->pan_x;
    s->view_pan_y = s->pan_y;
}

void compass_ui_view_changed(compass_player *s, int64_t now)
{
    if (s->touch_down || (s->pan_x == s->view_pan_x && s->pan_y == s->view_pan_y))
        return;
    s->view_pan_x = s->pan_x;
    s->view_pan_y = s->pan_y;
    if (!s->events)
        return;
    cJSON *ev = compass_events_begin(now, "view");
    cJSON_AddItemToObject(ev, "pan", compass_events_point(s->pan_x, s->pan_y));
    cJSON_AddItemToObject(ev, "layout", layout_json(s));
    compass_ui_emit(s, ev);
}

/* A surface just opened: its controls, so scripts can aim. */
static void add_controls(compass_player *s, cJSON *ev)
{
    cJSON_AddItemToObject(ev, "controls", compass_events_widgets(s->ws, s->nws));
}

static void emit_ftue(compass_player *s, int64_t now, const char *action)
{
    static const char *const steps[FTUE_STEPS] = {"goal", "try", "turn", "edges"};
    if (!s->events)
        return;
    cJSON *ev = compass_events_begin(now, "ftue");
    cJSON_AddStringToObject(ev, "step", steps[s->ftue_step]);
    cJSON_AddStringToObject(ev, "action", action);
    if (!strcmp(action, "show"))
        add_controls(s, ev);
    compass_ui_emit(s, ev);
}

static cJSON *tools_event(int64_t now, const char *action, const char *device)
{
    cJSON *ev = compass_events_begin(now, "tools");
    cJSON_AddStringToObject(ev, "action", action);
    cJSON_AddStringToObject(ev, "device", device);
    return ev;
}

/* The Evidence tab opened: the facts it shows. */
static void emit_evidence(compass_player *s, int64_t now)
{
    if (!s->events)
        return;
    static const char *const sources[] = {"none", "report", "computed"};
    const compass_evidence_summary *e = &s->evidence[s->cur];
    cJSON *ev = compass_events_begin(now, "evidence");
    cJSON_AddStringToObject(ev, "level", compass_ui_level(s)->id);
    cJSON_AddStringToObject(ev, "source", sources[e->source]);
    cJSON_AddBoolToObject(ev, "staleReport", e->stale_report);
    char src[4300];
    compass_text_evidence_source(s, src, sizeof src);
    cJSON_AddStringToObject(ev, "sourceText", src);
    if (e->source != COMPASS_EVIDENCE_NONE) {
        cJSON_AddBoolToObject(ev, "solvable", e->solvable);
        cJSON_AddBoolToObject(ev, "solverVerified", e->solver_verified);
        cJSON_AddNumberToObject(ev, "stateCount", (double)e->state_count);
        cJSON_AddNumberToObject(ev, "deadEndStates", (double)e->dead_end_states);
        cJSON_AddNumberToObject(ev, "pathLength", e->path_length);
        cJSON_AddNumberToObject(ev, "choicePoints", e->choice_steps);
        cJSON_AddStringToObject(ev, "canonicalHash", e->canonical_hash);
    }
    compass_ui_emit(s, ev);
}

static void emit_payload(compass_player *s, int64_t now)
{
    if (!s->events)
        return;
    cJSON *ev = compass_events_begin(now, "payload");
    cJSON *p = compass_ui_payload(s);
    if (p)
        cJSON_AddItemToObject(ev, "payload", p);
    compass_ui_emit(s, ev);
}

static void emit_note(compass_player *s, int64_t now, const char *action, const char *device)
{
    if (!s->events)
        return;
    static const char *const kinds[] = {"plain", "window", "port"};
    char text[240];
    compass_text_note(s->note_kinds, text, sizeof text);
    cJSON *ev = compass_events_begin(now, "note");
    cJSON_AddStringToObject(ev, "action", action);
    if (device)
        cJSON_AddStringToObject(ev, "device", device);
    cJSON *k = cJSON_AddArrayToObject(ev, "kinds");
    for (int i = COMPASS_APERTURE_WINDOW; i <= COMPASS_APERTURE_PORT; i++)
        if ((s->note_kinds >> i) & 1)
            cJSON_AddItemToArray(k, cJSON_CreateString(kinds[i]));
    cJSON_AddStringToObject(ev, "text", text);
    if (!strcmp(action, "show")) {
        int i = s->nws - 1;
        cJSON_AddItemToObject(ev, "controls", compass_events_widgets(&s->ws[i], 1));
    }
    compass_ui_emit(s, ev);
}

/* ---------------------------------------------------------------- surfaces and levels */

/* Focus starts on the surface's first item, except on an FTUE card: there Next (Enter goes
 * on with the lesson, never skips it); in the "try" step the first arrow comes first. */
void compass_ui_focus_first(compass_player *s)
{
    compass_focus_item items[COMPASS_MAX_ARROWS + COMPASS_MAX_WIDGETS];
    int n = compass_ui_focus_list(s, items, COMPASS_MAX_ARROWS + COMPASS_MAX_WIDGETS);
    s->focus = n ? items[0] : (compass_focus_item){0, 0};
    if (s->surface == CS_FTUE && n && !items[0].is_arrow)
        for (int i = 0; i < n; i++)
            if (!items[i].is_arrow && s->ws[items[i].index].kind == CW_FTUE_NEXT)
                s->focus = items[i];
}

/* The focus target's name: the arrow's id, else the control's name (":arg" for the controls
 * that carry one: a map level, a tuning row, an outcome). */
static void focus_name(const compass_player *s, char *out, size_t n)
{
    if (!compass_ui_focus_valid(s)) {
        snprintf(out, n, "none");
        return;
    }
    if (s->focus.is_arrow) {
        snprintf(out, n, "%s", compass_ui_level(s)->arrows[s->focus.index].id);
        return;
    }
    const compass_widget *w = &s->ws[s->focus.index];
    snprintf(out, n, "%s", compass_widget_name(w->kind));
}

void compass_ui_log_focus(compass_player *s, const char *device, int64_t now)
{
    char name[64];
    focus_name(s, name, sizeof name);
    int arg = !s->focus.is_arrow && compass_ui_focus_valid(s) ? s->ws[s->focus.index].arg : 0;
    int has_arg = !s->focus.is_arrow && compass_ui_focus_valid(s) &&
                  (s->ws[s->focus.index].kind == CW_MAP_LEVEL || s->ws[s->focus.index].kind == CW_OUTCOME ||
                   s->ws[s->focus.index].kind == CW_TUNE_DEC || s->ws[s->focus.index].kind == CW_TUNE_INC);
    char key[64];
    snprintf(key, sizeof key, "%.40s:%d", name, has_arg ? arg : -1);
    if (!strcmp(key, s->focus_logged))
        return;
    snprintf(s->focus_logged, sizeof s->focus_logged, "%s", key);
    if (!s->events || !device || !strcmp(name, "none"))
        return; /* before any input the first stop is where focus starts, not a change */
    cJSON *ev = compass_events_begin(now, "focus");
    cJSON_AddStringToObject(ev, "target", name);
    if (has_arg)
        cJSON_AddNumberToObject(ev, "arg", arg);
    cJSON_AddStringToObject(ev, "device", device);
    compass_ui_emit(s, ev);
}

void compass_ui_set_surface(compass_player *s, compass_surface surf)
{
    s->surface = surf;
    compass_ui_rebuild_widgets(s);
    compass_ui_focus_first(s);
}

void compass_ui_begin(compass_player *s, int64_t now)
{
    s->tuning = compass_tuning_default();
    s->outcome = COMPASS_OUTCOME_NONE;
    s->blocked_arrow = -1;
    s->art = compass_art_create();
    compass_ui_set_surface(s, CS_PLAY);
    compass_ui_start_level(s, 0, now);
}

void compass_ui_start_level(compass_player *s, int index, int64_t now)
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
    /* Windows and ports, the first time a level of this session has them: one sentence on
     * the board until dismissed. */
    unsigned kinds = compass_ui_level_kinds(compass_ui_level(s)) &
                     ((1u << COMPASS_APERTURE_WINDOW) | (1u << COMPASS_APERTURE_PORT));
    s->note_kinds = kinds & ~s->seen_kinds;
    s->seen_kinds |= kinds;
    compass_ui_rebuild_widgets(s);
    compass_ui_focus_first(s);
    compass_ui_present_idle(s, now);
    emit_level_start(s, now);
    emit_caption(s, now);
    if (s->note_kinds)
        emit_note(s, now, "show", NULL);
}

void compass_ui_open_ftue(compass_player *s, int64_t now)
{
    s->ftue_step = FTUE_GOAL;
    s->ftue_released = 0;
    compass_ui_set_surface(s, CS_FTUE);
    emit_ftue(s, now, "show");
}

void compass_ui_ftue_step_to(compass_player *s, compass_ftue_step step, int64_t now)
{
    s->ftue_step = step;
    compass_ui_rebuild_widgets(s);
    compass_ui_focus_first(s);
    emit_ftue(s, now, "show");
}

/* FTUE skipped or finished: the board, or the completion dialog if the practice cleared it. */
void compass_ui_close_ftue(compass_player *s, int64_t now, const char *action)
{
    emit_ftue(s, now, action);
    compass_ui_set_surface(s, CS_PLAY);
    if (compass_game_won(&s->game) && !s->anim_active)
        compass_ui_set_surface(s, CS_DONE);
}

void compass_ui_close_done(compass_player *s, const char *device, int64_t now)
{
    (void)device;
    (void)now;
    compass_ui_set_surface(s, CS_PLAY); /* the cleared board: Undo, Restart and Tools stay */
}

static void open_tools(compass_player *s, compass_tab tab, const char *device, int64_t now)
{
    s->tools_return = s->surface == CS_TOOLS ? s->tools_return : s->surface;
    s->tab = tab;
    compass_ui_set_surface(s, CS_TOOLS);
    if (s->events) {
        cJSON *ev = tools_event(now, "open", device);
        cJSON_AddStringToObject(ev, "tab", tab == CT_MAP ? "map" : tab == CT_EVIDENCE ? "evidence" : "payload");
        add_controls(s, ev);
        compass_ui_emit(s, ev);
    }
    if (tab == CT_PAYLOAD)
        emit_payload(s, now);
}

void compass_ui_complete_level(compass_player *s, int64_t now)
{
    s->completed[s->cur] = 1;
    if (s->surface == CS_FTUE)
        return; /* the FTUE's "turn" step first; closing it opens the dialog */
    compass_ui_set_surface(s, CS_DONE);
    if (s->events) {
        cJSON *ev = compass_events_begin(now, "level-complete");
        cJSON_AddStringToObject(ev, "level", compass_ui_level(s)->id);
        cJSON_AddNumberToObject(ev, "releases", s->releases);
        cJSON_AddNumberToObject(ev, "undos", s->undos);
        cJSON_AddNumberToObject(ev, "restarts", s->restarts);
        char counts[160], history[160];
        compass_text_done(s, counts, history, sizeof counts);
        cJSON *text = cJSON_AddArrayToObject(ev, "text");
        cJSON_AddItemToArray(text, cJSON_CreateString(counts));
        cJSON_AddItemToArray(text, cJSON_CreateString(history));
        add_controls(s, ev);
        compass_ui_emit(s, ev);
    }
}

/* ---------------------------------------------------------------- presentation states */

static void log_presentation(compass_player *s, compass_presentation p, int64_t t)
{
    s->pres_state = p;
    if (!s->events)
        return;
    cJSON *ev = compass_events_begin(t, "presentation");
    cJSON_AddStringToObject(ev, "state", compass_presentation_name(p));
    compass_ui_emit(s, ev);
}

static void queue(compass_player *s, int64_t due, compass_presentation p)
{
    if (s->npres < 4) {
        s->pres[s->npres].due = due;
        s->pres[s->npres].state = p;
        s->npres++;
    }
}

void compass_ui_present(compass_player *s, int success, int64_t t0)
{
    s->npres = 0;
    if (success) {
        int rel, turn, settle;
        compass_ui_timings(s, &rel, &turn, &settle);
        log_presentation(s, CP_RELEASE_RESOLVING, t0); /* the core call itself: no time */
        if (rel > 0)
            queue(s, t0, CP_ARROW_RELEASING);
        queue(s, t0 + rel, CP_COMPASS_TURNING);
        if (settle > 0)
            queue(s, t0 + rel + turn, CP_SETTLING);
        queue(s, t0 + rel + turn + settle, CP_IDLE);
    } else {
        int fb = s->reduced_motion ? COMPASS_CROSSFADE_MS : s->tuning.blocked_feedback_ms;
        queue(s, t0, CP_BLOCKED_FEEDBACK);
        queue(s, t0 + fb, CP_IDLE);
    }
    compass_ui_present_due(s, t0);
}

void compass_ui_present_due(compass_player *s, int64_t now)
{
    int done = 0;
    while (done < s->npres && s->pres[done].due <= now) {
        log_presentation(s, s->pres[done].state, s->pres[done].due);
        done++;
    }
    s->npres -= done;
    memmove(s->pres, s->pres + done, sizeof s->pres[0] * (size_t)s->npres);
}

void compass_ui_present_idle(compass_player *s, int64_t now)
{
    s->npres = 0;
    if (s->pres_state != CP_IDLE)
        log_presentation(s, CP_IDLE, now);
}

/* ---------------------------------------------------------------- the controller actions */

void compass_ui_tap_arrow(compass_player *s, int arrow, const char *device, int64_t now)
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
        if (s->focus.is_arrow && s->focus.index == arrow) {
            /* The focus goes to the nearest remaining arrow, not the next one in the list. */
            int next = compass_ui_nearest_arrow(s, l->arrows[arrow].row, l->arrows[arrow].col);
            if (next >= 0)
                s->focus = (compass_focus_item){1, next};
            else
                compass_ui_focus_first(s);
        }
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
        compass_ui_emit(s, ev);
    compass_ui_present(s, r.status == COMPASS_RELEASED, now);
    emit_caption(s, now);
}

void compass_ui_history(compass_player *s, int restart, const char *device, int64_t now)
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
    compass_ui_present_idle(s, now);
    if (s->events) {
        cJSON *ev = compass_events_begin(now, restart ? "restart" : "undo");
        cJSON_AddStringToObject(ev, "device", device);
        cJSON_AddNumberToObject(ev, "phase", s->game.state.phase);
        cJSON_AddNumberToObject(ev, "remaining", __builtin_popcountll(s->game.state.remaining));
        compass_ui_emit(s, ev);
    }
    emit_caption(s, now);
}

static void designer_aid(compass_player *s, const char *device, int64_t now)
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
        char text[160];
        compass_text_aid(s, text, sizeof text);
        cJSON_AddStringToObject(ev, "text", text);
        compass_ui_emit(s, ev);
    }
}

static int *tuning_slot(compass_player *s, int row)
{
    return row == 0 ? &s->tuning.release_ms : row == 1 ? &s->tuning.compass_turn_ms
                                                       : &s->tuning.blocked_feedback_ms;
}

void compass_ui_activate_widget(compass_player *s, const compass_widget *w, const char *device,
                            int64_t now)
{
    if (!compass_ui_widget_enabled(s, w))
        return;
    static const char *const tabs[] = {"map", "evidence", "payload"};
    cJSON *ev = NULL;
    switch (w->kind) {
    case CW_UNDO: compass_ui_history(s, 0, device, now); break;
    case CW_RESTART: compass_ui_history(s, 1, device, now); break;
    case CW_TOOLS: open_tools(s, CT_MAP, device, now); break;
    case CW_HELP: compass_ui_open_ftue(s, now); break;
    case CW_FTUE_SKIP: compass_ui_close_ftue(s, now, "skip"); break;
    case CW_FTUE_NEXT:
        if (s->ftue_step == FTUE_GOAL)
            compass_ui_ftue_step_to(s, FTUE_TRY, now);
        else if (s->ftue_step == FTUE_TURN &&
                 (compass_ui_level_kinds(compass_ui_level(s)) & ~(1u << COMPASS_APERTURE_PLAIN)))
            compass_ui_ftue_step_to(s, FTUE_EDGES, now); /* How to play on a level with them */
        else
            compass_ui_close_ftue(s, now, "complete");
        break;
    case CW_NOTE_OK:
        emit_note(s, now, "dismiss", device);
        s->note_kinds = 0;
        compass_ui_rebuild_widgets(s);
        if (!compass_ui_focus_valid(s))
            compass_ui_focus_first(s);
        break;
    case CW_DONE_CONTINUE:
        compass_ui_set_surface(s, CS_PLAY);
        compass_ui_start_level(s, s->cur + 1, now);
        break;
    case CW_DONE_REPLAY:
        compass_ui_set_surface(s, CS_PLAY);
        compass_ui_start_level(s, s->cur, now);
        break;
    case CW_DONE_MAP: open_tools(s, CT_MAP, device, now); break;
    case CW_TOOLS_CLOSE:
        compass_ui_set_surface(s, s->tools_return == CS_DONE && !compass_game_won(&s->game) ? CS_PLAY : s->tools_return);
        if (s->events)
            ev = tools_event(now, "close", device);
        break;
    case CW_TAB_MAP:
    case CW_TAB_EVIDENCE:
    case CW_TAB_PAYLOAD:
        s->tab = (compass_tab)(w->kind - CW_TAB_MAP);
        compass_ui_rebuild_widgets(s);
        if (s->events) {
            ev = tools_event(now, "tab", device);
            cJSON_AddStringToObject(ev, "tab", tabs[s->tab]);
            add_controls(s, ev);
            compass_ui_emit(s, ev);
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
            compass_ui_emit(s, ev);
            ev = NULL;
        }
        compass_ui_set_surface(s, CS_PLAY);
        compass_ui_start_level(s, level, now);
        break;
    }
    case CW_MAP_PREV:
    case CW_MAP_NEXT:
        s->map_page += w->kind == CW_MAP_NEXT ? 1 : -1;
        compass_ui_rebuild_widgets(s);
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
        *v += w->kind == CW_TUNE_INC ? COMPASS_TUNE_STEP_MS : -COMPASS_TUNE_STEP_MS;
        *v = *v < 0 ? 0 : *v > COMPASS_TUNE_MAX_MS ? COMPASS_TUNE_MAX_MS : *v;
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
            if (w->kind == CW_CAPTIONS) /* the board moved: its new boxes */
                cJSON_AddItemToObject(ev, "layout", layout_json(s));
        }
        break;
    }
    case CW_QUIT:
        s->quit = 1; /* back to the launcher, or out when started as bin/player compass */
        if (s->events)
            ev = tools_event(now, "quit", device);
        break;
    case CW_OUTCOME:
        s->outcome = (compass_outcome)w->arg;
        if (s->events) {
            ev = tools_event(now, "outcome", device);
            cJSON_AddStringToObject(ev, "outcome", compass_outcome_name(s->outcome));
            compass_ui_emit(s, ev);
            ev = NULL;
        }
        emit_payload(s, now);
        break;
    default: break;
    }
    if (ev)
        compass_ui_emit(s, ev);
}
