/* The level editor's Play: the --level scene's own state (compass_player) over the board in
 * memory, so playing it is the very scene code a level file gets, without the FTUE (the
 * editor's user has chosen to play) and without a file on disk. */
#include <stdlib.h>
#include <string.h>

#include "compass_edit_ui.h"
#include "compass_ui.h"

compass_player *compass_play_open(const compass_level *l, FILE *events, const char *version,
                                  int64_t now, char *err, size_t errlen)
{
    compass_player *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    s->version = version;
    s->events = events;
    s->single = 1;
    snprintf(s->source_path, sizeof s->source_path, "(the board being edited)");
    s->camp.count = 1;
    s->camp.levels = calloc(1, sizeof *s->camp.levels);
    s->camp.paths = calloc(1, sizeof *s->camp.paths);
    s->evidence = calloc(1, sizeof *s->evidence);
    s->completed = calloc(1, 1);
    if (!s->camp.levels || !s->camp.paths || !s->evidence || !s->completed) {
        compass_campaign_file_free(&s->camp);
        free(s->evidence);
        free(s->completed);
        free(s);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    s->camp.levels[0] = *l;
    snprintf(s->camp.paths[0], COMPASS_PATH_MAX, "%s", s->source_path);
    /* No report belongs to a board being edited: Tools' evidence is solved here. */
    if (compass_evidence_for_cached(l, "", COMPASS_UI_MAX_STATES, &s->solved, &s->evidence[0], err,
                                    errlen)) {
        compass_campaign_file_free(&s->camp);
        free(s->evidence);
        free(s->completed);
        compass_evidence_cache_free(&s->solved);
        free(s);
        return NULL;
    }
    compass_ui_begin(s, now);
    return s;
}
