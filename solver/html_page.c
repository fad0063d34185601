/* The HTML evidence pages' shared parts: escaping, page frame and style sheet,
 * and the board drawn as inline SVG. Every byte depends on the inputs only (no clock, no
 * path), so a page is diffed like the JSON it shows. */
#include "html_page.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void html_esc(cli_text *t, const char *s)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '&': cli_put(t, "&amp;"); break;
        case '<': cli_put(t, "&lt;"); break;
        case '>': cli_put(t, "&gt;"); break;
        case '"': cli_put(t, "&quot;"); break;
        case '\'': cli_put(t, "&#39;"); break;
        default: cli_put(t, "%c", *s);
        }
    }
}

/* One style sheet for both pages. Colours: tiers green, blue, amber, red; apertures teal
 * (plain), amber (window), violet (port); old red and new green in the diff. */
static const char STYLE[] =
    ":root{--ink:#1c2333;--muted:#5d6678;--line:#d8dee8;--bg:#f4f6f9;--card:#fff;"
    "--ok:#23824f;--bad:#c0392b;--t1:#3d9a68;--t2:#3a78c2;--t3:#c6861b;--t4:#b2405a;"
    "--plain:#23938c;--window:#e0901b;--port:#7b4fc4;--old:#d64545;--new:#1f9d55}\n"
    "*{box-sizing:border-box}\n"
    "html{-webkit-text-size-adjust:100%}\n"
    "body{margin:0;font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',"
    "sans-serif;color:var(--ink);background:var(--bg)}\n"
    "main{max-width:1200px;margin:0 auto;padding:24px 16px 48px}\n"
    "h1{font-size:1.55rem;line-height:1.2;margin:0 0 4px}\n"
    "h2{font-size:1.1rem;margin:32px 0 10px}\n"
    "h3{font-size:1rem;margin:0}\n"
    ".sub{color:var(--muted);margin:0 0 18px}\n"
    "code,.mono{font-family:ui-monospace,'DejaVu Sans Mono',Menlo,monospace;font-size:.82em}\n"
    ".panel{background:var(--card);border:1px solid var(--line);border-radius:10px;"
    "padding:14px 16px;margin:0 0 16px;min-width:0}\n"
    ".stats{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:10px;"
    "margin:0 0 16px}\n"
    ".stat{background:var(--card);border:1px solid var(--line);border-radius:10px;"
    "padding:10px 14px}\n"
    ".stat b{display:block;font-size:1.6rem;line-height:1.2;font-variant-numeric:tabular-nums}\n"
    ".stat span{color:var(--muted);font-size:.85rem}\n"
    ".stat.good b{color:var(--ok)}.stat.bad b{color:var(--bad)}\n"
    ".checks{list-style:none;margin:0;padding:0;display:grid;"
    "grid-template-columns:repeat(auto-fill,minmax(min(100%,340px),1fr));gap:0 20px}\n"
    ".checks li{display:flex;gap:8px;align-items:baseline;padding:5px 0;"
    "border-bottom:1px solid #edf0f4;min-width:0}\n"
    ".checks .what{min-width:0}\n"
    ".checks .name{font-weight:600;overflow-wrap:anywhere}\n"
    ".checks .detail{display:block;color:var(--muted);font-size:.82rem;overflow-wrap:anywhere}\n"
    ".badge{flex:none;font-size:.7rem;font-weight:700;letter-spacing:.04em;padding:1px 6px;"
    "border-radius:4px;text-transform:uppercase}\n"
    ".badge.pass{background:#e2f3e9;color:var(--ok)}.badge.fail{background:#fbe3e1;color:var(--bad)}\n"
    ".chartwrap{overflow-x:auto}\n"
    ".chart{display:block;width:100%;min-width:620px;height:auto}\n"
    ".chart text{font-size:11px;fill:var(--muted)}\n"
    ".chart .axis{stroke:#9aa3b2;stroke-width:1}\n"
    ".chart .grid{stroke:#e6e9ef;stroke-width:1}\n"
    ".chart .tierline{stroke:#9aa3b2;stroke-width:1;stroke-dasharray:4 3}\n"
    ".chart .median{stroke-width:2;stroke-dasharray:6 3}\n"
    ".chart .wrong{fill:none;stroke:var(--ink);stroke-width:1.6}\n"
    ".chart .wrongdot{fill:#fff;stroke:var(--ink);stroke-width:1.4}\n"
    ".key{display:flex;flex-wrap:wrap;gap:6px 16px;margin:8px 0 0;padding:0;list-style:none;"
    "font-size:.82rem;color:var(--muted)}\n"
    ".key i{display:inline-block;width:12px;height:12px;border-radius:3px;margin-right:5px;"
    "vertical-align:-1px}\n"
    ".dist{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,260px),1fr));gap:16px}\n"
    ".dist h3{margin-bottom:8px}\n"
    ".bar{display:grid;grid-template-columns:minmax(0,9em) 1fr 2.2em;gap:8px;align-items:center;"
    "font-size:.85rem;margin:3px 0}\n"
    ".bar span{overflow-wrap:anywhere}\n"
    ".bar .track{background:#edf0f4;border-radius:3px;height:10px}\n"
    ".bar .fill{background:#5b7bb5;border-radius:3px;height:10px}\n"
    ".bar b{text-align:right;font-variant-numeric:tabular-nums}\n"
    ".cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,300px),1fr));gap:16px}\n"
    ".card{background:var(--card);border:1px solid var(--line);border-top:4px solid var(--tc,#9aa3b2);"
    "border-radius:10px;padding:12px 14px;min-width:0}\n"
    ".tier1{--tc:var(--t1)}.tier2{--tc:var(--t2)}.tier3{--tc:var(--t3)}.tier4{--tc:var(--t4)}\n"
    ".card header{display:flex;flex-wrap:wrap;gap:4px 8px;align-items:baseline;justify-content:space-between}\n"
    ".card h3{overflow-wrap:anywhere}\n"
    ".card .num{color:var(--muted);font-weight:600;margin-right:4px}\n"
    ".tag{flex:none;font-size:.72rem;font-weight:700;color:#fff;background:var(--tc,#9aa3b2);"
    "border-radius:4px;padding:1px 6px}\n"
    ".card .kind{color:var(--muted);font-size:.82rem;margin:2px 0 0}\n"
    ".board{display:block;width:100%;max-width:300px;height:auto;margin:10px auto}\n"
    ".board .cell{fill:#eef2f7;stroke:#d5dce6;stroke-width:1}\n"
    ".board .wall{fill:#4a5466}\n"
    ".board .closed{stroke:#1c2333;stroke-width:4;stroke-linecap:square}\n"
    ".board .open{stroke-width:4;stroke-opacity:.45}\n"
    ".board .arrow path{fill:#1c2333}\n"
    ".board .arrow text{font-size:9px;fill:#5d6678;text-anchor:end}\n"
    ".dial circle{fill:#fff;stroke:#b6bfcc}\n"
    ".dial .shut{fill:#e3e7ee}\n"
    ".phase circle{fill:#1c2333;stroke:#1c2333}\n"
    ".needle{fill:#ff6b5b}\n"
    ".needle.tail{fill:#fff}\n"
    ".single{grid-template-columns:minmax(0,620px)}\n"
    ".single .board{max-width:420px}\n"
    ".scrollhint{display:none;color:var(--muted);font-size:.8rem;margin:4px 0 0}\n"
    "@media (max-width:660px){.scrollhint{display:block}}\n"
    "svg .plain{fill:var(--plain);stroke:var(--plain)}\n"
    "svg .window{fill:var(--window);stroke:var(--window)}\n"
    "svg .port{fill:var(--port);stroke:var(--port)}\n"
    ".board .hl{fill:none;stroke-width:3}\n"
    ".board .hl.old{stroke:var(--old)}.board .hl.new{stroke:var(--new)}\n"
    ".board .ring{fill:none;stroke-width:2.5}\n"
    ".board .ring.old{stroke:var(--old)}.board .ring.new{stroke:var(--new)}\n"
    "dl.figs{display:grid;grid-template-columns:auto minmax(0,1fr);gap:2px 12px;font-size:.84rem;"
    "margin:6px 0 8px}\n"
    "dl.figs dt{color:var(--muted)}\n"
    "dl.figs dd{margin:0;font-variant-numeric:tabular-nums;overflow-wrap:anywhere}\n"
    ".lchecks{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:4px}\n"
    ".lchecks li{font-size:.72rem;border-radius:4px;padding:1px 6px}\n"
    ".lchecks .pass{background:#e2f3e9;color:var(--ok)}.lchecks .fail{background:#fbe3e1;color:var(--bad)}\n"
    ".legend{display:flex;flex-wrap:wrap;gap:6px 18px;font-size:.82rem;color:var(--muted);"
    "margin:0 0 12px}\n"
    ".legend svg{width:18px;height:18px;vertical-align:-4px;margin-right:4px}\n"
    ".pair{display:grid;grid-template-columns:repeat(2,minmax(0,360px));gap:12px}\n"
    ".pair.one{grid-template-columns:minmax(0,360px)}\n"
    ".pair figure{margin:0;min-width:0}\n"
    ".pair figcaption{font-size:.78rem;font-weight:700;letter-spacing:.03em}\n"
    ".pair .was{color:var(--old)}.pair .now{color:var(--new)}.pair .same{color:var(--muted)}\n"
    ".changes{width:100%;border-collapse:collapse;font-size:.82rem;table-layout:fixed}\n"
    ".changes th{text-align:left;color:var(--muted);font-weight:600;border-bottom:1px solid var(--line);"
    "padding:4px 6px}\n"
    ".changes td{border-bottom:1px solid #edf0f4;padding:4px 6px;vertical-align:top;"
    "overflow-wrap:anywhere}\n"
    ".changes .o{color:var(--old)}.changes .n{color:var(--new)}\n"
    ".status{min-width:0;overflow-wrap:anywhere;font-size:.72rem;font-weight:700;border-radius:4px;padding:1px 6px;"
    "background:#e8ecf3;color:var(--ink)}\n"
    ".status.added{background:#e2f3e9;color:var(--ok)}.status.removed{background:#fbe3e1;color:var(--bad)}\n"
    ".diffcard{margin:0 0 16px}\n"
    "details.unchanged summary{cursor:pointer;font-weight:600}\n"
    "details.unchanged p{color:var(--muted);font-size:.84rem;overflow-wrap:anywhere}\n"
    ".empty{color:var(--muted)}\n"
    "@media (max-width:480px){main{padding:16px 10px 40px}h1{font-size:1.3rem}"
    ".changes,.changes tbody,.changes tr{display:block}.changes thead,.changes colgroup{display:none}"
    ".changes tr{border-bottom:1px solid #edf0f4;padding:5px 0}"
    ".changes td{display:inline;border:0;padding:0 4px 0 0}"
    ".changes td:first-child{display:block}"
    ".changes td.n::before{content:'\\2192  ';color:var(--muted)}"
    ".changes td:last-child{display:block;color:var(--muted);font-size:.9em}}\n";

