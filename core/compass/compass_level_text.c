/* compass-shift-level/1 text in cJSON's formatted layout, written without cJSON. */
#include "compass_level_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compass_json.h"
#include "jsonio.h"

typedef jsonio_text text;

static void put(text *t, const char *s, size_t n) { jsonio_text_put(t, s, n); }
static void puts_(text *t, const char *s) { put(t, s, strlen(s)); }

static void tabs(text *t, int depth)
{
    static const char many[] = "\t\t\t\t\t\t\t\t";
    put(t, many, (size_t)depth);
}

/* the integers a level holds (|v| < 2^53) and its strings, as cJSON prints them */
static void number(text *t, long long v) { jsonio_text_number(t, (double)v); }
static void string(text *t, const char *s) { jsonio_text_string(t, s); }

/* An object member's opening at the object's depth: tabs, "key":\t. */
static void key(text *t, int depth, const char *k)
{
    tabs(t, depth);
    string(t, k);
    put(t, ":\t", 2);
}

/* What follows a member: a comma when another comes, then the newline. */
static void end_member(text *t, int more)
{
    puts_(t, more ? ",\n" : "\n");
}

static void number_member(text *t, int depth, const char *k, long long v, int more)
{
    key(t, depth, k);
    number(t, v);
    end_member(t, more);
}

static void string_member(text *t, int depth, const char *k, const char *v, int more)
{
    key(t, depth, k);
    string(t, v);
    end_member(t, more);
}

static void walls(text *t, const compass_level *l)
{
    key(t, 1, "walls");
    put(t, "[", 1);
    int first = 1;
    for (int r = 0; r < l->rows; r++)
        for (int c = 0; c < l->cols; c++)
            if (l->wall[r][c]) {
                puts_(t, first ? "[" : ", [");
                number(t, r);
                put(t, ", ", 2);
                number(t, c);
                put(t, "]", 1);
                first = 0;
            }
    put(t, "]", 1);
    end_member(t, 1);
}

/* An array of objects (members at depth 3): "[{\n", the objects joined by "}, {\n", "}]". */
static void object_start(text *t, int i)
{
    puts_(t, i == 0 ? "[{\n" : ", {\n");
}

static void object_end(text *t)
{
    tabs(t, 2);
    put(t, "}", 1);
}

static void apertures(text *t, const compass_level *l)
{
    key(t, 1, "apertures");
    if (l->aperture_count == 0)
        put(t, "[", 1);
    for (int i = 0; i < l->aperture_count; i++) {
        const compass_aperture *a = &l->apertures[i];
        int phases = a->kind != COMPASS_APERTURE_PLAIN;
        object_start(t, i);
        string_member(t, 3, "side", compass_dir_name(a->side), 1);
        number_member(t, 3, "lane", a->lane, 1);
        string_member(t, 3, "kind", compass_aperture_kind_name(a->kind), phases);
        if (phases) {
            key(t, 3, "phases");
            put(t, "[", 1);
            int first = 1;
            for (int p = 0; p < 4; p++)
                if ((a->phase_mask >> p) & 1) {
                    if (!first)
                        put(t, ", ", 2);
                    number(t, p);
                    first = 0;
                }
            put(t, "]", 1);
            end_member(t, 0);
        }
        object_end(t);
    }
    put(t, "]", 1);
    end_member(t, 1);
}

static void arrows(text *t, const compass_level *l)
{
    key(t, 1, "arrows");
    if (l->arrow_count == 0)
        put(t, "[", 1);
    for (int i = 0; i < l->arrow_count; i++) {
        const compass_arrow *a = &l->arrows[i];
        object_start(t, i);
        string_member(t, 3, "id", a->id, 1);
        number_member(t, 3, "row", a->row, 1);
        number_member(t, 3, "col", a->col, 1);
        string_member(t, 3, "dir", compass_dir_name(a->dir), 0);
        object_end(t);
    }
    put(t, "]", 1);
    end_member(t, l->has_construction);
}

static void construction(text *t, const compass_level *l)
{
    key(t, 1, "construction");
    put(t, "{\n", 2);
    number_member(t, 2, "seed", l->construction_seed, 1);
    number_member(t, 2, "attempt", l->construction_attempt, 1);
    key(t, 2, "reverseSolution");
    put(t, "[", 1);
    for (int i = 0; i < l->reverse_len; i++) {
        if (i)
            put(t, ", ", 2);
        string(t, l->arrows[l->reverse_solution[i]].id);
    }
    put(t, "]", 1);
    end_member(t, 0);
    tabs(t, 1);
    put(t, "}", 1);
    end_member(t, 0);
}

char *compass_level_text(const compass_level *l, size_t *len)
{
    text t = {0};
    put(&t, "{\n", 2);
    string_member(&t, 1, "format", COMPASS_LEVEL_FORMAT, 1);
    string_member(&t, 1, "id", l->id, 1);
    if (l->index > 0)
        number_member(&t, 1, "index", l->index, 1);
    if (l->pattern[0])
        string_member(&t, 1, "pattern", l->pattern, 1);
    if (l->family[0])
        string_member(&t, 1, "family", l->family, 1);
    if (l->tier > 0)
        number_member(&t, 1, "tier", l->tier, 1);
    number_member(&t, 1, "rows", l->rows, 1);
    number_member(&t, 1, "cols", l->cols, 1);
    number_member(&t, 1, "initialPhase", l->initial_phase, 1);
    walls(&t, l);
    apertures(&t, l);
    arrows(&t, l);
    if (l->has_construction)
        construction(&t, l);
    put(&t, "}\n", 2);
    if (t.failed) {
        free(t.s);
        return NULL;
    }
    *len = t.len;
    return t.s;
}
