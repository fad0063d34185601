/* Memory5D tutorial lessons: the strict reader and the replay check through the core. */
#include "memory5d_lesson.h"

#include <dirent.h>
#include <errno.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonio.h"
#include "memory5d_config.h"
#include "memory5d_json.h"
#include "memory5d_powers.h"
#include "memory5d_rules.h"

static const char FAMILY_LETTERS[] = "QCTSHD"; /* sQuare, Circle, Triangle, Star, Hexagon, Diamond */
static const char HUE_LETTERS[] = "rgboyp";

static const char *const lesson_keys[] = {"format", "id", "title", "intro", "done", "difficulty",
                                          "mode", "loadout", "grid", "steps", "goal", NULL};
static const char *const step_keys[] = {"player", "select", "link", "cancel", "arm", "disarm",
                                        "expect", "prompt", NULL};
static const char *const goal_keys[] = {"event", "player", "flags", "reason", NULL};
const char *const memory5d_lesson_flag_names[MEMORY5D_LESSON_FLAGS] = {"block", "fork", "line",
                                                                      "doubled", "wildcard"};

/* "C4" -> the cell index on an n x n board, or -1. */
static int parse_coord(const char *s, int n)
{
    if (!s || s[0] < 'A' || s[0] >= 'A' + n || s[1] < '1' || s[1] > '9')
        return -1;
    int row = s[1] - '0';
    if (s[2] >= '0' && s[2] <= '9')
        row = row * 10 + s[2] - '0';
    if (s[2] && (s[2] < '0' || s[2] > '9' || s[3]))
        return -1;
    return row <= n ? (row - 1) * n + (s[0] - 'A') : -1;
}

/* One grid token: family letter, variant digit, hue letter, optional "+A" or "+B". */
static int parse_token(const memory5d_config *cfg, const char *t, size_t len, memory5d_cell *c)
{
    const char *f = len >= 3 && t[0] ? strchr(FAMILY_LETTERS, t[0]) : NULL;
    const char *h = len >= 3 && t[2] ? strchr(HUE_LETTERS, t[2]) : NULL;
    if (!f || !h || t[1] < '0' || t[1] - '0' >= cfg->variant_count[f - FAMILY_LETTERS])
        return -1;
    c->family = (int8_t)(f - FAMILY_LETTERS);
    c->variant = (int8_t)(t[1] - '0');
    c->hue = (int8_t)(h - HUE_LETTERS);
    c->owner = MEMORY5D_UNCLAIMED;
    if (len == 5 && t[3] == '+' && (t[4] == 'A' || t[4] == 'B'))
        c->owner = (int8_t)(t[4] - 'A');
    else if (len != 3)
        return -1;
    return 0;
}

static int read_grid(const memory5d_config *cfg, const cJSON *doc, int n, memory5d_board *b,
                     char *err, size_t errlen)
{
    const cJSON *rows;
    if (jsonio_array(doc, "grid", "", 1, n, n, &rows, err, errlen))
        return -1;
    memset(b, 0, sizeof *b);
    b->size = n;
    int r = 0, fam_seen = 0, hue_seen = 0;
    for (const cJSON *row = rows->child; row; row = row->next, r++) {
        if (!cJSON_IsString(row)) {
            snprintf(err, errlen, "grid[%d]: expected a string of %d cells", r, n);
            return -1;
        }
        const char *p = row->valuestring;
        for (int c = 0; c < n; c++) {
            while (*p == ' ')
                p++;
            size_t len = strcspn(p, " ");
            memory5d_cell *cell = &b->cells[r * n + c];
            if (len == 0 || parse_token(cfg, p, len, cell) != 0) {
                snprintf(err, errlen, "grid[%d]: cell %d: expected a token such as \"S0r\" or "
                         "\"Q2g+A\" (family QCTSHD, variant, hue rgboyp, owner), got \"%.*s\"",
                         r, c + 1, (int)(len < 12 ? len : 12), p);
                return -1;
            }
            fam_seen |= 1 << cell->family;
            hue_seen |= 1 << cell->hue;
            p += len;
        }
        while (*p == ' ')
            p++;
        if (*p) {
            snprintf(err, errlen, "grid[%d]: more than %d cells", r, n);
            return -1;
        }
    }
    /* The palette (what a reweave draws from) is what the lesson shows. */
    for (int k = 0; k < MEMORY5D_FAMILIES; k++)
        if (fam_seen & (1 << k))
            b->families[b->family_count++] = (int8_t)k;
    for (int k = 0; k < MEMORY5D_HUES; k++)
        if (hue_seen & (1 << k))
            b->hues[b->hue_count++] = (int8_t)k;
    return 0;
}

