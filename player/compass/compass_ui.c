/* Compass Shift scene: the ui state's queries (presentation clock, layout, Tab order,
 * payload), shared by the input mapping, the actions and the drawing. */
#include "compass_ui.h"

#include <math.h>

const compass_level *compass_ui_level(const compass_player *s) { return &s->camp.levels[s->cur]; }

/* ---------------------------------------------------------------- presentation clock */

/* The success animation's phases; reduced motion is one crossfade of under 100 ms. */
void compass_ui_timings(const compass_player *s, int *rel, int *turn, int *settle)
{
    *rel = s->reduced_motion ? 0 : s->tuning.release_ms;
    *turn = s->reduced_motion ? COMPASS_CROSSFADE_MS : s->tuning.compass_turn_ms;
    *settle = s->reduced_motion ? 0 : COMPASS_SETTLE_MS;
}

int64_t compass_ui_anim_end(const compass_player *s)
{
    int rel, turn, settle;
    compass_ui_timings(s, &rel, &turn, &settle);
    return s->anim_t0 + rel + turn + settle;
}

compass_presentation compass_ui_presentation(const compass_player *s, int64_t now,
                                             double *progress)
{
    double dummy;
    if (!progress)
        progress = &dummy;
    *progress = 1;
    if (s->anim_active) {
        int rel, turn, settle;
        compass_ui_timings(s, &rel, &turn, &settle);
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

void compass_ui_layout(const compass_player *s, compass_layout *L)
{
    const compass_level *l = compass_ui_level(s);
    compass_layout_build(L, l->rows, l->cols, s->pan_x, s->pan_y, s->captions);
}

static int has_next_level(const compass_player *s) { return s->cur + 1 < s->camp.count; }

void compass_ui_rebuild_widgets(compass_player *s)
{
    s->nws = compass_layout_widgets(s->surface, s->tab, s->map_page, s->camp.count,
                                    has_next_level(s), s->ws, COMPASS_MAX_WIDGETS);
    if (s->surface == CS_PLAY && s->note_kinds && s->nws < COMPASS_MAX_WIDGETS) {
        /* The first-appearance note sits in the feedback band; its "Got it" closes it. */
        compass_layout L;
        compass_ui_layout(s, &L);
        s->ws[s->nws++] = (compass_widget){CW_NOTE_OK, 0, {L.status.x + L.status.w - 92, L.status.y + 4, 92, 48}};
    }
}

int compass_ui_widget_enabled(const compass_player *s, const compass_widget *w)
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
int compass_ui_arrows_live(const compass_player *s)
{
    return s->surface == CS_PLAY || (s->surface == CS_FTUE && s->ftue_step == FTUE_TRY);
}

int compass_ui_focus_list(const compass_player *s, compass_focus_item *out, int max)
{
    int n = 0;
    if (compass_ui_arrows_live(s)) {
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

int compass_ui_focus_valid(const compass_player *s)
{
    if (s->focus.is_arrow)
        return compass_ui_arrows_live(s) && s->focus.index >= 0 &&
               s->focus.index < compass_ui_level(s)->arrow_count &&
               ((s->game.state.remaining >> s->focus.index) & 1);
    return s->focus.index >= 0 && s->focus.index < s->nws;
}

compass_box compass_ui_focus_box(const compass_player *s, compass_focus_item f)
{
    if (!f.is_arrow)
        return s->ws[f.index].box;
    compass_layout L;
    compass_ui_layout(s, &L);
    const compass_arrow *a = &compass_ui_level(s)->arrows[f.index];
    return compass_layout_cell(&L, a->row, a->col);
}

int compass_ui_nearest_arrow(const compass_player *s, int row, int col)
{
    const compass_level *l = compass_ui_level(s);
    int best = -1, best_d = 0, best_rank = 0;
    for (int a = 0; a < l->arrow_count; a++) {
        if (!((s->game.state.remaining >> a) & 1))
            continue;
        int dr = l->arrows[a].row - row, dc = l->arrows[a].col - col;
        int d = dr * dr + dc * dc, rank = l->arrows[a].row * COMPASS_MAX_SIDE + l->arrows[a].col;
        if (best < 0 || d < best_d || (d == best_d && rank < best_rank)) {
            best = a;
            best_d = d;
            best_rank = rank;
        }
    }
    return best;
}

int compass_ui_focus_toward(const compass_player *s, int d, compass_focus_item *out)
{
    compass_focus_item items[COMPASS_MAX_ARROWS + COMPASS_MAX_WIDGETS];
    int n = compass_ui_focus_list(s, items, COMPASS_MAX_ARROWS + COMPASS_MAX_WIDGETS);
    compass_box from = compass_ui_focus_box(s, s->focus);
    double fx = from.x + from.w / 2, fy = from.y + from.h / 2, best = 0;
    int found = 0;
    for (int i = 0; i < n; i++) {
        if (items[i].is_arrow == s->focus.is_arrow && items[i].index == s->focus.index)
            continue;
        compass_box b = compass_ui_focus_box(s, items[i]);
        double dx = b.x + b.w / 2 - fx, dy = b.y + b.h / 2 - fy;
        double along = d == 0 ? -dy : d == 1 ? dx : d == 2 ? dy : -dx;
        double across = d == 0 || d == 2 ? fabs(dx) : fabs(dy);
        if (along < 1)
            continue; /* not in the pressed direction */
        double score = along + 2 * across;
        if (!found || score < best - 1e-9) {
            found = 1;
            best = score;
            *out = items[i];
        }
    }
    return found;
}

/* Keeps the focused board cell in view on a pannable board. */
void compass_ui_follow_focus(compass_player *s)
{
    if (s->focus.is_arrow && compass_ui_focus_valid(s)) {
        compass_layout L;
        compass_ui_layout(s, &L);
        const compass_arrow *a = &compass_ui_level(s)->arrows[s->focus.index];
        compass_layout_pan_to(&L, a->row, a->col, &s->pan_x, &s->pan_y);
    }
}

cJSON *compass_ui_payload(const compass_player *s)
{
    const compass_evidence_summary *e = &s->evidence[s->cur];
    compass_payload_in in = {s->outcome, s->version, s->tuning, s->camp.count,
                             compass_ui_level(s)->id,
                             e->source != COMPASS_EVIDENCE_NONE && e->solver_verified};
    return compass_payload_json(&in);
}
