/* The game launcher `bin/player` opens with no game named: Odd Shape now, the other two
 * shown as not yet available until their issues land. */
#ifndef PLAYER_LAUNCHER_H
#define PLAYER_LAUNCHER_H

#include <stdint.h>

#include "audio/audio.h"
#include "draw/gfx.h"
#include "input.h"

typedef enum { LAUNCH_NONE, LAUNCH_ODDSHAPE, LAUNCH_QUIT } launcher_choice;

typedef struct {
    double px, py;
    int have_pointer, kbd, focus, hl;
    int64_t hl_since;
    audio_system *audio;
} launcher;

void launcher_init(launcher *l, audio_system *audio);
launcher_choice launcher_input(launcher *l, const player_input *in, int64_t now_ms);
void launcher_draw(launcher *l, gfx *g, int64_t now_ms, const char *version);

#endif
