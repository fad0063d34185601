/* solver diff's engine: reads two trees, pairs their files and levels, and lists changes. */
#include "diff.h"

#include <dirent.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "compass/compass_canon.h"
#include "compass/compass_json.h"
#include "jsonio.h"

enum { MAX_FILES = 20000, MAX_DEPTH = 8, MAX_CHANGES = 40, SHORT_VALUE = 72 };

#define LEVEL_FORMAT "compass-shift-level/1"
#define EVIDENCE_FORMAT "compass-shift-evidence/1"
#define INDEX_FORMAT "compass-shift-campaign/1"
#define ROUNDS_PREFIX "oddshape-rounds/"
#define CAMPAIGN_REPORT_PREFIX "compass-shift-campaign-report/"

/* ---------------------------------------------------------------- small helpers */

static void *grow(void *p, int *cap, int need, size_t size)
{
    if (need <= *cap) return p;
    int n = *cap ? *cap * 2 : 16;
    while (n < need) n *= 2;
    void *q = realloc(p, (size_t)n * size);
    if (!q) abort(); /* out of memory in a batch tool: nothing sensible is left to do */
    *cap = n;
    return q;
}

static char *dupf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *dupf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = malloc((size_t)n + 1);
    if (!s) abort();
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

static char *dup0(const char *s) { return s ? dupf("%s", s) : NULL; }

/* A value as one short line of JSON; long values are cut with an ellipsis. */
static char *compact(const cJSON *v)
{
    if (!v) return NULL;
    char *p = cJSON_PrintUnformatted(v);
    if (!p) abort();
    if (strlen(p) > 2 * SHORT_VALUE) strcpy(p + 2 * SHORT_VALUE - 3, "...");
    return p;
}

static const char *format_of(const cJSON *doc)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(doc, "format");
    return cJSON_IsString(f) ? f->valuestring : "";
}

