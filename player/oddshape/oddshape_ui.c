/* Find the Odd Shape scene: the ui state's queries (hover clocks, the Results count-up, the
 * rounds' source, each screen's widgets), shared by the actions and the drawing. */
#include "oddshape_ui.h"

#include <math.h>
#include <string.h>

double oddshape_ui_anim(const oddshape_anim *a, int64_t now)
{
    double p = oddshape_clamp01((double)(now - a->since) / ODDSHAPE_HOVER_MS);
    return a->on ? p : 1 - p;
}

void oddshape_ui_anim_set(oddshape_anim *a, int on, int64_t now)
{
    if (a->on == on) return;
    a->on = on;
    a->since = now;
}

double oddshape_ui_tally(const oddshape_ui *sc, int64_t now)
{
    return oddshape_clamp01((double)(now - sc->results_since) / ODDSHAPE_TALLY_MS);
}
int oddshape_ui_counted(int value, double p) { return (int)floor(value * p + 1e-9); }

int oddshape_ui_randomize(const oddshape_ui *sc)
{
    return sc->levels.file ? 0 : sc->opt->randomize;
}

void oddshape_ui_levels_note(const oddshape_ui *sc, char *buf, size_t n)
{
    const oddshape_eventlog_levels *lv = &sc->levels;
    buf[0] = '\0';
    if (!lv->file) return;
    const char *name = strrchr(lv->file, '/');
    name = name ? name + 1 : lv->file;
    if (lv->seeded) snprintf(buf, n, "Rounds: %.60s (seed %lu)", name, (unsigned long)lv->seed);
    else snprintf(buf, n, "Rounds: %.60s", name);
}

int oddshape_ui_options_widgets(const oddshape_ui *sc, ui_widget *w)
{
    return oddshape_layout_options(w, !sc->levels.file, oddshape_ui_randomize(sc));
}

int oddshape_ui_widgets(const oddshape_ui *sc, ui_widget *w)
{
    switch (sc->s.state) {
    case ODDSHAPE_TITLE: return oddshape_layout_title(w);
    case ODDSHAPE_OPTIONS: return oddshape_ui_options_widgets(sc, w);
    case ODDSHAPE_PAUSED: return oddshape_layout_pause(w);
    case ODDSHAPE_RESULTS: return oddshape_layout_results(w);
    default: return 0;
    }
}

int oddshape_ui_press_consumed(const oddshape_ui *sc, double x, double y, int64_t now)
{
    double dx = x - sc->opener_x, dy = y - sc->opener_y;
    return now - sc->opener_at < ODDSHAPE_OPENER_MS && dx * dx + dy * dy <= ODDSHAPE_OPENER_PX * ODDSHAPE_OPENER_PX;
}

int *oddshape_ui_slider_value(oddshape_ui *sc, int row)
{
    settings *c = sc->cfg;
    return row == ODDSHAPE_OPT_MASTER ? &c->master : row == ODDSHAPE_OPT_MUSIC ? &c->music : &c->sfx;
}
