/* core/oddshape: the seeded Trio Generator and RT-GEN-ODD (find-the-odd-shape.md). */
#include <criterion/criterion.h>
#include <string.h>

#include "oddshape/oddshape.h"

enum { RED, BLUE, GREEN, YELLOW, PURPLE, ORANGE };
enum { CIRCLE, SQUARE, TRIANGLE, STAR, HEART, HEXAGON };
#define C ODDSHAPE_TRAIT_COLOR
#define S ODDSHAPE_TRAIT_SHAPE

/* Seed 12345 (DBT-21) as tests/oddshape_reference.js computes it: the spec's algorithm
 * written directly in JavaScript with BigInt Mulberry32, independent of core/. */
static const oddshape_round seed_12345[ODDSHAPE_ROUNDS] = {
    {ORANGE, SQUARE, C, PURPLE, 1},   {GREEN, CIRCLE, S, HEXAGON, 2},
    {GREEN, HEXAGON, S, HEART, 1},    {BLUE, TRIANGLE, C, PURPLE, 2},
    {YELLOW, HEART, S, STAR, 1},      {RED, SQUARE, C, PURPLE, 0},
    {BLUE, CIRCLE, S, HEXAGON, 1},    {BLUE, CIRCLE, S, HEXAGON, 0},
    {YELLOW, HEART, S, CIRCLE, 1},    {ORANGE, STAR, S, TRIANGLE, 0},
    {BLUE, STAR, S, SQUARE, 1},       {ORANGE, TRIANGLE, S, CIRCLE, 0},
    {BLUE, HEART, C, PURPLE, 1},      {RED, TRIANGLE, S, HEXAGON, 2},
    {BLUE, CIRCLE, S, SQUARE, 1},
};

Test(oddshape, generator_matches_the_javascript_reference_for_the_default_seed)
{
    oddshape_round got[ODDSHAPE_ROUNDS];
    oddshape_generate(ODDSHAPE_DEFAULT_SEED, got);
    for (int i = 0; i < ODDSHAPE_ROUNDS; i++) {
        const oddshape_round *g = &got[i], *w = &seed_12345[i];
        cr_expect(g->base_color == w->base_color && g->base_shape == w->base_shape &&
                      g->odd_trait == w->odd_trait && g->odd_value == w->odd_value &&
                      g->odd_slot == w->odd_slot,
                  "round %d: got %d %d %d %d %d", i + 1, g->base_color, g->base_shape,
                  g->odd_trait, g->odd_value, g->odd_slot);
    }
}

/* RT-GEN-ODD G1/G2 and generator step 5 ("guarantees the odd position differs from the
 * previous round") over many seeds, including the ends of the uint32 range. */
Test(oddshape, generated_rounds_meet_rt_gen_odd_and_never_repeat_the_odd_slot)
{
    for (uint32_t k = 0; k < 3000; k++) {
        uint32_t seed = k < 1500 ? k : 4294967295u - (k - 1500);
        oddshape_round r[ODDSHAPE_ROUNDS];
        oddshape_generate(seed, r);
        for (int i = 0; i < ODDSHAPE_ROUNDS; i++) {
            char err[128];
            cr_assert_eq(oddshape_round_check(&r[i], err, sizeof err), 0, "seed %u round %d: %s",
                         seed, i + 1, err);
            if (i > 0)
                cr_assert_neq(r[i].odd_slot, r[i - 1].odd_slot, "seed %u round %d", seed, i + 1);
        }
    }
}

/* Step 4: the odd value is drawn from "the 5 remaining colors in listed order", so over many
 * seeds every value other than the base occurs, and with pick(5) each about 1/5 of the time. */
