/* Find the Odd Shape Session Controller (Systems & Controllers, RT-CLICK, RT-TIMER,
 * RT-SESSION, Session & Scoring) driven at exact virtual times. */
#include <criterion/criterion.h>
#include <string.h>

#include "oddshape/oddshape_session.h"

/* Table L1 rows 1..15 (find-the-odd-shape.md, Levels): only odd slots matter here, and a
 * distinct seeded source lets the content-lock tests tell the two apart. */
static const int l1_odd_slots[ODDSHAPE_ROUNDS] = {1, 0, 2, 0, 1, 2, 2, 1, 0, 1, 2, 0, 0, 2, 1};

static void table(oddshape_round out[ODDSHAPE_ROUNDS])
{
    for (int r = 0; r < ODDSHAPE_ROUNDS; r++)
        out[r] = (oddshape_round){.base_color = r % 6, .base_shape = (r + 1) % 6,
                                  .odd_trait = ODDSHAPE_TRAIT_COLOR,
                                  .odd_value = (r + 1) % 6, .odd_slot = l1_odd_slots[r]};
}

static oddshape_session s;

static void init(int randomize)
{
    oddshape_round t[ODDSHAPE_ROUNDS];
    table(t);
    oddshape_session_init(&s, t, randomize, 12345, 0);
}

static int in(oddshape_input_kind kind, int64_t t)
{
    oddshape_input i = {.kind = kind};
    return oddshape_session_input(&s, &i, t);
}

static int pick(int slot, int64_t t)
{
    oddshape_input i = {.kind = ODDSHAPE_IN_SELECT, .slot = slot};
    return oddshape_session_input(&s, &i, t);
}

static int click(double x, double y, int64_t t)
{
    oddshape_input i = {.kind = ODDSHAPE_IN_CLICK, .x = x, .y = y};
    return oddshape_session_input(&s, &i, t);
}

static int odd(void) { return oddshape_session_current(&s)->odd_slot; }
static int twin(void) { return (odd() + 1) % ODDSHAPE_SLOTS; }

/* Play at t=0: RoundInteractive of round 1 begins at 800 + 150 = 950 ms. */
static int64_t start(void)
{
    in(ODDSHAPE_IN_PLAY, 0);
    oddshape_session_update(&s, 950);
    cr_assert_eq(s.state, ODDSHAPE_ROUND_INTERACTIVE);
    return 950;
}

/* The next round's RoundInteractive after a resolution at t (DBT-13 + DBT-14 + DBT-12). */
static int64_t next_round(int64_t t)
{
    oddshape_session_update(&s, t + 650);
    return t + 650;
}

static void drain(void)
{
    oddshape_event ev;
    while (oddshape_session_poll(&s, &ev)) {
    }
}

Test(oddshape_session, starts_at_title_and_play_enters_ready_with_a_reset_session)
{
    init(0);
    cr_assert_eq(s.state, ODDSHAPE_TITLE);
    cr_assert_eq(in(ODDSHAPE_IN_PLAY, 10), 1);
    cr_assert_eq(s.state, ODDSHAPE_READY);
    cr_assert_eq(s.round, 1);
    cr_assert_eq(s.correct + s.errors, 0);
}

Test(oddshape_session, ready_lasts_dbt17_and_reveal_lasts_dbt12)
{
    init(0);
    in(ODDSHAPE_IN_PLAY, 0);
    oddshape_session_update(&s, 799);
    cr_assert_eq(s.state, ODDSHAPE_READY);
    oddshape_session_update(&s, 800);
    cr_assert_eq(s.state, ODDSHAPE_ROUND_REVEAL);
    oddshape_session_update(&s, 949);
    cr_assert_eq(s.state, ODDSHAPE_ROUND_REVEAL);
    oddshape_session_update(&s, 950);
    cr_assert_eq(s.state, ODDSHAPE_ROUND_INTERACTIVE);
}

Test(oddshape_session, rt_click_r1_odd_patch_is_correct_with_the_round_timer_as_time)
{
    init(0);
    int64_t t = start();
    cr_assert_eq(pick(odd(), t + 1234), 1);
    cr_assert_eq(s.state, ODDSHAPE_ROUND_FEEDBACK);
    cr_assert_eq(s.correct, 1);
    cr_assert_eq(s.errors, 0);
    cr_assert_eq(s.round_time_ms[0], 1234);
    cr_assert_eq(s.outcome[0], ODDSHAPE_OUTCOME_CORRECT);
}

