/* Find the Odd Shape's own settings (its Options: DBT-27, DBT-21, LED-1, LED-2), its object
 * in the player's settings file: {"colorblind":false,"randomize":false,"seed":12345}. The
 * volumes on the same Options screen are the shell's (settings.master, music, sfx). */
#ifndef PLAYER_ODDSHAPE_SETTINGS_H
#define PLAYER_ODDSHAPE_SETTINGS_H

#include <stdint.h>

#include "../settings.h" /* also built without -Iplayer (tests) */

typedef struct {
    int colorblind; /* LED-2 */
    int randomize;  /* LED-1 */
    uint32_t seed;  /* DBT-21 */
} oddshape_settings;

/* Its slot in the settings file; older files held these keys at the top level. */
extern const settings_slot oddshape_settings_slot;

#endif
