/* core/memory5d/memory5d_board: seeded boards, link legality and refusal reasons, reweave, rotation
 * (memory5d.md "Core rule"). */
#include <criterion/criterion.h>
#include <string.h>

#include "memory5d_fixture.h"

/* Issue: "every generated board starts with at least one legal link". */
Test(memory5d_board, every_generated_board_starts_with_a_legal_link)
{
    memory5d_config cfg = fx_config();
    for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++)
        for (uint32_t seed = 0; seed < 300; seed++) {
            memory5d_board b;
            memory5d_board_generate(&cfg, seed, d, &b);
            cr_assert_eq(b.size, cfg.presets[d].board_size);
            cr_assert_gt(memory5d_links(b.cells, b.size, NULL, 0), 0, "seed %u %s", seed,
                         memory5d_difficulty_names[d]);
        }
}

/* The copy fallback: with one attempt and the full palette, some 4x4 draws have no link. */
Test(memory5d_board, the_copy_fallback_still_gives_a_legal_link)
{
    memory5d_config cfg = fx_config();
    cfg.max_generate_attempts = 1;
    cfg.families_per_board = 6;
    cfg.hue_pairs_per_board = 3;
    cfg.presets[MEMORY5D_EASY].board_size = 4;
    int fallbacks = 0;
    for (uint32_t seed = 0; seed < 400; seed++) {
        memory5d_board b;
        int attempt = memory5d_board_generate(&cfg, seed, MEMORY5D_EASY, &b);
        fallbacks += attempt == 2;
        cr_assert_gt(memory5d_links(b.cells, 4, NULL, 0), 0, "seed %u", seed);
    }
    cr_expect_gt(fallbacks, 0, "no seed exercised the fallback");
}

/* "Boards come from a seed through the core's Mulberry32, so a seed names a board." */
Test(memory5d_board, a_seed_names_a_board)
{
    memory5d_config cfg = fx_config();
    memory5d_board a, b, c;
    memory5d_board_generate(&cfg, 99, MEMORY5D_HARD, &a);
    memory5d_board_generate(&cfg, 99, MEMORY5D_HARD, &b);
    memory5d_board_generate(&cfg, 100, MEMORY5D_HARD, &c);
    cr_expect_eq(memcmp(&a, &b, sizeof a), 0);
    cr_expect_neq(memcmp(a.cells, c.cells, sizeof a.cells), 0);
    for (int i = 0; i < a.size * a.size; i++) {
        cr_assert(a.cells[i].variant >= 0 && a.cells[i].variant < cfg.variant_count[a.cells[i].family]);
        cr_assert_eq(a.cells[i].owner, MEMORY5D_UNCLAIMED);
    }
    cr_expect_eq(a.family_count, cfg.families_per_board);
    cr_expect_eq(a.hue_count, 2 * cfg.hue_pairs_per_board);
}

/* "have equal hues or a linked pair (red<->green, blue<->orange, yellow<->purple)" */
Test(memory5d_board, hues_are_compatible_when_equal_or_a_linked_pair)
{
    for (int a = 0; a < MEMORY5D_HUES; a++)
        for (int b = 0; b < MEMORY5D_HUES; b++) {
            const char *x = memory5d_hue_names[a], *y = memory5d_hue_names[b];
            int linked = (!strcmp(x, "red") && !strcmp(y, "green")) ||
                         (!strcmp(x, "green") && !strcmp(y, "red")) ||
                         (!strcmp(x, "blue") && !strcmp(y, "orange")) ||
                         (!strcmp(x, "orange") && !strcmp(y, "blue")) ||
                         (!strcmp(x, "yellow") && !strcmp(y, "purple")) ||
                         (!strcmp(x, "purple") && !strcmp(y, "yellow"));
            cr_expect_eq(memory5d_hues_compatible(a, b), a == b || linked, "%s %s", x, y);
        }
}

/* "eight-neighbor adjacent or exact center reflections" */
Test(memory5d_board, routes_are_eight_neighbours_or_center_reflections)
{
    int n = 7, center = 3 * 7 + 3;
    int neighbours = 0;
    for (int b = 0; b < n * n; b++)
        neighbours += memory5d_adjacent(n, center, b);
    cr_expect_eq(neighbours, 8);
    cr_expect(memory5d_reflected(n, 0, n * n - 1));          /* (0,0) <-> (6,6) */
    cr_expect(memory5d_reflected(n, 1 * 7 + 2, 5 * 7 + 4)); /* (1,2) <-> (5,4) */
    cr_expect(!memory5d_reflected(n, 1 * 7 + 2, 5 * 7 + 2));
    cr_expect(!memory5d_reflected(n, center, center), "a cell is not its own partner");
    cr_expect(!memory5d_adjacent(n, 6, 7), "row wrap is not adjacency");
    cr_expect(!memory5d_route(n, 0, 2));
}

/* "Every refusal carries a reason a UI can explain (claimed, same cell, not adjacent or
 * reflected, family differs, hues not equal or linked)" */
