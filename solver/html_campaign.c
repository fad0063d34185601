/* solver compass --html: the campaign report page (summary, acceptance checks, difficulty
 * curve, distributions, one card per level) and the one-level page, read back from the
 * written evidence so the page shows exactly what the JSON holds. */
#include "html_evidence.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "compass/compass_content.h"
#include "html_page.h"
#include "jsonio.h"

#define CAMPAIGN_REPORT_FORMAT "compass-shift-campaign-report/1"
#define EVIDENCE_FORMAT "compass-shift-evidence/1"

static const char *const TIER_NAMES[] = {"", "Cadet", "Navigator", "Pilot", "Master"};

static const char *tier_name(int tier) { return tier >= 1 && tier <= 4 ? TIER_NAMES[tier] : "untiered"; }

static int write_page(const char *html_path, cli_text *t)
{
    char err[600];
    int rc = jsonio_write_text(html_path, t->s, t->len, err, sizeof err);
    free(t->s);
    return rc ? cli_error(CLI_USAGE, "compass: --html: %s", err) : CLI_OK;
}

/* ---------------------------------------------------------------- one level's card */

static void fig(cli_text *t, const char *label, const char *value)
{
    cli_put(t, "<dt>%s</dt><dd>", label);
    html_esc(t, value);
    cli_put(t, "</dd>");
}

static void fig_num(cli_text *t, const char *label, const cJSON *ev, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(ev, key);
    char buf[64] = "n/a";
    if (cJSON_IsNumber(v)) html_figure(buf, sizeof buf, v->valuedouble);
    fig(t, label, buf);
}

/* The solution as "a2 a3 a4 a1". */
static void solution_text(const cJSON *ev, char *buf, size_t n)
{
    buf[0] = '\0';
    const cJSON *sol = cJSON_GetObjectItemCaseSensitive(ev, "solution");
    for (const cJSON *e = cJSON_IsArray(sol) ? sol->child : NULL; e; e = e->next)
        if (cJSON_IsString(e) && strlen(buf) + strlen(e->valuestring) + 2 < n)
            snprintf(buf + strlen(buf), n - strlen(buf), "%s%s", buf[0] ? " " : "", e->valuestring);
}

static void level_check(cli_text *t, const char *name, int pass)
{
    if (pass < 0) return;
    cli_put(t, "<li class=\"%s\" data-check=\"%s\" data-pass=\"%s\">%s %s</li>", pass ? "pass" : "fail", name,
             pass ? "true" : "false", name, pass ? "pass" : "FAIL");
}

/* One card: id="LEVEL-ID", the figures as data- attributes and as a list, the board, and the
 * level's own checks. ev may be NULL (no record: the search stopped at a limit). */
