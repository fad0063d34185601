/* Find the Odd Shape in the player: the scene table entry (player/scene.h). */
#ifndef PLAYER_ODDSHAPE_SCENE_H
#define PLAYER_ODDSHAPE_SCENE_H

#include "scene.h"

extern const scene_def oddshape_scene;

#endif
