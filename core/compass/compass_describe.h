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

/* A lane as a player sees it: "the east edge at row 1", "the south edge at column 4". */
void compass_edge_words(compass_dir side, int lane, char *buf, size_t n);

/* The schedule of apertures[i] in player words (no designer lane labels): "an exit on the
 * north edge at column 1, always open", "a window on the east edge at row 2, open only in
 * phase 2", "a port on the south edge at column 4, open in phases 1 and 3". */
void compass_describe_aperture(const compass_level *l, int i, char *buf, size_t n);

/* The whole board in s: the compass phase, every remaining arrow in row-major order by its
 * row, column and effective direction (never its id), and every aperture's schedule, as sentences separated
 * by single spaces. Returns the length it needed (snprintf-style). */
size_t compass_describe_state(const compass_level *l, const compass_state *s, char *buf,
                              size_t n);

/* The resolver's answer to a tap on `arrow` in state `before`, in words:
 * "The arrow at row 1, column 2 left East through the window on the east edge at row 1; the
 * compass turned to phase 2; 3 arrows remain." or "The arrow at row 2, column 2 points West
 * and is blocked by a wall at row 2, column 1; nothing moved and the compass did not turn."
 * Arrows are named by where they are drawn, never by their designer ids. */
size_t compass_describe_feedback(const compass_level *l, const compass_state *before, int arrow,
                                 const compass_release_result *r, char *buf, size_t n);

#endif
