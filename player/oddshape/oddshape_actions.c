/* Find the Odd Shape scene: what each input does on each screen (Input Map, Options), and
 * the session's events (sounds, music, focus, the event log). Every rule and timing lives in
 * core/oddshape/oddshape_session.c. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "oddshape_ui.h"
#include "rng.h"

static void sfx(oddshape_ui *sc, audio_sfx e)
{
    if (sc->audio) audio_play(sc->audio, e);
}

static void emit(oddshape_ui *sc, const char *line)
{
    if (sc->events) fputs(line, sc->events);
}

/* ---------------------------------------------------------------- highlight */

/* Recomputes what the pointer or the keyboard focus highlights and plays the tick on a
 * change (V1 hover; button hover). */
void oddshape_act_refresh(oddshape_ui *sc, int64_t now)
{
    /* One model (Input Map): the highlighted element is the focus, what Enter / Space / A
     * confirm. The pointer resting on a patch or a button moves the focus there; a key or
     * pad press moves it from where it is (and shows it as the keyboard's ring). */
    int slot = -1;
    if (sc->s.state == ODDSHAPE_ROUND_INTERACTIVE) {
        int under = sc->have_pointer && !sc->kbd ? oddshape_slot_at(sc->px, sc->py) : -1;
        if (under >= 0) sc->focus_slot = under;
        slot = sc->kbd ? sc->focus_slot : under;
    }
    if (slot != sc->hl_slot) {
        for (int i = 0; i < ODDSHAPE_SLOTS; i++) oddshape_ui_anim_set(&sc->slot_anim[i], i == slot, now);
        if (slot >= 0) sfx(sc, AUDIO_SFX_PATCH_HOVER);
        sc->hl_slot = slot;
    }
    ui_widget w[ODDSHAPE_MAX_WIDGETS];
    int n = oddshape_ui_widgets(sc, w), wi = -1;
    if (sc->widget_screen != sc->s.state) {
        for (int i = 0; i < ODDSHAPE_MAX_WIDGETS; i++) sc->widget_anim[i] = (oddshape_anim){0, now - ODDSHAPE_HOVER_MS};
        sc->widget_screen = sc->s.state;
        sc->hl_widget = -1;
    }
    if (n > 0) {
        int under = -1;
        if (!sc->kbd) under = sc->drag_slider >= 0 ? sc->drag_slider : sc->have_pointer ? ui_hit(w, n, sc->px, sc->py) : -1;
        if (under >= 0) sc->focus_widget = under;
        wi = sc->kbd ? sc->focus_widget : under;
    }
    if (wi != sc->hl_widget) {
        for (int i = 0; i < ODDSHAPE_MAX_WIDGETS; i++) oddshape_ui_anim_set(&sc->widget_anim[i], i == wi, now);
        if (wi >= 0) sfx(sc, AUDIO_SFX_BUTTON_HOVER);
        sc->hl_widget = wi;
    }
}

/* ---------------------------------------------------------------- session events */

