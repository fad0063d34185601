/* core/memory5d/memory5d_rules: selection flow, misses and timeouts per difficulty, win, reweave and
 * draw, Expert rotation, clocks and pauses, the event log and replay (memory5d.md). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "memory5d_fixture.h"

static memory5d_def def;
static memory5d_state st;

/* A 6x6 board with legal links (1,1)-(1,2), (0,4)-(0,5), (4,1)-(4,2), (5,4)-(5,5). */
static memory5d_board linked_board(void)
{
    memory5d_board b = fx_dead_board(6);
    fx_pair(&b, 7, 8);
    fx_pair(&b, 4, 5);
    fx_pair(&b, 25, 26);
    fx_pair(&b, 34, 35);
    return b;
}

static void start(int difficulty, const memory5d_board *b)
{
    fx_def(&def, fx_config(), difficulty, MEMORY5D_CLASSIC, b);
    memory5d_state_init(&def, &st, 0);
}

static int run(int kind, int player, int cell, int cell2, int64_t now, memory5d_outcome *out)
{
    memory5d_cmd c = fx_cmd(kind, player, cell, cell2, now);
    return memory5d_step(&def, &st, &c, out);
}

/* "Selecting the anchor again cancels" */
Test(memory5d_rules, the_first_pick_anchors_and_picking_it_again_cancels)
{
    memory5d_board b = linked_board();
    start(MEMORY5D_NORMAL, &b);
    memory5d_outcome out;
    cr_assert_eq(run(MEMORY5D_CMD_SELECT, 0, 7, 0, 10, &out), 1);
    cr_expect_eq(out.ev[0].kind, MEMORY5D_EV_ANCHOR);
    cr_expect_eq(st.anchor, 7);
    cr_assert_eq(run(MEMORY5D_CMD_SELECT, 0, 7, 0, 20, &out), 1);
    cr_expect_eq(out.ev[0].kind, MEMORY5D_EV_CANCEL);
    cr_expect_eq(out.ev[0].seq, 2, "events name the accepted command that caused them");
    cr_expect_eq(out.ev[0].ms, 20);
    cr_expect_eq(st.anchor, MEMORY5D_NO_CELL);
    cr_expect_eq(st.turn, 0, "cancelling costs nothing");
    cr_expect_eq(run(MEMORY5D_CMD_CANCEL, 0, 0, 0, 30, &out), 0);
    cr_expect_eq(out.refusal, MEMORY5D_R_NO_ANCHOR);
}

/* "selecting an unclaimed non-route cell reanchors without a miss" */
Test(memory5d_rules, a_non_route_pick_reanchors_without_a_miss)
{
    memory5d_board b = linked_board();
    start(MEMORY5D_HARD, &b);
    memory5d_outcome out;
    run(MEMORY5D_CMD_SELECT, 0, 7, 0, 10, &out);
    cr_assert_eq(run(MEMORY5D_CMD_SELECT, 0, 20, 0, 20, &out), 1);
    cr_expect_eq(out.ev[0].kind, MEMORY5D_EV_REANCHOR);
    cr_expect_eq(out.ev[0].reason, MEMORY5D_R_NOT_ROUTE, "the UI can say why it re-anchored");
    cr_expect_eq(st.anchor, 20);
    cr_expect_eq(st.turn, 0);
    cr_expect_eq(st.stats[0].misses, 0);
}

Test(memory5d_rules, a_route_pick_of_a_compatible_cell_links_and_passes_the_turn)
{
    memory5d_board b = linked_board();
    start(MEMORY5D_NORMAL, &b);
    memory5d_outcome out;
    run(MEMORY5D_CMD_SELECT, 0, 7, 0, 10, &out);
    cr_assert_eq(run(MEMORY5D_CMD_SELECT, 0, 8, 0, 20, &out), 1);
    cr_expect_eq(out.ev[0].kind, MEMORY5D_EV_LINK);
    cr_expect_eq(out.ev[0].value, 100, "a plain first link is worth 100 x 1 x 1");
    cr_expect_eq(st.cells[7].owner, 0);
    cr_expect_eq(st.cells[8].owner, 0);
    cr_expect_eq(st.turn, 1);
    cr_expect_eq(st.stats[0].streak, 1);
    cr_expect_eq(run(MEMORY5D_CMD_SELECT, 1, 7, 0, 30, &out), 0);
    cr_expect_eq(out.refusal, MEMORY5D_R_CLAIMED);
}

