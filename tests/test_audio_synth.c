/* Player audio synthesizer (spec "Audio", RT-FEEDBACK, Pause, Options) measured on offline renders. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../player/audio/synth.h"

#define RATE AUDIO_RATE
#define PI 3.14159265358979323846

static int secs(double s)
{
    return (int)lround(s * RATE);
}

static synth_mixer *mixer(void)
{
    synth_mixer *m = synth_create();
    cr_assert_not_null(m, "synth_create failed");
    return m;
}

static float *render(synth_mixer *m, int frames, unsigned buses)
{
    float *out = malloc((size_t)frames * 2 * sizeof(float));
    cr_assert_not_null(out);
    synth_render_buses(m, out, frames, buses);
    return out;
}

/* Mono mix (L+R)/2 of frames [from, to). */
static double *mono(const float *st, int from, int to)
{
    double *x = malloc((size_t)(to - from) * sizeof(double));
    cr_assert_not_null(x);
    for (int i = from; i < to; i++)
        x[i - from] = 0.5 * ((double)st[2 * i] + st[2 * i + 1]);
    return x;
}

static double rms(const float *st, int from, int to)
{
    double acc = 0.0;
    for (int i = 2 * from; i < 2 * to; i++)
        acc += (double)st[i] * st[i];
    return to > from ? sqrt(acc / (2.0 * (to - from))) : 0.0;
}

static double peak(const float *st, int from, int to)
{
    double p = 0.0;
    for (int i = 2 * from; i < 2 * to; i++)
        p = fmax(p, fabs(st[i]));
    return p;
}

/* Goertzel power of x at frequency f. */
static double goertzel(const double *x, int n, double f)
{
    double w = 2.0 * PI * f / RATE, c = 2.0 * cos(w), s1 = 0.0, s2 = 0.0;
    for (int i = 0; i < n; i++) {
        double s0 = x[i] + c * s1 - s2;
        s2 = s1;
        s1 = s0;
    }
    return s1 * s1 + s2 * s2 - c * s1 * s2;
}

/* Share of the energy of x below f_cut, by the DFT bins up to f_cut and Parseval. */
static double share_below(const double *x, int n, double f_cut)
{
    double total = 0.0;
    for (int i = 0; i < n; i++)
        total += x[i] * x[i];
    if (total == 0.0)
        return 0.0;
    int kmax = (int)(f_cut * n / RATE);
    double low = goertzel(x, n, 0.0);
    for (int k = 1; k <= kmax; k++)
        low += 2.0 * goertzel(x, n, (double)k * RATE / n);
    return low / (n * total);
}

static const char *SFX_NAMES[AUDIO_SFX_COUNT] = {
    "patch reveal", "patch dismiss", "patch hover", "correct", "error", "timeout", "pip correct",
    "pip error", "ready", "tally tick", "fanfare", "button hover", "button confirm", "button cancel",
    "invalid", "pause open", "pause close"};

/* Renders one SFX alone on m (no BGM, so no ambience) and 0.1 s after it; frames = its length. */
static float *play_sfx(synth_mixer *m, audio_sfx id, int *frames)
{
    *frames = synth_sfx_frames(m, id);
    synth_play(m, id);
    return render(m, *frames + secs(0.1), SYNTH_BUS_ALL);
}

/* The same on a fresh mixer with the given volumes. */
static float *render_sfx(audio_sfx id, int master, int sfx_vol, int *frames)
{
    synth_mixer *m = mixer();
    synth_set_volumes(m, master, 70, sfx_vol);
    *frames = synth_sfx_frames(m, id);
    synth_play(m, id);
    float *out = render(m, *frames + secs(0.1), SYNTH_BUS_ALL);
    synth_destroy(m);
    return out;
}

/* "SFX Bank (timbre per event)": every event has a sound that starts, is heard and ends. */
Test(audio_synth, every_sfx_is_audible_finite_and_decays_to_silence)
{
    synth_mixer *m = mixer();
    for (int id = 0; id < AUDIO_SFX_COUNT; id++) {
        int n = synth_sfx_frames(m, (audio_sfx)id);
        cr_assert(n > secs(0.03) && n <= secs(4.5), "%s lasts %d frames", SFX_NAMES[id], n);
        synth_play(m, (audio_sfx)id);
        float *out = render(m, n + secs(0.1), SYNTH_BUS_ALL);
        double p = peak(out, 0, n);
        cr_expect(rms(out, 0, n) > 0.005,
                  "%s is (nearly) silent: rms %g", SFX_NAMES[id], rms(out, 0, n));
        cr_expect(peak(out, n - secs(0.01), n) < 0.1 * p, "%s does not decay: tail %g of peak %g",
                  SFX_NAMES[id], peak(out, n - secs(0.01), n), p);
        cr_expect(fabs(out[2 * n - 2]) < 1e-3 && fabs(out[2 * n - 1]) < 1e-3,
                  "%s ends on a step", SFX_NAMES[id]);
        cr_expect_eq(peak(out, n, n + secs(0.1)), 0.0, "%s sounds past its end", SFX_NAMES[id]);
        free(out);
    }
    synth_destroy(m);
}

