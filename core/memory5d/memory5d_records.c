/* Memory5D local records: snapshot replay and the event projectors (statistics, Classic
 * Elo, achievements, Star Points and inventory), all derived from accepted events. */
#include "memory5d_records.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "jsonio.h"
#include "memory5d_config.h"
#include "memory5d_draft.h"
#include "memory5d_json.h"
#include "memory5d_rules.h"
#include "memory5d_score.h"

const char *const memory5d_record_kind_names[MEMORY5D_RECORD_KINDS] = {"match", "purchase",
                                                                       "stats-reset"};
const char *const memory5d_opponent_names[MEMORY5D_OPPONENTS] = {"ai", "human"};
const char *const memory5d_achievement_names[MEMORY5D_ACHIEVEMENTS] = {
    "first-win", "expert-win", "ten-matches", "first-power"};
const char *const memory5d_achievement_texts[MEMORY5D_ACHIEVEMENTS] = {
    "Win a match", "Win a match on Expert", "Finish ten matches",
    "Use up an Arcade power in a match"};

void memory5d_records_data_free(memory5d_records_data *d)
{
    for (size_t i = 0; i < d->rules_count; i++)
        free(d->rules[i].text);
    for (size_t i = 0; i < d->match_count; i++)
        free(d->matches[i].log);
    free(d->profiles);
    free(d->rules);
    free(d->matches);
    free(d->events);
    memset(d, 0, sizeof *d);
}

void memory5d_records_hash(const char *text, size_t len, char out[MEMORY5D_RECORDS_HASH_LEN + 1])
{
    snprintf(out, MEMORY5D_RECORDS_HASH_LEN + 1, "%016llx",
             (unsigned long long)XXH3_64bits(text, len));
}

int memory5d_records_name_check(const char *name, char *err, size_t errlen)
{
    size_t len = strlen(name);
    int visible = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)name[i];
        if (c < 0x20 || c == 0x7f) {
            snprintf(err, errlen, "profile name: control character 0x%02x at byte %zu", c, i);
            return -1;
        }
        visible |= c != ' ';
    }
    if (len == 0 || len > MEMORY5D_RECORDS_NAME_MAX || !visible) {
        snprintf(err, errlen,
                 "profile name: expected 1 to %d bytes with a visible character, "
                 "got \"%.40s\"",
                 MEMORY5D_RECORDS_NAME_MAX, name);
        return -1;
    }
    return 0;
}

/* Plays the draft's picks through the core's draft (a pass settles at its deadline, which
 * the core allows only when no card fits) and compares the loadouts with the log's. */
static int replay_draft(const memory5d_config *cfg, const memory5d_setup *su,
                        const memory5d_records_play *play, char *err, size_t errlen)
{
    if (play->draft_picks != cfg->draft.pick_count) {
        snprintf(err, errlen, "draft: expected %d picks, got %d", cfg->draft.pick_count,
                 play->draft_picks);
        return -1;
    }
    if (su->mode != MEMORY5D_ARCADE) {
        snprintf(err, errlen, "draft: a Power Draft is an Arcade setting, the log is Classic");
        return -1;
    }
    memory5d_draft d;
    memory5d_draft_init(cfg, &d, 0);
    for (int i = 0; i < play->draft_picks; i++) {
        int who = memory5d_draft_turn(cfg, &d), power = play->draft[i];
        int ok = power == MEMORY5D_NO_POWER
                     ? memory5d_draft_cheapest(cfg, &d, who) == MEMORY5D_NO_POWER &&
                           memory5d_draft_tick(cfg, &d, d.pick_start_ms +
                                                            cfg->draft.pick_deadline_ms) == 1
                     : memory5d_draft_pick(cfg, &d, who, power, d.pick_start_ms) == MEMORY5D_OK;
        if (!ok) {
            snprintf(err, errlen, "draft: picks[%d]: %s cannot %s", i, memory5d_player_names[who],
                     power == MEMORY5D_NO_POWER ? "pass (a card fits its loadout)" : "take it");
            return -1;
        }
    }
    for (int p = 0; p < MEMORY5D_PLAYERS; p++)
        if (memcmp(d.picked[p], su->loadout[p], sizeof d.picked[p]) != 0) {
            snprintf(err, errlen, "draft: the picks give %s a loadout other than the log's",
                     memory5d_player_names[p]);
            return -1;
        }
    return 0;
}

