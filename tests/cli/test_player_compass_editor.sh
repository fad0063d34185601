# bin/player compass --edit FILE [--new RxC]: the level editor (issue 25). A level built from
# an empty 5x5 board by touch alone, saved, and verified by bin/solver compass with the very
# figures of the editor's last verdict; refusal of a board the reader refuses; the warning
# before an unsolvable save; Play and back with the history; bad arguments.
source "$ROOT/tests/cli/compass_lib.sh"
TAPS="python3 $ROOT/tests/cli/compass_edit_taps.py"
# edit_run NAME FILE EVENTS SCRIPT [ARGS...]: a headless editor run replaying SCRIPT.
edit_run() {
  local name=$1 file=$2 ev=$3 script=$4; shift 4
  expect "$name" 0 "" -- "$P" compass --headless --edit "$file" "$@" --script "$script" --events-out "$ev"
}

# ---- the open: every cell, lane and control has a box (the events contract) ----
expect "editor opens an empty 5x5 board" 0 "" -- "$P" compass --headless --edit "$T/probe.json" --new 5x5 \
  --until 0 --events-out "$T/open.jsonl" --screenshot 0:"$T/open.png" --size 390x844
cevents "editor-open names the level, the size and every box" "$T/open.jsonl" "
(o := K('editor-open')[0]) and o['level'] == 'probe' and o['rows'] == 5 and o['cols'] == 5 and o['new'] is True and
len(o['layout']['cells']) == 25 and len(o['layout']['lanes']) == 20 and
{(c['name'], c['arg']) for c in o['layout']['controls']} >= {('tool-arrow', a) for a in range(4)} | {('tool-erase', 0), ('tool-wall', 0), ('save', 0), ('play', 0), ('undo', 0), ('redo', 0)} and
all(min(b['box'][2], b['box'][3]) >= 44 for b in o['layout']['cells'] + o['layout']['lanes'] + o['layout']['controls'])"
cevents "the empty board's verdict is the reader's refusal" "$T/open.jsonl" "
(v := K('editor-verdict')) and len(v) == 1 and v[0]['status'] == 'invalid' and v[0]['problem'] == 'arrows: expected 1 to 64 arrows, got 0'"
check "no file is written by opening --new" test ! -e "$T/probe.json"

# ---- done criterion: build a solvable level by touch only, save, verify with the solver ----
$TAPS "$T/open.jsonl" 100 cell:0:0 cell:0:4 lane:N:0 lane:N:4 ctl:tool-arrow:1 cell:2:1 lane:E:2 \
  ctl:tool-wall cell:2:3 ctl:tool-erase cell:2:3 drag:2:1:3:1 ctl:undo ctl:redo lane:E:3 lane:E:3 \
  ctl:tool-arrow:2 cell:4:2 lane:S:2 lane:S:1 lane:N:2 lane:W:0 ctl:save >"$T/build.jsonl"
edit_run "a level built by touch and saved" "$T/built.json" "$T/build-ev.jsonl" "$T/build.jsonl" --new 5x5 \
  --screenshot 2400:"$T/built.png" --size 390x844
