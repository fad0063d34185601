# The Compass Shift scene: its SDL-free layout is linked into the unit tests
# (tests/test_compass_layout.c holds every target to the 44 px rule).
TEST_EXTRA_OBJ += $(OBJ)/player/compass/compass_layout.o
# The level editor's layout too (tests/test_compass_edit_layout.c).
TEST_EXTRA_OBJ += $(OBJ)/player/compass/compass_edit_layout.o
