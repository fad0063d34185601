/* Memory5D online screens (--connect): the online lobby (Ranked Classic per difficulty,
 * Arcade with the server's shop and inventory, the online Power Draft; the server-owned
 * profile), and the match and draft screens as the server says them: their input sends
 * intentions (memory5d_online.c), their drawing is the local screens' over the mirrored
 * state, with the connection's state over it whenever it is not up. The lobby's geometry is
 * here, beside its only user (the local lobby's rows are memory5d_layout.c's). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "memory5d_online.h"
#include "memory5d/memory5d_powers.h"

#define INK 0x2B2723
#define INK2 0x6B645A
#define PANEL 0xFBF8F2
#define ONLINE(sc) ((memory5d_online *)(sc)->online)

/* ---------------------------------------------------------------- lobby geometry */

enum { ROW_MODE, ROW_DIFFICULTY, ROW_SHOP, ROW_LOADOUT, ROW_FIND, ROW_QUIT, ROWS };
static const char *const row_labels[ROWS] = {"Mode", "Difficulty", "Shop", "Loadout", "", ""};

static int row_options(int row)
{
    return row == ROW_MODE ? M5O_MODES : row == ROW_FIND || row == ROW_QUIT ? 1 : 4;
}

/* The compact field (960x540): the title and the connection's state on one line, the profile
 * in a strip under them, then the rows from C_ROWS_TOP, their labels right-aligned before
 * C_OPTIONS_X; Find a match and Quit share the last row, the last match's result beside them. */
enum { C_ROWS_TOP = 112, C_OPTIONS_X = 140, C_ROW_GAP = 8 };

static void option_box(int row, int o, double *x, double *y, double *w, double *h)
{
    int k = row_options(row);
    if (memory5d_layout_compact()) {
        double t = ceil(memory5d_layout_min_target());
        int line = row == ROW_QUIT ? ROW_FIND : row;
        *h = t > 52 ? t : 52;
        *y = C_ROWS_TOP + line * (*h + C_ROW_GAP);
        if (row >= ROW_FIND) { /* Find a match wide enough for "Waiting for an opponent..." */
            *w = row == ROW_FIND ? 260 : 160;
            *x = row == ROW_FIND ? C_OPTIONS_X : C_OPTIONS_X + 260 + 16;
            return;
        }
        *w = (944 - C_OPTIONS_X - (k - 1) * 12) / k;
        *x = C_OPTIONS_X + o * (*w + 12);
        return;
    }
    /* the option rows run up to the profile panel (x 1360): a quarter of it holds a power's
     * short name and its counts at the button's full label size */
    double total = row == ROW_FIND || row == ROW_QUIT ? 460 : 1064;
    *w = (total - (k - 1) * 16) / k;
    *x = 270 + o * (*w + 16);
    *y = 250 + row * 96;
    *h = 70;
}

static int lobby_hit(double px, double py, int *row, int *o)
{
    for (int r = 0; r < ROWS; r++)
        for (int i = 0; i < row_options(r); i++) {
            double x, y, w, h;
            option_box(r, i, &x, &y, &w, &h);
            if (px >= x && px < x + w && py >= y && py < y + h) {
                *row = r;
                *o = i;
                return 1;
            }
        }
    return 0;
}

/* ---------------------------------------------------------------- lobby */

static const char *const mode_titles[M5O_MODES] = {"Ranked Classic", "Arcade", "Power Draft"};
/* the powers' names short enough for a quarter of the row with a count beside them */
static const char *const short_titles[MEMORY5D_POWERS] = {"Reveal", "Double Pts", "Wildcard",
                                                          "Extra Turn"};
/* and shorter still, for counts too long beside them in a small window, where the label
 * cannot shrink under the readable size (the full names are in the profile panel) */
static const char *const tiny_titles[MEMORY5D_POWERS] = {"Reveal", "Double", "Wild", "Extra"};

/* A power's button label, "TITLE COUNTS", in the first of its titles that fits the button. */
static void power_label(gfx *g, int power, const char *counts, double w, double h, char *out,
                        size_t n)
{
    snprintf(out, n, "%s %s", short_titles[power], counts);
    if (!memory5d_kit_button_fits(g, w, h, out))
        snprintf(out, n, "%s %s", tiny_titles[power], counts);
}

