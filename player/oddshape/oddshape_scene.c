/* Find the Odd Shape scene: input mapping (Input Map), ui state and drawing (Art Direction,
 * Screens / HUD / Menus). Every rule and timing lives in core/oddshape/oddshape_session.c. */
#include "oddshape_scene.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eventlog.h"
#include "oddshape/oddshape_session.h"
#include "rng.h"
#include "draw/ui.h"

enum { HOVER_MS = 100, MAX_WIDGETS = 8 };
/* The round-1 hint (Gameplay HUD): shown for 2.0 s of RoundInteractive, then a 0.4 s fade;
 * a resolving input fades it sooner, within the 0.3 s of RoundFeedback. */
enum { HINT_SHOW_MS = 2000, HINT_FADE_MS = 400, HINT_RESOLVED_FADE_MS = 200 };
/* Results: the stats count up over 1.0 s, then confetti and fanfare. Ready: the scrim and
 * the HUD fade in (our choice; the spec gives only the 0.80 s of DBT-17). */
enum { TALLY_MS = 1000, READY_SCRIM_FADE_MS = 120, READY_HUD_FADE_MS = 300 };

/* Options rows, in focus order. */
enum { OPT_MASTER, OPT_MUSIC, OPT_SFX, OPT_COLORBLIND, OPT_RANDOMIZE, OPT_SEED, OPT_BACK, OPT_COUNT };

typedef struct {
    int on;
    int64_t since;
} anim;

struct oddshape_scene {
    oddshape_scene_env env;
    oddshape_session s;

    /* ui: pointer, focus and highlight */
    double px, py;
    int have_pointer, mouse_down, kbd;
    int focus_slot, focus_widget;
    int hl_slot, hl_widget;       /* what is highlighted now (-1: nothing) */
    anim slot_anim[ODDSHAPE_SLOTS];
    double feedback_hover[ODDSHAPE_SLOTS]; /* each patch's hover pose as the round resolved */
    anim widget_anim[MAX_WIDGETS];
    oddshape_state widget_screen; /* the screen the widget highlight belongs to */
    int drag_slider;              /* OPT_* while dragging a slider, else -1 */

    /* Options editing */
    int seed_editing;
    char seed_text[16];

    /* animation clocks */
    oddshape_state prev_state;
    int64_t state_since;
    int64_t results_since;
    int tally_ticks, fanfare_done;
    int hint_round_done; /* the round-1 hint was shown this run */
    int64_t hint_until;  /* hint fade start; 0 before round 1 is interactive */
    int hint_active;
    int64_t paused_since; /* the hint's clock stops while Paused */
    int quit;
    char warning[512];
};

/* ---------------------------------------------------------------- small helpers */

static double clamp01(double v) { return v < 0 ? 0 : v > 1 ? 1 : v; }
static double ease_out(double t) { t = clamp01(t); return 1 - (1 - t) * (1 - t) * (1 - t); }

static double anim_value(const anim *a, int64_t now)
{
    double p = clamp01((double)(now - a->since) / HOVER_MS);
    return a->on ? p : 1 - p;
}

static void anim_set(anim *a, int on, int64_t now)
{
    if (a->on == on) return;
    a->on = on;
    a->since = now;
}

/* How far the Results count-up has come (0..1), and a stat's value shown at that point. */
static double tally_progress(const oddshape_scene *sc, int64_t now)
{
    return clamp01((double)(now - sc->results_since) / TALLY_MS);
}
static int counted(int value, double p) { return (int)floor(value * p + 1e-9); }

static void sfx(oddshape_scene *sc, audio_sfx e)
{
    if (sc->env.audio) audio_play(sc->env.audio, e);
}

static void emit(oddshape_scene *sc, const char *line)
{
    if (sc->env.events) fputs(line, sc->env.events);
}

/* LED-1's Randomize toggle chooses the source unless a rounds file was given (--levels),
 * which is played as it is whatever the toggle says. */
static int source_randomize(const oddshape_scene *sc)
{
    return sc->env.levels.file ? 0 : sc->env.cfg->randomize;
}

/* "Rounds: seed-777.json (seed 777)" for a --levels file, else "". */
static void levels_note(const oddshape_scene *sc, char *buf, size_t n)
{
    const eventlog_levels *lv = &sc->env.levels;
    buf[0] = '\0';
    if (!lv->file) return;
    const char *name = strrchr(lv->file, '/');
    name = name ? name + 1 : lv->file;
    if (lv->seeded) snprintf(buf, n, "Rounds: %.60s (seed %lu)", name, (unsigned long)lv->seed);
    else snprintf(buf, n, "Rounds: %.60s", name);
}

/* ---------------------------------------------------------------- screens' widgets */

static int title_widgets(ui_widget *w)
{
    w[0] = (ui_widget){UI_BUTTON, 760, 640, 400, 100, "Play", 1, 1};
    w[1] = (ui_widget){UI_BUTTON, 760, 770, 400, 84, "Options", 1, 0};
    w[2] = (ui_widget){UI_BUTTON, 760, 884, 400, 84, "Quit", 1, 0};
    return 3;
}

static const double opt_row_y[OPT_COUNT] = {300, 380, 460, 550, 630, 710, 820};

static int options_widgets(const oddshape_scene *sc, ui_widget *w)
{
    static const char *const labels[] = {"Master volume", "Music volume", "SFX volume",
                                         "Colorblind Assist", "Randomize Rounds", "Seed"};
    for (int i = 0; i < OPT_BACK; i++) {
        double y = opt_row_y[i];
        if (i <= OPT_SFX) w[i] = (ui_widget){UI_SLIDER, 890, y - 28, 400, 56, labels[i], 1, 0};
        else if (i < OPT_SEED)
            w[i] = (ui_widget){UI_TOGGLE, 890, y - 30, 200, 60, labels[i], i != OPT_RANDOMIZE || !sc->env.levels.file, 0};
        else w[i] = (ui_widget){UI_FIELD, 890, y - 32, 300, 64, labels[i], source_randomize(sc), 0};
    }
    w[OPT_BACK] = (ui_widget){UI_BUTTON, 800, opt_row_y[OPT_BACK] - 40, 320, 80, "Back", 1, 0};
    return OPT_COUNT;
}

