/* core/oddshape/oddshape_check: every check on the real Table L1 and seeded rounds, and on corrupted
 * copies, where each corruption must fail exactly the checks whose claim it breaks. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "oddshape/oddshape_check.h"

enum { RED, BLUE, GREEN, YELLOW, PURPLE, ORANGE };
enum { CIRCLE, SQUARE, TRIANGLE, STAR, HEART, HEXAGON };

static oddshape_rounds_doc l1;

static void load_l1(void)
{
    char err[512];
    cr_assert_eq(oddshape_json_read_file("levels/oddshape/l1.json", &l1, err, sizeof err), 0,
                 "%s (run the tests from the repository root)", err);
}

static void seeded(uint32_t seed, oddshape_rounds_doc *doc)
{
    oddshape_round r[ODDSHAPE_ROUNDS];
    oddshape_generate(seed, r);
    oddshape_json_from_rounds(ODDSHAPE_SOURCE_MULBERRY32, seed, r, doc);
}

/* The failing check names, comma-separated, in report order ("" when all pass). */
static void failing(const oddshape_rounds_doc *doc, char *out, size_t n,
                    oddshape_check_list *list)
{
    oddshape_check_doc(doc, list);
    out[0] = '\0';
    for (int i = 0; i < list->count; i++)
        if (!list->checks[i].pass)
            snprintf(out + strlen(out), n - strlen(out), "%s%s", out[0] ? "," : "",
                     list->checks[i].name);
    cr_assert_eq(list->pass, out[0] == '\0', "overall pass disagrees with the checks");
}

static const char *detail(const oddshape_check_list *list, const char *name)
{
    for (int i = 0; i < list->count; i++)
        if (strcmp(list->checks[i].name, name) == 0)
            return list->checks[i].detail;
    cr_assert_fail("no check %s", name);
    return "";
}

/* Rebuilds a row's slots from its fields, as a careful corrupter would to keep LED-R5. */
static void reslot(oddshape_row *row)
{
    row->value_list = row->fields.odd_trait;
    oddshape_round_slots(&row->fields, row->slots);
}

Test(oddshape_check, the_committed_table_l1_passes_all_nine_checks, .init = load_l1)
{
    static oddshape_check_list list;
    char fails[512];
    failing(&l1, fails, sizeof fails, &list);
    cr_expect_str_eq(fails, "");
    cr_expect_eq(list.count, 9);
    cr_expect(strstr(detail(&list, "l1-base-color-spread"),
                     "Red 3, Blue 3, Green 3, Yellow 2, Purple 2, Orange 2") != NULL);
    cr_expect(strstr(detail(&list, "rt-gen-odd"), "8 by G1 color, 7 by G2 shape") != NULL);
}

Test(oddshape_check, seeded_rounds_pass_all_six_checks_for_many_seeds)
{
    static oddshape_rounds_doc doc;
    static oddshape_check_list list;
    static const uint32_t seeds[] = {0u, 1u, 12345u, 2147483648u, 4294967295u, 99u, 31337u};
    for (size_t i = 0; i < sizeof seeds / sizeof *seeds; i++) {
        seeded(seeds[i], &doc);
        char fails[512];
        failing(&doc, fails, sizeof fails, &list);
        cr_expect_str_eq(fails, "", "seed %u", seeds[i]);
        cr_expect_eq(list.count, 6);
    }
}

typedef struct {
    const char *what;
    void (*corrupt)(oddshape_rounds_doc *d);
    const char *fails;   /* exactly these, in report order */
    const char *check;   /* and this one's detail must contain */
    const char *mention;
} corruption;