/* Correct pick: "bright music-box chime, ascending C-major triad" (C6, E6, G6 in that order). */
Test(audio_synth, correct_chime_climbs_c_e_g)
{
    int n;
    float *out = render_sfx(AUDIO_SFX_CORRECT, 80, 90, &n);
    const double tri[3] = {1046.50, 1318.51, 1567.98};
    for (int w = 0; w < 3; w++) {
        int from = secs(0.07 * w + 0.008), len = secs(0.055);
        double *x = mono(out, from, from + len);
        double pw[3];
        for (int i = 0; i < 3; i++)
            pw[i] = goertzel(x, len, tri[i]);
        for (int i = 0; i < 3; i++)
            if (i != w)
                cr_expect(pw[w] > pw[i],
                          "window %d: %.0f Hz (%g) not above %.0f Hz (%g)", w, tri[w], pw[w], tri[i],
                          pw[i]);
        /* and nothing above the triad in the low register */
        cr_expect(goertzel(x, len, 523.25) < 0.1 * pw[w], "window %d has C5 energy", w);
        free(x);
    }
    double *all = mono(out, 0, n);
    cr_expect(share_below(all, n, 300.0) < 0.02, "the chime should be bright, not low");
    free(all);
    free(out);
}

/* Error pick: "muted felt thud + short low sine wub": mostly low-frequency energy. */
Test(audio_synth, error_thud_and_wub_live_in_the_low_register)
{
    int n;
    float *out = render_sfx(AUDIO_SFX_ERROR, 80, 90, &n);
    double *x = mono(out, 0, n);
    double low = share_below(x, n, 250.0);
    cr_expect(low > 0.6, "share of energy below 250 Hz = %.3f", low);
    free(x);
    free(out);
    /* Timeout (R4): "error thud + a soft descending time-out swish": the thud is still there,
       and the swish adds energy above 1 kHz that the plain error does not have. */
    float *t = render_sfx(AUDIO_SFX_TIMEOUT, 80, 90, &n);
    double *y = mono(t, 0, n);
    cr_expect(share_below(y, n, 250.0) > 0.25, "timeout lost its thud");
    cr_expect(share_below(y, n, 1000.0) < 0.95, "timeout has no swish");
    free(y);
    free(t);
}

/* Invalid input: "short muted double-buzz": exactly two bursts separated by a gap. */
Test(audio_synth, invalid_double_buzz_has_two_bursts)
{
    int n;
    float *out = render_sfx(AUDIO_SFX_INVALID, 80, 90, &n);
    int block = secs(0.005), bursts = 0, on = 0;
    double top = 0.0;
    for (int b = 0; b + block <= n; b += block)
        top = fmax(top, rms(out, b, b + block));
    for (int b = 0; b + block <= n; b += block) {
        double r = rms(out, b, b + block);
        if (!on && r > 0.5 * top) {
            bursts++;
            on = 1;
        } else if (on && r < 0.1 * top) {
            on = 0;
        }
    }
    cr_expect_eq(bursts, 2, "counted %d bursts", bursts);
    cr_expect(n < secs(0.4), "not short: %d frames", n);
    free(out);
}

/* Index of the loudest of freqs[0..n) in stereo frames [from, to) (Goertzel on the mono mix). */
static int loudest(const float *st, int from, int to, const double *freqs, int n)
{
    double *x = mono(st, from, to);
    int best = 0;
    double best_p = -1.0;
    for (int i = 0; i < n; i++) {
        double p = goertzel(x, to - from, freqs[i]);
        if (p > best_p) {
            best_p = p;
            best = i;
        }
    }
    free(x);
    return best;
}

/* Zero crossings per second / 2 of the mono mix: a cheap brightness (pitch, for a pure tone). */
static double zcr_hz(const float *st, int from, int to)
{
    int crossings = 0;
    double prev = 0.5 * ((double)st[2 * from] + st[2 * from + 1]);
    for (int i = from + 1; i < to; i++) {
        double x = 0.5 * ((double)st[2 * i] + st[2 * i + 1]);
        if ((x >= 0.0) != (prev >= 0.0))
            crossings++;
        prev = x;
    }
    return crossings * (double)RATE / (2.0 * (to - from));
}

