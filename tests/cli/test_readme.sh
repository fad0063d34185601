# Every ```console example in README.md prints exactly what the README shows.
expect "README examples print what the README shows" 0 "" -- python3 "$ROOT/tests/cli/readme_examples.py" "$ROOT/README.md" "$BIN"
check "README has console examples" grep -q '^ok 2:' "$T/out"
