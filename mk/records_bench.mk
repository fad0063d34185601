# Memory5D records benchmark (part of make bench): import and records-check time for exports
# of about 1,000, 20,000 and 100,000 events (mk/records_bench.sh). The export limit (4 MiB) holds
# about 25,000 events of this kind: at 100,000 only the records check is timed;
# RECORDS_BENCH_SIZES overrides the sizes.
RECORDS_BENCH_SIZES ?= 1000 20000 100000
BENCH_PARTS += bench-records
.PHONY: bench-records
bench-records: tools
	@mk/records_bench.sh $(BIN) build/bench/records $(RECORDS_BENCH_SIZES)
