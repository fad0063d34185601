/* Find the Odd Shape drawing (Art Direction, Screens / HUD / Menus): the felt board, the
 * patches with their poses and feedback, the HUD and the menus. Reads the scene; changes
 * nothing but the kit's caches. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "oddshape_art.h"
#include "oddshape_felt.h"
#include "oddshape_ui.h"

static const gfx_color WHITE = {255, 255, 255, 255};

static gfx_art_key patch_key(int color, int shape, int cb)
{
    return (gfx_art_key){oddshape_art_patch, color, shape, cb ? 1 : 0, 0};
}

/* One patch with its shadow; lift raises it, scale is around its centre. */
static void draw_patch(gfx *g, oddshape_patch p, int cb, double cx, double cy, double scale,
                       double lift, double alpha)
{
    gfx_art_key sh = {oddshape_art_shadow, 0, p.shape, 0, 0};
    gfx_art_draw(g, sh, cx, cy + 6 + lift * 0.4, scale * (1 + lift * 0.004), 0, WHITE, alpha);
    gfx_art_draw(g, patch_key(p.color, p.shape, cb), cx, cy - lift, scale, 0, WHITE, alpha);
}

static void draw_pips(oddshape_ui *sc, gfx *g, double cy, int64_t now, int show_current)
{
    for (int i = 0; i < ODDSHAPE_ROUNDS; i++) {
        double cx = 960 + (i - 7) * 36;
        oddshape_outcome o = sc->s.outcome[i];
        gfx_art_key pip = {oddshape_art_pip, 0, 0, 0, 0};
        if (o == ODDSHAPE_OUTCOME_CORRECT) {
            gfx_art_draw(g, pip, cx, cy, 1, 0, GFX_RGB(GFX_GREEN), 1);
            gfx_art_draw(g, (gfx_art_key){oddshape_art_check, 14, 0, 0, 0}, cx, cy, 1, 0, WHITE, 1);
        } else if (o != ODDSHAPE_OUTCOME_NONE) {
            gfx_art_draw(g, pip, cx, cy, 1, 0, GFX_RGB(GFX_RED), 1);
            gfx_art_draw(g, (gfx_art_key){oddshape_art_cross, 12, 0, 0, 0}, cx, cy, 1, 0, WHITE, 1);
        } else if (show_current && i == sc->s.round - 1) {
            gfx_art_draw(g, pip, cx, cy, 1, 0, GFX_RGB(0xEFE6D2), 1);
            double pulse = 0.65 + 0.35 * sin(now / 1000.0 * 2 * M_PI * 1.2);
            gfx_art_draw(g, (gfx_art_key){oddshape_art_pip_ring, 0, 0, 0, 0}, cx, cy, 1 + 0.06 * pulse, 0,
                         GFX_RGB(GFX_GOLD), pulse);
        } else {
            gfx_art_draw(g, pip, cx, cy, 1, 0, GFX_RGB(GFX_PIP_GREY), 1);
        }
    }
}

/* Top-right at x = 1880: the round timer to 0.01 s (RT-TIMER). Quicksand's figures are
 * proportional, and fixed cells open uneven gaps round its narrow ones ("0.4 0 s", "1.1 1 s"),
 * so the digits keep their natural widths and the decimal point is the anchor instead: it
 * never moves, the seconds grow leftward from it and the hundredths and the unit follow it,
 * ending at 1880 for "0.00 s" (a narrow 1 ends it a little short of that, never a gap). */
static void draw_timer(gfx *g, double ms, double alpha)
{
    char secs[32];
    oddshape_format_seconds(ms, secs, sizeof secs);
    char *dot = strchr(secs, '.');
    if (!dot) return;
    *dot = '\0';
    gfx_text_style tt = ui_style(48, 1, GFX_RIGHT, GFX_INK, alpha);
    double point = gfx_text_width(g, ".", tt);
    double x = 1880 - gfx_text_width(g, "00 s", tt) - point; /* where the point starts */
    gfx_text(g, secs, x, 66, tt);
    tt.align = GFX_LEFT;
    char rest[40];
    snprintf(rest, sizeof rest, ".%s s", dot + 1);
    gfx_text(g, rest, x, 66, tt);
}

