/* solver diff --format html: the diff's items as a page, each changed Compass level drawn
 * before and after side by side with the changed arrows, walls and apertures ringed. */
#include "html_evidence.h"

#include <stdlib.h>
#include <string.h>

#include "compass/compass_json.h"
#include "html_page.h"

static const char *const STATUS[] = {"changed", "added", "removed", "renamed"};

static const char *pass_word(int v) { return v < 0 ? "absent" : v ? "pass" : "fail"; }

/* What differs between the two boards, marked on each side. */
static void board_marks(const compass_level *o, const compass_level *n, html_marks *mo, html_marks *mn)
{
    memset(mo, 0, sizeof *mo);
    memset(mn, 0, sizeof *mn);
    for (int i = 0; i < n->arrow_count; i++) {
        const compass_arrow *a = &n->arrows[i];
        int j = 0;
        while (j < o->arrow_count && strcmp(o->arrows[j].id, a->id)) j++;
        if (j == o->arrow_count) {
            mn->arrow[i] = HTML_MARK_NEW;
        } else if (o->arrows[j].row != a->row || o->arrows[j].col != a->col || o->arrows[j].dir != a->dir) {
            mn->arrow[i] = HTML_MARK_NEW;
            mo->arrow[j] = HTML_MARK_OLD;
        }
    }
    for (int j = 0; j < o->arrow_count; j++) {
        int i = 0;
        while (i < n->arrow_count && strcmp(n->arrows[i].id, o->arrows[j].id)) i++;
        if (i == n->arrow_count) mo->arrow[j] = HTML_MARK_OLD;
    }
    for (int r = 0; r < COMPASS_MAX_SIDE; r++)
        for (int c = 0; c < COMPASS_MAX_SIDE; c++) {
            int wo = r < o->rows && c < o->cols && o->wall[r][c];
            int wn = r < n->rows && c < n->cols && n->wall[r][c];
            if (wo == wn) continue;
            if (r < o->rows && c < o->cols) mo->wall[r][c] = HTML_MARK_OLD;
            if (r < n->rows && c < n->cols) mn->wall[r][c] = HTML_MARK_NEW;
        }
    for (int side = 0; side < 4; side++)
        for (int lane = 0; lane < COMPASS_MAX_SIDE; lane++) {
            int lo = side == COMPASS_N || side == COMPASS_S ? o->cols : o->rows;
            int ln = side == COMPASS_N || side == COMPASS_S ? n->cols : n->rows;
            int ko = lane < lo ? compass_aperture_at(o, (compass_dir)side, lane) : -1;
            int kn = lane < ln ? compass_aperture_at(n, (compass_dir)side, lane) : -1;
            int same = ko < 0 && kn < 0;
            if (ko >= 0 && kn >= 0)
                same = o->apertures[ko].kind == n->apertures[kn].kind &&
                       o->apertures[ko].phase_mask == n->apertures[kn].phase_mask;
            if (same) continue;
            if (lane < lo) mo->aperture[side][lane] = HTML_MARK_OLD;
            if (lane < ln) mn->aperture[side][lane] = HTML_MARK_NEW;
        }
}

/* 1 when doc is a level that loads; err says why not (empty when there is no doc). */
static int parse_level(const cJSON *doc, compass_level *l, char *err, size_t errlen)
{
    err[0] = '\0';
    if (!doc || compass_level_from_json(doc, "", l, err, errlen) == 0) return doc != NULL;
    if (!strncmp(err, ": ", 2)) memmove(err, err + 2, strlen(err + 2) + 1); /* no file name to start it */
    return 0;
}

static void change_table(cli_text *t, const diff_item *it)
{
    if (!it->nchanges) return;
    cli_put(t, "<table class=\"changes\"><colgroup><col style=\"width:30%%\"><col style=\"width:22%%\">"
                "<col style=\"width:22%%\"><col style=\"width:26%%\"></colgroup>"
                "<thead><tr><th>field</th><th>old</th><th>new</th><th>note</th></tr></thead><tbody>\n");
    for (int k = 0; k < it->nchanges; k++) {
        const diff_change *c = &it->changes[k];
        cli_put(t, "<tr data-field=\"");
        html_esc(t, c->field);
        cli_put(t, "\"><td><code>");
        html_esc(t, c->field);
        cli_put(t, "</code></td><td class=\"o\"><code>");
        html_esc(t, c->old_v ? c->old_v : "");
        cli_put(t, "</code></td><td class=\"n\"><code>");
        html_esc(t, c->new_v ? c->new_v : "");
        cli_put(t, "</code></td><td>");
        html_esc(t, c->note ? c->note : "");
        cli_put(t, "</td></tr>\n");
    }
    cli_put(t, "</tbody></table>\n");
}

