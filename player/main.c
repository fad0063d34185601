/* bin/player: the SDL2 shell (window, letterbox, input, launcher) and its headless replay
 * mode with virtual time, screenshots and an event log. It knows the games only through
 * scene_registry (player/scene.h). */
#include <SDL.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "audio/audio.h"
#include "outpath.h"
#include "draw/gfx.h"
#include "launcher.h"
#include "png_save.h"
#include "scene.h"
#include "script.h"
#include "settings.h"
#include "version.h"

#define PLAYER_VERSION "v" TOOLCHAIN_VERSION
enum { MAX_SHOTS = 64, MAX_SCENE_ARGS = 64, MAX_SCENE_OPTS = 64, HEADLESS_FRAME_MS = 16,
       QUIT_RING_OUT_MS = 300, OPT_SCENE = 1000 };

typedef struct {
    int64_t t_ms;
    const char *path;
    int done;
} shot;

typedef struct {
    /* options */
    const char *game, *script_path, *events_path, *settings_path;
    int headless, width, height;
    int64_t until_ms;
    shot shots[MAX_SHOTS];
    int nshots;
    scene_arg args[MAX_SCENE_ARGS]; /* the named scene's own options */
    int nargs;

    /* running */
    SDL_Window *win;
    SDL_Renderer *ren;
    SDL_Surface *target; /* headless render target */
    gfx *g;
    audio_system *audio;
    settings cfg;
    char pref_path[1024], data_dir[1024];
    FILE *events;        /* writes events_tmp; renamed to events_path when the run succeeds */
    char events_tmp[1100], events_target[1024]; /* the log's file, behind a symlink */
    launcher menu;
    const scene_def *def; /* the running scene, NULL in the launcher */
    void *sc;
    int in_launcher, from_launcher, quit, closed; /* closed: the window's close button */
    int fail;             /* exit code when a scene chosen in the launcher could not start */
    int view_w, view_h;   /* the field and scale the running scene last heard of (sync_view) */
    double view_scale;
} app;

static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "player: ");
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    return 2;
}

/* The shell's options, then every game's (game NULL) or only the named game's. */
static void print_help(const scene_def *game)
{
    printf("usage: player [GAME] [options]   (player GAME --help for one game's options)\n"
           "       player --version\n"
           "  With no game, opens the launcher. Games:");
    for (int i = 0; scene_registry[i]; i++) printf(" %s", scene_registry[i]->name);
    printf("\n"
           "  --headless            render offscreen with no audio device, virtual time\n"
           "  --script FILE         replay timed inputs (JSON lines, see player(6))\n"
           "  --screenshot T:FILE   write the frame at T ms as PNG (repeatable)\n"
           "  --events-out FILE     write the game's events as JSON lines\n"
           "  --until T             headless: stop at T ms (default: last input or screenshot)\n"
           "  --size WxH            output size (headless default: the game's field)\n"
           "  --settings FILE       settings file (default: the user's config folder;\n"
           "                        headless runs use defaults and save nothing without it)\n"
           "  --help                this text (with GAME: that game's options only)\n"
           "  --version             print the version\n");
    for (int i = 0; scene_registry[i]; i++) {
        const scene_def *d = scene_registry[i];
        if (game && d != game) continue;
        printf("\n%s: %s (%dx%d field)\n  ", d->name, d->title, d->field_w, d->field_h);
        for (const char *c = d->help; *c; c++) {
            putchar(*c);
            if (*c == '\n') printf("  ");
        }
        putchar('\n');
        for (const scene_option *o = d->options; o && o->name; o++) {
            char flag[64];
            snprintf(flag, sizeof flag, "--%s%s%s", o->name, o->metavar ? " " : "", o->metavar ? o->metavar : "");
            printf("  %-20s  %s\n", flag, o->help);
        }
    }
}

/* --events-out goes to a temp file beside the log, so that a run that fails (a bad
 * screenshot path, a write error) leaves no partial log and an older one untouched. */
static int open_events(app *a)
{
    struct stat st;
    if (stat(a->events_path, &st) == 0 && S_ISDIR(st.st_mode))
        return usage_error("%s: is a directory", a->events_path);
    char err[1200];
    if (outpath_target(a->events_path, a->events_target, sizeof a->events_target, err, sizeof err) != 0)
        return usage_error("%s", err);
    snprintf(a->events_tmp, sizeof a->events_tmp, "%s.tmp.%ld", a->events_target, (long)getpid());
    a->events = fopen(a->events_tmp, "w");
    if (!a->events) {
        fprintf(stderr, "player: %s: %s\n", a->events_path, strerror(errno));
        return 2;
    }
    return 0;
}

/* Closes the log and renames it into place when rc is 0; otherwise removes it. */
static int close_events(app *a, int rc)
{
    if (!a->events) return rc;
    /* on disk before the rename: a crash must not leave an empty log under the final name */
    if (!rc && (fflush(a->events) != 0 || (fsync(fileno(a->events)) != 0 && errno != EINVAL && errno != EROFS)))
        rc = usage_error("%s: write error", a->events_path);
    if (fclose(a->events) != 0 && !rc) rc = usage_error("%s: write error", a->events_path);
    if (!rc && rename(a->events_tmp, a->events_target) != 0) {
        fprintf(stderr, "player: %s: cannot write: %s\n", a->events_path, strerror(errno));
        rc = 2;
    }
    if (rc) remove(a->events_tmp);
    return rc;
}

static int parse_ms(const char *s, int64_t *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || end == s || *end || v < 0 || v > SCRIPT_MAX_T) return -1;
    *out = v;
    return 0;
}

/* The scene options of every registered scene, each name once, after the shell's own; the
 * option's index in names[] is its getopt code minus OPT_SCENE. */