Test(oddshape_session, rt_click_r2_twin_patch_is_an_error)
{
    init(0);
    int64_t t = start();
    cr_assert_eq(pick(twin(), t + 2000), 1);
    cr_assert_eq(s.errors, 1);
    cr_assert_eq(s.correct, 0);
    cr_assert_eq(s.outcome[0], ODDSHAPE_OUTCOME_ERROR);
    cr_assert_eq(s.round_time_ms[0], 2000);
}

Test(oddshape_session, rt_click_r1_by_pointer_uses_the_240px_hitbox_dbt11)
{
    init(0);
    int64_t t = start();
    int o = odd();
    /* a corner of the odd patch's box still hits it, whatever the silhouette */
    cr_assert_eq(click(oddshape_slot_x[o] - 119, 540 + 119, t + 500), 1);
    cr_assert_eq(s.correct, 1);
}

Test(oddshape_session, rt_click_r3_click_outside_every_box_is_ignored_and_the_timer_runs)
{
    init(0);
    int64_t t = start();
    cr_assert_eq(click(720, 540, t + 100), 0); /* between Left and Center boxes */
    cr_assert_eq(click(960, 300, t + 200), 0); /* above the Center box */
    cr_assert_eq(s.state, ODDSHAPE_ROUND_INTERACTIVE);
    cr_assert_eq(oddshape_session_timer_ms(&s, t + 300), 300);
}

Test(oddshape_session, rt_click_r4_timeout_at_exactly_10s_records_10s_as_an_error)
{
    init(0);
    int64_t t = start();
    oddshape_session_update(&s, t + 9999);
    cr_assert_eq(s.state, ODDSHAPE_ROUND_INTERACTIVE);
    cr_assert_eq(oddshape_session_timer_ms(&s, t + 9999), 9999);
    oddshape_session_update(&s, t + 10000);
    cr_assert_eq(s.state, ODDSHAPE_ROUND_FEEDBACK);
    cr_assert_eq(s.outcome[0], ODDSHAPE_OUTCOME_TIMEOUT);
    cr_assert_eq(s.round_time_ms[0], 10000);
    cr_assert_eq(s.errors, 1);
}

Test(oddshape_session, rt_click_r4_a_late_update_still_times_out_at_the_exact_due_time)
{
    init(0);
    int64_t t = start();
    drain();
    oddshape_session_update(&s, t + 10400); /* past the timeout and into RoundTransition */
    cr_assert_eq(s.state, ODDSHAPE_ROUND_TRANSITION);
    oddshape_event ev;
    int saw = 0;
    while (oddshape_session_poll(&s, &ev))
        if (ev.kind == ODDSHAPE_EV_RESOLVED) {
            cr_assert_eq(ev.t_ms, t + 10000);
            cr_assert_eq(ev.time_ms, 10000);
            cr_assert_eq(ev.slot, -1);
            saw = 1;
        }
    cr_assert(saw);
}

Test(oddshape_session, rt_click_r4_a_click_at_the_timeout_instant_loses_to_the_timeout)
{
    init(0);
    int64_t t = start();
    cr_assert_eq(pick(odd(), t + 10000), 0); /* the round already resolved by R4 */
    cr_assert_eq(s.outcome[0], ODDSHAPE_OUTCOME_TIMEOUT);
}

Test(oddshape_session, rt_click_r5_inputs_in_locked_states_are_ignored)
{
    init(0);
    in(ODDSHAPE_IN_PLAY, 0);
    cr_assert_eq(pick(0, 100), 0); /* Ready */
    cr_assert_eq(s.state, ODDSHAPE_READY);
    oddshape_session_update(&s, 800);
    cr_assert_eq(pick(0, 900), 0); /* RoundReveal */
    cr_assert_eq(click(480, 540, 900), 0);
    oddshape_session_update(&s, 950);
    pick(odd(), 1000);
    cr_assert_eq(pick(0, 1100), 0); /* RoundFeedback */
    oddshape_session_update(&s, 1300);
    cr_assert_eq(s.state, ODDSHAPE_ROUND_TRANSITION);
    cr_assert_eq(pick(0, 1400), 0);
    cr_assert_eq(s.correct + s.errors, 1);
}

