/* core/memory5d/memory5d_powers: loadouts, purchases and the Arcade powers in play
 * (memory5d.md "Arcade powers"). */
#include <criterion/criterion.h>
#include <string.h>

#include "memory5d_fixture.h"
#include "memory5d/memory5d_powers.h"

static memory5d_def def;
static memory5d_state st;

/* Links (1,1)-(1,2), (0,4)-(0,5), (4,1)-(4,2), (5,4)-(5,5); (2,1) is a route neighbour of
 * (1,1) in another family. */
static void start(int difficulty, int mode, const int a[MEMORY5D_POWERS],
                  const int b[MEMORY5D_POWERS])
{
    memory5d_board bd = fx_dead_board(6);
    fx_pair(&bd, 7, 8);
    fx_pair(&bd, 4, 5);
    fx_pair(&bd, 25, 26);
    fx_pair(&bd, 34, 35);
    memory5d_config cfg = fx_config();
    cfg.presets[difficulty].board_size = 6;
    memory5d_setup s = {.seed = 1, .difficulty = difficulty, .mode = mode};
    if (a)
        memcpy(s.loadout[0], a, sizeof s.loadout[0]);
    if (b)
        memcpy(s.loadout[1], b, sizeof s.loadout[1]);
    char err[256];
    cr_assert_eq(memory5d_def_init_board(&def, &cfg, &s, &bd, err, sizeof err), 0, "%s", err);
    memory5d_state_init(&def, &st, 0);
}

static int run(int kind, int player, int cell, int cell2, int power, int64_t now,
               memory5d_outcome *out)
{
    memory5d_cmd c = fx_cmd(kind, player, cell, cell2, now);
    c.power = power;
    return memory5d_step(&def, &st, &c, out);
}

static const int all_three[MEMORY5D_POWERS] = {1, 1, 0, 1};

/* "A loadout has at most three charges and at most one Extra Turn." */
Test(memory5d_powers, a_loadout_holds_three_charges_and_one_extra_turn)
{
    memory5d_config c = fx_config();
    char err[128];
    cr_expect_eq(memory5d_loadout_check(&c, (int[]){1, 1, 0, 1}, err, sizeof err), 0);
    cr_expect_eq(memory5d_loadout_check(&c, (int[]){0, 0, 3, 0}, err, sizeof err), 0);
    cr_expect_eq(memory5d_loadout_check(&c, (int[]){1, 1, 1, 1}, err, sizeof err), -1);
    cr_expect(strstr(err, "maxCharges") != NULL, "%s", err);
    cr_expect_eq(memory5d_loadout_check(&c, (int[]){0, 0, 1, 2}, err, sizeof err), -1);
    cr_expect(strstr(err, "maxExtraTurn") != NULL, "%s", err);
    memory5d_setup s = {
        .difficulty = MEMORY5D_NORMAL, .mode = MEMORY5D_ARCADE, .loadout = {{2, 2, 0, 0}}};
    cr_expect_eq(memory5d_def_init(&def, &c, &s, err, sizeof err), -1);
    memory5d_setup classic = {
        .difficulty = MEMORY5D_NORMAL, .mode = MEMORY5D_CLASSIC, .loadout = {{1, 0, 0, 0}}};
    cr_expect_eq(memory5d_def_init(&def, &c, &classic, err, sizeof err), -1,
                 "Classic has no powers");
}

