/* Memory5D records export and import files: the one code path the player's records screen,
 * its command line and the solver use. Import validates the whole file before it opens the
 * database, then applies it in one transaction. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "jsonio.h"
#include "memory5d/memory5d_records_json.h"
#include "memory5d_store.h"

/* What import checks of a file's text, up to the database: the size limit, the reader, the
 * content and the rebuild (d and proj filled when both are non-NULL). 0, or -1 with why. */
static int validate_text(const char *text, size_t len, const char *where, char *why, size_t whylen,
                         memory5d_records_data *d, memory5d_records_projection **proj,
                         size_t *count)
{
    if (len > JSONIO_LIMIT_RECORDS) {
        snprintf(why, whylen, "%s: file is %zu bytes, larger than the %u-byte limit", where, len,
                 JSONIO_LIMIT_RECORDS);
        return -1;
    }
    char inner[400];
    cJSON *doc = jsonio_parse(text, len, where, inner, sizeof inner);
    if (!doc) {
        snprintf(why, whylen, "%s", inner);
        return -1;
    }
    memory5d_records_data mine;
    memory5d_records_projection *p = NULL;
    size_t n = 0;
    memory5d_records_data *data = d ? d : &mine;
    int rc = memory5d_records_from_json(doc, data, inner, sizeof inner);
    cJSON_Delete(doc);
    if (rc == 0 && memory5d_records_rebuild(data, &p, &n, inner, sizeof inner) != 0) {
        memory5d_records_data_free(data);
        rc = -1;
    }
    if (rc != 0) {
        snprintf(why, whylen, "%s: %s", where, inner);
        return -1;
    }
    if (proj) {
        *proj = p, *count = n;
    } else {
        free(p);
    }
    if (!d)
        memory5d_records_data_free(data);
    return 0;
}

int memory5d_records_export(const char *db_path, const char *out_path, char *err, size_t errlen)
{
    memory5d_store *s;
    memory5d_records_data d;
    /* migrated first where it can be written; on read-only storage read as it is */
    int mode = memory5d_store_writable(db_path) ? MEMORY5D_STORE_OPEN : MEMORY5D_STORE_READ;
    if (memory5d_store_open(db_path, mode, &s, err, errlen) != 0)
        return MEMORY5D_RECORDS_ERROR;
    int rc = memory5d_store_load(s, &d, err, errlen);
    memory5d_store_close(s);
    if (rc != 0)
        return MEMORY5D_RECORDS_ERROR;
    cJSON *doc = memory5d_records_to_json(&d);
    memory5d_records_data_free(&d);
    if (!doc) {
        snprintf(err, errlen, "%s: a stored log or rules text is not JSON", db_path);
        return MEMORY5D_RECORDS_ERROR;
    }
    char *text = jsonio_print(doc);
    cJSON_Delete(doc);
    if (!text) {
        snprintf(err, errlen, "%s: out of memory", out_path);
        return MEMORY5D_RECORDS_ERROR;
    }
    /* Never a backup that cannot be restored: the text goes through import's own checks
     * (its size limit, the strict reader's value cap, the content, the replays) first. */
    char inner[480];
    size_t len = strlen(text);
    rc = validate_text(text, len, out_path, inner, sizeof inner, NULL, NULL, NULL);
    if (rc != 0)
        snprintf(err, errlen, "%s: not written: import would refuse it (%s)", out_path, inner);
    else
        rc = jsonio_write_text(out_path, text, len, err, errlen);
    free(text);
    return rc == 0 ? MEMORY5D_RECORDS_OK : MEMORY5D_RECORDS_ERROR;
}

int memory5d_records_import(const char *db_path, const char *in_path, char *err, size_t errlen)
{
    struct stat sb;
    if (stat(in_path, &sb) != 0) {
        snprintf(err, errlen, "%s: cannot open: %s", in_path, strerror(errno));
        return MEMORY5D_RECORDS_ERROR;
    }
    if (!S_ISREG(sb.st_mode)) {
        snprintf(err, errlen, "%s: not a regular file", in_path);
        return MEMORY5D_RECORDS_ERROR;
    }
    char inner[480], *text = NULL;
    size_t len = 0;
    if (jsonio_read_text(in_path, JSONIO_LIMIT_RECORDS, &text, &len, inner, sizeof inner) != 0) {
        snprintf(err, errlen, "refused: %s", inner);
        return MEMORY5D_RECORDS_REFUSED;
    }
    memory5d_records_data d;
    memory5d_records_projection *proj = NULL;
    size_t count = 0;
    int rc = validate_text(text, len, in_path, inner, sizeof inner, &d, &proj, &count);
    free(text);
    if (rc != 0) {
        snprintf(err, errlen, "refused: %s", inner);
        return MEMORY5D_RECORDS_REFUSED;
    }
    memory5d_store *s = NULL;
    rc = memory5d_store_open(db_path, MEMORY5D_STORE_CREATE, &s, err, errlen) == 0 &&
                 memory5d_store_replace(s, &d, proj, count, err, errlen) == 0
             ? MEMORY5D_RECORDS_OK
             : MEMORY5D_RECORDS_ERROR;
    memory5d_store_close(s);
    memory5d_records_data_free(&d);
    free(proj);
    return rc;
}