Test(oddshape_session, rt_click_r6_paused_patches_are_not_interactive)
{
    init(0);
    int64_t t = start();
    cr_assert_eq(in(ODDSHAPE_IN_PAUSE, t + 500), 1);
    cr_assert_eq(s.state, ODDSHAPE_PAUSED);
    cr_assert_eq(pick(odd(), t + 600), 0);
    cr_assert_eq(click(oddshape_slot_x[odd()], 540, t + 700), 0);
    cr_assert_eq(s.correct + s.errors, 0);
}

Test(oddshape_session, rt_click_r7_other_inputs_on_the_play_field_are_ignored)
{
    init(0);
    int64_t t = start();
    cr_assert_eq(in(ODDSHAPE_IN_PLAY_AGAIN, t + 10), 0);
    cr_assert_eq(in(ODDSHAPE_IN_BACK, t + 20), 0);
    cr_assert_eq(s.state, ODDSHAPE_ROUND_INTERACTIVE);
}

Test(oddshape_session, rt_timer_t2_pause_freezes_the_timer_and_resume_continues_it)
{
    init(0);
    int64_t t = start();
    in(ODDSHAPE_IN_PAUSE, t + 1000);
    cr_assert_eq(oddshape_session_timer_ms(&s, t + 1000), 1000);
    oddshape_session_update(&s, t + 60000); /* a long pause never times the round out */
    cr_assert_eq(s.state, ODDSHAPE_PAUSED);
    cr_assert_eq(oddshape_session_timer_ms(&s, t + 60000), 1000);
    in(ODDSHAPE_IN_RESUME, t + 60000);
    cr_assert_eq(oddshape_session_timer_ms(&s, t + 60500), 1500);
    pick(odd(), t + 61000);
    cr_assert_eq(s.round_time_ms[0], 2000);
}

Test(oddshape_session, paused_rounds_are_counted_in_the_event_and_the_stats)
{
    init(0);
    int64_t t = start();
    in(ODDSHAPE_IN_PAUSE, t + 100);
    in(ODDSHAPE_IN_RESUME, t + 200);
    in(ODDSHAPE_IN_PAUSE, t + 300);
    in(ODDSHAPE_IN_RESUME, t + 400);
    oddshape_event ev;
    while (oddshape_session_poll(&s, &ev)) {}
    pick(odd(), t + 500);
    cr_assert(oddshape_session_poll(&s, &ev));
    cr_assert_eq(ev.kind, ODDSHAPE_EV_RESOLVED);
    cr_assert_eq(ev.pauses, 2); /* the round says how often it was paused */
    oddshape_stats st;
    oddshape_session_stats(&s, &st);
    cr_assert_eq(st.paused_rounds, 1);
    in(ODDSHAPE_IN_RESTART, t + 501); /* locked in RoundFeedback: nothing */
    oddshape_session_update(&s, t + 1200);
    cr_assert_eq(s.state, ODDSHAPE_ROUND_INTERACTIVE);
    in(ODDSHAPE_IN_PAUSE, t + 1300);
    in(ODDSHAPE_IN_RESTART, t + 1400); /* a fresh session counts afresh */
    oddshape_session_stats(&s, &st);
    cr_assert_eq(st.paused_rounds, 0);
}

Test(oddshape_session, rt_timer_paused_rounds_time_out_after_10s_of_unpaused_play)
{
    init(0);
    int64_t t = start();
    in(ODDSHAPE_IN_PAUSE, t + 4000);
    in(ODDSHAPE_IN_RESUME, t + 9000);
    oddshape_session_update(&s, t + 14999);
    cr_assert_eq(s.state, ODDSHAPE_ROUND_INTERACTIVE);
    oddshape_session_update(&s, t + 15000);
    cr_assert_eq(s.outcome[0], ODDSHAPE_OUTCOME_TIMEOUT);
    cr_assert_eq(s.round_time_ms[0], 10000);
}

Test(oddshape_session, rt_timer_t3_timer_is_zero_in_reveal_and_frozen_after_resolution)
{
    init(0);
    int64_t t = start();
    pick(odd(), t + 2345);
    cr_assert_eq(oddshape_session_timer_ms(&s, t + 2500), 2345); /* RoundFeedback */
    oddshape_session_update(&s, t + 2345 + 500);                  /* next RoundReveal */
    cr_assert_eq(s.state, ODDSHAPE_ROUND_REVEAL);
    cr_assert_eq(oddshape_session_timer_ms(&s, t + 2345 + 550), 0);
}