static const char *string_of(const cJSON *doc, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(doc, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* Deep equality in which an absent value equals an absent value (cJSON_Compare says
 * unequal) and a number equals itself even when it is out of double range ("1e999": cJSON's
 * epsilon test finds inf unequal to inf), so that a file always equals itself. */
static int json_equal(const cJSON *a, const cJSON *b)
{
    if (!a || !b) return !a && !b;
    if ((a->type & 0xFF) != (b->type & 0xFF)) return 0;
    if (cJSON_IsNumber(a)) return a->valuedouble == b->valuedouble || cJSON_Compare(a, b, 1);
    if (cJSON_IsString(a) || cJSON_IsRaw(a)) return strcmp(a->valuestring, b->valuestring) == 0;
    if (cJSON_IsArray(a)) {
        const cJSON *x = a->child, *y = b->child;
        for (; x && y; x = x->next, y = y->next)
            if (!json_equal(x, y)) return 0;
        return !x && !y;
    }
    if (cJSON_IsObject(a)) {
        int na = 0, nb = 0;
        for (const cJSON *x = a->child; x; x = x->next, na++)
            if (!json_equal(x, cJSON_GetObjectItemCaseSensitive(b, x->string))) return 0;
        for (const cJSON *y = b->child; y; y = y->next) nb++;
        return na == nb;
    }
    return 1; /* null, true, false: the type says it all */
}

static int starts(const char *s, const char *prefix) { return strncmp(s, prefix, strlen(prefix)) == 0; }

/* ---------------------------------------------------------------- trees */

static int add_file(diff_tree *t, const char *full, const char *rel, char *err, size_t errlen)
{
    if (t->count == MAX_FILES) {
        snprintf(err, errlen, "%s: more than %d JSON files", full, MAX_FILES);
        return -1;
    }
    cJSON *doc = jsonio_read_file(full, err, errlen);
    if (!doc) return -1;
    t->files = grow(t->files, &t->cap, t->count + 1, sizeof *t->files);
    t->files[t->count++] = (diff_file){dup0(rel), doc};
    return 0;
}

static int cmp_names(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int walk(diff_tree *t, const char *dir, const char *rel, int depth, char *err, size_t errlen)
{
    if (depth > MAX_DEPTH) {
        snprintf(err, errlen, "%s: folders nested more than %d deep", dir, MAX_DEPTH);
        return -1;
    }
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(err, errlen, "%s: cannot read the folder", dir);
        return -1;
    }
    char **names = NULL;
    int n = 0, cap = 0, rc = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        names = grow(names, &cap, n + 1, sizeof *names);
        names[n++] = dup0(e->d_name);
    }
    closedir(d);
    if (n)
        qsort(names, (size_t)n, sizeof *names, cmp_names);
    for (int i = 0; i < n && !rc; i++) {
        char *full = dupf("%s/%s", dir, names[i]);
        char *sub = rel[0] ? dupf("%s/%s", rel, names[i]) : dup0(names[i]);
        struct stat st;
        if (lstat(full, &st) != 0) rc = (snprintf(err, errlen, "%s: cannot read", full), -1);
        else if (S_ISDIR(st.st_mode)) rc = walk(t, full, sub, depth + 1, err, errlen);
        else if (S_ISREG(st.st_mode) && strlen(names[i]) > 5 && strcmp(names[i] + strlen(names[i]) - 5, ".json") == 0)
            rc = add_file(t, full, sub, err, errlen);
        free(full);
        free(sub);
    }
    for (int i = 0; i < n; i++) free(names[i]);
    free(names);
    return rc;
}

int diff_tree_read(const char *root, diff_tree *t, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    struct stat st;
    if (stat(root, &st) != 0) {
        snprintf(err, errlen, "%s: no such file or folder", root);
        return -1;
    }
    if (S_ISDIR(st.st_mode)) return walk(t, root, "", 0, err, errlen);
    const char *base = strrchr(root, '/');
    return add_file(t, root, base ? base + 1 : root, err, errlen);
}

void diff_tree_free(diff_tree *t)
{
    for (int i = 0; i < t->count; i++) {
        free(t->files[i].path);
        cJSON_Delete(t->files[i].doc);
    }
    free(t->files);
    memset(t, 0, sizeof *t);
}

/* ---------------------------------------------------------------- items */

static diff_item *new_item(diff_result *r, const char *kind, const char *id, diff_status status)
{
    r->items = grow(r->items, &r->capitems, r->nitems + 1, sizeof *r->items);
    diff_item *it = &r->items[r->nitems++];
    memset(it, 0, sizeof *it);
    it->kind = kind;
    it->id = dup0(id);
    it->status = status;
    return it;
}

/* Takes ownership of old_v and new_v. Past MAX_CHANGES the rest are counted in one line. */
static void add_change(diff_item *it, const char *field, char *old_v, char *new_v, char *note)
{
    if (it->nchanges == MAX_CHANGES + 1) {
        free(old_v), free(new_v), free(note);
        return;
    }
    it->changes = grow(it->changes, &it->cap, it->nchanges + 1, sizeof *it->changes);
    if (it->nchanges == MAX_CHANGES) {
        free(old_v), free(new_v), free(note);
        it->changes[it->nchanges++] = (diff_change){dup0("..."), NULL, NULL, dup0("more changes not listed")};
        return;
    }
    it->changes[it->nchanges++] = (diff_change){dup0(field), old_v, new_v, note};
}

static void add_flip(diff_result *r, const char *file, const char *name, int o, int n)
{
    r->flips = grow(r->flips, &r->capflips, r->nflips + 1, sizeof *r->flips);
    r->flips[r->nflips++] = (diff_flip){dup0(file), dup0(name), o, n};
}

/* ---------------------------------------------------------------- JSON leaves */

/* The field that names an array element, so that elements are paired by it rather than
 * by position: "id", "name", "difficulty", "seed", "round", "step", "aperture" (evidence
 * apertureReach), or "a"+"b". */
static char *element_key(const cJSON *e)
{
    static const char *const keys[] = {"id", "name", "difficulty", "seed", "round", "step", "aperture"};
    if (!cJSON_IsObject(e)) return NULL;
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(e, keys[i]);
        if (cJSON_IsString(v)) return dup0(v->valuestring);
        if (cJSON_IsNumber(v)) return dupf("%s %.17g", keys[i], v->valuedouble);
    }
    const char *a = string_of(e, "a"), *b = string_of(e, "b");
    return a && b ? dupf("%s-%s", a, b) : NULL;
}

/* The nth (0-based) element of arr whose key is key. Keys repeat (one check name per
 * difficulty in selfplay.json, per seed in mulberry32.json), so an element is paired by its
 * key and its place among the elements of that key, never by the key alone. */
typedef char *(*key_fn)(const cJSON *e);

