/* Player audio: the SDL device layer over the synthesizer (spec "Audio": BGM Contexts, SFX Bank). */
#ifndef PLAYER_AUDIO_H
#define PLAYER_AUDIO_H

#include <stddef.h>

/* Output rate of the mixer; the device is opened at this rate (SDL converts if it must). */
#define AUDIO_RATE 48000

/* One value per event of the spec's SFX Bank. AUDIO_SFX_PATCH_REVEAL is the whole trio's
   reveal (three fwips 20 ms apart, panned to the three slots): play it once per round. */
typedef enum { AUDIO_SFX_PATCH_REVEAL, AUDIO_SFX_PATCH_DISMISS, AUDIO_SFX_PATCH_HOVER, AUDIO_SFX_CORRECT, AUDIO_SFX_ERROR, AUDIO_SFX_TIMEOUT, AUDIO_SFX_PIP_CORRECT, AUDIO_SFX_PIP_ERROR, AUDIO_SFX_READY, AUDIO_SFX_TALLY_TICK, AUDIO_SFX_FANFARE, AUDIO_SFX_BUTTON_HOVER, AUDIO_SFX_BUTTON_CONFIRM, AUDIO_SFX_BUTTON_CANCEL, AUDIO_SFX_INVALID, AUDIO_SFX_PAUSE_OPEN, AUDIO_SFX_PAUSE_CLOSE, AUDIO_SFX_COUNT } audio_sfx;
typedef enum { AUDIO_BGM_NONE, AUDIO_BGM_TITLE, AUDIO_BGM_GAMEPLAY, AUDIO_BGM_RESULTS } audio_bgm;
typedef struct audio_system audio_system;

/* use_device = 0 (headless): no device is opened, everything still works and can be rendered offline.
   With use_device = 1 and no device available it falls back to silent and writes one line into note.
   Returns NULL only when out of memory. Call everything from one thread (the game loop); the
   device's callback runs on SDL's audio thread under the device lock. audio_create initialises
   SDL's audio subsystem itself, so SDL_Init needs no SDL_INIT_AUDIO. */
audio_system *audio_create(int use_device, char *note, size_t notelen);
void audio_destroy(audio_system *a);
void audio_set_volumes(audio_system *a, int master, int music, int sfx); /* 0..100 each */
void audio_set_bgm(audio_system *a, audio_bgm bgm);   /* spec transitions: 0.4 s crossfade Title->Gameplay, hard cut to the Results stinger then its loop */
void audio_set_paused(audio_system *a, int paused);    /* Gameplay bed low-passed at 800 Hz and -6 dB while paused */
void audio_duck(audio_system *a);                      /* Gameplay bed -6 dB for 0.30 s (RT-FEEDBACK) */
void audio_play(audio_system *a, audio_sfx sfx);
int audio_is_silent(const audio_system *a);           /* no device open */
/* Offline rendering for tests and headless runs: mixes `frames` stereo float frames (AUDIO_RATE Hz) of the current mix. */
void audio_render(audio_system *a, float *out, int frames);

#endif
