/* Memory5D's entry in the scene registry (player/scenes.c). */
#ifndef PLAYER_MEMORY5D_SCENE_H
#define PLAYER_MEMORY5D_SCENE_H

#include "scene.h"

extern const scene_def memory5d_scene;

#endif
