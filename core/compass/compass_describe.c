/* Text equivalents of the board and of the resolver's feedback, from the core's own state. */
#include "compass_describe.h"

#include <stdarg.h>
#include <stdio.h>


const char *compass_dir_word(compass_dir d)
{
    static const char *const words[4] = {"North", "East", "South", "West"};
    return words[d & 3];
}

void compass_lane_label(compass_dir side, int lane, char *buf, size_t n)
{
    snprintf(buf, n, "%s+%d", compass_dir_name(side), lane);
}

/* Appends to buf at *used, keeping the snprintf contract: *used counts what was needed. */
static void add(char *buf, size_t n, size_t *used, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void add(char *buf, size_t n, size_t *used, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(*used < n ? buf + *used : NULL, *used < n ? n - *used : 0, fmt, ap);
    va_end(ap);
    if (k > 0)
        *used += (size_t)k;
}

void compass_edge_words(compass_dir side, int lane, char *buf, size_t n)
{
    static const char *const sides[4] = {"north", "east", "south", "west"};
    snprintf(buf, n, "the %s edge at %s %d", sides[side & 3],
             side == COMPASS_N || side == COMPASS_S ? "column" : "row", lane + 1);
}

void compass_describe_aperture(const compass_level *l, int i, char *buf, size_t n)
{
    const compass_aperture *a = &l->apertures[i];
    char edge[48];
    compass_edge_words(a->side, a->lane, edge, sizeof edge);
    size_t used = 0;
    if (n)
        buf[0] = 0;
    switch (a->kind) {
    case COMPASS_APERTURE_PLAIN:
        add(buf, n, &used, "an exit on %s, always open", edge);
        return;
    case COMPASS_APERTURE_WINDOW:
        add(buf, n, &used, "a window on %s, open only in phase", edge);
        break;
    case COMPASS_APERTURE_PORT:
        add(buf, n, &used, "a port on %s, open in phases", edge);
        break;
    }
    const char *sep = " ";
    for (int p = 0, seen = 0; p < 4; p++)
        if ((a->phase_mask >> p) & 1) {
            add(buf, n, &used, "%s%d", seen ? " and " : sep, p);
            seen = 1;
        }
}

size_t compass_describe_state(const compass_level *l, const compass_state *s, char *buf,
                              size_t n)
{
    size_t used = 0;
    if (n)
        buf[0] = 0;
    int left = __builtin_popcountll(s->remaining);
    add(buf, n, &used, "Compass phase %d: it has turned %d quarter%s clockwise.", s->phase,
        s->phase, s->phase == 1 ? "" : "s");
    if (left == 0)
        add(buf, n, &used, " No arrows remain.");
    else
        add(buf, n, &used, " %d arrow%s remain%s:", left, left == 1 ? "" : "s",
            left == 1 ? "s" : "");
    /* Row-major, the order Tab visits them. */
    int listed = 0;
    for (int r = 0; r < l->rows; r++)
        for (int c = 0; c < l->cols; c++) {
            int a = compass_arrow_at(l, r, c);
            if (a < 0 || !((s->remaining >> a) & 1))
                continue;
            add(buf, n, &used, "%s row %d, column %d points %s", listed ? ";" : "", r + 1, c + 1,
                compass_dir_word(compass_effective_dir(l, s, a)));
            listed++;
        }
    if (listed)
        add(buf, n, &used, ".");
    if (compass_wall_count(l))
        add(buf, n, &used, " %d wall%s.", compass_wall_count(l),
            compass_wall_count(l) == 1 ? "" : "s");
    if (l->aperture_count == 0)
        add(buf, n, &used, " Every edge is closed.");
    else
        add(buf, n, &used, " Edges:");
    for (int i = 0; i < l->aperture_count; i++) {
        char ap[96];
        compass_describe_aperture(l, i, ap, sizeof ap);
        add(buf, n, &used, "%s %s", i ? ";" : "", ap);
    }
    if (l->aperture_count)
        add(buf, n, &used, "; every other edge is closed.");
    return used;
}

size_t compass_describe_feedback(const compass_level *l, const compass_state *before, int arrow,
                                 const compass_release_result *r, char *buf, size_t n)
{
    size_t used = 0;
    if (n)
        buf[0] = 0;
    if (r->status == COMPASS_NOT_REMAINING || arrow < 0 || arrow >= l->arrow_count) {
        add(buf, n, &used, "That arrow is no longer on the board; nothing changed.");
        return used;
    }
    /* Player text names an arrow by where it is drawn, never by its designer id. */
    char edge[48];
    compass_edge_words(r->exit_side, r->exit_lane, edge, sizeof edge);
    int row = l->arrows[arrow].row + 1, col = l->arrows[arrow].col + 1;
    if (r->status == COMPASS_RELEASED) {
        static const char *const kinds[] = {"exit", "window", "port"};
        int left = __builtin_popcountll(before->remaining) - 1;
        add(buf, n, &used, "The arrow at row %d, column %d left %s through the %s on %s; the compass turned to phase %d; ",
            row, col, compass_dir_word(r->exit_side), kinds[l->apertures[r->aperture].kind], edge,
            (before->phase + 1) & 3);
        if (left == 0)
            add(buf, n, &used, "the board is clear.");
        else
            add(buf, n, &used, "%d arrow%s remain%s.", left, left == 1 ? "" : "s",
                left == 1 ? "s" : "");
        return used;
    }
    add(buf, n, &used, "The arrow at row %d, column %d points %s and is blocked by ", row, col,
        compass_dir_word(r->exit_side));
    switch (r->status) {
    case COMPASS_BLOCKED_ARROW:
        add(buf, n, &used, "the arrow at row %d, column %d", l->arrows[r->blocker_arrow].row + 1,
            l->arrows[r->blocker_arrow].col + 1);
        break;
    case COMPASS_BLOCKED_WALL:
        add(buf, n, &used, "a wall at row %d, column %d", r->blocker_row + 1, r->blocker_col + 1);
        break;
    case COMPASS_BLOCKED_CLOSED_EDGE:
        add(buf, n, &used, "%s, which is closed", edge);
        break;
    default: {
        char ap[96];
        compass_describe_aperture(l, r->aperture, ap, sizeof ap);
        add(buf, n, &used, "%s, not open in phase %d", ap, before->phase);
        break;
    }
    }
    add(buf, n, &used, "; nothing moved and the compass did not turn.");
    return used;
}
