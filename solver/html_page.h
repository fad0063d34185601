/* The HTML evidence pages' shared parts: escaping (into cli/text.h's buffer), the page frame
 * with its inline style sheet, and a Compass Shift board drawn as inline SVG from its level. */
#ifndef SOLVER_HTML_PAGE_H
#define SOLVER_HTML_PAGE_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "compass/compass.h"
#include "text.h"

/* Appends s with &, <, >, " and ' escaped, so it is safe as text and in attribute values. */
void html_esc(cli_text *t, const char *s);

/* <!doctype html> up to the opening of <main>, with the style sheet; title is escaped. */
void html_begin(cli_text *t, const char *title);
/* Closes <main>, <body> and <html>. */
void html_end(cli_text *t);

/* What to highlight on a drawn board (the diff's before/after): 0 nothing, HTML_MARK_OLD on
 * the old side (removed or changed away), HTML_MARK_NEW on the new side (added or changed). */
enum { HTML_MARK_OLD = 1, HTML_MARK_NEW = 2 };
typedef struct {
    unsigned char arrow[COMPASS_MAX_ARROWS];          /* by arrow index */
    unsigned char wall[COMPASS_MAX_SIDE][COMPASS_MAX_SIDE];
    unsigned char aperture[4][COMPASS_MAX_SIDE];      /* by side and lane */
} html_marks;

/* The board as one <svg>: cells, walls, every arrow in its base direction (one <g> each with
 * data-arrow and data-dir), every edge lane closed or with its aperture and schedule, and
 * the initial phase as a compass needle. side ("old", "new" or NULL) is written as
 * data-side on the svg and on each arrow; marks may be NULL. */
void html_board(cli_text *t, const compass_level *l, const char *side, const html_marks *marks);

/* The legend that explains the board drawing (apertures, schedule dials, the needle). */
void html_board_legend(cli_text *t);

/* Evidence fields: the number, string or boolean at key, or the fallback. */
double html_num(const cJSON *doc, const char *key, double fallback);
const char *html_str(const cJSON *doc, const char *key, const char *fallback);
int html_bool(const cJSON *doc, const char *key); /* 1 true, 0 false, -1 absent */

/* The evidence figures as data- attributes, each name after prefix ("" or "old-"): hash,
 * solvable, winning-orders, random-win-share, wrong-moves, decision-steps, states,
 * solution-length; a figure the record holds as null is "null", an absent one "". */
void html_evidence_attrs(cli_text *t, const cJSON *ev, const char *prefix);

/* One figure as text: integers without a fraction, others with up to 12 significant digits
 * (what the evidence records hold). */
void html_figure(char *buf, size_t n, double v);

#endif
