# Incremental builds follow headers whichever way OBJ is spelt (make test-cli exports it as an
# absolute path, a plain make uses build/obj): a .d file whose target is spelt otherwise than
# the object make asks for is ignored, and a changed header then rebuilds nothing, linking
# objects compiled against two layouts of one struct. make -n -W HEADER pretends the header
# changed without touching it. A private object folder under build/, so no other build's files
# count.
o=core/compass/compass_game.o
rel="build/deps-test.$$"; abs="$ROOT/$rel"
for pair in "$abs $rel" "$rel $abs"; do
  set -- $pair
  expect "compile compass_game.c with OBJ=$1" 0 "" -- make -C "$ROOT" --no-print-directory -s OBJ="$1" "$1/$o"
  check "a changed compass.h recompiles it for OBJ=$1" sh -c \
    "make -C '$ROOT' --no-print-directory -n -W core/compass/compass.h OBJ='$1' '$1/$o' | grep -q 'compass_game.c'"
  check "and for OBJ spelt the other way ($2)" sh -c \
    "make -C '$ROOT' --no-print-directory -n -W core/compass/compass.h OBJ='$2' '$2/$o' | grep -q 'compass_game.c'"
  check "an unchanged header recompiles nothing (OBJ=$2)" sh -c \
    "! make -C '$ROOT' --no-print-directory -n OBJ='$2' '$2/$o' | grep -q 'compass_game.c'"
  rm -rf "$abs"
done
