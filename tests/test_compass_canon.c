/* Compass Shift canonical identity (compass-shift.md "boardEncoding as the canonical board
 * identity across only valid topology-preserving symmetries"; issue 3 "the minimum over the
 * four rotations; mirror images are not symmetries"). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "compass/compass.h"
#include "compass/compass_canon.h"
#include "compass/compass_solve.h"
#include "rng.h"

/* A random valid board: any size from 1x1 to 8x8 (square or not), walls, every aperture
 * kind with a valid schedule, and arrows on distinct free cells. */
static compass_level random_level(rng_t *g)
{
    compass_level l;
    memset(&l, 0, sizeof l);
    l.rows = 1 + (int)rng_pick(g, 8);
    l.cols = 1 + (int)rng_pick(g, 8);
    l.initial_phase = (int)rng_pick(g, 4);
    snprintf(l.id, sizeof l.id, "r");
    for (int r = 0; r < l.rows; r++)
        for (int c = 0; c < l.cols; c++)
            l.wall[r][c] = rng_pick(g, 6) == 0;
    static const unsigned ports[6] = {0x3, 0x5, 0x6, 0x9, 0xA, 0xC};
    for (int side = 0; side < 4; side++) {
        int lanes = (side == COMPASS_N || side == COMPASS_S) ? l.cols : l.rows;
        for (int lane = 0; lane < lanes; lane++) {
            int kind = (int)rng_pick(g, 5) - 1; /* -1 or 0 closed-ish mix */
            if (kind < 0 || kind > 2)
                continue;
            compass_aperture *a = &l.apertures[l.aperture_count++];
            a->side = (compass_dir)side;
            a->lane = lane;
            a->kind = (compass_aperture_kind)kind;
            a->phase_mask = kind == 0 ? 0xF : kind == 1 ? 1u << rng_pick(g, 4) : ports[rng_pick(g, 6)];
        }
    }
    int want = 1 + (int)rng_pick(g, 12);
    for (int tries = 0; tries < 200 && l.arrow_count < want; tries++) {
        int r = (int)rng_pick(g, (uint32_t)l.rows), c = (int)rng_pick(g, (uint32_t)l.cols);
        if (l.wall[r][c] || compass_arrow_at(&l, r, c) >= 0)
            continue;
        compass_arrow *a = &l.arrows[l.arrow_count];
        snprintf(a->id, sizeof a->id, "a%d", l.arrow_count);
        a->row = r;
        a->col = c;
        a->dir = (compass_dir)rng_pick(g, 4);
        l.arrow_count++;
    }
    if (l.arrow_count == 0) { /* a fully walled board: clear one cell */
        l.wall[0][0] = 0;
        snprintf(l.arrows[0].id, sizeof l.arrows[0].id, "a0");
        l.arrow_count = 1;
    }
    return l;
}

/* The west-east mirror image: columns reversed, E and W swapped. */
static compass_level mirror(const compass_level *l)
{
    compass_level m = *l;
    memset(m.wall, 0, sizeof m.wall);
    for (int r = 0; r < l->rows; r++)
        for (int c = 0; c < l->cols; c++)
            m.wall[r][l->cols - 1 - c] = l->wall[r][c];
    static const compass_dir flip[4] = {COMPASS_N, COMPASS_W, COMPASS_S, COMPASS_E};
    for (int i = 0; i < l->arrow_count; i++) {
        m.arrows[i].col = l->cols - 1 - l->arrows[i].col;
        m.arrows[i].dir = flip[l->arrows[i].dir];
    }
    for (int i = 0; i < l->aperture_count; i++) {
        compass_aperture *a = &m.apertures[i];
        if (a->side == COMPASS_N || a->side == COMPASS_S)
            a->lane = l->cols - 1 - a->lane;
        a->side = flip[a->side];
    }
    return m;
}

Test(compass_canon, random_boards_are_valid_fixtures)
{
    rng_t g;
    rng_seed(&g, 3);
    for (int i = 0; i < 200; i++) {
        compass_level l = random_level(&g);
        char err[256];
        cr_assert_eq(compass_level_check(&l, err, sizeof err), 0, "board %d: %s", i, err);
    }
}

Test(compass_canon, all_four_rotations_share_one_hash)
{
    rng_t g;
    rng_seed(&g, 20261129);
    for (int i = 0; i < 500; i++) {
        compass_level l = random_level(&g);
        char hex0[17], enc0[COMPASS_ENCODING_MAX];
        uint64_t h0 = compass_canonical_hash(&l, hex0);
        compass_board_encoding(&l, enc0);
        for (int t = 1; t < 4; t++) {
            compass_level rot;
            compass_rotate(&l, t, &rot);
            char err[256], hex[17], enc[COMPASS_ENCODING_MAX];
            cr_assert_eq(compass_level_check(&rot, err, sizeof err), 0, "%s", err);
            cr_assert_eq(rot.rows, t % 2 ? l.cols : l.rows);
            cr_assert_eq(compass_canonical_hash(&rot, hex), h0, "board %d turn %d", i, t);
            cr_assert_str_eq(hex, hex0);
            compass_board_encoding(&rot, enc);
            cr_assert_str_eq(enc, enc0);
        }
    }
}

Test(compass_canon, four_quarter_turns_are_the_identity)
{
    rng_t g;
    rng_seed(&g, 11);
    for (int i = 0; i < 100; i++) {
        compass_level l = random_level(&g), r1, r4;
        compass_rotate(&l, 1, &r1);
        compass_rotate(&r1, 3, &r4);
        cr_assert_eq(memcmp(&l, &r4, sizeof l), 0, "board %d", i);
        compass_rotate(&l, -1, &r4);
        compass_rotate(&l, 3, &r1);
        cr_assert_eq(memcmp(&r1, &r4, sizeof l), 0, "-1 turn is 3 turns");
    }
}

