/* The synthesizer: every Odd Shape sound built from oscillators, noise and filters, and the mixer. */
#include "synth.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"

#define RATE AUDIO_RATE
#define PI 3.14159265358979323846
#define MAX_VOICES 24
#define MAX_DECKS 4
#define TAIL_FRAMES ((int)(SYNTH_TAIL_S * RATE))

/* ------------------------------------------------------------------ buffers */

typedef struct {
    float *s; /* interleaved stereo */
    int frames;
} sbuf;

static int sbuf_alloc(sbuf *b, int frames)
{
    b->frames = frames;
    b->s = calloc((size_t)(frames > 0 ? frames : 1) * 2, sizeof(float));
    return b->s != NULL;
}

static void sbuf_free(sbuf *b)
{
    free(b->s);
    b->s = NULL;
    b->frames = 0;
}

static double db_to_gain(double db)
{
    return pow(10.0, db / 20.0);
}

static double mtof(double midi)
{
    return 440.0 * pow(2.0, (midi - 69.0) / 12.0);
}

/* Constant-power pan, pan in [-1, 1]. */
static void pan_gains(double pan, double *gl, double *gr)
{
    double a = (pan + 1.0) * PI / 4.0;
    *gl = cos(a);
    *gr = sin(a);
}

/* Raised-cosine attack: no step at the onset, so nothing clicks. */
static double attack_env(double t, double attack)
{
    if (attack <= 0.0 || t >= attack)
        return 1.0;
    return 0.5 - 0.5 * cos(PI * t / attack);
}

/* ------------------------------------------------------------------ primitives */

typedef struct {
    double ratio, amp, tau; /* tau <= 0: undamped (sustained voices) */
} partial;

/* A damped sine by a rotating phasor: exact, cheap and starting at phase 0 (no click). */
static void add_partial(float *buf, int n, double f, double amp, double tau)
{
    if (f <= 0.0 || f >= 0.45 * RATE || amp == 0.0)
        return;
    if (tau > 0.0) { /* stop below 3e-4 (-70 dBFS): the rest is inaudible and costs most of the time */
        double a = fabs(amp);
        int audible = a > 3e-4 ? (int)(tau * RATE * log(a / 3e-4)) + 1 : 0;
        if (n > audible)
            n = audible;
    }
    double w = 2.0 * PI * f / RATE;
    double r = tau > 0.0 ? exp(-1.0 / (tau * RATE)) : 1.0;
    double cr = r * cos(w), ci = r * sin(w);
    double zr = amp, zi = 0.0;
    for (int k = 0; k < n; k++) {
        buf[k] += (float)zi;
        double nr = zr * cr - zi * ci;
        zi = zr * ci + zi * cr;
        zr = nr;
    }
}

/* Frames until every partial has fallen below 3e-4, the cut-off add_partial uses. */
static int partials_length(const partial *p, int np, double vel)
{
    int n = 1;
    for (int i = 0; i < np; i++) {
        double a = fabs(vel * p[i].amp);
        int m = p[i].tau > 0.0 && a > 3e-4 ? (int)(p[i].tau * RATE * log(a / 3e-4)) + 1 : 1;
        if (m > n)
            n = m;
    }
    return n < TAIL_FRAMES ? n : TAIL_FRAMES;
}

/* Topology-preserving state-variable filter (Zavalishin): stable under fast cutoff sweeps. */
typedef struct {
    double ic1, ic2;
    double a1, a2, a3;
} svf;

static void svf_tune(svf *s, double fc, double q)
{
    if (fc > 0.45 * RATE)
        fc = 0.45 * RATE;
    double g = tan(PI * fc / RATE), k = 1.0 / q;
    s->a1 = 1.0 / (1.0 + g * (g + k));
    s->a2 = g * s->a1;
    s->a3 = g * s->a2;
}

static void svf_step(svf *s, double in, double *lp, double *bp)
{
    double v3 = in - s->ic2;
    double v1 = s->a1 * s->ic1 + s->a2 * v3;
    double v2 = s->ic2 + s->a2 * s->ic1 + s->a3 * v3;
    s->ic1 = 2.0 * v1 - s->ic1;
    s->ic2 = 2.0 * v2 - s->ic2;
    *lp = v2;
    *bp = v1;
}

/* RBJ-cookbook biquad low-pass, transposed direct form II, one state per channel. */
typedef struct {
    double b0, b1, b2, a1, a2;
    double z1[2], z2[2];
} biquad;

static void biquad_lowpass(biquad *f, double fc, double q)
{
    double w = 2.0 * PI * fc / RATE, c = cos(w), alpha = sin(w) / (2.0 * q);
    double a0 = 1.0 + alpha;
    f->b0 = (1.0 - c) / 2.0 / a0;
    f->b1 = (1.0 - c) / a0;
    f->b2 = f->b0;
    f->a1 = -2.0 * c / a0;
    f->a2 = (1.0 - alpha) / a0;
    memset(f->z1, 0, sizeof f->z1);
    memset(f->z2, 0, sizeof f->z2);
}

static double biquad_step(biquad *f, int ch, double x)
{
    double y = f->b0 * x + f->z1[ch];
    f->z1[ch] = f->b1 * x - f->a1 * y + f->z2[ch];
    f->z2[ch] = f->b2 * x - f->a2 * y;
    return y;
}

/* A small room: four-line feedback delay network (Householder mixing, damped lines) after a
   12 ms pre-delay. Linear and time-invariant, so loops can be reverberated in steady state. */
#define FDN_LINES 4
/* the room every theme (and the fanfare) is played in: ~0.9 s to die away, damped above 5 kHz */
#define ROOM_RT60 0.9
#define ROOM_WET 0.22
#define ROOM_DAMP_HZ 5000.0
#define ROOM_TAIL ((int)(1.5 * RATE))
#define FDN_MAX 2400
#define FDN_PRE 576

typedef struct {
    float line[FDN_LINES][FDN_MAX];
    int len[FDN_LINES], pos[FDN_LINES];
    double gain[FDN_LINES], lp[FDN_LINES], damp;
    float pre[FDN_PRE];
    int pre_pos;
} fdn;

static void fdn_init(fdn *f, double rt60, double damp_hz)
{
    static const int lens[FDN_LINES] = {1433, 1601, 1867, 2053}; /* 30-43 ms, mutually prime */
    memset(f, 0, sizeof *f);
    for (int k = 0; k < FDN_LINES; k++) {
        f->len[k] = lens[k];
        f->gain[k] = pow(10.0, -3.0 * lens[k] / (rt60 * RATE));
    }
    f->damp = 1.0 - exp(-2.0 * PI * damp_hz / RATE);
}

