/* The game launcher `bin/player` opens with no game named: one button per registered
 * scene (player/scenes.c) and Quit, on the felt board in a 1920x1080 field. */
#ifndef PLAYER_LAUNCHER_H
#define PLAYER_LAUNCHER_H

#include <stdint.h>

#include "audio/audio.h"
#include "draw/gfx.h"
#include "input.h"
#include "scene.h"

#define LAUNCHER_FIELD_W 1920
#define LAUNCHER_FIELD_H 1080
#define LAUNCHER_MAX_GAMES 3 /* rows that fit above Quit */

/* What a launcher input chose. */
enum { LAUNCH_NONE = -1, LAUNCH_QUIT = -2 }; /* else the index into scene_registry */

typedef struct {
    double px, py;
    int have_pointer, kbd, focus, hl;
    int64_t hl_since;
    audio_system *audio;
} launcher;

void launcher_init(launcher *l, audio_system *audio);
/* LAUNCH_NONE, LAUNCH_QUIT or the chosen scene's index in scene_registry. */
int launcher_input(launcher *l, const player_input *in, int64_t now_ms);
/* When the launcher's picture next changes by itself (scene_def.next_change). */
int64_t launcher_next_change(const launcher *l, int64_t drawn_ms);
void launcher_draw(launcher *l, gfx *g, int64_t now_ms, const char *version);

#endif
