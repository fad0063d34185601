/* Compass Shift rules: the release transaction, the compass turn and the win test. */
#include "compass.h"

#include <stdio.h>
#include <string.h>

static const int step_row[4] = {-1, 0, 1, 0};
static const int step_col[4] = {0, 1, 0, -1};

const char *const compass_dir_names[4] = {"N", "E", "S", "W"};
const char *const compass_aperture_kind_names[3] = {"plain", "window", "port"};

const char *compass_dir_name(compass_dir d)
{
    return compass_dir_names[d & 3];
}

const char *compass_aperture_kind_name(compass_aperture_kind k)
{
    return (unsigned)k < 3 ? compass_aperture_kind_names[k] : "?";
}

const char *compass_release_status_name(compass_release_status s)
{
    static const char *const names[] = {"released", "arrow", "wall", "closed-edge",
                                        "aperture-phase", "not-remaining"};
    return (unsigned)s < sizeof names / sizeof *names ? names[s] : "?";
}

static uint64_t all_arrows(int count)
{
    return count >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << count) - 1);
}

compass_state compass_initial_state(const compass_level *l)
{
    compass_state s = {all_arrows(l->arrow_count), l->initial_phase & 3};
    return s;
}

compass_dir compass_effective_dir(const compass_level *l, const compass_state *s, int arrow)
{
    return (compass_dir)((l->arrows[arrow].dir + s->phase) & 3);
}

int compass_is_won(const compass_state *s)
{
    return s->remaining == 0;
}

int compass_aperture_at(const compass_level *l, compass_dir side, int lane)
{
    for (int i = 0; i < l->aperture_count; i++)
        if (l->apertures[i].side == side && l->apertures[i].lane == lane)
            return i;
    return -1;
}

int compass_arrow_at(const compass_level *l, int row, int col)
{
    for (int i = 0; i < l->arrow_count; i++)
        if (l->arrows[i].row == row && l->arrows[i].col == col)
            return i;
    return -1;
}

int compass_wall_count(const compass_level *l)
{
    int walls = 0;
    for (int r = 0; r < l->rows; r++)
        for (int c = 0; c < l->cols; c++)
            walls += l->wall[r][c] != 0;
    return walls;
}

int compass_aperture_schedule_ok(const compass_aperture *a)
{
    int bits = __builtin_popcount(a->phase_mask & 0xFu);
    if (a->phase_mask > 0xFu)
        return 0;
    switch (a->kind) {
    case COMPASS_APERTURE_PLAIN: return a->phase_mask == 0xFu;
    case COMPASS_APERTURE_WINDOW: return bits == 1;
    case COMPASS_APERTURE_PORT: return bits == 2;
    }
    return 0;
}

/* Cells from (row, col) to the boundary in direction d, the start excluded. */
static int ray_length(const compass_level *l, int row, int col, compass_dir d)
{
    switch (d) {
    case COMPASS_N: return row;
    case COMPASS_E: return l->cols - 1 - col;
    case COMPASS_S: return l->rows - 1 - row;
    default: return col;
    }
}

void compass_view_of(const compass_level *l, const compass_state *s, compass_view *v)
{
    memset(v, -1, sizeof *v);
    for (uint64_t rest = s->remaining; rest; rest &= rest - 1) {
        int j = __builtin_ctzll(rest);
        v->arrow_at[l->arrows[j].row][l->arrows[j].col] = (signed char)j;
    }
    for (int i = 0; i < l->aperture_count; i++)
        v->aperture_on[l->apertures[i].side & 3][l->apertures[i].lane & (COMPASS_MAX_SIDE - 1)] =
            (signed char)i;
}

