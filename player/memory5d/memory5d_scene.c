/* Memory5D as a scene_def: its options, create (rules config, lessons, the AI, the lobby or
 * a match straight from --seed/--difficulty/--opponent/--tutorial), the table of screens and
 * the one dispatch of update, input and draw to the current screen. */
#include "memory5d_scene.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "memory5d_online.h"
#include "memory5d_ui.h"
#include "memory5d/memory5d_config.h"
#include "memory5d/memory5d_powers.h"

#define BG 0xE9E4DA

/* The table of screens (memory5d_ui.h's memory5d_screen): memory5d_goto is the only way in. */
static const memory5d_screen screens[MEMORY5D_SCREENS] = {
    [MEMORY5D_SCREEN_LOBBY] = {.name = "lobby", .music = AUDIO_BGM_TITLE,
                               .hint = "Choose a match, then Play. Arrows and Enter work "
                                       "everywhere.",
                               .input = memory5d_lobby_screen_input,
                               .draw = memory5d_lobby_screen_draw},
    /* no screen event: the match-start event stands for it */
    [MEMORY5D_SCREEN_MATCH] = {.music = AUDIO_BGM_GAMEPLAY, .enter = memory5d_play_enter,
                               .update = memory5d_match_screen_update,
                               .next_change = memory5d_match_screen_next_change,
                               .input = memory5d_match_screen_input,
                               .draw = memory5d_match_screen_draw},
    [MEMORY5D_SCREEN_RESULTS] = {.name = "results", .music = AUDIO_BGM_RESULTS,
                                 .enter = memory5d_results_screen_enter,
                                 .input = memory5d_results_screen_input,
                                 .draw = memory5d_results_screen_draw},
    [MEMORY5D_SCREEN_RECORDS] = {.name = "records", .music = AUDIO_BGM_TITLE,
                                 .enter = memory5d_records_screen_enter,
                                 .input = memory5d_records_screen_input,
                                 .draw = memory5d_records_screen_draw},
    /* the draft is the prelude of a match: the lobby's or the results' music plays on */
    [MEMORY5D_SCREEN_DRAFT] = {.name = "draft", .music = MEMORY5D_KEEP_MUSIC,
                               .enter = memory5d_draft_screen_enter,
                               .update = memory5d_draft_screen_update,
                               .next_change = memory5d_draft_screen_next_change,
                               .input = memory5d_draft_screen_input,
                               .draw = memory5d_draft_screen_draw},
    /* --connect: every online screen polls the connection (memory5d_online_update) */
    [MEMORY5D_SCREEN_ONLINE_LOBBY] = {.name = "online-lobby", .music = AUDIO_BGM_TITLE,
                                      .update = memory5d_online_update,
                                      .next_change = memory5d_online_next_change,
                                      .input = memory5d_online_lobby_input,
                                      .draw = memory5d_online_lobby_draw},
    [MEMORY5D_SCREEN_ONLINE_MATCH] = {.name = "online-match", .music = AUDIO_BGM_GAMEPLAY,
                                      .update = memory5d_online_match_update,
                                      .next_change = memory5d_online_match_next_change,
                                      .input = memory5d_online_match_input,
                                      .draw = memory5d_online_match_draw},
    [MEMORY5D_SCREEN_ONLINE_DRAFT] = {.name = "online-draft", .music = MEMORY5D_KEEP_MUSIC,
                                      .update = memory5d_online_update,
                                      .next_change = memory5d_online_next_change,
                                      .input = memory5d_online_draft_input,
                                      .draw = memory5d_online_draft_draw},
};

static int parse_seed(const char *s, uint32_t *out)
{
    char *end;
    if (!s || !*s || *s == '-' || *s == '+')
        return -1;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end || v > 4294967295ULL)
        return -1;
    *out = (uint32_t)v;
    return 0;
}

/* --loadout reveal,wildcard,...: charges by name (the core's caps are checked at the start). */
static int parse_loadout(const char *s, int loadout[MEMORY5D_POWERS])
{
    char buf[200], *save = NULL;
    snprintf(buf, sizeof buf, "%s", s ? s : "");
    memset(loadout, 0, sizeof(int) * MEMORY5D_POWERS);
    for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        int p = memory5d_name_index(memory5d_power_names, MEMORY5D_POWERS, t);
        if (p < 0)
            return -1;
        loadout[p]++;
    }
    return 0;
}

static void destroy(void *s);

