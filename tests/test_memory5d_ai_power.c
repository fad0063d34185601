/* core/memory5d/memory5d_ai_power: the AI arms a power in Arcade only when playing it through
 * the core raises its evaluation (spec "Arcade powers"; issue 13 "The AI uses powers"). */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "memory5d/memory5d_ai.h"
#include "memory5d/memory5d_powers.h"
#include "memory5d_fixture.h"

static memory5d_ai *ai;
static void setup_ai(void) { ai = memory5d_ai_new(); cr_assert_not_null(ai); }
static void teardown_ai(void) { memory5d_ai_free(ai); }
TestSuite(memory5d_ai_power, .init = setup_ai, .fini = teardown_ai);

/* Seed's board at Normal in mode with B holding loadout, after moves random links. */
static void position(const memory5d_config *cfg, uint32_t seed, int mode, const int *loadout,
                     int moves, memory5d_def *def, memory5d_state *st)
{
    memory5d_setup s = {.seed = seed, .difficulty = MEMORY5D_NORMAL, .mode = mode};
    for (int p = 0; p < MEMORY5D_POWERS && mode == MEMORY5D_ARCADE; p++)
        s.loadout[0][p] = s.loadout[1][p] = loadout[p];
    char err[256];
    cr_assert_eq(memory5d_def_init(def, cfg, &s, err, sizeof err), 0, "%s", err);
    memory5d_state_init(def, st, 0);
    fx_random_links(def, st, moves);
}

/* Plays arm(power) then link through memory5d_step; the state after. */
static memory5d_state play(const memory5d_def *def, memory5d_state st, int power,
                           const memory5d_cmd *link)
{
    memory5d_outcome out;
    memory5d_cmd arm = fx_cmd(MEMORY5D_CMD_ARM, st.turn, -1, -1, st.last_ms);
    arm.power = power;
    cr_assert_eq(memory5d_step(def, &st, &arm, &out), 1, "arming %s is accepted",
                 memory5d_power_names[power]);
    memory5d_cmd c = *link;
    c.now_ms = st.last_ms;
    cr_assert_eq(memory5d_step(def, &st, &c, &out), 1, "the planned link is accepted");
    return st;
}

Test(memory5d_ai_power, never_arms_in_classic)
{
    memory5d_config cfg = fx_config();
    int none[MEMORY5D_POWERS] = {0};
    srand(3);
    for (uint32_t seed = 1; seed <= 20; seed++) {
        memory5d_def def;
        memory5d_state st;
        memory5d_cmd link;
        position(&cfg, seed, MEMORY5D_CLASSIC, none, 6 + rand() % 10, &def, &st);
        if (st.status == MEMORY5D_PLAYING)
            cr_assert_eq(memory5d_ai_power(ai, &def, &st, &link), MEMORY5D_NO_POWER);
    }
}

/* Every arming it chooses does what its reason says when played through the core, and the
 * AI does arm in some positions (so this cannot pass by never arming). */
Test(memory5d_ai_power, arms_only_what_raises_its_evaluation)
{
    memory5d_config cfg = fx_config();
    int kit[MEMORY5D_POWERS] = {[MEMORY5D_DOUBLE_POINTS] = 1, [MEMORY5D_WILDCARD] = 1,
                                [MEMORY5D_EXTRA_TURN] = 1};
    int armed[MEMORY5D_POWERS] = {0};
    srand(5);
    for (uint32_t seed = 1; seed <= 60; seed++) {
        memory5d_def def;
        memory5d_state st;
        memory5d_cmd link;
        position(&cfg, seed, MEMORY5D_ARCADE, kit, 8 + rand() % 14, &def, &st);
        if (st.status != MEMORY5D_PLAYING)
            continue;
        int p = memory5d_ai_power(ai, &def, &st, &link);
        if (p == MEMORY5D_NO_POWER)
            continue;
        armed[p]++;
        cr_assert_eq(link.kind, MEMORY5D_CMD_LINK);
        memory5d_state after = play(&def, st, p, &link);
        if (p == MEMORY5D_WILDCARD)
            cr_assert_eq(after.status, MEMORY5D_WON, "seed %u: the Wildcard link wins", seed);
        else if (p == MEMORY5D_EXTRA_TURN)
            cr_assert(after.bonus && after.turn == st.turn, "seed %u: a bonus turn follows", seed);
        else
            cr_assert(after.stats[st.turn].doubled > 0, "seed %u: the link was doubled", seed);
        cr_assert_neq(p, MEMORY5D_REVEAL);
    }
    cr_assert(armed[MEMORY5D_DOUBLE_POINTS] + armed[MEMORY5D_WILDCARD] +
                  armed[MEMORY5D_EXTRA_TURN] > 0, "the AI armed a power somewhere");
}

Test(memory5d_ai_power, keeps_its_charges_in_the_bonus_turn_and_after_arming)
{
    memory5d_config cfg = fx_config();
    int kit[MEMORY5D_POWERS] = {[MEMORY5D_DOUBLE_POINTS] = 1, [MEMORY5D_EXTRA_TURN] = 1};
    memory5d_def def;
    memory5d_state st;
    memory5d_cmd link;
    srand(9);
    position(&cfg, 4, MEMORY5D_ARCADE, kit, 4, &def, &st);
    memory5d_state b = st;
    b.bonus = 1;
    cr_assert_eq(memory5d_ai_power(ai, &def, &b, &link), MEMORY5D_NO_POWER);
    b = st;
    b.armed_turn = 1;
    cr_assert_eq(memory5d_ai_power(ai, &def, &b, &link), MEMORY5D_NO_POWER);
}
