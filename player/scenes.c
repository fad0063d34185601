/* The scene registry: every game the player can run, in launcher order. */
#include "scene.h"

#include <stdio.h>
#include <string.h>

#include "compass/compass_scene.h"
#include "memory5d/memory5d_scene.h"
#include "oddshape/oddshape_def.h"

const scene_def *const scene_registry[] = {
    &oddshape_scene_def,
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

const char *scene_arg_value(const scene_env *env, const char *name, int *given)
{
    const char *v = NULL;
    int seen = 0;
    for (int i = 0; i < env->nargs; i++)
        if (strcmp(env->args[i].name, name) == 0) {
            v = env->args[i].value;
            seen = 1;
        }
    if (given) *given = seen;
    return v;
}

const char *scene_data_path(const scene_env *env, const char *rel, char *buf, size_t n)
{
    if (!env->data_dir || strcmp(env->data_dir, ".") == 0) snprintf(buf, n, "%s", rel);
    else snprintf(buf, n, "%s/%s", env->data_dir, rel);
    return buf;
}
