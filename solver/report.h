/* solver's checks and reports, shared by every subcommand: a check list (the report's
 * "checks" array, or a private one when the report has none), the report written, and each
 * failed check printed as one "FAIL name: detail" line. Every check of every subcommand goes
 * through solver_check and every finished list through solver_checks_end. */
#ifndef SOLVER_REPORT_H
#define SOLVER_REPORT_H

#include <cjson/cJSON.h>

typedef struct {
    const char *cmd;     /* the subcommand, for messages: "compass" */
    const char *subject; /* the file, folder or database checked, or NULL */
    cJSON *list;         /* {"name", "pass", "detail"} per check (schemas/check.schema.json) */
    int owned;           /* list is private (no report carries it): freed by solver_checks_end */
    int pass;            /* every check so far passed */
} solver_checks;

/* Starts a check list for cmd on subject. into: the report's "checks" array, which the
 * checks are appended to; NULL keeps them in a private list (a per-level record, the
 * tutorial, a replay: they print but write no array). */
void solver_checks_begin(solver_checks *c, const char *cmd, const char *subject, cJSON *into);
/* Appends {"name", "pass", "detail"}; a failing check makes the list fail. */
void solver_check(solver_checks *c, const char *name, int pass, const char *detail);
/* Ends the list: when rc is CLI_OK (the report, if any, was written) each failed check is one
 * line on stderr, "solver: CMD: SUBJECT: FAIL name: detail" (no "SUBJECT: " when there is
 * none). Returns rc if it is not CLI_OK, else CLI_OK when every check passed, else
 * CLI_CHECK_FAILED. */
int solver_checks_end(solver_checks *c, int rc);
/* Writes doc to path (cli_emit_json: stdout for NULL or "-") and ends c with the result. */
int solver_report_write(solver_checks *c, const cJSON *doc, const char *path);

/* JUnit XML (--junit FILE): after solver_junit_start every finished check list is kept, and
 * solver_junit_finish(rc) writes them to path atomically (a <testsuite> per list, a
 * <testcase> per check, a <failure> with the text form's FAIL line; a run that failed before
 * any check, one <error>). It returns rc, or CLI_USAGE when the file cannot be written. */
void solver_junit_start(const char *path, const char *cmd);
int solver_junit_finish(int rc);

/* Out of memory, the same exit everywhere: "solver: CMD: SUBJECT: out of memory" and
 * CLI_USAGE (the tool could not run; it is no verdict on the content). */
int solver_out_of_memory(const char *cmd, const char *subject);

#endif
