/* Memory5D Power Draft screen: the public pool through the core's draft (pick order, 20 s
 * deadlines settled by the cheapest-card auto-pick), the AI's picks, and the Arcade match the
 * two drafted loadouts start. A drafted match is recorded with its picks (the cards are the
 * pool's: the profile's inventory neither holds nor pays them) and never touches Elo. Its
 * drawing: the pool as four cards (copies left, price), the pick order with the current pick
 * and its deadline, and both players' drafted loadouts. */
#include <stdio.h>
#include <string.h>

#include "memory5d_ui.h"
#include "memory5d/memory5d_draft.h"

#define INK 0x2B2723
#define INK2 0x6B645A
#define PANEL 0xFBF8F2

/* The pick just made (by whom, which power) into the log and the caption. */
static void picked(memory5d_scene_state *sc, const memory5d_draft *before, int automatic, int64_t t)
{
    const memory5d_draft *d = &sc->draft;
    int who = memory5d_draft_turn(&sc->rules, before), power = MEMORY5D_NO_POWER;
    for (int p = 0; p < MEMORY5D_POWERS; p++)
        if (d->picked[who][p] != before->picked[who][p])
            power = p;
    memory5d_ev_draft(sc, t, before->pick, who, power, automatic);
    if (power == MEMORY5D_NO_POWER)
        memory5d_caption(sc, t, "%s's pick passes: no card the loadout caps allow is left.",
                         memory5d_player_names[who]);
    else
        memory5d_caption(sc, t, "%s %s %s.%s", memory5d_player_names[who],
                         automatic ? "ran out of time and was given the cheapest card," : "took",
                         memory5d_ui_power_titles[power], automatic ? " [sound: tick]" : "");
    audio_play(sc->env.audio, automatic ? AUDIO_SFX_TIMEOUT : AUDIO_SFX_BUTTON_CONFIRM);
}

static int ai_seat(const memory5d_scene_state *sc, int who) { return sc->vs_ai && who == 1; }

/* The AI takes the dearest card it may (deterministic; ties by power order). */
static int ai_choice(const memory5d_scene_state *sc)
{
    int best = MEMORY5D_NO_POWER;
    for (int p = 0; p < MEMORY5D_POWERS; p++)
        if (memory5d_draft_can_take(&sc->rules, &sc->draft, 1, p) &&
            (best < 0 || sc->rules.power_price[p] > sc->rules.power_price[best]))
            best = p;
    return best;
}

static void finish(memory5d_scene_state *sc, int64_t now)
{
    char err[400];
    sc->drafting = 0;
    if (memory5d_play_match(sc, now, err, sizeof err) != 0) {
        memory5d_warn(sc, "memory5d: %.400s", err);
        memory5d_goto(sc, MEMORY5D_SCREEN_LOBBY, now);
    }
}

void memory5d_draft_screen_enter(memory5d_scene_state *sc, int64_t now)
{
    memory5d_draft_init(&sc->rules, &sc->draft, now);
    sc->drafting = 1;
    sc->draft_focus = 0;
    sc->draft_ai_due = 0;
    memory5d_caption(sc, now,
                     "Power Draft: picks A, B, B, A, A, B from the public pool, %d s each; "
                     "time out and you get the cheapest card.",
                     sc->rules.draft.pick_deadline_ms / 1000);
}

void memory5d_draft_screen_update(memory5d_scene_state *sc, int64_t now)
{
    const memory5d_config *c = &sc->rules;
    memory5d_draft *d = &sc->draft;
    /* deadlines one at a time, so that each auto-pick is logged at its own deadline */
    while (memory5d_draft_turn(c, d) >= 0 && now - d->pick_start_ms >= c->draft.pick_deadline_ms) {
        memory5d_draft before = *d;
        int64_t due = d->pick_start_ms + c->draft.pick_deadline_ms;
        memory5d_draft_tick(c, d, due);
        picked(sc, &before, 1, due);
    }
    int who = memory5d_draft_turn(c, d);
    if (who >= 0 && ai_seat(sc, who)) {
        if (!sc->draft_ai_due)
            sc->draft_ai_due = now + (!sc->paced ? 0 : MEMORY5D_AI_PACE_MS);
        if (now >= sc->draft_ai_due) {
            memory5d_draft before = *d;
            sc->draft_ai_due = 0;
            if (memory5d_draft_pick(c, d, 1, ai_choice(sc), now) == MEMORY5D_OK)
                picked(sc, &before, 0, now);
        }
    }
    if (memory5d_draft_turn(c, d) < 0)
        finish(sc, now);
}

/* The countdown shows whole seconds: ten frames a second keep it exact enough, and the
 * AI's pick shows when it is due. */
int64_t memory5d_draft_screen_next_change(const memory5d_scene_state *sc, int64_t drawn)
{
    int64_t due = drawn + 100;
    return sc->draft_ai_due > drawn && sc->draft_ai_due < due ? sc->draft_ai_due : due;
}

