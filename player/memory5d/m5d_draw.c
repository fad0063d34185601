/* Memory5D drawing: the lobby, the match (board as the focal surface, HUD with clocks and
 * the last link's Mastery breakdown, persistent legends, the inspector, the caption line,
 * tutorial cards and the leave dialog) and the results. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "draw/ui.h"
#include "m5d_scene.h"
#include "memory5d/memory5d_board.h"
#include "memory5d/memory5d_label.h"
#include "memory5d/memory5d_powers.h"
#include "memory5d/memory5d_rules.h"
#include "memory5d/memory5d_score.h"

#define BG 0xE9E4DA
#define PANEL 0xFBF8F2
#define INK 0x2B2723
#define INK2 0x6B645A

static gfx_text_style text(double size, int bold, gfx_align al, Uint32 color)
{
    return (gfx_text_style){.size = size, .bold = bold, .align = al, .color = GFX_RGB(color), .alpha = 1};
}

/* gfx_text draws at most 95 bytes per run (its text cache); longer sentences go in word
 * chunks laid end to end. Returns the width. */
static double say(gfx *g, const char *s, double x, double y, gfx_text_style st)
{
    char chunk[96];
    double total = 0, widths[16];
    const char *parts[16];
    size_t lens[16];
    int n = 0;
    for (const char *p = s; *p && n < 16;) {
        size_t len = strlen(p);
        if (len > 90) {
            len = 90;
            while (len > 40 && p[len] != ' ')
                len--;
        }
        parts[n] = p;
        lens[n] = len;
        snprintf(chunk, sizeof chunk, "%.*s", (int)len, p);
        widths[n] = gfx_text_width(g, chunk, st);
        total += widths[n++];
        p += len;
    }
    double cx = st.align == GFX_LEFT ? x : st.align == GFX_CENTER ? x - total / 2 : x - total;
    gfx_text_style left = st;
    left.align = GFX_LEFT;
    for (int i = 0; i < n; i++) {
        snprintf(chunk, sizeof chunk, "%.*s", (int)lens[i], parts[i]);
        gfx_text(g, chunk, cx, y, left);
        cx += widths[i];
    }
    return total;
}

static double say_width(gfx *g, const char *s, gfx_text_style st)
{
    st.alpha = 0; /* gfx_text measures without drawing at alpha 0 */
    return say(g, s, 0, 0, st);
}

static void box(gfx *g, double x, double y, double w, double h, Uint32 fill, Uint32 edge)
{
    gfx_rect(g, x, y, w, h, GFX_RGB(edge));
    gfx_rect(g, x + 2, y + 2, w - 4, h - 4, GFX_RGB(fill));
}

/* Word-wrapped text from (x, y) (first line's centre) in width w; returns the lines drawn. */
static int wrap(gfx *g, const char *s, double x, double y, double w, gfx_text_style st,
                double line_h)
{
    char buf[1100], line[1100];
    snprintf(buf, sizeof buf, "%s", s);
    int lines = 0;
    line[0] = '\0';
    for (char *word = strtok(buf, " "); word; word = strtok(NULL, " ")) {
        char trial[1100];
        snprintf(trial, sizeof trial, "%s%s%s", line, line[0] ? " " : "", word);
        if (line[0] && say_width(g, trial, st) > w) {
            say(g, line, x, y + lines * line_h, st);
            lines++;
            snprintf(line, sizeof line, "%s", word);
        } else {
            snprintf(line, sizeof line, "%s", trial);
        }
    }
    if (line[0]) {
        say(g, line, x, y + lines * line_h, st);
        lines++;
    }
    return lines;
}

static void button(gfx *g, double x, double y, double w, double h, const char *label, int on,
                   int focus, int enabled, int hc)
{
    Uint32 fill = on ? (hc ? 0x000000 : 0x2F4858) : enabled ? 0xFFFFFF : 0xE3DED5;
    Uint32 ink = on ? 0xFFFFFF : enabled ? INK : 0x9A9388;
    box(g, x, y, w, h, fill, hc ? 0x000000 : 0x8C8478);
    gfx_text(g, label, x + w / 2, y + h / 2, text(h * 0.42, 1, GFX_CENTER, ink));
    if (focus) {
        gfx_rect(g, x - 6, y - 6, w + 12, 4, GFX_RGB(0x1D5FD0));
        gfx_rect(g, x - 6, y + h + 2, w + 12, 4, GFX_RGB(0x1D5FD0));
        gfx_rect(g, x - 6, y - 6, 4, h + 12, GFX_RGB(0x1D5FD0));
        gfx_rect(g, x + w + 2, y - 6, 4, h + 12, GFX_RGB(0x1D5FD0));
    }
}

