/* The SFX Bank: one recipe per event, rendered once into a stereo buffer. */
#include "synth_sfx.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define RATE SYNTH_RATE
#define PI SYNTH_PI

static double env_fwip(double t, double len)
{
    (void)len;
    return synth_attack_env(t, 0.012) * exp(-(t > 0.012 ? t - 0.012 : 0.0) / 0.035);
}

/* rises over 0.15 s like a played-backwards fwip, then lets go in 35 ms */
static double env_reverse_fwip(double t, double len)
{
    (void)len;
    if (t < 0.15) {
        double u = t / 0.15;
        return u * u * u;
    }
    double u = (t - 0.15) / 0.035;
    return u >= 1.0 ? 0.0 : 0.5 + 0.5 * cos(PI * u);
}

static double env_hann(double t, double len)
{
    return 0.5 - 0.5 * cos(2.0 * PI * t / len);
}

static double env_slide_in(double t, double len)
{
    double peak = 0.6 * len;
    return t < peak ? sin(0.5 * PI * t / peak) * sin(0.5 * PI * t / peak)
                    : 0.5 + 0.5 * cos(PI * (t - peak) / (len - peak));
}

static double env_slide_out(double t, double len)
{
    return env_slide_in(len - t, len);
}

static int secs(double s)
{
    return (int)(s * RATE);
}

/* Adds a mono buffer into a stereo one at offset, panned. */
static void mix_mono(synth_buf *dst, int at, const float *src, int n, double gain, double pan)
{
    double gl, gr;
    synth_pan_gains(pan, &gl, &gr);
    for (int k = 0; k < n && at + k < dst->frames; k++) {
        dst->s[2 * (at + k)] += (float)(src[k] * gain * gl);
        dst->s[2 * (at + k) + 1] += (float)(src[k] * gain * gr);
    }
}

static void thread_tick(float *m, int n)
{
    /* plucked thread: a high, quickly damped string with a hint of pluck noise */
    static const synth_partial p[3] = {{1.0, 1.0, 0.030}, {2.01, 0.35, 0.014}, {3.03, 0.12, 0.007}};
    for (int i = 0; i < 3; i++)
        synth_add_partial(m, n, 2900.0 * p[i].ratio, p[i].amp, p[i].tau);
    rng_t r;
    rng_seed(&r, 77);
    for (int k = 0; k < secs(0.003) && k < n; k++) {
        double e = synth_attack_env((double)k / RATE, 0.0004) * (1.0 - (double)k / secs(0.003));
        m[k] += (float)(0.25 * synth_noise(&r) * e);
    }
}

static void felt_thud_and_wub(float *m, int n)
{
    /* the felt thud: a dropping low sine and a puff of low-passed noise */
    synth_add_glide(m, n, 150.0, 62.0, 0.06, 1.0, 0.003, 0.07);
    rng_t r;
    rng_seed(&r, 1234);
    synth_svf s = {0};
    synth_svf_tune(&s, 420.0, 0.7);
    for (int k = 0; k < n; k++) {
        double t = (double)k / RATE, lp, bp;
        synth_svf_step(&s, synth_noise(&r), &lp, &bp);
        m[k] += (float)(0.55 * lp * synth_attack_env(t, 0.002) * exp(-t / 0.025));
    }
    /* the wub: a short low sine bending down, a whisper of its octave for small speakers */
    int at = secs(0.035);
    if (at < n) {
        synth_add_glide(m + at, n - at, 98.0, 72.0, 0.26, 0.8, 0.03, 0.11);
        synth_add_glide(m + at, n - at, 196.0, 144.0, 0.26, 0.12, 0.03, 0.08);
    }
}