/* "Easy retains the anchor after an explained incompatibility." */
Test(memory5d_rules, easy_keeps_the_anchor_and_explains_an_incompatible_pick)
{
    memory5d_board b = linked_board();
    start(MEMORY5D_EASY, &b);
    memory5d_outcome out;
    run(MEMORY5D_CMD_SELECT, 0, 7, 0, 10, &out);
    memory5d_state before = st;
    cr_expect_eq(run(MEMORY5D_CMD_SELECT, 0, 13, 0, 20, &out), 0); /* (2,1): another family */
    cr_expect_eq(out.refusal, MEMORY5D_R_FAMILY);
    cr_expect_eq(memcmp(&before, &st, sizeof st), 0, "nothing changed");
    cr_expect_eq(st.anchor, 7);
    b.cells[13].family = b.cells[7].family;
    b.cells[13].hue = MEMORY5D_BLUE; /* red and blue are not linked */
    start(MEMORY5D_EASY, &b);
    run(MEMORY5D_CMD_SELECT, 0, 7, 0, 10, &out);
    cr_expect_eq(run(MEMORY5D_CMD_SELECT, 0, 13, 0, 20, &out), 0);
    cr_expect_eq(out.refusal, MEMORY5D_R_HUE);
}

/* "Normal, Hard, and Expert incompatibility ... clear selection, reset that player's
 * streak, and pass the turn." */
Test(memory5d_rules, normal_hard_and_expert_misses_clear_reset_and_pass)
{
    for (int d = MEMORY5D_NORMAL; d <= MEMORY5D_EXPERT; d++) {
        memory5d_board b = linked_board();
        start(d, &b);
        memory5d_outcome out;
        run(MEMORY5D_CMD_LINK, 0, 7, 8, 10, &out);
        run(MEMORY5D_CMD_LINK, 1, 25, 26, 20, &out);
        cr_assert_eq(st.stats[0].streak, 1);
        run(MEMORY5D_CMD_SELECT, 0, 0, 0, 30, &out);
        cr_assert_eq(run(MEMORY5D_CMD_SELECT, 0, 1, 0, 40, &out), 1, "%s",
                     memory5d_difficulty_names[d]);
        cr_expect_eq(out.ev[0].kind, MEMORY5D_EV_MISS);
        cr_expect_eq(out.ev[0].reason, MEMORY5D_R_FAMILY);
        cr_expect_eq(st.anchor, MEMORY5D_NO_CELL);
        cr_expect_eq(st.stats[0].streak, 0);
        cr_expect_eq(st.stats[0].misses, 1);
        cr_expect_eq(st.turn, 1);
        /* A one-command link with incompatible cells is the same miss. */
        cr_assert_eq(run(MEMORY5D_CMD_LINK, 1, 0, 1, 50, &out), 1);
        cr_expect_eq(out.ev[0].kind, MEMORY5D_EV_MISS);
        cr_expect_eq(st.turn, 0);
    }
}

/* Issue: "a decision-timer timeout does the same" (Normal and up); Easy's timeout passes
 * the turn but keeps the streak (docs/games/memory5d.md "Timeouts"). */