static void loadout_toggle(memory5d_scene_state *sc, int power, int64_t now)
{
    memory5d_online *o = ONLINE(sc);
    memory5d_inventory inv = {0};
    for (int p = 0; p < MEMORY5D_POWERS; p++)
        inv.owned[p] = o->inventory[p] - o->loadout[p];
    int rc = memory5d_loadout_add(&sc->rules, &inv, o->loadout, power);
    if (rc == MEMORY5D_OK)
        memory5d_caption(sc, now, "Loadout: %s x%d, from the server's inventory.",
                         memory5d_ui_power_titles[power], o->loadout[power]);
    else if (o->loadout[power] > 0) {
        o->loadout[power] = 0;
        memory5d_caption(sc, now, "Loadout: %s removed.", memory5d_ui_power_titles[power]);
    } else
        memory5d_caption(sc, now, "%s", rc == MEMORY5D_R_NO_CHARGE
                                            ? "Your server inventory holds no charge of that "
                                              "power: buy one in the shop."
                                            : "The loadout is full.");
}

static void activate(memory5d_scene_state *sc, int row, int opt, int64_t now)
{
    memory5d_online *o = ONLINE(sc);
    if (o->phase == M5O_QUEUED && (row == ROW_MODE || row == ROW_DIFFICULTY || row == ROW_LOADOUT)) {
        /* the queue was joined with these: changing them now would not change it */
        memory5d_caption(sc, now, "You are waiting in a queue: Stop waiting first to change "
                                  "the mode, difficulty or loadout.");
        audio_play(sc->env.audio, AUDIO_SFX_INVALID);
        return;
    }
    switch (row) {
    case ROW_MODE:
        o->mode = opt;
        memory5d_caption(sc, now, "%s", opt == M5O_RANKED
                                            ? "Ranked Classic: no powers; the result moves both "
                                              "players' Elo for this difficulty."
                                        : opt == M5O_ARCADE
                                            ? "Arcade: unranked; the loadout comes from your "
                                              "server inventory."
                                            : "Power Draft: unranked; both loadouts are drafted "
                                              "from a public pool on the server's deadlines.");
        break;
    case ROW_DIFFICULTY: o->difficulty = opt; break;
    case ROW_SHOP:
        o->power_focus = opt;
        memory5d_online_buy(sc, opt, now);
        return;
    case ROW_LOADOUT:
        o->power_focus = opt;
        if (o->mode != M5O_ARCADE) {
            memory5d_caption(sc, now, "A loadout is for Arcade: choose Arcade first.");
            return;
        }
        loadout_toggle(sc, opt, now);
        return;
    case ROW_FIND:
        if (memory5d_online_can_stop_waiting(sc, now))
            memory5d_online_unqueue(sc, now);
        else
            memory5d_online_queue(sc, now); /* says so when already waiting */
        return;
    case ROW_QUIT: sc->quit = 1; return;
    default: return;
    }
    audio_play(sc->env.audio, AUDIO_SFX_BUTTON_CONFIRM);
}

static int current(const memory5d_scene_state *sc, int row)
{
    const memory5d_online *o = ONLINE(sc);
    return row == ROW_MODE ? o->mode : row == ROW_DIFFICULTY ? o->difficulty
           : row == ROW_SHOP || row == ROW_LOADOUT ? o->power_focus : 0;
}

