/* The Odd Shape rounds format (oddshape-rounds/1): a strict reader and the writer. */
#ifndef CORE_ODDSHAPE_JSON_H
#define CORE_ODDSHAPE_JSON_H

#include <stddef.h>
#include <stdint.h>
#include <cjson/cJSON.h>

#include "oddshape.h"

#define ODDSHAPE_ROUNDS_FORMAT "oddshape-rounds/1"

/* A rounds file may hold more or fewer than the 15 rounds a session plays: the count is a
 * content check (exit 1), not a format error. More than this many is refused. */
enum { ODDSHAPE_JSON_MAX_ROWS = 100 };

typedef enum { ODDSHAPE_SOURCE_TABLE_L1 = 0, ODDSHAPE_SOURCE_MULBERRY32 = 1 } oddshape_source;
extern const char *const oddshape_source_names[2]; /* "table-L1", "mulberry32" */

/* One round exactly as the file states it. The reader accepts any color or shape name as
 * oddValue (the two name lists are disjoint) and records which list it came from, so a
 * value from the wrong list is a G1/G2 check failure rather than unreadable input. */
typedef struct {
    int number;                          /* the "round" field */
    oddshape_round fields;               /* odd_value indexes the list value_list names */
    oddshape_trait value_list;           /* COLOR: oddValue is a DBT-4 name, SHAPE: DBT-5 */
    oddshape_patch slots[ODDSHAPE_SLOTS]; /* the Left/Center/Right columns as written */
} oddshape_row;

typedef struct {
    oddshape_source source;
    uint32_t seed; /* mulberry32 only: the seed after reduction mod 2^32 */
    int count;     /* 0..ODDSHAPE_JSON_MAX_ROWS */
    oddshape_row rows[ODDSHAPE_JSON_MAX_ROWS];
} oddshape_rounds_doc;

/* Validates the whole document (every field, type, name and range; unknown fields are
 * refused) before filling *out. 0, or -1 with "rounds[3].oddValue: expected ..." in err. */
int oddshape_json_parse(const cJSON *json, oddshape_rounds_doc *out, char *err, size_t errlen);
/* jsonio_read_file + oddshape_json_parse; messages start with the path. */
int oddshape_json_read_file(const char *path, oddshape_rounds_doc *out, char *err,
                            size_t errlen);

/* The rows for 15 rounds, numbered 1..15, with slots placed by RT-GEN-ODD. */
void oddshape_json_from_rounds(oddshape_source source, uint32_t seed,
                               const oddshape_round rounds[ODDSHAPE_ROUNDS],
                               oddshape_rounds_doc *out);
/* The document as JSON, keys in the format's fixed order (NULL on allocation failure). */
cJSON *oddshape_json_write(const oddshape_rounds_doc *doc);

#endif
