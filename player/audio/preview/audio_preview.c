/* audio-preview: renders every SFX and each BGM context to 16-bit WAV files for listening (make audio-preview). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "../synth.h"

static const char *SFX_FILES[AUDIO_SFX_COUNT] = {
    "patch_reveal", "patch_dismiss", "patch_hover", "correct", "error", "timeout",
    "pip_correct", "pip_error", "ready", "tally_tick", "fanfare", "button_hover",
    "button_confirm", "button_cancel", "invalid", "pause_open", "pause_close"};

static void put16(FILE *f, unsigned v)
{
    fputc((int)(v & 0xff), f);
    fputc((int)((v >> 8) & 0xff), f);
}

static void put32(FILE *f, uint32_t v)
{
    put16(f, v & 0xffff);
    put16(f, v >> 16);
}

/* Writes interleaved stereo floats as a little-endian 16-bit PCM WAV; 0 on success. */
static int write_wav(const char *path, const float *s, int frames)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    uint32_t bytes = (uint32_t)frames * 4u;
    fputs("RIFF", f);
    put32(f, 36u + bytes);
    fputs("WAVEfmt ", f);
    put32(f, 16);
    put16(f, 1);
    put16(f, 2);
    put32(f, AUDIO_RATE);
    put32(f, AUDIO_RATE * 4u);
    put16(f, 4);
    put16(f, 16);
    fputs("data", f);
    put32(f, bytes);
    for (int i = 0; i < 2 * frames; i++) {
        float x = s[i] > 1.0f ? 1.0f : s[i] < -1.0f ? -1.0f : s[i];
        put16(f, (unsigned)(uint16_t)(int16_t)(x * 32767.0f));
    }
    return fclose(f) == 0 ? 0 : -1;
}

static int render_to(const char *dir, const char *name, synth_mixer *m, int frames)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.wav", dir, name);
    float *buf = malloc((size_t)frames * 2 * sizeof(float));
    if (!buf)
        return -1;
    synth_render(m, buf, frames);
    int rc = write_wav(path, buf, frames);
    free(buf);
    if (rc == 0)
        fprintf(stderr, "audio-preview: %s (%.2f s)\n", path, (double)frames / AUDIO_RATE);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: audio_preview DIR   (writes DIR/sfx_*.wav and DIR/bgm_*.wav)\n");
        return 2;
    }
    synth_mixer *m = synth_create();
    if (!m) {
        fprintf(stderr, "audio-preview: out of memory\n");
        return 2;
    }
    int rc = 0;
    char name[64];
    for (int i = 0; i < AUDIO_SFX_COUNT && rc == 0; i++) {
        synth_play(m, (audio_sfx)i);
        snprintf(name, sizeof name, "sfx_%02d_%s", i, SFX_FILES[i]);
        rc = render_to(argv[1], name, m, synth_sfx_frames(m, (audio_sfx)i) + AUDIO_RATE / 10);
    }
    static const char *bgm[] = {"none", "title", "gameplay", "results"};
    for (int b = AUDIO_BGM_TITLE; b <= AUDIO_BGM_RESULTS && rc == 0; b++) {
        /* the intro (Results stinger) and two passes of the loop, at the DBT-27 default volumes */
        synth_mixer *t = synth_create();
        if (!t)
            return 2;
        synth_set_bgm(t, (audio_bgm)b);
        snprintf(name, sizeof name, "bgm_%s", bgm[b]);
        rc = render_to(argv[1], name, t,
                       synth_bgm_intro_frames(t, (audio_bgm)b) + 2 * synth_bgm_loop_frames(t, (audio_bgm)b));
        synth_destroy(t);
    }
    synth_destroy(m);
    if (rc != 0)
        fprintf(stderr, "audio-preview: cannot write into %s\n", argv[1]);
    return rc == 0 ? 0 : 2;
}
