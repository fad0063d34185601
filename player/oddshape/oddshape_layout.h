/* Find the Odd Shape's menu geometry in its 1920x1080 field: the buttons of Title, Pause and
 * Results and the rows of Options (the patches' slots are the core's, oddshape_slot_x). */
#ifndef PLAYER_ODDSHAPE_LAYOUT_H
#define PLAYER_ODDSHAPE_LAYOUT_H

#include "draw/ui.h"

enum { ODDSHAPE_MAX_WIDGETS = 8 };

/* Options rows, in focus order. */
enum {
    ODDSHAPE_OPT_MASTER, ODDSHAPE_OPT_MUSIC, ODDSHAPE_OPT_SFX, ODDSHAPE_OPT_COLORBLIND,
    ODDSHAPE_OPT_RANDOMIZE, ODDSHAPE_OPT_SEED, ODDSHAPE_OPT_BACK, ODDSHAPE_OPT_COUNT
};
/* The centre line of each Options row. */
extern const double oddshape_opt_row_y[ODDSHAPE_OPT_COUNT];

/* Each screen's widgets into w (at least ODDSHAPE_MAX_WIDGETS); returns how many. */
int oddshape_layout_title(ui_widget *w);
/* randomize_enabled: the Randomize toggle can change (no --levels file); seed_enabled: the
 * seed field can be edited (Randomize is on). */
int oddshape_layout_options(ui_widget *w, int randomize_enabled, int seed_enabled);
int oddshape_layout_pause(ui_widget *w);
int oddshape_layout_results(ui_widget *w);

#endif
