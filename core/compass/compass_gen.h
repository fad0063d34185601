/* Compass Shift reverse construction (spec "Reverse-construction generator"), one level. */
#ifndef CORE_COMPASS_GEN_H
#define CORE_COMPASS_GEN_H

#include <stddef.h>
#include <stdint.h>

#include "compass.h"
#include "compass_plan.h"

enum {
    COMPASS_GEN_MAX_ATTEMPTS = 4096, /* per level before the generator gives up */
    /* Attempts searched for a graded candidate on target (compass_gen_grade_gap 0) before
     * the nearest graded one found is taken instead. */
    COMPASS_GEN_BAND_WINDOW = 512
};

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

/* Steps 4-6 on a constructed candidate: writes each window or port that tells no two arrows
 * reaching it apart as what it acts as (a plain exit when all of them pass, a closed edge
 * when none does: the same state graph), adds the witness aperture of step 4 for a declared
 * type that lacks phase causality, replays the known order, solves the board independently
 * (compass_solve) and requires a win, every witness, no idle window or port and, for a
 * mixed family, a verified solution through both types. No cJSON: safe in parallel. */
compass_gen_status compass_gen_verify(compass_level *l);

/* A verified candidate's mechanical grade (compass_metrics.h), as the evidence writes it. */
typedef struct {
    double random_win_share; /* rounded as written (compass_share_rounded) */
    int decision_steps;
    uint64_t wrong_moves;
    /* Issue 31's figures, as the evidence writes them. */
    int lookahead, last_trap_step, greedy_wins;
    /* randomScanWinShare, measured only at a tier's first and last position (the tier
     * boundary), else -1. */
    double scan_win_share;
    /* At an introduction (plan.introduces): the wrong moves left with that element made
     * harmless (walls removed, windows or ports plain), else 0. */
    uint64_t harmless_wrong_moves;
} compass_gen_grade;

/* Grades a level that passed compass_gen_verify: solves it (compass_solve) and measures it
 * (compass_metrics_of, compass_decision_steps) into g. COMPASS_GEN_OK when it has a wrong move
 * (randomWinShare < 1) and at least COMPASS_GEN_MIN_DECISION_STEPS decision steps, else the
 * first of NO_WRONG_MOVE, FEW_DECISIONS it fails (UNSOLVED when a search does not finish). No
 * cJSON: safe in parallel. */
compass_gen_status compass_gen_grade_level(const compass_level *l, compass_gen_grade *g);

/* How far a graded candidate lies from what its plan position asks for (issue 31's targets,
 * then the randomWinShare band): 0 on target. compass_gen_level keeps the first candidate
 * with the least gap. */
double compass_gen_grade_gap(const compass_plan_entry *plan, const compass_gen_grade *g);

/* How far share lies outside the plan's band [share_low, share_high]: 0 inside. */
double compass_gen_band_gap(const compass_plan_entry *plan, double share);

/* The identity the cross-level rules compare, the very values the level's evidence record
 * carries: canonicalHash and the solution's normalizedReleaseSignature (compass_canonical_hash
 * and compass_normalized_signature on its compass_solve result). No cJSON: safe in parallel.
 * 0, or -1 when the search does not finish. */
int compass_gen_identity(const compass_level *l, char *hash, size_t hashlen, char *sig,
                         size_t siglen);

/* One position's candidate, searching attempts upward from first_attempt: the first that
 * passes steps 1-6 and the grade with compass_gen_grade_gap 0. When none is by attempt
 * first_attempt + COMPASS_GEN_BAND_WINDOW, the graded one with the least gap seen so far (the
 * earliest on ties) unless that one misses a yes/no target of the grade (a gap of 100 or
 * more: the search then goes on), or if there is none yet the next graded one, up to
 * COMPASS_GEN_MAX_ATTEMPTS. A pure function of (seed, i, count, first_attempt). Returns the
 * attempt used, or -1. */
int compass_gen_level(uint32_t seed, int i, int count, int first_attempt, compass_level *out);

/* The campaign position (0-based) compass_gen_one builds for pattern and tier: the first
 * slot of the plan with that pattern in that tier (in tier 1 patterns four-winds,
 * counter-current and reef-slalom come twice; the first takes the smaller arrow count). -1
 * when there is none. */
int compass_gen_one_position(int pattern, int tier);

/* One level of a pattern (compass_pattern_name) and tier (1..4), and, when family is not
 * NULL, of that family (every pattern has one family, so it must be the pattern's own):
 * compass_gen_level at the campaign position compass_gen_one_position gives, with the
 * campaign's own construct, verify and grade steps and seed (campaign seed S builds that
 * campaign level's board, without the cross-level rules, which need neighbours). Its id is
 * "<pattern>-t<tier>-s<seed>" and it has no campaign index. Deterministic for (pattern,
 * tier, seed). 0; -1 with one line in err for an unknown pattern or family (naming the
 * known ones), a tier outside 1..4 or a family that is not the pattern's; -2 when no
 * candidate passes within COMPASS_GEN_MAX_ATTEMPTS. No cJSON: safe in a worker thread. */
int compass_gen_one(const char *pattern, int tier, const char *family, uint32_t seed,
                    compass_level *out, char *err, size_t errlen);

#endif
