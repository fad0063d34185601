/* Memory5D local records, the pure part: the records data (profiles, rules, immutable match
 * snapshots, the append-only event history), replaying a snapshot, and the projectors that
 * derive statistics, Classic Elo, achievements and the Star Points economy from events. */
#ifndef CORE_MEMORY5D_RECORDS_H
#define CORE_MEMORY5D_RECORDS_H

#include <stddef.h>
#include <stdint.h>

#include "memory5d.h"

enum {
    /* The database schema version this build writes (memory5d_store.c's migrations). */
    MEMORY5D_RECORDS_SCHEMA_VERSION = 3,
    MEMORY5D_RECORDS_NAME_MAX = 32, /* bytes of a profile name */
    MEMORY5D_RECORDS_HASH_LEN = 16, /* hex digits of an XXH3-64 */
};

/* ---- the records data: what the database holds and an export file carries ---- */

typedef struct {
    int64_t id;
    char name[MEMORY5D_RECORDS_NAME_MAX + 1];
    int tutorial; /* the tutorial profile: every projector skips it */
} memory5d_records_profile;

/* A rules config by its content hash; snapshots name the rules they were played under. */
typedef struct {
    char hash[MEMORY5D_RECORDS_HASH_LEN + 1];
    char *text; /* canonical (unformatted) rules JSON */
} memory5d_records_rules;

/* Who played the seat the profile did not: the AI, or a second player at the same screen
 * (hot-seat). Classic Elo is against the AI, so only AI matches can move it. */
typedef enum { MEMORY5D_OPPONENT_AI, MEMORY5D_OPPONENT_HUMAN, MEMORY5D_OPPONENTS } memory5d_opponent;
extern const char *const memory5d_opponent_names[MEMORY5D_OPPONENTS]; /* ai, human */

/* How a match was played, beyond what its log says: the profile's seat, the opponent and,
 * for a Power Draft, the draft's picks in order. A drafted match is one with picks; replay
 * plays them through the core's draft and they must give the log's loadouts, so "drafted"
 * cannot disagree with the match. */
typedef struct {
    int seat;        /* 0 (A) or 1 (B) */
    int opponent;    /* memory5d_opponent */
    int draft_picks; /* 0: not drafted; else the config's pick count */
    int draft[MEMORY5D_MAX_PICKS]; /* each pick's power, MEMORY5D_NO_POWER for a pass */
} memory5d_records_play;

/* An immutable match snapshot: the rules, how it was played and the core match log. */
typedef struct {
    int64_t id, profile;
    char rules[MEMORY5D_RECORDS_HASH_LEN + 1];
    memory5d_records_play play;
    char *log; /* canonical (unformatted) memory5d-log/1 JSON */
} memory5d_records_snapshot;

typedef enum {
    MEMORY5D_RECORD_MATCH,       /* a finished match: match names its snapshot */
    MEMORY5D_RECORD_PURCHASE,    /* one power charge bought at price Star Points */
    MEMORY5D_RECORD_STATS_RESET, /* Reset Statistics: later statistics start from zero */
    MEMORY5D_RECORD_KINDS
} memory5d_record_kind;
extern const char *const memory5d_record_kind_names[MEMORY5D_RECORD_KINDS];

typedef struct {
    int64_t id, profile;
    int kind;
    int64_t match; /* MATCH: the snapshot id, else 0 */
    int power;     /* PURCHASE: the power, else MEMORY5D_NO_POWER */
    int price;     /* PURCHASE: Star Points paid, else 0 */
} memory5d_records_event;

typedef struct {
    int schema_version;
    int64_t chosen; /* the chosen profile, or 0 */
    memory5d_records_profile *profiles;
    size_t profile_count;
    memory5d_records_rules *rules;
    size_t rules_count;
    memory5d_records_snapshot *matches;
    size_t match_count;
    memory5d_records_event *events;
    size_t event_count;
} memory5d_records_data;

