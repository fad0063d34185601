/* Memory5D tutorial lessons (schemas/memory5d-lesson.schema.json): an authored board, the
 * scripted steps of both players with their prompts and expected outcomes, and the goal
 * the lesson teaches; checked by replaying the steps through memory5d_step. */
#ifndef CORE_MEMORY5D_LESSON_H
#define CORE_MEMORY5D_LESSON_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "memory5d.h"

#define MEMORY5D_LESSON_FORMAT "memory5d-lesson/1"
#define MEMORY5D_DEFAULT_TUTORIAL "levels/memory5d/tutorial"

enum { MEMORY5D_LESSON_STEPS = 24, MEMORY5D_LESSON_TEXT = 320, MEMORY5D_MAX_LESSONS = 16 };
/* A goal's link flags by bit (MEMORY5D_LINK_BLOCK, _FORK, _LINE, _DOUBLED, _WILDCARD). */
enum { MEMORY5D_LESSON_FLAGS = 5 };
extern const char *const memory5d_lesson_flag_names[MEMORY5D_LESSON_FLAGS];

typedef struct {
    int player;           /* who acts: 0 (A, the learner) or 1 (B, played by the script) */
    int kind;             /* MEMORY5D_CMD_SELECT, _LINK, _CANCEL, _ARM or _DISARM */
    int cell, cell2;      /* a select's cell, a link's two, else MEMORY5D_NO_CELL */
    int power;            /* the power an arm step arms, else MEMORY5D_NO_POWER */
    /* What the step must do: an event kind it produces (expect_event >= 0) or the refusal
     * it earns (expect_refusal > 0, the state unchanged). */
    int expect_event, expect_refusal;
    char prompt[MEMORY5D_LESSON_TEXT]; /* shown before the step */
} memory5d_lesson_step;

typedef struct {
    char id[MEMORY5D_NAME_LEN];
    char title[80];
    char intro[MEMORY5D_LESSON_TEXT], done[MEMORY5D_LESSON_TEXT];
    int difficulty;
    int mode; /* MEMORY5D_CLASSIC (the default) or MEMORY5D_ARCADE */
    int loadout[MEMORY5D_PLAYERS][MEMORY5D_POWERS]; /* Arcade: the charges each player brings */
    memory5d_board board;
    int step_count;
    memory5d_lesson_step steps[MEMORY5D_LESSON_STEPS];
    /* The goal: some step's outcome holds this event (by goal_player when >= 0), with
     * these MEMORY5D_LINK_* flags for a link, or this reason for a miss or refusal. */
    int goal_event, goal_player, goal_flags, goal_reason;
} memory5d_lesson;

/* Reads a lesson strictly (the board's size must be the difficulty's; an Arcade lesson's
 * loadout within the config's caps, by memory5d_loadout_check). 0, or -1 naming the field
 * ("steps[2].select: expected a cell such as \"C4\", got \"Z9\""). */
int memory5d_lesson_from_json(const memory5d_config *cfg, const cJSON *doc, memory5d_lesson *out,
                              char *err, size_t errlen);
int memory5d_lesson_load(const memory5d_config *cfg, const char *path, memory5d_lesson *out,
                         char *err, size_t errlen);
/* The lesson files of dir (every *.json, in name order) into paths (each at most pathlen
 * bytes). Returns how many, or -1 with a message (none found, unreadable, too many). */
int memory5d_lesson_list(const char *dir, char (*paths)[256], int max, char *err, size_t errlen);

/* The tutorial match of a lesson: its mode (Classic, or Arcade with its loadout), kind
 * tutorial (it earns nothing), seed 0. */
int memory5d_lesson_def(const memory5d_config *cfg, const memory5d_lesson *l, memory5d_def *def,
                        char *err, size_t errlen);
/* The step's command at now_ms. */
memory5d_cmd memory5d_lesson_command(const memory5d_lesson_step *s, int64_t now_ms);
/* Whether outcome (accepted: 1, refused: 0) is what step s expects. */
int memory5d_lesson_step_ok(const memory5d_lesson_step *s, int accepted,
                            const memory5d_outcome *out);
/* Whether outcome reaches the lesson's goal. */
int memory5d_lesson_goal_reached(const memory5d_lesson *l, const memory5d_outcome *out);
/* Replays every step through memory5d_step (one second apart from t = 0): each must do
 * what it expects and some step must reach the goal. 0, or -1 with the failing step named. */
int memory5d_lesson_check(const memory5d_config *cfg, const memory5d_lesson *l, char *err,
                          size_t errlen);

#endif
