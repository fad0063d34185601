/* Memory5D lobby screen: the match choices (Classic, Arcade or a Power Draft; AI or hot-seat;
 * difficulty; seed), the Arcade loadout (the core's caps, the profile's inventory), the
 * accessibility modes saved in the settings file, the shop row (memory5d_shop.c), and the ways on
 * (Play, Tutorial, Records, Quit). Mouse, touch and keyboard; and its drawing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memory5d_ui.h"
#include "memory5d/memory5d_powers.h"

#define INK 0x2B2723
#define INK2 0x6B645A

static void commit_seed(memory5d_scene_state *sc)
{
    sc->seed_editing = 0;
    if (!sc->seed_text[0])
        memory5d_set_seed(sc, sc->seed);
    else {
        memory5d_set_seed(sc, (uint32_t)strtoul(sc->seed_text, NULL, 10));
        sc->seed_chosen = 1;
    }
}

/* Adds one owned charge of power to the loadout through the core's caps; when none can be
 * added, that power's charges leave the loadout (so the row cycles). */
static void loadout_toggle(memory5d_scene_state *sc, int power, int64_t now)
{
    memory5d_inventory inv = {0};
    for (int p = 0; p < MEMORY5D_POWERS; p++)
        inv.owned[p] = (int)memory5d_owned(sc, p) - sc->loadout[p];
    int rc = memory5d_loadout_add(&sc->rules, &inv, sc->loadout, power);
    if (rc == MEMORY5D_OK) {
        memory5d_caption(sc, now, "Loadout: %s x%d (at most %d charges, %d Extra Turn).",
                         memory5d_ui_power_titles[power], sc->loadout[power],
                         sc->rules.loadout_max_charges, sc->rules.loadout_max_extra_turn);
    } else if (sc->loadout[power] > 0) {
        sc->loadout[power] = 0;
        memory5d_caption(sc, now, "Loadout: %s removed.", memory5d_ui_power_titles[power]);
    } else {
        memory5d_caption(sc, now, "%s",
                         rc == MEMORY5D_R_NO_CHARGE
                             ? "You own no charge of that power: buy one in the shop."
                             : "The loadout is full: at most 3 charges and 1 Extra "
                               "Turn.");
        audio_play(sc->env.audio, AUDIO_SFX_INVALID);
        return;
    }
    audio_play(sc->env.audio, AUDIO_SFX_BUTTON_CONFIRM);
}

/* Activates option o of row (mouse click, Enter, or Left/Right on a choice row). */
static void activate(memory5d_scene_state *sc, int row, int o, int64_t now)
{
    int *toggle = NULL;
    switch (row) {
    case MEMORY5D_ROW_MODE:
        sc->arcade = o >= 1;
        sc->draft_mode = o == 2;
        memory5d_caption(sc, now, "%s",
                         o == 2 ? "Arcade with a Power Draft: both loadouts are "
                                  "drafted from a public pool; never ranked."
                         : o    ? "Arcade: powers from your loadout; never ranked, no Elo."
                                : "Classic: no powers; against the AI it is ranked (Elo).");
        break;
    case MEMORY5D_ROW_SHOP:
        sc->power_focus = o;
        memory5d_shop_buy(sc, o, now);
        return;
    case MEMORY5D_ROW_LOADOUT:
        sc->power_focus = o;
        loadout_toggle(sc, o, now);
        return;
    case MEMORY5D_ROW_OPPONENT: sc->vs_ai = o == 0; break;
    case MEMORY5D_ROW_DIFFICULTY: sc->difficulty = o; break;
    case MEMORY5D_ROW_SEED:
        if (o == 0) {
            if (sc->seed_editing)
                commit_seed(sc);
            else {
                sc->seed_editing = 1;
                sc->seed_text[0] = '\0';
                memory5d_caption(sc, now, "Type the board seed's digits, then Enter.");
            }
        } else {
            memory5d_set_seed(sc, memory5d_next_seed(sc));
        }
        break;
    case MEMORY5D_ROW_MOTION: toggle = &sc->cfg->reduced_motion; break;
    case MEMORY5D_ROW_SENSORY: toggle = &sc->cfg->reduced_sensory; break;
    case MEMORY5D_ROW_CONTRAST: toggle = &sc->cfg->high_contrast; break;
    case MEMORY5D_ROW_PLAY:
        /* a new board for every new match, unless the player typed the seed: replaying
         * a board on purpose is a restart (memory5d_play_match) */
        if (sc->seed_editing)
            commit_seed(sc);
        if (!sc->seed_chosen && memory5d_board_played(sc, sc->seed, sc->difficulty))
            memory5d_set_seed(sc, memory5d_next_seed(sc));
        memory5d_play_start(sc, 0, now);
        return;
    case MEMORY5D_ROW_TUTORIAL: memory5d_play_start(sc, 1, now); return;
    case MEMORY5D_ROW_RECORDS: memory5d_goto(sc, MEMORY5D_SCREEN_RECORDS, now); return;
    case MEMORY5D_ROW_QUIT: sc->quit = 1; return;
    default: return;
    }
    if (toggle) {
        *toggle = !*toggle;
        memory5d_save_settings(sc);
    }
    audio_play(sc->env.audio, AUDIO_SFX_BUTTON_CONFIRM);
}