/* The caption line: one line, or two smaller ones when the sentence is long. */
static void caption_bar(m5d_scene *sc, gfx *g)
{
    gfx_rect(g, 0, 1000, M5D_FIELD_W, 80, GFX_RGB(0x2F4858));
    gfx_text_style st = text(27, 0, GFX_LEFT, 0xFFFFFF);
    if (say_width(g, sc->caption, st) <= 1840)
        say(g, sc->caption, 40, 1040, st);
    else
        wrap(g, sc->caption, 40, 1022, 1840, text(23, 0, GFX_LEFT, 0xFFFFFF), 34);
}

/* The kit for the other screens' files (m5d_scene.h). */
gfx_text_style m5d_style(double size, int bold, gfx_align al, Uint32 color)
{
    return text(size, bold, al, color);
}
double m5d_say(gfx *g, const char *s, double x, double y, gfx_text_style st)
{
    return say(g, s, x, y, st);
}
int m5d_wrap(gfx *g, const char *s, double x, double y, double w, gfx_text_style st, double lh)
{
    return wrap(g, s, x, y, w, st, lh);
}
void m5d_box(gfx *g, double x, double y, double w, double h, Uint32 fill, Uint32 edge)
{
    box(g, x, y, w, h, fill, edge);
}
void m5d_button(gfx *g, double x, double y, double w, double h, const char *label, int on,
                int focus, int enabled, int hc)
{
    button(g, x, y, w, h, label, on, focus, enabled, hc);
}
void m5d_caption_bar(m5d_scene *sc, gfx *g) { caption_bar(sc, g); }

/* ---------------------------------------------------------------- lobby */

static const char *const difficulty_titles[MEMORY5D_DIFFICULTIES] = {"Easy", "Normal", "Hard",
                                                                    "Expert"};

static const char *const row_labels[M5D_ROWS] = {
    "Mode", "Opponent", "Difficulty", "Board seed", "Reduced motion", "Reduced sensory",
    "High contrast", "", "Shop", "Loadout", "", "", ""};

static void draw_lobby(m5d_scene *sc, gfx *g)
{
    int hc = sc->cfg->high_contrast;
    gfx_text(g, "Memory5D", 960, 90, text(84, 1, GFX_CENTER, INK));
    gfx_text(g, "Link matching cells two at a time; four in a row wins the board.", 960, 160,
             text(30, 0, GFX_CENTER, INK2));
    const memory5d_preset *p = &sc->rules.presets[sc->difficulty];
    for (int r = 0; r < M5D_ROWS; r++) {
        double rx, ry, rw, rh;
        m5d_lobby_rows(r, &rx, &ry, &rw, &rh);
        if (row_labels[r][0])
            gfx_text(g, row_labels[r], rx - 30, ry + rh / 2, text(32, 1, GFX_RIGHT, INK));
        if (r == M5D_ROW_SHOP) { /* the row the results screen shows too */
            m5d_draw_shop(sc, g, M5D_SHOP_LOBBY, sc->keyboard && sc->lobby_focus == r, 560);
            continue;
        }
        for (int o = 0; o < m5d_lobby_row_options(r); o++) {
            double x, y, w, h;
            m5d_lobby_option_box(r, o, &x, &y, &w, &h);
            int focus = sc->keyboard && sc->lobby_focus == r &&
                        (m5d_lobby_row_options(r) == 1 ||
                         (r == M5D_ROW_OPPONENT ? o == !sc->vs_ai
                          : r == M5D_ROW_DIFFICULTY ? o == sc->difficulty
                          : r == M5D_ROW_MODE ? o == sc->arcade + sc->draft_mode
                          : r == M5D_ROW_LOADOUT ? o == sc->power_focus
                                                                       : o == 0));
            char label[64];
            int on = 0, enabled = 1;
            switch (r) {
            case M5D_ROW_MODE:
                snprintf(label, sizeof label, "%s",
                         (const char *[]){"Classic", "Arcade", "Power Draft"}[o]);
                on = o == sc->arcade + sc->draft_mode;
                break;
            case M5D_ROW_LOADOUT:
                snprintf(label, sizeof label, "%s %d/%lld", m5d_power_titles[o], sc->loadout[o],
                         (long long)m5d_owned(sc, o));
                on = sc->loadout[o] > 0;
                enabled = sc->arcade && m5d_owned(sc, o) > 0;
                break;
            case M5D_ROW_OPPONENT:
                snprintf(label, sizeof label, "%s", o ? "Hot-seat" : "AI");
                on = (o == 0) == sc->vs_ai;
                break;
            case M5D_ROW_DIFFICULTY:
                snprintf(label, sizeof label, "%s", difficulty_titles[o]);
                on = o == sc->difficulty;
                break;
            case M5D_ROW_SEED:
                if (o == 0)
                    snprintf(label, sizeof label, "%s%s", sc->seed_text,
                             sc->seed_editing ? "_" : "");
                else
                    snprintf(label, sizeof label, "New seed (N)");
                on = o == 0 && sc->seed_editing;
                break;
            case M5D_ROW_MOTION:
            case M5D_ROW_SENSORY:
            case M5D_ROW_CONTRAST: {
                const int *v = r == M5D_ROW_MOTION    ? &sc->cfg->reduced_motion
                               : r == M5D_ROW_SENSORY ? &sc->cfg->reduced_sensory
                                                      : &sc->cfg->high_contrast;
                snprintf(label, sizeof label, "%s", *v ? "On" : "Off");
                on = *v;
                break;
            }
            case M5D_ROW_PLAY: snprintf(label, sizeof label, "Play"); on = 1; break;
            case M5D_ROW_TUTORIAL:
                snprintf(label, sizeof label, "Tutorial (%d lessons)", sc->lesson_count);
                break;
            case M5D_ROW_RECORDS:
                snprintf(label, sizeof label, "Records and profiles");
                break;
            default: snprintf(label, sizeof label, "Quit"); break;
            }
            button(g, x, y, w, h, label, on, focus, enabled, hc);
        }
    }
    char info[200];
    snprintf(info, sizeof info, "%s: %dx%d board, %d s per decision, %s, AI depth %d%s.",
             difficulty_titles[sc->difficulty], p->board_size, p->board_size,
             p->decision_ms / 1000,
             p->keep_anchor_on_mismatch ? "a mismatch keeps your anchor"
                                        : "a mismatch is a miss",
             p->ai_depth, p->rotation ? ", the board turns every round" : "");
    say(g, info, 960, 968, text(26, 0, GFX_CENTER, INK2));
    say(g, "brought / owned", 560, 188 + M5D_ROW_LOADOUT * 60 + 26,
        text(22, 0, GFX_RIGHT, INK2));
    caption_bar(sc, g);
}

