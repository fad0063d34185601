/* Memory5D shared types: the rules config, a match definition, the copyable match state,
 * commands in and outcome events out. Every rule number lives in m5_config, which is read
 * from levels/memory5d/rules.json; the constants here are only the spec's fixed name lists
 * and array capacities. */
#ifndef CORE_MEMORY5D_H
#define CORE_MEMORY5D_H

#include <stddef.h>
#include <stdint.h>

/* Capacities, not rules: the config's numbers are validated to fit inside them. */
enum {
    M5_MAX_SIZE = 12,
    M5_MAX_CELLS = M5_MAX_SIZE * M5_MAX_SIZE,
    M5_MAX_LINE = 6,
    M5_MAX_VARIANTS = 4,
    M5_MAX_OBJECTIVES = 8,
    M5_MAX_PICKS = 16,
    M5_NAME_LEN = 24,
    M5_MAX_EVENTS = 16,
};

/* The spec's fixed lists, in the spec's order. */
enum { M5_FAMILIES = 6, M5_HUES = 6, M5_POWERS = 4, M5_DIFFICULTIES = 4, M5_PLAYERS = 2 };
typedef enum { M5_SQUARE, M5_CIRCLE, M5_TRIANGLE, M5_STAR, M5_HEXAGON, M5_DIAMOND } m5_family;
/* Ordered so that the linked pairs red-green, blue-orange, yellow-purple differ in bit 0. */
typedef enum { M5_RED, M5_GREEN, M5_BLUE, M5_ORANGE, M5_YELLOW, M5_PURPLE } m5_hue;
typedef enum { M5_EASY, M5_NORMAL, M5_HARD, M5_EXPERT } m5_difficulty;
typedef enum { M5_REVEAL, M5_DOUBLE_POINTS, M5_WILDCARD, M5_EXTRA_TURN } m5_power;
enum { M5_NO_POWER = -1, M5_UNCLAIMED = -1, M5_NO_CELL = -1 };

extern const char *const m5_family_names[M5_FAMILIES];
extern const char *const m5_hue_names[M5_HUES];
extern const char *const m5_difficulty_names[M5_DIFFICULTIES];
extern const char *const m5_power_names[M5_POWERS]; /* reveal, doublePoints, wildcard, extraTurn */
extern const char *const m5_player_names[M5_PLAYERS]; /* A, B */

/* ---- rules config (levels/memory5d/rules.json) ---- */

typedef struct {
    int board_size;
    int decision_ms;
    int keep_anchor_on_mismatch; /* forgiveness: an incompatible pick keeps the anchor */
    int timeout_resets_streak;   /* forgiveness: a decision timeout resets the streak */
    int ai_depth;                /* search depth in commands (plies) */
    int rotation;                /* Expert: rotate clockwise after each round of base turns */
    int multiplier_permille;     /* 800 = x0.8 */
} m5_preset;

typedef enum {
    M5_OBJ_NO_MISSES,      /* no miss and no timeout in the match */
    M5_OBJ_LINKS,          /* at least threshold valid links */
    M5_OBJ_STREAK,         /* a streak of at least threshold links */
    M5_OBJ_BLOCKS,         /* at least threshold open-three blocks */
    M5_OBJ_FORKS,          /* at least threshold forks created */
    M5_OBJ_KINDS
} m5_objective_kind;
extern const char *const m5_objective_kind_names[M5_OBJ_KINDS];

typedef struct {
    char id[M5_NAME_LEN];
    int kind;
    int threshold;
    int points;
} m5_objective;

typedef struct {
    int line_length;
    int variant_count[M5_FAMILIES];
    char variant_names[M5_FAMILIES][M5_MAX_VARIANTS][M5_NAME_LEN];
    char texture_names[M5_HUES][M5_NAME_LEN];
    int reweave_limit;
    int max_generate_attempts;
    int ai_work_budget;        /* search work per AI command before it settles for less */
    int families_per_board;    /* the board's palette: this many of the six families */
    int hue_pairs_per_board;   /* and this many of the three linked hue pairs */
    m5_preset presets[M5_DIFFICULTIES];
    struct {
        int base, block_open_three, create_fork, complete_line;
        int streak_step_percent, streak_cap, double_points_factor;
    } mastery;
    struct {
        int completion, win, objective_cap;
        int objective_count;
        m5_objective objectives[M5_MAX_OBJECTIVES];
    } stars;
    int power_price[M5_POWERS];
    int loadout_max_charges;
    int loadout_max_extra_turn;
    int reveal_projection_ms;
    struct {
        int copies_per_power;
        int pick_count;
        int pick_order[M5_MAX_PICKS]; /* player index per pick */
        int pick_deadline_ms;
    } draft;
    struct {
        int k, scale, initial;
    } elo;
} m5_config;

