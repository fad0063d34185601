/* Synthesis building blocks: buffers, oscillators, filters, the room, instruments, the note renderer. */
#include "synth_dsp.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define RATE SYNTH_RATE
#define PI SYNTH_PI

int synth_buf_alloc(synth_buf *b, int frames)
{
    b->frames = frames;
    b->s = calloc((size_t)(frames > 0 ? frames : 1) * 2, sizeof(float));
    return b->s != NULL;
}

void synth_buf_free(synth_buf *b)
{
    free(b->s);
    b->s = NULL;
    b->frames = 0;
}

double synth_db_to_gain(double db)
{
    return pow(10.0, db / 20.0);
}

double synth_mtof(double midi)
{
    return 440.0 * pow(2.0, (midi - 69.0) / 12.0);
}

/* Constant-power pan, pan in [-1, 1]. */
void synth_pan_gains(double pan, double *gl, double *gr)
{
    double a = (pan + 1.0) * PI / 4.0;
    *gl = cos(a);
    *gr = sin(a);
}

/* Raised-cosine attack: no step at the onset, so nothing clicks. */
double synth_attack_env(double t, double attack)
{
    if (attack <= 0.0 || t >= attack)
        return 1.0;
    return 0.5 - 0.5 * cos(PI * t / attack);
}

/* A damped sine by a rotating phasor: exact, cheap and starting at phase 0 (no click). */
void synth_add_partial(float *buf, int n, double f, double amp, double tau)
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

/* Adds every partial of a note at once: the independent recurrences interleave, several times
   faster than one partial after another. Each stops below 3e-4 like synth_add_partial. */
static void add_partials(float *buf, int n, double f0, const synth_partial *p, int np, double vel)
{
    double zr[8], zi[8], cr[8], ci[8];
    int len[8], m = 0, longest = 0;
    for (int i = 0; i < np && m < 8; i++) {
        double f = f0 * p[i].ratio, amp = vel * p[i].amp, tau = p[i].tau;
        if (f <= 0.0 || f >= 0.45 * RATE || amp == 0.0)
            continue;
        int l = n;
        if (tau > 0.0) {
            double a = fabs(amp);
            int audible = a > 3e-4 ? (int)(tau * RATE * log(a / 3e-4)) + 1 : 0;
            if (l > audible)
                l = audible;
        }
        double w = 2.0 * PI * f / RATE, r = tau > 0.0 ? exp(-1.0 / (tau * RATE)) : 1.0;
        cr[m] = r * cos(w);
        ci[m] = r * sin(w);
        zr[m] = amp;
        zi[m] = 0.0;
        len[m] = l;
        if (l > longest)
            longest = l;
        m++;
    }
    for (int k = 0; k < longest; k++) {
        double acc = 0.0;
        for (int i = 0; i < m; i++) {
            if (k >= len[i])
                continue;
            acc += zi[i];
            double nr = zr[i] * cr[i] - zi[i] * ci[i];
            zi[i] = zr[i] * ci[i] + zi[i] * cr[i];
            zr[i] = nr;
        }
        buf[k] += (float)acc;
    }
}

/* Frames until every partial has fallen below 3e-4, the cut-off synth_add_partial uses. */
static int partials_length(const synth_partial *p, int np, double vel)
{
    int n = 1;
    for (int i = 0; i < np; i++) {
        double a = fabs(vel * p[i].amp);
        int m = p[i].tau > 0.0 && a > 3e-4 ? (int)(p[i].tau * RATE * log(a / 3e-4)) + 1 : 1;
        if (m > n)
            n = m;
    }
    return n < SYNTH_TAIL_FRAMES ? n : SYNTH_TAIL_FRAMES;
}

void synth_svf_tune(synth_svf *s, double fc, double q)
{
    if (fc > 0.45 * RATE)
        fc = 0.45 * RATE;
    double g = tan(PI * fc / RATE), k = 1.0 / q;
    s->a1 = 1.0 / (1.0 + g * (g + k));
    s->a2 = g * s->a1;
    s->a3 = g * s->a2;
}

void synth_svf_step(synth_svf *s, double in, double *lp, double *bp)
{
    double v3 = in - s->ic2;
    double v1 = s->a1 * s->ic1 + s->a2 * v3;
    double v2 = s->ic2 + s->a2 * s->ic1 + s->a3 * v3;
    s->ic1 = 2.0 * v1 - s->ic1;
    s->ic2 = 2.0 * v2 - s->ic2;
    *lp = v2;
    *bp = v1;
}

void synth_biquad_lowpass(synth_biquad *f, double fc, double q)
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

double synth_biquad_step(synth_biquad *f, int ch, double x)
{
    double y = f->b0 * x + f->z1[ch];
    f->z1[ch] = f->b1 * x - f->a1 * y + f->z2[ch];
    f->z2[ch] = f->b2 * x - f->a2 * y;
    return y;
}