/* Any change of the row count changes some distribution count (they sum to the count). */
static void drop_round_15(oddshape_rounds_doc *d) { d->count = 14; }
static void add_round_16(oddshape_rounds_doc *d)
{
    /* Yellow and Triangle are each the base only twice, so the spreads stay within 2-3 */
    d->rows[15] = (oddshape_row){.number = 16, .fields = {YELLOW, TRIANGLE, 0, RED, 0}};
    reslot(&d->rows[15]);
    d->count = 16;
}
static void swap_round_numbers(oddshape_rounds_doc *d)
{
    d->rows[3].number = 5;
    d->rows[4].number = 4;
}
/* G1: oddValue equal to baseColor, slots kept equal to the (degenerate) construction. */
static void odd_value_equals_base(oddshape_rounds_doc *d)
{
    d->rows[0].fields.odd_value = BLUE;
    reslot(&d->rows[0]);
}
/* G2: a color name under oddTrait shape names no patch. */
static void odd_value_from_other_list(oddshape_rounds_doc *d)
{
    d->rows[1].value_list = ODDSHAPE_TRAIT_COLOR;
    d->rows[1].fields.odd_value = ORANGE;
}
static void swap_two_slots(oddshape_rounds_doc *d)
{
    oddshape_patch t = d->rows[2].slots[1];
    d->rows[2].slots[1] = d->rows[2].slots[2];
    d->rows[2].slots[2] = t;
}
static void slots_of_another_round(oddshape_rounds_doc *d)
{
    memcpy(d->rows[6].slots, d->rows[7].slots, sizeof d->rows[6].slots);
}
/* Round 14 (Green Circle, shape-odd) made color-odd: 9 color-odd, 6 shape-odd. */
static void shape_round_made_color_odd(oddshape_rounds_doc *d)
{
    d->rows[13].fields.odd_trait = ODDSHAPE_TRAIT_COLOR;
    d->rows[13].fields.odd_value = RED;
    reslot(&d->rows[13]);
}
/* Round 1's odd patch moved from Center to Left: Left 6, Center 4. */
static void odd_slot_moved(oddshape_rounds_doc *d)
{
    d->rows[0].fields.odd_slot = 0;
    reslot(&d->rows[0]);
}
/* Round 5's base Purple made Red: Red 4 times, Purple once. */
static void base_color_changed(oddshape_rounds_doc *d)
{
    d->rows[4].fields.base_color = RED;
    reslot(&d->rows[4]);
}
/* Round 5's base Heart made Circle: Circle 4 times, Heart once. */
static void base_shape_changed(oddshape_rounds_doc *d)
{
    d->rows[4].fields.base_shape = CIRCLE;
    reslot(&d->rows[4]);
}
/* Round 1 (Blue Circle, color, slot 1) replaced by a copy of round 5 (Purple Heart, color,
 * slot 1) moved next to it: Blue and Circle drop to 2, Purple and Heart rise to 3, the trait
 * and slot counts are unchanged, so only the "no two consecutive identical" claim breaks. */
static void consecutive_twins(oddshape_rounds_doc *d)
{
    d->rows[0].fields = d->rows[4].fields;
    memcpy(d->rows[0].slots, d->rows[4].slots, sizeof d->rows[0].slots);
    oddshape_row t = d->rows[0];
    d->rows[0] = d->rows[3];
    d->rows[3] = t;
    d->rows[0].number = 1;
    d->rows[3].number = 4;
}
static void no_rounds(oddshape_rounds_doc *d) { d->count = 0; }