static int current_option(const memory5d_scene_state *sc, int row)
{
    switch (row) {
    case MEMORY5D_ROW_OPPONENT: return sc->vs_ai ? 0 : 1;
    case MEMORY5D_ROW_DIFFICULTY: return sc->difficulty;
    case MEMORY5D_ROW_MODE: return sc->arcade + sc->draft_mode;
    case MEMORY5D_ROW_SHOP:
    case MEMORY5D_ROW_LOADOUT: return sc->power_focus;
    default: return 0;
    }
}

/* The compact lobby's list box: a pointer pressed in it pans it by whole rows when it moves
 * (a drag, mouse or finger), and presses the option under it when it lifts without moving.
 * 1 when the input was the list's. */
static int list_input(memory5d_scene_state *sc, const player_input *in, int64_t now)
{
    double bx, by, bw, bh;
    memory5d_layout_lobby_list_box(&bx, &by, &bw, &bh);
    int down = in->kind == PIN_CLICK || in->kind == PIN_TOUCH_DOWN;
    if (down) {
        if (in->x < bx || in->x >= bx + bw || in->y < by || in->y >= by + bh)
            return 0;
        sc->keyboard = 0;
        sc->lobby_press = 1;
        sc->lobby_dragged = 0;
        sc->lobby_press_x = in->x;
        sc->lobby_press_y = in->y;
        sc->lobby_press_first = sc->lobby_first;
        return 1;
    }
    if (!sc->lobby_press)
        return 0;
    if (in->kind == PIN_MOVE || in->kind == PIN_TOUCH_MOVE) {
        double dy = sc->lobby_press_y - in->y, pitch = memory5d_layout_min_target() + 10;
        if (!sc->lobby_dragged && dy * dy + (sc->lobby_press_x - in->x) * (sc->lobby_press_x - in->x) <
                                      (pitch / 4) * (pitch / 4))
            return 1;
        if (!sc->lobby_dragged && sc->seed_editing) /* a press elsewhere ends the typing */
            commit_seed(sc);
        sc->lobby_dragged = 1;
        int k = (int)(dy >= 0 ? dy / pitch + 0.5 : dy / pitch - 0.5);
        memory5d_layout_set_lobby_first(sc->lobby_press_first + k);
        sc->lobby_first = memory5d_layout_lobby_first();
        return 1;
    }
    if (in->kind == PIN_RELEASE || in->kind == PIN_TOUCH_UP) {
        int row, o, tap = !sc->lobby_dragged;
        sc->lobby_press = sc->lobby_dragged = 0;
        if (tap && memory5d_layout_lobby_hit(sc->lobby_press_x, sc->lobby_press_y, &row, &o)) {
            if (sc->seed_editing && row != MEMORY5D_ROW_SEED)
                commit_seed(sc);
            sc->lobby_focus = row;
            activate(sc, row, o, now);
        }
        return 1;
    }
    return 0;
}

