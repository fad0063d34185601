# The player as the match server's client (bin/player memory5d --connect, docs/server.md).
# Each scenario of tests/server/test_online_player.py starts a server on 127.0.0.1 with a
# free port (or a misbehaving fake one) and headless players with scripted keys, waits for
# their events logs with bounded deadlines and stops everything it started.
expect "player: --connect needs HOST:PORT" 2 "--connect: expected HOST:PORT" -- "$BIN/player" memory5d --headless --connect nowhere
expect "player: --name needs --connect" 2 "--name: only with --connect" -- "$BIN/player" memory5d --headless --name Ann
expect "player: --name too long" 2 "--name: at most 32 bytes" -- "$BIN/player" memory5d --headless --connect 127.0.0.1:1 --name "$(printf 'n%.0s' $(seq 40))"
for s in play resume lost malformed shop draft takeover drop fit layout leave unqueue busy; do
  if timeout 300 python3 "$ROOT/tests/server/test_online_player.py" --bin "$BIN" --root "$ROOT" --work "$T" "$s" 2>"$T/online-$s.log"; then
    PASS=$((PASS + 1))
  else
    FAIL=$((FAIL + 1)); echo "FAIL online player scenario $s" >&2; head -20 "$T/online-$s.log" | sed 's/^/  /' >&2
  fi
done
