# Find the Odd Shape content: the hand-authored Table L1, the DBT-21 seeded rounds, and the
# solver's evidence reports for both.
AUTHORED       += levels/oddshape/l1.json
CAMPAIGN_PARTS += campaign-oddshape
.PHONY: campaign-oddshape
campaign-oddshape: tools
	$(BIN)/gen oddshape --seed 12345 --out $(LEVELS)/oddshape/seed-12345.json
	$(BIN)/solver oddshape $(LEVELS)/oddshape/l1.json --report $(REPORTS)/oddshape/l1.json
	$(BIN)/solver oddshape $(LEVELS)/oddshape/seed-12345.json --report $(REPORTS)/oddshape/seed-12345.json
