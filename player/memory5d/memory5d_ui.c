/* Memory5D's shared services: memory5d_goto, the one place the screen changes; the caption line;
 * the warnings for stderr; saving the settings; the board seeds; and the small queries and
 * names every screen reads. Calls only the events log below it (the screens are reached
 * through the table the scene hands it, sc->screens). */
#include <stdarg.h>
#include <stdio.h>

#include "memory5d_ui.h"
#include "memory5d/memory5d_powers.h"

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

void memory5d_set_seed(memory5d_scene_state *sc, uint32_t seed)
{
    sc->seed = seed;
    snprintf(sc->seed_text, sizeof sc->seed_text, "%u", (unsigned)seed);
}

int memory5d_local_player(const memory5d_scene_state *sc)
{
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
