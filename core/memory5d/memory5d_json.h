/* Memory5D JSON: the board format (schemas/memory5d-board.schema.json) and match logs
 * (schemas/memory5d-log.schema.json), each with a writer and a strict reader. */
#ifndef CORE_MEMORY5D_JSON_H
#define CORE_MEMORY5D_JSON_H

#include <cjson/cJSON.h>

#include "memory5d.h"
#include "memory5d_rules.h"

#define MEMORY5D_BOARD_FORMAT "memory5d-board/1"
#define MEMORY5D_LOG_FORMAT "memory5d-log/1"

/* The board a seed names at a difficulty, as gen prints it. attempt is what
 * memory5d_board_generate returned. */
cJSON *memory5d_board_to_json(const memory5d_config *cfg, const memory5d_board *board,
                              uint32_t seed, int difficulty, int attempt);
/* Reads a board document (authored tutorial or custom boards use the same format; the
 * seed, attempt and link count are informative and not needed). 0, or -1 naming the field. */
int memory5d_board_from_json(const memory5d_config *cfg, const cJSON *doc, memory5d_board *board,
                             int *difficulty, char *err, size_t errlen);

/* A match log (schemas/memory5d-log.schema.json): the setup (seeded boards only), the start
 * time and every accepted command with its outcome, then the final state for readers. */
cJSON *memory5d_log_to_json(const memory5d_def *def, const memory5d_log *log,
                            const memory5d_state *final);
/* Reads a log strictly; setup receives the match setup, log the entries (free with
 * memory5d_log_free). 0, or -1 with a message naming the field. */
int memory5d_log_from_json(const cJSON *doc, memory5d_setup *setup, memory5d_log *log, char *err,
                           size_t errlen);

/* Loadouts {"A": {"reveal": 1, ...}, "B": {...}}, each count 0 to 10. When required, both
 * players and all four powers must be given; otherwise a missing one is 0. Caps are not
 * checked here: memory5d_loadout_check does that. 0, or -1 naming where.A.power and the value. */
int memory5d_loadouts_from_json(const cJSON *lo, const char *where, int required,
                                int loadout[MEMORY5D_PLAYERS][MEMORY5D_POWERS], char *err,
                                size_t errlen);

extern const char *const memory5d_mode_names[2];
extern const char *const memory5d_kind_names[3];

#endif
