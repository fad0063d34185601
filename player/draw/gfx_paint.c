/* Baking a shader into a texture at an output scale (player/draw/gfx_paint.h). */
#include "gfx_paint.h"

SDL_Texture *gfx_bake_at(SDL_Renderer *r, double s, double x0, double y0, double fw, double fh,
                         gfx_shader fn, void *ctx)
{
    int w = (int)ceil(fw * s), h = (int)ceil(fh * s);
    if (w < 1) w = 1;
    if (h < 1) h = 1;
    SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!surf) return NULL;
    double px = 1.0 / s;
    for (int j = 0; j < h; j++) {
        Uint32 *row = (Uint32 *)((Uint8 *)surf->pixels + j * surf->pitch);
        for (int i = 0; i < w; i++)
            row[i] = gfx_pack(fn(ctx, x0 + (i + 0.5) * px * fw * s / w, y0 + (j + 0.5) * px * fh * s / h, px));
    }
    SDL_Texture *t = SDL_CreateTextureFromSurface(r, surf);
    SDL_FreeSurface(surf);
    if (t) {
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
        SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear);
    }
    return t;
}
