# Memory5D's screens (player/memory5d): every way back to the lobby is the one memory5d_goto (the
# screen event, the lobby's music and its hint for the caption), and no two of the scene's
# files call each other (tests/file_circles.py over their object files).
P="$BIN/player"

# Easy (the first lesson's difficulty), then the Tutorial row; its card, Escape, Enter: back
# in the lobby as it was, its hint for the caption rather than the leave dialog's question.
printf '%s\n' '{"t":100,"type":"click","x":960,"y":334}' '{"t":200,"type":"click","x":1180,"y":814}' \
  '{"t":300,"type":"key","key":"escape"}' '{"t":400,"type":"key","key":"enter"}' >"$T/back.jsonl"
expect "lobby, the tutorial, and back" 0 "" -- "$P" memory5d --headless --script "$T/back.jsonl" \
  --events-out "$T/back-ev.jsonl" --screenshot 150:"$T/first.png" --screenshot 500:"$T/back.png" --until 500
check "back: the screens went lobby, the lesson, lobby" python3 -c "
import json, sys
E = [json.loads(l) for l in open(sys.argv[1])]
seen = [e.get('screen') or e['event'] for e in E if e['event'] in ('screen', 'match-start')]
sys.exit(seen != ['lobby', 'match-start', 'lobby'])" "$T/back-ev.jsonl"
check "back: the lobby looks as it did before the lesson" cmp "$T/first.png" "$T/back.png"

# No file circle among the scene's object files (each .o of a player/memory5d/*.c).
objs=""
for c in "$ROOT"/player/memory5d/*.c; do objs="$objs $ROOT/build/obj/player/memory5d/$(basename "$c" .c).o"; done
# shellcheck disable=SC2086
expect "player/memory5d has no file circle" 0 "" -- python3 "$ROOT/tests/file_circles.py" $objs

# The check itself: a.c and b.c call each other (a circle), c.c only calls a (outside it).
printf 'int b(int);\nint a(int n) { return n ? b(n - 1) : 0; }\n' >"$T/a.c"
printf 'int a(int);\nint b(int n) { return a(n); }\n' >"$T/b.c"
printf 'int a(int);\nint c(void) { return a(3); }\n' >"$T/c.c"
for f in a b c; do cc -c "$T/$f.c" -o "$T/$f.o"; done
expect "file_circles.py finds the circle of a.o and b.o" 1 "" -- python3 "$ROOT/tests/file_circles.py" "$T/a.o" "$T/b.o" "$T/c.o"
check "file_circles.py names a.o and b.o, not c.o" grep -qx "circle: $T/a.o $T/b.o" "$T/out"
