# The SDL2 player (bin/player): its SDL-free parts are unit-tested, and the CLI tests
# (tests/cli/test_player.sh: headless replays, event logs, screenshots) need the binary.
TEST_EXTRA_OBJ += $(OBJ)/player/memory5d/memory5d_layout.o $(OBJ)/player/script.o $(OBJ)/player/settings.o $(OBJ)/player/oddshape/oddshape_settings.o $(OBJ)/player/memory5d/memory5d_settings.o $(OBJ)/player/layout.o \
                  $(OBJ)/player/oddshape/oddshape_eventlog.o $(OBJ)/player/draw/sdf.o $(OBJ)/player/draw/text_runs.o $(OBJ)/player/memory5d/memory5d_net_msg.o
test-cli: $(BIN)/player

# The player's CPU and memory at rest and while animating, live under Xvfb (mk/player_bench.py).
BENCH_PARTS += bench-player
.PHONY: bench-player
bench-player: $(BIN)/player
	@mk/deps.sh --bench
	@$(PYTHON) mk/player_bench.py $(BIN)/player
