# The Compass Shift campaign: 50 levels by reverse construction, then the solver's per-level
# evidence and the campaign acceptance report (exit 1 when any check fails).
CAMPAIGN_PARTS += campaign-compass
BENCH_PARTS    += bench-compass
.PHONY: campaign-compass bench-compass

campaign-compass: tools
	$(BIN)/gen compass --out $(LEVELS)/compass
	$(BIN)/solver compass --campaign $(LEVELS)/compass/campaign.json --report $(REPORTS)/compass

# Levels per second for a 1000-level pool with 1 and 2 threads, and the whole campaign with
# its reports. Printed, never pass/fail.
COMPASS_BENCH := build/bench/compass
bench-compass: tools
	@rm -rf $(COMPASS_BENCH) && mkdir -p $(COMPASS_BENCH)
	@for t in 1 2; do \
	  s=$$(date +%s.%N); \
	  OMP_NUM_THREADS=$$t $(BIN)/gen compass --count 1000 --out $(COMPASS_BENCH)/pool$$t 2>/dev/null || exit 1; \
	  e=$$(date +%s.%N); \
	  awk -v s=$$s -v e=$$e -v t=$$t 'BEGIN { printf "bench compass: gen --count 1000, %d thread(s): %.2f s, %.0f levels/s\n", t, e - s, 1000 / (e - s) }'; \
	done
	@s=$$(date +%s.%N); \
	$(BIN)/gen compass --out $(COMPASS_BENCH)/campaign/levels 2>/dev/null && \
	$(BIN)/solver compass --campaign $(COMPASS_BENCH)/campaign/levels/campaign.json --report $(COMPASS_BENCH)/campaign/reports >/dev/null 2>&1; \
	rc=$$?; e=$$(date +%s.%N); \
	awk -v s=$$s -v e=$$e -v rc=$$rc 'BEGIN { printf "bench compass: 50-level campaign + evidence + acceptance report: %.3f s (exit %d)\n", e - s, rc }'
