/* Budgeted allocation and the open-addressing key set of the Compass Shift searches. */
#include "compass_keyset.h"

#include <stdlib.h>
#include <string.h>

#define EMPTY_KEY (~(uint64_t)0)

static int charge(compass_budget *b, size_t bytes, int *over)
{
    if (bytes > b->limit - b->used) {
        *over = 1;
        return -1;
    }
    b->used += bytes;
    if (b->used > b->peak)
        b->peak = b->used;
    return 0;
}

void *compass_budget_calloc(compass_budget *b, size_t bytes, int *over)
{
    if (charge(b, bytes, over))
        return NULL;
    void *p = calloc(1, bytes ? bytes : 1);
    if (!p)
        b->used -= bytes;
    return p;
}

void *compass_budget_realloc(compass_budget *b, void *p, size_t old_bytes, size_t bytes,
                             int *over)
{
    if (bytes > old_bytes && charge(b, bytes - old_bytes, over))
        return NULL;
    void *q = realloc(p, bytes ? bytes : 1);
    if (!q) {
        if (bytes > old_bytes)
            b->used -= bytes - old_bytes;
        return NULL;
    }
    if (bytes < old_bytes)
        b->used -= old_bytes - bytes;
    return q;
}

void compass_budget_free(compass_budget *b, void *p, size_t bytes)
{
    if (!p)
        return;
    free(p);
    b->used -= bytes;
}

static uint64_t mix(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

int compass_keyset_init(compass_keyset *s, size_t cap, compass_budget *b, int *over)
{
    uint64_t *slots = compass_budget_calloc(b, cap * sizeof *slots, over);
    if (!slots)
        return -1;
    memset(slots, 0xFF, cap * sizeof *slots);
    s->slots = slots;
    s->cap = cap;
    s->count = 0;
    return 0;
}

static void put_new(compass_keyset *s, uint64_t k)
{
    size_t i = mix(k) & (s->cap - 1);
    while (s->slots[i] != EMPTY_KEY)
        i = (i + 1) & (s->cap - 1);
    s->slots[i] = k;
    s->count++;
}

int compass_keyset_has(const compass_keyset *s, uint64_t k)
{
    for (size_t i = mix(k) & (s->cap - 1); s->slots[i] != EMPTY_KEY; i = (i + 1) & (s->cap - 1))
        if (s->slots[i] == k)
            return 1;
    return 0;
}

int compass_keyset_add(compass_keyset *s, uint64_t k, compass_budget *b, int *over)
{
    if (compass_keyset_has(s, k))
        return 0;
    if ((s->count + 1) * 2 > s->cap) {
        compass_keyset bigger;
        if (compass_keyset_init(&bigger, s->cap * 2, b, over))
            return -1;
        for (size_t j = 0; j < s->cap; j++)
            if (s->slots[j] != EMPTY_KEY)
                put_new(&bigger, s->slots[j]);
        compass_keyset_free(s, b);
        *s = bigger;
    }
    put_new(s, k);
    return 1;
}

void compass_keyset_free(compass_keyset *s, compass_budget *b)
{
    compass_budget_free(b, s->slots, s->cap * sizeof *s->slots);
    s->slots = NULL;
    s->cap = s->count = 0;
}
