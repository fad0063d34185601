/* The Odd Shape content checks (RT-GEN-ODD, LED-R5, the Levels distribution claims and the
 * seeded generator's guarantees), each recomputed from the rounds as written. */
#include "oddshape_check.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Failing items of one check, joined with "; " and cut with " ..." when the buffer is
 * full, so a badly broken file still gives a bounded, readable detail. */
typedef struct {
    char text[ODDSHAPE_CHECK_DETAIL - 128]; /* leaves room for finish()'s prefix */
    int items;
    int cut;
} item_list;

static void add_item(item_list *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add_item(item_list *l, const char *fmt, ...)
{
    l->items++;
    if (l->cut)
        return;
    char piece[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(piece, sizeof piece, fmt, ap);
    va_end(ap);
    size_t used = strlen(l->text), need = strlen(piece) + (used ? 2 : 0);
    if (used + need + sizeof " ..." >= sizeof l->text) {
        strcat(l->text, " ...");
        l->cut = 1;
        return;
    }
    if (used)
        strcat(l->text, "; ");
    strcat(l->text, piece);
}

static oddshape_check *begin(oddshape_check_list *out, const char *name)
{
    oddshape_check *c = &out->checks[out->count++];
    c->name = name;
    c->pass = 1;
    c->detail[0] = '\0';
    return c;
}

/* Ends a check: passes when no item failed; the detail is pass_text, or the failing items
 * after a "N of M rounds fail: " style prefix. */
static void finish(oddshape_check_list *out, oddshape_check *c, const item_list *fails,
                   const char *fail_prefix, const char *pass_text)
{
    c->pass = fails->items == 0;
    if (c->pass)
        snprintf(c->detail, sizeof c->detail, "%s", pass_text);
    else /* prefixes are short: the join below cannot truncate the failing items */
        snprintf(c->detail, sizeof c->detail, "%.120s%s", fail_prefix, fails->text);
    out->pass &= c->pass;
}

static const char *value_name(oddshape_trait list, int value)
{
    return list == ODDSHAPE_TRAIT_COLOR ? oddshape_color_names[value]
                                        : oddshape_shape_names[value];
}

/* RT-GEN-ODD G1/G2 on one row's fields: 0, or -1 with the broken constraint in err. */
static int row_fields_ok(const oddshape_row *row, char *err, size_t errlen)
{
    const oddshape_round *f = &row->fields;
    if (row->value_list != f->odd_trait) {
        snprintf(err, errlen, "%s: oddValue %s is not a %s",
                 f->odd_trait == ODDSHAPE_TRAIT_COLOR ? "G1" : "G2",
                 value_name(row->value_list, f->odd_value), oddshape_trait_names[f->odd_trait]);
        return -1;
    }
    return oddshape_round_check(f, err, errlen);
}

static void patch_text(const oddshape_patch slots[ODDSHAPE_SLOTS], char *buf, size_t n)
{
    snprintf(buf, n, "%s %s | %s %s | %s %s", oddshape_color_names[slots[0].color],
             oddshape_shape_names[slots[0].shape], oddshape_color_names[slots[1].color],
             oddshape_shape_names[slots[1].shape], oddshape_color_names[slots[2].color],
             oddshape_shape_names[slots[2].shape]);
}

static void check_count(const oddshape_rounds_doc *doc, oddshape_check_list *out)
{
    oddshape_check *c = begin(out, "round-count");
    item_list fails = {0};
    if (doc->count != ODDSHAPE_ROUNDS)
        add_item(&fails, "the file has %d rounds, a session plays %d (DBT-1)", doc->count,
                 ODDSHAPE_ROUNDS);
    finish(out, c, &fails, "", "15 rounds, as a session plays (DBT-1)");
}

static void check_numbers(const oddshape_rounds_doc *doc, oddshape_check_list *out)
{
    oddshape_check *c = begin(out, "round-numbers");
    item_list fails = {0};
    for (int i = 0; i < doc->count; i++)
        if (doc->rows[i].number != i + 1)
            add_item(&fails, "rounds[%d] is numbered %d, expected %d", i, doc->rows[i].number,
                     i + 1);
    char ok[64];
    snprintf(ok, sizeof ok, "rounds numbered 1 to %d in order", doc->count);
    finish(out, c, &fails, "", ok);
}

static void check_gen_odd(const oddshape_rounds_doc *doc, oddshape_check_list *out)
{
    oddshape_check *c = begin(out, "rt-gen-odd");
    item_list fails = {0};
    int by_trait[2] = {0, 0};
    for (int i = 0; i < doc->count; i++) {
        char why[160];
        if (row_fields_ok(&doc->rows[i], why, sizeof why) != 0)
            add_item(&fails, "round %d: %s", doc->rows[i].number, why);
        else
            by_trait[doc->rows[i].fields.odd_trait]++;
    }
    char ok[200], prefix[64];
    snprintf(ok, sizeof ok,
             "all %d rounds: oddValue is in the oddTrait's list and differs from the base, so "
             "the odd patch differs from the twins in exactly that trait (%d by G1 color, %d "
             "by G2 shape)",
             doc->count, by_trait[0], by_trait[1]);
    snprintf(prefix, sizeof prefix, "%d of %d rounds break G1/G2: ", fails.items, doc->count);
    finish(out, c, &fails, prefix, ok);
}

static void check_slots(const oddshape_rounds_doc *doc, oddshape_check_list *out)
{
    oddshape_check *c = begin(out, "led-r5-slots");
    item_list fails = {0};
    int skipped = 0;
    for (int i = 0; i < doc->count; i++) {
        const oddshape_row *row = &doc->rows[i];
        /* A value from the other trait's list names no patch; rt-gen-odd reports it. */
        if (row->value_list != row->fields.odd_trait) {
            skipped++;
            continue;
        }
        oddshape_patch want[ODDSHAPE_SLOTS];
        oddshape_round_slots(&row->fields, want);
        if (memcmp(want, row->slots, sizeof want) != 0) {
            char got_text[96], want_text[96];
            patch_text(row->slots, got_text, sizeof got_text);
            patch_text(want, want_text, sizeof want_text);
            add_item(&fails, "round %d: slots are %s, the fields construct %s", row->number,
                     got_text, want_text);
        }
    }
    char ok[200], prefix[64];
    snprintf(ok, sizeof ok,
             "%d of %d rounds: slots 0-2 equal the RT-GEN-ODD construction of the five fields "
             "(odd patch at oddSlot, twins elsewhere)%s",
             doc->count - skipped, doc->count,
             skipped ? "; rounds whose oddValue names no patch are left to rt-gen-odd" : "");
    snprintf(prefix, sizeof prefix, "%d of %d rounds: ", fails.items, doc->count);
    finish(out, c, &fails, prefix, ok);
}

/* ---- Table L1: the Levels section's distribution claims ---- */

static void check_trait_split(const oddshape_rounds_doc *doc, oddshape_check_list *out)
{
    oddshape_check *c = begin(out, "l1-odd-trait-split");
    int n[2] = {0, 0};
    for (int i = 0; i < doc->count; i++)
        n[doc->rows[i].fields.odd_trait]++;
    item_list fails = {0};
    if (n[0] != 8 || n[1] != 7)
        add_item(&fails, "%d color-odd and %d shape-odd rounds, the Levels section says 8 and 7",
                 n[0], n[1]);
    finish(out, c, &fails, "", "8 color-odd and 7 shape-odd rounds");
}

static void check_slot_balance(const oddshape_rounds_doc *doc, oddshape_check_list *out)
{
    static const char *const slot_names[ODDSHAPE_SLOTS] = {"Left", "Center", "Right"};
    oddshape_check *c = begin(out, "l1-odd-slot-balance");
    int n[ODDSHAPE_SLOTS] = {0, 0, 0};
    for (int i = 0; i < doc->count; i++)
        n[doc->rows[i].fields.odd_slot]++;
    item_list fails = {0};
    for (int s = 0; s < ODDSHAPE_SLOTS; s++)
        if (n[s] != 5)
            add_item(&fails, "odd patch in slot %d (%s) %d times, expected exactly 5", s,
                     slot_names[s], n[s]);
    finish(out, c, &fails, "",
           "odd patch in slot 0 (Left), 1 (Center) and 2 (Right) exactly 5 times each");
}

static void check_spread(const oddshape_rounds_doc *doc, oddshape_check_list *out, int color)
{
    oddshape_check *c = begin(out, color ? "l1-base-color-spread" : "l1-base-shape-spread");
    const char *const *names = color ? oddshape_color_names : oddshape_shape_names;
    int n[6] = {0};
    for (int i = 0; i < doc->count; i++)
        n[color ? doc->rows[i].fields.base_color : doc->rows[i].fields.base_shape]++;
    item_list fails = {0};
    char counts[160] = "";
    for (int v = 0; v < 6; v++) {
        size_t used = strlen(counts);
        snprintf(counts + used, sizeof counts - used, "%s%s %d", v ? ", " : "", names[v], n[v]);
        if (n[v] < 2 || n[v] > 3)
            add_item(&fails, "%s is the base %s %d times, expected 2-3", names[v],
                     color ? "color" : "shape", n[v]);
    }
    char ok[240];
    snprintf(ok, sizeof ok, "each %s is the base 2-3 times: %s", color ? "color" : "shape",
             counts);
    finish(out, c, &fails, "", ok);
}

static int same_fields(const oddshape_row *a, const oddshape_row *b)
{
    return a->fields.base_color == b->fields.base_color &&
           a->fields.base_shape == b->fields.base_shape &&
           a->fields.odd_trait == b->fields.odd_trait && a->value_list == b->value_list &&
           a->fields.odd_value == b->fields.odd_value && a->fields.odd_slot == b->fields.odd_slot;
}

static void check_no_repeat(const oddshape_rounds_doc *doc, oddshape_check_list *out)
{
    oddshape_check *c = begin(out, "l1-no-identical-consecutive");
    item_list fails = {0};
    for (int i = 1; i < doc->count; i++)
        if (same_fields(&doc->rows[i - 1], &doc->rows[i]))
            add_item(&fails, "rounds %d and %d have the same five fields", doc->rows[i - 1].number,
                     doc->rows[i].number);
    finish(out, c, &fails, "",
           "no round has the same baseColor, baseShape, oddTrait, oddValue and oddSlot as the "
           "round before it");
}

/* ---- Mulberry32: the seeded generator's output ---- */

static void add_diff(char *diff, size_t n, const char *field, const char *got, const char *exp)
{
    size_t used = strlen(diff);
    snprintf(diff + used, n - used, "%s%s is %s, seed gives %s", used ? ", " : "", field, got,
             exp);
}

/* Compares each row's five fields with the generator's round at the same position (not the
 * row's round number, which round-numbers checks); slots are led-r5-slots' business. */
static void check_rederive(const oddshape_rounds_doc *doc, oddshape_check_list *out)
{
    oddshape_check *c = begin(out, "seed-rederive");
    oddshape_round want[ODDSHAPE_ROUNDS];
    oddshape_generate(doc->seed, want);
    item_list fails = {0};
    for (int i = 0; i < doc->count; i++) {
        const oddshape_row *row = &doc->rows[i];
        if (i >= ODDSHAPE_ROUNDS) {
            add_item(&fails, "rounds[%d]: the generator makes only %d rounds", i,
                     ODDSHAPE_ROUNDS);
            continue;
        }
        const oddshape_round *f = &row->fields, *w = &want[i];
        char diff[200] = "";
        if (f->base_color != w->base_color)
            add_diff(diff, sizeof diff, "baseColor", oddshape_color_names[f->base_color],
                     oddshape_color_names[w->base_color]);
        if (f->base_shape != w->base_shape)
            add_diff(diff, sizeof diff, "baseShape", oddshape_shape_names[f->base_shape],
                     oddshape_shape_names[w->base_shape]);
        if (f->odd_trait != w->odd_trait)
            add_diff(diff, sizeof diff, "oddTrait", oddshape_trait_names[f->odd_trait],
                     oddshape_trait_names[w->odd_trait]);
        if (row->value_list != w->odd_trait || f->odd_value != w->odd_value)
            add_diff(diff, sizeof diff, "oddValue", value_name(row->value_list, f->odd_value),
                     value_name(w->odd_trait, w->odd_value));
        if (f->odd_slot != w->odd_slot) {
            char got[4] = {(char)('0' + f->odd_slot), 0}, exp[4] = {(char)('0' + w->odd_slot), 0};
            add_diff(diff, sizeof diff, "oddSlot", got, exp);
        }
        if (diff[0])
            add_item(&fails, "round %d (rounds[%d]): %s", row->number, i, diff);
    }
    if (doc->count < ODDSHAPE_ROUNDS)
        add_item(&fails, "rounds %d to %d that the generator makes are missing", doc->count + 1,
                 ODDSHAPE_ROUNDS);
    char ok[160], prefix[96];
    snprintf(ok, sizeof ok,
             "all 15 rounds equal the Trio Generator's output for seed %u, field by field",
             (unsigned)doc->seed);
    snprintf(prefix, sizeof prefix, "seed %u: %d difference%s: ", (unsigned)doc->seed,
             fails.items, fails.items == 1 ? "" : "s");
    finish(out, c, &fails, prefix, ok);
}

static void check_slot_changes(const oddshape_rounds_doc *doc, oddshape_check_list *out)
{
    oddshape_check *c = begin(out, "odd-slot-changes");
    item_list fails = {0};
    for (int i = 1; i < doc->count; i++)
        if (doc->rows[i].fields.odd_slot == doc->rows[i - 1].fields.odd_slot)
            add_item(&fails, "round %d repeats odd slot %d of round %d", doc->rows[i].number,
                     doc->rows[i].fields.odd_slot, doc->rows[i - 1].number);
    finish(out, c, &fails, "",
           "no round has the previous round's oddSlot (generator step 5)");
}

static void check_all_files(const oddshape_rounds_doc *doc, oddshape_check_list *out)
{
    check_count(doc, out);
    check_numbers(doc, out);
    check_gen_odd(doc, out);
    check_slots(doc, out);
}

void oddshape_check_doc(const oddshape_rounds_doc *doc, oddshape_check_list *out)
{
    memset(out, 0, sizeof *out);
    out->pass = 1;
    check_all_files(doc, out);
    if (doc->source == ODDSHAPE_SOURCE_TABLE_L1) {
        check_trait_split(doc, out);
        check_slot_balance(doc, out);
        check_spread(doc, out, 1);
        check_spread(doc, out, 0);
        check_no_repeat(doc, out);
    } else {
        check_rederive(doc, out);
        check_slot_changes(doc, out);
    }
}

int oddshape_check_playable(const oddshape_rounds_doc *doc, oddshape_round out[ODDSHAPE_ROUNDS],
                            char *err, size_t errlen)
{
    oddshape_check_list list;
    oddshape_check_list *l = &list;
    memset(l, 0, sizeof *l);
    l->pass = 1;
    check_all_files(doc, l);
    for (int i = 0; i < l->count; i++)
        if (!l->checks[i].pass) {
            snprintf(err, errlen, "%s: %s", l->checks[i].name, l->checks[i].detail);
            return -1;
        }
    for (int i = 0; i < ODDSHAPE_ROUNDS; i++)
        out[i] = doc->rows[i].fields;
    return 0;
}
