# Compass Shift solver benchmark: whole-process time, states per second on 1 and 2 threads and
# peak memory on generated 10x10 open boards (every lane a plain exit) with 20 to 26 arrows,
# beside the plain JavaScript BFS (bench/compass_bfs.js, when node is installed) on the 20- and
# 22-arrow boards. Printed, never pass/fail.
BENCH_PARTS += bench-compass-solver
COMPASS_BENCH_DIR := build/bench/compass-solver
.PHONY: bench-compass-solver
bench-compass-solver: tools
	@python3 mk/compass_bench_boards.py $(COMPASS_BENCH_DIR) 10 20 22 24 26
	@python3 mk/compass_bench.py $(BIN)/solver $(COMPASS_BENCH_DIR) 5 20,22 20 22 24 26
