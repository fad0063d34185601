/* Find the Odd Shape's menu geometry (Screens / Menus). */
#include "oddshape_layout.h"

const double oddshape_opt_row_y[ODDSHAPE_OPT_COUNT] = {300, 380, 460, 550, 630, 710, 820};

int oddshape_layout_title(ui_widget *w)
{
    w[0] = (ui_widget){UI_BUTTON, 760, 640, 400, 100, "Play", 1, 1};
    w[1] = (ui_widget){UI_BUTTON, 760, 770, 400, 84, "Options", 1, 0};
    w[2] = (ui_widget){UI_BUTTON, 760, 884, 400, 84, "Quit", 1, 0};
    return 3;
}

int oddshape_layout_options(ui_widget *w, int randomize_enabled, int seed_enabled)
{
    static const char *const labels[] = {"Master volume", "Music volume", "SFX volume",
                                         "Colorblind Assist", "Randomize Rounds", "Seed"};
    for (int i = 0; i < ODDSHAPE_OPT_BACK; i++) {
        double y = oddshape_opt_row_y[i];
        if (i <= ODDSHAPE_OPT_SFX) w[i] = (ui_widget){UI_SLIDER, 890, y - 28, 400, 56, labels[i], 1, 0};
        else if (i < ODDSHAPE_OPT_SEED)
            w[i] = (ui_widget){UI_TOGGLE, 890, y - 30, 200, 60, labels[i], i != ODDSHAPE_OPT_RANDOMIZE || randomize_enabled, 0};
        else w[i] = (ui_widget){UI_FIELD, 890, y - 32, 300, 64, labels[i], seed_enabled, 0};
    }
    w[ODDSHAPE_OPT_BACK] = (ui_widget){UI_BUTTON, 800, oddshape_opt_row_y[ODDSHAPE_OPT_BACK] - 40, 320, 80, "Back", 1, 0};
    return ODDSHAPE_OPT_COUNT;
}

int oddshape_layout_pause(ui_widget *w)
{
    w[0] = (ui_widget){UI_BUTTON, 780, 450, 360, 84, "Resume", 1, 1};
    w[1] = (ui_widget){UI_BUTTON, 780, 560, 360, 84, "Restart", 1, 0};
    w[2] = (ui_widget){UI_BUTTON, 780, 670, 360, 84, "Main Menu", 1, 0};
    return 3;
}

int oddshape_layout_results(ui_widget *w)
{
    w[0] = (ui_widget){UI_BUTTON, 560, 752, 370, 90, "Play Again", 1, 1};
    w[1] = (ui_widget){UI_BUTTON, 990, 752, 370, 90, "Main Menu", 1, 0};
    return 2;
}
