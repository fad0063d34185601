/* Find the Odd Shape as a scene_def: loads its Table L1 rounds and drives oddshape_scene. */
#include "oddshape_def.h"

#include <stdlib.h>

#include "oddshape_content.h"
#include "oddshape_scene.h"

typedef struct {
    oddshape_round table[ODDSHAPE_ROUNDS]; /* the scene keeps a pointer to it */
    oddshape_scene *sc;
} instance;

static void *create(const scene_env *env, int64_t now, char *err, size_t errlen)
{
    char def[1100];
    const char *file = scene_arg_value(env, "levels", NULL); /* NULL: Table L1 or Randomize */
    const char *levels = file ? file : scene_data_path(env, "levels/oddshape/l1.json", def, sizeof def);
    instance *o = calloc(1, sizeof *o);
    if (!o) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    oddshape_source source;
    uint32_t seed;
    if (content_load_rounds(levels, o->table, &source, &seed, err, errlen) != 0) {
        free(o);
        return NULL;
    }
    oddshape_scene_env e = {o->table, env->cfg, env->settings_path, env->audio, env->events, env->version,
                            {file, source == ODDSHAPE_SOURCE_MULBERRY32, seed}};
    o->sc = oddshape_scene_create(&e, now);
    if (!o->sc) {
        snprintf(err, errlen, "out of memory");
        free(o);
        return NULL;
    }
    return o;
}

static void destroy(void *s)
{
    instance *o = s;
    oddshape_scene_destroy(o->sc);
    free(o);
}

static void update(void *s, int64_t now) { oddshape_scene_update(((instance *)s)->sc, now); }
static void input(void *s, const player_input *in, int64_t now) { oddshape_scene_input(((instance *)s)->sc, in, now); }
static void draw(void *s, gfx *g, int64_t now) { oddshape_scene_draw(((instance *)s)->sc, g, now); }
static void pointer_gone(void *s) { oddshape_scene_pointer_gone(((instance *)s)->sc); }
static int wants_quit(const void *s) { return oddshape_scene_quit(((const instance *)s)->sc); }
static int take_warning(void *s, char *buf, size_t n) { return oddshape_scene_take_warning(((instance *)s)->sc, buf, n); }

static const scene_option options[] = {
    {"levels", "FILE", "play this rounds file (gen oddshape --seed N --out FILE) instead of Table L1 or Randomize", SCENE_OPT_INPUT},
    {NULL, NULL, NULL, SCENE_OPT_VALUE},
};

const scene_def oddshape_scene_def = {
    .name = "oddshape",
    .title = "Find the Odd Shape",
    .help = "15 rounds of odd-one-out: click the patch that differs, or press 1/2/3, or move\n"
            "the focus with Left/Right and press Enter; Esc pauses.",
    .field_w = 1920,
    .field_h = 1080,
    .letterbox = 0x3B342D, /* dark wood */
    .bars = GFX_BARS_WOOD,
    .options = options,
    .create = create,
    .destroy = destroy,
    .update = update,
    .input = input,
    .draw = draw,
    .pointer_gone = pointer_gone,
    .set_active = NULL,
    .wants_quit = wants_quit,
    .take_warning = take_warning,
};
