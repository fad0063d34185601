/* Mulberry32 exactly as the Odd Shape spec writes it, on uint32 arithmetic. */
#include "rng.h"

#include <stdio.h>

void rng_seed(rng_t *rng, uint32_t seed) { rng->state = seed; }

uint32_t rng_next_u32(rng_t *rng)
{
    rng->state += 0x6D2B79F5u;
    uint32_t t = rng->state;
    t = (t ^ (t >> 15)) * (t | 1u);
    t = t ^ (t + ((t ^ (t >> 7)) * (t | 61u)));
    return t ^ (t >> 14);
}

double rng_next_float(rng_t *rng) { return rng_next_u32(rng) / 4294967296.0; }

uint32_t rng_pick(rng_t *rng, uint32_t n)
{
    /* floor(u / 2^32 * n) computed exactly in integers: the same value as the float form
     * for every n < 2^32, with no rounding question. */
    return (uint32_t)(((uint64_t)rng_next_u32(rng) * n) >> 32);
}

int rng_parse_seed(const char *text, uint32_t *out, char *err, size_t errlen)
{
    const char *p = text;
    int negative = 0;
    if (*p == '-' || *p == '+') {
        negative = (*p == '-');
        p++;
    }
    if (*p < '0' || *p > '9') {
        snprintf(err, errlen, "seed: expected a decimal integer, got \"%.40s\"", text);
        return -1;
    }
    uint32_t value = 0; /* accumulating modulo 2^32 is exact: 10 and the digits are integers */
    for (; *p; p++) {
        if (*p < '0' || *p > '9') {
            snprintf(err, errlen, "seed: expected a decimal integer, got \"%.40s\"", text);
            return -1;
        }
        value = value * 10u + (uint32_t)(*p - '0');
    }
    *out = negative ? (uint32_t)(0u - value) : value;
    return 0;
}
