/* Memory5D lobby and results screens: the match choices (Classic; AI or hot-seat;
 * difficulty; seed), the accessibility modes saved in the settings file, and the results
 * buttons; both show the shop row (m5d_shop.c). Mouse, touch and keyboard. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "m5d_scene.h"

/* Row rectangles: the label sits left of x; the options share the row's width. */
void m5d_lobby_rows(int row, double *x, double *y, double *w, double *h)
{
    *x = 900;
    *y = 188 + row * 60;
    /* the shop and loadout rows are wider: four powers with prices and counts */
    *w = row == M5D_ROW_SHOP || row == M5D_ROW_LOADOUT ? 960 : 560;
    *h = 52;
}

/* Options per row; option o's box inside the row. */
int m5d_lobby_row_options(int row)
{
    switch (row) {
    case M5D_ROW_MODE: return 3;
    case M5D_ROW_OPPONENT: return 2;
    case M5D_ROW_DIFFICULTY: return 4;
    case M5D_ROW_SHOP:
    case M5D_ROW_LOADOUT: return MEMORY5D_POWERS;
    case M5D_ROW_SEED: return 2;
    default: return 1;
    }
}

void m5d_lobby_option_box(int row, int o, double *x, double *y, double *w, double *h)
{
    if (row == M5D_ROW_SHOP) {
        m5d_shop_option(M5D_SHOP_LOBBY, o, x, y, w, h);
        return;
    }
    double rx, ry, rw, rh;
    m5d_lobby_rows(row, &rx, &ry, &rw, &rh);
    int k = m5d_lobby_row_options(row);
    double gap = 12, ow = (rw - gap * (k - 1)) / k;
    *x = rx + o * (ow + gap);
    *y = ry;
    *w = ow;
    *h = rh;
}

void m5d_results_button(int i, double *x, double *y, double *w, double *h)
{
    *w = 300;
    *h = 72;
    *x = 960 - 480 + i * 330;
    *y = 900;
}

static int hit_option(double px, double py, int *row, int *opt)
{
    for (int r = 0; r < M5D_ROWS; r++)
        for (int o = 0; o < m5d_lobby_row_options(r); o++) {
            double x, y, w, h;
            m5d_lobby_option_box(r, o, &x, &y, &w, &h);
            if (px >= x && px < x + w && py >= y && py < y + h) {
                *row = r;
                *opt = o;
                return 1;
            }
        }
    return 0;
}

uint32_t m5d_next_seed(m5d_scene *sc)
{
    /* splitmix32 over a stream seeded at create: fresh boards, reproducible in headless */
    uint32_t z = (sc->seed_stream += 0x9E3779B9u);
    z = (z ^ (z >> 16)) * 0x85EBCA6Bu;
    z = (z ^ (z >> 13)) * 0xC2B2AE35u;
    return z ^ (z >> 16);
}

void m5d_save_settings(m5d_scene *sc)
{
    char err[512];
    if (sc->env.settings_path &&
        settings_save(sc->env.settings_path, sc->env.cfg, err, sizeof err) != 0)
        snprintf(sc->warning, sizeof sc->warning, "player: %.400s; settings not saved", err);
}

static void set_seed(m5d_scene *sc, uint32_t seed)
{
    sc->seed = seed;
    snprintf(sc->seed_text, sizeof sc->seed_text, "%u", (unsigned)seed);
}

static void start(m5d_scene *sc, int tutorial, int64_t now)
{
    char err[400];
    audio_play(sc->env.audio, AUDIO_SFX_BUTTON_CONFIRM);
    if (!tutorial && sc->arcade && sc->draft_mode) {
        m5d_draft_start(sc, now);
        return;
    }
    int rc = tutorial ? m5d_tutorial_start(sc, 0, now, err, sizeof err)
                      : m5d_match_start(sc, now, err, sizeof err);
    if (rc != 0) {
        snprintf(sc->warning, sizeof sc->warning, "memory5d: %.400s", err);
        m5d_caption(sc, now, "Cannot start: %s", err);
    }
}

