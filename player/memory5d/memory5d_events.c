/* Memory5D's --events-out lines (schemas/memory5d-events.schema.json): one JSON object per
 * line, keys in a fixed order, each with t (the player's clock, ms). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "memory5d_ui.h"
#include "memory5d/memory5d_board.h"
#include "memory5d/memory5d_label.h"
#include "memory5d/memory5d_score.h"

static const char *const opponent_names[2] = {"human", "ai"};

void memory5d_ev_jstr(char *out, size_t n, const char *s)
{
    size_t k = 0;
    if (n < 3)
        return;
    out[k++] = '"';
    for (; *s && k + 8 < n; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') {
            out[k++] = '\\';
            out[k++] = (char)ch;
        } else if (ch < 0x20) {
            k += (size_t)snprintf(out + k, n - k, "\\u%04x", ch);
        } else {
            out[k++] = (char)ch;
        }
    }
    out[k++] = '"';
    out[k] = '\0';
}

static void line(memory5d_scene_state *sc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void line(memory5d_scene_state *sc, const char *fmt, ...)
{
    if (!sc->env.events)
        return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(sc->env.events, fmt, ap);
    va_end(ap);
    fputc('\n', sc->env.events);
}

static const char *player_json(int p) { return p == 0 ? "\"A\"" : p == 1 ? "\"B\"" : "null"; }

void memory5d_ev_match_start(memory5d_scene_state *sc, int64_t t)
{
    if (!sc->env.events)
        return;
    int n = sc->st.size;
    int sr = sc->scroll_r, scc = sc->scroll_c;
    memory5d_layout lay;
    memory5d_layout_board(&lay, n, sc->scale, 0, &sr, &scc);
    fprintf(sc->env.events,
            "{\"t\":%lld,\"event\":\"match-start\",\"kind\":\"%s\",\"seed\":%u,"
            "\"difficulty\":\"%s\",\"opponent\":\"%s\",\"size\":%d,\"lesson\":%s,\"cells\":[",
            (long long)t, sc->tutorial ? "tutorial" : "standard", (unsigned)sc->def.setup.seed,
            memory5d_difficulty_names[sc->def.setup.difficulty],
            sc->tutorial ? "script" : opponent_names[sc->vs_ai], n,
            sc->tutorial ? "true" : "false");
    for (int i = 0; i < n * n; i++) {
        double x = 0, y = 0, w = 0, h = 0;
        int vis = memory5d_layout_cell_box(&lay, i, &x, &y, &w, &h);
        char coord[8];
        memory5d_cell_coord(n, i, coord);
        const memory5d_cell *c = &sc->st.cells[i];
        fprintf(sc->env.events,
                "%s{\"cell\":%d,\"coord\":\"%s\",\"family\":\"%s\",\"variant\":\"%s\","
                "\"hue\":\"%s\",\"owner\":%s,\"visible\":%s,\"x\":%d,\"y\":%d,\"w\":%d,"
                "\"h\":%d}",
                i ? "," : "", i, coord, memory5d_family_names[c->family],
                sc->def.cfg.variant_names[c->family][c->variant], memory5d_hue_names[c->hue],
                player_json(c->owner), vis ? "true" : "false", (int)x, (int)y, (int)w, (int)h);
    }
    fputs("]}\n", sc->env.events);
}

void memory5d_ev_select(memory5d_scene_state *sc, int64_t t, int player, int cell,
                        const char *label, const memory5d_outcome *out, int accepted)
{
    char lj[700];
    memory5d_ev_jstr(lj, sizeof lj, label);
    const char *result = "refused";
    if (accepted && out->count)
        result = memory5d_event_names[out->ev[0].kind];
    /* a select that first settled a timeout is reported by its own events */
    char coord[8];
    memory5d_cell_coord(sc->st.size, cell, coord);
    line(sc, "{\"t\":%lld,\"event\":\"select\",\"player\":%s,\"cell\":%d,\"coord\":\"%s\","
             "\"result\":\"%s\",\"label\":%s}",
         (long long)t, player_json(player), cell, coord, result, lj);
}