static int read_cell(const cJSON *v, const char *where, const char *key, int n, int *out,
                     char *err, size_t errlen)
{
    int cell = cJSON_IsString(v) ? parse_coord(v->valuestring, n) : -1;
    if (cell < 0) {
        char got[64];
        jsonio_describe(v, got, sizeof got);
        snprintf(err, errlen, "%s.%s: expected a cell such as \"C4\" on the %dx%d board, got %s",
                 where, key, n, n, got);
        return -1;
    }
    *out = cell;
    return 0;
}

/* "anchor", "link", ... or "refused:claimed", ... */
static int read_expect(const cJSON *o, const char *where, memory5d_lesson_step *s, char *err,
                       size_t errlen)
{
    const char *e;
    if (jsonio_string(o, "expect", where, 1, 64, &e, err, errlen))
        return -1;
    s->expect_event = s->expect_refusal = -1;
    if (strncmp(e, "refused:", 8) == 0)
        s->expect_refusal = memory5d_name_index(memory5d_reason_names, MEMORY5D_R_KINDS, e + 8);
    else
        s->expect_event = memory5d_name_index(memory5d_event_names, MEMORY5D_EV_KINDS, e);
    if (s->expect_event < 0 && s->expect_refusal <= 0) {
        snprintf(err, errlen, "%s.expect: expected an event name or \"refused:REASON\", got "
                 "\"%.40s\"", where, e);
        return -1;
    }
    return 0;
}

static int read_step(const cJSON *o, const char *where, int n, memory5d_lesson_step *s, char *err,
                     size_t errlen)
{
    const char *prompt = "";
    const cJSON *sel = cJSON_GetObjectItemCaseSensitive(o, "select");
    const cJSON *link = cJSON_GetObjectItemCaseSensitive(o, "link");
    const cJSON *cancel = cJSON_GetObjectItemCaseSensitive(o, "cancel");
    const cJSON *arm = cJSON_GetObjectItemCaseSensitive(o, "arm");
    const cJSON *disarm = cJSON_GetObjectItemCaseSensitive(o, "disarm");
    memset(s, 0, sizeof *s);
    s->cell = s->cell2 = MEMORY5D_NO_CELL;
    s->power = MEMORY5D_NO_POWER;
    if (jsonio_object(o, where, step_keys, err, errlen) ||
        jsonio_enum(o, "player", where, 1, memory5d_player_names, MEMORY5D_PLAYERS, &s->player,
                    err, errlen) ||
        jsonio_string(o, "prompt", where, 0, MEMORY5D_LESSON_TEXT - 1, &prompt, err, errlen) < 0)
        return -1;
    if (!!sel + !!link + !!cancel + !!arm + !!disarm != 1) {
        snprintf(err, errlen, "%s: expected exactly one of select, link, cancel, arm or disarm",
                 where);
        return -1;
    }
    if (sel) {
        s->kind = MEMORY5D_CMD_SELECT;
        if (read_cell(sel, where, "select", n, &s->cell, err, errlen))
            return -1;
    } else if (link) {
        s->kind = MEMORY5D_CMD_LINK;
        if (!cJSON_IsArray(link) || cJSON_GetArraySize(link) != 2) {
            snprintf(err, errlen, "%s.link: expected two cells", where);
            return -1;
        }
        if (read_cell(link->child, where, "link[0]", n, &s->cell, err, errlen) ||
            read_cell(link->child->next, where, "link[1]", n, &s->cell2, err, errlen))
            return -1;
    } else if (arm) {
        s->kind = MEMORY5D_CMD_ARM;
        if (jsonio_enum(o, "arm", where, 1, memory5d_power_names, MEMORY5D_POWERS, &s->power,
                        err, errlen))
            return -1;
    } else {
        s->kind = cancel ? MEMORY5D_CMD_CANCEL : MEMORY5D_CMD_DISARM;
        if (!cJSON_IsTrue(cancel ? cancel : disarm)) {
            snprintf(err, errlen, "%s.%s: expected true", where, cancel ? "cancel" : "disarm");
            return -1;
        }
    }
    snprintf(s->prompt, sizeof s->prompt, "%s", prompt);
    return read_expect(o, where, s, err, errlen);
}

