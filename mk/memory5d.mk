# Memory5D: the hand-authored rules config and tutorial lessons, the AI self-play report
# built from the config, and the replay check of every lesson.
AUTHORED       += levels/memory5d/rules.json $(wildcard levels/memory5d/tutorial/*.json)
CAMPAIGN_PARTS += campaign-memory5d
BENCH_PARTS    += bench-memory5d
.PHONY: campaign-memory5d bench-memory5d
campaign-memory5d: tools
	$(BIN)/solver memory5d --config $(LEVELS)/memory5d/rules.json --report $(REPORTS)/memory5d/selfplay.json
	$(BIN)/solver memory5d --tutorial --config $(LEVELS)/memory5d/rules.json --lessons $(LEVELS)/memory5d/tutorial
bench-memory5d: tools
	$(BIN)/solver memory5d --bench --config $(LEVELS)/memory5d/rules.json