/* "Lobby/results purchases add local ... inventory after validation", at config prices. */
Test(memory5d_powers, purchases_spend_star_points_at_config_prices)
{
    memory5d_config c = fx_config();
    memory5d_inventory inv = {.star_points = 70};
    cr_expect_eq(memory5d_inventory_buy(&c, &inv, MEMORY5D_WILDCARD), MEMORY5D_OK);
    cr_expect_eq(inv.star_points, 70 - c.power_price[MEMORY5D_WILDCARD]);
    cr_expect_eq(inv.owned[MEMORY5D_WILDCARD], 1);
    memory5d_inventory before = inv;
    cr_expect_eq(memory5d_inventory_buy(&c, &inv, MEMORY5D_EXTRA_TURN), MEMORY5D_R_NO_CHARGE);
    cr_expect_eq(memcmp(&before, &inv, sizeof inv), 0, "a refused purchase changes nothing");
    cr_expect_eq(memory5d_inventory_buy(&c, &inv, 9), MEMORY5D_R_BAD_COMMAND);

    memory5d_inventory owned = {.owned = {3, 0, 0, 2}};
    int lo[MEMORY5D_POWERS] = {0};
    cr_expect_eq(memory5d_loadout_add(&c, &owned, lo, MEMORY5D_EXTRA_TURN), MEMORY5D_OK);
    cr_expect_eq(memory5d_loadout_add(&c, &owned, lo, MEMORY5D_EXTRA_TURN), MEMORY5D_R_BAD_COMMAND);
    cr_expect_eq(memory5d_loadout_add(&c, &owned, lo, MEMORY5D_WILDCARD), MEMORY5D_R_NO_CHARGE);
    cr_expect_eq(memory5d_loadout_add(&c, &owned, lo, MEMORY5D_REVEAL), MEMORY5D_OK);
    cr_expect_eq(memory5d_loadout_add(&c, &owned, lo, MEMORY5D_REVEAL), MEMORY5D_OK);
    cr_expect_eq(memory5d_loadout_add(&c, &owned, lo, MEMORY5D_REVEAL), MEMORY5D_R_BAD_COMMAND);
    cr_expect_eq(owned.owned[MEMORY5D_REVEAL], 1);
    memory5d_loadout_return(&owned, lo);
    cr_expect_eq(owned.owned[MEMORY5D_REVEAL], 3);
    cr_expect_eq(owned.owned[MEMORY5D_EXTRA_TURN], 2);
}

/* "Arcade optionally enables powers but remains separate from Ranked Classic." */
Test(memory5d_powers, powers_are_armed_only_in_arcade)
{
    start(MEMORY5D_NORMAL, MEMORY5D_CLASSIC, NULL, NULL);
    memory5d_outcome out;
    cr_expect_eq(run(MEMORY5D_CMD_ARM, 0, 0, 0, MEMORY5D_REVEAL, 10, &out), 0);
    cr_expect_eq(out.refusal, MEMORY5D_R_NOT_ARCADE);
}

/* "One power may be armed per base turn; cancellation ... refund reservations." */
Test(memory5d_powers, one_power_per_base_turn_and_cancellation_refunds)
{
    start(MEMORY5D_NORMAL, MEMORY5D_ARCADE, all_three, NULL);
    memory5d_outcome out;
    cr_assert_eq(run(MEMORY5D_CMD_ARM, 0, 0, 0, MEMORY5D_DOUBLE_POINTS, 10, &out), 1);
    cr_expect_eq(st.loadout[0][MEMORY5D_DOUBLE_POINTS], 0, "reserved");
    cr_expect_eq(run(MEMORY5D_CMD_ARM, 0, 0, 0, MEMORY5D_REVEAL, 20, &out), 0);
    cr_expect_eq(out.refusal, MEMORY5D_R_ONE_POWER_PER_TURN);
    cr_assert_eq(run(MEMORY5D_CMD_DISARM, 0, 0, 0, 0, 30, &out), 1);
    cr_expect_eq(out.ev[0].kind, MEMORY5D_EV_REFUND);
    cr_expect_eq(st.loadout[0][MEMORY5D_DOUBLE_POINTS], 1, "refunded");
    cr_expect_eq(run(MEMORY5D_CMD_DISARM, 0, 0, 0, 0, 40, &out), 0);
    cr_expect_eq(out.refusal, MEMORY5D_R_NOT_ARMED);
    cr_expect_eq(run(MEMORY5D_CMD_ARM, 0, 0, 0, MEMORY5D_WILDCARD, 50, &out), 0);
    cr_expect_eq(out.refusal, MEMORY5D_R_NO_CHARGE);
    cr_expect_eq(run(MEMORY5D_CMD_ARM, 1, 0, 0, MEMORY5D_REVEAL, 50, &out), 0);
    cr_expect_eq(out.refusal, MEMORY5D_R_NOT_YOUR_TURN);
}