/* ---------------------------------------------------------------- match */

static void draw_player(m5d_scene *sc, gfx *g, int p, double x, double y, int64_t now)
{
    const memory5d_state *st = &sc->st;
    int hc = sc->cfg->high_contrast;
    int to_move = st->status == MEMORY5D_PLAYING && st->turn == p;
    box(g, x, y, 490, 300, to_move ? 0xFFFFFF : 0xF3EFE8,
        to_move ? (hc ? 0x000000 : m5d_owner_rgb[p]) : 0xB8B0A4);
    if (to_move)
        gfx_rect(g, x, y, 12, 300, GFX_RGB(hc ? 0x000000 : m5d_owner_rgb[p]));
    /* the owner's mark, as on the board */
    Uint32 mark = hc ? (p == 0 ? 0x000000 : 0xFFFFFF) : m5d_owner_rgb[p];
    if (p == 0)
        gfx_art_draw(g, (gfx_art_key){GFX_ART_DOT, 32, 0, 0, 0}, x + 50, y + 45, 44 / 32.0, 0,
                     GFX_RGB(mark), 1);
    else {
        gfx_rect(g, x + 28, y + 23, 44, 44, GFX_RGB(hc ? 0x000000 : mark));
        gfx_rect(g, x + 31, y + 26, 38, 38, GFX_RGB(mark));
    }
    gfx_text(g, p == 0 ? "A" : "B", x + 50, y + 45,
             text(30, 1, GFX_CENTER, hc && p == 1 ? 0x000000 : 0xFFFFFF));
    const char *who = sc->tutorial ? (p == 0 ? "You" : "Coach")
                      : sc->vs_ai  ? (p == 0 ? "You" : "AI")
                                   : (p == 0 ? "Player A" : "Player B");
    char line[200];
    snprintf(line, sizeof line, "%s%s", who, to_move ? " - to move" : "");
    gfx_text(g, line, x + 90, y + 45, text(34, 1, GFX_LEFT, INK));
    snprintf(line, sizeof line, "%lld", (long long)st->stats[p].mastery);
    gfx_text_style big = {.size = 56, .bold = 1, .align = GFX_LEFT, .tabular = 1, .color = GFX_RGB(INK), .alpha = 1};
    gfx_text(g, line, x + 30, y + 110, big);
    gfx_text(g, "Mastery", x + 30 + gfx_text_width(g, line, big) + 14, y + 118,
             text(26, 0, GFX_LEFT, INK2));
    snprintf(line, sizeof line, "Streak %d   Links %d   Misses %d   Timeouts %d",
             st->stats[p].streak, st->stats[p].links, st->stats[p].misses, st->stats[p].timeouts);
    gfx_text(g, line, x + 30, y + 160, text(22, 0, GFX_LEFT, INK2));
    const m5d_breakdown *b = &sc->last[p];
    if (b->valid) {
        snprintf(line, sizeof line, "Last link: %d base%s%s%s", b->base,
                 b->block ? " +50 block" : "", b->fork ? " +75 fork" : "",
                 b->line ? " +100 line" : "");
        gfx_text(g, line, x + 30, y + 190, text(21, 0, GFX_LEFT, INK));
        snprintf(line, sizeof line, "x %d.%02d streak x %d.%02d difficulty = %ld",
                 1 + b->streak_percent / 100, b->streak_percent % 100,
                 b->difficulty_permille / 1000, b->difficulty_permille % 1000 / 10, b->total);
        gfx_text(g, line, x + 30, y + 215, text(21, 0, GFX_LEFT, INK));
    }
    /* the decision clock */
    int64_t total = sc->def.cfg.presets[sc->def.setup.difficulty].decision_ms;
    int64_t left = to_move ? memory5d_clock_remaining(&sc->def, st, now) : total;
    double frac = total > 0 ? (double)left / (double)total : 0;
    gfx_rect(g, x + 30, y + 240, 300, 28, GFX_RGB(0xDDD6CA));
    Uint32 bar = left <= M5D_WARN_MS && to_move ? 0xC2412D : (hc ? 0x000000 : m5d_owner_rgb[p]);
    /* paused: a local pause, or a Reveal projecting (its bit outlives it until settled) */
    int paused = (st->pause_mask & ~MEMORY5D_PAUSE_REVEAL) || memory5d_reveal_active(st, now);
    gfx_rect(g, x + 30, y + 240, 300 * frac, 28, GFX_RGB(to_move && paused ? 0x9A9388 : bar));
    snprintf(line, sizeof line, "%s%lld.%lld s", to_move && paused ? "II " : "",
             (long long)(left / 1000), (long long)(left % 1000 / 100));
    gfx_text(g, to_move ? line : "waiting", x + 466, y + 254,
             (gfx_text_style){.size = 28, .bold = 1, .align = GFX_RIGHT, .tabular = 1, .color = GFX_RGB(INK), .alpha = 1});
}

