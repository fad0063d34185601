/* Test driver for player/png_save.c, built by mk/png_save.mk (tests/cli/test_png_save.sh): png_save_check PATH [SIZE]
 * writes a SIZE x SIZE (default 256) noise image, which compresses badly, as PATH with
 * png_save_verified. Exit 0 when written, 2 with the one-line error otherwise. */
#include <stdio.h>
#include <stdlib.h>

#include "png_save.h"

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: png_save_check PATH [SIZE]\n");
        return 2;
    }
    int size = argc == 3 ? atoi(argv[2]) : 256;
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, size, size, 32, SDL_PIXELFORMAT_RGBA32);
    if (!s) {
        fprintf(stderr, "png_save_check: %s\n", SDL_GetError());
        return 2;
    }
    unsigned x = 12345;
    for (int y = 0; y < size; y++)
        for (int i = 0; i < size * 4; i++) {
            x = x * 1103515245u + 12345u;
            ((unsigned char *)s->pixels)[y * s->pitch + i] = (unsigned char)(x >> 24);
        }
    char err[4400];
    int rc = png_save_verified(s, argv[1], err, sizeof err);
    SDL_FreeSurface(s);
    if (rc != 0) {
        fprintf(stderr, "png_save_check: %s\n", err);
        return 2;
    }
    return 0;
}