static const corruption l1_cases[] = {
    {"drop round 15", drop_round_15, "round-count,l1-odd-trait-split,l1-odd-slot-balance",
     "round-count", "the file has 14 rounds, a session plays 15"},
    {"add a 16th round", add_round_16, "round-count,l1-odd-trait-split,l1-odd-slot-balance",
     "l1-odd-slot-balance", "odd patch in slot 0 (Left) 6 times"},
    {"swap round numbers 4 and 5", swap_round_numbers, "round-numbers", "round-numbers",
     "rounds[3] is numbered 5, expected 4; rounds[4] is numbered 4, expected 5"},
    {"oddValue equals baseColor", odd_value_equals_base, "rt-gen-odd", "rt-gen-odd",
     "round 1: G1: oddValue Blue equals baseColor"},
    {"color name as an odd shape", odd_value_from_other_list, "rt-gen-odd", "rt-gen-odd",
     "round 2: G2: oddValue Orange is not a shape"},
    {"two slots swapped", swap_two_slots, "led-r5-slots", "led-r5-slots",
     "round 3: slots are Green Star | Purple Star | Green Star, the fields construct Green "
     "Star | Green Star | Purple Star"},
    {"slots of round 8 under round 7", slots_of_another_round, "led-r5-slots", "led-r5-slots",
     "round 7: slots are Blue Star"},
    {"a shape round made color-odd", shape_round_made_color_odd, "l1-odd-trait-split",
     "l1-odd-trait-split", "9 color-odd and 6 shape-odd rounds"},
    {"odd patch moved to Left", odd_slot_moved, "l1-odd-slot-balance", "l1-odd-slot-balance",
     "odd patch in slot 0 (Left) 6 times, expected exactly 5; odd patch in slot 1 (Center) 4 "
     "times"},
    {"a base color changed", base_color_changed, "l1-base-color-spread",
     "l1-base-color-spread", "Red is the base color 4 times, expected 2-3; Purple is the base "
     "color 1 times"},
    {"a base shape changed", base_shape_changed, "l1-base-shape-spread",
     "l1-base-shape-spread", "Circle is the base shape 4 times"},
    {"two consecutive identical rounds", consecutive_twins, "l1-no-identical-consecutive",
     "l1-no-identical-consecutive", "rounds 4 and 5 have the same five fields"},
    {"no rounds at all", no_rounds,
     "round-count,l1-odd-trait-split,l1-odd-slot-balance,l1-base-color-spread,"
     "l1-base-shape-spread",
     "round-count", "the file has 0 rounds"},
};

/* Applies c to a copy of base and expects exactly c's failing checks, with c's detail. */
static void expect_corruption(const oddshape_rounds_doc *base, const corruption *c)
{
    static oddshape_rounds_doc doc;
    static oddshape_check_list list;
    doc = *base;
    c->corrupt(&doc);
    char fails[512];
    failing(&doc, fails, sizeof fails, &list);
    cr_expect_str_eq(fails, c->fails, "%s", c->what);
    const char *d = detail(&list, c->check);
    cr_expect(strstr(d, c->mention) != NULL, "%s: %s detail is \"%s\"", c->what, c->check, d);
}

/* Issue 2: "Every check is computed from the data, so a corrupted table fails exactly the
 * checks it breaks." */
Test(oddshape_check, each_corruption_of_table_l1_fails_exactly_the_checks_it_breaks,
     .init = load_l1)
{
    for (size_t i = 0; i < sizeof l1_cases / sizeof *l1_cases; i++)
        expect_corruption(&l1, &l1_cases[i]);
}

/* Every check of a table-L1 file has a corruption above that fails it. */
Test(oddshape_check, every_table_l1_check_is_caught_by_some_corruption, .init = load_l1)
{
    static oddshape_check_list list;
    oddshape_check_doc(&l1, &list);
    for (int c = 0; c < list.count; c++) {
        int caught = 0;
        for (size_t i = 0; i < sizeof l1_cases / sizeof *l1_cases && !caught; i++)
            caught = strstr(l1_cases[i].fails, list.checks[c].name) != NULL;
        cr_expect(caught, "no corruption fails %s", list.checks[c].name);
    }
}

/* Round 4 of seed 12345 is Blue Triangle color Purple slot 2; a consistent edit of its base. */
static void seeded_base_changed(oddshape_rounds_doc *d)
{
    d->rows[3].fields.base_color = RED;
    reslot(&d->rows[3]);
}
static void seeded_wrong_seed(oddshape_rounds_doc *d) { d->seed = 12346; }
/* Round 3 (odd in slot 1) moved to slot 2, where round 2 has its odd patch. */
static void seeded_repeated_slot(oddshape_rounds_doc *d)
{
    d->rows[2].fields.odd_slot = 2;
    reslot(&d->rows[2]);
}
static void seeded_drop_last(oddshape_rounds_doc *d) { d->count = 14; }
static void seeded_slots_only(oddshape_rounds_doc *d) { d->rows[0].slots[1].color = RED; }

