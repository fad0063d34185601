/* Compass Shift campaign plan: tables, ids, seeds (spec "Content plan", "Difficulty tiers"). */
#ifndef CORE_COMPASS_PLAN_H
#define CORE_COMPASS_PLAN_H

#include <stddef.h>
#include <stdint.h>

enum {
    COMPASS_CAMPAIGN_LEVELS = 50,
    COMPASS_PATTERN_COUNT = 10,
    COMPASS_FAMILY_COUNT = 6,
    COMPASS_TIER_COUNT = 4,
    COMPASS_GEN_MAX_COUNT = 10000,  /* largest --count pool */
    /* Grading (issue 18): a level needs at least this many steps of its solution with more
     * than one legal release, besides a wrong move. The generator grades by it and the
     * campaign acceptance check holds every level to it, so it lives with the plan. */
    COMPASS_GEN_MIN_DECISION_STEPS = 2
};

/* The campaign index gen compass writes and solver compass --campaign reads. */
#define COMPASS_CAMPAIGN_FORMAT "compass-shift-campaign/1"

/* The documented default campaign seed: the spec's evidence date, 2026-08-10. */
#define COMPASS_DEFAULT_SEED 20260810u

/* Mechanics a family declares (bit set) and therefore must show. */
enum { COMPASS_FEATURE_WALLS = 1, COMPASS_FEATURE_WINDOWS = 2, COMPASS_FEATURE_PORTS = 4 };

/* One row of the plan: everything the spec fixes for a campaign position. The plan table is
 * the single source of pattern, family, tier, board size and arrow count; the acceptance
 * checks read it too. */
typedef struct {
    int index;           /* 1-based campaign position */
    int pattern;         /* 0..9, the listed order */
    int family;          /* 0..5, the listed order */
    int tier;            /* 1..4 */
    int rows, cols;      /* 4x4 or 5x5 */
    int arrows;          /* the tier's alternating arrow count */
    unsigned features;   /* COMPASS_FEATURE_* of the family */
    /* The generator's target band for randomWinShare, lower for each later tier (a tuning
     * choice for mechanical pacing, not a spec number; docs/games/compass.md "Tier pacing"). */
    double share_low, share_high;
    /* Issue 31's grade. The lookahead this position aims at: it rises across the tier from
     * the tier's breather (its first level, easier than the last of the tier before) to its
     * peak, so the curve is a saw-tooth. */
    int lookahead_target;
    int tier_first, tier_last; /* the first / last position of its tier */
    /* Features this position is the first of the campaign to show (its introduction): the
     * generator keeps only boards on which that element alone is what can go wrong. */
    unsigned introduces;
} compass_plan_entry;

const char *compass_pattern_name(int pattern);
const char *compass_family_name(int family);
int compass_pattern_family(int pattern);
unsigned compass_family_features(int family);
/* Index of a pattern or family name, or -1. */
int compass_pattern_lookup(const char *name);
int compass_family_lookup(const char *name);

/* The plan of position i (0-based) of a pool of any size: position i takes campaign slot
 * i mod 50, so a pool larger than the campaign repeats the 50-level plan (docs/games/compass.md "Larger pools"). */
compass_plan_entry compass_plan_entry_at(int i);

/* The level id of position i in a pool of count levels: "cs-NN-<pattern>", with as many
 * digits as count needs (two at least). */
void compass_level_id(int i, int count, char *out, size_t outlen);

/* The pool position (0-based) of a file name the generator gives a level file: exactly
 * compass_level_id(i, n) + ".json" for some pool size n, i.e. "cs-", the 1-based number with
 * 2 to 9 digits, "-", the pattern that position takes, ".json". -1 for any other name, so
 * gen compass --out never mistakes another file for a stale level of its own. */
int compass_level_file_position(const char *name);

/* The construction seed of (campaign seed, position, attempt): a pure function, so any
 * worker computes the same candidate for the same attempt. */
uint32_t compass_construction_seed(uint32_t seed, int i, int attempt);

#endif
