/* Bounded, strict JSON reading and atomic writing over cJSON. */
#include "jsonio.h"
#include "outpath.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <float.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Appends one path step to buf ("key" at the root, ".key" below, or "[i]"). */
static size_t path_push(char *buf, size_t cap, size_t at, const char *key, int index)
{
    int n = key ? snprintf(buf + at, cap - at, "%s%.60s", at ? "." : "", key)
                : snprintf(buf + at, cap - at, "[%d]", index);
    size_t end = at + (n > 0 ? (size_t)n : 0);
    return end < cap ? end : cap - 1;
}

static int cmp_key(const void *a, const void *b)
{
    return strcmp((*(const cJSON *const *)a)->string, (*(const cJSON *const *)b)->string);
}

/* Refuses a key that appears twice in one object, naming its path. cJSON keeps every copy
 * and lookups see the first, while Python's json keeps the last: one file, two meanings. */
static int no_repeated_keys(const cJSON *v, char *path, size_t cap, size_t at, const char *where,
                            char *err, size_t errlen)
{
    if (cJSON_IsObject(v)) {
        size_t n = 0;
        for (const cJSON *c = v->child; c; c = c->next)
            n++;
        const cJSON *small[16], **list = n <= 16 ? small : malloc(n * sizeof *list);
        if (!list) {
            snprintf(err, errlen, "%s: out of memory", where);
            return -1;
        }
        size_t i = 0;
        for (const cJSON *c = v->child; c; c = c->next)
            list[i++] = c;
        qsort(list, n, sizeof *list, cmp_key);
        const char *dup = NULL;
        for (i = 1; i < n && !dup; i++)
            if (strcmp(list[i - 1]->string, list[i]->string) == 0)
                dup = list[i]->string;
        if (list != small)
            free(list);
        if (dup) {
            path_push(path, cap, at, dup, 0);
            snprintf(err, errlen, "%s: %s: repeated field", where, path);
            return -1;
        }
    }
    int index = 0;
    for (const cJSON *c = v->child; c; c = c->next, index++) {
        size_t end = path_push(path, cap, at, cJSON_IsObject(v) ? c->string : NULL, index);
        int rc = no_repeated_keys(c, path, cap, end, where, err, errlen);
        path[at] = '\0';
        if (rc)
            return -1;
    }
    return 0;
}

static size_t line_of(const char *text, size_t at)
{
    size_t line = 1;
    for (size_t i = 0; i < at; i++)
        line += text[i] == '\n';
    return line;
}

/* One pass before cJSON builds anything: a NUL inside a string (the \u0000 escape, or a raw
 * zero byte anywhere) would be cut off by every C string, so the reader would see "rows"
 * where the file says "rows\u0000x"; and the number of values is bounded, so a refused file
 * costs what its bytes cost and no more. */
static int prescan(const char *t, size_t len, const char *where, char *err, size_t errlen)
{
    size_t values = 1;
    for (size_t i = 0; i < len; i++) {
        if (t[i] == '\0') {
            snprintf(err, errlen, "%s: a zero byte near line %zu", where, line_of(t, i));
            return -1;
        }
        if (t[i] == '[' || t[i] == '{' || t[i] == ',') {
            if (++values > JSONIO_MAX_VALUES) {
                snprintf(err, errlen, "%s: more than %d values", where, JSONIO_MAX_VALUES);
                return -1;
            }
            continue;
        }
        if (t[i] != '"')
            continue;
        size_t open = i++;
        int nul = 0;
        for (; i < len && t[i] != '"'; i++) {
            if (t[i] == '\0') {
                nul = 1;
                break;
            }
            if (t[i] == '\\' && i + 1 < len) {
                if (t[i + 1] == 'u' && i + 5 < len && memcmp(t + i + 2, "0000", 4) == 0)
                    nul = 1;
                i++;
            }
        }
        if (nul) {
            size_t close = open + 1;
            while (close < len && t[close] != '"' && t[close] != '\0')
                close += t[close] == '\\' ? 2 : 1;
            if (close > len)
                close = len;
            size_t after = close + 1;
            while (after < len && strchr(" \t\r\n", t[after]) && t[after])
                after++;
            int is_key = after < len && t[after] == ':';
            int shown = (int)(close - open - 1 > 60 ? 60 : close - open - 1);
            for (int k = 0; k < shown; k++)
                if (t[open + 1 + k] == '\0')
                    shown = k;
            snprintf(err, errlen, "%s: %s \"%.*s%s\" contains a NUL character", where,
                     is_key ? "key" : "string", shown, t + open + 1,
                     close - open - 1 > (size_t)shown ? "..." : "");
            return -1;
        }
    }
    return 0;
}

