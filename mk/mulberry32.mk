# The Mulberry32 stream report (seeds 0, 1, 12345, 2^31, 2^32-1).
CAMPAIGN_PARTS += campaign-mulberry32
.PHONY: campaign-mulberry32
campaign-mulberry32: tools
	$(BIN)/solver mulberry32 --report $(REPORTS)/mulberry32.json
