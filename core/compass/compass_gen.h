/* Compass Shift campaign plan and reverse-construction generator (compass-shift.md, "Content
 * plan", "Difficulty tiers", "Reverse-construction generator"). Pure: no printing, no clock. */
#ifndef CORE_COMPASS_GEN_H
#define CORE_COMPASS_GEN_H

#include <stddef.h>
#include <stdint.h>

#include "compass.h"

enum {
    COMPASS_CAMPAIGN_LEVELS = 50,
    COMPASS_PATTERN_COUNT = 10,
    COMPASS_FAMILY_COUNT = 6,
    COMPASS_TIER_COUNT = 4,
    COMPASS_GEN_MAX_COUNT = 10000,  /* largest --count pool */
    COMPASS_GEN_MAX_ATTEMPTS = 4096, /* per level before the generator gives up */
    /* Grading (issue 18): a level needs at least this many steps of its solution with more
     * than one legal release, besides a wrong move. */
    COMPASS_GEN_MIN_DECISION_STEPS = 2,
    /* Attempts searched for a graded candidate inside the tier's target band before the
     * nearest graded one found is taken instead. */
    COMPASS_GEN_BAND_WINDOW = 512
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

/* One expected release of the reverse construction, in forward order. */
typedef struct {
    int arrow;                 /* index into the level's arrows */
    int phase;                 /* step mod 4 (initial phase 0) */
    compass_dir dir;           /* intended effective direction */
    compass_dir side;          /* boundary side crossed (equals dir) */
    int lane;                  /* column for N/S, row for E/W */
    compass_aperture_kind kind;/* aperture type the lane carries */
} compass_gen_step;

typedef enum {
    COMPASS_GEN_OK = 0,
    COMPASS_GEN_NO_PLACEMENT,      /* step 3 found no empty cell with a clear ray */
    COMPASS_GEN_NO_SCHEDULE,       /* step 4: a mixed board did not get both aperture types */
    COMPASS_GEN_REPLAY_FAILED,     /* step 5: the known order did not replay to a win */
    COMPASS_GEN_NO_WALL_WITNESS,   /* step 5: no reachable legality-changing wall */
    COMPASS_GEN_NO_SCHEDULE_WITNESS, /* step 5: a declared aperture type has no witness */
    COMPASS_GEN_IDLE_APERTURE,     /* step 5: a window or port never matters */
    COMPASS_GEN_MIXED_UNUSED,      /* step 5: the verified solution does not use both types */
    COMPASS_GEN_UNSOLVED,          /* step 6: the independent BFS found no win */
    COMPASS_GEN_NO_WRONG_MOVE,     /* grade: no reachable dead end, so no tap can lose */
    COMPASS_GEN_FEW_DECISIONS      /* grade: fewer than COMPASS_GEN_MIN_DECISION_STEPS */
} compass_gen_status;

const char *compass_gen_status_name(compass_gen_status s);

/* Steps 1-5 up to the replay: builds the candidate of (seed, position i, attempt) of a pool of
 * count levels into out (metadata, construction seed and reverse solution included) and the
 * expected releases into steps (arrow_count entries; may be NULL). Deterministic. */
compass_gen_status compass_gen_construct(uint32_t seed, int i, int count, int attempt,
                                         compass_level *out, compass_gen_step *steps);

/* Steps 4-6 on a constructed candidate: adds the witness aperture of step 4 for a declared
 * type that lacks phase causality, replays the known order, solves the board independently
 * (compass_solve) and requires a win, every witness, no idle window or port and, for a
 * mixed family, a verified solution through both types. No cJSON: safe in parallel. */
compass_gen_status compass_gen_verify(compass_level *l);

/* A verified candidate's mechanical grade (compass_metrics.h), as the evidence writes it. */
typedef struct {
    double random_win_share; /* rounded as written (compass_share_rounded) */
    int decision_steps;
    uint64_t wrong_moves;
} compass_gen_grade;

/* Grades a level that passed compass_gen_verify: solves it (compass_solve) and measures it
 * (compass_metrics_of, compass_decision_steps) into g. COMPASS_GEN_OK when it has a wrong move
 * (randomWinShare < 1) and at least COMPASS_GEN_MIN_DECISION_STEPS decision steps, else the
 * first of NO_WRONG_MOVE, FEW_DECISIONS it fails (UNSOLVED when a search does not finish). No
 * cJSON: safe in parallel. */
compass_gen_status compass_gen_grade_level(const compass_level *l, compass_gen_grade *g);

/* How far share lies outside the plan's band [share_low, share_high]: 0 inside. */
double compass_gen_band_gap(const compass_plan_entry *plan, double share);

/* The identity the cross-level rules compare, the very values the level's evidence record
 * carries: canonicalHash and the solution's normalizedReleaseSignature (compass_canonical_hash
 * and compass_normalized_signature on its compass_solve result). No cJSON: safe in parallel.
 * 0, or -1 when the search does not finish. */
int compass_gen_identity(const compass_level *l, char *hash, size_t hashlen, char *sig,
                         size_t siglen);

/* One position's candidate, searching attempts upward from first_attempt: the first that
 * passes steps 1-6 and the grade with its randomWinShare inside the plan's band. When none is
 * inside by attempt first_attempt + COMPASS_GEN_BAND_WINDOW, the graded one nearest to the
 * band seen so far (the earliest on ties), or if there is none yet the next graded one, up to
 * COMPASS_GEN_MAX_ATTEMPTS. A pure function of (seed, i, count, first_attempt). Returns the
 * attempt used, or -1. */
int compass_gen_level(uint32_t seed, int i, int count, int first_attempt, compass_level *out);

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
