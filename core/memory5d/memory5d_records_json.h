/* Memory5D records JSON: the checksummed export file (schemas/memory5d-records.schema.json)
 * and the projection document the store caches and the records check reports. */
#ifndef CORE_MEMORY5D_RECORDS_JSON_H
#define CORE_MEMORY5D_RECORDS_JSON_H

#include <cjson/cJSON.h>

#include "memory5d_records.h"

#define MEMORY5D_RECORDS_FORMAT "memory5d-records/1"

/* The export document: {"format", "checksum", "content"}, where checksum is the XXH3-64 of
 * the canonical content (content printed unformatted, keys in the writer's fixed order).
 * NULL when out of memory or a stored log or rules text is not JSON. */
cJSON *memory5d_records_to_json(const memory5d_records_data *d);
/* The canonical content text the checksum covers (malloc'd; NULL on failure). */
char *memory5d_records_canonical(const memory5d_records_data *d);

/* Reads an export document strictly: format, checksum (recomputed over the canonical content
 * rebuilt from what was read), schema version (1 to MEMORY5D_RECORDS_SCHEMA_VERSION) and
 * every field's type and range. References and replays are memory5d_records_rebuild's job.
 * 0 and *d filled (memory5d_records_data_free), or -1 naming the field, *d empty. */
int memory5d_records_from_json(const cJSON *doc, memory5d_records_data *d, char *err,
                               size_t errlen);

/* A play's draft picks as JSON: null when not drafted, else an array of power names (null
 * for a pass); and back (strict; where names the value in messages). 0, or -1. */
cJSON *memory5d_records_draft_to_json(const memory5d_records_play *play);
int memory5d_records_draft_from_json(const cJSON *v, const char *where, memory5d_records_play *play,
                                     char *err, size_t errlen);

/* A projection as JSON, and back (strict). */
cJSON *memory5d_records_projection_to_json(const memory5d_records_projection *p);
int memory5d_records_projection_from_json(const cJSON *doc, memory5d_records_projection *p,
                                          char *err, size_t errlen);

#endif