int memory5d_records_replay(const char *rules_text, const char *log_text,
                            const memory5d_records_play *play, memory5d_records_match *out,
                            char *err, size_t errlen)
{
    char inner[400];
    memset(out, 0, sizeof *out);
    int seat = play->seat;
    if (seat != 0 && seat != 1) {
        snprintf(err, errlen, "seat: expected 0 (A) or 1 (B), got %d", seat);
        return -1;
    }
    if (play->opponent < 0 || play->opponent >= MEMORY5D_OPPONENTS) {
        snprintf(err, errlen, "opponent: expected 0 (ai) or 1 (human), got %d", play->opponent);
        return -1;
    }
    if (play->draft_picks < 0 || play->draft_picks > MEMORY5D_MAX_PICKS) {
        snprintf(err, errlen, "draft: expected 0 to %d picks, got %d", MEMORY5D_MAX_PICKS,
                 play->draft_picks);
        return -1;
    }
    cJSON *doc = jsonio_parse(rules_text, strlen(rules_text), "rules", inner, sizeof inner);
    memory5d_config cfg;
    int rc = doc ? memory5d_config_from_json(doc, &cfg, inner, sizeof inner) : -1;
    cJSON_Delete(doc);
    if (rc != 0) {
        snprintf(err, errlen, "rules: %s", inner);
        return -1;
    }
    doc = jsonio_parse(log_text, strlen(log_text), "log", inner, sizeof inner);
    memory5d_setup setup;
    memory5d_log log;
    rc = doc ? memory5d_log_from_json(doc, &setup, &log, inner, sizeof inner) : -1;
    cJSON_Delete(doc);
    if (rc != 0) {
        snprintf(err, errlen, "log: %s", inner);
        return -1;
    }
    size_t at = 0;
    if (memory5d_def_init(&out->def, &cfg, &setup, inner, sizeof inner) != 0) {
        snprintf(err, errlen, "log: setup: %s", inner);
        rc = -1;
    } else if (memory5d_replay(&out->def, &log, &out->final, &at) != 0) {
        snprintf(err, errlen, "log: replay diverges at entries[%zu]", at);
        rc = -1;
    } else if (out->final.status == MEMORY5D_PLAYING) {
        snprintf(err, errlen, "log: the match is not finished");
        rc = -1;
    } else if (play->draft_picks && replay_draft(&cfg, &setup, play, err, errlen) != 0) {
        rc = -1;
    }
    for (size_t i = 0; rc == 0 && i < log.count; i++)
        for (int k = 0; k < log.entries[i].out.count; k++) {
            const memory5d_event *ev = &log.entries[i].out.ev[k];
            if (ev->kind == MEMORY5D_EV_CONSUME && ev->player == seat)
                out->consumed[ev->value]++;
        }
    memory5d_log_free(&log);
    if (rc != 0)
        return -1;
    out->seat = seat;
    out->opponent = play->opponent;
    out->drafted = play->draft_picks > 0;
    out->stars = memory5d_star_points(&out->def, &out->final, seat, NULL);
    return 0;
}

void memory5d_records_projection_init(memory5d_records_projection *p, int64_t profile)
{
    memset(p, 0, sizeof *p);
    p->profile = profile;
}