compass_release_result compass_release_in_view(const compass_level *l, const compass_state *s,
                                               const compass_view *v, int arrow, unsigned relax,
                                               compass_state *next)
{
    compass_release_result r = {COMPASS_NOT_REMAINING, -1, -1, -1, COMPASS_N, -1, -1};
    if (arrow < 0 || arrow >= l->arrow_count || !((s->remaining >> arrow) & 1))
        return r;
    const compass_arrow *a = &l->arrows[arrow];
    compass_dir d = compass_effective_dir(l, s, arrow);
    int len = ray_length(l, a->row, a->col, d);
    r.exit_side = d;
    r.exit_lane = (d == COMPASS_N || d == COMPASS_S) ? a->col : a->row;
    /* Walk the ray: the first wall or remaining arrow before the boundary blocks it. */
    for (int k = 1, rr = a->row, cc = a->col; k <= len; k++) {
        rr += step_row[d];
        cc += step_col[d];
        if (l->wall[rr][cc] && !(relax & COMPASS_RELAX_WALLS)) {
            r.status = COMPASS_BLOCKED_WALL;
            r.blocker_row = rr;
            r.blocker_col = cc;
            return r;
        }
        if (v->arrow_at[rr][cc] >= 0) {
            r.status = COMPASS_BLOCKED_ARROW;
            r.blocker_arrow = v->arrow_at[rr][cc];
            return r;
        }
    }
    r.aperture = v->aperture_on[d][r.exit_lane];
    if (r.aperture < 0) {
        r.status = COMPASS_BLOCKED_CLOSED_EDGE;
        return r;
    }
    const compass_aperture *ap = &l->apertures[r.aperture];
    unsigned mask = ap->phase_mask;
    if ((ap->kind == COMPASS_APERTURE_WINDOW && (relax & COMPASS_RELAX_WINDOWS)) ||
        (ap->kind == COMPASS_APERTURE_PORT && (relax & COMPASS_RELAX_PORTS)))
        mask = 0xF;
    if (!((mask >> s->phase) & 1)) {
        r.status = COMPASS_BLOCKED_APERTURE_PHASE;
        return r;
    }
    r.status = COMPASS_RELEASED;
    if (next) {
        /* Exactly one arrow leaves and the compass turns exactly once, the last release too. */
        next->remaining = s->remaining & ~((uint64_t)1 << arrow);
        next->phase = (s->phase + 1) & 3;
    }
    return r;
}

compass_release_result compass_release_relaxed(const compass_level *l, const compass_state *s,
                                               int arrow, unsigned relax, compass_state *next)
{
    compass_view v;
    compass_view_of(l, s, &v);
    return compass_release_in_view(l, s, &v, arrow, relax, next);
}

compass_release_result compass_release(const compass_level *l, const compass_state *s, int arrow,
                                       compass_state *next)
{
    return compass_release_relaxed(l, s, arrow, 0, next);
}

int compass_replay(const compass_level *l, const int *order, int len, compass_state *end)
{
    compass_state s = compass_initial_state(l);
    int done = 0;
    while (done < len) {
        compass_state n;
        if (compass_release(l, &s, order[done], &n).status != COMPASS_RELEASED)
            break;
        s = n;
        done++;
    }
    if (end)
        *end = s;
    return done;
}

int compass_replay_wins(const compass_level *l, const int *order, int len)
{
    compass_state end;
    return len == l->arrow_count && compass_replay(l, order, len, &end) == len &&
           compass_is_won(&end);
}

static int id_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '-' || c == '_';
}

/* Arrow ids appear inside release signatures (`id@phase>side+lane#kind`), so they are
 * limited to letters, digits, '-' and '_'. */
static int valid_token(const char *s, size_t max)
{
    size_t n = strnlen(s, max + 1);
    if (n == 0 || n > max)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!id_char(s[i]))
            return 0;
    return 1;
}

/* Level ids name report files (DIR/<id>.json): a letter or digit, then letters, digits, '-',
 * '_' or '.'. */
static int valid_level_id(const char *s, size_t max)
{
    size_t n = strnlen(s, max + 1);
    if (n == 0 || n > max || !(id_char(s[0]) && s[0] != '-' && s[0] != '_'))
        return 0;
    for (size_t i = 1; i < n; i++)
        if (!id_char(s[i]) && s[i] != '.')
            return 0;
    return 1;
}

#define CHECK_ERR(...)                                                                       \
    do {                                                                                     \
        snprintf(err, errlen, __VA_ARGS__);                                                  \
        return -1;                                                                           \
    } while (0)

