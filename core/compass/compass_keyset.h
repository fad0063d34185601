/* The searches' memory: a byte budget every table is charged to, and an open-addressing set
 * of remaining-set keys that grows inside it. */
#ifndef CORE_COMPASS_KEYSET_H
#define CORE_COMPASS_KEYSET_H

#include <stddef.h>
#include <stdint.h>

/* used <= limit always; peak is the most used at any time. */
typedef struct {
    uint64_t used, peak, limit;
} compass_budget;

/* calloc/realloc/free charged to b: NULL (nothing allocated) when the budget or the allocator
 * refuses. *over is set to 1 when the budget was the reason, left alone otherwise. */
void *compass_budget_calloc(compass_budget *b, size_t bytes, int *over);
void *compass_budget_realloc(compass_budget *b, void *p, size_t old_bytes, size_t bytes,
                             int *over);
void compass_budget_free(compass_budget *b, void *p, size_t bytes);

/* No key of a search ever has all 64 bits set except on a 64-arrow board's start, which is
 * never inserted (only successors are), so all ones marks an empty slot. */
typedef struct {
    uint64_t *slots;
    size_t cap, count; /* cap a power of two, count <= cap / 2 */
} compass_keyset;

/* 0, or -1 (the set unchanged) when memory was refused; *over as for compass_budget_calloc. */
int compass_keyset_init(compass_keyset *s, size_t cap, compass_budget *b, int *over);
/* 1 when k was new, 0 when present, -1 when growing was refused (k not added). */
int compass_keyset_add(compass_keyset *s, uint64_t k, compass_budget *b, int *over);
int compass_keyset_has(const compass_keyset *s, uint64_t k);
void compass_keyset_free(compass_keyset *s, compass_budget *b);

#endif