static void add_match(memory5d_records_stats *s, const memory5d_records_match *m)
{
    const memory5d_state *st = &m->final;
    const memory5d_player_stats *ps = &st->stats[m->seat];
    s->matches++;
    s->wins += st->winner == m->seat;
    s->losses += st->winner == 1 - m->seat;
    s->draws += st->status == MEMORY5D_DRAW;
    s->abandoned += st->status == MEMORY5D_ABANDONED;
    s->links += ps->links;
    s->misses += ps->misses;
    s->timeouts += ps->timeouts;
    if (ps->best_streak > s->best_streak)
        s->best_streak = ps->best_streak;
    s->blocks += ps->blocks;
    s->forks += ps->forks;
    s->lines += ps->lines;
    for (int k = 0; k < MEMORY5D_POWERS; k++)
        s->powers_used += m->consumed[k];
    s->mastery += ps->mastery;
    s->star_points += m->stars;
}

/* The profile's Classic Elo against the AI of the match's difficulty (memory5d_match_elo:
 * only finished Ranked Classic standard matches count). */
static void add_elo(memory5d_records_elo *e, const memory5d_records_match *m)
{
    if (e->matches == 0)
        e->rating = e->ai_rating = m->def.cfg.elo.initial;
    int ra = m->seat == 0 ? (int)e->rating : (int)e->ai_rating;
    int rb = m->seat == 0 ? (int)e->ai_rating : (int)e->rating;
    int na, nb;
    if (memory5d_match_elo(&m->def, &m->final, ra, rb, &na, &nb) != 0)
        return;
    e->rating = m->seat == 0 ? na : nb;
    e->ai_rating = m->seat == 0 ? nb : na;
    e->matches++;
}

static int fold_match(memory5d_records_projection *p, const memory5d_records_event *ev,
                      const memory5d_records_match *m, char *err, size_t errlen)
{
    const memory5d_setup *su = &m->def.setup;
    /* a drafted loadout is the draft pool's cards: the inventory neither holds nor pays it */
    for (int k = 0; k < MEMORY5D_POWERS && !m->drafted; k++)
        if (su->loadout[m->seat][k] > p->inventory[k]) {
            snprintf(err, errlen,
                     "event %lld: the loadout brings %d %s charge(s), the inventory "
                     "holds %lld",
                     (long long)ev->id, su->loadout[m->seat][k], memory5d_power_names[k],
                     (long long)p->inventory[k]);
            return -1;
        }
    for (int k = 0; k < MEMORY5D_POWERS && !m->drafted; k++)
        p->inventory[k] -= m->consumed[k];
    add_match(&p->stats[su->mode][su->difficulty], m);
    add_match(&p->lifetime, m);
    /* Classic Elo is the profile's against the AI; "Power Draft ... never writes Elo" */
    if (su->mode == MEMORY5D_CLASSIC && m->opponent == MEMORY5D_OPPONENT_AI && !m->drafted) {
        memory5d_records_elo e = p->elo[su->difficulty];
        add_elo(&e, m);
        if (e.matches > p->elo[su->difficulty].matches)
            p->elo[su->difficulty] = e;
    }
    p->earned += m->stars;
    p->balance += m->stars;
    int won = m->final.winner == m->seat;
    int unlocked[MEMORY5D_ACHIEVEMENTS] = {
        [MEMORY5D_ACH_FIRST_WIN] = won,
        [MEMORY5D_ACH_EXPERT_WIN] = won && su->difficulty == MEMORY5D_EXPERT,
        [MEMORY5D_ACH_TEN_MATCHES] = p->lifetime.matches >= 10,
        [MEMORY5D_ACH_FIRST_POWER] = p->lifetime.powers_used >= 1,
    };
    for (int a = 0; a < MEMORY5D_ACHIEVEMENTS; a++)
        if (unlocked[a] && !p->achievements[a])
            p->achievements[a] = ev->id;
    return 0;
}