/* The SFX Bank's timbre words, measured. */
Test(audio_synth, sfx_timbres_follow_the_bank)
{
    int n, m;
    synth_mixer *mx = mixer();
    /* "Pip fills: a single soft stitch pip (higher for the check, duller for the cross)" */
    float *ok = play_sfx(mx, AUDIO_SFX_PIP_CORRECT, &n), *ko = play_sfx(mx, AUDIO_SFX_PIP_ERROR, &m);
    cr_expect(zcr_hz(ok, 0, secs(0.05)) > 1.5 * zcr_hz(ko, 0, secs(0.05)),
              "pip check %.0f Hz vs cross %.0f Hz",
              zcr_hz(ok, 0, secs(0.05)), zcr_hz(ko, 0, secs(0.05)));
    free(ok);
    free(ko);
    /* "Get-Ready overlay: a gentle rising two-note tone": G5 then C6 */
    float *ready = play_sfx(mx, AUDIO_SFX_READY, &n);
    const double two[2] = {783.99, 1046.50};
    cr_expect_eq(loudest(ready, secs(0.01), secs(0.17), two, 2), 0, "Ready should start on G5");
    cr_expect_eq(loudest(ready, secs(0.20), secs(0.50), two, 2), 1, "Ready should rise to C6");
    cr_expect(peak(ready, 0, secs(0.002)) < 0.1 * peak(ready, 0, n), "Ready should attack gently");
    free(ready);
    /* "Patch hover: tiny high plucked-thread tick, quiet" */
    float *hover = play_sfx(mx, AUDIO_SFX_PATCH_HOVER, &n), *chime = play_sfx(mx, AUDIO_SFX_CORRECT, &m);
    cr_expect(zcr_hz(hover, 0, secs(0.03)) > 2000.0,
              "hover tick at %.0f Hz is not high", zcr_hz(hover, 0, secs(0.03)));
    cr_expect(peak(hover, 0, n) < 0.4 * peak(chime, 0, m), "hover tick is not quiet");
    cr_expect(n < secs(0.15), "hover tick is not tiny");
    free(hover);
    free(chime);
    /* "Pause open / close: soft fabric slide in / out": the slide rises in, falls out */
    float *in = play_sfx(mx, AUDIO_SFX_PAUSE_OPEN, &n), *out = play_sfx(mx, AUDIO_SFX_PAUSE_CLOSE, &m);
    cr_expect(zcr_hz(in, secs(0.03), n / 2) < zcr_hz(in, n / 2, n - secs(0.03)),
              "pause open does not rise");
    cr_expect(zcr_hz(out, secs(0.03), m / 2) > zcr_hz(out, m / 2, m - secs(0.03)),
              "pause close does not fall");
    free(in);
    free(out);
    /* "Patch dismiss: soft reversed cloth fwip": it swells, where the reveal's fwips decay */
    float *dis = play_sfx(mx, AUDIO_SFX_PATCH_DISMISS, &n);
    cr_expect(rms(dis, n / 2, n) > 2.0 * rms(dis, 0, n / 4), "dismiss does not swell");
    free(dis);
    /* "Button cancel / back: low, short plucked thup" */
    float *thup = play_sfx(mx, AUDIO_SFX_BUTTON_CANCEL, &n);
    double *x = mono(thup, 0, n);
    cr_expect(share_below(x, n, 500.0) > 0.8, "cancel thup is not low");
    cr_expect(n < secs(0.3), "cancel thup is not short");
    free(x);
    free(thup);
    /* "Results tally tick: light woodblock tick per counted unit": short enough to repeat fast */
    float *tick = play_sfx(mx, AUDIO_SFX_TALLY_TICK, &n);
    cr_expect(n <= secs(0.08) && peak(tick, secs(0.04), n) < 0.1 * peak(tick, 0, n),
              "tally tick rings too long");
    free(tick);
    synth_destroy(mx);
}

/* Options: Master, Music and SFX volumes (DBT-27 defaults 80/70/90) scale what is heard. */
Test(audio_synth, master_zero_is_silence_and_sfx_volume_scales_sfx)
{
    synth_mixer *m = mixer();
    synth_set_volumes(m, 0, 70, 90);
    synth_set_bgm(m, AUDIO_BGM_GAMEPLAY);
    synth_play(m, AUDIO_SFX_CORRECT);
    synth_play(m, AUDIO_SFX_ERROR);
    float *out = render(m, secs(1.0), SYNTH_BUS_ALL);
    cr_expect_eq(peak(out, 0, secs(1.0)), 0.0, "Master 0 must be silent");
    free(out);
    synth_destroy(m);

    int n;
    float *full = render_sfx(AUDIO_SFX_ERROR, 80, 90, &n);
    float *half = render_sfx(AUDIO_SFX_ERROR, 80, 45, &n);
    double ratio = rms(half, 0, n) / rms(full, 0, n);
    cr_expect(ratio < 0.5, "halving SFX volume only scaled the SFX by %.3f", ratio);
    cr_expect(fabs(ratio - 0.25) < 0.01, "slider law (v/100)^2: expected 0.25, got %.4f", ratio);
    free(full);
    free(half);
}

