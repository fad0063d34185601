/* Memory5D's shared services: memory5d_goto, the one place the screen changes; the caption line;
 * the warnings for stderr; saving the settings; the board seeds; and the small queries and
 * names every screen reads. Calls only the events log below it (the screens are reached
 * through the table the scene hands it, sc->screens). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "memory5d_ui.h"
#include "memory5d/memory5d_board.h"
#include "memory5d/memory5d_label.h"
#include "memory5d/memory5d_powers.h"
#include "memory5d/memory5d_rules.h"

const char *const memory5d_ui_power_titles[MEMORY5D_POWERS] = {"Reveal", "Double Points",
                                                               "Wildcard", "Extra Turn"};
const char *const memory5d_ui_difficulty_titles[MEMORY5D_DIFFICULTIES] = {"Easy", "Normal", "Hard",
                                                                          "Expert"};

void memory5d_goto(memory5d_scene_state *sc, int screen, int64_t now)
{
    const memory5d_screen *s = &sc->screens[screen];
    sc->screen = screen;
    sc->screen_t = now;
    if (s->name)
        memory5d_ev_screen(sc, now, s->name);
    if (s->music != MEMORY5D_KEEP_MUSIC)
        audio_set_bgm(sc->env.audio, (audio_bgm)s->music);
    if (s->hint) /* the hint, not the last words of whatever screen came before */
        memory5d_caption(sc, now, "%s", s->hint);
    if (s->enter)
        s->enter(sc, now);
}

void memory5d_caption(memory5d_scene_state *sc, int64_t now, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(sc->caption, sizeof sc->caption, fmt, ap);
    va_end(ap);
    sc->caption_t = now;
    if (sc->caption_queued < MEMORY5D_CAPTION_QUEUE)
        snprintf(sc->caption_queue[sc->caption_queued++], sizeof sc->caption_queue[0], "%s",
                 sc->caption);
}

void memory5d_caption_flush(memory5d_scene_state *sc, int64_t now)
{
    for (int i = 0; i < sc->caption_queued; i++)
        memory5d_ev_caption(sc, now, sc->caption_queue[i]);
    sc->caption_queued = 0;
}

void memory5d_feed(memory5d_scene_state *sc, const char *fmt, ...)
{
    memmove(sc->feed[1], sc->feed[0], sizeof sc->feed[0] * (MEMORY5D_FEED_ROWS - 1));
    memmove(sc->feed_rotation + 1, sc->feed_rotation,
            sizeof sc->feed_rotation[0] * (MEMORY5D_FEED_ROWS - 1));
    sc->feed_rotation[0] = sc->event_rotation;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(sc->feed[0], sizeof sc->feed[0], fmt, ap);
    va_end(ap);
    if (sc->feed_count < MEMORY5D_FEED_ROWS)
        sc->feed_count++;
}

void memory5d_warn(memory5d_scene_state *sc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(sc->warning, sizeof sc->warning, fmt, ap);
    va_end(ap);
}

void memory5d_save_settings(memory5d_scene_state *sc)
{
    char err[512];
    if (sc->env.settings_path &&
        settings_save(sc->env.settings_path, sc->env.cfg, err, sizeof err) != 0)
        memory5d_warn(sc, "player: %.400s; settings not saved", err);
}

uint32_t memory5d_next_seed(memory5d_scene_state *sc)
{
    /* splitmix32 over a stream seeded at create: fresh boards, reproducible in headless */
    uint32_t z = (sc->seed_stream += 0x9E3779B9u);
    z = (z ^ (z >> 16)) * 0x85EBCA6Bu;
    z = (z ^ (z >> 13)) * 0xC2B2AE35u;
    return z ^ (z >> 16);
}

int memory5d_board_played(const memory5d_scene_state *sc, uint32_t seed, int difficulty)
{
    int n = sc->played < MEMORY5D_PLAYED_BOARDS ? sc->played : MEMORY5D_PLAYED_BOARDS;
    for (int i = 0; i < n; i++)
        if (sc->played_seed[i] == seed && sc->played_difficulty[i] == difficulty)
            return 1;
    return 0;
}