static void figure(cli_text *t, const char *cls, const char *caption, const compass_level *l, const char *side,
                   const html_marks *m)
{
    cli_put(t, "<figure><figcaption class=\"%s\">%s &middot; phase %d</figcaption>", cls, caption,
             l->initial_phase);
    html_board(t, l, side, m);
    cli_put(t, "</figure>\n");
}

static void level_item(cli_text *t, const diff_item *it)
{
    compass_level *lv = malloc(2 * sizeof *lv);
    if (!lv) abort();
    char why[2][256];
    int has[2] = {parse_level(it->docs[0][0], &lv[0], why[0], sizeof why[0]),
                  parse_level(it->docs[1][0], &lv[1], why[1], sizeof why[1])};
    const cJSON *ev = it->docs[1][1] ? it->docs[1][1] : it->docs[0][1];
    int tier = has[1] ? lv[1].tier : has[0] ? lv[0].tier : 0;
    cli_put(t, "<article class=\"card diffcard tier%d\" id=\"", tier);
    html_esc(t, it->id);
    cli_put(t, "\" data-kind=\"level\" data-status=\"%s\" data-board=\"%s\" data-moved=\"%s\"", STATUS[it->status],
             it->board ? "true" : "false", it->moved ? "true" : "false");
    if (it->renamed_from) {
        cli_put(t, " data-renamed-from=\"");
        html_esc(t, it->renamed_from);
        cli_put(t, "\"");
    }
    for (int side = 0; side < 2; side++)
        if (why[side][0]) cli_put(t, " data-invalid-%s=\"true\"", side ? "new" : "old");
    if (ev) html_evidence_attrs(t, ev, "");
    if (it->docs[0][1] && it->docs[1][1]) html_evidence_attrs(t, it->docs[0][1], "old-");
    cli_put(t, ">\n<header><h3>");
    html_esc(t, it->id);
    cli_put(t, "</h3><span class=\"status %s\">", STATUS[it->status]);
    if (it->status == DIFF_RENAMED) {
        cli_put(t, "renamed from ");
        html_esc(t, it->renamed_from);
    } else {
        cli_put(t, "%s", STATUS[it->status]);
    }
    cli_put(t, "</span></header>\n<p class=\"kind\">%s</p>\n",
             it->board ? "board changed" : it->evidence ? "evidence only" : it->moved ? "moved in the campaign order"
             : it->status == DIFF_ADDED ? "new level" : it->status == DIFF_REMOVED ? "level gone" : "id only");
    for (int side = 0; side < 2; side++)
        if (why[side][0]) {
            cli_put(t, "<p class=\"empty\">The %s level file does not load, so it is not drawn: ", side ? "new" : "old");
            html_esc(t, why[side]);
            cli_put(t, "</p>\n");
        }
    if (has[0] || has[1]) {
        html_marks *m = calloc(2, sizeof *m);
        if (!m) abort();
        if (has[0] && has[1] && it->board) board_marks(&lv[0], &lv[1], &m[0], &m[1]);
        cli_put(t, "<div class=\"pair%s\">\n", has[0] && has[1] && it->board ? "" : " one");
        if (has[0] && has[1] && !it->board) {
            /* the same board on both sides: drawn once */
            figure(t, "same", "board, unchanged", &lv[1], "new", NULL);
        } else {
            if (has[0]) figure(t, "was", "before", &lv[0], "old", has[1] ? &m[0] : NULL);
            if (has[1]) figure(t, "now", "after", &lv[1], "new", has[0] ? &m[1] : NULL);
        }
        cli_put(t, "</div>\n");
        free(m);
    } else if (!it->docs[0][0] && !it->docs[1][0]) {
        cli_put(t, "<p class=\"empty\">No level file on either side (evidence only): no board to draw.</p>\n");
    }
    change_table(t, it);
    cli_put(t, "</article>\n");
    free(lv);
}

static void other_item(cli_text *t, const diff_item *it)
{
    cli_put(t, "<article class=\"card diffcard\" data-kind=\"%s\" data-status=\"%s\" data-item=\"", it->kind,
             STATUS[it->status]);
    html_esc(t, it->id);
    cli_put(t, "\">\n<header><h3>%s ", it->kind);
    html_esc(t, it->id);
    cli_put(t, "</h3><span class=\"status %s\">%s</span></header>\n", STATUS[it->status], STATUS[it->status]);
    change_table(t, it);
    cli_put(t, "</article>\n");
}

