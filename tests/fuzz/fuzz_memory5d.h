/* The Memory5D fuzz targets' shared start: the committed rules config every input is read
 * under (aborting, so a broken rules file is never mistaken for a clean run). */
#ifndef TESTS_FUZZ_FUZZ_MEMORY5D_H
#define TESTS_FUZZ_FUZZ_MEMORY5D_H

#include "fuzz.h"
#include "memory5d/memory5d_config.h"

static inline void fuzz_memory5d_rules(memory5d_config *cfg)
{
    char err[512];
    if (memory5d_config_load(FUZZ_ROOT "/levels/memory5d/rules.json", cfg, err, sizeof err) != 0) {
        fprintf(stderr, "fuzz: %s\n", err);
        abort();
    }
}

#endif