int synth_sfx_build(audio_sfx id, synth_buf *b, float *tmp)
{
    int n = 0;
    double peak = 0.5;
    memset(tmp, 0, (size_t)SYNTH_TAIL_FRAMES * sizeof(float));
    switch (id) {
    case AUDIO_SFX_PATCH_REVEAL: { /* three airy fwips, 20 ms apart, one per slot left to right */
        int one = secs(0.16);
        n = one + secs(0.04);
        if (!synth_buf_alloc(b, n))
            return 0;
        static const double tilt[3] = {1.0, 1.08, 0.94}, pans[3] = {-0.6, 0.0, 0.6};
        for (int s = 0; s < 3; s++) {
            memset(tmp, 0, (size_t)one * sizeof(float));
            synth_add_noise_sweep(tmp, one, 31u + (uint32_t)s, 1300.0 * tilt[s], 4800.0 * tilt[s], 1.3,
                                  1.0, env_fwip);
            mix_mono(b, secs(0.020) * s, tmp, one, 1.0, pans[s]);
        }
        peak = 0.42;
        break;
    }
    case AUDIO_SFX_PATCH_DISMISS: /* the fwip reversed: swells, sweeping down, then gone */
        n = secs(0.20);
        synth_add_noise_sweep(tmp, n, 41u, 4200.0, 1400.0, 1.2, 1.0, env_reverse_fwip);
        peak = 0.32;
        break;
    case AUDIO_SFX_PATCH_HOVER:
    case AUDIO_SFX_BUTTON_HOVER: /* "plucked-thread tick (as patch hover)" */
        n = secs(0.09);
        thread_tick(tmp, n);
        peak = 0.22;
        break;
    case AUDIO_SFX_CORRECT: { /* music-box C6-E6-G6, 70 ms apart, each a touch brighter */
        static const double tri[3] = {84, 88, 91};
        float *one = tmp + secs(2.0);
        n = secs(2.0);
        for (int i = 0; i < 3; i++) {
            int len = synth_voice_render(SYNTH_INST_CHIME, synth_mtof(tri[i]), 0.8 + 0.1 * i, 0, 0, one,
                                         secs(1.8));
            for (int k = 0; k < len && secs(0.07) * i + k < n; k++)
                tmp[secs(0.07) * i + k] += one[k];
        }
        peak = 0.85;
        break;
    }
    case AUDIO_SFX_ERROR:
        n = secs(0.42);
        felt_thud_and_wub(tmp, n);
        peak = 0.85;
        break;
    case AUDIO_SFX_TIMEOUT: /* the error thud and a soft descending swish */
        n = secs(0.55);
        felt_thud_and_wub(tmp, n);
        synth_add_noise_sweep(tmp, n, 53u, 3600.0, 450.0, 0.9, 0.9, env_hann);
        peak = 0.85;
        break;
    case AUDIO_SFX_PIP_CORRECT: /* a bright little stitch pip (G6) */
        n = secs(0.16);
        synth_add_partial(tmp, n, 1568.0, 1.0, 0.045);
        synth_add_partial(tmp, n, 3136.0, 0.15, 0.02);
        peak = 0.4;
        break;
    case AUDIO_SFX_PIP_ERROR: /* duller and lower (C5), odd harmonics only */
        n = secs(0.14);
        synth_add_partial(tmp, n, 523.25, 1.0, 0.04);
        synth_add_partial(tmp, n, 1569.75, 0.07, 0.015);
        peak = 0.4;
        break;
    case AUDIO_SFX_READY: { /* gentle rising two-note tone, G5 then C6 */
        float *one = tmp + secs(2.0);
        n = secs(1.6);
        int len = synth_voice_render(SYNTH_INST_TONE, synth_mtof(79), 0.8, 0, 0, one, secs(1.4));
        for (int k = 0; k < len; k++)
            tmp[k] += one[k];
        len = synth_voice_render(SYNTH_INST_TONE, synth_mtof(84), 1.0, 0, 0, one, secs(1.4));
        for (int k = 0; k < len && secs(0.18) + k < n; k++)
            tmp[secs(0.18) + k] += one[k];
        peak = 0.6;
        break;
    }
    case AUDIO_SFX_TALLY_TICK: { /* woodblock: two short hollow modes and a knock */
        n = secs(0.07);
        synth_add_partial(tmp, n, 1250.0, 1.0, 0.016);
        synth_add_partial(tmp, n, 1250.0 * 2.57, 0.35, 0.008);
        rng_t r;
        rng_seed(&r, 61);
        for (int k = 0; k < secs(0.002); k++) {
            double e = synth_attack_env((double)k / RATE, 0.0003) * (1.0 - (double)k / secs(0.002));
            tmp[k] += (float)(0.3 * synth_noise(&r) * e);
        }
        peak = 0.35;
        break;
    }
    case AUDIO_SFX_FANFARE: { /* warm glockenspiel + uke chord swell over a soft pad and bass */
        static const synth_note f[] = {
            {0.00, SYNTH_INST_UKE, 60, 0.8, -0.35, 3},  {0.03, SYNTH_INST_UKE, 64, 0.75, -0.3, 3},
            {0.06, SYNTH_INST_UKE, 67, 0.75, -0.25, 3}, {0.09, SYNTH_INST_UKE, 72, 0.8, -0.2, 3},
            {0.10, SYNTH_INST_GLOCK, 84, 0.6, 0.3, 0},  {0.18, SYNTH_INST_GLOCK, 88, 0.6, 0.35, 0},
            {0.26, SYNTH_INST_GLOCK, 91, 0.65, 0.4, 0}, {0.40, SYNTH_INST_GLOCK, 96, 0.55, 0.3, 0},
            {0.00, SYNTH_INST_PAD, 60, 0.35, 0, 1.2},   {0.00, SYNTH_INST_PAD, 64, 0.3, 0, 1.2},
            {0.00, SYNTH_INST_PAD, 67, 0.3, 0, 1.2},    {0.00, SYNTH_INST_BASS, 48, 0.7, 0, 1.4},
        };
        n = secs(4.0);
        if (!synth_buf_alloc(b, n))
            return 0;
        /* beats at 60 BPM are seconds; the fanfare is music, so it gets the themes' room */
        synth_render_notes(f, (int)(sizeof f / sizeof f[0]), 60.0, b->s, n, 0, NULL, 0, 0xFA4Fu, tmp);
        synth_room *room = malloc(sizeof *room);
        if (!room)
            return 0;
        synth_room_init(room, SYNTH_ROOM_RT60, SYNTH_ROOM_DAMP_HZ);
        synth_room_run(room, b->s, b->s, n, SYNTH_ROOM_WET);
        free(room);
        peak = 0.85;
        break;
    }
    case AUDIO_SFX_BUTTON_CONFIRM: /* soft rounded chime: A5 with a quiet fifth above */
        n = secs(1.2);
        synth_add_partial(tmp, n, 880.0, 1.0, 0.28);
        synth_add_partial(tmp, n, 1320.0, 0.3, 0.18);
        synth_add_partial(tmp, n, 1760.0, 0.12, 0.1);
        for (int k = 0; k < secs(0.004); k++)
            tmp[k] *= (float)synth_attack_env((double)k / RATE, 0.004);
        peak = 0.5;
        break;
    case AUDIO_SFX_BUTTON_CANCEL: /* low short plucked "thup" */
        n = secs(0.22);
        synth_add_glide(tmp, n, 230.0, 140.0, 0.04, 1.0, 0.002, 0.05);
        synth_add_glide(tmp, n, 460.0, 280.0, 0.04, 0.25, 0.002, 0.025);
        peak = 0.5;
        break;
    case AUDIO_SFX_INVALID: { /* short muted double-buzz: two 75 ms soft-square bursts, 55 ms apart */
        n = secs(0.24);
        static const double f0[2] = {155.0, 146.0};
        for (int burst = 0; burst < 2; burst++) {
            int at = burst * secs(0.13), len = secs(0.075);
            for (int k = 0; k < len; k++) {
                double t = (double)k / RATE, x = 0.0;
                for (int h = 1; h <= 9; h += 2)
                    x += sin(2.0 * PI * f0[burst] * h * t) / (h * h); /* muted: odd harmonics, 1/n^2 */
                double e = synth_attack_env(t, 0.006);
                if (t > 0.065)
                    e *= 0.5 + 0.5 * cos(PI * (t - 0.065) / 0.010);
                tmp[at + k] += (float)(x * e);
            }
        }
        peak = 0.4;
        break;
    }
    case AUDIO_SFX_PAUSE_OPEN: /* fabric slide in: rising sweep, swelling late */
        n = secs(0.30);
        synth_add_noise_sweep(tmp, n, 71u, 700.0, 2300.0, 0.8, 1.0, env_slide_in);
        peak = 0.4;
        break;
    case AUDIO_SFX_PAUSE_CLOSE: /* and out: falling, swelling early */
        n = secs(0.30);
        synth_add_noise_sweep(tmp, n, 73u, 2300.0, 700.0, 0.8, 1.0, env_slide_out);
        peak = 0.4;
        break;
    default:
        return 0;
    }
    if (!b->s) {
        if (!synth_buf_alloc(b, n))
            return 0;
        mix_mono(b, 0, tmp, n, 1.0, 0.0);
    }
    /* normalise to the recipe's peak and fade the last 5 ms so every SFX ends in silence */
    double mx = 0.0;
    for (long i = 0; i < 2L * b->frames; i++)
        if (fabs(b->s[i]) > mx)
            mx = fabs(b->s[i]);
    if (mx > 0.0)
        synth_buf_scale(b, peak / mx);
    int fade = secs(0.005);
    for (int k = 0; k < fade && k < b->frames; k++) {
        float g = (float)k / fade;
        b->s[2 * (b->frames - 1 - k)] *= g;
        b->s[2 * (b->frames - 1 - k) + 1] *= g;
    }
    return 1;
}