void memory5d_online_lobby_input(memory5d_scene_state *sc, const player_input *in, int64_t now)
{
    memory5d_online *o = ONLINE(sc);
    int row, opt;
    if (in->kind == PIN_CLICK || in->kind == PIN_TOUCH_UP) {
        sc->keyboard = 0;
        if (lobby_hit(in->x, in->y, &row, &opt)) {
            o->row = row;
            activate(sc, row, opt, now);
        }
        return;
    }
    if (in->kind == PIN_MOVE && lobby_hit(in->x, in->y, &row, &opt)) {
        o->row = row;
        return;
    }
    if (in->kind != PIN_KEY)
        return;
    sc->keyboard = 1;
    row = o->row;
    switch (in->key) {
    case PK_UP: o->row = (row + ROWS - 1) % ROWS; break;
    case PK_DOWN:
    case PK_TAB: o->row = (row + 1) % ROWS; break;
    case PK_LEFT:
    case PK_RIGHT: {
        int v = current(sc, row) + (in->key == PK_LEFT ? -1 : 1);
        if (v < 0 || v >= row_options(row))
            break;
        if (row == ROW_SHOP || row == ROW_LOADOUT)
            o->power_focus = v;
        else
            activate(sc, row, v, now);
        break;
    }
    case PK_ENTER:
    case PK_SPACE:
        activate(sc, row,
                 row == ROW_MODE         ? (o->mode + 1) % M5O_MODES
                 : row == ROW_DIFFICULTY ? (o->difficulty + 1) % MEMORY5D_DIFFICULTIES
                                         : current(sc, row),
                 now);
        break;
    case PK_ESCAPE: /* stops the wait first; from the lobby itself, leaves */
        if (o->phase == M5O_QUEUED)
            memory5d_online_unqueue(sc, now);
        else
            sc->quit = 1;
        break;
    default: break;
    }
}

/* The connection's state, over any online screen while it is not up. */
static void draw_connection(memory5d_scene_state *sc, gfx *g, int64_t now, double y)
{
    char s[400];
    if (memory5d_online_status(sc, now, s, sizeof s))
        return;
    int hc = sc->cfg->high_contrast;
    const char *title = ONLINE(sc)->phase == M5O_MATCH
                            ? "Not connected: the server's clock keeps running"
                            : "Not connected to the match server";
    if (memory5d_layout_compact()) {
        /* across the compact field's middle, the state wrapped under the title */
        double t = fmax(18, memory5d_layout_min_text()), lh = t * 1.25;
        memory5d_kit_box(g, 40, 170, 880, 130, 0xFBE3DC, hc ? 0x000000 : 0xC2412D);
        gfx_text_style st = memory5d_kit_style(24, 1, GFX_CENTER, INK);
        gfx_text(g, title, 480, 200, memory5d_kit_fit(g, title, st, 840, 0));
        memory5d_kit_wrap(g, s, 70, 240, 820, memory5d_kit_style(t, 0, GFX_LEFT, INK), lh);
        return;
    }
    memory5d_kit_box(g, 360, y, 1200, 96, 0xFBE3DC, hc ? 0x000000 : 0xC2412D);
    gfx_text_style st = memory5d_kit_style(28, 1, GFX_CENTER, INK);
    gfx_text(g, title, 960, y + 30, st);
    memory5d_kit_say(g, s, 960, y + 68, memory5d_kit_style(22, 0, GFX_CENTER, INK));
}

/* The compact lobby's header: the title and the connection's state, the server-owned profile
 * in a strip (its Ranked Classic Elo per difficulty and Star Points; the inventory is in the
 * Loadout row's counts), and the last match's result or problem under it. (gfx_text measures
 * at most 95 bytes: long texts are measured with memory5d_kit_say_width.) */
