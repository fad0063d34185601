# The records store is its own library (store/, build/obj/libstore.a): gen and the fuzz
# targets link no database code and no libsqlite3; solver does (so the checks can tell).
check "ldd bin/gen shows no sqlite" bash -c "ldd '$BIN/gen' >'$T/gen.ldd' && ! grep -qi sqlite '$T/gen.ldd'"
check "bin/gen carries no store function" bash -c "! nm '$BIN/gen' | grep -q memory5d_store_"
check "ldd bin/solver shows sqlite (the store's users link it)" bash -c "ldd '$BIN/solver' | grep -qi libsqlite3"
# The fuzz targets' link line, as make would run it (-n: nothing is built or installed).
make -C "$ROOT" --no-print-directory -s -n -B build/fuzz/bin/fuzz_memory5d_log >"$T/fuzz.mk" 2>&1
grep -- '-fsanitize=fuzzer ' "$T/fuzz.mk" | grep -- '-o build/fuzz/bin/fuzz_memory5d_log' >"$T/fuzz.link"
check "the fuzz link line is found" test -s "$T/fuzz.link"
check "the fuzz targets link neither sqlite nor the store" bash -c "! grep -Eq 'sqlite|/store/|libstore' '$T/fuzz.link'"