void memory5d_ev_core(memory5d_scene_state *sc, int64_t t, const memory5d_event *e,
                      const memory5d_breakdown *bd)
{
    int n = sc->st.size;
    char ca[8] = "", cb[8] = "";
    if (e->a >= 0)
        memory5d_cell_coord(n, e->a, ca);
    if (e->b >= 0)
        memory5d_cell_coord(n, e->b, cb);
    char text[200] = "\"\"";
    if (bd)
        memory5d_ev_jstr(text, sizeof text, bd->text);
    switch (e->kind) {
    case MEMORY5D_EV_LINK:
        line(sc, "{\"t\":%lld,\"event\":\"link\",\"player\":%s,\"cells\":[%d,%d],"
                 "\"coords\":[\"%s\",\"%s\"],\"mastery\":%ld,\"breakdown\":{\"base\":%d,"
                 "\"block\":%d,\"fork\":%d,\"line\":%d,\"streakBefore\":%d,"
                 "\"streakPercent\":%d,\"difficultyPermille\":%d,\"doubled\":%s,\"text\":%s},"
                 "\"total\":%lld}",
             (long long)t, player_json(e->player), e->a, e->b, ca, cb, bd ? bd->total : 0L,
             bd ? bd->base : 0, bd ? bd->block : 0, bd ? bd->fork : 0, bd ? bd->line : 0,
             bd ? bd->streak_before : 0, bd ? bd->streak_percent : 0,
             bd ? bd->difficulty_permille : 0, bd && bd->doubled ? "true" : "false", text,
             (long long)sc->st.stats[e->player].mastery);
        break;
    case MEMORY5D_EV_ANCHOR:
    case MEMORY5D_EV_REANCHOR:
    case MEMORY5D_EV_CANCEL:
        line(sc, "{\"t\":%lld,\"event\":\"%s\",\"player\":%s,\"cell\":%d,\"coord\":\"%s\"}",
             (long long)t, e->kind == MEMORY5D_EV_CANCEL ? "cancel" : memory5d_event_names[e->kind],
             player_json(e->player), e->a, ca);
        break;
    case MEMORY5D_EV_MISS:
        line(sc, "{\"t\":%lld,\"event\":\"miss\",\"player\":%s,\"cells\":[%d,%d],\"reason\":\"%s\","
                 "\"text\":\"%s\"}",
             (long long)t, player_json(e->player), e->a, e->b, memory5d_reason_names[e->reason],
             memory5d_reason_text(e->reason));
        break;
    case MEMORY5D_EV_TIMEOUT:
        line(sc, "{\"t\":%lld,\"event\":\"timeout\",\"player\":%s}", (long long)t,
             player_json(e->player));
        break;
    case MEMORY5D_EV_TURN:
        line(sc, "{\"t\":%lld,\"event\":\"turn\",\"player\":%s}", (long long)t,
             player_json(e->player));
        break;
    case MEMORY5D_EV_ROTATE:
        line(sc, "{\"t\":%lld,\"event\":\"rotation\",\"north\":\"%s\",\"quarterTurns\":%d,"
                 "\"focus\":%d}",
             (long long)t, memory5d_north_names[e->value & 3], sc->st.rotation, sc->focus);
        break;
    case MEMORY5D_EV_REWEAVE:
        line(sc, "{\"t\":%lld,\"event\":\"reweave\",\"count\":%d,\"limit\":%d}", (long long)t,
             e->value, sc->def.cfg.reweave_limit);
        break;
    case MEMORY5D_EV_WIN: {
        char cells[80] = "";
        size_t k = 0;
        for (int i = 0; i < sc->def.cfg.line_length && i < MEMORY5D_MAX_LINE; i++)
            k += (size_t)snprintf(cells + k, sizeof cells - k, "%s%d", i ? "," : "",
                                  sc->st.win_cells[i]);
        line(sc, "{\"t\":%lld,\"event\":\"win\",\"player\":%s,\"reason\":\"%s\",\"cells\":[%s]}",
             (long long)t, player_json(e->player), memory5d_end_reason_names[e->value], cells);
        break;
    }
    case MEMORY5D_EV_DRAW:
        line(sc, "{\"t\":%lld,\"event\":\"draw\",\"reason\":\"%s\"}", (long long)t,
             memory5d_end_reason_names[e->value]);
        break;
    case MEMORY5D_EV_ABANDON:
        line(sc, "{\"t\":%lld,\"event\":\"abandon\",\"player\":%s}", (long long)t,
             player_json(e->player));
        break;
    case MEMORY5D_EV_ARM:
    case MEMORY5D_EV_CONSUME:
    case MEMORY5D_EV_REFUND:
        line(sc, "{\"t\":%lld,\"event\":\"power\",\"action\":\"%s\",\"player\":%s,"
                 "\"power\":\"%s\",\"reason\":\"%s\",\"loadout\":%d}",
             (long long)t, memory5d_event_names[e->kind], player_json(e->player),
             memory5d_power_names[e->value], memory5d_reason_names[e->reason],
             sc->st.loadout[e->player][e->value]);
        break;
    case MEMORY5D_EV_REVEAL:
    case MEMORY5D_EV_REVEAL_END: {
        char cells[MEMORY5D_MAX_CELLS * 4 + 8] = "";
        int list[MEMORY5D_MAX_CELLS], k = 0;
        size_t len = 0;
        if (e->kind == MEMORY5D_EV_REVEAL)
            k = memory5d_partners(sc->st.cells, n, e->a, 0, list, MEMORY5D_MAX_CELLS);
        for (int i = 0; i < k; i++)
            len += (size_t)snprintf(cells + len, sizeof cells - len, "%s%d", i ? "," : "",
                                    list[i]);
        line(sc, "{\"t\":%lld,\"event\":\"%s\",\"player\":%s,\"cell\":%d,\"partners\":[%s],"
                 "\"ms\":%d}",
             (long long)t, memory5d_event_names[e->kind], player_json(e->player), e->a, cells,
             e->kind == MEMORY5D_EV_REVEAL ? e->value : 0);
        break;
    }
    case MEMORY5D_EV_BONUS_TURN:
        line(sc, "{\"t\":%lld,\"event\":\"bonus-turn\",\"player\":%s}", (long long)t,
             player_json(e->player));
        break;
    default: break; /* pause/resume are logged by the scene with its reason */
    }
}

