# The Compass Shift campaign: 50 levels by reverse construction, then the solver's per-level
# evidence and the campaign acceptance report (exit 1 when any check fails), and the same
# evidence as one page to look at (campaign.html, docs/html-evidence.md).
CAMPAIGN_PARTS += campaign-compass
BENCH_PARTS    += bench-compass
.PHONY: campaign-compass bench-compass

campaign-compass: tools
	$(BIN)/gen compass --out $(LEVELS)/compass
	$(BIN)/solver compass --campaign $(LEVELS)/compass/campaign.json --report $(REPORTS)/compass \
	  --html $(REPORTS)/compass/campaign.html

# Levels per second for a 10000-level pool with 1 and 2 threads, their ratio (issue 14's
# target: at least 1.7x) and whether the two pools are byte-identical; then the whole campaign
# with its reports. The pools go to a tmpfs folder when /dev/shm is writable, so the disk does
# not set the pace. cpu/wall is the cores the run actually got: on a machine busy with other
# work it stays below the thread count and the ratio understates the speed-up. Printed, never
# pass/fail.
COMPASS_BENCH := build/bench/compass
COMPASS_POOL  := 10000
bench-compass: tools
	@rm -rf $(COMPASS_BENCH) && mkdir -p $(COMPASS_BENCH)
	@pools=$$(mktemp -d /dev/shm/bench-compass.XXXXXX 2>/dev/null || { mkdir -p $(COMPASS_BENCH)/pools && echo $(COMPASS_BENCH)/pools; }); \
	trap 'rm -rf '$$pools EXIT; TIMEFORMAT='%R %U %S'; \
	for t in 1 2; do \
	  r=$$( { time OMP_NUM_THREADS=$$t $(BIN)/gen compass --count $(COMPASS_POOL) --out $$pools/pool$$t 2>/dev/null; } 2>&1 ) || exit 1; \
	  eval "wall$$t=$${r%% *}"; cores=$$(echo "$$r" | awk '{ printf "%.2f", ($$2 + $$3) / $$1 }'); \
	  echo "$$r" | awk -v t=$$t -v n=$(COMPASS_POOL) -v d=$${pools%/*} '{ printf "bench compass: gen --count %d to %s, %d thread(s): %.2f s, %.0f levels/s, cpu/wall %.2f\n", n, d, t, $$1, n / $$1, ($$2 + $$3) / $$1 }'; \
	done; \
	same=no; diff -rq $$pools/pool1 $$pools/pool2 >/dev/null && same=yes; \
	awk -v a=$$wall1 -v b=$$wall2 -v same=$$same -v c=$$cores 'BEGIN { printf "bench compass: gen --count $(COMPASS_POOL) speed-up, 2 threads over 1: %.2fx (target 1.7x); pools byte-identical: %s%s\n", a / b, same, c < 1.8 ? sprintf("; the 2-thread run got only %.2f cores (a busy machine), so the ratio understates the speed-up", c) : "" }'
	@s=$$(date +%s.%N); \
	$(BIN)/gen compass --out $(COMPASS_BENCH)/campaign/levels 2>/dev/null && \
	$(BIN)/solver compass --campaign $(COMPASS_BENCH)/campaign/levels/campaign.json --report $(COMPASS_BENCH)/campaign/reports >/dev/null 2>&1; \
	rc=$$?; e=$$(date +%s.%N); \
	awk -v s=$$s -v e=$$e -v rc=$$rc 'BEGIN { printf "bench compass: 50-level campaign + evidence + acceptance report: %.3f s (exit %d)\n", e - s, rc }'
