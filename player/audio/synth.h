/* The SDL-free synthesizer and mixer behind player/audio: mixing the SFX Bank, the themes and ambience. */
#ifndef PLAYER_SYNTH_H
#define PLAYER_SYNTH_H

#include "audio.h"

/* Spec values the mixer implements (find-the-odd-shape.md, "Audio", RT-FEEDBACK, Pause). */
#define SYNTH_CROSSFADE_S 0.40   /* Title -> Gameplay crossfade */
#define SYNTH_DUCK_S 0.30        /* RT-FEEDBACK: "music bed ducks -6 dB for 0.30 s" */
#define SYNTH_DUCK_DB (-6.0)
#define SYNTH_PAUSE_CUTOFF_HZ 800.0 /* Paused: "low-pass filter it (cutoff 800 Hz) and drop -6 dB" */
#define SYNTH_PAUSE_DB (-6.0)
#define SYNTH_AMBIENCE_DB (-24.0) /* Ambience "very low, -24 dB" under the music beds */
#define SYNTH_AMBIENCE_LOOP_S 8.0 /* the ambience loop (independent of the themes' loops) */
#define SYNTH_HARD_CUT_S 0.010   /* the "hard cut" to the Results stinger is de-clicked over 10 ms */

/* Buses for synth_render_buses; the music bus carries the BGM decks, ambience rides under them. */
enum { SYNTH_BUS_MUSIC = 1, SYNTH_BUS_AMBIENCE = 2, SYNTH_BUS_SFX = 4, SYNTH_BUS_ALL = 7 };

typedef struct synth_mixer synth_mixer;

/* Renders every SFX and every theme once (deterministically); NULL when out of memory. */
synth_mixer *synth_create(void);
void synth_destroy(synth_mixer *m);

/* Slider values 0..100 (clamped); bus gain = (master/100)^2 * (bus/100)^2. Changes glide over
   ~5 ms once rendering has started, so a slider drag never clicks. */
void synth_set_volumes(synth_mixer *m, int master, int music, int sfx);
void synth_set_bgm(synth_mixer *m, audio_bgm bgm);
void synth_set_paused(synth_mixer *m, int paused);
void synth_duck(synth_mixer *m);
void synth_play(synth_mixer *m, audio_sfx sfx);

/* Mixes `frames` interleaved stereo frames at AUDIO_RATE through the soft limiter. */
void synth_render(synth_mixer *m, float *out, int frames);
/* The same with only some buses audible (tests, stems); state advances exactly as in synth_render. */
void synth_render_buses(synth_mixer *m, float *out, int frames, unsigned buses);

/* Introspection for tests: length of a theme's loop (0 for NONE), of its intro (the Results
   stinger before the loop starts), and of an SFX. */
int synth_bgm_loop_frames(const synth_mixer *m, audio_bgm bgm);
int synth_bgm_intro_frames(const synth_mixer *m, audio_bgm bgm);
int synth_sfx_frames(const synth_mixer *m, audio_sfx sfx);

/* Soft limiter of the master bus: linear below 0.7, saturating towards 0.98. */
float synth_soft_limit(float x);

#endif