cJSON *jsonio_parse(const char *text, size_t len, const char *where, char *err, size_t errlen)
{
    const char *end = NULL;
    if (prescan(text, len, where, err, errlen) != 0)
        return NULL;
    /* cJSON's require_null_terminated check looks for a NUL inside the given length, so it
     * refuses every exactly-sized buffer: parse without it and check the tail ourselves. */
    cJSON *doc = cJSON_ParseWithLengthOpts(text, len, &end, 0);
    if (doc) {
        size_t at = (size_t)(end - text);
        while (at < len && text[at] && strchr(" \t\n\r", text[at]))
            at++;
        if (at < len) {
            cJSON_Delete(doc);
            doc = NULL;
            end = text + at;
        }
    }
    if (!doc) {
        size_t at = end ? (size_t)(end - text) : 0;
        snprintf(err, errlen, "%s: invalid JSON near line %zu", where, line_of(text, at < len ? at : len));
        return NULL;
    }
    char path[256] = "";
    if (no_repeated_keys(doc, path, sizeof path, 0, where, err, errlen) != 0) {
        cJSON_Delete(doc);
        return NULL;
    }
    return doc;
}

int jsonio_read_text(const char *path, size_t max_bytes, char **text, size_t *len, char *err,
                     size_t errlen)
{
    *text = NULL;
    *len = 0;
    /* O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "%s: not a regular file", path);
        close(fd);
        return -1;
    }
    if ((unsigned long long)st.st_size > max_bytes) {
        snprintf(err, errlen, "%s: file is %lld bytes, larger than the %zu-byte limit", path,
                 (long long)st.st_size, max_bytes);
        close(fd);
        return -1;
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0)
        fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    size_t size = (size_t)st.st_size, got = 0;
    char *buf = malloc(size + 1);
    if (!buf) {
        snprintf(err, errlen, "%s: out of memory", path);
        close(fd);
        return -1;
    }
    /* Reads one byte past the size fstat gave, so a file that grows meanwhile is caught. */
    while (got <= size) {
        ssize_t n = read(fd, buf + got, size + 1 - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
            goto fail;
        }
        if (n == 0)
            break;
        got += (size_t)n;
    }
    if (got != size) {
        snprintf(err, errlen, "%s: changed size while being read", path);
        goto fail;
    }
    close(fd);
    buf[size] = '\0';
    *text = buf;
    *len = size;
    return 0;
fail:
    close(fd);
    free(buf);
    return -1;
}

cJSON *jsonio_read_file_max(const char *path, size_t max_bytes, char *err, size_t errlen)
{
    char *buf;
    size_t size;
    if (jsonio_read_text(path, max_bytes, &buf, &size, err, errlen) != 0)
        return NULL;
    if (size == 0) {
        snprintf(err, errlen, "%s: empty file", path);
        free(buf);
        return NULL;
    }
    cJSON *doc = jsonio_parse(buf, size, path, err, errlen);
    free(buf);
    return doc;
}

cJSON *jsonio_read_file(const char *path, char *err, size_t errlen)
{
    return jsonio_read_file_max(path, JSONIO_MAX_BYTES, err, errlen);
}

char *jsonio_print(const cJSON *doc)
{
    char *text = cJSON_Print(doc);
    if (!text)
        return NULL;
    size_t n = strlen(text);
    char *out = realloc(text, n + 2);
    if (!out) {
        free(text);
        return NULL;
    }
    out[n] = '\n';
    out[n + 1] = '\0';
    return out;
}

/* ---------------------------------------------------------------- compact printing */

void jsonio_text_put(jsonio_text *t, const char *s, size_t n)
{
    if (t->failed)
        return;
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 256;
        while (t->len + n + 1 > cap)
            cap *= 2;
        char *p = realloc(t->s, cap);
        if (!p) {
            t->failed = 1;
            return;
        }
        t->s = p;
        t->cap = cap;
    }
    memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len] = '\0';
}

void jsonio_text_string(jsonio_text *b, const char *s)
{
    jsonio_text_put(b, "\"", 1);
    const char *run = s ? s : "";
    for (const char *c = run;; c++) {
        unsigned char ch = (unsigned char)*c;
        if (ch >= 32 && ch != '"' && ch != '\\')
            continue;
        jsonio_text_put(b, run, (size_t)(c - run)); /* the plain run before it */
        run = c + 1;
        if (!ch)
            break;
        char esc[8];
        const char *named = ch == '"' ? "\\\"" : ch == '\\' ? "\\\\" : ch == '\b' ? "\\b"
                            : ch == '\f' ? "\\f" : ch == '\n' ? "\\n" : ch == '\r' ? "\\r"
                            : ch == '\t' ? "\\t" : NULL;
        if (!named) {
            snprintf(esc, sizeof esc, "\\u%04x", ch);
            named = esc;
        }
        jsonio_text_put(b, named, strlen(named));
    }
    jsonio_text_put(b, "\"", 1);
}