void synth_room_init(synth_room *f, double rt60, double damp_hz)
{
    static const int lens[SYNTH_ROOM_LINES] = {1433, 1601, 1867, 2053}; /* 30-43 ms, mutually prime */
    memset(f, 0, sizeof *f);
    for (int k = 0; k < SYNTH_ROOM_LINES; k++) {
        f->len[k] = lens[k];
        f->gain[k] = pow(10.0, -3.0 * lens[k] / (rt60 * RATE));
    }
    f->damp = 1.0 - exp(-2.0 * PI * damp_hz / RATE);
}

/* Feeds in (stereo) through the room; adds wet * room to out when out is not NULL. */
void synth_room_run(synth_room *f, const float *in, float *out, int frames, double wet)
{
    for (int i = 0; i < frames; i++) {
        double x = f->pre[f->pre_pos];
        f->pre[f->pre_pos] = 0.5f * (in[2 * i] + in[2 * i + 1]);
        if (++f->pre_pos == SYNTH_ROOM_PRE)
            f->pre_pos = 0;
        double y[SYNTH_ROOM_LINES], sum = 0.0;
        for (int k = 0; k < SYNTH_ROOM_LINES; k++) {
            f->lp[k] += f->damp * (f->line[k][f->pos[k]] - f->lp[k]);
            y[k] = f->lp[k] * f->gain[k];
            sum += y[k];
        }
        for (int k = 0; k < SYNTH_ROOM_LINES; k++) {
            f->line[k][f->pos[k]] = (float)(y[k] - 0.5 * sum + ((k & 1) ? -x : x));
            if (++f->pos[k] == f->len[k])
                f->pos[k] = 0;
        }
        if (out) {
            out[2 * i] += (float)(wet * (y[0] + y[2]));
            out[2 * i + 1] += (float)(wet * (y[1] + y[3]));
        }
    }
}

double synth_noise(rng_t *r)
{
    return 2.0 * rng_next_float(r) - 1.0;
}

void synth_add_noise_sweep(float *buf, int n, uint32_t seed, double f0, double f1, double q,
                           double amp, synth_env_fn env)
{
    rng_t r;
    rng_seed(&r, seed);
    synth_svf s = {0};
    double len = (double)n / RATE;
    for (int k = 0; k < n; k++) {
        double t = (double)k / RATE;
        double lp, bp;
        synth_svf_tune(&s, f0 * pow(f1 / f0, t / len), q);
        synth_svf_step(&s, synth_noise(&r), &lp, &bp);
        buf[k] += (float)(amp * bp * env(t, len));
    }
}

void synth_add_glide(float *buf, int n, double f0, double f1, double glide, double amp,
                     double attack, double tau)
{
    double phase = 0.0;
    for (int k = 0; k < n; k++) {
        double t = (double)k / RATE;
        double f = t < glide ? f0 * pow(f1 / f0, t / glide) : f1;
        buf[k] += (float)(amp * sin(phase) * synth_attack_env(t, attack) * exp(-t / tau));
        phase += 2.0 * PI * f / RATE;
    }
}