void memory5d_ev_refused(memory5d_scene_state *sc, int64_t t, int player, int cell, int reason)
{
    line(sc, "{\"t\":%lld,\"event\":\"refused\",\"player\":%s,\"cell\":%d,\"reason\":\"%s\","
             "\"text\":\"%s\"}",
         (long long)t, player_json(player), cell, memory5d_reason_names[reason],
         memory5d_reason_text(reason));
}

void memory5d_ev_ai(memory5d_scene_state *sc, int64_t t, const memory5d_cmd *c,
                    const memory5d_ai_stats *s)
{
    line(sc, "{\"t\":%lld,\"event\":\"ai-move\",\"player\":%s,\"cells\":[%d,%d],\"depth\":%d,"
             "\"nodes\":%ld,\"forced\":%d}",
         (long long)t, player_json(c->player), c->cell, c->cell2, s->depth, s->nodes, s->forced);
}

void memory5d_ev_tutorial(memory5d_scene_state *sc, int64_t t, const char *phase, int cell,
                          int power)
{
    char pj[700] = "\"\"";
    int step = sc->lesson_step;
    if (!strcmp(phase, "prompt") && step < sc->lesson.step_count)
        memory5d_ev_jstr(pj, sizeof pj, sc->lesson.steps[step].prompt);
    else if (!strcmp(phase, "intro"))
        memory5d_ev_jstr(pj, sizeof pj, sc->lesson.intro);
    else if (!strcmp(phase, "done"))
        memory5d_ev_jstr(pj, sizeof pj, sc->lesson.done);
    /* a learner's prompt names what it points at: the framed cell or power button */
    char target[160] = "";
    if (!strcmp(phase, "prompt")) {
        char coord[8];
        double x, y, w, h;
        if (cell >= 0) {
            memory5d_cell_coord(sc->st.size, cell, coord);
            snprintf(target, sizeof target, ",\"target\":{\"cell\":%d,\"coord\":\"%s\"}", cell,
                     coord);
        } else if (power >= 0) {
            memory5d_layout_power_button(power, &x, &y, &w, &h);
            snprintf(target, sizeof target,
                     ",\"target\":{\"power\":\"%s\",\"key\":\"%d\",\"x\":%d,\"y\":%d,\"w\":%d,"
                     "\"h\":%d}",
                     memory5d_power_names[power], power + 1, (int)x, (int)y, (int)w, (int)h);
        }
    }
    line(sc, "{\"t\":%lld,\"event\":\"tutorial\",\"lesson\":\"%s\",\"index\":%d,\"phase\":\"%s\","
             "\"step\":%d,\"text\":%s%s}",
         (long long)t, sc->lesson.id, sc->lesson_index + 1, phase, step, pj, target);
}

