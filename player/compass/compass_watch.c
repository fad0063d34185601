/* Compass Shift scene: reading the content (campaign or level file, evidence) and --watch. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <xxhash.h>

#include "jsonio.h"

#include "compass/compass_canon.h"
#include "compass/compass_verdict.h"
#include "compass_events.h"
#include "compass_ui.h"

/* ---------------------------------------------------------------- --watch */

/* A signature of the watched files: device, inode, size, modification time and an XXH3 of
 * the content of each. Size and mtime alone miss a replacement of equal length and time (a
 * new inode from cp -p, rsync -t or an editor's atomic save); the content hash catches an
 * in-place rewrite that keeps all four. The files are small (a campaign is well under 1 MiB),
 * and a poll comes every COMPASS_WATCH_POLL_MS. */
uint64_t compass_ui_files_signature(const compass_player *s)
{
    uint64_t h = 1469598103934665603ull;
    int n = s->single ? 1 : s->camp.count + 1;
    for (int i = 0; i < n; i++) {
        struct stat st;
        const char *p = i == 0 ? s->source_path : s->camp.paths[i - 1];
        uint64_t v[6] = {0, 0, 0, 0, 0, 0};
        if (stat(p, &st) == 0) {
            v[0] = (uint64_t)st.st_size;
            v[1] = (uint64_t)st.st_mtim.tv_sec;
            v[2] = (uint64_t)st.st_mtim.tv_nsec;
            v[3] = (uint64_t)st.st_dev;
            v[4] = (uint64_t)st.st_ino;
            char *text = NULL, err[256];
            size_t len = 0;
            if (S_ISREG(st.st_mode) && jsonio_read_text(p, JSONIO_MAX_BYTES, &text, &len, err, sizeof err) == 0)
                v[5] = XXH3_64bits(text, len);
            free(text);
        }
        for (int k = 0; k < 6; k++)
            h = (h ^ v[k]) * 1099511628211ull;
    }
    return h;
}

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 1099511628211ull;
    return h;
}

/* The content the player shows, level by level: the id, the name and tier in the header,
 * the board in this orientation (compass_orientation_encoding: the text the canonical hash
 * is taken over, so an equal canonical hash in the same orientation gives an equal value)
 * and the arrow ids. Spacing, key order or number formatting in the file change nothing. */
static uint64_t content_hash(const compass_campaign_file *c)
{
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < c->count; i++) {
        const compass_level *l = &c->levels[i];
        char enc[COMPASS_ENCODING_MAX];
        size_t n = compass_orientation_encoding(l, enc);
        h = fnv(h, enc, n);
        h = fnv(h, l->id, strlen(l->id) + 1);
        h = fnv(h, l->pattern, strlen(l->pattern) + 1);
        h = fnv(h, &l->tier, sizeof l->tier);
        for (int a = 0; a < l->arrow_count; a++)
            h = fnv(h, l->arrows[a].id, strlen(l->arrows[a].id) + 1);
    }
    return h;
}

/* Reads the content named by source_path into camp/evidence; on failure leaves them alone.
 * With only_if_changed, content equal to what is loaded is dropped: 1, and s unchanged. */
