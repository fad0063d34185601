/* solver diff's output: plain text, a Markdown table, and JSON (solver-diff/1). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "text.h"

static const char *const STATUS[] = {"changed", "added", "removed", "renamed"};

/* "level cs-03-reef-slalom (board)" / "file reports/mulberry32.json (added)" */
static void heading(cli_text *t, const diff_item *it)
{
    cli_put(t, "%s %s", it->kind, it->id);
    if (it->status == DIFF_RENAMED) cli_put(t, " (renamed from %s)", it->renamed_from);
    else if (it->status != DIFF_CHANGED) cli_put(t, " (%s)", STATUS[it->status]);
    if (it->board) cli_put(t, ": board changed");
    else if (!strcmp(it->kind, "level") && it->evidence) cli_put(t, ": evidence only");
}

static const char *or_absent(const char *s) { return s ? s : "(absent)"; }

static const char *pass_word(int v) { return v < 0 ? "absent" : v ? "pass" : "fail"; }

char *diff_format_text(const diff_result *r)
{
    cli_text t = {0};
    char sum[512];
    diff_summary(r, sum, sizeof sum);
    cli_put(&t, "%s\n", sum);
    for (int i = 0; i < r->nitems; i++) {
        const diff_item *it = &r->items[i];
        heading(&t, it);
        cli_put(&t, "\n");
        for (int k = 0; k < it->nchanges; k++) {
            const diff_change *c = &it->changes[k];
            cli_put(&t, "  %s", c->field);
            if (c->old_v || c->new_v) cli_put(&t, ": %s -> %s", or_absent(c->old_v), or_absent(c->new_v));
            if (c->note) cli_put(&t, "%s%s", c->old_v || c->new_v ? "  " : ": ", c->note);
            cli_put(&t, "\n");
        }
    }
    for (int i = 0; i < r->nflips; i++)
        cli_put(&t, "check %s in %s: %s -> %s\n", r->flips[i].name, r->flips[i].file, pass_word(r->flips[i].old_pass),
            pass_word(r->flips[i].new_pass));
    return t.s;
}

/* A table cell: | and line breaks would end it. */
static void cell(cli_text *t, const char *s)
{
    cli_put(t, " ");
    for (; s && *s; s++) {
        if (*s == '|') cli_put(t, "\\|");
        else if (*s == '\n') cli_put(t, " ");
        else if (*s == '`') cli_put(t, "'");
        else cli_put(t, "%c", *s);
    }
    cli_put(t, " |");
}

char *diff_format_markdown(const diff_result *r)
{
    cli_text t = {0};
    char sum[512];
    diff_summary(r, sum, sizeof sum);
    cli_put(&t, "**%s**\n", sum);
    if (r->nitems) {
        cli_put(&t, "\n| item | field | old | new | note |\n|---|---|---|---|---|\n");
        for (int i = 0; i < r->nitems; i++) {
            const diff_item *it = &r->items[i];
            cli_text h = {0};
            heading(&h, it);
            for (int k = 0; k < it->nchanges; k++) {
                const diff_change *c = &it->changes[k];
                cli_put(&t, "|");
                cell(&t, k == 0 ? h.s : "");
                cell(&t, c->field);
                cell(&t, c->old_v ? c->old_v : "");
                cell(&t, c->new_v ? c->new_v : "");
                cell(&t, c->note ? c->note : "");
                cli_put(&t, "\n");
            }
            free(h.s);
        }
    }
    if (r->nflips) {
        cli_put(&t, "\n| check | file | old | new |\n|---|---|---|---|\n");
        for (int i = 0; i < r->nflips; i++) {
            cli_put(&t, "|");
            cell(&t, r->flips[i].name);
            cell(&t, r->flips[i].file);
            cell(&t, pass_word(r->flips[i].old_pass));
            cell(&t, pass_word(r->flips[i].new_pass));
            cli_put(&t, "\n");
        }
    }
    return t.s;
}

static void add_string_or_null(cJSON *o, const char *key, const char *v)
{
    if (v) cJSON_AddStringToObject(o, key, v);
    else cJSON_AddNullToObject(o, key);
}

cJSON *diff_format_json(const diff_result *r)
{
    cJSON *doc = cJSON_CreateObject();
    char sum[512];
    diff_summary(r, sum, sizeof sum);
    cJSON_AddStringToObject(doc, "format", "solver-diff/1");
    cJSON_AddStringToObject(doc, "summary", sum);
    cJSON_AddBoolToObject(doc, "changed", diff_any(r));
    cJSON *items = cJSON_AddArrayToObject(doc, "items");
    for (int i = 0; i < r->nitems; i++) {
        const diff_item *it = &r->items[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "kind", it->kind);
        cJSON_AddStringToObject(o, "id", it->id);
        cJSON_AddStringToObject(o, "status", STATUS[it->status]);
        add_string_or_null(o, "renamedFrom", it->renamed_from);
        cJSON_AddBoolToObject(o, "board", it->board);
        cJSON_AddBoolToObject(o, "moved", it->moved);
        cJSON *changes = cJSON_AddArrayToObject(o, "changes");
        for (int k = 0; k < it->nchanges; k++) {
            cJSON *c = cJSON_CreateObject();
            cJSON_AddStringToObject(c, "field", it->changes[k].field);
            add_string_or_null(c, "old", it->changes[k].old_v);
            add_string_or_null(c, "new", it->changes[k].new_v);
            add_string_or_null(c, "note", it->changes[k].note);
            cJSON_AddItemToArray(changes, c);
        }
        cJSON_AddItemToArray(items, o);
    }
    cJSON *checks = cJSON_AddArrayToObject(doc, "checksFlipped");
    for (int i = 0; i < r->nflips; i++) {
        cJSON *c = cJSON_CreateObject();
        cJSON_AddStringToObject(c, "file", r->flips[i].file);
        cJSON_AddStringToObject(c, "name", r->flips[i].name);
        cJSON_AddStringToObject(c, "old", pass_word(r->flips[i].old_pass));
        cJSON_AddStringToObject(c, "new", pass_word(r->flips[i].new_pass));
        cJSON_AddItemToArray(checks, c);
    }
    return doc;
}