static int same_double(double a, double b)
{
    double m = fabs(a) > fabs(b) ? fabs(a) : fabs(b);
    return fabs(a - b) <= m * DBL_EPSILON;
}

void jsonio_text_number(jsonio_text *b, double d)
{
    char t[32];
    int n;
    if (isnan(d) || isinf(d)) {
        n = snprintf(t, sizeof t, "null");
    } else if (d == floor(d) && fabs(d) < 1e15 && !(d == 0 && signbit(d))) {
        /* the digits "%1.15g" would give, without formatting a double */
        long long v = (long long)d;
        unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
        char *e = t + sizeof t, *q = e;
        do
            *--q = (char)('0' + u % 10);
        while (u /= 10);
        if (v < 0)
            *--q = '-';
        jsonio_text_put(b, q, (size_t)(e - q));
        return;
    } else {
        double back;
        n = snprintf(t, sizeof t, "%1.15g", d);
        if (sscanf(t, "%lg", &back) != 1 || !same_double(back, d))
            n = snprintf(t, sizeof t, "%1.17g", d);
    }
    jsonio_text_put(b, t, (size_t)n);
}

static void print_value(jsonio_text *b, const cJSON *v)
{
    switch (v->type & 0xFF) {
    case cJSON_False: jsonio_text_put(b, "false", 5); break;
    case cJSON_True: jsonio_text_put(b, "true", 4); break;
    case cJSON_NULL: jsonio_text_put(b, "null", 4); break;
    case cJSON_Number: jsonio_text_number(b, v->valuedouble); break;
    case cJSON_String: jsonio_text_string(b, v->valuestring); break;
    case cJSON_Raw:
        if (!v->valuestring)
            b->failed = 1;
        else
            jsonio_text_put(b, v->valuestring, strlen(v->valuestring));
        break;
    case cJSON_Array:
    case cJSON_Object: {
        int obj = (v->type & 0xFF) == cJSON_Object;
        jsonio_text_put(b, obj ? "{" : "[", 1);
        for (const cJSON *c = v->child; c && !b->failed; c = c->next) {
            if (c != v->child)
                jsonio_text_put(b, ",", 1);
            if (obj) {
                jsonio_text_string(b, c->string);
                jsonio_text_put(b, ":", 1);
            }
            print_value(b, c);
        }
        jsonio_text_put(b, obj ? "}" : "]", 1);
        break;
    }
    default: b->failed = 1; break;
    }
}

char *jsonio_print_compact(const cJSON *doc, size_t *len)
{
    jsonio_text b = {0};
    if (!doc)
        return NULL;
    print_value(&b, doc);
    if (b.failed || !b.s) {
        free(b.s);
        return NULL;
    }
    if (len)
        *len = b.len;
    return b.s;
}

int jsonio_make_dirs(const char *path, int is_dir, char *err, size_t errlen)
{
    char buf[4096];
    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) {
        snprintf(err, errlen, "%.80s...: path too long", path);
        return -1;
    }
    if (!is_dir) {
        char *slash = strrchr(buf, '/');
        if (!slash)
            return 0;
        *slash = '\0';
    }
    for (char *p = buf + 1;; p++) {
        if (*p == '/' || *p == '\0') {
            char saved = *p;
            *p = '\0';
            if (buf[0] && mkdir(buf, 0777) != 0 && errno != EEXIST) {
                snprintf(err, errlen, "%s: cannot create directory: %s", buf, strerror(errno));
                return -1;
            }
            *p = saved;
            if (!saved)
                break;
        }
    }
    return 0;
}

/* The temp files writes have open, for jsonio_signal_cleanup. Writers may run on several
 * threads at once (the generator's workers write level files), so each open temp file holds
 * a slot of its own; the handler unlinks every one that is set. */
enum { LIVE_SLOTS = 16, LIVE_PATH = 4200 };
static char live_tmp[LIVE_SLOTS][LIVE_PATH];
static volatile sig_atomic_t live_set[LIVE_SLOTS];
static int live_claimed[LIVE_SLOTS];

/* A slot for tmp, or -1 when every slot is busy (that file is then left to the next run's
 * sweep if a signal comes while it is open). */
