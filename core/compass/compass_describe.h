/* Text equivalents (compass-shift.md "UX, accessibility, and feedback"): one function for
 * what a screen reader would say about the board, and one for the last resolver feedback.
 * They describe only what is visible; they never reveal a solver answer. Rows and columns
 * are counted from 1 (row 1 is the north edge, column 1 the west edge). */
#ifndef CORE_COMPASS_DESCRIBE_H
#define CORE_COMPASS_DESCRIBE_H

#include <stddef.h>

#include "compass.h"

/* "North", "East", "South", "West". */
const char *compass_dir_word(compass_dir d);

/* A lane's name as a designer reads it: "E+0" (side and 0-based lane, as in the evidence). */
void compass_lane_label(compass_dir side, int lane, char *buf, size_t n);

/* The schedule of apertures[i] in words: "plain exit N+0, open in every phase",
 * "window E+1, open in phase 2", "port S+3, open in phases 1 and 3". */
void compass_describe_aperture(const compass_level *l, int i, char *buf, size_t n);

/* The whole board in s: the compass phase, every remaining arrow in row-major order with its
 * row, column and effective direction, and every aperture's schedule, as sentences separated
 * by single spaces. Returns the length it needed (snprintf-style). */
size_t compass_describe_state(const compass_level *l, const compass_state *s, char *buf,
                              size_t n);

/* The resolver's answer to a tap on `arrow` in state `before`, in words:
 * "a2 released East through window E+0; the compass turned to phase 2; 3 arrows remain." or
 * "a3 is blocked by wall at row 2, column 1; nothing moved and the compass did not turn." */
size_t compass_describe_feedback(const compass_level *l, const compass_state *before, int arrow,
                                 const compass_release_result *r, char *buf, size_t n);

#endif