check "the script is touch only" python3 -c "
import json, sys; sys.exit(0 if {json.loads(l)['type'] for l in open('$T/build.jsonl')} <= {'touch', 'touch-down', 'touch-move', 'touch-up'} else 1)"
cevents "every edit was a change by touch, each followed by its verdict" "$T/build-ev.jsonl" "
(C := K('editor-change')) and [c['op'] for c in C] == ['place', 'place', 'edge', 'edge', 'place', 'edge', 'wall', 'erase', 'move', 'undo', 'redo', 'edge', 'edge', 'place', 'edge', 'edge', 'edge', 'edge']
and all(c['device'] == 'touch' for c in C) and len(K('editor-verdict')) == len(C) + 1
and all(E[E.index(c) + 1]['event'] == 'editor-verdict' for c in C)"
cevents "the drag moved the arrow, undo and redo restored it exactly" "$T/build-ev.jsonl" "
(m := [c for c in K('editor-change') if c['op'] == 'move'][0]) and (m['row'], m['col'], m['toRow'], m['toCol']) == (2, 1, 3, 1) and
[v['hash'] for v in K('editor-verdict')][9:12] == [K('editor-verdict')[9]['hash'], K('editor-verdict')[8]['hash'], K('editor-verdict')[9]['hash']]"
cevents "the last verdict is solvable and the save names its hash" "$T/build-ev.jsonl" "
(v := K('editor-verdict')[-1]) and (s := K('editor-saved')) and v['solvable'] and v['status'] == 'done' and len(s) == 1 and s[0]['hash'] == v['hash'] and not K('editor-confirm')"
expect "bin/solver compass verifies the saved level" 0 "" -- "$BIN/solver" compass "$T/built.json"
cp "$T/out" "$T/built-evidence.json"
check "the solver's figures are the editor's last verdict" python3 -c "
import json, sys
v = [e for l in open('$T/build-ev.jsonl') for e in [json.loads(l)] if e['event'] == 'editor-verdict'][-1]
d = json.load(open('$T/built-evidence.json'))
pairs = [('hash', 'canonicalHash'), ('solvable', 'solvable'), ('stateCount', 'stateCount'), ('winningOrders', 'winningOrders'),
         ('randomWinShare', 'randomWinShare'), ('wrongMoves', 'wrongMoves'), ('decisionSteps', 'decisionSteps')]
sys.exit(0 if all(v[a] == d[b] for a, b in pairs) and v['solution'] == d['solution'] else 1)"
check "the saved file validates against the level schema" json_schema_ok compass-level.schema.json "$T/built.json"
check "no temp file is left beside the saved one" test -z "$(ls "$T" | grep 'built.json.tmp')"

# ---- reopen: the file reads back as the board that was saved ----
cp "$T/built.json" "$T/built.before"
echo '{"t":100,"type":"key","key":"ctrl+s"}' >"$T/reopen.jsonl"
edit_run "the saved file reopens in the editor" "$T/built.json" "$T/reopen-ev.jsonl" "$T/reopen.jsonl"
cevents "reopened: the same board, the same verdict, saved again by ctrl+s byte for byte" "$T/reopen-ev.jsonl" "
K('editor-open')[0]['new'] is False and K('editor-verdict')[0]['hash'] == [e for l in open('$T/build-ev.jsonl') for e in [json.loads(l)] if e['event'] == 'editor-verdict'][-1]['hash']
and len(K('editor-saved')) == 1"
check "ctrl+s wrote the same bytes" cmp "$T/built.json" "$T/built.before"

# ---- refusal: a board the level reader refuses is not saved ----
$TAPS "$T/open.jsonl" 100 ctl:save >"$T/refuse.jsonl"
edit_run "Save on an empty board" "$T/empty.json" "$T/refuse-ev.jsonl" "$T/refuse.jsonl" --new 5x5
cevents "Save refused with the reader's message" "$T/refuse-ev.jsonl" "
(r := K('editor-refused')) and len(r) == 1 and r[0]['op'] == 'save' and r[0]['reason'].endswith('empty.json: arrows: expected 1 to 64 arrows, got 0') and not K('editor-saved')"
check "nothing was written" test ! -e "$T/empty.json"

# ---- the warning before an unsolvable save ----
$TAPS "$T/open.jsonl" 100 cell:2:2 ctl:save >"$T/unsolv1.jsonl"
edit_run "Save on an unsolvable board asks first" "$T/unsolv.json" "$T/unsolv1-ev.jsonl" "$T/unsolv1.jsonl" --new 5x5
cevents "the card opens with its two buttons; nothing is saved yet" "$T/unsolv1-ev.jsonl" "
(c := K('editor-confirm')) and (L := K('editor-layout')) and len(c) == 1 and c[0]['reason'] == 'unsolvable' and not K('editor-saved') and not K('editor-verdict')[-1]['solvable'] and
[x['name'] for x in L[-1]['layout']['controls']] == ['confirm-cancel', 'confirm-save']"
check "not written before the confirmation" test ! -e "$T/unsolv.json"
{ cat "$T/unsolv1.jsonl"; $TAPS "$T/unsolv1-ev.jsonl" 400 ctl:confirm-cancel; } >"$T/unsolv2.jsonl"
edit_run "Keep editing closes the card" "$T/unsolv.json" "$T/unsolv2-ev.jsonl" "$T/unsolv2.jsonl" --new 5x5
check "cancelled: still not written" test ! -e "$T/unsolv.json"
cevents "the card closed and the tools came back" "$T/unsolv2-ev.jsonl" "
K('editor-layout')[-1]['reason'] == 'confirm-closed' and 'save' in [x['name'] for x in K('editor-layout')[-1]['layout']['controls']]"
{ cat "$T/unsolv1.jsonl"; $TAPS "$T/unsolv1-ev.jsonl" 400 ctl:confirm-save; } >"$T/unsolv3.jsonl"
edit_run "Save anyway writes the unsolvable board" "$T/unsolv.json" "$T/unsolv3-ev.jsonl" "$T/unsolv3.jsonl" --new 5x5
cevents "saved, marked unsolvable" "$T/unsolv3-ev.jsonl" "len(K('editor-saved')) == 1 and K('editor-saved')[0]['solvable'] is False"
expect "the solver agrees it has no solution" 1 "FAIL solvable" -- "$BIN/solver" compass "$T/unsolv.json"