void memory5d_records_data_free(memory5d_records_data *d);

/* XXH3-64 of text as 16 lowercase hex digits. */
void memory5d_records_hash(const char *text, size_t len, char out[MEMORY5D_RECORDS_HASH_LEN + 1]);

/* A profile name: 1 to 32 bytes, no control characters, not only spaces. 0, or -1. */
int memory5d_records_name_check(const char *name, char *err, size_t errlen);

/* ---- replaying a snapshot ---- */

typedef struct {
    memory5d_def def;
    memory5d_state final;
    int seat, opponent, drafted;   /* from the play (drafted: its picks replayed) */
    int stars;                     /* Star Points the seat earned */
    int consumed[MEMORY5D_POWERS]; /* power charges the seat used up */
} memory5d_records_match;

/* Parses the rules and the log, rebuilds the match from its seed and checks every logged
 * outcome; the match must be finished. A drafted play's picks are replayed through the
 * core's draft and must give the log's Arcade loadouts. 0, or -1 with a message. */
int memory5d_records_replay(const char *rules_text, const char *log_text,
                            const memory5d_records_play *play, memory5d_records_match *out,
                            char *err, size_t errlen);

/* ---- projections: everything below is derived from events, never stored by the UI ---- */

typedef struct {
    int64_t matches, wins, losses, draws, abandoned;
    int64_t links, misses, timeouts, best_streak, blocks, forks, lines, powers_used;
    int64_t mastery, star_points;
} memory5d_records_stats;

/* Classic Elo against the AI of one difficulty: zero-sum between the profile and that AI. */
typedef struct {
    int64_t rating, ai_rating, matches;
} memory5d_records_elo;

typedef enum {
    MEMORY5D_ACH_FIRST_WIN,   /* win a match */
    MEMORY5D_ACH_EXPERT_WIN,  /* win a match on Expert */
    MEMORY5D_ACH_TEN_MATCHES, /* finish ten matches */
    MEMORY5D_ACH_FIRST_POWER, /* use up an Arcade power in a match */
    MEMORY5D_ACHIEVEMENTS
} memory5d_achievement;
extern const char *const memory5d_achievement_names[MEMORY5D_ACHIEVEMENTS];
extern const char *const memory5d_achievement_texts[MEMORY5D_ACHIEVEMENTS];

typedef struct {
    int64_t profile;
    int64_t through_event;                                  /* the last event folded in */
    memory5d_records_stats stats[2][MEMORY5D_DIFFICULTIES]; /* [mode][difficulty] since reset */
    memory5d_records_stats lifetime;                        /* never reset */
    memory5d_records_elo elo[MEMORY5D_DIFFICULTIES];        /* Classic only, since reset */
    int64_t balance, earned, spent; /* Star Points: balance = earned - spent, never negative */
    int64_t inventory[MEMORY5D_POWERS];
    int64_t achievements[MEMORY5D_ACHIEVEMENTS]; /* the unlocking event id, or 0 */
    int64_t resets;
} memory5d_records_projection;

void memory5d_records_projection_init(memory5d_records_projection *p, int64_t profile);

/* Folds one accepted event into p. A match needs its replay (match); purchases must be
 * affordable; an Arcade loadout must be owned and its used charges leave the inventory,
 * except a drafted one (the draft pool's cards). Only a match against the AI can move
 * Classic Elo. 0, or -1 naming the event, p unchanged. */
int memory5d_records_fold(memory5d_records_projection *p, const memory5d_records_event *ev,
                          const memory5d_records_match *match, char *err, size_t errlen);

/* Rebuilds every non-tutorial profile's projection from d's events alone, replaying each
 * match snapshot (*out: one per such profile, in profile order; free()). Also checks
 * references. 0, or -1 with a message naming the event or snapshot. */
int memory5d_records_rebuild(const memory5d_records_data *d, memory5d_records_projection **out,
                             size_t *count, char *err, size_t errlen);

#endif