Test(oddshape_session, rt_session_s1_s2_fifteen_rounds_then_results)
{
    init(0);
    int64_t t = start();
    for (int r = 1; r <= ODDSHAPE_ROUNDS; r++) {
        cr_assert_eq(s.round, r);
        cr_assert_eq(s.state, ODDSHAPE_ROUND_INTERACTIVE);
        pick(r % 2 ? odd() : twin(), t + 1000);
        t = next_round(t + 1000);
    }
    cr_assert_eq(s.state, ODDSHAPE_RESULTS);
    cr_assert_eq(s.correct, 8);
    cr_assert_eq(s.errors, 7);
    cr_assert_eq(s.correct + s.errors, ODDSHAPE_ROUNDS);
}

Test(oddshape_session, session_and_scoring_worked_example_3_41s_and_87_percent)
{
    /* "If 13 rounds average 2.4 s (31.2 s) and 2 rounds hit the 10.00 s timeout (20.0 s),
     * avgTime = 51.2 / 15 = 3.41 s, correct = 13, errors = 2, accuracy% = 87." */
    init(0);
    int64_t t = start();
    for (int r = 1; r <= ODDSHAPE_ROUNDS; r++) {
        if (r == 4 || r == 11) {
            oddshape_session_update(&s, t + 10000);
            t = next_round(t + 10000);
        } else {
            pick(odd(), t + 2400);
            t = next_round(t + 2400);
        }
    }
    oddshape_stats st;
    oddshape_session_stats(&s, &st);
    cr_assert_eq(st.correct, 13);
    cr_assert_eq(st.errors, 2);
    cr_assert_eq(st.total_ms, 51200);
    cr_assert_eq(st.accuracy_pct, 87);
    cr_assert_eq(st.fastest_ms, 2400);
    char buf[16];
    oddshape_format_seconds(st.avg_ms, buf, sizeof buf);
    cr_assert_str_eq(buf, "3.41");
}

Test(oddshape_session, fastest_is_a_dash_when_no_round_is_correct)
{
    init(0);
    int64_t t = start();
    for (int r = 1; r <= ODDSHAPE_ROUNDS; r++) {
        pick(twin(), t + 800);
        t = next_round(t + 800);
    }
    oddshape_stats st;
    oddshape_session_stats(&s, &st);
    cr_assert_eq(st.fastest_ms, -1);
    cr_assert_eq(st.accuracy_pct, 0);
    char buf[16];
    oddshape_format_seconds((double)st.fastest_ms, buf, sizeof buf);
    cr_assert_str_eq(buf, "\xE2\x80\x94");
}

Test(oddshape_session, accuracy_rounds_to_the_nearest_percent)
{
    static const int want[ODDSHAPE_ROUNDS + 1] = {0,  7,  13, 20, 27, 33, 40, 47,
                                                  53, 60, 67, 73, 80, 87, 93, 100};
    for (int c = 0; c <= ODDSHAPE_ROUNDS; c++) {
        init(0);
        s.correct = c;
        oddshape_stats st;
        oddshape_session_stats(&s, &st);
        cr_expect_eq(st.accuracy_pct, want[c], "correct=%d gave %d", c, st.accuracy_pct);
    }
}

Test(oddshape_session, format_seconds_shows_two_decimals)
{
    char buf[16];
    oddshape_format_seconds(0, buf, sizeof buf);
    cr_assert_str_eq(buf, "0.00");
    oddshape_format_seconds(10000, buf, sizeof buf);
    cr_assert_str_eq(buf, "10.00");
    oddshape_format_seconds(1234, buf, sizeof buf);
    cr_assert_str_eq(buf, "1.23");
    oddshape_format_seconds(1235, buf, sizeof buf);
    cr_assert_str_eq(buf, "1.24");
}

Test(oddshape_session, led1_content_source_locks_at_ready_and_play_again_relocks)
{
    init(0);
    int64_t t = start();
    cr_assert_eq(s.locked_randomize, 0);
    cr_assert_eq(memcmp(s.rounds, s.table, sizeof s.rounds), 0);
    oddshape_session_set_source(&s, 1, 777); /* toggled mid-session: no effect yet */
    cr_assert_eq(memcmp(s.rounds, s.table, sizeof s.rounds), 0);
    for (int r = 1; r <= ODDSHAPE_ROUNDS; r++) {
        pick(odd(), t + 500);
        t = next_round(t + 500);
    }
    cr_assert_eq(s.state, ODDSHAPE_RESULTS);
    in(ODDSHAPE_IN_PLAY_AGAIN, t);
    cr_assert_eq(s.state, ODDSHAPE_READY);
    cr_assert_eq(s.locked_randomize, 1);
    cr_assert_eq(s.locked_seed, 777u);
    oddshape_round want[ODDSHAPE_ROUNDS];
    oddshape_generate(777, want);
    cr_assert_eq(memcmp(s.rounds, want, sizeof want), 0);
    cr_assert_eq(s.correct + s.errors, 0);
}

