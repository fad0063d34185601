#!/usr/bin/env bash
# Runs tests/validate_schemas.py with the tests' Python: Debian's ($PYTHON, default
# /usr/bin/python3, with python3-jsonschema from make deps), never whatever is first on PATH.
here=$(cd "$(dirname "$0")" && pwd)
PYTHON=${PYTHON:-/usr/bin/python3}
if [ ! -x "$PYTHON" ] || ! "$PYTHON" "$here/validate_schemas.py" --check-deps 2>/dev/null; then
  echo "validate_schemas: $PYTHON lacks what the validator needs (jsonschema's Draft202012Validator and RefResolver); run: make deps" >&2
  exit 2
fi
exec "$PYTHON" "$here/validate_schemas.py" "$@"