Test(memory5d_rules, a_timeout_passes_the_turn_and_resets_the_streak_except_on_easy)
{
    for (int d = 0; d < MEMORY5D_DIFFICULTIES; d++) {
        memory5d_board b = linked_board();
        start(d, &b);
        int64_t limit = def.cfg.presets[d].decision_ms;
        memory5d_outcome out;
        run(MEMORY5D_CMD_LINK, 0, 7, 8, 1000, &out);
        run(MEMORY5D_CMD_LINK, 1, 25, 26, 2000, &out);
        run(MEMORY5D_CMD_SELECT, 0, 4, 0, 2500, &out);
        cr_expect_eq(run(MEMORY5D_CMD_TICK, 0, 0, 0, 2000 + limit - 1, &out), 0, "not yet");
        cr_expect_eq(out.refusal, MEMORY5D_OK);
        cr_expect_eq(memory5d_clock_remaining(&def, &st, 2000 + limit - 1), 1);
        cr_assert_eq(run(MEMORY5D_CMD_TICK, 0, 0, 0, 2000 + limit, &out), 1);
        cr_expect_eq(out.ev[0].kind, MEMORY5D_EV_TIMEOUT);
        cr_expect_eq(st.turn, 1);
        cr_expect_eq(st.anchor, MEMORY5D_NO_CELL, "selection cleared");
        cr_expect_eq(st.stats[0].timeouts, 1);
        cr_expect_eq(st.stats[0].streak, d == MEMORY5D_EASY ? 1 : 0, "%s",
                     memory5d_difficulty_names[d]);
        cr_expect_eq(memory5d_clock_remaining(&def, &st, 2000 + limit), limit,
                     "B's clock is fresh");
    }
}

/* A command that arrives after the deadline settles the timeout first. */
Test(memory5d_rules, a_late_command_is_judged_after_the_timeout)
{
    memory5d_board b = linked_board();
    start(MEMORY5D_NORMAL, &b);
    memory5d_outcome out;
    cr_assert_eq(run(MEMORY5D_CMD_LINK, 0, 7, 8, 30000, &out), 1);
    cr_expect_eq(out.ev[0].kind, MEMORY5D_EV_TIMEOUT);
    cr_expect_eq(out.refusal, MEMORY5D_R_NOT_YOUR_TURN);
    cr_expect_eq(st.cells[7].owner, MEMORY5D_UNCLAIMED);
    cr_expect_eq(st.turn, 1);
}

/* "Clocks pause locally only for reducer-owned resolution, Reveal projection,
 * help/tutorial, inactive host, and backgrounding." */
Test(memory5d_rules, the_clock_pauses_only_for_the_listed_reasons)
{
    static const int reasons[] = {MEMORY5D_PAUSE_RESOLUTION, MEMORY5D_PAUSE_HELP,
                                  MEMORY5D_PAUSE_INACTIVE_HOST, MEMORY5D_PAUSE_BACKGROUND};
    for (size_t i = 0; i < 4; i++) {
        memory5d_board b = linked_board();
        start(MEMORY5D_NORMAL, &b);
        memory5d_outcome out;
        memory5d_cmd p = fx_cmd(MEMORY5D_CMD_PAUSE, 0, 0, 0, 10000);
        p.reason = reasons[i];
        cr_assert_eq(memory5d_step(&def, &st, &p, &out), 1);
        cr_expect_eq(run(MEMORY5D_CMD_TICK, 0, 0, 0, 500000, &out), 0, "no timeout while paused");
        cr_expect_eq(memory5d_clock_remaining(&def, &st, 500000), 20000);
        cr_expect_eq(run(MEMORY5D_CMD_SELECT, 0, 7, 0, 500000, &out), 0);
        cr_expect_eq(out.refusal, MEMORY5D_R_PAUSED);
        cr_expect_eq(memory5d_step(&def, &st, &p, &out), 0);
        cr_expect_eq(out.refusal, MEMORY5D_R_ALREADY_PAUSED);
        p.kind = MEMORY5D_CMD_RESUME;
        p.now_ms = 500000;
        cr_assert_eq(memory5d_step(&def, &st, &p, &out), 1);
        cr_expect_eq(run(MEMORY5D_CMD_TICK, 0, 0, 0, 519999, &out), 0);
        cr_expect_eq(run(MEMORY5D_CMD_TICK, 0, 0, 0, 520000, &out), 1);
        cr_expect_eq(out.ev[0].kind, MEMORY5D_EV_TIMEOUT);
    }
    memory5d_board b = linked_board();
    start(MEMORY5D_NORMAL, &b);
    memory5d_outcome out;
    memory5d_cmd p = fx_cmd(MEMORY5D_CMD_PAUSE, 0, 0, 0, 10);
    static const int bad[] = {0, MEMORY5D_PAUSE_REVEAL,
                              MEMORY5D_PAUSE_HELP | MEMORY5D_PAUSE_BACKGROUND, 64};
    for (size_t i = 0; i < 4; i++) {
        p.reason = bad[i];
        cr_expect_eq(memory5d_step(&def, &st, &p, &out), 0);
        cr_expect_eq(out.refusal, MEMORY5D_R_BAD_COMMAND);
    }
    p.kind = MEMORY5D_CMD_RESUME;
    p.reason = MEMORY5D_PAUSE_HELP;
    cr_expect_eq(memory5d_step(&def, &st, &p, &out), 0);
    cr_expect_eq(out.refusal, MEMORY5D_R_NOT_PAUSED);
}

