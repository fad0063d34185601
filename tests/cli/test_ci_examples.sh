# examples/ci/: the GitHub Actions workflow's and the GitLab CI job's shell steps, run in
# temporary checkouts of a content repository (tests/cli/ci_steps.py). The toolchain is
# cloned from this repository's HEAD and built and installed as the jobs do it; only the
# package manager is stubbed (the packages are here already; tests/fresh-machine.sh covers a
# bare Debian), so apt-get and git config write nothing outside $T. The jobs start with no make
# settings of ours (MAKEFLAGS unset), as on a CI runner, and without the BIN and OBJ that
# tests/run_cli.sh exports: the clone's make would take them and build its objects and tools
# into this checkout's build/obj and bin (found when a later make here linked a clone's
# objects, built from an older HEAD, into a player that crashed).
export HOME="$T/home" && mkdir -p "$HOME" "$T/stub"
printf '#!/bin/sh\necho "apt-get $*" >>"%s/apt.log"\n' "$T" >"$T/stub/apt-get" && chmod +x "$T/stub/apt-get"
STUBPATH="$T/stub:$PATH"
git config --global user.email ci@example.org && git config --global user.name ci
# A content repository: content.env names the campaign seed; levels/ and reports/ committed.
content() { # DIR SEED: the regenerated content of SEED in DIR
  printf 'CAMPAIGN_SEED=%s\n' "$2" >"$1/content.env"
  rm -rf "$1/levels" "$1/reports"
  "$BIN/gen" compass --seed "$2" --out "$1/levels/compass" >/dev/null 2>&1 &&
    "$BIN/solver" compass --campaign "$1/levels/compass/campaign.json" --report "$1/reports/compass" >/dev/null 2>&1
}
O="$T/origin"
mkdir -p "$O" && git -C "$O" init -q -b main && content "$O" 7 && git -C "$O" add -A && git -C "$O" commit -qm "seed 7"
git -C "$O" checkout -qb reseed && content "$O" 8 && git -C "$O" add -A && git -C "$O" commit -qm "seed 8, regenerated"
git -C "$O" checkout -qb stale main && printf 'CAMPAIGN_SEED=9\n' >"$O/content.env" && git -C "$O" commit -qam "seed 9, not regenerated"
git -C "$O" checkout -q main
checkout() { cd "$T" && rm -rf "$T/co" && git clone -q "$O" "$T/co" && git -C "$T/co" checkout -q "$1"; }
SETS=(TOOLCHAIN_URL="file://$ROOT" TOOLCHAIN_DIR="$T/toolchain" PREFIX="$T/prefix")
GH=(env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS -u OBJ -u BIN PATH="$STUBPATH" python3 "$ROOT/tests/cli/ci_steps.py" github "$ROOT/examples/ci/github-actions.yml")
GL=(env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS -u OBJ -u BIN PATH="$STUBPATH" python3 "$ROOT/tests/cli/ci_steps.py" gitlab "$ROOT/examples/ci/gitlab-ci.yml")

# GitHub: a pull request that regenerated its content passes and posts the diff as the summary.
checkout reseed; cd "$T/co"
# (the first job clones and builds the toolchain: minutes on a loaded machine)
EXPECT_TIMEOUT=1200 expect "GitHub: a regenerated pull request passes" 0 "" -- "${GH[@]}" pull_request "${SETS[@]}" GITHUB_BASE_REF=main GITHUB_STEP_SUMMARY="$T/summary.md"
check "the toolchain was installed" test -x "$T/prefix/bin/solver"
check "the clone built in its own tree, not into this checkout's (BIN and OBJ unset)" \
  sh -c "test -x '$T/toolchain/bin/solver' && test -f '$T/toolchain/build/obj/core/memory5d/memory5d_board.o'"
check "the build tools were asked of apt-get" grep -q 'install -y -q git make gcc pkg-config ca-certificates' "$T/apt.log"
check "the summary is solver diff's markdown" grep -q '^| item | field | old | new | note |$' "$T/summary.md"
check "the summary names the changed levels" grep -q '^\*\*50 levels changed' "$T/summary.md"
check "the review step ran" grep -q '^ok step Review summary' "$T/out"
# A push to main: no review step, the drift check passes.
checkout main; cd "$T/co"
expect "GitHub: a push to main passes" 0 "" -- "${GH[@]}" push "${SETS[@]}" GITHUB_STEP_SUMMARY="$T/push-summary.md"
check "no review summary on a push" sh -c "! grep -q 'Review summary' '$T/out' && [ ! -s '$T/push-summary.md' ]"
# A pull request that changed the seed but not the content fails the drift step: the gate.
checkout stale; cd "$T/co"
expect "GitHub: committed content that is not the regeneration fails" 1 "FAIL step Committed content is the regeneration: exit 1" -- "${GH[@]}" pull_request "${SETS[@]}" GITHUB_BASE_REF=main GITHUB_STEP_SUMMARY="$T/stale-summary.md"

# GitLab: the same three, reusing the toolchain checkout the first job built.
checkout reseed; cd "$T/co"
expect "GitLab: a regenerated merge request passes" 0 "" -- "${GL[@]}" "${SETS[@]}" CI_PIPELINE_SOURCE=merge_request_event CI_MERGE_REQUEST_TARGET_BRANCH_NAME=main
check "the merge request's log shows the markdown diff" grep -q '^| item | field | old | new | note |$' "$T/out"
check "the review is an artifact" grep -q '^\*\*50 levels changed' "$T/co/build/review.md"
check "the JUnit test report is written and valid" xmllint --noout --schema "$ROOT/tests/junit.xsd" "$T/co/build/junit.xml"
checkout main; cd "$T/co"
expect "GitLab: a default-branch pipeline passes" 0 "" -- "${GL[@]}" "${SETS[@]}" CI_PIPELINE_SOURCE=push
check "no review on the default branch" test ! -e "$T/co/build/review.md"
checkout stale; cd "$T/co"
expect "GitLab: committed content that is not the regeneration fails" 1 "FAIL step content script\[[0-9]\]: exit 1" -- "${GL[@]}" "${SETS[@]}" CI_PIPELINE_SOURCE=merge_request_event CI_MERGE_REQUEST_TARGET_BRANCH_NAME=main
cd "$ROOT"