static const corruption seeded_cases[] = {
    {"a base color changed", seeded_base_changed, "seed-rederive", "seed-rederive",
     "round 4 (rounds[3]): baseColor is Red, seed gives Blue"},
    {"another seed", seeded_wrong_seed, "seed-rederive", "seed-rederive", "seed 12346:"},
    /* the generator never repeats a slot, so a repeat also differs from the seed's rounds */
    {"odd slot repeated", seeded_repeated_slot, "seed-rederive,odd-slot-changes",
     "odd-slot-changes", "round 3 repeats odd slot 2 of round 2"},
    {"round 15 missing", seeded_drop_last, "round-count,seed-rederive", "seed-rederive",
     "rounds 15 to 15 that the generator makes are missing"},
    {"a slot recolored", seeded_slots_only, "led-r5-slots", "led-r5-slots",
     "round 1: slots are Orange Square | Red Square | Orange Square"},
};

Test(oddshape_check, each_corruption_of_seeded_rounds_fails_exactly_the_checks_it_breaks)
{
    static oddshape_rounds_doc base;
    seeded(12345, &base);
    for (size_t i = 0; i < sizeof seeded_cases / sizeof *seeded_cases; i++)
        expect_corruption(&base, &seeded_cases[i]);
}

/* A file broken on every row still gives a bounded detail that says how many rows fail. */
Test(oddshape_check, details_stay_bounded_when_every_row_fails, .init = load_l1)
{
    static oddshape_rounds_doc doc;
    static oddshape_check_list list;
    doc = l1;
    for (int i = 0; i < 100; i++) {
        doc.rows[i] = l1.rows[i % 15];
        doc.rows[i].number = i + 1;
        doc.rows[i].slots[0].shape = (doc.rows[i].slots[0].shape + 1) % 6;
    }
    doc.count = 100;
    oddshape_check_doc(&doc, &list);
    const char *d = detail(&list, "led-r5-slots");
    cr_expect(strncmp(d, "100 of 100 rounds: round 1: slots are", 37) == 0, "%s", d);
    cr_expect(strlen(d) < ODDSHAPE_CHECK_DETAIL);
    cr_expect(strcmp(d + strlen(d) - 4, " ...") == 0, "%s", d);
}

Test(oddshape_check, playable_gives_the_table_rounds_or_names_the_failed_check, .init = load_l1)
{
    oddshape_round out[ODDSHAPE_ROUNDS];
    char err[1200] = "";
    cr_assert_eq(oddshape_check_playable(&l1, out, err, sizeof err), 0, "%s", err);
    cr_expect(out[0].base_color == BLUE && out[0].odd_value == ORANGE && out[0].odd_slot == 1);
    cr_expect(out[14].base_color == RED && out[14].base_shape == STAR);
    static oddshape_rounds_doc doc;
    doc = l1;
    swap_two_slots(&doc);
    cr_expect_eq(oddshape_check_playable(&doc, out, err, sizeof err), -1);
    cr_expect(strncmp(err, "led-r5-slots: 1 of 15 rounds: round 3", 37) == 0, "%s", err);
    doc = l1;
    drop_round_15(&doc);
    cr_expect_eq(oddshape_check_playable(&doc, out, err, sizeof err), -1);
    cr_expect(strncmp(err, "round-count:", 12) == 0, "%s", err);
    /* the distribution claims are not needed to play */
    doc = l1;
    odd_slot_moved(&doc);
    cr_expect_eq(oddshape_check_playable(&doc, out, err, sizeof err), 0, "%s", err);
}