Test(audio_synth, music_volume_leaves_sfx_alone_and_sfx_volume_leaves_music_alone)
{
    synth_mixer *a = mixer(), *b = mixer();
    synth_set_volumes(a, 80, 70, 90);
    synth_set_volumes(b, 80, 0, 90);
    synth_set_bgm(a, AUDIO_BGM_TITLE);
    synth_set_bgm(b, AUDIO_BGM_TITLE);
    synth_play(a, AUDIO_SFX_BUTTON_CONFIRM);
    synth_play(b, AUDIO_SFX_BUTTON_CONFIRM);
    int n = secs(0.5);
    float *sa = render(a, n, SYNTH_BUS_SFX), *sb = render(b, n, SYNTH_BUS_SFX);
    cr_expect_eq(memcmp(sa, sb, (size_t)n * 2 * sizeof(float)), 0, "Music volume changed the SFX");
    cr_expect(peak(sa, 0, n) > 0.05);
    free(sa);
    free(sb);
    synth_set_volumes(a, 80, 70, 0);
    float *ma = render(a, n, SYNTH_BUS_MUSIC | SYNTH_BUS_AMBIENCE);
    cr_expect(rms(ma, secs(0.05), n) > 0.01, "SFX 0 silenced the music");
    float *mb = render(b, n, SYNTH_BUS_MUSIC | SYNTH_BUS_AMBIENCE);
    cr_expect_eq(peak(mb, secs(0.05), n), 0.0, "Music 0 must silence music and ambience");
    free(ma);
    free(mb);
    synth_destroy(a);
    synth_destroy(b);
}

/* Two mixers playing the Gameplay bed in lockstep, 1 s in. */
static void two_beds(synth_mixer **a, synth_mixer **b)
{
    *a = mixer();
    *b = mixer();
    synth_set_bgm(*a, AUDIO_BGM_GAMEPLAY);
    synth_set_bgm(*b, AUDIO_BGM_GAMEPLAY);
    free(render(*a, secs(1.0), SYNTH_BUS_ALL));
    free(render(*b, secs(1.0), SYNTH_BUS_ALL));
}

/* RT-FEEDBACK C1: "music bed ducks -6 dB for 0.30 s", then comes back. */
Test(audio_synth, duck_lowers_the_gameplay_bed_6_db_for_0_30_s)
{
    synth_mixer *a, *b;
    two_beds(&a, &b);
    synth_duck(a);
    int n = secs(0.8);
    float *da = render(a, n, SYNTH_BUS_MUSIC), *db = render(b, n, SYNTH_BUS_MUSIC);
    double in = rms(da, secs(0.01), secs(0.295)) / rms(db, secs(0.01), secs(0.295));
    cr_expect(fabs(20.0 * log10(in) - (-6.0)) < 0.1, "ducked by %.2f dB", 20.0 * log10(in));
    /* restored 0.30 s later (after a 5 ms de-click ramp): identical to the undocked bed */
    for (int i = 2 * secs(0.306); i < 2 * n; i++)
        cr_assert_float_eq(da[i], db[i], 1e-6, "not restored at frame %d", i / 2);
    /* still ducked right up to 0.30 s */
    double late = rms(da, secs(0.28), secs(0.30)) / rms(db, secs(0.28), secs(0.30));
    cr_expect(late < 0.55, "duck ended early (ratio %.3f at 0.28-0.30 s)", late);
    free(da);
    free(db);
    synth_destroy(a);
    synth_destroy(b);
}

/* Gameplay bed, while Paused: "low-pass filter it (cutoff 800 Hz) and drop -6 dB"; Resume restores it */
Test(audio_synth, pause_low_passes_the_bed_at_800_hz_and_drops_6_db)
{
    synth_mixer *a, *b;
    two_beds(&a, &b);
    synth_set_paused(a, 1);
    int n = secs(0.6);
    float *pa = render(a, n, SYNTH_BUS_MUSIC), *pb = render(b, n, SYNTH_BUS_MUSIC);
    int from = secs(0.1), len = secs(0.5);
    double *xa = mono(pa, from, from + len), *xb = mono(pb, from, from + len);
    double ea = 0.0, eb = 0.0;
    for (int i = 0; i < len; i++) {
        ea += xa[i] * xa[i];
        eb += xb[i] * xb[i];
    }
    double hi_a = ea * (1.0 - share_below(xa, len, 2000.0));
    double hi_b = eb * (1.0 - share_below(xb, len, 2000.0));
    double lo_a = ea * share_below(xa, len, 300.0), lo_b = eb * share_below(xb, len, 300.0);
    cr_expect(hi_a < 0.05 * hi_b, "energy above 2 kHz kept: %.4f", hi_a / hi_b);
    cr_expect(fabs(10.0 * log10(lo_a / lo_b) + 6.0) < 1.0, "below 300 Hz: %.2f dB, expected about -6",
              10.0 * log10(lo_a / lo_b));
    free(xa);
    free(xb);
    free(pa);
    free(pb);
    /* Resume: after the 50 ms glide back the bed is exactly the unpaused one */
    synth_set_paused(a, 0);
    float *ra = render(a, n, SYNTH_BUS_MUSIC), *rb = render(b, n, SYNTH_BUS_MUSIC);
    for (int i = 2 * secs(0.06); i < 2 * n; i++)
        cr_assert_float_eq(ra[i], rb[i], 1e-6, "not restored at frame %d", i / 2);
    free(ra);
    free(rb);
    synth_destroy(a);
    synth_destroy(b);
}

