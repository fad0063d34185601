/* The Compass Shift level editor's board model (issue 25 "The editor"): a level being edited,
 * every edit an operation that either changes the board completely or changes nothing (with
 * a message), and an unlimited undo/redo history of whole snapshots. The board is always a
 * compass_level; compass_edit_level checks it with the level reader's own compass_level_check,
 * so what the editor saves is exactly what bin/solver compass and the player read. Pure: no
 * SDL, no printing, no clock. */
#ifndef CORE_COMPASS_EDIT_H
#define CORE_COMPASS_EDIT_H

#include <stddef.h>

#include "compass.h"

/* What an edge lane holds, as the editor steps through it. */
typedef enum {
    COMPASS_EDGE_CLOSED,
    COMPASS_EDGE_PLAIN,
    COMPASS_EDGE_WINDOW, /* one phase */
    COMPASS_EDGE_PORT    /* two distinct phases */
} compass_edge_kind;

typedef struct {
    compass_level *snap; /* snap[0..count-1]; snap[cur] is the board */
    int count, cur, cap;
} compass_edit;

/* Result of an operation: the board changed (a new history entry), nothing to change (the
 * cell already is what was asked: no entry), or refused (err says why; nothing changed). */
enum { COMPASS_EDIT_CHANGED = 0, COMPASS_EDIT_SAME = 1, COMPASS_EDIT_REFUSED = -1 };

/* Starts editing a copy of l (which need not pass the check: an empty board has no arrows).
 * 0, or -1 when out of memory. */
int compass_edit_open(compass_edit *e, const compass_level *l);
/* An empty rows x cols board (1..16 each way) with id "id" at phase 0, every lane closed. */
int compass_edit_open_empty(compass_edit *e, int rows, int cols, const char *id, char *err,
                            size_t errlen);
void compass_edit_close(compass_edit *e);
const compass_level *compass_edit_board(const compass_edit *e);

/* Messages name cells as people count them: "row 2, column 3" (from 1).
 * An arrow with base direction dir on an empty cell (not a wall). New arrows take the
 * smallest free id "aK"; arrows stay in reading order (row, then column), so the file's
 * arrow order never hints at a solution. */
int compass_edit_place(compass_edit *e, int row, int col, compass_dir dir, char *err, size_t errlen);
/* The arrow on (row, col) gets base direction dir. */
int compass_edit_turn(compass_edit *e, int row, int col, compass_dir dir, char *err, size_t errlen);
/* The arrow on (r0, c0) moves to the empty cell (r1, c1), keeping its id and direction. */
int compass_edit_move(compass_edit *e, int r0, int c0, int r1, int c1, char *err, size_t errlen);
/* Clears the cell: its arrow or its wall. */
int compass_edit_erase(compass_edit *e, int row, int col, char *err, size_t errlen);
/* A wall on an empty cell, or no wall where there was one (a cell with an arrow refuses). */
int compass_edit_toggle_wall(compass_edit *e, int row, int col, char *err, size_t errlen);
/* Sets lane (side, lane)'s aperture: closed (no aperture), plain, a window open in phases
 * (one bit) or a port (two bits). A schedule that does not fit its kind refuses. */
int compass_edit_set_edge(compass_edit *e, compass_dir side, int lane, compass_edge_kind kind,
                          unsigned phases, char *err, size_t errlen);
/* The next of the editor's edge steps: closed, exit, window N/E/S/W, port N+S, E+W, closed. */
void compass_edit_edge_next(const compass_level *l, compass_dir side, int lane,
                            compass_edge_kind *kind, unsigned *phases);
/* New size (1..16 each way), keeping the north-west corner: arrows, walls and apertures
 * outside the new board are dropped. */
int compass_edit_resize(compass_edit *e, int rows, int cols, char *err, size_t errlen);
int compass_edit_set_phase(compass_edit *e, int phase, char *err, size_t errlen);
/* Replaces the whole board (Generate like this): one undoable step. */
int compass_edit_replace(compass_edit *e, const compass_level *l, char *err, size_t errlen);

/* 1 when there is a step to undo / redo; the step is taken (the board is the snapshot
 * before / after it), else 0 and nothing changes. */
int compass_edit_can_undo(const compass_edit *e);
int compass_edit_can_redo(const compass_edit *e);
int compass_edit_undo(compass_edit *e);
int compass_edit_redo(compass_edit *e);

/* The edge kind of lane (side, lane) and its phase mask (0 when closed). */
compass_edge_kind compass_edit_edge_at(const compass_level *l, compass_dir side, int lane,
                                       unsigned *phases);

/* The board as a level file holds it, checked by compass_level_check: 0 and *out, or -1 with
 * the reader's message in err ("arrows: expected 1 to 64 arrows, got 0"). */
int compass_edit_level(const compass_edit *e, compass_level *out, char *err, size_t errlen);

#endif