# ---- Play and back: the --level scene over the board, the history kept ----
$TAPS "$T/build-ev.jsonl" 100 ctl:play >"$T/play1.jsonl"
edit_run "Play opens the board in the play scene" "$T/built.json" "$T/play1-ev.jsonl" "$T/play1.jsonl"
{ cat "$T/play1.jsonl"; tap 300 "$T/play1-ev.jsonl" a1; tap 1000 "$T/play1-ev.jsonl" a3
  $TAPS "$T/play1-ev.jsonl" 1700 ctl:edit; } >"$T/play2.jsonl"
{ cat "$T/play2.jsonl"; $TAPS "$T/build-ev.jsonl" 1900 ctl:undo; } >"$T/play3.jsonl"
edit_run "play two releases, back to the editor, undo" "$T/built.json" "$T/play-ev.jsonl" "$T/play3.jsonl"
cevents "Play is the --level scene: no FTUE, real releases, then back to editing" "$T/play-ev.jsonl" "
[m['mode'] for m in K('editor-mode')] == ['play', 'edit'] and len(K('level-start')) == 1 and not K('ftue') and
[r['arrow'] for r in K('release')] == ['a1', 'a3'] and K('editor-layout')[-1]['reason'] == 'edit'"
cevents "undo after playing is no change of a freshly opened file" "$T/play-ev.jsonl" "not K('editor-change')"

# ---- keyboard reaches the tools: place, turn, edge, undo, save ----
printf '%s\n' '{"t":100,"type":"key","key":"2"}' '{"t":200,"type":"key","key":"enter"}' \
  '{"t":300,"type":"key","key":"t"}' '{"t":400,"type":"key","key":"up"}' '{"t":500,"type":"key","key":"enter"}' \
  '{"t":600,"type":"key","key":"ctrl+z"}' '{"t":700,"type":"key","key":"ctrl+y"}' >"$T/keys.jsonl"
edit_run "keyboard editing" "$T/keys.json" "$T/keys-ev.jsonl" "$T/keys.jsonl" --new 3x3
cevents "keys: place E, turn to S, the lane north of the cursor, undo, redo" "$T/keys-ev.jsonl" "
[(c['op'], c.get('dir') or c.get('kind')) for c in K('editor-change')] == [('place', 'E'), ('turn', 'S'), ('edge', 'plain'), ('undo', None), ('redo', None)]
and all(c['device'] == 'keyboard' for c in K('editor-change'))"

# ---- Generate like this: a board from the generator, one undoable step ----
$TAPS "$T/build-ev.jsonl" 100 ctl:generate ctl:undo >"$T/gen.jsonl"
edit_run "Generate like this" "$T/built.json" "$T/gen-ev.jsonl" "$T/gen.jsonl"
cevents "a generated board, solvable, then undone to the file's" "$T/gen-ev.jsonl" "
(g := K('editor-change')[0]) and (V := K('editor-verdict')) and g['op'] == 'generate' and g['tier'] >= 1 and V[1]['solvable'] and V[1]['hash'] != V[0]['hash'] and V[2]['hash'] == V[0]['hash']"