static const cJSON *find_keyed(const cJSON *arr, key_fn keyf, const char *key, int nth)
{
    for (const cJSON *e = cJSON_IsArray(arr) ? arr->child : NULL; e; e = e->next) {
        char *k = keyf(e);
        int same = k && strcmp(k, key) == 0;
        free(k);
        if (same && nth-- == 0) return e;
    }
    return NULL;
}

/* How many elements before e (in its array) have e's key; and how many have it in all. */
static int key_rank(const cJSON *arr, key_fn keyf, const cJSON *e, const char *key, int *total)
{
    int rank = -1, n = 0;
    for (const cJSON *x = cJSON_IsArray(arr) ? arr->child : NULL; x; x = x->next) {
        char *k = keyf(x);
        if (k && strcmp(k, key) == 0) {
            if (x == e) rank = n;
            n++;
        }
        free(k);
    }
    if (total) *total = n;
    return rank;
}

/* "key", or "key #2" for the second of a key that repeats on either side. */
static char *ranked_key(const char *key, int rank, int repeats)
{
    return repeats > 1 ? dupf("%s #%d", key, rank + 1) : dup0(key);
}

static int keyed_array(const cJSON *a)
{
    if (!cJSON_IsArray(a) || !a->child) return 0;
    for (const cJSON *e = a->child; e; e = e->next) {
        char *k = element_key(e);
        if (!k) return 0;
        free(k);
    }
    return 1;
}

static char *number_note(const cJSON *a, const cJSON *b)
{
    if (!cJSON_IsNumber(a) || !cJSON_IsNumber(b)) return NULL;
    double d = b->valuedouble - a->valuedouble, o = a->valuedouble;
    /* a share for figures (counts of 100 and more, rates), not for coordinates or ids */
    int figure = fabs(o) >= 100 || o != floor(o);
    if (figure && o != 0 && fabs(d / o) >= 0.001)
        return dupf("%+.6g (%+.1f%%)", d, 100 * d / fabs(a->valuedouble));
    return dupf("%+.6g", d);
}

/* Every leaf that differs between a and b under path. skip lists top-level keys left out. */
static void diff_values(diff_item *it, const char *path, const cJSON *a, const cJSON *b, const char *const *skip)
{
    if (json_equal(a, b)) return; /* and an absent field equals an absent field */
    if (cJSON_IsObject(a) && cJSON_IsObject(b)) {
        for (int pass = 0; pass < 2; pass++)
            for (const cJSON *e = (pass ? b : a)->child; e; e = e->next) {
                if (pass && cJSON_GetObjectItemCaseSensitive(a, e->string)) continue;
                int skipped = 0;
                for (const char *const *s = skip; s && *s; s++) skipped |= strcmp(*s, e->string) == 0;
                if (skipped) continue;
                char *sub = path[0] ? dupf("%s.%s", path, e->string) : dup0(e->string);
                diff_values(it, sub, cJSON_GetObjectItemCaseSensitive(a, e->string),
                            cJSON_GetObjectItemCaseSensitive(b, e->string), NULL);
                free(sub);
            }
        return;
    }
    if (keyed_array(a) && keyed_array(b)) {
        for (int pass = 0; pass < 2; pass++)
            for (const cJSON *e = (pass ? b : a)->child; e; e = e->next) {
                char *k = element_key(e);
                int n_own, n_other;
                int rank = key_rank(pass ? b : a, element_key, e, k, &n_own);
                key_rank(pass ? a : b, element_key, NULL, k, &n_other);
                const cJSON *other = find_keyed(pass ? a : b, element_key, k, rank);
                if (!pass || !other) {
                    char *rk = ranked_key(k, rank, n_own > n_other ? n_own : n_other);
                    char *sub = dupf("%s[%s]", path, rk);
                    diff_values(it, sub, pass ? NULL : e, pass ? e : other, NULL);
                    free(sub), free(rk);
                }
                free(k);
            }
        return;
    }
    char *pa = compact(a), *pb = compact(b);
    int short_enough = (!pa || strlen(pa) <= SHORT_VALUE) && (!pb || strlen(pb) <= SHORT_VALUE);
    if (cJSON_IsArray(a) && cJSON_IsArray(b) && !short_enough) {
        int na = cJSON_GetArraySize(a), nb = cJSON_GetArraySize(b), first = 0;
        while (first < na && first < nb && json_equal(cJSON_GetArrayItem(a, first), cJSON_GetArrayItem(b, first)))
            first++;
        add_change(it, path, dupf("%d items", na), dupf("%d items", nb), dupf("differs from item %d", first));
        free(pa), free(pb);
        return;
    }
    add_change(it, path, pa, pb, number_note(a, b));
}