/* "Clocks pause locally only for ... help/tutorial": a tutorial's coach (its help pause)
 * holds the clock while the learner plays the step it asks for; the same pause in a standard
 * match (the leave dialog) refuses moves. */
Test(memory5d_rules, a_tutorial_help_pause_holds_the_clock_but_not_the_learners_moves)
{
    memory5d_board b = linked_board();
    start(MEMORY5D_NORMAL, &b);
    def.setup.kind = MEMORY5D_MATCH_TUTORIAL;
    memory5d_outcome out;
    memory5d_cmd p = fx_cmd(MEMORY5D_CMD_PAUSE, 0, 0, 0, 0);
    p.reason = MEMORY5D_PAUSE_HELP;
    cr_assert_eq(memory5d_step(&def, &st, &p, &out), 1);
    cr_expect_eq(memory5d_moves_held(&def, &st), 0);
    cr_expect_eq(run(MEMORY5D_CMD_TICK, 0, 0, 0, 90000, &out), 0, "no timeout while the coach speaks");
    cr_expect_eq(memory5d_clock_remaining(&def, &st, 90000), 30000);
    cr_assert_eq(run(MEMORY5D_CMD_SELECT, 0, 7, 0, 90000, &out), 1, "the prompt's move goes through");
    cr_assert_eq(run(MEMORY5D_CMD_SELECT, 0, 8, 0, 91000, &out), 1);
    cr_expect_eq(out.ev[0].kind, MEMORY5D_EV_LINK);
    cr_expect_eq(st.turn, 1);
    cr_expect_eq(memory5d_clock_remaining(&def, &st, 200000), 30000, "the next turn waits too");
    cr_expect_eq(st.pause_mask, MEMORY5D_PAUSE_HELP);

    start(MEMORY5D_NORMAL, &b);
    cr_assert_eq(memory5d_step(&def, &st, &p, &out), 1);
    cr_expect_eq(memory5d_moves_held(&def, &st), 1);
    cr_expect_eq(run(MEMORY5D_CMD_SELECT, 0, 7, 0, 1000, &out), 0);
    cr_expect_eq(out.refusal, MEMORY5D_R_PAUSED, "a standard match's help pause holds the moves");
}

/* "Online clocks are server authoritative and do not pause for client overlays, drawers,
 * or disconnect." */
