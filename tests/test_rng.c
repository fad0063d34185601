/* Mulberry32 (find-the-odd-shape.md, "Seeded generation algorithm"): known answers and seeds. */
#include <criterion/criterion.h>

#include "rng.h"

/* Known answers computed with the spec's JavaScript form of the algorithm. */
Test(rng, mulberry32_matches_the_reference_stream_for_seed_12345)
{
    rng_t r;
    rng_seed(&r, 12345);
    cr_expect_eq(rng_next_u32(&r), 4207900869u);
    cr_expect_eq(rng_next_u32(&r), 1317490944u);
    cr_expect_eq(rng_next_u32(&r), 2079646450u);
}

Test(rng, mulberry32_matches_the_reference_stream_for_seed_4294967295)
{
    rng_t r;
    rng_seed(&r, 4294967295u);
    cr_expect_eq(rng_next_u32(&r), 3850105811u);
    cr_expect_eq(rng_next_u32(&r), 813802916u);
    cr_expect_eq(rng_next_u32(&r), 3073704848u);
}

Test(rng, next_float_is_the_uint32_over_2_pow_32)
{
    rng_t a, b;
    rng_seed(&a, 7);
    rng_seed(&b, 7);
    for (int i = 0; i < 1000; i++) {
        double f = rng_next_float(&a);
        cr_assert_eq(f, rng_next_u32(&b) / 4294967296.0);
        cr_assert(f >= 0.0 && f < 1.0);
    }
}

Test(rng, pick_is_floor_of_next_times_n)
{
    rng_t a, b;
    rng_seed(&a, 99);
    rng_seed(&b, 99);
    for (int i = 0; i < 1000; i++) {
        uint32_t n = 1 + (uint32_t)i % 7;
        cr_assert_eq(rng_pick(&a, n), (uint32_t)(rng_next_float(&b) * n));
    }
}

Test(rng, seeds_reduce_modulo_2_pow_32)
{
    static const struct { const char *text; uint32_t want; } cases[] = {
        {"0", 0u}, {"12345", 12345u}, {"-1", 4294967295u}, {"4294967296", 0u},
        {"4294967297", 1u}, {"-4294967296", 0u}, {"+7", 7u},
        {"340282366920938463463374607431768211457", 1u}, /* 2^128 + 1 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        uint32_t got = 123;
        char err[128];
        cr_expect_eq(rng_parse_seed(cases[i].text, &got, err, sizeof err), 0, "%s", cases[i].text);
        cr_expect_eq(got, cases[i].want, "%s gave %u", cases[i].text, got);
    }
}

Test(rng, non_integer_seeds_are_rejected_with_a_message)
{
    static const char *bad[] = {"12a", "1.5", "", "0x10", "-", " 5", "5 ", "1e3"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        uint32_t got;
        char err[128] = "";
        cr_expect_eq(rng_parse_seed(bad[i], &got, err, sizeof err), -1, "\"%s\"", bad[i]);
        cr_expect(strstr(err, "seed") != NULL);
    }
}