static void take(memory5d_scene_state *sc, int power, int64_t now)
{
    memory5d_draft before = sc->draft;
    int who = memory5d_draft_turn(&sc->rules, &sc->draft);
    if (who < 0 || ai_seat(sc, who)) {
        memory5d_caption(sc, now, "Wait: the AI is picking. [sound: buzz]");
        return;
    }
    int rc = memory5d_draft_pick(&sc->rules, &sc->draft, who, power, now);
    if (rc == MEMORY5D_OK) {
        picked(sc, &before, 0, now);
        memory5d_draft_screen_update(sc, now);
    } else {
        memory5d_caption(sc, now, "%s [sound: buzz]",
                         rc == MEMORY5D_R_NO_CHARGE ? "No card of that power is left."
                         : rc == MEMORY5D_R_ONE_POWER_PER_TURN
                             ? "Your loadout cannot hold it (at most "
                               "3 charges, 1 Extra Turn)."
                             : memory5d_reason_text(rc));
        audio_play(sc->env.audio, AUDIO_SFX_INVALID);
    }
}

void memory5d_draft_screen_input(memory5d_scene_state *sc, const player_input *in, int64_t now)
{
    if (in->kind == PIN_CLICK || in->kind == PIN_TOUCH_UP) {
        sc->keyboard = 0;
        int i = memory5d_layout_pick(memory5d_layout_draft_card, MEMORY5D_POWERS, in->x, in->y);
        if (i >= 0) {
            sc->draft_focus = i;
            take(sc, i, now);
        }
        return;
    }
    if (in->kind != PIN_KEY)
        return;
    sc->keyboard = 1;
    int was = sc->draft_focus;
    if (in->ch >= '1' && in->ch <= '4')
        take(sc, in->ch - '1', now);
    else if ((in->key == PK_LEFT || (in->key == PK_TAB && (in->mods & PMOD_SHIFT))) &&
             sc->draft_focus > 0)
        sc->draft_focus--;
    else if ((in->key == PK_RIGHT || (in->key == PK_TAB && !(in->mods & PMOD_SHIFT))) &&
             sc->draft_focus < MEMORY5D_POWERS - 1)
        sc->draft_focus++;
    else if (in->key == PK_ENTER || in->key == PK_SPACE)
        take(sc, sc->draft_focus, now);
    else if (in->key == PK_ESCAPE) {
        sc->drafting = 0;
        memory5d_goto(sc, MEMORY5D_SCREEN_LOBBY, now);
        memory5d_caption(sc, now, "The draft was left; nothing was kept.");
    }
    if (sc->draft_focus != was) {
        double x, y, w, h;
        memory5d_layout_draft_card(sc->draft_focus, &x, &y, &w, &h);
        memory5d_ev_focus(sc, now, "card", sc->draft_focus, x, y, w, h);
    }
}

/* ---------------------------------------------------------------- drawing */

static const char *const power_help[MEMORY5D_POWERS] = {
    "marks the anchor's partners for 3 s", "doubles one link's Mastery",
    "one link ignores family and hue", "one bonus turn after a link"};

/* Where the draft's texts stand: the wide field's, and the compact one's (the same texts at
 * 18-36 px: smaller pick boxes, shorter cards, lower loadout panels). */
typedef struct {
    double title_y, title, sub_y, sub;
    double pick_y, pick_w, pick_h, pick_dx, pick;
    double clock_y, clock;
    double card_title_y, card_title, help_x, help_y, help, help_h, left_y, left, price_y, price;
    double panel_x0, panel_dx, panel_y, panel_w, panel_h, panel_pad, panel_name_y, panel_name;
    double power_y, power_dx, power_dy, power;
} draft_metrics;
static const draft_metrics wide_m = {80, 64, 140, 28, 190, 76, 60, 90, 30, 292, 30,
                                     50, 30, 24, 110, 22, 30, 210, 34, 260, 22,
                                     300, 680, 680, 640, 240, 30, 720 - 680, 30,
                                     780 - 680, 290, 50, 26};
static const draft_metrics compact_m = {28, 36, 60, 18, 80, 52, 32, 62, 20, 132, 20,
                                        26, 22, 14, 56, 18, 22, 118, 26, 148, 18,
                                        16, 472, 332, 456, 132, 20, 24, 22,
                                        60, 220, 30, 20};