static int pause_widgets(ui_widget *w)
{
    w[0] = (ui_widget){UI_BUTTON, 780, 450, 360, 84, "Resume", 1, 1};
    w[1] = (ui_widget){UI_BUTTON, 780, 560, 360, 84, "Restart", 1, 0};
    w[2] = (ui_widget){UI_BUTTON, 780, 670, 360, 84, "Main Menu", 1, 0};
    return 3;
}

static int results_widgets(ui_widget *w)
{
    w[0] = (ui_widget){UI_BUTTON, 560, 752, 370, 90, "Play Again", 1, 1};
    w[1] = (ui_widget){UI_BUTTON, 990, 752, 370, 90, "Main Menu", 1, 0};
    return 2;
}

static int screen_widgets(const oddshape_scene *sc, ui_widget *w)
{
    switch (sc->s.state) {
    case ODDSHAPE_TITLE: return title_widgets(w);
    case ODDSHAPE_OPTIONS: return options_widgets(sc, w);
    case ODDSHAPE_PAUSED: return pause_widgets(w);
    case ODDSHAPE_RESULTS: return results_widgets(w);
    default: return 0;
    }
}

/* ---------------------------------------------------------------- highlight */

/* Recomputes what the pointer or the keyboard focus highlights and plays the tick on a
 * change (V1 hover; button hover). */
static void refresh_highlight(oddshape_scene *sc, int64_t now)
{
    int slot = -1;
    if (sc->s.state == ODDSHAPE_ROUND_INTERACTIVE) {
        if (sc->kbd) slot = sc->focus_slot;
        else if (sc->have_pointer) slot = oddshape_slot_at(sc->px, sc->py);
    }
    if (slot != sc->hl_slot) {
        for (int i = 0; i < ODDSHAPE_SLOTS; i++) anim_set(&sc->slot_anim[i], i == slot, now);
        if (slot >= 0) sfx(sc, AUDIO_SFX_PATCH_HOVER);
        sc->hl_slot = slot;
    }
    ui_widget w[MAX_WIDGETS];
    int n = screen_widgets(sc, w), wi = -1;
    if (sc->widget_screen != sc->s.state) {
        for (int i = 0; i < MAX_WIDGETS; i++) sc->widget_anim[i] = (anim){0, now - HOVER_MS};
        sc->widget_screen = sc->s.state;
        sc->hl_widget = -1;
    }
    if (n > 0) {
        if (sc->kbd) wi = sc->focus_widget;
        else if (sc->drag_slider >= 0) wi = sc->drag_slider;
        else if (sc->have_pointer) wi = ui_hit(w, n, sc->px, sc->py);
    }
    if (wi != sc->hl_widget) {
        for (int i = 0; i < MAX_WIDGETS; i++) anim_set(&sc->widget_anim[i], i == wi, now);
        if (wi >= 0) sfx(sc, AUDIO_SFX_BUTTON_HOVER);
        sc->hl_widget = wi;
    }
}

/* ---------------------------------------------------------------- session events */

static void on_event(oddshape_scene *sc, const oddshape_event *ev)
{
    char line[8192]; /* a source line names the --levels file, JSON-escaped */
    eventlog_format(ev, &sc->s, &sc->env.levels, line, sizeof line);
    emit(sc, line);
    audio_system *a = sc->env.audio;
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
                sc->hint_until = ev->t_ms + HINT_SHOW_MS;
            }
        }
        break;
    case ODDSHAPE_ROUND_FEEDBACK: /* the resolved patch settles from where it was lifted */
        for (int i = 0; i < ODDSHAPE_SLOTS; i++)
            sc->feedback_hover[i] = anim_value(&sc->slot_anim[i], ev->t_ms);
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

static void drain(oddshape_scene *sc, int64_t now)
{
    oddshape_event ev;
    while (oddshape_session_poll(&sc->s, &ev)) {
        on_event(sc, &ev);
        refresh_highlight(sc, ev.t_ms);
    }
    refresh_highlight(sc, now);
}

static void send(oddshape_scene *sc, oddshape_input_kind kind, int slot, double x, double y, int64_t now)
{
    oddshape_input in = {kind, slot, x, y};
    oddshape_session_input(&sc->s, &in, now);
    drain(sc, now);
}

/* ---------------------------------------------------------------- lifecycle */

oddshape_scene *oddshape_scene_create(const oddshape_scene_env *env, int64_t now)
{
    oddshape_scene *sc = calloc(1, sizeof *sc);
    if (!sc) return NULL;
    sc->env = *env;
    sc->hl_slot = sc->hl_widget = sc->drag_slider = -1;
    sc->focus_slot = 1;
    sc->widget_screen = ODDSHAPE_STATE_COUNT;
    sc->prev_state = ODDSHAPE_STATE_COUNT;
    if (env->audio) {
        audio_set_volumes(env->audio, env->cfg->master, env->cfg->music, env->cfg->sfx);
    }
    oddshape_session_init(&sc->s, env->table, source_randomize(sc), env->cfg->seed, now);
    drain(sc, now);
    return sc;
}

void oddshape_scene_destroy(oddshape_scene *sc) { free(sc); }
int oddshape_scene_quit(const oddshape_scene *sc) { return sc->quit; }

int oddshape_scene_take_warning(oddshape_scene *sc, char *buf, size_t n)
{
    if (!sc->warning[0]) return 0;
    snprintf(buf, n, "%s", sc->warning);
    sc->warning[0] = '\0';
    return 1;
}

void oddshape_scene_pointer_gone(oddshape_scene *sc) { sc->have_pointer = 0; }

