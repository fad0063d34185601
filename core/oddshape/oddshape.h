/* Find the Odd Shape content: traits (DBT-4, DBT-5), RT-GEN-ODD, seeded rounds. */
#ifndef CORE_ODDSHAPE_H
#define CORE_ODDSHAPE_H

#include <stddef.h>
#include <stdint.h>

enum {
    ODDSHAPE_ROUNDS = 15, /* DBT-1 */
    ODDSHAPE_SLOTS = 3,   /* DBT-2 */
    ODDSHAPE_COLORS = 6,  /* DBT-4 */
    ODDSHAPE_SHAPES = 6,  /* DBT-5 */
    ODDSHAPE_DEFAULT_SEED = 12345, /* DBT-21 */
};

typedef enum { ODDSHAPE_TRAIT_COLOR = 0, ODDSHAPE_TRAIT_SHAPE = 1 } oddshape_trait;

/* Indices into the DBT-4 and DBT-5 lists, in the spec's order. */
extern const char *const oddshape_color_names[ODDSHAPE_COLORS]; /* Red, Blue, Green, ... */
extern const char *const oddshape_shape_names[ODDSHAPE_SHAPES]; /* Circle, Square, ...  */
extern const char *const oddshape_trait_names[2];               /* color, shape         */

typedef struct {
    int color; /* 0..5 */
    int shape; /* 0..5 */
} oddshape_patch;

/* The five per-round fields both content sources produce. */
typedef struct {
    int base_color;
    int base_shape;
    oddshape_trait odd_trait;
    int odd_value; /* a color index when odd_trait is color, else a shape index */
    int odd_slot;  /* 0..2 */
} oddshape_round;

/* RT-GEN-ODD G1/G2 constraints on one round: 0 if valid, else -1 and a message. */
int oddshape_round_check(const oddshape_round *round, char *err, size_t errlen);
/* RT-GEN-ODD placement: the odd patch in odd_slot, the twins in the other slots. */
void oddshape_round_slots(const oddshape_round *round, oddshape_patch slots[ODDSHAPE_SLOTS]);
/* The Randomize-ON generator: 15 rounds from seed, drawn in the spec's exact order. */
void oddshape_generate(uint32_t seed, oddshape_round rounds[ODDSHAPE_ROUNDS]);

#endif
