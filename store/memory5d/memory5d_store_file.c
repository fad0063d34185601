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

int memory5d_records_export(const char *db_path, const char *out_path, char *err, size_t errlen)
{
    memory5d_store *s;
    memory5d_records_data d;
    if (memory5d_store_open(db_path, MEMORY5D_STORE_OPEN, &s, err, errlen) != 0)
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
    rc = jsonio_write_file(out_path, doc, err, errlen);
    cJSON_Delete(doc);
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
    char inner[480];
    cJSON *doc = jsonio_read_file(in_path, inner, sizeof inner);
    if (!doc) {
        snprintf(err, errlen, "refused: %s", inner);
        return MEMORY5D_RECORDS_REFUSED;
    }
    memory5d_records_data d;
    memory5d_records_projection *proj = NULL;
    size_t count = 0;
    int rc = memory5d_records_from_json(doc, &d, inner, sizeof inner);
    cJSON_Delete(doc);
    if (rc == 0 && memory5d_records_rebuild(&d, &proj, &count, inner, sizeof inner) != 0) {
        memory5d_records_data_free(&d);
        rc = -1;
    }
    if (rc != 0) {
        snprintf(err, errlen, "refused: %s: %s", in_path, inner);
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