static void draw_hud(oddshape_ui *sc, gfx *g, int64_t now, double alpha)
{
    char buf[64];
    /* top-left (40, 40): ✓ N   ✗ M */
    gfx_art_draw(g, (gfx_art_key){oddshape_art_check, 34, 0, 0, 0}, 60, 66, 1, 0, GFX_RGB(GFX_GREEN), alpha);
    /* proportional digits: these change only at a resolution, and fixed cells would open
     * gaps round a narrow 1 ("1 5"); only the running timer needs tabular figures */
    gfx_text_style st = ui_style(44, 1, GFX_LEFT, GFX_INK, alpha);
    snprintf(buf, sizeof buf, "%d", sc->s.correct);
    gfx_text(g, buf, 88, 64, st);
    gfx_art_draw(g, (gfx_art_key){oddshape_art_cross, 28, 0, 0, 0}, 178, 66, 1, 0, GFX_RGB(GFX_RED), alpha);
    snprintf(buf, sizeof buf, "%d", sc->s.errors);
    gfx_text(g, buf, 206, 64, st);
    /* top-centre: Round X / 15 and the pips at y = 120 */
    snprintf(buf, sizeof buf, "Round %d / %d", sc->s.round, ODDSHAPE_ROUNDS);
    gfx_text(g, buf, 960, 66, ui_style(40, 1, GFX_CENTER, GFX_INK, alpha));
    draw_pips(sc, g, 120, now, 1);
    draw_timer(g, (double)oddshape_session_timer_ms(&sc->s, now), alpha);
}

static void draw_hint(oddshape_ui *sc, gfx *g, int64_t now)
{
    oddshape_state st = sc->s.state;
    /* not under the Pause card either: the hint is for the round in play */
    if (sc->hint_round_done || sc->s.round != 1 || st < ODDSHAPE_ROUND_REVEAL || st >= ODDSHAPE_PAUSED)
        return;
    /* gone before the trio is dismissed: fading again from full in RoundTransition
     * would make it flash back after the RoundFeedback fade */
    if (st == ODDSHAPE_ROUND_TRANSITION) return;
    double a;
    if (st == ODDSHAPE_ROUND_REVEAL) a = oddshape_clamp01((double)(now - sc->state_since) / ODDSHAPE_REVEAL_MS);
    else if (sc->hint_active) a = 1 - oddshape_clamp01((double)(now - sc->hint_until) / ODDSHAPE_HINT_FADE_MS);
    else return;
    if (st == ODDSHAPE_ROUND_FEEDBACK)
        a *= 1 - oddshape_clamp01((double)(now - sc->state_since) / ODDSHAPE_HINT_RESOLVED_FADE_MS);
    if (a <= 0) return;
    gfx_art_draw(g, (gfx_art_key){GFX_ART_PANEL, 620, 70, 35, GFX_CREAM}, 960, 964, 1, 0, WHITE, a * 0.9);
    gfx_text(g, "Click the patch that's different", 960, 960, ui_style(34, 0, GFX_CENTER, GFX_INK, a));
}

/* Sparkles for RT-FEEDBACK C1: tiny gold stars bursting from the patch. */
static void draw_sparkles(gfx *g, double cx, double cy, double p)
{
    for (int i = 0; i < 14; i++) {
        double ang = i * 2 * M_PI / 14 + 0.3 * sin(i * 7.1);
        double dist = 70 + 120 * oddshape_ease_out(p) * (0.7 + 0.3 * sin(i * 3.7));
        double sz = (0.9 + 0.7 * fabs(sin(i * 1.9))) * (1 - 0.4 * p);
        gfx_art_draw(g, (gfx_art_key){oddshape_art_sparkle, 0, 0, 0, 0}, cx + cos(ang) * dist,
                     cy + sin(ang) * dist, sz, p * 120 + i * 20, GFX_RGB(i % 3 ? GFX_GOLD : 0xFFF4C8),
                     1 - p * p * p);
    }
}

/* One patch's pose in the current state. */
typedef struct {
    double cx, scale, lift, alpha, hover;
} patch_pose;

/* DBT-12 reveal, DBT-14 dismiss, DBT-18 hover, and in RoundFeedback the resolved patch's
 * DBT-19 pulse (correct) or DBT-20 shake (error); t is the time in the current state. */
