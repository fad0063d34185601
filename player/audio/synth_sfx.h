/* The SFX Bank (SDL-free): each event of the spec's table synthesized into a buffer. */
#ifndef PLAYER_SYNTH_SFX_H
#define PLAYER_SYNTH_SFX_H

#include "synth_dsp.h"

/* Renders SFX id (stereo, normalised to its own peak, ending in silence) into b, which must be
   empty; tmp is 2 * SYNTH_TAIL_FRAMES floats of scratch. Returns 0 when out of memory. */
int synth_sfx_build(audio_sfx id, synth_buf *b, float *tmp);

#endif