static int live_claim(const char *tmp)
{
    for (int i = 0; i < LIVE_SLOTS; i++) {
        int free_slot = 0;
        if (__atomic_compare_exchange_n(&live_claimed[i], &free_slot, 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
            snprintf(live_tmp[i], LIVE_PATH, "%s", tmp);
            live_set[i] = 1;
            return i;
        }
    }
    return -1;
}

static void live_release(int i)
{
    if (i < 0)
        return;
    live_set[i] = 0;
    __atomic_store_n(&live_claimed[i], 0, __ATOMIC_RELEASE);
}

void jsonio_signal_cleanup(void)
{
    for (int i = 0; i < LIVE_SLOTS; i++)
        if (live_set[i])
            unlink(live_tmp[i]);
}

/* NAME.tmp.PID: this reader's pattern; the PID, or -1 when name is not of that pattern. */
static long temp_pid(const char *name)
{
    const char *t = strstr(name, ".tmp.");
    if (!t || t == name)
        return -1;
    for (const char *d; (d = strstr(t + 1, ".tmp.")) != NULL;)
        t = d;
    const char *digits = t + 5;
    if (!*digits || strlen(digits) > 9)
        return -1;
    for (const char *d = digits; *d; d++)
        if (*d < '0' || *d > '9')
            return -1;
    return strtol(digits, NULL, 10);
}

int jsonio_sweep_temps(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int removed = 0;
    long self = (long)getpid();
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        long pid = temp_pid(e->d_name);
        /* Only a temp twin whose writer is gone: a live process (ours, or another run
         * writing the same folder now) keeps its file. */
        if (pid <= 0 || pid == self || kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue;
        char path[4400];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (lstat(path, &st) == 0 && S_ISREG(st.st_mode) && unlink(path) == 0)
            removed++;
    }
    closedir(d);
    return removed;
}

int jsonio_write_text(const char *given, const char *text, size_t len, char *err, size_t errlen)
{
    /* A symlinked output is written through: the new file replaces what the link names. */
    char target[4096];
    if (outpath_target(given, target, sizeof target, err, errlen) != 0)
        return -1;
    const char *path = target;
    if (jsonio_make_dirs(path, 0, err, errlen) != 0)
        return -1;
    /* Once per folder per run: temp files an interrupted earlier run left behind. */
    static char swept[4200];
    const char *slash = strrchr(path, '/');
    char dir[4200];
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
    if (!*dir)
        snprintf(dir, sizeof dir, "/");
#pragma omp critical(jsonio_sweep)
    if (strcmp(dir, swept) != 0) {
        jsonio_sweep_temps(dir);
        snprintf(swept, sizeof swept, "%s", dir);
    }
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
    int slot = live_claim(tmp);
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        live_release(slot);
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        return -1;
    }
    int ok = fwrite(text, 1, len, f) == len;
    /* On disk before the rename: a crash must not leave an empty file under the final name. */
    ok = ok && fflush(f) == 0 && (fsync(fileno(f)) == 0 || errno == EINVAL || errno == EROFS);
    ok = (fclose(f) == 0) && ok;
    if (!ok || rename(tmp, path) != 0) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        remove(tmp);
        live_release(slot);
        return -1;
    }
    live_release(slot);
    return 0;
}

int jsonio_write_file(const char *path, const cJSON *doc, char *err, size_t errlen)
{
    char *text = jsonio_print(doc);
    if (!text) {
        snprintf(err, errlen, "%s: out of memory while printing JSON", path);
        return -1;
    }
    int rc = jsonio_write_text(path, text, strlen(text), err, errlen);
    free(text);
    return rc;
}

void jsonio_describe(const cJSON *v, char *buf, size_t n)
{
    if (!v)
        snprintf(buf, n, "nothing");
    else if (cJSON_IsString(v))
        snprintf(buf, n, "\"%.40s\"", v->valuestring);
    else if (cJSON_IsNumber(v))
        snprintf(buf, n, "%.17g", v->valuedouble);
    else if (cJSON_IsBool(v))
        snprintf(buf, n, "%s", cJSON_IsTrue(v) ? "true" : "false");
    else if (cJSON_IsNull(v))
        snprintf(buf, n, "null");
    else if (cJSON_IsArray(v))
        snprintf(buf, n, "an array");
    else
        snprintf(buf, n, "an object");
}

