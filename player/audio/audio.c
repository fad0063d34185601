/* Player audio: opens the SDL audio device and feeds it from the synthesizer; silent without a device. */
#include "audio.h"

#include <SDL.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "synth.h"

struct audio_system {
    synth_mixer *mix;
    SDL_AudioDeviceID dev; /* 0: silent (headless or no device) */
};

/* SDL holds the device lock around the callback, so the mixer state is never torn. */
static void audio_callback(void *userdata, Uint8 *stream, int len)
{
    audio_system *a = userdata;
    synth_render(a->mix, (float *)(void *)stream, len / (int)(2 * sizeof(float)));
}

/* libasound prints several lines of its own on stderr when there is no sound card; the spec'd
   behaviour is one line, ours, so stderr is parked on /dev/null while the device is probed. */
static int stderr_mute(void)
{
    fflush(stderr);
    int saved = dup(STDERR_FILENO), null = open("/dev/null", O_WRONLY);
    if (saved >= 0 && null >= 0)
        dup2(null, STDERR_FILENO);
    if (null >= 0)
        close(null);
    return saved;
}

static void stderr_restore(int saved)
{
    if (saved < 0)
        return;
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
}

static SDL_AudioDeviceID open_device(audio_system *a, char *note, size_t notelen)
{
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
        if (note && notelen)
            snprintf(note, notelen, "audio: no audio device (%s); running silent", SDL_GetError());
        return 0;
    }
    SDL_AudioSpec want, have;
    SDL_zero(want);
    want.freq = AUDIO_RATE;
    want.format = AUDIO_F32SYS;
    want.channels = 2;
    want.samples = 1024; /* ~21 ms: low enough latency for a click chime */
    want.callback = audio_callback;
    want.userdata = a;
    /* allowed_changes 0: SDL converts to the hardware format, the mixer always sees 48 kHz stereo float */
    SDL_AudioDeviceID dev = SDL_OpenAudioDevice(NULL, 0, &want, &have, 0);
    if (dev == 0) {
        if (note && notelen)
            snprintf(note, notelen, "audio: no audio device (%s); running silent", SDL_GetError());
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
    }
    return dev;
}

audio_system *audio_create(int use_device, char *note, size_t notelen)
{
    if (note && notelen)
        note[0] = '\0';
    audio_system *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    a->mix = synth_create();
    if (!a->mix) {
        free(a);
        return NULL;
    }
    if (!use_device)
        return a;
    int saved = stderr_mute();
    a->dev = open_device(a, note, notelen);
    stderr_restore(saved);
    if (a->dev == 0)
        return a;
    SDL_PauseAudioDevice(a->dev, 0);
    return a;
}

void audio_destroy(audio_system *a)
{
    if (!a)
        return;
    if (a->dev) {
        SDL_CloseAudioDevice(a->dev);
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
    }
    synth_destroy(a->mix);
    free(a);
}

static void lock(audio_system *a)
{
    if (a->dev)
        SDL_LockAudioDevice(a->dev);
}

static void unlock(audio_system *a)
{
    if (a->dev)
        SDL_UnlockAudioDevice(a->dev);
}

void audio_set_volumes(audio_system *a, int master, int music, int sfx)
{
    lock(a);
    synth_set_volumes(a->mix, master, music, sfx);
    unlock(a);
}

void audio_set_bgm(audio_system *a, audio_bgm bgm)
{
    lock(a);
    synth_set_bgm(a->mix, bgm);
    unlock(a);
}

void audio_set_paused(audio_system *a, int paused)
{
    lock(a);
    synth_set_paused(a->mix, paused);
    unlock(a);
}

void audio_duck(audio_system *a)
{
    lock(a);
    synth_duck(a->mix);
    unlock(a);
}

void audio_play(audio_system *a, audio_sfx sfx)
{
    lock(a);
    synth_play(a->mix, sfx);
    unlock(a);
}

int audio_is_silent(const audio_system *a)
{
    return a->dev == 0;
}

void audio_render(audio_system *a, float *out, int frames)
{
    lock(a);
    synth_render(a->mix, out, frames);
    unlock(a);
}