Test(memory5d_rules, online_clocks_never_pause)
{
    memory5d_board b = linked_board();
    fx_def(&def, fx_config(), MEMORY5D_NORMAL, MEMORY5D_CLASSIC, &b);
    def.setup.online = 1;
    memory5d_state_init(&def, &st, 0);
    memory5d_outcome out;
    memory5d_cmd p = fx_cmd(MEMORY5D_CMD_PAUSE, 0, 0, 0, 10);
    p.reason = MEMORY5D_PAUSE_BACKGROUND;
    cr_expect_eq(memory5d_step(&def, &st, &p, &out), 0);
    cr_expect_eq(out.refusal, MEMORY5D_R_ONLINE_CLOCK);
    cr_expect_eq(run(MEMORY5D_CMD_TICK, 0, 0, 0, 30000, &out), 1);
    cr_expect_eq(out.ev[0].kind, MEMORY5D_EV_TIMEOUT);
}

/* "Four contiguous owned cells in any horizontal, vertical, or diagonal direction win." */
Test(memory5d_rules, four_contiguous_owned_cells_win)
{
    memory5d_board b = linked_board();
    fx_pair(&b, 0, 1);
    fx_pair(&b, 2, 3);
    start(MEMORY5D_NORMAL, &b);
    memory5d_outcome out;
    cr_assert_eq(run(MEMORY5D_CMD_LINK, 0, 0, 1, 10, &out), 1);
    run(MEMORY5D_CMD_LINK, 1, 25, 26, 20, &out);
    cr_assert_eq(run(MEMORY5D_CMD_LINK, 0, 2, 3, 30, &out), 1);
    cr_expect_eq(out.ev[0].flags & MEMORY5D_LINK_LINE, MEMORY5D_LINK_LINE);
    int w = fx_find(&out, MEMORY5D_EV_WIN);
    cr_assert_geq(w, 0);
    cr_expect_eq(out.ev[w].player, 0);
    cr_expect_eq(st.status, MEMORY5D_WON);
    cr_expect_eq(st.winner, 0);
    cr_expect_eq(st.end_reason, MEMORY5D_END_LINE);
    for (int i = 0; i < 4; i++)
        cr_expect_eq(st.win_cells[i], i);
    cr_expect_eq(run(MEMORY5D_CMD_LINK, 1, 34, 35, 40, &out), 0);
    cr_expect_eq(out.refusal, MEMORY5D_R_GAME_OVER);
}

/* Owners laid out so that no player has three in a row anywhere: ((c / 2) + r) % 2. */
static memory5d_board crowded_board(void)
{
    memory5d_board b = fx_dead_board(6);
    for (int i = 0; i < 36; i++)
        b.cells[i].owner = (int8_t)(((i % 6) / 2 + i / 6) % 2);
    b.cells[0].owner = b.cells[1].owner = MEMORY5D_UNCLAIMED;
    fx_pair(&b, 0, 1);
    return b;
}

/* "A no-link board reweaves unclaimed attributes at most twice, then draws transparently." */
Test(memory5d_rules, a_no_link_board_reweaves_at_most_twice_then_draws)
{
    int exhausted = 0, rescued = 0;
    for (uint32_t seed = 1; seed <= 60; seed++) {
        memory5d_board b = crowded_board();
        b.cells[34].owner = b.cells[35].owner = MEMORY5D_UNCLAIMED; /* an incompatible route pair */
        start(MEMORY5D_NORMAL, &b);
        def.setup.seed = seed;
        memory5d_outcome out;
        cr_assert_eq(run(MEMORY5D_CMD_LINK, 0, 0, 1, 10, &out), 1);
        cr_assert_eq(st.status == MEMORY5D_WON, 0);
        int reweaves = 0;
        for (int i = 0; i < out.count; i++)
            if (out.ev[i].kind == MEMORY5D_EV_REWEAVE)
                cr_expect_eq(out.ev[i].value, ++reweaves);
        cr_assert_leq(reweaves, 2);
        cr_assert_eq(st.reweaves, reweaves);
        if (st.status == MEMORY5D_DRAW) {
            exhausted++;
            cr_expect_eq(reweaves, 2);
            cr_expect_eq(st.end_reason, MEMORY5D_END_REWEAVES_EXHAUSTED);
            cr_expect_geq(fx_find(&out, MEMORY5D_EV_DRAW), 0, "the draw is an event");
        } else {
            rescued++;
            cr_expect_gt(memory5d_links(st.cells, 6, NULL, 0), 0);
            cr_expect_eq(st.turn, 1);
        }
        for (int i = 0; i < 34; i++)
            cr_assert_eq(st.cells[i].owner == MEMORY5D_UNCLAIMED, 0, "claimed cells stay");
    }
    cr_expect_gt(exhausted, 0);
    cr_expect_gt(rescued, 0);
}