static void draw_legend(m5d_scene *sc, gfx *g)
{
    double x = 1430, y = 130;
    int hc = sc->cfg->high_contrast;
    box(g, x, y, 460, 574, PANEL, 0xB8B0A4); /* ends above the inspector at 712 */
    gfx_text(g, "Families", x + 24, y + 30, text(26, 1, GFX_LEFT, INK));
    for (int f = 0; f < MEMORY5D_FAMILIES; f++) {
        double cx = x + 46 + (f % 3) * 142, cy = y + 76 + (f / 3) * 78;
        m5d_art_shape(g, f, 0, MEMORY5D_BLUE, cx, cy, 44, hc);
        gfx_text(g, memory5d_family_names[f], cx + 30, cy, text(20, 0, GFX_LEFT, INK));
    }
    gfx_text(g, "Variants", x + 24, y + 246, text(26, 1, GFX_LEFT, INK));
    for (int v = 0; v < 3; v++) {
        double cx = x + 46 + v * 142, cy = y + 290;
        m5d_art_shape(g, MEMORY5D_CIRCLE, v, MEMORY5D_RED, cx, cy, 44, hc);
        gfx_text(g, (const char *[]){"1st: plain", "2nd: ring", "3rd: dot"}[v], cx + 28, cy,
                 text(19, 0, GFX_LEFT, INK));
    }
    gfx_text(g, "Linked hues (texture)", x + 24, y + 344, text(26, 1, GFX_LEFT, INK));
    for (int pair = 0; pair < 3; pair++) {
        double cy = y + 388 + pair * 46;
        for (int k = 0; k < 2; k++) {
            int h = 2 * pair + k;
            double bx = x + 20 + k * 206; /* the longest, "orange crosshatch", ends inside */
            m5d_art_texture_swatch(g, h, bx, cy - 17, 34, 34);
            char s[64];
            snprintf(s, sizeof s, "%s %s", memory5d_hue_names[h], sc->rules.texture_names[h]);
            gfx_text(g, s, bx + 40, cy, text(19, 0, GFX_LEFT, INK));
        }
        gfx_text(g, "=", x + 204, cy, text(24, 1, GFX_CENTER, INK2));
    }
    wrap(g, "Marks: gold frame = anchor, green corners = partner, blue frame = focus; "
            "owner: disc A, square B; red edge and N = north.", x + 20, y + 506, 420,
         text(18, 0, GFX_LEFT, INK2), 21);
}

static void draw_inspector(m5d_scene *sc, gfx *g)
{
    double x = 1430, y = 710;
    box(g, x, y, 460, 270, PANEL, 0xB8B0A4);
    gfx_text(g, sc->keyboard || sc->hover < 0 ? "Focused cell" : "Pointed cell", x + 24, y + 30,
             text(26, 1, GFX_LEFT, INK));
    int cell = !sc->keyboard && sc->hover >= 0 ? sc->hover : sc->focus;
    char label[400];
    memory5d_cell_label(&sc->def, &sc->st, cell, label, sizeof label);
    wrap(g, label, x + 24, y + 72, 412, text(23, 0, GFX_LEFT, INK), 31);
}