static void level_card(cli_text *t, const compass_level *l, const cJSON *ev, int position)
{
    const cJSON *sol = cJSON_GetObjectItemCaseSensitive(ev, "solution");
    cli_put(t, "<article class=\"card tier%d\" id=\"", l->tier);
    html_esc(t, l->id);
    cli_put(t, "\" data-index=\"%d\" data-position=\"%d\" data-pattern=\"", l->index, position);
    html_esc(t, l->pattern);
    cli_put(t, "\" data-family=\"");
    html_esc(t, l->family);
    cli_put(t, "\" data-tier=\"%d\" data-arrows=\"%d\" data-evidence=\"%s\"", l->tier, l->arrow_count,
             ev ? "present" : "missing");
    if (ev) html_evidence_attrs(t, ev, "");
    cli_put(t, ">\n<header><h3><span class=\"num\">%d</span>", l->index ? l->index : position);
    html_esc(t, l->id);
    cli_put(t, "</h3><span class=\"tag\">");
    if (l->tier) cli_put(t, "T%d %s", l->tier, tier_name(l->tier));
    else cli_put(t, "no tier");
    cli_put(t, "</span></header>\n<p class=\"kind\">");
    html_esc(t, l->pattern[0] ? l->pattern : "no pattern");
    cli_put(t, " &middot; ");
    html_esc(t, l->family[0] ? l->family : "no family");
    cli_put(t, " &middot; %dx%d, %d arrows</p>\n", l->rows, l->cols, l->arrow_count);
    html_board(t, l, NULL, NULL);
    if (!ev) {
        cli_put(t, "<p class=\"empty\">No evidence record: the search stopped before it finished "
                    "(see the solver's message).</p>\n</article>\n");
        return;
    }
    char buf[64], order[COMPASS_MAX_ARROWS * (COMPASS_ID_LEN + 1) + 1];
    cli_put(t, "<dl class=\"figs\">");
    fig(t, "canonical hash", html_str(ev, "canonicalHash", "n/a"));
    fig_num(t, "winning orders", ev, "winningOrders");
    double share = html_num(ev, "randomWinShare", -1);
    if (share >= 0) snprintf(buf, sizeof buf, "%.1f%%", 100 * share);
    else snprintf(buf, sizeof buf, "n/a");
    fig(t, "random-play wins", buf);
    fig_num(t, "wrong moves", ev, "wrongMoves");
    fig_num(t, "decision steps", ev, "decisionSteps");
    snprintf(buf, sizeof buf, "%d", cJSON_IsArray(sol) ? cJSON_GetArraySize(sol) : 0);
    fig(t, "solution length", buf);
    solution_text(ev, order, sizeof order);
    fig(t, "solution", order[0] ? order : "none");
    fig_num(t, "states searched", ev, "stateCount");
    snprintf(buf, sizeof buf, "%d", l->initial_phase);
    fig(t, "initial phase", buf);
    cli_put(t, "</dl>\n<ul class=\"lchecks\">");
    int solvable = html_bool(ev, "solvable");
    level_check(t, "solvable", solvable);
    level_check(t, "solverVerified", html_bool(ev, "solverVerified"));
    level_check(t, "reverseConstructionVerified", html_bool(ev, "reverseConstructionVerified"));
    if (solvable == 1)
        level_check(t, "pathLength", (int)html_num(ev, "pathLength", -1) == l->arrow_count);
    const cJSON *idle = cJSON_GetObjectItemCaseSensitive(ev, "idleApertures");
    if (cJSON_IsArray(idle)) level_check(t, "noIdleApertures", cJSON_GetArraySize(idle) == 0);
    cli_put(t, "</ul>\n</article>\n");
}

static int verified(const cJSON *ev) { return ev && html_bool(ev, "solvable") == 1 && html_bool(ev, "solverVerified") == 1; }

/* ---------------------------------------------------------------- campaign parts */

static void stat_box(cli_text *t, const char *value, const char *label, int good)
{
    cli_put(t, "<div class=\"stat%s\"><b>", good < 0 ? "" : good ? " good" : " bad");
    html_esc(t, value);
    cli_put(t, "</b><span>%s</span></div>", label);
}

static void checks_list(cli_text *t, const cJSON *report, int *passed, int *total)
{
    const cJSON *checks = cJSON_GetObjectItemCaseSensitive(report, "checks");
    *passed = *total = 0;
    cli_put(t, "<ul class=\"checks\">\n");
    for (const cJSON *c = cJSON_IsArray(checks) ? checks->child : NULL; c; c = c->next) {
        int pass = html_bool(c, "pass") == 1;
        (*total)++, *passed += pass;
        cli_put(t, "<li data-check=\"");
        html_esc(t, html_str(c, "name", "?"));
        cli_put(t, "\" data-pass=\"%s\"><span class=\"badge %s\">%s</span><span class=\"what\"><span class=\"name\">",
                 pass ? "true" : "false", pass ? "pass" : "fail", pass ? "pass" : "fail");
        html_esc(t, html_str(c, "name", "?"));
        cli_put(t, "</span><span class=\"detail\">");
        html_esc(t, html_str(c, "detail", ""));
        cli_put(t, "</span></span></li>\n");
    }
    cli_put(t, "</ul>\n");
}

static const char *const TIER_COLOURS[] = {"#9aa3b2", "#3d9a68", "#3a78c2", "#c6861b", "#b2405a"};
static const char *tier_colour(int tier) { return TIER_COLOURS[tier >= 1 && tier <= 4 ? tier : 0]; }

/* The difficulty curve: random-play win share per level as bars coloured by tier (left
 * axis), wrong moves as a line (right axis), tier boundaries and tier medians dashed. */
