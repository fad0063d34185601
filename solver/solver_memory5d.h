/* solver memory5d's parts shared between its files. */
#ifndef SOLVER_SOLVER_MEMORY5D_H
#define SOLVER_SOLVER_MEMORY5D_H

#include "memory5d/memory5d.h"

/* Checks every lesson in dir (memory5d_lesson_check): 0, 1 if one fails, 2 if unreadable. */
int solver_memory5d_tutorial(const memory5d_config *cfg, const char *dir);

#endif
