/* Memory5D results screen: who won and how, each player's Mastery and Star Points (the core's
 * formula, objective by objective), the shop row (memory5d_shop.c) with the balance this match's
 * Star Points joined, and Play again, Lobby or Quit. Mouse, touch and keyboard; and its
 * drawing. */
#include <stdio.h>
#include <string.h>

#include "memory5d_ui.h"
#include "memory5d/memory5d_score.h"

#define PANEL 0xFBF8F2
#define INK 0x2B2723
#define INK2 0x6B645A

/* n and the word, plural unless n is 1. */
static int count(char *buf, size_t n, int k, const char *one, const char *many)
{
    return snprintf(buf, n, "%d %s", k, k == 1 ? one : many);
}

/* "1 link, best streak 1, 0 blocks, 1 fork, 2 misses, 0 timeouts" */
static void results_line(const memory5d_state *st, int p, char *buf, size_t n)
{
    char a[32], b[32], c[32], d[32], e[32];
    count(a, sizeof a, st->stats[p].links, "link", "links");
    count(b, sizeof b, st->stats[p].blocks, "block", "blocks");
    count(c, sizeof c, st->stats[p].forks, "fork", "forks");
    count(d, sizeof d, st->stats[p].misses, "miss", "misses");
    count(e, sizeof e, st->stats[p].timeouts, "timeout", "timeouts");
    snprintf(buf, n, "%s, best streak %d, %s, %s, %s, %s", a, st->stats[p].best_streak, b, c, d, e);
}

/* The draw's headline in player words (the events log keeps the core's reason name). */
static void results_headline(const memory5d_scene_state *sc, char *buf, size_t n)
{
    if (sc->st.end_reason == MEMORY5D_END_NO_ROUTE)
        snprintf(buf, n, "A draw: no two cells in reach");
    else
        snprintf(buf, n, "A draw: no link after %d reweaves", sc->def.cfg.reweave_limit);
}

void memory5d_results_screen_enter(memory5d_scene_state *sc, int64_t now)
{
    sc->results_focus = MEMORY5D_RES_AGAIN;
    memory5d_play_end(sc);
    /* the text equivalent of the two panels' counts */
    char a[200], b[200];
    results_line(&sc->st, 0, a, sizeof a);
    results_line(&sc->st, 1, b, sizeof b);
    char head[120] = "";
    if (sc->st.status == MEMORY5D_DRAW) {
        results_headline(sc, head, sizeof head);
        strcat(head, ". ");
    }
    memory5d_caption(sc, now, "%sResults. A: %s. B: %s.", head, a, b);
}

void memory5d_results_screen_input(memory5d_scene_state *sc, const player_input *in, int64_t now)
{
    int choice = -1, shop = sc->store != NULL; /* the shop row needs the records */
    if (in->kind == PIN_CLICK || in->kind == PIN_TOUCH_UP) {
        sc->keyboard = 0;
        int o = shop ? memory5d_layout_shop_hit(MEMORY5D_SHOP_RESULTS, in->x, in->y) : -1;
        if (o >= 0) {
            sc->power_focus = o;
            sc->results_focus = MEMORY5D_RES_SHOP;
            memory5d_shop_buy(sc, o, now);
            return;
        }
        choice =
            memory5d_layout_pick(memory5d_layout_results_button, MEMORY5D_RES_COUNT, in->x, in->y);
    } else if (in->kind == PIN_KEY) {
        sc->keyboard = 1;
        if (sc->results_focus == MEMORY5D_RES_SHOP && in->key != PK_ESCAPE) {
            /* the shop row: Down (or Tab) goes back to the buttons */
            if (in->key == PK_DOWN || in->key == PK_TAB)
                sc->results_focus = MEMORY5D_RES_AGAIN;
            else
                memory5d_shop_key(sc, in, now);
            return;
        }
        if (in->key == PK_UP && shop)
            sc->results_focus = MEMORY5D_RES_SHOP;
        else if (in->key == PK_LEFT && sc->results_focus > 0)
            sc->results_focus--;
        else if ((in->key == PK_RIGHT || in->key == PK_TAB) &&
                 sc->results_focus < MEMORY5D_RES_COUNT - 1)
            sc->results_focus++;
        else if (in->key == PK_ENTER || in->key == PK_SPACE)
            choice = sc->results_focus;
        else if (in->key == PK_ESCAPE)
            choice = MEMORY5D_RES_LOBBY;
    }
    if (choice == MEMORY5D_RES_AGAIN) {
        memory5d_set_seed(sc, memory5d_next_seed(sc));
        memory5d_play_start(sc, 0, now);
    } else if (choice == MEMORY5D_RES_LOBBY) {
        memory5d_goto(sc, MEMORY5D_SCREEN_LOBBY, now);
    } else if (choice == MEMORY5D_RES_QUIT) {
        sc->quit = 1;
    }
}

/* ---------------------------------------------------------------- drawing */

