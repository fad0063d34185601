# The verified PNG writer (player/png_save.c, built into bin/player by the player wildcard) and
# its test driver: tests/cli/test_png_save.sh writes screenshots onto a full disk with it.
$(BIN)/png_save_check: $(OBJ)/tests/cli/png_save_check.o $(OBJ)/player/png_save.o $(OBJ)/core/outpath.o
	@mkdir -p $(@D)
	$(CC) $^ -o $@ $(SDL_LIBS) $(LDLIBS)
$(OBJ)/tests/cli/png_save_check.o: tests/cli/png_save_check.c | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Iplayer $(SDL_CFLAGS) $(DEPFLAGS) -c $< -o $@
-include $(OBJ)/tests/cli/png_save_check.d
test-cli: $(BIN)/png_save_check
