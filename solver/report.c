/* solver's check lists and reports: one way to add a check, write the report and print the
 * failed checks, for every subcommand. */
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

/* --junit: every finished check list, kept for solver_junit_finish. */
static struct {
    char path[4200];
    const char *cmd;
    cJSON *suites; /* [{"name", "cmd", "subject", "checks": [{"name", "pass", "detail"}]}] */
} junit;

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
 * place the JUnit writer collects them (a testsuite per list, a testcase per check). */
static void junit_collect(const solver_checks *c)
{
    if (!junit.suites) return;
    cJSON *suite = cJSON_CreateObject();
    cJSON_AddStringToObject(suite, "cmd", c->cmd);
    if (c->subject) cJSON_AddStringToObject(suite, "subject", c->subject);
    cJSON_AddItemToObject(suite, "checks", cJSON_Duplicate(c->list, 1));
    cJSON_AddItemToArray(junit.suites, suite);
}

int solver_checks_end(solver_checks *c, int rc)
{
    junit_collect(c);
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

/* ---------------------------------------------------------------- JUnit XML */

void solver_junit_start(const char *path, const char *cmd)
{
    snprintf(junit.path, sizeof junit.path, "%s", path);
    junit.cmd = cmd;
    junit.suites = cJSON_CreateArray();
}

/* Text as XML character data or an attribute value: the five specials escaped, and the
 * control characters XML 1.0 cannot hold written as '?'. */
static void xml_text(FILE *f, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
        switch (*p) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&apos;", f); break;
        default:
            if (*p < 0x20 && *p != '\t' && *p != '\n' && *p != '\r') fputc('?', f);
            else fputc(*p, f);
        }
    }
}

static int count_failures(const cJSON *checks)
{
    int n = 0;
    const cJSON *o;
    cJSON_ArrayForEach(o, checks) n += !cJSON_IsTrue(cJSON_GetObjectItem(o, "pass"));
    return n;
}

/* One <testsuite> per check list (a level, a campaign, a rounds file, a lesson...), one
 * <testcase> per check, a <failure> carrying the line the text form prints. */
static void write_suite(FILE *f, const cJSON *suite)
{
    const char *cmd = cJSON_GetStringValue(cJSON_GetObjectItem(suite, "cmd"));
    const char *subject = cJSON_GetStringValue(cJSON_GetObjectItem(suite, "subject"));
    const cJSON *checks = cJSON_GetObjectItem(suite, "checks");
    char classname[4400];
    snprintf(classname, sizeof classname, "solver %s%s%s", cmd, subject ? " " : "", subject ? subject : "");
    fputs("  <testsuite name=\"", f);
    xml_text(f, classname);
    fprintf(f, "\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"0\">\n",
            cJSON_GetArraySize(checks), count_failures(checks));
    const cJSON *o;
    cJSON_ArrayForEach(o, checks)
    {
        const char *name = cJSON_GetStringValue(cJSON_GetObjectItem(o, "name"));
        const char *detail = cJSON_GetStringValue(cJSON_GetObjectItem(o, "detail"));
        fputs("    <testcase classname=\"", f);
        xml_text(f, classname);
        fputs("\" name=\"", f);
        xml_text(f, name);
        if (cJSON_IsTrue(cJSON_GetObjectItem(o, "pass"))) {
            fputs("\"/>\n", f);
            continue;
        }
        fputs("\">\n      <failure type=\"check\" message=\"", f);
        xml_text(f, detail);
        fputs("\">", f);
        char line[9000];
        snprintf(line, sizeof line, "%s: %s: %s%sFAIL %s: %s", cli_prog, cmd, subject ? subject : "",
                 subject ? ": " : "", name ? name : "", detail ? detail : "");
        xml_text(f, line);
        fputs("</failure>\n    </testcase>\n", f);
    }
    fputs("  </testsuite>\n", f);
}

int solver_junit_finish(int rc)
{
    if (!junit.suites) return rc;
    int tests = 0, failures = 0, nsuites = cJSON_GetArraySize(junit.suites);
    const cJSON *suite;
    cJSON_ArrayForEach(suite, junit.suites)
    {
        const cJSON *checks = cJSON_GetObjectItem(suite, "checks");
        tests += cJSON_GetArraySize(checks);
        failures += count_failures(checks);
    }
    char tmp[4300];
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", junit.path, (long)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f) {
        cJSON_Delete(junit.suites);
        junit.suites = NULL;
        return cli_error(CLI_USAGE, "--junit: %s: cannot write", junit.path);
    }
    /* A run that stopped before any check (unreadable input, usage) is one error case, so a
     * test reporter still shows the job did not verify anything. */
    int error = nsuites == 0 && rc != CLI_OK;
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"solver %s\" "
               "tests=\"%d\" failures=\"%d\" errors=\"%d\">\n",
            junit.cmd ? junit.cmd : "", tests + error, failures, error);
    cJSON_ArrayForEach(suite, junit.suites) write_suite(f, suite);
    if (error) {
        fprintf(f, "  <testsuite name=\"solver %s\" tests=\"1\" failures=\"0\" errors=\"1\" "
                   "skipped=\"0\">\n    <testcase classname=\"solver %s\" name=\"run\">\n"
                   "      <error type=\"exit\" message=\"exit %d before any check: see the "
                   "error line on stderr\"/>\n    </testcase>\n  </testsuite>\n",
                junit.cmd ? junit.cmd : "", junit.cmd ? junit.cmd : "", rc);
    }
    fputs("</testsuites>\n", f);
    cJSON_Delete(junit.suites);
    junit.suites = NULL;
    if (fclose(f) != 0 || rename(tmp, junit.path) != 0) {
        remove(tmp);
        return cli_error(CLI_USAGE, "--junit: %s: cannot write", junit.path);
    }
    return rc;
}