/* docs/games/memory5d.md "End of board": with no unclaimed adjacent or reflected pair left, no reweave can help. */
Test(memory5d_rules, a_board_without_any_route_draws_without_reweaving)
{
    memory5d_board b = crowded_board();
    b.cells[20].owner = MEMORY5D_UNCLAIMED; /* alone: no unclaimed neighbour or reflection */
    start(MEMORY5D_NORMAL, &b);
    memory5d_outcome out;
    cr_assert_eq(run(MEMORY5D_CMD_LINK, 0, 0, 1, 10, &out), 1);
    cr_expect_eq(st.status, MEMORY5D_DRAW);
    cr_expect_eq(st.end_reason, MEMORY5D_END_NO_ROUTE);
    cr_expect_eq(st.reweaves, 0);
}

/* Issue 12 core gap 1, "A no-link board reweaves unclaimed attributes at most twice, then
 * draws transparently": an authored board that starts without a link does not soft-lock. */
Test(memory5d_rules, an_authored_board_without_a_link_reweaves_or_draws_at_the_start)
{
    int exhausted = 0, rescued = 0;
    for (uint32_t seed = 1; seed <= 60; seed++) {
        memory5d_board b = crowded_board();
        b.cells[1].family = (int8_t)((b.cells[0].family + 1) % 6); /* (0,0)-(0,1): no link */
        b.cells[34].owner = b.cells[35].owner = MEMORY5D_UNCLAIMED;
        cr_assert_eq(memory5d_links(b.cells, 6, NULL, 0), 0);
        fx_def(&def, fx_config(), MEMORY5D_NORMAL, MEMORY5D_CLASSIC, &b);
        def.setup.seed = seed;
        memory5d_outcome out;
        memory5d_state_start(&def, &st, 500, &out);
        cr_assert_geq(fx_find(&out, MEMORY5D_EV_REWEAVE), 0, "seed %u: the start reweaves", seed);
        cr_expect_eq(out.ev[0].ms, 500);
        if (st.status == MEMORY5D_DRAW) {
            exhausted++;
            cr_expect_eq(st.reweaves, 2);
            cr_expect_eq(st.end_reason, MEMORY5D_END_REWEAVES_EXHAUSTED);
            cr_expect_eq(out.ev[out.count - 1].kind, MEMORY5D_EV_DRAW);
        } else {
            rescued++;
            cr_expect_gt(memory5d_links(st.cells, 6, NULL, 0), 0);
            cr_expect_eq(st.turn, 0, "A still opens the match");
        }
        memory5d_state again;
        memory5d_state_init(&def, &again, 500);
        cr_expect_eq(memcmp(&again, &st, sizeof st), 0, "init and start build the same state");
    }
    cr_expect_gt(exhausted, 0);
    cr_expect_gt(rescued, 0);

    memory5d_board lone = crowded_board();
    lone.cells[1].family = (int8_t)((lone.cells[0].family + 1) % 6);
    lone.cells[1].owner = 1; /* (0,0) alone: no route at all */
    fx_def(&def, fx_config(), MEMORY5D_NORMAL, MEMORY5D_CLASSIC, &lone);
    memory5d_outcome out;
    memory5d_state_start(&def, &st, 0, &out);
    cr_expect_eq(st.status, MEMORY5D_DRAW);
    cr_expect_eq(st.end_reason, MEMORY5D_END_NO_ROUTE);
    cr_expect_eq(out.count, 1);
}

