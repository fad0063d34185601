/* Compass Shift campaign acceptance (compass-shift.md "Real solver and content evidence",
 * "Content plan", "Difficulty tiers"): every check computed from per-level evidence alone, so a
 * broken campaign fails exactly the checks it breaks. Pure: no I/O, no printing. */
#ifndef CORE_COMPASS_CAMPAIGN_H
#define CORE_COMPASS_CAMPAIGN_H

#include <stddef.h>
#include <cjson/cJSON.h>

#include "compass.h"

enum { COMPASS_CAMPAIGN_SIG_LEN = 1024, COMPASS_CAMPAIGN_DETAIL_LEN = 320 };

/* What the acceptance checks need to know about one level: its declared metadata, its
 * board facts and the solver's evidence. Built by compass_campaign_entry_from. */
typedef struct {
    char id[64], pattern[32], family[32];
    int tier;
    int rows, cols, arrow_count, initial_phase;
    int wall_count, window_count, port_count, plain_count;
    int invalid_schedules;     /* apertures whose schedule breaks the grammar */
    int idle_apertures;        /* windows and ports whose schedule never matters */
    int solvable;
    int path_length;
    int reverse_verified;      /* the stored reverse solution replays to a win */
    int wall_witness;          /* a reachable legality-changing wall exists */
    int window_witness, port_witness; /* per-type blocked-to-legal relaxed-schedule witness */
    int solution_uses_window, solution_uses_port;
    char canonical_hash[80];
    char normalized_signature[COMPASS_CAMPAIGN_SIG_LEN];
    /* Issue 18's metrics. has_metrics = the record carries the graph measures (randomWinShare
     * and wrongMoves are not null); decision_steps is always read. */
    int has_metrics;
    double random_win_share;
    long long wrong_moves;
    int decision_steps;
    /* Issue 31's lookahead, or -1 when the record has none (null or absent). */
    int lookahead;
} compass_campaign_entry;

typedef struct {
    const char *name;
    int pass;
    char detail[COMPASS_CAMPAIGN_DETAIL_LEN];
} compass_campaign_check;

enum { COMPASS_CAMPAIGN_CHECK_COUNT = 24 };

/* The medians of one tier's levels (campaign order does not matter). measured counts the
 * levels with metrics; the medians are over those (the mean of the two middle values for an
 * even count) and 0 when there are none. */
typedef struct {
    int tier, levels, measured;
    double random_win_share, decision_steps, wrong_moves;
    double lookahead; /* the median over the levels whose record carries one, 0 if none */
} compass_campaign_tier_stats;

/* Per-tier medians of randomWinShare, decisionSteps and wrongMoves over entries[0..n-1],
 * tiers 1 to COMPASS_TIER_COUNT in out[0..]; levels with another tier are left out. */
void compass_campaign_tier_stats_of(const compass_campaign_entry *entries, int n,
                                    compass_campaign_tier_stats *out);

/* Runs every acceptance check over entries[0..n-1] in campaign order and writes them, in a
 * fixed order, into checks (COMPASS_CAMPAIGN_CHECK_COUNT slots). Returns the number of
 * failed checks. */
int compass_campaign_check_all(const compass_campaign_entry *entries, int n,
                               compass_campaign_check *checks);

/* Counts the board facts of a level into e (metadata, sizes, walls, aperture kinds, invalid
 * schedules). The evidence fields are left zero for the caller to fill from the solver. */
void compass_campaign_entry_from_level(const compass_level *l, compass_campaign_entry *e);

/* Fills the evidence fields of e from one compass-shift-evidence/1 record: solvable (and the
 * solution verified), pathLength, reverseConstructionVerified, canonicalHash,
 * normalizedReleaseSignature, the witnesses, idleApertures, the solution's aperture types,
 * randomWinShare, decisionSteps and wrongMoves.
 * where names the record in messages. 0, or -1 with a message naming the field. */
int compass_campaign_entry_add_evidence(const cJSON *ev, const char *where,
                                        compass_campaign_entry *e, char *err, size_t errlen);

/* Solves l (compass_solve), builds its evidence record (compass_evidence_json) and fills e
 * from the level and the record: the in-memory path of what the solver CLI does with files.
 * 0, or -1 when the search or the record fails. */
int compass_campaign_evaluate(const compass_level *l, compass_campaign_entry *e);

#endif
