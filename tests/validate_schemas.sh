#!/usr/bin/env bash
# Runs tests/validate_schemas.py with a python3 that has jsonschema (the image's or Debian's).
here=$(cd "$(dirname "$0")" && pwd)
for py in python3 /usr/bin/python3; do
  if command -v "$py" >/dev/null 2>&1 && "$py" -c 'import jsonschema' 2>/dev/null; then
    exec "$py" "$here/validate_schemas.py" "$@"
  fi
done
echo "validate_schemas: no python3 with jsonschema (run: make deps)" >&2
exit 2