void memory5d_lobby_screen_input(memory5d_scene_state *sc, const player_input *in, int64_t now)
{
    int row, o;
    if (memory5d_layout_compact()) {
        memory5d_layout_set_lobby_first(sc->lobby_first);
        if (list_input(sc, in, now))
            return;
    }
    if (in->kind == PIN_CLICK || in->kind == PIN_TOUCH_UP) {
        sc->keyboard = 0;
        if (memory5d_layout_lobby_hit(in->x, in->y, &row, &o)) {
            if (sc->seed_editing && row != MEMORY5D_ROW_SEED)
                commit_seed(sc);
            sc->lobby_focus = row;
            activate(sc, row, o, now);
        }
        return;
    }
    if (in->kind == PIN_MOVE && memory5d_layout_lobby_hit(in->x, in->y, &row, &o)) {
        sc->lobby_focus = row;
        sc->keyboard = 0;
        return;
    }
    if (in->kind != PIN_KEY)
        return;
    sc->keyboard = 1;
    if (sc->seed_editing) {
        size_t len = strlen(sc->seed_text);
        if (in->ch >= '0' && in->ch <= '9' && len < 10) {
            sc->seed_text[len] = in->ch;
            sc->seed_text[len + 1] = '\0';
        } else if (in->key == PK_BACKSPACE && len) {
            sc->seed_text[len - 1] = '\0';
        } else if (in->key == PK_ENTER || in->key == PK_ESCAPE || in->key == PK_TAB) {
            commit_seed(sc);
        }
        return;
    }
    row = sc->lobby_focus;
    int power_was = sc->power_focus;
    switch (in->key) {
    case PK_UP: sc->lobby_focus = (row + MEMORY5D_ROWS - 1) % MEMORY5D_ROWS; break;
    case PK_TAB:
        sc->lobby_focus = (row + (in->mods & PMOD_SHIFT ? MEMORY5D_ROWS - 1 : 1)) % MEMORY5D_ROWS;
        break;
    case PK_DOWN: sc->lobby_focus = (row + 1) % MEMORY5D_ROWS; break;
    case PK_LEFT:
    case PK_RIGHT:
        if (row == MEMORY5D_ROW_OPPONENT || row == MEMORY5D_ROW_DIFFICULTY ||
            row == MEMORY5D_ROW_MODE) {
            int k = memory5d_layout_lobby_options(row), d = in->key == PK_LEFT ? -1 : 1;
            int v = current_option(sc, row) + d;
            if (v >= 0 && v < k)
                activate(sc, row, v, now);
        } else if (row == MEMORY5D_ROW_SHOP) {
            memory5d_shop_key(sc, in, now);
        } else if (row == MEMORY5D_ROW_LOADOUT) {
            /* Left/Right choose the power, Enter adds it */
            int v = sc->power_focus + (in->key == PK_LEFT ? -1 : 1);
            if (v >= 0 && v < MEMORY5D_POWERS)
                sc->power_focus = v;
        }
        break;
    case PK_ENTER:
    case PK_SPACE:
        if (row == MEMORY5D_ROW_SHOP) {
            memory5d_shop_key(sc, in, now);
            break;
        }
        activate(sc, row,
                 row == MEMORY5D_ROW_OPPONENT     ? !current_option(sc, row)
                 : row == MEMORY5D_ROW_MODE       ? (current_option(sc, row) + 1) % 3
                 : row == MEMORY5D_ROW_DIFFICULTY ? (sc->difficulty + 1) % 4
                                                  : current_option(sc, row),
                 now);
        break;
    case PK_ESCAPE: sc->quit = 1; break;
    default:
        if (in->ch == 'n' || in->ch == 'N')
            memory5d_set_seed(sc, memory5d_next_seed(sc));
        break;
    }
    if (memory5d_layout_compact()) { /* the focused row scrolls into the list's view */
        memory5d_layout_set_lobby_first(
            memory5d_layout_lobby_first_showing(sc->lobby_focus, sc->lobby_first));
        sc->lobby_first = memory5d_layout_lobby_first();
    }
    if (sc->screen == MEMORY5D_SCREEN_LOBBY &&
        (sc->lobby_focus != row || sc->power_focus != power_was)) {
        double x, y, w, h;
        memory5d_layout_lobby_option(sc->lobby_focus, current_option(sc, sc->lobby_focus), &x, &y,
                                     &w, &h);
        memory5d_ev_focus(sc, now, "row", sc->lobby_focus, x, y, w, h);
    }
}

/* ---------------------------------------------------------------- drawing */

static const char *const row_labels[MEMORY5D_ROWS] = {
    "Mode", "Opponent", "Difficulty", "Board seed", "Reduced motion", "Reduced sensory",
    "High contrast", "", "Shop", "Loadout", "", "", ""};