static void on_event(oddshape_ui *sc, const oddshape_event *ev)
{
    char line[8192]; /* a source line names the --levels file, JSON-escaped */
    oddshape_eventlog_format(ev, &sc->s, &sc->levels, line, sizeof line);
    emit(sc, line);
    audio_system *a = sc->audio;
    if (ev->kind == ODDSHAPE_EV_RESOLVED) {
        /* RT-FEEDBACK C1/C2: chime or thud (+ swish on timeout), duck the bed, fill the pip */
        sfx(sc, ev->outcome == ODDSHAPE_OUTCOME_CORRECT ? AUDIO_SFX_CORRECT
                : ev->outcome == ODDSHAPE_OUTCOME_ERROR ? AUDIO_SFX_ERROR
                                                         : AUDIO_SFX_TIMEOUT);
        sfx(sc, ev->outcome == ODDSHAPE_OUTCOME_CORRECT ? AUDIO_SFX_PIP_CORRECT : AUDIO_SFX_PIP_ERROR);
        if (a) audio_duck(a);
        return;
    }
    if (ev->kind != ODDSHAPE_EV_STATE) return;
    oddshape_state prev = sc->prev_state;
    sc->prev_state = ev->state;
    sc->state_since = ev->t_ms;
    if (prev == ODDSHAPE_PAUSED && a) audio_set_paused(a, 0);
    switch (ev->state) {
    case ODDSHAPE_TITLE:
    case ODDSHAPE_OPTIONS:
        if (a) audio_set_bgm(a, AUDIO_BGM_TITLE);
        sc->focus_widget = 0;
        break;
    case ODDSHAPE_READY:
        if (a) audio_set_bgm(a, AUDIO_BGM_GAMEPLAY);
        sfx(sc, AUDIO_SFX_READY);
        break;
    case ODDSHAPE_ROUND_REVEAL:
        sfx(sc, AUDIO_SFX_PATCH_REVEAL); /* the trio's three staggered fwips */
        break;
    case ODDSHAPE_ROUND_INTERACTIVE:
        if (prev == ODDSHAPE_PAUSED) {
            sfx(sc, AUDIO_SFX_PAUSE_CLOSE);
            sc->hint_until += ev->t_ms - sc->paused_since;
        } else {
            sc->focus_slot = 1; /* focus starts on the Center patch each round */
            if (ev->round == 1 && !sc->hint_round_done) {
                sc->hint_active = 1;
                sc->hint_until = ev->t_ms + ODDSHAPE_HINT_SHOW_MS;
            }
        }
        break;
    case ODDSHAPE_ROUND_FEEDBACK: /* the resolved patch settles from where it was lifted */
        for (int i = 0; i < ODDSHAPE_SLOTS; i++)
            sc->feedback_hover[i] = oddshape_ui_anim(&sc->slot_anim[i], ev->t_ms);
        break;
    case ODDSHAPE_ROUND_TRANSITION:
        sfx(sc, AUDIO_SFX_PATCH_DISMISS);
        break;
    case ODDSHAPE_RESULTS:
        if (a) audio_set_bgm(a, AUDIO_BGM_RESULTS);
        sc->results_since = ev->t_ms;
        sc->tally_ticks = 0;
        sc->fanfare_done = 0;
        sc->focus_widget = 0;
        break;
    case ODDSHAPE_PAUSED:
        sc->paused_since = ev->t_ms;
        if (a) audio_set_paused(a, 1);
        sfx(sc, AUDIO_SFX_PAUSE_OPEN);
        sc->focus_widget = 0;
        break;
    case ODDSHAPE_QUIT:
        sc->quit = 1;
        break;
    default:
        break;
    }
    if (sc->hint_active && ev->round > 1) { /* the hint is for round 1 only */
        sc->hint_active = 0;
        sc->hint_round_done = 1;
    }
}

void oddshape_act_drain(oddshape_ui *sc, int64_t now)
{
    oddshape_event ev;
    while (oddshape_session_poll(&sc->s, &ev)) {
        on_event(sc, &ev);
        oddshape_act_refresh(sc, ev.t_ms);
    }
    oddshape_act_refresh(sc, now);
}

static void send(oddshape_ui *sc, oddshape_input_kind kind, int slot, double x, double y, int64_t now)
{
    oddshape_input in = {kind, slot, x, y};
    oddshape_session_input(&sc->s, &in, now);
    oddshape_act_drain(sc, now);
}

void oddshape_act_start(oddshape_ui *sc, int64_t now)
{
    sc->hl_slot = sc->hl_widget = sc->drag_slider = -1;
    sc->focus_slot = 1;
    sc->widget_screen = ODDSHAPE_STATE_COUNT;
    sc->prev_state = ODDSHAPE_STATE_COUNT;
    sc->opener_at = INT64_MIN / 2; /* no press has opened a surface yet */
    if (sc->audio) {
        audio_set_volumes(sc->audio, sc->cfg->master, sc->cfg->music, sc->cfg->sfx);
    }
    oddshape_session_init(&sc->s, sc->table, oddshape_ui_randomize(sc), sc->opt->seed, now);
    oddshape_act_drain(sc, now);
}

