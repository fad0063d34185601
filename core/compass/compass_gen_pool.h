/* Compass Shift generator's OpenMP pool: parallel building, in-order cross-level rules. */
#ifndef CORE_COMPASS_GEN_POOL_H
#define CORE_COMPASS_GEN_POOL_H

#include <stddef.h>
#include <stdint.h>

#include "compass_gen.h"

/* The cross-level rules, in campaign order and on one thread: levels[i] (a passing candidate
 * of its construction_attempt) whose canonical hash repeats an earlier level's, or whose route
 * signature equals the previous level's, is replaced by its next passing attempt. Sequential
 * on purpose: the outcome cannot depend on which thread built what (only the identities of
 * the levels as built are computed in parallel first, each from its own level). 0, or -1 with a message
 * naming the level that found no acceptable attempt. */
int compass_gen_resolve(uint32_t seed, int count, compass_level *levels, char *err,
                        size_t errlen);

/* What compass_gen_campaign reports while it runs; any member may be NULL. */
typedef struct {
    /* Levels accepted so far (positions 0..done-1 passed every rule) of total: one call at a
     * time, done increasing. */
    void (*progress)(int done, int total, void *ctx);
    /* Each level once it is final, exactly once per position of a run that succeeds: called
     * from any worker thread, concurrently and in no fixed order, so it must be thread-safe
     * (compass_level_text, not cJSON). 0, or -1 with a message to stop the run. */
    int (*sink)(const compass_level *level, void *ctx, char *err, size_t errlen);
    void *ctx;
} compass_gen_hooks;

/* Builds a pool of count levels into levels[0..count-1] as a pipeline (OpenMP): workers build,
 * verify, grade and identify positions in parallel with per-position attempts; the
 * cross-level rules (compass_gen_resolve's) then accept them strictly in campaign order, one
 * thread at a time, while the others go on building; each accepted level goes to the sink on
 * the thread that accepted it. The levels depend only on (seed, count), never on the thread
 * count. 0 on success; otherwise err holds the message of the earliest position that failed,
 * and the result is -1 when it found no acceptable candidate (or memory ran out), -2 when the
 * sink refused it. Levels accepted before that position have reached the sink. */
int compass_gen_campaign(uint32_t seed, int count, compass_level *levels,
                         const compass_gen_hooks *hooks, char *err, size_t errlen);

#endif
