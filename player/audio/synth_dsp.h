/* Synthesis building blocks (SDL-free): buffers, oscillators, filters, the room, instruments, notes. */
#ifndef PLAYER_SYNTH_DSP_H
#define PLAYER_SYNTH_DSP_H

#include <stdint.h>

#include "audio.h"
#include "rng.h"

#define SYNTH_RATE AUDIO_RATE
#define SYNTH_PI 3.14159265358979323846
#define SYNTH_TAIL_S 4.0 /* longest ring-out of any note */
#define SYNTH_TAIL_FRAMES ((int)(SYNTH_TAIL_S * SYNTH_RATE))

typedef struct {
    float *s; /* interleaved stereo */
    int frames;
} synth_buf;

int synth_buf_alloc(synth_buf *b, int frames); /* zeroed; 0 when out of memory */
void synth_buf_free(synth_buf *b);
double synth_buf_rms(const synth_buf *b);
void synth_buf_scale(synth_buf *b, double g);

double synth_db_to_gain(double db);
double synth_mtof(double midi);
void synth_pan_gains(double pan, double *gl, double *gr); /* constant power, pan in [-1, 1] */
double synth_attack_env(double t, double attack);         /* raised cosine 0 -> 1 */
double synth_noise(rng_t *r);                             /* white, in [-1, 1) */

/* A damped sine partial of a modal instrument; tau <= 0 is undamped (sustained voices). */
typedef struct {
    double ratio, amp, tau;
} synth_partial;

/* Adds amp * e^(-t/tau) * sin(2 pi f t) to buf[0..n), stopping once it is below 3e-4. */
void synth_add_partial(float *buf, int n, double f, double amp, double tau);
/* Adds a sine gliding exponentially f0 -> f1 over `glide` s, with an attack and exp decay. */
void synth_add_glide(float *buf, int n, double f0, double f1, double glide, double amp, double attack,
                     double tau);

/* Topology-preserving state-variable filter (Zavalishin): stable under fast cutoff sweeps. */
typedef struct {
    double ic1, ic2;
    double a1, a2, a3;
} synth_svf;

void synth_svf_tune(synth_svf *s, double fc, double q);
void synth_svf_step(synth_svf *s, double in, double *lp, double *bp);

/* Band-passed noise whose centre glides exponentially f0 -> f1 over the sound, shaped by env:
   the "cloth" family (fwips, slides, swishes). */
typedef double (*synth_env_fn)(double t, double len);
void synth_add_noise_sweep(float *buf, int n, uint32_t seed, double f0, double f1, double q, double amp,
                           synth_env_fn env);

/* RBJ-cookbook biquad low-pass, transposed direct form II, one state per stereo channel. */
typedef struct {
    double b0, b1, b2, a1, a2;
    double z1[2], z2[2];
} synth_biquad;

void synth_biquad_lowpass(synth_biquad *f, double fc, double q);
double synth_biquad_step(synth_biquad *f, int ch, double x);

/* A small room: four-line feedback delay network (Householder mixing, damped lines) after a
   12 ms pre-delay. Linear and time-invariant, so loops can be reverberated in steady state.
   The room every theme (and the fanfare) is played in: ~0.9 s to die away, damped above 5 kHz. */
#define SYNTH_ROOM_RT60 0.9
#define SYNTH_ROOM_WET 0.22
#define SYNTH_ROOM_DAMP_HZ 5000.0
#define SYNTH_ROOM_TAIL ((int)(1.5 * SYNTH_RATE))
#define SYNTH_ROOM_LINES 4
#define SYNTH_ROOM_MAX 2400
#define SYNTH_ROOM_PRE 576

typedef struct {
    float line[SYNTH_ROOM_LINES][SYNTH_ROOM_MAX];
    int len[SYNTH_ROOM_LINES], pos[SYNTH_ROOM_LINES];
    double gain[SYNTH_ROOM_LINES], lp[SYNTH_ROOM_LINES], damp;
    float pre[SYNTH_ROOM_PRE];
    int pre_pos;
} synth_room;

void synth_room_init(synth_room *f, double rt60, double damp_hz);
/* Feeds in (stereo) through the room and adds wet * room to out unless out is NULL. It reads
   each frame before adding to it, so in and out may be the same buffer. */
void synth_room_run(synth_room *f, const float *in, float *out, int frames, double wet);

enum {
    SYNTH_INST_UKE, SYNTH_INST_GLOCK, SYNTH_INST_MARIMBA, SYNTH_INST_SHAKER, SYNTH_INST_BRUSH,
    SYNTH_INST_PAD, SYNTH_INST_BASS, SYNTH_INST_CHIME, SYNTH_INST_TONE
};

/* Renders one note (mono, velocity applied) into tmp (at most max frames); returns its length.
   dur (seconds) is when the pad, bass and uke are released or damped. */
int synth_voice_render(int inst, double f, double vel, double dur, uint32_t seed, float *tmp, int max);

typedef struct {
    double beat; /* onset in beats from the start of the pattern */
    int inst;
    double midi;
    double vel;
    double pan;
    double dur; /* beats until damped or released; only the pad, bass and uke use it */
} synth_note;

/* Renders notes into out (stereo, frames long) using tmp (SYNTH_TAIL_FRAMES floats) as scratch.
   wrap: tails past the end fold back to the start (a loop), and the folded part is also added
   to spill so the very first pass can be played without it. */
void synth_render_notes(const synth_note *notes, int n, double bpm, float *out, int frames, int wrap,
                        float *spill, int spill_frames, uint32_t seed, float *tmp);

#endif
