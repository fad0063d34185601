/* The level editor's board model: operations that change the board completely or not at all
 * (Tatham's midend_game_id_int), and a history of whole snapshots for undo and redo. */
#include "compass_edit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REFUSE(...)                                                                          \
    do {                                                                                     \
        if (errlen)                                                                          \
            snprintf(err, errlen, __VA_ARGS__);                                              \
        return COMPASS_EDIT_REFUSED;                                                         \
    } while (0)

int compass_edit_open(compass_edit *e, const compass_level *l)
{
    memset(e, 0, sizeof *e);
    e->snap = malloc(16 * sizeof *e->snap);
    if (!e->snap)
        return -1;
    e->cap = 16;
    e->snap[0] = *l;
    e->count = 1;
    return 0;
}

int compass_edit_open_empty(compass_edit *e, int rows, int cols, const char *id, char *err,
                            size_t errlen)
{
    if (rows < 1 || rows > COMPASS_MAX_SIDE || cols < 1 || cols > COMPASS_MAX_SIDE) {
        snprintf(err, errlen, "board size: expected 1 to %d each way, got %dx%d", COMPASS_MAX_SIDE,
                 rows, cols);
        return -1;
    }
    compass_level *l = calloc(1, sizeof *l);
    if (!l) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    l->rows = rows;
    l->cols = cols;
    snprintf(l->id, sizeof l->id, "%s", id);
    int rc = compass_edit_open(e, l);
    free(l);
    if (rc)
        snprintf(err, errlen, "out of memory");
    return rc;
}

void compass_edit_close(compass_edit *e)
{
    free(e->snap);
    memset(e, 0, sizeof *e);
}

const compass_level *compass_edit_board(const compass_edit *e) { return &e->snap[e->cur]; }

/* The next snapshot to change: a copy of the board after the current one, the redo steps
 * beyond it dropped. NULL when out of memory. */
static compass_level *begin(compass_edit *e)
{
    if (e->cur + 1 >= e->cap) {
        int cap = e->cap * 2;
        compass_level *p = realloc(e->snap, (size_t)cap * sizeof *p);
        if (!p)
            return NULL;
        e->snap = p;
        e->cap = cap;
    }
    e->snap[e->cur + 1] = e->snap[e->cur];
    compass_level *n = &e->snap[e->cur + 1];
    /* The stored construction no longer describes an edited board. */
    n->has_construction = 0;
    n->reverse_len = 0;
    return n;
}

static int commit(compass_edit *e)
{
    e->cur++;
    e->count = e->cur + 1;
    return COMPASS_EDIT_CHANGED;
}

static int arrow_cmp(const void *a, const void *b)
{
    const compass_arrow *x = a, *y = b;
    return x->row != y->row ? x->row - y->row : x->col - y->col;
}

static int aperture_cmp(const void *a, const void *b)
{
    const compass_aperture *x = a, *y = b;
    return x->side != y->side ? (int)x->side - (int)y->side : x->lane - y->lane;
}

static void sort_arrows(compass_level *l)
{
    qsort(l->arrows, (size_t)l->arrow_count, sizeof l->arrows[0], arrow_cmp);
}

static int in_board(const compass_level *l, int row, int col)
{
    return row >= 0 && row < l->rows && col >= 0 && col < l->cols;
}

#define CELL_OK(l, r, c)                                                                     \
    do {                                                                                     \
        if (!in_board(l, r, c))                                                              \
            REFUSE("row %d, column %d is outside the %dx%d board", r + 1, c + 1, (l)->rows, (l)->cols);   \
    } while (0)

int compass_edit_place(compass_edit *e, int row, int col, compass_dir dir, char *err, size_t errlen)
{
    const compass_level *l = compass_edit_board(e);
    CELL_OK(l, row, col);
    if ((unsigned)dir > 3)
        REFUSE("direction: expected N/E/S/W, got %d", (int)dir);
    if (l->wall[row][col])
        REFUSE("row %d, column %d is a wall: erase it first", row + 1, col + 1);
    int a = compass_arrow_at(l, row, col);
    if (a >= 0)
        return compass_edit_turn(e, row, col, dir, err, errlen);
    if (l->arrow_count >= COMPASS_MAX_ARROWS)
        REFUSE("a board holds at most %d arrows", COMPASS_MAX_ARROWS);
    compass_level *n = begin(e);
    if (!n)
        REFUSE("out of memory");
    char id[COMPASS_ID_LEN];
    for (int k = 1;; k++) {
        snprintf(id, sizeof id, "a%d", k);
        int used = 0;
        for (int i = 0; i < n->arrow_count && !used; i++)
            used = !strcmp(n->arrows[i].id, id);
        if (!used)
            break;
    }
    compass_arrow *ar = &n->arrows[n->arrow_count++];
    memset(ar, 0, sizeof *ar);
    snprintf(ar->id, sizeof ar->id, "%s", id);
    ar->row = row;
    ar->col = col;
    ar->dir = dir;
    sort_arrows(n);
    return commit(e);
}