void oddshape_scene_update(oddshape_scene *sc, int64_t now)
{
    oddshape_session_update(&sc->s, now);
    drain(sc, now);
    if (sc->s.state == ODDSHAPE_RESULTS) {
        /* count-up over 1.0 s with a woodblock tick per counted unit, then the fanfare */
        oddshape_stats st;
        oddshape_session_stats(&sc->s, &st);
        double p = tally_progress(sc, now);
        int units = counted(st.correct + st.errors, p);
        while (sc->tally_ticks < units) {
            sc->tally_ticks++;
            sfx(sc, AUDIO_SFX_TALLY_TICK);
        }
        if (p >= 1 && !sc->fanfare_done) {
            sc->fanfare_done = 1;
            sfx(sc, AUDIO_SFX_FANFARE);
        }
    }
    if (sc->hint_active && sc->s.state != ODDSHAPE_PAUSED && now >= sc->hint_until + HINT_FADE_MS) {
        sc->hint_active = 0;
        sc->hint_round_done = 1;
    }
}

/* ---------------------------------------------------------------- Options */

static void seed_text_from_cfg(oddshape_scene *sc)
{
    snprintf(sc->seed_text, sizeof sc->seed_text, "%lu", (unsigned long)sc->env.cfg->seed);
}

static void invalid_seed(oddshape_scene *sc)
{
    sfx(sc, AUDIO_SFX_INVALID); /* the double-buzz, and the field reverts */
    sc->seed_editing = 0;
    seed_text_from_cfg(sc);
}

/* Commits the seed being typed; an empty or unreadable entry reverts. */
static void seed_commit(oddshape_scene *sc)
{
    if (!sc->seed_editing) return;
    sc->seed_editing = 0;
    uint32_t seed;
    char err[128];
    if (!sc->seed_text[0] || rng_parse_seed(sc->seed_text, &seed, err, sizeof err) != 0) {
        invalid_seed(sc);
        return;
    }
    sc->env.cfg->seed = seed;
    seed_text_from_cfg(sc);
}

static void seed_type(oddshape_scene *sc, char ch)
{
    size_t len = strlen(sc->seed_text);
    if (ch < '0' || ch > '9' || len + 1 >= 11) { /* non-numeric entry: rejected */
        invalid_seed(sc);
        return;
    }
    sc->seed_text[len] = ch;
    sc->seed_text[len + 1] = '\0';
}

static void options_close(oddshape_scene *sc, int64_t now)
{
    seed_commit(sc);
    sc->drag_slider = -1;
    settings *cfg = sc->env.cfg;
    if (sc->env.settings_path) {
        char err[400];
        if (settings_save(sc->env.settings_path, cfg, err, sizeof err) != 0)
            snprintf(sc->warning, sizeof sc->warning, "settings not saved: %s", err);
    }
    oddshape_session_set_source(&sc->s, source_randomize(sc), cfg->seed); /* LED-1: next Ready */
    char line[256];
    eventlog_options(now, cfg, line, sizeof line);
    emit(sc, line);
    sfx(sc, AUDIO_SFX_BUTTON_CANCEL);
    send(sc, ODDSHAPE_IN_BACK, 0, 0, 0, now);
}

static int *slider_value(oddshape_scene *sc, int row)
{
    settings *c = sc->env.cfg;
    return row == OPT_MASTER ? &c->master : row == OPT_MUSIC ? &c->music : &c->sfx;
}

static void slider_set(oddshape_scene *sc, int row, int v)
{
    int *p = slider_value(sc, row);
    v = v < 0 ? 0 : v > 100 ? 100 : v;
    if (*p == v) return;
    *p = v;
    if (sc->env.audio) audio_set_volumes(sc->env.audio, sc->env.cfg->master, sc->env.cfg->music, sc->env.cfg->sfx);
}

static void options_activate(oddshape_scene *sc, int row, int64_t now)
{
    settings *c = sc->env.cfg;
    if (row != OPT_SEED) seed_commit(sc);
    switch (row) {
    case OPT_COLORBLIND:
        c->colorblind = !c->colorblind;
        sfx(sc, AUDIO_SFX_BUTTON_CONFIRM);
        break;
    case OPT_RANDOMIZE:
        if (sc->env.levels.file) break; /* the rounds file is played whatever the toggle */
        c->randomize = !c->randomize;
        sfx(sc, AUDIO_SFX_BUTTON_CONFIRM);
        break;
    case OPT_SEED:
        if (!source_randomize(sc)) break; /* editable only when Randomize is On */
        if (sc->seed_editing) {
            seed_commit(sc);
        } else {
            sc->seed_editing = 1;
            sc->seed_text[0] = '\0';
        }
        sfx(sc, AUDIO_SFX_BUTTON_CONFIRM);
        break;
    case OPT_BACK:
        options_close(sc, now);
        break;
    default:
        break;
    }
}

/* ---------------------------------------------------------------- input */

typedef enum { ACT_NONE, ACT_LEFT, ACT_RIGHT, ACT_UP, ACT_DOWN, ACT_CONFIRM, ACT_BACK, ACT_START,
               ACT_SELECT, ACT_CHAR, ACT_BACKSPACE } action;

static action map_input(const player_input *in, int *slot)
{
    if (in->kind == PIN_KEY) {
        switch (in->key) {
        case PK_1: case PK_2: case PK_3: *slot = in->key - PK_1; return ACT_SELECT; /* DBT-29 */
        case PK_LEFT: return ACT_LEFT;
        case PK_RIGHT: return ACT_RIGHT;
        case PK_UP: return ACT_UP;
        case PK_DOWN: case PK_TAB: return ACT_DOWN;
        case PK_ENTER: case PK_SPACE: return ACT_CONFIRM;
        case PK_ESCAPE: return ACT_BACK;
        case PK_BACKSPACE: return ACT_BACKSPACE;
        case PK_CHAR: return ACT_CHAR;
        default: return ACT_NONE;
        }
    }
    if (in->kind == PIN_PAD) {
        switch (in->button) {
        case PB_A: return ACT_CONFIRM;
        case PB_B: return ACT_BACK;
        case PB_START: return ACT_START;
        case PB_LEFT: return ACT_LEFT;
        case PB_RIGHT: return ACT_RIGHT;
        case PB_UP: return ACT_UP;
        case PB_DOWN: return ACT_DOWN;
        default: return ACT_NONE;
        }
    }
    return ACT_NONE;
}

