# Every ```console example in README.md and in docs/**/*.md prints exactly what the page shows.
mapfile -t pages < <(cd "$ROOT" && find docs -name '*.md' | sort)
expect "documented examples print what the pages show" 0 "" -- python3 "$ROOT/tests/cli/readme_examples.py" "$BIN" "$ROOT/README.md" "${pages[@]/#/$ROOT/}"
check "README has a console example" grep -q '^ok README.md:1:' "$T/out"
for page in docs/cli.md docs/formats/compass-campaign.md docs/games/memory5d.md; do
  check "$page's console examples ran" grep -q "^ok $page:1:" "$T/out"
done
# A page whose example prints something else fails (the runner can fail).
mkdir -p "$T/page" && printf '```console\n$ echo one\ntwo\n```\n' >"$T/page/bad.md"
expect "a wrong example fails" 1 "FAIL" -- python3 "$ROOT/tests/cli/readme_examples.py" "$BIN" "$T/page/bad.md"
# Every relative link of the README and the manual names an existing page and heading.
expect "documentation links resolve" 0 "" -- python3 "$ROOT/tests/cli/doc_links.py" "$ROOT/README.md" "${pages[@]/#/$ROOT/}"
printf '[x](nowhere.md) [y](#no-heading)\n' >"$T/page/links.md"
expect "a broken link is found" 1 "nowhere.md: no such file" -- python3 "$ROOT/tests/cli/doc_links.py" "$T/page/links.md"
