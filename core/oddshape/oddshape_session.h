/* Find the Odd Shape session controller (Systems & Controllers) as a pure state machine.
 * Time is an input: every call takes now_ms from the caller's clock, real or virtual. */
#ifndef CORE_ODDSHAPE_SESSION_H
#define CORE_ODDSHAPE_SESSION_H

#include <stdint.h>

#include "oddshape.h"

/* DBT timings in milliseconds. */
enum {
    ODDSHAPE_READY_MS = 800,      /* DBT-17 */
    ODDSHAPE_REVEAL_MS = 150,     /* DBT-12 */
    ODDSHAPE_FEEDBACK_MS = 300,   /* DBT-13 */
    ODDSHAPE_TRANSITION_MS = 200, /* DBT-14 */
    ODDSHAPE_TIMEOUT_MS = 10000,  /* DBT-16 */
};

/* Play-field geometry (Levels, DBT-6..11), in 1920x1080 authoring pixels. */
enum {
    ODDSHAPE_FIELD_W = 1920,
    ODDSHAPE_FIELD_H = 1080,
    ODDSHAPE_PATCH_SIZE = 240,
    ODDSHAPE_SLOT_Y = 540,
};
extern const int oddshape_slot_x[ODDSHAPE_SLOTS]; /* 480, 960, 1440 (DBT-9) */
/* The slot whose 240x240 hitbox (DBT-11) contains the field point, or -1. */
int oddshape_slot_at(double x, double y);

typedef enum {
    ODDSHAPE_TITLE,
    ODDSHAPE_OPTIONS,
    ODDSHAPE_READY,
    ODDSHAPE_ROUND_REVEAL,
    ODDSHAPE_ROUND_INTERACTIVE,
    ODDSHAPE_ROUND_FEEDBACK,
    ODDSHAPE_ROUND_TRANSITION,
    ODDSHAPE_RESULTS,
    ODDSHAPE_PAUSED,
    ODDSHAPE_QUIT, /* Title's Quit: the app should close */
    ODDSHAPE_STATE_COUNT
} oddshape_state;
extern const char *const oddshape_state_names[ODDSHAPE_STATE_COUNT]; /* "Title", ... */

/* Controller-level inputs: the player maps mouse, keys and gamepad onto these. */
typedef enum {
    ODDSHAPE_IN_PLAY,       /* Title: Play / Enter / A */
    ODDSHAPE_IN_OPTIONS,    /* Title: Options */
    ODDSHAPE_IN_QUIT,       /* Title: Quit */
    ODDSHAPE_IN_BACK,       /* Options: Back / Esc / B */
    ODDSHAPE_IN_CLICK,      /* a click on the play field at (x, y): RT-CLICK R1/R2/R3 */
    ODDSHAPE_IN_SELECT,     /* number key / focus + confirm on slot */
    ODDSHAPE_IN_PAUSE,      /* RoundInteractive: Esc / Start */
    ODDSHAPE_IN_RESUME,     /* Paused: Resume / Esc */
    ODDSHAPE_IN_RESTART,    /* Paused: Restart */
    ODDSHAPE_IN_MAIN_MENU,  /* Paused or Results: Main Menu */
    ODDSHAPE_IN_PLAY_AGAIN, /* Results: Play Again */
} oddshape_input_kind;

typedef struct {
    oddshape_input_kind kind;
    int slot;        /* ODDSHAPE_IN_SELECT */
    double x, y;     /* ODDSHAPE_IN_CLICK, field pixels */
} oddshape_input;

typedef enum {
    ODDSHAPE_OUTCOME_NONE = 0,
    ODDSHAPE_OUTCOME_CORRECT, /* R1 */
    ODDSHAPE_OUTCOME_ERROR,   /* R2 */
    ODDSHAPE_OUTCOME_TIMEOUT, /* R4 */
} oddshape_outcome;