/* A button press with its confirm chime or cancel "thup" (Audio: button confirm / back). */
static void confirm(oddshape_scene *sc, oddshape_input_kind kind, int64_t now)
{
    sfx(sc, AUDIO_SFX_BUTTON_CONFIRM);
    send(sc, kind, 0, 0, 0, now);
}
static void cancel(oddshape_scene *sc, oddshape_input_kind kind, int64_t now)
{
    sfx(sc, AUDIO_SFX_BUTTON_CANCEL);
    send(sc, kind, 0, 0, 0, now);
}

static void activate_widget(oddshape_scene *sc, int i, int64_t now)
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

static void pointer_click(oddshape_scene *sc, int64_t now)
{
    oddshape_state st = sc->s.state;
    if (st >= ODDSHAPE_READY && st <= ODDSHAPE_ROUND_TRANSITION) {
        /* RT-CLICK: the session decides R1/R2/R3 and ignores locked states (R5) */
        send(sc, ODDSHAPE_IN_CLICK, 0, sc->px, sc->py, now);
        return;
    }
    ui_widget w[MAX_WIDGETS];
    int n = screen_widgets(sc, w);
    int i = ui_hit(w, n, sc->px, sc->py);
    if (st == ODDSHAPE_OPTIONS) {
        if (i != OPT_SEED) seed_commit(sc);
        if (i >= OPT_MASTER && i <= OPT_SFX) {
            sc->drag_slider = i;
            slider_set(sc, i, ui_slider_value(&w[i], sc->px));
            return;
        }
    }
    if (i >= 0) activate_widget(sc, i, now);
}

static void options_action(oddshape_scene *sc, action act, const player_input *in, int64_t now)
{
    ui_widget w[MAX_WIDGETS];
    int n = options_widgets(sc, w);
    int f = sc->focus_widget;
    if (sc->seed_editing) {
        if (act == ACT_CHAR || act == ACT_SELECT) {
            seed_type(sc, in->ch);
            return;
        }
        if (act == ACT_BACKSPACE) {
            size_t len = strlen(sc->seed_text);
            if (len) sc->seed_text[len - 1] = '\0';
            return;
        }
        if (act == ACT_CONFIRM) {
            seed_commit(sc);
            sfx(sc, AUDIO_SFX_BUTTON_CONFIRM);
            return;
        }
    }
    switch (act) {
    case ACT_UP:
    case ACT_DOWN:
        seed_commit(sc);
        sc->kbd = 1;
        sc->focus_widget = ui_step(w, n, sc->hl_widget >= 0 ? sc->hl_widget : f, act == ACT_DOWN ? 1 : -1);
        break;
    case ACT_LEFT:
    case ACT_RIGHT:
        sc->kbd = 1;
        if (sc->hl_widget >= 0) sc->focus_widget = f = sc->hl_widget;
        if (f >= OPT_MASTER && f <= OPT_SFX) {
            slider_set(sc, f, *slider_value(sc, f) + (act == ACT_RIGHT ? 5 : -5));
            sfx(sc, AUDIO_SFX_BUTTON_HOVER);
        }
        break;
    case ACT_CONFIRM:
        sc->kbd = 1;
        if (sc->hl_widget >= 0) sc->focus_widget = f = sc->hl_widget;
        options_activate(sc, f, now);
        break;
    case ACT_BACK:
        options_close(sc, now);
        break;
    case ACT_CHAR:
    case ACT_SELECT:
        if (f == OPT_SEED && source_randomize(sc)) invalid_seed(sc); /* not editing yet */
        break;
    default:
        break;
    }
}

static void menu_action(oddshape_scene *sc, action act, int64_t now)
{
    ui_widget w[MAX_WIDGETS];
    int n = screen_widgets(sc, w);
    oddshape_state st = sc->s.state;
    switch (act) {
    case ACT_UP: case ACT_DOWN: case ACT_LEFT: case ACT_RIGHT: {
        int dir = act == ACT_DOWN || act == ACT_RIGHT ? 1 : -1;
        /* with no focus yet, the first arrow moves from the primary button, the one Enter
         * would take: Right then Enter on Results is Main Menu, not Play Again */
        int from = sc->kbd ? sc->focus_widget : sc->hl_widget;
        sc->kbd = 1;
        sc->focus_widget = ui_step(w, n, from < 0 ? 0 : from, dir);
        break;
    }
    case ACT_CONFIRM:
        /* Enter / A confirm the keyboard focus; without one they take the screen's primary
         * button (Play, Resume, Play Again): the mouse's hover is not a focus */
        activate_widget(sc, sc->kbd ? sc->focus_widget : 0, now);
        break;
    case ACT_START:
        if (st == ODDSHAPE_TITLE) activate_widget(sc, 0, now);
        else if (st == ODDSHAPE_PAUSED) send(sc, ODDSHAPE_IN_RESUME, 0, 0, 0, now);
        break;
    case ACT_BACK:
        if (st == ODDSHAPE_PAUSED) send(sc, ODDSHAPE_IN_RESUME, 0, 0, 0, now); /* Esc / B close */
        break;
    default:
        break;
    }
}

static void play_action(oddshape_scene *sc, action act, int slot, int64_t now)
{
    oddshape_state st = sc->s.state;
    switch (act) {
    case ACT_SELECT:
        send(sc, ODDSHAPE_IN_SELECT, slot, 0, 0, now);
        break;
    case ACT_LEFT:
    case ACT_RIGHT:
        if (st != ODDSHAPE_ROUND_INTERACTIVE) break;
        if (sc->kbd) {
            sc->focus_slot += act == ACT_RIGHT ? 1 : -1;
            if (sc->focus_slot < 0) sc->focus_slot = 0;
            if (sc->focus_slot > ODDSHAPE_SLOTS - 1) sc->focus_slot = ODDSHAPE_SLOTS - 1;
        }
        sc->kbd = 1; /* the first press shows the focus where it is */
        break;
    case ACT_CONFIRM:
        send(sc, ODDSHAPE_IN_SELECT, sc->focus_slot, 0, 0, now);
        break;
    case ACT_BACK:
    case ACT_START:
        send(sc, ODDSHAPE_IN_PAUSE, 0, 0, 0, now);
        break;
    default:
        break;
    }
}