static void draw_header_compact(memory5d_scene_state *sc, gfx *g, int64_t now)
{
    memory5d_online *o = ONLINE(sc);
    int hc = sc->cfg->high_contrast;
    double t = fmax(22, memory5d_layout_min_text()), small = fmax(18, memory5d_layout_min_text());
    char s[400];
    double tw = memory5d_kit_say(g, "Memory5D online", 16, 22,
                                 memory5d_kit_style(30, 1, GFX_LEFT, INK));
    /* the connection's state beside the title: one line, else two smaller ones (a lost
     * connection says why and when it retries) */
    int up = memory5d_online_status(sc, now, s, sizeof s);
    double sx = 16 + tw + 24, sw = 944 - sx;
    Uint32 ink = up ? INK2 : 0xC2412D;
    gfx_text_style st = memory5d_kit_style(small, !up, GFX_LEFT, ink);
    if (memory5d_kit_say_width(g, s, st) <= sw)
        memory5d_kit_say(g, s, sx, 22,
                         memory5d_kit_fit(g, s, memory5d_kit_style(t, !up, GFX_LEFT, ink), sw, 0));
    else
        memory5d_kit_wrap(g, s, sx, 12, sw, st, small * 1.1);
    /* the problem first (it says why the connection restarts), else the last result: beside
     * Find a match and Quit in up to three lines, else (a long one) in the profile's place */
    const char *msg = o->problem[0] ? o->problem : o->result;
    gfx_text_style ms = memory5d_kit_style(small, 0, GFX_LEFT, o->problem[0] ? 0xC2412D : INK);
    double qx, qy, qw, qh, lh = small * 1.12;
    option_box(ROW_QUIT, 0, &qx, &qy, &qw, &qh);
    double mx = qx + qw + 16, mw = 944 - mx;
    if (msg[0] && memory5d_kit_say_width(g, msg, ms) > 3 * mw * 0.9) {
        memory5d_kit_wrap(g, msg, 16, 52, 928, ms, lh);
        return;
    }
    if (msg[0]) {
        /* the lines it takes, centred on the row */
        int lines = (int)ceil(memory5d_kit_say_width(g, msg, ms) / (mw * 0.9));
        memory5d_kit_wrap(g, msg, mx, qy + qh / 2 - (lines - 1) * lh / 2, mw, ms, lh);
    }
    memory5d_kit_box(g, 16, 42, 928, 42, PANEL, hc ? 0x000000 : 0x8C8478);
    if (!o->have_profile) {
        memory5d_kit_say(g, "Signing in...", 30, 63, memory5d_kit_style(t, 0, GFX_LEFT, INK2));
        return;
    }
    double nw = memory5d_kit_say(g, o->name, 30, 63, memory5d_kit_style(t, 1, GFX_LEFT, INK));
    char sp[60];
    snprintf(sp, sizeof sp, "Star Points %lld", (long long)o->star_points);
    double spw = memory5d_kit_say(g, sp, 930, 63, memory5d_kit_style(t, 1, GFX_RIGHT, INK));
    int n = snprintf(s, sizeof s, "Ranked Elo:");
    for (int d = 0; d < MEMORY5D_DIFFICULTIES && n < (int)sizeof s; d++)
        n += snprintf(s + n, sizeof s - n, "%s %s %d", d ? "," : "",
                      memory5d_ui_difficulty_titles[d], o->elo[d]);
    double ex = 30 + nw + 24;
    memory5d_kit_say(g, s, ex, 63,
                     memory5d_kit_fit(g, s, memory5d_kit_style(t, 0, GFX_LEFT, INK),
                                      930 - spw - 24 - ex, 0));
}

