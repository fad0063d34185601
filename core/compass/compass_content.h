/* What the player and the solver read: a campaign index with every level it lists, and (for
 * the player) a level's solver evidence summarised for display (reports/compass/<id>.json, or
 * computed in memory when no current report exists). Validate first, then build; messages name
 * the file and field. */
#ifndef CORE_COMPASS_CONTENT_H
#define CORE_COMPASS_CONTENT_H

#include <stddef.h>
#include <stdint.h>
#include <cjson/cJSON.h>

#include "compass.h"
#include "compass_verdict.h"

enum { COMPASS_PATH_MAX = 4400 };

typedef struct {
    uint32_t seed;
    int count;
    compass_level *levels;           /* count levels, in campaign order */
    char (*paths)[COMPASS_PATH_MAX]; /* the file each was read from */
} compass_campaign_file;

/* Reads a compass-shift-campaign/1 index (at most JSONIO_LIMIT_CAMPAIGN bytes) and every
 * level it lists. The whole index is checked before a level file is opened: each file a plain
 * name in the index's folder, each id distinct and not "campaign" (the report's own name
 * beside the evidence records <id>.json); then each level must load and have its entry's id.
 * 0, or -1 with one line in err ("PATH: field: why") and *out empty. */
int compass_campaign_file_read(const char *path, compass_campaign_file *out, char *err,
                               size_t errlen);
void compass_campaign_file_free(compass_campaign_file *c);

/* Reads one compass-shift-level/1 file (at most JSONIO_LIMIT_LEVEL bytes) through the
 * production loader. */
int compass_level_file_read(const char *path, compass_level *out, char *err, size_t errlen);

typedef enum {
    COMPASS_EVIDENCE_NONE,     /* no record and the in-memory search hit its bound */
    COMPASS_EVIDENCE_REPORT,   /* read from the solver's report file */
    COMPASS_EVIDENCE_COMPUTED  /* no current report: solved here (compass_solve) */
} compass_evidence_source;

typedef struct {
    compass_evidence_source source;
    int stale_report;          /* a report existed but names another board (hash differs) */
    int solvable, solver_verified, reverse_verified;
    uint64_t state_count, dead_end_states;
    int path_length;
    int choice_steps;          /* solution steps with more than one legal release */
    int max_choices;           /* the most legal releases at any solution step */
    char canonical_hash[80];
    int wall_witness, window_witness, port_witness;
    char wall_text[96], window_text[96], port_text[96]; /* "a4 at phase 1" or "" */
    /* winningOrders and terminalOrders as decimal text ("" when the record has none), and
     * randomWinShare (-1 when absent or null): the solver's difficulty metrics. */
    char winning_orders[48], terminal_orders[48];
    double random_win_share;
    uint64_t searched;         /* states searched when source is NONE */
} compass_evidence_summary;

/* Summarises one compass-shift-evidence/1 record (where names it in messages). 0, or -1. */
int compass_evidence_summary_read(const cJSON *ev, const char *where,
                                  compass_evidence_summary *out, char *err, size_t errlen);

/* The evidence for l: report_path when it exists and its canonicalHash is l's, else a search
 * of at most max_states states in memory (stale_report set when a report named another
 * board). A report that exists but is malformed is an error: -1 with one line in err. */
int compass_evidence_for(const compass_level *l, const char *report_path, uint64_t max_states,
                         compass_evidence_summary *out, char *err, size_t errlen);

/* Evidence already solved, by the level's content hash (XXH3 of its canonical JSON and the
 * state bound): the player keeps one across --watch reloads, so a reload solves only the
 * levels whose content changed, not every level without a report. solves counts searches. */
typedef struct {
    struct compass_evidence_cached *v;
    int n, cap;
    int solves;
} compass_evidence_cache;

/* compass_evidence_for, looking in cache (may be NULL) before a search and keeping its result. */
int compass_evidence_for_cached(const compass_level *l, const char *report_path, uint64_t max_states,
                                compass_evidence_cache *cache, compass_evidence_summary *out,
                                char *err, size_t errlen);
/* compass_evidence_for_cached that, when it solves l itself (no report names l, nothing
 * cached), also gives the verdict of that very search under vopts (compass_verdict_from_search)
 * into *vd: *have_vd is 1 when that verdict is complete (COMPASS_VERDICT_DONE, its tables
 * within vopts->max_memory), and then the evidence's figures are the verdict's, so a --level
 * board's banner and Tools come from one search and one metric pass. Else *have_vd is 0 and
 * the evidence is compass_evidence_for_cached's. */
int compass_evidence_with_verdict(const compass_level *l, const char *report_path, uint64_t max_states,
                                  compass_evidence_cache *cache, const compass_verdict_opts *vopts,
                                  compass_evidence_summary *out, compass_verdict *vd, int *have_vd,
                                  char *err, size_t errlen);
void compass_evidence_cache_free(compass_evidence_cache *c);

#endif
