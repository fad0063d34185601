/* solver diff: a semantic diff of two content or evidence trees (levels/, reports/ or two
 * files of one kind), as items a designer reads: levels, rounds, reports, flipped checks. */
#ifndef SOLVER_DIFF_H
#define SOLVER_DIFF_H

#include <cjson/cJSON.h>
#include <stddef.h>

/* One changed field of an item; old or new is NULL where the field is absent. */
typedef struct {
    char *field, *old_v, *new_v, *note;
} diff_change;

typedef enum { DIFF_CHANGED, DIFF_ADDED, DIFF_REMOVED, DIFF_RENAMED } diff_status;

/* kind: "level" (a Compass Shift level: its level file and evidence together), "round" (an
 * Odd Shape round), "file" (any other report or content file, by its path). */
typedef struct {
    const char *kind;
    char *id, *renamed_from;
    diff_status status;
    int board;    /* level: the board itself (size, phase, walls, apertures, arrows) changed */
    int evidence; /* level: a field other than the board or the campaign position changed */
    int moved;    /* level: its position in the campaign order changed */
    /* level: the documents compared, [0] old and [1] new side, each {level file, evidence};
     * NULL where absent. They belong to the trees (valid while the trees are). */
    const cJSON *docs[2][2];
    diff_change *changes;
    int nchanges, cap;
} diff_item;

/* A campaign or report check whose pass value differs; -1 where the check is absent. */
typedef struct {
    char *file, *name;
    int old_pass, new_pass;
} diff_flip;

typedef struct {
    diff_item *items;
    int nitems, capitems;
    diff_flip *flips;
    int nflips, capflips;
    int has_levels, has_rounds; /* the trees hold Compass levels / Odd Shape rounds at all */
} diff_result;

/* A tree of JSON files: their paths relative to the root (sorted) and parsed documents. */
typedef struct {
    char *path;
    cJSON *doc;
} diff_file;

typedef struct {
    diff_file *files;
    int count, cap;
} diff_tree;

/* Reads every *.json file under root (a folder, recursively) or root itself (a file).
 * 0, or -1 with one line in err naming the file. */
int diff_tree_read(const char *root, diff_tree *t, char *err, size_t errlen);
void diff_tree_free(diff_tree *t);

/* Compares the trees. Two single files are compared whatever their names, and must be of
 * one kind ("format"). 0, or -1 with one line in err. */
int diff_compare(const diff_tree *old_t, const diff_tree *new_t, int single_files, diff_result *r,
                 char *err, size_t errlen);
void diff_result_free(diff_result *r);

/* The summary line: "12 levels changed (3 boards, 9 evidence only), 0 checks flipped", or
 * "no changes". */
void diff_summary(const diff_result *r, char *buf, size_t n);
/* 1 when anything changed. */
int diff_any(const diff_result *r);

/* Output, malloc'd text: plain text, a Markdown table, or JSON (schemas/solver-diff.schema.json). */
char *diff_format_text(const diff_result *r);
char *diff_format_markdown(const diff_result *r);
cJSON *diff_format_json(const diff_result *r);

#endif