Test(oddshape, odd_values_cover_every_other_value_of_their_trait)
{
    int seen[2][6][6] = {{{0}}};
    for (uint32_t seed = 0; seed < 2000; seed++) {
        oddshape_round r[ODDSHAPE_ROUNDS];
        oddshape_generate(seed, r);
        for (int i = 0; i < ODDSHAPE_ROUNDS; i++) {
            int base = r[i].odd_trait == C ? r[i].base_color : r[i].base_shape;
            seen[r[i].odd_trait][base][r[i].odd_value]++;
        }
    }
    for (int t = 0; t < 2; t++)
        for (int b = 0; b < 6; b++)
            for (int v = 0; v < 6; v++) {
                if (v == b)
                    cr_expect_eq(seen[t][b][v], 0);
                else
                    cr_expect_gt(seen[t][b][v], 200, "trait %d base %d value %d: %d", t, b, v,
                                 seen[t][b][v]);
            }
}

Test(oddshape, the_same_seed_gives_the_same_rounds_and_neighbouring_seeds_differ)
{
    oddshape_round a[ODDSHAPE_ROUNDS], b[ODDSHAPE_ROUNDS], c[ODDSHAPE_ROUNDS];
    oddshape_generate(777, a);
    oddshape_generate(777, b);
    oddshape_generate(778, c);
    cr_expect_eq(memcmp(a, b, sizeof a), 0);
    cr_expect_neq(memcmp(a, c, sizeof a), 0);
}

/* RT-GEN-ODD placement: "odd patch -> the round's oddSlot; the two twins -> the remaining
 * two slots in ascending slot order". Table L1 rounds 1 (G1) and 2 (G2). */
Test(oddshape, slots_put_the_odd_patch_at_odd_slot_and_twins_elsewhere)
{
    oddshape_patch s[ODDSHAPE_SLOTS];
    oddshape_round r1 = {BLUE, CIRCLE, C, ORANGE, 1};
    oddshape_round_slots(&r1, s);
    cr_expect(s[0].color == BLUE && s[0].shape == CIRCLE);
    cr_expect(s[1].color == ORANGE && s[1].shape == CIRCLE, "G1: odd = (oddValue, baseShape)");
    cr_expect(s[2].color == BLUE && s[2].shape == CIRCLE);
    oddshape_round r2 = {RED, SQUARE, S, TRIANGLE, 0};
    oddshape_round_slots(&r2, s);
    cr_expect(s[0].color == RED && s[0].shape == TRIANGLE, "G2: odd = (baseColor, oddValue)");
    cr_expect(s[1].color == RED && s[1].shape == SQUARE);
    cr_expect(s[2].color == RED && s[2].shape == SQUARE);
}

Test(oddshape, round_check_refuses_an_odd_value_equal_to_the_base)
{
    char err[128] = "";
    oddshape_round g1 = {GREEN, STAR, C, GREEN, 2};
    cr_expect_eq(oddshape_round_check(&g1, err, sizeof err), -1);
    cr_expect_str_eq(err, "G1: oddValue Green equals baseColor");
    oddshape_round g2 = {GREEN, STAR, S, STAR, 2};
    cr_expect_eq(oddshape_round_check(&g2, err, sizeof err), -1);
    cr_expect_str_eq(err, "G2: oddValue Star equals baseShape");
    /* only the oddTrait's dimension is compared: a shape index equal to baseColor's is fine */
    oddshape_round ok = {GREEN, STAR, S, TRIANGLE, 2};
    cr_expect_eq(oddshape_round_check(&ok, err, sizeof err), 0);
}

Test(oddshape, round_check_refuses_out_of_range_fields)
{
    char err[128];
    oddshape_round bad_slot = {RED, STAR, C, BLUE, 3};
    cr_expect_eq(oddshape_round_check(&bad_slot, err, sizeof err), -1);
    oddshape_round bad_value = {RED, STAR, C, 6, 1};
    cr_expect_eq(oddshape_round_check(&bad_value, err, sizeof err), -1);
    oddshape_round bad_base = {-1, STAR, C, BLUE, 1};
    cr_expect_eq(oddshape_round_check(&bad_base, err, sizeof err), -1);
}