Test(oddshape_session, pause_restart_resets_to_ready_and_main_menu_discards)
{
    init(0);
    int64_t t = start();
    pick(odd(), t + 500);
    t = next_round(t + 500);
    in(ODDSHAPE_IN_PAUSE, t + 100);
    in(ODDSHAPE_IN_RESTART, t + 200);
    cr_assert_eq(s.state, ODDSHAPE_READY);
    cr_assert_eq(s.round, 1);
    cr_assert_eq(s.correct, 0);
    oddshape_session_update(&s, t + 200 + 950);
    in(ODDSHAPE_IN_PAUSE, t + 1300);
    in(ODDSHAPE_IN_MAIN_MENU, t + 1400);
    cr_assert_eq(s.state, ODDSHAPE_TITLE);
}

Test(oddshape_session, title_options_back_and_quit)
{
    init(0);
    cr_assert_eq(in(ODDSHAPE_IN_OPTIONS, 5), 1);
    cr_assert_eq(s.state, ODDSHAPE_OPTIONS);
    cr_assert_eq(in(ODDSHAPE_IN_PLAY, 6), 0);
    cr_assert_eq(in(ODDSHAPE_IN_BACK, 7), 1);
    cr_assert_eq(s.state, ODDSHAPE_TITLE);
    cr_assert_eq(in(ODDSHAPE_IN_QUIT, 8), 1);
    cr_assert_eq(s.state, ODDSHAPE_QUIT);
}

Test(oddshape_session, events_carry_exact_state_times)
{
    init(0);
    drain();
    in(ODDSHAPE_IN_PLAY, 100);
    oddshape_session_update(&s, 5000); /* one late poll covers Ready and RoundReveal */
    static const struct { oddshape_state st; int64_t t; } want[] = {
        {ODDSHAPE_READY, 100}, {ODDSHAPE_ROUND_REVEAL, 900}, {ODDSHAPE_ROUND_INTERACTIVE, 1050}};
    oddshape_event ev;
    for (size_t i = 0; i < 3; i++) {
        cr_assert(oddshape_session_poll(&s, &ev));
        cr_assert_eq(ev.kind, ODDSHAPE_EV_STATE);
        cr_assert_eq(ev.state, want[i].st);
        cr_assert_eq(ev.t_ms, want[i].t);
    }
    cr_assert_not(oddshape_session_poll(&s, &ev));
}

Test(oddshape_session, dbt9_dbt11_slot_boxes_and_the_gaps_between_them)
{
    cr_assert_eq(oddshape_slot_at(360, 420), 0);
    cr_assert_eq(oddshape_slot_at(599.9, 659.9), 0);
    cr_assert_eq(oddshape_slot_at(600, 540), -1);
    cr_assert_eq(oddshape_slot_at(840, 540), 1);
    cr_assert_eq(oddshape_slot_at(1559, 540), 2);
    cr_assert_eq(oddshape_slot_at(1440, 419), -1);
    cr_assert_eq(oddshape_slot_at(1440, 660), -1);
}

Test(oddshape_session, an_unpolled_queue_keeps_the_newest_events_and_counts_the_dropped)
{
    init(0);
    int pushed = 1; /* Title */
    for (int i = 0; i < ODDSHAPE_EVENT_QUEUE; i++) {
        in(ODDSHAPE_IN_OPTIONS, i);
        in(ODDSHAPE_IN_BACK, i);
        pushed += 2;
    }
    cr_assert_eq(s.event_count, ODDSHAPE_EVENT_QUEUE);
    cr_assert_eq(s.events_dropped, pushed - ODDSHAPE_EVENT_QUEUE);
    oddshape_event ev, last = {0};
    while (oddshape_session_poll(&s, &ev))
        last = ev;
    cr_assert_eq(last.state, ODDSHAPE_TITLE);
    cr_assert_eq(last.t_ms, ODDSHAPE_EVENT_QUEUE - 1);
}