int memory5d_records_fold(memory5d_records_projection *p, const memory5d_records_event *ev,
                          const memory5d_records_match *match, char *err, size_t errlen)
{
    memory5d_records_projection next = *p;
    if (ev->profile != p->profile || ev->id <= p->through_event) {
        snprintf(err, errlen, "event %lld: out of order for profile %lld", (long long)ev->id,
                 (long long)p->profile);
        return -1;
    }
    switch (ev->kind) {
    case MEMORY5D_RECORD_MATCH:
        if (!match) {
            snprintf(err, errlen, "event %lld: no match snapshot", (long long)ev->id);
            return -1;
        }
        if (fold_match(&next, ev, match, err, errlen) != 0)
            return -1;
        break;
    case MEMORY5D_RECORD_PURCHASE:
        if (ev->power < 0 || ev->power >= MEMORY5D_POWERS || ev->price < 0) {
            snprintf(err, errlen, "event %lld: bad purchase", (long long)ev->id);
            return -1;
        }
        if (ev->price > next.balance) {
            snprintf(err, errlen,
                     "event %lld: a %s charge costs %d Star Points, the balance is "
                     "%lld",
                     (long long)ev->id, memory5d_power_names[ev->power], ev->price,
                     (long long)next.balance);
            return -1;
        }
        next.balance -= ev->price;
        next.spent += ev->price;
        next.inventory[ev->power]++;
        break;
    case MEMORY5D_RECORD_STATS_RESET:
        memset(next.stats, 0, sizeof next.stats);
        memset(next.elo, 0, sizeof next.elo);
        next.resets++;
        break;
    default:
        snprintf(err, errlen, "event %lld: unknown kind %d", (long long)ev->id, ev->kind);
        return -1;
    }
    next.through_event = ev->id;
    *p = next;
    return 0;
}

/* Index of the item with that id in a list sorted by id, or -1. Each records type starts
 * with its int64_t id, so one search serves profiles, snapshots and events. */
