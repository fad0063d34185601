/* Find the Odd Shape in the player: maps inputs onto the core session controller, keeps
 * the ui state (hover, focus, Options editing, animation clocks) and draws everything. */
#ifndef PLAYER_ODDSHAPE_SCENE_H
#define PLAYER_ODDSHAPE_SCENE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "audio/audio.h"
#include "draw/gfx.h"
#include "eventlog.h"
#include "input.h"
#include "oddshape/oddshape.h"
#include "settings.h"

typedef struct oddshape_scene oddshape_scene;

typedef struct {
    const oddshape_round *table;   /* Table L1, or the --levels file: 15 rounds */
    settings *cfg;                 /* the Options; written back on Options -> Back */
    const char *settings_path;     /* NULL: do not persist (headless without --settings) */
    audio_system *audio;
    FILE *events;                  /* --events-out, or NULL */
    const char *version;
    eventlog_levels levels;        /* levels.file NULL: table is Table L1 and LED-1 chooses;
                                      else table is that file, played whatever Randomize says */
} oddshape_scene_env;

oddshape_scene *oddshape_scene_create(const oddshape_scene_env *env, int64_t now_ms);
void oddshape_scene_destroy(oddshape_scene *sc);
/* Runs timed transitions and effects due by now_ms. */
void oddshape_scene_update(oddshape_scene *sc, int64_t now_ms);
void oddshape_scene_input(oddshape_scene *sc, const player_input *in, int64_t now_ms);
void oddshape_scene_draw(oddshape_scene *sc, gfx *g, int64_t now_ms);
/* The pointer left the window or the window lost focus: hide the needle cursor. */
void oddshape_scene_pointer_gone(oddshape_scene *sc);
/* 1 once the player chose Quit on the Title screen. */
int oddshape_scene_quit(const oddshape_scene *sc);
/* Takes the pending one-line warning for stderr (e.g. settings not saved): 1 and the
 * message in buf, or 0 when there is none. */
int oddshape_scene_take_warning(oddshape_scene *sc, char *buf, size_t n);

#endif