int compass_edit_turn(compass_edit *e, int row, int col, compass_dir dir, char *err, size_t errlen)
{
    const compass_level *l = compass_edit_board(e);
    CELL_OK(l, row, col);
    if ((unsigned)dir > 3)
        REFUSE("direction: expected N/E/S/W, got %d", (int)dir);
    int a = compass_arrow_at(l, row, col);
    if (a < 0)
        REFUSE("row %d, column %d holds no arrow", row + 1, col + 1);
    if (l->arrows[a].dir == dir)
        return COMPASS_EDIT_SAME;
    compass_level *n = begin(e);
    if (!n)
        REFUSE("out of memory");
    n->arrows[a].dir = dir;
    return commit(e);
}

int compass_edit_move(compass_edit *e, int r0, int c0, int r1, int c1, char *err, size_t errlen)
{
    const compass_level *l = compass_edit_board(e);
    CELL_OK(l, r0, c0);
    CELL_OK(l, r1, c1);
    int a = compass_arrow_at(l, r0, c0);
    if (a < 0)
        REFUSE("row %d, column %d holds no arrow", r0 + 1, c0 + 1);
    if (r0 == r1 && c0 == c1)
        return COMPASS_EDIT_SAME;
    if (l->wall[r1][c1])
        REFUSE("row %d, column %d is a wall", r1 + 1, c1 + 1);
    if (compass_arrow_at(l, r1, c1) >= 0)
        REFUSE("row %d, column %d already holds an arrow", r1 + 1, c1 + 1);
    compass_level *n = begin(e);
    if (!n)
        REFUSE("out of memory");
    n->arrows[a].row = r1;
    n->arrows[a].col = c1;
    sort_arrows(n);
    return commit(e);
}

int compass_edit_erase(compass_edit *e, int row, int col, char *err, size_t errlen)
{
    const compass_level *l = compass_edit_board(e);
    CELL_OK(l, row, col);
    int a = compass_arrow_at(l, row, col);
    if (a < 0 && !l->wall[row][col])
        return COMPASS_EDIT_SAME;
    compass_level *n = begin(e);
    if (!n)
        REFUSE("out of memory");
    if (a >= 0) {
        memmove(&n->arrows[a], &n->arrows[a + 1], (size_t)(n->arrow_count - a - 1) * sizeof n->arrows[0]);
        n->arrow_count--;
    } else {
        n->wall[row][col] = 0;
    }
    return commit(e);
}

int compass_edit_toggle_wall(compass_edit *e, int row, int col, char *err, size_t errlen)
{
    const compass_level *l = compass_edit_board(e);
    CELL_OK(l, row, col);
    if (compass_arrow_at(l, row, col) >= 0)
        REFUSE("row %d, column %d holds an arrow: erase it first", row + 1, col + 1);
    compass_level *n = begin(e);
    if (!n)
        REFUSE("out of memory");
    n->wall[row][col] = !n->wall[row][col];
    return commit(e);
}

compass_edge_kind compass_edit_edge_at(const compass_level *l, compass_dir side, int lane,
                                       unsigned *phases)
{
    int i = compass_aperture_at(l, side, lane);
    if (phases)
        *phases = i < 0 ? 0 : l->apertures[i].phase_mask;
    if (i < 0)
        return COMPASS_EDGE_CLOSED;
    return (compass_edge_kind)(l->apertures[i].kind + 1);
}

void compass_edit_edge_next(const compass_level *l, compass_dir side, int lane,
                            compass_edge_kind *kind, unsigned *phases)
{
    /* closed, exit, window N, E, S, W, port N+S, E+W, then closed again. */
    static const struct { compass_edge_kind k; unsigned m; } steps[8] = {
        {COMPASS_EDGE_CLOSED, 0}, {COMPASS_EDGE_PLAIN, 0xF}, {COMPASS_EDGE_WINDOW, 1},
        {COMPASS_EDGE_WINDOW, 2}, {COMPASS_EDGE_WINDOW, 4}, {COMPASS_EDGE_WINDOW, 8},
        {COMPASS_EDGE_PORT, 5}, {COMPASS_EDGE_PORT, 10}};
    unsigned m;
    compass_edge_kind k = compass_edit_edge_at(l, side, lane, &m);
    int at = 7; /* a schedule off the cycle (a port on adjacent phases) steps to closed */
    for (int i = 0; i < 8; i++)
        if (steps[i].k == k && steps[i].m == m)
            at = i;
    *kind = steps[(at + 1) % 8].k;
    *phases = steps[(at + 1) % 8].m;
}

