/* The music: Title, Gameplay and Results themes as note patterns rendered into loops; the ambience. */
#include "synth_music.h"

#include <math.h>
#include <stdlib.h>

#include "synth.h"

#define RATE SYNTH_RATE
#define PI SYNTH_PI

void synth_track_free(synth_track *t)
{
    synth_buf_free(&t->intro);
    synth_buf_free(&t->loop);
    synth_buf_free(&t->spill);
}

/* Reverberates a loop in its steady state (the room is fed one whole pass first, so the tail of
   the loop's end rings into its start), and rewrites spill as "loop minus first pass" again,
   the first pass being the un-folded notes through a room that starts empty. */
static int track_reverb(synth_track *t)
{
    int s = t->spill.frames;
    synth_room *f = malloc(sizeof *f);
    float *first = calloc((size_t)s * 2, sizeof(float));
    if (!f || !first) {
        free(f);
        free(first);
        return 0;
    }
    for (int i = 0; i < 2 * s; i++)
        first[i] = t->loop.s[i] - t->spill.s[i];
    /* synth_room_run reads each frame before adding to it, so it can work in place */
    synth_room_init(f, SYNTH_ROOM_RT60, SYNTH_ROOM_DAMP_HZ);
    synth_room_run(f, t->loop.s, NULL, t->loop.frames, 0.0);
    synth_room_run(f, t->loop.s, t->loop.s, t->loop.frames, SYNTH_ROOM_WET);
    synth_room_init(f, SYNTH_ROOM_RT60, SYNTH_ROOM_DAMP_HZ);
    synth_room_run(f, first, first, s, SYNTH_ROOM_WET);
    for (int i = 0; i < 2 * s; i++)
        t->spill.s[i] = t->loop.s[i] - first[i];
    if (t->intro.s) {
        synth_room_init(f, SYNTH_ROOM_RT60, SYNTH_ROOM_DAMP_HZ);
        synth_room_run(f, t->intro.s, t->intro.s, t->intro.frames, SYNTH_ROOM_WET);
    }
    free(f);
    free(first);
    return 1;
}

static int track_build(synth_track *t, const synth_note *loop_notes, int nloop, double beats, double bpm,
                       const synth_note *intro_notes, int nintro, double intro_beats, uint32_t seed,
                       float *tmp)
{
    double fpb = RATE * 60.0 / bpm;
    int frames = (int)lround(beats * fpb);
    int spill = SYNTH_TAIL_FRAMES + SYNTH_ROOM_TAIL;
    if (!synth_buf_alloc(&t->loop, frames)
        || !synth_buf_alloc(&t->spill, frames < spill ? frames : spill))
        return 0;
    synth_render_notes(loop_notes, nloop, bpm, t->loop.s, frames, 1, t->spill.s, t->spill.frames, seed,
                       tmp);
    t->intro_len = 0;
    if (nintro > 0) {
        t->intro_len = (int)lround(intro_beats * fpb);
        if (!synth_buf_alloc(&t->intro, t->intro_len + SYNTH_TAIL_FRAMES + SYNTH_ROOM_TAIL))
            return 0;
        synth_render_notes(intro_notes, nintro, bpm, t->intro.s, t->intro.frames, 0, NULL, 0,
                           seed ^ 0x5eedu, tmp);
    }
    if (!track_reverb(t))
        return 0;
    double rms = synth_buf_rms(&t->loop);
    double g = rms > 0.0 ? SYNTH_MUSIC_RMS / rms : 1.0;
    synth_buf_scale(&t->loop, g);
    synth_buf_scale(&t->spill, g);
    if (t->intro.s)
        synth_buf_scale(&t->intro, g);
    return 1;
}

/* Re-entrant ukulele (G C E A) voicings and a strum: strings 12 ms apart, up-strums reversed.
   ring: beats until the next strum, which damps these strings (one note per string at a time). */
static int add_strum(synth_note *out, int n, double bpm, double beat, const double *chord, double vel,
                     int up, double ring)
{
    for (int s = 0; s < 4; s++) {
        int idx = up ? 3 - s : s;
        double at = beat + s * 0.012 * bpm / 60.0;
        out[n++] = (synth_note){at, SYNTH_INST_UKE, chord[idx], vel * (1.0 - 0.08 * s), -0.25, ring};
    }
    return n;
}

static const double UKE_C[4] = {67, 60, 64, 72}, UKE_AM[4] = {69, 60, 64, 69},
                    UKE_F[4] = {69, 60, 65, 69}, UKE_G[4] = {67, 62, 67, 71};