void memory5d_online_lobby_draw(memory5d_scene_state *sc, gfx *g, int64_t now)
{
    memory5d_online *o = ONLINE(sc);
    int hc = sc->cfg->high_contrast;
    char s[400];
    int compact = memory5d_layout_compact(), up;
    if (compact) {
        draw_header_compact(sc, g, now);
        up = memory5d_online_status(sc, now, s, sizeof s);
    } else {
        gfx_text(g, "Memory5D online", 960, 80, memory5d_kit_style(72, 1, GFX_CENTER, INK));
        up = memory5d_online_status(sc, now, s, sizeof s);
        memory5d_kit_say(g, s, 960, 150,
                         memory5d_kit_style(28, !up, GFX_CENTER, up ? INK2 : 0xC2412D));
    }
    for (int r = 0; r < ROWS; r++) {
        double x, y, w, h;
        option_box(r, 0, &x, &y, &w, &h);
        if (row_labels[r][0] && compact)
            gfx_text(g, row_labels[r], x - 16, y + h / 2,
                     memory5d_kit_fit(g, row_labels[r], memory5d_kit_style(24, 1, GFX_RIGHT, INK),
                                      x - 16 - 12, 0));
        else if (row_labels[r][0])
            gfx_text(g, row_labels[r], x - 30, y + h / 2, memory5d_kit_style(32, 1, GFX_RIGHT, INK));
        char label[4][80], counts[40];
        const char *labels[4];
        int on[4] = {0}, enabled[4] = {1, 1, 1, 1};
        for (int i = 0; i < row_options(r); i++) {
            option_box(r, i, &x, &y, &w, &h);
            labels[i] = label[i];
            switch (r) {
            case ROW_MODE:
                snprintf(label[i], sizeof label[i], "%s", mode_titles[i]);
                on[i] = o->mode == i;
                enabled[i] = o->phase != M5O_QUEUED || on[i];
                break;
            case ROW_DIFFICULTY:
                snprintf(label[i], sizeof label[i], "%s", memory5d_ui_difficulty_titles[i]);
                on[i] = o->difficulty == i;
                enabled[i] = o->phase != M5O_QUEUED || on[i];
                break;
            case ROW_SHOP:
                snprintf(counts, sizeof counts, "%d", sc->rules.power_price[i]);
                power_label(g, i, counts, w, h, label[i], sizeof label[i]);
                enabled[i] = o->have_profile && o->star_points >= sc->rules.power_price[i];
                break;
            case ROW_LOADOUT:
                snprintf(counts, sizeof counts, "%d/%d", o->loadout[i], o->inventory[i]);
                power_label(g, i, counts, w, h, label[i], sizeof label[i]);
                on[i] = o->loadout[i] > 0;
                enabled[i] = o->mode == M5O_ARCADE && o->inventory[i] > 0 &&
                             o->phase != M5O_QUEUED;
                break;
            case ROW_FIND:
                snprintf(label[i], sizeof label[i], "%s",
                         memory5d_online_can_stop_waiting(sc, now) ? "Stop waiting"
                         : o->phase == M5O_QUEUED                 ? "Waiting for an opponent..."
                                                                  : "Find a match");
                on[i] = 1;
                enabled[i] = up && (o->phase == M5O_LOBBY || memory5d_online_can_stop_waiting(sc, now));
                break;
            default: snprintf(label[i], sizeof label[i], "Quit"); break;
            }
        }
        /* compact: a row's labels in one size, the size its longest fits at */
        double size = compact ? memory5d_kit_buttons_size(g, w, h, labels, row_options(r)) : 0;
        for (int i = 0; i < row_options(r); i++) {
            option_box(r, i, &x, &y, &w, &h);
            int focus = sc->keyboard && o->row == r &&
                        (row_options(r) == 1 || i == current(sc, r));
            if (compact)
                memory5d_kit_button_sized(g, x, y, w, h, label[i], size, on[i], focus, enabled[i],
                                          hc);
            else
                memory5d_kit_button(g, x, y, w, h, label[i], on[i], focus, enabled[i], hc);
        }
    }
    if (compact) {
        memory5d_kit_caption_bar(g, sc->caption);
        return;
    }
    /* the server-owned profile */
    memory5d_kit_box(g, 1360, 250, 500, 520, PANEL, hc ? 0x000000 : 0x8C8478);
    gfx_text(g, o->have_profile ? o->name : "Profile", 1390, 290,
             memory5d_kit_style(32, 1, GFX_LEFT, INK));
    if (o->have_profile) {
        gfx_text(g, "Ranked Classic Elo", 1390, 345, memory5d_kit_style(24, 1, GFX_LEFT, INK2));
        for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++) {
            snprintf(s, sizeof s, "%s  %d", memory5d_ui_difficulty_titles[d], o->elo[d]);
            gfx_text(g, s, 1390 + (d % 2) * 230, 390 + (d / 2) * 40,
                     memory5d_kit_style(26, d == o->difficulty, GFX_LEFT, INK));
        }
        snprintf(s, sizeof s, "Star Points: %lld", (long long)o->star_points);
        gfx_text(g, s, 1390, 500, memory5d_kit_style(26, 1, GFX_LEFT, INK));
        gfx_text(g, "Server inventory", 1390, 555, memory5d_kit_style(24, 1, GFX_LEFT, INK2));
        for (int p = 0; p < MEMORY5D_POWERS; p++) {
            snprintf(s, sizeof s, "%s x%d", memory5d_ui_power_titles[p], o->inventory[p]);
            gfx_text(g, s, 1390 + (p % 2) * 230, 600 + (p / 2) * 40,
                     memory5d_kit_style(24, 0, GFX_LEFT, INK));
        }
        gfx_text(g, "Kept by the server; Arcade only.", 1390, 720,
                 memory5d_kit_style(20, 0, GFX_LEFT, INK2));
    } else {
        gfx_text(g, "Signing in...", 1390, 345, memory5d_kit_style(24, 0, GFX_LEFT, INK2));
    }
    if (o->result[0])
        memory5d_kit_wrap(g, o->result, 300, 850, 1560, memory5d_kit_style(26, 1, GFX_LEFT, INK), 34);
    if (o->problem[0])
        memory5d_kit_wrap(g, o->problem, 300, 930, 1560,
                          memory5d_kit_style(22, 0, GFX_LEFT, 0xC2412D), 28);
    memory5d_kit_caption_bar(g, sc->caption);
}