static int read_content(compass_player *s, int only_if_changed, char *err, size_t errlen)
{
    compass_campaign_file camp = {0};
    if (s->single) {
        camp.levels = calloc(1, sizeof *camp.levels);
        camp.paths = calloc(1, sizeof *camp.paths);
        if (!camp.levels || !camp.paths) {
            compass_campaign_file_free(&camp);
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        if (compass_level_file_read(s->source_path, &camp.levels[0], err, errlen)) {
            compass_campaign_file_free(&camp);
            return -1;
        }
        snprintf(camp.paths[0], COMPASS_PATH_MAX, "%s", s->source_path);
        camp.count = 1;
    } else if (compass_campaign_file_read(s->source_path, &camp, err, errlen)) {
        return -1;
    }
    uint64_t hash = content_hash(&camp);
    if (only_if_changed && hash == s->content_hash) {
        compass_campaign_file_free(&camp);
        return 1;
    }
    compass_evidence_summary *ev = calloc((size_t)camp.count, sizeof *ev);
    unsigned char *done = calloc((size_t)camp.count, 1);
    if (!ev || !done) {
        free(ev);
        free(done);
        compass_campaign_file_free(&camp);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    /* A --level board solved here gives the banner its verdict from the same search. */
    compass_verdict *vd = s->single ? malloc(sizeof *vd) : NULL;
    int have_vd = 0;
    compass_verdict_opts vo = {0};
    vo.max_memory = COMPASS_UI_VERDICT_MEMORY;
    for (int i = 0; i < camp.count; i++) {
        char report[4200];
        snprintf(report, sizeof report, "%s/%s.json", s->reports_dir, camp.levels[i].id);
        if (compass_evidence_with_verdict(&camp.levels[i], report, COMPASS_UI_MAX_STATES, &s->solved, &vo,
                                          &ev[i], vd, &have_vd, err, errlen)) {
            free(vd);
            free(ev);
            free(done);
            compass_campaign_file_free(&camp);
            return -1;
        }
    }
    if (!have_vd) {
        free(vd);
        vd = NULL;
    }
    free(s->verdict);
    s->verdict = vd;
    compass_campaign_file_free(&s->camp);
    free(s->evidence);
    free(s->completed);
    s->camp = camp;
    s->evidence = ev;
    s->completed = done;
    s->content_hash = hash;
    return 0;
}

int compass_ui_load_content(compass_player *s, char *err, size_t errlen)
{
    return read_content(s, 0, err, errlen);
}

void compass_ui_verdict_notice(compass_player *s, int64_t now, const char *lead)
{
    const compass_level *l = compass_ui_level(s);
    char hash[17];
    compass_canonical_hash(l, hash);
    /* The loaded board's verdict when its evidence's search gave one; else worked out here. */
    int own = !(s->verdict && !strcmp(s->verdict->hash, hash));
    compass_verdict *v = own ? malloc(sizeof *v) : s->verdict;
    char line[160] = "out of memory judging this board";
    if (v) {
        if (own) {
            compass_verdict_opts o = {0};
            o.max_memory = COMPASS_UI_VERDICT_MEMORY;
            compass_verdict_of(l, &o, v);
        }
        compass_verdict_line(v, line, sizeof line);
    }
    int unsolvable = v && v->search_done && !v->solvable;
    snprintf(s->notice, sizeof s->notice, "%s%s%s", lead, lead[0] ? " " : "", line);
    snprintf(s->verdict_line, sizeof s->verdict_line, "%s", line);
    s->notice_error = 0;
    s->notice_alarm = unsolvable;
    s->notice_t = now;
    if (s->events) {
        cJSON *ev = compass_events_begin(now, "verdict");
        cJSON_AddStringToObject(ev, "level", l->id);
        if (v && v->search_done)
            cJSON_AddBoolToObject(ev, "solvable", v->solvable);
        else
            cJSON_AddNullToObject(ev, "solvable");
        cJSON_AddStringToObject(ev, "line", line);
        cJSON_AddStringToObject(ev, "hash", v ? v->hash : "");
        compass_ui_emit(s, ev);
    }
    if (own)
        free(v);
}

void compass_ui_watch_poll(compass_player *s, int64_t now)
{
    if (!s->watch || now < s->watch_next_ms)
        return;
    s->watch_next_ms = now + COMPASS_WATCH_POLL_MS;
    uint64_t sig = compass_ui_files_signature(s);
    if (sig == s->watch_sig)
        return;
    s->watch_sig = sig;
    char err[1024];
    char id[64];
    snprintf(id, sizeof id, "%s", compass_ui_level(s)->id);
    int rc = read_content(s, 1, err, sizeof err);
    if (rc == 1 && !s->notice_error)
        return; /* saved without a change to the content: the level in progress goes on */
    int ok = rc >= 0, index = s->cur;
    if (rc == 1) {
        snprintf(s->notice, sizeof s->notice, "The file reads again, as the board on screen: nothing restarted.");
    } else if (ok) {
        index = 0;
        for (int i = 0; i < s->camp.count; i++)
            if (!strcmp(s->camp.levels[i].id, id))
                index = i;
        snprintf(s->notice, sizeof s->notice, "Reloaded from disk: %s restarted at its initial state.",
                 s->camp.levels[index].id);
    } else {
        snprintf(s->notice, sizeof s->notice, "%.560s (the last good board stays)", err);
    }
    s->notice_error = !ok;
    s->notice_t = now;
    if (rc == 0) {
        /* The FTUE stays up over the new board; any other surface gives way to it. */
        if (s->surface != CS_FTUE)
            compass_ui_set_surface(s, CS_PLAY);
        compass_ui_start_level(s, index, now);
        compass_ui_rebuild_widgets(s);
    }
    if (ok) {
        /* the banner says whether the board on screen can be won (issue 25) */
        char lead[sizeof s->notice];
        snprintf(lead, sizeof lead, "%s", s->notice);
        compass_ui_verdict_notice(s, now, lead);
    } else
        s->notice_alarm = 0;
    if (s->events) {
        cJSON *ev = compass_events_begin(now, "reload");
        cJSON_AddBoolToObject(ev, "ok", ok);
        cJSON_AddStringToObject(ev, "message", s->notice);
        compass_ui_emit(s, ev);
    }
}
