# Issue 22: the player's shell (player/*.c, *.h) and its shared kit (player/draw, player/audio)
# know the games only through the scene list in player/scenes.c, and no two of the shell's,
# the kit's or Odd Shape's and Compass's files call each other (tests/cli/file_circles.py).
check "the shell and the kit name no game outside the scene list" sh -c "
  cd '$ROOT' && test -z \"\$(grep -ril 'oddshape\|memory5d\|compass' player/*.c player/*.h player/draw player/audio | grep -vx player/scenes.c)\""
check "the scene list does name the games" sh -c "
  cd '$ROOT' && test \"\$(grep -ci 'oddshape\|memory5d\|compass' player/scenes.c)\" -ge 3"
# the objects of today's sources (a stale object of a removed file must not count)
objs=${OBJ:-$ROOT/build/obj}
( cd "$ROOT" && ls player/*.c player/draw/*.c player/audio/*.c player/oddshape/*.c player/compass/*.c ) |
  sed "s#^#$objs/#; s#\.c\$#.o#" >"$T/objs"
# player/memory5d/ still has its circles (issue 22 part 1); it joins this list once they go.
check "no file circle in the shell, the kit, Odd Shape or Compass" sh -c "
  test \$(wc -l <'$T/objs') -gt 30 && python3 '$ROOT/tests/cli/file_circles.py' \$(cat '$T/objs')"
# the finder itself: two files that call each other are a circle
printf 'int b(void);\nint a(void) { return b(); }\n' >"$T/a.c"
printf 'int a(void);\nint b(void) { return a() + 1; }\nint c(void) { return 2; }\n' >"$T/b.c"
printf 'int c(void);\nint d(void) { return c(); }\n' >"$T/d.c"
for f in a b d; do cc -c "$T/$f.c" -o "$T/$f.o" 2>/dev/null; done
expect "file_circles.py finds a circle" 1 "" -- python3 "$ROOT/tests/cli/file_circles.py" "$T/a.o" "$T/b.o" "$T/d.o"
check "and names both of its files" grep -q 'a.o .*b.o' "$T/out"
expect "file_circles.py passes a one-way call" 0 "" -- python3 "$ROOT/tests/cli/file_circles.py" "$T/b.o" "$T/d.o"
