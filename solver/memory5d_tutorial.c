/* solver memory5d --tutorial: every lesson of the tutorial replays through the core, each
 * step doing what it expects, and reaches the lesson's goal. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "memory5d/memory5d_lesson.h"
#include "memory5d_cli.h"
#include "report.h"

int solver_memory5d_tutorial(const memory5d_config *cfg, const char *dir)
{
    static char paths[MEMORY5D_MAX_LESSONS][256];
    static memory5d_lesson lesson;
    char err[512];
    int count = memory5d_lesson_list(dir, paths, MEMORY5D_MAX_LESSONS, err, sizeof err);
    if (count < 0)
        return cli_error(CLI_USAGE, "memory5d: --tutorial: %s", err);
    int failed = 0;
    for (int i = 0; i < count; i++) {
        if (memory5d_lesson_load(cfg, paths[i], &lesson, err, sizeof err) != 0)
            return cli_error(CLI_USAGE, "memory5d: %s", err);
        /* One check per lesson, named by its id; the core's message starts with the id. */
        int ok = memory5d_lesson_check(cfg, &lesson, err, sizeof err) == 0;
        size_t id_len = strlen(lesson.id);
        const char *detail = err;
        if (!ok && strncmp(err, lesson.id, id_len) == 0 && strncmp(err + id_len, ": ", 2) == 0)
            detail = err + id_len + 2;
        solver_checks sc;
        solver_checks_begin(&sc, "memory5d", paths[i], NULL);
        solver_check(&sc, lesson.id, ok,
                     ok ? "every step does what it expects and the goal is reached" : detail);
        if (solver_checks_end(&sc, CLI_OK) != CLI_OK) {
            failed++;
            continue;
        }
        /* the goal as checked: its event and every link flag it needs (a fork, a block) */
        char goal[80];
        int k = snprintf(goal, sizeof goal, "%s", memory5d_event_names[lesson.goal_event]);
        for (int f = 0; f < MEMORY5D_LESSON_FLAGS; f++)
            if (lesson.goal_flags & (1 << f))
                k += snprintf(goal + k, sizeof goal - (size_t)k, " %s",
                              memory5d_lesson_flag_names[f]);
        printf("ok lesson %s (%s): %d steps replay through the core and reach the goal (%s)\n",
               lesson.id, lesson.title, lesson.step_count, goal);
    }
    printf("tutorial: %d of %d lessons pass\n", count - failed, count);
    return failed ? CLI_CHECK_FAILED : CLI_OK;
}
