# The HTML evidence pages (issue 26), opened in headless Chromium by tests/cli/html_browser.py:
# no console error, every card with its evidence figures, every arrow drawn, screenshots at
# 1280x800 and 390x844 not blank and nothing wider than the viewport.
S="$BIN/solver"
HB="python3 $ROOT/tests/cli/html_browser.py"
if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
  FAIL=$((FAIL + 1)); echo "FAIL html evidence: no chromium (make deps installs it)" >&2; return 0
fi

# The campaign page: what make campaign commits, byte for byte, and the same on a second run.
expect "campaign --html" 0 "" -- $S compass --campaign levels/compass/campaign.json --report "$T/rep" --html "$T/campaign.html"
check "campaign page equals the committed reports/compass/campaign.html" cmp "$T/campaign.html" reports/compass/campaign.html
cp "$T/campaign.html" "$T/first.html"
expect "campaign --html again" 0 "" -- $S compass --campaign levels/compass/campaign.json --report "$T/rep" --html "$T/campaign.html"
check "campaign page is deterministic" cmp "$T/campaign.html" "$T/first.html"
check "campaign page is self-contained (no script, no external reference)" \
  bash -c "! grep -Eiq '<script|<link|src=|url\\(|https?://' '$T/campaign.html'"
expect "browser: campaign page" 0 "" -- $HB campaign "$T/campaign.html" levels/compass "$T/rep" "$T/campaign"
check "campaign: 50 cards read back" grep -q '"cards": 50' "$T/out"
check "campaign: the summary says 50/50 verified" grep -q '"verified": "50"' "$T/out"
check "campaign: screenshot at 1280" test -s "$T/campaign-1280.png"
check "campaign: screenshot at 390" test -s "$T/campaign-390.png"

# The browser check can fail: a card missing an arrow, a figure that is not its record's, a
# page wider than a phone, a console error.
python3 - "$T/campaign.html" "$T/no-arrow.html" "$T/wide.html" "$T/console.html" <<'EOF'
import re, sys
page = open(sys.argv[1]).read()
open(sys.argv[2], 'w').write(re.sub(r'<g class="arrow"[^>]*>.*?</g>', '', page, count=1))
open(sys.argv[3], 'w').write(page.replace('<main>', '<main><div style="width:1400px;height:4px"></div>', 1))
open(sys.argv[4], 'w').write(page.replace('</main>', '<img src="missing.png" alt=""></main>', 1))
EOF
expect "browser: a missing arrow fails" 1 "cs-01-four-winds: arrows drawn" -- $HB campaign "$T/no-arrow.html" levels/compass "$T/rep" "$T/x"
expect "browser: a too-wide page fails" 1 "wider than the 390px viewport" -- $HB campaign "$T/wide.html" levels/compass "$T/rep" "$T/x"
expect "browser: a console error fails" 1 "console error" -- $HB campaign "$T/console.html" levels/compass "$T/rep" "$T/x"
cp -r "$T/rep" "$T/rep-edited"
python3 -c "import json,sys; p=sys.argv[1]; d=json.load(open(p)); d['wrongMoves']+=1; json.dump(d,open(p,'w'))" "$T/rep-edited/cs-07-signal-shapes.json"
expect "browser: a figure not from its record fails" 1 "cs-07-signal-shapes: data-wrongMoves" -- $HB campaign "$T/campaign.html" levels/compass "$T/rep-edited" "$T/x"

# One level's page.
L=levels/compass/cs-29-charted-reef.json
expect "one level --html" 0 "" -- $S compass "$L" --html "$T/level.html"
cp "$T/out" "$T/level-evidence.json"
check "one level: the record is still printed" grep -q '"format":.*"compass-shift-evidence/1"' "$T/level-evidence.json"
expect "browser: one level's page" 0 "" -- $HB level "$T/level.html" "$L" "$T/level-evidence.json" "$T/level"
check "one level: its card" grep -q '"cards": 1' "$T/out"