static void commit_seed(m5d_scene *sc)
{
    sc->seed_editing = 0;
    if (!sc->seed_text[0])
        set_seed(sc, sc->seed);
    else
        set_seed(sc, (uint32_t)strtoul(sc->seed_text, NULL, 10));
}

/* Activates option o of row (mouse click, Enter, or Left/Right on a choice row). */
static void activate(m5d_scene *sc, int row, int o, int64_t now)
{
    int *toggle = NULL;
    switch (row) {
    case M5D_ROW_MODE:
        sc->arcade = o >= 1;
        sc->draft_mode = o == 2;
        m5d_caption(sc, now, "%s", o == 2 ? "Arcade with a Power Draft: both loadouts are "
                                            "drafted from a public pool; never ranked."
                                   : o ? "Arcade: powers from your loadout; never ranked, no Elo."
                                       : "Classic: no powers; against the AI it is ranked (Elo).");
        break;
    case M5D_ROW_SHOP:
        sc->power_focus = o;
        m5d_shop_buy(sc, o, now);
        return;
    case M5D_ROW_LOADOUT:
        sc->power_focus = o;
        m5d_loadout_toggle(sc, o, now);
        return;
    case M5D_ROW_OPPONENT: sc->vs_ai = o == 0; break;
    case M5D_ROW_DIFFICULTY: sc->difficulty = o; break;
    case M5D_ROW_SEED:
        if (o == 0) {
            if (sc->seed_editing)
                commit_seed(sc);
            else {
                sc->seed_editing = 1;
                sc->seed_text[0] = '\0';
                m5d_caption(sc, now, "Type the board seed's digits, then Enter.");
            }
        } else {
            set_seed(sc, m5d_next_seed(sc));
        }
        break;
    case M5D_ROW_MOTION: toggle = &sc->cfg->reduced_motion; break;
    case M5D_ROW_SENSORY: toggle = &sc->cfg->reduced_sensory; break;
    case M5D_ROW_CONTRAST: toggle = &sc->cfg->high_contrast; break;
    case M5D_ROW_PLAY: start(sc, 0, now); return;
    case M5D_ROW_TUTORIAL: start(sc, 1, now); return;
    case M5D_ROW_RECORDS: m5d_records_enter(sc, now); return;
    case M5D_ROW_QUIT: sc->quit = 1; return;
    default: return;
    }
    if (toggle) {
        *toggle = !*toggle;
        m5d_save_settings(sc);
    }
    audio_play(sc->env.audio, AUDIO_SFX_BUTTON_CONFIRM);
}

static int current_option(const m5d_scene *sc, int row)
{
    switch (row) {
    case M5D_ROW_OPPONENT: return sc->vs_ai ? 0 : 1;
    case M5D_ROW_DIFFICULTY: return sc->difficulty;
    case M5D_ROW_MODE: return sc->arcade + sc->draft_mode;
    case M5D_ROW_SHOP:
    case M5D_ROW_LOADOUT: return sc->power_focus;
    default: return 0;
    }
}

void m5d_lobby_enter(m5d_scene *sc, int64_t now)
{
    sc->screen = M5D_LOBBY;
    m5d_ev_screen(sc, now, "lobby");
    audio_set_bgm(sc->env.audio, AUDIO_BGM_TITLE);
    /* the hint, not the last words of whatever screen came before */
    m5d_caption(sc, now, "Choose a match, then Play. Arrows and Enter work everywhere.");
}