static void draw_north(m5d_scene *sc, gfx *g)
{
    const m5d_layout *l = &sc->lay;
    double bx = M5D_VIEW_X, by = M5D_VIEW_Y, s = M5D_VIEW_SIZE;
    (void)l;
    int north = memory5d_north_marker(&sc->st);
    double cx = bx + s / 2, cy = by + s / 2;
    double d = s / 2 + 17;
    /* a red strip along the board's first north edge and an N badge at its middle */
    if (north % 2 == 0)
        gfx_rect(g, bx - 14, north == 0 ? by - 14 : by + s + 8, s + 28, 6, GFX_RGB(0xC2412D));
    else
        gfx_rect(g, north == 3 ? bx - 14 : bx + s + 8, by - 14, 6, s + 28, GFX_RGB(0xC2412D));
    double px = cx + (north == 1 ? d : north == 3 ? -d : 0);
    double py = cy + (north == 0 ? -d : north == 2 ? d : 0);
    gfx_art_draw(g, (gfx_art_key){GFX_ART_DOT, 32, 0, 0, 0}, px, py, 34 / 32.0, 0,
                 GFX_RGB(0xC2412D), 1);
    gfx_text(g, "N", px, py, text(22, 1, GFX_CENTER, 0xFFFFFF));
}

static void draw_board(m5d_scene *sc, gfx *g, int64_t now)
{
    const memory5d_state *st = &sc->st;
    int n = st->size, hc = sc->cfg->high_contrast;
    m5d_refresh_layout(sc);
    const m5d_layout *l = &sc->lay;
    if (memcmp(l, &sc->logged, sizeof *l) != 0) {
        m5d_ev_viewport(sc, now, l);
        sc->logged = *l;
    }
    box(g, M5D_VIEW_X - 14, M5D_VIEW_Y - 14, M5D_VIEW_SIZE + 28, M5D_VIEW_SIZE + 28, 0xD8D0C2,
        0x8C8478);
    int partners[MEMORY5D_MAX_CELLS] = {0};
    /* Classic marks the anchor's partners; Arcade only while a Reveal projects them */
    int reveal = memory5d_reveal_active(st, now) && st->reveal_anchor != MEMORY5D_NO_CELL;
    int shown = sc->def.setup.mode == MEMORY5D_ARCADE ? (reveal ? st->reveal_anchor : -1)
                                                      : st->anchor;
    if (shown != MEMORY5D_NO_CELL && st->status == MEMORY5D_PLAYING) {
        int list[MEMORY5D_MAX_CELLS];
        int k = memory5d_partners(st->cells, n, shown, memory5d_power_live(st, MEMORY5D_WILDCARD),
                                  list, MEMORY5D_MAX_CELLS);
        for (int i = 0; i < k; i++)
            partners[list[i]] = 1;
    }
    int win[MEMORY5D_MAX_CELLS] = {0};
    if (st->status == MEMORY5D_WON)
        for (int i = 0; i < sc->def.cfg.line_length; i++)
            if (st->win_cells[i] >= 0)
                win[st->win_cells[i]] = 1;
    int target, target_power;
    m5d_tutorial_target(sc, &target, &target_power);
    double t = 1;
    if (sc->rotating) {
        t = (double)(now - sc->rotate_t0) / M5D_ROTATE_MS;
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        t = 1 - (1 - t) * (1 - t); /* ease out */
    }
    /* coordinates: column letters above, rows at the left */
    for (int c = 0; c < l->cols; c++) {
        char s[4] = {(char)('A' + c + l->first_col), 0};
        gfx_text(g, s, l->x0 + (c + 0.5) * l->cell, M5D_VIEW_Y - 50, text(24, 1, GFX_CENTER, INK2));
    }
    for (int r = 0; r < l->rows; r++) {
        char s[16];
        snprintf(s, sizeof s, "%d", r + 1 + l->first_row);
        gfx_text(g, s, M5D_VIEW_X - 47, l->y0 + (r + 0.5) * l->cell, text(24, 1, GFX_CENTER, INK2));
    }
    for (int i = 0; i < n * n; i++) {
        double x, y, w, h, cx, cy, k = 1;
        int vis = m5d_layout_cell_box(l, i, &x, &y, &w, &h);
        if (sc->rotating && !l->scrolled) {
            m5d_layout_turning(l, i, t, &cx, &cy, &k);
        } else {
            if (!vis)
                continue;
            cx = x + w / 2;
            cy = y + h / 2;
        }
        m5d_cell_marks m = {st->cells[i].owner, st->anchor == i, partners[i],
                            sc->keyboard && sc->focus == i, !sc->keyboard && sc->hover == i,
                            win[i], 0, hc, target == i};
        m5d_art_cell(g, &st->cells[i], cx, cy, l->cell * k, m);
    }
    if (l->scrolled) {
        char s[120];
        snprintf(s, sizeof s, "Rows %d-%d, columns %c-%c of %d: the view follows the focus",
                 l->first_row + 1, l->first_row + l->rows, 'A' + l->first_col,
                 'A' + l->first_col + l->cols - 1, n);
        gfx_text(g, s, 960, M5D_VIEW_Y + M5D_VIEW_SIZE + 30, text(22, 0, GFX_CENTER, INK2));
    }
    if (!sc->cfg->reduced_sensory && sc->pulse_a >= 0 && now - sc->pulse_t < 600 &&
        !sc->rotating) {
        double a = 1 - (double)(now - sc->pulse_t) / 600;
        for (int k = 0; k < 2; k++) {
            double x, y, w, h;
            if (m5d_layout_cell_box(l, k ? sc->pulse_b : sc->pulse_a, &x, &y, &w, &h))
                gfx_rect(g, x, y, w, h, (gfx_color){255, 255, 255, (Uint8)(120 * a)});
        }
    }
    draw_north(sc, g);
}

