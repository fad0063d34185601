/* What a scene reads from its scene_env: its options and paths under the data folder. Apart
 * from the registry (scenes.c), which names every scene, so that no scene calls back into it. */
#include "scene.h"

#include <stdio.h>
#include <string.h>

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
