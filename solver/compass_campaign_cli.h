/* solver compass, shared by its two files: the one per-level verifier and the --campaign mode. */
#ifndef SOLVER_COMPASS_CAMPAIGN_CLI_H
#define SOLVER_COMPASS_CAMPAIGN_CLI_H

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
 * cannot be written. */
int solver_compass_verify(const char *path, const compass_level *l,
                          const solver_compass_opts *opts, const char *report_dir);

/* Reads campaign_path (compass-shift-campaign/1), validates it and every level it lists before
 * solving anything, writes each level's evidence with solver_compass_verify, reads the records
 * back and writes report_dir/campaign.json with every acceptance check. CLI_OK,
 * CLI_CHECK_FAILED (the failed checks listed on stderr) or CLI_USAGE (one line). */
int solver_compass_campaign(const char *campaign_path, const char *report_dir,
                            const solver_compass_opts *opts);

#endif
