/* The player's one settings file: the shell's volumes, and one object per scene that the
 * scene itself reads and writes (scene_def.settings); the shell stores each scene's value
 * as opaque bytes and never looks inside.
 *
 * File: {"format":"player-settings/3","master":80,"music":70,"sfx":90,
 *        "<scene name>":{...its own keys...}, ...}     (scenes in registry order)
 * The older formats are still read: a scene's own older file (settings_slot.legacy_format,
 * its keys at the top level) and "player-settings/2", in which a scene's keys may sit at the
 * top level (settings_slot.legacy) and the object of every other scene with settings is
 * required. In player-settings/3 a missing
 * scene object gives that scene's defaults. Every field is validated; any problem makes the
 * whole file fall back to the defaults. */
#ifndef PLAYER_SETTINGS_H
#define PLAYER_SETTINGS_H

#include <stddef.h>
#include <stdint.h>

#define SETTINGS_FORMAT "player-settings/3"
#define SETTINGS_FORMAT_V2 "player-settings/2"

struct cJSON;

/* One scene's part of the file, declared by the scene (scene_def.settings). */
typedef struct settings_slot {
    const char *name; /* its key in the file: the scene's name */
    size_t size;      /* bytes of its value; at most SETTINGS_SCENE_BYTES */
    void (*defaults)(void *value);
    /* Reads its object obj into value; -1 with a message naming the field (where is the
     * object's path for jsonio, "" at the top level), value then unspecified. */
    int (*parse)(const struct cJSON *obj, const char *where, void *value, char *err,
                 size_t errlen);
    /* Its object as one line of JSON text ("{...}"), keys in a fixed order; the length as
     * snprintf returns it. */
    int (*format)(const void *value, char *buf, size_t n);
    /* Its keys at the top level of the older formats (NULL-terminated), or NULL: then its
     * object sits under its name there too. */
    const char *const *legacy;
    /* The format of the file it once had to itself (its legacy keys at the top level and no
     * scene objects), still read; or NULL. */
    const char *legacy_format;
} settings_slot;

/* 512: a scene may keep an account (a server, a name, a token) beside its modes */
enum { SETTINGS_MAX_SCENES = 8, SETTINGS_SCENE_BYTES = 512 };

typedef union {
    unsigned char bytes[SETTINGS_SCENE_BYTES];
    long long align_ll;
    double align_d;
} settings_blob;

/* A plain value: copy it, compare it with memcmp after settings_defaults. */
typedef struct {
    int master, music, sfx; /* 0..100, the shell's audio */
    const settings_slot *const *slots; /* NULL-terminated; the scenes that keep settings */
    settings_blob scene[SETTINGS_MAX_SCENES]; /* scene[i] belongs to slots[i] */
} settings;

/* DBT-27 volumes 80/70/90 and every slot's defaults; slots (NULL-terminated, at most
 * SETTINGS_MAX_SCENES, each value at most SETTINGS_SCENE_BYTES) must outlive s. -1 when the
 * slots do not fit (a programming error). */
int settings_defaults(settings *s, const settings_slot *const *slots);
/* The value of the scene named name (its slot's type), or NULL when it keeps none. */
void *settings_scene(settings *s, const char *name);
/* Parses settings text into s (its slots set by settings_defaults); 0 on success, -1 with a
 * message naming the field (s untouched). */
int settings_parse(const char *text, size_t len, const char *where, settings *s, char *err,
                   size_t errlen);
/* Loads path into s (its slots set). A missing file gives the defaults and returns 1 (not
 * an error); a corrupt or unreadable one gives the defaults, returns -1 and says why in
 * err. 0 when loaded. */
int settings_load(const char *path, settings *s, char *err, size_t errlen);
/* Writes atomically (temp file + rename). */
int settings_save(const char *path, const settings *s, char *err, size_t errlen);
/* The file text, keys in a fixed order (malloc'd). */
char *settings_to_text(const settings *s);

#endif