check "every editor log matches the events schema" sh -c "for f in '$T'/open.jsonl '$T'/build-ev.jsonl '$T'/refuse-ev.jsonl '$T'/unsolv1-ev.jsonl '$T'/unsolv2-ev.jsonl '$T'/unsolv3-ev.jsonl '$T'/play-ev.jsonl '$T'/keys-ev.jsonl '$T'/gen-ev.jsonl; do python3 -c \"import json,sys; print(json.dumps([json.loads(l) for l in open(sys.argv[1])]))\" \"\$f\" >\"\$f.array.json\" && '$ROOT'/tests/validate_schemas.sh --schema '$ROOT'/schemas/player-events.schema.json \"\$f.array.json\" || exit 1; done"

# ---- the window's close: unsaved edits are asked about first; Escape never leaves ----
"$P" compass --headless --edit "$T/c.json" --new 3x3 --until 0 --events-out "$T/c-open.jsonl"
{ $TAPS "$T/c-open.jsonl" 100 cell:0:0 lane:N:0; echo '{"t":400,"type":"close"}'; } >"$T/close1.jsonl"
edit_run "close with unsaved edits keeps the window" "$T/c.json" "$T/close1-ev.jsonl" "$T/close1.jsonl" --new 3x3 \
  --screenshot 450:"$T/close-card.png" --until 500
cevents "the card asks: Save, Discard, Keep editing" "$T/close1-ev.jsonl" "
(c := K('editor-confirm')) and len(c) == 1 and c[0]['reason'] == 'unsaved' and c[0]['t'] == 400 and
[x['name'] for x in K('editor-layout')[-1]['layout']['controls']] == ['close-save', 'close-discard', 'close-keep'] and not K('editor-quit')"
check "nothing written while it asks" test ! -e "$T/c.json"
{ cat "$T/close1.jsonl"; echo '{"t":500,"type":"key","key":"escape"}'; echo '{"t":600,"type":"key","key":"escape"}'; } >"$T/close2.jsonl"
edit_run "Escape on the card keeps editing, Escape on the board does nothing" "$T/c.json" "$T/close2-ev.jsonl" "$T/close2.jsonl" --new 3x3 \
  --screenshot 700:"$T/close-kept.png" --until 700
cevents "the card closed, the edits stay, the editor did not quit" "$T/close2-ev.jsonl" "
K('editor-layout')[-1]['reason'] == 'confirm-closed' and not K('editor-quit') and len(K('editor-change')) == 2"
{ cat "$T/close1.jsonl"; $TAPS "$T/close1-ev.jsonl" 500 ctl:close-discard; } >"$T/close3.jsonl"
expect "Discard closes the window: nothing runs after it" 2 "screenshot at 700 ms not taken: the player quit at 500 ms" -- \
  "$P" compass --headless --edit "$T/c.json" --new 3x3 --script "$T/close3.jsonl" --screenshot 700:"$T/x.png"
edit_run "Discard, logged" "$T/c.json" "$T/close3-ev.jsonl" "$T/close3.jsonl" --new 3x3
cevents "Discard: editor-quit, discarded, last" "$T/close3-ev.jsonl" "E[-1]['event'] == 'editor-quit' and E[-1]['discarded'] is True and E[-1]['t'] == 500"
check "Discard wrote nothing" test ! -e "$T/c.json"
{ cat "$T/close1.jsonl"; $TAPS "$T/close1-ev.jsonl" 500 ctl:close-save; } >"$T/close4.jsonl"
edit_run "Save on the card saves, then closes" "$T/c.json" "$T/close4-ev.jsonl" "$T/close4.jsonl" --new 3x3
cevents "saved, then editor-quit (not discarded)" "$T/close4-ev.jsonl" "
[e['event'] for e in E][-2:] == ['editor-saved', 'editor-quit'] and E[-1]['discarded'] is False"
expect "the file the card saved verifies" 0 "" -- "$BIN/solver" compass "$T/c.json"
printf '%s\n' '{"t":100,"type":"key","key":"escape"}' '{"t":200,"type":"close"}' >"$T/close5.jsonl"
expect "close with nothing unsaved closes at once (after Escape did not)" 2 "screenshot at 300 ms not taken: the player quit at 200 ms" -- \
  "$P" compass --headless --edit "$T/c.json" --script "$T/close5.jsonl" --screenshot 300:"$T/x.png"