static patch_pose pose_patch(const oddshape_ui *sc, int i, double t, int64_t now)
{
    oddshape_state st = sc->s.state;
    patch_pose q = {oddshape_slot_x[i], 1, 0, 1, 0};
    if (st == ODDSHAPE_ROUND_INTERACTIVE) q.hover = oddshape_ui_anim(&sc->slot_anim[i], now);
    if (st == ODDSHAPE_ROUND_FEEDBACK) /* DBT-18 eases back over DBT-13, under the pulse or shake */
        q.hover = sc->feedback_hover[i] * (1 - oddshape_ease_out(t / ODDSHAPE_FEEDBACK_MS));
    if (st == ODDSHAPE_ROUND_REVEAL) { /* 0.8 -> 1.0, fade in */
        double p = oddshape_ease_out(t / ODDSHAPE_REVEAL_MS);
        q.scale = 0.8 + 0.2 * p;
        q.alpha = oddshape_clamp01(t / ODDSHAPE_REVEAL_MS);
    } else if (st == ODDSHAPE_ROUND_TRANSITION) { /* 1.0 -> 0.9, fade out */
        double p = oddshape_clamp01(t / ODDSHAPE_TRANSITION_MS);
        q.scale = 1 - 0.1 * p;
        q.alpha = 1 - p;
    }
    q.lift = 8 * q.hover;
    q.scale *= 1 + 0.03 * q.hover;
    if (st == ODDSHAPE_ROUND_FEEDBACK && i == sc->s.last_slot) {
        double p = oddshape_clamp01(t / ODDSHAPE_FEEDBACK_MS);
        oddshape_outcome outcome = sc->s.outcome[sc->s.round - 1];
        if (outcome == ODDSHAPE_OUTCOME_CORRECT)
            q.scale *= 1 + 0.08 * sin(M_PI * p);
        else if (outcome == ODDSHAPE_OUTCOME_ERROR)
            q.cx += 10 * sin(2 * M_PI * 3 * p); /* 10 px, 3 oscillations */
    }
    return q;
}

/* A ring around a silhouette (oddshape_art_ring), lifted and scaled with its patch. */
static void draw_ring(gfx *g, int shape, int width, int style, Uint32 color, patch_pose q, double scale,
                      double alpha)
{
    gfx_art_draw(g, (gfx_art_key){oddshape_art_ring, width, shape, style, color}, q.cx, ODDSHAPE_SLOT_Y - q.lift,
                 scale, 0, WHITE, alpha);
}

/* RT-FEEDBACK on slot i at progress p of RoundFeedback. C1: green rings and sparkles on a
 * correct pick. C2: a red ring flashes round the wrong twin as it shakes, and the odd patch
 * is outlined in glowing gold to teach. LED-3: neither ever tints a patch's fill, so no
 * colour of DBT-4 can be mistaken for a verdict or turn into another. */
static void draw_feedback(gfx *g, const oddshape_session *s, int i, int shape, patch_pose q, double p)
{
    oddshape_outcome outcome = s->outcome[s->round - 1];
    if (i == s->last_slot && outcome == ODDSHAPE_OUTCOME_CORRECT) {
        /* a green ring expands outward over the patch's own green ring */
        draw_ring(g, shape, 3, ODDSHAPE_RING_SOLID, GFX_GREEN, q, q.scale * (1 + 0.35 * oddshape_ease_out(p)), 1 - p);
        draw_ring(g, shape, 3, ODDSHAPE_RING_SOLID, GFX_GREEN, q, q.scale, 1 - p * 0.5);
        draw_sparkles(g, q.cx, ODDSHAPE_SLOT_Y - q.lift, p);
    }
    if (i == s->last_slot && outcome == ODDSHAPE_OUTCOME_ERROR)
        draw_ring(g, shape, 6, ODDSHAPE_RING_SOLID, GFX_RED, q, q.scale, 1 - p * p);
    if (i == oddshape_session_current(s)->odd_slot && outcome != ODDSHAPE_OUTCOME_CORRECT)
        draw_ring(g, shape, 5, ODDSHAPE_RING_GLOW, GFX_GOLD, q, q.scale, 1);
}

