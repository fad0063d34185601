/* Memory5D shared types: the rules config, a match definition, the copyable match state,
 * commands in and outcome events out. Every rule number lives in memory5d_config, which is read
 * from levels/memory5d/rules.json; the constants here are only the spec's fixed name lists
 * and array capacities. */
#ifndef CORE_MEMORY5D_H
#define CORE_MEMORY5D_H

#include <stddef.h>
#include <stdint.h>

/* Capacities, not rules: the config's numbers are validated to fit inside them. */
enum {
    MEMORY5D_MAX_SIZE = 12,
    MEMORY5D_MAX_CELLS = MEMORY5D_MAX_SIZE * MEMORY5D_MAX_SIZE,
    MEMORY5D_MAX_LINE = 6,
    MEMORY5D_MAX_VARIANTS = 4,
    MEMORY5D_MAX_OBJECTIVES = 8,
    MEMORY5D_MAX_PICKS = 16,
    MEMORY5D_NAME_LEN = 24,
    MEMORY5D_MAX_EVENTS = 16,
};

/* The spec's fixed lists, in the spec's order. */
enum {
    MEMORY5D_FAMILIES = 6,
    MEMORY5D_HUES = 6,
    MEMORY5D_POWERS = 4,
    MEMORY5D_DIFFICULTIES = 4,
    MEMORY5D_PLAYERS = 2
};
typedef enum {
    MEMORY5D_SQUARE,
    MEMORY5D_CIRCLE,
    MEMORY5D_TRIANGLE,
    MEMORY5D_STAR,
    MEMORY5D_HEXAGON,
    MEMORY5D_DIAMOND
} memory5d_family;
/* Ordered so that the linked pairs red-green, blue-orange, yellow-purple differ in bit 0. */
typedef enum {
    MEMORY5D_RED,
    MEMORY5D_GREEN,
    MEMORY5D_BLUE,
    MEMORY5D_ORANGE,
    MEMORY5D_YELLOW,
    MEMORY5D_PURPLE
} memory5d_hue;
typedef enum { MEMORY5D_EASY, MEMORY5D_NORMAL, MEMORY5D_HARD, MEMORY5D_EXPERT } memory5d_difficulty;
typedef enum {
    MEMORY5D_REVEAL,
    MEMORY5D_DOUBLE_POINTS,
    MEMORY5D_WILDCARD,
    MEMORY5D_EXTRA_TURN
} memory5d_power;
enum { MEMORY5D_NO_POWER = -1, MEMORY5D_UNCLAIMED = -1, MEMORY5D_NO_CELL = -1 };
/* Times in a match log: 2^53 - 1, the largest integer a JSON number holds exactly. */
#define MEMORY5D_MS_LIMIT 9007199254740991LL

extern const char *const memory5d_family_names[MEMORY5D_FAMILIES];
extern const char *const memory5d_hue_names[MEMORY5D_HUES];
extern const char *const memory5d_difficulty_names[MEMORY5D_DIFFICULTIES];
/* reveal, doublePoints, wildcard, extraTurn */
extern const char *const memory5d_power_names[MEMORY5D_POWERS];
extern const char *const memory5d_player_names[MEMORY5D_PLAYERS]; /* A, B */

/* ---- rules config (levels/memory5d/rules.json) ---- */

typedef struct {
    int board_size;
    int decision_ms;
    int keep_anchor_on_mismatch; /* forgiveness: an incompatible pick keeps the anchor */
    int timeout_resets_streak;   /* forgiveness: a decision timeout resets the streak */
    int ai_depth;                /* search depth in commands (plies) */
    int rotation;                /* Expert: rotate clockwise after each round of base turns */
    int multiplier_permille;     /* 800 = x0.8 */
} memory5d_preset;

typedef enum {
    MEMORY5D_OBJ_NO_MISSES,      /* no miss and no timeout in the match */
    MEMORY5D_OBJ_LINKS,          /* at least threshold valid links */
    MEMORY5D_OBJ_STREAK,         /* a streak of at least threshold links */
    MEMORY5D_OBJ_BLOCKS,         /* at least threshold open-three blocks */
    MEMORY5D_OBJ_FORKS,          /* at least threshold forks created */
    MEMORY5D_OBJ_KINDS
} memory5d_objective_kind;
extern const char *const memory5d_objective_kind_names[MEMORY5D_OBJ_KINDS];

