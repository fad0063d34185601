/* Memory5D Power Draft screen, input side: the public pool through the core's draft (pick
 * order, 20 s deadlines settled by the cheapest-card auto-pick), the AI's picks, and the
 * Arcade match the two drafted loadouts start. A drafted match is recorded with its picks
 * (the cards are the pool's: the profile's inventory neither holds nor pays them) and never
 * touches Elo. */
#include <string.h>

#include "m5d_scene.h"
#include "memory5d/memory5d_draft.h"

void m5d_draft_card(int i, double *x, double *y, double *w, double *h)
{
    *x = 300 + i * 340;
    *y = 330;
    *w = 300;
    *h = 300;
}

/* The pick just made (by whom, which power) into the log and the caption. */
static void picked(m5d_scene *sc, const memory5d_draft *before, int automatic, int64_t t)
{
    const memory5d_draft *d = &sc->draft;
    int who = memory5d_draft_turn(&sc->rules, before), power = MEMORY5D_NO_POWER;
    for (int p = 0; p < MEMORY5D_POWERS; p++)
        if (d->picked[who][p] != before->picked[who][p])
            power = p;
    m5d_ev_draft(sc, t, before->pick, who, power, automatic);
    if (power == MEMORY5D_NO_POWER)
        m5d_caption(sc, t, "%s's pick passes: no card the loadout caps allow is left.",
                    memory5d_player_names[who]);
    else
        m5d_caption(sc, t, "%s %s %s.%s", memory5d_player_names[who],
                    automatic ? "ran out of time and was given the cheapest card," : "took",
                    m5d_power_titles[power], automatic ? " [sound: tick]" : "");
    audio_play(sc->env.audio, automatic ? AUDIO_SFX_TIMEOUT : AUDIO_SFX_BUTTON_CONFIRM);
}

static int ai_seat(const m5d_scene *sc, int who) { return sc->vs_ai && who == 1; }

/* The AI takes the dearest card it may (deterministic; ties by power order). */
static int ai_choice(const m5d_scene *sc)
{
    int best = MEMORY5D_NO_POWER;
    for (int p = 0; p < MEMORY5D_POWERS; p++)
        if (memory5d_draft_can_take(&sc->rules, &sc->draft, 1, p) &&
            (best < 0 || sc->rules.power_price[p] > sc->rules.power_price[best]))
            best = p;
    return best;
}

static void finish(m5d_scene *sc, int64_t now)
{
    char err[400];
    sc->drafting = 0;
    if (m5d_match_start(sc, now, err, sizeof err) != 0) {
        snprintf(sc->warning, sizeof sc->warning, "memory5d: %.400s", err);
        sc->screen = M5D_LOBBY;
    }
}

void m5d_draft_start(m5d_scene *sc, int64_t now)
{
    memory5d_draft_init(&sc->rules, &sc->draft, now);
    sc->drafting = 1;
    sc->screen = M5D_DRAFT;
    sc->draft_focus = 0;
    sc->draft_ai_due = 0;
    m5d_ev_screen(sc, now, "draft");
    m5d_caption(sc, now, "Power Draft: picks A, B, B, A, A, B from the public pool, %d s each; "
                "time out and you get the cheapest card.", sc->rules.draft.pick_deadline_ms / 1000);
}

void m5d_draft_update(m5d_scene *sc, int64_t now)
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
            sc->draft_ai_due = now + (sc->env.headless ? 0 : M5D_AI_PACE_MS);
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

static void take(m5d_scene *sc, int power, int64_t now)
{
    memory5d_draft before = sc->draft;
    int who = memory5d_draft_turn(&sc->rules, &sc->draft);
    if (who < 0 || ai_seat(sc, who)) {
        m5d_caption(sc, now, "Wait: the AI is picking. [sound: buzz]");
        return;
    }
    int rc = memory5d_draft_pick(&sc->rules, &sc->draft, who, power, now);
    if (rc == MEMORY5D_OK) {
        picked(sc, &before, 0, now);
        m5d_draft_update(sc, now);
    } else {
        m5d_caption(sc, now, "%s [sound: buzz]", rc == MEMORY5D_R_NO_CHARGE
                                                     ? "No card of that power is left."
                                                     : rc == MEMORY5D_R_ONE_POWER_PER_TURN
                                                         ? "Your loadout cannot hold it (at most "
                                                           "3 charges, 1 Extra Turn)."
                                                         : memory5d_reason_text(rc));
        audio_play(sc->env.audio, AUDIO_SFX_INVALID);
    }
}

void m5d_draft_input(m5d_scene *sc, const player_input *in, int64_t now)
{
    if (in->kind == PIN_CLICK || in->kind == PIN_TOUCH_UP) {
        sc->keyboard = 0;
        for (int i = 0; i < MEMORY5D_POWERS; i++) {
            double x, y, w, h;
            m5d_draft_card(i, &x, &y, &w, &h);
            if (in->x >= x && in->x < x + w && in->y >= y && in->y < y + h) {
                sc->draft_focus = i;
                take(sc, i, now);
            }
        }
        return;
    }
    if (in->kind != PIN_KEY)
        return;
    sc->keyboard = 1;
    if (in->ch >= '1' && in->ch <= '4')
        take(sc, in->ch - '1', now);
    else if (in->key == PK_LEFT && sc->draft_focus > 0)
        sc->draft_focus--;
    else if (in->key == PK_RIGHT && sc->draft_focus < MEMORY5D_POWERS - 1)
        sc->draft_focus++;
    else if (in->key == PK_ENTER || in->key == PK_SPACE)
        take(sc, sc->draft_focus, now);
    else if (in->key == PK_ESCAPE) {
        sc->drafting = 0;
        sc->screen = M5D_LOBBY;
        m5d_ev_screen(sc, now, "lobby");
        m5d_caption(sc, now, "The draft was left; nothing was kept.");
    }
}
