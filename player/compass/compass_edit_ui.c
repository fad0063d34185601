/* The level editor's shared services: the events log, the layout of the board on screen and
 * the queries every layer asks (what is releasable, whether the board is saved). */
#include <string.h>

#include "compass_edit_ui.h"
#include "compass_events.h"

void compass_editor_emit(compass_editor *s, cJSON *ev) { compass_events_write(s->events, ev); }

void compass_editor_layout(const compass_editor *s, compass_edit_layout *L)
{
    const compass_level *l = compass_edit_board(&s->ed);
    compass_edit_layout_build(L, l->rows, l->cols, s->pan_x, s->pan_y);
}

int compass_editor_dirty(const compass_editor *s)
{
    return !s->have_saved || memcmp(&s->saved, compass_edit_board(&s->ed), sizeof s->saved) != 0;
}

uint64_t compass_editor_releasable(const compass_editor *s)
{
    const compass_level *l = compass_edit_board(&s->ed);
    compass_state st = compass_initial_state(l);
    uint64_t bits = 0;
    for (int a = 0; a < l->arrow_count; a++)
        if (compass_release(l, &st, a, NULL).status == COMPASS_RELEASED)
            bits |= (uint64_t)1 << a;
    return bits;
}

