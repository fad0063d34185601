/* core/compass/compass_keyset: the searches' byte budget and their set of remaining-set keys.
 * compass-shift.md "Real solver and content evidence": "PuzzleSolver performs deterministic
 * breadth-first search over (remainingArrowIds, compassQuarterTurns)" (a state is its
 * remaining set, a 64-bit key); docs/games/compass.md "Verifying levels": --max-memory "stop[s] the search cleanly",
 * every table "charged to --max-memory". */
#include <criterion/criterion.h>
#include <stdint.h>

#include "compass/compass_keyset.h"

/* Distinct keys spread over all 64 bits (none all ones, the empty mark). */
static uint64_t key_of(uint64_t i)
{
    return (i + 1) * 0x9E3779B97F4A7C15ull >> 1;
}

static compass_budget unlimited(void)
{
    return (compass_budget){0, 0, UINT64_MAX};
}

Test(compass_keyset, a_key_is_new_once_and_present_after)
{
    compass_budget b = unlimited();
    compass_keyset s;
    int over = 0;
    cr_assert_eq(compass_keyset_init(&s, 8, &b, &over), 0);
    cr_expect_eq(compass_keyset_has(&s, 42), 0);
    cr_expect_eq(compass_keyset_add(&s, 42, &b, &over), 1, "new");
    cr_expect_eq(compass_keyset_add(&s, 42, &b, &over), 0, "already present");
    cr_expect_eq(compass_keyset_has(&s, 42), 1);
    cr_expect_eq(compass_keyset_has(&s, 43), 0);
    cr_expect_eq(s.count, 1u);
    cr_expect_eq(over, 0, "nothing was refused");
    compass_keyset_free(&s, &b);
}

/* Keys that share their low bits, zero and the top bit alone are all different states. */
Test(compass_keyset, keys_differing_only_in_high_bits_are_kept_apart)
{
    compass_budget b = unlimited();
    compass_keyset s;
    int over = 0;
    cr_assert_eq(compass_keyset_init(&s, 4, &b, &over), 0);
    const uint64_t keys[] = {0, 1, (uint64_t)1 << 63, (uint64_t)1 << 32, ((uint64_t)1 << 63) | 1,
                             UINT64_MAX - 1};
    const int n = sizeof keys / sizeof keys[0];
    for (int i = 0; i < n; i++)
        cr_assert_eq(compass_keyset_add(&s, keys[i], &b, &over), 1, "key %d", i);
    for (int i = 0; i < n; i++)
        cr_expect_eq(compass_keyset_has(&s, keys[i]), 1, "key %d", i);
    cr_expect_eq(compass_keyset_has(&s, 2), 0);
    cr_expect_eq(compass_keyset_has(&s, (uint64_t)1 << 62), 0);
    cr_expect_eq(s.count, (size_t)n);
    compass_keyset_free(&s, &b);
}

/* The set doubles whenever it would pass half full, keeping every key: a layer of any size. */
Test(compass_keyset, the_set_grows_past_half_full_and_keeps_every_key)
{
    compass_budget b = unlimited();
    compass_keyset s;
    int over = 0;
    cr_assert_eq(compass_keyset_init(&s, 2, &b, &over), 0);
    for (uint64_t i = 0; i < 5000; i++) {
        cr_assert_eq(compass_keyset_add(&s, key_of(i), &b, &over), 1, "key %llu",
                     (unsigned long long)i);
        cr_assert_leq(s.count * 2, s.cap, "at most half full");
        cr_assert_eq(s.cap & (s.cap - 1), 0u, "capacity a power of two");
    }
    cr_expect_eq(s.count, 5000u);
    cr_expect_eq(s.cap, 16384u, "the least power of two at least twice the count");
    for (uint64_t i = 0; i < 5000; i++)
        cr_assert_eq(compass_keyset_has(&s, key_of(i)), 1);
    for (uint64_t i = 5000; i < 10000; i++)
        cr_assert_eq(compass_keyset_has(&s, key_of(i)), 0);
    cr_expect_eq(b.used, s.cap * sizeof(uint64_t), "only the live table is charged");
    compass_keyset_free(&s, &b);
    cr_expect_eq(b.used, 0u);
    cr_expect_eq(s.slots, NULL);
}