/* A check's key: its name (whatever other fields it has). */
static char *check_name(const cJSON *e)
{
    return dup0(string_of(e, "name"));
}

/* Checks (objects {"name","pass"} in a "checks" array) whose pass value differs. */
static void diff_checks(diff_result *r, const char *file, const cJSON *a, const cJSON *b)
{
    const cJSON *ca = cJSON_GetObjectItemCaseSensitive(a, "checks"), *cb = cJSON_GetObjectItemCaseSensitive(b, "checks");
    for (int pass = 0; pass < 2; pass++)
        for (const cJSON *e = cJSON_IsArray(pass ? cb : ca) ? (pass ? cb : ca)->child : NULL; e; e = e->next) {
            const char *name = string_of(e, "name");
            if (!name) continue;
            /* paired by name and place among the checks of that name (names repeat) */
            int n_own, n_other, rank = key_rank(pass ? cb : ca, check_name, e, name, &n_own);
            key_rank(pass ? ca : cb, check_name, NULL, name, &n_other);
            const cJSON *other = find_keyed(pass ? ca : cb, check_name, name, rank);
            if (pass && other) continue;
            const cJSON *pe = cJSON_GetObjectItemCaseSensitive(e, "pass");
            const cJSON *po = cJSON_GetObjectItemCaseSensitive(other, "pass");
            int ve = cJSON_IsBool(pe) ? cJSON_IsTrue(pe) : -1, vo = cJSON_IsBool(po) ? cJSON_IsTrue(po) : -1;
            if (ve == vo) continue;
            char *label = ranked_key(name, rank, n_own > n_other ? n_own : n_other);
            if (pass) add_flip(r, file, label, vo, ve);
            else add_flip(r, file, label, ve, vo);
            free(label);
        }
}

/* ---------------------------------------------------------------- Compass levels */

typedef struct {
    const char *id;
    const cJSON *level[2], *evidence[2]; /* [0] old, [1] new */
    int pos[2];                          /* campaign position (1-based), 0 when not listed */
    char hash[2][17];                    /* canonical hash, "" when unknown */
} level_pair;

typedef struct {
    level_pair *v;
    int n, cap;
} level_set;

static level_pair *level_get(level_set *s, const char *id)
{
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->v[i].id, id) == 0) return &s->v[i];
    s->v = grow(s->v, &s->cap, s->n + 1, sizeof *s->v);
    level_pair *p = &s->v[s->n++];
    memset(p, 0, sizeof *p);
    p->id = id;
    return p;
}

static void level_hash(level_pair *p, int side)
{
    if (p->level[side]) {
        compass_level l;
        char err[256];
        if (compass_level_from_json(p->level[side], "", &l, err, sizeof err) == 0) {
            compass_canonical_hash(&l, p->hash[side]);
            return;
        }
    }
    const char *h = p->evidence[side] ? string_of(p->evidence[side], "canonicalHash") : NULL;
    if (h && strlen(h) == 16) memcpy(p->hash[side], h, 17);
}

static const char *const BOARD_KEYS[] = {"rows", "cols", "initialPhase", "walls", "apertures", "arrows", NULL};

/* Walls and apertures are sets: listed as cells or edge slots added and removed. */
static void diff_walls(diff_item *it, const cJSON *a, const cJSON *b)
{
    char added[512] = "", removed[512] = "";
    for (int pass = 0; pass < 2; pass++)
        for (const cJSON *w = cJSON_IsArray(pass ? b : a) ? (pass ? b : a)->child : NULL; w; w = w->next) {
            int found = 0;
            for (const cJSON *o = cJSON_IsArray(pass ? a : b) ? (pass ? a : b)->child : NULL; o && !found; o = o->next)
                found = json_equal(w, o);
            if (found) continue;
            char *p = compact(w), *buf = pass ? added : removed;
            snprintf(buf + strlen(buf), 512 - strlen(buf), "%s%s", buf[0] ? " " : "", p);
            free(p);
        }
    if (added[0] || removed[0])
        add_change(it, "walls", removed[0] ? dupf("%s", removed) : NULL, added[0] ? dupf("%s", added) : NULL,
                   dupf("%s%s%s", removed[0] ? "removed " : "", removed[0] && added[0] ? "and " : "",
                        added[0] ? "added" : ""));
}

