/* Headless replay scripts: timed pointer, key and gamepad inputs on a virtual clock.
 *
 * Format: JSON lines, one input per line, times non-decreasing; blank lines and lines
 * starting with '#' are skipped. Coordinates are the scene's field pixels (1920x1080
 * for Odd Shape and the launcher).
 *   {"t":1200,"type":"move","x":960,"y":540}
 *   {"t":1250,"type":"click","x":960,"y":540}     press and release at the point
 *   {"t":1250,"type":"press","x":960,"y":540}     press only (a later move drags a slider)
 *   {"t":1300,"type":"release","x":990,"y":540}   release
 *   {"t":1300,"type":"key","key":"2"}             1 2 3 left right up down enter space
 *                                                 escape backspace tab home end, or one
 *                                                 printable character ("7", "a") typed as
 *                                                 text; "shift+" / "ctrl+" prefixes hold
 *                                                 modifiers ("shift+tab", "ctrl+home")
 *   {"t":1500,"type":"touch","x":195,"y":400}     a tap: finger down and up at the point
 *   {"t":1500,"type":"touch-down","x":195,"y":400}  finger down only ("touch-move" and
 *   {"t":1600,"type":"touch-up","x":195,"y":400}    "touch-up" follow it)
 *   {"t":1400,"type":"pad","button":"a"}          a b start left right up down
 *   {"t":1700,"type":"close"}                     the window's close button (SDL_QUIT)
 */
#ifndef PLAYER_SCRIPT_H
#define PLAYER_SCRIPT_H

#include <stddef.h>
#include <stdint.h>

#include "input.h"

#define SCRIPT_MAX_BYTES (1u << 20)
#define SCRIPT_MAX_T 3600000 /* one hour of virtual time */

typedef struct {
    int64_t t_ms;
    player_input in;
    int release_after; /* a "click" or "touch": followed at once by its release/lift */
    int close;         /* a "close": the window's close button, not an input (in unused) */
} script_step;

typedef struct {
    script_step *steps;
    int count;
} script;

/* Parses script text; where names it in messages ("FILE:LINE: field: problem").
 * 0 on success; -1 with one line in err and *out left empty. */
int script_parse(const char *text, size_t len, const char *where, script *out, char *err,
                 size_t errlen);
/* Reads and parses a file (at most SCRIPT_MAX_BYTES). */
int script_load(const char *path, script *out, char *err, size_t errlen);
void script_free(script *s);

#endif
