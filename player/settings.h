/* The player's one settings file: Odd Shape's Options (DBT-27, DBT-21, LED-1, LED-2) and
 * Memory5D's accessibility modes.
 *
 * File: {"format":"player-settings/2","master":80,"music":70,"sfx":90,
 *        "colorblind":false,"randomize":false,"seed":12345,
 *        "memory5d":{"reducedMotion":false,"reducedSensory":false,"highContrast":false}}
 * The older {"format":"oddshape-settings/1", ...} without "memory5d" is still read (Memory5D
 * defaults). Every field is validated; any problem makes the whole file fall back to the
 * defaults. */
#ifndef PLAYER_SETTINGS_H
#define PLAYER_SETTINGS_H

#include <stddef.h>
#include <stdint.h>

#define SETTINGS_FORMAT "player-settings/2"
#define SETTINGS_FORMAT_V1 "oddshape-settings/1"

typedef struct {
    int master, music, sfx; /* 0..100 */
    int colorblind;         /* LED-2 */
    int randomize;          /* LED-1 */
    uint32_t seed;          /* DBT-21 */
    struct {
        int reduced_motion;  /* no rotation or link animations: changes are instant */
        int reduced_sensory; /* no flashes or pulses; quieter effects */
        int high_contrast;   /* forced-colours ownership and route markings */
    } m5d;
} settings;

/* DBT-27 defaults: 80/70/90, Colorblind Off, Randomize Off, seed 12345; Memory5D modes off. */
void settings_defaults(settings *s);
/* Parses settings text; 0 on success, -1 with a message naming the field (s untouched). */
int settings_parse(const char *text, size_t len, const char *where, settings *s, char *err,
                   size_t errlen);
/* Loads path. A missing file gives the defaults and returns 1 (not an error); a corrupt or
 * unreadable one gives the defaults, returns -1 and says why in err. 0 when loaded. */
int settings_load(const char *path, settings *s, char *err, size_t errlen);
/* Writes atomically (temp file + rename). */
int settings_save(const char *path, const settings *s, char *err, size_t errlen);
/* The file text, keys in a fixed order (malloc'd). */
char *settings_to_text(const settings *s);

#endif
