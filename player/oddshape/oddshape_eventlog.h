/* --events-out: the session's events as JSON lines with keys in a fixed order.
 *   {"t":800,"event":"state","state":"RoundReveal","round":1}
 *   {"t":800,"event":"source","randomize":false,"seed":12345,"oddSlots":[1,0,2,...]}
 *   {"t":1234,"event":"resolved","round":1,"outcome":"correct","slot":1,"timeMs":284}
 *   {"t":9000,"event":"results","correct":15,"errors":0,"avgTime":284.13,"accuracy":100,
 *    "fastest":250}      (avgTime and fastest in ms; fastest null when no round was correct)
 *   {"t":500,"event":"options","master":80,...,"seed":12345}   (Options closed and saved) */
#ifndef PLAYER_ODDSHAPE_EVENTLOG_H
#define PLAYER_ODDSHAPE_EVENTLOG_H

#include <stddef.h>

#include "oddshape/oddshape_session.h"
#include "oddshape_settings.h"

/* A rounds file played instead of the LED-1 source (--levels FILE): its source line reads
 *   {"t":100,"event":"source","randomize":false,"seed":777,"file":"x.json","oddSlots":[...]}
 * with the file's own seed, or null for a file without one (table-L1). */
typedef struct {
    const char *file; /* as given on the command line; NULL: no rounds file */
    int seeded;
    uint32_t seed;
} oddshape_eventlog_levels;

/* One or two lines (a Ready state line is followed by the locked source) into buf; levels
 * may be NULL. */
int oddshape_eventlog_format(const oddshape_event *ev, const oddshape_session *s, const oddshape_eventlog_levels *levels,
                    char *buf, size_t n);
int oddshape_eventlog_options(int64_t t_ms, const settings *cfg, const oddshape_settings *opt,
                               char *buf, size_t n);

#endif