/* ---- board and match definition ---- */

typedef struct {
    int8_t family, variant, hue;
    int8_t owner; /* M5_UNCLAIMED, 0 (A) or 1 (B) */
} m5_cell;

typedef struct {
    int size;
    m5_cell cells[M5_MAX_CELLS]; /* row-major, index r * size + c */
    /* The palette the seed chose; reweaves draw from it too. */
    int family_count, hue_count;
    int8_t families[M5_FAMILIES], hues[M5_HUES];
} m5_board;

typedef enum { M5_CLASSIC, M5_ARCADE } m5_mode;
/* Only standard matches can earn Star Points (the spec's tutorial and custom exclusions). */
typedef enum { M5_MATCH_STANDARD, M5_MATCH_TUTORIAL, M5_MATCH_CUSTOM } m5_kind;

typedef struct {
    uint32_t seed;
    int difficulty;
    int mode;       /* m5_mode */
    int kind;       /* m5_kind */
    int ranked;     /* Ranked Classic: Elo applies (classic mode only) */
    int online;     /* server-authoritative clock: no local pauses */
    int restarted;  /* a restarted match earns no Star Points */
    int loadout[M5_PLAYERS][M5_POWERS]; /* Arcade charges each player brings */
} m5_setup;

/* Immutable for the whole match: rules, setup and the generated (or authored) board. */
typedef struct {
    m5_config cfg;
    m5_setup setup;
    m5_board board;
} m5_def;

/* ---- match state: a plain value; copying it is undo, replaying the log rebuilds it ---- */

typedef enum { M5_PLAYING, M5_WON, M5_DRAW, M5_ABANDONED } m5_status;
typedef enum {
    M5_END_NONE,
    M5_END_LINE,               /* four (line_length) contiguous owned cells */
    M5_END_NO_ROUTE,           /* no unclaimed adjacent or reflected pair: a reweave cannot help */
    M5_END_REWEAVES_EXHAUSTED, /* no link after the last allowed reweave */
    M5_END_ABANDONED,
} m5_end_reason;
extern const char *const m5_status_names[4];
extern const char *const m5_end_reason_names[5];

/* Clock pause reasons (bits), the spec's list and nothing else. */
enum {
    M5_PAUSE_RESOLUTION = 1 << 0, /* reducer-owned resolution */
    M5_PAUSE_REVEAL = 1 << 1,     /* Reveal projection: set and cleared by the core */
    M5_PAUSE_HELP = 1 << 2,       /* help or tutorial overlay */
    M5_PAUSE_INACTIVE_HOST = 1 << 3,
    M5_PAUSE_BACKGROUND = 1 << 4,
    M5_PAUSE_ALL = (1 << 5) - 1,
};

typedef struct {
    int links, misses, timeouts;
    int streak, best_streak;
    int blocks, forks, lines;
    int doubled;
    int powers_used;
    int64_t mastery;
} m5_player_stats;

typedef struct {
    int size;
    m5_cell cells[M5_MAX_CELLS];
    int turn;        /* player to act */
    int bonus;       /* 1 during an Extra Turn bonus turn */
    int anchor;      /* selected first cell or M5_NO_CELL */
    int round_mask;  /* players who completed a base turn since the last rotation */
    int rotation;    /* clockwise quarter turns so far; the north marker is rotation % 4 */
    int reweaves;
    int status, end_reason, winner; /* winner: player, or -1 */
    int win_cells[M5_MAX_LINE];
    m5_player_stats stats[M5_PLAYERS];
    /* Arcade */
    int loadout[M5_PLAYERS][M5_POWERS];
    int armed;        /* power reserved by the player to act, or M5_NO_POWER */
    int armed_turn;   /* a power was armed (and not cancelled) this base turn */
    int armed_spent;  /* the armed power was consumed (Reveal at projection) */
    int reveal_anchor; /* the cell whose partners the current Reveal projects, or M5_NO_CELL */
    /* Clock of the current turn; all times are the caller's milliseconds. */
    int64_t last_ms;        /* time of the last accepted command (time never runs back) */
    int64_t turn_start_ms;
    int64_t paused_ms;      /* closed pause intervals in this turn */
    int64_t pause_since_ms; /* start of the open pause interval when pause_mask != 0 */
    int64_t reveal_until_ms;
    int pause_mask;
    uint32_t seq; /* accepted commands so far */
} m5_state;