Test(memory5d_board, each_refusal_names_its_reason)
{
    memory5d_board b = fx_dead_board(6);
    int a = 7, right = 8, far = 20;
    fx_pair(&b, a, right);
    cr_expect_eq(memory5d_link_check(b.cells, 6, a, right, 0), MEMORY5D_OK);
    cr_expect_eq(memory5d_link_check(b.cells, 6, a, a, 0), MEMORY5D_R_SAME_CELL);
    cr_expect_eq(memory5d_link_check(b.cells, 6, a, far, 0), MEMORY5D_R_NOT_ROUTE);
    cr_expect_eq(memory5d_link_check(b.cells, 6, a, 36, 0), MEMORY5D_R_OUT_OF_RANGE);
    memory5d_board fam = b;
    fam.cells[right].family = (int8_t)((fam.cells[a].family + 1) % 6);
    cr_expect_eq(memory5d_link_check(fam.cells, 6, a, right, 0), MEMORY5D_R_FAMILY);
    memory5d_board hue = b;
    hue.cells[a].hue = MEMORY5D_RED;
    hue.cells[right].hue = MEMORY5D_BLUE;
    cr_expect_eq(memory5d_link_check(hue.cells, 6, a, right, 0), MEMORY5D_R_HUE);
    hue.cells[right].hue = MEMORY5D_GREEN;
    cr_expect_eq(memory5d_link_check(hue.cells, 6, a, right, 0), MEMORY5D_OK,
                 "red-green is a linked pair");
    memory5d_board claimed = b;
    claimed.cells[right].owner = 1;
    cr_expect_eq(memory5d_link_check(claimed.cells, 6, a, right, 0), MEMORY5D_R_CLAIMED);
    for (int r = 0; r < MEMORY5D_R_KINDS; r++)
        cr_expect(strlen(memory5d_reason_text(r)) > 5 && strlen(memory5d_reason_names[r]) > 1);
}

/* "Wildcard bypasses family and hue only." */
Test(memory5d_board, wildcard_bypasses_family_and_hue_only)
{
    memory5d_board b = fx_dead_board(6);
    cr_expect_eq(memory5d_link_check(b.cells, 6, 7, 8, 0), MEMORY5D_R_FAMILY);
    cr_expect_eq(memory5d_link_check(b.cells, 6, 7, 8, 1), MEMORY5D_OK);
    cr_expect_eq(memory5d_link_check(b.cells, 6, 7, 20, 1), MEMORY5D_R_NOT_ROUTE);
    b.cells[8].owner = 0;
    cr_expect_eq(memory5d_link_check(b.cells, 6, 7, 8, 1), MEMORY5D_R_CLAIMED);
}

/* "a variant within its family (a visual sub-form that never affects legality)";
 * "Texture ... never changes legality" (texture is not even stored per cell). */
Test(memory5d_board, variants_never_affect_legality)
{
    memory5d_config cfg = fx_config();
    for (uint32_t seed = 1; seed < 40; seed++) {
        memory5d_board b;
        memory5d_board_generate(&cfg, seed, MEMORY5D_NORMAL, &b);
        memory5d_pair before[512], after[512];
        int nb = memory5d_links(b.cells, b.size, before, 512);
        for (int i = 0; i < b.size * b.size; i++)
            b.cells[i].variant = (int8_t)((b.cells[i].variant + 1) % cfg.variant_count[b.cells[i].family]);
        int na = memory5d_links(b.cells, b.size, after, 512);
        cr_assert_eq(nb, na);
        cr_assert_eq(memcmp(before, after, sizeof(memory5d_pair) * (size_t)nb), 0);
    }
}

Test(memory5d_board, links_are_listed_once_each_in_order)
{
    memory5d_config cfg = fx_config();
    memory5d_board b;
    memory5d_board_generate(&cfg, 5, MEMORY5D_EXPERT, &b);
    memory5d_pair l[512];
    int n = memory5d_links(b.cells, b.size, l, 512), brute = 0;
    for (int a = 0; a < b.size * b.size; a++)
        for (int c = a + 1; c < b.size * b.size; c++)
            brute += memory5d_link_check(b.cells, b.size, a, c, 0) == MEMORY5D_OK;
    cr_expect_eq(n, brute);
    for (int i = 1; i < n; i++)
        cr_expect(l[i - 1].a < l[i].a || (l[i - 1].a == l[i].a && l[i - 1].b < l[i].b));
}

/* Issue 12 core gap 5: "Expert rotates the entire board clockwise"; a cell's index follows
 * it across the turn, so the player's focus and animation can too. */
