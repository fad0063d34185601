# The player's shell (player/*.c, *.h) and its shared kit (player/draw, player/audio) know the
# games only through the scene list in player/scenes.c. (That no two files call each other is
# test_file_circles.sh's check, for the whole tree.)
check "the shell and the kit name no game outside the scene list" sh -c "
  cd '$ROOT' && test -z \"\$(grep -ril 'oddshape\|memory5d\|compass' player/*.c player/*.h player/draw player/audio | grep -vx player/scenes.c)\""
check "the scene list does name the games" sh -c "
  cd '$ROOT' && test \"\$(grep -ci 'oddshape\|memory5d\|compass' player/scenes.c)\" -ge 3"
# Every drawing call goes through the kit, which records it for its compositor
# (player/draw/gfx_frame.c): a scene that drew or clipped with SDL directly would be painted
# over, or clip nothing.
check "no scene draws or clips with SDL_Render* itself (gfx_rect, gfx_art_draw, gfx_text, gfx_clip)" sh -c "
  cd '$ROOT' && test -z \"\$(grep -rl 'SDL_Render\(Copy\|Fill\|Draw\|SetClipRect\|GetClipRect\|Clear\|Geometry\)\|SDL_SetRenderTarget\|SDL_SetRenderDraw' player --include='*.c' | grep -v '^player/draw/')\""
