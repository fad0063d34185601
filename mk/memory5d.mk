# Memory5D: the hand-authored rules config and the AI self-play report built from it.
AUTHORED       += levels/memory5d/rules.json
CAMPAIGN_PARTS += campaign-memory5d
BENCH_PARTS    += bench-memory5d
.PHONY: campaign-memory5d bench-memory5d
campaign-memory5d: tools
	$(BIN)/solver memory5d --config $(LEVELS)/memory5d/rules.json --report $(REPORTS)/memory5d/selfplay.json
bench-memory5d: tools
	$(BIN)/solver memory5d --bench --config $(LEVELS)/memory5d/rules.json