static long find_id(const void *base, size_t count, size_t stride, int64_t want)
{
    long lo = 0, hi = (long)count - 1;
    while (lo <= hi) {
        long mid = lo + (hi - lo) / 2;
        int64_t id;
        memcpy(&id, (const char *)base + (size_t)mid * stride, sizeof id);
        if (id == want)
            return mid;
        if (id < want)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}
#define FIND_BY_ID(list, count, want) find_id((list), (count), sizeof *(list), (want))

static int check_order(const char *what, size_t i, int64_t prev, int64_t id, char *err,
                       size_t errlen)
{
    if (id <= 0 || (i > 0 && id <= prev)) {
        snprintf(err, errlen, "%s[%zu].id: expected ascending positive ids, got %lld", what, i,
                 (long long)id);
        return -1;
    }
    return 0;
}

/* A key and where it is, for finding repeats and looking rules up in n log n, not n^2
 * (70,000 profiles once took 25 s to import). */
typedef struct {
    const char *key;
    size_t at;
} keyed;

static int by_key(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    return c ? c : (x->at > y->at) - (x->at < y->at);
}

/* keys[i] = the key of item i (stride bytes apart from base, the key at offset), sorted.
 * NULL when out of memory. */
static keyed *sorted_keys(const void *base, size_t n, size_t stride, size_t offset)
{
    keyed *k = malloc((n + 1) * sizeof *k);
    if (!k)
        return NULL;
    for (size_t i = 0; i < n; i++)
        k[i] = (keyed){(const char *)base + i * stride + offset, i};
    qsort(k, n, sizeof *k, by_key);
    return k;
}

/* The first item (in list order) whose key an earlier item has, or n when none repeats. */
static size_t first_repeat(const keyed *k, size_t n)
{
    size_t first = n;
    for (size_t i = 1; i < n; i++)
        if (strcmp(k[i].key, k[i - 1].key) == 0 && k[i].at < first)
            first = k[i].at;
    return first;
}

/* The index of the rules with that hash in the sorted keys, or -1. */
static long find_rules(const keyed *k, size_t n, const char *hash)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(k[mid].key, hash);
        if (c == 0)
            return (long)k[mid].at;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

/* Ids ascending, names and rules unique, every reference resolved, one tutorial profile and
 * not the chosen one, each snapshot named by exactly one match event of its own profile. */
static int check_references(const memory5d_records_data *d, char *err, size_t errlen)
{
    int tutorials = 0;
    for (size_t i = 0; i < d->profile_count; i++) {
        if (check_order("profiles", i, i ? d->profiles[i - 1].id : 0, d->profiles[i].id, err,
                        errlen) ||
            memory5d_records_name_check(d->profiles[i].name, err, errlen))
            return -1;
        tutorials += d->profiles[i].tutorial;
    }
    keyed *names = sorted_keys(d->profiles, d->profile_count, sizeof *d->profiles,
                               offsetof(memory5d_records_profile, name));
    keyed *hashes = sorted_keys(d->rules, d->rules_count, sizeof *d->rules,
                                offsetof(memory5d_records_rules, hash));
    size_t twice = names ? first_repeat(names, d->profile_count) : 0;
    size_t twice_rules = hashes ? first_repeat(hashes, d->rules_count) : 0;
    free(names);
    free(hashes);
    if (!names || !hashes) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (twice < d->profile_count) {
        snprintf(err, errlen, "profiles[%zu].name: \"%s\" is used twice", twice,
                 d->profiles[twice].name);
        return -1;
    }
    if (tutorials != 1) {
        snprintf(err, errlen, "profiles: expected exactly one tutorial profile, got %d", tutorials);
        return -1;
    }
    long chosen = d->chosen ? FIND_BY_ID(d->profiles, d->profile_count, d->chosen) : 0;
    if (d->chosen && chosen < 0) {
        snprintf(err, errlen, "chosenProfile: no profile %lld", (long long)d->chosen);
        return -1;
    }
    /* the tutorial profile earns nothing: every later match would go to waste */
    if (d->chosen && d->profiles[chosen].tutorial) {
        snprintf(err, errlen, "chosenProfile: %lld is the tutorial profile, which cannot be chosen",
                 (long long)d->chosen);
        return -1;
    }
    if (twice_rules < d->rules_count) {
        snprintf(err, errlen, "rules[%zu].hash: %s is used twice", twice_rules,
                 d->rules[twice_rules].hash);
        return -1;
    }
    for (size_t i = 0; i < d->match_count; i++) {
        const memory5d_records_snapshot *m = &d->matches[i];
        if (check_order("matches", i, i ? d->matches[i - 1].id : 0, m->id, err, errlen))
            return -1;
        if (FIND_BY_ID(d->profiles, d->profile_count, m->profile) < 0) {
            snprintf(err, errlen, "matches[%zu].profile: no profile %lld", i,
                     (long long)m->profile);
            return -1;
        }
    }
    keyed *index = sorted_keys(d->rules, d->rules_count, sizeof *d->rules,
                               offsetof(memory5d_records_rules, hash));
    if (!index) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < d->match_count; i++)
        if (find_rules(index, d->rules_count, d->matches[i].rules) < 0) {
            snprintf(err, errlen, "matches[%zu].rules: no rules %s", i, d->matches[i].rules);
            free(index);
            return -1;
        }
    free(index);
    char *named = calloc(d->match_count + 1, 1);
    if (!named) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < d->event_count; i++) {
        const memory5d_records_event *e = &d->events[i];
        long m = e->kind == MEMORY5D_RECORD_MATCH ? FIND_BY_ID(d->matches, d->match_count, e->match)
                                                  : -1;
        if (check_order("events", i, i ? d->events[i - 1].id : 0, e->id, err, errlen))
            rc = -1;
        else if (FIND_BY_ID(d->profiles, d->profile_count, e->profile) < 0)
            rc = -1,
            snprintf(err, errlen, "events[%zu].profile: no profile %lld", i, (long long)e->profile);
        else if (e->kind == MEMORY5D_RECORD_MATCH &&
                 (m < 0 || d->matches[m].profile != e->profile || named[m]))
            rc = -1, snprintf(err, errlen,
                              "events[%zu].match: %lld is not an unnamed match of "
                              "profile %lld",
                              i, (long long)e->match, (long long)e->profile);
        else if (m >= 0)
            named[m] = 1;
    }
    for (size_t i = 0; rc == 0 && i < d->match_count; i++)
        if (!named[i])
            rc = -1, snprintf(err, errlen, "matches[%zu]: no match event names snapshot %lld", i,
                              (long long)d->matches[i].id);
    free(named);
    return rc;
}

