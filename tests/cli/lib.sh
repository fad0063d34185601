# Helpers for the CLI tests (sourced by tests/run_cli.sh). Each check prints on failure only.
PASS=0 FAIL=0

# expect NAME RC STDERR_REGEX -- CMD...: run CMD (60 s limit, or $EXPECT_TIMEOUT) and check its exit code;
# a non-empty regex must match stderr; exit 2 must come with exactly one stderr line.
expect() {
  local name=$1 want=$2 regex=$3; shift 4
  timeout "${EXPECT_TIMEOUT:-60}" "$@" >"$T/out" 2>"$T/err" </dev/null; RC=$?
  local why=""
  [ "$RC" -eq "$want" ] || why="exit $RC, expected $want"
  if [ -z "$why" ] && [ -n "$regex" ] && ! grep -Eq -- "$regex" "$T/err"; then why="stderr does not match /$regex/"; fi
  if [ -z "$why" ] && [ "$want" -eq 2 ] && [ "$(wc -l <"$T/err")" -ne 1 ]; then why="exit 2 wants exactly one stderr line"; fi
  if [ -z "$why" ]; then PASS=$((PASS + 1)); else
    FAIL=$((FAIL + 1)); echo "FAIL $name: $why" >&2; sed 's/^/  stderr: /' "$T/err" | head -5 >&2; fi
}

# check NAME CMD...: a plain assertion (e.g. on $T/out after expect).
check() {
  local name=$1; shift
  if "$@" >/dev/null 2>&1; then PASS=$((PASS + 1)); else FAIL=$((FAIL + 1)); echo "FAIL $name" >&2; fi
}

# json_schema_ok SCHEMA FILE: validates FILE against schemas/SCHEMA with a real validator.
json_schema_ok() { "$ROOT/tests/validate_schemas.sh" --schema "$ROOT/schemas/$1" "$2"; }
