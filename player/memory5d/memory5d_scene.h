/* Memory5D's entry in the scene registry (player/scenes.c). */
#ifndef PLAYER_M5D_DEF_H
#define PLAYER_M5D_DEF_H

#include "scene.h"

extern const scene_def memory5d_scene;

#endif