void oddshape_act_update(oddshape_ui *sc, int64_t now)
{
    oddshape_session_update(&sc->s, now);
    oddshape_act_drain(sc, now);
    if (sc->s.state == ODDSHAPE_RESULTS) {
        /* count-up over 1.0 s with a woodblock tick per counted unit, then the fanfare */
        oddshape_stats st;
        oddshape_session_stats(&sc->s, &st);
        double p = oddshape_ui_tally(sc, now);
        int units = oddshape_ui_counted(st.correct + st.errors, p);
        while (sc->tally_ticks < units) {
            sc->tally_ticks++;
            sfx(sc, AUDIO_SFX_TALLY_TICK);
        }
        if (p >= 1 && !sc->fanfare_done) {
            sc->fanfare_done = 1;
            sfx(sc, AUDIO_SFX_FANFARE);
        }
    }
    if (sc->hint_active && sc->s.state != ODDSHAPE_PAUSED && now >= sc->hint_until + ODDSHAPE_HINT_FADE_MS) {
        sc->hint_active = 0;
        sc->hint_round_done = 1;
    }
}

/* ---------------------------------------------------------------- Options */

static void seed_text_from_cfg(oddshape_ui *sc)
{
    snprintf(sc->seed_text, sizeof sc->seed_text, "%lu", (unsigned long)sc->opt->seed);
}

static void invalid_seed(oddshape_ui *sc)
{
    sfx(sc, AUDIO_SFX_INVALID); /* the double-buzz, and the field reverts */
    sc->seed_editing = 0;
    seed_text_from_cfg(sc);
}

/* Commits the seed being typed; an empty or unreadable entry reverts. */
static void seed_commit(oddshape_ui *sc)
{
    if (!sc->seed_editing) return;
    sc->seed_editing = 0;
    uint32_t seed;
    char err[128];
    if (!sc->seed_text[0] || rng_parse_seed(sc->seed_text, &seed, err, sizeof err) != 0) {
        invalid_seed(sc);
        return;
    }
    sc->opt->seed = seed;
    seed_text_from_cfg(sc);
}

static void seed_type(oddshape_ui *sc, char ch)
{
    size_t len = strlen(sc->seed_text);
    if (ch < '0' || ch > '9' || len + 1 >= 11) { /* non-numeric entry: rejected */
        invalid_seed(sc);
        return;
    }
    sc->seed_text[len] = ch;
    sc->seed_text[len + 1] = '\0';
}

static void options_close(oddshape_ui *sc, int64_t now)
{
    seed_commit(sc);
    sc->drag_slider = -1;
    if (sc->settings_path) {
        char err[400];
        if (settings_save(sc->settings_path, sc->cfg, err, sizeof err) != 0)
            snprintf(sc->warning, sizeof sc->warning, "settings not saved: %s", err);
    }
    oddshape_session_set_source(&sc->s, oddshape_ui_randomize(sc), sc->opt->seed); /* LED-1: next Ready */
    char line[256];
    oddshape_eventlog_options(now, sc->cfg, sc->opt, line, sizeof line);
    emit(sc, line);
    sfx(sc, AUDIO_SFX_BUTTON_CANCEL);
    send(sc, ODDSHAPE_IN_BACK, 0, 0, 0, now);
}


static void slider_set(oddshape_ui *sc, int row, int v)
{
    int *p = oddshape_ui_slider_value(sc, row);
    v = v < 0 ? 0 : v > 100 ? 100 : v;
    if (*p == v) return;
    *p = v;
    if (sc->audio) audio_set_volumes(sc->audio, sc->cfg->master, sc->cfg->music, sc->cfg->sfx);
}

static void options_activate(oddshape_ui *sc, int row, int64_t now)
{
    oddshape_settings *c = sc->opt;
    if (row != ODDSHAPE_OPT_SEED) seed_commit(sc);
    switch (row) {
    case ODDSHAPE_OPT_COLORBLIND:
        c->colorblind = !c->colorblind;
        sfx(sc, AUDIO_SFX_BUTTON_CONFIRM);
        break;
    case ODDSHAPE_OPT_RANDOMIZE:
        if (sc->levels.file) break; /* the rounds file is played whatever the toggle */
        c->randomize = !c->randomize;
        sfx(sc, AUDIO_SFX_BUTTON_CONFIRM);
        break;
    case ODDSHAPE_OPT_SEED:
        if (!oddshape_ui_randomize(sc)) break; /* editable only when Randomize is On */
        if (sc->seed_editing) {
            seed_commit(sc);
        } else {
            sc->seed_editing = 1;
            sc->seed_text[0] = '\0';
        }
        sfx(sc, AUDIO_SFX_BUTTON_CONFIRM);
        break;
    case ODDSHAPE_OPT_BACK:
        options_close(sc, now);
        break;
    default:
        break;
    }
}