/* Issue 12 core gap 2, "Four contiguous owned cells ... win": a board that already holds a
 * line for a player is refused before play, with the reason. */
Test(memory5d_rules, an_authored_board_that_already_holds_a_line_is_refused)
{
    memory5d_board b = linked_board();
    for (int r = 1; r <= 4; r++)
        b.cells[r * 6 + 5].owner = 1;
    memory5d_config cfg = fx_config();
    cfg.presets[MEMORY5D_NORMAL].board_size = 6;
    memory5d_setup setup = {.seed = 1, .difficulty = MEMORY5D_NORMAL};
    char err[256];
    cr_assert_eq(memory5d_def_init_board(&def, &cfg, &setup, &b, err, sizeof err), -1);
    cr_expect_str_eq(err, "board: player B already owns a line of 4 through row 2, column 6: a "
                          "match cannot start won");
    b.cells[4 * 6 + 5].owner = MEMORY5D_UNCLAIMED; /* three are a threat, not a win */
    cr_expect_eq(memory5d_def_init_board(&def, &cfg, &setup, &b, err, sizeof err), 0, "%s", err);
}

/* "Expert rotates the entire board clockwise after both players complete one base turn
 * and always exposes a north marker." */
Test(memory5d_rules, expert_rotates_after_both_players_complete_a_base_turn)
{
    memory5d_board b = linked_board();
    start(MEMORY5D_EXPERT, &b);
    memory5d_outcome out;
    run(MEMORY5D_CMD_LINK, 0, 7, 8, 10, &out);
    cr_expect_eq(st.rotation, 0, "one base turn is not a round");
    cr_assert_eq(run(MEMORY5D_CMD_SELECT, 1, 0, 0, 20, &out), 1);
    cr_assert_eq(run(MEMORY5D_CMD_SELECT, 1, 6, 0, 30, &out), 1); /* a miss completes B's turn */
    int r = fx_find(&out, MEMORY5D_EV_ROTATE);
    cr_assert_geq(r, 0);
    cr_expect_eq(out.ev[r].value, 1);
    cr_expect_eq(memory5d_north_marker(&st), 1);
    cr_expect_str_eq(memory5d_north_names[memory5d_north_marker(&st)], "E");
    /* (1,1) and (1,2) moved to (1,4) and (2,4). */
    cr_expect_eq(st.cells[1 * 6 + 4].owner, 0);
    cr_expect_eq(st.cells[2 * 6 + 4].owner, 0);
    cr_expect_eq(st.cells[7].owner, MEMORY5D_UNCLAIMED);

    for (int d = MEMORY5D_EASY; d < MEMORY5D_EXPERT; d++) {
        start(d, &b);
        run(MEMORY5D_CMD_LINK, 0, 7, 8, 10, &out);
        run(MEMORY5D_CMD_LINK, 1, 25, 26, 20, &out);
        cr_expect_eq(st.rotation, 0, "%s does not rotate", memory5d_difficulty_names[d]);
        cr_expect_eq(st.cells[7].owner, 0);
    }
}