int compass_edit_set_edge(compass_edit *e, compass_dir side, int lane, compass_edge_kind kind,
                          unsigned phases, char *err, size_t errlen)
{
    const compass_level *l = compass_edit_board(e);
    if ((unsigned)side > 3)
        REFUSE("side: expected N/E/S/W, got %d", (int)side);
    int lanes = side == COMPASS_N || side == COMPASS_S ? l->cols : l->rows;
    if (lane < 0 || lane >= lanes)
        REFUSE("lane: expected 0 to %d on side %s, got %d", lanes - 1, compass_dir_name(side), lane);
    if ((unsigned)kind > COMPASS_EDGE_PORT)
        REFUSE("edge kind: expected closed, plain, window or port, got %d", (int)kind);
    compass_aperture ap = {side, lane, (compass_aperture_kind)(kind - 1), kind == COMPASS_EDGE_PLAIN ? 0xF : phases};
    if (kind != COMPASS_EDGE_CLOSED && !compass_aperture_schedule_ok(&ap))
        REFUSE("a %s needs %s, got mask 0x%X", compass_aperture_kind_name(ap.kind),
               kind == COMPASS_EDGE_WINDOW ? "exactly one phase" : "exactly two distinct phases", phases);
    unsigned now;
    compass_edge_kind was = compass_edit_edge_at(l, side, lane, &now);
    if (was == kind && (kind == COMPASS_EDGE_CLOSED || now == ap.phase_mask))
        return COMPASS_EDIT_SAME;
    compass_level *n = begin(e);
    if (!n)
        REFUSE("out of memory");
    int i = compass_aperture_at(n, side, lane);
    if (i >= 0) {
        memmove(&n->apertures[i], &n->apertures[i + 1],
                (size_t)(n->aperture_count - i - 1) * sizeof n->apertures[0]);
        n->aperture_count--;
    }
    if (kind != COMPASS_EDGE_CLOSED) {
        n->apertures[n->aperture_count++] = ap;
        qsort(n->apertures, (size_t)n->aperture_count, sizeof n->apertures[0], aperture_cmp);
    }
    return commit(e);
}

int compass_edit_resize(compass_edit *e, int rows, int cols, char *err, size_t errlen)
{
    const compass_level *l = compass_edit_board(e);
    if (rows < 1 || rows > COMPASS_MAX_SIDE || cols < 1 || cols > COMPASS_MAX_SIDE)
        REFUSE("board size: expected 1 to %d each way, got %dx%d", COMPASS_MAX_SIDE, rows, cols);
    if (rows == l->rows && cols == l->cols)
        return COMPASS_EDIT_SAME;
    compass_level *n = begin(e);
    if (!n)
        REFUSE("out of memory");
    n->rows = rows;
    n->cols = cols;
    for (int r = 0; r < COMPASS_MAX_SIDE; r++)
        for (int c = 0; c < COMPASS_MAX_SIDE; c++)
            if (r >= rows || c >= cols)
                n->wall[r][c] = 0;
    int k = 0;
    for (int i = 0; i < n->arrow_count; i++)
        if (n->arrows[i].row < rows && n->arrows[i].col < cols)
            n->arrows[k++] = n->arrows[i];
    n->arrow_count = k;
    k = 0;
    for (int i = 0; i < n->aperture_count; i++) {
        const compass_aperture *a = &n->apertures[i];
        if (a->lane < (a->side == COMPASS_N || a->side == COMPASS_S ? cols : rows))
            n->apertures[k++] = *a;
    }
    n->aperture_count = k;
    return commit(e);
}

int compass_edit_set_phase(compass_edit *e, int phase, char *err, size_t errlen)
{
    if (phase < 0 || phase > 3)
        REFUSE("initialPhase: expected 0 to 3, got %d", phase);
    if (compass_edit_board(e)->initial_phase == phase)
        return COMPASS_EDIT_SAME;
    compass_level *n = begin(e);
    if (!n)
        REFUSE("out of memory");
    n->initial_phase = phase;
    return commit(e);
}

int compass_edit_replace(compass_edit *e, const compass_level *l, char *err, size_t errlen)
{
    compass_level *n = begin(e);
    if (!n)
        REFUSE("out of memory");
    *n = *l;
    return commit(e);
}

int compass_edit_can_undo(const compass_edit *e) { return e->cur > 0; }
int compass_edit_can_redo(const compass_edit *e) { return e->cur + 1 < e->count; }

int compass_edit_undo(compass_edit *e)
{
    if (!compass_edit_can_undo(e))
        return 0;
    e->cur--;
    return 1;
}

int compass_edit_redo(compass_edit *e)
{
    if (!compass_edit_can_redo(e))
        return 0;
    e->cur++;
    return 1;
}

int compass_edit_level(const compass_edit *e, compass_level *out, char *err, size_t errlen)
{
    *out = *compass_edit_board(e);
    return compass_level_check(out, err, errlen);
}