void html_begin(cli_text *t, const char *title)
{
    cli_put(t, "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                "style-src 'unsafe-inline'; img-src data:\">\n<title>");
    html_esc(t, title);
    cli_put(t, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<main>\n", STYLE);
}

void html_end(cli_text *t) { cli_put(t, "</main>\n</body>\n</html>\n"); }

/* ---------------------------------------------------------------- the board */

enum { CELL = 40, MARGIN = 30 };

/* A point r from (cx, cy) at angle deg clockwise from north. */
static void polar(double cx, double cy, double r, double deg, double *x, double *y)
{
    double a = deg * M_PI / 180.0;
    *x = cx + r * sin(a);
    *y = cy - r * cos(a);
}

/* The quarter of a dial for phase p: the wedge around the direction p quarter-turns from N. */
static void wedge(cli_text *t, double cx, double cy, double r, int p, const char *cls)
{
    double x0, y0, x1, y1;
    polar(cx, cy, r, p * 90 - 45, &x0, &y0);
    polar(cx, cy, r, p * 90 + 45, &x1, &y1);
    cli_put(t, "<path class=\"%s\" d=\"M%.2f %.2fL%.2f %.2fA%.2f %.2f 0 0 1 %.2f %.2fZ\"/>", cls,
             cx, cy, x0, y0, r, r, x1, y1);
}

/* The midpoint of lane on side, just outside the board, and the lane's edge segment. */
static void lane_geometry(const compass_level *l, int side, int lane, double out, double *cx,
                          double *cy, double seg[4])
{
    double w = l->cols * CELL, h = l->rows * CELL;
    double a = MARGIN + lane * CELL, b = a + CELL;
    switch (side) {
    case COMPASS_N: *cx = a + CELL / 2.0, *cy = MARGIN - out; seg[0] = a, seg[1] = MARGIN, seg[2] = b, seg[3] = MARGIN; break;
    case COMPASS_S: *cx = a + CELL / 2.0, *cy = MARGIN + h + out; seg[0] = a, seg[1] = MARGIN + h, seg[2] = b, seg[3] = MARGIN + h; break;
    case COMPASS_E: *cx = MARGIN + w + out, *cy = a + CELL / 2.0; seg[0] = MARGIN + w, seg[1] = a, seg[2] = MARGIN + w, seg[3] = b; break;
    default: *cx = MARGIN - out, *cy = a + CELL / 2.0; seg[0] = MARGIN, seg[1] = a, seg[2] = MARGIN, seg[3] = b; break;
    }
}

static const char *mark_class(unsigned char m) { return m == HTML_MARK_OLD ? "old" : "new"; }

static void phases_text(char *buf, size_t n, unsigned mask)
{
    buf[0] = '\0';
    for (int p = 0; p < 4; p++)
        if (mask & (1u << p)) snprintf(buf + strlen(buf), n - strlen(buf), "%s%d", buf[0] ? " " : "", p);
}

static void edge_lanes(cli_text *t, const compass_level *l, const html_marks *m)
{
    for (int side = 0; side < 4; side++) {
        int lanes = side == COMPASS_N || side == COMPASS_S ? l->cols : l->rows;
        for (int lane = 0; lane < lanes; lane++) {
            double cx, cy, seg[4];
            lane_geometry(l, side, lane, MARGIN / 2.0, &cx, &cy, seg);
            int k = compass_aperture_at(l, (compass_dir)side, lane);
            unsigned char mk = m ? m->aperture[side][lane] : 0;
            if (k < 0) {
                cli_put(t, "<line class=\"closed\" x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\"/>", seg[0],
                         seg[1], seg[2], seg[3]);
                if (mk)
                    cli_put(t, "<circle class=\"ring %s\" data-changed=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"11\"/>",
                             mark_class(mk), mark_class(mk), cx, cy);
                continue;
            }
            const compass_aperture *a = &l->apertures[k];
            const char *kind = compass_aperture_kind_name(a->kind);
            char ph[16];
            phases_text(ph, sizeof ph, a->phase_mask);
            cli_put(t, "<line class=\"open %s\" x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\"/>", kind, seg[0],
                     seg[1], seg[2], seg[3]);
            cli_put(t, "<g class=\"dial\" data-aperture=\"%s%d\" data-kind=\"%s\" data-phases=\"%s\"",
                     compass_dir_name(a->side), lane, kind, ph);
            if (mk) cli_put(t, " data-changed=\"%s\"", mark_class(mk));
            cli_put(t, "><title>%s lane %d: %s, open in phase%s %s</title>", compass_dir_name(a->side), lane,
                     kind, a->phase_mask == 1 || a->phase_mask == 2 || a->phase_mask == 4 || a->phase_mask == 8 ? "" : "s",
                     ph);
            /* a plain exit is open in every phase: a small dot, so the timed ones stand out */
            if (a->kind == COMPASS_APERTURE_PLAIN) {
                cli_put(t, "<circle class=\"plain\" cx=\"%.1f\" cy=\"%.1f\" r=\"5\"/>", cx, cy);
            } else {
                cli_put(t, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"10\"/>", cx, cy);
                for (int p = 0; p < 4; p++) wedge(t, cx, cy, 9, p, a->phase_mask & (1u << p) ? kind : "shut");
            }
            if (mk) cli_put(t, "<circle class=\"ring %s\" cx=\"%.1f\" cy=\"%.1f\" r=\"13\"/>", mark_class(mk), cx, cy);
            cli_put(t, "</g>");
        }
    }
}

void html_board(cli_text *t, const compass_level *l, const char *side, const html_marks *m)
{
    int w = l->cols * CELL + 2 * MARGIN, h = l->rows * CELL + 2 * MARGIN;
    cli_put(t, "<svg class=\"board\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\" "
                "data-rows=\"%d\" data-cols=\"%d\" data-phase=\"%d\"", w, h, w, h, l->rows, l->cols,
             l->initial_phase);
    if (side) cli_put(t, " data-side=\"%s\"", side);
    cli_put(t, " aria-label=\"");
    html_esc(t, l->id);
    cli_put(t, ": %dx%d board, %d arrows, %d walls, %d apertures, initial phase %d\">", l->rows, l->cols,
             l->arrow_count, compass_wall_count(l), l->aperture_count, l->initial_phase);
    for (int r = 0; r < l->rows; r++)
        for (int c = 0; c < l->cols; c++) {
            int x = MARGIN + c * CELL, y = MARGIN + r * CELL;
            unsigned char mk = m ? m->wall[r][c] : 0;
            cli_put(t, "<rect class=\"cell\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>", x, y, CELL, CELL);
            if (l->wall[r][c])
                cli_put(t, "<rect class=\"wall\" data-wall=\"%d,%d\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"3\"/>",
                         r, c, x + 2, y + 2, CELL - 4, CELL - 4);
            if (mk)
                cli_put(t, "<rect class=\"hl %s\" data-changed=\"%s\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"4\"/>",
                         mark_class(mk), mark_class(mk), x + 2, y + 2, CELL - 4, CELL - 4);
        }
    edge_lanes(t, l, m);
    for (int i = 0; i < l->arrow_count; i++) {
        const compass_arrow *a = &l->arrows[i];
        int x = MARGIN + a->col * CELL, y = MARGIN + a->row * CELL;
        unsigned char mk = m ? m->arrow[i] : 0;
        cli_put(t, "<g class=\"arrow\" data-arrow=\"");
        html_esc(t, a->id);
        cli_put(t, "\" data-dir=\"%s\" data-row=\"%d\" data-col=\"%d\"", compass_dir_name(a->dir), a->row, a->col);
        if (side) cli_put(t, " data-side=\"%s\"", side);
        if (mk) cli_put(t, " data-changed=\"%s\"", mark_class(mk));
        cli_put(t, " transform=\"translate(%d %d)\"><title>", x + CELL / 2, y + CELL / 2);
        html_esc(t, a->id);
        cli_put(t, ": row %d, column %d, base direction %s</title>", a->row, a->col, compass_dir_name(a->dir));
        if (mk)
            cli_put(t, "<rect class=\"hl %s\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"4\"/>", mark_class(mk),
                     -CELL / 2 + 2, -CELL / 2 + 2, CELL - 4, CELL - 4);
        cli_put(t, "<path transform=\"rotate(%d)\" d=\"M0 -15L11 -3L4 -3L4 14L-4 14L-4 -3L-11 -3Z\"/>",
                 (int)a->dir * 90);
        cli_put(t, "<text x=\"18\" y=\"17\">");
        html_esc(t, a->id);
        cli_put(t, "</text></g>");
    }
    /* The initial phase: a needle in the north-west corner, turned as the phase turns every arrow. */
    double nx, ny;
    polar(MARGIN / 2.0, MARGIN / 2.0, 9, l->initial_phase * 90, &nx, &ny);
    double lx, ly, rx, ry;
    polar(MARGIN / 2.0, MARGIN / 2.0, 4, l->initial_phase * 90 + 90, &lx, &ly);
    polar(MARGIN / 2.0, MARGIN / 2.0, 4, l->initial_phase * 90 - 90, &rx, &ry);
    double tx, ty;
    polar(MARGIN / 2.0, MARGIN / 2.0, 8, l->initial_phase * 90 + 180, &tx, &ty);
    cli_put(t, "<g class=\"phase\" data-initial-phase=\"%d\"><title>initial phase %d</title>"
                "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"11\"/>"
                "<path class=\"needle tail\" d=\"M%.2f %.2fL%.2f %.2fL%.2f %.2fZ\"/>"
                "<path class=\"needle\" d=\"M%.2f %.2fL%.2f %.2fL%.2f %.2fZ\"/></g>",
             l->initial_phase, l->initial_phase, MARGIN / 2.0, MARGIN / 2.0, tx, ty, lx, ly, rx, ry, nx, ny, lx, ly,
             rx, ry);
    cli_put(t, "</svg>\n");
}

void html_board_legend(cli_text *t)
{
    static const struct { const char *kind, *phases, *label; unsigned mask; } rows[] = {
        {"plain", "0 1 2 3", "plain exit: open in every phase", 0xF},
        {"window", "0", "window: open in one phase (here phase 0)", 0x1},
        {"port", "1 3", "port: open in two phases (here 1 and 3)", 0xA},
    };
    cli_put(t, "<div class=\"legend\">");
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        cli_put(t, "<span><svg viewBox=\"0 0 20 20\" aria-hidden=\"true\"><g class=\"dial\">");
        if (rows[i].mask == 0xF) cli_put(t, "<circle class=\"plain\" cx=\"10\" cy=\"10\" r=\"5\"/>");
        else cli_put(t, "<circle cx=\"10\" cy=\"10\" r=\"9\"/>");
        for (int p = 0; p < 4 && rows[i].mask != 0xF; p++) wedge(t, 10, 10, 8, p, rows[i].mask & (1u << p) ? rows[i].kind : "shut");
        cli_put(t, "</g></svg>%s</span>", rows[i].label);
    }
    cli_put(t, "<span>dial quarters: phases 0 (top) to 3, clockwise; a thick dark edge is closed</span>"
                "<span>dark compass (top left): the initial phase, its needle turned a quarter per phase; arrows "
                "show their base direction</span></div>\n");
}