void memory5d_lobby_screen_draw(memory5d_scene_state *sc, gfx *g, int64_t now)
{
    (void)now;
    int hc = sc->cfg->high_contrast, compact = memory5d_layout_compact();
    if (compact) { /* the title and the line beside it, the list in its box */
        /* the keyboard's focus is always in view (a pointer's drag may leave it out) */
        memory5d_layout_set_lobby_first(
            sc->keyboard ? memory5d_layout_lobby_first_showing(sc->lobby_focus, sc->lobby_first)
                         : sc->lobby_first);
        sc->lobby_first = memory5d_layout_lobby_first();
        double w = memory5d_kit_say(g, "Memory5D", 24, 34, memory5d_kit_style(40, 1, GFX_LEFT, INK));
        const char *line = "Link matching cells two at a time; four in a row wins the board.";
        memory5d_kit_say(g, line, 944, 36,
                         memory5d_kit_fit(g, line, memory5d_kit_style(20, 0, GFX_RIGHT, INK2),
                                          944 - 24 - w - 24, 18));
        double bx, by, bw, bh;
        memory5d_layout_lobby_list_box(&bx, &by, &bw, &bh);
        memory5d_kit_box(g, bx, by, bw, bh, hc ? 0xFFFFFF : 0xF1ECE3, hc ? 0x000000 : 0xC9C1B4);
        /* the scroll bar: where the shown rows stand in the whole list */
        int first = memory5d_layout_lobby_first(), last = memory5d_layout_lobby_list_last();
        int n = memory5d_layout_lobby_list_index(MEMORY5D_ROW_LOADOUT) + 1;
        if (first > 0 || last < n - 1) {
            double tx = bx + bw - 14, ty = by + 10, th = bh - 20;
            gfx_rect(g, tx, ty, 6, th, GFX_RGB(hc ? 0xBBBBBB : 0xDDD6CA));
            gfx_rect(g, tx, ty + th * first / n, 6, th * (last - first + 1) / n,
                     GFX_RGB(hc ? 0x000000 : 0x6B645A));
        }
    } else {
        gfx_text(g, "Memory5D", 960, 90, memory5d_kit_style(84, 1, GFX_CENTER, INK));
        gfx_text(g, "Link matching cells two at a time; four in a row wins the board.", 960, 160,
                 memory5d_kit_style(30, 0, GFX_CENTER, INK2));
    }
    const memory5d_preset *p = &sc->rules.presets[sc->difficulty];
    /* two columns (a small window): the shop's balance stands where its label would */
    int two = memory5d_layout_lobby_two_columns();
    for (int r = 0; r < MEMORY5D_ROWS; r++) {
        double rx, ry, rw, rh;
        if (!memory5d_layout_lobby_shown(r)) /* scrolled out of the compact list */
            continue;
        memory5d_layout_lobby_row(r, &rx, &ry, &rw, &rh);
        if (compact && row_labels[r][0]) {
            double lx, ly;
            int left;
            memory5d_layout_lobby_label(r, &lx, &ly, &left);
            gfx_text_style st = memory5d_kit_style(22, 1, left ? GFX_LEFT : GFX_RIGHT, INK);
            memory5d_kit_say(g, row_labels[r], lx, ly,
                             memory5d_kit_fit(g, row_labels[r], st, memory5d_layout_lobby_label_w(), 18));
        } else if (row_labels[r][0] && !(two && r == MEMORY5D_ROW_SHOP)) {
            double lx, ly;
            int left;
            memory5d_layout_lobby_label(r, &lx, &ly, &left);
            gfx_text(g, row_labels[r], lx, ly, memory5d_kit_style(32, 1, GFX_RIGHT, INK));
        }
        if (r == MEMORY5D_ROW_SHOP) { /* the row the results screen shows too */
            memory5d_shop_draw(sc, g, MEMORY5D_SHOP_LOBBY, sc->keyboard && sc->lobby_focus == r);
            continue;
        }
        for (int o = 0; o < memory5d_layout_lobby_options(r); o++) {
            double x, y, w, h;
            memory5d_layout_lobby_option(r, o, &x, &y, &w, &h);
            int focus = sc->keyboard && sc->lobby_focus == r &&
                        (memory5d_layout_lobby_options(r) == 1 ||
                         (r == MEMORY5D_ROW_OPPONENT     ? o == !sc->vs_ai
                          : r == MEMORY5D_ROW_DIFFICULTY ? o == sc->difficulty
                          : r == MEMORY5D_ROW_MODE       ? o == sc->arcade + sc->draft_mode
                          : r == MEMORY5D_ROW_LOADOUT    ? o == sc->power_focus
                                                         : o == 0));
            char label[64];
            int on = 0, enabled = 1;
            switch (r) {
            case MEMORY5D_ROW_MODE:
                snprintf(label, sizeof label, "%s",
                         (const char *[]){"Classic", "Arcade", "Power Draft"}[o]);
                on = o == sc->arcade + sc->draft_mode;
                break;
            case MEMORY5D_ROW_LOADOUT:
                if (compact) /* under the power's name (memory5d_kit_button_lines) */
                    snprintf(label, sizeof label, "%d/%lld", sc->loadout[o],
                             (long long)memory5d_owned(sc, o));
                else
                    snprintf(label, sizeof label, "%s %d/%lld", memory5d_ui_power_titles[o],
                             sc->loadout[o], (long long)memory5d_owned(sc, o));
                on = sc->loadout[o] > 0;
                enabled = sc->arcade && memory5d_owned(sc, o) > 0;
                break;
            case MEMORY5D_ROW_OPPONENT:
                snprintf(label, sizeof label, "%s", o ? "Hot-seat" : "AI");
                on = (o == 0) == sc->vs_ai;
                break;
            case MEMORY5D_ROW_DIFFICULTY:
                snprintf(label, sizeof label, "%s", memory5d_ui_difficulty_titles[o]);
                on = o == sc->difficulty;
                break;
            case MEMORY5D_ROW_SEED:
                if (o == 0)
                    snprintf(label, sizeof label, "%s%s", sc->seed_text,
                             sc->seed_editing ? "_" : "");
                else
                    snprintf(label, sizeof label, "New seed (N)");
                on = o == 0 && sc->seed_editing;
                break;
            case MEMORY5D_ROW_MOTION:
            case MEMORY5D_ROW_SENSORY:
            case MEMORY5D_ROW_CONTRAST: {
                const int *v = r == MEMORY5D_ROW_MOTION    ? &sc->cfg->reduced_motion
                               : r == MEMORY5D_ROW_SENSORY ? &sc->cfg->reduced_sensory
                                                           : &sc->cfg->high_contrast;
                snprintf(label, sizeof label, "%s", *v ? "On" : "Off");
                on = *v;
                break;
            }
            case MEMORY5D_ROW_PLAY:
                snprintf(label, sizeof label, "Play");
                on = 1;
                break;
            case MEMORY5D_ROW_TUTORIAL:
                snprintf(label, sizeof label, "Tutorial (%d lessons)", sc->lesson_count);
                break;
            case MEMORY5D_ROW_RECORDS: snprintf(label, sizeof label, "Records and profiles"); break;
            default: snprintf(label, sizeof label, "Quit"); break;
            }
            if (compact && r == MEMORY5D_ROW_LOADOUT) /* a narrow button: the power over its counts */
                memory5d_kit_button_lines(g, x, y, w, h, memory5d_ui_power_titles[o], label, on,
                                          focus, enabled, hc);
            else
                memory5d_kit_button(g, x, y, w, h, label, on, focus, enabled, hc);
        }
    }
    char info[200];
    snprintf(info, sizeof info, "%s: %dx%d board, %d s per decision, %s, AI depth %d%s.",
             memory5d_ui_difficulty_titles[sc->difficulty], p->board_size, p->board_size,
             p->decision_ms / 1000,
             p->keep_anchor_on_mismatch ? "a mismatch keeps your anchor" : "a mismatch is a miss",
             p->ai_depth, p->rotation ? ", the board turns every round" : "");
    if (compact) {
        double bx, by, bw, bh, x, y, w, h;
        memory5d_layout_lobby_list_box(&bx, &by, &bw, &bh);
        /* the room under the last shown row names the next one, so the list reads as longer */
        int next = memory5d_layout_lobby_list_row(memory5d_layout_lobby_list_last() + 1);
        memory5d_layout_lobby_row(memory5d_layout_lobby_list_row(memory5d_layout_lobby_list_last()),
                                  &x, &y, &w, &h);
        if (next >= 0 && by + bh - (y + h) >= 34) {
            char more[64];
            snprintf(more, sizeof more, "More below: %s (drag the list, or Down)", row_labels[next]);
            memory5d_kit_say(g, more, bx + 24, (y + h + by + bh) / 2,
                             memory5d_kit_style(20, 0, GFX_LEFT, INK2));
        }
        memory5d_kit_say(g, info, 480, (by + bh + memory5d_layout_caption_top()) / 2,
                         memory5d_kit_fit(g, info, memory5d_kit_style(20, 0, GFX_CENTER, INK2), 928, 18));
    } else {
        memory5d_kit_say(g, info, 960, 968, memory5d_kit_style(26, 0, GFX_CENTER, INK2));
    }
    double nx, ny;
    memory5d_layout_lobby_note(MEMORY5D_ROW_LOADOUT, &nx, &ny);
    if (memory5d_layout_lobby_shown(MEMORY5D_ROW_LOADOUT))
        memory5d_kit_say(g, "brought / owned", nx, ny,
                         memory5d_kit_style(compact ? 20 : 22, 0, GFX_RIGHT, INK2));
    memory5d_kit_caption_bar(g, sc->caption);
}
