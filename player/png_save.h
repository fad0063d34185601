/* A PNG screenshot written so that a failure is never silent: SDL2_image 2.6's IMG_SavePNG can
 * return 0 after a failed write (a full disk leaves a truncated file and no error). */
#ifndef PLAYER_PNG_SAVE_H
#define PLAYER_PNG_SAVE_H

#include <stddef.h>
#include <SDL.h>

/* Encodes s as PNG in memory (checking the encoder's result, every write it makes, and that
 * the bytes are a whole PNG: signature first, IEND last), then writes them to PATH.tmp.PID
 * beside path, checking every write, fflush, fsync and fclose and that the file's size is the
 * encoded size, and renames it over path. 0 on success. -1 on any failure, with
 * "PATH: cannot write: reason" in err and no file left behind (an earlier file at path is
 * left as it was). */
int png_save_verified(SDL_Surface *s, const char *path, char *err, size_t n);

#endif