typedef struct {
    char id[MEMORY5D_NAME_LEN];
    int kind;
    int threshold;
    int points;
} memory5d_objective;

typedef struct {
    int line_length;
    int variant_count[MEMORY5D_FAMILIES];
    char variant_names[MEMORY5D_FAMILIES][MEMORY5D_MAX_VARIANTS][MEMORY5D_NAME_LEN];
    char texture_names[MEMORY5D_HUES][MEMORY5D_NAME_LEN];
    int reweave_limit;
    int max_generate_attempts;
    int ai_work_budget;        /* search work per AI command before it settles for less */
    int families_per_board;    /* the board's palette: this many of the six families */
    int hue_pairs_per_board;   /* and this many of the three linked hue pairs */
    memory5d_preset presets[MEMORY5D_DIFFICULTIES];
    struct {
        int base, block_open_three, create_fork, complete_line;
        int streak_step_percent, streak_cap, double_points_factor;
    } mastery;
    struct {
        int completion, win, objective_cap;
        int objective_count;
        memory5d_objective objectives[MEMORY5D_MAX_OBJECTIVES];
    } stars;
    int power_price[MEMORY5D_POWERS];
    int loadout_max_charges;
    int loadout_max_extra_turn;
    int reveal_projection_ms;
    struct {
        int copies_per_power;
        int pick_count;
        int pick_order[MEMORY5D_MAX_PICKS]; /* player index per pick */
        int pick_deadline_ms;
    } draft;
    struct {
        int k, scale, initial;
    } elo;
} memory5d_config;

/* ---- board and match definition ---- */

typedef struct {
    int8_t family, variant, hue;
    int8_t owner; /* MEMORY5D_UNCLAIMED, 0 (A) or 1 (B) */
} memory5d_cell;

typedef struct {
    int size;
    memory5d_cell cells[MEMORY5D_MAX_CELLS]; /* row-major, index r * size + c */
    /* The palette the seed chose; reweaves draw from it too. */
    int family_count, hue_count;
    int8_t families[MEMORY5D_FAMILIES], hues[MEMORY5D_HUES];
} memory5d_board;

typedef enum { MEMORY5D_CLASSIC, MEMORY5D_ARCADE } memory5d_mode;
/* Only standard matches can earn Star Points (the spec's tutorial and custom exclusions). */
typedef enum {
    MEMORY5D_MATCH_STANDARD,
    MEMORY5D_MATCH_TUTORIAL,
    MEMORY5D_MATCH_CUSTOM
} memory5d_kind;

typedef struct {
    uint32_t seed;
    int difficulty;
    int mode;       /* memory5d_mode */
    int kind;       /* memory5d_kind */
    int ranked;     /* Ranked Classic: Elo applies (classic mode only) */
    int online;     /* server-authoritative clock: no local pauses */
    int restarted;  /* a restarted match earns no Star Points */
    int loadout[MEMORY5D_PLAYERS][MEMORY5D_POWERS]; /* Arcade charges each player brings */
} memory5d_setup;

/* Immutable for the whole match: rules, setup and the generated (or authored) board. */
typedef struct {
    memory5d_config cfg;
    memory5d_setup setup;
    memory5d_board board;
} memory5d_def;

/* ---- match state: a plain value; copying it is undo, replaying the log rebuilds it ---- */

typedef enum { MEMORY5D_PLAYING, MEMORY5D_WON, MEMORY5D_DRAW, MEMORY5D_ABANDONED } memory5d_status;
typedef enum {
    MEMORY5D_END_NONE,
    MEMORY5D_END_LINE,               /* four (line_length) contiguous owned cells */
    /* no unclaimed adjacent or reflected pair: a reweave cannot help */
    MEMORY5D_END_NO_ROUTE,
    MEMORY5D_END_REWEAVES_EXHAUSTED, /* no link after the last allowed reweave */
    MEMORY5D_END_ABANDONED,
} memory5d_end_reason;
extern const char *const memory5d_status_names[4];
extern const char *const memory5d_end_reason_names[5];

