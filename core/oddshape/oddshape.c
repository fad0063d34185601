/* Find the Odd Shape content rules: RT-GEN-ODD and the seeded Trio Generator. */
#include "oddshape.h"

#include <stdio.h>

#include "rng.h"

const char *const oddshape_color_names[ODDSHAPE_COLORS] = {"Red",    "Blue",   "Green",
                                                           "Yellow", "Purple", "Orange"};
const char *const oddshape_shape_names[ODDSHAPE_SHAPES] = {"Circle", "Square", "Triangle",
                                                           "Star",   "Heart",  "Hexagon"};
const char *const oddshape_trait_names[2] = {"color", "shape"};

int oddshape_round_check(const oddshape_round *r, char *err, size_t errlen)
{
    if (r->base_color < 0 || r->base_color >= ODDSHAPE_COLORS ||
        r->base_shape < 0 || r->base_shape >= ODDSHAPE_SHAPES) {
        snprintf(err, errlen, "base trait out of range");
        return -1;
    }
    if (r->odd_slot < 0 || r->odd_slot >= ODDSHAPE_SLOTS) {
        snprintf(err, errlen, "oddSlot %d is not 0, 1 or 2", r->odd_slot);
        return -1;
    }
    if (r->odd_trait != ODDSHAPE_TRAIT_COLOR && r->odd_trait != ODDSHAPE_TRAIT_SHAPE) {
        snprintf(err, errlen, "oddTrait is neither color nor shape");
        return -1;
    }
    /* G1 (color) and G2 (shape) are one rule over two trait lists */
    int color = r->odd_trait == ODDSHAPE_TRAIT_COLOR;
    const char *rule = color ? "G1" : "G2";
    const char *const *names = color ? oddshape_color_names : oddshape_shape_names;
    int count = color ? ODDSHAPE_COLORS : ODDSHAPE_SHAPES;
    int base = color ? r->base_color : r->base_shape;
    if (r->odd_value < 0 || r->odd_value >= count) {
        snprintf(err, errlen, "%s: oddValue is not a %s", rule, oddshape_trait_names[r->odd_trait]);
        return -1;
    }
    if (r->odd_value == base) {
        snprintf(err, errlen, "%s: oddValue %s equals %s", rule, names[r->odd_value],
                 color ? "baseColor" : "baseShape");
        return -1;
    }
    return 0;
}

void oddshape_round_slots(const oddshape_round *r, oddshape_patch slots[ODDSHAPE_SLOTS])
{
    oddshape_patch twin = {r->base_color, r->base_shape};
    oddshape_patch odd = twin;
    if (r->odd_trait == ODDSHAPE_TRAIT_COLOR)
        odd.color = r->odd_value; /* G1 */
    else
        odd.shape = r->odd_value; /* G2 */
    for (int s = 0; s < ODDSHAPE_SLOTS; s++)
        slots[s] = s == r->odd_slot ? odd : twin;
}

/* The k-th entry (0..4) of the six values in listed order without `excluded`. */
static int nth_other(int excluded, int k) { return k < excluded ? k : k + 1; }

void oddshape_generate(uint32_t seed, oddshape_round rounds[ODDSHAPE_ROUNDS])
{
    rng_t rng;
    rng_seed(&rng, seed);
    for (int i = 0; i < ODDSHAPE_ROUNDS; i++) {
        oddshape_round *r = &rounds[i];
        r->base_color = (int)rng_pick(&rng, ODDSHAPE_COLORS);
        r->base_shape = (int)rng_pick(&rng, ODDSHAPE_SHAPES);
        r->odd_trait = (oddshape_trait)rng_pick(&rng, 2);
        int base = r->odd_trait == ODDSHAPE_TRAIT_COLOR ? r->base_color : r->base_shape;
        r->odd_value = nth_other(base, (int)rng_pick(&rng, 5));
        r->odd_slot = (int)rng_pick(&rng, ODDSHAPE_SLOTS);
        if (i > 0 && r->odd_slot == rounds[i - 1].odd_slot)
            r->odd_slot = (r->odd_slot + 1) % ODDSHAPE_SLOTS;
    }
}