static void curve_chart(cli_text *t, const compass_campaign_file *c, cJSON *const *ev, const cJSON *report)
{
    enum { W = 860, H = 300, L = 48, R = 48, TOP = 30, BOT = 40 };
    int n = c->count;
    double pw = W - L - R, ph = H - TOP - BOT, step = pw / (n ? n : 1);
    double max_wrong = 1;
    for (int i = 0; i < n; i++) {
        double w = html_num(ev[i], "wrongMoves", 0);
        if (w > max_wrong) max_wrong = w;
    }
    int wrong_top = (int)max_wrong;
    int wrong_tick = wrong_top <= 5 ? 1 : wrong_top <= 10 ? 2 : wrong_top <= 25 ? 5 : 10;
    wrong_top = (wrong_top + wrong_tick - 1) / wrong_tick * wrong_tick;
    cli_put(t, "<div class=\"chartwrap\"><svg class=\"chart\" viewBox=\"0 0 %d %d\" role=\"img\" "
                "aria-label=\"difficulty curve: random-play win share and wrong moves per level\">", W, H);
    for (int k = 0; k <= 4; k++) {
        double y = TOP + ph - ph * k / 4.0;
        cli_put(t, "<line class=\"grid\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>", L, y, W - R, y);
        cli_put(t, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%d%%</text>", L - 6, y + 4, 25 * k);
    }
    for (int k = 0; k <= wrong_top; k += wrong_tick) {
        double y = TOP + ph - ph * k / wrong_top;
        cli_put(t, "<text x=\"%d\" y=\"%.1f\">%d</text>", W - R + 6, y + 4, k);
    }
    cli_put(t, "<text x=\"%d\" y=\"16\">random-play win share</text>", L - 40 > 0 ? L - 40 : 0);
    cli_put(t, "<text x=\"%d\" y=\"16\" text-anchor=\"end\">wrong moves</text>", W - 4);
    for (int i = 0; i < n; i++) {
        const compass_level *l = &c->levels[i];
        double share = html_num(ev[i], "randomWinShare", 0);
        double x = L + i * step + step * 0.15, bh = ph * share;
        cli_put(t, "<rect data-level=\"");
        html_esc(t, l->id);
        cli_put(t, "\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\" rx=\"1.5\"><title>", x,
                 TOP + ph - bh, step * 0.7, bh, tier_colour(l->tier));
        html_esc(t, l->id);
        cli_put(t, ": random-play wins %.1f%%, %g wrong moves</title></rect>", 100 * share,
                 html_num(ev[i], "wrongMoves", 0));
        if ((i + 1) % 5 == 0 || i == 0)
            cli_put(t, "<text x=\"%.2f\" y=\"%d\" text-anchor=\"middle\">%d</text>", L + (i + 0.5) * step,
                     TOP + (int)ph + 16, i + 1);
    }
    cli_put(t, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">level</text>", L + pw / 2, H - 6);
    /* tier boundaries and each tier's median share over its run of levels */
    const cJSON *tiers = cJSON_GetObjectItemCaseSensitive(report, "tiers");
    for (int i = 0; i < n;) {
        int j = i;
        while (j < n && c->levels[j].tier == c->levels[i].tier) j++;
        double x0 = L + i * step, x1 = L + j * step;
        if (i > 0) cli_put(t, "<line class=\"tierline\" x1=\"%.2f\" y1=\"%d\" x2=\"%.2f\" y2=\"%.1f\"/>", x0, TOP - 6, x0, TOP + ph);
        cli_put(t, "<text x=\"%.2f\" y=\"%d\" style=\"fill:%s;font-weight:700\">T%d %s</text>", x0 + 4, TOP - 2,
                 tier_colour(c->levels[i].tier), c->levels[i].tier, tier_name(c->levels[i].tier));
        for (const cJSON *tr = cJSON_IsArray(tiers) ? tiers->child : NULL; tr; tr = tr->next)
            if ((int)html_num(tr, "tier", -1) == c->levels[i].tier && html_num(tr, "measured", 0) > 0) {
                double y = TOP + ph - ph * html_num(tr, "medianRandomWinShare", 0);
                cli_put(t, "<line class=\"median\" data-tier=\"%d\" x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
                            "stroke=\"%s\"><title>tier %d median random-play wins %.1f%%</title></line>",
                         c->levels[i].tier, x0 + 2, y, x1 - 2, y, tier_colour(c->levels[i].tier), c->levels[i].tier,
                         100 * html_num(tr, "medianRandomWinShare", 0));
            }
        i = j;
    }
    cli_put(t, "<polyline class=\"wrong\" points=\"");
    for (int i = 0; i < n; i++)
        cli_put(t, "%s%.2f,%.2f", i ? " " : "", L + (i + 0.5) * step,
                 TOP + ph - ph * html_num(ev[i], "wrongMoves", 0) / wrong_top);
    cli_put(t, "\"/>");
    for (int i = 0; i < n; i++)
        cli_put(t, "<circle class=\"wrongdot\" cx=\"%.2f\" cy=\"%.2f\" r=\"2.6\"/>", L + (i + 0.5) * step,
                 TOP + ph - ph * html_num(ev[i], "wrongMoves", 0) / wrong_top);
    cli_put(t, "<line class=\"axis\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/></svg></div>\n", L, TOP + ph, W - R,
             TOP + ph);
    cli_put(t, "<p class=\"scrollhint\">Swipe the chart sideways for every level and the wrong-move axis.</p>\n");
    cli_put(t, "<ul class=\"key\">");
    for (int k = 1; k <= 4; k++)
        cli_put(t, "<li><i style=\"background:%s\"></i>tier %d %s</li>", tier_colour(k), k, tier_name(k));
    cli_put(t, "<li><i style=\"background:#fff;border:2px solid #1c2333;border-radius:50%%\"></i>wrong moves "
                "(right axis)</li><li>dashed: tier boundaries and each tier's median win share</li></ul>\n");
}

/* Counts of one label (pattern, family or tier), in order of first appearance. */
static void distribution(cli_text *t, const char *title, const compass_campaign_file *c, int which)
{
    char names[64][40];
    int counts[64] = {0}, k = 0, most = 1;
    for (int i = 0; i < c->count; i++) {
        const compass_level *l = &c->levels[i];
        char name[40];
        if (which == 0) snprintf(name, sizeof name, "%s", l->pattern[0] ? l->pattern : "(none)");
        else if (which == 1) snprintf(name, sizeof name, "%s", l->family[0] ? l->family : "(none)");
        else snprintf(name, sizeof name, "%d %s", l->tier, tier_name(l->tier));
        int j = 0;
        while (j < k && strcmp(names[j], name)) j++;
        if (j == k) {
            if (k == 64) continue;
            snprintf(names[k++], sizeof names[0], "%s", name);
        }
        if (++counts[j] > most) most = counts[j];
    }
    cli_put(t, "<div class=\"panel\" data-distribution=\"%s\"><h3>%s</h3>\n",
             which == 0 ? "pattern" : which == 1 ? "family" : "tier", title);
    for (int j = 0; j < k; j++) {
        cli_put(t, "<div class=\"bar\" data-name=\"");
        html_esc(t, names[j]);
        cli_put(t, "\" data-count=\"%d\"><span>", counts[j]);
        html_esc(t, names[j]);
        cli_put(t, "</span><div class=\"track\"><div class=\"fill\" style=\"width:%.1f%%", 100.0 * counts[j] / most);
        if (which == 2) cli_put(t, ";background:%s", tier_colour(atoi(names[j])));
        cli_put(t, "\"></div></div><b>%d</b></div>\n", counts[j]);
    }
    cli_put(t, "</div>\n");
}

/* ---------------------------------------------------------------- entry points */

int solver_html_campaign_refuse(const char *campaign_path, const char *html_path)
{
    if (cli_refuse_same_file("compass: --html", html_path, campaign_path)) return CLI_USAGE;
    compass_campaign_file c = {0};
    char err[600];
    if (compass_campaign_file_read(campaign_path, &c, err, sizeof err))
        return CLI_OK; /* the campaign run itself reports the unreadable index */
    int rc = CLI_OK;
    for (int i = 0; i < c.count && !rc; i++)
        if (cli_refuse_same_file("compass: --html", html_path, c.paths[i])) rc = CLI_USAGE;
    compass_campaign_file_free(&c);
    return rc;
}

int solver_html_campaign(const char *campaign_path, const char *report_dir, const char *html_path)
{
    compass_campaign_file c = {0};
    char err[600], path[COMPASS_PATH_MAX + 80];
    if (compass_campaign_file_read(campaign_path, &c, err, sizeof err))
        return cli_error(CLI_USAGE, "compass: --html: %s", err);
    snprintf(path, sizeof path, "%s/campaign.json", report_dir);
    cJSON *report = jsonio_read_file_max(path, JSONIO_LIMIT_CAMPAIGN, err, sizeof err);
    if (!report || strcmp(html_str(report, "format", ""), CAMPAIGN_REPORT_FORMAT)) {
        cJSON_Delete(report);
        compass_campaign_file_free(&c);
        return cli_error(CLI_USAGE, "compass: --html: %s", report ? "campaign.json: not a campaign report" : err);
    }
    cJSON **ev = calloc((size_t)(c.count ? c.count : 1), sizeof *ev);
    if (!ev) abort();
    int ok = 0;
    for (int i = 0; i < c.count; i++) {
        snprintf(path, sizeof path, "%s/%s.json", report_dir, c.levels[i].id);
        ev[i] = jsonio_read_file_max(path, JSONIO_LIMIT_EVIDENCE, err, sizeof err); /* NULL: no record */
        if (ev[i] && strcmp(html_str(ev[i], "format", ""), EVIDENCE_FORMAT)) cJSON_Delete(ev[i]), ev[i] = NULL;
        ok += verified(ev[i]);
    }
    cli_text t = {0};
    html_begin(&t, "Compass Shift campaign evidence");
    int passed, total;
    cli_text checks = {0};
    checks_list(&checks, report, &passed, &total);
    int pass = html_bool(report, "pass") == 1;
    cli_put(&t, "<h1>Compass Shift campaign evidence</h1>\n<p class=\"sub\">%d levels, campaign seed %.0f. "
                 "Every figure is read from the solver's records (<code>reports/compass/&lt;id&gt;.json</code> and "
                 "<code>campaign.json</code>).</p>\n", c.count, html_num(report, "seed", 0));
    char buf[64];
    cli_put(&t, "<section class=\"stats\" id=\"summary\" data-levels=\"%d\" data-verified=\"%d\" "
                 "data-checks-passed=\"%d\" data-checks=\"%d\" data-pass=\"%s\">",
             c.count, ok, passed, total, pass ? "true" : "false");
    snprintf(buf, sizeof buf, "%d/%d", ok, c.count);
    stat_box(&t, buf, "levels solved and verified", ok == c.count);
    snprintf(buf, sizeof buf, "%d/%d", passed, total);
    stat_box(&t, buf, "acceptance checks passed", passed == total);
    stat_box(&t, pass ? "pass" : "FAIL", "campaign verdict", pass);
    snprintf(buf, sizeof buf, "%.0f", html_num(report, "seed", 0));
    stat_box(&t, buf, "campaign seed", -1);
    cli_put(&t, "</section>\n<h2>Acceptance checks</h2>\n<div class=\"panel\">\n%s</div>\n", checks.s ? checks.s : "");
    free(checks.s);
    cli_put(&t, "<h2>Difficulty curve</h2>\n<div class=\"panel\">\n");
    curve_chart(&t, &c, ev, report);
    cli_put(&t, "</div>\n<h2>Distribution</h2>\n<div class=\"dist\">\n");
    distribution(&t, "Patterns", &c, 0);
    distribution(&t, "Families", &c, 1);
    distribution(&t, "Tiers", &c, 2);
    cli_put(&t, "</div>\n<h2>Levels</h2>\n");
    html_board_legend(&t);
    cli_put(&t, "<div class=\"cards\">\n");
    for (int i = 0; i < c.count; i++) level_card(&t, &c.levels[i], ev[i], i + 1);
    cli_put(&t, "</div>\n");
    html_end(&t);
    for (int i = 0; i < c.count; i++) cJSON_Delete(ev[i]);
    free(ev);
    cJSON_Delete(report);
    compass_campaign_file_free(&c);
    return write_page(html_path, &t);
}

int solver_html_level(const compass_level *l, const cJSON *evidence, const char *html_path)
{
    cli_text t = {0};
    char title[128], buf[64];
    snprintf(title, sizeof title, "Compass Shift evidence: %s", l->id);
    html_begin(&t, title);
    cli_put(&t, "<h1>");
    html_esc(&t, title);
    cli_put(&t, "</h1>\n<p class=\"sub\">One level, verified by <code>solver compass</code>.</p>\n");
    int ok = verified(evidence);
    cli_put(&t, "<section class=\"stats\" id=\"summary\" data-levels=\"1\" data-verified=\"%d\">", ok);
    stat_box(&t, ok ? "1/1" : "0/1", "solved and verified", ok);
    snprintf(buf, sizeof buf, "%d", l->arrow_count);
    stat_box(&t, buf, "arrows", -1);
    html_figure(buf, sizeof buf, html_num(evidence, "stateCount", 0));
    stat_box(&t, buf, "states searched", -1);
    cli_put(&t, "</section>\n");
    html_board_legend(&t);
    cli_put(&t, "<div class=\"cards single\">\n");
    level_card(&t, l, evidence, 1);
    cli_put(&t, "</div>\n");
    html_end(&t);
    return write_page(html_path, &t);
}