# Outputs never replace inputs; --html needs one FILE or --campaign.
mkdir -p "$T/in" && cp levels/compass/*.json "$T/in/"
cp "$T/in/cs-29-charted-reef.json" "$T/in-level.json"
expect "--html onto the level file" 2 "" -- $S compass "$T/in/cs-29-charted-reef.json" --html "$T/in/cs-29-charted-reef.json"
check "--html onto the level file: the level is intact" cmp "$T/in/cs-29-charted-reef.json" "$T/in-level.json"
expect "--html onto the campaign index" 2 "" -- $S compass --campaign "$T/in/campaign.json" --report "$T/rep2" --html "$T/in/campaign.json"
expect "--html onto a campaign level" 2 "" -- $S compass --campaign "$T/in/campaign.json" --report "$T/rep2" --html "$T/in/cs-03-reef-slalom.json"
check "refused campaign: nothing written" test ! -e "$T/rep2"
expect "--html with two files" 2 "one FILE or --campaign" -- $S compass --report "$T/rep3" --html "$T/x.html" "$T/in/cs-01-four-winds.json" "$T/in/cs-02-counter-current.json"
expect "--html with --first" 2 "" -- $S compass --first --html "$T/x.html" "$L"

# The diff page: one board changed (an arrow turned, a wall and an exit gone), one level's
# evidence only; the other 48 collapsed to one line.
rm -rf "$T/old" "$T/new" && mkdir -p "$T/old" "$T/new" && cp -r levels reports "$T/old/" && cp -r levels reports "$T/new/"
python3 - "$T/new" <<'EOF'
import json, sys
def edit(p, f):
    d = json.load(open(p)); f(d); json.dump(d, open(p, 'w'), indent=1)
def board(d):
    d['arrows'][0]['dir'] = {'N': 'E', 'E': 'S', 'S': 'W', 'W': 'N'}[d['arrows'][0]['dir']]
    d['walls'] = d['walls'][1:]
    d['apertures'] = d['apertures'][1:]
edit(sys.argv[1] + '/levels/compass/cs-03-reef-slalom.json', board)
edit(sys.argv[1] + '/reports/compass/cs-03-reef-slalom.json', lambda d: d.update(stateCount=d['stateCount'] + 2))
edit(sys.argv[1] + '/reports/compass/cs-05-tide-clock.json', lambda d: d.update(deadEndStates=d['deadEndStates'] + 1))
EOF
expect "diff --format html" 1 "" -- $S diff "$T/old" "$T/new" --format html --out "$T/diff.html"
check "diff page: the text diff's summary" grep -q "2 levels changed (1 board, 1 evidence only)" "$T/diff.html"
check "diff page: 48 levels on one collapsed line" grep -q 'id="unchanged" data-count="48"><summary>48 levels unchanged' "$T/diff.html"
check "diff page: no card for an unchanged level" bash -c "! grep -q 'id=\"cs-01-four-winds\"' '$T/diff.html'"
expect "browser: diff page" 0 "" -- $HB diff "$T/diff.html" "$T/old" "$T/new" "$T/diff"
check "diff page: the turned arrow ringed on both boards" grep -q '"cs-03-reef-slalom:new:a1", "cs-03-reef-slalom:old:a1"' "$T/out"
check "diff page: the removed wall ringed on the old board" grep -q 'class="hl old" data-changed="old"' "$T/diff.html"
check "diff page: the closed exit ringed on the new board" grep -q 'class="ring new" data-changed="new"' "$T/diff.html"
cp "$T/diff.html" "$T/diff-first.html"
expect "diff --format html again" 1 "" -- $S diff "$T/old" "$T/new" --format html --out "$T/diff.html"
check "diff page is deterministic" cmp "$T/diff.html" "$T/diff-first.html"
expect "diff --format html, no changes" 0 "" -- $S diff "$T/old" "$T/old" --format html
check "diff page, no changes: says so" grep -q "no changes" "$T/out"
cp "$T/new/levels/compass/cs-03-reef-slalom.json" "$T/single.json"
expect "diff --out onto an input" 2 "" -- $S diff "$T/old/levels/compass/cs-03-reef-slalom.json" "$T/single.json" --format html --out "$T/single.json"
check "diff --out onto an input: the input is intact" cmp "$T/single.json" "$T/new/levels/compass/cs-03-reef-slalom.json"
check "diff page: an evidence-only level's board drawn once" \
  python3 -c "import re,sys; c=re.search(r'id=\"cs-05-tide-clock\".*?</article>', open(sys.argv[1]).read(), re.S).group(0); sys.exit(c.count('<svg class=\"board\"') != 1 or 'board, unchanged' not in c)" "$T/diff.html"

# A level file that does not load is named on the page, not drawn.
mkdir -p "$T/bo" "$T/bn" && cp levels/compass/cs-09-charted-reef.json "$T/bo/" && cp levels/compass/cs-09-charted-reef.json "$T/bn/"
python3 -c "import json,sys; p=sys.argv[1]; d=json.load(open(p)); w=d['walls'][0]; d['arrows'][0]['row'],d['arrows'][0]['col']=w; json.dump(d,open(p,'w'))" "$T/bn/cs-09-charted-reef.json"
expect "diff --format html, a level that does not load" 1 "" -- $S diff "$T/bo" "$T/bn" --format html --out "$T/broken.html"
check "broken level: said so" grep -q 'data-invalid-new="true".*' "$T/broken.html"
check "broken level: the loader's reason" grep -q "The new level file does not load, so it is not drawn: arrows\[0\]" "$T/broken.html"
expect "browser: a diff with a level that does not load" 0 "" -- $HB diff "$T/broken.html" "$T/bo" "$T/bn" "$T/broken"
