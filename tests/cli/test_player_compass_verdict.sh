# The verdict banner (issue 25): --level shows the board's verdict on load, --watch on every
# reload that changes the content, in red and kept while the board has no solution.
source "$ROOT/tests/cli/compass_lib.sh"
# (x, y) inside the banner box (compass_layout_notice) clear of its text, at 390x844
banner() { $PROBE "$1" pixel 300 40; }
reddish() { python3 -c "import sys; r, g, b = (int('$1'[i:i + 2], 16) for i in (0, 2, 4)); sys.exit(not (r > g + 64 and r > b + 64))"; }
tealish() { python3 -c "import sys; r, g, b = (int('$1'[i:i + 2], 16) for i in (0, 2, 4)); sys.exit(not (g > r + 48 and b > r + 48))"; }

expect "--level harbor" 0 "" -- "$P" compass --headless --level $CFX/harbor.json --until 200 --size 390x844 \
  --events-out "$T/vh.jsonl" --screenshot 150:"$T/vh.png"
cevents "--level: the verdict on load, as the solver's figures give it" "$T/vh.jsonl" "
[(v['level'], v['solvable'], v['line']) for v in K('verdict')] == [('harbor', True, 'solvable - 3 winning orders - random play wins 83%')]"
check "the load banner is teal" tealish "$(banner "$T/vh.png")"
expect "--level an unsolvable board" 0 "" -- "$P" compass --headless --level $CFX/pair-stranded.json --until 200 \
  --size 390x844 --events-out "$T/vs.jsonl" --screenshot 150:"$T/vs.png"
cevents "--level: NO SOLUTION with how far the best line gets" "$T/vs.jsonl" "
[(v['solvable'], v['line']) for v in K('verdict')] == [(False, 'NO SOLUTION: the best line releases 1 of 2')]"
check "the unsolvable load banner is red" reddish "$(banner "$T/vs.png")"

# --watch: a save that changes nothing (a space), then an edit into an unsolvable board.
cp $CFX/harbor.json "$T/vw.json"
shots=(); for i in $(seq 1 40); do shots+=(--screenshot $((i * 100)):"$T/vw-$i.png"); done
shots+=(--screenshot 8000:"$T/vw-late.png")
( for n in 1 15; do
    for _ in $(seq 3000); do [ -e "$T/vw-$n.png" ] && break; sleep 0.02; done
    if [ $n = 1 ]; then printf ' \n' >>"$T/vw.json"; else cp $CFX/pair-stranded.json "$T/vw.json.new" && mv "$T/vw.json.new" "$T/vw.json"; fi
  done ) &
expect "--watch session into an unsolvable board" 0 "" -- "$P" compass --headless --watch --level "$T/vw.json" \
  --size 390x844 --events-out "$T/vw-ev.jsonl" "${shots[@]}"
wait
cevents "--watch: one verdict on load, one on the one content change (the spacing save judges nothing)" "$T/vw-ev.jsonl" "
[(v['level'], v['solvable']) for v in K('verdict')] == [('harbor', True), ('pair-stranded', False)] and len(K('reload')) == 1"
cevents "--watch: the reload's banner carries the red verdict" "$T/vw-ev.jsonl" "
K('reload')[0]['ok'] and K('reload')[0]['message'] == 'Reloaded from disk: pair-stranded restarted at its initial state. NO SOLUTION: the best line releases 1 of 2'"
expect "the solver's record of the unsolvable board" 1 "FAIL solvable" -- "$BIN/solver" compass --report "$T/vrep" $CFX/pair-stranded.json
cevents "--watch: the verdict's hash is the canonical hash the solver writes" "$T/vw-ev.jsonl" "
K('verdict')[1]['hash'] == json.load(open('$T/vrep/pair-stranded.json'))['canonicalHash']"
check "before the edit the banner is teal" tealish "$(banner "$T/vw-2.png")"
check "after it the banner is red" reddish "$(banner "$T/vw-40.png")"
check "and stays red past the 6 s a plain notice lasts" reddish "$(banner "$T/vw-late.png")"
check "the verdict logs match the events schema" compass_schema_ok "$T/vw-ev.jsonl"
check "the --level logs match the events schema" compass_schema_ok "$T/vs.jsonl"
