/* --events-out: the session's events as JSON lines with keys in a fixed order.
 *   {"t":800,"event":"state","state":"RoundReveal","round":1}
 *   {"t":800,"event":"source","randomize":false,"seed":12345,"oddSlots":[1,0,2,...]}
 *   {"t":1234,"event":"resolved","round":1,"outcome":"correct","slot":1,"timeMs":284}
 *   {"t":9000,"event":"results","correct":15,"errors":0,"avgTime":284.13,"accuracy":100,
 *    "fastest":250}      (avgTime and fastest in ms; fastest null when no round was correct)
 *   {"t":500,"event":"options","master":80,...,"seed":12345}   (Options closed and saved) */
#ifndef PLAYER_EVENTLOG_H
#define PLAYER_EVENTLOG_H

#include <stddef.h>

#include "oddshape/oddshape_session.h"
#include "settings.h"

/* One or two lines (a Ready state line is followed by the locked source) into buf. */
int eventlog_format(const oddshape_event *ev, const oddshape_session *s, char *buf, size_t n);
int eventlog_options(int64_t t_ms, const settings *cfg, char *buf, size_t n);

#endif