int memory5d_records_rebuild(const memory5d_records_data *d, memory5d_records_projection **out,
                             size_t *count, char *err, size_t errlen)
{
    *out = NULL;
    *count = 0;
    if (check_references(d, err, errlen) != 0)
        return -1;
    memory5d_records_projection *proj = calloc(d->profile_count + 1, sizeof *proj);
    memory5d_records_match *match = malloc(sizeof *match);
    long *slot = calloc(d->profile_count + 1, sizeof *slot);
    /* per profile slot: the power prices of the rules of its latest match (-1: none yet) */
    int (*price)[MEMORY5D_POWERS] = malloc((d->profile_count + 1) * sizeof *price);
    keyed *index = sorted_keys(d->rules, d->rules_count, sizeof *d->rules,
                               offsetof(memory5d_records_rules, hash));
    if (!proj || !match || !slot || !price || !index) {
        free(proj), free(match), free(slot), free(price), free(index);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    size_t n = 0;
    memset(price, 0xff, (d->profile_count + 1) * sizeof *price);
    for (size_t i = 0; i < d->profile_count; i++) {
        slot[i] = d->profiles[i].tutorial ? -1 : (long)n;
        if (!d->profiles[i].tutorial)
            memory5d_records_projection_init(&proj[n++], d->profiles[i].id);
    }
    int rc = 0;
    char inner[480];
    for (size_t i = 0; rc == 0 && i < d->event_count; i++) {
        const memory5d_records_event *e = &d->events[i];
        long pi = slot[FIND_BY_ID(d->profiles, d->profile_count, e->profile)];
        const memory5d_records_match *mp = NULL;
        if (e->kind == MEMORY5D_RECORD_MATCH) {
            const memory5d_records_snapshot *s =
                &d->matches[FIND_BY_ID(d->matches, d->match_count, e->match)];
            long r = find_rules(index, d->rules_count, s->rules);
            if (memory5d_records_replay(d->rules[r].text, s->log, &s->play, match, inner,
                                        sizeof inner) != 0) {
                snprintf(err, errlen, "match %lld: %s", (long long)s->id, inner);
                rc = -1;
                break;
            }
            mp = match;
            if (pi >= 0)
                memcpy(price[pi], match->def.cfg.power_price, sizeof price[pi]);
        }
        if (pi < 0 && e->kind != MEMORY5D_RECORD_MATCH) {
            snprintf(err, errlen, "event %lld: the tutorial profile neither buys nor resets",
                     (long long)e->id);
            rc = -1;
            break;
        }
        if (pi < 0) /* the tutorial profile: checked above, projected by nobody */
            continue;
        /* A purchase is paid at the price of the rules that applied: those of the profile's
         * latest match (a charge needs Star Points, which only a match earns). A forged
         * export with a price of 0, or any other, is refused. */
        if (e->kind == MEMORY5D_RECORD_PURCHASE && e->power >= 0 && e->power < MEMORY5D_POWERS &&
            e->price != price[pi][e->power]) {
            if (price[pi][e->power] < 0)
                snprintf(err, errlen, "event %lld: a purchase before any match of profile %lld "
                         "(no rules price it)", (long long)e->id, (long long)e->profile);
            else
                snprintf(err, errlen, "event %lld: a %s charge costs %d Star Points under the "
                         "rules of the profile's latest match, the event says %d",
                         (long long)e->id, memory5d_power_names[e->power], price[pi][e->power],
                         e->price);
            rc = -1;
            break;
        }
        if (memory5d_records_fold(&proj[pi], e, mp, inner, sizeof inner) != 0) {
            snprintf(err, errlen, "%s", inner);
            rc = -1;
        }
    }
    free(match);
    free(slot);
    free(price);
    free(index);
    if (rc != 0) {
        free(proj);
        return -1;
    }
    *out = proj;
    *count = n;
    return 0;
}