/* "Double Points and Wildcard consume on a valid link"; "Double Points doubles only this
 * final Mastery result". */
Test(memory5d_powers, double_points_consumes_on_a_valid_link_and_doubles_mastery)
{
    start(MEMORY5D_EXPERT, MEMORY5D_ARCADE, all_three, NULL);
    memory5d_outcome out;
    run(MEMORY5D_CMD_ARM, 0, 0, 0, MEMORY5D_DOUBLE_POINTS, 10, &out);
    cr_assert_eq(run(MEMORY5D_CMD_LINK, 0, 7, 8, 0, 20, &out), 1);
    cr_expect_eq(out.ev[0].kind, MEMORY5D_EV_LINK);
    cr_expect_eq(out.ev[0].value, 250); /* round(100 x 1.25) x 2 */
    cr_expect(out.ev[0].flags & MEMORY5D_LINK_DOUBLED);
    int c = fx_find(&out, MEMORY5D_EV_CONSUME);
    cr_assert_geq(c, 0);
    cr_expect_eq(out.ev[c].value, MEMORY5D_DOUBLE_POINTS);
    cr_expect_eq(st.loadout[0][MEMORY5D_DOUBLE_POINTS], 0);
    cr_expect_eq(fx_find(&out, MEMORY5D_EV_REFUND), -1);
}

/* "all unconsumed failure paths refund reservations": a miss and a timeout. */
Test(memory5d_powers, a_miss_or_a_timeout_refunds_the_reservation)
{
    start(MEMORY5D_NORMAL, MEMORY5D_ARCADE, all_three, NULL);
    memory5d_outcome out;
    run(MEMORY5D_CMD_ARM, 0, 0, 0, MEMORY5D_DOUBLE_POINTS, 10, &out);
    cr_assert_eq(run(MEMORY5D_CMD_LINK, 0, 7, 13, 0, 20, &out), 1);
    cr_expect_eq(out.ev[0].kind, MEMORY5D_EV_MISS);
    int r = fx_find(&out, MEMORY5D_EV_REFUND);
    cr_assert_geq(r, 0);
    cr_expect_eq(out.ev[r].value, MEMORY5D_DOUBLE_POINTS);
    cr_expect_eq(st.loadout[0][MEMORY5D_DOUBLE_POINTS], 1);

    start(MEMORY5D_NORMAL, MEMORY5D_ARCADE, all_three, NULL);
    run(MEMORY5D_CMD_ARM, 0, 0, 0, MEMORY5D_EXTRA_TURN, 10, &out);
    cr_assert_eq(run(MEMORY5D_CMD_TICK, 0, 0, 0, 0, 30000, &out), 1);
    cr_expect_geq(fx_find(&out, MEMORY5D_EV_REFUND), 0);
    cr_expect_eq(st.loadout[0][MEMORY5D_EXTRA_TURN], 1);
}