static int build_options(struct option *opts, const char **names, int nshell)
{
    int n = nshell, ns = 0;
    for (int i = 0; scene_registry[i]; i++)
        for (const scene_option *o = scene_registry[i]->options; o && o->name; o++) {
            int dup = 0;
            for (int k = 0; k < ns; k++) dup |= strcmp(names[k], o->name) == 0;
            if (dup || ns == MAX_SCENE_OPTS) continue;
            names[ns] = o->name;
            opts[n++] = (struct option){o->name, o->metavar ? required_argument : no_argument, 0, OPT_SCENE + ns};
            ns++;
        }
    opts[n] = (struct option){0, 0, 0, 0};
    return ns;
}

static const scene_option *scene_option_of(const scene_def *d, const char *name)
{
    for (const scene_option *o = d->options; o && o->name; o++)
        if (strcmp(o->name, name) == 0) return o;
    return NULL;
}

/* Every scene option given must be one of the named scene's. */
static int check_scene_args(const app *a)
{
    const scene_def *d = a->game ? scene_find(a->game) : NULL;
    for (int i = 0; i < a->nargs; i++) {
        const char *name = a->args[i].name;
        if (!d) {
            fprintf(stderr, "player: --%s is an option of a game: name the game first (see --help)\n", name);
            return 2;
        }
        const scene_option *o = scene_option_of(d, name);
        if (!o || !o->metavar != !a->args[i].value) {
            fprintf(stderr, "player: --%s is not an option of %s (see --help)\n", name, d->name);
            return 2;
        }
    }
    return 0;
}

/* Outputs never replace inputs (core/outpath.h): every output the command line names (the
 * shell's and the scene's) against every input, before anything is read or written. */
static int check_paths(const app *a)
{
    enum { MAX_PATHS = MAX_SHOTS + MAX_SCENE_ARGS + 3 };
    outpath_item outs[MAX_PATHS], ins[MAX_PATHS];
    int nout = 0, nin = 0, own[MAX_PATHS]; /* own[i]: the input that is output i, or -1 */
    if (a->script_path) ins[nin++] = (outpath_item){"--script", a->script_path};
    /* the settings file is read and saved again: an input and an output */
    if (a->settings_path) own[nout] = nin, outs[nout++] = ins[nin++] = (outpath_item){"--settings", a->settings_path};
    if (a->events_path) own[nout] = -1, outs[nout++] = (outpath_item){"--events-out", a->events_path};
    for (int i = 0; i < a->nshots; i++) own[nout] = -1, outs[nout++] = (outpath_item){"--screenshot", a->shots[i].path};
    const scene_def *d = a->game ? scene_find(a->game) : NULL;
    static char flags[MAX_SCENE_ARGS][64];
    for (int i = 0; d && i < a->nargs; i++) {
        const scene_option *o = scene_option_of(d, a->args[i].name);
        if (!o || !a->args[i].value) continue;
        snprintf(flags[i], sizeof flags[i], "--%s", o->name);
        outpath_item it = {flags[i], a->args[i].value};
        int in_at = -1;
        if (o->role == SCENE_OPT_INPUT || o->role == SCENE_OPT_INOUT) in_at = nin, ins[nin++] = it;
        if (o->role == SCENE_OPT_OUTPUT || o->role == SCENE_OPT_INOUT) own[nout] = in_at, outs[nout++] = it;
    }
    char err[1024];
    for (int i = 0; i < nout; i++) {
        /* an in-out file (the records database) is compared with every input but itself */
        outpath_item others[MAX_PATHS];
        int n = 0;
        for (int j = 0; j < nin; j++)
            if (j != own[i]) others[n++] = ins[j];
        if (outpath_check(&outs[i], 1, others, n, err, sizeof err) != 0) return usage_error("%s", err);
    }
    return 0;
}