/* While the set grows the old and the new table are both alive: the peak counts both. */
Test(compass_keyset, the_budget_peak_counts_both_tables_of_a_growth)
{
    compass_budget b = unlimited();
    compass_keyset s;
    int over = 0;
    cr_assert_eq(compass_keyset_init(&s, 2, &b, &over), 0);
    cr_expect_eq(b.used, 16u);
    cr_assert_eq(compass_keyset_add(&s, key_of(0), &b, &over), 1); /* 1 of 2: no growth */
    cr_expect_eq(s.cap, 2u);
    cr_assert_eq(compass_keyset_add(&s, key_of(1), &b, &over), 1); /* grows to 4 */
    cr_assert_eq(compass_keyset_add(&s, key_of(2), &b, &over), 1); /* grows to 8 */
    cr_expect_eq(s.cap, 8u);
    cr_expect_eq(b.used, 64u);
    cr_expect_eq(b.peak, 32u + 64u, "the 4-slot and the 8-slot table at once");
    compass_keyset_free(&s, &b);
    cr_expect_eq(b.used, 0u);
    cr_expect_eq(b.peak, 96u, "the peak is kept after freeing");
}

/* A growth the budget cannot pay for is refused cleanly: -1, *over set, the set and the
 * budget as they were. */
Test(compass_keyset, a_growth_past_the_budget_is_refused_leaving_the_set_unchanged)
{
    compass_budget b = {0, 0, 4 * sizeof(uint64_t) + 4 * sizeof(uint64_t)}; /* 64 bytes */
    compass_keyset s;
    int over = 0;
    cr_assert_eq(compass_keyset_init(&s, 4, &b, &over), 0);
    cr_assert_eq(compass_keyset_add(&s, key_of(0), &b, &over), 1);
    cr_assert_eq(compass_keyset_add(&s, key_of(1), &b, &over), 1); /* 2 of 4: still fits */
    cr_expect_eq(over, 0);
    /* a third key needs an 8-slot table (64 bytes) beside the 4-slot one (32) */
    cr_expect_eq(compass_keyset_add(&s, key_of(2), &b, &over), -1);
    cr_expect_eq(over, 1, "the budget was the reason");
    cr_expect_eq(s.cap, 4u);
    cr_expect_eq(s.count, 2u);
    cr_expect_eq(compass_keyset_has(&s, key_of(0)), 1);
    cr_expect_eq(compass_keyset_has(&s, key_of(1)), 1);
    cr_expect_eq(compass_keyset_has(&s, key_of(2)), 0);
    cr_expect_eq(b.used, 32u);
    /* a key already present needs no room */
    over = 0;
    cr_expect_eq(compass_keyset_add(&s, key_of(1), &b, &over), 0);
    cr_expect_eq(over, 0);
    compass_keyset_free(&s, &b);
    cr_expect_eq(b.used, 0u);
}

Test(compass_keyset, budgeted_allocations_charge_and_refund_exact_bytes)
{
    compass_budget b = {0, 0, 100};
    int over = 0;
    char *p = compass_budget_calloc(&b, 60, &over);
    cr_assert_not_null(p);
    cr_expect_eq(p[59], 0, "zeroed");
    cr_expect_eq(b.used, 60u);
    cr_expect_null(compass_budget_calloc(&b, 41, &over), "60 + 41 > 100");
    cr_expect_eq(over, 1);
    cr_expect_eq(b.used, 60u, "a refusal charges nothing");
    over = 0;
    p = compass_budget_realloc(&b, p, 60, 100, &over);
    cr_assert_not_null(p, "growing to exactly the limit");
    cr_expect_eq(b.used, 100u);
    cr_expect_eq(b.peak, 100u);
    cr_expect_eq(over, 0);
    cr_expect_null(compass_budget_realloc(&b, p, 100, 101, &over));
    cr_expect_eq(over, 1);
    cr_expect_eq(b.used, 100u, "the old block is kept and still charged");
    p = compass_budget_realloc(&b, p, 100, 10, &over);
    cr_assert_not_null(p);
    cr_expect_eq(b.used, 10u, "shrinking refunds the difference");
    compass_budget_free(&b, p, 10);
    cr_expect_eq(b.used, 0u);
    compass_budget_free(&b, NULL, 10);
    cr_expect_eq(b.used, 0u, "freeing nothing refunds nothing");
    cr_expect_eq(b.peak, 100u);
}