static void modal(gfx *g, const char *title, const char *body, const char *b1, const char *b2,
                  int hc)
{
    gfx_rect(g, 0, 0, M5D_FIELD_W, 1000, (gfx_color){20, 24, 28, 120});
    box(g, 560, 300, 800, 360, PANEL, hc ? 0x000000 : 0x2F4858);
    gfx_text(g, title, 960, 350, text(40, 1, GFX_CENTER, INK));
    wrap(g, body, 600, 410, 720, text(27, 0, GFX_LEFT, INK), 36);
    if (b2) {
        button(g, 760, 560, 180, 64, b1, 1, 0, 1, hc);
        button(g, 980, 560, 180, 64, b2, 0, 0, 1, hc);
    } else {
        button(g, 840, 560, 240, 64, b1, 1, 0, 1, hc);
    }
}

/* Arcade: the local player's charges as buttons (1-4), the armed one lit (only on the
 * mover's buttons: the AI's power is not A's); a lesson frames the one its step asks for. */
static void draw_powers(m5d_scene *sc, gfx *g, int64_t now)
{
    const memory5d_state *st = &sc->st;
    int p = m5d_local_player(sc), hc = sc->cfg->high_contrast, cell, target;
    m5d_tutorial_target(sc, &cell, &target);
    for (int i = 0; i < MEMORY5D_POWERS; i++) {
        double x, y, w, h;
        m5d_power_button(i, &x, &y, &w, &h);
        int mine = st->turn == p;
        int showing = mine && st->armed == i && st->armed_spent && memory5d_reveal_active(st, now);
        int armed = (mine && memory5d_power_live(st, i)) || showing;
        char label[64];
        snprintf(label, sizeof label, "%d %s x%d%s", i + 1, m5d_power_titles[i],
                 st->loadout[p][i], showing ? " - showing" : armed ? " ARMED" : "");
        /* "2 Double Points x0 ARMED" is wider than its button at 19 px */
        gfx_text_style ts = ui_fit(g, label, text(19, 1, GFX_CENTER, armed ? 0xFFFFFF : INK),
                                   w - 16, 14);
        box(g, x, y, w, h, armed ? (hc ? 0x000000 : 0xB7791F) : st->loadout[p][i] ? 0xFFFFFF
                                                                                  : 0xE3DED5,
            hc ? 0x000000 : 0x8C8478);
        gfx_text(g, label, x + w / 2, y + h / 2, ts);
        if (i == target) { /* the lesson's pink target frame, as on a cell, inside the edge */
            gfx_color pink = GFX_RGB(0xD6338A);
            gfx_rect(g, x + 2, y + 2, w - 4, 6, pink);
            gfx_rect(g, x + 2, y + h - 8, w - 4, 6, pink);
            gfx_rect(g, x + 2, y + 8, 6, h - 16, pink);
            gfx_rect(g, x + w - 8, y + 8, 6, h - 16, pink);
        }
    }
}

