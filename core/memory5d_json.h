/* Memory5D board JSON (schemas/memory5d-board.schema.json): writer and strict reader. */
#ifndef CORE_MEMORY5D_JSON_H
#define CORE_MEMORY5D_JSON_H

#include <cjson/cJSON.h>

#include "memory5d.h"
#include "memory5d_rules.h"

#define M5_BOARD_FORMAT "memory5d-board/1"
#define M5_LOG_FORMAT "memory5d-log/1"

/* The board a seed names at a difficulty, as gen prints it. attempt is what
 * m5_board_generate returned. */
cJSON *m5_board_to_json(const m5_config *cfg, const m5_board *board, uint32_t seed,
                        int difficulty, int attempt);
/* Reads a board document (authored tutorial or custom boards use the same format; the
 * seed, attempt and link count are informative and not needed). 0, or -1 naming the field. */
int m5_board_from_json(const m5_config *cfg, const cJSON *doc, m5_board *board,
                       int *difficulty, char *err, size_t errlen);

/* A match log (schemas/memory5d-log.schema.json): the setup (seeded boards only), the start
 * time and every accepted command with its outcome, then the final state for readers. */
cJSON *m5_log_to_json(const m5_def *def, const m5_log *log, const m5_state *final);
/* Reads a log strictly; setup receives the match setup, log the entries (free with
 * m5_log_free). 0, or -1 with a message naming the field. */
int m5_log_from_json(const cJSON *doc, m5_setup *setup, m5_log *log, char *err, size_t errlen);

extern const char *const m5_mode_names[2];
extern const char *const m5_kind_names[3];

#endif
