# Memory5D local records: the store is SQLite (store/memory5d/memory5d_store*.c, the store
# library that solver, player and tests link; gen and the fuzz targets do not), so sqlite3
# is a store package, not a core one.
PKGS_STORE += sqlite3

# make records-fixture: rewrites tests/fixtures/memory5d-records.json (the sample database's
# export that the unit and CLI tests compare with) after an intended change of the format.
.PHONY: records-fixture
records-fixture: $(BIN)/tests
	MEMORY5D_RECORDS_FIXTURE_OUT=$(abspath tests/fixtures/memory5d-records.json) \
	  $(BIN)/tests --filter 'memory5d_store/the_sample_export_is_the_committed_fixture'