void memory5d_ev_results(memory5d_scene_state *sc, int64_t t)
{
    int bonus[2], stars[2];
    for (int p = 0; p < 2; p++)
        stars[p] = memory5d_star_points(&sc->def, &sc->st, p, &bonus[p]);
    line(sc, "{\"t\":%lld,\"event\":\"results\",\"status\":\"%s\",\"winner\":%s,\"reason\":\"%s\","
             "\"mastery\":[%lld,%lld],\"starPoints\":[%d,%d],\"objectiveBonus\":[%d,%d]}",
         (long long)t, memory5d_status_names[sc->st.status], player_json(sc->st.winner),
         memory5d_end_reason_names[sc->st.end_reason], (long long)sc->st.stats[0].mastery,
         (long long)sc->st.stats[1].mastery, stars[0], stars[1], bonus[0], bonus[1]);
}

void memory5d_ev_viewport(memory5d_scene_state *sc, int64_t t, const memory5d_layout *l)
{
    line(sc, "{\"t\":%lld,\"event\":\"viewport\",\"scrolled\":%s,\"firstRow\":%d,"
             "\"firstCol\":%d,\"rows\":%d,\"cols\":%d,\"x\":%d,\"y\":%d,\"cell\":%d}",
         (long long)t, l->scrolled ? "true" : "false", l->first_row, l->first_col, l->rows,
         l->cols, (int)l->x0, (int)l->y0, (int)l->cell);
}

void memory5d_ev_focus(memory5d_scene_state *sc, int64_t t, const char *control, int index,
                       double x, double y, double w, double h)
{
    const char *screen = sc->screens[sc->screen].name ? sc->screens[sc->screen].name : "match";
    char coord[8] = "";
    if (!strcmp(control, "grid") && index >= 0)
        memory5d_cell_coord(sc->st.size, index, coord);
    line(sc, "{\"t\":%lld,\"event\":\"focus\",\"screen\":\"%s\",\"control\":\"%s\",\"index\":%d%s%s%s,"
             "\"x\":%d,\"y\":%d,\"w\":%d,\"h\":%d}",
         (long long)t, screen, control, index, coord[0] ? ",\"coord\":\"" : "", coord,
         coord[0] ? "\"" : "", (int)x, (int)y, (int)w, (int)h);
}

void memory5d_ev_layout(memory5d_scene_state *sc, int64_t t)
{
    const memory5d_kit_box_note *tg;
    int n = memory5d_kit_frame_targets(&tg);
    double text = memory5d_kit_frame_min_text();
    /* only when it changed: the screen, the scale, the smallest text or any target's box */
    uint64_t sig = 1469598103934665603ull;
#define MIX(v) (sig = (sig ^ (uint64_t)(int64_t)(v)) * 1099511628211ull)
    MIX(sc->screen);
    MIX(memory5d_layout_field_w());
    MIX(memory5d_layout_scale() * 10000);
    MIX(text * 100);
    const memory5d_kit_overflow *ov;
    int no = memory5d_kit_frame_overflows(&ov);
    MIX(no);
    for (int i = 0; i < no; i++)
        MIX(ov[i].width * 10);
    for (int i = 0; i < n; i++) {
        MIX(tg[i].x);
        MIX(tg[i].y);
        MIX(tg[i].w);
        MIX(tg[i].h);
        MIX(tg[i].index);
    }
#undef MIX
    if (!sc->env.events || (sig == sc->layout_sig && sc->layout_logged))
        return;
    sc->layout_sig = sig;
    sc->layout_logged = 1;
    const char *screen = sc->screens[sc->screen].name ? sc->screens[sc->screen].name : "match";
    fprintf(sc->env.events,
            "{\"t\":%lld,\"event\":\"layout\",\"screen\":\"%s\",\"fieldW\":%d,\"fieldH\":%d,"
            "\"scale\":%.6f,\"minText\":%.1f,\"targets\":[",
            (long long)t, screen, memory5d_layout_field_w(), memory5d_layout_field_h(),
            memory5d_layout_scale(), n ? text : 0.0);
    for (int i = 0; i < n; i++) {
        char name[80];
        memory5d_ev_jstr(name, sizeof name, tg[i].name);
        fprintf(sc->env.events, "%s{\"name\":%s,\"index\":%d,\"x\":%d,\"y\":%d,\"w\":%d,\"h\":%d}",
                i ? "," : "", name, tg[i].index, (int)tg[i].x, (int)tg[i].y, (int)tg[i].w,
                (int)tg[i].h);
    }
    /* the texts the kit could not fit in their room (an empty list on a good frame) */
    fputs("],\"overflow\":[", sc->env.events);
    for (int i = 0; i < no; i++) {
        char text[120];
        memory5d_ev_jstr(text, sizeof text, ov[i].text);
        fprintf(sc->env.events, "%s{\"text\":%s,\"width\":%.1f,\"room\":%.1f}", i ? "," : "",
                text, ov[i].width, ov[i].room);
    }
    fputs("]}\n", sc->env.events);
}

