# The manual pages gen(1), solver(1), server(1) and player(6) render with man -l, name exactly the options
# the programs' --help texts name (the top-level text and every command's or game's), and carry
# the version --version prints (core/version.h, the one place).
version=$(sed -n 's/^#define TOOLCHAIN_VERSION "\(.*\)"/\1/p' "$ROOT/core/version.h")
render() { LC_ALL=C MANWIDTH=2000 man -l "$1" 2>"$T/man-err"; }   # not a terminal: plain text
for page in gen.1:gen:compass,oddshape,memory5d solver.1:solver:mulberry32,compass,oddshape,memory5d,diff server.1:server:memory5d player.6:player:; do
  file=${page%%:*} rest=${page#*:} prog=${rest%%:*} cmds=${rest#*:}
  man="$ROOT/docs/man/$file"
  render "$man" >"$T/$file.txt"
  check "man -l docs/man/$file renders" sh -c "[ -s '$T/$file.txt' ] && [ ! -s '$T/man-err' ] && grep -q '^NAME' '$T/$file.txt'"
  "$BIN/$prog" --help >"$T/$prog.help" 2>&1
  for c in ${cmds//,/ }; do "$BIN/$prog" "$c" --help >>"$T/$prog.help" 2>&1; done
  expect "$file names every option $prog --help names, and no other" 0 "" -- python3 "$ROOT/tests/cli/man_options.py" "$T/$prog.help" "$T/$file.txt"
  check "$file carries version $version" grep -q "^\.TH .* \"cozy-craft $version\"" "$man"
  expect "$prog --version" 0 "" -- "$BIN/$prog" --version
  check "$prog --version prints $version" grep -qx "$prog $version" "$T/out"
done
# The comparison can fail: an option the page lacks is named.
printf -- '--alpha --beta-gamma\n' >"$T/h.txt"; printf -- '--alpha\n' >"$T/m.txt"
expect "a missing option is found" 1 "--beta-gamma: in --help, not in the manual page" -- python3 "$ROOT/tests/cli/man_options.py" "$T/h.txt" "$T/m.txt"
# player GAME --help prints the shell's options and that game's only.
expect "player compass --help" 0 "" -- "$BIN/player" compass --help
check "compass --help names --watch" grep -q -- "--watch" "$T/out"
check "compass --help names the shell's --headless" grep -q -- "--headless" "$T/out"
check "compass --help leaves out Memory5D's and Odd Shape's options" sh -c "! grep -qE -- '--(difficulty|loadout|levels)( |$)' '$T/out'"
expect "player memory5d --help" 0 "" -- "$BIN/player" memory5d --help
check "memory5d --help names --loadout, not --watch" sh -c "grep -q -- --loadout '$T/out' && ! grep -q -- --watch '$T/out'"
expect "player --help" 0 "" -- "$BIN/player" --help
check "player --help still lists every game's options" sh -c "grep -q -- --watch '$T/out' && grep -q -- --loadout '$T/out' && grep -q -- '--levels FILE' '$T/out'"
expect "player nosuch --help" 2 "unknown game" -- "$BIN/player" nosuch --help