void oddshape_scene_input(oddshape_scene *sc, const player_input *in_, int64_t now)
{
    oddshape_session_update(&sc->s, now);
    drain(sc, now);
    /* a touch acts as the left button at the finger: tap = click, drag = slider drag */
    player_input touch = *in_;
    if (touch.kind == PIN_TOUCH_DOWN) touch.kind = PIN_CLICK;
    else if (touch.kind == PIN_TOUCH_MOVE) touch.kind = PIN_MOVE;
    else if (touch.kind == PIN_TOUCH_UP) touch.kind = PIN_RELEASE;
    const player_input *in = &touch;
    switch (in->kind) {
    case PIN_MOVE:
        sc->px = in->x;
        sc->py = in->y;
        sc->have_pointer = 1;
        sc->kbd = 0;
        if (sc->drag_slider >= 0 && sc->s.state == ODDSHAPE_OPTIONS) {
            ui_widget w[MAX_WIDGETS];
            options_widgets(sc, w);
            slider_set(sc, sc->drag_slider, ui_slider_value(&w[sc->drag_slider], sc->px));
        }
        break;
    case PIN_CLICK:
        sc->px = in->x;
        sc->py = in->y;
        sc->have_pointer = 1;
        sc->mouse_down = 1;
        sc->kbd = 0;
        refresh_highlight(sc, now);
        pointer_click(sc, now);
        break;
    case PIN_RELEASE:
        sc->mouse_down = 0;
        sc->drag_slider = -1;
        break;
    case PIN_KEY:
    case PIN_PAD: {
        int slot = -1;
        action act = map_input(in, &slot);
        oddshape_state st = sc->s.state;
        if (st == ODDSHAPE_OPTIONS) options_action(sc, act, in, now);
        else if (st == ODDSHAPE_TITLE || st == ODDSHAPE_PAUSED || st == ODDSHAPE_RESULTS)
            menu_action(sc, act, now);
        else play_action(sc, act, slot, now);
        break;
    }
    default:
        break;
    }
    drain(sc, now);
}

/* ---------------------------------------------------------------- drawing */

static const gfx_color WHITE = {255, 255, 255, 255};

static gfx_art_key patch_key(int color, int shape, int cb)
{
    return (gfx_art_key){GFX_ART_PATCH, color, shape, cb ? 1 : 0, 0};
}

/* One patch with its shadow; lift raises it, scale is around its centre. */
static void draw_patch(gfx *g, oddshape_patch p, int cb, double cx, double cy, double scale,
                       double lift, double alpha)
{
    gfx_art_key sh = {GFX_ART_SHADOW, 0, p.shape, 0, 0};
    gfx_art_draw(g, sh, cx, cy + 6 + lift * 0.4, scale * (1 + lift * 0.004), 0, WHITE, alpha);
    gfx_art_draw(g, patch_key(p.color, p.shape, cb), cx, cy - lift, scale, 0, WHITE, alpha);
}

static void draw_pips(oddshape_scene *sc, gfx *g, double cy, int64_t now, int show_current)
{
    for (int i = 0; i < ODDSHAPE_ROUNDS; i++) {
        double cx = 960 + (i - 7) * 36;
        oddshape_outcome o = sc->s.outcome[i];
        gfx_art_key pip = {GFX_ART_PIP, 0, 0, 0, 0};
        if (o == ODDSHAPE_OUTCOME_CORRECT) {
            gfx_art_draw(g, pip, cx, cy, 1, 0, GFX_RGB(GFX_GREEN), 1);
            gfx_art_draw(g, (gfx_art_key){GFX_ART_CHECK, 14, 0, 0, 0}, cx, cy, 1, 0, WHITE, 1);
        } else if (o != ODDSHAPE_OUTCOME_NONE) {
            gfx_art_draw(g, pip, cx, cy, 1, 0, GFX_RGB(GFX_RED), 1);
            gfx_art_draw(g, (gfx_art_key){GFX_ART_CROSS, 12, 0, 0, 0}, cx, cy, 1, 0, WHITE, 1);
        } else if (show_current && i == sc->s.round - 1) {
            gfx_art_draw(g, pip, cx, cy, 1, 0, GFX_RGB(0xEFE6D2), 1);
            double pulse = 0.65 + 0.35 * sin(now / 1000.0 * 2 * M_PI * 1.2);
            gfx_art_draw(g, (gfx_art_key){GFX_ART_PIP_RING, 0, 0, 0, 0}, cx, cy, 1 + 0.06 * pulse, 0,
                         GFX_RGB(GFX_GOLD), pulse);
        } else {
            gfx_art_draw(g, pip, cx, cy, 1, 0, GFX_RGB(GFX_PIP_GREY), 1);
        }
    }
}

static void draw_hud(oddshape_scene *sc, gfx *g, int64_t now, double alpha)
{
    char buf[64];
    /* top-left (40, 40): ✓ N   ✗ M */
    gfx_art_draw(g, (gfx_art_key){GFX_ART_CHECK, 34, 0, 0, 0}, 60, 66, 1, 0, GFX_RGB(GFX_GREEN), alpha);
    /* proportional digits: these change only at a resolution, and fixed cells would open
     * gaps round a narrow 1 ("1 5"); only the running timer needs tabular figures */
    gfx_text_style st = ui_style(44, 1, GFX_LEFT, GFX_INK, alpha);
    snprintf(buf, sizeof buf, "%d", sc->s.correct);
    gfx_text(g, buf, 88, 64, st);
    gfx_art_draw(g, (gfx_art_key){GFX_ART_CROSS, 28, 0, 0, 0}, 178, 66, 1, 0, GFX_RGB(GFX_RED), alpha);
    snprintf(buf, sizeof buf, "%d", sc->s.errors);
    gfx_text(g, buf, 206, 64, st);
    /* top-centre: Round X / 15 and the pips at y = 120 */
    snprintf(buf, sizeof buf, "Round %d / %d", sc->s.round, ODDSHAPE_ROUNDS);
    gfx_text(g, buf, 960, 66, ui_style(40, 1, GFX_CENTER, GFX_INK, alpha));
    draw_pips(sc, g, 120, now, 1);
    /* top-right at x = 1880: the round timer to 0.01 s (RT-TIMER) */
    char secs[32];
    oddshape_format_seconds((double)oddshape_session_timer_ms(&sc->s, now), secs, sizeof secs);
    snprintf(buf, sizeof buf, "%s s", secs);
    gfx_text_style tt = ui_style(48, 1, GFX_RIGHT, GFX_INK, alpha);
    tt.tabular = 1;
    gfx_text(g, buf, 1880, 66, tt);
}