/* The field and scale of the next inputs and frames (before the first frame too: a headless
 * script's clicks come before any screenshot draws one). */
static void view(void *s, int field_w, int field_h, double scale)
{
    ((memory5d_scene_state *)s)->scale = scale;
    memory5d_layout_set_field(field_w, field_h);
    memory5d_layout_set_scale(scale);
}

static void *create(const scene_env *env, int64_t now, char *err, size_t errlen)
{
    char path[1100], inner[512];
    memory5d_scene_state *sc = calloc(1, sizeof *sc);
    if (!sc) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    sc->env = *env;
    sc->screens = screens;
    sc->cfg = env->scene_cfg;
    /* the first inputs' and frame's field and scale (view() tells of later ones), so the
     * first match's start event logs the boxes its frames draw */
    view(sc, env->field_w ? env->field_w : MEMORY5D_FIELD_W,
         env->field_h ? env->field_h : MEMORY5D_FIELD_H, env->scale > 0 ? env->scale : 1.0);
    sc->keyboard = 1; /* the focus is drawn from the start; a pointer hides it until a key */
    const char *rules = scene_arg_value(env, "rules", NULL);
    scene_data_path(env, MEMORY5D_DEFAULT_RULES, path, sizeof path);
    if (!rules)
        rules = path;
    else
        sc->custom_rules = memory5d_local_records_custom(rules, path);
    if (memory5d_config_load(rules, &sc->rules, inner, sizeof inner) != 0) {
        snprintf(err, errlen, "memory5d: %s", inner);
        free(sc);
        return NULL;
    }
    char dir[1100];
    scene_data_path(env, MEMORY5D_DEFAULT_TUTORIAL, dir, sizeof dir);
    sc->lesson_count = memory5d_lesson_list(dir, sc->lesson_paths, MEMORY5D_MAX_LESSONS, inner,
                                            sizeof inner);
    if (sc->lesson_count < 0) {
        snprintf(err, errlen, "memory5d: %s", inner);
        free(sc);
        return NULL;
    }
    if (memory5d_local_records_open(sc, rules, inner, sizeof inner) != 0) {
        snprintf(err, errlen, "memory5d: records: %s", inner);
        goto fail;
    }
    sc->ai = memory5d_ai_new();
    if (!sc->ai) {
        snprintf(err, errlen, "out of memory");
        goto fail;
    }
    /* A random seed by default: the wall clock live, a fixed stream headless (replays). */
    sc->seed_stream = env->headless ? 0x5EED5EEDu : (uint32_t)time(NULL) ^ (uint32_t)now;
    sc->vs_ai = 1;
    int live_pace;
    scene_arg_value(env, "live-pace", &live_pace);
    sc->paced = !env->headless || live_pace;
    sc->difficulty = MEMORY5D_NORMAL;
    sc->seed = memory5d_next_seed(sc);
    int given_seed, given_diff, given_opp, given_tut, given_mode, given_load, given_connect;
    const char *connect = scene_arg_value(env, "connect", &given_connect);
    const char *name = scene_arg_value(env, "name", NULL);
    if (given_connect) { /* online: the server decides the match, not these options */
        if (memory5d_online_start(sc, connect, name, now, inner, sizeof inner) != 0) {
            snprintf(err, errlen, "%s", inner);
            goto fail;
        }
        memory5d_caption_flush(sc, now);
        return sc;
    }
    if (name) {
        snprintf(err, errlen, "--name: only with --connect HOST:PORT");
        goto fail;
    }
    const char *mode = scene_arg_value(env, "mode", &given_mode);
    const char *load = scene_arg_value(env, "loadout", &given_load);
    if (given_mode && !(mode && (!strcmp(mode, "classic") || !strcmp(mode, "arcade")))) {
        snprintf(err, errlen, "--mode: expected classic or arcade, got \"%.40s\"",
                 mode ? mode : "");
        goto fail;
    }
    sc->arcade = given_mode && !strcmp(mode, "arcade");
    if (given_load) {
        if (!sc->arcade || parse_loadout(load, sc->loadout) != 0) {
            snprintf(err, errlen, "--loadout: expected --mode arcade and power names (reveal, "
                     "doublePoints, wildcard, extraTurn) separated by commas, got \"%.60s\"",
                     load ? load : "");
            goto fail;
        }
        if (memory5d_loadout_check(&sc->rules, sc->loadout, inner, sizeof inner) != 0) {
            snprintf(err, errlen, "--loadout: %s", inner);
            goto fail;
        }
        for (int p = 0; p < MEMORY5D_POWERS; p++)
            if (sc->loadout[p] > memory5d_owned(sc, p)) {
                snprintf(err, errlen, "--loadout: the profile owns %lld %s charge(s), not %d",
                         (long long)memory5d_owned(sc, p), memory5d_power_names[p], sc->loadout[p]);
                goto fail;
            }
    }
    const char *seed = scene_arg_value(env, "seed", &given_seed);
    const char *diff = scene_arg_value(env, "difficulty", &given_diff);
    const char *opp = scene_arg_value(env, "opponent", &given_opp);
    scene_arg_value(env, "tutorial", &given_tut);
    if (given_seed && parse_seed(seed, &sc->seed) != 0) {
        snprintf(err, errlen, "--seed: expected an integer from 0 to 4294967295, got \"%.40s\"",
                 seed ? seed : "");
        goto fail;
    }
    if (given_diff) {
        sc->difficulty = memory5d_name_index(memory5d_difficulty_names, MEMORY5D_DIFFICULTIES,
                                             diff ? diff : "");
        if (sc->difficulty < 0) {
            snprintf(err, errlen, "--difficulty: expected easy, normal, hard or expert, got "
                     "\"%.40s\"", diff ? diff : "");
            goto fail;
        }
    }
    if (given_opp) {
        if (opp && !strcmp(opp, "ai"))
            sc->vs_ai = 1;
        else if (opp && !strcmp(opp, "human"))
            sc->vs_ai = 0;
        else {
            snprintf(err, errlen, "--opponent: expected ai or human, got \"%.40s\"",
                     opp ? opp : "");
            goto fail;
        }
    }
    snprintf(sc->seed_text, sizeof sc->seed_text, "%u", (unsigned)sc->seed);
    audio_set_volumes(env->audio, env->cfg->master, env->cfg->music, env->cfg->sfx);
    if (given_tut) {
        if (memory5d_play_lesson(sc, 0, now, inner, sizeof inner) != 0) {
            snprintf(err, errlen, "memory5d: %s", inner);
            goto fail;
        }
    } else if (given_seed || given_diff || given_opp || given_mode) {
        if (memory5d_play_match(sc, now, inner, sizeof inner) != 0) {
            snprintf(err, errlen, "memory5d: %s", inner);
            goto fail;
        }
    } else {
        memory5d_goto(sc, MEMORY5D_SCREEN_LOBBY, now);
    }
    memory5d_caption_flush(sc, now);
    return sc;
fail:
    destroy(sc);
    return NULL;
}