typedef enum {
    ODDSHAPE_EV_STATE,    /* entered .state (at .t_ms) */
    ODDSHAPE_EV_RESOLVED, /* round .round resolved: .outcome, .slot (-1 on timeout), .time_ms */
    ODDSHAPE_EV_RESULTS,  /* session finished; read oddshape_session_stats */
} oddshape_event_kind;

typedef struct {
    oddshape_event_kind kind;
    int64_t t_ms;  /* the exact time the event happened (a due time, not the poll time) */
    oddshape_state state;
    int round;     /* 1..15, 0 outside a session */
    oddshape_outcome outcome;
    int slot;
    int64_t time_ms; /* selection time (DBT-22) */
    int pauses;      /* ODDSHAPE_EV_RESOLVED: how often the round was paused */
} oddshape_event;

#define ODDSHAPE_EVENT_QUEUE 256 /* a whole session of events fits, even unpolled */

typedef struct {
    /* definition: the Table L1 content and the Options that choose the source (LED-1) */
    oddshape_round table[ODDSHAPE_ROUNDS];
    int randomize;
    uint32_t seed;

    /* state */
    oddshape_state state;
    int64_t entered_ms;      /* when the current state was entered */
    int64_t timer_base_ms;   /* round timer value accumulated before the current run */
    int64_t timer_run_ms;    /* when the timer last started running (RoundInteractive) */
    int round;               /* 1..15 */
    int correct, errors;
    int64_t round_time_ms[ODDSHAPE_ROUNDS];
    oddshape_outcome outcome[ODDSHAPE_ROUNDS];
    int pauses[ODDSHAPE_ROUNDS];  /* how often each round was paused (its trio hidden) */
    int last_slot;           /* slot of the last resolving input, -1 on timeout */
    oddshape_round rounds[ODDSHAPE_ROUNDS]; /* the source locked at Ready entry */
    int locked_randomize;
    uint32_t locked_seed;

    oddshape_event events[ODDSHAPE_EVENT_QUEUE];
    int event_head, event_count;
    int events_dropped; /* oldest events overwritten because nobody polled: a caller bug */
} oddshape_session;

typedef struct {
    int correct, errors;
    int64_t total_ms;     /* sum of roundTime[r] */
    double avg_ms;        /* total / 15 (DBT-23) */
    int accuracy_pct;     /* round(correct / 15 * 100) */
    int64_t fastest_ms;   /* min over correct rounds; -1 when correct = 0 ("—") */
    int paused_rounds;    /* rounds paused at least once (honest scoring: shown on Results) */
} oddshape_stats;

/* Starts at Title with Table L1 as the fixed source. */
void oddshape_session_init(oddshape_session *s, const oddshape_round table[ODDSHAPE_ROUNDS],
                           int randomize, uint32_t seed, int64_t now_ms);
/* Options changes: take effect at the next Ready entry (LED-1). */
void oddshape_session_set_source(oddshape_session *s, int randomize, uint32_t seed);
/* Runs every timed transition due by now_ms, each at its exact due time. */
void oddshape_session_update(oddshape_session *s, int64_t now_ms);
/* Applies one input at now_ms (after update). Returns 1 if it changed anything, 0 when
 * the input is ignored (RT-CLICK R3, R5, R6, R7 or not valid in this state). */
int oddshape_session_input(oddshape_session *s, const oddshape_input *in, int64_t now_ms);
/* Pops the oldest pending event; 0 when none. */
int oddshape_session_poll(oddshape_session *s, oddshape_event *out);

/* The round timer at now_ms (RT-TIMER): runs only in RoundInteractive, frozen otherwise. */
int64_t oddshape_session_timer_ms(const oddshape_session *s, int64_t now_ms);
/* The current round's content and its slots (valid from Ready to Results). */
const oddshape_round *oddshape_session_current(const oddshape_session *s);
/* Session & Scoring over the rounds resolved so far. */
void oddshape_session_stats(const oddshape_session *s, oddshape_stats *out);
/* Milliseconds as seconds with two decimals ("3.41"), rounded half up; "—" for ms < 0. */
void oddshape_format_seconds(double ms, char *buf, size_t buflen);

#endif