void memory5d_draft_screen_draw(memory5d_scene_state *sc, gfx *g, int64_t now)
{
    const memory5d_config *c = &sc->rules;
    const memory5d_draft *d = &sc->draft;
    int hc = sc->cfg->high_contrast, who = memory5d_draft_turn(c, d);
    const draft_metrics *m = memory5d_layout_compact() ? &compact_m : &wide_m;
    double cx = memory5d_layout_field_w() / 2.0;
    char s[200];
    memory5d_kit_say(g, "Power Draft", cx, m->title_y, memory5d_kit_style(m->title, 1, GFX_CENTER, INK));
    const char *sub =
        "A public pool of two cards per power. Arcade: no Elo; the cards are not your inventory's.";
    gfx_text_style st = memory5d_kit_style(m->sub, 0, GFX_CENTER, INK2);
    memory5d_kit_say(g, sub, cx, m->sub_y,
                     memory5d_layout_compact() ? memory5d_kit_fit(g, sub, st, 928, 18) : st);
    /* the pick order, the current pick lit */
    for (int i = 0; i < c->draft.pick_count; i++) {
        double x = cx - c->draft.pick_count * m->pick_dx / 2 + i * m->pick_dx;
        int done = i < d->pick, cur = i == d->pick;
        memory5d_kit_box(g, x, m->pick_y, m->pick_w, m->pick_h, cur ? 0x2F4858 : done ? 0xE3DED5 : PANEL,
                         hc ? 0x000000 : memory5d_art_owner_rgb[c->draft.pick_order[i]]);
        memory5d_kit_say(g, memory5d_player_names[c->draft.pick_order[i]], x + m->pick_w / 2,
                         m->pick_y + m->pick_h / 2,
                         memory5d_kit_style(m->pick, 1, GFX_CENTER, cur ? 0xFFFFFF : done ? INK2 : INK));
    }
    if (who >= 0) {
        int64_t left = c->draft.pick_deadline_ms - (now - d->pick_start_ms);
        if (left < 0)
            left = 0;
        snprintf(s, sizeof s, "%s to pick: %lld s left (then the cheapest card)",
                 sc->vs_ai ? (who == 0 ? "You" : "The AI") : memory5d_player_names[who],
                 (long long)((left + 999) / 1000));
        memory5d_kit_say(
            g, s, cx, m->clock_y,
            memory5d_kit_style(m->clock, 1, GFX_CENTER, left <= MEMORY5D_WARN_MS ? 0xC2412D : INK));
    }
    for (int i = 0; i < MEMORY5D_POWERS; i++) {
        double x, y, w, h;
        memory5d_layout_draft_card(i, &x, &y, &w, &h);
        int can = who >= 0 && memory5d_draft_can_take(c, d, who, i);
        memory5d_kit_box(g, x, y, w, h, can ? 0xFFFFFF : 0xE3DED5, hc ? 0x000000 : 0x8C8478);
        memory5d_kit_target("card", i, x, y, w, h);
        if (sc->keyboard && sc->draft_focus == i) /* outlined all round, like every focus */
            memory5d_kit_focus_ring(g, x, y, w, h);
        snprintf(s, sizeof s, "%d  %s", i + 1, memory5d_ui_power_titles[i]);
        memory5d_kit_say(g, s, x + w / 2, y + m->card_title_y,
                         memory5d_kit_style(m->card_title, 1, GFX_CENTER, can ? INK : INK2));
        memory5d_kit_wrap(g, power_help[i], x + m->help_x, y + m->help_y, w - 2 * m->help_x,
                          memory5d_kit_style(m->help, 0, GFX_LEFT, INK2), m->help_h);
        snprintf(s, sizeof s, "%d left", d->pool[i]);
        memory5d_kit_say(g, s, x + w / 2, y + m->left_y, memory5d_kit_style(m->left, 1, GFX_CENTER, INK));
        snprintf(s, sizeof s, "price %d", c->power_price[i]);
        memory5d_kit_say(g, s, x + w / 2, y + m->price_y, memory5d_kit_style(m->price, 0, GFX_CENTER, INK2));
    }
    for (int p = 0; p < MEMORY5D_PLAYERS; p++) {
        double x = m->panel_x0 + p * m->panel_dx, y = m->panel_y;
        memory5d_kit_box(g, x, y, m->panel_w, m->panel_h, PANEL,
                         hc ? 0x000000 : memory5d_art_owner_rgb[p]);
        snprintf(s, sizeof s, "%s", sc->vs_ai ? (p == 0 ? "Your loadout" : "The AI's loadout")
                                              : p == 0 ? "A's loadout" : "B's loadout");
        memory5d_kit_say(g, s, x + m->panel_pad, y + m->panel_name_y,
                         memory5d_kit_style(m->panel_name, 1, GFX_LEFT, INK));
        for (int i = 0; i < MEMORY5D_POWERS; i++) {
            snprintf(s, sizeof s, "%s x%d", memory5d_ui_power_titles[i], d->picked[p][i]);
            memory5d_kit_say(g, s, x + m->panel_pad + (i % 2) * m->power_dx,
                             y + m->power_y + (i / 2) * m->power_dy,
                             memory5d_kit_style(m->power, d->picked[p][i] > 0, GFX_LEFT,
                                                d->picked[p][i] ? INK : INK2));
        }
    }
    memory5d_kit_caption_bar(g, sc->caption);
}
