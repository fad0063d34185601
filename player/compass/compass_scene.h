/* Compass Shift in the player: the scene table entry (player/scene.h). */
#ifndef PLAYER_COMPASS_SCENE_H
#define PLAYER_COMPASS_SCENE_H

#include "scene.h"

extern const scene_def compass_scene;

#endif
