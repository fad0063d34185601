/* Compass Shift rules core (compass-shift.md "Board model", "Release transaction"): the level
 * definition, BoardState as a value, ReleaseResolver, CompassResolver and WinDetector. The
 * player, the generator and the solver all call these functions; there is no second copy. */
#ifndef CORE_COMPASS_H
#define CORE_COMPASS_H

#include <stddef.h>
#include <stdint.h>

enum { COMPASS_MAX_SIDE = 16, COMPASS_MAX_ARROWS = 64, COMPASS_ID_LEN = 32 };

/* Clockwise order, so a quarter-turn is +1: effective = (base + phase) & 3. */
typedef enum { COMPASS_N, COMPASS_E, COMPASS_S, COMPASS_W } compass_dir;

typedef enum {
    COMPASS_APERTURE_PLAIN,
    COMPASS_APERTURE_WINDOW,
    COMPASS_APERTURE_PORT
} compass_aperture_kind;

/* An exit on the boundary. lane is the column on the N and S sides, the row on E and W.
 * phase_mask bit p = eligible in phase p: plain 0xF, window one bit, port two bits. */
typedef struct {
    compass_dir side;
    int lane;
    compass_aperture_kind kind;
    unsigned phase_mask;
} compass_aperture;

typedef struct {
    char id[COMPASS_ID_LEN];
    int row, col;
    compass_dir dir; /* base direction, at phase 0 */
} compass_arrow;

/* The immutable level definition. Row 0 is the north edge, column 0 the west edge. */
typedef struct {
    int rows, cols, initial_phase;
    unsigned char wall[COMPASS_MAX_SIDE][COMPASS_MAX_SIDE];
    int aperture_count;
    compass_aperture apertures[4 * COMPASS_MAX_SIDE];
    int arrow_count;
    compass_arrow arrows[COMPASS_MAX_ARROWS];
    /* optional metadata: strings empty and numbers 0 when absent */
    char id[64], pattern[32], family[32];
    int index, tier;
    int has_construction;
    unsigned construction_seed;
    int construction_attempt;
    int reverse_len;
    int reverse_solution[COMPASS_MAX_ARROWS]; /* arrow indices, in forward release order */
} compass_level;

/* BoardState: bit i of remaining = arrows[i] is still on the board. A plain value; undo
 * history is a stack of these kept by the caller. */
typedef struct {
    uint64_t remaining;
    int phase;
} compass_state;

compass_state compass_initial_state(const compass_level *l);
compass_dir compass_effective_dir(const compass_level *l, const compass_state *s, int arrow);

typedef enum {
    COMPASS_RELEASED,
    COMPASS_BLOCKED_ARROW,          /* blocker_arrow is the first remaining arrow on the ray */
    COMPASS_BLOCKED_WALL,           /* blocker_row/col is the first wall cell on the ray */
    COMPASS_BLOCKED_CLOSED_EDGE,    /* the exit lane has no aperture */
    COMPASS_BLOCKED_APERTURE_PHASE, /* the exit lane's aperture is not eligible in this phase */
    COMPASS_NOT_REMAINING           /* the arrow is already gone (or no such arrow) */
} compass_release_status;

/* exit_side/exit_lane name the boundary lane the ray points at whenever the arrow remains;
 * aperture is the index of the aperture the ray reached (released or phase-blocked), else -1.
 * blocker_arrow and blocker_row/col are -1 unless they are the reason. */
typedef struct {
    compass_release_status status;
    int blocker_arrow;
    int blocker_row, blocker_col;
    compass_dir exit_side;
    int exit_lane;
    int aperture;
} compass_release_result;

/* Witness relaxations: walls ignored, or that aperture kind's schedule open in all phases. */
enum { COMPASS_RELAX_WALLS = 1, COMPASS_RELAX_WINDOWS = 2, COMPASS_RELAX_PORTS = 4 };

/* ReleaseResolver + CompassResolver. On success writes *next (the arrow removed, phase + 1
 * mod 4); when blocked *next is never touched. next may be NULL to only ask. */
compass_release_result compass_release(const compass_level *l, const compass_state *s, int arrow,
                                       compass_state *next);
compass_release_result compass_release_relaxed(const compass_level *l, const compass_state *s,
                                               int arrow, unsigned relax, compass_state *next);

/* The same release for callers that try many arrows in one state (the solver): the state's
 * arrow-per-cell and aperture-per-lane tables built once by compass_view_of, then each
 * release walks only its own ray. compass_release is exactly these two calls; v must be the
 * view of this very state. */
typedef struct {
    signed char arrow_at[COMPASS_MAX_SIDE][COMPASS_MAX_SIDE]; /* remaining arrow index or -1 */
    signed char aperture_on[4][COMPASS_MAX_SIDE];             /* aperture index or -1 */
} compass_view;
void compass_view_of(const compass_level *l, const compass_state *s, compass_view *v);
compass_release_result compass_release_in_view(const compass_level *l, const compass_state *s,
                                               const compass_view *v, int arrow, unsigned relax,
                                               compass_state *next);

/* WinDetector: no arrow remains. */
int compass_is_won(const compass_state *s);

/* Replays order[0..len-1] (arrow indices) from the initial state through compass_release.
 * Returns the number of releases that succeeded before the first blocked one (len when all
 * did); *end receives the state reached. A winning replay is len == arrow_count and won. */
int compass_replay(const compass_level *l, const int *order, int len, compass_state *end);
/* 1 when order[0..len-1] is a winning order: one release per arrow, every one legal, and the
 * board empty at the end. */
int compass_replay_wins(const compass_level *l, const int *order, int len);

/* The aperture on (side, lane), or -1 when that lane is closed. */
int compass_aperture_at(const compass_level *l, compass_dir side, int lane);
/* The arrow on (row, col), or -1. */
int compass_arrow_at(const compass_level *l, int row, int col);
/* Wall cells on the board. */
int compass_wall_count(const compass_level *l);
/* 1 when the aperture's schedule fits its kind (the grammar): a plain exit open in every
 * phase, a window in exactly one, a port in exactly two. */
int compass_aperture_schedule_ok(const compass_aperture *a);

/* Checks a level built in memory against every rule the file format enforces (sizes, ranges,
 * one arrow per cell, no arrow on a wall, unique ids, valid schedules, one aperture per lane,
 * reverse solution indices). 0, or -1 with a message naming the field. */
int compass_level_check(const compass_level *l, char *err, size_t errlen);

/* The file format's spellings, shared by the reader and the writer: "N"/"E"/"S"/"W" in
 * compass_dir order and "plain"/"window"/"port" in compass_aperture_kind order. */
extern const char *const compass_dir_names[4];
extern const char *const compass_aperture_kind_names[3];

/* Names for output: a direction, an aperture kind ("?" when invalid), a short reason word. */
const char *compass_dir_name(compass_dir d);
const char *compass_aperture_kind_name(compass_aperture_kind k);
const char *compass_release_status_name(compass_release_status s);

#endif