/* Feeds in (stereo) through the room; adds wet * room to out when out is not NULL. */
static void fdn_run(fdn *f, const float *in, float *out, int frames, double wet)
{
    for (int i = 0; i < frames; i++) {
        double x = f->pre[f->pre_pos];
        f->pre[f->pre_pos] = 0.5f * (in[2 * i] + in[2 * i + 1]);
        f->pre_pos = (f->pre_pos + 1) % FDN_PRE;
        double y[FDN_LINES], sum = 0.0;
        for (int k = 0; k < FDN_LINES; k++) {
            f->lp[k] += f->damp * (f->line[k][f->pos[k]] - f->lp[k]);
            y[k] = f->lp[k] * f->gain[k];
            sum += y[k];
        }
        for (int k = 0; k < FDN_LINES; k++) {
            f->line[k][f->pos[k]] = (float)(y[k] - 0.5 * sum + ((k & 1) ? -x : x));
            f->pos[k] = (f->pos[k] + 1) % f->len[k];
        }
        if (out) {
            out[2 * i] += (float)(wet * (y[0] + y[2]));
            out[2 * i + 1] += (float)(wet * (y[1] + y[3]));
        }
    }
}

static double noise(rng_t *r)
{
    return 2.0 * rng_next_float(r) - 1.0;
}

/* Band-passed noise whose centre glides exponentially from f0 to f1 over the whole sound;
   env(t) shapes it. The "cloth" family (fwips, slides, swishes) is all built from this. */
typedef double (*env_fn)(double t, double len);

static void add_noise_sweep(float *buf, int n, uint32_t seed, double f0, double f1, double q,
                            double amp, env_fn env)
{
    rng_t r;
    rng_seed(&r, seed);
    svf s = {0};
    double len = (double)n / RATE;
    for (int k = 0; k < n; k++) {
        double t = (double)k / RATE;
        double lp, bp;
        svf_tune(&s, f0 * pow(f1 / f0, t / len), q);
        svf_step(&s, noise(&r), &lp, &bp);
        buf[k] += (float)(amp * bp * env(t, len));
    }
}

/* A sine whose pitch glides exponentially from f0 to f1 over `glide` seconds. */
static void add_glide(float *buf, int n, double f0, double f1, double glide, double amp,
                      double attack, double tau)
{
    double phase = 0.0;
    for (int k = 0; k < n; k++) {
        double t = (double)k / RATE;
        double f = t < glide ? f0 * pow(f1 / f0, t / glide) : f1;
        buf[k] += (float)(amp * sin(phase) * attack_env(t, attack) * exp(-t / tau));
        phase += 2.0 * PI * f / RATE;
    }
}

/* ------------------------------------------------------------------ instruments */

enum {
    INST_UKE, INST_GLOCK, INST_MARIMBA, INST_SHAKER, INST_BRUSH,
    INST_PAD, INST_BASS, INST_CHIME, INST_TONE
};

/* Renders one note (mono, velocity already applied) into tmp; returns its length in frames. */
static int voice_render(int inst, double f, double vel, double dur, uint32_t seed, float *tmp, int max)
{
    partial p[8];
    int np = 0;
    double attack = 0.002, release = 0.0;
    switch (inst) {
    case INST_UKE: /* plucked nylon: harmonic series, upper harmonics die first, plucked near 1/5 */
        for (int h = 1; h <= 7; h++) {
            double a = fabs(sin(h * PI * 0.2)) / pow(h, 1.2);
            p[np++] = (partial){h * 1.0015, a, 0.6 / (1.0 + 0.8 * (h - 1))};
        }
        attack = 0.003;
        release = 0.05; /* damped by the next strum */
        break;
    case INST_GLOCK: /* free-free bar modes 1 : 2.76 : 5.40 */
        p[np++] = (partial){1.0, 1.0, 1.1};
        p[np++] = (partial){2.76, 0.22, 0.22};
        p[np++] = (partial){5.40, 0.07, 0.07};
        attack = 0.0015;
        break;
    case INST_CHIME: /* music-box tine: strong fundamental, an octave and a faint inharmonic ping */
        p[np++] = (partial){1.0, 1.0, 0.38};
        p[np++] = (partial){2.0, 0.22, 0.15};
        p[np++] = (partial){5.93, 0.05, 0.05};
        attack = 0.0015;
        break;
    case INST_MARIMBA: /* tuned bar: fundamental and the 4th-partial "knock", soft mallet */
        p[np++] = (partial){1.0, 1.0, 0.42};
        p[np++] = (partial){3.93, 0.22, 0.06};
        p[np++] = (partial){9.2, 0.03, 0.02};
        attack = 0.004;
        break;
    case INST_BASS: /* soft upright: round fundamental, a little growl from 2 and 3 */
        p[np++] = (partial){1.0, 1.0, 1.0};
        p[np++] = (partial){2.0, 0.35, 0.45};
        p[np++] = (partial){3.0, 0.10, 0.25};
        attack = 0.012;
        release = 0.08;
        break;
    case INST_TONE: /* gentle ocarina-like tone for the Get-Ready notes */
        p[np++] = (partial){1.0, 1.0, 0.38};
        p[np++] = (partial){2.0, 0.12, 0.16};
        p[np++] = (partial){3.0, 0.04, 0.08};
        attack = 0.010;
        break;
    case INST_PAD: /* warm sustained pad: a few soft harmonics, slow swell in and out */
        p[np++] = (partial){1.0, 1.0, 0.0};
        p[np++] = (partial){2.0, 0.28, 0.0};
        p[np++] = (partial){3.0, 0.10, 0.0};
        p[np++] = (partial){4.0, 0.04, 0.0};
        attack = 0.8;
        release = 1.0;
        break;
    case INST_SHAKER:
    case INST_BRUSH: {
        /* high band-passed noise; the brush is longer and softer than the shaker */
        double att = inst == INST_SHAKER ? 0.006 : 0.020, tau = inst == INST_SHAKER ? 0.030 : 0.055;
        int n = (int)((att + tau * 7.0) * RATE);
        if (n > max)
            n = max;
        rng_t r;
        rng_seed(&r, seed);
        svf s = {0};
        svf_tune(&s, inst == INST_SHAKER ? 7000.0 : 5200.0, 0.9);
        for (int k = 0; k < n; k++) {
            double t = (double)k / RATE, lp, bp;
            svf_step(&s, noise(&r), &lp, &bp);
            double decay = exp(-(t > att ? t - att : 0.0) / tau);
            tmp[k] = (float)(2.5 * vel * bp * attack_env(t, att) * decay);
        }
        return n;
    }
    default:
        return 0;
    }
    int n;
    if (release > 0.0) {
        n = (int)((dur + release) * RATE) + 1;
        if (inst == INST_BASS || inst == INST_UKE) {
            int m = partials_length(p, np, vel);
            if (m < n)
                n = m;
        }
    } else {
        n = partials_length(p, np, vel);
    }
    if (n > max)
        n = max;
    memset(tmp, 0, (size_t)n * sizeof(float));
    for (int i = 0; i < np; i++)
        add_partial(tmp, n, f * p[i].ratio, vel * p[i].amp, p[i].tau);
    for (int k = 0; k < n && k < (int)(attack * RATE); k++)
        tmp[k] *= (float)attack_env((double)k / RATE, attack);
    for (int k = release > 0.0 ? (int)(dur * RATE) : n; k < n; k++) {
        double u = ((double)k / RATE - dur) / release;
        tmp[k] *= (float)(u >= 1.0 ? 0.0 : u <= 0.0 ? 1.0 : 0.5 + 0.5 * cos(PI * u));
    }
    /* the last millisecond fades out whatever remains, so a voice always ends at zero */
    int fade = RATE / 1000;
    for (int k = 0; k < fade && k < n; k++)
        tmp[n - 1 - k] *= (float)k / fade;
    return n;
}

