# The kit's compositor (player/draw/gfx_frame.c) draws again only the pixels whose drawing
# calls changed since the last frame, over caches of what held still: its picture must be
# the one a whole redraw gives, byte for byte. Each run takes a screenshot every 16 ms (a
# frame each) through an animation, long enough for still parts to join the caches (30
# frames), at output sizes that scale the art (where SDL's scaled blits depend on their
# clipping), and compares every shot with the same run drawn whole (PLAYER_FULL_REDRAW=1).
frames_same() { # NAME T0 N GAME ARGS...: N shots from T0 every 16 ms, compositor vs whole
  local name=$1 t0=$2 n=$3 shots="" i
  shift 3
  mkdir -p "$T/frames/$name/a" "$T/frames/$name/b"
  for i in $(seq 0 $((n - 1))); do shots="$shots --screenshot $((t0 + 16 * i)):@/$i.png"; done
  EXPECT_TIMEOUT=240 expect "$name: the player renders $n frames" 0 "" -- "$BIN/player" "$@" --headless \
    $(echo "$shots" | sed "s|@|$T/frames/$name/a|g")
  EXPECT_TIMEOUT=240 expect "$name: the player renders $n frames drawn whole" 0 "" -- env PLAYER_FULL_REDRAW=1 "$BIN/player" "$@" \
    --headless $(echo "$shots" | sed "s|@|$T/frames/$name/b|g")
  check "$name: every frame is the whole redraw's, byte for byte" sh -c "
    for i in \$(seq 0 $((n - 1))); do cmp -s '$T/frames/$name/a/'\$i.png '$T/frames/$name/b/'\$i.png || exit 1; done"
}
printf '{"t":300,"type":"key","key":"escape"}\n{"t":400,"type":"click","x":163,"y":482}\n{"t":1100,"type":"key","key":"u"}\n{"t":1150,"type":"click","x":163,"y":482}\n' \
  >"$T/compass_turns.jsonl"
# Compass Shift: a release (the arrow leaves, the dial turns), an undo and a release again
frames_same compass-turns 350 48 compass --size 400x560 --settings "$T/c.json" --script "$T/compass_turns.jsonl"
# Find the Odd Shape: the title's patches bobbing; then Get Ready, a reveal and a round's timer
frames_same oddshape-title 100 40 oddshape --size 640x360 --settings "$T/o.json"
frames_same oddshape-round 1500 48 oddshape --size 640x400 --settings "$T/o.json" --script tests/fixtures/player/perfect.jsonl
# Memory5D: the lobby's Play, then a match with its clock running (800x450 shows the compact
# 960x540 field: Play heads the column beside the settings list)
printf '{"t":300,"type":"click","x":838,"y":106}\n' >"$T/m5d_play.jsonl"
frames_same memory5d-match 250 40 memory5d --size 800x450 --settings "$T/m.json" --script "$T/m5d_play.jsonl"
