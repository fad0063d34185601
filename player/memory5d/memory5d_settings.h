/* Memory5D's own settings (its accessibility modes), its object in the player's settings
 * file: {"reducedMotion":false,"reducedSensory":false,"highContrast":false}, and once the
 * player has played online, "online": {"server": "HOST:PORT", "name": N, "token": T} (the
 * match server's account: a restart signs in with it and resumes its match). */
#ifndef PLAYER_MEMORY5D_SETTINGS_H
#define PLAYER_MEMORY5D_SETTINGS_H

#include "../settings.h" /* also built without -Iplayer (tests) */

typedef struct {
    int reduced_motion;  /* no rotation or link animations: changes are instant */
    int reduced_sensory; /* no flashes or pulses; quieter effects */
    int high_contrast;   /* forced-colours ownership and route markings */
    /* the online account (docs/server.md): empty until the first welcome */
    char online_server[128], online_name[40], online_token[160];
} memory5d_settings;

extern const settings_slot memory5d_settings_slot;

#endif
