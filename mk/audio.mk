# Player audio: the SDL-free synthesizer is linked into the unit tests (tests/test_audio_synth.c).
SYNTH_OBJ := $(patsubst %.c,$(OBJ)/%.o,$(wildcard player/audio/synth*.c))
TEST_EXTRA_OBJ += $(SYNTH_OBJ)

# make audio-preview: every SFX and BGM context rendered to build/audio-preview/*.wav to listen to.
.PHONY: audio-preview
$(OBJ)/audio_preview: player/audio/preview/audio_preview.c $(SYNTH_OBJ) $(OBJ)/core/rng.o
	$(CC) $(CFLAGS) $^ -o $@ $(LDLIBS)
audio-preview: $(OBJ)/audio_preview
	@mkdir -p build/audio-preview
	$(OBJ)/audio_preview build/audio-preview