/* Largest |x[i] - x[i-1]| over frames [from, to) of either channel. */
static double max_step(const float *st, int from, int to)
{
    double d = 0.0;
    for (int i = from + 1; i < to; i++)
        for (int c = 0; c < 2; c++)
            d = fmax(d, fabs((double)st[2 * i + c] - st[2 * (i - 1) + c]));
    return d;
}

/* "Loops seamlessly": every pass after the first is the same, and the loop point is no click. */
static void check_seamless(audio_bgm bgm, const char *name)
{
    synth_mixer *m = mixer();
    synth_set_bgm(m, bgm);
    int intro = synth_bgm_intro_frames(m, bgm), loop = synth_bgm_loop_frames(m, bgm);
    cr_assert(loop > 0);
    int n = intro + 3 * loop;
    float *out = render(m, n, SYNTH_BUS_MUSIC);
    int p2 = intro + loop, p3 = intro + 2 * loop;
    cr_expect_eq(memcmp(out + 2 * p2, out + 2 * p3, (size_t)loop * 2 * sizeof(float)), 0,
                 "%s: passes differ", name);
    double at_seam = max_step(out, p3 - secs(0.002), p3 + secs(0.002));
    double elsewhere = fmax(max_step(out, p2 + secs(0.01), p3 - secs(0.01)), 1e-9);
    cr_expect(at_seam <= elsewhere,
              "%s: step %.4f at the loop point, %.4f at most elsewhere", name, at_seam, elsewhere);
    /* the first pass starts from silence: no tail of the loop's last bar before anything was struck */
    cr_expect(fabs(out[0]) < 1e-6 && fabs(out[1]) < 1e-6, "%s: starts with a tail", name);
    free(out);
    synth_destroy(m);
}

Test(audio_synth, title_bed_loops_seamlessly)
{
    check_seamless(AUDIO_BGM_TITLE, "Title");
}

Test(audio_synth, gameplay_bed_loops_seamlessly)
{
    check_seamless(AUDIO_BGM_GAMEPLAY, "Gameplay");
}

Test(audio_synth, results_loop_is_seamless_after_its_stinger)
{
    check_seamless(AUDIO_BGM_RESULTS, "Results");
}

/* The ambience loop (all states) has no seam either: its filters start in their steady state. */
Test(audio_synth, ambience_loops_seamlessly)
{
    synth_mixer *m = mixer();
    synth_set_bgm(m, AUDIO_BGM_TITLE);
    int loop = secs(SYNTH_AMBIENCE_LOOP_S), n = 2 * loop + secs(0.5);
    float *out = render(m, n, SYNTH_BUS_AMBIENCE);
    double at_seam = max_step(out, 2 * loop - secs(0.002), 2 * loop + secs(0.002));
    double elsewhere = max_step(out, loop + secs(0.01), 2 * loop - secs(0.01));
    cr_expect(at_seam <= elsewhere,
              "step %.5f at the loop point, %.5f at most elsewhere", at_seam, elsewhere);
    cr_expect(rms(out, loop, 2 * loop) > 0.0005, "no ambience under the Title theme");
    free(out);
    synth_destroy(m);
}

/* Tempos: Title 96 BPM, Gameplay 108 BPM, Results 100 BPM; every loop is 4 bars of 4/4. */
Test(audio_synth, themes_loop_four_bars_at_their_spec_tempos)
{
    synth_mixer *m = mixer();
    cr_expect_eq(synth_bgm_loop_frames(m, AUDIO_BGM_TITLE), lround(16 * 60.0 / 96 * RATE));
    cr_expect_eq(synth_bgm_loop_frames(m, AUDIO_BGM_GAMEPLAY), lround(16 * 60.0 / 108 * RATE));
    cr_expect_eq(synth_bgm_loop_frames(m, AUDIO_BGM_RESULTS), lround(16 * 60.0 / 100 * RATE));
    /* "a short fanfare stinger, then settle into a soft loop": one bar at 100 BPM */
    cr_expect_eq(synth_bgm_intro_frames(m, AUDIO_BGM_RESULTS), lround(4 * 60.0 / 100 * RATE));
    cr_expect_eq(synth_bgm_loop_frames(m, AUDIO_BGM_NONE), 0);
    synth_destroy(m);
}

static const double FIGURE[4] = {783.99, 880.00, 987.77, 1046.50}; /* G5 A5 B5 C6 */

/* Title theme: "Motif: a rising 3-note curiosity figure" (G5-A5-B5 on the glockenspiel, eighths
   at 96 BPM), left on B5: it does not reach the tonic. */
