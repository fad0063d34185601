/* Memory5D match rules: the match definition, the step function (selection, links,
 * misses, timeouts, win, reweave, rotation, clocks, powers in play) and the event log. */
#ifndef CORE_MEMORY5D_RULES_H
#define CORE_MEMORY5D_RULES_H

#include "memory5d.h"

/* A definition from a seed: validates setup (difficulty, mode, loadouts within the
 * config's caps) and generates the board the seed names. 0, or -1 with a message. */
int m5_def_init(m5_def *def, const m5_config *cfg, const m5_setup *setup, char *err,
                size_t errlen);
/* The same with an authored board (tutorial or custom): its size must be the preset's. */
int m5_def_init_board(m5_def *def, const m5_config *cfg, const m5_setup *setup,
                      const m5_board *board, char *err, size_t errlen);

/* The state at the start of the match (player A to act; the clock starts at now_ms). */
void m5_state_init(const m5_def *def, m5_state *st, int64_t now_ms);

/* Applies one command. Either the state is left untouched (returns 0; out->refusal says
 * why, M5_OK for a tick with nothing due) or it changed (returns 1; out->ev lists what
 * happened). A command that arrives after the decision deadline first settles the timeout
 * (state changed, turn passed) and is then judged against the new turn. */
int m5_step(const m5_def *def, m5_state *st, const m5_cmd *cmd, m5_outcome *out);

/* Decision time left in the current turn at now_ms (never negative); pauses excluded. */
int64_t m5_clock_remaining(const m5_def *def, const m5_state *st, int64_t now_ms);
/* Where the board's first north edge now is: 0 N, 1 E, 2 S, 3 W. */
int m5_north_marker(const m5_state *st);
extern const char *const m5_north_names[4];

/* Appends an event to out (silently dropped past M5_MAX_EVENTS). */
void m5_emit(m5_outcome *out, int kind, int player, int a, int b, int value, int flags,
             int reason);

/* ---- the append-only match log ---- */
typedef struct {
    m5_cmd cmd;
    m5_outcome out;
} m5_log_entry;

typedef struct {
    int64_t start_ms;
    m5_log_entry *entries;
    size_t count, cap;
} m5_log;

void m5_log_init(m5_log *log, int64_t start_ms);
void m5_log_free(m5_log *log);
/* m5_step, and on acceptance appends the command and its outcome. 1 accepted, 0 refused,
 * -1 out of memory (the state is then restored). */
int m5_apply(const m5_def *def, m5_state *st, m5_log *log, const m5_cmd *cmd, m5_outcome *out);
/* Rebuilds the state from the definition and the log, checking every logged outcome.
 * 0, or -1 with the first diverging entry's index in *at. */
int m5_replay(const m5_def *def, const m5_log *log, m5_state *st, size_t *at);

#endif
