/* Mulberry32: the seeded generator every game uses; its state is passed explicitly. */
#ifndef CORE_RNG_H
#define CORE_RNG_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint32_t state;
} rng_t;

void rng_seed(rng_t *rng, uint32_t seed);
uint32_t rng_next_u32(rng_t *rng);
/* The spec's next(): the next uint32 divided by 2^32, in [0, 1). */
double rng_next_float(rng_t *rng);
/* floor(next() * n), the spec's pick(n); n > 0. */
uint32_t rng_pick(rng_t *rng, uint32_t n);

/* Parses a decimal integer of any size or sign and reduces it modulo 2^32 (the spec's
 * seed & 0xFFFFFFFF): "-1" gives 4294967295, "4294967296" gives 0. Returns 0 on success;
 * on anything that is not a decimal integer writes a message to err and returns -1. */
int rng_parse_seed(const char *text, uint32_t *out, char *err, size_t errlen);

#endif