edit_run "close with nothing unsaved, logged" "$T/c.json" "$T/close5-ev.jsonl" "$T/close5.jsonl"
cevents "no card for a saved board" "$T/close5-ev.jsonl" "not K('editor-confirm')"
printf '%s\n' '{"t":100,"type":"close","x":3}' >"$T/close6.jsonl"
expect "a close step takes only t" 2 "a close takes only t" -- "$P" compass --headless --edit "$T/c.json" --script "$T/close6.jsonl"
check "the close logs match the events schema" sh -c "for f in '$T'/close1-ev.jsonl '$T'/close3-ev.jsonl '$T'/close4-ev.jsonl; do python3 -c \"import json,sys; print(json.dumps([json.loads(l) for l in open(sys.argv[1])]))\" \"\$f\" >\"\$f.array.json\" && '$ROOT'/tests/validate_schemas.sh --schema '$ROOT'/schemas/player-events.schema.json \"\$f.array.json\" || exit 1; done"

# ---- bad arguments: one line, exit 2 ----
expect "--new without --edit" 2 "--new RxC needs --edit FILE" -- "$P" compass --headless --new 5x5 --until 0
expect "--new out of range" 2 "--new: expected RxC with 1 to 16" -- "$P" compass --headless --edit "$T/x.json" --new 0x5 --until 0
expect "--new not RxC" 2 "--new: expected RxC" -- "$P" compass --headless --edit "$T/x.json" --new 5 --until 0
expect "--edit a missing file without --new" 2 "no such file \(add --new RxC" -- "$P" compass --headless --edit "$T/missing.json" --until 0
expect "--new over an existing file" 2 "already exists" -- "$P" compass --headless --edit "$T/built.json" --new 4x4 --until 0
printf '{"format":"compass-shift-level/1","id":"b","rows":4,"cols":4,"initialPhase":0,"walls":[],"apertures":[],"arrows":[{"id":"a1","row":0,"col":0,"dir":"Q"}]}\n' >"$T/bad.json"
expect "--edit a file the reader refuses" 2 'arrows\[0\]\.dir: expected N/E/S/W, got "Q"' -- "$P" compass --headless --edit "$T/bad.json" --until 0
expect "--edit with --level" 2 "cannot be used with --level" -- "$P" compass --headless --edit "$T/built.json" --level "$T/unsolv.json" --until 0

# ---- a board over 16 arrows: its verdict comes from the worker thread (headless waits for it) ----
cp $CFX/editor-18-arrows.json "$T/big.json"
printf '%s\n' '{"t":100,"type":"key","key":"enter"}' '{"t":200,"type":"key","key":"ctrl+z"}' >"$T/big.jsonl"
edit_run "an 18-arrow board in the editor" "$T/big.json" "$T/big-ev.jsonl" "$T/big.jsonl"
expect "bin/solver compass on the 18-arrow board" 0 "" -- "$BIN/solver" compass "$T/big.json"
check "the worker's verdicts: the file's figures at the open and after the undo, another board between" python3 -c "
import json, sys
V = [e for l in open('$T/big-ev.jsonl') for e in [json.loads(l)] if e['event'] == 'editor-verdict']
d = json.load(open('$T/out'))
same = lambda v: (v['hash'], v['stateCount'], v['winningOrders'], v['randomWinShare'], v['wrongMoves'], v['decisionSteps']) == \
  (d['canonicalHash'], d['stateCount'], d['winningOrders'], d['randomWinShare'], d['wrongMoves'], d['decisionSteps'])
sys.exit(0 if len(V) == 3 and same(V[0]) and same(V[2]) and V[1]['hash'] != V[0]['hash'] and V[0]['t'] == 0 and V[2]['t'] == 200 else 1)"

# ---- sameAs: a copy of a campaign level is that level; an edit makes it another board ----
cp levels/compass/cs-01-four-winds.json "$T/copy.json"
$TAPS "$T/build-ev.jsonl" 100 ctl:phase >"$T/copy.jsonl"
edit_run "a campaign level's copy in the editor" "$T/copy.json" "$T/copy-ev.jsonl" "$T/copy.jsonl"
cevents "sameAs names the campaign level, and no longer after the initial phase changed" "$T/copy-ev.jsonl" "
[v['sameAs'] for v in K('editor-verdict')] == ['cs-01-four-winds', None]"
