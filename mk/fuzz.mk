# Fuzzing: one libFuzzer target per reader (tests/fuzz/fuzz_*.c), built with Debian's clang
# under AddressSanitizer and UndefinedBehaviorSanitizer (mk/deps.sh --fuzz installs clang).
#   make fuzz         every target for FUZZ_SECONDS (default 300) each, one at a time
#   make fuzz-smoke   every target for FUZZ_SMOKE_SECONDS (default 4) each, under 60 s in all:
#                     part of make test
# Corpora start from the seeds below (levels/, tests/fixtures/, tests/fuzz/seeds/) and grow in
# build/fuzz/corpus/; every input under tests/fixtures/fuzz/TARGET/ (a crash once found) is
# replayed first. A crash is saved as build/fuzz/crashes/TARGET-crash-* and fails the run.
.PHONY: fuzz fuzz-smoke fuzz-build
FUZZ_TARGETS       := compass_level compass_campaign oddshape_rounds memory5d_board memory5d_rules \
                      memory5d_log player_settings player_script solver_diff server_msg \
                      memory5d_net_msg
FUZZ_SECONDS       ?= 300
FUZZ_SMOKE_SECONDS ?= 4
FUZZ_CC            ?= clang
FUZZ_DIR           := build/fuzz
FUZZ_DEPS_OK       := build/.deps-fuzz-ok
FUZZ_SAN    := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
FUZZ_CFLAGS  = -std=c11 -O1 -g -D_DEFAULT_SOURCE -Wall -Wextra -Wno-unknown-pragmas \
               -Icore -Icli -Isolver -Iplayer -Iserver -Itests/fuzz -DFUZZ_ROOT='"$(CURDIR)"' \
               $(FUZZ_SAN) -fsanitize=fuzzer-no-link $(PKG_CFLAGS)
FUZZ_LIB_SRC := $(wildcard core/*.c core/*/*.c) cli/cli.c cli/text.c solver/compass.c solver/compass_campaign.c \
                solver/compass_verify.c solver/report.c solver/html_campaign.c solver/html_page.c \
                solver/diff.c solver/diff_format.c \
                player/script.c player/settings.c \
                player/oddshape/oddshape_settings.c player/memory5d/memory5d_settings.c \
                server/server_msg.c player/memory5d/memory5d_net_msg.c
FUZZ_LIB_OBJ := $(patsubst %.c,$(FUZZ_DIR)/obj/%.o,$(FUZZ_LIB_SRC))
FUZZ_BINS    := $(patsubst %,$(FUZZ_DIR)/bin/fuzz_%,$(FUZZ_TARGETS))

$(FUZZ_DEPS_OK): mk/deps.sh | $(DEPS_OK)
	@mkdir -p $(@D)
	@mk/deps.sh --fuzz
	@touch $@
$(FUZZ_DIR)/obj/%.o: %.c | $(FUZZ_DEPS_OK)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -MMD -MP -c $< -o $@
$(FUZZ_DIR)/bin/fuzz_%: $(FUZZ_DIR)/obj/tests/fuzz/fuzz_%.o $(FUZZ_LIB_OBJ)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer $^ -o $@ $(PKG_LIBS) -lm
.SECONDARY: $(FUZZ_LIB_OBJ) $(patsubst %,$(FUZZ_DIR)/obj/tests/fuzz/fuzz_%.o,$(FUZZ_TARGETS))
-include $(FUZZ_LIB_OBJ:.o=.d) $(patsubst %,$(FUZZ_DIR)/obj/tests/fuzz/fuzz_%.d,$(FUZZ_TARGETS))

# Seeds: what each reader reads in the repository, and boards and match logs from gen.
FUZZ_SEEDS := $(FUZZ_DIR)/seeds
$(FUZZ_SEEDS)/.done: $(BIN)/gen $(wildcard levels/*/*.json reports/*.json reports/*/*.json tests/fixtures/*/* tests/fuzz/seeds/*/*)
	@rm -rf $(FUZZ_SEEDS) && mkdir -p $(addprefix $(FUZZ_SEEDS)/,$(FUZZ_TARGETS))
	@cp levels/compass/cs-*.json tests/fixtures/compass/*.json $(FUZZ_SEEDS)/compass_level/
	@cp levels/compass/campaign.json tests/fuzz/seeds/compass_campaign/*.json $(FUZZ_SEEDS)/compass_campaign/
	@cp levels/oddshape/*.json $(FUZZ_SEEDS)/oddshape_rounds/
	@cp levels/memory5d/rules.json $(FUZZ_SEEDS)/memory5d_rules/
	@cp tests/fuzz/seeds/player_settings/*.json $(FUZZ_SEEDS)/player_settings/
	@cp tests/fixtures/player/*.jsonl $(FUZZ_SEEDS)/player_script/
	@cp reports/memory5d/selfplay.json reports/mulberry32.json reports/compass/campaign.json \
	  reports/compass/cs-01-*.json reports/oddshape/*.json levels/compass/cs-02-*.json $(FUZZ_SEEDS)/solver_diff/
	@cp tests/fuzz/seeds/server_msg/*.jsonl $(FUZZ_SEEDS)/server_msg/
	@cp tests/fuzz/seeds/memory5d_net_msg/*.jsonl $(FUZZ_SEEDS)/memory5d_net_msg/
	@for d in easy normal hard expert; do \
	  $(BIN)/gen memory5d --seed 7 --difficulty $$d >$(FUZZ_SEEDS)/memory5d_board/$$d.json && \
	  $(BIN)/gen memory5d --selfplay --seed 3 --difficulty $$d --out $(FUZZ_SEEDS)/memory5d_log/$$d.json || exit 1; \
	done
	@touch $@

fuzz-build: $(FUZZ_BINS)
fuzz: $(FUZZ_BINS) $(FUZZ_SEEDS)/.done
	@FUZZ_DIR=$(FUZZ_DIR) mk/fuzz.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)
fuzz-smoke: $(FUZZ_BINS) $(FUZZ_SEEDS)/.done
	@FUZZ_DIR=$(FUZZ_DIR) mk/fuzz.sh $(FUZZ_SMOKE_SECONDS) $(FUZZ_TARGETS)
test: fuzz-smoke