void memory5d_ev_screen(memory5d_scene_state *sc, int64_t t, const char *screen)
{
    line(sc, "{\"t\":%lld,\"event\":\"screen\",\"screen\":\"%s\"}", (long long)t, screen);
}

void memory5d_ev_pause(memory5d_scene_state *sc, int64_t t, const char *what, int bit)
{
    static const char *const names[] = {"resolution", "reveal", "help", "inactive-host",
                                        "background"};
    int i = 0;
    while (i < 4 && !(bit & (1 << i)))
        i++;
    line(sc, "{\"t\":%lld,\"event\":\"%s\",\"reason\":\"%s\"}", (long long)t, what, names[i]);
}

void memory5d_ev_caption(memory5d_scene_state *sc, int64_t t, const char *text)
{
    char tj[1000], feed[MEMORY5D_FEED_ROWS * 260] = "";
    size_t k = 0;
    memory5d_ev_jstr(tj, sizeof tj, text);
    for (int i = 0; i < sc->feed_count && sc->in_match; i++) {
        char fj[256], row[MEMORY5D_FEED_TEXT + 24];
        memory5d_feed_row(sc, i, row, sizeof row);
        memory5d_ev_jstr(fj, sizeof fj, row);
        k += (size_t)snprintf(feed + k, sizeof feed - k, "%s%s", i ? "," : "", fj);
    }
    line(sc, "{\"t\":%lld,\"event\":\"caption\",\"text\":%s,\"recent\":[%s]}", (long long)t, tj,
         feed);
}

void memory5d_ev_records(memory5d_scene_state *sc, int64_t t, const char *action, int64_t profile,
                         int ok, const char *detail)
{
    char text[1200] = "";
    if (detail) {
        memcpy(text, ",\"detail\":", 10);
        memory5d_ev_jstr(text + 10, sizeof text - 10, detail);
    }
    line(sc, "{\"t\":%lld,\"event\":\"records\",\"action\":\"%s\",\"profile\":%lld,\"ok\":%s%s}",
         (long long)t, action, (long long)profile, ok ? "true" : "false", text);
}

void memory5d_ev_arcade(memory5d_scene_state *sc, int64_t t)
{
    const int(*l)[MEMORY5D_POWERS] = sc->def.setup.loadout;
    line(sc, "{\"t\":%lld,\"event\":\"arcade\",\"loadout\":{\"A\":[%d,%d,%d,%d],"
             "\"B\":[%d,%d,%d,%d]}}",
         (long long)t, l[0][0], l[0][1], l[0][2], l[0][3], l[1][0], l[1][1], l[1][2], l[1][3]);
}

void memory5d_ev_draft(memory5d_scene_state *sc, int64_t t, int pick, int player, int power,
                       int automatic)
{
    const int *pool = sc->draft.pool;
    line(sc, "{\"t\":%lld,\"event\":\"draft-pick\",\"pick\":%d,\"player\":%s,\"power\":%s%s%s,"
             "\"auto\":%s,\"pool\":[%d,%d,%d,%d]}",
         (long long)t, pick, player_json(player), power >= 0 ? "\"" : "",
         power >= 0 ? memory5d_power_names[power] : "null", power >= 0 ? "\"" : "",
         automatic ? "true" : "false", pool[0], pool[1], pool[2], pool[3]);
}