static char *aperture_slot(const cJSON *a)
{
    const cJSON *lane = cJSON_GetObjectItemCaseSensitive(a, "lane");
    const char *side = string_of(a, "side");
    return dupf("%s%d", side ? side : "?", cJSON_IsNumber(lane) ? lane->valueint : -1);
}

/* The nth (0-based) aperture of arr at slot; with stop non-NULL, how many come before stop
 * (slots can repeat in a malformed file: paired by slot and place, as checks are). */
static const cJSON *aperture_find(const cJSON *arr, const char *slot, int nth, const cJSON *stop, int *rank)
{
    int n = 0;
    for (const cJSON *e = cJSON_IsArray(arr) ? arr->child : NULL; e; e = e->next) {
        if (stop && e == stop) {
            *rank = n;
            return NULL;
        }
        char *s = aperture_slot(e);
        int same = strcmp(s, slot) == 0;
        free(s);
        if (same && !stop && n == nth) return e;
        n += same;
    }
    return NULL;
}

static void diff_apertures(diff_item *it, const cJSON *a, const cJSON *b)
{
    for (int pass = 0; pass < 2; pass++)
        for (const cJSON *e = cJSON_IsArray(pass ? b : a) ? (pass ? b : a)->child : NULL; e; e = e->next) {
            char *slot = aperture_slot(e);
            int rank = 0;
            aperture_find(pass ? b : a, slot, 0, e, &rank);
            const cJSON *o = aperture_find(pass ? a : b, slot, rank, NULL, NULL);
            if (!(pass && o)) {
                char *field = dupf("apertures[%s]", slot);
                const cJSON *va = pass ? NULL : e, *vb = pass ? e : o;
                if (!(va && vb && json_equal(va, vb))) {
                    char *x = compact(va), *y = compact(vb);
                    add_change(it, field, x, y, dupf("%s", !va ? "opened" : !vb ? "closed" : "changed"));
                }
                free(field);
            }
            free(slot);
        }
}

static void diff_level(diff_result *r, level_pair *p)
{
    int in_old = p->level[0] || p->evidence[0], in_new = p->level[1] || p->evidence[1];
    diff_item *it = new_item(r, "level", p->id, in_old && in_new ? DIFF_CHANGED : in_old ? DIFF_REMOVED : DIFF_ADDED);
    if (!in_old || !in_new) {
        const char *h = p->hash[in_new];
        if (h[0]) add_change(it, "canonicalHash", in_old ? dup0(h) : NULL, in_new ? dup0(h) : NULL, NULL);
        return;
    }
    if (p->level[0] && p->level[1]) {
        int before = it->nchanges;
        for (const char *const *k = BOARD_KEYS; *k; k++) {
            const cJSON *a = cJSON_GetObjectItemCaseSensitive(p->level[0], *k);
            const cJSON *b = cJSON_GetObjectItemCaseSensitive(p->level[1], *k);
            if (strcmp(*k, "walls") == 0) diff_walls(it, a, b);
            else if (strcmp(*k, "apertures") == 0) diff_apertures(it, a, b);
            else diff_values(it, *k, a, b, NULL);
        }
        it->board = it->nchanges > before;
    } else {
        const cJSON *a = cJSON_GetObjectItemCaseSensitive(p->evidence[0], "boardEncoding");
        const cJSON *b = cJSON_GetObjectItemCaseSensitive(p->evidence[1], "boardEncoding");
        int before = it->nchanges;
        diff_values(it, "boardEncoding", a, b, NULL);
        it->board = it->nchanges > before;
    }
    if (p->hash[0][0] && p->hash[1][0]) {
        if (strcmp(p->hash[0], p->hash[1]) != 0)
            add_change(it, "canonicalHash", dup0(p->hash[0]), dup0(p->hash[1]), dup0("a different board"));
        else if (it->board)
            add_change(it, "canonicalHash", dup0(p->hash[0]), dup0(p->hash[1]),
                       dup0("same board: a rotation, canonical identity unchanged"));
    }
    int before = it->nchanges;
    if (p->level[0] && p->level[1]) {
        static const char *const skip[] = {"format", "id", "rows", "cols", "initialPhase", "walls", "apertures", "arrows", NULL};
        diff_values(it, "", p->level[0], p->level[1], skip);
    }
    if (p->evidence[0] && p->evidence[1]) {
        static const char *const skip[] = {"format", "id", "boardEncoding", "canonicalHash", "choicePoints", NULL};
        diff_values(it, "", p->evidence[0], p->evidence[1], skip);
        /* the choice-point profile: how many legal releases each step of the solution has */
        char prof[2][512];
        for (int s = 0; s < 2; s++) {
            prof[s][0] = '\0';
            const cJSON *cp = cJSON_GetObjectItemCaseSensitive(p->evidence[s], "choicePoints");
            for (const cJSON *c = cJSON_IsArray(cp) ? cp->child : NULL; c; c = c->next) {
                const cJSON *n = cJSON_GetObjectItemCaseSensitive(c, "count");
                snprintf(prof[s] + strlen(prof[s]), 512 - strlen(prof[s]), "%s%d", prof[s][0] ? "," : "",
                         cJSON_IsNumber(n) ? n->valueint : -1);
            }
        }
        if (strcmp(prof[0], prof[1]) != 0)
            add_change(it, "choice-point profile", dup0(prof[0]), dup0(prof[1]), dup0("legal releases per solution step"));
        else if (!json_equal(cJSON_GetObjectItemCaseSensitive(p->evidence[0], "choicePoints"),
                             cJSON_GetObjectItemCaseSensitive(p->evidence[1], "choicePoints")))
            add_change(it, "choicePoints", NULL, NULL, dup0("same profile, other arrows to choose from"));
    }
    it->evidence = it->nchanges > before;
    if (p->pos[0] && p->pos[1] && p->pos[0] != p->pos[1]) {
        add_change(it, "campaign position", dupf("%d", p->pos[0]), dupf("%d", p->pos[1]), dup0("moved"));
        it->moved = 1;
    } else if (!p->pos[0] != !p->pos[1]) {
        add_change(it, "campaign position", p->pos[0] ? dupf("%d", p->pos[0]) : NULL,
                   p->pos[1] ? dupf("%d", p->pos[1]) : NULL, dup0(p->pos[0] ? "left the campaign" : "joined the campaign"));
        it->moved = 1;
    }
}

