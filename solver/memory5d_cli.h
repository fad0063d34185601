/* solver memory5d's parts shared between its files: the self-play report, the records CLI and
 * the tutorial check. */
#ifndef SOLVER_MEMORY5D_CLI_H
#define SOLVER_MEMORY5D_CLI_H

#include <cjson/cJSON.h>

#include "memory5d/memory5d.h"
#include "report.h"

/* Simulated think time per AI command: well inside every preset's decision time. */
#define MEMORY5D_THINK_MS ((int64_t)1000)

/* The self-play report (matches per difficulty, ladder matches per pairing), its checks added
 * to sc; NULL on allocation failure. */
cJSON *solver_memory5d_selfplay(const memory5d_config *cfg, const char *config_path, int matches,
                                int ladder, solver_checks *sc);

/* --records DB: the check (report to report_path, or none when NULL), or with export_path /
 * import_path the export / import. Returns the exit code. */
int solver_memory5d_records(const char *db, const char *report_path, const char *export_path,
                            const char *import_path);
/* --tutorial: checks every lesson in dir (memory5d_lesson_check): 0, 1 if one fails, 2 if
 * unreadable. */
int solver_memory5d_tutorial(const memory5d_config *cfg, const char *dir);

#endif
