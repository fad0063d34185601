/* core/memory5d/memory5d_draft: the Power Draft (memory5d.md "Power Draft is an Arcade setting"). */
#include <criterion/criterion.h>

#include "memory5d/memory5d_draft.h"
#include "memory5d_fixture.h"
#include "memory5d/memory5d_powers.h"
#include "memory5d/memory5d_score.h"

/* "a deterministic public pool of two copies of each power, the pick order A,B,B,A,A,B" */
Test(memory5d_draft, the_pool_holds_two_of_each_and_picks_follow_abbaab)
{
    memory5d_config c = fx_config();
    memory5d_draft d;
    memory5d_draft_init(&c, &d, 0);
    for (int p = 0; p < MEMORY5D_POWERS; p++)
        cr_expect_eq(d.pool[p], 2);
    static const int order[6] = {0, 1, 1, 0, 0, 1};
    static const int power[6] = {MEMORY5D_EXTRA_TURN, MEMORY5D_EXTRA_TURN, MEMORY5D_WILDCARD,
                                 MEMORY5D_WILDCARD,   MEMORY5D_REVEAL,     MEMORY5D_DOUBLE_POINTS};
    for (int i = 0; i < 6; i++) {
        cr_assert_eq(memory5d_draft_turn(&c, &d), order[i]);
        cr_expect_eq(memory5d_draft_pick(&c, &d, 1 - order[i], power[i], 1000 * i),
                     MEMORY5D_R_NOT_YOUR_TURN);
        cr_assert_eq(memory5d_draft_pick(&c, &d, order[i], power[i], 1000 * i), MEMORY5D_OK);
    }
    cr_expect_eq(memory5d_draft_turn(&c, &d), -1);
    cr_expect_eq(memory5d_draft_pick(&c, &d, 0, MEMORY5D_REVEAL, 9000), MEMORY5D_R_GAME_OVER);
    cr_expect_eq(d.picked[0][MEMORY5D_EXTRA_TURN] + d.picked[0][MEMORY5D_WILDCARD] +
                     d.picked[0][MEMORY5D_REVEAL],
                 3);
    cr_expect_eq(d.pool[MEMORY5D_EXTRA_TURN], 0);
    cr_expect_eq(d.auto_picks, 0);
}

Test(memory5d_draft, picks_respect_the_pool_and_the_loadout_caps)
{
    memory5d_config c = fx_config();
    memory5d_draft d;
    memory5d_draft_init(&c, &d, 0);
    cr_assert_eq(memory5d_draft_pick(&c, &d, 0, MEMORY5D_EXTRA_TURN, 0), MEMORY5D_OK);
    cr_assert_eq(memory5d_draft_pick(&c, &d, 1, MEMORY5D_REVEAL, 0), MEMORY5D_OK);
    cr_assert_eq(memory5d_draft_pick(&c, &d, 1, MEMORY5D_REVEAL, 0), MEMORY5D_OK);
    cr_expect_eq(memory5d_draft_pick(&c, &d, 0, MEMORY5D_REVEAL, 0), MEMORY5D_R_NO_CHARGE,
                 "both copies gone");
    cr_expect_eq(memory5d_draft_pick(&c, &d, 0, MEMORY5D_EXTRA_TURN, 0),
                 MEMORY5D_R_ONE_POWER_PER_TURN, "at most one Extra Turn");
    cr_expect_eq(memory5d_draft_pick(&c, &d, 0, 7, 0), MEMORY5D_R_BAD_COMMAND);
}

/* "twenty-second server deadlines, and a deterministic cheapest-card auto-pick" */
Test(memory5d_draft, a_missed_deadline_auto_picks_the_cheapest_card)
{
    memory5d_config c = fx_config();
    memory5d_draft d;
    memory5d_draft_init(&c, &d, 1000);
    cr_expect_eq(memory5d_draft_tick(&c, &d, 1000 + 19999), 0);
    cr_expect_eq(memory5d_draft_tick(&c, &d, 1000 + 20000), 1);
    cr_expect_eq(d.picked[0][MEMORY5D_REVEAL], 1, "reveal is the cheapest power in the config");
    cr_expect_eq(d.pick_start_ms, 21000, "the next pick's deadline runs from the last one");
    /* B misses both picks: the two cheapest cards it may take. */
    cr_expect_eq(memory5d_draft_tick(&c, &d, 61000), 2);
    cr_expect_eq(d.picked[1][MEMORY5D_REVEAL], 1);
    cr_expect_eq(d.picked[1][MEMORY5D_DOUBLE_POINTS], 1);
    /* Extra Turn is skipped by the auto-pick once a player holds one. */
    c.power_price[MEMORY5D_EXTRA_TURN] = 1;
    memory5d_draft e;
    memory5d_draft_init(&c, &e, 0);
    memory5d_draft_tick(&c, &e, 6 * 20000);
    cr_expect_eq(e.auto_picks, 6);
    cr_expect_eq(e.picked[0][MEMORY5D_EXTRA_TURN], 1);
    cr_expect_eq(e.picked[1][MEMORY5D_EXTRA_TURN], 1);
    for (int p = 0; p < 2; p++) {
        char err[128];
        cr_expect_eq(memory5d_loadout_check(&c, e.picked[p], err, sizeof err), 0, "%s", err);
    }
    /* The same ticks always give the same loadouts. */
    memory5d_draft f;
    memory5d_draft_init(&c, &f, 0);
    memory5d_draft_tick(&c, &f, 6 * 20000);
    cr_expect_eq(memcmp(&e, &f, sizeof e), 0);
}

/* "It never writes Elo": a drafted match is Arcade, and Arcade never writes Elo. */
Test(memory5d_draft, a_drafted_match_is_arcade_and_never_writes_elo)
{
    memory5d_config c = fx_config();
    memory5d_draft d;
    memory5d_draft_init(&c, &d, 0);
    memory5d_draft_tick(&c, &d, 6 * 20000);
    memory5d_setup s = {.seed = 3, .difficulty = MEMORY5D_NORMAL, .mode = MEMORY5D_ARCADE};
    memcpy(s.loadout, d.picked, sizeof s.loadout);
    memory5d_def def;
    memory5d_state st;
    char err[256];
    cr_assert_eq(memory5d_def_init(&def, &c, &s, err, sizeof err), 0, "%s", err);
    memory5d_state_init(&def, &st, 0);
    st.status = MEMORY5D_WON;
    st.winner = 0;
    int a, b;
    cr_expect_eq(memory5d_match_elo(&def, &st, 1500, 1500, &a, &b), -1);
    cr_expect(a == 1500 && b == 1500);
}