Test(audio_synth, title_opens_with_the_rising_three_note_figure)
{
    synth_mixer *m = mixer();
    synth_set_bgm(m, AUDIO_BGM_TITLE);
    int n = secs(2.0);
    float *out = render(m, n, SYNTH_BUS_MUSIC);
    double eighth = 30.0 / 96.0;
    for (int w = 0; w < 3; w++) {
        int got = loudest(out, secs(w * eighth + 0.01), secs((w + 1) * eighth - 0.005), FIGURE, 4);
        cr_expect_eq(got, w,
                     "eighth %d: loudest figure note is %.0f Hz, expected %.0f Hz", w, FIGURE[got],
                     FIGURE[w]);
    }
    cr_expect_eq(loudest(out, secs(3 * eighth), secs(1.8), FIGURE, 4), 2,
                 "the figure should hang on B5");
    free(out);
    synth_destroy(m);
}

/* Results theme: "the Title 3-note figure resolved upward to the tonic" (G5-A5-B5 then C6, 100
   BPM), and "a short fanfare stinger, then settle into a soft loop": the stinger is louder. */
Test(audio_synth, results_resolves_the_figure_to_the_tonic_after_a_louder_stinger)
{
    synth_mixer *m = mixer();
    synth_set_bgm(m, AUDIO_BGM_RESULTS);
    int intro = synth_bgm_intro_frames(m, AUDIO_BGM_RESULTS);
    int loop = synth_bgm_loop_frames(m, AUDIO_BGM_RESULTS);
    float *out = render(m, intro + 2 * loop, SYNTH_BUS_MUSIC);
    int base = intro + loop; /* the second pass: the loop as it repeats */
    const double starts[5] = {0.0, 0.3, 0.6, 1.2, 1.5}; /* beats 0, 0.5, 1, 2 at 100 BPM */
    for (int w = 0; w < 4; w++) {
        int from = base + secs(starts[w] + 0.01), to = base + secs(starts[w + 1] - 0.01);
        int got = loudest(out, from, to, FIGURE, 4);
        cr_expect_eq(got, w, "note %d: loudest is %.0f Hz, expected %.0f Hz", w, FIGURE[got], FIGURE[w]);
    }
    cr_expect(rms(out, 0, intro) > 1.2 * rms(out, base, base + loop), "stinger rms %.4f, loop rms %.4f",
              rms(out, 0, intro), rms(out, base, base + loop));
    free(out);
    synth_destroy(m);
}

/* Gameplay bed: "light shaker on every beat (the hurry nudge)" at 108 BPM: a burst of high
   frequencies starts on each of the 16 beats of the loop. */
Test(audio_synth, gameplay_shaker_marks_every_beat_at_108_bpm)
{
    synth_mixer *m = mixer();
    synth_set_bgm(m, AUDIO_BGM_GAMEPLAY);
    int loop = synth_bgm_loop_frames(m, AUDIO_BGM_GAMEPLAY);
    float *out = render(m, 2 * loop, SYNTH_BUS_MUSIC);
    /* a second difference is a crude high-pass: the shaker's 7 kHz band dominates it */
    double beat = RATE * 60.0 / 108.0;
    for (int k = 0; k < 16; k++) {
        int at = loop + (int)lround(k * beat);
        double on = 0.0, before = 0.0;
        for (int i = at; i < at + secs(0.03); i++) {
            double d = out[2 * i] - 2.0 * out[2 * i - 2] + out[2 * i - 4];
            on += d * d;
        }
        for (int i = at - secs(0.08); i < at - secs(0.05); i++) {
            double d = out[2 * i] - 2.0 * out[2 * i - 2] + out[2 * i - 4];
            before += d * d;
        }
        cr_expect(on > 4.0 * before,
                  "beat %d: high band %.3g on the beat vs %.3g before", k, on, before);
    }
    free(out);
    synth_destroy(m);
}

