/* Replay script reader: strict JSON-lines validation with messages naming line and field. */
#include "script.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonio.h"

static const char *const key_names[] = {
    [PK_1] = "1", [PK_2] = "2", [PK_3] = "3", [PK_LEFT] = "left", [PK_RIGHT] = "right",
    [PK_UP] = "up", [PK_DOWN] = "down", [PK_ENTER] = "enter", [PK_SPACE] = "space",
    [PK_ESCAPE] = "escape", [PK_BACKSPACE] = "backspace", [PK_TAB] = "tab",
    [PK_CHAR] = NULL, [PK_HOME] = "home", [PK_END] = "end",
};
static const char *const button_names[] = {
    [PB_A] = "a", [PB_B] = "b", [PB_START] = "start", [PB_LEFT] = "left",
    [PB_RIGHT] = "right", [PB_UP] = "up", [PB_DOWN] = "down",
};
static const char *const type_names[] = {"move", "click", "key", "pad", "press", "release",
                                          "touch", "touch-down", "touch-move", "touch-up", "close"};
enum { T_MOVE, T_CLICK, T_KEY, T_PAD, T_PRESS, T_RELEASE, T_TOUCH, T_TOUCH_DOWN, T_TOUCH_MOVE,
       T_TOUCH_UP, T_CLOSE, T_COUNT };

/* A key name, after any "shift+" and "ctrl+" prefixes (in either order). */
static int parse_key(const char *name, player_input *in)
{
    for (;;) {
        if (strncmp(name, "shift+", 6) == 0 && name[6]) {
            in->mods |= PMOD_SHIFT;
            name += 6;
        } else if (strncmp(name, "ctrl+", 5) == 0 && name[5]) {
            in->mods |= PMOD_CTRL;
            name += 5;
        } else {
            break;
        }
    }
    for (int k = PK_1; k < (int)(sizeof key_names / sizeof *key_names); k++)
        if (key_names[k] && strcmp(name, key_names[k]) == 0) {
            in->key = (player_key)k;
            in->ch = player_key_char((player_key)k);
            return 0;
        }
    if (strlen(name) == 1 && name[0] > ' ' && name[0] < 127) {
        in->key = PK_CHAR;
        in->ch = name[0];
        return 0;
    }
    return -1;
}

static int parse_line(const cJSON *obj, const char *where, script_step *st, char *err,
                      size_t errlen)
{
    static const char *const allowed[] = {"t", "type", "x", "y", "key", "button", NULL};
    if (jsonio_object(obj, where, allowed, err, errlen)) return -1;
    long long t;
    int type;
    if (jsonio_int(obj, "t", where, 1, 0, SCRIPT_MAX_T, &t, err, errlen)) return -1;
    if (jsonio_enum(obj, "type", where, 1, type_names, T_COUNT, &type, err, errlen)) return -1;
    memset(st, 0, sizeof *st);
    st->t_ms = t;
    if (type == T_CLOSE) {
        if (cJSON_GetObjectItemCaseSensitive(obj, "x") || cJSON_GetObjectItemCaseSensitive(obj, "y") ||
            cJSON_GetObjectItemCaseSensitive(obj, "key") || cJSON_GetObjectItemCaseSensitive(obj, "button")) {
            snprintf(err, errlen, "%s: a close takes only t", where);
            return -1;
        }
        st->close = 1;
        return 0;
    }
    if (type != T_KEY && type != T_PAD) {
        long long x, y;
        if (jsonio_int(obj, "x", where, 1, -100000, 100000, &x, err, errlen) ||
            jsonio_int(obj, "y", where, 1, -100000, 100000, &y, err, errlen))
            return -1;
        static const player_input_kind kinds[T_COUNT] = {
            [T_MOVE] = PIN_MOVE,        [T_CLICK] = PIN_CLICK,           [T_PRESS] = PIN_CLICK,
            [T_RELEASE] = PIN_RELEASE,  [T_TOUCH] = PIN_TOUCH_DOWN,      [T_TOUCH_DOWN] = PIN_TOUCH_DOWN,
            [T_TOUCH_MOVE] = PIN_TOUCH_MOVE, [T_TOUCH_UP] = PIN_TOUCH_UP};
        st->in.kind = kinds[type];
        st->release_after = type == T_CLICK || type == T_TOUCH;
        st->in.x = (double)x;
        st->in.y = (double)y;
        if (cJSON_GetObjectItemCaseSensitive(obj, "key") ||
            cJSON_GetObjectItemCaseSensitive(obj, "button")) {
            snprintf(err, errlen, "%s: a %s takes only t, x and y", where, type_names[type]);
            return -1;
        }
        return 0;
    }
    const char *field = type == T_KEY ? "key" : "button";
    const char *other = type == T_KEY ? "button" : "key";
    if (cJSON_GetObjectItemCaseSensitive(obj, "x") || cJSON_GetObjectItemCaseSensitive(obj, "y") ||
        cJSON_GetObjectItemCaseSensitive(obj, other)) {
        snprintf(err, errlen, "%s: a %s takes only t and %s", where, type_names[type], field);
        return -1;
    }
    if (type == T_KEY) {
        const char *name;
        if (jsonio_string(obj, "key", where, 1, 32, &name, err, errlen)) return -1;
        st->in.kind = PIN_KEY;
        if (parse_key(name, &st->in)) {
            snprintf(err, errlen,
                     "%s.key: expected 1/2/3/left/right/up/down/enter/space/escape/"
                     "backspace/tab/home/end or one printable character, optionally after "
                     "shift+ or ctrl+, got \"%s\"",
                     where, name);
            return -1;
        }
        return 0;
    }
    int b;
    if (jsonio_enum(obj, "button", where, 1, button_names + 1, PB_DOWN, &b, err, errlen))
        return -1;
    st->in.kind = PIN_PAD;
    st->in.button = (player_button)(b + 1);
    return 0;
}

