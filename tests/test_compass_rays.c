/* core/compass/compass_rays: the per-phase ray tables the searches test legality with.
 * compass-shift.md "Release transaction": "A remaining arrow or static wall encountered before
 * the boundary blocks the ray. The first boundary crossing must be through an edge aperture
 * eligible in the current phase."; "Aperture and obstacle grammar" (plain, window, port,
 * wall); docs/games/compass.md "Search": the masks "are derived from compass_release itself ... so the rule
 * still has one implementation". Every table is checked here against compass_release. */
#include <criterion/criterion.h>
#include <stdint.h>

#include "compass/compass.h"
#include "compass/compass_rays.h"
#include "compass_test_util.h"

#define BIT(a) ((uint64_t)1 << (a))

/* Row 0 of a 4x4 board: a (E) at column 0, b (N) at 1, a wall at 2, c (S) at 3. A window on
 * N lane 1 open in phase 1 (aperture 0), a plain exit on E lane 0 (1), a port on W lane 0 open
 * in phases 0 and 2 (2); every other lane closed. Effective direction = base + phase. */
static const char row_board[] = LEVEL(4, 4,
    "\"walls\":[[0,2]],\"apertures\":["
    "{\"side\":\"N\",\"lane\":1,\"kind\":\"window\",\"phases\":[1]},"
    PLAIN("E", 0) ","
    "{\"side\":\"W\",\"lane\":0,\"kind\":\"port\",\"phases\":[0,2]}],"
    "\"arrows\":[{\"id\":\"a\",\"row\":0,\"col\":0,\"dir\":\"E\"},"
    "{\"id\":\"b\",\"row\":0,\"col\":1,\"dir\":\"N\"},"
    "{\"id\":\"c\",\"row\":0,\"col\":3,\"dir\":\"S\"}]");

Test(compass_rays, a_ray_is_blocked_by_the_arrows_before_its_first_wall_and_relaxed_through_all)
{
    compass_level l = compass_test_load(row_board);
    compass_rays t;
    compass_rays_build(&l, &t);
    enum { A = 0, B = 1, C = 2 };
    /* phase 0: a faces E across b into the wall; without walls c is next, then the E exit */
    cr_expect_eq(t.block[0][A], BIT(B));
    cr_expect_eq(t.through[0][A], BIT(B) | BIT(C));
    cr_expect_eq(t.aperture[0][A], -1, "a wall, not an aperture, ends the ray");
    /* phase 1: b faces E into the wall (no arrow before it), c faces W into it */
    cr_expect_eq(t.block[1][B], 0u);
    cr_expect_eq(t.through[1][B], BIT(C));
    cr_expect_eq(t.through[1][C], BIT(A) | BIT(B));
    /* phase 3: b faces W past a to the port, shut in phase 3 */
    cr_expect_eq(t.block[3][B], BIT(A));
    cr_expect_eq(t.aperture[3][B], 2);
}

Test(compass_rays, release_masks_hold_the_arrows_whose_clear_ray_ends_at_an_open_aperture)
{
    compass_level l = compass_test_load(row_board);
    compass_rays t;
    compass_rays_build(&l, &t);
    enum { A = 0, B = 1, C = 2 };
    cr_expect_eq(t.release[0], 0u, "a walled, b's window shut, c's lane closed");
    cr_expect_eq(t.release[1], 0u, "a's S lane closed, b and c walled");
    cr_expect_eq(t.release[2], BIT(A), "a faces W through the port open in phase 2");
    cr_expect_eq(t.release[3], BIT(C), "c faces E at the east edge's plain exit");
    cr_expect_eq(t.aperture[2][A], 2);
    cr_expect_eq(t.aperture[3][C], 1);
    /* the schedule witnesses: a wall-free ray ending at a shut window or port */
    cr_expect_eq(t.window[0], BIT(B), "b faces N at the window open only in phase 1");
    cr_expect_eq(t.aperture[0][B], 0);
    cr_expect_eq(t.window[1] | t.window[2] | t.window[3], 0u);
    cr_expect_eq(t.port[3], BIT(B));
    cr_expect_eq(t.port[0] | t.port[1] | t.port[2], 0u);
    /* the wall witnesses: walled, and free to leave once walls are ignored; c in phase 1 would
     * meet the shut port instead, so it is no witness */
    cr_expect_eq(t.wall_relaxed[0], BIT(A));
    cr_expect_eq(t.wall_relaxed[1], BIT(B));
    cr_expect_eq(t.wall_relaxed[2] | t.wall_relaxed[3], 0u);
}

