/* Find the Odd Shape in the player: the scene table entry (player/scene.h), its content and
 * settings, and the input mapping (Input Map) onto the actions. Every rule and timing lives
 * in core/oddshape/oddshape_session.c. */
#include "oddshape_scene.h"

#include <stdlib.h>

#include "oddshape_content.h"
#include "oddshape_ui.h"

static void *create(const scene_env *env, int64_t now, char *err, size_t errlen)
{
    char def[1100];
    const char *file = scene_arg_value(env, "levels", NULL); /* NULL: Table L1 or Randomize */
    const char *levels = file ? file : scene_data_path(env, "levels/oddshape/l1.json", def, sizeof def);
    oddshape_ui *sc = calloc(1, sizeof *sc);
    if (!sc) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    oddshape_source source;
    uint32_t seed;
    if (content_load_rounds(levels, sc->table, &source, &seed, err, errlen) != 0) {
        free(sc);
        return NULL;
    }
    sc->cfg = env->cfg;
    sc->opt = env->scene_cfg;
    sc->settings_path = env->settings_path;
    sc->audio = env->audio;
    sc->events = env->events;
    sc->version = env->version;
    sc->levels = (oddshape_eventlog_levels){file, source == ODDSHAPE_SOURCE_MULBERRY32, seed};
    oddshape_act_start(sc, now);
    return sc;
}

static void destroy(void *s) { free(s); }
static void update(void *s, int64_t now) { oddshape_act_update(s, now); }
static void draw(void *s, gfx *g, int64_t now) { oddshape_draw(s, g, now); }
/* The pointer left the window or the window lost focus: hide the needle cursor. */
/* Odd Shape moves almost everywhere: the title's patches bob, the current pip pulses and a
 * round's timer runs. Only Results comes to rest, once its tally and confetti have ended and
 * no button is still rising or settling. */
static int64_t next_change(const void *s, int64_t drawn)
{
    const oddshape_ui *sc = s;
    if (sc->s.state != ODDSHAPE_RESULTS) return drawn + 1;
    int64_t rest = sc->results_since + ODDSHAPE_TALLY_MS + ODDSHAPE_CONFETTI_MS;
    for (int i = 0; i < ODDSHAPE_MAX_WIDGETS; i++)
        if (sc->widget_anim[i].since + ODDSHAPE_HOVER_MS > rest) rest = sc->widget_anim[i].since + ODDSHAPE_HOVER_MS;
    return drawn < rest ? drawn + 1 : SCENE_STILL;
}

static void pointer_gone(void *s) { ((oddshape_ui *)s)->have_pointer = 0; }
/* 1 once the player chose Quit on the Title screen. */
static int wants_quit(const void *s) { return ((const oddshape_ui *)s)->quit; }

/* Takes the pending one-line warning for stderr (e.g. settings not saved). */
static int take_warning(void *s, char *buf, size_t n)
{
    oddshape_ui *sc = s;
    if (!sc->warning[0]) return 0;
    snprintf(buf, n, "%s", sc->warning);
    sc->warning[0] = '\0';
    return 1;
}

static oddshape_action map_input(const player_input *in, int *slot)
{
    if (in->kind == PIN_KEY) {
        switch (in->key) {
        case PK_1: case PK_2: case PK_3: *slot = in->key - PK_1; return ODDSHAPE_ACT_SELECT; /* DBT-29 */
        case PK_LEFT: return ODDSHAPE_ACT_LEFT;
        case PK_RIGHT: return ODDSHAPE_ACT_RIGHT;
        case PK_UP: return ODDSHAPE_ACT_UP;
        case PK_DOWN: case PK_TAB: return ODDSHAPE_ACT_DOWN;
        case PK_ENTER: case PK_SPACE: return ODDSHAPE_ACT_CONFIRM;
        case PK_ESCAPE: return ODDSHAPE_ACT_BACK;
        case PK_BACKSPACE: return ODDSHAPE_ACT_BACKSPACE;
        case PK_CHAR: return ODDSHAPE_ACT_CHAR;
        default: return ODDSHAPE_ACT_NONE;
        }
    }
    if (in->kind == PIN_PAD) {
        switch (in->button) {
        case PB_A: return ODDSHAPE_ACT_CONFIRM;
        case PB_B: return ODDSHAPE_ACT_BACK;
        case PB_START: return ODDSHAPE_ACT_START;
        case PB_LEFT: return ODDSHAPE_ACT_LEFT;
        case PB_RIGHT: return ODDSHAPE_ACT_RIGHT;
        case PB_UP: return ODDSHAPE_ACT_UP;
        case PB_DOWN: return ODDSHAPE_ACT_DOWN;
        default: return ODDSHAPE_ACT_NONE;
        }
    }
    return ODDSHAPE_ACT_NONE;
}

static void input(void *s, const player_input *in_, int64_t now)
{
    oddshape_ui *sc = s;
    oddshape_session_update(&sc->s, now);
    oddshape_act_drain(sc, now);
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
        oddshape_act_drag(sc);
        break;
    case PIN_CLICK:
        sc->px = in->x;
        sc->py = in->y;
        sc->have_pointer = 1;
        sc->mouse_down = 1;
        sc->kbd = 0;
        oddshape_act_refresh(sc, now);
        if (!oddshape_ui_press_consumed(sc, in->x, in->y, now)) {
            oddshape_state before = sc->s.state;
            oddshape_act_click(sc, now);
            oddshape_act_drain(sc, now);
            if (sc->s.state != before) { /* this press changed the screen: its double-click twin is its own */
                sc->opener_at = now;
                sc->opener_x = in->x;
                sc->opener_y = in->y;
            }
        }
        break;
    case PIN_RELEASE:
        sc->mouse_down = 0;
        sc->drag_slider = -1;
        break;
    case PIN_KEY:
    case PIN_PAD: {
        int slot = -1;
        oddshape_action act = map_input(in, &slot);
        oddshape_state st = sc->s.state;
        if (st == ODDSHAPE_OPTIONS) oddshape_act_options(sc, act, in, now);
        else if (st == ODDSHAPE_TITLE || st == ODDSHAPE_PAUSED || st == ODDSHAPE_RESULTS)
            oddshape_act_menu(sc, act, now);
        else oddshape_act_play(sc, act, slot, now);
        break;
    }
    default:
        break;
    }
    oddshape_act_drain(sc, now);
}

static const scene_option options[] = {
    {"levels", "FILE", "play this rounds file (gen oddshape --seed N --out FILE) instead of Table L1 or Randomize", SCENE_OPT_INPUT},
    {NULL, NULL, NULL, SCENE_OPT_VALUE},
};

const scene_def oddshape_scene = {
    .name = "oddshape",
    .title = "Find the Odd Shape",
    .help = "15 rounds of odd-one-out: click the patch that differs, or press 1/2/3, or move\n"
            "the focus with Left/Right and press Enter; Esc pauses.",
    .field_w = 1920,
    .field_h = 1080,
    .letterbox = 0x3B342D, /* dark wood */
    .bars = GFX_BARS_WOOD,
    .options = options,
    .settings = &oddshape_settings_slot,
    .create = create,
    .destroy = destroy,
    .update = update,
    .input = input,
    .draw = draw,
    .next_change = next_change,
    .pointer_gone = pointer_gone,
    .set_active = NULL,
    .wants_quit = wants_quit,
    .take_warning = take_warning,
};