int script_parse(const char *text, size_t len, const char *where, script *out, char *err,
                 size_t errlen)
{
    out->steps = NULL;
    out->count = 0;
    int cap = 0, lineno = 0;
    int64_t last_t = 0;
    size_t pos = 0;
    while (pos < len) {
        size_t end = pos;
        while (end < len && text[end] != '\n') end++;
        lineno++;
        size_t a = pos, b = end;
        pos = end + 1;
        while (a < b && (text[a] == ' ' || text[a] == '\t' || text[a] == '\r')) a++;
        while (b > a && (text[b - 1] == ' ' || text[b - 1] == '\t' || text[b - 1] == '\r')) b--;
        if (a == b || text[a] == '#') continue;
        char here[256];
        snprintf(here, sizeof here, "%s:%d", where, lineno);
        cJSON *obj = jsonio_parse(text + a, b - a, here, err, errlen);
        if (!obj) goto fail;
        if (out->count == cap) {
            int ncap = cap ? cap * 2 : 64;
            script_step *n = realloc(out->steps, (size_t)ncap * sizeof *n);
            if (!n) {
                cJSON_Delete(obj);
                snprintf(err, errlen, "%s: out of memory", here);
                goto fail;
            }
            out->steps = n;
            cap = ncap;
        }
        script_step *st = &out->steps[out->count];
        int rc = parse_line(obj, here, st, err, errlen);
        cJSON_Delete(obj);
        if (rc) goto fail;
        if (st->t_ms < last_t) {
            snprintf(err, errlen, "%s.t: %lld is earlier than the previous line's %lld", here,
                     (long long)st->t_ms, (long long)last_t);
            goto fail;
        }
        last_t = st->t_ms;
        out->count++;
    }
    return 0;
fail:
    script_free(out);
    return -1;
}

int script_load(const char *path, script *out, char *err, size_t errlen)
{
    out->steps = NULL;
    out->count = 0;
    char *buf;
    size_t n;
    /* The type is checked before anything blocks: a FIFO or a directory is refused. */
    if (jsonio_read_text(path, SCRIPT_MAX_BYTES, &buf, &n, err, errlen) != 0)
        return -1;
    int rc = script_parse(buf, n, path, out, err, errlen);
    free(buf);
    return rc;
}

void script_free(script *s)
{
    free(s->steps);
    s->steps = NULL;
    s->count = 0;
}
