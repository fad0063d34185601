/* Content I/O shared by every tool: bounded JSON reading, strict field access that names
 * the field and value on error, and atomic writes (temp file + rename). No printing. */
#ifndef CORE_JSONIO_H
#define CORE_JSONIO_H

#include <stddef.h>
#include <cjson/cJSON.h>

#define JSONIO_MAX_BYTES (16u << 20) /* larger content files are refused, not parsed */

/* Reads and parses path. NULL on failure with "PATH: reason" in err. */
cJSON *jsonio_read_file(const char *path, char *err, size_t errlen);
/* Parses text already in memory; where names it in messages. */
cJSON *jsonio_parse(const char *text, size_t len, const char *where, char *err, size_t errlen);

/* Formatted JSON text with a final newline (malloc'd; NULL on allocation failure). Key
 * order is insertion order, so writers that add keys in a fixed order are deterministic. */
char *jsonio_print(const cJSON *doc);
/* Writes doc to path atomically: a temp file beside it, then rename. Creates parent dirs. */
int jsonio_write_file(const char *path, const cJSON *doc, char *err, size_t errlen);
int jsonio_write_text(const char *path, const char *text, size_t len, char *err, size_t errlen);
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