/* Title -> Ready: "0.4 s crossfade to the Gameplay bed"; after it only the bed is heard. */
Test(audio_synth, title_to_gameplay_crossfade_lasts_0_4_s)
{
    /* a: Title then Gameplay; b: silence then the bed from its first beat; c: Title fading alone */
    synth_mixer *a = mixer(), *b = mixer(), *c = mixer();
    synth_set_bgm(a, AUDIO_BGM_TITLE);
    synth_set_bgm(c, AUDIO_BGM_TITLE);
    free(render(a, secs(1.0), SYNTH_BUS_MUSIC));
    free(render(b, secs(1.0), SYNTH_BUS_MUSIC));
    free(render(c, secs(1.0), SYNTH_BUS_MUSIC));
    synth_set_bgm(a, AUDIO_BGM_GAMEPLAY);
    synth_set_bgm(b, AUDIO_BGM_GAMEPLAY);
    synth_set_bgm(c, AUDIO_BGM_NONE);
    int n = secs(1.0);
    float *xa = render(a, n, SYNTH_BUS_MUSIC), *xb = render(b, n, SYNTH_BUS_MUSIC);
    float *xc = render(c, n, SYNTH_BUS_MUSIC);
    int last_diff = -1;
    for (int i = 0; i < n; i++)
        if (fabsf(xa[2 * i] - xb[2 * i]) > 1e-6f || fabsf(xa[2 * i + 1] - xb[2 * i + 1]) > 1e-6f)
            last_diff = i;
    cr_expect(last_diff >= secs(0.39) && last_diff <= secs(0.401),
              "Title audible until %.4f s", (double)last_diff / RATE);
    /* the bed's own gain, (a - c) against b, rises along an equal-power curve to 1 at 0.4 s */
    const double at[3] = {0.1, 0.2, 0.3};
    for (int w = 0; w < 3; w++) {
        double num = 0.0, den = 0.0;
        for (int i = secs(at[w] - 0.005); i < secs(at[w] + 0.005); i++)
            for (int ch = 0; ch < 2; ch++) {
                double bed = (double)xa[2 * i + ch] - xc[2 * i + ch];
                num += bed * xb[2 * i + ch];
                den += (double)xb[2 * i + ch] * xb[2 * i + ch];
            }
        double g = num / den, want = sin(PI / 2.0 * at[w] / SYNTH_CROSSFADE_S);
        cr_expect(fabs(g - want) < 0.02, "bed gain %.3f at %.1f s, expected %.3f", g, at[w], want);
    }
    /* and c shows the Title fading out over the same 0.4 s */
    cr_expect(rms(xc, 0, secs(0.05)) > 0.01, "no Title theme at the start of the crossfade");
    cr_expect_eq(peak(xc, secs(0.401), n), 0.0, "Title still audible after 0.4 s");
    free(xa);
    free(xb);
    free(xc);
    synth_destroy(a);
    synth_destroy(b);
    synth_destroy(c);
}

/* Decision (docs/audio.md): going back to a context that is still fading out fades it back
   in where it is instead of restarting it, e.g. Title -> Ready -> (Esc at once) Title. */
Test(audio_synth, returning_to_a_fading_context_resumes_it)
{
    synth_mixer *a = mixer(), *b = mixer();
    synth_set_bgm(a, AUDIO_BGM_TITLE);
    synth_set_bgm(b, AUDIO_BGM_TITLE);
    free(render(a, secs(1.0), SYNTH_BUS_MUSIC));
    free(render(b, secs(1.0), SYNTH_BUS_MUSIC));
    synth_set_bgm(a, AUDIO_BGM_GAMEPLAY);
    free(render(a, secs(0.1), SYNTH_BUS_MUSIC));
    free(render(b, secs(0.1), SYNTH_BUS_MUSIC));
    synth_set_bgm(a, AUDIO_BGM_TITLE);
    int n = secs(1.0);
    float *xa = render(a, n, SYNTH_BUS_MUSIC), *xb = render(b, n, SYNTH_BUS_MUSIC);
    /* the 0.1 s it faded out are undone in 0.1 s, and then it is the uninterrupted Title theme */
    for (int i = 2 * (secs(0.1) + 2); i < 2 * n; i++)
        cr_assert_float_eq(xa[i], xb[i], 1e-6, "not the uninterrupted Title at frame %d", i / 2);
    double diff = 0.0;
    for (int i = 0; i < 2 * secs(0.09); i++)
        diff += fabs((double)xa[i] - xb[i]);
    cr_expect(diff > 1.0, "no crossfade back: the bed vanished at once (diff %g)", diff);
    free(xa);
    free(xb);
    synth_destroy(a);
    synth_destroy(b);
}

/* Results: "hard cut to the stinger from the Gameplay bed at Results entry" (10 ms de-click). */
Test(audio_synth, results_hard_cuts_to_the_stinger)
{
    synth_mixer *a = mixer(), *b = mixer();
    synth_set_bgm(a, AUDIO_BGM_GAMEPLAY);
    free(render(a, secs(2.0), SYNTH_BUS_MUSIC));
    free(render(b, secs(2.0), SYNTH_BUS_MUSIC));
    synth_set_bgm(a, AUDIO_BGM_RESULTS);
    synth_set_bgm(b, AUDIO_BGM_RESULTS);
    int n = secs(3.0);
    float *xa = render(a, n, SYNTH_BUS_MUSIC), *xb = render(b, n, SYNTH_BUS_MUSIC);
    for (int i = 2 * (secs(SYNTH_HARD_CUT_S) + 1); i < 2 * n; i++)
        cr_assert_float_eq(xa[i], xb[i], 1e-6, "Gameplay bed still audible at frame %d", i / 2);
    /* the stinger sounds at once and is the loudest moment of the Results theme */
    cr_expect(rms(xb, 0, secs(0.5)) > 0.01, "no stinger on entry");
    free(xa);
    free(xb);
    synth_destroy(a);
    synth_destroy(b);
}

