# player/png_save.c (png_save_verified) through bin/png_save_check: a screenshot onto a full
# disk fails with one line naming the file and leaves no file. SDL2_image 2.6's IMG_SavePNG
# returns 0 there and leaves a truncated PNG (issue 9, fault 2).
PS="$BIN/png_save_check"
expect "png: a normal write" 0 "" -- "$PS" "$T/ok.png"
check "png: the file is a PNG" bash -c "head -c 8 '$T/ok.png' | od -An -tx1 | grep -q '89 50 4e 47 0d 0a 1a 0a'"
check "png: the file decodes to the image size" bash -c "python3 '$ROOT/tests/cli/png_probe.py' '$T/ok.png' size | grep -qx '256 256'"
# A full disk, without root: a 64 KiB file-size limit (writes past it fail with EFBIG).
expect "png: a full disk is an error naming the file" 2 "full.png: cannot write: .*(File too large|No space)" -- bash -c 'trap "" XFSZ; ulimit -f 64; exec "$@"' full "$PS" "$T/full.png"
check "png: a full disk leaves no file" test ! -e "$T/full.png"
check "png: ... and no temp file" bash -c "! ls '$T' | grep -q 'full.png.tmp'"
cp "$T/ok.png" "$T/keep.png"
expect "png: a full disk over an earlier screenshot" 2 "keep.png: cannot write" -- bash -c 'trap "" XFSZ; ulimit -f 64; exec "$@"' full "$PS" "$T/keep.png"
check "png: the earlier screenshot is untouched" cmp "$T/ok.png" "$T/keep.png"
expect "png: a folder that does not exist" 2 "nope/x.png: cannot write: No such file" -- "$PS" "$T/nope/x.png"
# A really full file system, where this machine lets us mount a 64 KiB tmpfs (root).
mkdir -p "$T/tiny"
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=64k tmpfs "$T/tiny" 2>/dev/null; then
  expect "png: a full tmpfs is an error naming the file" 2 "tiny/shot.png: cannot write: .*No space left" -- "$PS" "$T/tiny/shot.png"
  check "png: a full tmpfs keeps no file" test -z "$(ls -A "$T/tiny")"
  umount "$T/tiny" || umount -l "$T/tiny"
fi
rmdir "$T/tiny" 2>/dev/null