static void draw_round(oddshape_ui *sc, gfx *g, int64_t now)
{
    const oddshape_round *r = oddshape_session_current(&sc->s);
    if (!r) return;
    oddshape_patch slots[ODDSHAPE_SLOTS];
    oddshape_round_slots(r, slots);
    double t = (double)(now - sc->state_since);
    double p = oddshape_clamp01(t / ODDSHAPE_FEEDBACK_MS);
    int feedback = sc->s.state == ODDSHAPE_ROUND_FEEDBACK;
    /* Paused: the trio is hidden, so the board cannot be studied with the clock frozen
     * (pillar 3, honest scoring); Resume shows it again */
    if (sc->s.state == ODDSHAPE_PAUSED) return;
    /* R4: no single patch shakes; the felt board itself flashes red once, under the
     * patches, so the twins keep their colour (LED-3) */
    if (feedback && sc->s.outcome[sc->s.round - 1] == ODDSHAPE_OUTCOME_TIMEOUT)
        gfx_rect(g, 0, 0, ODDSHAPE_FIELD_W, ODDSHAPE_FIELD_H,
                 (gfx_color){0xFF, 0x4D, 0x4D, (Uint8)(110 * sin(M_PI * p))});
    for (int i = 0; i < ODDSHAPE_SLOTS; i++) {
        patch_pose q = pose_patch(sc, i, t, now);
        draw_patch(g, slots[i], sc->opt->colorblind, q.cx, ODDSHAPE_SLOT_Y, q.scale, q.lift, q.alpha);
        /* V1 hover: the gold ring, 3 px (DBT-30); keyboard focus is the same ring as a
         * running stitch, so it never reads as the solid teaching outline of C2 */
        if (sc->s.state == ODDSHAPE_ROUND_INTERACTIVE && q.hover > 0)
            draw_ring(g, slots[i].shape, 3, sc->kbd ? ODDSHAPE_RING_DASHED : ODDSHAPE_RING_SOLID, GFX_GOLD, q, q.scale,
                      q.hover * q.alpha);
        if (feedback) draw_feedback(g, &sc->s, i, slots[i].shape, q, p);
    }
}

static void draw_widgets(oddshape_ui *sc, gfx *g, int64_t now, double alpha)
{
    ui_widget w[ODDSHAPE_MAX_WIDGETS];
    int n = oddshape_ui_widgets(sc, w);
    for (int i = 0; i < n; i++) {
        double h = oddshape_ui_anim(&sc->widget_anim[i], now);
        if (w[i].kind == UI_BUTTON) ui_button(g, &w[i], h, alpha);
    }
}

static void draw_title(oddshape_ui *sc, gfx *g, int64_t now, double alpha)
{
    oddshape_logo(g, 960, 215);
    /* the sample patches: a Red Circle, a Red Circle, a Blue Circle, bobbing */
    static const oddshape_patch sample[3] = {{0, 0}, {0, 0}, {1, 0}};
    for (int i = 0; i < 3; i++) {
        double bob = 9 * sin(now / 1000.0 * 2 * M_PI * 0.55 + i * 1.3);
        draw_patch(g, sample[i], sc->opt->colorblind, 800 + i * 160, 475 + bob, 0.5, 0, alpha);
    }
    draw_widgets(sc, g, now, alpha);
    gfx_text(g, sc->version, 40, 1044, ui_style(26, 0, GFX_LEFT, GFX_INK2, alpha));
    char note[128];
    oddshape_ui_levels_note(sc, note, sizeof note);
    if (note[0]) gfx_text(g, note, 1880, 1044, ui_style(26, 0, GFX_RIGHT, GFX_INK2, alpha));
}