/* ------------------------------------------------------------------ sequencer */

typedef struct {
    double beat;  /* onset in beats from the start of the pattern */
    int inst;
    double midi;
    double vel;
    double pan;
    double dur;   /* beats until damped or released; only the pad, bass and uke use it */
} note;

/* Renders notes into out (frames long). wrap: tails past the end fold back to the start (a loop),
   and the folded part is also kept in spill so the very first pass can be played without it. */
static void render_notes(const note *notes, int n, double bpm, float *out, int frames, int wrap,
                         float *spill, int spill_frames, uint32_t seed, float *tmp)
{
    double fpb = RATE * 60.0 / bpm;
    for (int i = 0; i < n; i++) {
        const note *nt = &notes[i];
        int copies = nt->inst == INST_PAD ? 2 : 1;
        for (int c = 0; c < copies; c++) {
            double f = mtof(nt->midi), pan = nt->pan;
            if (copies == 2) { /* the pad is two voices detuned +-6 cents, spread left and right */
                f *= pow(2.0, (c ? 6.0 : -6.0) / 1200.0);
                pan = c ? 0.55 : -0.55;
            }
            int len = voice_render(nt->inst, f, nt->vel, nt->dur * 60.0 / bpm,
                                   seed + (uint32_t)i * 7919u + (uint32_t)c, tmp, TAIL_FRAMES);
            double gl, gr;
            pan_gains(pan, &gl, &gr);
            long start = lround(nt->beat * fpb);
            for (int k = 0; k < len; k++) {
                long at = start + k;
                if (at >= frames) {
                    if (!wrap)
                        break;
                    at -= frames;
                    if (at < spill_frames) {
                        spill[2 * at] += (float)(tmp[k] * gl);
                        spill[2 * at + 1] += (float)(tmp[k] * gr);
                    }
                }
                out[2 * at] += (float)(tmp[k] * gl);
                out[2 * at + 1] += (float)(tmp[k] * gr);
            }
        }
    }
}

/* ------------------------------------------------------------------ themes */

/* A BGM context: an optional intro played once (intro_len frames before the loop starts, ringing
   on for intro.frames), then the loop forever. The first pass of the loop is played without the
   tails that fold back from its end (spill), so nothing sounds before it was struck. */
typedef struct {
    sbuf intro;
    int intro_len;
    sbuf loop;
    sbuf spill;
} track;

static void track_free(track *t)
{
    sbuf_free(&t->intro);
    sbuf_free(&t->loop);
    sbuf_free(&t->spill);
}

static double sbuf_rms(const sbuf *b)
{
    double acc = 0.0;
    for (long i = 0; i < 2L * b->frames; i++)
        acc += (double)b->s[i] * b->s[i];
    return b->frames > 0 ? sqrt(acc / (2.0 * b->frames)) : 0.0;
}

static void sbuf_scale(sbuf *b, double g)
{
    for (long i = 0; i < 2L * b->frames; i++)
        b->s[i] = (float)(b->s[i] * g);
}

/* Every loop is normalised to this RMS before the bus gains: -15 dBFS, so that even at full volume
   the plucked peaks (crest ~16 dB) only touch the limiter's knee. */
#define MUSIC_RMS 0.18


/* Reverberates a loop in its steady state (the room is fed one whole pass first, so the tail of
   the loop's end rings into its start), and rewrites spill as "loop minus first pass" again,
   the first pass being the un-folded notes through a room that starts empty. */
static int track_reverb(track *t)
{
    int s = t->spill.frames;
    fdn *f = malloc(sizeof *f);
    float *first = calloc((size_t)s * 2, sizeof(float));
    if (!f || !first) {
        free(f);
        free(first);
        return 0;
    }
    for (int i = 0; i < 2 * s; i++)
        first[i] = t->loop.s[i] - t->spill.s[i];
    /* fdn_run reads each frame before adding to it, so it can work in place */
    fdn_init(f, ROOM_RT60, ROOM_DAMP_HZ);
    fdn_run(f, t->loop.s, NULL, t->loop.frames, 0.0);
    fdn_run(f, t->loop.s, t->loop.s, t->loop.frames, ROOM_WET);
    fdn_init(f, ROOM_RT60, ROOM_DAMP_HZ);
    fdn_run(f, first, first, s, ROOM_WET);
    for (int i = 0; i < 2 * s; i++)
        t->spill.s[i] = t->loop.s[i] - first[i];
    if (t->intro.s) {
        fdn_init(f, ROOM_RT60, ROOM_DAMP_HZ);
        fdn_run(f, t->intro.s, t->intro.s, t->intro.frames, ROOM_WET);
    }
    free(f);
    free(first);
    return 1;
}

