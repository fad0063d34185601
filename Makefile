# One build for the content tools, the player and the tests. See README.md.
#   make campaign   build, regenerate every file under levels/ and reports/, verify them
#   make test       the whole suite: unit tests, CLI tests, schemas, verify
#   make install    programs, manual pages and run-time data under PREFIX (DESTDIR too)
SHELL        := /bin/bash
.DEFAULT_GOAL := all
.DELETE_ON_ERROR:

BIN     ?= bin
OBJ     ?= build/obj
LEVELS  ?= levels
REPORTS ?= reports
SAN     ?=

# pkg-config runs when a recipe needs it, after the dependency check has installed it.
PKGS_CORE   = libcjson libxxhash
PKG_CFLAGS  = $(shell pkg-config --cflags $(PKGS_CORE))
PKG_LIBS    = $(shell pkg-config --libs $(PKGS_CORE))
# The records store (store/): database I/O, linked only by the programs that keep records.
PKGS_STORE  =
STORE_CFLAGS = -Istore $(shell pkg-config --cflags $(PKGS_STORE))
STORE_LIBS   = $(shell pkg-config --libs $(PKGS_STORE))
SDL_CFLAGS  = $(shell pkg-config --cflags sdl2 SDL2_ttf SDL2_image)
SDL_LIBS    = $(shell pkg-config --libs sdl2 SDL2_ttf SDL2_image)
CRIT_CFLAGS = $(shell pkg-config --cflags criterion)
CRIT_LIBS   = $(shell pkg-config --libs criterion)

CFLAGS  = -std=c11 -Wall -Wextra -Werror -O2 -g -fopenmp -D_DEFAULT_SOURCE -Icore -Icli $(SAN) $(PKG_CFLAGS)
LDLIBS  = $(PKG_LIBS) -fopenmp -lm $(SAN)

