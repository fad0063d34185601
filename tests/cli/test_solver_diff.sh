# solver diff (issue 17): trees built by mutating copies of the committed content, each giving
# exactly the expected report; identical trees give exit 0 and "no changes".
D="$BIN/solver diff"
# edit FILE STATEMENT: loads FILE's JSON as d, runs the Python STATEMENT on it, writes it back.
edit() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); $2; json.dump(d,open(sys.argv[1],'w'),indent=1)" "$1"; }
fresh() { rm -rf "$T/$1" && mkdir -p "$T/$1" && cp -r levels reports "$T/$1/"; }
fresh base

expect "identical trees" 0 "" -- $D levels "$T/base/levels"
check "identical trees say no changes" grep -qx "no changes" "$T/out"
expect "identical report trees, json" 0 "" -- $D reports "$T/base/reports" --format json
check "the json form follows its schema" json_schema_ok solver-diff.schema.json "$T/out"

# a level moved in the campaign order: two swapped entries
fresh moved
edit "$T/moved/levels/compass/campaign.json" "l=d['levels']; l[2],l[3]=l[3],l[2]"
expect "a moved level" 1 "" -- $D levels "$T/moved/levels"
check "moved: summary" grep -qx "2 levels changed (0 boards, 0 evidence only, 2 moved only), 0 rounds changed, 0 checks flipped" "$T/out"
check "moved: the position old -> new" grep -qx "  campaign position: 3 -> 4  moved" "$T/out"

# a rotated board: same canonical hash, the board fields differ (compass_canon's quarter turn)
fresh rotated
edit "$T/rotated/levels/compass/cs-03-reef-slalom.json" "
R=d['rows']; d['rows'],d['cols']=d['cols'],d['rows']
d['walls']=[[c,R-1-r] for r,c in d['walls']]
turn={'N':'E','E':'S','S':'W','W':'N'}
for a in d['arrows']: a['row'],a['col'],a['dir']=a['col'],R-1-a['row'],turn[a['dir']]
for p in d['apertures']: p['lane']=R-1-p['lane'] if p['side'] in 'EW' else p['lane']; p['side']=turn[p['side']]"
expect "a rotated board" 1 "" -- $D levels "$T/rotated/levels"
check "rotated: one board changed" grep -qx "1 level changed (1 board, 0 evidence only), 0 rounds changed, 0 checks flipped" "$T/out"
check "rotated: same board under rotation" grep -q "canonicalHash: .* -> .*  same board: a rotation" "$T/out"
a1=$(python3 -c "import json; print(json.load(open('levels/compass/cs-03-reef-slalom.json'))['arrows'][0]['dir'])")
a1t=$(echo "$a1" | tr NESW ESWN)
check "rotated: an arrow's direction" grep -qx "  arrows\[a1\].dir: \"$a1\" -> \"$a1t\"" "$T/out"

# a changed aperture: the level's first exit closed, and the evidence that follows
fresh aperture
L=levels/compass/cs-03-reef-slalom.json E=reports/compass/cs-03-reef-slalom.json
slot=$(python3 -c "import json; a=json.load(open('$L'))['apertures'][0]; print(a['side']+str(a['lane']))")
first=$(python3 -c "import json; print(json.dumps(json.load(open('$L'))['apertures'][0],separators=(',',':')))")
states=$(python3 -c "import json; print(json.load(open('$E'))['stateCount'])")
profile=$(python3 -c "import json; print(','.join(str(c['count']) for c in json.load(open('$E'))['choicePoints']))")
edit "$T/aperture/$L" "d['apertures']=d['apertures'][1:]"
edit "$T/aperture/$E" "d['stateCount']+=2; d['choicePoints'][0]['count']+=1"
profile2=$(python3 -c "import json; print(','.join(str(c['count']) for c in json.load(open('$T/aperture/$E'))['choicePoints']))")
expect "a changed aperture" 1 "" -- $D "$T/base" "$T/aperture"
check "aperture: summary" grep -qx "1 level changed (1 board, 0 evidence only), 0 rounds changed, 0 checks flipped" "$T/out"
check "aperture: the closed exit" grep -qxF "  apertures[$slot]: $first -> (absent)  closed" "$T/out"
check "aperture: the hash changed" grep -q "canonicalHash: .*  a different board" "$T/out"
check "aperture: stateCount with the change" grep -qx "  stateCount: $states -> $((states + 2))  +2" "$T/out"
check "aperture: the choice-point profile" grep -qx "  choice-point profile: $profile -> $profile2  legal releases per solution step" "$T/out"

# evidence only: a figure in one evidence file
fresh evidence
edit "$T/evidence/reports/compass/cs-05-tide-clock.json" "d['deadEndStates']+=1"
expect "evidence only" 1 "" -- $D reports "$T/evidence/reports"
check "evidence: summary" grep -qx "1 level changed (0 boards, 1 evidence only), 0 checks flipped" "$T/out"