static int track_build(track *t, const note *loop_notes, int nloop, double beats, double bpm,
                       const note *intro_notes, int nintro, double intro_beats, uint32_t seed,
                       float *tmp)
{
    double fpb = RATE * 60.0 / bpm;
    int frames = (int)lround(beats * fpb);
    int spill = TAIL_FRAMES + ROOM_TAIL;
    if (!sbuf_alloc(&t->loop, frames) || !sbuf_alloc(&t->spill, frames < spill ? frames : spill))
        return 0;
    render_notes(loop_notes, nloop, bpm, t->loop.s, frames, 1, t->spill.s, t->spill.frames, seed, tmp);
    t->intro_len = 0;
    if (nintro > 0) {
        t->intro_len = (int)lround(intro_beats * fpb);
        if (!sbuf_alloc(&t->intro, t->intro_len + TAIL_FRAMES + ROOM_TAIL))
            return 0;
        render_notes(intro_notes, nintro, bpm, t->intro.s, t->intro.frames, 0, NULL, 0,
                     seed ^ 0x5eedu, tmp);
    }
    if (!track_reverb(t))
        return 0;
    double rms = sbuf_rms(&t->loop);
    double g = rms > 0.0 ? MUSIC_RMS / rms : 1.0;
    sbuf_scale(&t->loop, g);
    sbuf_scale(&t->spill, g);
    if (t->intro.s)
        sbuf_scale(&t->intro, g);
    return 1;
}

/* Re-entrant ukulele (G C E A) voicings and a strum: strings 12 ms apart, up-strums reversed.
   ring: beats until the next strum, which damps these strings (one note per string at a time). */
static int add_strum(note *out, int n, double bpm, double beat, const double *chord, double vel, int up,
                     double ring)
{
    for (int s = 0; s < 4; s++) {
        int idx = up ? 3 - s : s;
        double at = beat + s * 0.012 * bpm / 60.0;
        out[n++] = (note){at, INST_UKE, chord[idx], vel * (1.0 - 0.08 * s), -0.25, ring};
    }
    return n;
}

static const double UKE_C[4] = {67, 60, 64, 72}, UKE_AM[4] = {69, 60, 64, 69},
                    UKE_F[4] = {69, 60, 65, 69}, UKE_G[4] = {67, 62, 67, 71};

/* Title theme, 96 BPM, 4 bars C | Am | F | G: ukulele island strum, brushed shaker on eighths,
   and the glockenspiel's rising 3-note "curiosity" figure G-A-B, left hanging on the leading tone. */
static int title_notes(note *o)
{
    int n = 0;
    const double *chords[4] = {UKE_C, UKE_AM, UKE_F, UKE_G};
    static const double strum_beats[6] = {0, 1, 1.5, 2.5, 3, 3.5};
    static const int strum_up[6] = {0, 0, 1, 1, 0, 1};
    static const double strum_vel[6] = {0.9, 0.6, 0.45, 0.45, 0.65, 0.45};
    for (int bar = 0; bar < 4; bar++) {
        for (int s = 0; s < 6; s++) {
            double ring = (s < 5 ? strum_beats[s + 1] : 4.0) - strum_beats[s];
            n = add_strum(o, n, 96, bar * 4 + strum_beats[s], chords[bar], strum_vel[s] * 0.8,
                          strum_up[s], ring);
        }
        for (int e = 0; e < 8; e++)
            o[n++] = (note){bar * 4 + e * 0.5, INST_BRUSH, 0, e % 2 ? 0.30 : 0.18, 0.15, 0};
    }
    static const note glock[] = {
        {0.0, INST_GLOCK, 79, 0.55, 0.3, 0}, {0.5, INST_GLOCK, 81, 0.6, 0.3, 0},
        {1.0, INST_GLOCK, 83, 0.7, 0.3, 0},
        {6.0, INST_GLOCK, 81, 0.4, 0.3, 0},  {7.0, INST_GLOCK, 76, 0.4, 0.3, 0},
        {8.0, INST_GLOCK, 79, 0.55, 0.3, 0}, {8.5, INST_GLOCK, 81, 0.6, 0.3, 0},
        {9.0, INST_GLOCK, 83, 0.7, 0.3, 0},
        {14.0, INST_GLOCK, 74, 0.4, 0.3, 0}, {15.0, INST_GLOCK, 79, 0.45, 0.3, 0},
    };
    for (size_t i = 0; i < sizeof glock / sizeof glock[0]; i++)
        o[n++] = glock[i];
    return n;
}

/* Gameplay bed, 108 BPM: a 2-bar marimba ostinato played twice over a warm pad (C, then Am),
   with a light shaker on every beat (the "hurry" nudge). */
static int gameplay_notes(note *o)
{
    int n = 0;
    static const double ost[16] = {60, 67, 76, 67, 74, 67, 72, 67, 57, 64, 72, 64, 71, 64, 67, 64};
    for (int rep = 0; rep < 2; rep++)
        for (int e = 0; e < 16; e++) {
            double vel = (e % 2 == 0) ? 0.62 : 0.42;
            if (e % 8 == 0)
                vel = 0.75;
            o[n++] = (note){rep * 8 + e * 0.5, INST_MARIMBA, ost[e], vel, -0.15, 0};
        }
    for (int b = 0; b < 16; b++)
        o[n++] = (note){b, INST_SHAKER, 0, b % 2 ? 0.30 : 0.22, 0.2, 0};
    static const double pad_c[3] = {48, 55, 64}, pad_am[3] = {45, 52, 60};
    for (int i = 0; i < 3; i++) {
        o[n++] = (note){0, INST_PAD, pad_c[i], 0.09, 0, 7.0};
        o[n++] = (note){8, INST_PAD, pad_am[i], 0.09, 0, 7.0};
    }
    return n;
}

/* Results stinger, 100 BPM: the Title figure G-A-B run up quickly and resolved to C, on a full
   C chord (uke strum, glockenspiel C-E, bass C). One bar, ringing into the loop. */
static int results_stinger_notes(note *o)
{
    int n = 0;
    o[n++] = (note){0.0, INST_GLOCK, 79, 0.5, 0.25, 0};
    o[n++] = (note){0.25, INST_GLOCK, 81, 0.55, 0.25, 0};
    o[n++] = (note){0.5, INST_GLOCK, 83, 0.6, 0.25, 0};
    o[n++] = (note){1.0, INST_GLOCK, 84, 0.75, 0.25, 0};
    o[n++] = (note){1.0, INST_GLOCK, 88, 0.5, 0.35, 0};
    n = add_strum(o, n, 100, 1.0, UKE_C, 0.8, 0, 1.0);
    n = add_strum(o, n, 100, 2.0, UKE_C, 0.45, 1, 3.0);
    o[n++] = (note){1.0, INST_BASS, 36, 0.75, 0, 2.5};
    return n;
}