/* Clock pause reasons (bits), the spec's list and nothing else. */
enum {
    MEMORY5D_PAUSE_RESOLUTION = 1 << 0, /* reducer-owned resolution */
    MEMORY5D_PAUSE_REVEAL = 1 << 1,     /* Reveal projection: set and cleared by the core */
    MEMORY5D_PAUSE_HELP = 1 << 2,       /* help or tutorial overlay */
    MEMORY5D_PAUSE_INACTIVE_HOST = 1 << 3,
    MEMORY5D_PAUSE_BACKGROUND = 1 << 4,
    MEMORY5D_PAUSE_ALL = (1 << 5) - 1,
};

typedef struct {
    int links, misses, timeouts;
    int streak, best_streak;
    int blocks, forks, lines;
    int doubled;
    int powers_used;
    int64_t mastery;
} memory5d_player_stats;

typedef struct {
    int size;
    memory5d_cell cells[MEMORY5D_MAX_CELLS];
    int turn;        /* player to act */
    int bonus;       /* 1 during an Extra Turn bonus turn */
    int anchor;      /* selected first cell or MEMORY5D_NO_CELL */
    int round_mask;  /* players who completed a base turn since the last rotation */
    int rotation;    /* clockwise quarter turns so far; the north marker is rotation % 4 */
    int reweaves;
    int status, end_reason, winner; /* winner: player, or -1 */
    int win_cells[MEMORY5D_MAX_LINE];
    memory5d_player_stats stats[MEMORY5D_PLAYERS];
    /* Arcade */
    int loadout[MEMORY5D_PLAYERS][MEMORY5D_POWERS];
    int armed;        /* power reserved by the player to act, or MEMORY5D_NO_POWER */
    int armed_turn;   /* a power was armed (and not cancelled) this base turn */
    int armed_spent;  /* the armed power was consumed (Reveal at projection) */
    /* the cell whose partners the current Reveal projects, or MEMORY5D_NO_CELL */
    int reveal_anchor;
    /* Clock of the current turn; all times are the caller's milliseconds. */
    int64_t last_ms;        /* time of the last accepted command (time never runs back) */
    int64_t turn_start_ms;
    int64_t paused_ms;      /* closed pause intervals in this turn */
    int64_t pause_since_ms; /* start of the open pause interval when pause_mask != 0 */
    int64_t reveal_until_ms;
    int pause_mask;
    uint32_t seq; /* accepted commands so far */
} memory5d_state;

/* ---- commands and outcomes ---- */

typedef enum {
    MEMORY5D_CMD_SELECT,  /* pick a cell: anchors, cancels, re-anchors, links or misses */
    MEMORY5D_CMD_LINK,    /* claim cell and cell2 in one command (AI, replays, tests) */
    MEMORY5D_CMD_CANCEL,  /* Escape: drop the anchor, no penalty */
    MEMORY5D_CMD_TICK,    /* time passes; accepted only when the decision timer runs out */
    MEMORY5D_CMD_PAUSE,   /* reason: one MEMORY5D_PAUSE_* bit (not REVEAL) */
    MEMORY5D_CMD_RESUME,
    MEMORY5D_CMD_ARM,     /* power */
    MEMORY5D_CMD_DISARM,  /* cancellation: refunds the reservation */
    MEMORY5D_CMD_ABANDON, /* player leaves: the other player wins, nobody earns Star Points */
    MEMORY5D_CMD_KINDS
} memory5d_cmd_kind;
extern const char *const memory5d_cmd_names[MEMORY5D_CMD_KINDS];

typedef struct {
    int kind;
    int player;
    int cell, cell2;
    int power;
    int reason;
    int64_t now_ms;
} memory5d_cmd;