CORE_OBJ   := $(patsubst %.c,$(OBJ)/%.o,$(wildcard core/*.c core/*/*.c))
STORE_OBJ  := $(patsubst %.c,$(OBJ)/%.o,$(wildcard store/*.c store/*/*.c))
STORE_LIB  := $(OBJ)/libstore.a
CLI_OBJ    := $(patsubst %.c,$(OBJ)/%.o,$(wildcard cli/*.c))
GEN_OBJ    := $(patsubst %.c,$(OBJ)/%.o,$(wildcard gen/*.c))
SOLVER_OBJ := $(patsubst %.c,$(OBJ)/%.o,$(wildcard solver/*.c))
PLAYER_OBJ := $(patsubst %.c,$(OBJ)/%.o,$(wildcard player/*.c player/*/*.c))
TEST_OBJ   := $(patsubst %.c,$(OBJ)/%.o,$(wildcard tests/*.c))
DEPS_OK    := build/.deps-ok

# Each game adds its campaign steps, authored inputs, CLI tests and benchmarks in mk/*.mk.
CAMPAIGN_PARTS :=
AUTHORED       :=
BENCH_PARTS    :=
# Objects outside core/ that the unit tests link too: the solver's check lists and their
# command-line plumbing here, SDL-free player objects (e.g. the synthesizer) in mk/*.mk.
TEST_EXTRA_OBJ := $(OBJ)/solver/report.o $(OBJ)/cli/cli.o
include $(sort $(wildcard mk/*.mk))

.PHONY: all tools deps campaign verify test test-unit test-cli test-schemas test-asan bench play clean install uninstall

all: tools $(BIN)/player $(BIN)/tests
tools: $(BIN)/gen $(BIN)/solver

deps: $(DEPS_OK)
$(DEPS_OK): mk/deps.sh
	@mkdir -p $(@D)
	@mk/deps.sh
	@touch $@

# Dependency files name their object both ways, relative and absolute: the CLI tests run
# make with OBJ as an absolute path, and a .d file whose target is spelt differently from the
# object make asks for is silently ignored (a changed header then rebuilds nothing).
DEPFLAGS = -MMD -MP -MT $(patsubst $(CURDIR)/%,%,$(abspath $@)) -MT $(abspath $@)

$(OBJ)/player/%.o: player/%.c | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Iplayer $(SDL_CFLAGS) $(DEPFLAGS) -c $< -o $@
$(OBJ)/tests/%.o: tests/%.c | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(CRIT_CFLAGS) $(DEPFLAGS) -c $< -o $@
# Only the store and the programs that link it see its headers.
$(OBJ)/store/%.o $(OBJ)/solver/%.o $(OBJ)/player/%.o $(OBJ)/tests/%.o: CFLAGS += $(STORE_CFLAGS)
$(STORE_LIB): $(STORE_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^
$(OBJ)/%.o: %.c | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(DEPFLAGS) -c $< -o $@

$(BIN)/gen: $(GEN_OBJ) $(CLI_OBJ) $(CORE_OBJ)
	@mkdir -p $(@D)
	$(CC) $^ -o $@ $(LDLIBS)
$(BIN)/solver: $(SOLVER_OBJ) $(CLI_OBJ) $(STORE_LIB) $(CORE_OBJ)
	@mkdir -p $(@D)
	$(CC) $^ -o $@ $(STORE_LIBS) $(LDLIBS)
$(BIN)/player: $(PLAYER_OBJ) $(STORE_LIB) $(CORE_OBJ)
	@mkdir -p $(@D)
	$(CC) $^ -o $@ $(SDL_LIBS) $(STORE_LIBS) $(LDLIBS)
$(BIN)/tests: $(TEST_OBJ) $(TEST_EXTRA_OBJ) $(STORE_LIB) $(CORE_OBJ)
	@mkdir -p $(@D)
	$(CC) $^ -o $@ $(CRIT_LIBS) $(STORE_LIBS) $(LDLIBS)

-include $(CORE_OBJ:.o=.d) $(STORE_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(GEN_OBJ:.o=.d) $(SOLVER_OBJ:.o=.d) $(PLAYER_OBJ:.o=.d) $(TEST_OBJ:.o=.d)

# The main job: every emitted file regenerated into $(LEVELS) and $(REPORTS) and checked.
campaign: tools $(CAMPAIGN_PARTS)
	@echo "campaign: all content regenerated and verified"

# Regenerate into a scratch tree (authored inputs copied in) and compare with the commit.
# JUNIT=FILE: every solver check of the regeneration as one JUnit XML file (mk/junit-merge.sh).
VERIFY_DIR := build/verify
verify: tools
	@rm -rf $(VERIFY_DIR) && mkdir -p $(VERIFY_DIR)/levels $(VERIFY_DIR)/reports
	@for f in $(AUTHORED); do mkdir -p $(VERIFY_DIR)/$$(dirname $$f) && cp $$f $(VERIFY_DIR)/$$f; done
	@rc=0; $(if $(JUNIT),mkdir -p $(VERIFY_DIR)/junit && SOLVER_JUNIT_DIR=$(VERIFY_DIR)/junit) \
	  $(MAKE) --no-print-directory -s campaign LEVELS=$(VERIFY_DIR)/levels REPORTS=$(VERIFY_DIR)/reports >$(VERIFY_DIR).log 2>&1 || rc=$$?; \
	  $(if $(JUNIT),mk/junit-merge.sh $(VERIFY_DIR)/junit "$(JUNIT)" "make verify" || exit 2;) \
	  [ $$rc = 0 ] || { cat $(VERIFY_DIR).log >&2; echo "verify: regeneration failed" >&2; exit 1; }
	@DIFF_TOOL="$(BIN)/solver diff" mk/compare.sh levels $(VERIFY_DIR)/levels reports $(VERIFY_DIR)/reports

test: test-unit test-cli test-schemas verify
	@echo "test: all suites passed"

test-unit: $(BIN)/tests
	$(BIN)/tests

test-cli: tools
	@BIN=$(abspath $(BIN)) OBJ=$(abspath $(OBJ)) tests/run_cli.sh

test-schemas: deps
	@tests/validate_schemas.sh levels reports

# The unit and CLI suites again under AddressSanitizer and UndefinedBehaviorSanitizer.
test-asan:
	$(MAKE) --no-print-directory BIN=bin/asan OBJ=build/asan \
	  SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" test-unit test-cli

bench: tools $(BENCH_PARTS)

play: $(BIN)/player
	$(BIN)/player

clean:
	rm -rf bin build
