/* The mixer: BGM decks with crossfades, duck and pause treatment, SFX voices, buses, limiter. */
#include "synth.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "synth_dsp.h"
#include "synth_music.h"
#include "synth_sfx.h"

#define RATE SYNTH_RATE
#define PI SYNTH_PI
#define MAX_VOICES 24
#define MAX_DECKS 4

typedef struct {
    int active;
    audio_bgm bgm;
    int64_t pos;
    double phase; /* gain = sin(phase * pi/2): equal-power fades */
    double rate;  /* phase change per frame (+ fading in, - fading out, 0 steady) */
} deck;

typedef struct {
    const synth_buf *buf;
    int pos;
} voice;

struct synth_mixer {
    synth_track tracks[4]; /* indexed by audio_bgm; [AUDIO_BGM_NONE] unused */
    synth_buf ambience;
    synth_buf sfx[AUDIO_SFX_COUNT];
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
    synth_biquad pause_lp;
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
    float *tmp = malloc((size_t)SYNTH_TAIL_FRAMES * 2 * sizeof(float));
    int ok = m && tmp;
    for (int i = 0; ok && i < AUDIO_SFX_COUNT; i++)
        ok = synth_sfx_build((audio_sfx)i, &m->sfx[i], tmp);
    if (ok)
        ok = synth_music_build(m->tracks, &m->ambience, tmp);
    free(tmp);
    if (!ok) {
        synth_destroy(m);
        return NULL;
    }
    synth_biquad_lowpass(&m->pause_lp, SYNTH_PAUSE_CUTOFF_HZ, 0.7071);
    m->duck_gain = 1.0;
    synth_set_volumes(m, 80, 70, 90); /* DBT-27 defaults */
    return m;
}

void synth_destroy(synth_mixer *m)
{
    if (!m)
        return;
    for (int i = 0; i < 4; i++)
        synth_track_free(&m->tracks[i]);
    for (int i = 0; i < AUDIO_SFX_COUNT; i++)
        synth_buf_free(&m->sfx[i]);
    synth_buf_free(&m->ambience);
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

static void track_sample(const synth_track *t, int64_t pos, double *l, double *r)
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
    const double duck_floor = synth_db_to_gain(SYNTH_DUCK_DB);
    const double duck_step = (1.0 - duck_floor) / (0.005 * RATE);
    const double pause_floor = synth_db_to_gain(SYNTH_PAUSE_DB), pause_step = 1.0 / (0.05 * RATE);
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
        double pl = synth_biquad_step(&m->pause_lp, 0, gl), pr = synth_biquad_step(&m->pause_lp, 1, gr);
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