static void draw_options(oddshape_ui *sc, gfx *g, int64_t now)
{
    gfx_rect(g, 0, 0, 1920, 1080, (gfx_color){0x3A, 0x30, 0x28, 70});
    ui_card(g, 960, 540, 1000, 840, 1);
    gfx_text(g, "Options", 960, 200, ui_style(60, 1, GFX_CENTER, GFX_INK, 1));
    ui_widget w[ODDSHAPE_MAX_WIDGETS];
    int n = oddshape_ui_options_widgets(sc, w);
    oddshape_settings *c = sc->opt;
    for (int i = 0; i < n; i++) {
        double h = oddshape_ui_anim(&sc->widget_anim[i], now);
        if (i < ODDSHAPE_OPT_BACK)
            gfx_text(g, w[i].label, 520, oddshape_opt_row_y[i], ui_style(36, 0, GFX_LEFT, w[i].enabled ? GFX_INK : GFX_INK2, 1));
        /* --levels: the file's rounds are played, so both rows show what the file is (a
         * seeded file: Randomize On and its seed; a fixed one: Off and no seed), greyed */
        if ((i == ODDSHAPE_OPT_RANDOMIZE || i == ODDSHAPE_OPT_SEED) && sc->levels.file)
            gfx_text(g, "set by --levels", i == ODDSHAPE_OPT_SEED ? 1215 : 1120, oddshape_opt_row_y[i],
                     ui_style(30, 0, GFX_LEFT, GFX_INK2, 1));
        int randomize = sc->levels.file ? sc->levels.seeded : c->randomize;
        char seed[24];
        if (!sc->levels.file) snprintf(seed, sizeof seed, "%s", sc->seed_text);
        else if (sc->levels.seeded) snprintf(seed, sizeof seed, "%lu", (unsigned long)sc->levels.seed);
        else snprintf(seed, sizeof seed, "\xE2\x80\x94");
        switch (w[i].kind) {
        case UI_SLIDER: ui_slider(g, &w[i], *oddshape_ui_slider_value(sc, i), h, 1); break;
        case UI_TOGGLE: ui_toggle(g, &w[i], i == ODDSHAPE_OPT_COLORBLIND ? c->colorblind : randomize, h, 1); break;
        case UI_FIELD: ui_field(g, &w[i], seed, sc->seed_editing, h, 1, (double)now); break;
        default: ui_button(g, &w[i], h, 1); break;
        }
    }
}

static void draw_ready(oddshape_ui *sc, gfx *g, int64_t now)
{
    if (sc->s.state != ODDSHAPE_READY) return;
    /* fades in, then out over Ready's last DBT-12 so that round 1 reveals on a clear board */
    double t = (double)(now - sc->state_since);
    double a = fmin(oddshape_clamp01(t / ODDSHAPE_READY_SCRIM_FADE_MS), oddshape_clamp01((ODDSHAPE_READY_MS - t) / ODDSHAPE_REVEAL_MS));
    gfx_rect(g, 0, 0, 1920, 1080, (gfx_color){0xFB, 0xF7, 0xEE, (Uint8)(110 * a)});
    gfx_text_style st = ui_style(110, 1, GFX_CENTER, GFX_INK, a);
    st.look = oddshape_felt_text; /* "Get Ready" stitched text on a light scrim (Screens: Ready) */
    gfx_text(g, "Get Ready", 960, 532, st);
    char note[128];
    oddshape_ui_levels_note(sc, note, sizeof note);
    if (note[0]) gfx_text(g, note, 960, 640, ui_style(34, 0, GFX_CENTER, GFX_INK2, a));
}

static void draw_pause(oddshape_ui *sc, gfx *g, int64_t now)
{
    gfx_rect(g, 0, 0, 1920, 1080, (gfx_color){0, 0, 0, 128}); /* 50% black scrim */
    ui_card(g, 960, 545, 560, 520, 1);
    gfx_text(g, "Paused", 960, 370, ui_style(60, 1, GFX_CENTER, GFX_INK, 1));
    draw_widgets(sc, g, now, 1);
}

/* Two bursts of fabric scraps, one from each side of the Results card, drawn before the
 * card so that none ever crosses its text (ODDSHAPE_CONFETTI_MS, _MIN_CORRECT). */
static void draw_confetti(gfx *g, double t)
{
    if (t < 0) return;
    for (int i = 0; i < 90; i++) {
        double seed1 = sin(i * 12.9898) * 43758.5453, r1 = seed1 - floor(seed1);
        double seed2 = sin(i * 78.233) * 12345.678, r2 = seed2 - floor(seed2);
        double life = ODDSHAPE_CONFETTI_MS - 900 + 900 * r2, p = t / life;
        if (p >= 1) continue;
        double side = i % 2 ? 1 : -1; /* the left burst drifts left, the right one right */
        double x0 = 960 + side * (520 + 60 * r1), vx = side * (0.25 + 0.9 * r1) + (r2 - 0.5) * 0.3;
        double vy = -1.1 - 0.9 * r2;
        double x = x0 + vx * t * 0.6 + 30 * sin(t / 300 + i);
        double y = 470 + vy * t * 0.6 + 0.0009 * t * t * 0.5 * (0.8 + r1);
        double alpha = 1 - oddshape_clamp01((p - 0.6) / 0.4);
        double size = 0.5 + 0.5 * r2; /* 8..16 px */
        gfx_art_draw(g, (gfx_art_key){oddshape_art_scrap, i % 4, 0, 0, 0}, x, y, size, t * 0.2 * (r1 - 0.5) + i * 40,
                     GFX_RGB(oddshape_patch_colors[i % 6]), alpha);
    }
}

