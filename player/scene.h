/* The one interface between the player shell and a game: a table of functions per game
 * (in the spirit of the const struct game of Simon Tatham's puzzles). The shell (main.c,
 * launcher.c) knows the games only through scene_registry; each scene maps inputs onto its
 * game's core and draws the core's state plus its own ui state. */
#ifndef PLAYER_SCENE_H
#define PLAYER_SCENE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "audio/audio.h"
#include "draw/gfx.h"
#include "input.h"
#include "settings.h"

/* A scene's answer to "when does your picture next change by itself?" when only an input
 * or a window event can change it (see scene_def.next_change). */
#define SCENE_STILL INT64_MAX

/* A game-specific command-line option, declared by its scene ("--level FILE"). The shell
 * parses it only when that scene is named on the command line and refuses it (exit 2) for
 * every other scene and for the launcher. */
typedef enum {
    SCENE_OPT_VALUE,  /* a number, a name, a folder: not a file the shell compares */
    SCENE_OPT_INPUT,  /* a file the scene reads: no output may replace it */
    SCENE_OPT_OUTPUT, /* a file the scene writes: never one of the inputs */
    SCENE_OPT_INOUT,  /* a file it reads and writes (a records database): both */
} scene_opt_role;

typedef struct {
    const char *name;    /* without the leading "--", e.g. "level" */
    const char *metavar; /* "FILE", "N"; NULL for a flag without a value */
    const char *help;    /* one line for --help */
    scene_opt_role role; /* what the shell checks before anything runs (outputs vs inputs) */
} scene_option;

/* One option as given on the command line: value is NULL for a flag. In command-line
 * order; a repeated option appears once per use. */
typedef struct {
    const char *name, *value;
} scene_arg;

/* What a scene is created from. Everything a scene reads from outside comes through here
 * (or through the paths it names); time comes only as now_ms. */
typedef struct {
    const char *version;       /* the player's version string, e.g. "v0.7.0" */
    const char *data_dir;      /* the folder holding levels/ and reports/ ("." in a checkout) */
    int headless;              /* 1: virtual clock, no window, no user files (docs/player.md) */
    audio_system *audio;       /* never NULL; silent without a device */
    FILE *events;              /* --events-out (JSON lines), or NULL */
    settings *cfg;             /* the player's settings, shared by every scene */
    void *scene_cfg;           /* this scene's own value in cfg (scene_def.settings), or NULL */
    const char *settings_path; /* where to persist cfg; NULL: do not persist */
    const scene_arg *args;     /* this scene's own options (see scene_def.options) */
    int nargs;
    /* The field and output scale its first inputs and frame are laid out for (scene_def.view
     * tells of later changes); 0 when there is no output (a batch job). */
    int field_w, field_h;
    double scale;
} scene_env;

typedef struct scene_def {
    const char *name;  /* on the command line: bin/player NAME */
    const char *title; /* the launcher button and the window title */
    const char *help;  /* a short paragraph for --help: what it plays, its keys */
    int field_w, field_h; /* the logical field in which it draws and receives pointers */
    /* The field for an output of out_w x out_h pixels when the scene has more than one
     * layout (a compact one for small windows), called before every frame; the frame's
     * pointers map into that field. NULL: always field_w x field_h. */
    void (*field_for)(int out_w, int out_h, int *field_w, int *field_h);
    /* The field and output scale (output pixels per field pixel) the next inputs and frames
     * are laid out for, when they change from scene_env's (a resized window, before the frame
     * that shows it). May be NULL. */
    void (*view)(void *s, int field_w, int field_h, double scale);
    /* The smallest window it lays out for (window pixels): while it runs the shell keeps the
     * window at least this large, and a smaller --size is refused. 0: the shell's 270x270. */
    int min_w, min_h;
    uint32_t letterbox;   /* 0xRRGGBB of the bars around the field */
    gfx_bars bars;        /* their look: GFX_BARS_FLAT or GFX_BARS_WOOD */
    const scene_option *options; /* its own command-line options; NULL-name terminated */
    /* Its own object in the settings file, which it reads and writes itself (NULL: it keeps
     * none); the shell keeps the value for the whole run and hands it over as
     * scene_env.scene_cfg. The slot's name is the scene's name. */
    const settings_slot *settings;

    /* Creates the scene at now_ms: reads and validates its content (paths from args or
     * data_dir). NULL with one line in err (no prefix, no newline) on failure: the shell
     * prints it and exits 2. */
    void *(*create)(const scene_env *env, int64_t now_ms, char *err, size_t errlen);
    void (*destroy)(void *s);
    /* Runs timed transitions and effects due by now_ms (called every frame). */
    void (*update)(void *s, int64_t now_ms);
    /* One input, coordinates in field pixels. */
    void (*input)(void *s, const player_input *in, int64_t now_ms);
    void (*draw)(void *s, gfx *g, int64_t now_ms);
    /* When the picture next changes by itself, given the time the frame on screen was
     * drawn at (drawn_ms): drawn_ms + 1 or earlier while something moves (an animation, a
     * fade), a later time for the next timer or visible clock tick (its update() runs
     * then too), SCENE_STILL when only an input can change it. The live shell draws only
     * then, after an input or a window event, and sleeps in between; headless runs never
     * ask. May be NULL: always moving. */
    int64_t (*next_change)(const void *s, int64_t drawn_ms);
    /* The pointer left the window or the window lost focus (hide hover and cursors). */
    void (*pointer_gone)(void *s);
    /* The window became inactive (focus lost, minimised: active 0) or active again (1).
     * Headless runs never call it. May be NULL. */
    void (*set_active)(void *s, int active, int64_t now_ms);
    /* 1 once the player chose to leave the game (the shell returns to the launcher, or
     * exits when the game was named on the command line). */
    int (*wants_quit)(const void *s);
    /* The window's close button (SDL_QUIT, or a script's "close"): 1 to close now; 0 when the
     * scene keeps the window to ask first (unsaved work) and says wants_quit once the player
     * has chosen. May be NULL: close now. */
    int (*close_request)(void *s, int64_t now_ms);
    /* Takes a pending one-line warning for stderr: 1 and the message in buf, else 0. May be
     * NULL: the scene has none. */
    int (*take_warning)(void *s, char *buf, size_t n);
    /* A window-less job its options ask for (e.g. a game's --export FILE), run before any
     * video or audio is set up (env has args and headless only): -1 when the options ask
     * for none (play as usual), else the exit code with one line in err (or none). May be
     * NULL. */
    int (*batch)(const scene_env *env, char *err, size_t errlen);
} scene_def;

/* Every registered scene, in launcher order, NULL-terminated (player/scenes.c). */
extern const scene_def *const scene_registry[];
/* The scene registered under name, or NULL. */
const scene_def *scene_find(const char *name);
/* The settings slots of the registered scenes that keep settings, in registry order,
 * NULL-terminated: what settings_defaults takes. */
const settings_slot *const *scene_settings_slots(void);
/* The value of option name in env's args (the last one when repeated), or NULL; *given
 * (when not NULL) is set to 1 when the option appears at all, so a flag can be tested. */
const char *scene_arg_value(const scene_env *env, const char *name, int *given);
/* rel (e.g. "levels/GAME/campaign.json") under env->data_dir, into buf; returns buf.
 * In the data folder "." it is rel itself, so messages name the path as the user sees it. */
const char *scene_data_path(const scene_env *env, const char *rel, char *buf, size_t n);

#endif
