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

/* Where a player's panel and its lines stand: the wide field's, and the compact one's (the
 * same lines at 18-24 px, the counts wrapped, the objectives two to a line). */
typedef struct {
    double x0, dx, y, w, h, pad;
    double title, name_y, mastery_y, counts_y, stars_y, lines_y;
    double big, name, text, small, line_h, obj_cols;
} results_metrics;
static const results_metrics wide_m = {200, 800, 220, 720, 540, 40, 70, 50, 120, 170, 240, 300,
                                       36, 40, 25, 23, 32, 1};
static const results_metrics compact_m = {16, 472, 52, 456, 262, 20, 34, 24, 24, 54, 112, 140,
                                          24, 24, 18, 18, 22, 2};

void memory5d_results_screen_draw(memory5d_scene_state *sc, gfx *g, int64_t now)
{
    (void)now;
    const memory5d_state *st = &sc->st;
    const memory5d_config *c = &sc->def.cfg;
    int hc = sc->cfg->high_contrast, compact = memory5d_layout_compact();
    const results_metrics *m = compact ? &compact_m : &wide_m;
    char line[300];
    if (st->status == MEMORY5D_WON)
        snprintf(line, sizeof line, "%s the board", sc->vs_ai ? (st->winner == 0 ? "You win" : "The AI wins")
                                                             : (st->winner == 0 ? "Player A wins" : "Player B wins"));
    else if (st->status == MEMORY5D_DRAW)
        results_headline(sc, line, sizeof line);
    else
        snprintf(line, sizeof line, "Abandoned: %s wins", memory5d_player_names[st->winner]);
    if (compact)
        gfx_text(g, line, 480, 26, memory5d_kit_style(m->title, 1, GFX_CENTER, INK));
    else
        gfx_text(g, line, 960, 110, memory5d_kit_style(70, 1, GFX_CENTER, INK));
    int mult = c->presets[sc->def.setup.difficulty].multiplier_permille;
    for (int p = 0; p < 2; p++) {
        double x = m->x0 + p * m->dx, y = m->y, tx = x + m->pad, tw = m->w - 2 * m->pad;
        memory5d_kit_box(g, x, y, m->w, m->h, PANEL, hc ? 0x000000 : memory5d_art_owner_rgb[p]);
        snprintf(line, sizeof line, "%s", sc->vs_ai ? (p == 0 ? "You (A)" : "AI (B)")
                                                    : (p == 0 ? "Player A" : "Player B"));
        gfx_text(g, line, tx, y + m->name_y, memory5d_kit_style(m->name, 1, GFX_LEFT, INK));
        snprintf(line, sizeof line, "Mastery %lld", (long long)st->stats[p].mastery);
        if (compact) /* beside the name */
            gfx_text(g, line, x + m->w - m->pad, y + m->mastery_y,
                     memory5d_kit_style(m->big, 1, GFX_RIGHT, INK));
        else
            gfx_text(g, line, tx, y + m->mastery_y, memory5d_kit_style(m->big, 1, GFX_LEFT, INK));
        results_line(st, p, line, sizeof line);
        if (compact)
            memory5d_kit_wrap(g, line, tx, y + m->counts_y, tw,
                              memory5d_kit_style(m->small, 0, GFX_LEFT, INK2), m->line_h);
        else
            gfx_text(g, line, tx, y + m->counts_y, memory5d_kit_style(m->small, 0, GFX_LEFT, INK2));
        int bonus = 0, stars = memory5d_star_points(&sc->def, st, p, &bonus);
        snprintf(line, sizeof line, "Star Points %d", stars);
        gfx_text(g, line, tx, y + m->stars_y, memory5d_kit_style(m->big, 1, GFX_LEFT, INK));
        double ly = y + m->lines_y;
        if (stars == 0 && (st->status == MEMORY5D_ABANDONED ||
                           sc->def.setup.kind != MEMORY5D_MATCH_STANDARD)) {
            memory5d_kit_wrap(g,
                              st->status == MEMORY5D_ABANDONED
                                  ? "Abandoned matches earn no Star Points."
                                  : sc->def.setup.kind == MEMORY5D_MATCH_CUSTOM
                                        ? "Custom rules (a --rules file other than the "
                                          "game's own) earn no Star Points."
                                        : "Tutorial matches earn no Star Points.",
                              tx, ly, compact ? tw : 640,
                              memory5d_kit_style(compact ? m->text : 25, 0, GFX_LEFT, INK),
                              compact ? m->line_h : 34);
        } else {
            snprintf(line, sizeof line, "Completion %d%s + objectives %d (cap %d)",
                     c->stars.completion, st->winner == p && st->status == MEMORY5D_WON
                                              ? " + win 5" : "",
                     bonus, c->stars.objective_cap);
            gfx_text_style ts = memory5d_kit_style(m->text, 0, GFX_LEFT, INK);
            gfx_text(g, line, tx, ly, compact ? memory5d_kit_fit(g, line, ts, tw, 18) : ts);
            ly += compact ? m->line_h : 36;
            int cols = (int)m->obj_cols;
            for (int i = 0; i < c->stars.objective_count; i++) {
                const memory5d_objective *o = &c->stars.objectives[i];
                int met = memory5d_objective_met(o, &st->stats[p]);
                snprintf(line, sizeof line, "%s %s (+%d)", met ? "[met]" : "[ - ]", o->id,
                         o->points);
                gfx_text_style os = memory5d_kit_style(m->small, 0, GFX_LEFT, met ? INK : INK2);
                if (compact)
                    gfx_text(g, line, tx + 10 + (i % cols) * (tw - 10) / cols, ly,
                             memory5d_kit_fit(g, line, os, (tw - 10) / cols - 8, 18));
                else
                    gfx_text(g, line, x + 60, ly, os);
                if (i % cols == cols - 1 || i == c->stars.objective_count - 1)
                    ly += m->line_h;
            }
            snprintf(line, sizeof line, "x %d.%02d (%s), rounded once = %d", mult / 1000,
                     mult % 1000 / 10, memory5d_ui_difficulty_titles[sc->def.setup.difficulty],
                     stars);
            const char *note = "Streaks and Mastery never multiply Star Points.";
            if (compact) {
                gfx_text(g, line, tx, ly + 4, memory5d_kit_fit(g, line, ts, tw, 18));
                gfx_text(g, note, tx, ly + 4 + m->line_h,
                         memory5d_kit_fit(g, note, memory5d_kit_style(m->small, 0, GFX_LEFT, INK2), tw, 18));
            } else {
                gfx_text(g, line, x + 40, ly + 8, memory5d_kit_style(25, 0, GFX_LEFT, INK));
                gfx_text(g, note, x + 40, ly + 48, memory5d_kit_style(21, 0, GFX_LEFT, INK2));
            }
        }
    }
    if (sc->store) { /* the lobby's shop, with the balance this match's Star Points joined */
        memory5d_shop_draw(sc, g, MEMORY5D_SHOP_RESULTS,
                           sc->keyboard && sc->results_focus == MEMORY5D_RES_SHOP);
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