static void destroy(void *s)
{
    memory5d_scene_state *sc = s;
    memory5d_online_free(sc);
    memory5d_log_free(&sc->log);
    memory5d_ai_free(sc->ai);
    free(sc->rec.profiles);
    memory5d_records_data_free(&sc->rec.data);
    memory5d_local_records_close(sc);
    free(sc);
}

static void update(void *s, int64_t now)
{
    memory5d_scene_state *sc = s;
    if (sc->screens[sc->screen].update)
        sc->screens[sc->screen].update(sc, now);
    memory5d_caption_flush(sc, now);
}

static void input(void *s, const player_input *in, int64_t now)
{
    memory5d_scene_state *sc = s;
    if (in->kind == PIN_PAD) { /* a gamepad drives the keyboard path (couch hot-seat) */
        player_input k = {.kind = PIN_KEY, .key = player_pad_key(in->button)};
        if (k.key != PK_NONE)
            input(s, &k, now);
        return;
    }
    if (sc->screens[sc->screen].input)
        sc->screens[sc->screen].input(sc, in, now);
    memory5d_caption_flush(sc, now);
}

static void draw(void *s, gfx *g, int64_t now)
{
    memory5d_scene_state *sc = s;
    const layout_view *v = gfx_view(g);
    int fw, fh;
    sc->scale = v->scale;
    /* every box and text size of this frame for its field and output scale (and the next
     * inputs' hit tests) */
    memory5d_layout_field_for(v->out_w, v->out_h, &fw, &fh);
    memory5d_layout_set_field(fw, fh);
    memory5d_layout_set_scale(sc->scale);
    memory5d_kit_frame_begin();
    gfx_rect(g, 0, 0, fw, fh,
             GFX_RGB(sc->cfg->high_contrast ? 0xFFFFFF : BG));
    sc->screens[sc->screen].draw(sc, g, now);
    memory5d_ev_layout(sc, now);
}

