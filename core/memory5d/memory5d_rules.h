/* Memory5D match rules: the match definition, the step function (selection, links,
 * misses, timeouts, win, reweave, rotation, clocks, powers in play) and the event log. */
#ifndef CORE_MEMORY5D_RULES_H
#define CORE_MEMORY5D_RULES_H

#include "memory5d.h"

/* A definition from a seed: validates setup (difficulty, mode, loadouts within the
 * config's caps) and generates the board the seed names. 0, or -1 with a message. */
int memory5d_def_init(memory5d_def *def, const memory5d_config *cfg, const memory5d_setup *setup,
                      char *err, size_t errlen);
/* The same with an authored board (tutorial or custom): its size must be the preset's and
 * no player may already own a line (refused with the line's first cell). */
int memory5d_def_init_board(memory5d_def *def, const memory5d_config *cfg,
                            const memory5d_setup *setup, const memory5d_board *board, char *err,
                            size_t errlen);

/* The state at the start of the match (player A to act; the clock starts at now_ms). An
 * authored board without a legal link is reweaved at once (at most reweaveLimit times), or
 * drawn: memory5d_state_start lists those events (seq 0) in out; memory5d_state_init drops
 * them (replays and AI searches rebuild the same state). */
void memory5d_state_start(const memory5d_def *def, memory5d_state *st, int64_t now_ms,
                          memory5d_outcome *out);
void memory5d_state_init(const memory5d_def *def, memory5d_state *st, int64_t now_ms);

/* Applies one command. Either the state is left untouched (returns 0; out->refusal says
 * why, MEMORY5D_OK for a tick with nothing due) or it changed (returns 1; out->ev lists what
 * happened). A command that arrives after the decision deadline first settles the timeout
 * (state changed, turn passed) and is then judged against the new turn. */
/* 1 when every field of c is within what a match log holds (memory5d_log_from_json's
 * bounds): the kind, player -1..1, cells -1..MEMORY5D_MAX_CELLS, power, reason 0..PAUSE_ALL,
 * |now_ms| <= MEMORY5D_MS_LIMIT. memory5d_step refuses any other command with
 * MEMORY5D_R_BAD_COMMAND before it settles a timeout. */
int memory5d_cmd_loggable(const memory5d_cmd *c);
int memory5d_step(const memory5d_def *def, memory5d_state *st, const memory5d_cmd *cmd,
                  memory5d_outcome *out);

/* Decision time left in the current turn at now_ms (never negative); pauses excluded. */
int64_t memory5d_clock_remaining(const memory5d_def *def, const memory5d_state *st, int64_t now_ms);
/* 1 while a Reveal projection is showing at now_ms (it ends by itself; the first command at
 * or after its end, a tick, clears the pause bit and reveal_anchor with a reveal-end event). */
int memory5d_reveal_active(const memory5d_state *st, int64_t now_ms);
/* 1 when a pause refuses the mover's commands (paused): any pause but a Reveal projection,
 * and in a tutorial match the coach's help, which holds only the clock. */
int memory5d_moves_held(const memory5d_def *def, const memory5d_state *st);
/* Where the board's first north edge now is: 0 N, 1 E, 2 S, 3 W. */
int memory5d_north_marker(const memory5d_state *st);
extern const char *const memory5d_north_names[4];

/* ---- the append-only match log ---- */
typedef struct {
    memory5d_cmd cmd;
    memory5d_outcome out;
} memory5d_log_entry;

typedef struct {
    int64_t start_ms;
    memory5d_log_entry *entries;
    size_t count, cap;
} memory5d_log;

void memory5d_log_init(memory5d_log *log, int64_t start_ms);
void memory5d_log_free(memory5d_log *log);
/* memory5d_step, and on acceptance appends the command and its outcome. 1 accepted, 0 refused,
 * -1 out of memory (the state is then restored). */
int memory5d_apply(const memory5d_def *def, memory5d_state *st, memory5d_log *log,
                   const memory5d_cmd *cmd, memory5d_outcome *out);
/* Rebuilds the state from the definition and the log, checking every logged outcome.
 * 0, or -1 with the first diverging entry's index in *at. */
int memory5d_replay(const memory5d_def *def, const memory5d_log *log, memory5d_state *st,
                    size_t *at);

#endif