Test(memory5d_board, a_cell_index_follows_its_cell_across_a_rotation)
{
    memory5d_board b = fx_dead_board(7);
    for (int i = 0; i < 49; i++)
        b.cells[i].variant = (int8_t)(i % 3), b.cells[i].owner = (int8_t)(i % 5 == 0 ? 0 : -1);
    memory5d_board r = b;
    memory5d_rotate_cw(r.cells, 7);
    for (int i = 0; i < 49; i++) {
        int j = memory5d_rotate_index(7, i);
        cr_assert(memcmp(&r.cells[j], &b.cells[i], sizeof b.cells[i]) == 0, "cell %d -> %d", i, j);
    }
    cr_expect_eq(memory5d_rotate_index(7, 0), 6, "the top-left corner goes to the top right");
    cr_expect_eq(memory5d_rotate_index(7, 24), 24, "the center stays");
    cr_expect_eq(memory5d_rotate_index(7, MEMORY5D_NO_CELL), MEMORY5D_NO_CELL);
    int c = 9;
    for (int k = 0; k < 4; k++)
        c = memory5d_rotate_index(7, c);
    cr_expect_eq(c, 9, "four quarter turns bring it home");
}

/* "Expert rotates the entire board clockwise": (r, c) moves to (c, n-1-r). */
Test(memory5d_board, rotation_turns_the_whole_board_clockwise)
{
    memory5d_config cfg = fx_config();
    memory5d_board b;
    memory5d_board_generate(&cfg, 3, MEMORY5D_EXPERT, &b);
    int n = b.size;
    memory5d_board r = b;
    memory5d_rotate_cw(r.cells, n);
    for (int row = 0; row < n; row++)
        for (int c = 0; c < n; c++)
            cr_assert_eq(memcmp(&r.cells[c * n + (n - 1 - row)], &b.cells[row * n + c], sizeof(memory5d_cell)), 0);
    cr_expect_eq(memory5d_links(r.cells, n, NULL, 0), memory5d_links(b.cells, n, NULL, 0),
                 "rotation keeps adjacency and reflection");
    for (int k = 0; k < 3; k++)
        memory5d_rotate_cw(r.cells, n);
    cr_expect_eq(memcmp(r.cells, b.cells, sizeof b.cells), 0, "four quarter turns are identity");
}

/* "reweaves unclaimed attributes": claimed cells keep theirs; deterministic from the seed. */
Test(memory5d_board, reweave_redraws_only_unclaimed_cells_from_the_seed)
{
    memory5d_config cfg = fx_config();
    memory5d_board b;
    memory5d_board_generate(&cfg, 11, MEMORY5D_NORMAL, &b);
    for (int i = 0; i < 49; i += 3)
        b.cells[i].owner = (int8_t)(i % 2);
    memory5d_board x = b, y = b, z = b;
    memory5d_reweave(&cfg, &b, 11, 1, x.cells, 7);
    memory5d_reweave(&cfg, &b, 11, 1, y.cells, 7);
    memory5d_reweave(&cfg, &b, 11, 2, z.cells, 7);
    cr_expect_eq(memcmp(x.cells, y.cells, sizeof x.cells), 0);
    cr_expect_neq(memcmp(x.cells, z.cells, sizeof x.cells), 0, "each reweave differs");
    int changed = 0;
    for (int i = 0; i < 49; i++) {
        if (b.cells[i].owner != MEMORY5D_UNCLAIMED)
            cr_assert_eq(memcmp(&x.cells[i], &b.cells[i], sizeof(memory5d_cell)), 0);
        else
            changed += memcmp(&x.cells[i], &b.cells[i], sizeof(memory5d_cell)) != 0;
        int in_palette = 0;
        for (int f = 0; f < b.family_count; f++)
            in_palette |= x.cells[i].family == b.families[f];
        cr_assert(in_palette || b.cells[i].owner != MEMORY5D_UNCLAIMED);
    }
    cr_expect_gt(changed, 0);
}

/* "Four contiguous owned cells in any horizontal, vertical, or diagonal direction": every
 * such run once, each a straight step of one cell. */
Test(memory5d_board, windows_are_every_straight_run_of_line_length_cells)
{
    static int16_t w[MEMORY5D_MAX_WINDOWS][MEMORY5D_MAX_LINE];
    int n = 6, len = 4;
    int count = memory5d_windows(n, len, w);
    cr_expect_eq(count, 4 * (n - len + 1) * n - 2 * (n - len + 1) * (len - 1),
                 "rows + columns + both diagonals: 18 + 18 + 9 + 9");
    int dirs[4] = {0, 0, 0, 0};
    for (int k = 0; k < count; k++) {
        int dr = w[k][1] / n - w[k][0] / n, dc = w[k][1] % n - w[k][0] % n;
        for (int i = 1; i < len; i++) {
            cr_assert_eq(w[k][i] / n - w[k][i - 1] / n, dr, "window %d", k);
            cr_assert_eq(w[k][i] % n - w[k][i - 1] % n, dc, "window %d", k);
        }
        dirs[dr == 0 ? 0 : dc == 0 ? 1 : dc == 1 ? 2 : 3]++;
    }
    cr_expect_eq(dirs[0], 18);
    cr_expect_eq(dirs[1], 18);
    cr_expect_eq(dirs[2], 9);
    cr_expect_eq(dirs[3], 9);
}
