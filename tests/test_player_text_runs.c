/* player/draw/text_runs: a long text is measured and drawn whole (found by the compact records
 * screen: texts past 95 bytes were measured by their first 95, so one too wide for its room
 * was never reported as cut off). */
#include <criterion/criterion.h>
#include <string.h>

#include "../player/draw/text_runs.h"

static void joined(const text_run *r, int n, char *out, size_t cap)
{
    out[0] = '\0';
    for (int i = 0; i < n; i++)
        strncat(out, r[i].buf, cap - strlen(out) - 1);
}

Test(text_runs, a_long_sentence_comes_whole_in_pieces_under_the_cache_entry)
{
    char s[301], back[400];
    for (int i = 0; i < 300; i++)
        s[i] = "abcdefghij "[i % 11];
    s[300] = '\0';
    text_run r[32];
    int n = text_runs(s, 0, r, 32);
    cr_expect_eq(n, 4, "300 bytes in pieces of at most 95: %d", n);
    for (int i = 0; i < n; i++)
        cr_expect_lt(strlen(r[i].buf), TEXT_RUN_MAX);
    joined(r, n, back, sizeof back);
    cr_expect_str_eq(back, s);
}

Test(text_runs, a_piece_ends_on_a_characters_boundary)
{
    char s[400] = "", back[500];
    for (int i = 0; i < 100; i++)
        strcat(s, "\xe2\x86\x92"); /* a three-byte arrow: 95 is not a multiple of 3 */
    text_run r[32];
    int n = text_runs(s, 0, r, 32);
    for (int i = 0; i < n; i++) {
        cr_expect_eq(strlen(r[i].buf) % 3, 0, "piece %d holds whole arrows", i);
        cr_expect_neq((unsigned char)r[i].buf[0] & 0xC0, 0x80, "piece %d starts a character", i);
    }
    joined(r, n, back, sizeof back);
    cr_expect_str_eq(back, s);
}

Test(text_runs, tabular_digits_stand_alone)
{
    text_run r[32];
    int n = text_runs("t 12.5 s", 1, r, 32);
    cr_assert_eq(n, 6);
    cr_expect_str_eq(r[0].buf, "t ");
    cr_expect(r[1].digit && !strcmp(r[1].buf, "1") && r[2].digit && !strcmp(r[2].buf, "2"));
    cr_expect(!r[3].digit && !strcmp(r[3].buf, "."));
    cr_expect(r[4].digit && !strcmp(r[5].buf, " s"));
}