Test(compass_canon, a_mirror_image_that_is_no_rotation_hashes_differently)
{
    /* One exit-facing arrow beside the north-west corner: its mirror sits beside the north-
     * east corner, which no quarter-turn produces. */
    compass_level l;
    memset(&l, 0, sizeof l);
    l.rows = l.cols = 4;
    l.arrow_count = 1;
    snprintf(l.arrows[0].id, sizeof l.arrows[0].id, "a");
    l.arrows[0].row = 0;
    l.arrows[0].col = 1;
    l.arrows[0].dir = COMPASS_N;
    l.aperture_count = 1;
    l.apertures[0] = (compass_aperture){COMPASS_N, 1, COMPASS_APERTURE_PLAIN, 0xF};
    compass_level m = mirror(&l);
    char a[17], b[17];
    cr_expect_neq(compass_canonical_hash(&l, a), compass_canonical_hash(&m, b));

    /* Random boards: the mirror hashes like the original exactly when it is a rotation. */
    rng_t g;
    rng_seed(&g, 5);
    int chiral = 0;
    for (int i = 0; i < 300; i++) {
        compass_level r = random_level(&g), mr = mirror(&r);
        char enc[COMPASS_ENCODING_MAX];
        compass_board_encoding(&r, enc);
        int is_rotation = 0;
        for (int t = 0; t < 4; t++) {
            compass_level rot;
            char e[COMPASS_ENCODING_MAX];
            compass_rotate(&mr, t, &rot);
            compass_orientation_encoding(&rot, e);
            is_rotation |= strcmp(e, enc) == 0;
        }
        if (!is_rotation) {
            chiral++;
            cr_expect_neq(compass_canonical_hash(&r, NULL), compass_canonical_hash(&mr, NULL),
                          "board %d", i);
        } else {
            cr_expect_eq(compass_canonical_hash(&r, NULL), compass_canonical_hash(&mr, NULL));
        }
    }
    cr_expect_gt(chiral, 250, "random boards are almost all chiral");
}

Test(compass_canon, the_encoding_spells_the_least_orientation)
{
    compass_level l;
    memset(&l, 0, sizeof l);
    l.rows = 2;
    l.cols = 3;
    l.initial_phase = 1;
    l.wall[1][2] = 1;
    l.arrow_count = 1;
    snprintf(l.arrows[0].id, sizeof l.arrows[0].id, "x");
    l.arrows[0].dir = COMPASS_E;
    l.aperture_count = 2;
    l.apertures[0] = (compass_aperture){COMPASS_E, 0, COMPASS_APERTURE_WINDOW, 0x4};
    l.apertures[1] = (compass_aperture){COMPASS_S, 1, COMPASS_APERTURE_PORT, 0xA};
    char enc[COMPASS_ENCODING_MAX];
    compass_orientation_encoding(&l, enc);
    cr_expect_str_eq(enc, "2x3 p1 E../..# N:... E:4. S:.A. W:..");
    /* The 3x2 orientations start with '3', so the least is a 2x3 one: this one or its
     * half-turn, whose grid starts with the wall. */
    compass_board_encoding(&l, enc);
    cr_expect_str_eq(enc, "2x3 p1 #../..W N:.A. E:.. S:... W:.4");
}

Test(compass_canon, ids_order_and_metadata_do_not_enter_the_identity)
{
    rng_t g;
    rng_seed(&g, 8);
    compass_level l = random_level(&g), k = l;
    while (l.arrow_count < 2)
        k = l = random_level(&g);
    compass_arrow first = k.arrows[0];
    k.arrows[0] = k.arrows[k.arrow_count - 1];
    k.arrows[k.arrow_count - 1] = first;
    snprintf(k.arrows[0].id, sizeof k.arrows[0].id, "renamed");
    snprintf(k.id, sizeof k.id, "other");
    snprintf(k.pattern, sizeof k.pattern, "semaphore");
    k.tier = 3;
    cr_expect_eq(compass_canonical_hash(&l, NULL), compass_canonical_hash(&k, NULL));
    k.initial_phase = (k.initial_phase + 1) & 3;
    cr_expect_neq(compass_canonical_hash(&l, NULL), compass_canonical_hash(&k, NULL),
                  "the initial phase is mechanical");
}

Test(compass_canon, a_rotated_board_solves_identically)
{
    /* A rotation turns every direction with the board, so it is the same puzzle: the same
     * reachable states, dead ends and (arrow order being kept) the same solution. */
    rng_t g;
    rng_seed(&g, 77);
    for (int i = 0; i < 60; i++) {
        compass_level l = random_level(&g), rot;
        compass_rotate(&l, 1 + i % 3, &rot);
        compass_solve_result a, b;
        compass_solve(&l, NULL, &a);
        compass_solve(&rot, NULL, &b);
        cr_assert_eq(a.state_count, b.state_count, "board %d", i);
        cr_assert_eq(a.dead_end_states, b.dead_end_states);
        cr_assert_eq(a.solvable, b.solvable);
        cr_assert_eq(a.solution_len, b.solution_len);
        cr_assert_eq(memcmp(a.solution, b.solution, sizeof(int) * (size_t)a.solution_len), 0);
        cr_assert_eq(memcmp(a.aperture_reached, b.aperture_reached, sizeof a.aperture_reached), 0);
    }
}
