/* Memory5D Arcade in the player: the shop (purchases through the records store), the
 * loadout editor (the core's caps, the profile's inventory) and arming or cancelling a power
 * in a match (memory5d_step's ARM / DISARM). Every rule is the core's. */
#include <stdio.h>
#include <string.h>

#include "m5d_scene.h"
#include "memory5d/memory5d_powers.h"

const char *const m5d_power_titles[MEMORY5D_POWERS] = {"Reveal", "Double Points", "Wildcard",
                                                       "Extra Turn"};

int64_t m5d_owned(const m5d_scene *sc, int power)
{
    return sc->rec.has_proj ? sc->rec.proj.inventory[power] : 0;
}

void m5d_loadout_clamp(m5d_scene *sc)
{
    for (int p = 0; p < MEMORY5D_POWERS; p++)
        if (sc->loadout[p] > m5d_owned(sc, p))
            sc->loadout[p] = (int)m5d_owned(sc, p);
}

void m5d_shop_buy(m5d_scene *sc, int power, int64_t now)
{
    char err[400];
    if (!sc->store) {
        m5d_caption(sc, now, "The shop needs a records database (--records FILE): Star Points "
                    "live there.");
        return;
    }
    int64_t p = m5d_records_profile(sc, now);
    int64_t id = p > 0 ? memory5d_store_buy(sc->store, p, &sc->rules, power, err, sizeof err)
                       : -1;
    m5d_records_refresh(sc);
    m5d_ev_records(sc, now, "buy", p, id > 0, id > 0 ? memory5d_power_names[power] : err);
    if (id > 0)
        m5d_caption(sc, now, "Bought one %s for %d Star Points: %lld left, %lld owned.",
                    m5d_power_titles[power], sc->rules.power_price[power],
                    (long long)sc->rec.proj.balance, (long long)m5d_owned(sc, power));
    else
        m5d_caption(sc, now, "Cannot buy %s (%d Star Points): %.300s", m5d_power_titles[power],
                    sc->rules.power_price[power], err);
    audio_play(sc->env.audio, id > 0 ? AUDIO_SFX_BUTTON_CONFIRM : AUDIO_SFX_INVALID);
}

/* Adds one owned charge of power to the loadout through the core's caps; when none can be
 * added, that power's charges leave the loadout (so the row cycles). */
void m5d_loadout_toggle(m5d_scene *sc, int power, int64_t now)
{
    memory5d_inventory inv = {0};
    for (int p = 0; p < MEMORY5D_POWERS; p++)
        inv.owned[p] = (int)m5d_owned(sc, p) - sc->loadout[p];
    int rc = memory5d_loadout_add(&sc->rules, &inv, sc->loadout, power);
    if (rc == MEMORY5D_OK) {
        m5d_caption(sc, now, "Loadout: %s x%d (at most %d charges, %d Extra Turn).",
                    m5d_power_titles[power], sc->loadout[power], sc->rules.loadout_max_charges,
                    sc->rules.loadout_max_extra_turn);
    } else if (sc->loadout[power] > 0) {
        sc->loadout[power] = 0;
        m5d_caption(sc, now, "Loadout: %s removed.", m5d_power_titles[power]);
    } else {
        m5d_caption(sc, now, "%s", rc == MEMORY5D_R_NO_CHARGE
                                       ? "You own no charge of that power: buy one in the shop."
                                       : "The loadout is full: at most 3 charges and 1 Extra "
                                         "Turn.");
        audio_play(sc->env.audio, AUDIO_SFX_INVALID);
        return;
    }
    audio_play(sc->env.audio, AUDIO_SFX_BUTTON_CONFIRM);
}

void m5d_arm_toggle(m5d_scene *sc, int power, int64_t now)
{
    int player = m5d_local_player(sc);
    int live = memory5d_power_live(&sc->st, sc->st.armed);
    memory5d_cmd c = {.kind = live && sc->st.armed == power ? MEMORY5D_CMD_DISARM
                                                            : MEMORY5D_CMD_ARM,
                      .player = player, .cell = MEMORY5D_NO_CELL, .cell2 = MEMORY5D_NO_CELL,
                      .power = power, .now_ms = now};
    memory5d_outcome out;
    if (!m5d_apply(sc, &c, &out, now))
        m5d_refused(sc, player, -1, out.refusal, now);
}

void m5d_power_button(int i, double *x, double *y, double *w, double *h)
{
    *x = 40 + (i % 2) * 250;
    *y = 900 + (i / 2) * 50;
    *w = 240;
    *h = 44;
}