int compass_level_check(const compass_level *l, char *err, size_t errlen)
{
    if (l->rows < 1 || l->rows > COMPASS_MAX_SIDE)
        CHECK_ERR("rows: expected 1 to %d, got %d", COMPASS_MAX_SIDE, l->rows);
    if (l->cols < 1 || l->cols > COMPASS_MAX_SIDE)
        CHECK_ERR("cols: expected 1 to %d, got %d", COMPASS_MAX_SIDE, l->cols);
    if (l->initial_phase < 0 || l->initial_phase > 3)
        CHECK_ERR("initialPhase: expected 0 to 3, got %d", l->initial_phase);
    if (l->id[0] && !valid_level_id(l->id, sizeof l->id - 1))
        CHECK_ERR("id: expected letters, digits, '-', '_' or '.', got \"%.63s\"", l->id);
    if (l->pattern[0] && !valid_token(l->pattern, sizeof l->pattern - 1))
        CHECK_ERR("pattern: expected letters, digits, '-' or '_', got \"%.31s\"", l->pattern);
    if (l->family[0] && !valid_token(l->family, sizeof l->family - 1))
        CHECK_ERR("family: expected letters, digits, '-' or '_', got \"%.31s\"", l->family);
    if (l->index < 0)
        CHECK_ERR("index: expected a positive number, got %d", l->index);
    if (l->tier < 0 || l->tier > 4)
        CHECK_ERR("tier: expected 1 to 4, got %d", l->tier);
    for (int r = 0; r < COMPASS_MAX_SIDE; r++)
        for (int c = 0; c < COMPASS_MAX_SIDE; c++)
            if (l->wall[r][c] && (r >= l->rows || c >= l->cols))
                CHECK_ERR("walls: cell [%d, %d] is outside the %dx%d board", r, c, l->rows,
                          l->cols);
    if (l->aperture_count < 0 || l->aperture_count > 4 * COMPASS_MAX_SIDE)
        CHECK_ERR("apertures: expected at most %d, got %d", 4 * COMPASS_MAX_SIDE,
                  l->aperture_count);
    for (int i = 0; i < l->aperture_count; i++) {
        const compass_aperture *a = &l->apertures[i];
        if ((unsigned)a->side > 3)
            CHECK_ERR("apertures[%d].side: expected N/E/S/W, got %d", i, (int)a->side);
        int lanes = (a->side == COMPASS_N || a->side == COMPASS_S) ? l->cols : l->rows;
        if (a->lane < 0 || a->lane >= lanes)
            CHECK_ERR("apertures[%d].lane: expected 0 to %d on side %s, got %d", i, lanes - 1,
                      compass_dir_name(a->side), a->lane);
        if (!compass_aperture_schedule_ok(a))
            CHECK_ERR("apertures[%d].phases: a %s needs %s, got mask 0x%X", i,
                      compass_aperture_kind_name(a->kind),
                      a->kind == COMPASS_APERTURE_PLAIN    ? "every phase"
                      : a->kind == COMPASS_APERTURE_WINDOW ? "exactly one phase"
                                                           : "exactly two distinct phases",
                      a->phase_mask);
        for (int j = 0; j < i; j++)
            if (l->apertures[j].side == a->side && l->apertures[j].lane == a->lane)
                CHECK_ERR("apertures[%d]: lane %s%d already has apertures[%d]", i,
                          compass_dir_name(a->side), a->lane, j);
    }
    if (l->arrow_count < 1 || l->arrow_count > COMPASS_MAX_ARROWS)
        CHECK_ERR("arrows: expected 1 to %d arrows, got %d", COMPASS_MAX_ARROWS, l->arrow_count);
    for (int i = 0; i < l->arrow_count; i++) {
        const compass_arrow *a = &l->arrows[i];
        if (!valid_token(a->id, COMPASS_ID_LEN - 1))
            CHECK_ERR("arrows[%d].id: expected 1 to %d letters, digits, '-' or '_', got \"%.31s\"",
                      i, COMPASS_ID_LEN - 1, a->id);
        if (a->row < 0 || a->row >= l->rows || a->col < 0 || a->col >= l->cols)
            CHECK_ERR("arrows[%d]: cell [%d, %d] is outside the %dx%d board", i, a->row, a->col,
                      l->rows, l->cols);
        if ((unsigned)a->dir > 3)
            CHECK_ERR("arrows[%d].dir: expected N/E/S/W, got %d", i, (int)a->dir);
        if (l->wall[a->row][a->col])
            CHECK_ERR("arrows[%d]: cell [%d, %d] is a wall", i, a->row, a->col);
        for (int j = 0; j < i; j++) {
            if (strcmp(l->arrows[j].id, a->id) == 0)
                CHECK_ERR("arrows[%d].id: \"%s\" is already used by arrows[%d]", i, a->id, j);
            if (l->arrows[j].row == a->row && l->arrows[j].col == a->col)
                CHECK_ERR("arrows[%d]: cell [%d, %d] already holds arrows[%d]", i, a->row,
                          a->col, j);
        }
    }
    if (l->has_construction) {
        if (l->reverse_len < 0 || l->reverse_len > l->arrow_count)
            CHECK_ERR("construction.reverseSolution: expected at most %d steps, got %d",
                      l->arrow_count, l->reverse_len);
        uint64_t seen = 0;
        for (int i = 0; i < l->reverse_len; i++) {
            int a = l->reverse_solution[i];
            if (a < 0 || a >= l->arrow_count)
                CHECK_ERR("construction.reverseSolution[%d]: no arrow %d", i, a);
            if ((seen >> a) & 1)
                CHECK_ERR("construction.reverseSolution[%d]: \"%s\" is listed twice", i,
                          l->arrows[a].id);
            seen |= (uint64_t)1 << a;
        }
        if (l->construction_attempt < 0)
            CHECK_ERR("construction.attempt: expected 0 or more, got %d", l->construction_attempt);
    }
    return 0;
}
