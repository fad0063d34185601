/* Compass Shift campaign plan: the pattern, family and tier tables, level ids and seeds. */
#include "compass_plan.h"

#include <stdio.h>
#include <string.h>

#include "rng.h"

static const char *const pattern_names[COMPASS_PATTERN_COUNT] = {
    "four-winds",    "counter-current", "reef-slalom", "breakwater",    "tide-clock",
    "quarter-gates", "signal-shapes",   "semaphore",   "charted-reef", "harbor-code"};
static const int pattern_family[COMPASS_PATTERN_COUNT] = {0, 0, 1, 1, 2, 2, 3, 3, 4, 5};
static const char *const family_names[COMPASS_FAMILY_COUNT] = {
    "open-water", "reef", "phase-windows", "signal-ports", "walls-windows", "windows-ports"};
static const unsigned family_features[COMPASS_FAMILY_COUNT] = {
    0,
    COMPASS_FEATURE_WALLS,
    COMPASS_FEATURE_WINDOWS,
    COMPASS_FEATURE_PORTS,
    COMPASS_FEATURE_WALLS | COMPASS_FEATURE_WINDOWS,
    COMPASS_FEATURE_WINDOWS | COMPASS_FEATURE_PORTS};

/* The Difficulty tiers table: levels per tier, board side and the alternating arrow pair
 * (the first level of a tier takes the smaller count), then the generator's target band for
 * randomWinShare. The bands are disjoint and fall tier by tier, so the tier medians fall
 * whenever most of each tier lands in its band; the acceptance check measures it anyway.
 * Last, the lookahead ramp of issue 31 (README "Tier pacing"), which the grade puts first:
 * a band miss costs its distance, a lookahead step costs 1. */
static const struct {
    int levels, side, low, high;
    double share_low, share_high;
    int look_low, look_high; /* lookahead at the tier's breather and at its last level */
} tiers[COMPASS_TIER_COUNT] = {{13, 4, 4, 5, 0.45, 0.95, 1, 3},
                               {13, 4, 5, 6, 0.28, 0.44, 1, 4},
                               {13, 5, 6, 7, 0.15, 0.27, 2, 5},
                               {11, 5, 7, 8, 0.01, 0.14, 3, 7}};

const char *compass_pattern_name(int p)
{
    return p >= 0 && p < COMPASS_PATTERN_COUNT ? pattern_names[p] : "?";
}
const char *compass_family_name(int f)
{
    return f >= 0 && f < COMPASS_FAMILY_COUNT ? family_names[f] : "?";
}
int compass_pattern_family(int p)
{
    return p >= 0 && p < COMPASS_PATTERN_COUNT ? pattern_family[p] : -1;
}
unsigned compass_family_features(int f)
{
    return f >= 0 && f < COMPASS_FAMILY_COUNT ? family_features[f] : 0;
}

int compass_pattern_lookup(const char *name)
{
    for (int i = 0; i < COMPASS_PATTERN_COUNT; i++)
        if (strcmp(name, pattern_names[i]) == 0)
            return i;
    return -1;
}

int compass_family_lookup(const char *name)
{
    for (int i = 0; i < COMPASS_FAMILY_COUNT; i++)
        if (strcmp(name, family_names[i]) == 0)
            return i;
    return -1;
}

compass_plan_entry compass_plan_entry_at(int i)
{
    compass_plan_entry e;
    int slot = i % COMPASS_CAMPAIGN_LEVELS, first = 0, t = 0;
    while (slot >= first + tiers[t].levels) {
        first += tiers[t].levels;
        t++;
    }
    e.index = i + 1;
    e.pattern = slot % COMPASS_PATTERN_COUNT;
    e.family = pattern_family[e.pattern];
    e.tier = t + 1;
    e.rows = e.cols = tiers[t].side;
    e.arrows = (slot - first) % 2 == 0 ? tiers[t].low : tiers[t].high;
    e.features = family_features[e.family];
    e.share_low = tiers[t].share_low;
    e.share_high = tiers[t].share_high;
    /* A straight ramp from look_low to look_high over the tier, rounded half up. */
    int j = slot - first, span = tiers[t].levels - 1;
    e.lookahead_target =
        tiers[t].look_low + (2 * (tiers[t].look_high - tiers[t].look_low) * j + span) / (2 * span);
    e.tier_first = j == 0;
    e.tier_last = j == span;
    unsigned earlier = 0;
    for (int k = 0; k < slot; k++)
        earlier |= family_features[pattern_family[k % COMPASS_PATTERN_COUNT]];
    e.introduces = e.features & ~earlier;
    return e;
}

/* "cs-<i+1 in digits digits>-<pattern>": the one spelling of a level id. */
static void format_level_id(int i, int digits, char *out, size_t outlen)
{
    snprintf(out, outlen, "cs-%0*d-%s", digits, i + 1, pattern_names[i % COMPASS_PATTERN_COUNT]);
}

void compass_level_id(int i, int count, char *out, size_t outlen)
{
    int digits = 2;
    for (int n = 100; n <= count && digits < 9; n *= 10)
        digits++;
    format_level_id(i, digits, out, outlen);
}

int compass_level_file_position(const char *name)
{
    if (strncmp(name, "cs-", 3) != 0)
        return -1;
    int digits = 0, number = 0;
    for (const char *p = name + 3; *p >= '0' && *p <= '9' && digits < 10; p++, digits++)
        number = digits < 9 ? number * 10 + (*p - '0') : number;
    if (digits < 2 || digits > 9 || number < 1)
        return -1;
    char want[96];
    format_level_id(number - 1, digits, want, sizeof want);
    strcat(want, ".json");
    return strcmp(name, want) == 0 ? number - 1 : -1;
}

uint32_t compass_construction_seed(uint32_t seed, int i, int attempt)
{
    /* Three Mulberry32 draws fold seed, position and attempt together; no worker state. */
    rng_t r;
    rng_seed(&r, seed);
    uint32_t h = rng_next_u32(&r);
    rng_seed(&r, h ^ ((uint32_t)i * 0x9E3779B9u));
    h = rng_next_u32(&r);
    rng_seed(&r, h ^ ((uint32_t)attempt * 0x85EBCA6Bu));
    return rng_next_u32(&r);
}