static void draw_hint(oddshape_scene *sc, gfx *g, int64_t now)
{
    oddshape_state st = sc->s.state;
    /* not under the Pause card either: the hint is for the round in play */
    if (sc->hint_round_done || sc->s.round != 1 || st < ODDSHAPE_ROUND_REVEAL || st >= ODDSHAPE_PAUSED)
        return;
    /* gone before the trio is dismissed: fading again from full in RoundTransition
     * would make it flash back after the RoundFeedback fade */
    if (st == ODDSHAPE_ROUND_TRANSITION) return;
    double a;
    if (st == ODDSHAPE_ROUND_REVEAL) a = clamp01((double)(now - sc->state_since) / ODDSHAPE_REVEAL_MS);
    else if (sc->hint_active) a = 1 - clamp01((double)(now - sc->hint_until) / HINT_FADE_MS);
    else return;
    if (st == ODDSHAPE_ROUND_FEEDBACK)
        a *= 1 - clamp01((double)(now - sc->state_since) / HINT_RESOLVED_FADE_MS);
    if (a <= 0) return;
    gfx_art_draw(g, (gfx_art_key){GFX_ART_PANEL, 620, 70, 35, GFX_CREAM}, 960, 964, 1, 0, WHITE, a * 0.9);
    gfx_text(g, "Click the patch that's different", 960, 960, ui_style(34, 0, GFX_CENTER, GFX_INK, a));
}

/* Sparkles for RT-FEEDBACK C1: tiny gold stars bursting from the patch. */
static void draw_sparkles(gfx *g, double cx, double cy, double p)
{
    for (int i = 0; i < 14; i++) {
        double ang = i * 2 * M_PI / 14 + 0.3 * sin(i * 7.1);
        double dist = 70 + 120 * ease_out(p) * (0.7 + 0.3 * sin(i * 3.7));
        double sz = (0.9 + 0.7 * fabs(sin(i * 1.9))) * (1 - 0.4 * p);
        gfx_art_draw(g, (gfx_art_key){GFX_ART_SPARKLE, 0, 0, 0, 0}, cx + cos(ang) * dist,
                     cy + sin(ang) * dist, sz, p * 120 + i * 20, GFX_RGB(i % 3 ? GFX_GOLD : 0xFFF4C8),
                     1 - p * p * p);
    }
}

/* One patch's pose in the current state. */
typedef struct {
    double cx, scale, lift, alpha, hover;
} patch_pose;

/* DBT-12 reveal, DBT-14 dismiss, DBT-18 hover, and in RoundFeedback the resolved patch's
 * DBT-19 pulse (correct) or DBT-20 shake (error); t is the time in the current state. */
static patch_pose pose_patch(const oddshape_scene *sc, int i, double t, int64_t now)
{
    oddshape_state st = sc->s.state;
    patch_pose q = {oddshape_slot_x[i], 1, 0, 1, 0};
    if (st == ODDSHAPE_ROUND_INTERACTIVE) q.hover = anim_value(&sc->slot_anim[i], now);
    if (st == ODDSHAPE_ROUND_FEEDBACK) /* DBT-18 eases back over DBT-13, under the pulse or shake */
        q.hover = sc->feedback_hover[i] * (1 - ease_out(t / ODDSHAPE_FEEDBACK_MS));
    if (st == ODDSHAPE_ROUND_REVEAL) { /* 0.8 -> 1.0, fade in */
        double p = ease_out(t / ODDSHAPE_REVEAL_MS);
        q.scale = 0.8 + 0.2 * p;
        q.alpha = clamp01(t / ODDSHAPE_REVEAL_MS);
    } else if (st == ODDSHAPE_ROUND_TRANSITION) { /* 1.0 -> 0.9, fade out */
        double p = clamp01(t / ODDSHAPE_TRANSITION_MS);
        q.scale = 1 - 0.1 * p;
        q.alpha = 1 - p;
    }
    q.lift = 8 * q.hover;
    q.scale *= 1 + 0.03 * q.hover;
    if (st == ODDSHAPE_ROUND_FEEDBACK && i == sc->s.last_slot) {
        double p = clamp01(t / ODDSHAPE_FEEDBACK_MS);
        oddshape_outcome outcome = sc->s.outcome[sc->s.round - 1];
        if (outcome == ODDSHAPE_OUTCOME_CORRECT)
            q.scale *= 1 + 0.08 * sin(M_PI * p);
        else if (outcome == ODDSHAPE_OUTCOME_ERROR)
            q.cx += 10 * sin(2 * M_PI * 3 * p); /* 10 px, 3 oscillations */
    }
    return q;
}

/* A ring around a silhouette (GFX_ART_RING), lifted and scaled with its patch. */
static void draw_ring(gfx *g, int shape, int width, int style, Uint32 color, patch_pose q, double scale,
                      double alpha)
{
    gfx_art_draw(g, (gfx_art_key){GFX_ART_RING, width, shape, style, color}, q.cx, ODDSHAPE_SLOT_Y - q.lift,
                 scale, 0, WHITE, alpha);
}

/* RT-FEEDBACK on slot i at progress p of RoundFeedback. C1: green rings and sparkles on a
 * correct pick. C2: a red ring flashes round the wrong twin as it shakes, and the odd patch
 * is outlined in glowing gold to teach. LED-3: neither ever tints a patch's fill, so no
 * colour of DBT-4 can be mistaken for a verdict or turn into another. */
