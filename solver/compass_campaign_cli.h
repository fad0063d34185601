/* solver compass --campaign: per-level evidence for a whole campaign plus its acceptance report. */
#ifndef SOLVER_COMPASS_CAMPAIGN_CLI_H
#define SOLVER_COMPASS_CAMPAIGN_CLI_H

#include <stdint.h>

#include "compass.h"

/* How solver compass verifies one level and writes report_dir/<id>.json (its own code path,
 * passed in so the campaign mode writes exactly the records --report writes). */
typedef int (*solver_compass_verify_fn)(const char *path, const compass_level *l,
                                        uint64_t max_states, const char *report_dir);

/* Reads campaign_path (compass-shift-campaign/1), validates it and every level it lists before
 * solving anything, writes each level's evidence with verify, reads the records back and
 * writes report_dir/campaign.json with every acceptance check. CLI_OK, CLI_CHECK_FAILED (the
 * failed checks listed on stderr) or CLI_USAGE (one line). */
int solver_compass_campaign(const char *campaign_path, const char *report_dir,
                            uint64_t max_states, solver_compass_verify_fn verify);

#endif
