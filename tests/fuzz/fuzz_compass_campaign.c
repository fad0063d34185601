/* Compass campaign index: the input is written as campaign.json into a scratch folder that
 * holds the committed levels and the fixture levels, and `solver compass --campaign` runs on it
 * with a small state limit: it reads the index and every level it lists, writes an evidence
 * record per level, reads each record back, and writes the acceptance report, which must then
 * pass the shared reader. */
#include <dirent.h>
#include <getopt.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"
#include "solver.h"

static char dir[256], index_path[320], report_dir[320], report[400];

static void copy_levels(const char *from)
{
    DIR *d = opendir(from);
    if (!d)
        return;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t len = strlen(e->d_name);
        if (len < 6 || strcmp(e->d_name + len - 5, ".json") != 0 || strcmp(e->d_name, "campaign.json") == 0)
            continue;
        char src[600], dst[600];
        snprintf(src, sizeof src, "%s/%s", from, e->d_name);
        snprintf(dst, sizeof dst, "%s/%s", dir, e->d_name);
        char *text;
        size_t n;
        char err[512];
        if (jsonio_read_text(src, JSONIO_LIMIT_LEVEL, &text, &n, err, sizeof err) == 0) {
            jsonio_write_text(dst, text, n, err, sizeof err);
            free(text);
        }
    }
    closedir(d);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/fuzz-campaign-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir))
        abort();
    copy_levels(FUZZ_ROOT "/levels/compass");
    copy_levels(FUZZ_ROOT "/tests/fixtures/compass");
    snprintf(index_path, sizeof index_path, "%s/campaign.json", dir);
    snprintf(report_dir, sizeof report_dir, "%s/report", dir);
    snprintf(report, sizeof report, "%s/campaign.json", report_dir);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[512];
    if (jsonio_write_text(index_path, (const char *)data, size, err, sizeof err) != 0)
        abort();
    unlink(report);
    char *argv[] = {"compass", "--max-states", "4000", "--campaign", index_path, "--report", report_dir, NULL};
    optind = 0; /* glibc: start getopt afresh */
    int rc = solver_compass_main(7, argv);
    FUZZ_ASSERT(rc >= 0 && rc <= 2, "exit code %d", rc);
    struct stat st;
    if (rc != 2 && stat(report, &st) == 0) {
        cJSON *doc = jsonio_read_file_max(report, JSONIO_MAX_BYTES, err, sizeof err);
        FUZZ_ASSERT(doc, "the campaign report does not read back: %s", err);
        cJSON_Delete(doc);
    }
    return 0;
}
