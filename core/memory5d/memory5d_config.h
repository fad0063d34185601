/* Memory5D rules config: the strict loader of levels/memory5d/rules.json. */
#ifndef CORE_MEMORY5D_CONFIG_H
#define CORE_MEMORY5D_CONFIG_H

#include <cjson/cJSON.h>

#include "memory5d.h"

#define MEMORY5D_RULES_FORMAT "memory5d-rules/1"
#define MEMORY5D_DEFAULT_RULES "levels/memory5d/rules.json"

/* The cost-bearing rules fields, bounded to what a player's move can afford: aiWorkBudget caps
 * the search work of one AI command (depth beyond what it affords is abandoned, so aiDepth
 * costs no more than it), twice the committed 4,000,000; a rules file asking for more (10^9
 * made one self-play match take seconds and a --config run hours) is refused. The schema
 * (schemas/memory5d-rules.schema.json) states the same maximum. */
#define MEMORY5D_MAX_AI_WORK 8000000
#define MEMORY5D_MAX_GENERATE_ATTEMPTS 1000

/* Validates the whole document before filling cfg. 0, or -1 with a message naming the
 * field and value ("difficulties.hard.boardSize: expected an integer from 4 to 12, got 3"). */
int memory5d_config_from_json(const cJSON *doc, memory5d_config *cfg, char *err, size_t errlen);
int memory5d_config_load(const char *path, memory5d_config *cfg, char *err, size_t errlen);

/* A required integer member from min to max (jsonio_int's message on failure), as an int:
 * every integer the Memory5D loaders read. 0, or -1 with the message. */
int memory5d_json_int(const cJSON *obj, const char *key, const char *where, long long min,
                      long long max, int *out, char *err, size_t errlen);

/* Index of name in names[0..count-1], or -1. */
int memory5d_name_index(const char *const *names, int count, const char *name);

#endif