/* Level ids present in a tree but not among the items: unchanged. */
static int listed(const diff_result *r, const char *id)
{
    for (int i = 0; i < r->nitems; i++)
        if (!strcmp(r->items[i].kind, "level") &&
            (!strcmp(r->items[i].id, id) || (r->items[i].renamed_from && !strcmp(r->items[i].renamed_from, id))))
            return 1;
    return 0;
}

static void unchanged_levels(cli_text *t, const diff_result *r, const diff_tree *n)
{
    cli_text ids = {0};
    int count = 0;
    for (int i = 0; i < n->count; i++) {
        const char *f = html_str(n->files[i].doc, "format", ""), *id = html_str(n->files[i].doc, "id", NULL);
        if (!id || (strcmp(f, COMPASS_LEVEL_FORMAT) && strcmp(f, "compass-shift-evidence/1")) || listed(r, id))
            continue;
        int seen = 0; /* a level's file and its evidence name it twice */
        for (int j = 0; j < i && !seen; j++) {
            const char *g = html_str(n->files[j].doc, "format", ""), *jd = html_str(n->files[j].doc, "id", NULL);
            seen = jd && !strcmp(jd, id) && (!strcmp(g, COMPASS_LEVEL_FORMAT) || !strcmp(g, "compass-shift-evidence/1"));
        }
        if (seen) continue;
        cli_put(&ids, "%s", count++ ? ", " : "");
        html_esc(&ids, id);
    }
    if (count)
        cli_put(t, "<details class=\"panel unchanged\" id=\"unchanged\" data-count=\"%d\"><summary>%d level%s "
                    "unchanged</summary><p>%s</p></details>\n", count, count, count == 1 ? "" : "s", ids.s);
    free(ids.s);
}

char *diff_format_html(const diff_result *r, const diff_tree *o, const diff_tree *n)
{
    (void)o;
    cli_text t = {0};
    char sum[512];
    diff_summary(r, sum, sizeof sum);
    html_begin(&t, "solver diff");
    cli_put(&t, "<h1>What changed</h1>\n<p class=\"sub\" id=\"summary\" data-changed=\"%s\" data-items=\"%d\" "
                 "data-flips=\"%d\">", diff_any(r) ? "true" : "false", r->nitems, r->nflips);
    html_esc(&t, sum);
    cli_put(&t, "</p>\n");
    int boards = 0;
    for (int i = 0; i < r->nitems; i++) boards += !strcmp(r->items[i].kind, "level") && r->items[i].board;
    if (r->nflips) {
        cli_put(&t, "<h2>Checks flipped</h2>\n<div class=\"panel\"><ul class=\"checks\">\n");
        for (int i = 0; i < r->nflips; i++) {
            const diff_flip *f = &r->flips[i];
            cli_put(&t, "<li data-check=\"");
            html_esc(&t, f->name);
            cli_put(&t, "\" data-old=\"%s\" data-new=\"%s\"><span class=\"badge %s\">%s</span><span class=\"what\">"
                         "<span class=\"name\">", pass_word(f->old_pass), pass_word(f->new_pass),
                     f->new_pass == 1 ? "pass" : "fail", pass_word(f->new_pass));
            html_esc(&t, f->name);
            cli_put(&t, "</span><span class=\"detail\">");
            html_esc(&t, f->file);
            cli_put(&t, ": %s &rarr; %s</span></span></li>\n", pass_word(f->old_pass), pass_word(f->new_pass));
        }
        cli_put(&t, "</ul></div>\n");
    }
    int levels = 0;
    for (int i = 0; i < r->nitems; i++) levels += !strcmp(r->items[i].kind, "level");
    if (levels || r->has_levels) {
        cli_put(&t, "<h2>Levels</h2>\n");
        if (boards) html_board_legend(&t);
        if (boards)
            cli_put(&t, "<p class=\"legend\"><span>rings: <b style=\"color:var(--old)\">red</b> what the old board "
                         "had, <b style=\"color:var(--new)\">green</b> what the new board has</span></p>\n");
        for (int i = 0; i < r->nitems; i++)
            if (!strcmp(r->items[i].kind, "level")) level_item(&t, &r->items[i]);
        unchanged_levels(&t, r, n);
    }
    if (r->nitems > levels) {
        cli_put(&t, "<h2>Other files</h2>\n");
        for (int i = 0; i < r->nitems; i++)
            if (strcmp(r->items[i].kind, "level")) other_item(&t, &r->items[i]);
    }
    if (!diff_any(r)) cli_put(&t, "<p class=\"empty\">The two trees hold the same content.</p>\n");
    html_end(&t);
    return t.s;
}
