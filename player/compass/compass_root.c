/* The registered Compass Shift scene: it plays (compass_play_scene) or, given --edit FILE,
 * runs the level editor (compass_edit_scene), and forwards every call of the scene table to
 * the one it created. The two know nothing of each other's state. */
#include <stdlib.h>

#include "compass_edit_ui.h"
#include "compass_layout.h"
#include "compass_scene.h"

typedef struct {
    const scene_def *def;
    void *obj;
} compass_root;

static void *root_create(const scene_env *env, int64_t now, char *err, size_t errlen)
{
    int edit = 0, fresh = 0;
    scene_arg_value(env, "edit", &edit);
    scene_arg_value(env, "new", &fresh);
    compass_root *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, errlen, "compass: out of memory");
        return NULL;
    }
    r->def = edit || fresh ? &compass_edit_scene : &compass_play_scene;
    if (edit && (scene_arg_value(env, "level", NULL) || scene_arg_value(env, "campaign", NULL))) {
        snprintf(err, errlen, "compass: --edit cannot be used with --level or --campaign (Play in the editor plays the board)");
        free(r);
        return NULL;
    }
    r->obj = r->def->create(env, now, err, errlen);
    if (!r->obj) {
        free(r);
        return NULL;
    }
    return r;
}

static void root_destroy(void *p)
{
    compass_root *r = p;
    if (!r)
        return;
    r->def->destroy(r->obj);
    free(r);
}

static void root_update(void *p, int64_t now)
{
    compass_root *r = p;
    r->def->update(r->obj, now);
}

static void root_input(void *p, const player_input *in, int64_t now)
{
    compass_root *r = p;
    r->def->input(r->obj, in, now);
}

static void root_draw(void *p, gfx *g, int64_t now)
{
    compass_root *r = p;
    r->def->draw(r->obj, g, now);
}

static int64_t root_next_change(const void *p, int64_t drawn)
{
    const compass_root *r = p;
    return r->def->next_change(r->obj, drawn);
}

static void root_pointer_gone(void *p)
{
    compass_root *r = p;
    r->def->pointer_gone(r->obj);
}

static int root_close_request(void *p, int64_t now)
{
    compass_root *r = p;
    return r->def->close_request ? r->def->close_request(r->obj, now) : 1;
}

static int root_wants_quit(const void *p)
{
    const compass_root *r = p;
    return r->def->wants_quit(r->obj);
}

const scene_def compass_scene = {
    .name = "compass",
    .title = "Compass Shift",
    .help = COMPASS_PLAY_HELP "\n"
            "With --edit FILE (and --new RxC for an empty board) it is the level editor: tap a\n"
            "tool, then a cell; tap an edge lane to step its exit; Play, Save (Ctrl+S), Undo.",
    .field_w = COMPASS_FIELD_W,
    .field_h = COMPASS_FIELD_H,
    .letterbox = 0x0B1A2B,
    .bars = GFX_BARS_FLAT,
    .options = compass_scene_options,
    .create = root_create,
    .destroy = root_destroy,
    .update = root_update,
    .input = root_input,
    .draw = root_draw,
    .next_change = root_next_change,
    .pointer_gone = root_pointer_gone,
    .set_active = NULL,
    .close_request = root_close_request,
    .wants_quit = root_wants_quit,
};
