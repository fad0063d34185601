# solver --junit FILE: every check of the run as JUnit XML, valid against tests/junit.xsd (the
# format Jenkins, GitLab and GitHub test reporters read, checked with xmllint), a testsuite
# per level or file, a testcase per check, a failure carrying the FAIL line the text form
# prints; mk/junit-merge.sh (make verify JUNIT=FILE) joins the runs' files into one.
valid() { xmllint --noout --schema "$ROOT/tests/junit.xsd" "$1"; }
expect "a passing rounds file" 0 "" -- "$BIN/solver" oddshape levels/oddshape/l1.json --junit "$T/l1.xml"
check "its JUnit file is valid" valid "$T/l1.xml"
check "a testcase per check, none failing" grep -q '<testsuite name="solver oddshape levels/oddshape/l1.json" tests="9" failures="0"' "$T/l1.xml"
check "the checks are the testcases" grep -q '<testcase classname="solver oddshape levels/oddshape/l1.json" name="l1-odd-slot-balance"/>' "$T/l1.xml"
# A corrupted Table L1: 14 rounds fails round-count (and what follows from it).
python3 -c "
import json,sys; d=json.load(open('levels/oddshape/l1.json')); d['rounds']=d['rounds'][:14]; json.dump(d,open(sys.argv[1],'w'))" "$T/short.json"
expect "a failing rounds file, --junit before the command" 1 "FAIL round-count" -- "$BIN/solver" --junit "$T/short.xml" oddshape "$T/short.json"
check "its JUnit file is valid" valid "$T/short.xml"
check "round-count is a failed testcase" grep -q 'name="round-count">' "$T/short.xml"
check "the failure carries the text form's line" sh -c "grep -F \"\$(grep 'FAIL round-count' '$T/err' | sed 's/&/\&amp;/g; s/\"/\&quot;/g; s/</\&lt;/g; s/>/\&gt;/g' | head -1)</failure>\" '$T/short.xml'"
check "the totals count the failures" sh -c "grep -q '<testsuites name=\"solver oddshape\" tests=\"9\" failures=\"$(grep -c '^solver: oddshape: .*: FAIL ' "$T/err")\"' '$T/short.xml'"
# One testsuite per level.
expect "two Compass levels" 0 "" -- "$BIN/solver" compass --junit="$T/two.xml" --report "$T/rep" levels/compass/cs-01-four-winds.json levels/compass/cs-02-counter-current.json
check "its JUnit file is valid" valid "$T/two.xml"
check "a testsuite per level" sh -c "[ \$(grep -c '<testsuite name=\"solver compass levels/compass/cs-0[12]' '$T/two.xml') = 2 ]"
# A run that stops before any check: one error case, and the exit code kept.
expect "an unreadable file" 2 "" -- "$BIN/solver" --junit "$T/bad.xml" oddshape "$T/nope.json"
check "its JUnit file is valid" valid "$T/bad.xml"
check "it holds one error" grep -q '<error type="exit" message="exit 2' "$T/bad.xml"
expect "an unwritable JUnit file" 2 "cannot write" -- "$BIN/solver" --junit "$T/no/such/dir/x.xml" oddshape levels/oddshape/l1.json
# make verify JUNIT=FILE's merge: each run's file, one document, the totals added up.
mkdir -p "$T/jd"
SOLVER_JUNIT_DIR="$T/jd" "$BIN/solver" oddshape levels/oddshape/l1.json >/dev/null 2>&1
SOLVER_JUNIT_DIR="$T/jd" "$BIN/solver" oddshape "$T/short.json" >/dev/null 2>&1
check "SOLVER_JUNIT_DIR gives a file per run" sh -c "[ \$(ls '$T/jd' | grep -c '^solver-.*\.xml$') = 2 ]"
expect "merge" 0 "" -- "$ROOT/mk/junit-merge.sh" "$T/jd" "$T/merged.xml" "make verify"
check "the merged file is valid" valid "$T/merged.xml"
check "the merged totals" grep -q '<testsuites name="make verify" tests="18" failures="[1-9]' "$T/merged.xml"
check "both runs' suites" sh -c "[ \$(grep -c '<testsuite ' '$T/merged.xml') = 2 ]"
# The schema can fail: a testcase without its classname is refused.
printf '<testsuites><testsuite name="x" tests="1" failures="0" errors="0"><testcase name="y"/></testsuite></testsuites>\n' >"$T/invalid.xml"
check "the schema refuses a testcase without classname" sh -c "! xmllint --noout --schema '$ROOT/tests/junit.xsd' '$T/invalid.xml' 2>/dev/null"