/* ---- commands and outcomes ---- */

typedef enum {
    M5_CMD_SELECT,  /* pick a cell: anchors, cancels, re-anchors, links or misses */
    M5_CMD_LINK,    /* claim cell and cell2 in one command (AI, replays, tests) */
    M5_CMD_CANCEL,  /* Escape: drop the anchor, no penalty */
    M5_CMD_TICK,    /* time passes; accepted only when the decision timer runs out */
    M5_CMD_PAUSE,   /* reason: one M5_PAUSE_* bit (not REVEAL) */
    M5_CMD_RESUME,
    M5_CMD_ARM,     /* power */
    M5_CMD_DISARM,  /* cancellation: refunds the reservation */
    M5_CMD_ABANDON, /* player leaves: the other player wins, nobody earns Star Points */
    M5_CMD_KINDS
} m5_cmd_kind;
extern const char *const m5_cmd_names[M5_CMD_KINDS];

typedef struct {
    int kind;
    int player;
    int cell, cell2;
    int power;
    int reason;
    int64_t now_ms;
} m5_cmd;

/* Why a command (or part of one) was refused; each has a sentence a UI can show. */
typedef enum {
    M5_OK,
    M5_R_CLAIMED,
    M5_R_SAME_CELL,
    M5_R_NOT_ROUTE,
    M5_R_FAMILY,
    M5_R_HUE,
    M5_R_OUT_OF_RANGE,
    M5_R_NOT_YOUR_TURN,
    M5_R_GAME_OVER,
    M5_R_NO_ANCHOR,
    M5_R_NOT_ARCADE,
    M5_R_NO_CHARGE,
    M5_R_ONE_POWER_PER_TURN,
    M5_R_BONUS_TURN,
    M5_R_NOT_ARMED,
    M5_R_PAUSED,
    M5_R_NOT_PAUSED,
    M5_R_ALREADY_PAUSED,
    M5_R_ONLINE_CLOCK,
    M5_R_TIME_BACKWARDS,
    M5_R_BAD_COMMAND,
    M5_R_KINDS
} m5_reason;
extern const char *const m5_reason_names[M5_R_KINDS]; /* stable ids: "claimed", ... */
const char *m5_reason_text(int reason);                /* a sentence for the UI */

typedef enum {
    M5_EV_ANCHOR,     /* a: cell */
    M5_EV_REANCHOR,   /* a: new anchor, b: old; reason NOT_ROUTE: no miss */
    M5_EV_CANCEL,     /* a: the anchor dropped */
    M5_EV_LINK,       /* a, b; value: Mastery gained; flags: M5_LINK_* */
    M5_EV_MISS,       /* a, b; reason: family or hue; the turn passes */
    M5_EV_TIMEOUT,    /* the decision timer ran out; the turn passes */
    M5_EV_TURN,       /* player: now to act */
    M5_EV_BONUS_TURN, /* player: plays an Extra Turn bonus turn */
    M5_EV_ROTATE,     /* value: the north marker 0..3 (N, E, S, W: where the first north edge is) */
    M5_EV_REWEAVE,    /* value: reweaves used so far */
    M5_EV_WIN,        /* player; value: end reason */
    M5_EV_DRAW,       /* value: end reason */
    M5_EV_ABANDON,    /* player who left */
    M5_EV_PAUSE,      /* value: reason bit */
    M5_EV_RESUME,     /* value: reason bit */
    M5_EV_ARM,        /* value: power (reserved) */
    M5_EV_CONSUME,    /* value: power */
    M5_EV_REFUND,     /* value: power; reason says which path */
    M5_EV_REVEAL,     /* a: anchor whose partners are projected; value: projection length ms */
    M5_EV_KINDS
} m5_event_kind;
extern const char *const m5_event_names[M5_EV_KINDS];

enum { M5_LINK_BLOCK = 1, M5_LINK_FORK = 2, M5_LINK_LINE = 4, M5_LINK_DOUBLED = 8, M5_LINK_WILDCARD = 16 };

typedef struct {
    int kind;
    int player;
    int a, b;
    int value;
    int flags;
    int reason;
    int seq;    /* the accepted command (1-based) that caused it */
    int64_t ms; /* that command's now_ms */
} m5_event;

typedef struct {
    int refusal; /* M5_OK, or why the command (after any timeout it settled) did nothing */
    int count;
    m5_event ev[M5_MAX_EVENTS];
} m5_outcome;

#endif