static int read_goal(const cJSON *doc, memory5d_lesson *l, char *err, size_t errlen)
{
    const cJSON *g = cJSON_GetObjectItemCaseSensitive(doc, "goal");
    const cJSON *flags;
    l->goal_player = -1;
    l->goal_flags = 0;
    l->goal_reason = -1;
    if (!g) {
        snprintf(err, errlen, "goal: missing");
        return -1;
    }
    if (jsonio_object(g, "goal", goal_keys, err, errlen) ||
        jsonio_enum(g, "event", "goal", 1, memory5d_event_names, MEMORY5D_EV_KINDS, &l->goal_event,
                    err, errlen) ||
        jsonio_enum(g, "player", "goal", 0, memory5d_player_names, MEMORY5D_PLAYERS,
                    &l->goal_player, err, errlen) < 0 ||
        jsonio_enum(g, "reason", "goal", 0, memory5d_reason_names, MEMORY5D_R_KINDS,
                    &l->goal_reason, err, errlen) < 0 ||
        jsonio_array(g, "flags", "goal", 0, 1, 5, &flags, err, errlen) < 0)
        return -1;
    if (cJSON_GetObjectItemCaseSensitive(g, "flags")) {
        int i = 0;
        for (const cJSON *f = flags->child; f; f = f->next, i++) {
            int k = cJSON_IsString(f) ? memory5d_name_index(memory5d_lesson_flag_names,
                                                            MEMORY5D_LESSON_FLAGS, f->valuestring)
                                      : -1;
            if (k < 0) {
                snprintf(err, errlen, "goal.flags[%d]: expected block, fork, line, doubled or "
                         "wildcard", i);
                return -1;
            }
            l->goal_flags |= 1 << k; /* MEMORY5D_LINK_BLOCK, _FORK, _LINE, _DOUBLED, _WILDCARD */
        }
    }
    return 0;
}

/* "mode" (classic by default) and an Arcade lesson's "loadout", within the config's caps. */
static int read_mode(const memory5d_config *cfg, const cJSON *doc, memory5d_lesson *l, char *err,
                     size_t errlen)
{
    const cJSON *lo = cJSON_GetObjectItemCaseSensitive(doc, "loadout");
    l->mode = MEMORY5D_CLASSIC;
    if (jsonio_enum(doc, "mode", "", 0, memory5d_mode_names, 2, &l->mode, err, errlen) < 0)
        return -1;
    if (!lo)
        return 0;
    if (l->mode != MEMORY5D_ARCADE) {
        snprintf(err, errlen, "loadout: only an Arcade lesson (\"mode\": \"arcade\") carries "
                 "powers");
        return -1;
    }
    if (memory5d_loadouts_from_json(lo, "loadout", 0, l->loadout, err, errlen))
        return -1;
    for (int p = 0; p < MEMORY5D_PLAYERS; p++) {
        char inner[160];
        if (memory5d_loadout_check(cfg, l->loadout[p], inner, sizeof inner)) {
            snprintf(err, errlen, "loadout.%s: %s", memory5d_player_names[p], inner);
            return -1;
        }
    }
    return 0;
}

static int read_text(const cJSON *doc, const char *key, char *out, size_t cap, char *err,
                     size_t errlen)
{
    const char *s;
    if (jsonio_string(doc, key, "", 1, cap - 1, &s, err, errlen))
        return -1;
    snprintf(out, cap, "%s", s);
    return 0;
}