void oddshape_act_drag(oddshape_ui *sc)
{
    if (sc->drag_slider < 0 || sc->s.state != ODDSHAPE_OPTIONS) return;
    ui_widget w[ODDSHAPE_MAX_WIDGETS];
    oddshape_ui_options_widgets(sc, w);
    slider_set(sc, sc->drag_slider, ui_slider_value(&w[sc->drag_slider], sc->px));
}

/* A button press with its confirm chime or cancel "thup" (Audio: button confirm / back). */
static void confirm(oddshape_ui *sc, oddshape_input_kind kind, int64_t now)
{
    sfx(sc, AUDIO_SFX_BUTTON_CONFIRM);
    send(sc, kind, 0, 0, 0, now);
}
static void cancel(oddshape_ui *sc, oddshape_input_kind kind, int64_t now)
{
    sfx(sc, AUDIO_SFX_BUTTON_CANCEL);
    send(sc, kind, 0, 0, 0, now);
}

static void activate_widget(oddshape_ui *sc, int i, int64_t now)
{
    switch (sc->s.state) {
    case ODDSHAPE_TITLE:
        if (i == 1) {
            seed_text_from_cfg(sc);
            sc->seed_editing = 0;
        }
        confirm(sc, i == 0 ? ODDSHAPE_IN_PLAY : i == 1 ? ODDSHAPE_IN_OPTIONS : ODDSHAPE_IN_QUIT, now);
        break;
    case ODDSHAPE_OPTIONS:
        options_activate(sc, i, now);
        break;
    case ODDSHAPE_PAUSED: /* Resume's sound is the pause-close slide, played on the state */
        if (i == 0) send(sc, ODDSHAPE_IN_RESUME, 0, 0, 0, now);
        else if (i == 1) confirm(sc, ODDSHAPE_IN_RESTART, now);
        else cancel(sc, ODDSHAPE_IN_MAIN_MENU, now);
        break;
    case ODDSHAPE_RESULTS:
        if (i == 0) confirm(sc, ODDSHAPE_IN_PLAY_AGAIN, now);
        else cancel(sc, ODDSHAPE_IN_MAIN_MENU, now);
        break;
    default:
        break;
    }
}

void oddshape_act_click(oddshape_ui *sc, int64_t now)
{
    oddshape_state st = sc->s.state;
    if (st >= ODDSHAPE_READY && st <= ODDSHAPE_ROUND_TRANSITION) {
        /* RT-CLICK: the session decides R1/R2/R3 and ignores locked states (R5) */
        send(sc, ODDSHAPE_IN_CLICK, 0, sc->px, sc->py, now);
        return;
    }
    ui_widget w[ODDSHAPE_MAX_WIDGETS];
    int n = oddshape_ui_widgets(sc, w);
    int i = ui_hit(w, n, sc->px, sc->py);
    if (st == ODDSHAPE_OPTIONS) {
        if (i != ODDSHAPE_OPT_SEED) seed_commit(sc);
        if (i >= ODDSHAPE_OPT_MASTER && i <= ODDSHAPE_OPT_SFX) {
            sc->drag_slider = i;
            slider_set(sc, i, ui_slider_value(&w[i], sc->px));
            return;
        }
    }
    if (i >= 0) activate_widget(sc, i, now);
}