static void draw_feedback(gfx *g, const oddshape_session *s, int i, int shape, patch_pose q, double p)
{
    oddshape_outcome outcome = s->outcome[s->round - 1];
    if (i == s->last_slot && outcome == ODDSHAPE_OUTCOME_CORRECT) {
        /* a green ring expands outward over the patch's own green ring */
        draw_ring(g, shape, 3, GFX_RING_SOLID, GFX_GREEN, q, q.scale * (1 + 0.35 * ease_out(p)), 1 - p);
        draw_ring(g, shape, 3, GFX_RING_SOLID, GFX_GREEN, q, q.scale, 1 - p * 0.5);
        draw_sparkles(g, q.cx, ODDSHAPE_SLOT_Y - q.lift, p);
    }
    if (i == s->last_slot && outcome == ODDSHAPE_OUTCOME_ERROR)
        draw_ring(g, shape, 6, GFX_RING_SOLID, GFX_RED, q, q.scale, 1 - p * p);
    if (i == oddshape_session_current(s)->odd_slot && outcome != ODDSHAPE_OUTCOME_CORRECT)
        draw_ring(g, shape, 5, GFX_RING_GLOW, GFX_GOLD, q, q.scale, 1);
}

static void draw_round(oddshape_scene *sc, gfx *g, int64_t now)
{
    const oddshape_round *r = oddshape_session_current(&sc->s);
    if (!r) return;
    oddshape_patch slots[ODDSHAPE_SLOTS];
    oddshape_round_slots(r, slots);
    double t = (double)(now - sc->state_since);
    double p = clamp01(t / ODDSHAPE_FEEDBACK_MS);
    int feedback = sc->s.state == ODDSHAPE_ROUND_FEEDBACK;
    /* R4: no single patch shakes; the felt board itself flashes red once, under the
     * patches, so the twins keep their colour (LED-3) */
    if (feedback && sc->s.outcome[sc->s.round - 1] == ODDSHAPE_OUTCOME_TIMEOUT)
        gfx_rect(g, 0, 0, ODDSHAPE_FIELD_W, ODDSHAPE_FIELD_H,
                 (gfx_color){0xFF, 0x4D, 0x4D, (Uint8)(110 * sin(M_PI * p))});
    for (int i = 0; i < ODDSHAPE_SLOTS; i++) {
        patch_pose q = pose_patch(sc, i, t, now);
        draw_patch(g, slots[i], sc->env.cfg->colorblind, q.cx, ODDSHAPE_SLOT_Y, q.scale, q.lift, q.alpha);
        /* V1 hover: the gold ring, 3 px (DBT-30); keyboard focus is the same ring as a
         * running stitch, so it never reads as the solid teaching outline of C2 */
        if (sc->s.state == ODDSHAPE_ROUND_INTERACTIVE && q.hover > 0)
            draw_ring(g, slots[i].shape, 3, sc->kbd ? GFX_RING_DASHED : GFX_RING_SOLID, GFX_GOLD, q, q.scale,
                      q.hover * q.alpha);
        if (feedback) draw_feedback(g, &sc->s, i, slots[i].shape, q, p);
    }
}

static void draw_widgets(oddshape_scene *sc, gfx *g, int64_t now, double alpha)
{
    ui_widget w[MAX_WIDGETS];
    int n = screen_widgets(sc, w);
    for (int i = 0; i < n; i++) {
        double h = anim_value(&sc->widget_anim[i], now);
        if (w[i].kind == UI_BUTTON) ui_button(g, &w[i], h, alpha);
    }
}

static void draw_title(oddshape_scene *sc, gfx *g, int64_t now, double alpha)
{
    gfx_logo(g, 960, 215);
    /* the sample patches: a Red Circle, a Red Circle, a Blue Circle, bobbing */
    static const oddshape_patch sample[3] = {{0, 0}, {0, 0}, {1, 0}};
    for (int i = 0; i < 3; i++) {
        double bob = 9 * sin(now / 1000.0 * 2 * M_PI * 0.55 + i * 1.3);
        draw_patch(g, sample[i], sc->env.cfg->colorblind, 800 + i * 160, 475 + bob, 0.5, 0, alpha);
    }
    draw_widgets(sc, g, now, alpha);
    gfx_text(g, sc->env.version, 40, 1044, ui_style(26, 0, GFX_LEFT, GFX_INK2, alpha));
    char note[128];
    levels_note(sc, note, sizeof note);
    if (note[0]) gfx_text(g, note, 1880, 1044, ui_style(26, 0, GFX_RIGHT, GFX_INK2, alpha));
}

static void draw_options(oddshape_scene *sc, gfx *g, int64_t now)
{
    gfx_rect(g, 0, 0, 1920, 1080, (gfx_color){0x3A, 0x30, 0x28, 70});
    ui_card(g, 960, 540, 1000, 840, 1);
    gfx_text(g, "Options", 960, 200, ui_style(60, 1, GFX_CENTER, GFX_INK, 1));
    ui_widget w[MAX_WIDGETS];
    int n = options_widgets(sc, w);
    settings *c = sc->env.cfg;
    for (int i = 0; i < n; i++) {
        double h = anim_value(&sc->widget_anim[i], now);
        if (i < OPT_BACK)
            gfx_text(g, w[i].label, 520, opt_row_y[i], ui_style(36, 0, GFX_LEFT, w[i].enabled ? GFX_INK : GFX_INK2, 1));
        if (i == OPT_RANDOMIZE && sc->env.levels.file)
            gfx_text(g, "set by --levels", 1120, opt_row_y[i], ui_style(30, 0, GFX_LEFT, GFX_INK2, 1));
        switch (w[i].kind) {
        case UI_SLIDER: ui_slider(g, &w[i], *slider_value(sc, i), h, 1); break;
        case UI_TOGGLE: ui_toggle(g, &w[i], i == OPT_COLORBLIND ? c->colorblind : c->randomize, h, 1); break;
        case UI_FIELD: ui_field(g, &w[i], sc->seed_text, sc->seed_editing, h, 1, (double)now); break;
        default: ui_button(g, &w[i], h, 1); break;
        }
    }
}