/* Why a command (or part of one) was refused; each has a sentence a UI can show. */
typedef enum {
    MEMORY5D_OK,
    MEMORY5D_R_CLAIMED,
    MEMORY5D_R_SAME_CELL,
    MEMORY5D_R_NOT_ROUTE,
    MEMORY5D_R_FAMILY,
    MEMORY5D_R_HUE,
    MEMORY5D_R_OUT_OF_RANGE,
    MEMORY5D_R_NOT_YOUR_TURN,
    MEMORY5D_R_GAME_OVER,
    MEMORY5D_R_NO_ANCHOR,
    MEMORY5D_R_NOT_ARCADE,
    MEMORY5D_R_NO_CHARGE,
    MEMORY5D_R_ONE_POWER_PER_TURN,
    MEMORY5D_R_BONUS_TURN,
    MEMORY5D_R_NOT_ARMED,
    MEMORY5D_R_PAUSED,
    MEMORY5D_R_NOT_PAUSED,
    MEMORY5D_R_ALREADY_PAUSED,
    MEMORY5D_R_ONLINE_CLOCK,
    MEMORY5D_R_TIME_BACKWARDS,
    MEMORY5D_R_BAD_COMMAND,
    MEMORY5D_R_KINDS
} memory5d_reason;
extern const char *const memory5d_reason_names[MEMORY5D_R_KINDS]; /* stable ids: "claimed", ... */
const char *memory5d_reason_text(int reason);                /* a sentence for the UI */

typedef enum {
    MEMORY5D_EV_ANCHOR,     /* a: cell */
    MEMORY5D_EV_REANCHOR,   /* a: new anchor, b: old; reason NOT_ROUTE: no miss */
    MEMORY5D_EV_CANCEL,     /* a: the anchor dropped */
    MEMORY5D_EV_LINK,       /* a, b; value: Mastery gained; flags: MEMORY5D_LINK_* */
    MEMORY5D_EV_MISS,       /* a, b; reason: family or hue; the turn passes */
    MEMORY5D_EV_TIMEOUT,    /* the decision timer ran out; the turn passes */
    MEMORY5D_EV_TURN,       /* player: now to act */
    MEMORY5D_EV_BONUS_TURN, /* player: plays an Extra Turn bonus turn */
    /* value: the north marker 0..3 (N, E, S, W: where the first north edge is) */
    MEMORY5D_EV_ROTATE,
    MEMORY5D_EV_REWEAVE,    /* value: reweaves used so far */
    MEMORY5D_EV_WIN,        /* player; value: end reason */
    MEMORY5D_EV_DRAW,       /* value: end reason */
    MEMORY5D_EV_ABANDON,    /* player who left */
    MEMORY5D_EV_PAUSE,      /* value: reason bit */
    MEMORY5D_EV_RESUME,     /* value: reason bit */
    MEMORY5D_EV_ARM,        /* value: power (reserved) */
    MEMORY5D_EV_CONSUME,    /* value: power */
    MEMORY5D_EV_REFUND,     /* value: power; reason says which path */
    /* a: anchor whose partners are projected; value: projection length ms */
    MEMORY5D_EV_REVEAL,
    /* a: the anchor whose projection ended (settled by the first command at or after its
     * end: a tick every frame in the player); the pause bit and reveal_anchor are cleared */
    MEMORY5D_EV_REVEAL_END,
    MEMORY5D_EV_KINDS
} memory5d_event_kind;
extern const char *const memory5d_event_names[MEMORY5D_EV_KINDS];

enum {
    MEMORY5D_LINK_BLOCK = 1,
    MEMORY5D_LINK_FORK = 2,
    MEMORY5D_LINK_LINE = 4,
    MEMORY5D_LINK_DOUBLED = 8,
    MEMORY5D_LINK_WILDCARD = 16
};

typedef struct {
    int kind;
    int player;
    int a, b;
    int value;
    int flags;
    int reason;
    int seq;    /* the accepted command (1-based) that caused it */
    int64_t ms; /* that command's now_ms */
} memory5d_event;

typedef struct {
    int refusal; /* MEMORY5D_OK, or why the command (after any timeout it settled) did nothing */
    int count;
    memory5d_event ev[MEMORY5D_MAX_EVENTS];
} memory5d_outcome;

/* Appends an event to out (silently dropped past MEMORY5D_MAX_EVENTS). Here, beside the
 * outcome, so that the rules and the powers both emit without calling each other. */
static inline void memory5d_emit(memory5d_outcome *out, int kind, int player, int a, int b,
                                 int value, int flags, int reason)
{
    if (out->count < MEMORY5D_MAX_EVENTS)
        out->ev[out->count++] = (memory5d_event){kind, player, a, b, value, flags, reason, 0, 0};
}

#endif