/* A new caption or a new screen shows at once; the rest is the current screen's answer. */
static int64_t next_change(const void *s, int64_t drawn)
{
    const memory5d_scene_state *sc = s;
    if (sc->caption_t > drawn || sc->screen_t > drawn)
        return drawn + 1;
    const memory5d_screen *screen = &sc->screens[sc->screen];
    return screen->next_change ? screen->next_change(sc, drawn) : SCENE_STILL;
}

static void pointer_gone(void *s) { ((memory5d_scene_state *)s)->hover = -1; }

static void set_active(void *s, int active, int64_t now)
{
    memory5d_scene_state *sc = s;
    if (sc->screen == MEMORY5D_SCREEN_MATCH)
        memory5d_match_screen_set_active(sc, active, now);
}

static int wants_quit(const void *s) { return ((const memory5d_scene_state *)s)->quit; }

static int take_warning(void *s, char *buf, size_t n)
{
    memory5d_scene_state *sc = s;
    if (!sc->warning[0])
        return 0;
    snprintf(buf, n, "%s", sc->warning);
    sc->warning[0] = '\0';
    return 1;
}

static const scene_option options[] = {
    {"seed", "N", "play the board seed N names (as gen memory5d --seed N prints it)", SCENE_OPT_VALUE},
    {"difficulty", "D", "easy, normal, hard or expert (default normal)", SCENE_OPT_VALUE},
    {"opponent", "WHO", "ai (default) or human (hot-seat: two players at one screen)", SCENE_OPT_VALUE},
    {"tutorial", NULL, "start the tutorial's first lesson", SCENE_OPT_VALUE},
    {"live-pace", NULL, "headless: the AI and the coach wait as in a window (instant otherwise)", SCENE_OPT_VALUE},
    {"rules", "FILE", "rules config (default levels/memory5d/rules.json)", SCENE_OPT_INPUT},
    {"mode", "M", "classic (default) or arcade: with --seed etc. straight into that mode", SCENE_OPT_VALUE},
    {"loadout", "LIST", "Arcade charges, e.g. reveal,wildcard (from the profile's inventory)", SCENE_OPT_VALUE},
    {"records", "DB", "local records database (default: the user data folder; none headless)", SCENE_OPT_INOUT},
    {"export", "FILE", "without a window: write the records database to FILE and exit", SCENE_OPT_OUTPUT},
    {"import", "FILE", "without a window: validate FILE, replace the database with it, exit", SCENE_OPT_INPUT},
    {"connect", "HOST:PORT", "play online against people through a match server (docs/server.md)", SCENE_OPT_VALUE},
    {"name", "N", "with --connect: the online name of a new account (default: the saved one)", SCENE_OPT_VALUE},
    {NULL, NULL, NULL, SCENE_OPT_VALUE},
};

const scene_def memory5d_scene = {
    .name = "memory5d",
    .title = "Memory5D",
    .help = "Claim two matching cells (same family; equal or linked hues; neighbours or\n"
            "reflections through the center) with one link; four in a row wins. Click or tap\n"
            "cells, or move the focus with the arrows, Home/End (Ctrl: first/last cell) and\n"
            "press Enter/Space; Tab moves between the board, the power buttons and Leave;\n"
            "Escape cancels the anchor or leaves. A gamepad's D-pad\n"
            "and A/B do the same as the arrows and Enter/Escape. Any of --seed,\n"
            "--difficulty, --opponent goes straight into a match.",
    .field_w = MEMORY5D_FIELD_W,
    .field_h = MEMORY5D_FIELD_H,
    .field_for = memory5d_layout_field_for,
    .view = view,
    .min_w = MEMORY5D_MIN_WINDOW_W,
    .min_h = MEMORY5D_MIN_WINDOW_H,
    .letterbox = 0x1F2A33,
    .bars = GFX_BARS_FLAT,
    .options = options,
    .settings = &memory5d_settings_slot,
    .create = create,
    .destroy = destroy,
    .update = update,
    .input = input,
    .draw = draw,
    .next_change = next_change,
    .pointer_gone = pointer_gone,
    .set_active = set_active,
    .wants_quit = wants_quit,
    .take_warning = take_warning,
    .batch = memory5d_local_records_batch,
};