/* ---------------------------------------------------------------- match */

void memory5d_online_match_update(memory5d_scene_state *sc, int64_t now)
{
    memory5d_online_update(sc, now);
    if (sc->screen != MEMORY5D_SCREEN_ONLINE_MATCH)
        return;
    if (sc->st.status != MEMORY5D_PLAYING) {
        if (sc->end_t && now >= sc->end_t + M5O_END_MS)
            memory5d_goto(sc, MEMORY5D_SCREEN_ONLINE_LOBBY, now);
        return;
    }
    int64_t left = memory5d_clock_remaining(&sc->def, &sc->st, now);
    if (!sc->warned && left <= MEMORY5D_WARN_MS && left > 0 && sc->st.turn == ONLINE(sc)->seat) {
        sc->warned = 1;
        memory5d_caption(sc, now, "You have 5 seconds left on the server's clock. [sound: tick]");
        audio_play(sc->env.audio, AUDIO_SFX_TALLY_TICK);
    }
}

int64_t memory5d_online_match_next_change(const memory5d_scene_state *sc, int64_t drawn)
{
    int64_t a = memory5d_match_screen_next_change(sc, drawn),
            b = memory5d_online_next_change(sc, drawn);
    if (sc->st.status != MEMORY5D_PLAYING && sc->end_t && sc->end_t + M5O_END_MS < b)
        b = sc->end_t + M5O_END_MS;
    return a < b ? a : b;
}

static void focus_to(memory5d_scene_state *sc, int cell, int64_t now)
{
    char label[300];
    sc->focus = cell;
    sc->keyboard = 1;
    memory5d_layout_board(&sc->lay, sc->st.size, sc->scale, sc->focus, &sc->scroll_r,
                          &sc->scroll_c);
    memory5d_ui_cell_label(sc, cell, now, label, sizeof label);
    memory5d_caption(sc, now, "%s", label);
}

/* Escape with no anchor, or the Leave button: twice within 3 s resigns (the server's clock
 * does not stop for a dialog, so there is none). */
static void ask_resign(memory5d_scene_state *sc, int64_t now, const char *how)
{
    memory5d_online *o = ONLINE(sc);
    if (o->escape_t && now - o->escape_t <= M5O_RESIGN_MS) {
        o->escape_t = 0;
        memory5d_online_resign(sc, now);
        return;
    }
    o->escape_t = now;
    memory5d_caption(sc, now, "%s again within 3 s to resign: the other player wins (the server's "
                              "clock keeps running).", how);
}

