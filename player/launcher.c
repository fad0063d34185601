/* Launcher screen: one button per registered scene and Quit, on the felt board. */
#include "launcher.h"

#include <math.h>

#include "draw/ui.h"

enum { HIGHLIGHT_LIFT_MS = 100 }; /* a highlighted button rises over this long */

/* The games' buttons from the top, 160 px apart (a game keeps its place as more are
 * registered), then Quit (its index in *quit unless NULL); returns the count. */
static int widgets(ui_widget *w, int *quit)
{
    int n = 0;
    while (n < LAUNCHER_MAX_GAMES && scene_registry[n]) n++;
    for (int i = 0; i < n; i++)
        w[i] = (ui_widget){UI_BUTTON, 660, 330 + 160.0 * i, 600, 110, scene_registry[i]->title, 1, i == 0};
    w[n] = (ui_widget){UI_BUTTON, 810, 850, 300, 84, "Quit", 1, 0};
    if (quit) *quit = n;
    return n + 1;
}

void launcher_init(launcher *l, audio_system *audio)
{
    *l = (launcher){0};
    l->hl = -1;
    l->audio = audio;
    if (audio) audio_set_bgm(audio, AUDIO_BGM_TITLE);
}

static void highlight(launcher *l, int64_t now)
{
    ui_widget w[LAUNCHER_MAX_GAMES + 1];
    int n = widgets(w, NULL);
    int hl = l->kbd ? l->focus : l->have_pointer ? ui_hit(w, n, l->px, l->py) : -1;
    if (hl != l->hl) {
        l->hl = hl;
        l->hl_since = now;
        if (hl >= 0 && l->audio) audio_play(l->audio, AUDIO_SFX_BUTTON_HOVER);
    }
}

static int choose(launcher *l, int i, int quit)
{
    if (i < 0) return LAUNCH_NONE;
    if (l->audio) audio_play(l->audio, i == quit ? AUDIO_SFX_BUTTON_CANCEL : AUDIO_SFX_BUTTON_CONFIRM);
    return i == quit ? LAUNCH_QUIT : i;
}

int launcher_input(launcher *l, const player_input *in, int64_t now)
{
    ui_widget w[LAUNCHER_MAX_GAMES + 1];
    int quit, n = widgets(w, &quit);
    int c = LAUNCH_NONE;
    if (in->kind == PIN_MOVE || in->kind == PIN_CLICK || in->kind == PIN_TOUCH_DOWN) {
        l->px = in->x;
        l->py = in->y;
        l->have_pointer = 1;
        l->kbd = 0;
        if (in->kind != PIN_MOVE) c = choose(l, ui_hit(w, n, l->px, l->py), quit);
    } else if (in->kind == PIN_KEY || in->kind == PIN_PAD) {
        int up = in->key == PK_UP || in->key == PK_LEFT || in->button == PB_UP || in->button == PB_LEFT;
        int down = in->key == PK_DOWN || in->key == PK_RIGHT || in->key == PK_TAB ||
                   in->button == PB_DOWN || in->button == PB_RIGHT;
        if (up || down) {
            l->focus = l->kbd ? ui_step(w, n, l->focus, down ? 1 : -1) : 0;
            l->kbd = 1;
        } else if (in->key == PK_ENTER || in->key == PK_SPACE || in->button == PB_A) {
            c = choose(l, l->kbd ? l->focus : 0, quit);
        } else if (in->key == PK_ESCAPE || in->button == PB_B) {
            c = choose(l, quit, quit);
        }
    }
    highlight(l, now);
    return c;
}

/* Only the highlight's 100 ms lift moves by itself. */
int64_t launcher_next_change(const launcher *l, int64_t drawn)
{
    return l->hl >= 0 && drawn < l->hl_since + HIGHLIGHT_LIFT_MS ? drawn + 1 : SCENE_STILL;
}

void launcher_draw(launcher *l, gfx *g, int64_t now, const char *version)
{
    gfx_board(g);
    gfx_text(g, "Choose a game", 960, 190, ui_style(76, 1, GFX_CENTER, GFX_INK, 1));
    ui_widget w[LAUNCHER_MAX_GAMES + 1];
    int n = widgets(w, NULL);
    for (int i = 0; i < n; i++) {
        double h = i == l->hl ? fmin(1.0, (double)(now - l->hl_since) / HIGHLIGHT_LIFT_MS) : 0;
        ui_button(g, &w[i], h, 1);
    }
    gfx_text(g, version, 40, 1044, ui_style(26, 0, GFX_LEFT, GFX_INK2, 1));
    if (l->have_pointer) gfx_cursor(g, l->px, l->py, 0);
}
