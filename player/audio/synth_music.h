/* The music (SDL-free): the three BGM contexts' loops and the ambience, pre-rendered. */
#ifndef PLAYER_SYNTH_MUSIC_H
#define PLAYER_SYNTH_MUSIC_H

#include "synth_dsp.h"

/* Every loop is normalised to this RMS before the bus gains: -15 dBFS, so that even at full volume
   the plucked peaks (crest ~16 dB) only touch the limiter's knee. */
#define SYNTH_MUSIC_RMS 0.18

/* A BGM context: an optional intro played once (intro_len frames before the loop starts, ringing
   on for intro.frames), then the loop forever. The first pass of the loop is played without the
   tails that fold back from its end (spill), so nothing sounds before it was struck. */
typedef struct {
    synth_buf intro;
    int intro_len;
    synth_buf loop;
    synth_buf spill;
} synth_track;

/* Renders tracks[AUDIO_BGM_TITLE], [AUDIO_BGM_GAMEPLAY], [AUDIO_BGM_RESULTS] and the ambience
   loop; tmp is SYNTH_TAIL_FRAMES floats of scratch. 0 when out of memory (free what was built
   with synth_track_free / synth_buf_free). */
int synth_music_build(synth_track tracks[4], synth_buf *ambience, float *tmp);
void synth_track_free(synth_track *t);

#endif