static void draw_match(m5d_scene *sc, gfx *g, int64_t now)
{
    const memory5d_setup *s = &sc->def.setup;
    int hc = sc->cfg->high_contrast;
    char title[200];
    if (sc->tutorial)
        snprintf(title, sizeof title, "Tutorial %d/%d: %s", sc->lesson_index + 1,
                 sc->lesson_count, sc->lesson.title);
    else
        snprintf(title, sizeof title, "%s - %s - seed %u - %s",
                 s->mode == MEMORY5D_ARCADE ? "Arcade (unranked)" : "Classic",
                 difficulty_titles[s->difficulty], (unsigned)s->seed,
                 sc->vs_ai ? "against the AI" : "hot-seat");
    gfx_text(g, title, 40, 50, text(32, 1, GFX_LEFT, INK));
    if (sc->def.cfg.presets[s->difficulty].rotation) {
        char r[80];
        snprintf(r, sizeof r, "Quarter turns: %d - north edge: %s", sc->st.rotation,
                 (const char *[]){"top", "right", "bottom", "left"}[memory5d_north_marker(&sc->st)]);
        gfx_text(g, r, 1880, 50, text(26, 0, GFX_RIGHT, INK2));
    }
    draw_player(sc, g, 0, 40, 130, now);
    draw_player(sc, g, 1, 40, 450, now);
    int arcade = s->mode == MEMORY5D_ARCADE;
    if (sc->tutorial && sc->coach[0] && sc->lesson_phase == M5D_TUT_STEPS && arcade) {
        /* an Arcade lesson: the power buttons are below at 900, so a shorter box */
        box(g, 40, 762, 500, 128, 0xFFF6DA, hc ? 0x000000 : 0xD99A00);
        gfx_text(g, "Coach", 60, 784, text(22, 1, GFX_LEFT, INK));
        wrap(g, sc->coach, 60, 812, 462, text(21, 0, GFX_LEFT, INK), 26);
    } else if (sc->tutorial && sc->coach[0] && sc->lesson_phase == M5D_TUT_STEPS) {
        box(g, 40, 770, 500, 210, 0xFFF6DA, hc ? 0x000000 : 0xD99A00);
        gfx_text(g, "Coach", 64, 800, text(26, 1, GFX_LEFT, INK));
        wrap(g, sc->coach, 64, 840, 452, text(23, 0, GFX_LEFT, INK), 30);
    } else {
        const char *status = sc->st.status == MEMORY5D_WON    ? "The board is won."
                             : sc->st.status == MEMORY5D_DRAW ? "The board is drawn."
                             : (sc->st.pause_mask & MEMORY5D_PAUSE_RESOLUTION)
                                 ? "The board is turning..."
                             : (sc->st.pause_mask & MEMORY5D_PAUSE_INACTIVE_HOST)
                                 ? "Paused: the window is inactive."
                             : sc->vs_ai && sc->st.turn == 1 && !sc->tutorial
                                 ? "The AI is choosing..."
                                 : "Your move.";
        gfx_text(g, status, 60, 800, text(30, 1, GFX_LEFT, INK));
        gfx_text(g, "Enter/Space select - arrows, Home/End move", 60, 850,
                 text(22, 0, GFX_LEFT, INK2));
        gfx_text(g, "Escape cancels the anchor or leaves", 60, 880, text(22, 0, GFX_LEFT, INK2));
    }
    if (arcade)
        draw_powers(sc, g, now);
    draw_board(sc, g, now);
    draw_legend(sc, g);
    draw_inspector(sc, g);
    caption_bar(sc, g);
    if (sc->tutorial && sc->lesson_phase != M5D_TUT_STEPS)
        modal(g, sc->lesson_phase == M5D_TUT_INTRO ? sc->lesson.title : "Well done",
              sc->coach, sc->lesson_phase == M5D_TUT_INTRO ? "Continue" :
              sc->lesson_index + 1 < sc->lesson_count ? "Next lesson" : "Finish", NULL, hc);
    if (sc->leave_confirm)
        modal(g, sc->tutorial ? "Leave the tutorial?" : "Leave the match?",
              sc->tutorial ? "Lessons earn nothing; you can come back any time."
                           : "Leaving counts as abandoned: the other player wins and nobody "
                             "earns Star Points. The clock is paused.",
              "Leave", "Stay", hc);
}

/* ---------------------------------------------------------------- results */

