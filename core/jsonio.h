/* Content I/O shared by every tool: bounded JSON reading, strict field access that names
 * the field and value on error, and atomic writes (temp file + rename). No printing. */
#ifndef CORE_JSONIO_H
#define CORE_JSONIO_H

#include <stddef.h>
#include <cjson/cJSON.h>

/* Size limits per file kind: a file over its kind's limit is refused before it is read, so
 * no refused input costs more than a few tens of MiB (cJSON spends about 80 bytes per value,
 * and "[0,0,...]" is two bytes per value; JSONIO_MAX_VALUES caps the count as well). */
#define JSONIO_LIMIT_LEVEL    (256u << 10) /* a Compass level: 16x16, at most 64 arrows */
#define JSONIO_LIMIT_CAMPAIGN (1u << 20)   /* a Compass campaign index (pools of thousands) */
#define JSONIO_LIMIT_EVIDENCE (1u << 20)   /* a Compass evidence record (choices per step) */
#define JSONIO_LIMIT_ROUNDS   (256u << 10) /* Odd Shape rounds: at most 100 rows */
#define JSONIO_LIMIT_CONFIG   (256u << 10) /* the Memory5D rules config */
#define JSONIO_LIMIT_BOARD    (256u << 10) /* a Memory5D board: at most 12x12 */
#define JSONIO_LIMIT_LOG      (4u << 20)   /* a Memory5D match log */
#define JSONIO_LIMIT_SETTINGS (64u << 10)  /* the player's settings */
#define JSONIO_LIMIT_RECORDS  (4u << 20)   /* a Memory5D records export (about 700 matches) */
#define JSONIO_MAX_BYTES      (4u << 20)   /* the largest of the above (jsonio_read_file) */
#define JSONIO_MAX_VALUES     300000       /* values in one document: under 40 MiB of cJSON */

/* Reads a regular file of at most max_bytes into a malloc'd, NUL-terminated buffer. The type
 * is checked before anything blocks: a FIFO, device or directory is refused ("not a regular
 * file"), never waited on. 0, or -1 with "PATH: reason" in err. */
int jsonio_read_text(const char *path, size_t max_bytes, char **text, size_t *len, char *err,
                     size_t errlen);
/* Reads and parses path (at most max_bytes). NULL on failure with "PATH: reason" in err. */
cJSON *jsonio_read_file_max(const char *path, size_t max_bytes, char *err, size_t errlen);
/* The same with JSONIO_MAX_BYTES. */
cJSON *jsonio_read_file(const char *path, char *err, size_t errlen);
/* Parses text already in memory; where names it in messages. Besides invalid JSON it refuses,
 * naming the key: a key repeated in one object (readers would see one copy, other tools
 * another), a string with a NUL (\u0000 or a raw zero byte; C strings would cut it short),
 * and more than JSONIO_MAX_VALUES values. */
cJSON *jsonio_parse(const char *text, size_t len, const char *where, char *err, size_t errlen);

/* Formatted JSON text with a final newline (malloc'd; NULL on allocation failure). Key
 * order is insertion order, so writers that add keys in a fixed order are deterministic. */
char *jsonio_print(const cJSON *doc);
/* A growing text for writers of cJSON's layouts without cJSON (jsonio_print_compact, the
 * level files' compass_level_text); failed is set once an allocation fails and every later
 * write is dropped. Starts as {0}; s is malloc'd and NUL-terminated once anything is put. */
typedef struct {
    char *s;
    size_t len, cap;
    int failed;
} jsonio_text;
void jsonio_text_put(jsonio_text *t, const char *s, size_t n);
/* cJSON's string printing: quotes, the two-character escapes it knows, \u00XX for other
 * control bytes, every other byte as is (NULL prints as ""). */
void jsonio_text_string(jsonio_text *t, const char *s);
/* cJSON's number printing: null for NaN and infinities, "%1.15g" when that reads back the
 * same value, else "%1.17g"; a whole number under 1e15 goes straight to its digits (the same
 * text, without formatting a double). */
void jsonio_text_number(jsonio_text *t, double d);

/* Compact JSON text, byte for byte what cJSON_PrintUnformatted gives, without its cost:
 * cJSON 1.7.15 prints every number with "%1.15g" and reads it back with sscanf to check it
 * round-trips, which was a third of the match server's CPU; here a whole number under 1e15
 * is written as its digits (the same text) and only the others take that path. malloc'd,
 * *len (when not NULL) its length; NULL on allocation failure or an invalid item. */
char *jsonio_print_compact(const cJSON *doc, size_t *len);
/* Writes doc to path atomically: a temp file beside it, then rename. Creates parent dirs. */
int jsonio_write_file(const char *path, const cJSON *doc, char *err, size_t errlen);
/* Text written atomically; it may run on several threads at once for different paths (the
 * generator's workers write level files), jsonio_write_file not (cJSON printing). */
int jsonio_write_text(const char *path, const char *text, size_t len, char *err, size_t errlen);
/* Temp files are PATH.tmp.PID. jsonio_signal_cleanup removes every one a write has open; it is
 * async-signal-safe, for the tools' SIGINT/SIGTERM handlers. jsonio_sweep_temps removes, in
 * dir, the regular files of that pattern whose PID is no running process (what an earlier,
 * killed run left); every write sweeps its folder once per run. Returns how many went. */
void jsonio_signal_cleanup(void);
int jsonio_sweep_temps(const char *dir);
/* mkdir -p of the directory part of path (or of path itself when is_dir). */
int jsonio_make_dirs(const char *path, int is_dir, char *err, size_t errlen);

/* Strict field readers. where is the object's path ("arrows[3]", or "" for the root).
 * Each returns 0 on success, -1 with a message naming where.key and the value. A missing
 * required field is an error; a missing optional one leaves *out untouched and returns 1. */
int jsonio_int(const cJSON *obj, const char *key, const char *where, int required,
               long long min, long long max, long long *out, char *err, size_t errlen);
int jsonio_bool(const cJSON *obj, const char *key, const char *where, int required,
                int *out, char *err, size_t errlen);
int jsonio_string(const cJSON *obj, const char *key, const char *where, int required,
                  size_t max_len, const char **out, char *err, size_t errlen);
/* A string that must be one of names[0..count-1]; *out receives its index. */
int jsonio_enum(const cJSON *obj, const char *key, const char *where, int required,
                const char *const *names, int count, int *out, char *err, size_t errlen);
/* An array of between min_len and max_len items. */
int jsonio_array(const cJSON *obj, const char *key, const char *where, int required,
                 int min_len, int max_len, const cJSON **out, char *err, size_t errlen);
/* The root (or any value) must be an object; names unknown keys as errors when
 * allowed is non-NULL (NULL-terminated list). */
int jsonio_object(const cJSON *value, const char *where, const char *const *allowed,
                  char *err, size_t errlen);

/* Describes a JSON value briefly for error messages ("\"Q\"", "12.5", "an object"). */
void jsonio_describe(const cJSON *value, char *buf, size_t buflen);

#endif
