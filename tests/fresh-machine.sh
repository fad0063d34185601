#!/usr/bin/env bash
# The README's promise on a fresh machine: builds a minimal Debian 12 root (debootstrap
# --variant=minbase bookworm) with only git, make, gcc, pkg-config and ca-certificates,
# clones this repository's committed HEAD into it with ../shared beside it, and runs the
# README's two commands there as root. Prints one line per command with its exit code and
# time; exits 0 only when both pass.
#
#   sudo-less, as root:  tests/fresh-machine.sh [--keep]
#
# Needs root, debootstrap and the Debian mirror this machine's apt uses (read from
# /etc/apt/sources.list{,.d/*}; it is written only into the scratch root, never into the
# repository). Takes several minutes; not part of make test. The scratch root is under
# $FRESH_DIR (default: a new /var/tmp/fresh-machine.XXXXXX); logs stay there, the root is
# removed unless --keep. Every mount is undone on any exit, failure or signal.
set -u
repo=$(cd "$(dirname "$0")/.." && pwd)
keep=0; [ "${1:-}" = --keep ] && keep=1
die() { echo "fresh-machine: $*" >&2; exit 2; }
[ "$(id -u)" = 0 ] || die "needs root (debootstrap and chroot)"
command -v debootstrap >/dev/null 2>&1 || die "needs debootstrap (as root: apt-get install -y debootstrap)"

# The mirror: the first bookworm "deb" source of this machine's apt.
mirror=$(
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] && awk 'BEGIN { RS = ""; FS = "\n" }
      { t = u = s = ""
        for (i = 1; i <= NF; i++) {
          if ($i ~ /^Types:/) t = $i; if ($i ~ /^URIs:/) u = $i; if ($i ~ /^Suites:/) s = $i }
        if (t ~ /[ \t]deb([ \t]|$)/ && s ~ /[ \t]bookworm([ \t]|$)/) { sub(/^URIs:[ \t]*/, "", u); split(u, a, /[ \t]+/); print a[1] } }' "$f"
  done
  cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
    awk '$1 == "deb" { i = 2; if ($2 ~ /^\[/) while (i <= NF && $(i - 1) !~ /\]$/) i++; if ($(i + 1) == "bookworm") print $i }'
) || true
mirror=$(echo "$mirror" | sed -n '/./{p;q}')
[ -n "$mirror" ] || die "no bookworm deb source in /etc/apt/sources.list{,.d/*}"

# ../shared beside the clone, as beside the repository (or beside the main worktree).
shared=${SHARED:-}
if [ -z "$shared" ]; then
  for c in "$repo/../shared" "$(cd "$repo" && cd "$(git rev-parse --git-common-dir)/.." && pwd)/../shared"; do
    [ -d "$c" ] && { shared=$(cd "$c" && pwd); break; }
  done
fi
[ -n "$shared" ] && [ -d "$shared" ] || die "no ../shared beside the repository (set SHARED=DIR)"
head=$(git -C "$repo" rev-parse HEAD) || die "$repo is not a git repository"
git -C "$repo" diff --quiet HEAD 2>/dev/null || echo "fresh-machine: note: uncommitted changes are not tested (HEAD ${head:0:12} is)" >&2

work=${FRESH_DIR:-$(mktemp -d /var/tmp/fresh-machine.XXXXXX)}
root=$work/root
mkdir -p "$root" || die "cannot create $root"

mounted() { awk -v r="$root" '$2 == r || index($2, r "/") == 1 { print $2 }' /proc/mounts | sort -r; }
cleanup() {
  local m tries
  for tries in 1 2 3; do
    for m in $(mounted); do umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null; done
    [ -z "$(mounted)" ] && break
    sleep 1
  done
  if [ -n "$(mounted)" ]; then
    echo "fresh-machine: still mounted, left in place: $(mounted | tr '\n' ' ')" >&2
  elif [ "$keep" = 0 ] && [ -d "$root" ]; then
    rm -rf --one-file-system "$root"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

echo "fresh-machine: $work (mirror from this machine's apt sources, HEAD ${head:0:12})"
t0=$(date +%s)
if ! debootstrap --variant=minbase --include=git,make,gcc,pkg-config,ca-certificates \
       bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1; then
  tail -5 "$work/debootstrap.log" >&2; die "debootstrap failed (log: $work/debootstrap.log)"
fi
echo "debootstrap minbase bookworm + git make gcc pkg-config ca-certificates: $(( $(date +%s) - t0 )) s"

mkdir -p "$root/src"
git clone -q --no-local "$repo" "$root/src/repo" && git -C "$root/src/repo" checkout -q "$head" \
  || die "cannot clone $repo"
cp -a "$shared" "$root/src/shared" || die "cannot copy $shared"
cp -L /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
mount -t proc proc "$root/proc" && mount -t sysfs sys "$root/sys" && mount --bind /dev "$root/dev" \
  && mount -t devpts -o newinstance,ptmxmode=0666 devpts "$root/dev/pts" && mount -t tmpfs tmpfs "$root/tmp" \
  || die "cannot mount proc, sys, dev and tmp in $root"

# in_root USER CMD: CMD in the clone with a clean login environment.
in_root() {
  local who=$1; shift
  chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    TERM=dumb LANG=C.UTF-8 /usr/bin/setpriv --reuid="$who" --regid="$who" --init-groups \
    /bin/bash -c "cd /src/repo && $*"
}
# run NAME USER CMD: one line with the exit code and the time; the output goes to a log.
status=0
run() {
  local name=$1 who=$2 cmd=$3 log=$work/$(echo "$1" | tr -c 'a-z0-9\n' '-').log s rc
  s=$(date +%s)
  in_root "$who" "$cmd" >"$log" 2>&1; rc=$?
  printf '%-16s exit %d, %4d s  (log: %s)\n' "$name:" "$rc" "$(( $(date +%s) - s ))" "$log"
  return $rc
}

# Without root the build says what to run as root (minimal Debian has no sudo).
chroot "$root" useradd -m -u 4242 newuser 2>/dev/null
if run "non-root deps" 4242 'HOME=/tmp bash mk/deps.sh'; then
  echo "fresh-machine: mk/deps.sh passed as a user before anything was installed" >&2; status=1
elif ! grep -q 'as root, run: apt-get update && apt-get install -y' "$work/non-root-deps.log"; then
  echo "fresh-machine: mk/deps.sh without root did not print the apt-get line" >&2; status=1
fi
run "make campaign" 0 'make campaign' || status=1
run "make test" 0 'make test' || status=1
[ "$status" = 0 ] && echo "fresh-machine: both README commands passed" || echo "fresh-machine: FAILED" >&2
exit "$status"