/* Title theme, 96 BPM, 4 bars C | Am | F | G: ukulele island strum, brushed shaker on eighths,
   and the glockenspiel's rising 3-note "curiosity" figure G-A-B, left hanging on the leading tone. */
static int title_notes(synth_note *o)
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
            o[n++] = (synth_note){bar * 4 + e * 0.5, SYNTH_INST_BRUSH, 0, e % 2 ? 0.30 : 0.18, 0.15, 0};
    }
    static const synth_note glock[] = {
        {0.0, SYNTH_INST_GLOCK, 79, 0.55, 0.3, 0}, {0.5, SYNTH_INST_GLOCK, 81, 0.6, 0.3, 0},
        {1.0, SYNTH_INST_GLOCK, 83, 0.7, 0.3, 0},
        {6.0, SYNTH_INST_GLOCK, 81, 0.4, 0.3, 0},  {7.0, SYNTH_INST_GLOCK, 76, 0.4, 0.3, 0},
        {8.0, SYNTH_INST_GLOCK, 79, 0.55, 0.3, 0}, {8.5, SYNTH_INST_GLOCK, 81, 0.6, 0.3, 0},
        {9.0, SYNTH_INST_GLOCK, 83, 0.7, 0.3, 0},
        {14.0, SYNTH_INST_GLOCK, 74, 0.4, 0.3, 0}, {15.0, SYNTH_INST_GLOCK, 79, 0.45, 0.3, 0},
    };
    for (size_t i = 0; i < sizeof glock / sizeof glock[0]; i++)
        o[n++] = glock[i];
    return n;
}

/* Gameplay bed, 108 BPM: a 2-bar marimba ostinato played twice over a warm pad (C, then Am),
   with a light shaker on every beat (the "hurry" nudge). */
static int gameplay_notes(synth_note *o)
{
    int n = 0;
    static const double ost[16] = {60, 67, 76, 67, 74, 67, 72, 67, 57, 64, 72, 64, 71, 64, 67, 64};
    for (int rep = 0; rep < 2; rep++)
        for (int e = 0; e < 16; e++) {
            double vel = (e % 2 == 0) ? 0.62 : 0.42;
            if (e % 8 == 0)
                vel = 0.75;
            o[n++] = (synth_note){rep * 8 + e * 0.5, SYNTH_INST_MARIMBA, ost[e], vel, -0.15, 0};
        }
    for (int b = 0; b < 16; b++)
        o[n++] = (synth_note){b, SYNTH_INST_SHAKER, 0, b % 2 ? 0.30 : 0.22, 0.2, 0};
    static const double pad_c[3] = {48, 55, 64}, pad_am[3] = {45, 52, 60};
    for (int i = 0; i < 3; i++) {
        o[n++] = (synth_note){0, SYNTH_INST_PAD, pad_c[i], 0.09, 0, 7.0};
        o[n++] = (synth_note){8, SYNTH_INST_PAD, pad_am[i], 0.09, 0, 7.0};
    }
    return n;
}

/* Results stinger, 100 BPM: the Title figure G-A-B run up quickly and resolved to C, on a full
   C chord (uke strum, glockenspiel C-E, bass C). One bar, ringing into the loop. */
static int results_stinger_notes(synth_note *o)
{
    int n = 0;
    o[n++] = (synth_note){0.0, SYNTH_INST_GLOCK, 79, 0.5, 0.25, 0};
    o[n++] = (synth_note){0.25, SYNTH_INST_GLOCK, 81, 0.55, 0.25, 0};
    o[n++] = (synth_note){0.5, SYNTH_INST_GLOCK, 83, 0.6, 0.25, 0};
    o[n++] = (synth_note){1.0, SYNTH_INST_GLOCK, 84, 0.75, 0.25, 0};
    o[n++] = (synth_note){1.0, SYNTH_INST_GLOCK, 88, 0.5, 0.35, 0};
    n = add_strum(o, n, 100, 1.0, UKE_C, 0.8, 0, 1.0);
    n = add_strum(o, n, 100, 2.0, UKE_C, 0.45, 1, 3.0);
    o[n++] = (synth_note){1.0, SYNTH_INST_BASS, 36, 0.75, 0, 2.5};
    return n;
}

/* Results loop, 100 BPM, C | F | G | C: gentle strums, walking root-fifth bass, and the figure
   resolved upward to the tonic (G-A-B-C), answered by D-E-F falling home to E. */
