# Player audio: the SDL-free synthesizer is linked into the unit tests (tests/test_audio_synth.c).
TEST_EXTRA_OBJ += $(OBJ)/player/synth.o
