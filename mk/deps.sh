#!/usr/bin/env bash
# Checks the Debian packages the build, the tests and the player need and installs the
# missing ones (as root, with apt-get); otherwise prints the apt-get line to run as root
# and fails (minimal Debian has no sudo, so none is assumed).
#   mk/deps.sh          the build, the tests (Chromium for the HTML pages) and the player
#   mk/deps.sh --fuzz   also clang with libFuzzer (make fuzz, and the fuzz smoke of make test)
#   mk/deps.sh --bench  also Xvfb (make bench runs the player in a virtual display)
# The tests' Python is Debian's ($PYTHON, default /usr/bin/python3), whatever else is on PATH.
set -u
here=$(cd "$(dirname "$0")" && pwd)
PYTHON=${PYTHON:-/usr/bin/python3}
pkgs=()
need_pc() { pkg-config --exists "$1" 2>/dev/null || pkgs+=("$2"); }
if command -v pkg-config >/dev/null 2>&1; then
  need_pc libcjson libcjson-dev
  need_pc libxxhash libxxhash-dev
  need_pc sqlite3 libsqlite3-dev
  need_pc sdl2 libsdl2-dev
  need_pc SDL2_ttf libsdl2-ttf-dev
  need_pc SDL2_image libsdl2-image-dev
  need_pc criterion libcriterion-dev
  need_pc libuv libuv1-dev
  need_pc libcrypto libssl-dev
else
  pkgs+=(pkg-config libcjson-dev libxxhash-dev libsqlite3-dev libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libcriterion-dev libuv1-dev libssl-dev)
fi
command -v cc >/dev/null 2>&1 || pkgs+=(gcc)
command -v man >/dev/null 2>&1 || pkgs+=(man-db)
command -v xmllint >/dev/null 2>&1 || pkgs+=(libxml2-utils)   # tests/cli/test_junit.sh validates the JUnit XML   # tests/cli/test_man.sh renders docs/man/ with man -l
[ -f /usr/share/fonts/truetype/quicksand/Quicksand-Bold.ttf ] || pkgs+=(fonts-quicksand)
# The browser test of the HTML evidence pages (tests/cli/test_html_evidence.sh): headless.
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || pkgs+=(chromium)
# Exactly what tests/validate_schemas.py imports, run by the Python the tests run.
if [ ! -x "$PYTHON" ]; then
  pkgs+=(python3 python3-jsonschema python3-yaml)
else
  "$PYTHON" "$here/../tests/validate_schemas.py" --check-deps 2>/dev/null || pkgs+=(python3-jsonschema)
  # tests/cli/ci_steps.py reads the example CI files (examples/ci/) with PyYAML
  "$PYTHON" -c 'import yaml' 2>/dev/null || pkgs+=(python3-yaml)
fi
if [ "${1:-}" = --fuzz ]; then
  probe=$(mktemp -d)
  echo 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { return d && n > 9; }' >"$probe/p.c"
  command -v clang >/dev/null 2>&1 && clang -fsanitize=fuzzer,address "$probe/p.c" -o "$probe/p" 2>/dev/null \
    || pkgs+=(clang libclang-rt-14-dev)
  rm -rf "$probe"
fi
if [ "${1:-}" = --bench ]; then
  command -v Xvfb >/dev/null 2>&1 || pkgs+=(xvfb)
fi
[ ${#pkgs[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "missing packages; as root, run: apt-get update && apt-get install -y ${pkgs[*]}" >&2
  exit 1
fi
echo "installing missing packages: ${pkgs[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >&2 && apt-get install -y -q "${pkgs[@]}" >&2 || {
  echo "apt-get install ${pkgs[*]} failed" >&2; exit 1; }