void memory5d_results_screen_draw(memory5d_scene_state *sc, gfx *g, int64_t now)
{
    (void)now;
    const memory5d_state *st = &sc->st;
    const memory5d_config *c = &sc->def.cfg;
    int hc = sc->cfg->high_contrast;
    char line[300];
    if (st->status == MEMORY5D_WON)
        snprintf(line, sizeof line, "%s the board", sc->vs_ai ? (st->winner == 0 ? "You win" : "The AI wins")
                                                             : (st->winner == 0 ? "Player A wins" : "Player B wins"));
    else if (st->status == MEMORY5D_DRAW)
        results_headline(sc, line, sizeof line);
    else
        snprintf(line, sizeof line, "Abandoned: %s wins", memory5d_player_names[st->winner]);
    gfx_text(g, line, 960, 110, memory5d_kit_style(70, 1, GFX_CENTER, INK));
    int mult = c->presets[sc->def.setup.difficulty].multiplier_permille;
    for (int p = 0; p < 2; p++) {
        double x = 200 + p * 800, y = 220;
        memory5d_kit_box(g, x, y, 720, 540, PANEL, hc ? 0x000000 : memory5d_art_owner_rgb[p]);
        snprintf(line, sizeof line, "%s", sc->vs_ai ? (p == 0 ? "You (A)" : "AI (B)")
                                                    : (p == 0 ? "Player A" : "Player B"));
        gfx_text(g, line, x + 40, y + 50, memory5d_kit_style(40, 1, GFX_LEFT, INK));
        snprintf(line, sizeof line, "Mastery %lld", (long long)st->stats[p].mastery);
        gfx_text(g, line, x + 40, y + 120, memory5d_kit_style(36, 1, GFX_LEFT, INK));
        results_line(st, p, line, sizeof line);
        gfx_text(g, line, x + 40, y + 170, memory5d_kit_style(23, 0, GFX_LEFT, INK2));
        int bonus = 0, stars = memory5d_star_points(&sc->def, st, p, &bonus);
        snprintf(line, sizeof line, "Star Points %d", stars);
        gfx_text(g, line, x + 40, y + 240, memory5d_kit_style(36, 1, GFX_LEFT, INK));
        double ly = y + 300;
        if (stars == 0 && (st->status == MEMORY5D_ABANDONED ||
                           sc->def.setup.kind != MEMORY5D_MATCH_STANDARD)) {
            memory5d_kit_wrap(g,
                              st->status == MEMORY5D_ABANDONED
                                  ? "Abandoned matches earn no Star Points."
                                  : sc->def.setup.kind == MEMORY5D_MATCH_CUSTOM
                                        ? "Custom rules (a --rules file other than the "
                                          "game's own) earn no Star Points."
                                        : "Tutorial matches earn no Star Points.",
                              x + 40, ly, 640, memory5d_kit_style(25, 0, GFX_LEFT, INK), 34);
        } else {
            snprintf(line, sizeof line, "Completion %d%s + objectives %d (cap %d)",
                     c->stars.completion, st->winner == p && st->status == MEMORY5D_WON
                                              ? " + win 5" : "",
                     bonus, c->stars.objective_cap);
            gfx_text(g, line, x + 40, ly, memory5d_kit_style(25, 0, GFX_LEFT, INK));
            ly += 36;
            for (int i = 0; i < c->stars.objective_count; i++) {
                const memory5d_objective *o = &c->stars.objectives[i];
                int met = memory5d_objective_met(o, &st->stats[p]);
                snprintf(line, sizeof line, "%s %s (+%d)", met ? "[met]" : "[ - ]", o->id,
                         o->points);
                gfx_text(g, line, x + 60, ly,
                         memory5d_kit_style(23, 0, GFX_LEFT, met ? INK : INK2));
                ly += 32;
            }
            snprintf(line, sizeof line, "x %d.%02d (%s), rounded once = %d", mult / 1000,
                     mult % 1000 / 10, memory5d_ui_difficulty_titles[sc->def.setup.difficulty],
                     stars);
            gfx_text(g, line, x + 40, ly + 8, memory5d_kit_style(25, 0, GFX_LEFT, INK));
            gfx_text(g, "Streaks and Mastery never multiply Star Points.", x + 40, ly + 48,
                     memory5d_kit_style(21, 0, GFX_LEFT, INK2));
        }
    }
    if (sc->store) { /* the lobby's shop, with the balance this match's Star Points joined */
        double x, y, w, h;
        memory5d_layout_shop_row(MEMORY5D_SHOP_RESULTS, &x, &y, &w, &h);
        memory5d_shop_draw(sc, g, MEMORY5D_SHOP_RESULTS,
                           sc->keyboard && sc->results_focus == MEMORY5D_RES_SHOP, x - 30);
    }
    static const char *const labels[MEMORY5D_RES_COUNT] = {"Play again", "Lobby", "Quit"};
    for (int i = 0; i < MEMORY5D_RES_COUNT; i++) {
        double x, y, w, h;
        memory5d_layout_results_button(i, &x, &y, &w, &h);
        memory5d_kit_button(g, x, y, w, h, labels[i], i == MEMORY5D_RES_AGAIN,
                            sc->keyboard && sc->results_focus == i, 1, hc);
    }
    memory5d_kit_caption_bar(g, sc->caption);
}