/* Results loop, 100 BPM, C | F | G | C: gentle strums, walking root-fifth bass, and the figure
   resolved upward to the tonic (G-A-B-C), answered by D-E-F falling home to E. */
static int results_loop_notes(note *o)
{
    int n = 0;
    const double *chords[4] = {UKE_C, UKE_F, UKE_G, UKE_C};
    static const double bass[4][2] = {{36, 43}, {41, 48}, {43, 38}, {36, 43}};
    for (int bar = 0; bar < 4; bar++) {
        n = add_strum(o, n, 100, bar * 4 + 0, chords[bar], 0.55, 0, 2.0);
        n = add_strum(o, n, 100, bar * 4 + 2, chords[bar], 0.45, 0, 0.5);
        n = add_strum(o, n, 100, bar * 4 + 2.5, chords[bar], 0.3, 1, 1.5);
        o[n++] = (note){bar * 4 + 0, INST_BASS, bass[bar][0], 0.7, 0, 1.8};
        o[n++] = (note){bar * 4 + 2, INST_BASS, bass[bar][1], 0.55, 0, 1.8};
    }
    static const note glock[] = {
        {0.0, INST_GLOCK, 79, 0.45, 0.3, 0}, {0.5, INST_GLOCK, 81, 0.5, 0.3, 0},
        {1.0, INST_GLOCK, 83, 0.55, 0.3, 0}, {2.0, INST_GLOCK, 84, 0.65, 0.3, 0},
        {8.0, INST_GLOCK, 74, 0.45, 0.3, 0}, {8.5, INST_GLOCK, 76, 0.5, 0.3, 0},
        {9.0, INST_GLOCK, 77, 0.55, 0.3, 0}, {12.0, INST_GLOCK, 76, 0.55, 0.3, 0},
    };
    for (size_t i = 0; i < sizeof glock / sizeof glock[0]; i++)
        o[n++] = glock[i];
    return n;
}

/* Ambience: a faint sewing-room tone, decorrelated low rumble plus a breath of air in each
   channel, slowly breathing (two swells per loop). Rendered twice through the filters so the
   kept pass starts in the filters' steady state: the loop point is seamless. */
static int ambience_build(sbuf *b)
{
    int frames = (int)(SYNTH_AMBIENCE_LOOP_S * RATE);
    if (!sbuf_alloc(b, frames))
        return 0;
    for (int ch = 0; ch < 2; ch++) {
        svf low = {0}, air = {0};
        svf_tune(&low, 380.0, 0.6);
        svf_tune(&air, 2400.0, 0.5);
        for (int pass = 0; pass < 2; pass++) {
            rng_t r;
            rng_seed(&r, 0xA4B1E4CEu + (uint32_t)ch);
            for (int k = 0; k < frames; k++) {
                double x = noise(&r), lp, bp, alp, abp;
                svf_step(&low, x, &lp, &bp);
                svf_step(&air, x, &alp, &abp);
                double swell = 1.0 + 0.2 * sin(2.0 * PI * 2.0 * k / frames + ch);
                if (pass == 1)
                    b->s[2 * k + ch] = (float)((lp + 0.12 * abp) * swell);
            }
        }
    }
    return 1;
}

/* ------------------------------------------------------------------ SFX recipes */