static void draw_ready(oddshape_scene *sc, gfx *g, int64_t now)
{
    if (sc->s.state != ODDSHAPE_READY) return;
    /* fades in, then out over Ready's last DBT-12 so that round 1 reveals on a clear board */
    double t = (double)(now - sc->state_since);
    double a = fmin(clamp01(t / READY_SCRIM_FADE_MS), clamp01((ODDSHAPE_READY_MS - t) / ODDSHAPE_REVEAL_MS));
    gfx_rect(g, 0, 0, 1920, 1080, (gfx_color){0xFB, 0xF7, 0xEE, (Uint8)(110 * a)});
    gfx_text_style st = ui_style(110, 1, GFX_CENTER, GFX_INK, a);
    st.stitched = 1; /* "Get Ready" stitched text on a light scrim (Screens: Ready) */
    gfx_text(g, "Get Ready", 960, 532, st);
    char note[128];
    levels_note(sc, note, sizeof note);
    if (note[0]) gfx_text(g, note, 960, 640, ui_style(34, 0, GFX_CENTER, GFX_INK2, a));
}

static void draw_pause(oddshape_scene *sc, gfx *g, int64_t now)
{
    gfx_rect(g, 0, 0, 1920, 1080, (gfx_color){0, 0, 0, 128}); /* 50% black scrim */
    ui_card(g, 960, 545, 560, 520, 1);
    gfx_text(g, "Paused", 960, 370, ui_style(60, 1, GFX_CENTER, GFX_INK, 1));
    draw_widgets(sc, g, now, 1);
}

static void draw_confetti(gfx *g, double t)
{
    if (t < 0) return;
    for (int i = 0; i < 90; i++) {
        double seed1 = sin(i * 12.9898) * 43758.5453, r1 = seed1 - floor(seed1);
        double seed2 = sin(i * 78.233) * 12345.678, r2 = seed2 - floor(seed2);
        double life = 2600 + 900 * r2, p = t / life;
        if (p >= 1) continue;
        double x0 = 960 + (r1 - 0.5) * 500, vx = (r1 - 0.5) * 1.6 + (r2 - 0.5) * 0.6;
        double vy = -1.1 - 0.9 * r2;
        double x = x0 + vx * t * 0.6 + 30 * sin(t / 300 + i);
        double y = 470 + vy * t * 0.6 + 0.0009 * t * t * 0.5 * (0.8 + r1);
        double alpha = 1 - clamp01((p - 0.6) / 0.4);
        double size = 0.5 + 0.5 * r2; /* 8..16 px */
        gfx_art_draw(g, (gfx_art_key){GFX_ART_SCRAP, i % 4, 0, 0, 0}, x, y, size, t * 0.2 * (r1 - 0.5) + i * 40,
                     GFX_RGB(gfx_patch_colors[i % 6]), alpha);
    }
}

static void draw_results(oddshape_scene *sc, gfx *g, int64_t now)
{
    oddshape_stats st;
    oddshape_session_stats(&sc->s, &st);
    double p = tally_progress(sc, now);
    ui_card(g, 960, 540, 1000, 760, 1);
    gfx_text(g, "Results", 960, 230, ui_style(64, 1, GFX_CENTER, GFX_INK, 1));
    /* the three primary stats large and stitched, each label right-aligned on the card's
     * centre line and its value left-aligned after it: a value that grows while counting up
     * never moves its label, so the digits can keep their natural widths */
    char buf[96], secs[32];
    gfx_text_style label = ui_style(54, 1, GFX_RIGHT, GFX_INK, 1), value = label;
    label.stitched = value.stitched = 1;
    value.align = GFX_LEFT;
    static const char *const names[3] = {"Correct:", "Errors:", "Avg time:"};
    for (int i = 0; i < 3; i++) {
        if (i == 0) snprintf(buf, sizeof buf, "%d / %d", counted(st.correct, p), ODDSHAPE_ROUNDS);
        else if (i == 1) snprintf(buf, sizeof buf, "%d", counted(st.errors, p));
        else {
            oddshape_format_seconds(st.avg_ms * p, secs, sizeof secs);
            snprintf(buf, sizeof buf, "%s s", secs);
        }
        gfx_text(g, names[i], 975, 330 + 82 * i, label);
        gfx_text(g, buf, 1001, 330 + 82 * i, value);
    }
    char fast[40];
    if (st.fastest_ms < 0) snprintf(fast, sizeof fast, "\xE2\x80\x94");
    else {
        oddshape_format_seconds((double)st.fastest_ms * p, secs, sizeof secs);
        snprintf(fast, sizeof fast, "%s s", secs);
    }
    snprintf(buf, sizeof buf, "Accuracy: %d%%    Fastest: %s", (int)lround(st.accuracy_pct * p), fast);
    gfx_text_style small = ui_style(36, 0, GFX_CENTER, GFX_INK2, 1);
    small.tabular = 1;
    gfx_text(g, buf, 960, 574, small);
    draw_pips(sc, g, 656, now, 0);
    draw_widgets(sc, g, now, 1);
    draw_confetti(g, (double)(now - sc->results_since) - TALLY_MS);
}

void oddshape_scene_draw(oddshape_scene *sc, gfx *g, int64_t now)
{
    gfx_board(g);
    oddshape_state st = sc->s.state;
    switch (st) {
    case ODDSHAPE_TITLE:
    case ODDSHAPE_QUIT:
        draw_title(sc, g, now, 1);
        break;
    case ODDSHAPE_OPTIONS:
        draw_title(sc, g, now, 1);
        draw_options(sc, g, now);
        break;
    case ODDSHAPE_READY:
        draw_hud(sc, g, now, clamp01((double)(now - sc->state_since) / READY_HUD_FADE_MS));
        draw_ready(sc, g, now);
        break;
    case ODDSHAPE_RESULTS:
        draw_results(sc, g, now);
        break;
    default:
        draw_round(sc, g, now);
        draw_hud(sc, g, now, 1);
        draw_hint(sc, g, now);
        draw_ready(sc, g, now);
        if (st == ODDSHAPE_PAUSED) draw_pause(sc, g, now);
        break;
    }
    if (sc->have_pointer) {
        /* the needle tilts 15 degrees over a patch and stays upright over buttons */
        int over = st == ODDSHAPE_ROUND_INTERACTIVE && oddshape_slot_at(sc->px, sc->py) >= 0;
        gfx_cursor(g, sc->px, sc->py, over ? 15 : 0);
    }
}
