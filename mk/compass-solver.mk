# Compass Shift solver benchmark: whole-process time, states per second on 1 and 2 threads and
# peak memory on generated 10x10 open boards (every lane a plain exit) with 20 to 26 arrows,
# beside the plain JavaScript BFS (bench/compass_bfs.js, when node is installed) on the 20- and
# 22-arrow boards. Printed, never pass/fail.
BENCH_PARTS += bench-compass-solver
COMPASS_BENCH_DIR := build/bench/compass-solver
.PHONY: bench-compass-solver
bench-compass-solver: tools
	@$(PYTHON) mk/compass_bench_boards.py $(COMPASS_BENCH_DIR) 10 20 22 24 26
	@$(PYTHON) mk/compass_bench.py $(BIN)/solver $(COMPASS_BENCH_DIR) 5 20,22 20 22 24 26

# The metric pass alone (issue 25): its time and table memory, and the process's peak, on 10x10
# open boards with 16, 20 and 22 arrows (the dense layers' budget: 22 arrows within 32 MiB).
BENCH_PARTS += bench-compass-metrics
.PHONY: bench-compass-metrics
bench-compass-metrics: tools
	@$(PYTHON) mk/compass_bench_boards.py $(COMPASS_BENCH_DIR) 10 16 20 22
	@$(PYTHON) mk/compass_metrics_bench.py $(BIN)/solver $(COMPASS_BENCH_DIR)/bench-10x10-16.json \
	  $(COMPASS_BENCH_DIR)/bench-10x10-20.json $(COMPASS_BENCH_DIR)/bench-10x10-22.json