/* A level removed under one id and added under another with the same canonical hash was
 * renamed: the new id's pair takes the old side, and the old id's pair is left empty (and
 * skipped). The old id is still the old documents' "id". */
static void pair_renames(level_set *s)
{
    for (int i = 0; i < s->n; i++) {
        level_pair *gone = &s->v[i];
        if (!(gone->level[0] || gone->evidence[0]) || gone->level[1] || gone->evidence[1] || !gone->hash[0][0]) continue;
        for (int j = 0; j < s->n; j++) {
            level_pair *born = &s->v[j];
            if (born->level[0] || born->evidence[0] || !(born->level[1] || born->evidence[1])) continue;
            if (strcmp(born->hash[1], gone->hash[0]) != 0) continue;
            born->level[0] = gone->level[0];
            born->evidence[0] = gone->evidence[0];
            born->pos[0] = gone->pos[0];
            memcpy(born->hash[0], gone->hash[0], 17);
            gone->level[0] = gone->evidence[0] = NULL;
            break;
        }
    }
}

static const char *doc_id(const cJSON *a, const cJSON *b)
{
    const char *id = a ? string_of(a, "id") : NULL;
    return id ? id : b ? string_of(b, "id") : NULL;
}

/* force_id (two single files): both sides are one level, whatever their ids. */
static void collect_levels(const diff_tree *t, int side, const char *force_id, level_set *s)
{
    for (int i = 0; i < t->count; i++) {
        const char *f = format_of(t->files[i].doc), *id = force_id ? force_id : string_of(t->files[i].doc, "id");
        if (!id) continue;
        if (strcmp(f, LEVEL_FORMAT) == 0) level_get(s, id)->level[side] = t->files[i].doc;
        else if (strcmp(f, EVIDENCE_FORMAT) == 0) level_get(s, id)->evidence[side] = t->files[i].doc;
    }
    for (int i = 0; i < t->count; i++) {
        if (strcmp(format_of(t->files[i].doc), INDEX_FORMAT) != 0) continue;
        const cJSON *levels = cJSON_GetObjectItemCaseSensitive(t->files[i].doc, "levels");
        int pos = 0;
        for (const cJSON *e = cJSON_IsArray(levels) ? levels->child : NULL; e; e = e->next) {
            const char *id = string_of(e, "id");
            pos++;
            for (int k = 0; id && k < s->n; k++)
                if (strcmp(s->v[k].id, id) == 0) s->v[k].pos[side] = pos;
        }
    }
}

