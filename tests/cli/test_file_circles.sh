# No file circle in core/, store/, solver/, cli/, player/ or server/: no two files each of which calls,
# directly or through the others, a function defined in the next (tests/file_circles.py:
# each .o's undefined symbols against the others' defined ones, then strongly connected
# components).
OBJ=${OBJ:-$ROOT/build/obj}
# The finder itself: a circle of two files and one through a third are found, a chain is not.
printf 'int b(void);\nint a(void) { return b(); }\n' >"$T/a.c"
printf 'int a(void);\nint b(void) { return a(); }\n' >"$T/b.c"
printf 'int c(void);\nint b(void) { return c(); }\n' >"$T/b2.c"
printf 'int a(void);\nint c(void) { return a(); }\n' >"$T/c.c"
printf 'int c(void) { return 0; }\n' >"$T/leaf.c"
for f in a b b2 c leaf; do cc -c "$T/$f.c" -o "$T/$f.o"; done
expect "two files calling each other are a circle" 1 "1 circle" -- python3 "$ROOT/tests/file_circles.py" "$T/a.o" "$T/b.o"
check "the circle is printed with the symbols that make it" grep -q "a.o -> .*b.o: b" "$T/out"
expect "a circle through a third file" 1 "1 circle" -- python3 "$ROOT/tests/file_circles.py" "$T/a.o" "$T/b2.o" "$T/c.o"
expect "a chain is no circle" 0 "" -- python3 "$ROOT/tests/file_circles.py" "$T/a.o" "$T/b2.o" "$T/leaf.o"
expect "a missing object is an error" 2 "nm failed" -- python3 "$ROOT/tests/file_circles.py" "$T/none.o"

# The tree: one object per source file that exists now (a stale object of a moved file is
# not counted).
objs=()
missing=""
while IFS= read -r src; do
  o="$OBJ/${src%.c}.o"
  if [ -f "$o" ]; then objs+=("$o"); else missing="$missing $o"; fi
done < <(cd "$ROOT" && ls core/*.c core/*/*.c store/*/*.c solver/*.c cli/*.c player/*.c player/*/*.c server/*.c)
check "every core, store, solver, cli, player and server object is built (missing:$missing)" test -z "$missing"
expect "no circle in core/, store/, solver/, cli/, player/ or server/" 0 "" -- python3 "$ROOT/tests/file_circles.py" "${objs[@]}"
sed 's/^/  /' "$T/out" | head -20 >&2
