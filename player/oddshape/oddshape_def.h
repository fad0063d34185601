/* Find the Odd Shape's entry in the scene registry (player/scene.h). */
#ifndef PLAYER_ODDSHAPE_DEF_H
#define PLAYER_ODDSHAPE_DEF_H

#include "scene.h"

extern const scene_def oddshape_scene_def;

#endif
