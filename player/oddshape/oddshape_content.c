/* Loads a rounds file for the player through core/oddshape/oddshape_json and oddshape_check. */
#include "oddshape_content.h"

#include <stdio.h>
#include <stdlib.h>

#include "oddshape/oddshape_check.h"
#include "oddshape/oddshape_json.h"

int content_load_rounds(const char *path, oddshape_round out[ODDSHAPE_ROUNDS], oddshape_source *source,
                        uint32_t *seed, char *err, size_t errlen)
{
    oddshape_rounds_doc *doc = malloc(sizeof *doc); /* large: up to 100 rows */
    if (!doc) {
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    int rc = -1;
    char why[400];
    if (oddshape_json_read_file(path, doc, err, errlen) == 0) {
        rc = oddshape_check_playable(doc, out, why, sizeof why);
        if (rc != 0) snprintf(err, errlen, "%s: not playable: %s", path, why);
        if (source) *source = doc->source;
        if (seed) *seed = doc->seed;
    }
    free(doc);
    return rc;
}