Test(memory5d_rules, commands_out_of_turn_or_backwards_in_time_are_refused)
{
    memory5d_board b = linked_board();
    start(MEMORY5D_NORMAL, &b);
    memory5d_outcome out;
    cr_expect_eq(run(MEMORY5D_CMD_SELECT, 1, 7, 0, 10, &out), 0);
    cr_expect_eq(out.refusal, MEMORY5D_R_NOT_YOUR_TURN);
    run(MEMORY5D_CMD_SELECT, 0, 7, 0, 100, &out);
    cr_expect_eq(run(MEMORY5D_CMD_SELECT, 0, 8, 0, 50, &out), 0);
    cr_expect_eq(out.refusal, MEMORY5D_R_TIME_BACKWARDS);
    cr_expect_eq(run(MEMORY5D_CMD_SELECT, 0, 99, 0, 100, &out), 0);
    cr_expect_eq(out.refusal, MEMORY5D_R_OUT_OF_RANGE);
    memory5d_cmd bad = fx_cmd(MEMORY5D_CMD_KINDS, 0, 0, 0, 100);
    cr_expect_eq(memory5d_step(&def, &st, &bad, &out), 0);
    cr_expect_eq(out.refusal, MEMORY5D_R_BAD_COMMAND);
}

Test(memory5d_rules, abandoning_ends_the_match_for_the_other_player)
{
    memory5d_board b = linked_board();
    start(MEMORY5D_NORMAL, &b);
    memory5d_outcome out;
    cr_assert_eq(run(MEMORY5D_CMD_ABANDON, 1, 0, 0, 10, &out), 1);
    cr_expect_eq(st.status, MEMORY5D_ABANDONED);
    cr_expect_eq(st.winner, 0);
    cr_expect_eq(st.end_reason, MEMORY5D_END_ABANDONED);
}

/* Issue: "replaying a log from its seed reproduces the match exactly". Random commands of
 * every kind, including refused ones, then a replay; a tampered log diverges. */
Test(memory5d_rules, replaying_a_log_reproduces_the_match_exactly)
{
    memory5d_config cfg = fx_config();
    srand(7);
    for (uint32_t seed = 1; seed <= 30; seed++) {
        memory5d_setup setup = {.seed = seed,
                                .difficulty = (int)(seed % 4),
                                .mode = MEMORY5D_ARCADE,
                                .loadout = {{1, 1, 1, 0}, {0, 1, 1, 1}}};
        char err[256];
        cr_assert_eq(memory5d_def_init(&def, &cfg, &setup, err, sizeof err), 0, "%s", err);
        memory5d_state_init(&def, &st, 0);
        memory5d_log log;
        memory5d_log_init(&log, 0);
        int64_t now = 0;
        int n = st.size;
        for (int i = 0; i < 400 && st.status == MEMORY5D_PLAYING; i++) {
            now += rand() % 4000;
            memory5d_cmd c = fx_cmd(rand() % MEMORY5D_CMD_KINDS, rand() % 5 ? st.turn : 1 - st.turn,
                                    rand() % (n * n), rand() % (n * n), now);
            if (c.kind == MEMORY5D_CMD_ABANDON && rand() % 8)
                c.kind = MEMORY5D_CMD_TICK;
            if (c.kind == MEMORY5D_CMD_LINK && rand() % 2) {
                memory5d_pair l[1];
                if (memory5d_links(st.cells, n, l, 1) > 0) {
                    c.cell = l[0].a;
                    c.cell2 = l[0].b;
                }
            }
            c.power = rand() % MEMORY5D_POWERS;
            c.reason = 1 << (rand() % 5);
            memory5d_outcome out;
            cr_assert_geq(memory5d_apply(&def, &st, &log, &c, &out), 0);
        }
        memory5d_state again;
        size_t at = 0;
        cr_assert_eq(memory5d_replay(&def, &log, &again, &at), 0, "seed %u diverged at %zu", seed,
                     at);
        cr_assert_eq(memcmp(&again, &st, sizeof st), 0, "seed %u", seed);
        cr_assert_eq(st.seq, log.count, "every accepted command is logged");
        if (log.count > 3) {
            memory5d_log_entry *e = &log.entries[log.count / 2];
            e->cmd.now_ms += 1; /* any edit to an accepted command is caught */
            e->out.ev[0].value ^= 1;
            cr_expect_eq(memory5d_replay(&def, &log, &again, &at), -1);
            cr_expect_eq(at, log.count / 2);
        }
        memory5d_log_free(&log);
    }
}
