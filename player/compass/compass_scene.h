/* Compass Shift in the player: the scene table entry (player/scene.h). compass_scene
 * (compass_root.c) is the one registered: it plays (compass_play_scene, compass_scene.c) or,
 * with --edit, runs the level editor (compass_edit_scene, compass_edit_scene.c). */
#ifndef PLAYER_COMPASS_SCENE_H
#define PLAYER_COMPASS_SCENE_H

#include "scene.h"

#define COMPASS_PLAY_HELP                                                                    \
    "Plays the Compass Shift campaign (levels/compass/campaign.json) or one --level\n"       \
    "file. Tap or click an arrow to release it; Tab / Shift+Tab and the arrow keys move\n"   \
    "the focus, Enter or Space activate; U or Backspace undo, R restart, Esc closes\n"       \
    "the FTUE, the dialog or the Tools sheet (Tools > Quit leaves)."

extern const scene_def compass_scene;
extern const scene_def compass_play_scene;
extern const scene_option compass_scene_options[];

#endif
