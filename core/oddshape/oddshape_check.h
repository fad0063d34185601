/* The Odd Shape content checks: a rounds document in, a list of {name, pass, detail} out. */
#ifndef CORE_ODDSHAPE_CHECK_H
#define CORE_ODDSHAPE_CHECK_H

#include <stddef.h>

#include "oddshape.h"
#include "oddshape_json.h"

enum { ODDSHAPE_CHECK_DETAIL = 1024, ODDSHAPE_CHECK_MAX = 12 };

typedef struct {
    const char *name; /* a stable identifier, e.g. "rt-gen-odd" */
    int pass;
    char detail[ODDSHAPE_CHECK_DETAIL]; /* what was measured; on failure, every failing row
                                           (truncated with "..." past the buffer) */
} oddshape_check;

typedef struct {
    int count;
    int pass; /* every check passed */
    oddshape_check checks[ODDSHAPE_CHECK_MAX];
} oddshape_check_list;

/* Runs every check that applies to the document's source, in a fixed order, each computed
 * from the data alone:
 *   all files:      round-count, round-numbers, rt-gen-odd (G1/G2), led-r5-slots
 *   table-L1:       l1-odd-trait-split, l1-odd-slot-balance, l1-base-color-spread,
 *                   l1-base-shape-spread, l1-no-identical-consecutive
 *   mulberry32:     seed-rederive, odd-slot-changes
 * A failing row never hides another: every check looks at every row. */
void oddshape_check_doc(const oddshape_rounds_doc *doc, oddshape_check_list *out);

/* The 15 rounds a session can play from doc: 0 when the all-files checks pass (15 rows
 * numbered 1..15, each meeting RT-GEN-ODD with slots equal to its construction), else -1
 * and "check-name: detail" in err. The distribution claims do not affect playability. */
int oddshape_check_playable(const oddshape_rounds_doc *doc, oddshape_round out[ODDSHAPE_ROUNDS],
                            char *err, size_t errlen);

#endif
