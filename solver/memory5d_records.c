/* solver memory5d --records: checks a local records database against its own event history
 * (schemas/memory5d-records-check.schema.json), and exports or imports it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "memory5d/memory5d_records_json.h"
#include "memory5d/memory5d_store.h"
#include "memory5d_cli.h"
#include "report.h"

#define RECORDS_CHECK_FORMAT "memory5d-records-check/1"

/* The first path where a and b differ ("statistics.classic.easy.wins: 3 != 4"), or "" when
 * they are equal. Both come from the same writer, so keys are in the same order. */
static void first_difference(const cJSON *a, const cJSON *b, const char *where, char *out,
                             size_t len)
{
    if (cJSON_IsObject(a) && cJSON_IsObject(b)) {
        const cJSON *x = a->child, *y = b->child;
        for (; x && y; x = x->next, y = y->next) {
            char w[160];
            snprintf(w, sizeof w, "%s%s%s", where, *where ? "." : "", x->string);
            if (strcmp(x->string, y->string) != 0) {
                snprintf(out, len, "%s: keys differ", w);
                return;
            }
            first_difference(x, y, w, out, len);
            if (*out)
                return;
        }
        if (x || y)
            snprintf(out, len, "%s: keys differ", *where ? where : "(root)");
        return;
    }
    if (!cJSON_Compare(a, b, 1)) {
        char *sa = cJSON_PrintUnformatted(a), *sb = cJSON_PrintUnformatted(b);
        snprintf(out, len, "%s: stored %.40s, rebuilt %.40s", where, sa ? sa : "?", sb ? sb : "?");
        free(sa);
        free(sb);
    }
}

/* Splits a projection document into its economy (starPoints, inventory) and the rest. */
static cJSON *economy_part(cJSON *proj)
{
    cJSON *e = cJSON_CreateObject();
    cJSON_AddItemToObject(e, "starPoints", cJSON_DetachItemFromObject(proj, "starPoints"));
    cJSON_AddItemToObject(e, "inventory", cJSON_DetachItemFromObject(proj, "inventory"));
    return e;
}

/* Compares stored and rebuilt projections profile by profile: statistics (everything but the
 * economy) into stats_detail, the economy into econ_detail ("" when equal). */
static void compare(const memory5d_records_projection *stored, size_t ns,
                    const memory5d_records_projection *rebuilt, size_t nr, char *stats_detail,
                    char *econ_detail, size_t len)
{
    *stats_detail = *econ_detail = 0;
    if (ns != nr) {
        snprintf(stats_detail, len, "%zu stored projections, %zu profiles to project", ns, nr);
        return;
    }
    for (size_t i = 0; i < ns && !(*stats_detail && *econ_detail); i++) {
        cJSON *a = memory5d_records_projection_to_json(&stored[i]);
        cJSON *b = memory5d_records_projection_to_json(&rebuilt[i]);
        cJSON *ea = economy_part(a), *eb = economy_part(b);
        char diff[320] = "";
        long long id = (long long)rebuilt[i].profile;
        if (!*stats_detail && (first_difference(a, b, "", diff, sizeof diff), *diff))
            snprintf(stats_detail, len, "profile %lld: %s", id, diff);
        *diff = 0;
        if (!*econ_detail && (first_difference(ea, eb, "", diff, sizeof diff), *diff))
            snprintf(econ_detail, len, "profile %lld: %s", id, diff);
        cJSON_Delete(a), cJSON_Delete(b), cJSON_Delete(ea), cJSON_Delete(eb);
    }
}

/* Each stored balance is earned - spent and nothing is negative. "" when all hold. */
static void economy_sums(const memory5d_records_projection *p, size_t n, char *out, size_t len)
{
    *out = 0;
    for (size_t i = 0; i < n && !*out; i++) {
        int neg = p[i].balance < 0;
        for (int k = 0; k < MEMORY5D_POWERS; k++)
            neg |= p[i].inventory[k] < 0;
        if (p[i].balance != p[i].earned - p[i].spent || neg)
            snprintf(out, len, "profile %lld: balance %lld, earned %lld, spent %lld%s",
                     (long long)p[i].profile, (long long)p[i].balance, (long long)p[i].earned,
                     (long long)p[i].spent, neg ? ", a negative amount" : "");
    }
}