void m5d_lobby_input(m5d_scene *sc, const player_input *in, int64_t now)
{
    int row, o;
    if (in->kind == PIN_CLICK || in->kind == PIN_TOUCH_UP) {
        sc->keyboard = 0;
        if (hit_option(in->x, in->y, &row, &o)) {
            if (sc->seed_editing && row != M5D_ROW_SEED)
                commit_seed(sc);
            sc->lobby_focus = row;
            activate(sc, row, o, now);
        }
        return;
    }
    if (in->kind == PIN_MOVE && hit_option(in->x, in->y, &row, &o)) {
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
    switch (in->key) {
    case PK_UP: sc->lobby_focus = (row + M5D_ROWS - 1) % M5D_ROWS; break;
    case PK_DOWN:
    case PK_TAB: sc->lobby_focus = (row + 1) % M5D_ROWS; break;
    case PK_LEFT:
    case PK_RIGHT:
        if (row == M5D_ROW_OPPONENT || row == M5D_ROW_DIFFICULTY || row == M5D_ROW_MODE) {
            int k = m5d_lobby_row_options(row), d = in->key == PK_LEFT ? -1 : 1;
            int v = current_option(sc, row) + d;
            if (v >= 0 && v < k)
                activate(sc, row, v, now);
        } else if (row == M5D_ROW_SHOP) {
            m5d_shop_key(sc, in, now);
        } else if (row == M5D_ROW_LOADOUT) {
            /* Left/Right choose the power, Enter adds it */
            int v = sc->power_focus + (in->key == PK_LEFT ? -1 : 1);
            if (v >= 0 && v < MEMORY5D_POWERS)
                sc->power_focus = v;
        }
        break;
    case PK_ENTER:
    case PK_SPACE:
        if (row == M5D_ROW_SHOP) {
            m5d_shop_key(sc, in, now);
            break;
        }
        activate(sc, row, row == M5D_ROW_OPPONENT ? !current_option(sc, row)
                          : row == M5D_ROW_MODE ? (current_option(sc, row) + 1) % 3
                          : row == M5D_ROW_DIFFICULTY ? (sc->difficulty + 1) % 4
                          : current_option(sc, row),
                 now);
        break;
    case PK_ESCAPE: sc->quit = 1; break;
    default:
        if (in->ch == 'n' || in->ch == 'N')
            set_seed(sc, m5d_next_seed(sc));
        break;
    }
}

void m5d_results_input(m5d_scene *sc, const player_input *in, int64_t now)
{
    int choice = -1, shop = sc->store != NULL; /* the shop row needs the records */
    if (in->kind == PIN_CLICK || in->kind == PIN_TOUCH_UP) {
        sc->keyboard = 0;
        int o = shop ? m5d_shop_hit(M5D_SHOP_RESULTS, in->x, in->y) : -1;
        if (o >= 0) {
            sc->power_focus = o;
            sc->results_focus = M5D_RES_SHOP;
            m5d_shop_buy(sc, o, now);
            return;
        }
        for (int i = 0; i < M5D_RES_COUNT; i++) {
            double x, y, w, h;
            m5d_results_button(i, &x, &y, &w, &h);
            if (in->x >= x && in->x < x + w && in->y >= y && in->y < y + h)
                choice = i;
        }
    } else if (in->kind == PIN_KEY) {
        sc->keyboard = 1;
        if (sc->results_focus == M5D_RES_SHOP && in->key != PK_ESCAPE) {
            /* the shop row: Down (or Tab) goes back to the buttons */
            if (in->key == PK_DOWN || in->key == PK_TAB)
                sc->results_focus = M5D_RES_AGAIN;
            else
                m5d_shop_key(sc, in, now);
            return;
        }
        if (in->key == PK_UP && shop)
            sc->results_focus = M5D_RES_SHOP;
        else if (in->key == PK_LEFT && sc->results_focus > 0)
            sc->results_focus--;
        else if ((in->key == PK_RIGHT || in->key == PK_TAB) && sc->results_focus < M5D_RES_COUNT - 1)
            sc->results_focus++;
        else if (in->key == PK_ENTER || in->key == PK_SPACE)
            choice = sc->results_focus;
        else if (in->key == PK_ESCAPE)
            choice = M5D_RES_LOBBY;
    }
    if (choice == M5D_RES_AGAIN) {
        set_seed(sc, m5d_next_seed(sc));
        start(sc, 0, now);
    } else if (choice == M5D_RES_LOBBY) {
        m5d_lobby_enter(sc, now);
    } else if (choice == M5D_RES_QUIT) {
        sc->quit = 1;
    }
}