static void draw_results(m5d_scene *sc, gfx *g)
{
    const memory5d_state *st = &sc->st;
    const memory5d_config *c = &sc->def.cfg;
    int hc = sc->cfg->high_contrast;
    char line[300];
    if (st->status == MEMORY5D_WON)
        snprintf(line, sizeof line, "%s the board", sc->vs_ai ? (st->winner == 0 ? "You win" : "The AI wins")
                                                             : (st->winner == 0 ? "Player A wins" : "Player B wins"));
    else if (st->status == MEMORY5D_DRAW)
        snprintf(line, sizeof line, "A draw (%s)", memory5d_end_reason_names[st->end_reason]);
    else
        snprintf(line, sizeof line, "Abandoned: %s wins", memory5d_player_names[st->winner]);
    gfx_text(g, line, 960, 110, text(70, 1, GFX_CENTER, INK));
    int mult = c->presets[sc->def.setup.difficulty].multiplier_permille;
    for (int p = 0; p < 2; p++) {
        double x = 200 + p * 800, y = 220;
        box(g, x, y, 720, 540, PANEL, hc ? 0x000000 : m5d_owner_rgb[p]);
        snprintf(line, sizeof line, "%s", sc->vs_ai ? (p == 0 ? "You (A)" : "AI (B)")
                                                    : (p == 0 ? "Player A" : "Player B"));
        gfx_text(g, line, x + 40, y + 50, text(40, 1, GFX_LEFT, INK));
        snprintf(line, sizeof line, "Mastery %lld", (long long)st->stats[p].mastery);
        gfx_text(g, line, x + 40, y + 120, text(36, 1, GFX_LEFT, INK));
        snprintf(line, sizeof line, "%d links, best streak %d, %d blocks, %d forks, %d misses, "
                 "%d timeouts", st->stats[p].links, st->stats[p].best_streak,
                 st->stats[p].blocks, st->stats[p].forks, st->stats[p].misses,
                 st->stats[p].timeouts);
        gfx_text(g, line, x + 40, y + 170, text(23, 0, GFX_LEFT, INK2));
        int bonus = 0, stars = memory5d_star_points(&sc->def, st, p, &bonus);
        snprintf(line, sizeof line, "Star Points %d", stars);
        gfx_text(g, line, x + 40, y + 240, text(36, 1, GFX_LEFT, INK));
        double ly = y + 300;
        if (stars == 0 && (st->status == MEMORY5D_ABANDONED ||
                           sc->def.setup.kind != MEMORY5D_MATCH_STANDARD)) {
            wrap(g, st->status == MEMORY5D_ABANDONED
                        ? "Abandoned matches earn no Star Points."
                        : "Tutorial and custom matches earn no Star Points.",
                 x + 40, ly, 640, text(25, 0, GFX_LEFT, INK), 34);
        } else {
            snprintf(line, sizeof line, "Completion %d%s + objectives %d (cap %d)",
                     c->stars.completion, st->winner == p && st->status == MEMORY5D_WON
                                              ? " + win 5" : "",
                     bonus, c->stars.objective_cap);
            gfx_text(g, line, x + 40, ly, text(25, 0, GFX_LEFT, INK));
            ly += 36;
            for (int i = 0; i < c->stars.objective_count; i++) {
                const memory5d_objective *o = &c->stars.objectives[i];
                int met = memory5d_objective_met(o, &st->stats[p]);
                snprintf(line, sizeof line, "%s %s (+%d)", met ? "[met]" : "[ - ]", o->id,
                         o->points);
                gfx_text(g, line, x + 60, ly, text(23, 0, GFX_LEFT, met ? INK : INK2));
                ly += 32;
            }
            snprintf(line, sizeof line, "x %d.%02d (%s), rounded once = %d", mult / 1000,
                     mult % 1000 / 10, difficulty_titles[sc->def.setup.difficulty], stars);
            gfx_text(g, line, x + 40, ly + 8, text(25, 0, GFX_LEFT, INK));
            gfx_text(g, "Streaks and Mastery never multiply Star Points.", x + 40, ly + 48,
                     text(21, 0, GFX_LEFT, INK2));
        }
    }
    if (sc->store) { /* the lobby's shop, with the balance this match's Star Points joined */
        double x, y, w, h;
        m5d_shop_row(M5D_SHOP_RESULTS, &x, &y, &w, &h);
        m5d_draw_shop(sc, g, M5D_SHOP_RESULTS, sc->keyboard && sc->results_focus == M5D_RES_SHOP,
                      x - 30);
    }
    static const char *const labels[M5D_RES_COUNT] = {"Play again", "Lobby", "Quit"};
    for (int i = 0; i < M5D_RES_COUNT; i++) {
        double x, y, w, h;
        m5d_results_button(i, &x, &y, &w, &h);
        button(g, x, y, w, h, labels[i], i == M5D_RES_AGAIN, sc->keyboard && sc->results_focus == i,
               1, hc);
    }
    caption_bar(sc, g);
}

void m5d_draw(m5d_scene *sc, gfx *g, int64_t now)
{
    sc->scale = gfx_view(g)->scale;
    gfx_rect(g, 0, 0, M5D_FIELD_W, M5D_FIELD_H, GFX_RGB(sc->cfg->high_contrast ? 0xFFFFFF : BG));
    if (sc->screen == M5D_LOBBY)
        draw_lobby(sc, g);
    else if (sc->screen == M5D_MATCH)
        draw_match(sc, g, now);
    else if (sc->screen == M5D_RECORDS)
        m5d_draw_records(sc, g);
    else if (sc->screen == M5D_DRAFT)
        m5d_draw_draft(sc, g, now);
    else
        draw_results(sc, g);
}