static cJSON *check_report(memory5d_store *s, const char *db, solver_checks *sc)
{
    char err[512] = "", sdet[400], edet[400], sums[300], detail[600];
    memory5d_records_data d;
    memory5d_records_projection *stored = NULL, *rebuilt = NULL;
    size_t ns = 0, nr = 0;
    int loaded = memory5d_store_load(s, &d, err, sizeof err) == 0;
    int have_stored = memory5d_store_projections(s, &stored, &ns, err, sizeof err) == 0;
    int rebuilt_ok = loaded && memory5d_records_rebuild(&d, &rebuilt, &nr, err, sizeof err) == 0;
    cJSON *doc = cJSON_CreateObject();
    cJSON_AddStringToObject(doc, "format", RECORDS_CHECK_FORMAT);
    cJSON_AddNumberToObject(doc, "schemaVersion", memory5d_store_version(s));
    cJSON_AddNumberToObject(doc, "currentSchemaVersion", MEMORY5D_RECORDS_SCHEMA_VERSION);
    cJSON_AddNumberToObject(doc, "profiles", loaded ? (double)d.profile_count : 0);
    cJSON_AddNumberToObject(doc, "matches", loaded ? (double)d.match_count : 0);
    cJSON_AddNumberToObject(doc, "events", loaded ? (double)d.event_count : 0);
    cJSON_AddFalseToObject(doc, "pass");
    solver_checks_begin(sc, "memory5d", db, cJSON_AddArrayToObject(doc, "checks"));
    int cur = memory5d_store_version(s) == MEMORY5D_RECORDS_SCHEMA_VERSION;
    snprintf(detail, sizeof detail, "schema version %d, this build's migrations end at %d",
             memory5d_store_version(s), MEMORY5D_RECORDS_SCHEMA_VERSION);
    solver_check(sc, "migrations-current", cur, detail);
    char ierr[400] = "";
    int intact = memory5d_store_integrity(s, ierr, sizeof ierr) == 0;
    solver_check(sc, "sqlite-integrity", intact,
                 intact ? "integrity_check ok, no dangling foreign key" : ierr);
    snprintf(detail, sizeof detail, "%s",
             rebuilt_ok ? "every reference resolves, every match snapshot replays under its "
                          "rules, every event folds"
                        : err);
    solver_check(sc, "history-replays", rebuilt_ok, detail);
    if (rebuilt_ok && have_stored) {
        compare(stored, ns, rebuilt, nr, sdet, edet, sizeof sdet);
        economy_sums(stored, ns, sums, sizeof sums);
    } else {
        snprintf(sdet, sizeof sdet, "no rebuild to compare with: %s", err);
        snprintf(edet, sizeof edet, "%s", sdet);
        *sums = 0;
    }
    snprintf(detail, sizeof detail, "%s",
             *sdet ? sdet
                   : "every profile's statistics, Classic "
                     "Elo and achievements equal their rebuild from the event history");
    solver_check(sc, "statistics-equal-rebuild", !*sdet, detail);
    snprintf(detail, sizeof detail, "%s",
             *edet ? edet
             : *sums
                 ? sums
                 : "every Star Points "
                   "balance and inventory equals its rebuild, balance = earned - spent, nothing "
                   "negative");
    solver_check(sc, "balances-consistent", !*edet && !*sums, detail);
    int64_t tutorial = memory5d_store_tutorial_profile(s);
    int excluded = have_stored;
    for (size_t i = 0; i < ns; i++)
        excluded &= stored[i].profile != tutorial;
    snprintf(detail, sizeof detail, "the tutorial profile (%lld) has %s projection",
             (long long)tutorial, excluded ? "no" : "a");
    solver_check(sc, "tutorial-excluded", excluded, detail);
    cJSON_ReplaceItemInObjectCaseSensitive(doc, "pass", cJSON_CreateBool(sc->pass));
    if (loaded)
        memory5d_records_data_free(&d);
    free(stored);
    free(rebuilt);
    return doc;
}

int solver_memory5d_records(const char *db, const char *report_path, const char *export_path,
                            const char *import_path)
{
    char err[640] = "";
    if (export_path && import_path)
        return cli_error(CLI_USAGE, "memory5d: --export and --import are one at a time");
    if ((export_path || import_path) && report_path)
        return cli_error(CLI_USAGE, "memory5d: --report goes with the records check only");
    if (export_path) {
        if (memory5d_records_export(db, export_path, err, sizeof err) != MEMORY5D_RECORDS_OK)
            return cli_error(CLI_USAGE, "memory5d: %s", err);
        return CLI_OK;
    }
    if (import_path) {
        int rc = memory5d_records_import(db, import_path, err, sizeof err);
        if (rc != MEMORY5D_RECORDS_OK)
            return cli_error(rc == MEMORY5D_RECORDS_REFUSED ? CLI_CHECK_FAILED : CLI_USAGE,
                             "memory5d: %s", err);
        return CLI_OK;
    }
    memory5d_store *s;
    if (memory5d_store_open(db, MEMORY5D_STORE_READ, &s, err, sizeof err) != 0)
        return cli_error(CLI_USAGE, "memory5d: %s", err);
    /* Everything the check reads (history, cached projections, schema) in one read
     * transaction: a writer committing meanwhile cannot make a healthy database fail. */
    if (memory5d_store_read_begin(s, err, sizeof err) != 0) {
        memory5d_store_close(s);
        return cli_error(CLI_USAGE, "memory5d: %s", err);
    }
    solver_checks sc;
    cJSON *doc = check_report(s, db, &sc);
    memory5d_store_read_end(s);
    memory5d_store_close(s);
    int rc = report_path ? solver_report_write(&sc, doc, report_path)
                         : solver_checks_end(&sc, CLI_OK);
    cJSON_Delete(doc);
    return rc;
}