/* Ambience: "faint sewing-room tone (very low, -24 dB) under all music"; none without a BGM. */
Test(audio_synth, ambience_sits_24_db_under_the_gameplay_bed)
{
    synth_mixer *m = mixer();
    synth_set_bgm(m, AUDIO_BGM_GAMEPLAY);
    int loop = synth_bgm_loop_frames(m, AUDIO_BGM_GAMEPLAY);
    free(render(m, secs(1.0), SYNTH_BUS_ALL));
    synth_mixer *m2 = mixer();
    synth_set_bgm(m2, AUDIO_BGM_GAMEPLAY);
    free(render(m2, secs(1.0), SYNTH_BUS_ALL));
    float *music = render(m, loop, SYNTH_BUS_MUSIC);
    float *amb = render(m2, loop, SYNTH_BUS_AMBIENCE);
    double db = 20.0 * log10(rms(amb, 0, loop) / rms(music, 0, loop));
    cr_expect(fabs(db - SYNTH_AMBIENCE_DB) < 1.5, "ambience at %.2f dB under the bed", db);
    free(music);
    free(amb);
    synth_destroy(m);
    synth_destroy(m2);

    synth_mixer *quiet = mixer();
    float *none = render(quiet, secs(0.5), SYNTH_BUS_ALL);
    cr_expect_eq(peak(none, 0, secs(0.5)), 0.0, "sound with no BGM context and no SFX");
    free(none);
    synth_destroy(quiet);
}

/* Mixing everything at full volume stays under full scale (soft limiter on the master bus). */
Test(audio_synth, full_volume_pile_up_stays_under_full_scale)
{
    synth_mixer *m = mixer();
    synth_set_volumes(m, 100, 100, 100);
    synth_set_bgm(m, AUDIO_BGM_RESULTS);
    for (int id = 0; id < AUDIO_SFX_COUNT; id++)
        synth_play(m, (audio_sfx)id);
    synth_play(m, AUDIO_SFX_FANFARE);
    synth_play(m, AUDIO_SFX_CORRECT);
    int n = secs(2.0);
    float *out = render(m, n, SYNTH_BUS_ALL);
    double p = peak(out, 0, n);
    cr_expect(p < 0.99, "peak %.4f", p);
    cr_expect(p > 0.7, "the pile-up should reach the limiter (peak %.4f)", p);
    free(out);
    synth_destroy(m);
    cr_expect_float_eq(synth_soft_limit(0.5f), 0.5f, 1e-7, "below the knee the limiter is transparent");
    cr_expect(synth_soft_limit(50.0f) < 0.99f && synth_soft_limit(-50.0f) > -0.99f);
    cr_expect(synth_soft_limit(0.9f) < synth_soft_limit(1.2f), "limiter must stay monotonic");
}

/* Determinism: the same calls give the same samples, bit for bit. */
Test(audio_synth, renders_are_deterministic)
{
    float *out[2];
    int n = secs(1.5);
    for (int r = 0; r < 2; r++) {
        synth_mixer *m = mixer();
        synth_set_bgm(m, AUDIO_BGM_TITLE);
        synth_play(m, AUDIO_SFX_PATCH_REVEAL);
        out[r] = render(m, n / 2, SYNTH_BUS_ALL);
        synth_set_bgm(m, AUDIO_BGM_GAMEPLAY);
        synth_play(m, AUDIO_SFX_CORRECT);
        synth_duck(m);
        synth_render(m, out[r], n / 2);
        synth_destroy(m);
    }
    cr_expect_eq(memcmp(out[0], out[1], (size_t)(n / 2) * 2 * sizeof(float)), 0);
    free(out[0]);
    free(out[1]);
}

/* "Patch reveal: soft, airy cloth fwip (three staggered by 20 ms for the trio)": three onsets,
   20 ms apart, from the left, centre and right slots. */
Test(audio_synth, reveal_is_three_fwips_20_ms_apart_across_the_slots)
{
    int n;
    float *out = render_sfx(AUDIO_SFX_PATCH_REVEAL, 80, 90, &n);
    double l = 0.0, r = 0.0;
    for (int i = 0; i < secs(0.015); i++) {
        l += out[2 * i] * out[2 * i];
        r += out[2 * i + 1] * out[2 * i + 1];
    }
    cr_expect(l > 4.0 * r, "the first fwip should be on the left slot (L %g, R %g)", l, r);
    l = r = 0.0;
    for (int i = secs(0.04); i < secs(0.055); i++) {
        l += out[2 * i] * out[2 * i];
        r += out[2 * i + 1] * out[2 * i + 1];
    }
    cr_expect(r > l, "the third fwip should pull right (L %g, R %g)", l, r);
    /* an airy sound: most of its energy above 1 kHz */
    double *x = mono(out, 0, n);
    cr_expect(share_below(x, n, 1000.0) < 0.2);
    free(x);
    free(out);
}
