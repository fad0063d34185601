/* Launcher screen: three game buttons on the felt board. */
#include "launcher.h"

#include <math.h>

#include "draw/ui.h"

enum { L_ODD, L_COMPASS, L_MEMORY, L_QUIT, L_COUNT };

static int widgets(ui_widget *w)
{
    w[L_ODD] = (ui_widget){UI_BUTTON, 660, 330, 600, 110, "Find the Odd Shape", 1, 1};
    w[L_COMPASS] = (ui_widget){UI_BUTTON, 660, 490, 600, 110, "Compass Shift", 0, 0};
    w[L_MEMORY] = (ui_widget){UI_BUTTON, 660, 650, 600, 110, "Memory5D", 0, 0};
    w[L_QUIT] = (ui_widget){UI_BUTTON, 810, 850, 300, 84, "Quit", 1, 0};
    return L_COUNT;
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
    ui_widget w[L_COUNT];
    int n = widgets(w);
    int hl = l->kbd ? l->focus : l->have_pointer ? ui_hit(w, n, l->px, l->py) : -1;
    if (hl != l->hl) {
        l->hl = hl;
        l->hl_since = now;
        if (hl >= 0 && l->audio) audio_play(l->audio, AUDIO_SFX_BUTTON_HOVER);
    }
}

static launcher_choice choose(launcher *l, int i)
{
    if (i != L_ODD && i != L_QUIT) return LAUNCH_NONE;
    if (l->audio) audio_play(l->audio, i == L_ODD ? AUDIO_SFX_BUTTON_CONFIRM : AUDIO_SFX_BUTTON_CANCEL);
    return i == L_ODD ? LAUNCH_ODDSHAPE : LAUNCH_QUIT;
}

launcher_choice launcher_input(launcher *l, const player_input *in, int64_t now)
{
    ui_widget w[L_COUNT];
    int n = widgets(w);
    launcher_choice c = LAUNCH_NONE;
    if (in->kind == PIN_MOVE || in->kind == PIN_CLICK) {
        l->px = in->x;
        l->py = in->y;
        l->have_pointer = 1;
        l->kbd = 0;
        if (in->kind == PIN_CLICK) {
            int i = ui_hit(w, n, l->px, l->py);
            if (i >= 0) c = choose(l, i);
        }
    } else if (in->kind == PIN_KEY || in->kind == PIN_PAD) {
        int up = in->key == PK_UP || in->key == PK_LEFT || in->button == PB_UP || in->button == PB_LEFT;
        int down = in->key == PK_DOWN || in->key == PK_RIGHT || in->key == PK_TAB ||
                   in->button == PB_DOWN || in->button == PB_RIGHT;
        if (up || down) {
            l->focus = l->kbd ? ui_step(w, n, l->focus, down ? 1 : -1) : L_ODD;
            l->kbd = 1;
        } else if (in->key == PK_ENTER || in->key == PK_SPACE || in->button == PB_A) {
            c = choose(l, l->kbd ? l->focus : L_ODD);
        } else if (in->key == PK_ESCAPE || in->button == PB_B) {
            c = choose(l, L_QUIT);
        }
    }
    highlight(l, now);
    return c;
}

void launcher_draw(launcher *l, gfx *g, int64_t now, const char *version)
{
    gfx_board(g);
    gfx_text(g, "Choose a game", 960, 190, ui_style(76, 1, GFX_CENTER, GFX_INK, 1));
    ui_widget w[L_COUNT];
    int n = widgets(w);
    for (int i = 0; i < n; i++) {
        double h = i == l->hl ? fmin(1.0, (double)(now - l->hl_since) / 100.0) : 0;
        ui_button(g, &w[i], h, 1);
        if (!w[i].enabled)
            gfx_text(g, "not yet available", 960, w[i].y + w[i].h + 20,
                     ui_style(28, 0, GFX_CENTER, GFX_INK2, 1));
    }
    gfx_text(g, version, 40, 1044, ui_style(26, 0, GFX_LEFT, GFX_INK2, 1));
    if (l->have_pointer) gfx_cursor(g, l->px, l->py, 0);
}
