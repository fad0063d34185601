/* solver's check lists and reports: one way to add a check, write the report and print the
 * failed checks, for every subcommand. */
#include "report.h"

#include <stdio.h>

#include "cli.h"

void solver_checks_begin(solver_checks *c, const char *cmd, const char *subject, cJSON *into)
{
    c->cmd = cmd;
    c->subject = subject;
    c->owned = into == NULL;
    c->list = into ? into : cJSON_CreateArray();
    c->pass = 1;
}

void solver_check(solver_checks *c, const char *name, int pass, const char *detail)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", name);
    cJSON_AddBoolToObject(o, "pass", pass);
    cJSON_AddStringToObject(o, "detail", detail);
    if (!cJSON_AddItemToArray(c->list, o))
        cJSON_Delete(o);
    c->pass &= !!pass;
}

/* Every finished list passes here with its subject and all its checks, passed or not: the one
 * place a JUnit writer (--junit FILE: a testsuite per list, a testcase per check) would
 * collect them. */
int solver_checks_end(solver_checks *c, int rc)
{
    const cJSON *o;
    cJSON_ArrayForEach(o, c->list)
    {
        if (rc == CLI_OK && !cJSON_IsTrue(cJSON_GetObjectItem(o, "pass")))
            fprintf(stderr, "%s: %s: %s%sFAIL %s: %s\n", cli_prog, c->cmd,
                    c->subject ? c->subject : "", c->subject ? ": " : "",
                    cJSON_GetStringValue(cJSON_GetObjectItem(o, "name")),
                    cJSON_GetStringValue(cJSON_GetObjectItem(o, "detail")));
    }
    if (c->owned)
        cJSON_Delete(c->list);
    c->list = NULL;
    return rc != CLI_OK ? rc : c->pass ? CLI_OK : CLI_CHECK_FAILED;
}

int solver_report_write(solver_checks *c, const cJSON *doc, const char *path)
{
    return solver_checks_end(c, cli_emit_json(doc, path));
}

int solver_out_of_memory(const char *cmd, const char *subject)
{
    if (subject)
        return cli_error(CLI_USAGE, "%s: %s: out of memory", cmd, subject);
    return cli_error(CLI_USAGE, "%s: out of memory", cmd);
}
