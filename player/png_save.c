/* Verified PNG writing: encode to memory, then a checked temp-file write and a rename. */
#include "png_save.h"
#include "outpath.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <SDL_image.h>

typedef struct {
    unsigned char *data;
    size_t len, cap, at;
    int failed;
} membuf;

static Sint64 mem_size(SDL_RWops *rw)
{
    return (Sint64)((membuf *)rw->hidden.unknown.data1)->len;
}

static Sint64 mem_seek(SDL_RWops *rw, Sint64 offset, int whence)
{
    membuf *m = rw->hidden.unknown.data1;
    Sint64 base = whence == RW_SEEK_SET ? 0 : whence == RW_SEEK_CUR ? (Sint64)m->at : (Sint64)m->len;
    if (base + offset < 0 || base + offset > (Sint64)m->len)
        return SDL_SetError("png_save: seek outside the buffer");
    m->at = (size_t)(base + offset);
    return (Sint64)m->at;
}

static size_t mem_read(SDL_RWops *rw, void *ptr, size_t size, size_t num)
{
    (void)rw, (void)ptr, (void)size, (void)num;
    return 0;
}

static size_t mem_write(SDL_RWops *rw, const void *ptr, size_t size, size_t num)
{
    membuf *m = rw->hidden.unknown.data1;
    if (size && num > ((size_t)-1 - m->at) / size) {
        m->failed = 1;
        return 0;
    }
    size_t bytes = size * num, need = m->at + bytes;
    if (need > m->cap) {
        size_t cap = m->cap ? m->cap : 1 << 16;
        while (cap < need)
            cap *= 2;
        unsigned char *grown = realloc(m->data, cap);
        if (!grown) {
            m->failed = 1;
            return 0;
        }
        m->data = grown;
        m->cap = cap;
    }
    memcpy(m->data + m->at, ptr, bytes);
    m->at = need;
    if (need > m->len)
        m->len = need;
    return num;
}

static int mem_close(SDL_RWops *rw)
{
    SDL_FreeRW(rw);
    return 0;
}

/* A whole PNG: the signature, then chunks that end exactly with IEND. */
static int whole_png(const unsigned char *d, size_t len)
{
    static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    if (len < 8 + 12 || memcmp(d, sig, 8) != 0)
        return 0;
    size_t at = 8;
    while (at + 12 <= len) {
        size_t n = (size_t)d[at] << 24 | (size_t)d[at + 1] << 16 | (size_t)d[at + 2] << 8 | d[at + 3];
        if (n > len - at - 12)
            return 0;
        if (memcmp(d + at + 4, "IEND", 4) == 0)
            return at + 12 + n == len;
        at += 12 + n;
    }
    return 0;
}

int png_save_verified(SDL_Surface *s, const char *path, char *err, size_t n)
{
    membuf m = {0};
    SDL_RWops *rw = SDL_AllocRW();
    if (!rw) {
        snprintf(err, n, "%s: cannot write: out of memory", path);
        return -1;
    }
    rw->size = mem_size;
    rw->seek = mem_seek;
    rw->read = mem_read;
    rw->write = mem_write;
    rw->close = mem_close;
    rw->type = SDL_RWOPS_UNKNOWN;
    rw->hidden.unknown.data1 = &m;
    int rc = IMG_SavePNG_RW(s, rw, 1);
    if (rc != 0 || m.failed || !whole_png(m.data, m.len)) {
        snprintf(err, n, "%s: cannot write: PNG encoding failed%s%s", path, rc ? ": " : "",
                 rc ? SDL_GetError() : "");
        free(m.data);
        return -1;
    }

    /* a symlinked screenshot path is written through: the PNG replaces what the link names */
    char target[4200];
    if (outpath_target(path, target, sizeof target, err, n) != 0) {
        free(m.data);
        return -1;
    }
    char tmp[4300];
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", target, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        snprintf(err, n, "%s: cannot write: %s", path, strerror(errno));
        free(m.data);
        return -1;
    }
    const char *why = NULL;
    int saved = 0;
    if (fwrite(m.data, 1, m.len, f) != m.len)
        why = "write", saved = errno;
    if (!why && fflush(f) != 0)
        why = "flush", saved = errno;
    if (!why && fsync(fileno(f)) != 0 && errno != EINVAL && errno != EROFS)
        why = "fsync", saved = errno;
    if (fclose(f) != 0 && !why)
        why = "close", saved = errno;
    struct stat st;
    if (!why && (stat(tmp, &st) != 0 || (unsigned long long)st.st_size != m.len)) {
        why = "size check";
        saved = 0;
    }
    if (!why && rename(tmp, target) != 0)
        why = "rename", saved = errno;
    if (why) {
        if (saved)
            snprintf(err, n, "%s: cannot write: %s failed: %s", path, why, strerror(saved));
        else
            snprintf(err, n, "%s: cannot write: %s failed (%zu bytes encoded)", path, why, m.len);
        unlink(tmp);
        free(m.data);
        return -1;
    }
    free(m.data);
    return 0;
}