void oddshape_act_options(oddshape_ui *sc, oddshape_action act, const player_input *in, int64_t now)
{
    ui_widget w[ODDSHAPE_MAX_WIDGETS];
    int n = oddshape_ui_options_widgets(sc, w);
    int f = sc->focus_widget;
    if (sc->seed_editing) {
        if (act == ODDSHAPE_ACT_CHAR || act == ODDSHAPE_ACT_SELECT) {
            seed_type(sc, in->ch);
            return;
        }
        if (act == ODDSHAPE_ACT_BACKSPACE) {
            size_t len = strlen(sc->seed_text);
            if (len) sc->seed_text[len - 1] = '\0';
            return;
        }
        if (act == ODDSHAPE_ACT_CONFIRM) {
            seed_commit(sc);
            sfx(sc, AUDIO_SFX_BUTTON_CONFIRM);
            return;
        }
    }
    switch (act) {
    case ODDSHAPE_ACT_UP:
    case ODDSHAPE_ACT_DOWN:
        seed_commit(sc);
        sc->kbd = 1;
        sc->focus_widget = ui_step(w, n, f, act == ODDSHAPE_ACT_DOWN ? 1 : -1);
        break;
    case ODDSHAPE_ACT_LEFT:
    case ODDSHAPE_ACT_RIGHT:
        sc->kbd = 1;
        if (f >= ODDSHAPE_OPT_MASTER && f <= ODDSHAPE_OPT_SFX) {
            slider_set(sc, f, *oddshape_ui_slider_value(sc, f) + (act == ODDSHAPE_ACT_RIGHT ? 5 : -5));
            sfx(sc, AUDIO_SFX_BUTTON_HOVER);
        }
        break;
    case ODDSHAPE_ACT_CONFIRM:
        sc->kbd = 1;
        options_activate(sc, f, now);
        break;
    case ODDSHAPE_ACT_BACK:
        options_close(sc, now);
        break;
    case ODDSHAPE_ACT_CHAR:
    case ODDSHAPE_ACT_SELECT:
        if (f == ODDSHAPE_OPT_SEED && oddshape_ui_randomize(sc)) invalid_seed(sc); /* not editing yet */
        break;
    default:
        break;
    }
}

void oddshape_act_menu(oddshape_ui *sc, oddshape_action act, int64_t now)
{
    ui_widget w[ODDSHAPE_MAX_WIDGETS];
    int n = oddshape_ui_widgets(sc, w);
    oddshape_state st = sc->s.state;
    switch (act) {
    case ODDSHAPE_ACT_UP: case ODDSHAPE_ACT_DOWN: case ODDSHAPE_ACT_LEFT: case ODDSHAPE_ACT_RIGHT: {
        int dir = act == ODDSHAPE_ACT_DOWN || act == ODDSHAPE_ACT_RIGHT ? 1 : -1;
        /* from where the focus is: the hovered button, else the screen's primary one */
        sc->kbd = 1;
        sc->focus_widget = ui_step(w, n, sc->focus_widget < 0 ? 0 : sc->focus_widget, dir);
        break;
    }
    case ODDSHAPE_ACT_CONFIRM:
        /* Enter / A confirm the focus: the button the pointer rests on or the arrows moved
         * to; on a screen just shown, its primary button (Play, Resume, Play Again) */
        activate_widget(sc, sc->focus_widget < 0 ? 0 : sc->focus_widget, now);
        break;
    case ODDSHAPE_ACT_START:
        if (st == ODDSHAPE_TITLE) activate_widget(sc, 0, now);
        else if (st == ODDSHAPE_PAUSED) send(sc, ODDSHAPE_IN_RESUME, 0, 0, 0, now);
        break;
    case ODDSHAPE_ACT_BACK:
        if (st == ODDSHAPE_PAUSED) send(sc, ODDSHAPE_IN_RESUME, 0, 0, 0, now); /* Esc / B close */
        break;
    default:
        break;
    }
}

void oddshape_act_play(oddshape_ui *sc, oddshape_action act, int slot, int64_t now)
{
    oddshape_state st = sc->s.state;
    switch (act) {
    case ODDSHAPE_ACT_SELECT:
        send(sc, ODDSHAPE_IN_SELECT, slot, 0, 0, now);
        break;
    case ODDSHAPE_ACT_LEFT:
    case ODDSHAPE_ACT_RIGHT:
        if (st != ODDSHAPE_ROUND_INTERACTIVE) break;
        /* every press moves the focus from where it is (Centre, or the hovered patch), the
         * first one of a round too, and shows it as the keyboard's ring */
        sc->focus_slot += act == ODDSHAPE_ACT_RIGHT ? 1 : -1;
        if (sc->focus_slot < 0) sc->focus_slot = 0;
        if (sc->focus_slot > ODDSHAPE_SLOTS - 1) sc->focus_slot = ODDSHAPE_SLOTS - 1;
        sc->kbd = 1;
        break;
    case ODDSHAPE_ACT_CONFIRM:
        send(sc, ODDSHAPE_IN_SELECT, sc->focus_slot, 0, 0, now);
        break;
    case ODDSHAPE_ACT_BACK:
    case ODDSHAPE_ACT_START:
        send(sc, ODDSHAPE_IN_PAUSE, 0, 0, 0, now);
        break;
    default:
        break;
    }
}