/* Every success removes one arrow and turns the compass once. */
Test(compass_rays, a_state_phase_is_the_initial_phase_plus_the_releases_done)
{
    compass_level l = compass_test_load(row_board);
    l.initial_phase = 3;
    compass_rays t;
    compass_rays_build(&l, &t);
    cr_expect_eq(t.n, 3);
    cr_expect_eq(t.all, BIT(0) | BIT(1) | BIT(2));
    cr_expect_eq(compass_rays_phase(&t, t.all), 3);
    cr_expect_eq(compass_rays_phase(&t, BIT(0) | BIT(2)), 0, "one release: 3 + 1 wraps to 0");
    cr_expect_eq(compass_rays_phase(&t, BIT(1)), 1);
    cr_expect_eq(compass_rays_phase(&t, 0), 2);
}

/* The table of each kind agrees with compass_release on arrows alone on the board (window,
 * port, wall witness, release, aperture) and in pairs (block, through), in every phase. */
static void expect_tables_match_release(const compass_level *l)
{
    compass_rays t;
    compass_rays_build(l, &t);
    for (int p = 0; p < 4; p++)
        for (int a = 0; a < l->arrow_count; a++) {
            compass_state alone = {BIT(a), p};
            compass_release_result r = compass_release(l, &alone, a, NULL);
            compass_release_result rw = compass_release_relaxed(l, &alone, a,
                                                                COMPASS_RELAX_WALLS, NULL);
            int shut = r.status == COMPASS_BLOCKED_APERTURE_PHASE;
            compass_aperture_kind k = shut ? l->apertures[r.aperture].kind : COMPASS_APERTURE_PLAIN;
            cr_assert_eq(!!(t.release[p] & BIT(a)), r.status == COMPASS_RELEASED, "p%d a%d", p, a);
            cr_assert_eq(!!(t.window[p] & BIT(a)), shut && k == COMPASS_APERTURE_WINDOW);
            cr_assert_eq(!!(t.port[p] & BIT(a)), shut && k == COMPASS_APERTURE_PORT);
            cr_assert_eq(!!(t.wall_relaxed[p] & BIT(a)),
                         r.status == COMPASS_BLOCKED_WALL && rw.status == COMPASS_RELEASED);
            cr_assert_eq(t.aperture[p][a], r.aperture, "p%d a%d", p, a);
            cr_assert_eq(t.block[p][a] & BIT(a), 0u, "an arrow never blocks itself");
            for (int b = 0; b < l->arrow_count; b++) {
                if (b == a)
                    continue;
                compass_state pair = {BIT(a) | BIT(b), p};
                int blocked = compass_release(l, &pair, a, NULL).status == COMPASS_BLOCKED_ARROW;
                int blocked_wallless =
                    compass_release_relaxed(l, &pair, a, COMPASS_RELAX_WALLS, NULL).status ==
                    COMPASS_BLOCKED_ARROW;
                cr_assert_eq(!!(t.block[p][a] & BIT(b)), blocked, "p%d a%d b%d", p, a, b);
                cr_assert_eq(!!(t.through[p][a] & BIT(b)), blocked_wallless, "p%d a%d b%d", p, a,
                             b);
            }
        }
}

/* compass_rays_legal is exactly the set of arrows compass_release lets go, in every state
 * (every remaining set, at the phase that set implies). */
static void expect_legal_matches_release(const compass_level *l)
{
    compass_rays t;
    compass_rays_build(l, &t);
    for (uint64_t rem = 0; rem <= t.all; rem++) {
        int p = compass_rays_phase(&t, rem);
        compass_state s = {rem, p};
        uint64_t want = 0;
        for (int a = 0; a < l->arrow_count; a++)
            if (compass_release(l, &s, a, NULL).status == COMPASS_RELEASED)
                want |= BIT(a);
        cr_assert_eq(compass_rays_legal(&t, p, rem), want, "remaining %#llx",
                     (unsigned long long)rem);
    }
}

Test(compass_rays, the_tables_agree_with_the_release_rule_on_random_boards)
{
    rng_t g;
    rng_seed(&g, 20260810u);
    for (int k = 0; k < 60; k++) {
        int side = 4 + (int)rng_pick(&g, 3);
        compass_level l = compass_test_random(&g, side, 3 + (int)rng_pick(&g, 8), 4);
        expect_tables_match_release(&l);
        expect_legal_matches_release(&l);
    }
}
