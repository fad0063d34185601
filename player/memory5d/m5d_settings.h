/* Memory5D's own settings (its accessibility modes), its object in the player's settings
 * file: {"reducedMotion":false,"reducedSensory":false,"highContrast":false}. */
#ifndef PLAYER_M5D_SETTINGS_H
#define PLAYER_M5D_SETTINGS_H

#include "../settings.h" /* also built without -Iplayer (tests) */

typedef struct {
    int reduced_motion;  /* no rotation or link animations: changes are instant */
    int reduced_sensory; /* no flashes or pulses; quieter effects */
    int high_contrast;   /* forced-colours ownership and route markings */
} m5d_settings;

extern const settings_slot m5d_settings_slot;

#endif