int memory5d_lesson_from_json(const memory5d_config *cfg, const cJSON *doc, memory5d_lesson *out,
                              char *err, size_t errlen)
{
    static const char *const formats[] = {MEMORY5D_LESSON_FORMAT};
    static memory5d_lesson l; /* large: kept off the stack; the reader is not reentrant */
    int fmt;
    const cJSON *steps;
    memset(&l, 0, sizeof l);
    if (jsonio_object(doc, "", lesson_keys, err, errlen) ||
        jsonio_enum(doc, "format", "", 1, formats, 1, &fmt, err, errlen) ||
        read_text(doc, "id", l.id, sizeof l.id, err, errlen) ||
        read_text(doc, "title", l.title, sizeof l.title, err, errlen) ||
        read_text(doc, "intro", l.intro, sizeof l.intro, err, errlen) ||
        read_text(doc, "done", l.done, sizeof l.done, err, errlen) ||
        jsonio_enum(doc, "difficulty", "", 1, memory5d_difficulty_names, MEMORY5D_DIFFICULTIES,
                    &l.difficulty, err, errlen) ||
        read_mode(cfg, doc, &l, err, errlen))
        return -1;
    int n = cfg->presets[l.difficulty].board_size;
    if (read_grid(cfg, doc, n, &l.board, err, errlen) ||
        jsonio_array(doc, "steps", "", 1, 1, MEMORY5D_LESSON_STEPS, &steps, err, errlen))
        return -1;
    for (const cJSON *o = steps->child; o; o = o->next, l.step_count++) {
        char where[32];
        snprintf(where, sizeof where, "steps[%d]", l.step_count);
        if (read_step(o, where, n, &l.steps[l.step_count], err, errlen))
            return -1;
    }
    if (read_goal(doc, &l, err, errlen))
        return -1;
    *out = l;
    return 0;
}

int memory5d_lesson_load(const memory5d_config *cfg, const char *path, memory5d_lesson *out,
                         char *err, size_t errlen)
{
    char inner[400];
    cJSON *doc = jsonio_read_file(path, err, errlen);
    if (!doc)
        return -1;
    int rc = memory5d_lesson_from_json(cfg, doc, out, inner, sizeof inner);
    cJSON_Delete(doc);
    if (rc)
        snprintf(err, errlen, "%.200s: %s", path, inner);
    return rc;
}

static int by_name(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* The folder is listed with opendir, never glob: a user's path is a path ("Games [2025]",
 * "les[1]" and a name with a star are folder names, not patterns). */
int memory5d_lesson_list(const char *dir, char (*paths)[256], int max, char *err, size_t errlen)
{
    DIR *d = opendir(dir);
    if (!d) {
        if (errno == ENOENT)
            snprintf(err, errlen, "%.200s: no lesson files (*.json)", dir);
        else
            snprintf(err, errlen, "%.200s: cannot list the lesson folder: %s", dir, strerror(errno));
        return -1;
    }
    int count = 0, rc = 0;
    for (struct dirent *e; rc == 0 && (e = readdir(d)) != NULL;) {
        size_t n = strlen(e->d_name);
        if (e->d_name[0] == '.' || n <= 5 || strcmp(e->d_name + n - 5, ".json") != 0)
            continue;
        char path[600];
        struct stat st;
        snprintf(path, sizeof path, "%.400s/%s", dir, e->d_name);
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        if (strlen(path) >= 256)
            rc = -1, snprintf(err, errlen, "%.200s: a lesson path is too long", dir);
        else if (count++ < max)
            snprintf(paths[count - 1], 256, "%s", path);
    }
    closedir(d);
    if (rc)
        return -1;
    if (count > max) {
        snprintf(err, errlen, "%.200s: %d lessons, at most %d", dir, count, max);
        return -1;
    }
    if (count == 0) {
        snprintf(err, errlen, "%.200s: no lesson files (*.json)", dir);
        return -1;
    }
    qsort(paths, (size_t)count, sizeof *paths, by_name);
    return count;
}

int memory5d_lesson_def(const memory5d_config *cfg, const memory5d_lesson *l, memory5d_def *def,
                        char *err, size_t errlen)
{
    memory5d_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.difficulty = l->difficulty;
    setup.mode = l->mode;
    setup.kind = MEMORY5D_MATCH_TUTORIAL;
    memcpy(setup.loadout, l->loadout, sizeof setup.loadout);
    return memory5d_def_init_board(def, cfg, &setup, &l->board, err, errlen);
}