void memory5d_online_match_input(memory5d_scene_state *sc, const player_input *in, int64_t now)
{
    memory5d_online *o = ONLINE(sc);
    const memory5d_state *st = &sc->st;
    memory5d_layout_board(&sc->lay, st->size, sc->scale, sc->focus, &sc->scroll_r, &sc->scroll_c);
    int arcade = sc->def.setup.mode == MEMORY5D_ARCADE;
    if (st->status != MEMORY5D_PLAYING) { /* the finished board: any key or click leaves */
        if ((in->kind == PIN_KEY && in->key != PK_NONE) || in->kind == PIN_CLICK)
            memory5d_goto(sc, MEMORY5D_SCREEN_ONLINE_LOBBY, now);
        return;
    }
    if (memory5d_match_screen_legend_input(sc, in, now)) /* compact: the Legend drawer */
        return;
    switch (in->kind) {
    case PIN_MOVE:
    case PIN_TOUCH_MOVE:
        sc->hover = memory5d_layout_hit(&sc->lay, in->x, in->y);
        sc->keyboard = 0;
        return;
    case PIN_CLICK:
    case PIN_TOUCH_UP: {
        int cell = memory5d_layout_hit(&sc->lay, in->x, in->y);
        int power = arcade ? memory5d_layout_pick(memory5d_layout_power_button, MEMORY5D_POWERS,
                                                  in->x, in->y)
                           : -1;
        double lx, ly, lw, lh;
        memory5d_layout_leave_button(&lx, &ly, &lw, &lh);
        sc->keyboard = 0;
        if (in->x >= lx && in->x < lx + lw && in->y >= ly && in->y < ly + lh)
            ask_resign(sc, now, "Click Leave");
        else if (power >= 0)
            memory5d_online_power(sc, power, now);
        else if (cell >= 0) {
            sc->focus = cell;
            memory5d_online_select(sc, cell, now);
        }
        return;
    }
    case PIN_KEY: break;
    default: return;
    }
    int move = memory5d_kit_key_move(in->key);
    if (move < 0)
        switch (in->key) {
        case PK_ENTER:
        case PK_SPACE:
            sc->keyboard = 1;
            memory5d_online_select(sc, sc->focus, now);
            return;
        case PK_ESCAPE:
            if (st->anchor != MEMORY5D_NO_CELL && st->turn == o->seat) {
                memory5d_online_select(sc, st->anchor, now); /* the anchor again cancels it */
            } else {
                ask_resign(sc, now, "Press Escape");
            }
            return;
        default:
            if (in->ch == 'l' || in->ch == 'L') {
                /* Classic marks the anchor's partners: L walks the focus through them (and,
                 * with no anchor, through the cells that have one) */
                int c = memory5d_online_next_linkable(sc, sc->focus);
                if (c >= 0)
                    focus_to(sc, c, now);
                else
                    memory5d_caption(sc, now, "%s", arcade ? "Arcade hides partners: that is "
                                                             "what a Reveal is for."
                                                           : "No cell can link now.");
            } else if (arcade && in->ch >= '1' && in->ch <= '4') {
                memory5d_online_power(sc, in->ch - '1', now);
            }
            return;
        }
    sc->focus = memory5d_layout_focus_move(st->size, sc->focus, move, !!(in->mods & PMOD_CTRL));
    focus_to(sc, sc->focus, now);
}

void memory5d_online_match_draw(memory5d_scene_state *sc, gfx *g, int64_t now)
{
    memory5d_match_screen_draw(sc, g, now);
    draw_connection(sc, g, now, 70);
}

/* ---------------------------------------------------------------- draft */

void memory5d_online_draft_input(memory5d_scene_state *sc, const player_input *in, int64_t now)
{
    if (in->kind == PIN_CLICK || in->kind == PIN_TOUCH_UP) {
        sc->keyboard = 0;
        int i = memory5d_layout_pick(memory5d_layout_draft_card, MEMORY5D_POWERS, in->x, in->y);
        if (i >= 0) {
            sc->draft_focus = i;
            memory5d_online_pick(sc, i, now);
        }
        return;
    }
    if (in->kind != PIN_KEY)
        return;
    sc->keyboard = 1;
    if (in->ch >= '1' && in->ch <= '4')
        memory5d_online_pick(sc, in->ch - '1', now);
    else if (in->key == PK_LEFT && sc->draft_focus > 0)
        sc->draft_focus--;
    else if (in->key == PK_RIGHT && sc->draft_focus < MEMORY5D_POWERS - 1)
        sc->draft_focus++;
    else if (in->key == PK_ENTER || in->key == PK_SPACE)
        memory5d_online_pick(sc, sc->draft_focus, now);
}

void memory5d_online_draft_draw(memory5d_scene_state *sc, gfx *g, int64_t now)
{
    memory5d_draft_screen_draw(sc, g, now);
    draw_connection(sc, g, now, 330);
}