static int cmp_level_pairs(const void *a, const void *b)
{
    const level_pair *x = a, *y = b;
    int px = x->pos[1] ? x->pos[1] : x->pos[0] ? x->pos[0] : 1 << 20;
    int py = y->pos[1] ? y->pos[1] : y->pos[0] ? y->pos[0] : 1 << 20;
    return px != py ? (px < py ? -1 : 1) : strcmp(x->id, y->id);
}

static void compare_levels(const diff_tree *o, const diff_tree *n, int single_files, diff_result *r)
{
    level_set s = {0};
    const char *force = single_files ? string_of(n->files[0].doc, "id") : NULL;
    collect_levels(o, 0, force, &s);
    collect_levels(n, 1, force, &s);
    for (int i = 0; i < s.n; i++) level_hash(&s.v[i], 0), level_hash(&s.v[i], 1);
    r->has_levels = s.n > 0;
    pair_renames(&s);
    if (s.n) /* qsort of NULL is undefined, even for none */
        qsort(s.v, (size_t)s.n, sizeof *s.v, cmp_level_pairs);
    for (int i = 0; i < s.n; i++) {
        level_pair *p = &s.v[i];
        if (!(p->level[0] || p->evidence[0] || p->level[1] || p->evidence[1])) continue; /* merged */
        int before = r->nitems;
        diff_level(r, p);
        diff_item *it = &r->items[before];
        for (int side = 0; side < 2; side++) it->docs[side][0] = p->level[side], it->docs[side][1] = p->evidence[side];
        const char *was = doc_id(p->level[0], p->evidence[0]);
        if (was && strcmp(was, p->id) != 0) {
            it->status = DIFF_RENAMED;
            it->renamed_from = dup0(was);
            add_change(it, "id", dup0(was), dup0(p->id), dup0(it->board ? "renamed" : "renamed: the same board"));
        }
        if (it->status == DIFF_CHANGED && !it->nchanges) {
            free(it->id);
            r->nitems--;
        }
    }
    free(s.v);
}

/* ---------------------------------------------------------------- other files */

static int is_level_file(const cJSON *doc)
{
    const char *f = format_of(doc);
    return strcmp(f, LEVEL_FORMAT) == 0 || strcmp(f, EVIDENCE_FORMAT) == 0;
}

static void compare_file(diff_result *r, const char *path, const cJSON *a, const cJSON *b)
{
    const char *f = format_of(a ? a : b);
    if (a && b) diff_checks(r, path, a, b);
    if (starts(f, ROUNDS_PREFIX)) r->has_rounds = 1;
    if (!a || !b) {
        diff_item *it = new_item(r, "file", path, a ? DIFF_REMOVED : DIFF_ADDED);
        add_change(it, "format", a ? dup0(f) : NULL, b ? dup0(f) : NULL, NULL);
        return;
    }
    if (starts(f, ROUNDS_PREFIX) && starts(format_of(b), ROUNDS_PREFIX)) {
        /* Odd Shape: one item per round whose fields changed, then the file's own fields */
        const cJSON *ra = cJSON_GetObjectItemCaseSensitive(a, "rounds"), *rb = cJSON_GetObjectItemCaseSensitive(b, "rounds");
        int na = cJSON_GetArraySize(ra), nb = cJSON_GetArraySize(rb);
        for (int i = 0; i < (na > nb ? na : nb); i++) {
            const cJSON *x = cJSON_GetArrayItem(ra, i), *y = cJSON_GetArrayItem(rb, i);
            if (x && y && json_equal(x, y)) continue;
            char *id = dupf("%s round %d", path, i + 1);
            diff_item *it = new_item(r, "round", id, !x ? DIFF_ADDED : !y ? DIFF_REMOVED : DIFF_CHANGED);
            free(id);
            diff_values(it, "", x, y, NULL);
        }
        static const char *const skip[] = {"rounds", NULL};
        diff_item *it = new_item(r, "file", path, DIFF_CHANGED);
        diff_values(it, "", a, b, skip);
        if (!it->nchanges) free(it->id), r->nitems--;
        return;
    }
    static const char *const skip_levels[] = {"checks", "levels", NULL};
    static const char *const skip_report[] = {"checks", NULL};
    diff_item *it = new_item(r, "file", path, DIFF_CHANGED);
    /* the campaign index's order and the campaign report's per-level lines are reported
     * once, on the level items (position, evidence) */
    int per_level = starts(f, CAMPAIGN_REPORT_PREFIX) || strcmp(f, INDEX_FORMAT) == 0;
    diff_values(it, "", a, b, per_level ? skip_levels : skip_report);
    if (!it->nchanges) free(it->id), r->nitems--;
}