void memory5d_set_seed(memory5d_scene_state *sc, uint32_t seed)
{
    sc->seed = seed;
    snprintf(sc->seed_text, sizeof sc->seed_text, "%u", (unsigned)seed);
}

int memory5d_local_player(const memory5d_scene_state *sc)
{
    if (sc->online) /* online: this window plays one seat, whoever is to move */
        return sc->online_seat;
    return sc->vs_ai && !sc->tutorial ? 0 : sc->st.turn;
}

int memory5d_tutorial_target(const memory5d_scene_state *sc, int *cell, int *power)
{
    *cell = *power = -1;
    if (!sc->tutorial || sc->lesson_phase != MEMORY5D_TUT_STEPS ||
        sc->lesson_step >= sc->lesson.step_count)
        return 0;
    const memory5d_lesson_step *s = &sc->lesson.steps[sc->lesson_step];
    if (s->player != 0)
        return 0;
    if (s->kind == MEMORY5D_CMD_SELECT)
        *cell = s->cell;
    else if (s->kind == MEMORY5D_CMD_ARM)
        *power = s->power;
    else if (s->kind == MEMORY5D_CMD_DISARM && memory5d_power_live(&sc->st, sc->st.armed))
        *power = sc->st.armed;
    return 1;
}

int memory5d_ui_partners_hidden(const memory5d_scene_state *sc, int64_t now)
{
    const memory5d_state *st = &sc->st;
    return sc->def.setup.mode == MEMORY5D_ARCADE &&
           !(memory5d_reveal_active(st, now) && st->reveal_anchor == st->anchor);
}

int memory5d_ui_partners_out_of_view(const memory5d_scene_state *sc, int anchor, int64_t now)
{
    const memory5d_state *st = &sc->st;
    int list[MEMORY5D_MAX_CELLS], out = 0;
    if (!sc->lay.scrolled || (sc->def.setup.mode == MEMORY5D_ARCADE &&
                              !(memory5d_reveal_active(st, now) && st->reveal_anchor == anchor)))
        return 0;
    int k = memory5d_partners(st->cells, st->size, anchor,
                              memory5d_power_live(st, MEMORY5D_WILDCARD), list, MEMORY5D_MAX_CELLS);
    for (int i = 0; i < k; i++) {
        double x, y, w, h;
        out += !memory5d_layout_cell_box(&sc->lay, list[i], &x, &y, &w, &h);
    }
    return out;
}

int memory5d_ui_cell_label(const memory5d_scene_state *sc, int cell, int64_t now, char *buf,
                           size_t n)
{
    const memory5d_state *st = &sc->st;
    int size = st->size;
    if (st->anchor == MEMORY5D_NO_CELL || cell == st->anchor || cell < 0 ||
        cell >= size * size || !memory5d_ui_partners_hidden(sc, now))
        return memory5d_cell_label(&sc->def, st, cell, buf, n);
    /* the label of the board without its anchor, then only what the board itself shows:
     * whether the cell is next to or reflected from the anchor */
    memory5d_state quiet = *st;
    quiet.anchor = MEMORY5D_NO_CELL;
    char label[400], anchor[8];
    memory5d_cell_label(&sc->def, &quiet, cell, label, sizeof label);
    memory5d_cell_coord(size, st->anchor, anchor);
    size_t len = strlen(label);
    if (len && label[len - 1] == '.')
        label[--len] = '\0';
    return snprintf(buf, n, "%s; %s the anchor %s%s.", label,
                    memory5d_route(size, st->anchor, cell) ? "in reach of" : "out of reach of",
                    anchor,
                    memory5d_route(size, st->anchor, cell)
                        ? " (whether they link is for you to judge, or for a Reveal)"
                        : ": selecting moves the anchor here");
}
