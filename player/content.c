/* Loads the Table L1 rounds for the player through core/oddshape_json. */
#include "content.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oddshape_json.h"

int content_load_rounds(const char *path, oddshape_round out[ODDSHAPE_ROUNDS], char *err,
                        size_t errlen)
{
    oddshape_rounds_doc *doc = malloc(sizeof *doc); /* large: 100 rows */
    if (!doc) {
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    int rc = -1;
    if (oddshape_json_read_file(path, doc, err, errlen) != 0) goto done;
    if (doc->count != ODDSHAPE_ROUNDS) {
        snprintf(err, errlen, "%s: rounds: expected %d rounds, got %d", path, ODDSHAPE_ROUNDS, doc->count);
        goto done;
    }
    for (int i = 0; i < ODDSHAPE_ROUNDS; i++) {
        const oddshape_row *row = &doc->rows[i];
        char why[256];
        if (row->number != i + 1) {
            snprintf(err, errlen, "%s: rounds[%d].round: expected %d, got %d", path, i, i + 1, row->number);
            goto done;
        }
        if (row->value_list != row->fields.odd_trait ||
            oddshape_round_check(&row->fields, why, sizeof why) != 0) {
            snprintf(err, errlen, "%s: rounds[%d]: %s", path, i,
                     row->value_list != row->fields.odd_trait ? "oddValue is not of the oddTrait's kind" : why);
            goto done;
        }
        oddshape_patch placed[ODDSHAPE_SLOTS];
        oddshape_round_slots(&row->fields, placed);
        if (memcmp(placed, row->slots, sizeof placed) != 0) {
            snprintf(err, errlen, "%s: rounds[%d].slots: do not match RT-GEN-ODD placement", path, i);
            goto done;
        }
        out[i] = row->fields;
    }
    rc = 0;
done:
    free(doc);
    return rc;
}
