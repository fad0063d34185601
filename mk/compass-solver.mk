# Compass Shift solver benchmark: breadth-first search speed and peak memory on generated
# 8x8 open boards (every lane a plain exit) with 16, 20 and 24 arrows. Printed, never pass/fail.
BENCH_PARTS += bench-compass-solver
COMPASS_BENCH_DIR := build/bench/compass-solver
.PHONY: bench-compass-solver
bench-compass-solver: tools
	@$(PYTHON) mk/compass_bench_boards.py $(COMPASS_BENCH_DIR) 16 20 24
	@for n in 16 20 24; do \
	  $(BIN)/solver compass --stats $(COMPASS_BENCH_DIR)/bench-8x8-$$n.json 2>&1 >/dev/null | grep 'states/s'; \
	  test $${PIPESTATUS[0]} -le 1 || exit 1; \
	done