static void draw_results(oddshape_ui *sc, gfx *g, int64_t now)
{
    oddshape_stats st;
    oddshape_session_stats(&sc->s, &st);
    double p = oddshape_ui_tally(sc, now);
    if (st.correct >= ODDSHAPE_CONFETTI_MIN_CORRECT)
        draw_confetti(g, (double)(now - sc->results_since) - ODDSHAPE_TALLY_MS);
    ui_card(g, 960, 540, 1000, 760, 1);
    gfx_text(g, "Results", 960, 230, ui_style(64, 1, GFX_CENTER, GFX_INK, 1));
    /* the three primary stats large and stitched, each label right-aligned on the card's
     * centre line and its value left-aligned after it: a value that grows while counting up
     * never moves its label, so the digits can keep their natural widths */
    char buf[96], secs[32];
    gfx_text_style label = ui_style(54, 1, GFX_RIGHT, GFX_INK, 1), value = label;
    label.look = value.look = oddshape_felt_text;
    value.align = GFX_LEFT;
    static const char *const names[3] = {"Correct:", "Errors:", "Avg time:"};
    for (int i = 0; i < 3; i++) {
        if (i == 0) snprintf(buf, sizeof buf, "%d / %d", oddshape_ui_counted(st.correct, p), ODDSHAPE_ROUNDS);
        else if (i == 1) snprintf(buf, sizeof buf, "%d", oddshape_ui_counted(st.errors, p));
        else {
            oddshape_format_seconds(st.avg_ms * p, secs, sizeof secs);
            snprintf(buf, sizeof buf, "%s s", secs);
        }
        gfx_text(g, names[i], 975, 330 + 82 * i, label);
        gfx_text(g, buf, 1001, 330 + 82 * i, value);
    }
    char fast[40];
    if (st.fastest_ms < 0) snprintf(fast, sizeof fast, "\xE2\x80\x94");
    else {
        oddshape_format_seconds((double)st.fastest_ms * p, secs, sizeof secs);
        snprintf(fast, sizeof fast, "%s s", secs);
    }
    snprintf(buf, sizeof buf, "Accuracy: %d%%    Fastest: %s", (int)lround(st.accuracy_pct * p), fast);
    gfx_text_style small = ui_style(36, 0, GFX_CENTER, GFX_INK2, 1);
    small.tabular = 1;
    gfx_text(g, buf, 960, 574, small);
    draw_pips(sc, g, 656, now, 0);
    /* honest scoring: how many rounds were paused (their trio hidden, the clock frozen) */
    if (st.paused_rounds > 0) {
        snprintf(buf, sizeof buf, "Paused: %d round%s", st.paused_rounds, st.paused_rounds == 1 ? "" : "s");
        gfx_text(g, buf, 960, 706, ui_style(30, 0, GFX_CENTER, GFX_INK2, 1));
    }
    draw_widgets(sc, g, now, 1);
}

void oddshape_draw(oddshape_ui *sc, gfx *g, int64_t now)
{
    gfx_board(g);
    oddshape_state st = sc->s.state;
    switch (st) {
    case ODDSHAPE_TITLE:
    case ODDSHAPE_QUIT:
        draw_title(sc, g, now, 1);
        break;
    case ODDSHAPE_OPTIONS:
        draw_title(sc, g, now, 1);
        draw_options(sc, g, now);
        break;
    case ODDSHAPE_READY:
        draw_hud(sc, g, now, oddshape_clamp01((double)(now - sc->state_since) / ODDSHAPE_READY_HUD_FADE_MS));
        draw_ready(sc, g, now);
        break;
    case ODDSHAPE_RESULTS:
        draw_results(sc, g, now);
        break;
    default:
        draw_round(sc, g, now);
        draw_hud(sc, g, now, 1);
        draw_hint(sc, g, now);
        draw_ready(sc, g, now);
        if (st == ODDSHAPE_PAUSED) draw_pause(sc, g, now);
        break;
    }
    if (sc->have_pointer) {
        /* the needle tilts 15 degrees over a patch and stays upright over buttons */
        int over = st == ODDSHAPE_ROUND_INTERACTIVE && oddshape_slot_at(sc->px, sc->py) >= 0;
        gfx_cursor(g, sc->px, sc->py, over ? 15 : 0);
    }
}