/* ---------------------------------------------------------------- evidence fields */

double html_num(const cJSON *doc, const char *key, double fallback)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(doc, key);
    return cJSON_IsNumber(v) ? v->valuedouble : fallback;
}

const char *html_str(const cJSON *doc, const char *key, const char *fallback)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(doc, key);
    return cJSON_IsString(v) ? v->valuestring : fallback;
}

int html_bool(const cJSON *doc, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(doc, key);
    return cJSON_IsBool(v) ? cJSON_IsTrue(v) : -1;
}

void html_figure(char *buf, size_t n, double v)
{
    if (v == floor(v) && fabs(v) < 1e15) snprintf(buf, n, "%.0f", v);
    else snprintf(buf, n, "%.12g", v);
}

static void figure_attr(cli_text *t, const char *prefix, const char *name, const cJSON *ev, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(ev, key);
    char buf[64] = "";
    if (cJSON_IsNumber(v)) html_figure(buf, sizeof buf, v->valuedouble);
    else if (cJSON_IsNull(v)) snprintf(buf, sizeof buf, "null");
    cli_put(t, " data-%s%s=\"%s\"", prefix, name, buf);
}

void html_evidence_attrs(cli_text *t, const cJSON *ev, const char *prefix)
{
    const cJSON *sol = cJSON_GetObjectItemCaseSensitive(ev, "solution");
    cli_put(t, " data-%shash=\"", prefix);
    html_esc(t, html_str(ev, "canonicalHash", ""));
    cli_put(t, "\" data-%ssolvable=\"%s\"", prefix, html_bool(ev, "solvable") == 1 ? "true" : "false");
    figure_attr(t, prefix, "winning-orders", ev, "winningOrders");
    figure_attr(t, prefix, "random-win-share", ev, "randomWinShare");
    figure_attr(t, prefix, "wrong-moves", ev, "wrongMoves");
    figure_attr(t, prefix, "decision-steps", ev, "decisionSteps");
    figure_attr(t, prefix, "states", ev, "stateCount");
    cli_put(t, " data-%ssolution-length=\"%d\"", prefix, cJSON_IsArray(sol) ? cJSON_GetArraySize(sol) : 0);
}