/* Finds key in obj; 1 = found, 0 = missing optional, -1 = error written. */
static int lookup(const cJSON *obj, const char *key, const char *where, int required,
                  const cJSON **item, char *err, size_t errlen)
{
    *item = cJSON_IsObject(obj) ? cJSON_GetObjectItemCaseSensitive(obj, key) : NULL;
    if (*item)
        return 1;
    if (required) {
        snprintf(err, errlen, "%s%s%s: missing", where, *where ? "." : "", key);
        return -1;
    }
    return 0;
}

#define FIELD_ERR(fmt, ...)                                                                  \
    do {                                                                                     \
        char got_[64];                                                                       \
        jsonio_describe(item, got_, sizeof got_);                                            \
        snprintf(err, errlen, "%s%s%s: " fmt ", got %s", where, *where ? "." : "", key,       \
                 __VA_ARGS__, got_);                                                         \
        return -1;                                                                           \
    } while (0)

int jsonio_int(const cJSON *obj, const char *key, const char *where, int required,
               long long min, long long max, long long *out, char *err, size_t errlen)
{
    const cJSON *item;
    int found = lookup(obj, key, where, required, &item, err, errlen);
    if (found <= 0)
        return found < 0 ? -1 : 1;
    double d = item->valuedouble;
    if (!cJSON_IsNumber(item) || !isfinite(d) || d != floor(d))
        FIELD_ERR("expected an integer%s", "");
    if (d < (double)min || d > (double)max)
        FIELD_ERR("expected an integer from %lld to %lld", min, max);
    *out = (long long)d;
    return 0;
}

int jsonio_bool(const cJSON *obj, const char *key, const char *where, int required,
                int *out, char *err, size_t errlen)
{
    const cJSON *item;
    int found = lookup(obj, key, where, required, &item, err, errlen);
    if (found <= 0)
        return found < 0 ? -1 : 1;
    if (!cJSON_IsBool(item))
        FIELD_ERR("expected true or false%s", "");
    *out = cJSON_IsTrue(item);
    return 0;
}

int jsonio_string(const cJSON *obj, const char *key, const char *where, int required,
                  size_t max_len, const char **out, char *err, size_t errlen)
{
    const cJSON *item;
    int found = lookup(obj, key, where, required, &item, err, errlen);
    if (found <= 0)
        return found < 0 ? -1 : 1;
    if (!cJSON_IsString(item))
        FIELD_ERR("expected a string%s", "");
    if (strlen(item->valuestring) > max_len)
        FIELD_ERR("expected at most %zu characters", max_len);
    *out = item->valuestring;
    return 0;
}

int jsonio_enum(const cJSON *obj, const char *key, const char *where, int required,
                const char *const *names, int count, int *out, char *err, size_t errlen)
{
    const cJSON *item;
    int found = lookup(obj, key, where, required, &item, err, errlen);
    if (found <= 0)
        return found < 0 ? -1 : 1;
    if (cJSON_IsString(item))
        for (int i = 0; i < count; i++)
            if (strcmp(item->valuestring, names[i]) == 0) {
                *out = i;
                return 0;
            }
    char list[256] = "";
    for (int i = 0; i < count; i++) {
        size_t used = strlen(list);
        snprintf(list + used, sizeof list - used, "%s%s", i ? "/" : "", names[i]);
    }
    FIELD_ERR("expected %s", list);
}

int jsonio_array(const cJSON *obj, const char *key, const char *where, int required,
                 int min_len, int max_len, const cJSON **out, char *err, size_t errlen)
{
    const cJSON *item;
    int found = lookup(obj, key, where, required, &item, err, errlen);
    if (found <= 0)
        return found < 0 ? -1 : 1;
    if (!cJSON_IsArray(item))
        FIELD_ERR("expected an array%s", "");
    int n = cJSON_GetArraySize(item);
    if (n < min_len || n > max_len) {
        snprintf(err, errlen, "%s%s%s: expected %d to %d items, got %d", where, *where ? "." : "",
                 key, min_len, max_len, n);
        return -1;
    }
    *out = item;
    return 0;
}

int jsonio_object(const cJSON *value, const char *where, const char *const *allowed,
                  char *err, size_t errlen)
{
    if (!cJSON_IsObject(value)) {
        char got[64];
        jsonio_describe(value, got, sizeof got);
        snprintf(err, errlen, "%s: expected an object, got %s", *where ? where : "(root)", got);
        return -1;
    }
    if (!allowed)
        return 0;
    for (const cJSON *c = value->child; c; c = c->next) {
        int ok = 0;
        for (const char *const *a = allowed; *a && !ok; a++)
            ok = strcmp(c->string, *a) == 0;
        if (!ok) {
            snprintf(err, errlen, "%s%s%s: unknown field", where, *where ? "." : "", c->string);
            return -1;
        }
    }
    return 0;
}
