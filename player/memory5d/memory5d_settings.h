/* Memory5D's own settings (its accessibility modes), its object in the player's settings
 * file: {"reducedMotion":false,"reducedSensory":false,"highContrast":false}. */
#ifndef PLAYER_MEMORY5D_SETTINGS_H
#define PLAYER_MEMORY5D_SETTINGS_H

#include "../settings.h" /* also built without -Iplayer (tests) */

typedef struct {
    int reduced_motion;  /* no rotation or link animations: changes are instant */
    int reduced_sensory; /* no flashes or pulses; quieter effects */
    int high_contrast;   /* forced-colours ownership and route markings */
} memory5d_settings;

extern const settings_slot memory5d_settings_slot;

#endif