/* "Wildcard bypasses family and hue only." */
Test(memory5d_powers, wildcard_links_any_family_and_hue_but_still_needs_a_route)
{
    start(MEMORY5D_NORMAL, MEMORY5D_ARCADE, (int[]){0, 0, 2, 0}, NULL);
    memory5d_outcome out;
    run(MEMORY5D_CMD_ARM, 0, 0, 0, MEMORY5D_WILDCARD, 10, &out);
    run(MEMORY5D_CMD_SELECT, 0, 7, 0, 0, 20, &out);
    cr_assert_eq(run(MEMORY5D_CMD_SELECT, 0, 20, 0, 0, 30, &out), 1);
    cr_expect_eq(out.ev[0].kind, MEMORY5D_EV_REANCHOR, "a non-route cell still re-anchors");
    cr_expect_eq(run(MEMORY5D_CMD_LINK, 0, 7, 7, 0, 40, &out), 0);
    cr_expect_eq(out.refusal, MEMORY5D_R_SAME_CELL);
    cr_assert_eq(run(MEMORY5D_CMD_LINK, 0, 7, 13, 0, 50, &out), 1); /* families differ */
    cr_expect_eq(out.ev[0].kind, MEMORY5D_EV_LINK);
    cr_expect(out.ev[0].flags & MEMORY5D_LINK_WILDCARD);
    cr_expect_eq(out.ev[fx_find(&out, MEMORY5D_EV_CONSUME)].value, MEMORY5D_WILDCARD);
    cr_expect_eq(st.cells[13].owner, 0);
    cr_expect_eq(st.loadout[0][MEMORY5D_WILDCARD], 1);
}

/* "Extra Turn consumes after a valid base-turn link and grants one non-chainable bonus
 * turn." */
Test(memory5d_powers, extra_turn_grants_one_non_chainable_bonus_turn)
{
    start(MEMORY5D_EXPERT, MEMORY5D_ARCADE, (int[]){1, 1, 0, 1}, NULL);
    memory5d_outcome out;
    run(MEMORY5D_CMD_ARM, 0, 0, 0, MEMORY5D_EXTRA_TURN, 10, &out);
    cr_assert_eq(run(MEMORY5D_CMD_LINK, 0, 7, 8, 0, 20, &out), 1);
    cr_expect_eq(out.ev[fx_find(&out, MEMORY5D_EV_CONSUME)].value, MEMORY5D_EXTRA_TURN);
    int bt = fx_find(&out, MEMORY5D_EV_BONUS_TURN);
    cr_assert_geq(bt, 0);
    cr_expect_eq(out.ev[bt].player, 0);
    cr_expect_eq(st.turn, 0);
    cr_expect(st.bonus);
    cr_expect_eq(run(MEMORY5D_CMD_ARM, 0, 0, 0, MEMORY5D_DOUBLE_POINTS, 30, &out), 0);
    cr_expect_eq(out.refusal, MEMORY5D_R_BONUS_TURN, "no power, so no second Extra Turn, in a bonus turn");
    cr_assert_eq(run(MEMORY5D_CMD_LINK, 0, 4, 5, 0, 40, &out), 1);
    cr_expect_eq(st.turn, 1, "the bonus turn ends the chain");
    cr_expect(!st.bonus);
    cr_expect_eq(out.ev[0].value, 156, "streak carries into the bonus link: 100 x 1.25 x 1.25");
}

