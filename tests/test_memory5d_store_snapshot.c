/* The records check's read transaction (memory5d_store_read_begin/end, issue 30 item 4): the
 * history and the cached projections are read from one snapshot, so a writer committing
 * between the two reads cannot make a healthy database look damaged. */
#include <criterion/criterion.h>

#include "memory5d_records_fixture.h"

/* Loads the history, lets another connection reset profile's statistics (a real writer,
 * committed), then reads the cached projections: in one read transaction (snapshot 1) or not
 * (0). 1 when the stored projections equal the rebuild of the history that was read. */
static int consistent(int snapshot)
{
    char dir[64], db[96], err[600];
    fx_scratch(dir, db);
    memory5d_store *w = fx_open(db);
    int64_t p = memory5d_store_profile_create(w, "Ada", err, sizeof err);
    cr_assert_gt(p, 0, "%s", err);
    memory5d_store *r;
    cr_assert_eq(memory5d_store_open(db, MEMORY5D_STORE_READ, &r, err, sizeof err), 0, "%s", err);
    if (snapshot)
        cr_assert_eq(memory5d_store_read_begin(r, err, sizeof err), 0, "%s", err);
    memory5d_records_data d;
    cr_assert_eq(memory5d_store_load(r, &d, err, sizeof err), 0, "%s", err);
    cr_assert_eq(memory5d_store_reset_statistics(w, p, err, sizeof err), 0, "the writer: %s", err);
    memory5d_records_projection *stored, *rebuilt;
    size_t ns, nr;
    cr_assert_eq(memory5d_store_projections(r, &stored, &ns, err, sizeof err), 0, "%s", err);
    cr_assert_eq(memory5d_records_rebuild(&d, &rebuilt, &nr, err, sizeof err), 0, "%s", err);
    memory5d_store_read_end(r);
    int same = ns == nr && ns == 1 && stored[0].resets == rebuilt[0].resets &&
               stored[0].through_event == rebuilt[0].through_event;
    free(stored), free(rebuilt);
    memory5d_records_data_free(&d);
    memory5d_store_close(r);
    memory5d_store_close(w);
    fx_cleanup(dir);
    return same;
}

Test(memory5d_store_snapshot, a_writer_between_the_reads_changes_nothing_in_one_read_transaction)
{
    cr_expect(consistent(1), "the projections were read from another snapshot than the history");
}

Test(memory5d_store_snapshot, without_it_the_same_writer_is_seen_half_way)
{
    /* the control: proves the writer above really commits between the two reads */
    cr_expect(!consistent(0), "the writer did not land between the reads; the test above proves nothing");
}