memory5d_cmd memory5d_lesson_command(const memory5d_lesson_step *s, int64_t now_ms)
{
    return (memory5d_cmd){.kind = s->kind,
                          .player = s->player,
                          .cell = s->cell,
                          .cell2 = s->cell2,
                          .power = s->power,
                          .now_ms = now_ms};
}

int memory5d_lesson_step_ok(const memory5d_lesson_step *s, int accepted,
                            const memory5d_outcome *out)
{
    if (s->expect_refusal > 0)
        return !accepted && out->refusal == s->expect_refusal;
    if (!accepted)
        return 0;
    for (int i = 0; i < out->count; i++)
        if (out->ev[i].kind == s->expect_event)
            return 1;
    return 0;
}

int memory5d_lesson_goal_reached(const memory5d_lesson *l, const memory5d_outcome *out)
{
    for (int i = 0; i < out->count; i++) {
        const memory5d_event *e = &out->ev[i];
        if (e->kind == l->goal_event && (l->goal_player < 0 || e->player == l->goal_player) &&
            (e->flags & l->goal_flags) == l->goal_flags &&
            (l->goal_reason < 0 || e->reason == l->goal_reason))
            return 1;
    }
    return 0;
}

int memory5d_lesson_check(const memory5d_config *cfg, const memory5d_lesson *l, char *err,
                          size_t errlen)
{
    memory5d_def def;
    memory5d_state st;
    memory5d_outcome out;
    char inner[300];
    if (memory5d_lesson_def(cfg, l, &def, inner, sizeof inner)) {
        snprintf(err, errlen, "%s: %s", l->id, inner);
        return -1;
    }
    memory5d_state_start(&def, &st, 0, &out);
    if (out.count) {
        snprintf(err, errlen, "%s: the board has no legal link at the start (%s)", l->id,
                 memory5d_event_names[out.ev[0].kind]);
        return -1;
    }
    /* as the player plays it: the coach's help pause holds the clock from the intro card to
     * the goal card, and every step must still go through it */
    memory5d_cmd help = {.kind = MEMORY5D_CMD_PAUSE, .player = -1, .cell = MEMORY5D_NO_CELL,
                         .cell2 = MEMORY5D_NO_CELL, .power = MEMORY5D_NO_POWER,
                         .reason = MEMORY5D_PAUSE_HELP, .now_ms = 0};
    if (memory5d_step(&def, &st, &help, &out) != 1) {
        snprintf(err, errlen, "%s: the help pause was refused (%s)", l->id,
                 memory5d_reason_names[out.refusal]);
        return -1;
    }
    int64_t full = def.cfg.presets[def.setup.difficulty].decision_ms;
    int reached = 0;
    for (int i = 0; i < l->step_count; i++) {
        const memory5d_lesson_step *s = &l->steps[i];
        memory5d_cmd c = memory5d_lesson_command(s, 1000 * (int64_t)(i + 1));
        int accepted = memory5d_step(&def, &st, &c, &out);
        if (st.status == MEMORY5D_PLAYING &&
            memory5d_clock_remaining(&def, &st, c.now_ms) != full) {
            snprintf(err, errlen, "%s: steps[%d]: the clock ran during the coach's prompt", l->id,
                     i);
            return -1;
        }
        if (!memory5d_lesson_step_ok(s, accepted, &out)) {
            snprintf(err, errlen, "%s: steps[%d] (%s %s%s%s) expected %s%s, got %s%s", l->id, i,
                     memory5d_player_names[s->player], memory5d_cmd_names[s->kind],
                     s->power >= 0 ? " " : "", s->power >= 0 ? memory5d_power_names[s->power] : "",
                     s->expect_refusal > 0 ? "refused:" : "",
                     s->expect_refusal > 0 ? memory5d_reason_names[s->expect_refusal]
                                           : memory5d_event_names[s->expect_event],
                     accepted ? "" : "refused:",
                     accepted ? (out.count ? memory5d_event_names[out.ev[0].kind] : "nothing")
                              : memory5d_reason_names[out.refusal]);
            return -1;
        }
        reached |= memory5d_lesson_goal_reached(l, &out);
    }
    if (!reached) {
        snprintf(err, errlen, "%s: no step reaches the goal (%s)", l->id,
                 memory5d_event_names[l->goal_event]);
        return -1;
    }
    return 0;
}
