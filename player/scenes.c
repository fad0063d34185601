/* The scene registry: every game the player can run, in launcher order. */
#include "scene.h"

#include <string.h>

#include "compass/compass_scene.h"
#include "memory5d/memory5d_scene.h"
#include "oddshape/oddshape_scene.h"

const scene_def *const scene_registry[] = {
    &oddshape_scene,
    &memory5d_scene,
    &compass_scene,
    NULL,
};

const scene_def *scene_find(const char *name)
{
    for (int i = 0; scene_registry[i]; i++)
        if (strcmp(scene_registry[i]->name, name) == 0) return scene_registry[i];
    return NULL;
}

const settings_slot *const *scene_settings_slots(void)
{
    static const settings_slot *slots[SETTINGS_MAX_SCENES + 1];
    int n = 0;
    for (int i = 0; scene_registry[i]; i++)
        if (scene_registry[i]->settings && n < SETTINGS_MAX_SCENES)
            slots[n++] = scene_registry[i]->settings;
    slots[n] = NULL;
    return slots;
}
