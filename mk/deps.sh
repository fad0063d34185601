#!/usr/bin/env bash
# Checks the Debian packages the build, the tests and the player need and installs the
# missing ones (as root, with apt-get); otherwise prints the exact command and fails.
set -u
pkgs=()
need_pc() { pkg-config --exists "$1" 2>/dev/null || pkgs+=("$2"); }
command -v pkg-config >/dev/null 2>&1 || pkgs+=(pkg-config)
command -v cc >/dev/null 2>&1 || pkgs+=(gcc)
need_pc libcjson libcjson-dev
need_pc libxxhash libxxhash-dev
need_pc sqlite3 libsqlite3-dev
need_pc sdl2 libsdl2-dev
need_pc SDL2_ttf libsdl2-ttf-dev
need_pc SDL2_image libsdl2-image-dev
need_pc criterion libcriterion-dev
[ -f /usr/share/fonts/truetype/quicksand/Quicksand-Bold.ttf ] || pkgs+=(fonts-quicksand)
command -v python3 >/dev/null 2>&1 || pkgs+=(python3)
if ! python3 -c 'import jsonschema' 2>/dev/null && ! /usr/bin/python3 -c 'import jsonschema' 2>/dev/null; then
  pkgs+=(python3-jsonschema)
fi
[ ${#pkgs[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "missing packages: run: sudo apt-get update && sudo apt-get install -y ${pkgs[*]}" >&2
  exit 1
fi
echo "installing missing packages: ${pkgs[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >&2 && apt-get install -y -q "${pkgs[@]}" >&2 || {
  echo "apt-get install ${pkgs[*]} failed" >&2; exit 1; }
