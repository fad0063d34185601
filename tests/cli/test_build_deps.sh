# Incremental builds follow headers whichever way OBJ is spelt (make test-cli exports it as an
# absolute path, a plain make uses build/obj): a .d file whose target is spelt otherwise than
# the object make asks for is ignored, and a changed header then rebuilds nothing, linking
# objects compiled against two layouts of one struct. make -n -W HEADER pretends the header
# changed without touching it.
o=core/compass/compass_game.o
for obj in build/obj "$ROOT/build/obj"; do
  expect "the compile of compass_game.c (OBJ=$obj) once" 0 "" -- \
    make -C "$ROOT" --no-print-directory -s OBJ="$obj" "$obj/$o"
  check "a changed compass.h recompiles compass_game.c (OBJ=$obj)" sh -c \
    "make -C '$ROOT' --no-print-directory -n -W core/compass/compass.h OBJ='$obj' '$obj/$o' | grep -q 'compass_game.c'"
done
check "an unchanged tree recompiles nothing" sh -c \
  "! make -C '$ROOT' --no-print-directory -n OBJ=build/obj build/obj/$o | grep -q 'compass_game.c'"
