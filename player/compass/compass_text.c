/* Compass Shift scene: the sentences the player shows that the events log repeats word for
 * word (the completion card's counts, the evidence's source, the designer aid's answer), so
 * a test reads exactly what is drawn. SDL-free. */
#include <stdio.h>
#include <string.h>

#include "compass_ui.h"

void compass_text_done(const compass_player *s, char *counts, char *history, size_t n)
{
    /* Every release counts, also those an undo or a restart took back: say so. */
    int arrows = compass_ui_level(s)->arrow_count, undone = s->releases - arrows;
    if (undone > 0)
        snprintf(counts, n, "%d release%s in all: %d cleared the board, %d %s undone", s->releases,
                 s->releases == 1 ? "" : "s", arrows, undone, undone == 1 ? "was" : "were");
    else
        snprintf(counts, n, "Cleared in %d release%s, none undone", s->releases, s->releases == 1 ? "" : "s");
    snprintf(history, n, "%d undo%s - %d restart%s - the compass reads phase %d", s->undos,
             s->undos == 1 ? "" : "s", s->restarts, s->restarts == 1 ? "" : "s", s->game.state.phase);
}

unsigned compass_ui_level_kinds(const compass_level *l)
{
    unsigned k = 0;
    for (int i = 0; i < l->aperture_count; i++)
        k |= 1u << l->apertures[i].kind;
    return k;
}

void compass_text_note(unsigned kinds, char *out, size_t n)
{
    int w = (kinds >> COMPASS_APERTURE_WINDOW) & 1, p = (kinds >> COMPASS_APERTURE_PORT) & 1;
    snprintf(out, n, "%s%s%s", w ? "New: windows. A ring with one tick opens only in the phase its tick points to." : "",
             w && p ? " " : "",
             p ? "New: ports. Open in the phases their dashes point to, shut where the dots are." : "");
}

void compass_text_evidence_source(const compass_player *s, char *out, size_t n)
{
    const compass_evidence_summary *e = &s->evidence[s->cur];
    if (e->source == COMPASS_EVIDENCE_REPORT)
        snprintf(out, n, "from %s/%s.json", s->reports_dir, compass_ui_level(s)->id);
    else if (e->source == COMPASS_EVIDENCE_COMPUTED)
        snprintf(out, n, "%s", e->stale_report ? "report is stale: solved here" : "no report: solved here");
    else
        snprintf(out, n, "no evidence: search limit");
}

void compass_text_aid(const compass_player *s, char *out, size_t n)
{
    const compass_level *l = compass_ui_level(s);
    snprintf(out, n, "The designer aid asks the solver for one move; it never plays it.");
    if (!s->aid_valid || memcmp(&s->aid_state, &s->game.state, sizeof s->aid_state))
        return;
    if (s->aid.status == COMPASS_HINT_MOVE)
        snprintf(out, n, "Release %s (row %d, column %d): it keeps a winning path. Not played.",
                 l->arrows[s->aid.arrow].id, l->arrows[s->aid.arrow].row + 1, l->arrows[s->aid.arrow].col + 1);
    else if (s->aid.status == COMPASS_HINT_NO_PATH && s->game.depth == 0)
        snprintf(out, n, "This level has no solution: no order of releases clears it.");
    else if (s->aid.status == COMPASS_HINT_NO_PATH)
        snprintf(out, n, "No winning path from here: undo or restart.");
    else if (s->aid.status == COMPASS_HINT_LIMIT)
        snprintf(out, n, "The search stopped at its bound; no move to show.");
    else
        snprintf(out, n, "The board is already clear.");
}