static int parse_args(app *a, int argc, char **argv)
{
    static const struct option shell_opts[] = {
        {"headless", no_argument, 0, 'H'},     {"script", required_argument, 0, 's'},
        {"screenshot", required_argument, 0, 'p'}, {"events-out", required_argument, 0, 'e'},
        {"until", required_argument, 0, 'u'},  {"size", required_argument, 0, 'z'},
        {"settings", required_argument, 0, 'c'}, {"help", no_argument, 0, 'h'},
        {"version", no_argument, 0, 'V'}};
    enum { NSHELL = sizeof shell_opts / sizeof *shell_opts };
    struct option opts[NSHELL + MAX_SCENE_OPTS + 1];
    const char *names[MAX_SCENE_OPTS];
    memcpy(opts, shell_opts, sizeof shell_opts);
    build_options(opts, names, NSHELL);
    a->until_ms = -1;
    opterr = 0;
    int c, help = 0;
    while ((c = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
        if (c >= OPT_SCENE) {
            if (a->nargs == MAX_SCENE_ARGS) return usage_error("too many game options (at most 64), at \"%s\"", argv[optind - 1]);
            a->args[a->nargs++] = (scene_arg){names[c - OPT_SCENE], optarg};
            continue;
        }
        switch (c) {
        case 'H': a->headless = 1; break;
        case 's': a->script_path = optarg; break;
        case 'e': a->events_path = optarg; break;
        case 'c': a->settings_path = optarg; break;
        case 'u':
            if (parse_ms(optarg, &a->until_ms)) return usage_error("--until: expected milliseconds from 0 to 3600000, got \"%s\"", optarg);
            break;
        case 'z': {
            int w, h;
            char extra;
            if (sscanf(optarg, "%dx%d%c", &w, &h, &extra) != 2 || w < 64 || h < 64 || w > 8192 || h > 8192)
                return usage_error("--size: expected WxH from 64x64 to 8192x8192, got \"%s\"", optarg);
            a->width = w;
            a->height = h;
            break;
        }
        case 'p': {
            const char *colon = strchr(optarg, ':');
            char t[32];
            if (!colon || colon == optarg || (size_t)(colon - optarg) >= sizeof t || !colon[1])
                return usage_error("--screenshot: expected T:FILE.png, got \"%s\"", optarg);
            memcpy(t, optarg, (size_t)(colon - optarg));
            t[colon - optarg] = '\0';
            if (a->nshots == MAX_SHOTS) return usage_error("--screenshot: at most 64, got more at \"%s\"", optarg);
            if (parse_ms(t, &a->shots[a->nshots].t_ms))
                return usage_error("--screenshot: expected a time in ms from 0 to 3600000, got \"%s\"", optarg);
            a->shots[a->nshots++].path = colon + 1;
            break;
        }
        case 'h': help = 1; break;
        case 'V': printf("player %s\n", TOOLCHAIN_VERSION); exit(0);
        case ':': return usage_error("option %s needs a value", argv[optind - 1]);
        default: return usage_error("unknown option %s (see --help)", argv[optind - 1]);
        }
    }
    if (optind < argc) {
        a->game = argv[optind++];
        if (!scene_find(a->game)) {
            char known[256] = "";
            for (int i = 0; scene_registry[i]; i++)
                snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s", i ? ", " : "", scene_registry[i]->name);
            fprintf(stderr, "player: unknown game \"%s\" (this player has: %s)\n", a->game, known);
            return 2;
        }
    }
    if (optind < argc) return usage_error("unexpected argument \"%s\"", argv[optind]);
    const scene_def *named = a->game ? scene_find(a->game) : NULL;
    if (named && a->width && (a->width < named->min_w || a->height < named->min_h)) {
        fprintf(stderr, "player: --size: %s lays out for windows of at least %dx%d, got \"%dx%d\"\n",
                named->name, named->min_w, named->min_h, a->width, a->height);
        return 2;
    }
    if (help) {
        print_help(a->game ? scene_find(a->game) : NULL);
        exit(0);
    }
    if (check_scene_args(a)) return 2;
    if (check_paths(a)) return 2;
    if (!a->headless && a->until_ms >= 0) return usage_error("--until needs --headless%s", "");
    for (int i = 0; i < a->nshots; i++)
        if (a->until_ms >= 0 && a->shots[i].t_ms > a->until_ms)
            return usage_error("--screenshot %s: its time is after --until", a->shots[i].path);
    return 0;
}

/* ---------------------------------------------------------------- scenes */

/* The launcher's 1920x1080 felt field with dark-wood bars. */
static void launcher_field(app *a)
{
    gfx_set_field(a->g, LAUNCHER_FIELD_W, LAUNCHER_FIELD_H, 0x3B342D, GFX_BARS_WOOD);
}

/* Scene d's field for the output's size now (scene_def.field_for) and its scale there. */
static void view_for(app *a, const scene_def *d, int *fw, int *fh, double *scale)
{
    int ow, oh;
    SDL_GetRendererOutputSize(a->ren, &ow, &oh);
    *fw = d->field_w;
    *fh = d->field_h;
    if (d->field_for) d->field_for(ow, oh, fw, fh);
    layout_view v;
    layout_fit(&v, ow, oh, *fw, *fh);
    *scale = v.scale;
}

/* The running scene's field and scale for the output now: the frames' field, and the scene
 * hears of them (scene_def.view) when they changed since it last did. */
static void sync_view(app *a)
{
    if (a->in_launcher || !a->sc) return;
    int fw, fh;
    double scale;
    view_for(a, a->def, &fw, &fh, &scale);
    gfx_set_field(a->g, fw, fh, a->def->letterbox, a->def->bars);
    if (a->def->view && (fw != a->view_w || fh != a->view_h || scale != a->view_scale))
        a->def->view(a->sc, fw, fh, scale);
    a->view_w = fw;
    a->view_h = fh;
    a->view_scale = scale;
}

/* The window's smallest size while scene d runs (the launcher's with none); a smaller window
 * grows to it. */
static void window_minimum(app *a, const scene_def *d)
{
    if (!a->win) return;
    int mw = d && d->min_w > 270 ? d->min_w : 270, mh = d && d->min_h > 270 ? d->min_h : 270, w, h;
    SDL_SetWindowMinimumSize(a->win, mw, mh);
    SDL_GetWindowSize(a->win, &w, &h);
    if (w < mw || h < mh) SDL_SetWindowSize(a->win, w > mw ? w : mw, h > mh ? h : mh);
}

/* Starts scene d at now; its options are the command line's only when it was named there.
 * -1 with the scene's one-line reason printed. */
static int start_scene(app *a, const scene_def *d, int64_t now)
{
    scene_env env = {.version = PLAYER_VERSION, .data_dir = a->data_dir, .headless = a->headless,
                     .audio = a->audio, .events = a->events, .cfg = &a->cfg,
                     .scene_cfg = settings_scene(&a->cfg, d->name),
                     .settings_path = a->pref_path[0] ? a->pref_path : NULL,
                     .args = a->from_launcher ? NULL : a->args,
                     .nargs = a->from_launcher ? 0 : a->nargs};
    view_for(a, d, &env.field_w, &env.field_h, &env.scale);
    char err[1024] = "";
    if (a->headless && a->width && (a->width < d->min_w || a->height < d->min_h)) {
        fprintf(stderr, "player: %s lays out for windows of at least %dx%d, not %dx%d\n", d->name, d->min_w,
                d->min_h, a->width, a->height);
        return -1;
    }
    gfx_set_field(a->g, d->field_w, d->field_h, d->letterbox, d->bars);
    a->sc = d->create(&env, now, err, sizeof err);
    if (!a->sc) {
        fprintf(stderr, "player: %s\n", err[0] ? err : "cannot start the game");
        launcher_field(a);
        return -1;
    }
    a->def = d;
    a->in_launcher = 0;
    if (a->win) SDL_SetWindowTitle(a->win, d->title);
    window_minimum(a, d);
    a->view_w = env.field_w; /* what the scene was created for (scene_env) */
    a->view_h = env.field_h;
    a->view_scale = env.scale;
    sync_view(a);
    return 0;
}

static void stop_scene(app *a)
{
    if (!a->sc) return;
    a->def->destroy(a->sc);
    a->sc = NULL;
    a->def = NULL;
    window_minimum(a, NULL);
}

static void app_input(app *a, const player_input *in, int64_t now)
{
    if (a->in_launcher) {
        int c = launcher_input(&a->menu, in, now);
        if (c == LAUNCH_QUIT) a->quit = 1;
        else if (c >= 0 && start_scene(a, scene_registry[c], now)) a->quit = 1, a->fail = 2;
        return;
    }
    if (a->sc) a->def->input(a->sc, in, now);
}

static void app_update(app *a, int64_t now)
{
    if (!a->sc) return;
    a->def->update(a->sc, now);
    char warning[512];
    if (a->def->take_warning && a->def->take_warning(a->sc, warning, sizeof warning))
        fprintf(stderr, "player: %s\n", warning);
    if (a->def->wants_quit(a->sc)) {
        stop_scene(a);
        if (a->from_launcher) {
            launcher_field(a);
            if (a->win) SDL_SetWindowTitle(a->win, "Player");
            launcher_init(&a->menu, a->audio);
            a->in_launcher = 1;
        } else {
            a->quit = 1;
        }
    }
}

/* Draws the frame at now: 1 when its picture differs from the last one (see gfx_end). */
static int app_draw(app *a, int64_t now)
{
    sync_view(a);
    gfx_begin(a->g);
    if (a->in_launcher) launcher_draw(&a->menu, a->g, now, PLAYER_VERSION);
    else if (a->sc) a->def->draw(a->sc, a->g, now);
    return gfx_end(a->g);
}

static int save_png(app *a, const char *path)
{
    SDL_Surface *s = gfx_read_pixels(a->g);
    if (!s) return usage_error("screenshot: cannot read the frame: %s", SDL_GetError());
    /* verified: IMG_SavePNG can report success after a failed write (a full disk) */
    char err[4400];
    int rc = png_save_verified(s, path, err, sizeof err);
    SDL_FreeSurface(s);
    return rc ? usage_error("screenshot: %s", err) : 0;
}

/* The window's close button: the game may keep the window to ask first (scene_def.close_request). */
static void app_close(app *a, int64_t now)
{
    if (!a->in_launcher && a->sc && a->def->close_request && !a->def->close_request(a->sc, now)) return;
    a->quit = a->closed = 1;
}

/* One script step; a scripted click (tap) presses and releases (lifts) at the same time. */
static void play_step(app *a, const script_step *st, int64_t now)
{
    if (st->close) {
        app_close(a, now);
        return;
    }
    player_input in = st->in;
    app_input(a, &in, now);
    if (st->release_after) {
        in.kind = in.kind == PIN_TOUCH_DOWN ? PIN_TOUCH_UP : PIN_RELEASE;
        app_input(a, &in, now);
    }
}

/* ---------------------------------------------------------------- headless */

static int run_headless(app *a, const script *sc)
{
    int64_t end = 0;
    if (sc->count) end = sc->steps[sc->count - 1].t_ms;
    for (int i = 0; i < a->nshots; i++)
        if (a->shots[i].t_ms > end) end = a->shots[i].t_ms;
    if (a->until_ms >= 0) end = a->until_ms;
    int next = 0;
    int64_t t = 0;
    for (;;) {
        app_update(a, t);
        while (next < sc->count && sc->steps[next].t_ms == t && !a->quit) {
            play_step(a, &sc->steps[next++], t);
            app_update(a, t);
        }
        /* a shot due when the player has quit is left undone and reported below */
        for (int i = 0; i < a->nshots; i++)
            if (!a->shots[i].done && a->shots[i].t_ms == t && !a->quit) {
                app_draw(a, t);
                if (save_png(a, a->shots[i].path)) return 2;
                a->shots[i].done = 1;
            }
        if (a->quit || t >= end) break;
        int64_t nt = t + HEADLESS_FRAME_MS;
        if (next < sc->count && sc->steps[next].t_ms < nt) nt = sc->steps[next].t_ms;
        for (int i = 0; i < a->nshots; i++)
            if (!a->shots[i].done && a->shots[i].t_ms > t && a->shots[i].t_ms < nt) nt = a->shots[i].t_ms;
        if (nt > end) nt = end;
        t = nt;
    }
    for (int i = 0; i < a->nshots; i++)
        if (!a->shots[i].done) {
            fprintf(stderr, "player: screenshot at %lld ms not taken: the player quit at %lld ms\n",
                    (long long)a->shots[i].t_ms, (long long)t);
            return 2;
        }
    return 0;
}

/* ---------------------------------------------------------------- live */

static player_key map_key(SDL_Keycode k)
{
    switch (k) {
    case SDLK_1: case SDLK_KP_1: return PK_1;
    case SDLK_2: case SDLK_KP_2: return PK_2;
    case SDLK_3: case SDLK_KP_3: return PK_3;
    case SDLK_LEFT: return PK_LEFT;
    case SDLK_RIGHT: return PK_RIGHT;
    case SDLK_UP: return PK_UP;
    case SDLK_DOWN: return PK_DOWN;
    case SDLK_RETURN: case SDLK_KP_ENTER: return PK_ENTER;
    case SDLK_SPACE: return PK_SPACE;
    case SDLK_ESCAPE: return PK_ESCAPE;
    case SDLK_BACKSPACE: return PK_BACKSPACE;
    case SDLK_TAB: return PK_TAB;
    case SDLK_HOME: return PK_HOME;
    case SDLK_END: return PK_END;
    default: return PK_NONE;
    }
}

static player_button map_button(Uint8 b)
{
    switch (b) {
    case SDL_CONTROLLER_BUTTON_A: return PB_A;
    case SDL_CONTROLLER_BUTTON_B: return PB_B;
    case SDL_CONTROLLER_BUTTON_START: return PB_START;
    case SDL_CONTROLLER_BUTTON_DPAD_LEFT: return PB_LEFT;
    case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: return PB_RIGHT;
    case SDL_CONTROLLER_BUTTON_DPAD_UP: return PB_UP;
    case SDL_CONTROLLER_BUTTON_DPAD_DOWN: return PB_DOWN;
    default: return PB_NONE;
    }
}

/* Window points to field pixels, through the HiDPI output scale and the letterbox. */
static void to_field(app *a, int wx, int wy, double *fx, double *fy)
{
    int ww, wh, ow, oh;
    SDL_GetWindowSize(a->win, &ww, &wh);
    SDL_GetRendererOutputSize(a->ren, &ow, &oh);
    double px = wx * (double)ow / (ww ? ww : 1), py = wy * (double)oh / (wh ? wh : 1);
    layout_to_field(gfx_view(a->g), px, py, fx, fy);
}

/* A finger's normalised window position (0..1) to field pixels. */
static void finger_to_field(app *a, float nx, float ny, double *fx, double *fy)
{
    int ow, oh;
    SDL_GetRendererOutputSize(a->ren, &ow, &oh);
    layout_to_field(gfx_view(a->g), nx * (double)ow, ny * (double)oh, fx, fy);
}

static void set_pointer_hidden(app *a, int hidden)
{
    SDL_ShowCursor(hidden ? SDL_DISABLE : SDL_ENABLE);
    if (!hidden && a->sc) a->def->pointer_gone(a->sc);
    if (!hidden) a->menu.have_pointer = 0;
}

/* Focus lost or minimised: the scene may pause its clocks (a turn's decision clock). */
static void set_active(app *a, int active, int64_t now)
{
    if (a->sc && a->def->set_active) a->def->set_active(a->sc, active, now);
}

static void handle_event(app *a, const SDL_Event *e, int64_t now, int stick[2])
{
    player_input in = {0};
    switch (e->type) {
    case SDL_QUIT:
        app_close(a, now);
        return;
    case SDL_WINDOWEVENT:
        /* exposed, resized, restored: the window's pixels may be lost, so the next frame is
         * drawn whole and presented */
        if (e->window.event == SDL_WINDOWEVENT_EXPOSED || e->window.event == SDL_WINDOWEVENT_SHOWN ||
            e->window.event == SDL_WINDOWEVENT_SIZE_CHANGED || e->window.event == SDL_WINDOWEVENT_RESTORED ||
            e->window.event == SDL_WINDOWEVENT_MAXIMIZED || e->window.event == SDL_WINDOWEVENT_DISPLAY_CHANGED)
            gfx_invalidate(a->g);
        if (e->window.event == SDL_WINDOWEVENT_FOCUS_LOST || e->window.event == SDL_WINDOWEVENT_LEAVE)
            set_pointer_hidden(a, 0); /* the OS cursor comes back */
        else if (e->window.event == SDL_WINDOWEVENT_FOCUS_GAINED || e->window.event == SDL_WINDOWEVENT_ENTER)
            set_pointer_hidden(a, 1);
        if (e->window.event == SDL_WINDOWEVENT_FOCUS_LOST || e->window.event == SDL_WINDOWEVENT_MINIMIZED)
            set_active(a, 0, now);
        else if (e->window.event == SDL_WINDOWEVENT_FOCUS_GAINED || e->window.event == SDL_WINDOWEVENT_RESTORED)
            set_active(a, 1, now);
        return;
    case SDL_FINGERDOWN:
    case SDL_FINGERMOTION:
    case SDL_FINGERUP:
        in.kind = e->type == SDL_FINGERDOWN ? PIN_TOUCH_DOWN : e->type == SDL_FINGERUP ? PIN_TOUCH_UP : PIN_TOUCH_MOVE;
        finger_to_field(a, e->tfinger.x, e->tfinger.y, &in.x, &in.y);
        break;
    case SDL_MOUSEMOTION:
        if (e->motion.which == SDL_TOUCH_MOUSEID) return; /* touches arrive as fingers */
        in.kind = PIN_MOVE;
        to_field(a, e->motion.x, e->motion.y, &in.x, &in.y);
        break;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
        if (e->button.button != SDL_BUTTON_LEFT || e->button.which == SDL_TOUCH_MOUSEID) return;
        in.kind = e->type == SDL_MOUSEBUTTONDOWN ? PIN_CLICK : PIN_RELEASE;
        to_field(a, e->button.x, e->button.y, &in.x, &in.y);
        break;
    case SDL_KEYDOWN: {
        SDL_Keycode sym = e->key.keysym.sym;
        Uint16 mod = e->key.keysym.mod;
        in.kind = PIN_KEY;
        in.key = map_key(sym);
        in.mods = (mod & KMOD_SHIFT ? PMOD_SHIFT : 0) | (mod & KMOD_CTRL ? PMOD_CTRL : 0);
        if (in.key == PK_NONE && (mod & KMOD_CTRL) && sym >= SDLK_a && sym <= SDLK_z) {
            in.key = PK_CHAR; /* Ctrl+letter sends no text input: deliver it here */
            in.ch = (char)sym;
        }
        if (in.key == PK_NONE) return;
        if (e->key.repeat && in.key != PK_LEFT && in.key != PK_RIGHT && in.key != PK_UP &&
            in.key != PK_DOWN && in.key != PK_BACKSPACE)
            return;
        if (player_key_char(in.key)) in.ch = player_key_char(in.key); /* live typing's space too */
        break;
    }
    case SDL_TEXTINPUT:
        /* typed characters other than the ones KEYDOWN already delivers (1 2 3 space) */
        for (const char *c = e->text.text; *c; c++) {
            if (*c == '1' || *c == '2' || *c == '3' || *c == ' ' || (unsigned char)*c >= 127) continue;
            player_input t = {.kind = PIN_KEY, .key = PK_CHAR, .ch = *c};
            app_input(a, &t, now);
        }
        return;
    case SDL_CONTROLLERDEVICEADDED:
        SDL_GameControllerOpen(e->cdevice.which);
        return;
    case SDL_CONTROLLERBUTTONDOWN:
        in.kind = PIN_PAD;
        in.button = map_button(e->cbutton.button);
        if (in.button == PB_NONE) return;
        break;
    case SDL_CONTROLLERAXISMOTION: {
        /* the left stick acts as a D-pad: one press per push past 60% */
        int axis = e->caxis.axis == SDL_CONTROLLER_AXIS_LEFTX ? 0 : e->caxis.axis == SDL_CONTROLLER_AXIS_LEFTY ? 1 : -1;
        if (axis < 0) return;
        int dir = e->caxis.value > 20000 ? 1 : e->caxis.value < -20000 ? -1 : 0;
        if (dir == stick[axis]) return;
        stick[axis] = dir;
        if (!dir) return;
        in.kind = PIN_PAD;
        in.button = axis == 0 ? (dir > 0 ? PB_RIGHT : PB_LEFT) : (dir > 0 ? PB_DOWN : PB_UP);
        break;
    }
    default:
        return;
    }
    app_input(a, &in, now);
}

/* After a resize (or a HiDPI change) the field point under a pointer that has not moved is
 * another one: tell the scene where it now is, once the frame has refitted the letterbox. */
static void repoint_after_resize(app *a, int64_t now, int *last_w, int *last_h)
{
    int w, h;
    SDL_GetRendererOutputSize(a->ren, &w, &h);
    if (w == *last_w && h == *last_h) return;
    int first = *last_w == 0;
    *last_w = w;
    *last_h = h;
    if (first || SDL_GetMouseFocus() != a->win) return;
    int mx, my;
    SDL_GetMouseState(&mx, &my);
    player_input in = {.kind = PIN_MOVE};
    to_field(a, mx, my, &in.x, &in.y);
    app_input(a, &in, now);
}

/* When the picture on screen (drawn at drawn_ms) next changes by itself. */
static int64_t app_next_change(const app *a, int64_t drawn_ms)
{
    if (a->in_launcher) return launcher_next_change(&a->menu, drawn_ms);
    if (!a->sc || !a->def->next_change) return drawn_ms + 1;
    return a->def->next_change(a->sc, drawn_ms);
}

/* The display's frame period: what an animation is paced to without vsync. */
static int64_t frame_period_ms(app *a)
{
    SDL_DisplayMode m;
    int hz = SDL_GetWindowDisplayMode(a->win, &m) == 0 && m.refresh_rate > 0 ? m.refresh_rate : 60;
    if (hz > 240) hz = 240;
    return (1000 + hz - 1) / hz;
}

static int64_t earlier(int64_t x, int64_t y) { return x < y ? x : y; }

/* The live loop draws a frame only when the picture changes: after an input or a window
 * event, or when the scene says it moves (scene_def.next_change). In between it sleeps in
 * SDL_WaitEventTimeout until the next event or the next thing due (the scene's next
 * change, a script step, a screenshot, the quit chime's end), waking at least every
 * IDLE_POLL_MS so update() can poll (the --watch reload). While something moves, frames
 * are paced to the display: vsync where the renderer has it, else a frame clock at the
 * display's refresh rate. */
static int run_live(app *a, const script *sc)
{
    enum { IDLE_POLL_MS = 250 };
    SDL_StartTextInput();
    SDL_RendererInfo info;
    /* SDL's software renderer reports the PRESENTVSYNC it was asked for but presents at once
     * (measured under Xvfb: about 800 frames a second while Odd Shape's round ran), so only
     * another renderer's vsync paces the frames */
    int vsync = SDL_GetRendererInfo(a->ren, &info) == 0 && (info.flags & SDL_RENDERER_PRESENTVSYNC) &&
                strcmp(info.name, "software") != 0;
    int64_t period = vsync ? 0 : frame_period_ms(a);
    Uint64 t0 = SDL_GetTicks64();
    long frames = 0, presented = 0;
    int next = 0, stick[2] = {0, 0}, out_w = 0, out_h = 0, dirty = 1;
    int64_t quit_at = 0, drawn = -1, frame_at = INT64_MIN / 2;
    for (;;) {
        int64_t now = (int64_t)(SDL_GetTicks64() - t0);
        SDL_Event e;
        while (SDL_PollEvent(&e)) handle_event(a, &e, now, stick), dirty = 1;
        while (next < sc->count && sc->steps[next].t_ms <= now) play_step(a, &sc->steps[next++], now), dirty = 1;
        app_update(a, now);
        if (a->quit) {
            /* let the Quit button's confirm chime ring out before the window closes */
            if (!quit_at) quit_at = now;
            if (a->closed || now - quit_at >= QUIT_RING_OUT_MS) break;
        }
        int64_t due = app_next_change(a, drawn);
        for (int i = 0; i < a->nshots; i++)
            if (!a->shots[i].done) due = earlier(due, a->shots[i].t_ms);
        int want = dirty || due <= now;
        if (want && now >= frame_at + period) {
            int changed = app_draw(a, now);
            repoint_after_resize(a, now, &out_w, &out_h);
            for (int i = 0; i < a->nshots; i++)
                if (!a->shots[i].done && a->shots[i].t_ms <= now) {
                    if (save_png(a, a->shots[i].path)) return 2;
                    a->shots[i].done = 1;
                }
            if (changed) SDL_RenderPresent(a->ren);
            frames++;
            presented += changed;
            drawn = frame_at = now;
            dirty = 0;
            continue;
        }
        int64_t until = want ? frame_at + period : earlier(due, now + IDLE_POLL_MS);
        if (next < sc->count) until = earlier(until, sc->steps[next].t_ms);
        if (quit_at) until = earlier(until, quit_at + QUIT_RING_OUT_MS);
        if (until > now && SDL_WaitEventTimeout(&e, (int)earlier(until - now, IDLE_POLL_MS))) {
            handle_event(a, &e, (int64_t)(SDL_GetTicks64() - t0), stick);
            dirty = 1;
        }
    }
    if (getenv("PLAYER_FRAME_STATS")) {
        double secs = (double)(SDL_GetTicks64() - t0) / 1000;
        fprintf(stderr, "player: %ld frames drawn, %ld presented in %.1f s: %.1f a second, paced by %s\n", frames,
                presented, secs, secs > 0 ? frames / secs : 0.0, vsync ? "vsync" : "a frame clock");
    }
    return 0;
}

/* ---------------------------------------------------------------- setup */

/* Sound and display libraries (libasound, libwayland) print their own lines to stderr while
 * SDL probes them; the player reports each outcome as one line of its own, so stderr is
 * muted around the probes. mute returns the saved descriptor for unmute (-1: none). */
static int mute_stderr(void)
{
    fflush(stderr);
    int saved = dup(2), devnull = saved >= 0 ? open("/dev/null", O_WRONLY) : -1;
    if (devnull < 0) {
        if (saved >= 0) close(saved);
        return -1;
    }
    dup2(devnull, 2);
    close(devnull);
    return saved;
}

static void unmute_stderr(int saved)
{
    if (saved < 0) return;
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
}

/* The folder holding levels/ and reports/: the current directory in a checkout, else the
 * one above bin/ (a checkout's player started from elsewhere), else the installed data
 * beside the program's folder, ../share/<data name> (make install; any PREFIX). */
static void find_data_dir(app *a)
{
    snprintf(a->data_dir, sizeof a->data_dir, ".");
    if (access("levels", X_OK) == 0) return;
    char *base = SDL_GetBasePath();
    if (!base) return;
    char up[1100];
    snprintf(up, sizeof up, "%s../levels", base);
    if (access(up, X_OK) == 0) snprintf(a->data_dir, sizeof a->data_dir, "%s..", base);
    else {
        snprintf(up, sizeof up, "%s../share/" TOOLCHAIN_DATA_NAME "/levels", base);
        if (access(up, X_OK) == 0)
            snprintf(a->data_dir, sizeof a->data_dir, "%s../share/" TOOLCHAIN_DATA_NAME, base);
    }
    SDL_free(base);
}

/* The frame or window size: --size, else the field of the game named (the launcher's with
 * none), live windows scaled to fit a 1280x800 desktop. */
static void default_size(const app *a, int *w, int *h)
{
    const scene_def *d = a->game ? scene_find(a->game) : NULL;
    int fw = d ? d->field_w : LAUNCHER_FIELD_W, fh = d ? d->field_h : LAUNCHER_FIELD_H;
    if (a->width) {
        *w = a->width;
        *h = a->height;
    } else if (a->headless) {
        *w = fw;
        *h = fh;
    } else {
        double k = fmin(1280.0 / fw, 800.0 / fh);
        *w = (int)lround(fw * k);
        *h = (int)lround(fh * k);
    }
}

/* Without a GPU the accelerated renderer is Mesa's llvmpipe: about 60 MB resident and no
 * faster than SDL's own software renderer drawing straight into the window (framebuffer
 * acceleration off). On Linux a GPU shows as a DRM device; SDL_RENDER_DRIVER and
 * SDL_FRAMEBUFFER_ACCELERATION in the environment still take precedence over these hints. */
static void prefer_software_without_gpu(void)
{
#ifdef __linux__
    DIR *d = opendir("/dev/dri");
    struct dirent *e;
    int gpu = 0;
    while (d && !gpu && (e = readdir(d)))
        gpu = strncmp(e->d_name, "renderD", 7) == 0 || strncmp(e->d_name, "card", 4) == 0;
    if (d) closedir(d);
    if (gpu) return;
    SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software");
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
#endif
}

static int setup_video(app *a)
{
    if (a->headless) {
        /* no window at all: a software renderer on a surface; the video driver is set to
         * offscreen (or dummy) so nothing ever reaches a display */
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen");
        if (SDL_Init(SDL_INIT_VIDEO) != 0) {
            SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
            if (SDL_Init(SDL_INIT_VIDEO) != 0) return usage_error("SDL_Init: %s", SDL_GetError());
        }
        int w, h;
        default_size(a, &w, &h);
        a->target = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
        if (!a->target) return usage_error("cannot create the frame: %s", SDL_GetError());
        a->ren = SDL_CreateSoftwareRenderer(a->target);
        if (!a->ren) return usage_error("cannot create the renderer: %s", SDL_GetError());
        return 0;
    }
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1");
    prefer_software_without_gpu();
    SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0"); /* touches arrive once, as fingers */
    int muted = mute_stderr();
    int init = SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER);
    unmute_stderr(muted);
    if (init != 0) return usage_error("no usable display (%s); run with --headless to play offscreen", SDL_GetError());
    /* With no display SDL falls back to its offscreen driver and would run invisibly until
     * killed; only a driver the user asked for by name is taken as meant. */
    const char *drv = SDL_GetCurrentVideoDriver(), *asked = getenv("SDL_VIDEODRIVER");
    if (drv && (strcmp(drv, "offscreen") == 0 || strcmp(drv, "dummy") == 0) && !(asked && strcmp(asked, drv) == 0))
        return usage_error("no usable display (SDL found only its \"%s\" video driver: is DISPLAY set?); "
                           "run with --headless to play offscreen", drv);
    int w, h;
    default_size(a, &w, &h);
    /* hidden until the game has started, so a refused content file flashes no window */
    a->win = SDL_CreateWindow("Player", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h,
                              SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI | SDL_WINDOW_HIDDEN);
    if (!a->win) return usage_error("cannot open a window: %s", SDL_GetError());
    window_minimum(a, NULL);
    a->ren = SDL_CreateRenderer(a->win, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
    if (!a->ren) a->ren = SDL_CreateRenderer(a->win, -1, SDL_RENDERER_SOFTWARE);
    if (!a->ren) return usage_error("cannot create a renderer: %s", SDL_GetError());
    SDL_ShowCursor(SDL_DISABLE); /* the needle replaces the OS cursor in-game */
    return 0;
}

/* A corrupt or unreadable settings file gives the defaults and one line (docs/formats/player-settings.md); a --settings
 * FILE that is a FIFO, a device or a folder is a usage error: exit 2, never a hang. */
static int load_settings(app *a)
{
    const char *path = a->settings_path;
    struct stat st;
    if (path && stat(path, &st) == 0 && !S_ISREG(st.st_mode))
        return usage_error("%s: not a regular file", path);
    if (!path && !a->headless) {
        char *pref = SDL_GetPrefPath("cozy-craft", "find-the-odd-shape");
        if (pref) {
            snprintf(a->pref_path, sizeof a->pref_path, "%ssettings.json", pref);
            SDL_free(pref);
        }
    } else if (path) {
        snprintf(a->pref_path, sizeof a->pref_path, "%s", path);
    }
    if (settings_defaults(&a->cfg, scene_settings_slots()) != 0)
        return usage_error("settings: too many scenes keep settings%s", "");
    if (!a->pref_path[0]) return 0;
    char err[1024];
    if (settings_load(a->pref_path, &a->cfg, err, sizeof err) < 0)
        fprintf(stderr, "player: %s\n", err); /* one line, and play on with the defaults */
    return 0;
}

int main(int argc, char **argv)
{
    static app a;
    int rc = parse_args(&a, argc, argv);
    if (rc) return rc;
    char err[1024] = "";
    const scene_def *job = a.game ? scene_find(a.game) : NULL;
    if (job && job->batch) {
        scene_env env = {.version = PLAYER_VERSION, .data_dir = ".", .headless = a.headless,
                         .args = a.args, .nargs = a.nargs};
        rc = job->batch(&env, err, sizeof err);
        if (rc >= 0) {
            if (err[0]) fprintf(stderr, "player: %s\n", err);
            return rc;
        }
    }
    script sc = {0};
    if (a.script_path && script_load(a.script_path, &sc, err, sizeof err) != 0)
        return usage_error("%s", err);
    if (a.events_path && open_events(&a)) {
        script_free(&sc);
        return 2;
    }
    rc = setup_video(&a);
    if (!rc) {
        a.g = gfx_create(a.ren, err, sizeof err);
        if (!a.g) rc = usage_error("%s", err);
    }
    if (!rc) {
        find_data_dir(&a);
        rc = load_settings(&a);
    }
    if (!rc) {
        char note[256] = "";
        /* without a sound card the audio module reports the outcome as one line in note */
        int muted = a.headless ? -1 : mute_stderr();
        a.audio = audio_create(!a.headless, note, sizeof note);
        unmute_stderr(muted);
        if (note[0]) fprintf(stderr, "player: %s\n", note);
        if (!a.audio) rc = usage_error("audio: out of memory%s", "");
    }
    if (!rc) {
        audio_set_volumes(a.audio, a.cfg.master, a.cfg.music, a.cfg.sfx);
        if (a.game) {
            if (start_scene(&a, scene_find(a.game), 0)) rc = 2;
        } else {
            a.from_launcher = 1;
            a.in_launcher = 1;
            launcher_init(&a.menu, a.audio);
        }
    }
    if (!rc && a.win) SDL_ShowWindow(a.win);
    if (!rc) rc = a.headless ? run_headless(&a, &sc) : run_live(&a, &sc);
    if (!rc) rc = a.fail;
    stop_scene(&a);
    if (a.audio) audio_destroy(a.audio);
    gfx_destroy(a.g);
    if (a.ren) SDL_DestroyRenderer(a.ren);
    if (a.target) SDL_FreeSurface(a.target);
    if (a.win) SDL_DestroyWindow(a.win);
    SDL_Quit();
    script_free(&sc);
    return close_events(&a, rc);
}
