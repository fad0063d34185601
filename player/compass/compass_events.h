/* Compass Shift's --events-out lines (docs/formats/player-events.md): one JSON object
 * per line, keys in a fixed order starting with "t" and "event". SDL-free. */
#ifndef PLAYER_COMPASS_EVENTS_H
#define PLAYER_COMPASS_EVENTS_H

#include <stdint.h>
#include <stdio.h>
#include <cjson/cJSON.h>

#include "compass_layout.h"
#include "input.h"

/* A new event object {"t": t, "event": name}; the caller adds the rest in order. */
cJSON *compass_events_begin(int64_t t, const char *name);
/* Writes ev as one line to f (when f is not NULL) and frees it. */
void compass_events_write(FILE *f, cJSON *ev);
/* [x, y, w, h] in field pixels, to 0.1 px. */
cJSON *compass_events_box(compass_box b);
/* [x, y] to a tenth of a pixel (a pan offset). */
cJSON *compass_events_point(double x, double y);
/* The "device" an input names in the log: keyboard, gamepad, touch or mouse. */
const char *compass_events_device(const player_input *in);
/* [{"name", "arg", "box"}, ...] for widgets (arg: level index, tuning row or outcome). */
cJSON *compass_events_widgets(const compass_widget *ws, int n);

#endif