static int find_path(const diff_tree *t, const char *path)
{
    for (int i = 0; i < t->count; i++)
        if (strcmp(t->files[i].path, path) == 0) return i;
    return -1;
}

int diff_compare(const diff_tree *o, const diff_tree *n, int single_files, diff_result *r, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    if (single_files) {
        const char *fa = format_of(o->files[0].doc), *fb = format_of(n->files[0].doc);
        if (strcmp(fa, fb) != 0) {
            snprintf(err, errlen, "the two files are of different kinds: \"%.60s\" and \"%.60s\"", fa, fb);
            return -1;
        }
    }
    compare_levels(o, n, single_files, r);
    for (int side = 0; side < 2; side++) {
        const diff_tree *t = side ? n : o, *u = side ? o : n;
        for (int i = 0; i < t->count; i++) {
            if (is_level_file(t->files[i].doc)) continue;
            int j = single_files ? 0 : find_path(u, t->files[i].path);
            if (side && j >= 0) continue; /* already compared from the old side */
            const cJSON *a = side ? (j >= 0 ? u->files[j].doc : NULL) : t->files[i].doc;
            const cJSON *b = side ? t->files[i].doc : (j >= 0 ? u->files[j].doc : NULL);
            compare_file(r, t->files[i].path, a, b);
        }
    }
    return 0;
}

void diff_result_free(diff_result *r)
{
    for (int i = 0; i < r->nitems; i++) {
        diff_item *it = &r->items[i];
        for (int k = 0; k < it->nchanges; k++) {
            free(it->changes[k].field), free(it->changes[k].old_v);
            free(it->changes[k].new_v), free(it->changes[k].note);
        }
        free(it->changes), free(it->id), free(it->renamed_from);
    }
    for (int i = 0; i < r->nflips; i++) free(r->flips[i].file), free(r->flips[i].name);
    free(r->items), free(r->flips);
    memset(r, 0, sizeof *r);
}

int diff_any(const diff_result *r) { return r->nitems > 0 || r->nflips > 0; }

void diff_summary(const diff_result *r, char *buf, size_t n)
{
    if (!diff_any(r)) {
        snprintf(buf, n, "no changes");
        return;
    }
    int levels = 0, boards = 0, evidence = 0, moved = 0, added = 0, removed = 0, renamed = 0, rounds = 0, files = 0;
    for (int i = 0; i < r->nitems; i++) {
        const diff_item *it = &r->items[i];
        if (strcmp(it->kind, "level") == 0) {
            levels++;
            if (it->status == DIFF_ADDED) added++;
            else if (it->status == DIFF_REMOVED) removed++;
            else if (it->board) boards++;
            else if (it->evidence) evidence++;
            else if (it->moved) moved++;
            if (it->status == DIFF_RENAMED) renamed++;
        } else if (strcmp(it->kind, "round") == 0) {
            rounds++;
        } else {
            files++;
        }
    }
    size_t len = 0;
#define PUT(...) (len += (size_t)snprintf(buf + (len < n ? len : n), len < n ? n - len : 0, __VA_ARGS__))
    if (r->has_levels || levels) {
        PUT("%d level%s changed (%d board%s, %d evidence only", levels, levels == 1 ? "" : "s", boards,
            boards == 1 ? "" : "s", evidence);
        if (moved) PUT(", %d moved only", moved);
        if (added) PUT(", %d added", added);
        if (removed) PUT(", %d removed", removed);
        if (renamed) PUT(", %d renamed", renamed);
        PUT("), ");
    }
    if (r->has_rounds || rounds) PUT("%d round%s changed, ", rounds, rounds == 1 ? "" : "s");
    if (files) PUT("%d other file%s changed, ", files, files == 1 ? "" : "s");
    PUT("%d check%s flipped", r->nflips, r->nflips == 1 ? "" : "s");
#undef PUT
}