static double env_fwip(double t, double len)
{
    (void)len;
    return attack_env(t, 0.012) * exp(-(t > 0.012 ? t - 0.012 : 0.0) / 0.035);
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
static void mix_mono(sbuf *dst, int at, const float *src, int n, double gain, double pan)
{
    double gl, gr;
    pan_gains(pan, &gl, &gr);
    for (int k = 0; k < n && at + k < dst->frames; k++) {
        dst->s[2 * (at + k)] += (float)(src[k] * gain * gl);
        dst->s[2 * (at + k) + 1] += (float)(src[k] * gain * gr);
    }
}

static void thread_tick(float *m, int n)
{
    /* plucked thread: a high, quickly damped string with a hint of pluck noise */
    static const partial p[3] = {{1.0, 1.0, 0.030}, {2.01, 0.35, 0.014}, {3.03, 0.12, 0.007}};
    for (int i = 0; i < 3; i++)
        add_partial(m, n, 2900.0 * p[i].ratio, p[i].amp, p[i].tau);
    rng_t r;
    rng_seed(&r, 77);
    for (int k = 0; k < secs(0.003) && k < n; k++) {
        double e = attack_env((double)k / RATE, 0.0004) * (1.0 - (double)k / secs(0.003));
        m[k] += (float)(0.25 * noise(&r) * e);
    }
}

static void felt_thud_and_wub(float *m, int n)
{
    /* the felt thud: a dropping low sine and a puff of low-passed noise */
    add_glide(m, n, 150.0, 62.0, 0.06, 1.0, 0.003, 0.07);
    rng_t r;
    rng_seed(&r, 1234);
    svf s = {0};
    svf_tune(&s, 420.0, 0.7);
    for (int k = 0; k < n; k++) {
        double t = (double)k / RATE, lp, bp;
        svf_step(&s, noise(&r), &lp, &bp);
        m[k] += (float)(0.55 * lp * attack_env(t, 0.002) * exp(-t / 0.025));
    }
    /* the wub: a short low sine bending down, a whisper of its octave for small speakers */
    int at = secs(0.035);
    if (at < n) {
        add_glide(m + at, n - at, 98.0, 72.0, 0.26, 0.8, 0.03, 0.11);
        add_glide(m + at, n - at, 196.0, 144.0, 0.26, 0.12, 0.03, 0.08);
    }
}

/* Renders one SFX (stereo) into b; the mono scratch is tmp. Returns 0 when out of memory. */
static int sfx_build(audio_sfx id, sbuf *b, float *tmp)
{
    int n = 0;
    double peak = 0.5;
    memset(tmp, 0, (size_t)TAIL_FRAMES * sizeof(float));
    switch (id) {
    case AUDIO_SFX_PATCH_REVEAL: { /* three airy fwips, 20 ms apart, one per slot left to right */
        int one = secs(0.16);
        n = one + secs(0.04);
        if (!sbuf_alloc(b, n))
            return 0;
        static const double tilt[3] = {1.0, 1.08, 0.94}, pans[3] = {-0.6, 0.0, 0.6};
        for (int s = 0; s < 3; s++) {
            memset(tmp, 0, (size_t)one * sizeof(float));
            add_noise_sweep(tmp, one, 31u + (uint32_t)s, 1300.0 * tilt[s], 4800.0 * tilt[s], 1.3, 1.0,
                            env_fwip);
            mix_mono(b, secs(0.020) * s, tmp, one, 1.0, pans[s]);
        }
        peak = 0.42;
        break;
    }
    case AUDIO_SFX_PATCH_DISMISS: /* the fwip reversed: swells, sweeping down, then gone */
        n = secs(0.20);
        add_noise_sweep(tmp, n, 41u, 4200.0, 1400.0, 1.2, 1.0, env_reverse_fwip);
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
            int len = voice_render(INST_CHIME, mtof(tri[i]), 0.8 + 0.1 * i, 0, 0, one, secs(1.8));
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
        add_noise_sweep(tmp, n, 53u, 3600.0, 450.0, 0.9, 0.9, env_hann);
        peak = 0.85;
        break;
    case AUDIO_SFX_PIP_CORRECT: /* a bright little stitch pip (G6) */
        n = secs(0.16);
        add_partial(tmp, n, 1568.0, 1.0, 0.045);
        add_partial(tmp, n, 3136.0, 0.15, 0.02);
        peak = 0.4;
        break;
    case AUDIO_SFX_PIP_ERROR: /* duller and lower (C5), odd harmonics only */
        n = secs(0.14);
        add_partial(tmp, n, 523.25, 1.0, 0.04);
        add_partial(tmp, n, 1569.75, 0.07, 0.015);
        peak = 0.4;
        break;
    case AUDIO_SFX_READY: { /* gentle rising two-note tone, G5 then C6 */
        float *one = tmp + secs(2.0);
        n = secs(1.6);
        int len = voice_render(INST_TONE, mtof(79), 0.8, 0, 0, one, secs(1.4));
        for (int k = 0; k < len; k++)
            tmp[k] += one[k];
        len = voice_render(INST_TONE, mtof(84), 1.0, 0, 0, one, secs(1.4));
        for (int k = 0; k < len && secs(0.18) + k < n; k++)
            tmp[secs(0.18) + k] += one[k];
        peak = 0.6;
        break;
    }
    case AUDIO_SFX_TALLY_TICK: { /* woodblock: two short hollow modes and a knock */
        n = secs(0.07);
        add_partial(tmp, n, 1250.0, 1.0, 0.016);
        add_partial(tmp, n, 1250.0 * 2.57, 0.35, 0.008);
        rng_t r;
        rng_seed(&r, 61);
        for (int k = 0; k < secs(0.002); k++) {
            double e = attack_env((double)k / RATE, 0.0003) * (1.0 - (double)k / secs(0.002));
            tmp[k] += (float)(0.3 * noise(&r) * e);
        }
        peak = 0.35;
        break;
    }
    case AUDIO_SFX_FANFARE: { /* warm glockenspiel + uke chord swell over a soft pad and bass */
        static const note f[] = {
            {0.00, INST_UKE, 60, 0.8, -0.35, 3},  {0.03, INST_UKE, 64, 0.75, -0.3, 3},
            {0.06, INST_UKE, 67, 0.75, -0.25, 3}, {0.09, INST_UKE, 72, 0.8, -0.2, 3},
            {0.10, INST_GLOCK, 84, 0.6, 0.3, 0},  {0.18, INST_GLOCK, 88, 0.6, 0.35, 0},
            {0.26, INST_GLOCK, 91, 0.65, 0.4, 0}, {0.40, INST_GLOCK, 96, 0.55, 0.3, 0},
            {0.00, INST_PAD, 60, 0.35, 0, 1.2},   {0.00, INST_PAD, 64, 0.3, 0, 1.2},
            {0.00, INST_PAD, 67, 0.3, 0, 1.2},    {0.00, INST_BASS, 48, 0.7, 0, 1.4},
        };
        n = secs(4.0);
        if (!sbuf_alloc(b, n))
            return 0;
        /* beats at 60 BPM are seconds; the fanfare is music, so it gets the themes' room */
        render_notes(f, (int)(sizeof f / sizeof f[0]), 60.0, b->s, n, 0, NULL, 0, 0xFA4Fu, tmp);
        fdn *room = malloc(sizeof *room);
        if (!room)
            return 0;
        fdn_init(room, ROOM_RT60, ROOM_DAMP_HZ);
        fdn_run(room, b->s, b->s, n, ROOM_WET);
        free(room);
        peak = 0.85;
        break;
    }
    case AUDIO_SFX_BUTTON_CONFIRM: /* soft rounded chime: A5 with a quiet fifth above */
        n = secs(1.2);
        add_partial(tmp, n, 880.0, 1.0, 0.28);
        add_partial(tmp, n, 1320.0, 0.3, 0.18);
        add_partial(tmp, n, 1760.0, 0.12, 0.1);
        for (int k = 0; k < secs(0.004); k++)
            tmp[k] *= (float)attack_env((double)k / RATE, 0.004);
        peak = 0.5;
        break;
    case AUDIO_SFX_BUTTON_CANCEL: /* low short plucked "thup" */
        n = secs(0.22);
        add_glide(tmp, n, 230.0, 140.0, 0.04, 1.0, 0.002, 0.05);
        add_glide(tmp, n, 460.0, 280.0, 0.04, 0.25, 0.002, 0.025);
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
                double e = attack_env(t, 0.006);
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
        add_noise_sweep(tmp, n, 71u, 700.0, 2300.0, 0.8, 1.0, env_slide_in);
        peak = 0.4;
        break;
    case AUDIO_SFX_PAUSE_CLOSE: /* and out: falling, swelling early */
        n = secs(0.30);
        add_noise_sweep(tmp, n, 73u, 2300.0, 700.0, 0.8, 1.0, env_slide_out);
        peak = 0.4;
        break;
    default:
        return 0;
    }
    if (!b->s) {
        if (!sbuf_alloc(b, n))
            return 0;
        mix_mono(b, 0, tmp, n, 1.0, 0.0);
    }
    /* normalise to the recipe's peak and fade the last 5 ms so every SFX ends in silence */
    double mx = 0.0;
    for (long i = 0; i < 2L * b->frames; i++)
        if (fabs(b->s[i]) > mx)
            mx = fabs(b->s[i]);
    if (mx > 0.0)
        sbuf_scale(b, peak / mx);
    int fade = secs(0.005);
    for (int k = 0; k < fade && k < b->frames; k++) {
        float g = (float)k / fade;
        b->s[2 * (b->frames - 1 - k)] *= g;
        b->s[2 * (b->frames - 1 - k) + 1] *= g;
    }
    return 1;
}

/* ------------------------------------------------------------------ mixer */

typedef struct {
    int active;
    audio_bgm bgm;
    int64_t pos;
    double phase; /* gain = sin(phase * pi/2): equal-power fades */
    double rate;  /* phase change per frame (+ fading in, - fading out, 0 steady) */
} deck;

typedef struct {
    const sbuf *buf;
    int pos;
} voice;

struct synth_mixer {
    track tracks[4]; /* indexed by audio_bgm; [AUDIO_BGM_NONE] unused */
    sbuf ambience;
    sbuf sfx[AUDIO_SFX_COUNT];
    deck decks[MAX_DECKS];
    voice voices[MAX_VOICES];
    int64_t amb_pos;
    double amb_gain, amb_target;
    double music_gain, sfx_gain, music_target, sfx_target;
    int started;
    audio_bgm bgm;
    int paused;
    double pause_mix;  /* 0 = dry, 1 = fully low-passed and -6 dB */
    int duck_left;     /* frames of the duck still to hold */
    double duck_gain;
    biquad pause_lp;
};

static double slider_gain(int v)
{
    if (v < 0)
        v = 0;
    if (v > 100)
        v = 100;
    return (v / 100.0) * (v / 100.0);
}

synth_mixer *synth_create(void)
{
    synth_mixer *m = calloc(1, sizeof *m);
    float *tmp = malloc((size_t)TAIL_FRAMES * 2 * sizeof(float));
    note *notes = malloc(512 * sizeof(note));
    int ok = m && tmp && notes;
    for (int i = 0; ok && i < AUDIO_SFX_COUNT; i++)
        ok = sfx_build((audio_sfx)i, &m->sfx[i], tmp);
    if (ok) {
        int n = title_notes(notes);
        ok = track_build(&m->tracks[AUDIO_BGM_TITLE], notes, n, 16, 96, NULL, 0, 0, 0x7171u, tmp);
    }
    if (ok) {
        int n = gameplay_notes(notes);
        ok = track_build(&m->tracks[AUDIO_BGM_GAMEPLAY], notes, n, 16, 108, NULL, 0, 0, 0x6a6au, tmp);
    }
    if (ok) {
        note sting[32];
        int ns = results_stinger_notes(sting);
        int n = results_loop_notes(notes);
        ok = track_build(&m->tracks[AUDIO_BGM_RESULTS], notes, n, 16, 100, sting, ns, 4, 0x2e2eu, tmp);
    }
    if (ok)
        ok = ambience_build(&m->ambience);
    if (ok) {
        /* the ambience sits SYNTH_AMBIENCE_DB under the beds' common RMS */
        double rms = sbuf_rms(&m->ambience);
        sbuf_scale(&m->ambience, rms > 0.0 ? MUSIC_RMS * db_to_gain(SYNTH_AMBIENCE_DB) / rms : 0.0);
    }
    free(tmp);
    free(notes);
    if (!ok) {
        synth_destroy(m);
        return NULL;
    }
    biquad_lowpass(&m->pause_lp, SYNTH_PAUSE_CUTOFF_HZ, 0.7071);
    m->duck_gain = 1.0;
    synth_set_volumes(m, 80, 70, 90); /* DBT-27 defaults */
    return m;
}

void synth_destroy(synth_mixer *m)
{
    if (!m)
        return;
    for (int i = 0; i < 4; i++)
        track_free(&m->tracks[i]);
    for (int i = 0; i < AUDIO_SFX_COUNT; i++)
        sbuf_free(&m->sfx[i]);
    sbuf_free(&m->ambience);
    free(m);
}

void synth_set_volumes(synth_mixer *m, int master, int music, int sfx)
{
    m->music_target = slider_gain(master) * slider_gain(music);
    m->sfx_target = slider_gain(master) * slider_gain(sfx);
    if (!m->started) {
        m->music_gain = m->music_target;
        m->sfx_gain = m->sfx_target;
    }
}

static deck *deck_start(synth_mixer *m, audio_bgm bgm, double phase, double rate)
{
    deck *d = NULL;
    for (int i = 0; i < MAX_DECKS && !d; i++)
        if (!m->decks[i].active)
            d = &m->decks[i];
    if (!d) { /* all busy: replace the quietest fading deck */
        d = &m->decks[0];
        for (int i = 1; i < MAX_DECKS; i++)
            if (m->decks[i].phase < d->phase)
                d = &m->decks[i];
    }
    *d = (deck){1, bgm, 0, phase, rate};
    return d;
}

void synth_set_bgm(synth_mixer *m, audio_bgm bgm)
{
    if ((int)bgm < AUDIO_BGM_NONE || bgm > AUDIO_BGM_RESULTS || bgm == m->bgm)
        return;
    int any_playing = 0;
    for (int i = 0; i < MAX_DECKS; i++)
        if (m->decks[i].active && m->decks[i].rate >= 0.0)
            any_playing = 1;
    /* Results is a hard cut (de-clicked); every other change crossfades over 0.4 s */
    double out_rate = -1.0 / ((bgm == AUDIO_BGM_RESULTS ? SYNTH_HARD_CUT_S : SYNTH_CROSSFADE_S) * RATE);
    deck *revived = NULL;
    for (int i = 0; i < MAX_DECKS; i++) {
        deck *d = &m->decks[i];
        if (!d->active)
            continue;
        if (d->bgm == bgm && bgm != AUDIO_BGM_RESULTS && !revived) {
            revived = d; /* switching back within a fade: that deck fades back in where it is */
            d->rate = 1.0 / (SYNTH_CROSSFADE_S * RATE);
        } else {
            d->rate = fmin(d->rate, out_rate); /* keep a faster fade already under way */
        }
    }
    if (bgm != AUDIO_BGM_NONE && !revived) {
        if (bgm == AUDIO_BGM_RESULTS || !any_playing)
            deck_start(m, bgm, 1.0, 0.0); /* from silence, or the stinger: starts at full level */
        else
            deck_start(m, bgm, 0.0, 1.0 / (SYNTH_CROSSFADE_S * RATE));
    }
    m->amb_target = bgm == AUDIO_BGM_NONE ? 0.0 : 1.0;
    m->bgm = bgm;
}

void synth_set_paused(synth_mixer *m, int paused)
{
    m->paused = paused != 0;
}

void synth_duck(synth_mixer *m)
{
    m->duck_left = (int)lround(SYNTH_DUCK_S * RATE);
}

void synth_play(synth_mixer *m, audio_sfx sfx)
{
    if ((int)sfx < 0 || sfx >= AUDIO_SFX_COUNT)
        return;
    voice *v = NULL;
    for (int i = 0; i < MAX_VOICES && !v; i++)
        if (!m->voices[i].buf)
            v = &m->voices[i];
    if (!v) { /* steal the voice nearest its end */
        v = &m->voices[0];
        for (int i = 1; i < MAX_VOICES; i++)
            if (m->voices[i].buf->frames - m->voices[i].pos < v->buf->frames - v->pos)
                v = &m->voices[i];
    }
    v->buf = &m->sfx[sfx];
    v->pos = 0;
}

float synth_soft_limit(float x)
{
    const float t = 0.7f, c = 0.98f;
    float a = fabsf(x);
    if (a <= t)
        return x;
    float y = t + (c - t) * tanhf((a - t) / (c - t));
    return x < 0 ? -y : y;
}

static void track_sample(const track *t, int64_t pos, double *l, double *r)
{
    *l = *r = 0.0;
    if (pos < t->intro.frames) {
        *l += t->intro.s[2 * pos];
        *r += t->intro.s[2 * pos + 1];
    }
    if (pos >= t->intro_len) {
        int64_t q = pos - t->intro_len;
        int64_t i = q % t->loop.frames;
        *l += t->loop.s[2 * i];
        *r += t->loop.s[2 * i + 1];
        if (q < t->spill.frames) {
            *l -= t->spill.s[2 * q];
            *r -= t->spill.s[2 * q + 1];
        }
    }
}

static double approach(double v, double target, double step)
{
    if (v < target)
        return v + step < target ? v + step : target;
    return v - step > target ? v - step : target;
}

void synth_render_buses(synth_mixer *m, float *out, int frames, unsigned buses)
{
    const double vol_step = 1.0 / (0.005 * RATE);
    const double duck_floor = db_to_gain(SYNTH_DUCK_DB), duck_step = (1.0 - duck_floor) / (0.005 * RATE);
    const double pause_floor = db_to_gain(SYNTH_PAUSE_DB), pause_step = 1.0 / (0.05 * RATE);
    const double amb_step = 1.0 / (SYNTH_CROSSFADE_S * RATE);
    m->started = 1;
    for (int f = 0; f < frames; f++) {
        double gl = 0.0, gr = 0.0, ml = 0.0, mr = 0.0;
        for (int i = 0; i < MAX_DECKS; i++) {
            deck *d = &m->decks[i];
            if (!d->active)
                continue;
            double l, r, g = sin(d->phase * PI / 2.0);
            track_sample(&m->tracks[d->bgm], d->pos, &l, &r);
            if (d->bgm == AUDIO_BGM_GAMEPLAY) {
                gl += l * g;
                gr += r * g;
            } else {
                ml += l * g;
                mr += r * g;
            }
            d->pos++;
            d->phase += d->rate;
            if (d->phase >= 1.0) {
                d->phase = 1.0;
                d->rate = 0.0;
            } else if (d->phase <= 0.0) {
                d->active = 0;
            }
        }
        /* the Gameplay bed alone is ducked (RT-FEEDBACK) and low-passed while paused */
        double pl = biquad_step(&m->pause_lp, 0, gl), pr = biquad_step(&m->pause_lp, 1, gr);
        m->pause_mix = approach(m->pause_mix, m->paused ? 1.0 : 0.0, pause_step);
        m->duck_gain = approach(m->duck_gain, m->duck_left > 0 ? duck_floor : 1.0, duck_step);
        if (m->duck_left > 0)
            m->duck_left--;
        double pg = (1.0 - m->pause_mix * (1.0 - pause_floor)) * m->duck_gain;
        ml += ((1.0 - m->pause_mix) * gl + m->pause_mix * pl) * pg;
        mr += ((1.0 - m->pause_mix) * gr + m->pause_mix * pr) * pg;

        m->amb_gain = approach(m->amb_gain, m->amb_target, amb_step);
        double al = 0.0, ar = 0.0;
        if (m->amb_gain > 0.0) {
            int64_t i = m->amb_pos % m->ambience.frames;
            al = m->ambience.s[2 * i] * m->amb_gain;
            ar = m->ambience.s[2 * i + 1] * m->amb_gain;
        }
        m->amb_pos++;

        double sl = 0.0, sr = 0.0;
        for (int i = 0; i < MAX_VOICES; i++) {
            voice *v = &m->voices[i];
            if (!v->buf)
                continue;
            sl += v->buf->s[2 * v->pos];
            sr += v->buf->s[2 * v->pos + 1];
            if (++v->pos >= v->buf->frames)
                v->buf = NULL;
        }

        m->music_gain = approach(m->music_gain, m->music_target, vol_step);
        m->sfx_gain = approach(m->sfx_gain, m->sfx_target, vol_step);
        double L = 0.0, R = 0.0;
        if (buses & SYNTH_BUS_MUSIC) {
            L += ml * m->music_gain;
            R += mr * m->music_gain;
        }
        if (buses & SYNTH_BUS_AMBIENCE) {
            L += al * m->music_gain;
            R += ar * m->music_gain;
        }
        if (buses & SYNTH_BUS_SFX) {
            L += sl * m->sfx_gain;
            R += sr * m->sfx_gain;
        }
        out[2 * f] = synth_soft_limit((float)L);
        out[2 * f + 1] = synth_soft_limit((float)R);
    }
}

void synth_render(synth_mixer *m, float *out, int frames)
{
    synth_render_buses(m, out, frames, SYNTH_BUS_ALL);
}

int synth_bgm_loop_frames(const synth_mixer *m, audio_bgm bgm)
{
    return bgm > AUDIO_BGM_NONE && bgm <= AUDIO_BGM_RESULTS ? m->tracks[bgm].loop.frames : 0;
}

int synth_bgm_intro_frames(const synth_mixer *m, audio_bgm bgm)
{
    return bgm > AUDIO_BGM_NONE && bgm <= AUDIO_BGM_RESULTS ? m->tracks[bgm].intro_len : 0;
}

int synth_sfx_frames(const synth_mixer *m, audio_sfx sfx)
{
    return (int)sfx >= 0 && sfx < AUDIO_SFX_COUNT ? m->sfx[sfx].frames : 0;
}
