# The player's shell (player/*.c, *.h) and its shared kit (player/draw, player/audio) know the
# games only through the scene list in player/scenes.c. (That no two files call each other is
# test_file_circles.sh's check, for the whole tree.)
check "the shell and the kit name no game outside the scene list" sh -c "
  cd '$ROOT' && test -z \"\$(grep -ril 'oddshape\|memory5d\|compass' player/*.c player/*.h player/draw player/audio | grep -vx player/scenes.c)\""
check "the scene list does name the games" sh -c "
  cd '$ROOT' && test \"\$(grep -ci 'oddshape\|memory5d\|compass' player/scenes.c)\" -ge 3"
