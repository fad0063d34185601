/* solver compass, shared by its files: the command line (compass.c), the one per-level
 * verifier (compass_verify.c) and the --campaign mode (compass_campaign.c). */
#ifndef SOLVER_COMPASS_CLI_H
#define SOLVER_COMPASS_CLI_H

#include <stdint.h>

#include "compass/compass.h"

/* The options every mode of solver compass shares. */
typedef struct {
    uint64_t max_states; /* --max-states */
    int stats;           /* --stats: states, speed and peak memory on stderr */
    uint64_t max_memory; /* --max-memory, bytes */
    int first;           /* --first: the first-solution search (one FILE only) */
    const char *html;    /* --html PAGE: the level's page too (one FILE only), or NULL */
} solver_compass_opts;

/* Solves one level and emits its record (stdout, or report_dir/<id>.json when report_dir is
 * not NULL): the one code path, so the campaign mode writes exactly the records --report
 * writes. CLI_OK, CLI_CHECK_FAILED with the failed checks listed, or CLI_USAGE when the record
 * cannot be written or memory runs out. */
int solver_compass_verify(const char *path, const compass_level *l,
                          const solver_compass_opts *opts, const char *report_dir);
/* --first: the depth-first search, its record on stdout; CLI_CHECK_FAILED when there is no
 * solution or it does not replay, CLI_USAGE when out of memory. */
int solver_compass_first(const char *path, const compass_level *l, const solver_compass_opts *opts);

/* Reads campaign_path (compass-shift-campaign/1), validates it and every level it lists before
 * solving anything, writes each level's evidence with solver_compass_verify, reads the records
 * back and writes report_dir/campaign.json with every acceptance check. CLI_OK,
 * CLI_CHECK_FAILED (the failed checks listed on stderr) or CLI_USAGE (one line). */
int solver_compass_campaign(const char *campaign_path, const char *report_dir,
                            const solver_compass_opts *opts);

#endif