static int results_loop_notes(synth_note *o)
{
    int n = 0;
    const double *chords[4] = {UKE_C, UKE_F, UKE_G, UKE_C};
    static const double bass[4][2] = {{36, 43}, {41, 48}, {43, 38}, {36, 43}};
    for (int bar = 0; bar < 4; bar++) {
        n = add_strum(o, n, 100, bar * 4 + 0, chords[bar], 0.55, 0, 2.0);
        n = add_strum(o, n, 100, bar * 4 + 2, chords[bar], 0.45, 0, 0.5);
        n = add_strum(o, n, 100, bar * 4 + 2.5, chords[bar], 0.3, 1, 1.5);
        o[n++] = (synth_note){bar * 4 + 0, SYNTH_INST_BASS, bass[bar][0], 0.7, 0, 1.8};
        o[n++] = (synth_note){bar * 4 + 2, SYNTH_INST_BASS, bass[bar][1], 0.55, 0, 1.8};
    }
    static const synth_note glock[] = {
        {0.0, SYNTH_INST_GLOCK, 79, 0.45, 0.3, 0}, {0.5, SYNTH_INST_GLOCK, 81, 0.5, 0.3, 0},
        {1.0, SYNTH_INST_GLOCK, 83, 0.55, 0.3, 0}, {2.0, SYNTH_INST_GLOCK, 84, 0.65, 0.3, 0},
        {8.0, SYNTH_INST_GLOCK, 74, 0.45, 0.3, 0}, {8.5, SYNTH_INST_GLOCK, 76, 0.5, 0.3, 0},
        {9.0, SYNTH_INST_GLOCK, 77, 0.55, 0.3, 0}, {12.0, SYNTH_INST_GLOCK, 76, 0.55, 0.3, 0},
    };
    for (size_t i = 0; i < sizeof glock / sizeof glock[0]; i++)
        o[n++] = glock[i];
    return n;
}

/* Ambience: a faint sewing-room tone, decorrelated low rumble plus a breath of air in each
   channel, slowly breathing (two swells per loop). Rendered twice through the filters so the
   kept pass starts in the filters' steady state: the loop point is seamless. */
static int ambience_build(synth_buf *b)
{
    int frames = (int)(SYNTH_AMBIENCE_LOOP_S * RATE);
    if (!synth_buf_alloc(b, frames))
        return 0;
    for (int ch = 0; ch < 2; ch++) {
        synth_svf low = {0}, air = {0};
        synth_svf_tune(&low, 380.0, 0.6);
        synth_svf_tune(&air, 2400.0, 0.5);
        for (int pass = 0; pass < 2; pass++) {
            rng_t r;
            rng_seed(&r, 0xA4B1E4CEu + (uint32_t)ch);
            for (int k = 0; k < frames; k++) {
                double x = synth_noise(&r), lp, bp, alp, abp;
                synth_svf_step(&low, x, &lp, &bp);
                synth_svf_step(&air, x, &alp, &abp);
                double swell = 1.0 + 0.2 * sin(2.0 * PI * 2.0 * k / frames + ch);
                if (pass == 1)
                    b->s[2 * k + ch] = (float)((lp + 0.12 * abp) * swell);
            }
        }
    }
    return 1;
}

int synth_music_build(synth_track tracks[4], synth_buf *ambience, float *tmp)
{
    synth_note *notes = malloc(512 * sizeof *notes), sting[32];
    int ok = notes != NULL;
    if (ok) {
        int n = title_notes(notes);
        ok = track_build(&tracks[AUDIO_BGM_TITLE], notes, n, 16, 96, NULL, 0, 0, 0x7171u, tmp);
    }
    if (ok) {
        int n = gameplay_notes(notes);
        ok = track_build(&tracks[AUDIO_BGM_GAMEPLAY], notes, n, 16, 108, NULL, 0, 0, 0x6a6au, tmp);
    }
    if (ok) {
        int ns = results_stinger_notes(sting);
        int n = results_loop_notes(notes);
        ok = track_build(&tracks[AUDIO_BGM_RESULTS], notes, n, 16, 100, sting, ns, 4, 0x2e2eu, tmp);
    }
    free(notes);
    if (ok)
        ok = ambience_build(ambience);
    if (ok) {
        /* the ambience sits SYNTH_AMBIENCE_DB under the beds' common RMS */
        double rms = synth_buf_rms(ambience);
        double want = SYNTH_MUSIC_RMS * synth_db_to_gain(SYNTH_AMBIENCE_DB);
        synth_buf_scale(ambience, rms > 0.0 ? want / rms : 0.0);
    }
    return ok;
}