/* Renders one note (mono, velocity already applied) into tmp; returns its length in frames. */
int synth_voice_render(int inst, double f, double vel, double dur, uint32_t seed, float *tmp, int max)
{
    synth_partial p[8];
    int np = 0;
    double attack = 0.002, release = 0.0;
    switch (inst) {
    case SYNTH_INST_UKE: /* plucked nylon: upper harmonics die first, plucked near 1/5 */
        for (int h = 1; h <= 7; h++) {
            double a = fabs(sin(h * PI * 0.2)) / pow(h, 1.2);
            p[np++] = (synth_partial){h * 1.0015, a, 0.6 / (1.0 + 0.8 * (h - 1))};
        }
        attack = 0.003;
        release = 0.05; /* damped by the next strum */
        break;
    case SYNTH_INST_GLOCK: /* free-free bar modes 1 : 2.76 : 5.40 */
        p[np++] = (synth_partial){1.0, 1.0, 1.1};
        p[np++] = (synth_partial){2.76, 0.22, 0.22};
        p[np++] = (synth_partial){5.40, 0.07, 0.07};
        attack = 0.0015;
        break;
    case SYNTH_INST_CHIME: /* music-box tine: fundamental, an octave, a faint inharmonic ping */
        p[np++] = (synth_partial){1.0, 1.0, 0.38};
        p[np++] = (synth_partial){2.0, 0.22, 0.15};
        p[np++] = (synth_partial){5.93, 0.05, 0.05};
        attack = 0.0015;
        break;
    case SYNTH_INST_MARIMBA: /* tuned bar: fundamental and the 4th-partial "knock", soft mallet */
        p[np++] = (synth_partial){1.0, 1.0, 0.42};
        p[np++] = (synth_partial){3.93, 0.22, 0.06};
        p[np++] = (synth_partial){9.2, 0.03, 0.02};
        attack = 0.004;
        break;
    case SYNTH_INST_BASS: /* soft upright: round fundamental, a little growl from 2 and 3 */
        p[np++] = (synth_partial){1.0, 1.0, 1.0};
        p[np++] = (synth_partial){2.0, 0.35, 0.45};
        p[np++] = (synth_partial){3.0, 0.10, 0.25};
        attack = 0.012;
        release = 0.08;
        break;
    case SYNTH_INST_TONE: /* gentle ocarina-like tone for the Get-Ready notes */
        p[np++] = (synth_partial){1.0, 1.0, 0.38};
        p[np++] = (synth_partial){2.0, 0.12, 0.16};
        p[np++] = (synth_partial){3.0, 0.04, 0.08};
        attack = 0.010;
        break;
    case SYNTH_INST_PAD: /* warm sustained pad: a few soft harmonics, slow swell in and out */
        p[np++] = (synth_partial){1.0, 1.0, 0.0};
        p[np++] = (synth_partial){2.0, 0.28, 0.0};
        p[np++] = (synth_partial){3.0, 0.10, 0.0};
        p[np++] = (synth_partial){4.0, 0.04, 0.0};
        attack = 0.8;
        release = 1.0;
        break;
    case SYNTH_INST_SHAKER:
    case SYNTH_INST_BRUSH: {
        /* high band-passed noise; the brush is longer and softer than the shaker */
        int shaker = inst == SYNTH_INST_SHAKER;
        double att = shaker ? 0.006 : 0.020, tau = shaker ? 0.030 : 0.055;
        int n = (int)((att + tau * 7.0) * RATE);
        if (n > max)
            n = max;
        rng_t r;
        rng_seed(&r, seed);
        synth_svf s = {0};
        synth_svf_tune(&s, inst == SYNTH_INST_SHAKER ? 7000.0 : 5200.0, 0.9);
        for (int k = 0; k < n; k++) {
            double t = (double)k / RATE, lp, bp;
            synth_svf_step(&s, synth_noise(&r), &lp, &bp);
            double decay = exp(-(t > att ? t - att : 0.0) / tau);
            tmp[k] = (float)(2.5 * vel * bp * synth_attack_env(t, att) * decay);
        }
        return n;
    }
    default:
        return 0;
    }
    int n;
    if (release > 0.0) {
        n = (int)((dur + release) * RATE) + 1;
        if (inst == SYNTH_INST_BASS || inst == SYNTH_INST_UKE) {
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
    add_partials(tmp, n, f, p, np, vel);
    for (int k = 0; k < n && k < (int)(attack * RATE); k++)
        tmp[k] *= (float)synth_attack_env((double)k / RATE, attack);
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

/* Renders notes into out (frames long). wrap: tails past the end fold back to the start (a loop),
   and the folded part is also kept in spill so the very first pass can be played without it. */
void synth_render_notes(const synth_note *notes, int n, double bpm, float *out, int frames, int wrap,
                        float *spill, int spill_frames, uint32_t seed, float *tmp)
{
    double fpb = RATE * 60.0 / bpm;
    for (int i = 0; i < n; i++) {
        const synth_note *nt = &notes[i];
        int copies = nt->inst == SYNTH_INST_PAD ? 2 : 1;
        for (int c = 0; c < copies; c++) {
            double f = synth_mtof(nt->midi), pan = nt->pan;
            if (copies == 2) { /* the pad is two voices detuned +-6 cents, spread left and right */
                f *= pow(2.0, (c ? 6.0 : -6.0) / 1200.0);
                pan = c ? 0.55 : -0.55;
            }
            uint32_t vseed = seed + (uint32_t)i * 7919u + (uint32_t)c;
            int len = synth_voice_render(nt->inst, f, nt->vel, nt->dur * 60.0 / bpm, vseed, tmp,
                                         SYNTH_TAIL_FRAMES);
            double gl, gr;
            synth_pan_gains(pan, &gl, &gr);
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

double synth_buf_rms(const synth_buf *b)
{
    double acc = 0.0;
    for (long i = 0; i < 2L * b->frames; i++)
        acc += (double)b->s[i] * b->s[i];
    return b->frames > 0 ? sqrt(acc / (2.0 * b->frames)) : 0.0;
}

void synth_buf_scale(synth_buf *b, double g)
{
    for (long i = 0; i < 2L * b->frames; i++)
        b->s[i] = (float)(b->s[i] * g);
}
