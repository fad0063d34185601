/* solver/report.c: the one check list every solver subcommand uses, the one form of a failed
 * check on stderr and the one exit code for out of memory. */
#include <criterion/criterion.h>
#include <criterion/redirect.h>

#include "../solver/report.h"
#include "cli.h"

static void capture(void)
{
    cli_prog = "solver";
    cr_redirect_stderr();
}

Test(solver_report, checks_append_name_pass_detail_to_the_reports_array, .init = capture)
{
    cJSON *arr = cJSON_CreateArray();
    solver_checks c;
    solver_checks_begin(&c, "compass", "a.json", arr);
    solver_check(&c, "solvable", 1, "it is");
    solver_check(&c, "witnesses", 0, "a witness path did not replay");
    char *text = cJSON_PrintUnformatted(arr);
    cr_assert_str_eq(text, "[{\"name\":\"solvable\",\"pass\":true,\"detail\":\"it is\"},"
                           "{\"name\":\"witnesses\",\"pass\":false,\"detail\":\"a witness path "
                           "did not replay\"}]");
    cr_assert_eq(c.pass, 0);
    cr_assert_eq(solver_checks_end(&c, CLI_OK), CLI_CHECK_FAILED);
    cr_assert_eq(cJSON_GetArraySize(arr), 2, "the report keeps its array");
    free(text);
    cJSON_Delete(arr);
}

Test(solver_report, a_failed_check_is_one_FAIL_line_naming_command_and_subject, .init = capture)
{
    solver_checks c;
    solver_checks_begin(&c, "memory5d", "r.db", NULL);
    solver_check(&c, "migrations-current", 0, "schema version 1");
    solver_check(&c, "sqlite-integrity", 1, "ok");
    solver_checks_end(&c, CLI_OK);
    solver_checks_begin(&c, "mulberry32", NULL, NULL);
    solver_check(&c, "known-answer", 0, "output 3 differs");
    solver_checks_end(&c, CLI_OK);
    fflush(stderr);
    cr_assert_stderr_eq_str("solver: memory5d: r.db: FAIL migrations-current: schema version 1\n"
                            "solver: mulberry32: FAIL known-answer: output 3 differs\n");
}

Test(solver_report, all_checks_passing_is_exit_0_and_prints_nothing, .init = capture)
{
    solver_checks c;
    solver_checks_begin(&c, "oddshape", "l1.json", NULL);
    solver_check(&c, "round-count", 1, "15 rounds");
    cr_assert_eq(solver_checks_end(&c, CLI_OK), CLI_OK);
    fflush(stderr);
    cr_assert_stderr_eq_str("");
}

Test(solver_report, a_report_that_was_not_written_keeps_its_exit_and_lists_nothing,
     .init = capture)
{
    solver_checks c;
    solver_checks_begin(&c, "oddshape", "l1.json", NULL);
    solver_check(&c, "round-count", 0, "14 rounds");
    cr_assert_eq(solver_checks_end(&c, CLI_USAGE), CLI_USAGE);
    fflush(stderr);
    cr_assert_stderr_eq_str("");
}

Test(solver_report, out_of_memory_is_exit_2_with_one_line, .init = capture)
{
    cr_assert_eq(solver_out_of_memory("compass", "a.json"), 2);
    cr_assert_eq(solver_out_of_memory("memory5d", NULL), 2);
    fflush(stderr);
    cr_assert_stderr_eq_str("solver: compass: a.json: out of memory\n"
                            "solver: memory5d: out of memory\n");
}