# a flipped check in the campaign report
fresh flipped
edit "$T/flipped/reports/compass/campaign.json" "d['checks'][0]['pass']=False; d['pass']=False"
expect "a flipped check" 1 "" -- $D reports "$T/flipped/reports"
check "flipped: summary" grep -qx "0 levels changed (0 boards, 0 evidence only), 1 other file changed, 1 check flipped" "$T/out"
check "flipped: the check by name" grep -qx "check campaign-has-50-levels in compass/campaign.json: pass -> fail" "$T/out"
expect "flipped, markdown" 1 "" -- $D reports "$T/flipped/reports" --format markdown
check "markdown: a table row for the check" grep -qx "| campaign-has-50-levels | compass/campaign.json | pass | fail |" "$T/out"

# a renamed level: the same board under a new id
fresh renamed
mv "$T/renamed/levels/compass/cs-07-signal-shapes.json" "$T/renamed/levels/compass/cs-07-semaphores.json"
edit "$T/renamed/levels/compass/cs-07-semaphores.json" "d['id']='cs-07-semaphores'"
edit "$T/renamed/levels/compass/campaign.json" "d['levels'][6]={'id':'cs-07-semaphores','file':'cs-07-semaphores.json'}"
expect "a renamed level" 1 "" -- $D levels "$T/renamed/levels"
check "renamed: one item, renamed" grep -qx "level cs-07-semaphores (renamed from cs-07-signal-shapes)" "$T/out"
check "renamed: the same board" grep -qx "  id: cs-07-signal-shapes -> cs-07-semaphores  renamed: the same board" "$T/out"
check "renamed: nothing else" test "$(wc -l <"$T/out")" -eq 3
check "renamed: summary" grep -qx "1 level changed (0 boards, 0 evidence only, 1 renamed), 0 rounds changed, 0 checks flipped" "$T/out"

# Odd Shape rounds and the Mulberry32 figures
fresh rounds
edit "$T/rounds/levels/oddshape/seed-12345.json" "d['rounds'][4]['oddSlot']=(d['rounds'][4]['oddSlot']+1)%3"
expect "a changed round" 1 "" -- $D levels/oddshape/seed-12345.json "$T/rounds/levels/oddshape/seed-12345.json"
check "rounds: summary" grep -qx "1 round changed, 0 checks flipped" "$T/out"
check "rounds: the round and field" grep -q "^round seed-12345.json round 5" "$T/out"
fresh figures
edit "$T/figures/reports/mulberry32.json" "d['streams'][1]['uint32'][0]+=1"
expect "a moved figure" 1 "" -- $D reports/mulberry32.json "$T/figures/reports/mulberry32.json"
check "figures: keyed by seed" grep -q "^  streams\[seed 1\].uint32: " "$T/out"

# unreadable input: exit 2 with one line
expect "missing tree" 2 "diff: .*nope: no such file or folder" -- $D levels "$T/nope"
expect "folder against file" 2 "compare a folder with a folder" -- $D levels reports/mulberry32.json
expect "two kinds of file" 2 "different kinds" -- $D reports/mulberry32.json reports/compass/campaign.json
printf '{"format":' >"$T/bad.json"
expect "broken JSON" 2 "bad.json" -- $D reports/mulberry32.json "$T/bad.json"
expect "bad --format" 2 "expected text, markdown, json or html" -- $D levels levels --format yaml

# make verify explains a drift in words (mk/compare.sh with DIFF_TOOL)
fresh drift
edit "$T/drift/reports/compass/cs-05-tide-clock.json" "d['deadEndStates']+=1"
expect "a drift fails the comparison" 1 "" -- env DIFF_TOOL="$D" mk/compare.sh "$T/drift/reports" reports
check "and says what changed" grep -q "verify:   level cs-05-tide-clock: evidence only" "$T/err"
dead=$(python3 -c "import json; print(json.load(open('reports/compass/cs-05-tide-clock.json'))['deadEndStates'])")
check "with the figure" grep -q "verify:     deadEndStates: $((dead + 1)) -> $dead  -1" "$T/err"

# issue 31's figures: a changed lookahead, greedy verdict and aperture verdict show by name
fresh look31
edit "$T/look31/reports/compass/cs-05-tide-clock.json" "d['lookahead']+=3; d['greedyWins']=not d['greedyWins']; d['apertureReach'][0]['tellsApart']=False"
expect "issue 31's figures" 1 "" -- $D reports "$T/look31/reports"
look=$(python3 -c "import json; print(json.load(open('reports/compass/cs-05-tide-clock.json'))['lookahead'])")
ap=$(python3 -c "import json; print(json.load(open('reports/compass/cs-05-tide-clock.json'))['apertureReach'][0]['aperture'])")
check "look31: lookahead old -> new" grep -q "lookahead: $look -> $((look + 3))" "$T/out"
check "look31: greedyWins" grep -q "greedyWins: false -> true" "$T/out"
check "look31: apertureReach paired by aperture" grep -qF "apertureReach[$ap].tellsApart: true -> false" "$T/out"