/* "Reveal consumes when its partner projection begins"; the clock pauses for it. */
Test(memory5d_powers, reveal_consumes_when_the_projection_begins_and_pauses_the_clock)
{
    start(MEMORY5D_NORMAL, MEMORY5D_ARCADE, all_three, NULL);
    memory5d_outcome out;
    cr_assert_eq(run(MEMORY5D_CMD_ARM, 0, 0, 0, MEMORY5D_REVEAL, 1000, &out), 1);
    cr_expect_eq(fx_find(&out, MEMORY5D_EV_CONSUME), -1, "arming alone does not consume");
    cr_assert_eq(run(MEMORY5D_CMD_SELECT, 0, 7, 0, 0, 5000, &out), 1);
    int rv = fx_find(&out, MEMORY5D_EV_REVEAL);
    cr_assert_geq(rv, 0);
    cr_expect_eq(out.ev[rv].a, 7);
    cr_expect_eq(out.ev[rv].value, def.cfg.reveal_projection_ms);
    cr_expect_eq(out.ev[rv].ms, 5000, "events carry the time of their command");
    cr_expect_geq(fx_find(&out, MEMORY5D_EV_CONSUME), 0);
    cr_expect(st.pause_mask & MEMORY5D_PAUSE_REVEAL);
    cr_expect_eq(st.reveal_anchor, 7, "the UI knows which partners to project");
    cr_expect_eq(st.stats[0].powers_used, 1);
    int64_t left = memory5d_clock_remaining(&def, &st, 5000);
    cr_expect_eq(memory5d_clock_remaining(&def, &st, 5000 + def.cfg.reveal_projection_ms), left,
                 "no time passes during the projection");
    cr_expect_eq(memory5d_clock_remaining(&def, &st, 6000 + def.cfg.reveal_projection_ms),
                 left - 1000);
    int deadline = 30000 + def.cfg.reveal_projection_ms;
    cr_expect_eq(run(MEMORY5D_CMD_TICK, 0, 0, 0, 0, deadline - 1, &out), 1, "the end is settled");
    cr_expect_eq(run(MEMORY5D_CMD_TICK, 0, 0, 0, 0, deadline - 1, &out), 0);
    cr_assert_eq(run(MEMORY5D_CMD_TICK, 0, 0, 0, 0, deadline, &out), 1);
    cr_expect_eq(out.ev[0].kind, MEMORY5D_EV_TIMEOUT);
    cr_expect_eq(fx_find(&out, MEMORY5D_EV_REFUND), -1, "a consumed Reveal is not refunded");
    cr_expect_eq(st.loadout[0][MEMORY5D_REVEAL], 0);
}

/* Issue 12 core gap 3: "after the projection ends, the pause bit and reveal_anchor stay
 * set": the first command at or after the end clears both and says so. */
Test(memory5d_powers, a_reveal_projection_ends_by_itself_and_clears_its_anchor)
{
    start(MEMORY5D_NORMAL, MEMORY5D_ARCADE, all_three, NULL);
    memory5d_outcome out;
    run(MEMORY5D_CMD_ARM, 0, 0, 0, MEMORY5D_REVEAL, 1000, &out);
    cr_assert_eq(run(MEMORY5D_CMD_SELECT, 0, 7, 0, 0, 5000, &out), 1);
    int end = 5000 + def.cfg.reveal_projection_ms;
    cr_expect(memory5d_reveal_active(&st, 5000));
    cr_expect(memory5d_reveal_active(&st, end - 1));
    cr_expect(!memory5d_reveal_active(&st, end), "the projection is over at its end time");
    cr_expect_eq(run(MEMORY5D_CMD_TICK, 0, 0, 0, 0, end - 1, &out), 0, "nothing due yet");
    cr_assert_eq(run(MEMORY5D_CMD_TICK, 0, 0, 0, 0, end, &out), 1);
    cr_expect_eq(out.count, 1);
    cr_expect_eq(out.ev[0].kind, MEMORY5D_EV_REVEAL_END);
    cr_expect_eq(out.ev[0].a, 7);
    cr_expect_eq(st.reveal_anchor, MEMORY5D_NO_CELL);
    cr_expect_eq(st.pause_mask, 0);
    cr_expect_eq(st.anchor, 7, "the anchor itself stays selected");
    cr_expect_eq(run(MEMORY5D_CMD_TICK, 0, 0, 0, 0, end + 1, &out), 0, "settled once");
}

Test(memory5d_powers, a_reveal_never_projected_is_refunded_at_the_end_of_the_turn)
{
    start(MEMORY5D_NORMAL, MEMORY5D_ARCADE, all_three, NULL);
    memory5d_outcome out;
    run(MEMORY5D_CMD_ARM, 0, 0, 0, MEMORY5D_REVEAL, 10, &out);
    cr_assert_eq(run(MEMORY5D_CMD_LINK, 0, 7, 8, 0, 20, &out), 1);
    int r = fx_find(&out, MEMORY5D_EV_REFUND);
    cr_assert_geq(r, 0);
    cr_expect_eq(out.ev[r].value, MEMORY5D_REVEAL);
    cr_expect_eq(st.loadout[0][MEMORY5D_REVEAL], 1);
}
