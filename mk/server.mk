# The Memory5D match server (bin/server, server/): libuv for the event loop, its own
# SQLite database, libcrypto for the tokens' salted SHA-256.
PKGS_SERVER   = libuv sqlite3 libcrypto
SERVER_OBJ   := $(patsubst %.c,$(OBJ)/%.o,$(wildcard server/*.c))
$(OBJ)/server/%.o: CFLAGS += -Iserver $(shell pkg-config --cflags $(PKGS_SERVER))
$(BIN)/server: $(SERVER_OBJ) $(CLI_OBJ) $(CORE_OBJ)
	@mkdir -p $(@D)
	$(CC) $^ -o $@ $(shell pkg-config --libs $(PKGS_SERVER)) $(LDLIBS)
all: $(BIN)/server $(BIN)/server_bench_client
test-cli: $(BIN)/server $(BIN)/server_bench_client
-include $(SERVER_OBJ:.o=.d)
# The unit tests read messages with the server's reader (tests/test_server_msg.c).
TEST_EXTRA_OBJ += $(OBJ)/server/server_msg.o
$(OBJ)/tests/%.o: CFLAGS += -Iserver
# make bench-server (part of make bench): 1,000 concurrent bot matches, link->linked
# latency, server CPU and peak memory per match (mk/server_bench.py; SERVER_BENCH_MATCHES).
BENCH_PARTS += bench-server
.PHONY: bench-server
bench-server: $(BIN)/server $(BIN)/server_bench_client
	$(PYTHON) mk/server_bench.py $(abspath $(BIN))
# The bench's client: bot pairs in C on libuv, timing link -> linked (tests/server/bench_client.c).
$(BIN)/server_bench_client: $(OBJ)/tests/server/bench_client.o $(CORE_OBJ)
	@mkdir -p $(@D)
	$(CC) $^ -o $@ $(shell pkg-config --libs libuv) $(LDLIBS)
